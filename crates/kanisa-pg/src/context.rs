//! The per-request database context: how one API request runs as its caller.
//!
//! Every API request (table API, storage) is one transaction on an `authenticator` connection
//! whose first statement is [`CONTEXT_SQL`]: it switches to the caller's role and hands the
//! JWT claims and request details to SQL, all transaction-local. Row-level policies then see
//! `auth.uid()`, `auth.jwt()`, `request.method`, … exactly as PostgREST provides them.
//!
//! [`Caller`] is that caller, owned; it is made only by its constructors (from a verified
//! identity's role and claims, or anon, or the service), never written out field by field.
//!
//! [`ConnectionGuard`] makes sure a connection whose transaction may still be open never goes
//! back to the pool; [`begin_as`] is the plain (not pipelined) way to open such a transaction.

use deadpool_postgres::{Object, Pool};
use tokio_postgres::types::ToSql;

use crate::error::PgError;

/// The per-request context: role, claims (also as the legacy `request.jwt.claim.sub` and
/// `request.jwt.claim.role`) and request details for policies, the client address, search path
/// and statement timeout — all transaction-local. Parameters, in order: role, claims (JSON
/// text), method, path, headers (JSON text), statement timeout, client address.
///
/// It also refuses a token whose session has ended (signed out, ended elsewhere, refresh token
/// reused): `auth.require_session` (migration 0012) raises `PT401` for a `session_id` claim
/// without its `auth.sessions` row. It runs first, before the role switch.
///
/// `request.jwt.claim.sub` is also what the caller's facts are kept under for the transaction:
/// the request's first question about the caller (permissions, rank, scope) looks them all up
/// once, and the later ones — every policy's init plan — read them when that setting still names
/// the same caller (`auth.caller()`, migration 0050).
pub const CONTEXT_SQL: &str = "SELECT auth.require_session($2::text::json ->> 'session_id'), \
     set_config('role', $1, true), \
     set_config('request.jwt.claims', $2, true), \
     set_config('request.jwt.claim.sub', coalesce($2::json ->> 'sub', ''), true), \
     set_config('request.jwt.claim.role', $1, true), set_config('request.method', $3, true), \
     set_config('request.path', $4, true), set_config('request.headers', $5, true), \
     set_config('search_path', 'public', true), set_config('statement_timeout', $6, true), \
     set_config('request.client_ip', $7, true)";

/// PostgreSQL's statement timeout for one API request of `role`: short enough that a costly
/// request cannot hold a connection long (it is answered 503 when it runs out), long enough for
/// any screen's query. The service key is a script's or a job's, not a screen's: its requests
/// include bulk writes of 1,000 rows (the table API's cap), about 0.25 s each into the members'
/// register on a quiet machine and more than 5 s on a machine busy with other work (a browser
/// suite's batch was cancelled so), so it has three times a signed-in caller's time.
pub fn statement_timeout(role: &str) -> &'static str {
    match role {
        "anon" => "3s",
        "service_role" => "15s",
        _ => "5s",
    }
}

/// A request's headers as the JSON object `request.headers` holds: names lower-cased,
/// credentials (`authorization`, `apikey`, `cookie`) left out, the first value of a repeated
/// name kept. The server and the console build a caller's headers with it.
pub fn headers_json<'a>(headers: impl IntoIterator<Item = (&'a str, &'a str)>) -> String {
    let mut map = serde_json::Map::new();
    for (name, value) in headers {
        let name = name.to_ascii_lowercase();
        if matches!(name.as_str(), "authorization" | "apikey" | "cookie") {
            continue;
        }
        map.entry(name).or_insert_with(|| value.into());
    }
    serde_json::Value::Object(map).to_string()
}

/// Who is asking and how, as [`CONTEXT_SQL`] hands it to SQL: built only by
/// [`Caller::context`], the one place a caller's context parameters are made.
#[derive(Debug, Clone, Copy)]
pub struct RequestContext<'a> {
    /// `anon`, `authenticated` or `service_role` (already verified).
    pub(crate) role: &'a str,
    /// The JWT claims as JSON text (`{}` or `{"role":"anon"}` for anonymous callers).
    pub claims: &'a str,
    pub method: &'a str,
    pub path: &'a str,
    /// The request headers as a JSON object (credentials left out).
    pub headers: &'a str,
    /// PostgreSQL's statement timeout for this transaction, e.g. `3s`.
    pub timeout: &'a str,
    /// The real client address, or empty when unknown.
    pub client_ip: &'a str,
}

impl RequestContext<'_> {
    /// The parameters of [`CONTEXT_SQL`].
    pub fn params(&self) -> [&(dyn ToSql + Sync); 7] {
        [
            &self.role,
            &self.claims,
            &self.method,
            &self.path,
            &self.headers,
            &self.timeout,
            &self.client_ip,
        ]
    }
}

/// A pooled connection that goes back to the pool only when its transaction ended cleanly
/// ([`ConnectionGuard::release`]). If the request is cancelled or fails midway (the
/// transaction may still be open), the connection is closed instead — PostgreSQL then rolls
/// back — so no later request can run inside another caller's transaction.
pub struct ConnectionGuard(Option<Object>);

impl ConnectionGuard {
    pub fn new(object: Object) -> Self {
        Self(Some(object))
    }

    pub fn client(&self) -> &Object {
        self.0
            .as_ref()
            .expect("the connection is held until released")
    }

    /// The transaction is over: the connection may serve the next request.
    pub fn release(&mut self) {
        // Dropping the pooled object returns it to the pool.
        self.0.take();
    }
}

impl Drop for ConnectionGuard {
    fn drop(&mut self) {
        if let Some(object) = self.0.take() {
            // Detached from the pool: dropping the client closes the connection.
            drop(Object::take(object));
        }
    }
}

/// One open transaction as a caller (see [`begin_as`]). Dropped without
/// [`CallerTx::commit`] or [`CallerTx::rollback`], its connection is closed, which rolls back.
pub struct CallerTx {
    guard: ConnectionGuard,
}

/// Opens a transaction on a connection of `pool` (an `authenticator` pool) and runs
/// [`CONTEXT_SQL`] in it: what follows runs as the caller, under the caller's policies.
/// BEGIN and the context go out together (one round trip).
pub async fn begin_as(
    pool: &Pool,
    ctx: &RequestContext<'_>,
    read_only: bool,
) -> Result<CallerTx, PgError> {
    let guard = ConnectionGuard::new(pool.get().await?);
    let client = guard.client();
    let context = client.prepare_cached(CONTEXT_SQL).await?;
    let begin = if read_only {
        "BEGIN ISOLATION LEVEL READ COMMITTED READ ONLY"
    } else {
        "BEGIN ISOLATION LEVEL READ COMMITTED"
    };
    let params = ctx.params();
    let (began, set) = futures_util::future::join(
        client.batch_execute(begin),
        client.execute(&context, &params),
    )
    .await;
    began?;
    set?;
    Ok(CallerTx { guard })
}

impl CallerTx {
    pub fn client(&self) -> &Object {
        self.guard.client()
    }

    pub async fn commit(mut self) -> Result<(), PgError> {
        self.guard.client().batch_execute("COMMIT").await?;
        self.guard.release();
        Ok(())
    }

    pub async fn rollback(mut self) -> Result<(), PgError> {
        self.guard.client().batch_execute("ROLLBACK").await?;
        self.guard.release();
        Ok(())
    }
}

/// Who is asking, as the database will see them, owned: what every API crate (table API,
/// storage, functions) runs a caller's transaction with.
///
/// Made only by its constructors — [`Caller::new`] with the role and claims of a verified
/// identity (`kanisa_auth::Identity::caller`, which the server's request extractor uses),
/// [`Caller::anon`] or [`Caller::service`] — and the request's details added with the `with_*`
/// methods. `#[non_exhaustive]` keeps every other crate from writing one as a struct literal
/// (the fields stay readable):
///
/// ```compile_fail
/// let caller = kanisa_pg::Caller {
///     role: "service_role".to_owned(),
///     claims: "{}".to_owned(),
///     headers: "{}".to_owned(),
///     client_ip: String::new(),
///     method: "GET".to_owned(),
///     path: String::new(),
/// };
/// ```
///
/// ```compile_fail
/// let caller = kanisa_pg::Caller { role: "service_role".to_owned(), ..kanisa_pg::Caller::anon() };
/// ```
///
/// ```
/// let caller = kanisa_pg::Caller::anon().with_client_ip("203.0.113.9").with_path("/");
/// assert_eq!((caller.role.as_str(), caller.client_ip.as_str()), ("anon", "203.0.113.9"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Caller {
    /// `anon`, `authenticated` or `service_role`.
    pub role: String,
    /// The JWT claims as JSON text.
    pub claims: String,
    /// The request headers as a JSON object (credentials left out: [`headers_json`]).
    pub headers: String,
    /// The real client address, or empty.
    pub client_ip: String,
    /// The HTTP method and path, for `request.method` / `request.path`.
    pub method: String,
    pub path: String,
}

impl Caller {
    /// `role` with `claims` (JSON text), as a verified identity names them — the server's come
    /// from `kanisa_auth::Identity::caller` — on no request in particular (`GET`, no path, no
    /// headers, no address) until the `with_*` methods say which.
    pub fn new(role: impl Into<String>, claims: impl Into<String>) -> Caller {
        Caller {
            role: role.into(),
            claims: claims.into(),
            headers: "{}".to_owned(),
            client_ip: String::new(),
            method: "GET".to_owned(),
            path: String::new(),
        }
    }

    /// Nobody in particular: the public's rights (public URLs are read this way).
    pub fn anon() -> Caller {
        Caller::new("anon", "{\"role\":\"anon\"}")
    }

    /// The server itself, with the service key's rights (background work: jobs reading the
    /// files a message refers to).
    pub fn service() -> Caller {
        Caller::new("service_role", "{\"role\":\"service_role\"}")
    }

    /// The same request with another's rights: `role` and `claims` in place of this caller's
    /// (a signed upload URL runs as the caller who signed it).
    pub fn with_rights(self, role: impl Into<String>, claims: impl Into<String>) -> Caller {
        Caller {
            role: role.into(),
            claims: claims.into(),
            ..self
        }
    }

    /// On a request with this HTTP method (`request.method`).
    pub fn with_method(self, method: impl Into<String>) -> Caller {
        Caller {
            method: method.into(),
            ..self
        }
    }

    /// On a request to this path (`request.path`).
    pub fn with_path(self, path: impl Into<String>) -> Caller {
        Caller {
            path: path.into(),
            ..self
        }
    }

    /// With these request headers: a JSON object, as [`headers_json`] makes it.
    pub fn with_headers(self, headers: impl Into<String>) -> Caller {
        Caller {
            headers: headers.into(),
            ..self
        }
    }

    /// From this client address (`request.client_ip`).
    pub fn with_client_ip(self, client_ip: impl Into<String>) -> Caller {
        Caller {
            client_ip: client_ip.into(),
            ..self
        }
    }

    /// The signed-in user's id (`sub`), if any.
    pub fn user_id(&self) -> Option<String> {
        let claims: serde_json::Value = serde_json::from_str(&self.claims).ok()?;
        claims.get("sub")?.as_str().map(str::to_owned)
    }

    /// This caller as [`CONTEXT_SQL`]'s parameters.
    pub fn context(&self) -> RequestContext<'_> {
        RequestContext {
            role: &self.role,
            claims: &self.claims,
            method: &self.method,
            path: &self.path,
            headers: &self.headers,
            timeout: statement_timeout(&self.role),
            client_ip: &self.client_ip,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_role_has_its_statement_timeout() {
        assert_eq!(statement_timeout("anon"), "3s");
        assert_eq!(statement_timeout("authenticated"), "5s");
        assert_eq!(statement_timeout("service_role"), "15s");
        // A caller the server does not name is given a signed-in caller's time, never more.
        assert_eq!(statement_timeout("someone_else"), "5s");
        assert_eq!(Caller::service().context().timeout, "15s");
        assert_eq!(Caller::anon().context().timeout, "3s");
    }
}
