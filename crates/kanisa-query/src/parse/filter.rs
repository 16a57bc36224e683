//! Filter values (`[not.]op[(modifier)].value`) and `or`/`and` logic trees.

use super::MAX_DEPTH;
use super::cursor::{Cursor, PResult, quote};
use super::names::{EXPECT_FIELD_NAME, field, identifier, is_ident_char, quoted};
use crate::ast::{CompareOp, Condition, FtsOp, IsValue, LogicOp, Operation, Quantifier, RangeOp};

/// Where a value ends: a top-level value is the rest of the parameter; inside a logic tree it
/// ends at `,` or `)` unless double-quoted or written as `{…}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    Top,
    Logic,
}

const OPERATORS: &str = "operator (eq, neq, gt, gte, lt, lte, like, ilike, match, imatch, in, is, \
     isdistinct, cs, cd, ov, sl, sr, nxl, nxr, adj, fts, plfts, phfts, wfts)";
const IS_VALUES: &str = "null, not_null, true, false or unknown";
const DELIMITER: &str = "delimiter (.)";

fn compare_op(name: &str) -> Option<CompareOp> {
    Some(match name {
        "eq" => CompareOp::Eq,
        "neq" => CompareOp::Neq,
        "gt" => CompareOp::Gt,
        "gte" => CompareOp::Gte,
        "lt" => CompareOp::Lt,
        "lte" => CompareOp::Lte,
        "like" => CompareOp::Like,
        "ilike" => CompareOp::Ilike,
        "match" => CompareOp::Match,
        "imatch" => CompareOp::Imatch,
        _ => return None,
    })
}

fn range_op(name: &str) -> Option<RangeOp> {
    Some(match name {
        "cs" => RangeOp::Contains,
        "cd" => RangeOp::ContainedIn,
        "ov" => RangeOp::Overlap,
        "sl" => RangeOp::StrictlyLeft,
        "sr" => RangeOp::StrictlyRight,
        "nxr" => RangeOp::NotExtendRight,
        "nxl" => RangeOp::NotExtendLeft,
        "adj" => RangeOp::Adjacent,
        _ => return None,
    })
}

fn fts_op(name: &str) -> Option<FtsOp> {
    Some(match name {
        "fts" => FtsOp::Fts,
        "plfts" => FtsOp::Plfts,
        "phfts" => FtsOp::Phfts,
        "wfts" => FtsOp::Wfts,
        _ => return None,
    })
}

fn delimiter(c: &mut Cursor<'_>, expecting: &str) -> PResult<()> {
    if c.eat_char('.') {
        Ok(())
    } else {
        Err(c.fail(expecting))
    }
}

/// `[not.]op[(modifier)].value` → (negated, operation).
pub(crate) fn op_expr(c: &mut Cursor<'_>, mode: Mode) -> PResult<(bool, Operation)> {
    let negated = c.eat("not.");
    let start = c.pos();
    let name = c.take_while(|ch| ch.is_ascii_alphabetic() || ch == '_');
    let op = if name.is_empty() {
        let expecting = if negated {
            OPERATORS.to_owned()
        } else {
            format!("\"not\" or {OPERATORS}")
        };
        return Err(c.fail(&expecting));
    } else if name == "in" {
        delimiter(c, DELIMITER)?;
        let list = in_list(c)?;
        end_of_top(c, mode)?;
        Operation::In(list)
    } else if name == "is" {
        delimiter(c, DELIMITER)?;
        let value = is_value(c)?;
        end_of_top(c, mode)?;
        Operation::Is(value)
    } else if name == "isdistinct" {
        delimiter(c, DELIMITER)?;
        Operation::IsDistinct(value(c, mode).0)
    } else if let Some(op) = fts_op(name) {
        let config = if c.eat_char('(') {
            let config = identifier(c)?;
            if !c.eat_char(')') {
                return Err(c.fail("\")\""));
            }
            Some(config)
        } else {
            None
        };
        let expecting = if config.is_some() {
            DELIMITER
        } else {
            "\"(config)\" or delimiter (.)"
        };
        delimiter(c, expecting)?;
        Operation::Fts {
            op,
            config,
            value: value(c, mode).0,
        }
    } else if let Some(op) = compare_op(name) {
        let quantifier = if c.eat_char('(') {
            let word_at = c.pos();
            let q = match c.take_while(|ch| ch.is_ascii_alphabetic()) {
                "any" => Quantifier::Any,
                "all" => Quantifier::All,
                _ => {
                    c.set_pos(word_at);
                    return Err(c.fail("\"any\" or \"all\""));
                }
            };
            if !c.eat_char(')') {
                return Err(c.fail("\")\""));
            }
            Some(q)
        } else {
            None
        };
        let expecting = if quantifier.is_some() {
            DELIMITER
        } else {
            "\"(any)\", \"(all)\" or delimiter (.)"
        };
        delimiter(c, expecting)?;
        let (text, at) = value(c, mode);
        let mut values = if quantifier.is_some() {
            let mut inner = Cursor::new(&text);
            pg_array(&mut inner).map_err(|mut f| {
                f.pos += at;
                f
            })?
        } else {
            vec![text]
        };
        if matches!(op, CompareOp::Like | CompareOp::Ilike) {
            for v in &mut values {
                *v = v.replace('*', "%");
            }
        }
        Operation::Compare {
            op,
            quantifier,
            values,
        }
    } else if let Some(op) = range_op(name) {
        delimiter(c, DELIMITER)?;
        let mut value = value(c, mode).0;
        if op == RangeOp::Overlap
            && let Some(inner) = value.strip_prefix('(').and_then(|v| v.strip_suffix(')'))
        {
            value = format!("{{{inner}}}");
        }
        Operation::Range { op, value }
    } else if name == "not" {
        return Err(c.fail(DELIMITER));
    } else {
        return Err(c.fail_at(
            start,
            format!("unexpected {} expecting {OPERATORS}", quote(name)),
        ));
    };
    Ok((negated, op))
}

/// A top-level `in`/`is` value must be the whole rest of the parameter.
fn end_of_top(c: &mut Cursor<'_>, mode: Mode) -> PResult<()> {
    if mode == Mode::Top {
        c.skip_ws();
        if !c.at_end() {
            return Err(c.fail("end of input"));
        }
    }
    Ok(())
}

/// The operand text and where it starts.
fn value(c: &mut Cursor<'_>, mode: Mode) -> (String, usize) {
    let start = c.pos();
    let text = match mode {
        Mode::Top => c.take_while(|_| true).to_owned(),
        Mode::Logic => logic_value(c),
    };
    (text, start)
}

/// Inside a logic tree: `"quoted"` (if a `,` or `)` follows), `{a,b}` (kept with its braces),
/// or everything up to the next `,` or `)`.
fn logic_value(c: &mut Cursor<'_>) -> String {
    let start = c.pos();
    if c.peek() == Some('"') {
        if let Ok(v) = quoted(c)
            && matches!(c.peek(), None | Some(',' | ')'))
        {
            return v;
        }
        c.set_pos(start);
    }
    if c.eat_char('{') {
        c.take_while(|ch| ch != '{' && ch != '}');
        if c.eat_char('}') {
            return c.since(start).to_owned();
        }
        c.set_pos(start);
    }
    c.take_while(|ch| ch != ',' && ch != ')').to_owned()
}

/// `is.` values, case-insensitively.
fn is_value(c: &mut Cursor<'_>) -> PResult<IsValue> {
    let start = c.pos();
    let word = c.take_while(|ch| ch.is_ascii_alphabetic() || ch == '_');
    if word.is_empty() {
        return Err(c.fail(IS_VALUES));
    }
    Ok(match word.to_ascii_lowercase().as_str() {
        "null" => IsValue::Null,
        "not_null" => IsValue::NotNull,
        "true" => IsValue::True,
        "false" => IsValue::False,
        "unknown" => IsValue::Unknown,
        _ => {
            return Err(c.fail_at(
                start,
                format!("unexpected {} expecting {IS_VALUES}", quote(word)),
            ));
        }
    })
}

/// `(a,b,"c,d")`: items are raw text up to `,`/`)`, or double-quoted when the closing quote is
/// followed by `,` or `)`. `()` is the empty list.
fn in_list(c: &mut Cursor<'_>) -> PResult<Vec<String>> {
    c.skip_ws();
    if !c.eat_char('(') {
        return Err(c.fail("\"(\""));
    }
    c.skip_ws();
    let mut items = Vec::new();
    let mut any_quoted = false;
    loop {
        let start = c.pos();
        let mut item = None;
        if c.peek() == Some('"') {
            if let Ok(v) = quoted(c)
                && matches!(c.peek(), Some(',' | ')'))
            {
                item = Some(v);
                any_quoted = true;
            }
            if item.is_none() {
                c.set_pos(start);
            }
        }
        let item = match item {
            Some(v) => v,
            None => c.take_while(|ch| ch != ',' && ch != ')').to_owned(),
        };
        items.push(item);
        if c.eat_char(',') {
            continue;
        }
        if c.eat_char(')') {
            break;
        }
        return Err(c.fail("\",\" or \")\""));
    }
    c.skip_ws();
    if !any_quoted && items.len() == 1 && items.first().is_some_and(String::is_empty) {
        items.clear();
    }
    Ok(items)
}

/// A PostgreSQL array literal `{a,"b,c",d}` → its elements (one dimension only).
fn pg_array(c: &mut Cursor<'_>) -> PResult<Vec<String>> {
    c.skip_ws();
    if !c.eat_char('{') {
        return Err(c.fail("\"{\" (a quantified operator takes a list such as {a,b})"));
    }
    let mut items = Vec::new();
    c.skip_ws();
    if !c.eat_char('}') {
        loop {
            c.skip_ws();
            let item_at = c.pos();
            let item = if c.peek() == Some('"') {
                let v = quoted(c)?;
                c.skip_ws();
                v
            } else {
                let mut raw = String::new();
                loop {
                    match c.peek() {
                        None | Some(',' | '}') => break,
                        Some('{') => {
                            return Err(c.fail_at(c.pos(), "nested arrays are not supported"));
                        }
                        Some('"') => return Err(c.fail("\",\" or \"}\"")),
                        Some('\\') => {
                            c.bump();
                            match c.bump() {
                                Some(ch) => raw.push(ch),
                                None => return Err(c.fail("an escaped character after \"\\\"")),
                            }
                        }
                        Some(ch) => {
                            c.bump();
                            raw.push(ch);
                        }
                    }
                }
                let trimmed = raw.trim_matches([' ', '\t']);
                if trimmed.is_empty() {
                    return Err(c.fail_at(
                        item_at,
                        "empty array element (write \"\" for an empty string)",
                    ));
                }
                trimmed.to_owned()
            };
            items.push(item);
            if c.eat_char(',') {
                continue;
            }
            if c.eat_char('}') {
                break;
            }
            return Err(c.fail("\",\" or \"}\""));
        }
    }
    c.skip_ws();
    if !c.at_end() {
        return Err(c.fail("end of input"));
    }
    Ok(items)
}

/// `(item,item,…)` of a logic tree at nesting level `depth` (the outermost list is level 1).
pub(crate) fn logic_list(c: &mut Cursor<'_>, depth: usize) -> PResult<Vec<Condition>> {
    c.skip_ws();
    if c.peek() != Some('(') {
        return Err(c.fail("\"(\""));
    }
    if depth > MAX_DEPTH {
        return Err(c.fail_at(
            c.pos(),
            format!("logic trees are nested deeper than the limit of {MAX_DEPTH} levels"),
        ));
    }
    c.bump();
    let mut children = Vec::new();
    loop {
        c.skip_ws();
        children.push(logic_item(c, depth)?);
        c.skip_ws();
        if c.eat_char(',') {
            continue;
        }
        if c.eat_char(')') {
            return Ok(children);
        }
        return Err(c.fail("\",\" or \")\""));
    }
}

fn logic_item(c: &mut Cursor<'_>, depth: usize) -> PResult<Condition> {
    let start = c.pos();
    let negated = c.eat("not.");
    let op = if c.eat("and") {
        Some(LogicOp::And)
    } else if c.eat("or") {
        Some(LogicOp::Or)
    } else {
        None
    };
    if let Some(op) = op {
        c.skip_ws();
        if c.peek() == Some('(') {
            let children = logic_list(c, depth + 1)?;
            return Ok(Condition::Logic {
                op,
                negated,
                children,
            });
        }
    }
    c.set_pos(start);
    if !c.peek().is_some_and(|ch| ch == '"' || is_ident_char(ch)) {
        return Err(c.fail(&format!(
            "{EXPECT_FIELD_NAME}, negation operator (not) or logic operator (and, or)"
        )));
    }
    let plain = logic_filter(c);
    if plain.is_ok() || !negated {
        return plain;
    }
    // PostgREST negates a filter inside a tree as `col.not.op.value`; Kanisa also accepts
    // `not.col.op.value`, but only where the PostgREST reading (a column named `not`) fails.
    let plain_at = c.pos();
    c.set_pos(start + "not.".len());
    match logic_filter(c) {
        Ok(Condition::Filter {
            field,
            negated: inner,
            op,
        }) => Ok(Condition::Filter {
            field,
            negated: !inner,
            op,
        }),
        Ok(other) => Ok(other),
        Err(second) => {
            let first = plain.err().unwrap_or_else(|| second.clone());
            // Report whichever reading got further, as a backtracking parser would.
            if second.pos > first.pos {
                Err(second)
            } else {
                c.set_pos(plain_at);
                Err(first)
            }
        }
    }
}

/// `field.[not.]op.value` inside a logic tree.
fn logic_filter(c: &mut Cursor<'_>) -> PResult<Condition> {
    let field = field(c)?;
    delimiter(c, "\"->\", \"->>\" or delimiter (.)")?;
    let (negated, op) = op_expr(c, Mode::Logic)?;
    Ok(Condition::Filter { field, negated, op })
}
