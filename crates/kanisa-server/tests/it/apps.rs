use crate::TestApp;

fn header<'a>(res: &'a reqwest::Response, name: &str) -> &'a str {
    res.headers()
        .get(name)
        .map_or("", |v| v.to_str().unwrap_or(""))
}

#[tokio::test]
async fn the_public_app_and_its_history_fallback() {
    let app = TestApp::spawn().await;
    for path in ["/", "/sermons", "/events/2026", "/give"] {
        let res = app.get(path).await;
        assert_eq!(res.status(), 200, "{path}");
        assert_eq!(header(&res, "cache-control"), "no-cache", "{path}");
        assert!(header(&res, "content-type").starts_with("text/html"));
        assert!(header(&res, "content-security-policy").contains("frame-ancestors 'none'"));
        assert_eq!(header(&res, "x-content-type-options"), "nosniff");
        assert_eq!(
            header(&res, "referrer-policy"),
            "strict-origin-when-cross-origin"
        );
        assert!(
            res.text()
                .await
                .unwrap()
                .contains("<title>Public site</title>")
        );
    }
}

#[tokio::test]
async fn the_admin_app_lives_under_admin() {
    let app = TestApp::spawn().await;
    let res = app.get("/admin").await;
    assert_eq!(res.status(), 308);
    assert_eq!(header(&res, "location"), "/admin/");
    for path in ["/admin/", "/admin/login", "/admin/dashboard/x"] {
        let res = app.get(path).await;
        assert_eq!(res.status(), 200, "{path}");
        assert!(
            res.text()
                .await
                .unwrap()
                .contains("<title>Back office</title>"),
            "{path}"
        );
    }
    let res = app.get("/admin/assets/index-abc123.js").await;
    assert_eq!(res.status(), 200);
    assert_eq!(
        header(&res, "cache-control"),
        "public, max-age=31536000, immutable"
    );
}

#[tokio::test]
async fn hashed_assets_are_immutable_and_compressed() {
    let app = TestApp::spawn().await;
    for (encoding, expected) in [("br", "br"), ("gzip", "gzip"), ("identity", "")] {
        let res = app
            .http
            .get(app.url("/assets/index-abc123.js"))
            .header("accept-encoding", encoding)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200);
        assert_eq!(
            header(&res, "cache-control"),
            "public, max-age=31536000, immutable"
        );
        assert!(header(&res, "content-type").contains("javascript"));
        assert_eq!(header(&res, "content-encoding"), expected, "{encoding}");
        let body = res.bytes().await.unwrap();
        if expected.is_empty() {
            assert_eq!(body.len(), "console.log('kanisa');\n".len() * 200);
        } else {
            assert!(body.len() < 200, "{encoding}: {} bytes", body.len());
        }
    }
    let res = app.get("/robots.txt").await;
    assert_eq!(header(&res, "cache-control"), "public, max-age=3600");
}

#[tokio::test]
async fn a_missing_asset_is_a_404_not_the_app() {
    let app = TestApp::spawn().await;
    for path in [
        "/assets/gone-123.js",
        "/admin/assets/gone.css",
        "/favicon.png",
    ] {
        let res = app.get(path).await;
        assert_eq!(res.status(), 404, "{path}");
        assert!(!res.text().await.unwrap().contains("<title>"), "{path}");
    }
}

#[tokio::test]
async fn paths_that_leave_the_app_folder_are_refused() {
    let app = TestApp::spawn().await;
    for path in [
        "/..%2f..%2fetc%2fpasswd",
        "/assets/..%2f..%2fCargo.toml",
        "/a%5cb",
    ] {
        let res = app.get(path).await;
        assert_eq!(res.status(), 400, "{path}");
        let body: serde_json::Value = res.json().await.unwrap();
        assert_eq!(body["code"], "bad_path");
    }
}

#[tokio::test]
async fn writes_to_app_paths_are_refused_with_json() {
    let app = TestApp::spawn().await;
    let res = app.http.post(app.url("/sermons")).send().await.unwrap();
    assert_eq!(res.status(), 405);
    let body: serde_json::Value = res.json().await.unwrap();
    assert_eq!(body["code"], "method_not_allowed");
}
