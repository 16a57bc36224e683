//! Bad input on every endpoint family (issue 21): malformed, mistyped and oversized bodies,
//! broken and hostile tokens, oversized and nonsensical headers, and undecodable query strings,
//! sent to every route of `/rest/v1`, `/auth/v1`, `/storage/v1` and `/functions/v1`. Each
//! answer comes quickly, is never a 5xx, and an error is JSON naming a code and a message in
//! its family's wire format (PostgREST `code`/`message`, GoTrue `error_code`/`msg`, Storage
//! `error`/`message`).

use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};

use crate::{TEST_SECRET, TestApp};

/// A route.
struct Route {
    method: Method,
    path: &'static str,
}

const fn route(method: Method, path: &'static str) -> Route {
    Route { method, path }
}

const ID: &str = "00000000-0000-4000-8000-00000000abcd";

fn routes(functions: &kanisa_functions::Functions) -> Vec<Route> {
    let mut out = vec![
        route(Method::GET, "/rest/v1/"),
        route(Method::GET, "/rest/v1/sermons"),
        route(Method::POST, "/rest/v1/sermons"),
        route(Method::PATCH, "/rest/v1/sermons?id=eq.1"),
        route(Method::DELETE, "/rest/v1/sermons?id=eq.1"),
        route(Method::POST, "/rest/v1/prayer_requests"),
        route(Method::GET, "/rest/v1/rpc/get_monthly_giving"),
        route(Method::POST, "/rest/v1/rpc/get_monthly_giving"),
        route(Method::POST, "/rest/v1/rpc/no_such_function"),
        route(Method::POST, "/auth/v1/token?grant_type=password"),
        route(Method::POST, "/auth/v1/token?grant_type=refresh_token"),
        route(Method::POST, "/auth/v1/signup"),
        route(Method::POST, "/auth/v1/logout"),
        route(Method::GET, "/auth/v1/user"),
        route(Method::PUT, "/auth/v1/user"),
        route(Method::GET, "/auth/v1/settings"),
        route(Method::GET, "/auth/v1/admin/users"),
        route(Method::POST, "/auth/v1/admin/users"),
        route(
            Method::PUT,
            "/auth/v1/admin/users/00000000-0000-4000-8000-00000000abcd",
        ),
        route(
            Method::GET,
            "/auth/v1/admin/users/00000000-0000-4000-8000-00000000abcd",
        ),
        route(Method::DELETE, "/auth/v1/admin/users/not-a-uuid"),
        route(Method::GET, "/storage/v1/bucket"),
        route(Method::GET, "/storage/v1/bucket/church-files"),
        route(Method::POST, "/storage/v1/object/church-files/public/a.txt"),
        route(Method::PUT, "/storage/v1/object/church-files/public/a.txt"),
        route(Method::GET, "/storage/v1/object/church-files/public/a.txt"),
        route(
            Method::GET,
            "/storage/v1/object/public/church-files/public/a.txt",
        ),
        route(Method::DELETE, "/storage/v1/object/church-files"),
        route(Method::POST, "/storage/v1/object/list/church-files"),
        route(
            Method::POST,
            "/storage/v1/object/sign/church-files/public/a.txt",
        ),
        route(Method::POST, "/storage/v1/object/sign/church-files"),
        route(Method::GET, "/functions/v1/service-modes"),
        route(Method::POST, "/functions/v1/payments"),
        route(Method::GET, "/functions/v1/payments/not-a-uuid"),
        route(
            Method::POST,
            "/functions/v1/payments/callback/mpesa/wrong-secret",
        ),
        route(
            Method::POST,
            "/functions/v1/payments/paybill/wrong-secret/validation",
        ),
        route(
            Method::POST,
            "/functions/v1/sms/delivery-report/wrong-secret",
        ),
        route(Method::POST, "/functions/v1/no-such-function"),
    ];
    // Every route the functions' features registered, its path segments filled in.
    for (method, pattern) in functions.routes() {
        let path = pattern
            .split('/')
            .map(|s| if s.starts_with('{') { "x" } else { s })
            .collect::<Vec<_>>()
            .join("/");
        out.push(Route {
            method: Method::from_bytes(method.as_bytes()).unwrap(),
            path: Box::leak(format!("/functions/v1/{path}").into_boxed_str()),
        });
    }
    out
}

/// One kind of bad request: what it changes on top of a plain request to the route.
struct Abuse {
    name: &'static str,
    apply: fn(reqwest::RequestBuilder, &Keys) -> reqwest::RequestBuilder,
}

struct Keys {
    anon: String,
    expired: String,
    foreign: String,
    unsigned: String,
}

fn abuses() -> Vec<Abuse> {
    vec![
        Abuse {
            name: "malformed JSON",
            apply: |r, k| {
                r.bearer_auth(&k.anon)
                    .header("content-type", "application/json")
                    .body("{\"title\": ")
            },
        },
        Abuse {
            name: "JSON of the wrong shape",
            apply: |r, k| {
                r.bearer_auth(&k.anon)
                    .header("content-type", "application/json")
                    .body("[1, \"two\", null, {\"x\": [[[[[]]]]]}]")
            },
        },
        Abuse {
            name: "a bare JSON string",
            apply: |r, k| {
                r.bearer_auth(&k.anon)
                    .header("content-type", "application/json")
                    .body("\"hello\"")
            },
        },
        Abuse {
            name: "invalid UTF-8",
            apply: |r, k| {
                r.bearer_auth(&k.anon)
                    .header("content-type", "application/json")
                    .body(vec![b'{', b'"', 0xff, 0xfe, b'"', b':', b'1', b'}'])
            },
        },
        Abuse {
            name: "a deeply nested body",
            apply: |r, k| {
                r.bearer_auth(&k.anon)
                    .header("content-type", "application/json")
                    .body(format!("{}{}", "[".repeat(100_000), "]".repeat(100_000)))
            },
        },
        Abuse {
            // Over the table API's (1 MB), auth's (64 kB) and the functions' (256 kB) limits;
            // uploads get their own oversized file below.
            name: "an oversized body (2 MB)",
            apply: |r, k| {
                r.bearer_auth(&k.anon)
                    .header("content-type", "application/json")
                    .body(vec![b' '; 2 * 1024 * 1024])
            },
        },
        Abuse {
            name: "a nonsense content type",
            apply: |r, k| {
                r.bearer_auth(&k.anon)
                    .header("content-type", "application/x-garbage; charset=klingon;;=;")
                    .body("x=1")
            },
        },
        Abuse {
            name: "a content type that is not ASCII",
            apply: |r, k| {
                let value =
                    reqwest::header::HeaderValue::from_bytes(b"application/json; charset=\xff\xfe")
                        .unwrap();
                r.bearer_auth(&k.anon)
                    .header("content-type", value)
                    .body("{}")
            },
        },
        Abuse {
            name: "a token that is not a JWT",
            apply: |r, _| r.bearer_auth("not.a.token"),
        },
        Abuse {
            name: "an expired token",
            apply: |r, k| r.bearer_auth(&k.expired),
        },
        Abuse {
            name: "a token signed with another secret",
            apply: |r, k| r.bearer_auth(&k.foreign),
        },
        Abuse {
            name: "an unsigned token (alg none) claiming service_role",
            apply: |r, k| r.bearer_auth(&k.unsigned).header("apikey", &k.unsigned),
        },
        Abuse {
            name: "a 12 kB token",
            apply: |r, _| r.bearer_auth("a".repeat(12 * 1024)),
        },
        Abuse {
            name: "another authorization scheme",
            apply: |r, _| r.header("authorization", "Basic YWRtaW46YWRtaW4="),
        },
        Abuse {
            name: "nonsense Prefer, Range and Accept",
            apply: |r, k| {
                r.bearer_auth(&k.anon)
                    .header(
                        "prefer",
                        "return=everything, count=all-of-them, ".repeat(200),
                    )
                    .header("range", "items=-5--3")
                    .header("range-unit", "bananas")
                    .header(
                        "accept",
                        "application/vnd.pgrst.object+json;nulls=maybe, */*;q=x",
                    )
            },
        },
        Abuse {
            name: "a 16 kB header",
            apply: |r, k| {
                r.bearer_auth(&k.anon)
                    .header("x-padding", "p".repeat(16 * 1024))
            },
        },
    ]
}

/// The request, and whether the family's error shape is respected by `body`.
fn is_clean_error(path: &str, body: &Value) -> bool {
    let text = |key: &str| body.get(key).is_some_and(|v| v.is_string() && v != "");
    if path.starts_with("/auth/") {
        (text("msg") || text("message")) && (text("error_code") || body.get("code").is_some())
    } else if path.starts_with("/storage/") {
        text("message") && (text("error") || text("statusCode"))
    } else {
        text("message") && text("code")
    }
}

/// How many answers were client errors (so the sweep really looked at error bodies).
static ERRORS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

async fn check(
    app: &TestApp,
    route: &Route,
    what: &str,
    request: reqwest::RequestBuilder,
) -> Option<String> {
    let res = match request.send().await {
        Ok(res) => res,
        // Refusing an oversized upload may close the connection before the body is sent.
        Err(e) if what.starts_with("an oversized") && (e.is_request() || e.is_body()) => {
            return None;
        }
        Err(e) => return Some(format!("no answer ({e})")),
    };
    let status = res.status();
    let content_type = res
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_owned();
    let bytes = res.bytes().await.unwrap_or_default();
    let _ = app;
    ERRORS.fetch_add(
        usize::from(status.is_client_error()),
        std::sync::atomic::Ordering::Relaxed,
    );
    if status.is_server_error() {
        return Some(format!("{status}: {}", String::from_utf8_lossy(&bytes)));
    }
    if status.is_client_error() {
        if !content_type.starts_with("application/json") {
            return Some(format!(
                "{status} as {content_type:?}: {}",
                String::from_utf8_lossy(&bytes[..bytes.len().min(200)])
            ));
        }
        let body: Value = match serde_json::from_slice(&bytes) {
            Ok(body) => body,
            Err(e) => return Some(format!("{status}: not JSON ({e})")),
        };
        if !is_clean_error(route.path, &body) {
            return Some(format!("{status}: no code and message: {body}"));
        }
    }
    None
}

#[tokio::test]
async fn bad_input_on_every_endpoint_family_gets_a_clean_json_error() {
    let app = TestApp::spawn().await;
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(20))
        .build()
        .unwrap();
    let jwt = kanisa_auth::JwtKeys::new(TEST_SECRET);
    let header = base64_url(br#"{"alg":"none","typ":"JWT"}"#);
    let claims = base64_url(br#"{"role":"service_role","exp":4102444800}"#);
    let keys = Keys {
        anon: jwt.api_key("anon").unwrap(),
        expired: jwt
            .sign(&json!({"role": "authenticated", "sub": ID, "exp": 1_000_000_000}))
            .unwrap(),
        foreign: kanisa_auth::JwtKeys::new("another-secret-another-secret-another")
            .api_key("service_role")
            .unwrap(),
        unsigned: format!("{header}.{claims}."),
    };
    let mut failures = Vec::new();
    let mut sent = 0;
    for route in routes(&app.functions) {
        for abuse in abuses() {
            let request = (abuse.apply)(
                http.request(route.method.clone(), app.url(route.path)),
                &keys,
            );
            sent += 1;
            if let Some(problem) = check(&app, &route, abuse.name, request).await {
                failures.push(format!(
                    "{} {} with {}: {problem}",
                    route.method, route.path, abuse.name
                ));
            }
        }
        // Undecodable query strings.
        for query in [
            "select=%zz",
            "select=%ff%fe",
            "id=eq.%00",
            "select=((((((((((",
            "limit=-1&offset=abc",
        ] {
            let separator = if route.path.contains('?') { '&' } else { '?' };
            let request = http
                .request(
                    route.method.clone(),
                    app.url(&format!("{}{separator}{query}", route.path)),
                )
                .bearer_auth(&keys.anon);
            sent += 1;
            if let Some(problem) = check(&app, &route, "a query", request).await {
                failures.push(format!(
                    "{} {}{separator}{query}: {problem}",
                    route.method, route.path
                ));
            }
        }
    }
    // An upload over the storage limit (50 MB), as the service role, which may write anywhere.
    let service = jwt.api_key("service_role").unwrap();
    let upload = route(
        Method::POST,
        "/storage/v1/object/church-files/public/big.bin",
    );
    let request = http
        .post(app.url(upload.path))
        .bearer_auth(&service)
        .header("content-type", "application/octet-stream")
        .body(vec![0u8; 52 * 1024 * 1024]);
    sent += 1;
    if let Some(problem) = check(&app, &upload, "an oversized upload", request).await {
        failures.push(format!("an oversized upload: {problem}"));
    }
    assert!(sent > 800, "{sent} requests");
    let errors = ERRORS.load(std::sync::atomic::Ordering::Relaxed);
    assert!(
        errors * 10 > sent * 9,
        "only {errors} of {sent} were refused"
    );
    assert!(
        failures.is_empty(),
        "{} of {sent} answers were not clean:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // And the server still answers normally afterwards.
    let after = http
        .get(app.url("/rest/v1/sermons"))
        .bearer_auth(&keys.anon)
        .send()
        .await
        .unwrap();
    assert_eq!(after.status(), 200);
}

fn base64_url(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().fold(0u32, |n, b| (n << 8) | u32::from(*b)) << (8 * (3 - chunk.len()));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize] as char);
        }
    }
    out
}
