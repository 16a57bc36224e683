//! The strict reading every provider's posts share: a payload that does not have the documented
//! shape is refused before any of it is believed; codes, money, times and phone numbers as the
//! providers write them.

use chrono::{DateTime, NaiveDateTime, TimeZone, Utc};
use serde_json::Value;

/// Why a provider's payload was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unexpected payload: {0}")]
pub struct ShapeError(pub String);

pub(crate) fn shape(what: impl Into<String>) -> ShapeError {
    ShapeError(what.into())
}

/// A code that may be a number or text (`ResultCode: 0`, `"0"`, `"SFC_IC0003"`).
pub(crate) fn code(v: &Value) -> Option<String> {
    match v {
        Value::Number(n) => Some(n.to_string()),
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_owned()),
        _ => None,
    }
}

/// A money amount as a decimal string with at most two decimals (`1000`, `"1000.00"`), or None
/// when it is not one.
pub fn money(v: &Value) -> Option<String> {
    let text = match v {
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.trim().to_owned(),
        _ => return None,
    };
    let (whole, frac) = text.split_once('.').unwrap_or((&text, ""));
    let ok = !whole.is_empty()
        && whole.len() <= 12
        && whole.bytes().all(|b| b.is_ascii_digit())
        && frac.len() <= 2
        && frac.bytes().all(|b| b.is_ascii_digit());
    ok.then_some(text)
}

/// `YYYYMMDDHHmmss` in Kenya time (a number or text).
pub(crate) fn kenya_time(v: &Value) -> Option<DateTime<Utc>> {
    let text = match v {
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.trim().to_owned(),
        _ => return None,
    };
    let naive = NaiveDateTime::parse_from_str(&text, "%Y%m%d%H%M%S").ok()?;
    let nairobi = chrono::FixedOffset::east_opt(3 * 3600)?;
    Some(
        nairobi
            .from_local_datetime(&naive)
            .single()?
            .with_timezone(&Utc),
    )
}

/// A phone number as the providers write it (`254…`, a number or text).
pub(crate) fn phone(v: &Value) -> Option<String> {
    let text = match v {
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.trim().to_owned(),
        _ => return None,
    };
    kanisa_giving::parse_phone(&text)
        .ok()
        .map(|m| m.as_str().to_owned())
}

pub(crate) fn text(v: &Value, key: &str) -> Option<String> {
    v.get(key)
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn money_is_two_decimals_at_most() {
        assert_eq!(money(&json!("1000.00")).as_deref(), Some("1000.00"));
        assert_eq!(money(&json!(50)).as_deref(), Some("50"));
        for bad in [
            json!("-5"),
            json!("1e3"),
            json!("12.345"),
            json!(""),
            json!(null),
            json!("1,000"),
        ] {
            assert_eq!(money(&bad), None, "{bad}");
        }
    }
}
