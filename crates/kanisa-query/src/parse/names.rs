//! Names and paths: field names (plain or double-quoted), JSON paths, the dotted embed paths of
//! keys, and comma-separated column lists.

use super::cursor::{Cursor, PResult};
use crate::ast::{Field, JsonKey, JsonStep};

pub(crate) const EXPECT_FIELD_NAME: &str = "field name (* or [a..z0..9_$])";

/// A field name as written: `quoted` tells `"inner"` (a name) from `inner` (a keyword).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Name {
    pub text: String,
    pub quoted: bool,
}

impl Name {
    /// True when this is the unquoted keyword `word`.
    pub fn is_keyword(&self, word: &str) -> bool {
        !self.quoted && self.text == word
    }
}

/// Characters of an unquoted identifier: letters, digits, `_`, `$`, any non-ASCII character,
/// and (as in PostgREST) inner spaces, which are trimmed from the ends.
pub(crate) fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | ' ') || !c.is_ascii()
}

fn trim_spaces(s: &str) -> &str {
    s.trim_matches(' ')
}

/// `"…"` with `\x` standing for `x`; the cursor is on the opening quote.
pub(crate) fn quoted(c: &mut Cursor<'_>) -> PResult<String> {
    if !c.eat_char('"') {
        return Err(c.fail("\"\\\"\""));
    }
    let mut out = String::new();
    loop {
        match c.bump() {
            None => return Err(c.fail("closing quote (\")")),
            Some('"') => return Ok(out),
            Some('\\') => match c.bump() {
                None => return Err(c.fail("an escaped character after \"\\\"")),
                Some(ch) => out.push(ch),
            },
            Some(ch) => out.push(ch),
        }
    }
}

/// Identifier parts joined by dashes (`my-col`); a dash followed by `>` starts a JSON arrow.
fn dashed(
    c: &mut Cursor<'_>,
    part: impl Fn(char) -> bool,
    trim: fn(&str) -> &str,
    expecting: &str,
) -> PResult<String> {
    let start = c.pos();
    let mut out = String::new();
    loop {
        let piece = c.take_while(&part);
        if piece.is_empty() {
            return Err(c.fail(expecting));
        }
        out.push_str(trim(piece));
        if c.starts_with("-") && !c.starts_with("->") {
            c.bump();
            out.push('-');
        } else {
            break;
        }
    }
    if out.is_empty() {
        return Err(c.fail_at(start, format!("empty name, expecting {expecting}")));
    }
    Ok(out)
}

/// A column, relation, alias or hint name: `"quoted"` or an identifier (`my-col` allowed).
pub(crate) fn field_name(c: &mut Cursor<'_>) -> PResult<Name> {
    if c.peek() == Some('"') {
        return Ok(Name {
            text: quoted(c)?,
            quoted: true,
        });
    }
    let text = dashed(c, is_ident_char, trim_spaces, EXPECT_FIELD_NAME)?;
    Ok(Name {
        text,
        quoted: false,
    })
}

/// A cast type or text-search configuration: letters, digits, `_`, `$`, spaces.
pub(crate) fn identifier(c: &mut Cursor<'_>) -> PResult<String> {
    let start = c.pos();
    let text = c.take_while(is_ident_char).trim_matches(' ');
    if text.is_empty() {
        c.set_pos(start);
        return Err(c.fail("letter or digit"));
    }
    Ok(text.to_owned())
}

/// `->key`, `->>key`, `->0`, `->-1`, repeated; empty when no arrow follows.
pub(crate) fn json_path(c: &mut Cursor<'_>) -> PResult<Vec<JsonStep>> {
    let mut steps = Vec::new();
    loop {
        let double = if c.eat("->>") {
            true
        } else if c.eat("->") {
            false
        } else {
            return Ok(steps);
        };
        let key = json_operand(c)?;
        steps.push(if double {
            JsonStep::DoubleArrow(key)
        } else {
            JsonStep::Arrow(key)
        });
    }
}

const JSON_INDEX_END: &str = "digit, \"->\", \"::\", \".\", \",\", \")\" or end of input";

fn json_operand(c: &mut Cursor<'_>) -> PResult<JsonKey> {
    if c.peek() == Some('"') {
        return Ok(JsonKey::Key(quoted(c)?));
    }
    let start = c.pos();
    let negative = c.eat_char('-');
    let digits = c.take_while(|ch| ch.is_ascii_digit());
    if !digits.is_empty() {
        let after = c.pos();
        c.skip_ws();
        let ends = c.at_end() || [")", ",", ".", "->", "::"].iter().any(|s| c.starts_with(s));
        c.set_pos(after);
        if ends {
            let text = c.since(start);
            return text.parse::<i64>().map(JsonKey::Index).map_err(|_| {
                c.fail_at(
                    start,
                    format!("JSON array index {text} is out of range (64-bit integer)"),
                )
            });
        }
        if negative {
            return Err(c.fail(JSON_INDEX_END));
        }
    } else if negative {
        return Err(c.fail("digit"));
    }
    c.set_pos(start);
    let key = dashed(
        c,
        |ch| !matches!(ch, '(' | ')' | '-' | ':' | '.' | ',' | '>'),
        str::trim,
        "JSON key (any character except .,:>() or a quoted key)",
    )?;
    Ok(JsonKey::Key(key))
}

/// A field with its JSON path, with spaces and tabs around it skipped.
pub(crate) fn field(c: &mut Cursor<'_>) -> PResult<Field> {
    c.skip_ws();
    let name = field_name(c)?;
    let json_path = json_path(c)?;
    c.skip_ws();
    Ok(Field {
        name: name.text,
        json_path,
    })
}

/// A key's dotted names (`rel.sub.col`), each plain or quoted, up to a JSON path or the end.
pub(crate) fn dotted_names(c: &mut Cursor<'_>) -> PResult<Vec<Name>> {
    let mut names = vec![field_name(c)?];
    while c.eat_char('.') {
        names.push(field_name(c)?);
    }
    Ok(names)
}

/// A filter key: `rel.sub.col->a` → (`["rel","sub"]`, `col->a`). Must cover the whole text.
pub(crate) fn tree_path(c: &mut Cursor<'_>) -> PResult<(Vec<String>, Field)> {
    let mut names = dotted_names(c)?;
    let json_path = json_path(c)?;
    c.skip_ws();
    if !c.at_end() {
        let expecting = if json_path.is_empty() {
            "\"->\", \"->>\", delimiter (.) or end of input"
        } else {
            "\"->\", \"->>\" or end of input"
        };
        return Err(c.fail(expecting));
    }
    let last = names.pop().map(|n| n.text).unwrap_or_default();
    let path = names.into_iter().map(|n| n.text).collect();
    Ok((
        path,
        Field {
            name: last,
            json_path,
        },
    ))
}

/// `a,b` or `"a","b"` (spaces around items allowed), covering the whole text.
pub(crate) fn column_list(c: &mut Cursor<'_>) -> PResult<Vec<String>> {
    let mut out = Vec::new();
    loop {
        c.skip_ws();
        out.push(field_name(c)?.text);
        c.skip_ws();
        if c.eat_char(',') {
            continue;
        }
        if c.at_end() {
            return Ok(out);
        }
        return Err(c.fail("\",\" or end of input"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run<T>(f: impl Fn(&mut Cursor<'_>) -> PResult<T>, s: &str) -> (PResult<T>, usize) {
        let mut c = Cursor::new(s);
        let r = f(&mut c);
        (r, c.pos())
    }

    #[test]
    fn field_names() {
        let cases: &[(&str, &str, bool)] = &[
            ("identifier", "identifier", false),
            ("identifier with spaces", "identifier with spaces", false),
            ("with-dashes", "with-dashes", false),
            ("123", "123", false),
            ("_", "_", false),
            ("$", "$", false),
            ("名前", "名前", false),
            ("élan", "élan", false),
            (" padded ", "padded", false),
            ("\":\"", ":", true),
            ("\" leading and trailing \"", " leading and trailing ", true),
            (
                r#""with \"escaped\" quote""#,
                "with \"escaped\" quote",
                true,
            ),
            (r#""back\\slash""#, "back\\slash", true),
            ("\"a.b,c(d)\"", "a.b,c(d)", true),
        ];
        for (input, text, quoted) in cases {
            let (r, _) = run(field_name, input);
            assert_eq!(
                r,
                Ok(Name {
                    text: (*text).into(),
                    quoted: *quoted
                }),
                "{input}"
            );
        }
    }

    #[test]
    fn field_name_failures() {
        for (input, details) in [
            (":", "unexpected \":\" expecting field name"),
            ("", "unexpected end of input expecting field name"),
            ("\"open", "unexpected end of input expecting closing quote"),
            ("a-", "unexpected end of input expecting field name"),
        ] {
            let (r, _) = run(field_name, input);
            let err = r.expect_err(input);
            assert!(err.details.contains(details), "{input}: {}", err.details);
        }
    }

    #[test]
    fn json_paths() {
        use JsonKey::{Index, Key};
        use JsonStep::{Arrow, DoubleArrow};
        let cases: Vec<(&str, Vec<JsonStep>, &str)> = vec![
            ("->text", vec![Arrow(Key("text".into()))], ""),
            ("->>text", vec![DoubleArrow(Key("text".into()))], ""),
            ("->1", vec![Arrow(Index(1))], ""),
            ("->>-2", vec![DoubleArrow(Index(-2))], ""),
            ("->0,other", vec![Arrow(Index(0))], ",other"),
            ("->0.desc", vec![Arrow(Index(0))], ".desc"),
            ("->0)", vec![Arrow(Index(0))], ")"),
            ("->1a", vec![Arrow(Key("1a".into()))], ""),
            ("->!@#$%^&*_a", vec![Arrow(Key("!@#$%^&*_a".into()))], ""),
            (
                "->a->>b",
                vec![Arrow(Key("a".into())), DoubleArrow(Key("b".into()))],
                "",
            ),
            ("->\"a.b\"", vec![Arrow(Key("a.b".into()))], ""),
            ("->my-key", vec![Arrow(Key("my-key".into()))], ""),
            ("->a::int", vec![Arrow(Key("a".into()))], "::int"),
        ];
        for (input, steps, rest) in cases {
            let mut c = Cursor::new(input);
            assert_eq!(json_path(&mut c), Ok(steps), "{input}");
            assert_eq!(c.rest(), rest, "{input}");
        }
    }

    #[test]
    fn json_path_failures() {
        for (input, details) in [
            ("->>-78xy", "unexpected \"x\" expecting digit"),
            ("->>--34", "unexpected \"-\" expecting digit"),
            ("->", "unexpected end of input expecting JSON key"),
            ("->99999999999999999999", "out of range"),
        ] {
            let (r, _) = run(json_path, input);
            let err = r.expect_err(input);
            assert!(err.details.contains(details), "{input}: {}", err.details);
        }
    }

    #[test]
    fn tree_paths() {
        let (r, _) = run(tree_path, "rel.sub.col->a");
        let (path, field) = r.expect("parses");
        assert_eq!(path, ["rel", "sub"]);
        assert_eq!(field.name, "col");
        assert_eq!(field.json_path.len(), 1);
        let (r, _) = run(tree_path, "\"a.b\".c");
        assert_eq!(r.expect("parses").0, ["a.b"]);
        let (r, _) = run(tree_path, "data->a.b");
        assert!(r.is_err());
    }

    #[test]
    fn column_lists() {
        let (r, _) = run(column_list, "\"a\",\"b c\", d");
        assert_eq!(r, Ok(vec!["a".into(), "b c".into(), "d".into()]));
        let (r, _) = run(column_list, "a,");
        assert!(r.is_err());
    }
}
