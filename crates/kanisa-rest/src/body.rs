//! Request bodies in the media types PostgREST reads for writes and function calls: JSON as
//! it is, and `text/csv` (a header line of column names, then one line per row) turned into
//! the JSON array of objects the rest of the crate works with. Anything else is refused, as
//! PostgREST refuses it (400 PGRST102 "Content-Type not acceptable").

use std::borrow::Cow;

use serde_json::{Map, Value};

use crate::RestError;

/// The body as JSON. `content_type` is the request's `Content-Type` (none means JSON). As in
/// PostgREST, a CSV field `NULL` is SQL NULL; every other field is text, cast by PostgreSQL
/// to its column's type.
pub fn json_body<'a>(
    content_type: Option<&str>,
    body: &'a [u8],
) -> Result<Cow<'a, [u8]>, RestError> {
    let media = content_type
        .and_then(|c| c.split(';').next())
        .map(|m| m.trim().to_ascii_lowercase())
        .unwrap_or_default();
    match media.as_str() {
        "" | "application/json" | "*/*" => Ok(Cow::Borrowed(body)),
        m if m.starts_with("application/") && m.ends_with("+json") => Ok(Cow::Borrowed(body)),
        "text/csv" => {
            let text = std::str::from_utf8(body)
                .map_err(|_| RestError::InvalidBody("The CSV body is not UTF-8".into()))?;
            Ok(Cow::Owned(csv_to_json(text)?.to_string().into_bytes()))
        }
        other => Err(RestError::UnsupportedMediaType(other.to_owned())),
    }
}

/// RFC 4180 CSV (quoted fields with `""` escapes, LF or CRLF line ends) as an array of
/// objects keyed by the header line's names.
fn csv_to_json(text: &str) -> Result<Value, RestError> {
    let mut lines = csv_records(text)?.into_iter();
    let header = lines
        .next()
        .ok_or_else(|| RestError::InvalidBody("The CSV body has no header line".into()))?;
    let rows = lines
        .map(|fields| {
            if fields.len() != header.len() {
                return Err(RestError::InvalidBody(
                    "All lines must have same number of fields".into(),
                ));
            }
            let row: Map<String, Value> = header
                .iter()
                .zip(fields)
                .map(|(k, v)| {
                    let v = if v == "NULL" {
                        Value::Null
                    } else {
                        Value::String(v)
                    };
                    (k.clone(), v)
                })
                .collect();
            Ok(Value::Object(row))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Value::Array(rows))
}

fn csv_records(text: &str) -> Result<Vec<Vec<String>>, RestError> {
    let mut records = Vec::new();
    let mut record = Vec::new();
    let mut field = String::new();
    let mut chars = text.chars().peekable();
    let mut quoted = false;
    // Whether the current record has begun (a trailing line end adds no empty record).
    let mut started = false;
    while let Some(c) = chars.next() {
        if quoted {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    field.push('"');
                }
                '"' => quoted = false,
                c => field.push(c),
            }
            continue;
        }
        match c {
            '"' if field.is_empty() => {
                quoted = true;
                started = true;
            }
            ',' => {
                record.push(std::mem::take(&mut field));
                started = true;
            }
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' => {
                if started || !field.is_empty() {
                    record.push(std::mem::take(&mut field));
                    records.push(std::mem::take(&mut record));
                }
                started = false;
            }
            c => {
                field.push(c);
                started = true;
            }
        }
    }
    if quoted {
        return Err(RestError::InvalidBody(
            "The CSV body ends inside a quoted field".into(),
        ));
    }
    if started || !field.is_empty() {
        record.push(field);
        records.push(record);
    }
    Ok(records)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(content_type: &str, body: &str) -> Result<Value, RestError> {
        let out = json_body(Some(content_type), body.as_bytes())?;
        Ok(serde_json::from_slice(&out).unwrap())
    }

    #[test]
    fn csv_becomes_rows_of_text_with_null() {
        let rows = json(
            "text/csv; charset=utf-8",
            "title,speaker,series\r\n\"Faith, hope\",\"He said \"\"go\"\"\",NULL\nTwo,,x\n",
        )
        .unwrap();
        assert_eq!(
            rows,
            serde_json::json!([
                {"title": "Faith, hope", "speaker": "He said \"go\"", "series": null},
                {"title": "Two", "speaker": "", "series": "x"},
            ])
        );
        assert_eq!(json("text/csv", "a,b").unwrap(), serde_json::json!([]));
    }

    #[test]
    fn ragged_or_unclosed_csv_is_refused() {
        for bad in ["a,b\n1\n", "a,b\n1,2,3\n", "a\n\"open\n"] {
            assert!(
                matches!(json("text/csv", bad), Err(RestError::InvalidBody(_))),
                "{bad:?}"
            );
        }
        assert!(matches!(
            json("text/csv", ""),
            Err(RestError::InvalidBody(_))
        ));
    }

    #[test]
    fn json_passes_and_other_types_are_refused() {
        assert_eq!(
            json("application/json; charset=utf-8", "{\"a\":1}").unwrap(),
            serde_json::json!({"a": 1})
        );
        assert!(matches!(json_body(None, b"[]"), Ok(Cow::Borrowed(_))));
        for other in [
            "text/plain",
            "application/xml",
            "application/x-www-form-urlencoded",
        ] {
            match json_body(Some(other), b"x") {
                Err(RestError::UnsupportedMediaType(m)) => assert_eq!(m, other),
                r => panic!("{other}: {r:?}"),
            }
        }
    }
}
