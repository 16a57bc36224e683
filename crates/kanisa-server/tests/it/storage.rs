//! `/storage/v1` through HTTP, in storage-js' wire format: uploads (multipart and raw),
//! downloads with their headers, signed links, listing, deleting, buckets, and every limit
//! and refusal with its status, Storage error code and message.

use std::time::{SystemTime, UNIX_EPOCH};

use bytes::Bytes;
use reqwest::{Method, RequestBuilder, Response, StatusCode, header};
use serde_json::{Value, json};

use crate::{TEST_SECRET, TestApp};

const MB: usize = 1024 * 1024;

/// A signed-in user's access token (`None`: anon).
type Token = Option<String>;

async fn user(app: &TestApp, role: &str) -> Token {
    let client = app.db.as_ref().unwrap().client().await;
    let email = format!(
        "{}-{}@storage.test",
        role.to_lowercase(),
        uuid::Uuid::new_v4()
    );
    let id: String = client
        .query_one(
            "WITH a AS (INSERT INTO auth.users (email, encrypted_password) \
                        VALUES ($1, 'not a hash') RETURNING id, email) \
             INSERT INTO public.users (id, email, full_name, role) \
             SELECT id, email, 'Test', $2 FROM a RETURNING id::text",
            &[&email, &role],
        )
        .await
        .unwrap()
        .get(0);
    let exp = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs()
        + 3600;
    Some(
        kanisa_auth::JwtKeys::new(TEST_SECRET)
            .sign(&json!({"sub": id, "role": "authenticated", "aud": "authenticated", "exp": exp}))
            .unwrap(),
    )
}

fn pdf(len: usize) -> Vec<u8> {
    let mut bytes = b"%PDF-1.4\n".to_vec();
    bytes.resize(len.max(9), b'x');
    bytes
}

fn png(len: usize) -> Vec<u8> {
    let mut bytes = b"\x89PNG\r\n\x1a\n".to_vec();
    bytes.resize(len.max(8), 0);
    bytes
}

/// A body that arrives in 64 KiB chunks without a Content-Length (as a browser streams).
fn streamed(len: usize, head: &'static [u8]) -> reqwest::Body {
    let chunks = len.div_ceil(64 * 1024);
    let stream = futures_util::stream::iter((0..chunks).map(move |i| {
        let size = (len - i * 64 * 1024).min(64 * 1024);
        let mut chunk = vec![b'x'; size];
        if i == 0 {
            chunk[..head.len()].copy_from_slice(head);
        }
        Ok::<_, std::io::Error>(Bytes::from(chunk))
    }));
    reqwest::Body::wrap_stream(stream)
}

impl TestApp {
    fn storage(&self, method: Method, path: &str, token: &Token) -> RequestBuilder {
        let req = self
            .http
            .request(method, self.url(&format!("/storage/v1{path}")));
        match token {
            Some(t) => req.bearer_auth(t),
            None => req,
        }
    }

    /// A raw-body upload as storage-js sends one for a Buffer.
    async fn put_raw(&self, token: &Token, path: &str, bytes: Vec<u8>, ct: &str) -> Response {
        self.storage(Method::POST, &format!("/object/church-files/{path}"), token)
            .header(header::CONTENT_TYPE, ct)
            .header(header::CACHE_CONTROL, "max-age=3600")
            .header("x-upsert", "false")
            .body(bytes)
            .send()
            .await
            .unwrap()
    }

    /// A multipart upload as storage-js sends one for a File.
    async fn put_form(
        &self,
        token: &Token,
        path: &str,
        bytes: Vec<u8>,
        file: &str,
        ct: &str,
    ) -> Response {
        let form = reqwest::multipart::Form::new()
            .text("cacheControl", "3600")
            .part(
                "",
                reqwest::multipart::Part::bytes(bytes)
                    .file_name(file.to_owned())
                    .mime_str(ct)
                    .unwrap(),
            );
        self.storage(Method::POST, &format!("/object/church-files/{path}"), token)
            .multipart(form)
            .send()
            .await
            .unwrap()
    }
}

/// Status and body of a Storage error, checked against the envelope.
async fn refusal(res: Response) -> (StatusCode, String, String) {
    let status = res.status();
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["statusCode"], status.as_u16().to_string(), "{body}");
    assert!(body["error"].is_string(), "{body}");
    (
        status,
        body["code"].as_str().unwrap().to_owned(),
        body["message"].as_str().unwrap().to_owned(),
    )
}

#[tokio::test]
async fn storage_publish_download_list_and_remove_as_storage_js_does() {
    let app = TestApp::spawn().await;
    let editor = user(&app, "CONTENT_ADMIN").await;
    let res = app
        .put_form(
            &editor,
            "public/sermons/notes.pdf",
            pdf(1000),
            "notes.pdf",
            "application/pdf",
        )
        .await;
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["Key"], "church-files/public/sermons/notes.pdf");
    let id = body["Id"].as_str().unwrap().to_owned();

    // getPublicUrl, fetched without any token.
    let url = app.url("/storage/v1/object/public/church-files/public/sermons/notes.pdf");
    let res = app.http.get(&url).send().await.unwrap();
    assert_eq!(res.status(), 200);
    let h = res.headers().clone();
    assert_eq!(h[header::CONTENT_TYPE], "application/pdf");
    assert_eq!(h[header::CONTENT_LENGTH], "1000");
    assert_eq!(h[header::CACHE_CONTROL], "public, max-age=3600");
    assert_eq!(h[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
    assert_eq!(h[header::ACCEPT_RANGES], "bytes");
    assert_eq!(
        h[header::CONTENT_DISPOSITION],
        "inline; filename=\"notes.pdf\"; filename*=UTF-8''notes%2Epdf"
    );
    assert!(h.contains_key(header::LAST_MODIFIED));
    assert!(!h.contains_key(header::CONTENT_ENCODING));
    let etag = h[header::ETAG].to_str().unwrap().to_owned();
    assert!(etag.starts_with('"') && etag.len() == 34, "{etag}");
    assert_eq!(res.bytes().await.unwrap(), pdf(1000));

    // Ranges, revalidation, HEAD.
    let res = app
        .http
        .get(&url)
        .header(header::RANGE, "bytes=0-3")
        .header(header::ACCEPT_ENCODING, "gzip, br")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 206);
    assert_eq!(res.headers()[header::CONTENT_RANGE], "bytes 0-3/1000");
    assert_eq!(res.bytes().await.unwrap(), "%PDF");
    let res = app
        .http
        .get(&url)
        .header(header::RANGE, "bytes=5000-")
        .send()
        .await
        .unwrap();
    let (status, code, message) = refusal(res).await;
    assert_eq!((status.as_u16(), code.as_str()), (416, "InvalidRange"));
    assert_eq!(
        message,
        "The range is not satisfiable: the object has 1000 bytes"
    );
    let res = app
        .http
        .get(&url)
        .header(header::IF_NONE_MATCH, &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 304);
    let res = app.http.head(&url).send().await.unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()[header::CONTENT_LENGTH], "1000");

    // download() as the editor; info().
    let res = app
        .storage(
            Method::GET,
            "/object/church-files/public/sermons/notes.pdf",
            &editor,
        )
        .send()
        .await
        .unwrap();
    assert_eq!(
        res.headers()[header::CACHE_CONTROL],
        "private, max-age=3600"
    );
    assert_eq!(res.bytes().await.unwrap(), pdf(1000));
    let info: Value = app
        .storage(
            Method::GET,
            "/object/info/church-files/public/sermons/notes.pdf",
            &editor,
        )
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(info["id"], id.as_str());
    assert_eq!(info["size"], 1000);

    // list() as anon.
    let listed: Value = app
        .storage(Method::POST, "/object/list/church-files", &None)
        .json(
            &json!({"prefix": "public/sermons", "limit": 100, "offset": 0,
                      "sortBy": {"column": "name", "order": "asc"}}),
        )
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(listed[0]["name"], "notes.pdf");
    assert_eq!(listed[0]["id"], id.as_str());
    assert_eq!(listed[0]["metadata"]["mimetype"], "application/pdf");

    // Overwrite needs x-upsert; remove() deletes row and bytes.
    let res = app
        .put_raw(
            &editor,
            "public/sermons/notes.pdf",
            pdf(10),
            "application/pdf",
        )
        .await;
    let (status, code, message) = refusal(res).await;
    assert_eq!((status.as_u16(), code.as_str()), (409, "KeyAlreadyExists"));
    assert_eq!(message, "The resource already exists");
    let res = app
        .storage(
            Method::PUT,
            "/object/church-files/public/sermons/notes.pdf",
            &editor,
        )
        .header(header::CONTENT_TYPE, "application/pdf")
        .body(pdf(20))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(
        app.http
            .get(&url)
            .send()
            .await
            .unwrap()
            .bytes()
            .await
            .unwrap(),
        pdf(20)
    );

    let res = app
        .storage(Method::DELETE, "/object/church-files", &None)
        .json(&json!({"prefixes": ["public/sermons/notes.pdf"]}))
        .send()
        .await
        .unwrap();
    let status = res.status();
    assert!(
        status == 403 || res.json::<Value>().await.unwrap() == json!([]),
        "{status}"
    );
    let gone: Value = app
        .storage(Method::DELETE, "/object/church-files", &editor)
        .json(&json!({"prefixes": ["public/sermons/notes.pdf"]}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(gone[0]["name"], "public/sermons/notes.pdf");
    let (status, code, message) = refusal(app.http.get(&url).send().await.unwrap()).await;
    assert_eq!(
        (status.as_u16(), code.as_str(), message.as_str()),
        (404, "NoSuchKey", "Object not found")
    );
    assert_eq!(
        std::fs::read_dir(app.storage_dir.path().join("church-files"))
            .unwrap()
            .count(),
        0
    );
}

#[tokio::test]
async fn storage_request_attachments_are_private_and_open_through_signed_links() {
    let app = TestApp::spawn().await;
    let res = app
        .put_raw(
            &None,
            "submissions/Budget 2025.docx",
            docx(),
            "application/octet-stream",
        )
        .await;
    assert_eq!(res.status(), 200);
    let key = res.json::<Value>().await.unwrap()["Key"]
        .as_str()
        .unwrap()
        .to_owned();
    let name = key.strip_prefix("church-files/").unwrap().to_owned();
    assert!(
        name.starts_with("submissions/") && name.ends_with(".docx"),
        "{name}"
    );

    // anon, with the exact path, on every download route: 403.
    let member = user(&app, "MEMBER").await;
    for (path, token) in [
        (format!("/object/public/church-files/{name}"), &None),
        (format!("/object/authenticated/church-files/{name}"), &None),
        (format!("/object/church-files/{name}"), &None),
        (format!("/object/church-files/{name}"), &member),
        (
            format!("/object/public/church-files/{name}"),
            &user(&app, "ELDER").await,
        ),
    ] {
        let (status, code, message) =
            refusal(app.storage(Method::GET, &path, token).send().await.unwrap()).await;
        assert_eq!(
            (status.as_u16(), code.as_str()),
            (403, "AccessDenied"),
            "{path}"
        );
        assert_eq!(
            message,
            format!("You may not read '{name}' in church-files")
        );
    }
    let (status, code, _) = refusal(
        app.storage(
            Method::POST,
            &format!("/object/sign/church-files/{name}"),
            &None,
        )
        .json(&json!({"expiresIn": 60}))
        .send()
        .await
        .unwrap(),
    )
    .await;
    assert_eq!((status.as_u16(), code.as_str()), (403, "AccessDenied"));

    // Staff who read messages sign a link; the link works without any token until it expires.
    let elder = user(&app, "ELDER").await;
    let signed: Value = app
        .storage(
            Method::POST,
            &format!("/object/sign/church-files/{name}"),
            &elder,
        )
        .json(&json!({"expiresIn": 60}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let link = signed["signedURL"].as_str().unwrap();
    assert!(
        link.starts_with(&format!("/object/sign/church-files/{name}?token=")),
        "{link}"
    );
    let link = app.url(&format!("/storage/v1{}", link.replace(' ', "%20")));
    let res = app.http.get(&link).send().await.unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(
        res.headers()[header::CONTENT_TYPE],
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
    );
    assert_eq!(
        res.headers()[header::CONTENT_DISPOSITION],
        "attachment; filename=\"Budget 2025.docx\"; filename*=UTF-8''Budget%202025%2Edocx"
    );
    assert_eq!(
        res.headers()[header::CACHE_CONTROL],
        "private, max-age=3600"
    );
    assert_eq!(res.bytes().await.unwrap(), docx());
    app.clock.advance(60);
    let (status, code, message) = refusal(app.http.get(&link).send().await.unwrap()).await;
    assert_eq!((status.as_u16(), code.as_str()), (400, "InvalidSignature"));
    assert_eq!(message, "The signed link has expired");
    // Tampered or missing token.
    let (status, _, message) =
        refusal(app.http.get(format!("{link}x")).send().await.unwrap()).await;
    assert_eq!(
        (status.as_u16(), message.as_str()),
        (400, "The signed link is not valid")
    );

    // Several links at once (createSignedUrls): default validity of an hour.
    let many: Value = app
        .storage(Method::POST, "/object/sign/church-files", &elder)
        .json(&json!({"paths": [name, "public/none.pdf"]}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert!(
        many[0]["signedURL"].is_string() && many[0]["error"].is_null(),
        "{many}"
    );
    assert!(
        many[1]["signedURL"].is_null() && many[1]["error"].is_string(),
        "{many}"
    );
}

/// A minimal Office Open XML word document: a zip whose first entries name its parts.
fn docx() -> Vec<u8> {
    let mut out = Vec::new();
    for name in ["[Content_Types].xml", "word/document.xml"] {
        let body = b"<xml/>";
        out.extend_from_slice(b"PK\x03\x04");
        out.extend_from_slice(&[20, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        out.extend_from_slice(&(body.len() as u32).to_le_bytes());
        out.extend_from_slice(&(body.len() as u32).to_le_bytes());
        out.extend_from_slice(&(name.len() as u16).to_le_bytes());
        out.extend_from_slice(&0u16.to_le_bytes());
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(body);
    }
    out
}

#[tokio::test]
async fn storage_limits_and_refusals_answer_status_code_and_message() {
    let app = TestApp::spawn().await;
    let editor = user(&app, "CONTENT_ADMIN").await;
    let too_large =
        |file: &str, mb: u32| format!("File '{file}' is too large. Maximum size is {mb}MB.");

    // Over the bucket's 10 MB: streamed without a length, and with one.
    let res = app
        .storage(Method::POST, "/object/church-files/reports/big.pdf", &None)
        .header(header::CONTENT_TYPE, "application/pdf")
        .body(streamed(10 * MB + 1, b"%PDF-1.4"))
        .send()
        .await
        .unwrap();
    assert_eq!(
        refusal(res).await,
        (
            StatusCode::PAYLOAD_TOO_LARGE,
            "EntityTooLarge".into(),
            too_large("big.pdf", 10)
        )
    );
    let res = app
        .put_raw(
            &None,
            "reports/big.pdf",
            pdf(10 * MB + 1),
            "application/pdf",
        )
        .await;
    assert_eq!(
        refusal(res).await,
        (
            StatusCode::PAYLOAD_TOO_LARGE,
            "EntityTooLarge".into(),
            too_large("big.pdf", 10)
        )
    );
    // Maintenance photos: 5 MB, in a multipart form.
    let res = app
        .put_form(
            &None,
            "maintenance/leak.png",
            png(5 * MB + 1),
            "leak.png",
            "image/png",
        )
        .await;
    assert_eq!(
        refusal(res).await,
        (
            StatusCode::PAYLOAD_TOO_LARGE,
            "EntityTooLarge".into(),
            too_large("leak.png", 5)
        )
    );
    let res = app
        .put_form(
            &None,
            "maintenance/leak.png",
            png(5 * MB),
            "leak.png",
            "image/png",
        )
        .await;
    assert_eq!(res.status(), 200);

    // Types: 415.
    for (path, bytes, ct, message) in [
        (
            "public/page.html",
            b"<script>alert(1)</script>".to_vec(),
            "text/html",
            "File 'page.html' is not an allowed type. Allowed here: pdf, doc, docx, xls, xlsx, ppt, pptx, txt, jpg, jpeg, png, gif, webp.",
        ),
        (
            "public/fake.pdf",
            png(100),
            "application/pdf",
            "File 'fake.pdf' is not a real PDF: it is a PNG image.",
        ),
        (
            "public/photo.png",
            png(100),
            "image/gif",
            "File 'photo.png' was sent as a GIF image, but its name says it is a PNG image.",
        ),
        (
            "maintenance/form.pdf",
            pdf(100),
            "application/pdf",
            "File 'form.pdf' is not an allowed type. Allowed here: jpg, jpeg, png, gif, webp.",
        ),
    ] {
        let res = app.put_raw(&editor, path, bytes, ct).await;
        assert_eq!(
            refusal(res).await,
            (
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "InvalidMimeType".into(),
                message.into()
            ),
            "{path}"
        );
    }

    // Names: 400.
    let long = format!("public/{}.pdf", "a".repeat(1020));
    for (path, message) in [
        (
            "public/..%2Fx.pdf",
            "Invalid key: the name has a '.' or '..' segment: 'public/../x.pdf'",
        ),
        (
            "/etc/x.pdf",
            "Invalid key: the name is an absolute path: '/etc/x.pdf'",
        ),
        (
            "public%5Cx.pdf",
            "Invalid key: the name holds a backslash: 'public\\\\x.pdf'",
        ),
        (
            "public/a%0Ab.pdf",
            "Invalid key: the name holds a control character: 'public/a\\nb.pdf'",
        ),
        (
            long.as_str(),
            "Invalid key: the name is longer than 1024 bytes (1031 bytes)",
        ),
    ] {
        let res = app.put_raw(&editor, path, pdf(10), "application/pdf").await;
        assert_eq!(
            refusal(res).await,
            (StatusCode::BAD_REQUEST, "InvalidKey".into(), message.into()),
            "{path}"
        );
    }

    // Who: anon may not publish (403); a bad token is 401; an unknown bucket 404.
    let res = app
        .put_raw(&None, "public/x.pdf", pdf(10), "application/pdf")
        .await;
    assert_eq!(
        refusal(res).await,
        (
            StatusCode::FORBIDDEN,
            "AccessDenied".into(),
            "You may not upload 'public/x.pdf' to church-files".into()
        )
    );
    let res = app
        .put_raw(
            &Some("not.a.jwt".into()),
            "public/x.pdf",
            pdf(10),
            "application/pdf",
        )
        .await;
    let (status, code, _) = refusal(res).await;
    assert_eq!((status.as_u16(), code.as_str()), (401, "InvalidJWT"));
    let res = app
        .storage(Method::POST, "/object/nope/x.pdf", &editor)
        .header(header::CONTENT_TYPE, "application/pdf")
        .body(pdf(10))
        .send()
        .await
        .unwrap();
    assert_eq!(
        refusal(res).await,
        (
            StatusCode::NOT_FOUND,
            "NoSuchBucket".into(),
            "Bucket not found".into()
        )
    );

    // Nothing refused left a file; the one accepted photo is there.
    let stored: Vec<_> = std::fs::read_dir(app.storage_dir.path().join("church-files"))
        .unwrap()
        .collect();
    assert_eq!(stored.len(), 1);
}

#[tokio::test]
async fn storage_refuses_a_50_mb_upload_at_the_limit_and_answers_the_sender() {
    let app = TestApp::spawn().await;
    // Streamed (no Content-Length): the refusal comes when the 10 MB limit is passed, and the
    // client, still sending, reads it.
    let res = app
        .storage(
            Method::POST,
            "/object/church-files/submissions/video.pdf",
            &None,
        )
        .header(header::CONTENT_TYPE, "application/pdf")
        .body(streamed(50 * MB, b"%PDF-1.4"))
        .send()
        .await
        .unwrap();
    let (status, code, message) = refusal(res).await;
    assert_eq!((status.as_u16(), code.as_str()), (413, "EntityTooLarge"));
    assert_eq!(
        message,
        "File 'video.pdf' is too large. Maximum size is 10MB."
    );
    // With Content-Length: refused before a byte is stored.
    let res = app
        .put_raw(
            &None,
            "submissions/video.pdf",
            pdf(50 * MB),
            "application/pdf",
        )
        .await;
    assert_eq!(refusal(res).await.0, 413);
    assert!(
        !app.storage_dir.path().join("church-files").exists()
            || std::fs::read_dir(app.storage_dir.path().join("church-files"))
                .unwrap()
                .count()
                == 0
    );
}

#[tokio::test]
async fn storage_buckets_are_for_staff() {
    let app = TestApp::spawn().await;
    let (status, code, _) = refusal(
        app.storage(Method::GET, "/bucket", &None)
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!((status.as_u16(), code.as_str()), (403, "AccessDenied"));
    let member = user(&app, "MEMBER").await;
    let listed: Value = app
        .storage(Method::GET, "/bucket", &member)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(listed, json!([]));
    let editor = user(&app, "CONTENT_ADMIN").await;
    let listed: Value = app
        .storage(Method::GET, "/bucket", &editor)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(listed[0]["id"], "church-files");
    assert_eq!(listed[0]["public"], false);
    let one: Value = app
        .storage(Method::GET, "/bucket/church-files", &editor)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(one["file_size_limit"], 10 * MB);
    let (status, code, _) = refusal(
        app.storage(Method::GET, "/bucket/other", &editor)
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!((status.as_u16(), code.as_str()), (404, "NoSuchBucket"));
    // Unknown storage paths are JSON 404s, not the public app.
    let res = app
        .storage(Method::GET, "/nothing/here", &None)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 404);
    assert!(
        res.headers()[header::CONTENT_TYPE]
            .to_str()
            .unwrap()
            .starts_with("application/json")
    );
}

/// A NUL (\u0000) in an upload's metadata, raw (x-metadata) or multipart (the metadata field),
/// is the client's mistake: 400 with the reason, never a 500, and nothing is stored.
#[tokio::test]
async fn storage_refuses_a_nul_in_metadata_with_a_400() {
    use base64::Engine as _;
    let app = TestApp::spawn().await;
    let editor = user(&app, "CONTENT_ADMIN").await;
    let metadata = base64::engine::general_purpose::STANDARD.encode(r#"{"note":"a\u0000b"}"#);
    let res = app
        .storage(
            Method::POST,
            "/object/church-files/public/sermons/nul.pdf",
            &editor,
        )
        .header(header::CONTENT_TYPE, "application/pdf")
        .header("x-metadata", metadata)
        .body(pdf(64))
        .send()
        .await
        .unwrap();
    let (status, code, message) = refusal(res).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::BAD_REQUEST, "InvalidRequest")
    );
    assert!(message.contains("NUL character"), "{message}");

    let form = reqwest::multipart::Form::new()
        .text("metadata", r#"{"\u0000key":"value"}"#)
        .part(
            "",
            reqwest::multipart::Part::bytes(pdf(64))
                .file_name("nul.pdf")
                .mime_str("application/pdf")
                .unwrap(),
        );
    let res = app
        .storage(
            Method::POST,
            "/object/church-files/public/sermons/nul.pdf",
            &editor,
        )
        .multipart(form)
        .send()
        .await
        .unwrap();
    let (status, code, _) = refusal(res).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::BAD_REQUEST, "InvalidRequest")
    );
    let res = app
        .storage(
            Method::GET,
            "/object/church-files/public/sermons/nul.pdf",
            &editor,
        )
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::NOT_FOUND, "nothing was stored");
}

/// storage-js' createSignedUploadUrl / uploadToSignedUrl: the URL is made only for a caller
/// the policies let upload there; the upload needs no bearer token, runs as the signer (the
/// row's owner is them, and the policies decide again at upload time), replaces an object only
/// when the signer asked (`x-upsert`), and the token opens nothing else.
#[tokio::test]
async fn storage_signed_upload_urls_upload_as_their_signer() {
    let app = TestApp::spawn().await;
    let editor = user(&app, "CONTENT_ADMIN").await;
    let sign = |path: &str, token: &Token, upsert: bool| {
        app.storage(
            Method::POST,
            &format!("/object/upload/sign/church-files/{path}"),
            token,
        )
        .header("x-upsert", upsert.to_string())
        .send()
    };
    let res = sign("public/sermons/signed.pdf", &editor, false)
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    let token = body["token"].as_str().unwrap().to_owned();
    assert_eq!(
        body["url"],
        format!("/object/upload/sign/church-files/public/sermons/signed.pdf?token={token}")
    );
    // As uploadToSignedUrl sends it: PUT, multipart, x-upsert — and no bearer token here.
    let put = |path: &str, token: &str, bytes: Vec<u8>| {
        let form = reqwest::multipart::Form::new()
            .text("cacheControl", "3600")
            .part(
                "",
                reqwest::multipart::Part::bytes(bytes)
                    .file_name("signed.pdf")
                    .mime_str("application/pdf")
                    .unwrap(),
            );
        app.storage(
            Method::PUT,
            &format!("/object/upload/sign/church-files/{path}?token={token}"),
            &None,
        )
        .header("x-upsert", "true")
        .multipart(form)
        .send()
    };
    let res = put("public/sermons/signed.pdf", &token, pdf(500))
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["Key"], "church-files/public/sermons/signed.pdf");
    let client = app.db.as_ref().unwrap().client().await;
    let owner: Option<String> = client
        .query_one(
            "SELECT owner::text FROM storage.objects WHERE name = 'public/sermons/signed.pdf'",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    let signer: String = client
        .query_one(
            "SELECT id::text FROM public.users WHERE role = 'CONTENT_ADMIN'",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(
        owner.as_deref(),
        Some(signer.as_str()),
        "owned by the signer"
    );
    let res = app
        .http
        .get(app.url("/storage/v1/object/public/church-files/public/sermons/signed.pdf"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.bytes().await.unwrap(), pdf(500));

    // Signed without x-upsert: the PUT's own x-upsert does not let it replace.
    let (status, code, _) = refusal(
        put("public/sermons/signed.pdf", &token, pdf(600))
            .await
            .unwrap(),
    )
    .await;
    assert_eq!((status.as_u16(), code.as_str()), (409, "KeyAlreadyExists"));
    let res = sign("public/sermons/signed.pdf", &editor, true)
        .await
        .unwrap();
    let upsert_token = res.json::<Value>().await.unwrap()["token"]
        .as_str()
        .unwrap()
        .to_owned();
    let res = put("public/sermons/signed.pdf", &upsert_token, pdf(700))
        .await
        .unwrap();
    assert_eq!(res.status(), 200);

    // The token is for one object, and is no download link.
    let (status, code, _) = refusal(
        put("public/sermons/other.pdf", &token, pdf(500))
            .await
            .unwrap(),
    )
    .await;
    assert_eq!((status.as_u16(), code.as_str()), (400, "InvalidSignature"));
    let res = app
        .http
        .get(app.url(&format!(
            "/storage/v1/object/sign/church-files/public/sermons/signed.pdf?token={token}"
        )))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 400);
    let (status, code, _) = refusal(
        put("public/sermons/signed.pdf", "", pdf(500))
            .await
            .unwrap(),
    )
    .await;
    assert_eq!((status.as_u16(), code.as_str()), (400, "InvalidSignature"));

    // Nobody the policies refuse gets a URL: anon outside the request folders, a member.
    for who in [None, user(&app, "MEMBER").await] {
        let (status, code, _) =
            refusal(sign("public/sermons/mine.pdf", &who, false).await.unwrap()).await;
        assert_eq!(status.as_u16(), 403);
        assert_eq!(code, "AccessDenied");
    }
    // A missing bucket is 404 NoSuchBucket, an existing one never is.
    let (status, code, _) = refusal(
        app.storage(
            Method::POST,
            "/object/upload/sign/no-such-bucket/a.pdf",
            &editor,
        )
        .send()
        .await
        .unwrap(),
    )
    .await;
    assert_eq!((status.as_u16(), code.as_str()), (404, "NoSuchBucket"));

    // The policies decide again at upload time: a signer who lost the right uploads nothing.
    let res = sign("public/sermons/later.pdf", &editor, false)
        .await
        .unwrap();
    let later = res.json::<Value>().await.unwrap()["token"]
        .as_str()
        .unwrap()
        .to_owned();
    client
        .execute(
            "UPDATE public.users SET role = 'MEMBER' WHERE role = 'CONTENT_ADMIN'",
            &[],
        )
        .await
        .unwrap();
    let (status, code, _) = refusal(
        put("public/sermons/later.pdf", &later, pdf(500))
            .await
            .unwrap(),
    )
    .await;
    assert_eq!((status.as_u16(), code.as_str()), (403, "AccessDenied"));
}

// ---------------------------------------------------------------------------------------------
// The public upload limits (issue 42; migration 0047)
// ---------------------------------------------------------------------------------------------

/// A 429 over an upload limit: Storage's envelope with the reason, `Retry-After` within the
/// window; the message.
async fn limited(res: Response, window_secs: u64) -> String {
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    let wait: u64 = res.headers()[header::RETRY_AFTER]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=window_secs).contains(&wait), "Retry-After {wait}");
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["statusCode"], "429", "{body}");
    assert_eq!(body["code"], "TooManyRequests", "{body}");
    assert_eq!(body["error"], "Too Many Requests", "{body}");
    body["message"].as_str().unwrap().to_owned()
}

impl TestApp {
    async fn set_setting(&self, key: &str, value: i32) {
        let n = self
            .db
            .as_ref()
            .unwrap()
            .client()
            .await
            .execute(
                "UPDATE public.system_settings SET value = to_jsonb($2::int) WHERE key = $1",
                &[&key, &value],
            )
            .await
            .unwrap();
        assert_eq!(n, 1, "{key}");
    }

    /// Rows of objects and files in the store.
    async fn stored(&self) -> (i64, usize) {
        let rows: i64 = self
            .db
            .as_ref()
            .unwrap()
            .client()
            .await
            .query_one("SELECT count(*) FROM storage.objects", &[])
            .await
            .unwrap()
            .get(0);
        let files = std::fs::read_dir(self.storage_dir.path().join("church-files"))
            .map(|d| d.count())
            .unwrap_or(0);
        (rows, files)
    }

    /// Waits (10 s at most) for the store to hold `n` files: refused bytes go in the background.
    async fn files_settle(&self, n: usize) {
        let start = std::time::Instant::now();
        while self.stored().await.1 != n {
            assert!(
                start.elapsed() < kanisa_test_db::patient(std::time::Duration::from_secs(10)),
                "{} files, not {n}",
                self.stored().await.1
            );
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    }
}

/// Over a limit: 429 with `Retry-After` and the reason in Storage's envelope, for a raw body
/// and a form, before the body (a count, a declared length) or while it streams (bytes of
/// unknown length); nothing refused is stored.
#[tokio::test]
async fn storage_public_uploads_past_the_limits_get_429_with_retry_after() {
    let app = TestApp::spawn().await;
    app.set_setting("upload_files_per_address_per_hour", 3)
        .await;
    for i in 0..3 {
        let res = app
            .put_raw(
                &None,
                &format!("submissions/{i}.pdf"),
                pdf(1000),
                "application/pdf",
            )
            .await;
        assert_eq!(res.status(), 200);
    }
    let said = "Files from your connection are limited to 3 an hour, and that many have been \
                uploaded. Please try again in ";
    let res = app
        .put_raw(&None, "submissions/4.pdf", pdf(1000), "application/pdf")
        .await;
    let message = limited(res, 3600).await;
    assert!(message.starts_with(said), "{message}");
    assert!(
        message.ends_with(" minutes, or call the church office.")
            || message.ends_with(" minute, or call the church office."),
        "{message}"
    );
    let res = app
        .put_form(
            &None,
            "reports/4.pdf",
            pdf(1000),
            "4.pdf",
            "application/pdf",
        )
        .await;
    assert!(limited(res, 3600).await.starts_with(said));
    assert_eq!(app.stored().await, (3, 3));

    // Bytes: declared past what is left, refused before the body; streamed, the moment it
    // passes.
    app.set_setting("upload_files_per_address_per_hour", 0)
        .await;
    app.set_setting("upload_mb_per_address_per_hour", 1).await;
    let said = "Files from your connection may add up to 1 MB an hour, and this one would go past \
                that. Please try again in ";
    let res = app
        .put_raw(&None, "submissions/big.pdf", pdf(2 * MB), "application/pdf")
        .await;
    assert!(limited(res, 3600).await.starts_with(said));
    let res = app
        .storage(
            Method::POST,
            "/object/church-files/submissions/big.pdf",
            &None,
        )
        .header(header::CONTENT_TYPE, "application/pdf")
        .body(streamed(2 * MB, b"%PDF-1.4"))
        .send()
        .await
        .unwrap();
    assert!(limited(res, 3600).await.starts_with(said));
    assert_eq!(app.stored().await.0, 3);
    app.files_settle(3).await;
}

/// The probe's burst (fifteen 10 MB and sixty 1 MB uploads, all stored) against the default
/// limits: from one connection, the sixth 10 MB file passes 50 MB an hour; from another, the
/// twenty-first small file passes 20 files an hour.
#[tokio::test]
async fn storage_the_default_limits_stop_the_probes_burst() {
    let app = TestApp::spawn_trusting("127.0.0.1").await;
    let from = |ip: &'static str, name: String, bytes: Vec<u8>| {
        app.storage(
            Method::POST,
            &format!("/object/church-files/submissions/{name}"),
            &None,
        )
        .header("x-forwarded-for", ip)
        .header(header::CONTENT_TYPE, "application/pdf")
        .body(bytes)
        .send()
    };
    for i in 0..5 {
        let res = from("198.51.100.10", format!("big-{i}.pdf"), pdf(10 * MB))
            .await
            .unwrap();
        assert_eq!(res.status(), 200, "10 MB file {i}");
    }
    let res = from("198.51.100.10", "big-5.pdf".into(), pdf(10 * MB))
        .await
        .unwrap();
    let message = limited(res, 3600).await;
    assert!(
        message.starts_with("Files from your connection may add up to 50 MB an hour"),
        "{message}"
    );
    for i in 0..20 {
        let res = from("198.51.100.11", format!("small-{i}.pdf"), pdf(1000))
            .await
            .unwrap();
        assert_eq!(res.status(), 200, "small file {i}");
    }
    let res = from("198.51.100.11", "small-20.pdf".into(), pdf(1000))
        .await
        .unwrap();
    let message = limited(res, 3600).await;
    assert!(
        message.starts_with("Files from your connection are limited to 20 an hour"),
        "{message}"
    );
    assert_eq!(app.stored().await.0, 25);
    app.files_settle(25).await;
}
