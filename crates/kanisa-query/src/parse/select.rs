//! `select=`: fields, casts, JSON paths, aliases and (nested, spread) embeds.

use super::MAX_DEPTH;
use super::cursor::{Cursor, PResult};
use super::names::{EXPECT_FIELD_NAME, field_name, identifier, json_path};
use crate::ast::{Field, JoinKind, SelectItem};

const AGGREGATES: [&str; 5] = ["sum", "avg", "count", "max", "min"];

/// Items separated by commas up to the end (`depth == 0`) or up to the `)` closing an embed;
/// an empty list is allowed (`select=`, `rel()`).
pub(crate) fn forest(c: &mut Cursor<'_>, depth: usize) -> PResult<Vec<SelectItem>> {
    let mut items = Vec::new();
    c.skip_ws();
    let closed = |c: &Cursor<'_>| {
        if depth == 0 {
            c.at_end()
        } else {
            c.peek() == Some(')')
        }
    };
    if closed(c) {
        return Ok(items);
    }
    loop {
        items.push(item(c, depth)?);
        c.skip_ws();
        if c.eat_char(',') {
            continue;
        }
        if closed(c) {
            return Ok(items);
        }
        return Err(c.fail(end_expecting(depth)));
    }
}

fn end_expecting(depth: usize) -> &'static str {
    if depth == 0 {
        "\",\" or end of input"
    } else {
        "\",\" or \")\""
    }
}

fn at_item_end(c: &Cursor<'_>, depth: usize) -> bool {
    c.at_end() || c.peek() == Some(',') || (depth > 0 && c.peek() == Some(')'))
}

fn item(c: &mut Cursor<'_>, depth: usize) -> PResult<SelectItem> {
    c.skip_ws();
    let start = c.pos();
    if c.eat("...") {
        let relation = field_name(c)?;
        let (hint, join) = embed_params(c)?;
        c.skip_ws();
        if c.peek() != Some('(') {
            return Err(c.fail("\"!\" or \"(\" (a spread \"...\" must be followed by an embed)"));
        }
        let select = embed_body(c, depth)?;
        return Ok(SelectItem::Embed {
            relation: relation.text,
            alias: None,
            hint,
            join,
            spread: true,
            select,
        });
    }
    if c.eat_char('*') {
        c.skip_ws();
        if !at_item_end(c, depth) {
            return Err(c.fail(end_expecting(depth)));
        }
        return Ok(SelectItem::Star);
    }

    let first = field_name(c)?;
    let (alias, name) = if c.peek() == Some(':') && !c.starts_with("::") {
        c.bump();
        c.skip_ws();
        if c.starts_with("...") {
            return Err(c.fail_at(
                c.pos(),
                "unexpected \"...\": a spread embed cannot have an alias",
            ));
        }
        if c.peek() == Some('*') {
            return Err(c.fail(EXPECT_FIELD_NAME));
        }
        (Some(first.text), field_name(c)?)
    } else {
        (None, first)
    };

    if name.is_keyword("count") && c.starts_with("()") {
        return Err(c.fail_at(
            start,
            "aggregate functions (count(), sum(), avg(), max(), min()) are not supported",
        ));
    }

    let before_ws = c.pos();
    c.skip_ws();
    if matches!(c.peek(), Some('!' | '(')) {
        let (hint, join) = embed_params(c)?;
        c.skip_ws();
        if c.peek() != Some('(') {
            return Err(c.fail("\"!\" or \"(\""));
        }
        let select = embed_body(c, depth)?;
        return Ok(SelectItem::Embed {
            relation: name.text,
            alias,
            hint,
            join,
            spread: false,
            select,
        });
    }

    c.set_pos(before_ws);
    let path = json_path(c)?;
    let cast = if c.eat("::") {
        Some(identifier(c)?)
    } else {
        None
    };
    c.skip_ws();
    if !at_item_end(c, depth) {
        if c.peek() == Some('.') {
            let rest = c.rest().get(1..).unwrap_or("");
            if AGGREGATES.iter().any(|a| rest.starts_with(a)) {
                return Err(c.fail_at(
                    c.pos(),
                    "aggregate functions (count(), sum(), avg(), max(), min()) are not supported",
                ));
            }
        }
        let expecting = match (cast.is_some(), path.is_empty()) {
            (true, _) => end_expecting(depth),
            (false, true) if depth == 0 => {
                "\"->\", \"->>\", \"::\", \"!\", \"(\", \",\" or end of input"
            }
            (false, true) => "\"->\", \"->>\", \"::\", \"!\", \"(\", \",\" or \")\"",
            (false, false) if depth == 0 => "\"->\", \"->>\", \"::\", \",\" or end of input",
            (false, false) => "\"->\", \"->>\", \"::\", \",\" or \")\"",
        };
        return Err(c.fail(expecting));
    }
    Ok(SelectItem::Field {
        field: Field {
            name: name.text,
            json_path: path,
        },
        alias,
        cast,
    })
}

/// `!hint`, `!inner`, `!left`, `!hint!inner`, … (at most one hint and one join kind).
fn embed_params(c: &mut Cursor<'_>) -> PResult<(Option<String>, Option<JoinKind>)> {
    let mut hint = None;
    let mut join = None;
    while c.peek() == Some('!') {
        c.bump();
        let at = c.pos();
        let param = field_name(c)?;
        let kind = if param.is_keyword("inner") {
            Some(JoinKind::Inner)
        } else if param.is_keyword("left") {
            Some(JoinKind::Left)
        } else {
            None
        };
        match kind {
            Some(kind) if join.is_none() => join = Some(kind),
            Some(_) => {
                return Err(c.fail_at(at, "an embed takes one join kind (!inner or !left)"));
            }
            None if hint.is_none() => hint = Some(param.text),
            None => {
                return Err(c.fail_at(
                    at,
                    format!(
                        "an embed takes one hint, \"{}\" is a second one",
                        param.text
                    ),
                ));
            }
        }
    }
    Ok((hint, join))
}

/// `(items)`; the cursor is on the `(`.
fn embed_body(c: &mut Cursor<'_>, depth: usize) -> PResult<Vec<SelectItem>> {
    if depth + 1 > MAX_DEPTH {
        return Err(c.fail_at(
            c.pos(),
            format!("embeds are nested deeper than the limit of {MAX_DEPTH} levels"),
        ));
    }
    c.bump();
    let items = forest(c, depth + 1)?;
    if !c.eat_char(')') {
        return Err(c.fail("\")\""));
    }
    Ok(items)
}
