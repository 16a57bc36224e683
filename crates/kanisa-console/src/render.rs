//! Results as text: an aligned table (psql's look) or pretty JSON, and the status line.
//! Bodies are read into [`Json`], which keeps numbers as the server wrote them (`1250.00`
//! stays `1250.00`, a 20-digit integer stays exact).

use std::fmt::Write as _;
use std::time::Duration;

use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;

/// Cells wider than this are cut with `…`.
const MAX_CELL: usize = 60;

/// A JSON value whose numbers keep their text and whose objects keep their key order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Json {
    Null,
    Bool(bool),
    Number(String),
    String(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

/// An object's entries, in order, with their values still unparsed.
struct Entries(Vec<(String, Box<RawValue>)>);

impl<'de> Deserialize<'de> for Entries {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Entries;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Entries, A::Error> {
                let mut out = Vec::new();
                while let Some(entry) = map.next_entry::<String, Box<RawValue>>()? {
                    out.push(entry);
                }
                Ok(Entries(out))
            }
        }
        d.deserialize_map(V)
    }
}

impl Json {
    /// Parses JSON text.
    pub fn parse(text: &str) -> Result<Json, serde_json::Error> {
        let raw: Box<RawValue> = serde_json::from_str(text)?;
        Json::from_raw(&raw)
    }

    fn from_raw(raw: &RawValue) -> Result<Json, serde_json::Error> {
        let text = raw.get();
        Ok(match text.as_bytes().first() {
            Some(b'{') => Json::Object(
                serde_json::from_str::<Entries>(text)?
                    .0
                    .into_iter()
                    .map(|(k, v)| Ok((k, Json::from_raw(&v)?)))
                    .collect::<Result<_, serde_json::Error>>()?,
            ),
            Some(b'[') => Json::Array(
                serde_json::from_str::<Vec<Box<RawValue>>>(text)?
                    .iter()
                    .map(|v| Json::from_raw(v))
                    .collect::<Result<_, _>>()?,
            ),
            Some(b'"') => Json::String(serde_json::from_str(text)?),
            Some(b't') => Json::Bool(true),
            Some(b'f') => Json::Bool(false),
            Some(b'n') => Json::Null,
            _ => Json::Number(text.to_owned()),
        })
    }

    fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// Compact JSON text.
    pub fn compact(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, None, 0);
        out
    }

    /// JSON text indented by two spaces, as `serde_json::to_string_pretty` writes it.
    pub fn pretty(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, Some(2), 0);
        out
    }

    fn write(&self, out: &mut String, indent: Option<usize>, depth: usize) {
        let newline = |out: &mut String, depth: usize| {
            if let Some(n) = indent {
                out.push('\n');
                out.push_str(&" ".repeat(n * depth));
            }
        };
        match self {
            Json::Null => out.push_str("null"),
            Json::Bool(b) => {
                let _ = write!(out, "{b}");
            }
            Json::Number(n) => out.push_str(n),
            Json::String(s) => out.push_str(&quoted(s)),
            Json::Array(items) if items.is_empty() => out.push_str("[]"),
            Json::Object(entries) if entries.is_empty() => out.push_str("{}"),
            Json::Array(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    newline(out, depth + 1);
                    item.write(out, indent, depth + 1);
                }
                newline(out, depth);
                out.push(']');
            }
            Json::Object(entries) => {
                out.push('{');
                for (i, (k, v)) in entries.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    newline(out, depth + 1);
                    out.push_str(&quoted(k));
                    out.push_str(if indent.is_some() { ": " } else { ":" });
                    v.write(out, indent, depth + 1);
                }
                newline(out, depth);
                out.push('}');
            }
        }
    }
}

fn quoted(s: &str) -> String {
    serde_json::Value::String(s.to_owned()).to_string()
}

/// A JSON body as an aligned table: an array of objects is one row per object (columns in
/// first-seen key order), one object is one row, anything else is shown as it is.
pub fn table(body: &Json) -> String {
    let rows: Vec<&Json> = match body {
        Json::Array(rows) => rows.iter().collect(),
        Json::Object(_) => vec![body],
        Json::String(s) => return s.clone(),
        other => return other.compact(),
    };
    if rows.is_empty() {
        return "(no rows)".to_owned();
    }
    if rows.iter().any(|r| !matches!(r, Json::Object(_))) {
        // An array of scalars (a function returning a set of values): one column.
        let cells: Vec<Vec<String>> = rows.iter().map(|v| vec![cell(v)]).collect();
        let numeric = vec![
            rows.iter()
                .all(|v| matches!(v, Json::Number(_) | Json::Null)),
        ];
        return layout(&["value".to_owned()], &cells, &numeric);
    }
    let mut columns: Vec<String> = Vec::new();
    for row in &rows {
        if let Json::Object(entries) = row {
            for (key, _) in entries {
                if !columns.contains(key) {
                    columns.push(key.clone());
                }
            }
        }
    }
    if columns.is_empty() {
        // `select=` with only filters: rows without columns.
        return format!("({} rows without columns)", rows.len());
    }
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            columns
                .iter()
                .map(|c| cell(r.get(c).unwrap_or(&Json::Null)))
                .collect()
        })
        .collect();
    let numeric: Vec<bool> = columns
        .iter()
        .map(|c| {
            let values: Vec<&Json> = rows.iter().filter_map(|r| r.get(c)).collect();
            values.iter().any(|v| matches!(v, Json::Number(_)))
                && values
                    .iter()
                    .all(|v| matches!(v, Json::Number(_) | Json::Null))
        })
        .collect();
    layout(&columns, &cells, &numeric)
}

/// A table of text: a header, a rule, and the rows; numeric columns aligned right.
pub fn layout(columns: &[String], rows: &[Vec<String>], right: &[bool]) -> String {
    let width = |s: &str| s.chars().count();
    let widths: Vec<usize> = columns
        .iter()
        .enumerate()
        .map(|(i, c)| {
            rows.iter()
                .map(|r| r.get(i).map_or(0, |s| width(s)))
                .max()
                .unwrap_or(0)
                .max(width(c))
        })
        .collect();
    let pad = |s: &str, w: usize, right: bool| {
        let fill = " ".repeat(w.saturating_sub(width(s)));
        if right {
            format!("{fill}{s}")
        } else {
            format!("{s}{fill}")
        }
    };
    let line = |cells: Vec<String>| format!(" {}", cells.join(" | ")).trim_end().to_owned();
    let mut out = Vec::with_capacity(rows.len() + 2);
    out.push(line(
        columns
            .iter()
            .zip(&widths)
            .map(|(c, w)| pad(c, *w, false))
            .collect(),
    ));
    out.push(
        widths
            .iter()
            .map(|w| "-".repeat(w + 2))
            .collect::<Vec<_>>()
            .join("+"),
    );
    for row in rows {
        out.push(line(
            widths
                .iter()
                .enumerate()
                .map(|(i, w)| {
                    pad(
                        row.get(i).map_or("", String::as_str),
                        *w,
                        right.get(i).copied().unwrap_or(false),
                    )
                })
                .collect(),
        ));
    }
    out.join("\n")
}

/// One value as a cell: strings as they are (control characters escaped), numbers as the
/// server wrote them, `null`, booleans, objects and arrays as compact JSON; cut at
/// [`MAX_CELL`] characters.
fn cell(v: &Json) -> String {
    let text = match v {
        Json::String(s) => s
            .chars()
            .flat_map(|c| {
                if c.is_control() {
                    c.escape_default().collect::<Vec<_>>()
                } else {
                    vec![c]
                }
            })
            .collect(),
        other => other.compact(),
    };
    if text.chars().count() > MAX_CELL {
        let cut: String = text.chars().take(MAX_CELL - 1).collect();
        format!("{cut}…")
    } else {
        text
    }
}

/// Pretty JSON of a body.
pub fn json(body: &Json) -> String {
    body.pretty()
}

/// `200 OK, 5 rows, range 0-4/*, 3.1 ms`.
pub fn status_line(
    status: u16,
    rows: Option<usize>,
    content_range: Option<&str>,
    elapsed: Duration,
) -> String {
    let mut parts = vec![format!("{status} {}", reason(status))];
    if let Some(n) = rows {
        parts.push(format!("{n} row{}", if n == 1 { "" } else { "s" }));
    }
    if let Some(range) = content_range {
        parts.push(format!("range {range}"));
    }
    parts.push(format!("{:.1} ms", elapsed.as_secs_f64() * 1000.0));
    parts.join(", ")
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        201 => "Created",
        204 => "No Content",
        206 => "Partial Content",
        300 => "Multiple Choices",
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        406 => "Not Acceptable",
        409 => "Conflict",
        416 => "Range Not Satisfiable",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        504 => "Gateway Timeout",
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(text: &str) -> Json {
        Json::parse(text).unwrap()
    }

    #[test]
    fn rows_align_and_numbers_go_right() {
        let body = json(
            r#"[{"title": "Walking by Faith", "views": 12, "tags": ["a"], "note": null},
                {"title": "Grace's", "views": 3.50, "tags": [], "note": "line\nbreak"}]"#,
        );
        assert_eq!(
            table(&body),
            [
                " title            | views | tags  | note",
                "------------------+-------+-------+-------------",
                " Walking by Faith |    12 | [\"a\"] | null",
                " Grace's          |  3.50 | []    | line\\nbreak",
            ]
            .join("\n")
        );
    }

    #[test]
    fn odd_bodies() {
        assert_eq!(table(&json("[]")), "(no rows)");
        assert_eq!(table(&json("42")), "42");
        assert_eq!(table(&json("\"text\"")), "text");
        assert_eq!(table(&json(r#"{"a": 1}"#)), " a\n---\n 1");
        assert_eq!(table(&json("[1, 2]")), " value\n-------\n     1\n     2");
        assert_eq!(table(&json("[{}, {}]")), "(2 rows without columns)");
        let long = "x".repeat(100);
        let t = table(&json(&format!(r#"[{{"a": "{long}"}}]"#)));
        assert!(t.lines().nth(2).unwrap().ends_with("x…"), "{t}");
        assert_eq!(t.lines().nth(2).unwrap().chars().count(), 1 + MAX_CELL);
    }

    #[test]
    fn json_keeps_numbers_and_order() {
        let text = r#"[{"total": 123600.00, "b": 1, "a": [true, null, "x\"y"], "big": 12345678901234567890123, "o": {}}]"#;
        let parsed = json(text);
        assert_eq!(
            parsed.compact(),
            r#"[{"total":123600.00,"b":1,"a":[true,null,"x\"y"],"big":12345678901234567890123,"o":{}}]"#
        );
        let value: serde_json::Value =
            serde_json::from_str(r#"{"a": [1, {"b": null}], "c": []}"#).unwrap();
        assert_eq!(
            json(&value.to_string()).pretty(),
            serde_json::to_string_pretty(&value).unwrap()
        );
        assert!(Json::parse("{nope").is_err());
    }

    #[test]
    fn status_lines() {
        assert_eq!(
            status_line(200, Some(1), Some("0-0/*"), Duration::from_micros(3140)),
            "200 OK, 1 row, range 0-0/*, 3.1 ms"
        );
        assert_eq!(
            status_line(204, None, None, Duration::ZERO),
            "204 No Content, 0.0 ms"
        );
    }
}
