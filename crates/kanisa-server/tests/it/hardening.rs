//! Issue 13's outside probe over HTTP: methods and their `Allow`, the `Range` header, body
//! media types, and anon refused before any schema detail.

use reqwest::Method;
use serde_json::{Value, json};

use crate::TestApp;

fn header(res: &reqwest::Response, name: &str) -> String {
    res.headers()
        .get(name)
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default()
}

async fn service(app: &TestApp, method: Method, path: &str) -> reqwest::RequestBuilder {
    app.http
        .request(method, app.url(&format!("/rest/v1/{path}")))
        .bearer_auth(&app.service_key)
}

/// Every 405 names what the resource takes in `Allow`; a function is 405
/// PGRST101 for anything but GET, HEAD and POST.
#[tokio::test]
async fn methods_not_allowed_say_which_are() {
    let app = TestApp::spawn().await;
    let cases = [
        (
            Method::PUT,
            "sermons",
            "PGRST117",
            "OPTIONS, GET, HEAD, POST, PATCH, DELETE",
        ),
        (
            Method::DELETE,
            "rpc/get_message_stats",
            "PGRST101",
            "OPTIONS, GET, HEAD, POST",
        ),
        (
            Method::PATCH,
            "rpc/get_message_stats",
            "PGRST101",
            "OPTIONS, GET, HEAD, POST",
        ),
        (
            Method::PUT,
            "rpc/get_message_stats",
            "PGRST101",
            "OPTIONS, GET, HEAD, POST",
        ),
    ];
    for (method, path, code, allow) in cases {
        let res = service(&app, method.clone(), path)
            .await
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 405, "{method} {path}");
        assert_eq!(header(&res, "allow"), allow, "{method} {path}");
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["code"], code, "{method} {path}: {body}");
    }
    // OPTIONS is answered by the CORS layer (200), whether or not it is a preflight.
    let res = service(&app, Method::OPTIONS, "sermons")
        .await
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    // The OpenAPI document's path takes GET (and HEAD) only; its 405 is the JSON envelope.
    let res = service(&app, Method::POST, "").await.send().await.unwrap();
    assert_eq!(res.status(), 405);
    assert!(header(&res, "allow").contains("GET"), "{:?}", res.headers());
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["code"], "method_not_allowed");
}

/// As PostgREST: a Range header that is not `first-last` is ignored (the whole result); a
/// backwards one is 416 PGRST103.
#[tokio::test]
async fn the_range_header_is_read_as_postgrest_reads_it() {
    let app = TestApp::spawn_demo().await;
    for ignored in ["", "abc", "items=", "bytes=0-1", "-5"] {
        let res = service(&app, Method::GET, "sermons?select=id")
            .await
            .header("range", ignored)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200, "Range: {ignored:?}");
        let rows: Value = res.json().await.unwrap();
        assert_eq!(rows.as_array().unwrap().len(), 12, "Range: {ignored:?}");
    }
    let res = service(&app, Method::GET, "sermons?select=id")
        .await
        .header("range", "5-2")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 416);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["code"], "PGRST103", "{body}");
}

/// text/csv bodies insert (a header line, then rows; NULL is null); a media type the API does
/// not read is 400 PGRST102, never parsed as JSON.
#[tokio::test]
async fn csv_bodies_insert_and_other_media_types_are_refused() {
    let app = TestApp::spawn().await;
    let res = service(&app, Method::POST, "sermons?select=title,speaker,series")
        .await
        .header("content-type", "text/csv")
        .header("prefer", "return=representation")
        .body("title,speaker,series,sermon_date\n\"Faith, hope\",Pastor A,NULL,2024-05-05\nGrace,Pastor B,Acts,2024-05-12\n")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 201);
    let rows: Value = res.json().await.unwrap();
    assert_eq!(
        rows,
        json!([
            {"title": "Faith, hope", "speaker": "Pastor A", "series": null},
            {"title": "Grace", "speaker": "Pastor B", "series": "Acts"},
        ])
    );
    for content_type in ["text/plain", "application/xml"] {
        let res = service(&app, Method::POST, "sermons")
            .await
            .header("content-type", content_type)
            .body("{\"title\":\"x\",\"speaker\":\"y\",\"sermon_date\":\"2024-01-01\"}")
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 400, "{content_type}");
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["code"], "PGRST102", "{body}");
        assert_eq!(
            body["message"],
            format!("Content-Type not acceptable: {content_type}")
        );
    }
}

/// A token that does not verify is refused before the body is looked at.
#[tokio::test]
async fn a_bad_token_is_refused_before_the_body_is_read() {
    let app = TestApp::spawn().await;
    let res = app
        .http
        .post(app.url("/rest/v1/sermons"))
        .bearer_auth("not-a-token")
        .header("content-type", "text/plain")
        .body("hello")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 401);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["code"], "PGRST301", "{body}");
}

/// anon's empty insert into a table it may not write is PostgREST's permission error, never
/// a SQL syntax error; an unknown column on such a table is refused the same way.
#[tokio::test]
async fn anon_is_refused_before_any_schema_detail() {
    let app = TestApp::spawn().await;
    for (method, path, body) in [
        (Method::POST, "sermons", "{}"),
        (Method::POST, "sermons", "[]"),
        (Method::POST, "sermons", "{\"no_such_column\":1}"),
        (Method::PATCH, "sermons?id=eq.1", "{\"no_such_column\":1}"),
        (Method::GET, "messages?select=no_such_column", ""),
    ] {
        let res = app
            .http
            .request(method.clone(), app.url(&format!("/rest/v1/{path}")))
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 401, "{method} {path} {body}");
        assert_eq!(header(&res, "www-authenticate"), "Bearer");
        let error: Value = res.json().await.unwrap();
        assert_eq!(error["code"], "42501", "{method} {path} {body}: {error}");
        assert!(
            error["message"]
                .as_str()
                .unwrap()
                .starts_with("permission denied for table"),
            "{error}"
        );
    }
}

/// The OpenAPI document lists the errors the API really gives, each with the envelope as its
/// schema, beside the successes; answers are described by a row schema without `required`
/// (select= picks the columns), request bodies by the full row.
#[tokio::test]
async fn the_openapi_document_describes_errors_and_selected_rows() {
    let app = TestApp::spawn().await;
    let doc: Value = service(&app, Method::GET, "")
        .await
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let error = &doc["components"]["schemas"]["Error"];
    assert_eq!(error["required"], json!(["code", "message"]));
    for key in ["code", "message", "details", "hint"] {
        assert!(error["properties"].get(key).is_some(), "{key}");
    }
    let mut operations = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            operations += 1;
            let responses = op["responses"].as_object().unwrap();
            for status in [
                "400", "401", "403", "404", "405", "406", "409", "413", "415", "416", "500", "503",
            ] {
                assert_eq!(
                    responses[status]["content"]["application/json"]["schema"]["$ref"],
                    "#/components/schemas/Error",
                    "{method} {path} {status}"
                );
            }
        }
    }
    assert!(operations > 40, "{operations}");
    let get = &doc["paths"]["/sermons"]["get"]["responses"]["200"]["content"]["application/json"]["schema"];
    assert_eq!(
        get["items"]["$ref"],
        "#/components/schemas/sermons.selected"
    );
    let selected = &doc["components"]["schemas"]["sermons.selected"];
    assert!(selected.get("required").is_none(), "{selected}");
    assert!(selected["properties"].get("title").is_some());
    assert!(
        doc["components"]["schemas"]["sermons"]["required"]
            .as_array()
            .unwrap()
            .contains(&json!("title"))
    );
    // An insert's 201 has no body under return=minimal: no schema is promised for it.
    let created = &doc["paths"]["/sermons"]["post"]["responses"]["201"]["content"];
    assert_eq!(created["application/json"], json!({}));
}

/// A body that trickles — a byte at a time, never pausing long enough for the per-pause timeout
/// — against a large Content-Length is cut at the whole-body deadline (its pause limit plus its
/// length at the slowest rate allowed), instead of holding the connection for as long as the
/// sender likes.
#[tokio::test]
async fn a_trickling_body_is_cut_at_its_deadline() {
    use std::time::{Duration, Instant};
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let router = axum::Router::new().route(
        "/echo",
        axum::routing::post(|body: axum::body::Bytes| async move { body.len().to_string() }),
    );
    // A pause of 2 s, ten times the trickle's: only a machine stalled for that long would
    // cut the body at a pause before its deadline.
    let pause = Duration::from_secs(2);
    let options = kanisa_server::ServeOptions {
        body_timeout: pause,
        ..kanisa_server::ServeOptions::default()
    };
    tokio::spawn(kanisa_server::serve(
        listener,
        router,
        options,
        std::future::pending(),
    ));
    // 4,096 bytes declared: 2 s + 1 s to arrive whole.
    let declared = kanisa_server::MIN_BODY_RATE;
    let deadline = kanisa_server::body_deadline(pause, Some(declared));
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    stream
        .write_all(
            format!(
                "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n\
                 Content-Length: {declared}\r\n\r\n"
            )
            .as_bytes(),
        )
        .await
        .unwrap();
    let start = Instant::now();
    let trickle = async {
        // A byte every 200 ms: under the pause limit, far too slow for the whole body.
        loop {
            if stream.write_all(b"x").await.is_err() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
            let mut buf = [0u8; 512];
            match tokio::time::timeout(Duration::from_millis(1), stream.read(&mut buf)).await {
                Ok(Ok(0)) | Ok(Err(_)) => break,
                Ok(Ok(n)) => return Some(String::from_utf8_lossy(&buf[..n]).into_owned()),
                Err(_) => {}
            }
        }
        None
    };
    let answer = tokio::time::timeout(kanisa_test_db::patient(Duration::from_secs(20)), trickle)
        .await
        .expect("the body was cut off");
    // Cut within the 20 s above (the whole body would take 800 s at this pace), and not
    // before its deadline (give or take the moment the headers were read).
    let took = start.elapsed();
    assert!(
        took + Duration::from_millis(500) >= deadline,
        "cut after {took:?}, before the deadline {deadline:?}"
    );
    if let Some(answer) = answer {
        assert!(
            answer.starts_with("HTTP/1.1 4"),
            "a refusal, not the echo: {answer}"
        );
    }
}

/// Second probe (issue 31): the table API skipped the forms' field limits — anon stored a
/// 900 KB message with a 50 KB sender name, and a prayer request with a 100 KB title. The
/// limits are in the database, so every path holds them; nothing is stored.
#[tokio::test]
async fn oversized_submissions_through_the_table_api_are_refused() {
    let app = TestApp::spawn().await;
    let post = |table: &'static str, body: Value| {
        let app = &app;
        async move {
            app.http
                .post(app.url(&format!("/rest/v1/{table}")))
                .json(&body)
                .send()
                .await
                .unwrap()
        }
    };
    for (table, body) in [
        (
            "messages",
            json!({"subject": "Hi", "message": "m".repeat(900_000), "sender_name": "Visitor"}),
        ),
        (
            "messages",
            json!({"subject": "Hi", "message": "Hello", "sender_name": "n".repeat(50_000)}),
        ),
        (
            "prayer_requests",
            json!({"title": "t".repeat(100_000), "description": "Please pray"}),
        ),
    ] {
        let res = post(table, body).await;
        let status = res.status();
        let answer: Value = res.json().await.unwrap();
        assert!(status == 400 || status == 413, "{table}: {status} {answer}");
        if status == 400 {
            assert_eq!(answer["code"], "23514", "{answer}");
        }
    }
    let sql = app.db.as_ref().unwrap().client().await;
    let stored: i64 = sql
        .query_one(
            "SELECT (SELECT count(*) FROM messages) + (SELECT count(*) FROM prayer_requests)",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(stored, 0);
}
