//! Completion from the schema cache: backslash commands, verbs, tables and functions, columns
//! (in `select=` — of the embedded table inside its parentheses — `order=`, `columns=`,
//! `on_conflict=`, filters and `or=(…)`), filter operators, function arguments, and the keys
//! of a JSON body. Plain strings in, plain strings out: the terminal's line editor calls it.

use kanisa_rest::{SchemaCache, Table};

use crate::line::{COMMANDS, VERBS};

/// Query-string keys that are not columns.
const KEYWORDS: &[&str] = &[
    "select",
    "order",
    "limit",
    "offset",
    "or",
    "and",
    "not.or",
    "not.and",
    "columns",
    "on_conflict",
];

/// Filter operators, completed with their dot.
const OPERATORS: &[&str] = &[
    "eq",
    "neq",
    "gt",
    "gte",
    "lt",
    "lte",
    "like",
    "ilike",
    "match",
    "imatch",
    "in",
    "is",
    "isdistinct",
    "fts",
    "plfts",
    "phfts",
    "wfts",
    "cs",
    "cd",
    "ov",
    "sl",
    "sr",
    "nxr",
    "nxl",
    "adj",
    "not",
];

const ORDER_MODIFIERS: &[&str] = &["asc", "desc", "nullsfirst", "nullslast"];

/// Completions of `line` with the cursor at byte `pos`: the byte where the word being
/// completed starts, and the candidates that could replace it (sorted, without duplicates).
pub fn complete(cache: &SchemaCache, line: &str, pos: usize) -> (usize, Vec<String>) {
    let pos = floor_char_boundary(line, pos.min(line.len()));
    let before = &line[..pos];
    let lead = before.len() - before.trim_start().len();
    let text = &before[lead..];
    let (start, candidates) = if text.starts_with('\\') {
        command(cache, text)
    } else {
        request(cache, text)
    };
    let word = &text[start..];
    let mut out: Vec<String> = candidates
        .into_iter()
        .filter(|c| c.starts_with(word))
        .collect();
    out.sort();
    out.dedup();
    (lead + start, out)
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Start of the word after the last of `separators` (or 0).
fn word_start(text: &str, separators: &[char]) -> usize {
    text.rfind(separators).map_or(0, |i| i + 1)
}

fn command(cache: &SchemaCache, text: &str) -> (usize, Vec<String>) {
    match text.split_once(char::is_whitespace) {
        None => (0, COMMANDS.iter().map(|(c, _)| (*c).to_owned()).collect()),
        Some((name, _)) => {
            let start = word_start(text, &[' ', '\t']);
            let candidates = match name {
                "\\as" => vec!["anon".to_owned(), "service".to_owned()],
                "\\d" => names(cache.tables.keys())
                    .chain(names(cache.functions.keys()))
                    .collect(),
                _ => Vec::new(),
            };
            (start, candidates)
        }
    }
}

fn names<'a>(keys: impl Iterator<Item = &'a String>) -> impl Iterator<Item = String> {
    keys.cloned()
}

fn request(cache: &SchemaCache, text: &str) -> (usize, Vec<String>) {
    let Some(space) = text.find(char::is_whitespace) else {
        if text.contains(['?', '/']) {
            // A read without a verb, past its table.
            return target_completion(cache, "get", text);
        }
        // The first word: a verb, or a table (a read without a verb).
        let mut c: Vec<String> = VERBS.iter().map(|v| (*v).to_owned()).collect();
        c.extend(names(cache.tables.keys()));
        return (0, c);
    };
    let verb = text[..space].to_ascii_lowercase();
    let rest_start = space + (text[space..].len() - text[space..].trim_start().len());
    let (verb, target_start) = if VERBS.contains(&verb.as_str()) {
        (verb, rest_start)
    } else {
        // No verb: the first word is the target, and the cursor is past it (in a body).
        ("get".to_owned(), 0)
    };
    let target = &text[target_start..];
    // In the JSON body?
    if let Some(body_at) = body_start(target) {
        let body = &target[body_at..];
        let table = target[..body_at].trim_end();
        let (start, c) = body_keys(cache, &verb, table, body);
        return (target_start + body_at + start, c);
    }
    let (start, c) = target_completion(cache, &verb, target);
    (target_start + start, c)
}

/// Where the body starts in `target` (the first whitespace followed by `{` or `[`).
fn body_start(target: &str) -> Option<usize> {
    target.char_indices().find_map(|(i, ch)| {
        if !ch.is_whitespace() {
            return None;
        }
        let after = target[i..].trim_start();
        (after.starts_with('{') || after.starts_with('[')).then(|| target.len() - after.len())
    })
}

fn target_completion(cache: &SchemaCache, verb: &str, target: &str) -> (usize, Vec<String>) {
    // A path pasted from a URL.
    let path = target
        .strip_prefix("/rest/v1")
        .unwrap_or(target)
        .trim_start_matches('/');
    if path.len() < target.len() {
        let skipped = target.len() - path.len();
        let (start, c) = target_completion(cache, verb, path);
        return (skipped + start, c);
    }
    let Some((path, query)) = target.split_once('?') else {
        // The table or function name.
        if verb == "rpc" {
            return (0, names(cache.functions.keys()).collect());
        }
        if target.starts_with("rpc/") {
            return (4, names(cache.functions.keys()).collect());
        }
        return (0, names(cache.tables.keys()).collect());
    };
    let query_at = path.len() + 1;
    let (rpc_fn, table) = match path.strip_prefix("rpc/") {
        Some(f) => (cache.functions.get(f), None),
        None if verb == "rpc" => (cache.functions.get(path), None),
        None => (None, cache.tables.get(path)),
    };
    // A function returning a table's rows filters on that table's columns.
    let table = table.or_else(|| {
        rpc_fn
            .and_then(|f| f.returns_table.as_ref())
            .and_then(|t| cache.tables.get(t))
    });
    let segment_at = word_start(query, &['&']);
    let segment = &query[segment_at..];
    let at = query_at + segment_at;
    let columns = |t: Option<&std::sync::Arc<Table>>| -> Vec<String> {
        t.map(|t| t.columns.iter().map(|c| c.name.clone()).collect())
            .unwrap_or_default()
    };
    let Some((key, value)) = segment.split_once('=') else {
        // A key: a column to filter on, a function argument, or a keyword.
        let mut c = columns(table);
        if let Some(f) = rpc_fn {
            c.extend(f.args.iter().map(|a| a.name.clone()));
        }
        c.extend(KEYWORDS.iter().map(|k| (*k).to_owned()));
        return (at, c);
    };
    let value_at = at + key.len() + 1;
    match key {
        "select" => {
            let (start, c) = select_completion(cache, table.map(|t| t.name.as_str()), value);
            (value_at + start, c)
        }
        "order" => {
            let item_at = word_start(value, &[',']);
            let item = &value[item_at..];
            match item.rfind('.') {
                Some(dot) => (
                    value_at + item_at + dot + 1,
                    ORDER_MODIFIERS.iter().map(|m| (*m).to_owned()).collect(),
                ),
                None => (value_at + item_at, columns(table)),
            }
        }
        "columns" | "on_conflict" => (value_at + word_start(value, &[',']), columns(table)),
        "limit" | "offset" => (value_at, Vec::new()),
        "or" | "and" | "not.or" | "not.and" => {
            // Inside the parentheses: `col.op.value` items separated by commas.
            let item_at = word_start(value, &['(', ',']);
            let item = &value[item_at..];
            match item.find('.') {
                None => {
                    let mut c = columns(table);
                    c.extend(["or(", "and(", "not."].map(str::to_owned));
                    (value_at + item_at, c)
                }
                Some(dot) if !item[dot + 1..].contains('.') => {
                    (value_at + item_at + dot + 1, operators())
                }
                Some(_) => (value_at + value.len(), Vec::new()),
            }
        }
        _ if rpc_fn.is_some_and(|f| f.args.iter().any(|a| a.name == key)) => {
            (value_at + value.len(), Vec::new())
        }
        _ => {
            // A filter's value: the operator first (`not.` may come before it).
            let op_at = match value.strip_prefix("not.") {
                Some(_) => 4,
                None => 0,
            };
            if value[op_at..].contains('.') {
                (value_at + value.len(), Vec::new())
            } else {
                (value_at + op_at, operators())
            }
        }
    }
}

fn operators() -> Vec<String> {
    OPERATORS.iter().map(|o| format!("{o}.")).collect()
}

/// Inside `select=`: columns of the table whose parentheses the cursor is in, and the tables
/// it can embed.
fn select_completion(cache: &SchemaCache, root: Option<&str>, value: &str) -> (usize, Vec<String>) {
    let mut stack: Vec<Option<String>> = vec![root.map(str::to_owned)];
    let mut token_start = 0;
    for (i, ch) in value.char_indices() {
        match ch {
            '(' => {
                let parent = stack.last().cloned().flatten();
                let name = embed_name(&value[token_start..i]);
                stack.push(parent.and_then(|p| related_table(cache, &p, name)));
                token_start = i + 1;
            }
            ')' => {
                if stack.len() > 1 {
                    stack.pop();
                }
                token_start = i + 1;
            }
            ',' => token_start = i + 1,
            _ => {}
        }
    }
    let word_at = word_start(value, &[',', '(', ':']).max(token_start);
    // After `...` (a spread) the word starts past the dots.
    let word_at = word_at + value[word_at..].len() - value[word_at..].trim_start_matches('.').len();
    let Some(Some(table)) = stack.last() else {
        return (word_at, Vec::new());
    };
    let mut c = Vec::new();
    if let Some(t) = cache.tables.get(table) {
        c.extend(t.columns.iter().map(|col| col.name.clone()));
    }
    for fk in &cache.foreign_keys {
        if fk.table == *table {
            c.push(fk.ref_table.clone());
        }
        if fk.ref_table == *table {
            c.push(fk.table.clone());
        }
    }
    (word_at, c)
}

/// The relation of `alias:relation!hint` (spreads' dots removed).
fn embed_name(token: &str) -> &str {
    let token = token.trim().trim_start_matches('.');
    let token = token.rsplit_once(':').map_or(token, |(_, r)| r);
    token.split_once('!').map_or(token, |(r, _)| r)
}

/// The table an embed name reaches from `parent`: a table, a foreign key's name, or the
/// column holding a many-to-one key.
fn related_table(cache: &SchemaCache, parent: &str, name: &str) -> Option<String> {
    if cache.tables.contains_key(name) {
        return Some(name.to_owned());
    }
    cache.foreign_keys.iter().find_map(|fk| {
        if fk.name == name {
            Some(if fk.table == parent {
                fk.ref_table.clone()
            } else {
                fk.table.clone()
            })
        } else if fk.table == parent && fk.columns.len() == 1 && fk.columns[0] == name {
            Some(fk.ref_table.clone())
        } else {
            None
        }
    })
}

/// Keys of a JSON body: after `{` or `,`, a quoted column name (or a function's argument).
fn body_keys(cache: &SchemaCache, verb: &str, target: &str, body: &str) -> (usize, Vec<String>) {
    let Some(quote) = body.rfind('"') else {
        return (body.len(), Vec::new());
    };
    let before = body[..quote].trim_end();
    if !(before.ends_with('{') || before.ends_with(',')) || quote_count(&body[..quote]) % 2 == 1 {
        return (body.len(), Vec::new());
    }
    let path = target.split_once('?').map_or(target, |(p, _)| p);
    let keys: Vec<String> = if verb == "rpc" || path.starts_with("rpc/") {
        let name = path.strip_prefix("rpc/").unwrap_or(path);
        cache
            .functions
            .get(name)
            .map(|f| f.args.iter().map(|a| a.name.clone()).collect())
            .unwrap_or_default()
    } else {
        cache
            .tables
            .get(path)
            .map(|t| t.columns.iter().map(|c| c.name.clone()).collect())
            .unwrap_or_default()
    };
    (
        quote,
        keys.into_iter().map(|k| format!("\"{k}\"")).collect(),
    )
}

/// Unescaped double quotes in `s`.
fn quote_count(s: &str) -> usize {
    let mut n = 0;
    let mut escaped = false;
    for ch in s.chars() {
        match ch {
            '\\' if !escaped => escaped = true,
            '"' if !escaped => n += 1,
            _ => escaped = false,
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;
    use std::sync::Arc;

    use kanisa_rest::{Column, ForeignKey, Function, FunctionArg};

    use super::*;

    fn table(name: &str, columns: &[&str]) -> (String, Arc<Table>) {
        (
            name.to_owned(),
            Arc::new(Table {
                name: name.to_owned(),
                is_view: false,
                columns: columns
                    .iter()
                    .map(|c| Column {
                        name: (*c).to_owned(),
                        type_name: "text".into(),
                        nullable: true,
                        has_default: false,
                        generated: false,
                        description: None,
                        enum_values: None,
                        default_expr: None,
                    })
                    .collect(),
                primary_key: vec!["id".into()],
                description: None,
                grants: Default::default(),
                ..Default::default()
            }),
        )
    }

    fn cache() -> SchemaCache {
        SchemaCache {
            tables: HashMap::from([
                table(
                    "sermons",
                    &["id", "title", "speaker", "series_id", "is_published"],
                ),
                table("sermon_series", &["id", "name", "slug"]),
                table("messages", &["id", "subject", "sender_name"]),
            ]),
            foreign_keys: vec![ForeignKey {
                name: "sermons_series_id_fkey".into(),
                table: "sermons".into(),
                columns: vec!["series_id".into()],
                ref_table: "sermon_series".into(),
                ref_columns: vec!["id".into()],
            }],
            functions: HashMap::from([(
                "get_monthly_giving".to_owned(),
                Arc::new(Function {
                    name: "get_monthly_giving".into(),
                    args: vec![FunctionArg {
                        name: "from_date".into(),
                        type_name: "date".into(),
                        has_default: false,
                    }],
                    returns_set: true,
                    return_type: "record".into(),
                    volatility: 's',
                    returns_table: None,
                    returns_composite: true,
                    description: None,
                    out_columns: Vec::new(),
                    anon_execute: false,
                    authenticated_execute: false,
                }),
            )]),
            bypass_rls: Vec::new(),
        }
    }

    fn at_end(line: &str) -> (usize, Vec<String>) {
        complete(&cache(), line, line.len())
    }

    fn words(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn tables_verbs_and_functions() {
        assert_eq!(at_end("ser"), (0, words(&["sermon_series", "sermons"])));
        assert_eq!(at_end("get ser"), (4, words(&["sermon_series", "sermons"])));
        assert_eq!(at_end("  pa"), (2, words(&["patch"])));
        assert_eq!(at_end("rpc get_m"), (4, words(&["get_monthly_giving"])));
        assert_eq!(at_end("get rpc/get"), (8, words(&["get_monthly_giving"])));
    }

    #[test]
    fn commands_and_their_arguments() {
        assert_eq!(at_end("\\j"), (0, words(&["\\json"])));
        assert_eq!(at_end("\\as s"), (4, words(&["service"])));
        assert_eq!(at_end("\\d mes"), (3, words(&["messages"])));
    }

    #[test]
    fn columns_in_the_query_string() {
        let line = "get sermons?select=ti";
        assert_eq!(at_end(line), (19, words(&["title"])));
        assert_eq!(at_end("get sermons?select=title,sp").1, words(&["speaker"]));
        // Inside an embed's parentheses: the embedded table's columns.
        assert_eq!(
            at_end("get sermons?select=title,sermon_series(na").1,
            words(&["name"])
        );
        assert_eq!(
            at_end("get sermons?select=title,s:series_id(sl").1,
            words(&["slug"])
        );
        // Embeddable tables.
        assert_eq!(
            at_end("get sermons?select=sermon_").1,
            words(&["sermon_series"])
        );
        assert_eq!(
            at_end("get sermons?select=title&is_p").1,
            words(&["is_published"])
        );
        assert_eq!(
            at_end("sermons?o").1,
            words(&["offset", "on_conflict", "or", "order"])
        );
        assert_eq!(at_end("/rest/v1/sermons?sp"), (17, words(&["speaker"])));
        assert_eq!(at_end("get sermons?order=tit").1, words(&["title"]));
        assert_eq!(at_end("get sermons?order=title.d").1, words(&["desc"]));
        assert_eq!(
            at_end("get sermons?speaker=i").1,
            words(&["ilike.", "imatch.", "in.", "is.", "isdistinct."])
        );
        assert_eq!(at_end("get sermons?speaker=not.e").1, words(&["eq."]));
        assert_eq!(at_end("get sermons?speaker=eq.x").1, Vec::<String>::new());
        assert_eq!(at_end("get sermons?or=(ti").1, words(&["title"]));
        assert_eq!(
            at_end("get sermons?or=(title.eq.a,spe").1,
            words(&["speaker"])
        );
        assert_eq!(
            at_end("get rpc/get_monthly_giving?fr").1,
            words(&["from_date"])
        );
    }

    #[test]
    fn keys_of_a_body() {
        assert_eq!(
            at_end(r#"post messages {"sub"#),
            (15, words(&["\"subject\""]))
        );
        assert_eq!(
            at_end(r#"post messages {"subject": "x", "se"#).1,
            words(&["\"sender_name\""])
        );
        assert_eq!(
            at_end(r#"post messages {"subject": "se"#).1,
            Vec::<String>::new()
        );
        assert_eq!(
            at_end(r#"rpc get_monthly_giving {"f"#).1,
            words(&["\"from_date\""])
        );
    }

    #[test]
    fn the_cursor_may_be_mid_line() {
        let line = "get ser?limit=1";
        assert_eq!(
            complete(&cache(), line, 7),
            (4, words(&["sermon_series", "sermons"]))
        );
    }
}
