//! The table API: a parsed request (kanisa-query) is planned against the schema cache, turned
//! into one SQL statement with sea-query, and executed in one transaction under the caller's
//! role, so PostgreSQL's row-level policies decide what it may see or change.
//!
//! Owns: the request stage (`request.rs`: a request's method, headers and body read once, for
//! the server and the console alike), the schema cache, planning, SQL generation, per-request
//! transactions (`execute.rs`), response shaping (`response.rs`: status, body, Content-Range),
//! an answer's [`Body`] with its strong validator ([`ApiResponse::etag`]) and its brotli and
//! gzip forms, each made once per answer — for the anonymous cache, once per entry.
//! Must not know HTTP types (the server passes strings, maps [`RestError`] to responses and
//! picks the form a client gets from its `Accept-Encoding`) and never decides access itself.
//!
//! Before planning, the role's grants are looked up in the schema cache (read with
//! `has_*_privilege` for `anon` and `authenticated` when the cache loads and on every `reload
//! schema`): a role without the table's (or function's) right gets PostgREST's `42501` — 401
//! for anon, 403 signed in — before anything could name a column. This is PostgreSQL's grant
//! read earlier, not a decision of our own; column grants and row-level policies stay
//! PostgreSQL's to enforce in the statement. [`Rest::explain`] skips the look-up, so the
//! console shows the SQL a refused request would run.
//!
//! Counts follow the same rule: the planner's estimate (`count=planned`, `count=estimated`)
//! describes the whole table, so it is given only where the caller's policies allow every
//! counted row — read from `pg_policy` into the schema cache, and where it depends on who asks,
//! tested in the request's own statement (`read.rs`, `sql::guarded_read_statement`); anyone else
//! gets the exact count of what it can read. A CHECK violation whose constraint has a comment
//! answers with that comment (the field and its rule).
#![forbid(unsafe_code)]

mod body;
mod cache;
mod error;
mod execute;
mod openapi;
mod plan;
mod read;
mod request;
mod response;
mod rpc;
mod schema;
mod sql;
mod write;

use std::sync::{Arc, Mutex, RwLock};

use kanisa_pg::Pool;
use kanisa_query::ast::{Count, QueryParams, RangeHeader};

pub use body::json_body;
pub use cache::{AnonKey, KEY_HEADERS};
pub use error::{ErrorParts, RPC_METHODS, RestError, TABLE_METHODS};
/// Who asks, with the request's context: the one caller type of every API crate.
pub use kanisa_pg::Caller;
pub use plan::{Candidate, ReadPlan, plan_read, plan_rpc, plan_write};
pub use request::{Accept, ApiRequest, MAX_QUERY, Method, RequestParts};
pub use response::{BROTLI_QUALITY, Body, Compression, GZIP_LEVEL};
pub use schema::{
    Column, EveryRow, ForeignKey, Function, FunctionArg, ReadPolicy, RowSecurity, SchemaCache,
    Table,
};
pub use sql::{
    Conflict, CountMode, EVERY_ROW, Shape, Statement, Write, bare_write_statement,
    count_plan_statement, counted_tables, explained, guarded_read_statement, quote_ident,
    read_statement, rpc_statement, write_statement,
};

/// Limits of the table API.
#[derive(Debug, Clone)]
pub struct RestConfig {
    /// Rows a response may hold at most (the root's limit is capped to it).
    pub max_rows: u64,
    /// Anonymous answers kept at most (0 turns the cache off).
    pub anon_cache_entries: usize,
    /// Largest body cached, in bytes.
    pub anon_cache_max_body: usize,
    /// How long an anonymous answer may be served without a change notification.
    pub anon_cache_ttl: std::time::Duration,
}

impl Default for RestConfig {
    fn default() -> Self {
        Self {
            max_rows: 1000,
            anon_cache_entries: 2000,
            anon_cache_max_body: 256 * 1024,
            anon_cache_ttl: std::time::Duration::from_secs(60),
        }
    }
}

/// One answer. Cloning it (as every hit of the anonymous cache does) shares its body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiResponse {
    pub status: u16,
    /// The representation: for HEAD too (what GET would send, so that its validator and length
    /// can be given; the server sends no body), `None` where there is none (204, a write's
    /// `return=minimal`, a void function).
    pub body: Option<Body>,
    pub object: bool,
    pub content_range: Option<String>,
    pub preference_applied: Vec<String>,
    /// For anonymous reads: `Some(true)` served from the cache, `Some(false)` stored in it.
    pub cache: Option<bool>,
}

impl ApiResponse {
    /// The strong validator of the representation (status, `Content-Range` and body, hashed;
    /// 32 hex digits, unquoted), or `None` without a body. Made once per answer and kept with
    /// its body, so a hit of the anonymous cache hashes nothing. The server adds what tells
    /// the encodings apart.
    pub fn etag(&self) -> Option<&str> {
        let body = self.body.as_ref()?;
        Some(body.tag(&[
            &self.status.to_be_bytes(),
            self.content_range.as_deref().unwrap_or("").as_bytes(),
            &[0],
        ]))
    }
}

/// The table API over a pool and a schema cache that can be reloaded.
pub struct Rest {
    pool: Pool,
    cache: RwLock<Arc<SchemaCache>>,
    anon: cache::AnonCache,
    /// The OpenAPI documents made from the current schema cache, one per role that sees its own.
    openapi: Mutex<Vec<OpenApiDoc>>,
    config: RestConfig,
}

struct OpenApiDoc {
    role: String,
    server_url: String,
    schema: Arc<SchemaCache>,
    response: ApiResponse,
}

impl Rest {
    pub async fn new(pool: Pool, config: RestConfig) -> Result<Rest, RestError> {
        let rest = Self::unloaded(pool, config);
        rest.reload().await?;
        Ok(rest)
    }

    /// A table API whose schema cache is still empty (until [`Rest::reload`]).
    pub fn unloaded(pool: Pool, config: RestConfig) -> Rest {
        Rest {
            pool,
            cache: RwLock::new(Arc::new(SchemaCache::default())),
            anon: cache::AnonCache::new(
                config.anon_cache_entries,
                config.anon_cache_max_body,
                config.anon_cache_ttl,
            ),
            openapi: Mutex::new(Vec::new()),
            config,
        }
    }

    /// Re-reads the schema cache from the catalog.
    pub async fn reload(&self) -> Result<(), RestError> {
        let client = self
            .pool
            .get()
            .await
            .map_err(|e| RestError::Pool(e.to_string()))?;
        let fresh = Arc::new(SchemaCache::load(&client).await?);
        *self.cache.write().unwrap_or_else(|p| p.into_inner()) = fresh;
        self.anon.clear();
        Ok(())
    }

    /// Follows `NOTIFY kanisa, …` (see migrations/0005_notify.sql) until the sender closes:
    /// reloads the schema cache on DDL and drops cached anonymous answers of changed tables.
    pub async fn follow_notifications(&self, mut rx: tokio::sync::mpsc::Receiver<String>) {
        while let Some(payload) = rx.recv().await {
            if let Some(table) = payload.strip_prefix("changed ") {
                self.anon.table_changed(table);
                continue;
            }
            // "reload schema", or "" after (re)connecting, when notifications may have been
            // missed: reload, which also empties the anonymous cache.
            match self.reload().await {
                Ok(()) => tracing::debug!("schema cache reloaded"),
                Err(e) => {
                    tracing::warn!(error = %e, "schema cache reload failed");
                    self.anon.clear();
                }
            }
        }
    }

    /// The OpenAPI 3 document of the table API, from the schema cache, as `role` sees it
    /// (`anon`, `authenticated`; anything else sees every table and function). `server_url`
    /// is its `servers[0].url`: the configured public address or a relative path, never one
    /// taken from the request. Kept per role until the schema cache is reloaded (the document
    /// runs to hundreds of kB, so it is built, hashed and compressed once, not per request).
    pub fn openapi(&self, server_url: &str, role: &str) -> ApiResponse {
        let cache = self.cache();
        let seen = if matches!(role, "anon" | "authenticated") {
            role
        } else {
            "service_role"
        };
        let mut docs = self.openapi.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(doc) = docs.iter().find(|d| {
            d.role == seen && d.server_url == server_url && Arc::ptr_eq(&d.schema, &cache)
        }) {
            return doc.response.clone();
        }
        let response = ApiResponse {
            status: 200,
            body: Some(Body::new(
                openapi::document(&cache, server_url, role).to_string(),
            )),
            object: false,
            content_range: None,
            preference_applied: Vec::new(),
            cache: None,
        };
        docs.retain(|d| Arc::ptr_eq(&d.schema, &cache) && d.role != seen);
        docs.push(OpenApiDoc {
            role: seen.to_owned(),
            server_url: server_url.to_owned(),
            schema: cache,
            response: response.clone(),
        });
        response
    }

    pub fn cache(&self) -> Arc<SchemaCache> {
        self.cache.read().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// The anonymous cache's answer for `key` ([`AnonKey::new`] of a table read's parts, as
    /// [`ApiRequest::from_parts`] makes it), with the media type it is in: for the server to
    /// answer an `anon` GET or HEAD before reading the request. `None` when there is none (or
    /// the cache is off); a hit is marked (`cache: Some(true)`).
    pub fn cached(&self, key: &AnonKey) -> Option<(ApiResponse, Accept)> {
        let (mut hit, accept) = self.anon.get(key)?;
        hit.cache = Some(true);
        Some((hit, accept))
    }

    pub async fn handle(&self, req: ApiRequest<'_>) -> Result<ApiResponse, RestError> {
        let cache = self.cache();
        self.handle_with(&cache, req)
            .await
            .map_err(|e| explained_check(&cache, e))
    }

    async fn handle_with(
        &self,
        cache: &SchemaCache,
        req: ApiRequest<'_>,
    ) -> Result<ApiResponse, RestError> {
        if req.prefer.handling_strict == Some(true) && !req.prefer.unknown.is_empty() {
            return Err(RestError::InvalidPreferences(req.prefer.unknown.clone()));
        }
        if req.rpc {
            return self.rpc(cache, req).await;
        }
        let params = parse(&req, |_| false)?;
        match req.method {
            Method::Get | Method::Head if req.caller.role == "anon" && req.anon_key.is_some() => {
                // GET and HEAD share an entry: a HEAD answer is GET's (its body gives the
                // validator and the length; the server sends none of it).
                let key = req.anon_key.clone().expect("checked above");
                if let Some(hit) = self.cached(&key) {
                    return Ok(hit.0);
                }
                let generation = self.anon.generation();
                let (mut response, tables) = self.read(cache, &req, &params).await?;
                self.anon
                    .put(key, &response, req.accept, tables, generation);
                response.cache = Some(false);
                Ok(response)
            }
            Method::Get | Method::Head => Ok(self.read(cache, &req, &params).await?.0),
            Method::Post | Method::Patch | Method::Delete => self.write(cache, &req, &params).await,
        }
    }

    /// The SQL `req` would run — parsed and planned exactly as [`Rest::handle`] does — with
    /// its bound values as trailing comments (`-- $1 = 'true'`), without touching the
    /// database. For the developers' console (`\sql`); values may hold personal data, so this
    /// is never logged.
    pub fn explain(&self, req: &ApiRequest<'_>) -> Result<String, RestError> {
        let cache = self.cache();
        let stmt = if req.rpc {
            self.plan_rpc_request(&cache, req)?.stmt
        } else {
            let params = parse(req, |_| false)?;
            match req.method {
                Method::Get | Method::Head => self.plan_read_request(&cache, req, &params)?.stmt,
                Method::Post | Method::Patch | Method::Delete => {
                    match self.plan_write_request(&cache, req, &params)?.statement {
                        Some(stmt) => stmt,
                        None => {
                            return Ok(
                                "-- no statement: the body holds no rows or columns".to_owned()
                            );
                        }
                    }
                }
            }
        };
        Ok(sql::explained(&stmt))
    }
}

/// A CHECK violation on a constraint with a message (its comment, read into the schema cache)
/// becomes that message, naming the field: "First name must be on one line (no line breaks)"
/// rather than PostgreSQL's 'new row for relation "members" violates check constraint …',
/// which moves to the details. Anything else is left as it is.
fn explained_check(cache: &SchemaCache, err: RestError) -> RestError {
    if let RestError::Db(e) = &err
        && kanisa_pg::classify(e) == kanisa_pg::DbClass::Check
        && let Some(db) = e.as_db_error()
        && db.schema() == Some(schema::EXPOSED_SCHEMA)
        && let (Some(table), Some(constraint)) = (db.table(), db.constraint())
        && let Some(message) = cache
            .tables
            .get(table)
            .and_then(|t| t.check_messages.get(constraint))
    {
        return RestError::CheckViolation {
            message: message.clone(),
            details: db.message().to_owned(),
        };
    }
    err
}

/// Refuses a caller whose role was granted no right of the kind `right` picks on `table`
/// (`service_role` may do everything). PostgreSQL would refuse it too, but only after the
/// request was planned — and planning errors name columns. Rows are still the policies' call.
/// [`Rest::explain`] does not ask: it shows the SQL a refused request would have run.
pub(crate) fn allowed(
    table: &Table,
    req: &ApiRequest<'_>,
    right: impl Fn(&schema::Grants) -> bool,
) -> Result<(), RestError> {
    match table.grants.of(&req.caller.role) {
        Some(grants) if !right(&grants) => Err(RestError::PermissionDenied {
            kind: if table.is_view { "view" } else { "table" },
            name: table.name.clone(),
        }),
        _ => Ok(()),
    }
}

pub(crate) fn parse(
    req: &ApiRequest<'_>,
    is_arg: impl Fn(&str) -> bool,
) -> Result<QueryParams, RestError> {
    kanisa_query::parse_query(req.query, is_arg).map_err(RestError::Parse)
}

pub(crate) fn count_name(c: Count) -> &'static str {
    match c {
        Count::Exact => "exact",
        Count::Planned => "planned",
        Count::Estimated => "estimated",
    }
}

/// `Range: 0-19` sets the root page when the query string does not.
pub(crate) fn apply_range_header(params: &mut QueryParams, range: Option<RangeHeader>) {
    use kanisa_query::ast::Scoped;
    let Some(range) = range else { return };
    if !params.offset.iter().any(|o| o.path.is_empty()) {
        params.offset.push(Scoped {
            path: Vec::new(),
            value: range.first,
        });
    }
    if let Some(last) = range.last
        && !params.limit.iter().any(|l| l.path.is_empty())
    {
        params.limit.push(Scoped {
            path: Vec::new(),
            value: last.saturating_sub(range.first) + 1,
        });
    }
}
