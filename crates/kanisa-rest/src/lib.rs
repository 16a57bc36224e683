//! The table API: a parsed request (kanisa-query) is planned against the schema cache, turned
//! into one SQL statement with sea-query, and executed in one transaction under the caller's
//! role, so PostgreSQL's row-level policies decide what it may see or change.
//!
//! Owns: the schema cache, planning, SQL generation, per-request transactions, response shaping
//! (status, body, Content-Range). Must not know HTTP types (the server passes strings and maps
//! [`RestError`] to responses) and never decides access itself.
#![forbid(unsafe_code)]

mod body;
mod cache;
mod error;
mod openapi;
mod plan;
mod schema;
mod sql;

use std::sync::{Arc, RwLock};

use kanisa_pg::Pool;
use kanisa_pg::context::{CONTEXT_SQL, ConnectionGuard};
use kanisa_query::ast::{Count, Preferences, QueryParams, RangeHeader, Resolution, Return};
use serde_json::Value;

pub use body::json_body;
pub use error::{ErrorParts, RPC_METHODS, RestError, TABLE_METHODS};
pub use plan::{Candidate, ReadPlan, plan_read, plan_rpc, plan_write};
pub use schema::{Column, ForeignKey, Function, FunctionArg, SchemaCache, Table};
pub use sql::{
    Conflict, CountMode, Shape, Statement, Write, bare_write_statement, count_plan_statement,
    explained, quote_ident, read_statement, rpc_statement, write_statement,
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

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    Get,
    Head,
    Post,
    Patch,
    Delete,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Accept {
    Json,
    /// `application/vnd.pgrst.object+json`: exactly one row, as an object.
    Object,
    /// `text/csv`: a header line and one line per row.
    Csv,
}

/// Who is asking, as the database will see it.
#[derive(Debug, Clone)]
pub struct Caller {
    /// `anon`, `authenticated` or `service_role`.
    pub role: String,
    /// The JWT claims as JSON (`{}` for anon).
    pub claims: String,
}

/// A table-API request with its HTTP parts already read.
#[derive(Debug, Clone)]
pub struct ApiRequest<'a> {
    pub method: Method,
    /// Table name, or function name when `rpc` is true.
    pub target: &'a str,
    pub rpc: bool,
    /// Raw query string (percent-encoded, without `?`).
    pub query: &'a str,
    pub prefer: Preferences,
    pub range: Option<RangeHeader>,
    pub accept: Accept,
    pub body: Option<&'a [u8]>,
    pub caller: Caller,
    /// Request path and headers, exposed to SQL as `request.path` / `request.headers`.
    pub path: &'a str,
    pub headers_json: String,
    /// The real client address as the server worked it out (empty when unknown), exposed as
    /// `request.client_ip` (activity logs are stamped with it).
    pub client_ip: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiResponse {
    pub status: u16,
    pub body: Option<String>,
    pub object: bool,
    pub content_range: Option<String>,
    pub preference_applied: Vec<String>,
    /// For anonymous reads: `Some(true)` served from the cache, `Some(false)` stored in it.
    pub cache: Option<bool>,
}

/// The table API over a pool and a schema cache that can be reloaded.
pub struct Rest {
    pool: Pool,
    cache: RwLock<Arc<SchemaCache>>,
    anon: cache::AnonCache,
    config: RestConfig,
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

    /// The OpenAPI 3 document of the table API, from the schema cache.
    /// The OpenAPI document as `role` sees it (`anon`, `authenticated`; anything else sees
    /// every table and function).
    pub fn openapi(&self, server_url: &str, role: &str) -> String {
        openapi::document(&self.cache(), server_url, role).to_string()
    }

    pub fn cache(&self) -> Arc<SchemaCache> {
        self.cache.read().unwrap_or_else(|p| p.into_inner()).clone()
    }

    pub async fn handle(&self, req: ApiRequest<'_>) -> Result<ApiResponse, RestError> {
        let cache = self.cache();
        if req.prefer.handling_strict == Some(true) && !req.prefer.unknown.is_empty() {
            return Err(RestError::InvalidPreferences(req.prefer.unknown.clone()));
        }
        if req.rpc {
            return self.rpc(&cache, req).await;
        }
        let params = parse(&req, |_| false)?;
        match req.method {
            Method::Get | Method::Head if req.caller.role == "anon" => {
                let key = format!(
                    "{:?}|{}|{}|{:?}|{:?}|{:?}",
                    req.method, req.target, req.query, req.accept, req.prefer.count, req.range
                );
                if let Some(mut hit) = self.anon.get(&key) {
                    hit.cache = Some(true);
                    return Ok(hit);
                }
                let generation = self.anon.generation();
                let (mut response, tables) = self.read(&cache, &req, &params).await?;
                self.anon.put(key, &response, tables, generation);
                response.cache = Some(false);
                Ok(response)
            }
            Method::Get | Method::Head => Ok(self.read(&cache, &req, &params).await?.0),
            Method::Post | Method::Patch | Method::Delete => {
                self.write(&cache, &req, &params).await
            }
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
                Method::Get | Method::Head => self.plan_read_request(&cache, req, &params)?.1,
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

    /// A read's plan, its statement and (for planned and estimated counts) the EXPLAIN of
    /// its counted rows.
    fn plan_read_request(
        &self,
        cache: &SchemaCache,
        req: &ApiRequest<'_>,
        params: &QueryParams,
    ) -> Result<(ReadPlan, Statement, Option<Statement>), RestError> {
        let mut params = params.clone();
        apply_range_header(&mut params, req.range);
        let plan = plan::plan_read(cache, req.target, &params, Some(self.config.max_rows))?;
        // As PostgREST: exact counts every row; planned takes the planner's estimate (EXPLAIN
        // of the counted rows, in the same transaction); estimated counts up to max_rows and
        // takes the larger of that and the estimate beyond.
        let count = match req.prefer.count {
            Some(Count::Exact) => CountMode::Exact,
            Some(Count::Estimated) => CountMode::Capped(self.config.max_rows),
            Some(Count::Planned) | None => CountMode::None,
        };
        let stmt = sql::read_statement(&plan, count);
        let explain = matches!(req.prefer.count, Some(Count::Planned | Count::Estimated))
            .then(|| sql::count_plan_statement(&plan));
        Ok((plan, stmt, explain))
    }

    async fn read(
        &self,
        cache: &SchemaCache,
        req: &ApiRequest<'_>,
        params: &QueryParams,
    ) -> Result<(ApiResponse, Vec<String>), RestError> {
        allowed(cache.table(req.target)?, req, |g| g.select)?;
        let (plan, stmt, explain) = self.plan_read_request(cache, req, params)?;
        let tables = plan.tables();
        let out = self
            .execute(&stmt, explain.as_ref(), req, true, None)
            .await?;
        let total = match req.prefer.count {
            Some(Count::Exact) => out.total,
            Some(Count::Planned) => out.planned,
            Some(Count::Estimated) => match (out.total, out.planned) {
                (Some(counted), planned) if counted > self.config.max_rows as i64 => {
                    Some(planned.map_or(counted, |p| p.max(counted)))
                }
                (counted, _) => counted,
            },
            None => None,
        };
        let offset = plan.offset.unwrap_or(0);
        if let Some(total) = total
            && total > 0
            && offset >= total as u64
            && out.page == 0
        {
            return Err(RestError::RangeNotSatisfiable { total, offset });
        }
        let partial = total.is_some_and(|t| t > out.page);
        let mut preference_applied = Vec::new();
        if total.is_some()
            && let Some(c) = req.prefer.count
        {
            preference_applied.push(format!("count={}", count_name(c)));
        }
        let body = shape_body(out.body, req.accept, out.page)?;
        let response = ApiResponse {
            status: if partial { 206 } else { 200 },
            body: (req.method != Method::Head).then_some(body),
            object: req.accept == Accept::Object,
            content_range: Some(content_range(offset, out.page, total)),
            preference_applied,
            cache: None,
        };
        Ok((response, tables))
    }

    /// A write's statement, and what its response needs to know.
    fn plan_write_request(
        &self,
        cache: &SchemaCache,
        req: &ApiRequest<'_>,
        params: &QueryParams,
    ) -> Result<PlannedWrite, RestError> {
        let table = cache.table(req.target)?.clone();
        let (read_plan, filter_plan) = plan::plan_write(cache, req.target, params)?;
        let mut preference_applied = Vec::new();
        // As in PostgREST, max-affected is a promise only under handling=strict.
        let strict = req.prefer.handling_strict == Some(true);
        let max_affected = req.prefer.max_affected.filter(|_| strict);
        let representation = req.prefer.return_ == Some(Return::Representation);
        // Nothing to read back: run the write alone (see sql::bare_write_statement).
        let bare = !representation
            && req.prefer.count.is_none()
            && max_affected.is_none()
            && req.accept != Accept::Object;
        let merge = req.method == Method::Post
            && req.prefer.resolution == Some(Resolution::MergeDuplicates);
        let build = |write: &sql::Write<'_>| {
            if bare {
                sql::bare_write_statement(&table.name, write)
            } else {
                sql::write_statement(&table.name, write, &read_plan)
            }
        };
        let (statement, status) = match req.method {
            Method::Post => {
                let rows = body_rows(req.body)?;
                let row_count = rows.len();
                let columns = match &params.columns {
                    Some(cols) => cols.clone(),
                    None => row_keys(&rows)?,
                };
                for c in &columns {
                    if table.column(c).is_none() {
                        return Err(RestError::UnknownPayloadColumn {
                            table: table.name.clone(),
                            column: c.clone(),
                        });
                    }
                }
                let keys = params
                    .on_conflict
                    .clone()
                    .unwrap_or_else(|| table.primary_key.clone());
                for k in &keys {
                    plan::col_ref(
                        &table,
                        &kanisa_query::ast::Field {
                            name: k.clone(),
                            json_path: Vec::new(),
                        },
                    )?;
                }
                let conflict = match req.prefer.resolution {
                    Some(Resolution::MergeDuplicates) => {
                        preference_applied.push("resolution=merge-duplicates".to_owned());
                        Some(sql::Conflict::Merge)
                    }
                    Some(Resolution::IgnoreDuplicates) => {
                        preference_applied.push("resolution=ignore-duplicates".to_owned());
                        Some(sql::Conflict::Ignore)
                    }
                    None => None,
                };
                let body = Value::Array(rows).to_string();
                // missing=default: a key absent from a row takes the column's default, not NULL.
                let defaults: Option<Vec<Option<String>>> = req.prefer.missing_default.then(|| {
                    columns
                        .iter()
                        .map(|c| table.column(c).and_then(|c| c.default_expr.clone()))
                        .collect()
                });
                if defaults.is_some() {
                    preference_applied.push("missing=default".to_owned());
                }
                let write = sql::Write::Insert {
                    columns: &columns,
                    body,
                    on_conflict: conflict.map(|c| (keys.as_slice(), c)),
                    defaults,
                };
                // As PostgREST: `[]` inserts nothing, and nothing needs to run.
                ((row_count > 0).then(|| build(&write)), 201)
            }
            Method::Patch => {
                if filter_plan.conditions.is_empty() {
                    return Err(RestError::MissingFilter {
                        method: "PATCH",
                        table: table.name.clone(),
                    });
                }
                let object = match body_value(req.body)? {
                    Value::Object(map) => map,
                    _ => {
                        return Err(RestError::InvalidBody(
                            "PATCH needs one JSON object with the columns to change".into(),
                        ));
                    }
                };
                let columns: Vec<String> = object.keys().cloned().collect();
                for c in &columns {
                    if table.column(c).is_none() {
                        return Err(RestError::UnknownPayloadColumn {
                            table: table.name.clone(),
                            column: c.clone(),
                        });
                    }
                }
                let write = sql::Write::Update {
                    columns: &columns,
                    body: Value::Object(object).to_string(),
                    conditions: &filter_plan.conditions,
                };
                // As PostgREST: `{}` changes nothing, and nothing needs to run.
                ((!columns.is_empty()).then(|| build(&write)), 204)
            }
            Method::Delete => {
                if filter_plan.conditions.is_empty() {
                    return Err(RestError::MissingFilter {
                        method: "DELETE",
                        table: table.name.clone(),
                    });
                }
                let write = sql::Write::Delete {
                    conditions: &filter_plan.conditions,
                };
                (Some(build(&write)), 204)
            }
            Method::Get | Method::Head => unreachable!("reads are handled by Rest::read"),
        };
        Ok(PlannedWrite {
            statement,
            status,
            preference_applied,
            strict,
            max_affected,
            representation,
            merge,
        })
    }

    async fn write(
        &self,
        cache: &SchemaCache,
        req: &ApiRequest<'_>,
        params: &QueryParams,
    ) -> Result<ApiResponse, RestError> {
        allowed(cache.table(req.target)?, req, |g| match req.method {
            Method::Post => g.insert,
            Method::Patch => g.update,
            Method::Delete => g.delete,
            Method::Get | Method::Head => g.select,
        })?;
        let PlannedWrite {
            statement,
            status,
            mut preference_applied,
            strict,
            max_affected,
            representation,
            merge,
        } = self.plan_write_request(cache, req, params)?;
        let accept = req.accept;
        let check = |out: &Outcome| {
            if let Some(limit) = max_affected
                && out.page > limit as i64
            {
                return Err(RestError::MaxAffected {
                    limit,
                    affected: out.page,
                });
            }
            if accept == Accept::Object && out.page != 1 {
                return Err(RestError::NotSingle { rows: out.page });
            }
            Ok(())
        };
        // Only these checks can refuse a write after it ran; without them the transaction's
        // end goes out with the statement (one round trip).
        let needs_check = max_affected.is_some() || accept == Accept::Object;
        let out = match &statement {
            Some(statement) => {
                self.execute(statement, None, req, false, needs_check.then_some(&check))
                    .await?
            }
            None => {
                let nothing = Outcome {
                    total: None,
                    page: 0,
                    body: "[]".to_owned(),
                    inserted: None,
                    planned: None,
                };
                check(&nothing)?;
                nothing
            }
        };
        if strict {
            preference_applied.push("handling=strict".to_owned());
        }
        if let Some(n) = max_affected {
            preference_applied.push(format!("max-affected={n}"));
        }
        let counted = req.prefer.count.is_some();
        if let Some(c) = req.prefer.count {
            preference_applied.push(format!("count={}", count_name(c)));
        }
        if req.prefer.tx_rollback == Some(true) {
            preference_applied.push("tx=rollback".to_owned());
        }
        if let Some(r) = req.prefer.return_ {
            preference_applied.push(
                match r {
                    Return::Minimal => "return=minimal",
                    Return::HeadersOnly => "return=headers-only",
                    Return::Representation => "return=representation",
                }
                .to_owned(),
            );
        }
        let status = match (req.method, representation) {
            // As PostgREST: a merge upsert that inserted no row answers 200.
            (Method::Post, _) if merge && out.inserted == Some(0) => 200,
            (Method::Post, _) => status,
            (_, true) => 200,
            _ => status,
        };
        Ok(ApiResponse {
            status,
            body: if representation {
                Some(shape_body(out.body, req.accept, out.page)?)
            } else {
                None
            },
            object: req.accept == Accept::Object,
            content_range: Some(write_content_range(
                req.method,
                out.page,
                counted.then_some(out.page),
            )),
            preference_applied,
            cache: None,
        })
    }

    /// A function call's statement, with the function, its read plan and count mode.
    fn plan_rpc_request(
        &self,
        cache: &SchemaCache,
        req: &ApiRequest<'_>,
    ) -> Result<PlannedRpc, RestError> {
        let function = cache.function(req.target)?.clone();
        let is_arg = |name: &str| function.args.iter().any(|a| a.name == name);
        let params = parse(req, is_arg)?;
        let given: Vec<(String, Option<String>)> = match req.method {
            Method::Get | Method::Head => {
                if function.volatility == 'v' {
                    return Err(RestError::VolatileGet(function.name.clone()));
                }
                params
                    .rpc_args
                    .iter()
                    .map(|(k, v)| (k.clone(), Some(v.clone())))
                    .collect()
            }
            Method::Post => match req.body.filter(|b| !b.iter().all(u8::is_ascii_whitespace)) {
                None => Vec::new(),
                Some(_) => match body_value(req.body)? {
                    Value::Object(map) => {
                        map.into_iter().map(|(k, v)| (k, json_to_text(v))).collect()
                    }
                    _ => {
                        return Err(RestError::InvalidBody(
                            "The arguments of a function call are one JSON object".into(),
                        ));
                    }
                },
            },
            Method::Patch | Method::Delete => {
                return Err(RestError::RpcMethod(method_name(req.method).to_owned()));
            }
        };
        let mut params = params.clone();
        apply_range_header(&mut params, req.range);
        let (args, plan) =
            plan::plan_rpc(cache, &function, given, &params, Some(self.config.max_rows))?;
        let count = match req.prefer.count {
            Some(_) if function.returns_set => CountMode::Exact,
            _ => CountMode::None,
        };
        let stmt = sql::rpc_statement(&function, &args, plan.as_ref(), count);
        Ok(PlannedRpc {
            function,
            plan,
            count,
            stmt,
        })
    }

    async fn rpc(
        &self,
        cache: &SchemaCache,
        req: ApiRequest<'_>,
    ) -> Result<ApiResponse, RestError> {
        let function = cache.function(req.target)?;
        let executable = match req.caller.role.as_str() {
            "anon" => function.anon_execute,
            "authenticated" => function.authenticated_execute,
            _ => true,
        };
        if !executable {
            return Err(RestError::PermissionDenied {
                kind: "function",
                name: function.name.clone(),
            });
        }
        let PlannedRpc {
            function,
            plan,
            count,
            stmt,
        } = self.plan_rpc_request(cache, &req)?;
        let table_like = function.returns_set || function.returns_composite;
        let read_only = function.volatility != 'v';
        let out = self.execute(&stmt, None, &req, read_only, None).await?;
        if function.returns_void() {
            return Ok(ApiResponse {
                status: 204,
                body: None,
                object: false,
                content_range: None,
                preference_applied: Vec::new(),
                cache: None,
            });
        }
        let body = if table_like && !function.returns_set {
            // A single composite: the object itself, not a one-element array.
            let rows: Vec<Value> = serde_json::from_str(&out.body).unwrap_or_default();
            rows.into_iter().next().unwrap_or(Value::Null).to_string()
        } else if table_like {
            shape_body(out.body, req.accept, out.page)?
        } else {
            out.body
        };
        Ok(ApiResponse {
            status: if out.total.is_some_and(|t| t > out.page) {
                206
            } else {
                200
            },
            body: (req.method != Method::Head).then_some(body),
            object: req.accept == Accept::Object,
            content_range: table_like.then(|| {
                content_range(
                    plan.as_ref().and_then(|p| p.offset).unwrap_or(0),
                    out.page,
                    out.total,
                )
            }),
            preference_applied: match (count, req.prefer.count) {
                (CountMode::Exact, Some(c)) => vec![format!("count={}", count_name(c))],
                _ => Vec::new(),
            },
            cache: None,
        })
    }

    /// One transaction: the caller's role and request context, the statement, then (for
    /// planned and estimated counts) `explain`, the planner's estimate of the counted rows.
    ///
    /// Without a `check`, the transaction's end is known before anything runs (COMMIT, or
    /// ROLLBACK for `tx=rollback`), so BEGIN, the context, the statement(s) and the end go out
    /// together: one round trip. A `check` looks at the outcome first and may refuse it; the
    /// end follows it. The connection goes back to the pool only when the end was answered
    /// (or the failed transaction was rolled back): otherwise it is closed.
    async fn execute(
        &self,
        stmt: &Statement,
        explain: Option<&Statement>,
        req: &ApiRequest<'_>,
        read_only: bool,
        check: Option<&Check<'_>>,
    ) -> Result<Outcome, RestError> {
        let mut guard = ConnectionGuard::new(
            self.pool
                .get()
                .await
                .map_err(|e| RestError::Pool(e.to_string()))?,
        );
        let client = guard.client();
        let timeout = kanisa_pg::context::statement_timeout(&req.caller.role);
        let method = method_name(req.method);
        // Prepared once per connection; later requests only bind. No transaction is open yet,
        // so a failure here (a type mismatch found while preparing) keeps the connection.
        // The SQL only is traced: values may carry personal data.
        tracing::trace!(sql = %stmt.sql, "statement");
        let prepared = async {
            let context = client.prepare_cached(CONTEXT_SQL).await?;
            let statement = client
                .prepare_typed_cached(&stmt.sql, &param_types(&stmt.values))
                .await?;
            let explain = match explain {
                Some(e) => Some(
                    client
                        .prepare_typed_cached(&e.sql, &param_types(&e.values))
                        .await?,
                ),
                None => None,
            };
            Ok::<_, kanisa_pg::tokio_postgres::Error>((context, statement, explain))
        };
        let (context, prepared, prepared_explain) = match prepared.await {
            Ok(p) => p,
            Err(e) => {
                guard.release();
                return Err(e.into());
            }
        };
        let context_params: [&(dyn kanisa_pg::tokio_postgres::types::ToSql + Sync); 7] = [
            &req.caller.role,
            &req.caller.claims,
            &method,
            &req.path,
            &req.headers_json,
            &timeout,
            &req.client_ip,
        ];
        let params = stmt.values.as_params();
        let explain_params = explain.map(|e| e.values.as_params());
        let begin = if read_only {
            "BEGIN ISOLATION LEVEL READ COMMITTED READ ONLY"
        } else {
            "BEGIN ISOLATION LEVEL READ COMMITTED"
        };
        let end = if !read_only && req.prefer.tx_rollback == Some(true) {
            "ROLLBACK"
        } else {
            "COMMIT"
        };
        let statement = async {
            match stmt.shape {
                Shape::Affected => {
                    let affected = client.execute(&prepared, &params).await?;
                    Ok(Outcome {
                        total: None,
                        page: i64::try_from(affected).unwrap_or(i64::MAX),
                        body: "[]".to_owned(),
                        inserted: None,
                        planned: None,
                    })
                }
                Shape::Plan => unreachable!("an EXPLAIN only ever follows the statement"),
                Shape::Row => {
                    let row = client.query_one(&prepared, &params).await?;
                    Ok::<_, kanisa_pg::tokio_postgres::Error>(Outcome {
                        total: row.get(0),
                        page: row.get(1),
                        body: row
                            .get::<_, Option<String>>(2)
                            .unwrap_or_else(|| "null".into()),
                        inserted: if row.len() > 3 { row.get(3) } else { None },
                        planned: None,
                    })
                }
            }
        };
        let planned = async {
            match (&prepared_explain, &explain_params) {
                (Some(p), Some(params)) => {
                    let row = client.query_one(p, params).await?;
                    Ok(plan_rows(&row.get::<_, Value>(0)))
                }
                _ => Ok::<_, kanisa_pg::tokio_postgres::Error>(None),
            }
        };
        let pipelined_end = async {
            if check.is_none() {
                client.batch_execute(end).await
            } else {
                Ok(())
            }
        };
        // Everything goes out together (one round trip): tokio-postgres sends each request
        // when its future is first polled, and join polls them in order. join, not try_join:
        // every request sent is also awaited, so after a failure we know whether the end was
        // answered. A failure aborts the transaction; a pipelined COMMIT then ends it as a
        // rollback. The first error (in order) is the one returned.
        let (began, set, out, planned, ended) = futures_util::future::join5(
            client.batch_execute(begin),
            client.execute(&context, &context_params),
            statement,
            planned,
            pipelined_end,
        )
        .await;
        let result = began.and(set).and(out).and_then(|out| Ok((out, planned?)));
        if check.is_none() {
            // The end was answered: the transaction is over (a pipelined COMMIT after a
            // failure answers as a rollback), so the connection is clean.
            let ended_cleanly = ended.is_ok();
            match result.and_then(|r| ended.map(|()| r)) {
                Ok((mut out, planned)) => {
                    out.planned = planned;
                    guard.release();
                    return Ok(out);
                }
                Err(e) => {
                    if ended_cleanly {
                        guard.release();
                    }
                    return Err(e.into());
                }
            }
        }
        let (mut out, planned) = match result {
            Ok(r) => r,
            Err(e) => {
                client.batch_execute("ROLLBACK").await?;
                guard.release();
                return Err(e.into());
            }
        };
        out.planned = planned;
        if let Some(check) = check
            && let Err(e) = check(&out)
        {
            client.batch_execute("ROLLBACK").await?;
            guard.release();
            return Err(e);
        }
        client.batch_execute(end).await?;
        guard.release();
        Ok(out)
    }
}

/// A write's statement, and what its response needs to know.
struct PlannedWrite {
    /// `None` for an insert of no rows (`[]`) or an update of no columns (`{}`).
    statement: Option<Statement>,
    /// The status on success (before upsert and representation adjust it).
    status: u16,
    preference_applied: Vec<String>,
    strict: bool,
    max_affected: Option<u64>,
    representation: bool,
    merge: bool,
}

/// A function call's statement, and what its response needs to know.
struct PlannedRpc {
    function: Arc<Function>,
    plan: Option<ReadPlan>,
    count: CountMode,
    stmt: Statement,
}

/// A look at a statement's outcome that may refuse it (and roll the transaction back).
type Check<'a> = dyn Fn(&Outcome) -> Result<(), RestError> + Sync + 'a;

/// Parameter types for the statement. sea-query-postgres declares unsigned 64-bit values (our
/// LIMIT and OFFSET) as numeric but sends them as int8, so they are declared int8 here.
fn param_types(
    values: &sea_query_postgres::PostgresValues,
) -> Vec<kanisa_pg::tokio_postgres::types::Type> {
    values
        .0
        .iter()
        .zip(values.as_types())
        .map(|(v, t)| match v.0 {
            sea_query::Value::BigUnsigned(_) => kanisa_pg::tokio_postgres::types::Type::INT8,
            _ => t,
        })
        .collect()
}

struct Outcome {
    total: Option<i64>,
    page: i64,
    body: String,
    /// Rows a merge upsert inserted (not updated).
    inserted: Option<i64>,
    /// The planner's estimate of the counted rows (planned and estimated counts).
    planned: Option<i64>,
}

/// The row estimate of the top plan node in `EXPLAIN (FORMAT JSON)` output.
fn plan_rows(explain: &Value) -> Option<i64> {
    let rows = explain.get(0)?.get("Plan")?.get("Plan Rows")?.as_f64()?;
    // A float of at most 2^53 from the planner: rounding it is the intent.
    Some(rows.round().clamp(0.0, i64::MAX as f64) as i64)
}

/// Refuses a caller whose role was granted no right of the kind `right` picks on `table`
/// (`service_role` may do everything). PostgreSQL would refuse it too, but only after the
/// request was planned — and planning errors name columns. Rows are still the policies' call.
/// [`Rest::explain`] does not ask: it shows the SQL a refused request would have run.
fn allowed(
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

fn parse(req: &ApiRequest<'_>, is_arg: impl Fn(&str) -> bool) -> Result<QueryParams, RestError> {
    kanisa_query::parse_query(req.query, is_arg).map_err(RestError::Parse)
}

fn method_name(m: Method) -> &'static str {
    match m {
        Method::Get => "GET",
        Method::Head => "HEAD",
        Method::Post => "POST",
        Method::Patch => "PATCH",
        Method::Delete => "DELETE",
    }
}

fn count_name(c: Count) -> &'static str {
    match c {
        Count::Exact => "exact",
        Count::Planned => "planned",
        Count::Estimated => "estimated",
    }
}

/// `Range: 0-19` sets the root page when the query string does not.
fn apply_range_header(params: &mut QueryParams, range: Option<RangeHeader>) {
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

fn content_range(offset: u64, page: i64, total: Option<i64>) -> String {
    let total = total.map_or("*".to_owned(), |t| t.to_string());
    if page <= 0 {
        format!("*/{total}")
    } else {
        format!("{offset}-{}/{total}", offset + page as u64 - 1)
    }
}

/// Content-Range of a write, as PostgREST gives it: the affected rows are the total; only a
/// PATCH names its range.
fn write_content_range(method: Method, affected: i64, total: Option<i64>) -> String {
    let total = total.map_or("*".to_owned(), |t| t.to_string());
    match method {
        Method::Patch if affected > 0 => format!("0-{}/{total}", affected - 1),
        _ => format!("*/{total}"),
    }
}

/// The JSON array from SQL, its only element for `Accept: …object+json`, or CSV.
fn shape_body(body: String, accept: Accept, page: i64) -> Result<String, RestError> {
    match accept {
        Accept::Json => Ok(body),
        Accept::Csv => {
            let rows: Vec<serde_json::Map<String, Value>> = serde_json::from_str(&body)
                .map_err(|e| RestError::InvalidBody(format!("result is not rows: {e}")))?;
            Ok(to_csv(&rows))
        }
        Accept::Object => {
            if page != 1 {
                return Err(RestError::NotSingle { rows: page });
            }
            let mut rows: Vec<Value> = serde_json::from_str(&body)
                .map_err(|e| RestError::InvalidBody(format!("result is not JSON: {e}")))?;
            Ok(rows.pop().unwrap_or(Value::Null).to_string())
        }
    }
}

/// RFC 4180 CSV: the first row's keys as the header (rows share their keys), fields quoted
/// when they hold a comma, quote or line break; NULL is an empty field; JSON values as text.
fn to_csv(rows: &[serde_json::Map<String, Value>]) -> String {
    fn field(out: &mut String, text: &str) {
        if text.contains([',', '"', '\n', '\r']) {
            out.push('"');
            out.push_str(&text.replace('"', "\"\""));
            out.push('"');
        } else {
            out.push_str(text);
        }
    }
    let mut out = String::new();
    let Some(first) = rows.first() else {
        return out;
    };
    let keys: Vec<&String> = first.keys().collect();
    for (i, k) in keys.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        field(&mut out, k);
    }
    for row in rows {
        out.push('\n');
        for (i, k) in keys.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            match row.get(*k) {
                None | Some(Value::Null) => {}
                Some(Value::String(s)) => field(&mut out, s),
                Some(other) => field(&mut out, &other.to_string()),
            }
        }
    }
    out
}

fn body_value(body: Option<&[u8]>) -> Result<Value, RestError> {
    let bytes = body.unwrap_or_default();
    serde_json::from_slice(bytes)
        .map_err(|e| RestError::InvalidBody(format!("Empty or invalid json: {e}")))
}

/// The rows of an insert: one object or an array of objects.
fn body_rows(body: Option<&[u8]>) -> Result<Vec<Value>, RestError> {
    let rows = match body_value(body)? {
        Value::Array(rows) => rows,
        obj @ Value::Object(_) => vec![obj],
        _ => {
            return Err(RestError::InvalidBody(
                "Insert a JSON object or an array of objects".into(),
            ));
        }
    };
    if rows.iter().any(|r| !r.is_object()) {
        return Err(RestError::InvalidBody(
            "Every element of the array must be a JSON object".into(),
        ));
    }
    Ok(rows)
}

/// Without `columns=`, every object must have the same keys (those of the first).
fn row_keys(rows: &[Value]) -> Result<Vec<String>, RestError> {
    let keys_of = |v: &Value| -> Vec<String> {
        let mut k: Vec<String> = v
            .as_object()
            .map(|o| o.keys().cloned().collect())
            .unwrap_or_default();
        k.sort();
        k
    };
    let first = rows.first().map(keys_of).unwrap_or_default();
    if rows.iter().any(|r| keys_of(r) != first) {
        return Err(RestError::InvalidBody("All object keys must match".into()));
    }
    Ok(first)
}

/// A JSON argument as the text PostgreSQL casts to the argument's type.
fn json_to_text(v: Value) -> Option<String> {
    match v {
        Value::Null => None,
        Value::String(s) => Some(s),
        other => Some(other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_quotes_what_needs_quoting() {
        let rows: Vec<serde_json::Map<String, Value>> = serde_json::from_str(
            r#"[{"title":"Faith, hope","n":1,"note":null,"tags":["a","b"]},
                {"title":"He said \"go\"","n":2.5,"note":"line\nbreak","tags":[]}]"#,
        )
        .unwrap();
        assert_eq!(
            to_csv(&rows),
            "title,n,note,tags\n\"Faith, hope\",1,,\"[\"\"a\"\",\"\"b\"\"]\"\n\"He said \"\"go\"\"\",2.5,\"line\nbreak\",[]"
        );
        assert_eq!(to_csv(&[]), "");
    }
}
