//! The `filter` of a `postgres_changes` binding: `column=op.value`, read as realtime's server
//! reads it (`Subscriptions.parse_subscription_params`).
//!
//! - Surrounding whitespace is ignored; an empty filter means every row.
//! - Conditions joined by commas must all hold. A comma inside `( )` or inside a quoted value
//!   does not split; a quote opens a value only right after `.`, `(` or `,`, and `\` escapes the
//!   next character inside it.
//! - Each condition is `column=` then an optional `not.` then `op.value`, split at the first `=`
//!   and the first `.` after it.
//! - Operators here: `eq`, `neq`, `lt`, `lte`, `gt`, `gte` and `in`. realtime also evaluates
//!   `like`, `ilike`, `is`, `match`, `imatch` and `isdistinct` (realtime-js' filter builder makes
//!   them); those are refused as not supported yet, anything else as unknown.
//! - A value wholly in double quotes is unquoted (`\x` → `x`; the builder quotes values holding
//!   `, ( ) " \` or outer spaces); other values, and malformed quoting, are taken as written.
//! - `in` takes `(a,b,c)`: realtime hands the inside to PostgreSQL as an array literal `{a,b,c}`,
//!   so elements may be quoted (`in.("a,b",c)`), unquoted ones lose outer spaces, and `()` is an
//!   empty list. An unquoted `null` stays the text "null" here (PostgreSQL would read NULL,
//!   which matches nothing).

use super::WireError;
use std::str::FromStr;

/// A parsed filter: all conditions must hold; none means every row.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Filter {
    pub conditions: Vec<Condition>,
}

/// One `column=[not.]op.value`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Condition {
    /// As written (realtime does not trim it either).
    pub column: String,
    /// The `not.` prefix.
    pub negated: bool,
    pub test: Test,
}

/// The operator and its (unquoted) value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Test {
    Eq(String),
    Neq(String),
    Lt(String),
    Lte(String),
    Gt(String),
    Gte(String),
    In(Vec<String>),
}

/// Operators realtime evaluates that Kanisa does not yet.
const NOT_YET: [&str; 6] = ["like", "ilike", "is", "match", "imatch", "isdistinct"];

/// Parses a binding's filter string.
pub fn parse_filter(filter: &str) -> Result<Filter, WireError> {
    let fail = |problem: String| WireError::Filter {
        filter: filter.to_owned(),
        problem,
    };
    let trimmed = filter.trim();
    if trimmed.is_empty() {
        return Ok(Filter::default());
    }
    let conditions = split_top_level(trimmed)
        .iter()
        .map(|segment| parse_condition(segment).map_err(fail))
        .collect::<Result<_, _>>()?;
    Ok(Filter { conditions })
}

impl FromStr for Filter {
    type Err = WireError;

    fn from_str(s: &str) -> Result<Filter, WireError> {
        parse_filter(s)
    }
}

/// Splits at commas outside parentheses and quoted values.
fn split_top_level(filter: &str) -> Vec<String> {
    let mut segments = Vec::new();
    let mut current = String::new();
    let mut depth = 0_usize;
    let mut quoted = false;
    let mut chars = filter.chars();
    while let Some(c) = chars.next() {
        current.push(c);
        if quoted {
            match c {
                '\\' => {
                    if let Some(escaped) = chars.next() {
                        current.push(escaped);
                    }
                }
                '"' => quoted = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' if matches!(before(&current), Some('.' | '(' | ',')) => quoted = true,
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                current.pop();
                segments.push(std::mem::take(&mut current));
            }
            _ => {}
        }
    }
    segments.push(current);
    segments
}

/// The character before the one just pushed (none at a condition's start).
fn before(current: &str) -> Option<char> {
    let mut chars = current.chars().rev();
    chars.next();
    chars.next()
}

fn parse_condition(segment: &str) -> Result<Condition, String> {
    let condition = segment.trim();
    if condition.is_empty() {
        return Err("a condition is empty (an extra comma?)".into());
    }
    let Some((column, rest)) = condition.split_once('=') else {
        return Err(format!("`{condition}` is not `column=operator.value`"));
    };
    if column.is_empty() {
        return Err(format!("`{condition}` names no column"));
    }
    let (negated, rest) = match rest.strip_prefix("not.") {
        Some(rest) => (true, rest),
        None => (false, rest),
    };
    let Some((op, value)) = rest.split_once('.') else {
        return Err(format!(
            "`{condition}` has no operator: write `column=operator.value`"
        ));
    };
    let test = match op {
        "eq" => Test::Eq(unquote(value)),
        "neq" => Test::Neq(unquote(value)),
        "lt" => Test::Lt(unquote(value)),
        "lte" => Test::Lte(unquote(value)),
        "gt" => Test::Gt(unquote(value)),
        "gte" => Test::Gte(unquote(value)),
        "in" => Test::In(parse_list(value).map_err(|problem| format!("`{condition}`: {problem}"))?),
        op if NOT_YET.contains(&op) => {
            return Err(format!(
                "the operator `{op}` is not supported yet (eq, neq, lt, lte, gt, gte and in are)"
            ));
        }
        op => {
            return Err(format!(
                "unknown operator `{op}` in `{condition}` (eq, neq, lt, lte, gt, gte and in are supported)"
            ));
        }
    };
    Ok(Condition {
        column: column.to_owned(),
        negated,
        test,
    })
}

/// A value wholly in double quotes loses them and its escapes; anything else stays as written.
fn unquote(value: &str) -> String {
    let Some(inner) = value.strip_prefix('"') else {
        return value.to_owned();
    };
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(escaped) => out.push(escaped),
                None => break,
            },
            '"' if chars.as_str().is_empty() => return out,
            '"' => break,
            c => out.push(c),
        }
    }
    value.to_owned()
}

/// `(a, "b,c", d)` → `["a", "b,c", "d"]`, as PostgreSQL reads the array literal `{…}`.
fn parse_list(value: &str) -> Result<Vec<String>, String> {
    let inner = value
        .strip_prefix('(')
        .and_then(|v| v.strip_suffix(')'))
        .ok_or("`in` takes a list in parentheses: `in.(a,b,c)`")?;
    let mut items = Vec::new();
    if inner.trim().is_empty() {
        return Ok(items);
    }
    let mut rest = inner;
    loop {
        rest = rest.trim_start();
        let item;
        if let Some(quoted) = rest.strip_prefix('"') {
            let (text, after) =
                take_quoted(quoted).ok_or("a quoted value in the list is not closed")?;
            item = text;
            rest = after.trim_start();
            if !(rest.is_empty() || rest.starts_with(',')) {
                return Err("text follows a quoted value in the list".into());
            }
        } else {
            let end = rest.find(',').unwrap_or(rest.len());
            let text = rest[..end].trim();
            if text.is_empty() {
                return Err("the list has an empty value".into());
            }
            if text.contains('"') {
                return Err(format!("`{text}` in the list has a stray quote"));
            }
            item = text.to_owned();
            rest = &rest[end..];
        }
        items.push(item);
        match rest.strip_prefix(',') {
            Some(after) => rest = after,
            None => return Ok(items),
        }
    }
}

/// The text up to the closing quote (escapes resolved) and what follows it.
fn take_quoted(s: &str) -> Option<(String, &str)> {
    let mut out = String::new();
    let mut chars = s.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => out.push(chars.next()?.1),
            '"' => return Some((out, &s[i + 1..])),
            c => out.push(c),
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(column: &str, test: Test) -> Filter {
        Filter {
            conditions: vec![Condition {
                column: column.into(),
                negated: false,
                test,
            }],
        }
    }

    fn problem(filter: &str) -> String {
        match parse_filter(filter) {
            Err(WireError::Filter { problem, .. }) => problem,
            other => panic!("{filter:?} gave {other:?}"),
        }
    }

    #[test]
    fn reads_each_operator() {
        let cases = [
            ("id=eq.200", Test::Eq("200".into())),
            ("id=neq.1", Test::Neq("1".into())),
            ("amount=lt.5", Test::Lt("5".into())),
            ("amount=lte.5", Test::Lte("5".into())),
            ("amount=gt.5.5", Test::Gt("5.5".into())),
            (
                "at=gte.2026-01-01T00:00:00Z",
                Test::Gte("2026-01-01T00:00:00Z".into()),
            ),
            ("name=eq.", Test::Eq(String::new())),
            ("note=eq.a=b", Test::Eq("a=b".into())),
        ];
        for (filter, test) in cases {
            let column = filter.split('=').next().unwrap();
            assert_eq!(parse_filter(filter).unwrap(), one(column, test), "{filter}");
        }
    }

    #[test]
    fn reads_in_lists_as_postgresql_reads_array_literals() {
        let list = |items: &[&str]| Test::In(items.iter().map(|s| (*s).to_owned()).collect());
        assert_eq!(
            parse_filter("status=in.(open,closed)").unwrap(),
            one("status", list(&["open", "closed"]))
        );
        assert_eq!(
            parse_filter("status=in.( open , closed )").unwrap(),
            one("status", list(&["open", "closed"]))
        );
        // realtime-js' builder quotes an element holding a reserved character.
        assert_eq!(
            parse_filter(r#"name=in.("a,b",c,"say \"hi\"","back\\slash")"#).unwrap(),
            one("name", list(&["a,b", "c", r#"say "hi""#, r"back\slash"]))
        );
        assert_eq!(parse_filter("id=in.(7)").unwrap(), one("id", list(&["7"])));
        assert_eq!(parse_filter("id=in.()").unwrap(), one("id", list(&[])));
    }

    #[test]
    fn unquotes_scalars_as_realtime_does() {
        assert_eq!(
            parse_filter(r#"name=eq."a,b""#).unwrap(),
            one("name", Test::Eq("a,b".into()))
        );
        assert_eq!(
            parse_filter(r#"name=eq." padded \"x\" \\ ""#).unwrap(),
            one("name", Test::Eq(r#" padded "x" \ "#.into()))
        );
        // Malformed quoting is taken as written, as realtime's unquote_value keeps the original.
        assert_eq!(
            parse_filter(r#"name=eq."open"#).unwrap(),
            one("name", Test::Eq(r#""open"#.into()))
        );
        assert_eq!(
            parse_filter(r#"name=eq."a"b"#).unwrap(),
            one("name", Test::Eq(r#""a"b"#.into()))
        );
        assert_eq!(
            parse_filter(r#"name=eq.a"b""#).unwrap(),
            one("name", Test::Eq(r#"a"b""#.into()))
        );
    }

    #[test]
    fn commas_join_conditions_and_not_negates() {
        let filter =
            parse_filter(r#" id=gt.0, id=lt.100 ,status=not.in.(draft,"a,b"),name=not.eq."x,y" "#)
                .unwrap();
        let summary: Vec<(&str, bool, &Test)> = filter
            .conditions
            .iter()
            .map(|c| (c.column.as_str(), c.negated, &c.test))
            .collect();
        assert_eq!(
            summary,
            [
                ("id", false, &Test::Gt("0".into())),
                ("id", false, &Test::Lt("100".into())),
                (
                    "status",
                    true,
                    &Test::In(vec!["draft".into(), "a,b".into()])
                ),
                ("name", true, &Test::Eq("x,y".into())),
            ]
        );
    }

    #[test]
    fn no_filter_is_every_row() {
        assert_eq!(parse_filter("").unwrap(), Filter::default());
        assert_eq!("   ".parse::<Filter>().unwrap(), Filter::default());
    }

    #[test]
    fn refuses_what_realtime_refuses_with_a_clear_reason() {
        assert_eq!(
            problem("undefined"),
            "`undefined` is not `column=operator.value`"
        );
        assert_eq!(
            problem("id=5"),
            "`id=5` has no operator: write `column=operator.value`"
        );
        assert_eq!(
            problem("id=not.5"),
            "`id=not.5` has no operator: write `column=operator.value`"
        );
        assert_eq!(
            problem("subject=foo.hey"),
            "unknown operator `foo` in `subject=foo.hey` (eq, neq, lt, lte, gt, gte and in are supported)"
        );
        assert_eq!(
            problem("id=EQ.1"),
            "unknown operator `EQ` in `id=EQ.1` (eq, neq, lt, lte, gt, gte and in are supported)"
        );
        assert_eq!(
            problem("id=eq.1,,id=lt.5"),
            "a condition is empty (an extra comma?)"
        );
        assert_eq!(
            problem("id=eq.1,"),
            "a condition is empty (an extra comma?)"
        );
        assert_eq!(problem("=eq.1"), "`=eq.1` names no column");
        assert_eq!(
            problem("id=in.1,2"),
            "`id=in.1`: `in` takes a list in parentheses: `in.(a,b,c)`"
        );
        assert_eq!(
            problem("id=in.(1,,2)"),
            "`id=in.(1,,2)`: the list has an empty value"
        );
        assert_eq!(
            problem("id=in.(1,)"),
            "`id=in.(1,)`: the list has an empty value"
        );
        assert_eq!(
            problem(r#"id=in.("a)"#),
            r#"`id=in.("a)`: a quoted value in the list is not closed"#
        );
        assert_eq!(
            problem(r#"id=in.("a"b)"#),
            r#"`id=in.("a"b)`: text follows a quoted value in the list"#
        );
        assert_eq!(
            problem(r#"id=in.(a"b)"#),
            r#"`id=in.(a"b)`: `a"b` in the list has a stray quote"#
        );
    }

    #[test]
    fn refuses_realtimes_other_operators_as_not_yet_supported() {
        for op in NOT_YET {
            assert_eq!(
                problem(&format!("title=not.{op}.x")),
                format!(
                    "the operator `{op}` is not supported yet (eq, neq, lt, lte, gt, gte and in are)"
                )
            );
        }
        let err = parse_filter("title=like.%a%").unwrap_err();
        assert_eq!(
            err.to_string(),
            "invalid filter \"title=like.%a%\": the operator `like` is not supported yet (eq, neq, lt, lte, gt, gte and in are)"
        );
    }
}
