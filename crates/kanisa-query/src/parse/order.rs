//! `order=a.desc.nullslast,b,data->>x.asc`.

use super::cursor::{Cursor, PResult, quote};
use super::names::{field_name, json_path};
use crate::ast::{Direction, Field, Nulls, OrderTerm};

const END: &str = "\",\" or end of input";

pub(crate) fn terms(c: &mut Cursor<'_>) -> PResult<Vec<OrderTerm>> {
    let mut out = Vec::new();
    loop {
        c.skip_ws();
        out.push(term(c)?);
        c.skip_ws();
        if c.eat_char(',') {
            continue;
        }
        if c.at_end() {
            return Ok(out);
        }
        return Err(c.fail(END));
    }
}

fn word<'a>(c: &mut Cursor<'a>) -> (usize, &'a str) {
    let at = c.pos();
    (
        at,
        c.take_while(|ch| ch.is_ascii_alphanumeric() || ch == '_'),
    )
}

fn unexpected_word(c: &Cursor<'_>, at: usize, word: &str, expecting: &str) -> super::cursor::Fail {
    if word.is_empty() {
        c.fail(expecting)
    } else {
        c.fail_at(
            at,
            format!("unexpected {} expecting {expecting}", quote(word)),
        )
    }
}

fn term(c: &mut Cursor<'_>) -> PResult<OrderTerm> {
    let name = field_name(c)?;
    if c.peek() == Some('(') {
        return Err(c.fail_at(
            c.pos(),
            "unexpected \"(\": ordering by a column of an embedded resource (rel(col)) is not \
             supported; order inside the embed with rel.order=col",
        ));
    }
    let path = json_path(c)?;
    let mut direction = None;
    let mut nulls = None;
    if c.eat_char('.') {
        let (at, w) = word(c);
        match w {
            "asc" => direction = Some(Direction::Asc),
            "desc" => direction = Some(Direction::Desc),
            "nullsfirst" => nulls = Some(Nulls::First),
            "nullslast" => nulls = Some(Nulls::Last),
            _ => {
                return Err(unexpected_word(
                    c,
                    at,
                    w,
                    "\"asc\", \"desc\", \"nullsfirst\" or \"nullslast\"",
                ));
            }
        }
        if direction.is_some() && c.eat_char('.') {
            let (at, w) = word(c);
            match w {
                "nullsfirst" => nulls = Some(Nulls::First),
                "nullslast" => nulls = Some(Nulls::Last),
                _ => {
                    return Err(unexpected_word(c, at, w, "\"nullsfirst\" or \"nullslast\""));
                }
            }
        }
    }
    c.skip_ws();
    if !(c.at_end() || c.peek() == Some(',')) {
        let expecting = match (direction.is_some(), nulls.is_some()) {
            (_, true) => END,
            (true, false) => "delimiter (.), \",\" or end of input",
            (false, false) => "\"->\", \"->>\", delimiter (.), \",\" or end of input",
        };
        return Err(c.fail(expecting));
    }
    Ok(OrderTerm {
        field: Field {
            name: name.text,
            json_path: path,
        },
        direction,
        nulls,
    })
}
