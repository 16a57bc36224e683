//! How table-API answers go over the wire (src/rest.rs): compressed as `Accept-Encoding` asks,
//! with `Vary`; a strong `ETag` per form on reads and a 304 for an `If-None-Match` naming it;
//! `Cache-Control` by caller, and no caller ever revalidating into another's answer.

use std::io::Read as _;

use reqwest::Method;
use reqwest::header::HeaderMap;
use serde_json::{Value, json};

use crate::TestApp;
use crate::policies::user;

/// The public sermon list, as the public site asks for it.
const LIST: &str = "/rest/v1/sermons?select=*&is_published=eq.true&order=sermon_date.desc&limit=20";

fn header(h: &HeaderMap, name: &str) -> String {
    h.get_all(name)
        .iter()
        .map(|v| v.to_str().unwrap().to_owned())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The bytes `body` stands for in `coding` (`""`: as they are).
fn decode(coding: &str, body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    match coding {
        "" => out.extend_from_slice(body),
        "br" => brotli::BrotliDecompress(&mut &body[..], &mut out).unwrap(),
        "gzip" => {
            flate2::read::GzDecoder::new(body)
                .read_to_end(&mut out)
                .unwrap();
        }
        other => panic!("unexpected coding {other}"),
    }
    out
}

struct Wire {
    status: u16,
    headers: HeaderMap,
    /// As they came over the wire (reqwest here decodes nothing).
    bytes: Vec<u8>,
}

impl Wire {
    fn header(&self, name: &str) -> String {
        header(&self.headers, name)
    }

    /// The body decoded from its `Content-Encoding`.
    fn decoded(&self) -> Vec<u8> {
        decode(&self.header("content-encoding"), &self.bytes)
    }
}

impl TestApp {
    /// `method path` with `token` (anon without) and these request headers.
    async fn wire(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        headers: &[(&str, &str)],
    ) -> Wire {
        let mut req = self.http.request(method, self.url(path));
        if let Some(token) = token {
            req = req.bearer_auth(token);
        }
        for (name, value) in headers {
            req = req.header(*name, *value);
        }
        let res = req.send().await.unwrap();
        Wire {
            status: res.status().as_u16(),
            headers: res.headers().clone(),
            bytes: res.bytes().await.unwrap().to_vec(),
        }
    }
}

/// A quoted strong tag of 32 hex digits, with the suffix of a compressed form.
fn assert_tag(tag: &str, suffix: &str) {
    let inner = tag
        .strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .and_then(|t| t.strip_suffix(suffix))
        .unwrap_or_else(|| panic!("{tag} is not a strong tag ending {suffix}"));
    assert_eq!(inner.len(), 32, "{tag}");
    assert!(inner.bytes().all(|b| b.is_ascii_hexdigit()), "{tag}");
}

#[tokio::test]
async fn answers_are_compressed_as_accept_encoding_asks() {
    let app = TestApp::spawn_demo().await;
    let plain = app.wire(Method::GET, LIST, None, &[]).await;
    assert_eq!(plain.status, 200);
    assert_eq!(plain.header("content-encoding"), "");
    assert!(
        plain
            .header("vary")
            .to_lowercase()
            .contains("accept-encoding")
    );
    assert!(plain.bytes.len() > 2000, "{} bytes", plain.bytes.len());
    let rows: Value = serde_json::from_slice(&plain.bytes).unwrap();
    assert_eq!(rows.as_array().unwrap().len(), 12);
    let tag = plain.header("etag");
    assert_tag(&tag, "");
    let bare = tag.trim_matches('"');

    for (offered, coding, suffix) in [
        ("br", "br", "-br"),
        ("gzip", "gzip", "-gz"),
        ("gzip, deflate, br, zstd", "br", "-br"),
        ("*", "br", "-br"),
        ("br;q=0.5, gzip", "gzip", "-gz"),
        ("br;q=0, gzip;q=0.1", "gzip", "-gz"),
        ("x-gzip", "gzip", "-gz"),
        ("gzip;q=0", "", ""),
        ("gzip;q=0.5, identity", "", ""),
        ("identity", "", ""),
        ("deflate", "", ""),
    ] {
        let got = app
            .wire(Method::GET, LIST, None, &[("accept-encoding", offered)])
            .await;
        assert_eq!(got.status, 200, "{offered}");
        assert_eq!(got.header("content-encoding"), coding, "{offered}");
        assert_eq!(got.header("x-kanisa-cache"), "hit", "{offered}");
        assert!(
            got.header("vary")
                .to_lowercase()
                .contains("accept-encoding"),
            "{offered}"
        );
        assert_eq!(got.decoded(), plain.bytes, "{offered}: the same rows");
        assert_eq!(
            got.header("content-length"),
            got.bytes.len().to_string(),
            "{offered}"
        );
        assert_eq!(
            got.header("etag"),
            format!("\"{bare}{suffix}\""),
            "{offered}"
        );
        assert_eq!(got.header("content-range"), plain.header("content-range"));
        if !coding.is_empty() {
            assert!(
                got.bytes.len() * 3 < plain.bytes.len(),
                "{offered}: {} of {} bytes",
                got.bytes.len(),
                plain.bytes.len()
            );
        }
    }

    // A small answer goes out as it is, and still says that the choice depends on the header.
    let small = app
        .wire(
            Method::GET,
            "/rest/v1/sermons?select=id&limit=1",
            None,
            &[("accept-encoding", "br, gzip")],
        )
        .await;
    assert_eq!(small.status, 200);
    assert!(small.bytes.len() <= 512, "{} bytes", small.bytes.len());
    assert_eq!(small.header("content-encoding"), "");
    assert!(
        small
            .header("vary")
            .to_lowercase()
            .contains("accept-encoding")
    );
    assert_tag(&small.header("etag"), "");

    // HEAD: GET's headers (the length of the chosen form), no body.
    let br = app
        .wire(Method::GET, LIST, None, &[("accept-encoding", "br")])
        .await;
    let head = app
        .wire(Method::HEAD, LIST, None, &[("accept-encoding", "br")])
        .await;
    assert_eq!(head.status, 200);
    assert!(head.bytes.is_empty());
    assert_eq!(head.header("content-encoding"), "br");
    assert_eq!(head.header("content-length"), br.bytes.len().to_string());
    assert_eq!(head.header("etag"), br.header("etag"));
    assert_eq!(head.header("content-range"), br.header("content-range"));
    assert_eq!(head.header("cache-control"), "no-cache");

    // CSV, signed in.
    let csv = app
        .wire(
            Method::GET,
            "/rest/v1/sermons?select=*&order=sermon_date",
            Some(&app.service_key),
            &[("accept", "text/csv"), ("accept-encoding", "gzip")],
        )
        .await;
    assert_eq!(csv.status, 200);
    assert!(csv.header("content-type").starts_with("text/csv"));
    assert_eq!(csv.header("content-encoding"), "gzip");
    assert_tag(&csv.header("etag"), "-gz");
    let text = String::from_utf8(csv.decoded()).unwrap();
    assert!(
        text.starts_with("id,") && text.lines().count() == 13,
        "{text}"
    );

    // An RPC's result, by GET (with a validator) and by POST (without).
    let path = "/rest/v1/rpc/get_monthly_giving?from_date=2000-01-01";
    let plain_rpc = app
        .wire(Method::GET, path, Some(&app.service_key), &[])
        .await;
    assert_eq!(plain_rpc.status, 200);
    assert!(
        plain_rpc.bytes.len() > 512,
        "{} bytes",
        plain_rpc.bytes.len()
    );
    let rpc = app
        .wire(
            Method::GET,
            path,
            Some(&app.service_key),
            &[("accept-encoding", "br")],
        )
        .await;
    assert_eq!(rpc.header("content-encoding"), "br");
    assert_eq!(rpc.decoded(), plain_rpc.bytes);
    assert_tag(&rpc.header("etag"), "-br");
    assert_eq!(rpc.header("cache-control"), "private, no-cache");
    let posted = app
        .http
        .post(app.url("/rest/v1/rpc/get_monthly_giving"))
        .bearer_auth(&app.service_key)
        .header("accept-encoding", "gzip")
        .json(&json!({"from_date": "2000-01-01"}))
        .send()
        .await
        .unwrap();
    assert_eq!(posted.status(), 200);
    assert_eq!(header(posted.headers(), "content-encoding"), "gzip");
    assert_eq!(
        header(posted.headers(), "etag"),
        "",
        "a POST has no validator"
    );
    assert_eq!(header(posted.headers(), "cache-control"), "");
    assert_eq!(
        decode("gzip", &posted.bytes().await.unwrap()),
        plain_rpc.bytes
    );

    // The OpenAPI document.
    let plain_doc = app.wire(Method::GET, "/rest/v1/", None, &[]).await;
    let doc = app
        .wire(Method::GET, "/rest/v1/", None, &[("accept-encoding", "br")])
        .await;
    assert_eq!(doc.status, 200);
    assert!(
        doc.header("content-type")
            .starts_with("application/openapi+json")
    );
    assert_eq!(doc.header("content-encoding"), "br");
    assert_eq!(doc.decoded(), plain_doc.bytes);
    assert!(doc.bytes.len() * 5 < plain_doc.bytes.len());
    let parsed: Value = serde_json::from_slice(&doc.decoded()).unwrap();
    assert_eq!(parsed["openapi"], "3.0.3");
    assert_tag(&doc.header("etag"), "-br");

    // Errors are as they were: no validator, no encoding of ours.
    let missing = app
        .wire(
            Method::GET,
            "/rest/v1/no_such_table",
            None,
            &[("accept-encoding", "br")],
        )
        .await;
    assert_eq!(missing.status, 404);
    assert_eq!(missing.header("etag"), "");
}

#[tokio::test]
async fn reads_revalidate_with_if_none_match() {
    let app = TestApp::spawn_demo().await;
    let gz = &[("accept-encoding", "gzip")];
    let first = app.wire(Method::GET, LIST, None, gz).await;
    assert_eq!(first.status, 200);
    assert_eq!(first.header("cache-control"), "no-cache");
    let tag = first.header("etag");
    assert_tag(&tag, "-gz");

    for presented in [
        tag.clone(),
        format!("W/{tag}"),
        format!("\"something-else\", {tag}"),
        "*".to_owned(),
    ] {
        for method in [Method::GET, Method::HEAD] {
            let again = app
                .wire(
                    method.clone(),
                    LIST,
                    None,
                    &[("accept-encoding", "gzip"), ("if-none-match", &presented)],
                )
                .await;
            assert_eq!(again.status, 304, "{method} {presented}");
            assert!(again.bytes.is_empty());
            assert_eq!(again.header("etag"), tag);
            assert_eq!(again.header("cache-control"), "no-cache");
            assert!(
                again
                    .header("vary")
                    .to_lowercase()
                    .contains("accept-encoding")
            );
            assert_eq!(again.header("content-range"), first.header("content-range"));
            assert_eq!(again.header("content-encoding"), "");
        }
    }

    // Another form is other bytes: the gzip tag does not stand for the brotli or plain answer.
    for (offered, coding) in [("br", "br"), ("identity", "")] {
        let other = app
            .wire(
                Method::GET,
                LIST,
                None,
                &[("accept-encoding", offered), ("if-none-match", &tag)],
            )
            .await;
        assert_eq!(other.status, 200, "{offered}");
        assert_eq!(other.header("content-encoding"), coding);
        assert_ne!(other.header("etag"), tag);
        assert_eq!(other.decoded(), first.decoded());
    }
    let stale = app
        .wire(
            Method::GET,
            LIST,
            None,
            &[("accept-encoding", "gzip"), ("if-none-match", "\"0123\"")],
        )
        .await;
    assert_eq!(stale.status, 200);
    assert_eq!(stale.header("etag"), tag);

    // A change makes the held copy stale: 200 with a new tag once the cache hears of it. A
    // write itself carries no validator.
    let id = serde_json::from_slice::<Value>(&first.decoded()).unwrap()[0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let patch = app
        .http
        .patch(app.url(&format!("/rest/v1/sermons?id=eq.{id}")))
        .bearer_auth(&app.service_key)
        .header("prefer", "return=representation")
        .json(&json!({"title": "A new title"}))
        .send()
        .await
        .unwrap();
    assert_eq!(patch.status(), 200);
    assert_eq!(header(patch.headers(), "etag"), "");
    let changed = crate::eventually(
        std::time::Duration::from_secs(5),
        "the changed list",
        || async {
            let got = app
                .wire(
                    Method::GET,
                    LIST,
                    None,
                    &[("accept-encoding", "gzip"), ("if-none-match", &tag)],
                )
                .await;
            if got.status == 200 {
                Ok(got)
            } else {
                Err(format!("still {}", got.status))
            }
        },
    )
    .await;
    assert_ne!(changed.header("etag"), tag);
    assert_tag(&changed.header("etag"), "-gz");
    assert!(
        String::from_utf8(changed.decoded())
            .unwrap()
            .contains("A new title")
    );
}

#[tokio::test]
async fn signed_in_answers_are_private_and_never_anothers() {
    let app = TestApp::spawn_demo().await;
    let sql = app.db.as_ref().unwrap().client().await;
    sql.batch_execute(
        "INSERT INTO sermons (title, speaker, sermon_date, is_published) \
         VALUES ('A draft for staff', 'Pastor', '2020-01-01', false)",
    )
    .await
    .unwrap();
    let staff = user(&sql, "CONTENT_ADMIN", true, None).await.token.unwrap();
    let member = user(&sql, "MEMBER", true, None).await.token.unwrap();
    let path = "/rest/v1/sermons?select=id,title,is_published&order=sermon_date";
    let gz = [("accept-encoding", "gzip")];

    let anon = app.wire(Method::GET, path, None, &gz).await;
    let by_staff = app.wire(Method::GET, path, Some(&staff), &gz).await;
    let by_member = app.wire(Method::GET, path, Some(&member), &gz).await;
    let text = |w: &Wire| String::from_utf8(w.decoded()).unwrap();
    assert!(!text(&anon).contains("A draft for staff"));
    assert!(text(&by_staff).contains("A draft for staff"));
    assert!(!text(&by_member).contains("A draft for staff"));
    assert_eq!(anon.header("cache-control"), "no-cache");
    assert_eq!(by_staff.header("cache-control"), "private, no-cache");
    assert_eq!(by_member.header("cache-control"), "private, no-cache");
    assert_eq!(
        by_staff.header("x-kanisa-cache"),
        "",
        "never the anonymous cache"
    );
    assert_ne!(by_staff.header("etag"), anon.header("etag"));
    // The member sees the very bytes anon sees: the same tag, rightly (a 304 would be true).
    assert_eq!(by_member.header("etag"), anon.header("etag"));

    // Each caller presenting another's tag gets its own rows, never a 304 for the other's.
    for (who, token, held, own) in [
        ("anon", None, &by_staff, &anon),
        ("member", Some(member.as_str()), &by_staff, &by_member),
        ("staff", Some(staff.as_str()), &anon, &by_staff),
        ("staff", Some(staff.as_str()), &by_member, &by_staff),
    ] {
        let got = app
            .wire(
                Method::GET,
                path,
                token,
                &[
                    ("accept-encoding", "gzip"),
                    ("if-none-match", &held.header("etag")),
                ],
            )
            .await;
        assert_eq!(got.status, 200, "{who}");
        assert_eq!(got.decoded(), own.decoded(), "{who}");
        assert_eq!(got.header("etag"), own.header("etag"), "{who}");
    }
    // The staff answer never reached the anonymous cache: anon's hit is anon's.
    let hit = app.wire(Method::GET, path, None, &gz).await;
    assert_eq!(hit.header("x-kanisa-cache"), "hit");
    assert_eq!(hit.decoded(), anon.decoded());
}
