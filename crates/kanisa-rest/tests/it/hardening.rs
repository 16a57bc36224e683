//! Issue 13's outside probe, table-API part: bodies without columns, an empty select, and
//! access checked against the role's privileges before anything that could name a column.

use kanisa_query::ast::{Preferences, Return};
use kanisa_rest::{Accept, ApiRequest, ApiResponse, Caller, Method, Rest, RestConfig, RestError};
use serde_json::{Value, json};
use std::borrow::Cow;

use crate::harness::Fresh;

/// A table whose every column has a default; anon may insert (the privilege) but its policy
/// refuses every row.
const TABLES: &str = "
CREATE TABLE public.kanisa_test_defaults (
  id    serial PRIMARY KEY,
  note  text NOT NULL DEFAULT 'by default',
  at    timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE public.kanisa_test_defaults ENABLE ROW LEVEL SECURITY;
GRANT ALL ON public.kanisa_test_defaults TO service_role;
GRANT USAGE ON SEQUENCE public.kanisa_test_defaults_id_seq TO service_role, anon;
GRANT INSERT ON public.kanisa_test_defaults TO anon;
CREATE POLICY refuse_anon ON public.kanisa_test_defaults FOR INSERT TO anon WITH CHECK (false);
";

async fn setup() -> (Fresh, Rest) {
    let fresh = Fresh::new().await;
    fresh.client.batch_execute(TABLES).await.expect("tables");
    let rest = Rest::new(fresh.db.api_pool(), RestConfig::default())
        .await
        .expect("schema cache");
    (fresh, rest)
}

struct Call<'a> {
    method: Method,
    target: &'a str,
    rpc: bool,
    query: &'a str,
    body: Option<String>,
    prefer: Preferences,
    role: &'a str,
}

impl<'a> Call<'a> {
    fn new(method: Method, target: &'a str, query: &'a str) -> Self {
        Call {
            method,
            target,
            rpc: false,
            query,
            body: None,
            prefer: Preferences::default(),
            role: "service_role",
        }
    }

    fn rpc(mut self) -> Self {
        self.rpc = true;
        self
    }

    fn body(mut self, body: Value) -> Self {
        self.body = Some(body.to_string());
        self
    }

    fn by(mut self, role: &'a str) -> Self {
        self.role = role;
        self
    }

    fn representation(mut self) -> Self {
        self.prefer.return_ = Some(Return::Representation);
        self
    }

    async fn send(&self, rest: &Rest) -> Result<ApiResponse, RestError> {
        rest.handle(ApiRequest {
            method: self.method,
            target: self.target,
            rpc: self.rpc,
            query: self.query,
            prefer: self.prefer.clone(),
            range: None,
            accept: Accept::Json,
            body: self.body.as_deref().map(|b| Cow::Borrowed(b.as_bytes())),
            caller: Caller::new(self.role, format!("{{\"role\":\"{}\"}}", self.role)),
            anon_key: None,
        })
        .await
    }
}

async fn rows(fresh: &Fresh) -> i64 {
    fresh
        .client
        .query_one("SELECT count(*) FROM public.kanisa_test_defaults", &[])
        .await
        .unwrap()
        .get(0)
}

/// `{}` inserts one row of defaults, `[{}, {}]` one each, `[]` nothing (201, no statement);
/// return=representation reads the defaults back.
#[tokio::test]
async fn an_insert_without_columns_takes_every_default() {
    let (fresh, rest) = setup().await;
    let one = Call::new(Method::Post, "kanisa_test_defaults", "")
        .body(json!({}))
        .send(&rest)
        .await
        .expect("{} inserts a row of defaults");
    assert_eq!(one.status, 201);
    assert_eq!(rows(&fresh).await, 1);

    let two = Call::new(Method::Post, "kanisa_test_defaults", "select=note")
        .body(json!([{}, {}]))
        .representation()
        .send(&rest)
        .await
        .expect("[{}, {}] inserts two rows");
    assert_eq!(two.status, 201);
    let body: Value = serde_json::from_str(two.body.as_deref().unwrap()).unwrap();
    assert_eq!(
        body,
        json!([{"note": "by default"}, {"note": "by default"}])
    );
    assert_eq!(rows(&fresh).await, 3);

    for prefer_representation in [false, true] {
        let mut call = Call::new(Method::Post, "kanisa_test_defaults", "").body(json!([]));
        if prefer_representation {
            call = call.representation();
        }
        let none = call.send(&rest).await.expect("[] inserts nothing");
        assert_eq!(none.status, 201);
        assert_eq!(none.content_range.as_deref(), Some("*/*"));
        assert_eq!(
            none.body.as_deref(),
            prefer_representation.then_some("[]"),
            "representation: {prefer_representation}"
        );
    }
    assert_eq!(rows(&fresh).await, 3);
    assert!(
        rest.explain(&ApiRequest {
            method: Method::Post,
            target: "kanisa_test_defaults",
            rpc: false,
            query: "",
            prefer: Preferences::default(),
            range: None,
            accept: Accept::Json,
            body: Some(Cow::Borrowed(b"[]")),
            caller: Caller::new("service_role", "{}"),
            anon_key: None,
        })
        .unwrap()
        .starts_with("-- no statement")
    );
}

/// PATCH `{}` (with a filter) changes nothing and runs nothing: 204, or `[]` with
/// return=representation, as PostgREST answers.
#[tokio::test]
async fn an_update_without_columns_changes_nothing() {
    let (fresh, rest) = setup().await;
    fresh
        .client
        .batch_execute("INSERT INTO public.kanisa_test_defaults (note) VALUES ('kept')")
        .await
        .unwrap();
    let minimal = Call::new(Method::Patch, "kanisa_test_defaults", "id=gt.0")
        .body(json!({}))
        .send(&rest)
        .await
        .expect("PATCH {} is no error");
    assert_eq!((minimal.status, minimal.body.as_deref()), (204, None));
    let represented = Call::new(Method::Patch, "kanisa_test_defaults", "id=gt.0")
        .body(json!({}))
        .representation()
        .send(&rest)
        .await
        .unwrap();
    assert_eq!(
        (represented.status, represented.body.as_deref()),
        (200, Some("[]"))
    );
    let note: String = fresh
        .client
        .query_one("SELECT note FROM public.kanisa_test_defaults", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(note, "kept");
    // Without a filter it is still refused, as every PATCH is.
    let unfiltered = Call::new(Method::Patch, "kanisa_test_defaults", "")
        .body(json!({}))
        .send(&rest)
        .await
        .unwrap_err();
    assert!(
        matches!(unfiltered, RestError::MissingFilter { .. }),
        "{unfiltered:?}"
    );
}

/// The policies still decide: anon may insert into the table but its policy refuses the row
/// of defaults (42501 from PostgreSQL, 401); into a table it has no INSERT right on, `{}` and
/// `[]` are refused before any statement — never a syntax error.
#[tokio::test]
async fn an_empty_insert_still_meets_privileges_and_policies() {
    let (fresh, rest) = setup().await;
    let refused = Call::new(Method::Post, "kanisa_test_defaults", "")
        .body(json!({}))
        .by("anon")
        .send(&rest)
        .await
        .unwrap_err();
    let parts = refused.parts(true);
    assert_eq!(
        (parts.status, parts.code.as_str()),
        (401, "42501"),
        "{refused:?}"
    );
    assert!(matches!(refused, RestError::Db(_)), "{refused:?}");
    assert_eq!(rows(&fresh).await, 0);

    for body in [json!({}), json!([])] {
        let err = Call::new(Method::Post, "sermons", "")
            .body(body.clone())
            .by("anon")
            .send(&rest)
            .await
            .unwrap_err();
        let parts = err.parts(true);
        assert_eq!(
            (parts.status, parts.code.as_str()),
            (401, "42501"),
            "{body}"
        );
        assert_eq!(parts.message, "permission denied for table sermons");
    }
}

/// `select=` selects no column: each row is `{}` (PostgREST), not `{"?column?":1}`.
#[tokio::test]
async fn an_empty_select_gives_empty_objects() {
    let (fresh, rest) = setup().await;
    fresh
        .client
        .batch_execute("INSERT INTO public.kanisa_test_defaults DEFAULT VALUES; INSERT INTO public.kanisa_test_defaults DEFAULT VALUES;")
        .await
        .unwrap();
    let out = Call::new(Method::Get, "kanisa_test_defaults", "select=")
        .send(&rest)
        .await
        .unwrap();
    let body: Value = serde_json::from_str(out.body.as_deref().unwrap()).unwrap();
    assert_eq!(body, json!([{}, {}]));
    assert_eq!(out.content_range.as_deref(), Some("0-1/*"));
}

/// A caller without the right gets PostgREST's permission error before anything that names
/// a column or says what the target is: 401 for anon, 403 signed in.
#[tokio::test]
async fn access_is_checked_before_columns() {
    let (_fresh, rest) = setup().await;
    let cases = [
        // anon reads no message; the column does not exist.
        (
            Call::new(Method::Get, "messages", "select=no_such_column"),
            "anon",
            401,
            "table messages",
        ),
        // anon writes no sermon; the column does not exist.
        (
            Call::new(Method::Post, "sermons", "").body(json!({"no_such_column": 1})),
            "anon",
            401,
            "table sermons",
        ),
        (
            Call::new(Method::Patch, "sermons", "no_such_column=eq.1").body(json!({"title": "x"})),
            "anon",
            401,
            "table sermons",
        ),
        (
            Call::new(Method::Delete, "sermons", "id=eq.1"),
            "anon",
            401,
            "table sermons",
        ),
        // Signed in, no UPDATE right on the activity log.
        (
            Call::new(Method::Patch, "admin_activity_logs", "nope=eq.1").body(json!({"nope": 1})),
            "authenticated",
            403,
            "table admin_activity_logs",
        ),
        // Signed in, may read the view but not write it: not "cannot insert into view".
        (
            Call::new(Method::Post, "message_stats", "").body(json!({"nope": 1})),
            "authenticated",
            403,
            "view message_stats",
        ),
        (
            Call::new(Method::Post, "message_stats", "").body(json!({})),
            "anon",
            401,
            "view message_stats",
        ),
        // anon calls no staff function, whatever its arguments.
        (
            Call::new(Method::Post, "get_message_stats", "")
                .rpc()
                .body(json!({"x": 1})),
            "anon",
            401,
            "function get_message_stats",
        ),
    ];
    for (call, role, status, what) in cases {
        let call = call.by(role);
        let err = call.send(&rest).await.unwrap_err();
        let parts = err.parts(role == "anon");
        assert_eq!(
            (parts.status, parts.code.as_str(), parts.message.as_str()),
            (
                status,
                "42501",
                format!("permission denied for {what}").as_str()
            ),
            "{:?} {} as {role}",
            call.method,
            call.target
        );
    }
}

/// A function takes GET, HEAD and POST; anything else is PostgREST's 405 PGRST101 naming the
/// allowed methods.
#[tokio::test]
async fn other_methods_on_a_function_are_405_with_allow() {
    let (_fresh, rest) = setup().await;
    for method in [Method::Delete, Method::Patch] {
        let err = Call::new(method, "kanisa_test_add", "a=1")
            .rpc()
            .send(&rest)
            .await
            .unwrap_err();
        let parts = err.parts(false);
        assert_eq!((parts.status, parts.code.as_str()), (405, "PGRST101"));
        assert_eq!(parts.allow, Some("OPTIONS, GET, HEAD, POST"));
    }
}

/// A request that outlives its statement timeout (3 s for anon) is cancelled by PostgreSQL and
/// answered 503 with a clear message, not a long wait and not a 504 from a proxy.
#[tokio::test]
async fn a_statement_timeout_is_a_503_that_says_so() {
    let fresh = Fresh::new().await;
    fresh
        .client
        .batch_execute(
            "CREATE FUNCTION public.kanisa_test_slow() RETURNS integer LANGUAGE sql VOLATILE \
               AS 'SELECT 1 FROM pg_sleep(30)'; \
             GRANT EXECUTE ON FUNCTION public.kanisa_test_slow() TO anon;",
        )
        .await
        .unwrap();
    let rest = Rest::new(fresh.db.api_pool(), RestConfig::default())
        .await
        .expect("schema cache");
    let started = std::time::Instant::now();
    let err = Call::new(Method::Post, "kanisa_test_slow", "")
        .rpc()
        .body(json!({}))
        .by("anon")
        .send(&rest)
        .await
        .unwrap_err();
    let waited = started.elapsed();
    let parts = err.parts(true);
    assert_eq!((parts.status, parts.code.as_str()), (503, "57014"));
    assert!(
        parts
            .message
            .starts_with("The request took too long and was cancelled"),
        "{}",
        parts.message
    );
    // Cancelled by the 3 s timeout, long before the 30 s sleep would end.
    assert!(waited < std::time::Duration::from_secs(20), "{waited:?}");
}
