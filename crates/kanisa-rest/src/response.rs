//! Response shaping: the body in the media type asked for (a JSON array, one object, CSV) and
//! the `Content-Range` of reads and writes, as PostgREST gives them.

use serde_json::Value;

use crate::error::RestError;
use crate::request::{Accept, Method};

pub(crate) fn content_range(offset: u64, page: i64, total: Option<i64>) -> String {
    let total = total.map_or("*".to_owned(), |t| t.to_string());
    if page <= 0 {
        format!("*/{total}")
    } else {
        format!("{offset}-{}/{total}", offset + page as u64 - 1)
    }
}

/// Content-Range of a write, as PostgREST gives it: the affected rows are the total; only a
/// PATCH names its range.
pub(crate) fn write_content_range(method: Method, affected: i64, total: Option<i64>) -> String {
    let total = total.map_or("*".to_owned(), |t| t.to_string());
    match method {
        Method::Patch if affected > 0 => format!("0-{}/{total}", affected - 1),
        _ => format!("*/{total}"),
    }
}

/// The JSON array from SQL, its only element for `Accept: …object+json`, or CSV.
pub(crate) fn shape_body(body: String, accept: Accept, page: i64) -> Result<String, RestError> {
    match accept {
        Accept::Json => Ok(body),
        Accept::Csv => {
            let rows: Vec<serde_json::Map<String, Value>> = serde_json::from_str(&body)
                .map_err(|e| RestError::InvalidBody(format!("result is not rows: {e}")))?;
            Ok(to_csv(&rows))
        }
        Accept::Object => {
            if page != 1 {
                return Err(RestError::NotSingle { rows: page });
            }
            let mut rows: Vec<Value> = serde_json::from_str(&body)
                .map_err(|e| RestError::InvalidBody(format!("result is not JSON: {e}")))?;
            Ok(rows.pop().unwrap_or(Value::Null).to_string())
        }
    }
}

/// RFC 4180 CSV: the first row's keys as the header (rows share their keys), fields quoted
/// when they hold a comma, quote or line break; NULL is an empty field; JSON values as text.
fn to_csv(rows: &[serde_json::Map<String, Value>]) -> String {
    fn field(out: &mut String, text: &str) {
        if text.contains([',', '"', '\n', '\r']) {
            out.push('"');
            out.push_str(&text.replace('"', "\"\""));
            out.push('"');
        } else {
            out.push_str(text);
        }
    }
    let mut out = String::new();
    let Some(first) = rows.first() else {
        return out;
    };
    let keys: Vec<&String> = first.keys().collect();
    for (i, k) in keys.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        field(&mut out, k);
    }
    for row in rows {
        out.push('\n');
        for (i, k) in keys.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            match row.get(*k) {
                None | Some(Value::Null) => {}
                Some(Value::String(s)) => field(&mut out, s),
                Some(other) => field(&mut out, &other.to_string()),
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_quotes_what_needs_quoting() {
        let rows: Vec<serde_json::Map<String, Value>> = serde_json::from_str(
            r#"[{"title":"Faith, hope","n":1,"note":null,"tags":["a","b"]},
                {"title":"He said \"go\"","n":2.5,"note":"line\nbreak","tags":[]}]"#,
        )
        .unwrap();
        assert_eq!(
            to_csv(&rows),
            "title,n,note,tags\n\"Faith, hope\",1,,\"[\"\"a\"\",\"\"b\"\"]\"\n\"He said \"\"go\"\"\",2.5,\"line\nbreak\",[]"
        );
        assert_eq!(to_csv(&[]), "");
    }
}
