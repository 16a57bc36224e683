//! The console's state and one step of it: a line in, text out. Requests go through
//! [`Rest::handle`] in-process, as the chosen identity; nothing here knows the terminal.

use std::sync::Arc;
use std::time::{Duration, Instant};

use kanisa_pg::Pool;
use kanisa_query::ast::Return;
use kanisa_rest::{ApiRequest, ErrorParts, Method, RequestParts, Rest, RestError};
use serde_json::{Value, json};

use kanisa_auth::Identity;

use crate::identity;
use crate::line::{COMMANDS, Command, Line, Request, parse_line};
use crate::render::Json;
use crate::{ConsoleError, policies, render};

/// How results are shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Table,
    Json,
}

/// What a line produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    pub text: String,
    /// The response status, when the line was a request that got one.
    pub status: Option<u16>,
    /// The line could not be run (not understood, unknown user).
    pub error: bool,
    /// `\q`.
    pub quit: bool,
}

impl Reply {
    fn text(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            status: None,
            error: false,
            quit: false,
        }
    }

    fn error(text: impl Into<String>) -> Reply {
        Reply {
            error: true,
            ..Reply::text(text)
        }
    }

    /// A line that could not run, or a request answered with 4xx/5xx.
    pub fn failed(&self) -> bool {
        self.error || self.status.is_some_and(|s| s >= 400)
    }
}

/// A request's outcome, before it is rendered.
#[derive(Debug, Clone)]
pub struct Answer {
    pub status: u16,
    /// The response body (a plain string when it is not JSON), or the error envelope
    /// `{code, message, details, hint}`; numbers as the server wrote them.
    pub body: Option<Json>,
    pub content_range: Option<String>,
    pub elapsed: Duration,
    /// The generated SQL (with `\sql`), when the request could be planned.
    pub sql: Option<String>,
    pub error: Option<ErrorParts>,
    /// For a refusal: the policies or privileges behind it.
    pub denial: Option<String>,
    /// For an update or delete that changed nothing: the policies that may have hidden rows.
    pub note: Option<String>,
}

impl Answer {
    /// Rows in the body, for the status line.
    pub fn rows(&self) -> Option<usize> {
        if self.error.is_some() {
            return None;
        }
        match &self.body {
            Some(Json::Array(rows)) => Some(rows.len()),
            Some(Json::Object(_)) => Some(1),
            _ => None,
        }
    }

    /// The body as a `serde_json` value (numbers parsed).
    pub fn body_value(&self) -> Option<Value> {
        self.body
            .as_ref()
            .map(|b| serde_json::from_str(&b.compact()).unwrap_or(Value::Null))
    }

    /// `200 OK, 5 rows, range 0-4/*, 3.1 ms`.
    pub fn status_line(&self) -> String {
        render::status_line(
            self.status,
            self.rows(),
            self.content_range.as_deref(),
            self.elapsed,
        )
    }

    /// The SQL, the result (or the error with its explanation), and the status line.
    pub fn render(&self, format: Format) -> String {
        let mut parts = Vec::new();
        if let Some(sql) = &self.sql {
            parts.push(sql.clone());
        }
        match (&self.error, &self.body) {
            (Some(e), _) => parts.push(error_text(e)),
            (None, Some(body)) => parts.push(match format {
                Format::Table => render::table(body),
                Format::Json => render::json(body),
            }),
            (None, None) => {}
        }
        if let Some(d) = &self.denial {
            parts.push(d.clone());
        }
        if let Some(n) = &self.note {
            parts.push(n.clone());
        }
        parts.push(self.status_line());
        parts.join("\n")
    }
}

/// `404 PGRST205  Could not find …` with details and hint on their own lines.
fn error_text(e: &ErrorParts) -> String {
    let mut out = format!("error {}: {}", e.code, e.message);
    match &e.details {
        Some(Value::String(d)) => out.push_str(&format!("\n  details: {d}")),
        Some(other) => out.push_str(&format!("\n  details: {other}")),
        None => {}
    }
    if let Some(h) = &e.hint {
        out.push_str(&format!("\n  hint: {h}"));
    }
    out
}

/// The console: the table API, the owner connections it looks users and policies up with,
/// and the session's settings.
pub struct Console {
    rest: Arc<Rest>,
    service: Pool,
    identity: Identity,
    format: Format,
    show_sql: bool,
    prefer: Option<String>,
    /// Realtime's hub, for `\listen` (none: `\listen` says so).
    realtime: Option<kanisa_realtime::Hub>,
}

impl Console {
    /// A console asking as `anon`, showing tables. `service` is a pool of owner connections
    /// (users are looked up in `auth.users`, policies in `pg_policies`).
    pub fn new(rest: Arc<Rest>, service: Pool) -> Console {
        Console {
            rest,
            service,
            identity: Identity::anon(),
            format: Format::Table,
            show_sql: false,
            prefer: None,
            realtime: None,
        }
    }

    /// `\listen` runs on `hub` (fed by the database's change feed).
    pub fn with_realtime(mut self, hub: kanisa_realtime::Hub) -> Console {
        self.realtime = Some(hub);
        self
    }

    /// Starts `\listen TABLE [FILTER]` as the current identity.
    pub async fn listen(
        &self,
        table: &str,
        filter: Option<&str>,
    ) -> Result<crate::Listening, ConsoleError> {
        let Some(hub) = &self.realtime else {
            return Err(ConsoleError::Listen(
                "\\listen needs realtime: it runs in `kanisa console`".into(),
            ));
        };
        crate::Listening::start(hub, &self.identity, table, filter).await
    }

    pub fn rest(&self) -> &Arc<Rest> {
        &self.rest
    }

    pub fn identity(&self) -> &Identity {
        &self.identity
    }

    pub fn format(&self) -> Format {
        self.format
    }

    pub fn set_format(&mut self, format: Format) {
        self.format = format;
    }

    /// Asks as `who` from now on: `anon`, `service`, or a user's e-mail.
    pub async fn set_identity(&mut self, who: &str) -> Result<&Identity, ConsoleError> {
        self.identity = identity::resolve(&self.service, who).await?;
        Ok(&self.identity)
    }

    /// `kanisa(anon)> `.
    pub fn prompt(&self) -> String {
        format!("kanisa({})> ", identity::short(&self.identity))
    }

    /// Runs one line: a request or a backslash command.
    pub async fn run(&mut self, line: &str) -> Reply {
        match parse_line(line) {
            Err(e) => Reply::error(e.to_string()),
            Ok(Line::Empty) => Reply::text(""),
            Ok(Line::Request(req)) => {
                let answer = self.ask(&req).await;
                Reply {
                    text: answer.render(self.format),
                    status: Some(answer.status),
                    error: false,
                    quit: false,
                }
            }
            Ok(Line::Command(c)) => self.command(c).await,
        }
    }

    /// Parses `line` as a request (not a command) and runs it: `kanisa query`.
    pub async fn query(&self, line: &str) -> Result<Answer, ConsoleError> {
        match parse_line(line).map_err(|e| ConsoleError::Line(e.0))? {
            Line::Request(req) => Ok(self.ask(&req).await),
            _ => Err(ConsoleError::Line(
                "expected a request, e.g. \"get sermons?limit=5\"".into(),
            )),
        }
    }

    async fn command(&mut self, command: Command) -> Reply {
        match command {
            Command::As(None) => {
                Reply::text(format!("asking as {}", identity::describe(&self.identity)))
            }
            Command::As(Some(who)) => match self.set_identity(&who).await {
                Ok(who) => Reply::text(format!("asking as {}", identity::describe(who))),
                Err(e) => Reply::error(e.to_string()),
            },
            Command::Json => {
                self.format = Format::Json;
                Reply::text("results as JSON")
            }
            Command::Table => {
                self.format = Format::Table;
                Reply::text("results as tables")
            }
            Command::Sql => {
                self.show_sql = !self.show_sql;
                Reply::text(if self.show_sql {
                    "showing the SQL of each request"
                } else {
                    "not showing SQL"
                })
            }
            Command::Prefer(None) => {
                self.prefer = None;
                Reply::text("no Prefer header")
            }
            Command::Prefer(Some(p)) => {
                let parsed = kanisa_query::parse_prefer(&[&p]);
                if !parsed.unknown.is_empty() {
                    return Reply::error(format!("not understood: {}", parsed.unknown.join(", ")));
                }
                let text = format!("Prefer: {p}");
                self.prefer = Some(p);
                Reply::text(text)
            }
            Command::Describe(name) => match self.describe(name.as_deref()).await {
                Ok(text) => Reply::text(text),
                Err(e) => Reply::error(e.to_string()),
            },
            // The terminal streams `\listen` itself (it runs until Ctrl-C); here it can only
            // be checked.
            Command::Listen { table, filter } => match self.listen(&table, filter.as_deref()).await
            {
                Ok(_) => Reply::text(format!(
                    "{table} can be listened to: run \\listen in `kanisa console`"
                )),
                Err(e) => Reply::error(e.to_string()),
            },
            Command::Help => Reply::text(help()),
            Command::Quit => Reply {
                quit: true,
                ..Reply::text("")
            },
        }
    }

    /// Runs a request through the table API as the current identity. A request naming a
    /// table, function or column the schema cache does not know reloads the cache and, when
    /// the schema changed since (a migration while the console was open), runs again.
    pub async fn ask(&self, req: &Request) -> Answer {
        let answer = self.ask_once(req).await;
        let missed = answer.error.as_ref().is_some_and(|e| {
            matches!(
                e.code.as_str(),
                "PGRST205" | "PGRST202" | "PGRST204" | "42703"
            )
        });
        if missed && self.reload().await {
            return self.ask_once(req).await;
        }
        answer
    }

    /// Re-reads the schema cache; true when it changed.
    async fn reload(&self) -> bool {
        let before = self.rest.cache();
        if self.rest.reload().await.is_err() {
            return false;
        }
        let after = self.rest.cache();
        before.tables != after.tables
            || before.functions != after.functions
            || before.foreign_keys != after.foreign_keys
    }

    async fn ask_once(&self, req: &Request) -> Answer {
        let prefer_header = self.prefer.clone().unwrap_or_default();
        let mut headers = vec![
            ("user-agent", "kanisa-console"),
            ("accept", "application/json"),
        ];
        if !prefer_header.is_empty() {
            headers.push(("prefer", prefer_header.as_str()));
        }
        let caller = self
            .identity
            .caller()
            .with_headers(kanisa_pg::context::headers_json(headers.iter().copied()));
        // The same request stage as the server's: headers, method and body read one way.
        let parts = RequestParts {
            method: req.method.as_str(),
            target: &req.target,
            rpc: req.rpc,
            query: &req.query,
            headers,
            body: req.body.as_deref().map_or(&b""[..], str::as_bytes),
            caller,
        };
        let api = match ApiRequest::from_parts(parts) {
            Ok(api) => api,
            Err(e) => return self.refused(&e, Duration::ZERO, None),
        };
        let prefer = api.prefer.clone();
        let sql = if self.show_sql {
            self.rest.explain(&api).ok()
        } else {
            None
        };
        let started = Instant::now();
        let result = self.rest.handle(api).await;
        let elapsed = started.elapsed();
        let mut answer = match result {
            Ok(r) => Answer {
                status: r.status,
                // A HEAD answer carries what GET would send; the console shows none, as HTTP.
                body: r
                    .body
                    .filter(|_| req.method != Method::Head)
                    .map(|b| Json::parse(&b).unwrap_or_else(|_| Json::String(b.to_string()))),
                content_range: r.content_range,
                elapsed,
                sql,
                error: None,
                denial: None,
                note: None,
            },
            Err(e) => self.refused(&e, elapsed, sql),
        };
        let command = (!req.rpc).then(|| sql_command(req.method));
        if let Some(e) = &answer.error
            && kanisa_pg::classify_code(&e.code) == kanisa_pg::DbClass::Forbidden
        {
            let columns = body_columns(req.body.as_deref());
            answer.denial = match policies::explain_denial(
                &self.service,
                &e.message,
                command,
                &self.identity,
                &columns,
            )
            .await
            {
                Ok(d) => d,
                Err(err) => Some(format!("(could not read the policies: {err})")),
            };
        }
        if answer.error.is_none() && !req.rpc && changed_nothing(req.method, &answer, &prefer) {
            answer.note = self.nothing_changed_note(&req.target, req.method).await;
        }
        answer
    }

    /// A refusal as the console shows it: PostgREST's envelope, with the cause of a failure of
    /// ours (a local tool says what failed, not only that something did).
    fn refused(&self, e: &RestError, elapsed: Duration, sql: Option<String>) -> Answer {
        let mut parts = e.parts(self.identity.is_anon());
        if parts.internal {
            parts.details = Some(Value::String(cause(e)));
        }
        Answer {
            status: parts.status,
            body: Json::parse(
                &json!({
                    "code": parts.code,
                    "message": parts.message,
                    "details": parts.details,
                    "hint": parts.hint,
                })
                .to_string(),
            )
            .ok(),
            content_range: parts.content_range.clone(),
            elapsed,
            sql,
            error: Some(parts),
            denial: None,
            note: None,
        }
    }

    /// Why an update or delete may have changed no row: the USING clauses of the caller's
    /// policies hide rows silently.
    async fn nothing_changed_note(&self, table: &str, method: Method) -> Option<String> {
        let command = sql_command(method);
        let role = self.identity.role();
        if role == "service_role" {
            return None;
        }
        let found = policies::policies(&self.service, table, Some(command), Some(role))
            .await
            .ok()?;
        let mut out = vec![format!(
            "no row changed: none matched the filters, or {command} policies for {role} hid \
             them{}",
            if found.is_empty() {
                " (there are none: every row is hidden)"
            } else {
                ":"
            }
        )];
        out.extend(found.iter().map(|p| format!("  {}", p.summary())));
        Some(out.join("\n"))
    }

    async fn describe(&self, name: Option<&str>) -> Result<String, ConsoleError> {
        // Describe the schema as it is now.
        self.reload().await;
        let cache = self.rest.cache();
        let Some(name) = name else {
            let mut tables: Vec<_> = cache.tables.values().collect();
            tables.sort_by(|a, b| a.name.cmp(&b.name));
            let rows: Vec<Vec<String>> = tables
                .iter()
                .map(|t| {
                    vec![
                        t.name.clone(),
                        if t.is_view { "view" } else { "table" }.to_owned(),
                        t.columns.len().to_string(),
                    ]
                })
                .collect();
            let mut functions: Vec<_> = cache.functions.values().collect();
            functions.sort_by(|a, b| a.name.cmp(&b.name));
            let frows: Vec<Vec<String>> = functions
                .iter()
                .map(|f| vec![f.name.clone(), signature(f)])
                .collect();
            return Ok(format!(
                "{}\n\n{}",
                render::layout(
                    &["table".into(), "kind".into(), "columns".into()],
                    &rows,
                    &[false, false, true]
                ),
                render::layout(&["function".into(), "signature".into()], &frows, &[])
            ));
        };
        if let Some(f) = cache.functions.get(name)
            && !cache.tables.contains_key(name)
        {
            let mut out = format!("function {}{}", f.name, signature(f));
            if let Some(d) = &f.description {
                out.push_str(&format!("\n{d}"));
            }
            return Ok(out);
        }
        let table = cache
            .table(name)
            .map_err(|e| ConsoleError::Line(e.parts(false).message))?;
        let rows: Vec<Vec<String>> = table
            .columns
            .iter()
            .map(|c| {
                vec![
                    c.name.clone(),
                    c.type_name.clone(),
                    if c.nullable { "" } else { "not null" }.to_owned(),
                    c.default_expr.clone().unwrap_or_default(),
                    c.enum_values
                        .as_ref()
                        .map(|v| v.join(", "))
                        .unwrap_or_default(),
                ]
            })
            .collect();
        let mut out = vec![
            format!(
                "{} {}",
                if table.is_view { "view" } else { "table" },
                table.name
            ),
            render::layout(
                &[
                    "column".into(),
                    "type".into(),
                    "null".into(),
                    "default".into(),
                    "values".into(),
                ],
                &rows,
                &[],
            ),
        ];
        if !table.primary_key.is_empty() {
            out.push(format!("primary key ({})", table.primary_key.join(", ")));
        }
        for fk in cache
            .foreign_keys
            .iter()
            .filter(|fk| fk.table == table.name)
        {
            out.push(format!(
                "{} ({}) -> {} ({})",
                fk.name,
                fk.columns.join(", "),
                fk.ref_table,
                fk.ref_columns.join(", ")
            ));
        }
        let found = policies::policies(&self.service, &table.name, None, None).await?;
        if found.is_empty() {
            out.push("no policies".into());
        } else {
            out.push("policies:".into());
            for p in &found {
                out.push(format!(
                    "  [{} to {}] {}",
                    p.command,
                    p.roles.join(", "),
                    p.summary()
                ));
            }
        }
        Ok(out.join("\n"))
    }
}

/// `(from_date date) -> SETOF record`.
fn signature(f: &kanisa_rest::Function) -> String {
    let args: Vec<String> = f
        .args
        .iter()
        .map(|a| {
            format!(
                "{} {}{}",
                a.name,
                a.type_name,
                if a.has_default { " = default" } else { "" }
            )
        })
        .collect();
    let returns = if f.out_columns.is_empty() {
        format!(
            "{}{}",
            if f.returns_set { "SETOF " } else { "" },
            f.return_type
        )
    } else {
        let columns: Vec<String> = f
            .out_columns
            .iter()
            .map(|(name, ty)| format!("{name} {ty}"))
            .collect();
        format!("TABLE({})", columns.join(", "))
    };
    format!("({}) -> {returns}", args.join(", "))
}

fn sql_command(method: Method) -> &'static str {
    match method {
        Method::Get | Method::Head => "SELECT",
        Method::Post => "INSERT",
        Method::Patch => "UPDATE",
        Method::Delete => "DELETE",
    }
}

/// The keys a write's body sets.
fn body_columns(body: Option<&str>) -> Vec<String> {
    let value: Value = body
        .and_then(|b| serde_json::from_str(b).ok())
        .unwrap_or(Value::Null);
    let mut keys: Vec<String> = match value {
        Value::Object(o) => o.keys().cloned().collect(),
        Value::Array(rows) => rows
            .iter()
            .filter_map(Value::as_object)
            .flat_map(|o| o.keys().cloned())
            .collect(),
        _ => Vec::new(),
    };
    keys.sort();
    keys.dedup();
    keys
}

/// An update that touched no row (the range names none), or a delete or update whose
/// representation is empty.
fn changed_nothing(
    method: Method,
    answer: &Answer,
    prefer: &kanisa_query::ast::Preferences,
) -> bool {
    let empty_body = answer.body == Some(Json::Array(Vec::new()));
    match method {
        Method::Patch if prefer.return_ == Some(Return::Representation) => empty_body,
        Method::Patch => answer.content_range.as_deref() == Some("*/*"),
        Method::Delete => prefer.return_ == Some(Return::Representation) && empty_body,
        _ => false,
    }
}

/// The cause of an internal error, for the person at the console.
fn cause(e: &RestError) -> String {
    match e {
        RestError::Db(e) => kanisa_pg::describe(e),
        other => other.to_string(),
    }
}

/// `\help`.
pub fn help() -> String {
    let mut out = vec![
        "Requests, in the table API's grammar (PostgREST's), as the identity of \\as:".to_owned(),
        "  get sermons?select=title,speaker&is_published=eq.true&order=sermon_date.desc&limit=5"
            .to_owned(),
        "  head sermons?is_published=eq.true".to_owned(),
        "  post messages {\"sender_name\": \"Jane\", \"subject\": \"Hello\", \"message\": \"…\"}"
            .to_owned(),
        "  patch sermons?id=eq.<id> {\"title\": \"New title\"}".to_owned(),
        "  delete sermons?id=eq.<id>".to_owned(),
        "  rpc get_monthly_giving {\"from_date\": \"2026-01-01\"}   (get rpc/fn?arg=… for GET)"
            .to_owned(),
        "Tab completes tables, columns and operators. Commands:".to_owned(),
    ];
    out.extend(COMMANDS.iter().map(|(c, what)| format!("  {c:<8} {what}")));
    out.join("\n")
}
