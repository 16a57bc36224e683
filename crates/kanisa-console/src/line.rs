//! One console line, parsed: a request in the table API's own grammar or a backslash command.
//!
//! ```text
//! get sermons?select=title&limit=5          a read (the verb may be left out)
//! head sermons?is_published=eq.true         the same without a body
//! post messages {"sender_name": "Jane"}      an insert (a JSON object or array)
//! patch sermons?id=eq.… {"title": "New"}    an update
//! delete sermons?id=eq.…                    a delete
//! rpc get_monthly_giving {"from_date": …}   a function call (POST); `get rpc/fn?a=1` is GET
//! \as anon | service | <email>              who asks
//! \json  \table  \sql  \prefer …  \d [table]  \help  \q
//! ```
//!
//! The target may be written as a path (`/rest/v1/sermons?…`, pasted from a URL). Spaces in
//! the query string are sent as `%20`, so `speaker=eq.Pr. Otieno` works as typed; the body
//! starts at the first space followed by `{` or `[`.

use kanisa_rest::Method;

/// A parsed line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    Empty,
    Request(Request),
    Command(Command),
}

/// A table-API request as typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    pub method: Method,
    /// Table, or function when `rpc`.
    pub target: String,
    pub rpc: bool,
    /// Percent-encoded query string, without `?`.
    pub query: String,
    /// JSON text, checked to be JSON.
    pub body: Option<String>,
}

/// A backslash command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `\as` alone shows who is asking.
    As(Option<String>),
    Json,
    Table,
    /// Toggles showing the generated SQL.
    Sql,
    /// `\prefer` alone clears the `Prefer` values sent with every request.
    Prefer(Option<String>),
    /// `\d` lists tables and functions; `\d name` describes one.
    Describe(Option<String>),
    /// `\listen TABLE [FILTER]`: stream the table's changes as the current identity.
    Listen {
        table: String,
        filter: Option<String>,
    },
    Help,
    Quit,
}

/// The backslash commands, for `\help` and completion.
pub const COMMANDS: &[(&str, &str)] = &[
    (
        "\\as",
        "anon | service | <email>   ask as nobody, as service_role, or as that user",
    ),
    ("\\json", "show results as JSON"),
    ("\\table", "show results as an aligned table (the default)"),
    ("\\sql", "show the SQL each request runs (toggle)"),
    (
        "\\prefer",
        "[values]   Prefer sent with every request, e.g. return=representation,count=exact",
    ),
    (
        "\\d",
        "[name]   list tables and functions, or describe one (columns, policies)",
    ),
    (
        "\\listen",
        "TABLE [FILTER]   watch a published table's changes as the current identity, e.g. \\listen sermons id=eq.5 (Ctrl-C stops)",
    ),
    ("\\help", "this list"),
    ("\\q", "quit (also Ctrl-D)"),
];

/// Request verbs, for completion.
pub const VERBS: &[&str] = &["get", "head", "post", "patch", "delete", "rpc"];

/// Why a line could not be parsed; shown as it is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct LineError(pub String);

fn err<T>(message: impl Into<String>) -> Result<T, LineError> {
    Err(LineError(message.into()))
}

/// Parses one line.
pub fn parse_line(line: &str) -> Result<Line, LineError> {
    let line = line.trim();
    if line.is_empty() || line.starts_with("--") {
        return Ok(Line::Empty);
    }
    if let Some(command) = line.strip_prefix('\\') {
        return parse_command(command).map(Line::Command);
    }
    parse_request(line).map(Line::Request)
}

fn parse_command(text: &str) -> Result<Command, LineError> {
    let (name, arg) = match text.split_once(char::is_whitespace) {
        Some((n, a)) => (n, Some(a.trim()).filter(|a| !a.is_empty())),
        None => (text, None),
    };
    let no_arg = |c: Command| match arg {
        None => Ok(c),
        Some(_) => err(format!("\\{name} takes no argument")),
    };
    match name {
        "as" => Ok(Command::As(arg.map(str::to_owned))),
        "json" => no_arg(Command::Json),
        "table" => no_arg(Command::Table),
        "sql" => no_arg(Command::Sql),
        "prefer" => Ok(Command::Prefer(arg.map(str::to_owned))),
        "d" => Ok(Command::Describe(arg.map(str::to_owned))),
        "listen" => match arg
            .map(|a| a.split_whitespace().collect::<Vec<_>>())
            .as_deref()
        {
            Some([table]) => Ok(Command::Listen {
                table: (*table).to_owned(),
                filter: None,
            }),
            Some([table, filter]) => Ok(Command::Listen {
                table: (*table).to_owned(),
                filter: Some((*filter).to_owned()),
            }),
            _ => err("\\listen takes a table and, if you like, a filter: \\listen sermons id=eq.5"),
        },
        "help" | "?" | "h" => Ok(Command::Help),
        "q" | "quit" => Ok(Command::Quit),
        _ => err(format!("unknown command \\{name}; \\help lists them")),
    }
}

fn parse_request(line: &str) -> Result<Request, LineError> {
    let (first, rest) = split_word(line);
    let verb = first.to_ascii_lowercase();
    let (method, forced_rpc, rest) = match verb.as_str() {
        "get" => (Method::Get, false, rest),
        "head" => (Method::Head, false, rest),
        "post" => (Method::Post, false, rest),
        "patch" => (Method::Patch, false, rest),
        "delete" => (Method::Delete, false, rest),
        "rpc" => (Method::Post, true, rest),
        // No verb: a read.
        _ => (Method::Get, false, line),
    };
    if rest.is_empty() {
        return err(format!(
            "{verb} needs a {}",
            if forced_rpc { "function" } else { "table" }
        ));
    }
    let (target, body) = split_body(rest);
    let body = match body {
        Some(b) => match serde_json::from_str::<serde_json::Value>(b) {
            Ok(_) => Some(b.to_owned()),
            Err(e) => return err(format!("the body is not JSON: {e}")),
        },
        None => None,
    };
    let path = target
        .strip_prefix("/rest/v1")
        .unwrap_or(target)
        .trim_start_matches('/');
    let (path, query) = match path.split_once('?') {
        Some((p, q)) => (p, q.trim().replace(' ', "%20")),
        None => (path, String::new()),
    };
    let (rpc, name) = match path.strip_prefix("rpc/") {
        Some(f) if !forced_rpc => (true, f),
        _ => (forced_rpc, path),
    };
    if name.is_empty() || name.contains('/') {
        return err(format!("{name:?} is not a table or function name"));
    }
    if rpc && !matches!(method, Method::Get | Method::Head | Method::Post) {
        return err("functions are called with get, head, post or rpc");
    }
    if body.is_some() && matches!(method, Method::Get | Method::Head | Method::Delete) {
        return err(format!("{verb} takes no body"));
    }
    if body.is_none() && !rpc && matches!(method, Method::Post | Method::Patch) {
        return err(format!("{verb} needs a JSON body after the table"));
    }
    Ok(Request {
        method,
        target: name.to_owned(),
        rpc,
        query,
        body,
    })
}

/// The first word and the rest (trimmed).
fn split_word(s: &str) -> (&str, &str) {
    match s.split_once(char::is_whitespace) {
        Some((w, rest)) => (w, rest.trim_start()),
        None => (s, ""),
    }
}

/// The target and the JSON body: the body starts at the first whitespace followed by `{` or `[`.
fn split_body(s: &str) -> (&str, Option<&str>) {
    let bytes = s.as_bytes();
    for (i, b) in bytes.iter().enumerate() {
        if b.is_ascii_whitespace() {
            let after = s[i..].trim_start();
            if after.starts_with('{') || after.starts_with('[') {
                return (s[..i].trim_end(), Some(after.trim_end()));
            }
        }
    }
    // A body right after the table, without a space: `post messages{…}`.
    if let Some(i) = s.find(['{', '[']).filter(|&i| !s[..i].contains('?'))
        && i > 0
    {
        return (&s[..i], Some(&s[i..]));
    }
    (s.trim_end(), None)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(line: &str) -> Request {
        match parse_line(line) {
            Ok(Line::Request(r)) => r,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn requests() {
        let r = req("get sermons?select=title&limit=5");
        assert_eq!(
            (r.method, r.target.as_str(), r.rpc, r.query.as_str(), r.body),
            (Method::Get, "sermons", false, "select=title&limit=5", None)
        );
        assert_eq!(req("sermons").method, Method::Get);
        assert_eq!(req("HEAD sermons").method, Method::Head);
        assert_eq!(req("/rest/v1/sermons?limit=1").query, "limit=1");
        assert_eq!(
            req("get sermons?speaker=eq.Pr. Otieno&limit=1").query,
            "speaker=eq.Pr.%20Otieno&limit=1"
        );

        let p = req(r#"post messages {"sender_name": "Jane", "message": "Hi"}"#);
        assert_eq!(p.method, Method::Post);
        assert_eq!(p.target, "messages");
        assert_eq!(
            p.body.as_deref(),
            Some(r#"{"sender_name": "Jane", "message": "Hi"}"#)
        );
        let p = req(r#"post messages?columns=subject [{"subject": "a"}]"#);
        assert_eq!(p.query, "columns=subject");
        assert!(p.body.unwrap().starts_with('['));
        let p = req(r#"patch sermons?id=eq.1 {"title":"x"}"#);
        assert_eq!((p.method, p.query.as_str()), (Method::Patch, "id=eq.1"));
        assert_eq!(req("delete sermons?id=eq.1").method, Method::Delete);

        let c = req(r#"rpc get_monthly_giving {"from_date":"2026-01-01"}"#);
        assert_eq!(
            (c.method, c.rpc, c.target.as_str()),
            (Method::Post, true, "get_monthly_giving")
        );
        assert_eq!(req("rpc get_message_stats").body, None);
        let g = req("get rpc/get_monthly_giving?from_date=2026-01-01");
        assert_eq!(
            (g.method, g.rpc, g.target.as_str(), g.query.as_str()),
            (
                Method::Get,
                true,
                "get_monthly_giving",
                "from_date=2026-01-01"
            )
        );
    }

    #[test]
    fn bad_requests_say_why() {
        for (line, says) in [
            ("post messages", "needs a JSON body"),
            ("post messages {nope}", "not JSON"),
            ("get sermons {\"a\":1}", "takes no body"),
            ("delete", "needs a table"),
            ("rpc", "needs a function"),
            ("patch rpc/f {}", "functions are called with"),
            ("get a/b", "not a table"),
        ] {
            let e = parse_line(line).unwrap_err();
            assert!(e.0.contains(says), "{line}: {e}");
        }
    }

    #[test]
    fn commands() {
        let c = |l: &str| match parse_line(l) {
            Ok(Line::Command(c)) => c,
            other => panic!("{l}: {other:?}"),
        };
        assert_eq!(c("\\as anon"), Command::As(Some("anon".into())));
        assert_eq!(
            c("\\as  pastor@example.org "),
            Command::As(Some("pastor@example.org".into()))
        );
        assert_eq!(c("\\as"), Command::As(None));
        assert_eq!(c("\\json"), Command::Json);
        assert_eq!(c("\\table"), Command::Table);
        assert_eq!(c("\\sql"), Command::Sql);
        assert_eq!(
            c("\\prefer return=representation"),
            Command::Prefer(Some("return=representation".into()))
        );
        assert_eq!(c("\\d sermons"), Command::Describe(Some("sermons".into())));
        assert_eq!(c("\\?"), Command::Help);
        assert_eq!(
            c("\\listen sermons"),
            Command::Listen {
                table: "sermons".into(),
                filter: None
            }
        );
        assert_eq!(
            c("\\listen events id=eq.3"),
            Command::Listen {
                table: "events".into(),
                filter: Some("id=eq.3".into())
            }
        );
        assert!(
            parse_line("\\listen")
                .unwrap_err()
                .0
                .contains("\\listen sermons")
        );
        assert_eq!(c("\\q"), Command::Quit);
        assert!(parse_line("\\sql on").is_err());
        assert!(parse_line("\\nope").unwrap_err().0.contains("\\help"));
        assert_eq!(parse_line("   ").unwrap(), Line::Empty);
        assert_eq!(parse_line("-- a comment").unwrap(), Line::Empty);
    }
}
