use crate::TestApp;

/// The route table the public app's build writes next to its index.html
/// (apps/public/routes-plugin.ts), with some of the site's pages.
fn write_routes(app: &TestApp) {
    let page = |module: &str, en: (Option<&str>, &str), sw: (Option<&str>, &str)| {
        serde_json::json!({
            "modules": [module, "src/components/layout/Footer.tsx"],
            "en": {"title": en.0, "description": en.1},
            "sw": {"title": sw.0, "description": sw.1},
        })
    };
    let route = |path: &str, mut page: serde_json::Value| {
        page["path"] = path.into();
        page
    };
    let table = serde_json::json!({
        "routes": [
            route("/", page(
                "src/features/home/HomeSections.tsx",
                (None, "Welcome to {church}: service times, sermons, upcoming events, ministries and online giving."),
                (None, "Karibu {church}: nyakati za ibada, mahubiri, matukio yajayo, huduma na kutoa mtandaoni."),
            )),
            route("/sermons", page(
                "src/features/sermons/SermonsPage.tsx",
                (Some("Sermons"), "Watch and listen to recent sermons and the current series at {church}."),
                (Some("Mahubiri"), "Tazama na usikilize mahubiri ya hivi karibuni na mfululizo wa sasa katika {church}."),
            )),
            route("/events", page(
                "src/features/events/EventsPage.tsx",
                (Some("Events"), "Upcoming events, weekly activities and the church calendar of {church}."),
                (Some("Matukio"), "Matukio yajayo, shughuli za kila wiki na kalenda ya kanisa la {church}."),
            )),
            route("/giving", page(
                "src/features/giving/GivingPage.tsx",
                (Some("Give Online"), "Give tithes, offerings and special-project gifts to {church} by mobile money, paybill or bank transfer."),
                (Some("Toa Mtandaoni"), "Toa zaka, sadaka na michango ya miradi maalum kwa {church} kupitia pesa za simu, Paybill au benki."),
            )),
        ],
        "notFound": page(
            "src/features/not-found/NotFoundPage.tsx",
            (Some("Page not found"), "This page does not exist on the website of {church}."),
            (Some("Ukurasa haupatikani"), "Ukurasa huu haupo kwenye tovuti ya {church}."),
        ),
        "languages": {"en": {"modules": []}, "sw": {"modules": ["src/i18n/sw/index.ts"]}},
    });
    std::fs::write(
        app.public_dist().join("routes.json"),
        serde_json::to_string_pretty(&table).unwrap(),
    )
    .unwrap();
}

fn header<'a>(res: &'a reqwest::Response, name: &str) -> &'a str {
    res.headers()
        .get(name)
        .map_or("", |v| v.to_str().unwrap_or(""))
}

#[tokio::test]
async fn the_public_app_and_its_history_fallback() {
    let app = TestApp::spawn().await;
    write_routes(&app);
    for (path, status) in [
        ("/", 200),
        ("/sermons", 200),
        ("/events/2026", 404),
        ("/give", 404),
    ] {
        let res = app.get(path).await;
        assert_eq!(res.status(), status, "{path}");
        assert_eq!(header(&res, "cache-control"), "no-cache", "{path}");
        assert!(header(&res, "content-type").starts_with("text/html"));
        assert!(header(&res, "content-security-policy").contains("frame-ancestors 'none'"));
        assert_eq!(header(&res, "x-content-type-options"), "nosniff");
        assert_eq!(
            header(&res, "referrer-policy"),
            "strict-origin-when-cross-origin"
        );
        assert!(res.text().await.unwrap().contains("<h1>Public site</h1>"));
    }
}

/// A browser in data-saver mode gets the page marked before any script runs; caches keep the two
/// apart.
#[tokio::test]
async fn a_data_saver_request_gets_a_marked_page() {
    let app = TestApp::spawn().await;
    write_routes(&app);
    let light = app
        .http
        .get(app.url("/events"))
        .header("save-data", "on")
        .send()
        .await
        .unwrap();
    assert_eq!(header(&light, "vary"), "Save-Data");
    assert!(
        light
            .text()
            .await
            .unwrap()
            .contains("data-save-data=\"on\"")
    );
    let normal = app.get("/events").await;
    assert_eq!(header(&normal, "vary"), "Save-Data");
    assert!(!normal.text().await.unwrap().contains("data-save-data"));
}

/// A Kiswahili page (`/sw/...`) is the same app with its head in Kiswahili, `lang="sw"`, and
/// both language versions named; an unknown path under `/sw/` is still a 404, and `/sw.js`
/// (the service worker) is a file, not a page.
#[tokio::test]
async fn a_kiswahili_page_is_served_in_kiswahili_with_its_alternates() {
    let app = TestApp::spawn().await;
    write_routes(&app);
    // The alternates are absolute: they need the site's address (here the settings' website).
    app.db
        .as_ref()
        .unwrap()
        .client()
        .await
        .execute(
            "UPDATE system_settings SET value = '\"https://church.example\"' WHERE key = 'website'",
            &[],
        )
        .await
        .unwrap();
    for path in ["/sw", "/sw/", "/sw/events", "/sw/giving/"] {
        let res = app.get(path).await;
        assert_eq!(res.status(), 200, "{path}");
        let body = res.text().await.unwrap();
        assert!(body.contains("<h1>Public site</h1>"), "{path}: the app");
        assert!(body.contains("<html lang=\"sw\">"), "{path}: {body}");
        assert!(body.contains("hreflang=\"sw\""), "{path}");
        assert!(body.contains("<meta property=\"og:locale\" content=\"sw_KE\" />"));
    }
    let events = app.get("/sw/events").await.text().await.unwrap();
    assert!(events.contains("<title>Matukio | "), "{events}");
    assert!(events.contains(
        "<meta name=\"description\" content=\"Matukio yajayo, shughuli za kila wiki na kalenda ya kanisa la "
    ));
    assert!(events.contains("https://church.example/sw/events\" />"));
    // A Kiswahili page preloads its catalogue first, then the page's chunk.
    std::fs::create_dir_all(app.public_dist().join(".vite")).unwrap();
    std::fs::write(
        app.public_dist().join(".vite/manifest.json"),
        r#"{"index.html": {"file": "assets/index-abc123.js", "isEntry": true},
            "src/i18n/sw/index.ts": {"file": "assets/sw-k1.js"},
            "src/features/events/EventsPage.tsx": {"file": "assets/EventsPage-e1.js"}}"#,
    )
    .unwrap();
    let events = app.get("/sw/events").await.text().await.unwrap();
    let catalogue = events
        .find("href=\"/assets/sw-k1.js\"")
        .expect("the catalogue");
    let page = events
        .find("href=\"/assets/EventsPage-e1.js\"")
        .expect("the page");
    assert!(catalogue < page, "{events}");
    let english = app.get("/events").await.text().await.unwrap();
    assert!(english.contains("<title>Events | "));
    assert!(english.contains(
        "<meta name=\"description\" content=\"Upcoming events, weekly activities and the church calendar of "
    ));
    assert!(
        !english.contains("sw-k1.js"),
        "English needs no Kiswahili catalogue"
    );
    assert!(english.contains("<html lang=\"en\">"));
    assert!(english.contains("hreflang=\"sw\""));
    let giving = app.get("/sw/giving").await.text().await.unwrap();
    assert!(giving.contains("<title>Toa Mtandaoni | "), "{giving}");
    let missing = app.get("/sw/nope").await.text().await.unwrap();
    assert!(
        missing.contains("<title>Ukurasa haupatikani | "),
        "{missing}"
    );
    assert!(
        missing
            .contains("<meta name=\"description\" content=\"Ukurasa huu haupo kwenye tovuti ya ")
    );
    assert_eq!(app.get("/sw/nope").await.status(), 404);
    assert_eq!(app.get("/swahili").await.status(), 404);
}

/// What a link preview (WhatsApp) or a search engine sees without running JavaScript: the
/// route's title and description naming the church, Open Graph tags and the church in JSON-LD,
/// all from the public System Settings of the demo content.
#[tokio::test]
async fn public_pages_carry_their_head_for_link_previews_and_search_engines() {
    let app = TestApp::spawn_demo().await;
    write_routes(&app);
    let sql = app.db.as_ref().unwrap().client().await;
    let name: String = sql
        .query_one(
            "SELECT value #>> '{}' FROM public.system_settings WHERE key = 'church_name'",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    let phone: String = sql
        .query_one(
            "SELECT value #>> '{}' FROM public.system_settings WHERE key = 'church_phone'",
            &[],
        )
        .await
        .unwrap()
        .get(0);

    // The Host header is the client's to choose: the links come from the settings' website.
    let res = app
        .http
        .get(app.url("/sermons"))
        .header("host", "evil.example")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let html = res.text().await.unwrap();
    assert!(
        html.contains(&format!("<title>Sermons | {name}</title>")),
        "{html}"
    );
    assert!(
        !html.contains("<title>Public site</title>"),
        "the build's default head is replaced"
    );
    assert!(
        html.contains("<meta name=\"description\" content=\"Watch and listen to recent sermons")
    );
    assert!(html.contains(&format!(
        "<meta property=\"og:title\" content=\"Sermons | {name}\" />"
    )));
    assert!(
        html.contains("<meta property=\"og:url\" content=\"https://www.example.org/sermons\" />"),
        "{html}"
    );
    assert!(html.contains(
        "<meta property=\"og:image\" content=\"https://www.example.org/images/og-default.jpg\" />"
    ));
    assert!(
        !html.contains("evil.example"),
        "the Host header is never reflected"
    );
    let start = html.find("<script type=\"application/ld+json\">").unwrap() + 35;
    let end = start + html[start..].find("</script>").unwrap();
    let ld: serde_json::Value = serde_json::from_str(&html[start..end]).unwrap();
    assert_eq!(ld["@type"], "Church");
    assert_eq!(ld["telephone"], phone.as_str());
    assert!(ld["address"]["streetAddress"].is_string(), "{ld}");
    let services: Vec<&str> = ld["openingHoursSpecification"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert!(
        services.contains(&"Sabbath School") && services.contains(&"Divine Service"),
        "{ld}"
    );

    // With a build manifest, the route's lazy chunk is preloaded with the HTML.
    std::fs::create_dir_all(app.public_dist().join(".vite")).unwrap();
    std::fs::write(
        app.public_dist().join(".vite/manifest.json"),
        r#"{"index.html": {"file": "assets/index-abc123.js", "isEntry": true},
            "src/features/sermons/SermonsPage.tsx": {"file": "assets/SermonsPage-x1.js", "imports": ["index.html"]}}"#,
    )
    .unwrap();
    let html = app.get("/sermons").await.text().await.unwrap();
    assert!(
        html.contains(
            "<link rel=\"modulepreload\" crossorigin href=\"/assets/SermonsPage-x1.js\" />"
        ),
        "{html}"
    );
    assert!(
        !html.contains("href=\"/assets/index-abc123.js\" />"),
        "the entry is the build's own script"
    );

    // A path the site does not have: still the app (it shows "Page not found"), but a 404 that
    // asks not to be indexed.
    let res = app.get("/no-such-page").await;
    assert_eq!(res.status(), 404);
    let html = res.text().await.unwrap();
    assert!(html.contains("noindex") && html.contains("<h1>Public site</h1>"));

    // Files are not pages: the robots file comes as it is.
    let res = app.get("/robots.txt").await;
    assert_eq!(res.text().await.unwrap(), "User-agent: *\n");
}

/// A build without its route table (routes.json missing or broken) still serves every page,
/// with the church's name as title and no description of the page's own: the server cannot
/// tell a page from a missing one, so the app decides.
#[tokio::test]
async fn without_the_route_table_pages_are_served_with_the_church_name() {
    let app = TestApp::spawn_demo().await;
    let name: String = app
        .db
        .as_ref()
        .unwrap()
        .client()
        .await
        .query_one(
            "SELECT value #>> '{}' FROM public.system_settings WHERE key = 'church_name'",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    for routes in [None, Some("{\"routes\": "), Some("[]")] {
        if let Some(text) = routes {
            std::fs::write(app.public_dist().join("routes.json"), text).unwrap();
        }
        for path in ["/events", "/sw/events", "/no-such-page"] {
            let res = app.get(path).await;
            assert_eq!(res.status(), 200, "{routes:?} {path}");
            let html = res.text().await.unwrap();
            let title = html
                .split_once("<title>")
                .and_then(|(_, rest)| rest.split_once("</title>"))
                .map(|(title, _)| title)
                .unwrap();
            assert!(
                title.starts_with(&name) && !title.contains(" | "),
                "the church's name alone: {html}"
            );
            assert!(!html.contains("name=\"description\""), "{html}");
            assert!(!html.contains("noindex"), "{html}");
            assert!(html.contains("<h1>Public site</h1>"), "the app");
        }
    }
    write_routes(&app);
    let html = app.get("/events").await.text().await.unwrap();
    assert!(
        html.contains(&format!("<title>Events | {name}</title>")),
        "a new build's table is read: {html}"
    );
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

/// With no KANISA_PUBLIC_URL and no website in the settings, a page's head holds no absolute
/// link at all rather than one made from the request's Host (which the client chooses).
#[tokio::test]
async fn a_forged_host_header_never_reaches_a_pages_links() {
    let app = TestApp::spawn_demo().await;
    write_routes(&app);
    let sql = app.db.as_ref().unwrap().client().await;
    sql.execute(
        "UPDATE public.system_settings SET value = 'null' WHERE key = 'website'",
        &[],
    )
    .await
    .unwrap();
    let res = app
        .http
        .get(app.url("/sermons"))
        .header("host", "evil.example")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let html = res.text().await.unwrap();
    assert!(!html.contains("evil.example"), "{html}");
    assert!(!html.contains("rel=\"canonical\""), "{html}");
    assert!(!html.contains("og:url"), "{html}");
    let start = html.find("<script type=\"application/ld+json\">").unwrap() + 35;
    let end = start + html[start..].find("</script>").unwrap();
    let ld: serde_json::Value = serde_json::from_str(&html[start..end]).unwrap();
    assert!(ld.get("url").is_none(), "{ld}");
}
