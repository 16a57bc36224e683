//! The query-string parser: splits and decodes `key=value` pairs, sorts them into reserved
//! parameters, RPC arguments and filters, and parses each with PostgREST's grammar.
//!
//! Errors follow PostgREST: the message names what failed and where
//! (`"failed to parse filter (eq.x(y)" (line 1, column 5)`), the details say what was found and
//! what was expected (`unexpected "(" expecting …`).

mod cursor;
mod filter;
mod headers;
mod names;
mod order;
mod select;

#[cfg(test)]
mod proptests;
#[cfg(test)]
mod tests;

use std::borrow::Cow;

use cursor::{Cursor, Fail, PResult, quote};
pub use headers::{parse_prefer, parse_range, range_header};

use crate::ast::{Condition, OrderTerm, QueryParams, Scoped, SelectItem};

/// Deepest nesting of embeds in `select` and of `and(…)`/`or(…)` in a logic tree.
pub const MAX_DEPTH: usize = 8;
/// Most `key=value` pairs one query string may hold.
pub const MAX_PARAMS: usize = 200;
/// Longest key or value, in bytes after percent-decoding.
pub const MAX_VALUE_BYTES: usize = 8 * 1024;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ParseError {
    /// PostgREST-style: `"failed to parse select parameter (…)" (line 1, column 7)`.
    pub message: String,
    /// What was unexpected and what was expected there.
    pub details: Option<String>,
    /// 1-based character offset of the offending character in the text named by `message`
    /// (a key or a value, after percent-decoding), when there is one.
    pub position: Option<usize>,
}

impl ParseError {
    fn plain(message: impl Into<String>, details: Option<String>) -> Self {
        ParseError {
            message: message.into(),
            details,
            position: None,
        }
    }
}

/// Turns a failure inside `text` into an error whose message is `label` plus line and column.
fn located(label: &str, text: &str, fail: Fail) -> ParseError {
    let before = text.get(..fail.pos).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    ParseError {
        message: format!("{} (line {line}, column {column})", quote(label)),
        details: Some(fail.details),
        position: Some(before.chars().count() + 1),
    }
}

fn run<T>(
    label: impl FnOnce() -> String,
    text: &str,
    f: impl FnOnce(&mut Cursor<'_>) -> PResult<T>,
) -> Result<T, ParseError> {
    let mut c = Cursor::new(text);
    f(&mut c).map_err(|fail| located(&label(), text, fail))
}

/// Parses a `select` value (already percent-decoded). `""` gives an empty list.
pub fn parse_select(value: &str) -> Result<Vec<SelectItem>, ParseError> {
    run(
        || format!("failed to parse select parameter ({value})"),
        value,
        |c| select::forest(c, 0),
    )
}

/// Parses an `order` value (already percent-decoded).
pub fn parse_order(value: &str) -> Result<Vec<OrderTerm>, ParseError> {
    run(
        || format!("failed to parse order ({value})"),
        value,
        order::terms,
    )
}

/// Parses a `columns` (or `on_conflict`) value: `a,b` or `"a","b"`.
pub fn parse_columns(value: &str) -> Result<Vec<String>, ParseError> {
    column_list("columns", value)
}

fn column_list(param: &str, value: &str) -> Result<Vec<String>, ParseError> {
    run(
        || format!("failed to parse {param} parameter ({value})"),
        value,
        names::column_list,
    )
}

/// Parses one column filter, key and value already percent-decoded:
/// `("rel.col", "not.in.(1,2)")`. Logic keys (`or`, `rel.not.and`) go to [`parse_logic`].
pub fn parse_filter(key: &str, value: &str) -> Result<Scoped<Condition>, ParseError> {
    let (path, field) = run(
        || format!("failed to parse tree path ({key})"),
        key,
        names::tree_path,
    )?;
    let (negated, op) = run(
        || format!("failed to parse filter ({value})"),
        value,
        |c| filter::op_expr(c, filter::Mode::Top),
    )?;
    Ok(Scoped {
        path,
        value: Condition::Filter { field, negated, op },
    })
}

/// Parses one logic tree, key and value already percent-decoded: `("not.or", "(a.eq.1,b.gt.2)")`,
/// `("rel.and", "(…)")`.
pub fn parse_logic(key: &str, value: &str) -> Result<Scoped<Condition>, ParseError> {
    let (path, op, negated) = run(
        || format!("failed to parse logic path ({key})"),
        key,
        |c| {
            let mut names = names::dotted_names(c)?;
            if !c.at_end() {
                return Err(c.fail("delimiter (.) or end of input"));
            }
            let op = match names.pop() {
                Some(n) if n.is_keyword("and") => crate::ast::LogicOp::And,
                Some(n) if n.is_keyword("or") => crate::ast::LogicOp::Or,
                _ => {
                    return Err(c.fail_at(0, "the key must end in \"and\" or \"or\""));
                }
            };
            // As in PostgREST, a `not` anywhere in the path negates the tree.
            let negated = names.iter().any(|n| n.is_keyword("not"));
            let path = names
                .into_iter()
                .filter(|n| !n.is_keyword("not"))
                .map(|n| n.text)
                .collect::<Vec<_>>();
            Ok((path, op, negated))
        },
    )?;
    let children = run(
        || format!("failed to parse logic tree ({value})"),
        value,
        |c| {
            let children = filter::logic_list(c, 1)?;
            c.skip_ws();
            if !c.at_end() {
                return Err(c.fail("end of input"));
            }
            Ok(children)
        },
    )?;
    Ok(Scoped {
        path,
        value: Condition::Logic {
            op,
            negated,
            children,
        },
    })
}

/// The embed path of a reserved key such as `rel.sub.order` (the last name is `word`).
fn reserved_path(key: &str, word: &str) -> Result<Vec<String>, ParseError> {
    run(
        || format!("failed to parse tree path ({key})"),
        key,
        |c| {
            let mut names = names::dotted_names(c)?;
            if !c.at_end() {
                return Err(c.fail("delimiter (.) or end of input"));
            }
            match names.pop() {
                Some(n) if n.is_keyword(word) => Ok(names.into_iter().map(|n| n.text).collect()),
                _ => Err(c.fail_at(0, format!("the key must end in \"{word}\""))),
            }
        },
    )
}

fn parse_count(param: &str, value: &str) -> Result<u64, ParseError> {
    headers::parse_u64(value).ok_or_else(|| {
        let label = format!("failed to parse {param} parameter ({value})");
        let mut c = Cursor::new(value);
        c.take_while(|ch| ch.is_ascii_digit());
        let fail = if c.at_end() && !value.is_empty() {
            c.fail_at(
                0,
                format!("{value} is too large (the limit is {})", u64::MAX),
            )
        } else {
            c.fail("digit (a non-negative integer)")
        };
        located(&label, value, fail)
    })
}

fn set_scoped(list: &mut Vec<Scoped<u64>>, path: Vec<String>, value: u64) {
    match list.iter_mut().find(|s| s.path == path) {
        Some(existing) => existing.value = value,
        None => list.push(Scoped { path, value }),
    }
}

enum Kind {
    Select,
    Columns,
    OnConflict,
    Order,
    Limit,
    Offset,
    Logic,
    Other,
}

/// PostgREST's rule: `select`, `columns`, `on_conflict` only as whole keys; `order`, `limit`,
/// `offset`, `and`, `or` as the last dot-separated segment (so `rel.limit`, `not.or`).
fn classify(key: &str) -> Kind {
    match key {
        "select" => Kind::Select,
        "columns" => Kind::Columns,
        "on_conflict" => Kind::OnConflict,
        _ => match key.rsplit('.').next() {
            Some("order") => Kind::Order,
            Some("limit") => Kind::Limit,
            Some("offset") => Kind::Offset,
            Some("and" | "or") => Kind::Logic,
            _ => Kind::Other,
        },
    }
}

fn decode(raw: &str, index: usize) -> Result<String, ParseError> {
    let spaced: Cow<'_, str> = if raw.contains('+') {
        Cow::Owned(raw.replace('+', " "))
    } else {
        Cow::Borrowed(raw)
    };
    percent_encoding::percent_decode_str(&spaced)
        .decode_utf8()
        .map(Cow::into_owned)
        .map_err(|_| {
            ParseError::plain(
                "failed to decode the query string",
                Some(format!(
                    "parameter {} is not valid UTF-8 after percent-decoding",
                    index + 1
                )),
            )
        })
}

fn too_long(index: usize, key: &str, len: usize) -> ParseError {
    let shown: String = key.chars().take(64).collect();
    ParseError::plain(
        "query parameter too long",
        Some(format!(
            "parameter {} ({}) is {len} bytes long; the limit is {MAX_VALUE_BYTES} bytes",
            index + 1,
            quote(&shown)
        )),
    )
}

/// Splits on `&`, then on the first `=`; `+` is a space; percent-escapes are decoded (invalid
/// escapes stay as written). A pair without `=` has no value.
fn decode_query(query: &str) -> Result<Vec<(String, Option<String>)>, ParseError> {
    let segments: Vec<&str> = query.split('&').filter(|s| !s.is_empty()).collect();
    if segments.len() > MAX_PARAMS {
        return Err(ParseError::plain(
            "too many query parameters",
            Some(format!(
                "the query string has {} parameters; the limit is {MAX_PARAMS}",
                segments.len()
            )),
        ));
    }
    let mut out = Vec::with_capacity(segments.len());
    for (i, segment) in segments.into_iter().enumerate() {
        let (raw_key, raw_value) = match segment.split_once('=') {
            Some((k, v)) => (k, Some(v)),
            None => (segment, None),
        };
        let raw_len = raw_key.len().max(raw_value.map_or(0, str::len));
        if raw_len > 3 * MAX_VALUE_BYTES {
            return Err(too_long(i, raw_key, raw_len));
        }
        let key = decode(raw_key, i)?;
        let value = raw_value.map(|v| decode(v, i)).transpose()?;
        let len = key.len().max(value.as_ref().map_or(0, String::len));
        if len > MAX_VALUE_BYTES {
            return Err(too_long(i, &key, len));
        }
        out.push((key, value));
    }
    Ok(out)
}

/// Parses a raw query string (without `?`, still percent-encoded).
///
/// `is_rpc_arg` names the keys that are a function's arguments (RPC GET); they are returned
/// verbatim in `rpc_args`. Reserved keys are recognised first, so an argument cannot be called
/// `select`, `order`, `limit`, … (as in PostgREST). Keys without `=` are ignored. A repeated
/// `select`, `columns` or `on_conflict` keeps the first (PostgREST looks up the first); a
/// repeated `limit`/`offset` at the same embed path keeps the last; filters, logic trees and
/// `order`s accumulate.
pub fn parse_query(
    query: &str,
    is_rpc_arg: impl Fn(&str) -> bool,
) -> Result<QueryParams, ParseError> {
    let mut q = QueryParams::default();
    for (key, value) in decode_query(query)? {
        let Some(value) = value else { continue };
        match classify(&key) {
            Kind::Select => {
                if q.select.is_none() {
                    q.select = Some(parse_select(&value)?);
                }
            }
            Kind::Columns => {
                if q.columns.is_none() {
                    q.columns = Some(column_list("columns", &value)?);
                }
            }
            Kind::OnConflict => {
                if q.on_conflict.is_none() {
                    q.on_conflict = Some(column_list("on_conflict", &value)?);
                }
            }
            Kind::Order => {
                let path = reserved_path(&key, "order")?;
                q.order.push(Scoped {
                    path,
                    value: parse_order(&value)?,
                });
            }
            Kind::Limit => {
                let path = reserved_path(&key, "limit")?;
                set_scoped(&mut q.limit, path, parse_count("limit", &value)?);
            }
            Kind::Offset => {
                let path = reserved_path(&key, "offset")?;
                set_scoped(&mut q.offset, path, parse_count("offset", &value)?);
            }
            Kind::Logic => q.conditions.push(parse_logic(&key, &value)?),
            Kind::Other => {
                if is_rpc_arg(&key) {
                    q.rpc_args.push((key, value));
                } else {
                    q.conditions.push(parse_filter(&key, &value)?);
                }
            }
        }
    }
    Ok(q)
}
