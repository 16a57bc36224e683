//! Arbitrary query strings and headers against the real server: never a 5xx, never a
//! non-JSON error. Case counts are bounded so the run stays short.

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

use crate::TestApp;

/// Fragments of the grammar, mixed with arbitrary text, so inputs reach deep into the parser
/// and planner rather than failing at the first character.
fn fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("select=".to_owned()),
        Just("title".to_owned()),
        Just("sermon_date".to_owned()),
        Just("members(first_name)".to_owned()),
        Just("giving_records!inner(amount)".to_owned()),
        Just("=eq.".to_owned()),
        Just("=in.(".to_owned()),
        Just("or=(".to_owned()),
        Just("order=".to_owned()),
        Just(".desc.nullslast".to_owned()),
        Just("limit=".to_owned()),
        Just("&".to_owned()),
        Just(",".to_owned()),
        Just(")".to_owned()),
        Just("\"".to_owned()),
        Just("->>".to_owned()),
        Just("::".to_owned()),
        Just("%00".to_owned()),
        Just("%27%3B--".to_owned()),
        Just("not.".to_owned()),
        Just("(any).{".to_owned()),
        "[a-z_]{1,8}",
        "[0-9]{1,20}",
        any::<String>().prop_map(|s| s.chars().take(12).collect()),
    ]
}

fn query() -> impl Strategy<Value = String> {
    proptest::collection::vec(fragment(), 0..12).prop_map(|parts| {
        // Percent-encode what a URL cannot carry raw; keep the grammar's own characters.
        parts
            .concat()
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || "=&.,()!*:->_\"%{}".contains(c) {
                    c.to_string()
                } else {
                    let mut buf = [0u8; 4];
                    c.encode_utf8(&mut buf)
                        .bytes()
                        .map(|b| format!("%{b:02X}"))
                        .collect()
                }
            })
            .collect()
    })
}

fn header_value() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("count=exact".to_owned()),
        Just("return=representation, tx=rollback".to_owned()),
        Just("handling=strict, bogus".to_owned()),
        Just("0-9".to_owned()),
        Just("9-0".to_owned()),
        Just("application/vnd.pgrst.object+json".to_owned()),
        Just("text/csv".to_owned()),
        "[ -~]{0,30}",
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn arbitrary_requests_never_get_a_5xx() {
    let app = TestApp::spawn_demo().await;
    // KANISA_FUZZ_CASES: more for `make soak` (see fuzz_parsers.rs).
    let cases = std::env::var("KANISA_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(400);
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    });
    let strategy = (
        prop_oneof![
            Just("sermons"),
            Just("members"),
            Just("giving_records"),
            Just("rpc/get_monthly_giving"),
            Just("nope")
        ],
        query(),
        prop_oneof![Just("prefer"), Just("range"), Just("accept")],
        header_value(),
        prop_oneof![Just("GET"), Just("DELETE"), Just("PATCH")],
    );
    let handle = tokio::runtime::Handle::current();
    let result = tokio::task::block_in_place(|| {
        runner.run(&strategy, |(table, q, header, value, method)| {
            let url = app.url(&format!("/rest/v1/{table}?{q}"));
            let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
            let request = app
                .http
                .request(method, &url)
                .bearer_auth(&app.service_key)
                .header(header, value.as_str())
                .header("prefer", "tx=rollback")
                .body("{\"title\":\"x\"}");
            let (status, content_type, body) = handle.block_on(async {
                let res = request.send().await.unwrap();
                let status = res.status().as_u16();
                let ct = res
                    .headers()
                    .get("content-type")
                    .map(|v| v.to_str().unwrap_or("").to_owned())
                    .unwrap_or_default();
                (status, ct, res.text().await.unwrap_or_default())
            });
            prop_assert!(status < 500, "{url} {header}: {value} → {status} {body}");
            if status >= 400 {
                prop_assert!(
                    content_type.starts_with("application/json"),
                    "{url} → {content_type}"
                );
                let v: serde_json::Value = serde_json::from_str(&body).unwrap_or_default();
                prop_assert!(
                    v["code"].is_string() && v["message"].is_string(),
                    "{url} → {body}"
                );
            }
            Ok(())
        })
    });
    if let Err(e) = result {
        panic!("fuzz table API requests: crash: {e}");
    }
    println!("fuzz table API requests: {cases} cases, 0 crashes");
}
