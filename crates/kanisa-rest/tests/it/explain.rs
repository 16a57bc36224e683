//! `Rest::explain`: the SQL a request would run, planned exactly as `Rest::handle` plans it,
//! without running it.

use kanisa_query::ast::Preferences;
use kanisa_rest::{Accept, ApiRequest, Caller, CountMode, Method, Rest, RestConfig, RestError};
use std::borrow::Cow;

use crate::harness::{self, Fresh};

fn request<'a>(method: Method, target: &'a str, query: &'a str, body: &'a str) -> ApiRequest<'a> {
    ApiRequest {
        method,
        target,
        rpc: false,
        query,
        prefer: Preferences::default(),
        range: None,
        accept: Accept::Json,
        body: (!body.is_empty()).then_some(Cow::Borrowed(body.as_bytes())),
        caller: Caller::service(),
        anon_key: None,
    }
}

#[tokio::test]
async fn explain_shows_the_planned_sql_and_its_values_and_runs_nothing() {
    let fresh = Fresh::new().await;
    let rest = Rest::new(fresh.db.api_pool(), RestConfig::default())
        .await
        .expect("schema cache");

    let query = "select=title&is_published=eq.true&limit=5";
    let read = rest
        .explain(&request(Method::Get, "sermons", query, ""))
        .expect("a read");
    let built = harness::read(&fresh.cache, "sermons", query, CountMode::None).unwrap();
    assert!(read.starts_with(&built.sql), "{read}");
    assert!(read.contains("\n-- $1 = 'true'"), "{read}");

    let insert = rest
        .explain(&request(
            Method::Post,
            "sermons",
            "",
            r#"{"title":"Never run","speaker":"x","sermon_date":"2026-01-01"}"#,
        ))
        .expect("an insert");
    assert!(
        insert.starts_with("INSERT INTO \"public\".\"sermons\""),
        "{insert}"
    );
    assert!(insert.contains("Never run"), "{insert}");
    let rows: i64 = fresh
        .client
        .query_one("SELECT count(*) FROM public.sermons", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(rows, 0, "explain wrote nothing");

    let mut call = request(
        Method::Post,
        "get_monthly_giving",
        "",
        r#"{"from_date":"2026-01-01"}"#,
    );
    call.rpc = true;
    let rpc = rest.explain(&call).expect("a call");
    assert!(rpc.contains("\"public\".\"get_monthly_giving\""), "{rpc}");
    assert!(rpc.contains("-- $1 = '2026-01-01'"), "{rpc}");

    // Planning errors are the handler's errors.
    assert!(matches!(
        rest.explain(&request(Method::Get, "sermon", "", "")),
        Err(RestError::UnknownTable { .. })
    ));
    assert!(matches!(
        rest.explain(&request(Method::Delete, "sermons", "", "")),
        Err(RestError::MissingFilter { .. })
    ));
}
