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
