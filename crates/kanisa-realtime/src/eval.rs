//! A binding's filter, compiled against the columns its subscriber may read, and evaluated on a
//! changed row's JSON image (`to_jsonb` of the row, as `realtime.changes` holds it).
//!
//! Compiling checks at join time what realtime's server finds only per change: that each
//! filtered column exists and may be read by the subscriber, that its type can be compared
//! (numbers, booleans, dates and times, and text-like types: text, varchar, uuid, enums…; not
//! JSON, arrays or composites), and that each value reads as that type. Evaluating then follows
//! SQL: a NULL column value satisfies no condition, negated or not; numbers compare as numbers,
//! times as instants (a value without an offset is UTC, the server's time zone), booleans as
//! booleans, and text by its bytes (realtime compares in the database's collation: for the ASCII
//! values filters name — ids, states, dates — the order is the same).

use std::cmp::Ordering;

use chrono::{DateTime, NaiveDate, NaiveDateTime, NaiveTime};
use serde_json::{Map, Value};

use crate::wire::{Filter, Test};

/// A column a subscriber may read, as `realtime.subscribable_columns` lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColumnInfo {
    pub name: String,
    /// `pg_type.typname`.
    pub type_name: String,
    /// `pg_type.typcategory`: `N` numeric, `B` boolean, `D` date/time, `S` string, `A` array…
    pub category: char,
    pub is_key: bool,
}

/// How a column's values compare.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Number,
    Bool,
    Time,
    Text,
}

/// A value of a filter, read as its column's kind.
#[derive(Debug, Clone, PartialEq)]
enum Typed {
    Number(f64),
    Bool(bool),
    Time(NaiveDateTime),
    Text(String),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    Eq,
    Neq,
    Lt,
    Lte,
    Gt,
    Gte,
    In,
}

#[derive(Debug, Clone, PartialEq)]
struct Check {
    column: String,
    kind: Kind,
    negated: bool,
    op: Op,
    values: Vec<Typed>,
    /// The column is part of the primary key (a DELETE carries only those).
    on_key: bool,
}

/// A filter ready to evaluate; no conditions means every row.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Compiled {
    checks: Vec<Check>,
}

impl Compiled {
    /// Reads `filter` against `columns` (those the subscriber may read). The error is the
    /// problem, for realtime's "Error parsing `filter` params" text.
    pub fn new(filter: &Filter, columns: &[ColumnInfo]) -> Result<Compiled, String> {
        let mut checks = Vec::with_capacity(filter.conditions.len());
        for condition in &filter.conditions {
            let Some(column) = columns.iter().find(|c| c.name == condition.column) else {
                return Err(format!(
                    "column \"{}\" does not exist or may not be read",
                    condition.column
                ));
            };
            let kind = kind_of(column)?;
            let (op, raw): (Op, Vec<&str>) = match &condition.test {
                Test::Eq(v) => (Op::Eq, vec![v]),
                Test::Neq(v) => (Op::Neq, vec![v]),
                Test::Lt(v) => (Op::Lt, vec![v]),
                Test::Lte(v) => (Op::Lte, vec![v]),
                Test::Gt(v) => (Op::Gt, vec![v]),
                Test::Gte(v) => (Op::Gte, vec![v]),
                Test::In(vs) => (Op::In, vs.iter().map(String::as_str).collect()),
            };
            let values = raw
                .iter()
                .map(|v| {
                    typed(kind, v).ok_or_else(|| {
                        format!(
                            "\"{v}\" is not a valid {} for column \"{}\"",
                            column.type_name, column.name
                        )
                    })
                })
                .collect::<Result<_, _>>()?;
            checks.push(Check {
                column: column.name.clone(),
                kind,
                negated: condition.negated,
                op,
                values,
                on_key: column.is_key,
            });
        }
        Ok(Compiled { checks })
    }

    /// Whether this filter lets every row through.
    pub fn is_empty(&self) -> bool {
        self.checks.is_empty()
    }

    /// Whether it reads only primary-key columns (so it can be checked on a DELETE's key).
    pub fn on_key_only(&self) -> bool {
        self.checks.iter().all(|c| c.on_key)
    }

    /// Whether the row image satisfies every condition (a missing or NULL value satisfies none).
    pub fn matches(&self, row: &Map<String, Value>) -> bool {
        self.checks.iter().all(|check| {
            let Some(value) = row.get(&check.column).and_then(|v| read(check.kind, v)) else {
                return false;
            };
            let holds = match check.op {
                Op::In => check
                    .values
                    .iter()
                    .any(|v| compare(&value, v) == Some(Ordering::Equal)),
                op => compare(&value, &check.values[0]).is_some_and(|o| match op {
                    Op::Eq => o == Ordering::Equal,
                    Op::Neq => o != Ordering::Equal,
                    Op::Lt => o == Ordering::Less,
                    Op::Lte => o != Ordering::Greater,
                    Op::Gt => o == Ordering::Greater,
                    Op::Gte => o != Ordering::Less,
                    Op::In => unreachable!("handled above"),
                }),
            };
            holds != check.negated
        })
    }
}

fn kind_of(column: &ColumnInfo) -> Result<Kind, String> {
    match (column.category, column.type_name.as_str()) {
        (_, "json" | "jsonb") | ('A' | 'C' | 'G' | 'R' | 'X' | 'P', _) => Err(format!(
            "column \"{}\" of type {} cannot be filtered",
            column.name, column.type_name
        )),
        ('N', "money") => Ok(Kind::Text),
        ('N', _) => Ok(Kind::Number),
        ('B', _) => Ok(Kind::Bool),
        ('D', _) => Ok(Kind::Time),
        _ => Ok(Kind::Text),
    }
}

/// A filter's text as `kind`.
fn typed(kind: Kind, text: &str) -> Option<Typed> {
    match kind {
        Kind::Number => text.trim().parse().ok().map(Typed::Number),
        Kind::Bool => match text.trim().to_ascii_lowercase().as_str() {
            "t" | "true" | "y" | "yes" | "on" | "1" => Some(Typed::Bool(true)),
            "f" | "false" | "n" | "no" | "off" | "0" => Some(Typed::Bool(false)),
            _ => None,
        },
        Kind::Time => instant(text.trim()).map(Typed::Time),
        Kind::Text => Some(Typed::Text(text.to_owned())),
    }
}

/// A row's JSON value as `kind` (`None` for NULL or a value of another shape).
fn read(kind: Kind, value: &Value) -> Option<Typed> {
    match (kind, value) {
        (_, Value::Null) => None,
        (Kind::Number, Value::Number(n)) => n.as_f64().map(Typed::Number),
        (Kind::Bool, Value::Bool(b)) => Some(Typed::Bool(*b)),
        (Kind::Time, Value::String(s)) => instant(s).map(Typed::Time),
        (Kind::Text, Value::String(s)) => Some(Typed::Text(s.clone())),
        (Kind::Text, other) => Some(Typed::Text(other.to_string())),
        _ => None,
    }
}

fn compare(a: &Typed, b: &Typed) -> Option<Ordering> {
    match (a, b) {
        (Typed::Number(x), Typed::Number(y)) => x.partial_cmp(y),
        (Typed::Bool(x), Typed::Bool(y)) => Some(x.cmp(y)),
        (Typed::Time(x), Typed::Time(y)) => Some(x.cmp(y)),
        // uuid's text is compared without regard to case, as the type does.
        (Typed::Text(x), Typed::Text(y)) => {
            Some(if x.eq_ignore_ascii_case(y) && looks_like_uuid(x) {
                Ordering::Equal
            } else {
                x.as_bytes().cmp(y.as_bytes())
            })
        }
        _ => None,
    }
}

fn looks_like_uuid(s: &str) -> bool {
    s.len() == 36 && s.bytes().filter(|b| *b == b'-').count() == 4
}

/// An instant, date or time of day as PostgreSQL's JSON writes it (`2026-12-02T09:30:00+03:00`,
/// `2026-12-02T09:30:00`, `2026-12-02`, `09:30:00`) or a filter may name it (also with a space
/// for the `T`). With an offset it is taken to UTC; without one it is read as written.
fn instant(text: &str) -> Option<NaiveDateTime> {
    if let Ok(t) = DateTime::parse_from_rfc3339(text) {
        return Some(t.naive_utc());
    }
    for format in ["%Y-%m-%dT%H:%M:%S%.f%#z", "%Y-%m-%d %H:%M:%S%.f%#z"] {
        if let Ok(t) = DateTime::parse_from_str(text, format) {
            return Some(t.naive_utc());
        }
    }
    for format in [
        "%Y-%m-%dT%H:%M:%S%.f",
        "%Y-%m-%d %H:%M:%S%.f",
        "%Y-%m-%dT%H:%M",
        "%Y-%m-%d %H:%M",
    ] {
        if let Ok(t) = NaiveDateTime::parse_from_str(text, format) {
            return Some(t);
        }
    }
    if let Ok(d) = NaiveDate::parse_from_str(text, "%Y-%m-%d") {
        return d.and_hms_opt(0, 0, 0);
    }
    NaiveTime::parse_from_str(text, "%H:%M:%S%.f")
        .ok()
        .map(|t| NaiveDate::MIN.and_time(t))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::wire::parse_filter;

    fn columns() -> Vec<ColumnInfo> {
        let c = |name: &str, type_name: &str, category: char, is_key: bool| ColumnInfo {
            name: name.into(),
            type_name: type_name.into(),
            category,
            is_key,
        };
        vec![
            c("id", "uuid", 'U', true),
            c("amount", "numeric", 'N', false),
            c("is_public", "bool", 'B', false),
            c("created_at", "timestamptz", 'D', false),
            c("status", "text", 'S', false),
            c("tags", "_text", 'A', false),
            c("data", "jsonb", 'U', false),
        ]
    }

    fn compiled(filter: &str) -> Result<Compiled, String> {
        Compiled::new(&parse_filter(filter).unwrap(), &columns())
    }

    fn row() -> Map<String, Value> {
        json!({
            "id": "0B6E2A1C-1111-4222-8333-944445555666",
            "amount": 1500,
            "is_public": true,
            "created_at": "2026-12-02T09:30:00.25+03:00",
            "status": "pending",
            "tags": ["a"],
            "data": {},
        })
        .as_object()
        .unwrap()
        .clone()
    }

    #[test]
    fn each_operator_compares_as_its_columns_type() {
        let cases = [
            ("amount=eq.1500", true),
            ("amount=eq.1500.00", true),
            ("amount=gt.999", true),
            ("amount=lt.999", false),
            ("amount=lte.1500", true),
            ("amount=gte.1501", false),
            ("amount=neq.1500", false),
            ("amount=in.(1,1500)", true),
            ("amount=in.(1,2)", false),
            ("amount=not.in.(1,2)", true),
            ("is_public=eq.true", true),
            ("is_public=eq.f", false),
            ("created_at=gt.2026-12-02T06:00:00Z", true),
            ("created_at=gt.2026-12-02 06:30:00+00", true),
            ("created_at=gt.2026-12-02 06:31:00+00", false),
            ("created_at=gte.2026-12-02", true),
            ("created_at=lt.2026-12-03", true),
            ("status=eq.pending", true),
            ("status=neq.completed", true),
            ("status=in.(completed,failed)", false),
            ("status=not.eq.pending", false),
            ("id=eq.0b6e2a1c-1111-4222-8333-944445555666", true),
            ("status=eq.pending,amount=gt.2000", false),
            ("status=eq.pending,amount=gt.1000", true),
        ];
        for (filter, expected) in cases {
            assert_eq!(
                compiled(filter).unwrap().matches(&row()),
                expected,
                "{filter}"
            );
        }
    }

    #[test]
    fn a_null_or_missing_value_satisfies_no_condition_negated_or_not() {
        let mut r = row();
        r.insert("status".into(), Value::Null);
        r.remove("amount");
        for filter in [
            "status=eq.x",
            "status=neq.x",
            "status=not.eq.x",
            "amount=not.in.(1)",
        ] {
            assert!(!compiled(filter).unwrap().matches(&r), "{filter}");
        }
        assert!(
            compiled("").unwrap().matches(&r),
            "no filter lets every row through"
        );
    }

    #[test]
    fn a_filter_is_refused_at_join_for_an_unknown_column_an_unfilterable_type_or_a_bad_value() {
        let error = |filter: &str| compiled(filter).unwrap_err();
        assert_eq!(
            error("secret=eq.1"),
            "column \"secret\" does not exist or may not be read"
        );
        assert_eq!(
            error("tags=eq.a"),
            "column \"tags\" of type _text cannot be filtered"
        );
        assert_eq!(
            error("data=eq.{}"),
            "column \"data\" of type jsonb cannot be filtered"
        );
        assert_eq!(
            error("amount=gt.lots"),
            "\"lots\" is not a valid numeric for column \"amount\""
        );
        assert_eq!(
            error("is_public=eq.maybe"),
            "\"maybe\" is not a valid bool for column \"is_public\""
        );
        assert_eq!(
            error("created_at=gt.yesterday"),
            "\"yesterday\" is not a valid timestamptz for column \"created_at\""
        );
    }

    #[test]
    fn only_a_filter_on_key_columns_can_be_checked_on_a_delete() {
        assert!(
            compiled("id=eq.0b6e2a1c-1111-4222-8333-944445555666")
                .unwrap()
                .on_key_only()
        );
        assert!(!compiled("status=eq.x").unwrap().on_key_only());
        assert!(compiled("").unwrap().on_key_only());
    }
}
