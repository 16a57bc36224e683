//! The handler's transactions: writes whose end is pipelined with the statement (one round
//! trip) and what a failure leaves behind, upsert statuses, and planned/estimated counts run
//! in the caller's transaction. Each test runs `Rest` over a pool of one connection, so every
//! request reuses the connection the one before it left behind.

use kanisa_pg::tokio_postgres::{Client, error::SqlState};
use kanisa_query::ast::{Count, Preferences, Resolution, Return};
use kanisa_rest::{Accept, ApiRequest, ApiResponse, Caller, Method, Rest, RestConfig, RestError};
use serde_json::{Value, json};
use std::borrow::Cow;

use crate::harness::Fresh;

/// Test-only tables: a key checked at COMMIT (deferred); 1000 rows of ten owners that
/// `authenticated` reads under a policy on the row; 1000 rows only the caller `boss` reads, under
/// a policy that does not depend on the row. Both analyzed, then their statistics inflated
/// twentyfold, so the planner's estimates (about 20,000 rows) are never an exact count.
const TABLES: &str = "
CREATE TABLE public.kanisa_test_deferred (
  id     integer PRIMARY KEY,
  parent integer REFERENCES public.kanisa_test_deferred (id) DEFERRABLE INITIALLY DEFERRED
);
GRANT ALL ON public.kanisa_test_deferred TO service_role;
CREATE TABLE public.kanisa_test_owned (id integer PRIMARY KEY, owner text NOT NULL);
INSERT INTO public.kanisa_test_owned SELECT i, 'u' || (i % 10) FROM generate_series(1, 1000) i;
ANALYZE public.kanisa_test_owned;
ALTER TABLE public.kanisa_test_owned ENABLE ROW LEVEL SECURITY;
GRANT SELECT ON public.kanisa_test_owned TO authenticated, service_role;
CREATE POLICY owned ON public.kanisa_test_owned FOR SELECT TO authenticated
  USING (owner = (SELECT current_setting('request.jwt.claims', true)::json ->> 'sub'));
CREATE TABLE public.kanisa_test_bosses (id integer PRIMARY KEY);
INSERT INTO public.kanisa_test_bosses SELECT i FROM generate_series(1, 1000) i;
ANALYZE public.kanisa_test_bosses;
ALTER TABLE public.kanisa_test_bosses ENABLE ROW LEVEL SECURITY;
GRANT SELECT ON public.kanisa_test_bosses TO authenticated, service_role;
CREATE POLICY boss ON public.kanisa_test_bosses FOR SELECT TO authenticated
  USING ((SELECT current_setting('request.jwt.claims', true)::json ->> 'sub') = 'boss');
UPDATE pg_class SET reltuples = reltuples * 20
 WHERE oid IN ('public.kanisa_test_owned'::regclass, 'public.kanisa_test_bosses'::regclass);
";

struct Setup {
    fresh: Fresh,
    rest: Rest,
}

async fn setup(config: RestConfig) -> Setup {
    let fresh = Fresh::new().await;
    fresh.client.batch_execute(TABLES).await.expect("tables");
    let mut pg = fresh.db.config().clone();
    pg.user(kanisa_pg::AUTHENTICATOR);
    let pool = kanisa_pg::pool_from_config(pg, 1).expect("a pool of one");
    let rest = Rest::new(pool, config).await.expect("schema cache");
    Setup { fresh, rest }
}

struct Req<'a> {
    method: Method,
    target: &'a str,
    query: &'a str,
    body: Option<String>,
    prefer: Preferences,
    role: &'a str,
    claims: &'a str,
}

impl<'a> Req<'a> {
    fn new(method: Method, target: &'a str, query: &'a str) -> Self {
        Req {
            method,
            target,
            query,
            body: None,
            prefer: Preferences::default(),
            role: "service_role",
            claims: "{\"role\":\"service_role\"}",
        }
    }

    fn body(mut self, body: Value) -> Self {
        self.body = Some(body.to_string());
        self
    }

    fn prefer(mut self, prefer: Preferences) -> Self {
        self.prefer = prefer;
        self
    }

    fn caller(mut self, role: &'a str, claims: &'a str) -> Self {
        self.role = role;
        self.claims = claims;
        self
    }

    async fn send(&self, rest: &Rest) -> Result<ApiResponse, RestError> {
        rest.handle(ApiRequest {
            method: self.method,
            target: self.target,
            rpc: false,
            query: self.query,
            prefer: self.prefer.clone(),
            range: None,
            accept: Accept::Json,
            body: self.body.as_deref().map(|b| Cow::Borrowed(b.as_bytes())),
            caller: Caller::new(self.role, self.claims),
            anon_key: None,
        })
        .await
    }
}

fn db_code(result: &Result<ApiResponse, RestError>) -> Option<SqlState> {
    match result {
        Err(RestError::Db(e)) => e.as_db_error().map(|d| d.code().clone()),
        _ => None,
    }
}

async fn count(client: &Client, sql: &str) -> i64 {
    client.query_one(sql, &[]).await.expect(sql).get(0)
}

/// The API's connections to this database that sit inside a transaction.
async fn open_transactions(client: &Client) -> i64 {
    count(
        client,
        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() \
         AND usename = 'authenticator' AND state LIKE 'idle in transaction%'",
    )
    .await
}

async fn api_connections(client: &Client) -> i64 {
    count(
        client,
        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() \
         AND usename = 'authenticator'",
    )
    .await
}

fn sermon(title: &str, date: Option<&str>) -> Value {
    json!({"title": title, "speaker": "Kanisa test", "sermon_date": date})
}

const TEST_SERMONS: &str = "SELECT count(*) FROM public.sermons WHERE speaker = 'Kanisa test'";

/// A minimal write goes out with its COMMIT. When the statement fails (the third row breaks
/// NOT NULL), the pipelined COMMIT ends the aborted transaction as a rollback: no row of the
/// request is kept, the connection goes back to the pool idle, and the next request on it
/// runs and commits normally.
#[tokio::test]
async fn a_failing_pipelined_write_leaves_nothing_behind() {
    let s = setup(RestConfig::default()).await;
    let c = &s.fresh.client;
    let rows = json!([
        sermon("One", Some("2024-01-07")),
        sermon("Two", Some("2024-01-14")),
        sermon("Three", None),
    ]);
    let failed = Req::new(Method::Post, "sermons", "")
        .body(rows)
        .send(&s.rest)
        .await;
    assert_eq!(
        db_code(&failed),
        Some(SqlState::NOT_NULL_VIOLATION),
        "{failed:?}"
    );
    assert_eq!(count(c, TEST_SERMONS).await, 0, "nothing half-written");
    assert_eq!(open_transactions(c).await, 0, "no transaction left open");
    assert_eq!(api_connections(c).await, 1, "the clean connection was kept");

    // The same connection serves the next write, which commits (seen from another session).
    let ok = Req::new(Method::Post, "sermons", "")
        .body(json!([sermon("Four", Some("2024-01-21"))]))
        .send(&s.rest)
        .await
        .expect("the next write");
    assert_eq!(ok.status, 201);
    assert_eq!(count(c, TEST_SERMONS).await, 1);
    assert_eq!(open_transactions(c).await, 0);

    // A failing PATCH and DELETE (minimal, so pipelined) likewise change nothing.
    let patch = Req::new(Method::Patch, "sermons", "speaker=eq.Kanisa%20test")
        .body(json!({"title": null}))
        .send(&s.rest)
        .await;
    assert_eq!(
        db_code(&patch),
        Some(SqlState::NOT_NULL_VIOLATION),
        "{patch:?}"
    );
    let titles = count(
        c,
        "SELECT count(*) FROM public.sermons WHERE speaker = 'Kanisa test' AND title = 'Four'",
    )
    .await;
    assert_eq!(titles, 1);
    assert_eq!(open_transactions(c).await, 0);
}

/// A statement that succeeds but whose COMMIT fails (a deferred key, checked at COMMIT): the
/// error is the answer — never a 201 for a row that was not kept.
#[tokio::test]
async fn a_pipelined_commit_that_fails_is_the_answer() {
    let s = setup(RestConfig::default()).await;
    let c = &s.fresh.client;
    let failed = Req::new(Method::Post, "kanisa_test_deferred", "")
        .body(json!({"id": 1, "parent": 99}))
        .send(&s.rest)
        .await;
    assert_eq!(
        db_code(&failed),
        Some(SqlState::FOREIGN_KEY_VIOLATION),
        "{failed:?}"
    );
    let parts = failed.unwrap_err().parts(false);
    assert_eq!(parts.status, 409);
    let kept = "SELECT count(*) FROM public.kanisa_test_deferred";
    assert_eq!(count(c, kept).await, 0);
    assert_eq!(open_transactions(c).await, 0);

    // With representation too (the end still rides along: nothing to check).
    let prefer = Preferences {
        return_: Some(Return::Representation),
        ..Preferences::default()
    };
    let failed = Req::new(Method::Post, "kanisa_test_deferred", "")
        .body(json!({"id": 2, "parent": 98}))
        .prefer(prefer.clone())
        .send(&s.rest)
        .await;
    assert_eq!(
        db_code(&failed),
        Some(SqlState::FOREIGN_KEY_VIOLATION),
        "{failed:?}"
    );
    assert_eq!(count(c, kept).await, 0);

    let ok = Req::new(Method::Post, "kanisa_test_deferred", "")
        .body(json!([{"id": 3, "parent": null}, {"id": 4, "parent": 3}]))
        .prefer(prefer)
        .send(&s.rest)
        .await
        .expect("a write whose key holds at COMMIT");
    assert_eq!(ok.status, 201);
    assert_eq!(count(c, kept).await, 2);
    assert_eq!(open_transactions(c).await, 0);
}

/// `tx=rollback` answers as if written and keeps nothing, pipelined or checked.
#[tokio::test]
async fn tx_rollback_keeps_nothing() {
    let s = setup(RestConfig::default()).await;
    for return_ in [None, Some(Return::Representation)] {
        let prefer = Preferences {
            tx_rollback: Some(true),
            return_,
            ..Preferences::default()
        };
        let out = Req::new(Method::Post, "sermons", "select=title")
            .body(sermon("Rolled back", Some("2024-01-07")))
            .prefer(prefer)
            .send(&s.rest)
            .await
            .expect("a rolled-back write");
        assert_eq!(out.status, 201);
        assert!(out.preference_applied.contains(&"tx=rollback".to_owned()));
    }
    assert_eq!(count(&s.fresh.client, TEST_SERMONS).await, 0);
    assert_eq!(open_transactions(&s.fresh.client).await, 0);
}

/// A merge upsert answers 201 when it inserted a row and 200 when it only updated, with or
/// without the rows read back; ignore-duplicates always answers 201, as in PostgREST.
#[tokio::test]
async fn an_upsert_that_only_updated_answers_200() {
    let s = setup(RestConfig::default()).await;
    let verse =
        |day: i32, text: &str| json!({"day_index": day, "text": text, "reference": "Gen 1:1"});
    let prefer = |resolution, return_| Preferences {
        resolution: Some(resolution),
        return_,
        ..Preferences::default()
    };
    let upsert = |body: Value, resolution, return_| {
        Req::new(
            Method::Post,
            "daily_verses",
            "on_conflict=day_index&select=text",
        )
        .body(body)
        .prefer(prefer(resolution, return_))
    };
    let merge = Resolution::MergeDuplicates;
    let full = Some(Return::Representation);
    for (label, body, return_, status) in [
        ("new, minimal", verse(1, "a"), None, 201),
        ("existing, minimal", verse(1, "b"), None, 200),
        ("new, representation", verse(2, "c"), full, 201),
        ("existing, representation", verse(2, "d"), full, 200),
        (
            "one new of two",
            json!([verse(2, "e"), verse(3, "f")]),
            full,
            201,
        ),
        (
            "both existing",
            json!([verse(2, "g"), verse(3, "h")]),
            None,
            200,
        ),
    ] {
        let out = upsert(body, merge, return_)
            .send(&s.rest)
            .await
            .unwrap_or_else(|e| panic!("{label}: {e:?}"));
        assert_eq!(out.status, status, "{label}");
        if return_.is_some() {
            assert!(out.body.is_some(), "{label}");
        }
    }
    let stored = count(
        &s.fresh.client,
        "SELECT count(*) FROM public.daily_verses WHERE (day_index, text) IN ((1, 'b'), (2, 'g'), (3, 'h'))",
    )
    .await;
    assert_eq!(stored, 3, "the merges updated");
    let out = upsert(verse(1, "x"), Resolution::IgnoreDuplicates, full)
        .send(&s.rest)
        .await
        .unwrap();
    assert_eq!((out.status, out.body.as_deref()), (201, Some("[]")));
}

/// `count=planned` is the planner's estimate, made in the request's transaction, and
/// `count=estimated` exact up to max_rows and the estimate beyond — but only for a caller who may
/// read every row: service_role (which bypasses row-level security), or a caller for whom a
/// policy that does not depend on the row holds (`boss`). Where a policy on the row decides
/// (one owner in ten), the planner's figure would describe rows the caller cannot read: the
/// count is exact, whichever was asked.
#[tokio::test]
async fn planned_and_estimated_counts_are_estimates_only_where_every_row_is_readable() {
    let s = setup(RestConfig {
        max_rows: 50,
        ..RestConfig::default()
    })
    .await;
    let with_count = |count: Count| Preferences {
        count: Some(count),
        ..Preferences::default()
    };
    let user = "{\"role\":\"authenticated\",\"sub\":\"u1\"}";
    let boss = "{\"role\":\"authenticated\",\"sub\":\"boss\"}";
    let total = |r: &ApiResponse| -> i64 {
        let range = r.content_range.as_deref().unwrap();
        range
            .rsplit('/')
            .next()
            .unwrap()
            .parse()
            .unwrap_or_else(|_| panic!("{range}"))
    };
    let rest = &s.rest;
    let ask = |table: &'static str, query: &'static str, claims: Option<&'static str>, count| {
        let mut req = Req::new(Method::Get, table, query).prefer(with_count(count));
        if let Some(claims) = claims {
            req = req.caller("authenticated", claims);
        }
        async move { req.send(rest).await.unwrap() }
    };

    // One owner in ten: exact, however the count is asked for.
    for count in [Count::Exact, Count::Planned, Count::Estimated] {
        let owned = ask("kanisa_test_owned", "select=id&limit=5", Some(user), count).await;
        assert_eq!(total(&owned), 100, "{count:?}: the owner's rows, counted");
        assert_eq!(owned.status, 206);
        assert_eq!(owned.content_range.as_deref(), Some("0-4/100"));
        assert_eq!(owned.preference_applied.len(), 1, "{count:?}");
    }
    let small = ask(
        "kanisa_test_owned",
        "select=id&id=lt.100&limit=5",
        Some(user),
        Count::Estimated,
    )
    .await;
    assert_eq!(total(&small), 10, "ids 1, 11, … 91");

    // service_role reads every row: the planner's (inflated) estimate.
    let service = ask(
        "kanisa_test_owned",
        "select=id&limit=5",
        None,
        Count::Planned,
    )
    .await;
    assert!(
        total(&service) > 10_000,
        "the estimate, not the 1000 rows: {}",
        total(&service)
    );
    assert_eq!(service.preference_applied, ["count=planned"]);

    // The boss's policy holds for every row: the estimate; for anyone else it holds for none.
    for count in [Count::Planned, Count::Estimated] {
        // (The planner's figure, not the 1000 rows: it guesses that the policy's test keeps one
        // row in 200 of its inflated 20,000.)
        let estimated = ask("kanisa_test_bosses", "select=id&limit=5", Some(boss), count).await;
        assert_ne!(
            total(&estimated),
            1000,
            "{count:?}: the estimate, not the count"
        );
        assert!(total(&estimated) > 50, "{count:?}: {}", total(&estimated));
        let none = ask("kanisa_test_bosses", "select=id&limit=5", Some(user), count).await;
        assert_eq!(
            total(&none),
            0,
            "{count:?}: nothing to read, nothing counted"
        );
    }
    // ... and below max_rows, even the boss's estimated count is exact.
    let few = ask(
        "kanisa_test_bosses",
        "select=id&id=lt.11&limit=5",
        Some(boss),
        Count::Estimated,
    )
    .await;
    assert_eq!(total(&few), 10);

    // The counts change nothing about the connection: no transaction is left open.
    assert_eq!(open_transactions(&s.fresh.client).await, 0);
}
