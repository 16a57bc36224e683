//! Generator behaviour found while writing these tests, now fixed: each test pins the fix.

use kanisa_query::ast::Preferences;
use kanisa_rest::{
    Accept, ApiRequest, Caller, CountMode, Method, Rest, RestConfig, RestError, SchemaCache,
};

use crate::harness::{Fresh, cache, kind, read};

/// `->4294967296` does not fit PostgreSQL's `json -> int`: it is refused, never truncated to
/// another element.
#[test]
fn json_array_index_beyond_i32_is_refused_not_truncated() {
    let err = read(
        cache(),
        "members",
        "select=x:emergency_contact->4294967296",
        CountMode::None,
    )
    .unwrap_err();
    assert_eq!(kind(&err), "Unsupported", "{err:?}");
    assert!(err.to_string().contains("4294967296"));
    let ok = read(
        cache(),
        "members",
        "select=x:emergency_contact->2147483647",
        CountMode::None,
    )
    .unwrap();
    assert!(
        ok.values
            .0
            .iter()
            .any(|v| v.0 == sea_query::Value::Int(Some(i32::MAX)))
    );
}

/// The error for an ambiguous embed suggests `rel!candidate` hints; each suggestion plans.
/// `budgets → users` runs through `expenses` twice (approved_by and created_by): each path is
/// named by the junction's key to the embedded table.
#[test]
fn suggested_hints_resolve_the_ambiguity() {
    let cache: &SchemaCache = cache();
    let Err(RestError::AmbiguousRelationship { candidates, .. }) =
        read(cache, "budgets", "select=users(full_name)", CountMode::None)
    else {
        panic!("budgets → users should be ambiguous");
    };
    let mut wrong = Vec::new();
    for c in &candidates {
        assert!(c.hint.starts_with("users!"), "{c:?}");
        assert_eq!(c.embedding, "budgets with users");
        let query = format!("select={}(full_name)", c.hint);
        if let Err(e) = read(cache, "budgets", &query, CountMode::None) {
            wrong.push(format!("{query}: {}", kind(&e)));
        }
    }
    assert!(wrong.is_empty(), "candidates {candidates:?}: {wrong:?}");
    let described: Vec<(&str, &str)> = candidates
        .iter()
        .map(|c| (c.cardinality, c.relationship.as_str()))
        .collect();
    assert_eq!(
        described,
        [
            (
                "many-to-one",
                "budgets_created_by_fkey using budgets(created_by) and users(id)"
            ),
            (
                "many-to-many",
                "expenses using expenses_budget_id_fkey(budget_id) and \
                 expenses_approved_by_fkey(approved_by)"
            ),
            (
                "many-to-many",
                "expenses using expenses_budget_id_fkey(budget_id) and \
                 expenses_created_by_fkey(created_by)"
            ),
        ],
        "as PostgREST describes them in PGRST201's details"
    );
}

/// An alias holding NUL passes the planner (it is a well-quoted identifier) but SQL text cannot
/// carry NUL: the driver refuses the statement before sending it. Nothing reaches the server,
/// so this is no injection — but the handler reports it as a database failure (503
/// PGRST001, logged as internal) where a 400 belongs. Pinned: an error that never reached
/// PostgreSQL.
#[tokio::test]
async fn nul_in_an_alias_never_reaches_postgres() {
    let fresh = Fresh::new().await;
    let rest = Rest::new(fresh.db.api_pool(), RestConfig::default())
        .await
        .unwrap();
    for query in [
        "select=%22a%00b%22:title",
        "select=title,%22%00%22:users(full_name)",
        "select=x:id,emergency_contact->>%22k%00%22",
    ] {
        let target = if query.contains("emergency") {
            "members"
        } else {
            "sermons"
        };
        let result = rest
            .handle(ApiRequest {
                method: Method::Get,
                target,
                rpc: false,
                query,
                prefer: Preferences::default(),
                range: None,
                accept: Accept::Json,
                body: None,
                caller: Caller::new("service_role", "{}"),
                anon_key: None,
            })
            .await;
        // Refused while planning (400), before any SQL is written.
        match result {
            Err(RestError::Unsupported(m)) if m.contains("NUL") => {}
            other => panic!("{query}: {other:?}"),
        }
    }
}
