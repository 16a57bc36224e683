//! The table API over HTTP against the demo content, as service_role (its API key) unless a
//! test says otherwise.

use serde_json::{Value, json};

use crate::TestApp;

impl TestApp {
    fn rest(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        self.http
            .request(method, self.url(&format!("/rest/v1/{path}")))
            .bearer_auth(&self.service_key)
    }

    async fn rest_get(&self, path: &str) -> (u16, reqwest::header::HeaderMap, Value) {
        let res = self.rest(reqwest::Method::GET, path).send().await.unwrap();
        let status = res.status().as_u16();
        let headers = res.headers().clone();
        let body = res.json().await.unwrap_or(Value::Null);
        (status, headers, body)
    }
}

fn header(h: &reqwest::header::HeaderMap, name: &str) -> String {
    h.get(name)
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default()
}

#[tokio::test]
async fn selects_orders_and_pages() {
    let app = TestApp::spawn_demo().await;
    let (status, h, body) = app
        .rest_get("sermons?select=title,speaker,sermon_date&order=sermon_date.desc&limit=5")
        .await;
    assert_eq!(status, 200, "{body}");
    let rows = body.as_array().unwrap();
    assert_eq!(rows.len(), 5);
    let keys: Vec<&String> = rows[0].as_object().unwrap().keys().collect();
    assert_eq!(
        keys,
        ["title", "speaker", "sermon_date"],
        "the select's order"
    );
    let dates: Vec<&str> = rows
        .iter()
        .map(|r| r["sermon_date"].as_str().unwrap())
        .collect();
    let mut sorted = dates.clone();
    sorted.sort_by(|a, b| b.cmp(a));
    assert_eq!(dates, sorted);
    assert_eq!(header(&h, "content-range"), "0-4/*");
    assert!(header(&h, "content-type").starts_with("application/json"));

    // With a count the page is partial: 206 and the total.
    let res = app
        .rest(reqwest::Method::GET, "sermons?select=id&limit=5&offset=5")
        .header("prefer", "count=exact")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 206);
    assert_eq!(header(res.headers(), "content-range"), "5-9/12");
    assert_eq!(header(res.headers(), "preference-applied"), "count=exact");

    // The Range header pages too.
    let res = app
        .rest(reqwest::Method::GET, "sermons?select=id&order=id")
        .header("range", "2-3")
        .send()
        .await
        .unwrap();
    assert_eq!(header(res.headers(), "content-range"), "2-3/*");
    assert_eq!(
        res.json::<Value>().await.unwrap().as_array().unwrap().len(),
        2
    );

    // An offset past the end with a count: 416.
    let res = app
        .rest(reqwest::Method::GET, "sermons?offset=100")
        .header("prefer", "count=exact")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 416);
    assert_eq!(res.json::<Value>().await.unwrap()["code"], "PGRST103");
}

#[tokio::test]
async fn filters() {
    let app = TestApp::spawn_demo().await;
    let count = |v: &Value| v.as_array().map_or(0, Vec::len);
    let (_, _, all) = app
        .rest_get("budgets?select=id,year,category,allocated_amount")
        .await;
    let total = count(&all);
    // The demo's budgets follow the year it was loaded in: this year's and last year's.
    let latest = budget_years(&all).1;
    let (_, _, this_year) = app
        .rest_get(&format!("budgets?select=id&year=eq.{latest}"))
        .await;
    let (_, _, other_years) = app
        .rest_get(&format!("budgets?select=id&year=not.eq.{latest}"))
        .await;
    assert!(count(&this_year) > 0 && count(&other_years) > 0);
    assert_eq!(count(&this_year) + count(&other_years), total);
    let (_, _, gt) = app
        .rest_get("budgets?select=allocated_amount&allocated_amount=gt.100000")
        .await;

    assert!(
        gt.as_array()
            .unwrap()
            .iter()
            .all(|r| r["allocated_amount"].as_f64().unwrap() > 100000.0)
    );
    let (_, _, inn) = app
        .rest_get("budgets?select=category&category=in.(utilities,missions)&year=eq.2026")
        .await;
    assert!(
        inn.as_array()
            .unwrap()
            .iter()
            .all(|r| ["utilities", "missions"].contains(&r["category"].as_str().unwrap()))
    );
    let (_, _, or) = app
        .rest_get(
            "budgets?select=category&year=eq.2026&or=(category.eq.utilities,category.eq.missions)",
        )
        .await;
    assert_eq!(inn, or);
    let (_, _, like) = app.rest_get("sermons?select=title&title=ilike.*a*").await;
    assert!(
        like.as_array().unwrap().iter().all(|r| r["title"]
            .as_str()
            .unwrap()
            .to_lowercase()
            .contains('a'))
    );
    let (status, _, nulls) = app
        .rest_get("giving_records?select=id&member_id=is.null")
        .await;
    assert_eq!(status, 200);
    let (_, _, not_nulls) = app
        .rest_get("giving_records?select=id&member_id=not.is.null")
        .await;
    let (_, _, every) = app.rest_get("giving_records?select=id").await;
    assert_eq!(count(&nulls) + count(&not_nulls), count(&every));
    // A value that is not of the column's type is the client's mistake: 400, not 500.
    let (status, _, body) = app.rest_get("sermons?id=eq.not-a-uuid").await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["code"], "22P02");
}

#[tokio::test]
async fn embeds_to_one_to_many_and_many_to_many() {
    let app = TestApp::spawn_demo().await;
    let (status, _, body) = app
        .rest_get("giving_records?select=amount,member:members(first_name,last_name)&member_id=not.is.null&limit=3")
        .await;
    assert_eq!(status, 200, "{body}");
    for row in body.as_array().unwrap() {
        assert!(row["member"]["first_name"].is_string(), "{row}");
    }
    let (status, _, body) = app
        .rest_get("members?select=first_name,giving_records(amount)&giving_records.order=amount.desc&giving_records.limit=2&limit=3")
        .await;
    assert_eq!(status, 200, "{body}");
    for row in body.as_array().unwrap() {
        let gifts = row["giving_records"].as_array().unwrap();
        assert!(gifts.len() <= 2);
        if gifts.len() == 2 {
            assert!(gifts[0]["amount"].as_f64() >= gifts[1]["amount"].as_f64());
        }
    }
    let (status, _, body) = app
        .rest_get("members?select=first_name,ministries(name)")
        .await;
    assert_eq!(status, 200, "{body}");
    assert!(
        body.as_array()
            .unwrap()
            .iter()
            .any(|m| !m["ministries"].as_array().unwrap().is_empty())
    );
    // !inner drops parents without a match.
    let (_, _, inner) = app
        .rest_get("members?select=id,giving_records!inner(id)")
        .await;
    let (_, _, all) = app.rest_get("members?select=id").await;
    assert!(inner.as_array().unwrap().len() <= all.as_array().unwrap().len());
    assert!(
        inner
            .as_array()
            .unwrap()
            .iter()
            .all(|m| !m["giving_records"].as_array().unwrap().is_empty())
    );
    // No relationship: 400 PGRST200.
    let (status, _, body) = app.rest_get("sermons?select=title,budgets(id)").await;
    assert_eq!(status, 400);
    assert_eq!(body["code"], "PGRST200");
}

#[tokio::test]
async fn unknown_names_are_reported_with_suggestions() {
    let app = TestApp::spawn_demo().await;
    let (status, _, body) = app.rest_get("sermon").await;
    assert_eq!(status, 404);
    assert_eq!(body["code"], "PGRST205");
    assert_eq!(body["hint"], "Perhaps you meant the table 'public.sermons'");
    let (status, _, body) = app.rest_get("sermons?select=titel").await;
    assert_eq!(status, 400);
    assert_eq!(body["code"], "42703");
    assert!(body["hint"].as_str().unwrap().contains("\"title\""));
    // Names that are not in the schema never reach SQL, whatever they contain.
    for path in [
        "sermons%3Bdrop%20table%20sermons",
        "sermons?select=title%22%3Bselect%201--",
        "sermons?order=title%3Bdelete",
        "pg_catalog.pg_class",
    ] {
        let (status, _, body) = app.rest_get(path).await;
        assert!(status == 400 || status == 404, "{path}: {status} {body}");
        assert!(body["code"].is_string(), "{path}");
    }
    let (_, _, body) = app.rest_get("sermons?select=id&limit=1").await;
    assert_eq!(
        body.as_array().unwrap().len(),
        1,
        "the table is still there"
    );
}

#[tokio::test]
async fn single_object_and_its_refusal() {
    let app = TestApp::spawn_demo().await;
    let res = app
        .rest(reqwest::Method::GET, "sermons?select=title&limit=1")
        .header("accept", "application/vnd.pgrst.object+json")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert!(header(res.headers(), "content-type").starts_with("application/vnd.pgrst.object+json"));
    assert!(res.json::<Value>().await.unwrap()["title"].is_string());
    let res = app
        .rest(reqwest::Method::GET, "sermons?select=title&limit=2")
        .header("accept", "application/vnd.pgrst.object+json")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 406);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["code"], "PGRST116");
    assert_eq!(body["details"], "The result contains 2 rows");
}

#[tokio::test]
async fn insert_update_delete() {
    let app = TestApp::spawn_demo().await;
    let message = json!({"sender_name": "Jane Wanjiru", "sender_email": "jane@example.org",
        "subject": "Visit", "message": "Please visit my mother."});
    let res = app
        .rest(
            reqwest::Method::POST,
            "messages?select=id,sender_name,status",
        )
        .header("prefer", "return=representation")
        .json(&message)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 201);
    let rows: Value = res.json().await.unwrap();
    assert_eq!(rows[0]["sender_name"], "Jane Wanjiru");
    assert_eq!(
        rows[0]["status"], "pending",
        "defaults apply to missing columns"
    );
    let id = rows[0]["id"].as_str().unwrap().to_owned();

    // Minimal by default: 201 with no body.
    let res = app
        .rest(reqwest::Method::POST, "messages")
        .json(&json!([message, message]))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 201);
    assert_eq!(res.text().await.unwrap(), "");

    let res = app
        .rest(
            reqwest::Method::PATCH,
            &format!("messages?id=eq.{id}&select=subject"),
        )
        .header("prefer", "return=representation")
        .json(&json!({"subject": "Hospital visit"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(
        res.json::<Value>().await.unwrap(),
        json!([{"subject": "Hospital visit"}])
    );

    // Without a filter PATCH and DELETE are refused.
    for method in [reqwest::Method::PATCH, reqwest::Method::DELETE] {
        let res = app
            .rest(method.clone(), "messages")
            .json(&json!({"subject": "x"}))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 400, "{method}");
        assert_eq!(res.json::<Value>().await.unwrap()["code"], "KANISA100");
    }
    // An unknown column in the body.
    let res = app
        .rest(reqwest::Method::POST, "messages")
        .json(&json!({"sender_nam": "x"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 400);
    assert_eq!(res.json::<Value>().await.unwrap()["code"], "PGRST204");
    // A constraint: 400 with the database's code, nothing written.
    let res = app
        .rest(reqwest::Method::POST, "announcements")
        .json(&json!({"title": "t", "content": "c", "start_date": "2026-12-01", "priority": "critical"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 400);
    assert_eq!(res.json::<Value>().await.unwrap()["code"], "23514");

    let res = app
        .rest(reqwest::Method::DELETE, &format!("messages?id=eq.{id}"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 204);
    let (_, _, gone) = app.rest_get(&format!("messages?id=eq.{id}")).await;
    assert_eq!(gone, json!([]));
}

#[tokio::test]
async fn upsert_merges_or_ignores() {
    let app = TestApp::spawn_demo().await;
    let row = json!({"attendance_date": "2999-11-30", "sabbath_school_count": 100});
    let post = |body: Value, prefer: &'static str| {
        app.rest(
            reqwest::Method::POST,
            "attendance_aggregates?on_conflict=attendance_date&select=sabbath_school_count",
        )
        .header("prefer", prefer)
        .json(&body)
        .send()
    };
    let res = post(row.clone(), "return=representation").await.unwrap();
    assert_eq!(res.status(), 201);
    let res = post(
        json!({"attendance_date": "2999-11-30", "sabbath_school_count": 120}),
        "return=representation,resolution=merge-duplicates",
    )
    .await
    .unwrap();
    // It only updated: 200 (201 only when a row was inserted, as in PostgREST).
    assert_eq!(res.status(), 200);
    assert_eq!(
        res.json::<Value>().await.unwrap(),
        json!([{"sabbath_school_count": 120}])
    );
    let res = post(
        json!({"attendance_date": "2999-11-30", "sabbath_school_count": 5}),
        "return=representation,resolution=ignore-duplicates",
    )
    .await
    .unwrap();
    assert_eq!(res.json::<Value>().await.unwrap(), json!([]));
    let res = post(
        json!({"attendance_date": "2999-11-30", "sabbath_school_count": 5}),
        "return=minimal",
    )
    .await
    .unwrap();
    assert_eq!(res.status(), 409);
    assert_eq!(res.json::<Value>().await.unwrap()["code"], "23505");
}

#[tokio::test]
async fn anon_without_grants_is_refused_and_limits_hold() {
    let app = TestApp::spawn_demo().await;
    // members: anon has no grant on it (policies/members.sql); sermons are public now.
    let res = app.get("/rest/v1/members").await;
    assert_eq!(res.status(), 401);
    assert_eq!(res.json::<Value>().await.unwrap()["code"], "42501");
    let long = format!("sermons?title=eq.{}", "x".repeat(9000));
    let (status, _, body) = app.rest_get(&long).await;
    assert_eq!(status, 414, "{body}");
    let res = app
        .rest(reqwest::Method::POST, "messages")
        .header("content-type", "application/json")
        .body(vec![b' '; 2 * 1024 * 1024])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 413);
    assert_eq!(res.json::<Value>().await.unwrap()["code"], "PGRST413");
    let res = app
        .rest(reqwest::Method::GET, "sermons")
        .header("accept-profile", "auth")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 406);
    assert_eq!(res.json::<Value>().await.unwrap()["code"], "PGRST106");
}

#[tokio::test]
async fn quantified_filters() {
    let app = TestApp::spawn_demo().await;
    let (status, _, any) = app
        .rest_get("sermons?select=title&title=ilike(any).{*faith*,*hope*}")
        .await;
    assert_eq!(status, 200, "{any}");
    for row in any.as_array().unwrap() {
        let t = row["title"].as_str().unwrap().to_lowercase();
        assert!(t.contains("faith") || t.contains("hope"), "{t}");
    }
    let (_, _, years) = app.rest_get("budgets?select=year").await;
    let (earliest, latest) = budget_years(&years);
    assert!(earliest < latest, "{years}");
    let (_, _, all) = app
        .rest_get(&format!(
            "budgets?select=year&year=gte(all).{{{earliest},{latest}}}"
        ))
        .await;
    assert!(!all.as_array().unwrap().is_empty());
    assert!(
        all.as_array().unwrap().iter().all(|r| r["year"] == latest),
        "{all}"
    );
}

#[tokio::test]
async fn functions_are_called_by_name() {
    let app = TestApp::spawn_demo().await;
    let res = app
        .rest(reqwest::Method::POST, "rpc/get_monthly_giving")
        .json(&json!({"from_date": "2026-01-01"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let months: Value = res.json().await.unwrap();
    assert_eq!(months[0]["month_key"], "2026-01");
    assert!(months.as_array().unwrap().len() >= 11, "{months}");

    // GET with arguments in the query string, filters and order on the rows.
    let (status, _, rows) = app
        .rest_get("rpc/get_monthly_giving?from_date=2026-06-01&select=month_key&order=month_key.desc&limit=2")
        .await;
    assert_eq!(status, 200, "{rows}");
    assert_eq!(rows.as_array().unwrap().len(), 2);
    assert!(rows[0]["month_key"].as_str() > rows[1]["month_key"].as_str());

    // A single composite is an object.
    let (status, _, stats) = app.rest_get("rpc/get_message_stats").await;
    assert_eq!(status, 200, "{stats}");
    assert!(stats["total_messages"].as_i64().unwrap() > 0, "{stats}");

    // void → 204; an unknown function or argument → 404 PGRST202.
    let (_, _, pending) = app
        .rest_get("messages?select=id&status=eq.pending&limit=1")
        .await;
    let id = pending[0]["id"].as_str().unwrap();
    let res = app
        .rest(reqwest::Method::POST, "rpc/mark_message_read")
        .json(&json!({"message_id": id}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 204);
    let (_, _, read) = app
        .rest_get(&format!("messages?select=status&id=eq.{id}"))
        .await;
    assert_eq!(read, json!([{"status": "read"}]));
    for (path, body) in [
        ("rpc/get_monthly_givin", json!({})),
        ("rpc/get_monthly_giving", json!({"from": "2026-01-01"})),
    ] {
        let res = app
            .rest(reqwest::Method::POST, path)
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 404, "{path}");
        assert_eq!(res.json::<Value>().await.unwrap()["code"], "PGRST202");
    }
    // A function that changes data cannot be called with GET.
    let (status, _, _) = app
        .rest_get(&format!("rpc/mark_message_read?message_id={id}"))
        .await;
    assert_eq!(status, 405, "as a read-only transaction would answer");
}

#[tokio::test]
async fn tokens_choose_the_role_and_bad_tokens_are_refused() {
    let app = TestApp::spawn_demo().await;
    let url = app.url("/rest/v1/sermons?select=id&limit=1");
    // The service key as `apikey` alone (no session) works like the bearer.
    let res = app
        .http
        .get(&url)
        .header("apikey", &app.service_key)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let foreign = kanisa_auth::JwtKeys::new("some-other-secret-some-other-secret")
        .api_key("service_role")
        .unwrap();
    let expired = kanisa_auth::JwtKeys::new(crate::TEST_SECRET)
        .sign(&json!({"role": "service_role", "exp": 1_000_000_000}))
        .unwrap();
    let superuser = kanisa_auth::JwtKeys::new(crate::TEST_SECRET)
        .sign(&json!({"role": "postgres", "exp": 4_000_000_000_i64}))
        .unwrap();
    for (token, says) in [
        (foreign.as_str(), "invalid"),
        (expired.as_str(), "expired"),
        (superuser.as_str(), "not allowed"),
        ("garbage", "invalid"),
    ] {
        let res = app.http.get(&url).bearer_auth(token).send().await.unwrap();
        assert_eq!(res.status(), 401, "{says}");
        let challenge = header(res.headers(), "www-authenticate");
        assert!(
            challenge.starts_with("Bearer error=\"invalid_token\""),
            "{challenge}"
        );
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["code"], "PGRST301");
        assert!(body["message"].as_str().unwrap().contains(says), "{body}");
    }
}

/// Polls `path` as anon until `done(body)` (at most 5 s); returns how long it took.
async fn anon_until(app: &TestApp, path: &str, done: impl Fn(&str) -> bool) -> std::time::Duration {
    let started = std::time::Instant::now();
    loop {
        let body = app.get(path).await.text().await.unwrap();
        if done(&body) {
            return started.elapsed();
        }
        assert!(
            started.elapsed() < kanisa_test_db::patient(std::time::Duration::from_secs(5)),
            "still {body}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
}

#[tokio::test]
async fn anonymous_reads_are_cached_until_the_table_changes() {
    let app = TestApp::spawn_demo().await;
    let sql = app.db.as_ref().unwrap().client().await;
    // anon reads published sermons (policies/sermons.sql). No DDL here: its schema reload,
    // which empties the cache, would come at a moment of its own and could fall between the
    // reads below.
    let (_, _, first) = app.rest_get("sermons?select=id&order=id&limit=1").await;
    let id = first[0]["id"].as_str().unwrap().to_owned();
    let path = format!("/rest/v1/sermons?select=title&id=eq.{id}");

    let miss = app.get(&path).await;
    assert_eq!(header(miss.headers(), "x-kanisa-cache"), "miss");
    let original = miss.text().await.unwrap();
    let hit = app.get(&path).await;
    assert_eq!(header(hit.headers(), "x-kanisa-cache"), "hit");
    assert_eq!(hit.text().await.unwrap(), original);

    // A change that sends no notification (triggers off) is not seen: the answer is cached.
    sql.batch_execute(&format!(
        "SET session_replication_role = replica; \
         UPDATE sermons SET title = 'Quietly changed' WHERE id = '{id}'; \
         SET session_replication_role = origin;"
    ))
    .await
    .unwrap();
    assert_eq!(app.get(&path).await.text().await.unwrap(), original);

    // A change made directly in SQL invalidates it.
    sql.batch_execute(&format!(
        "UPDATE sermons SET title = 'Changed in SQL' WHERE id = '{id}'"
    ))
    .await
    .unwrap();
    let took = anon_until(&app, &path, |b| b.contains("Changed in SQL")).await;
    eprintln!("invalidation after a SQL update took {took:?}");

    // So does a change through the API.
    let res = app
        .rest(reqwest::Method::PATCH, &format!("sermons?id=eq.{id}"))
        .json(&json!({"title": "Changed through the API"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 204);
    anon_until(&app, &path, |b| b.contains("Changed through the API")).await;

    // Signed-in requests never touch the cache.
    let res = app
        .rest(reqwest::Method::GET, &path["/rest/v1/".len()..])
        .send()
        .await
        .unwrap();
    assert_eq!(header(res.headers(), "x-kanisa-cache"), "");
}

/// The anonymous cache is probed before a request is read: each request that differs in a part
/// its answer depends on (query, `Accept`, `Prefer`, `Range`, the profiles) gets its own answer,
/// never another's; only a request equal in all of them is a hit; a signed-in caller or a token
/// that does not verify never is.
#[tokio::test]
async fn a_cache_hit_is_only_ever_the_same_request_s_answer() {
    let app = TestApp::spawn_demo().await;
    let path = "/rest/v1/sermons?select=title&is_published=eq.true&order=title";
    let ask = |headers: &[(&str, &str)], method: reqwest::Method| {
        let mut req = app.http.request(method, app.url(path));
        for (k, v) in headers {
            req = req.header(*k, *v);
        }
        req.send()
    };
    let variants: &[&[(&str, &str)]] = &[
        &[],
        &[("accept", "text/csv")],
        &[("accept", "application/vnd.pgrst.object+json")],
        &[("prefer", "count=exact")],
        &[("prefer", "count=exact"), ("prefer", "handling=strict")],
        &[("prefer", "handling=strict, unknown=1")],
        &[("range", "0-0")],
        &[("range", "1-0")],
        &[("accept-profile", "kanisa")],
        &[("content-profile", "kanisa")],
        &[("accept-profile", "public")],
    ];
    // Each variant's first answer, fresh from the database (or the refusal).
    let mut firsts = Vec::new();
    for headers in variants {
        let res = ask(headers, reqwest::Method::GET).await.unwrap();
        let cache = header(res.headers(), "x-kanisa-cache");
        assert_ne!(
            cache, "hit",
            "{headers:?} was answered with another request's answer"
        );
        let first = (
            res.status(),
            header(res.headers(), "content-type"),
            header(res.headers(), "content-range"),
            header(res.headers(), "preference-applied"),
            res.text().await.unwrap(),
        );
        firsts.push(first);
    }
    assert_eq!(firsts[0].0, 200);
    assert!(firsts[1].1.starts_with("text/csv"), "{:?}", firsts[1]);
    assert!(firsts[6].2.starts_with("0-0/"), "{:?}", firsts[6]);
    assert_eq!(firsts[7].0, 416, "{:?}", firsts[7]);
    assert_eq!(firsts[8].0, 406, "{:?}", firsts[8]);
    assert_eq!(firsts[9].0, 406, "{:?}", firsts[9]);
    // Asked again, each gets exactly its own answer (from the cache where it was a 2xx).
    for (headers, first) in variants.iter().zip(&firsts) {
        for method in [reqwest::Method::GET, reqwest::Method::HEAD] {
            let head = method == reqwest::Method::HEAD;
            let res = ask(headers, method).await.unwrap();
            let cache = header(res.headers(), "x-kanisa-cache");
            if first.0.is_success() {
                assert_eq!(cache, "hit", "{headers:?}");
            } else {
                assert_eq!(cache, "", "{headers:?}: a refusal is never cached");
            }
            let again = (
                res.status(),
                header(res.headers(), "content-type"),
                header(res.headers(), "content-range"),
                header(res.headers(), "preference-applied"),
                res.text().await.unwrap(),
            );
            if head {
                assert_eq!(again.0, first.0, "{headers:?}");
                assert_eq!(again.2, first.2, "{headers:?}");
            } else {
                assert_eq!(&again, first, "{headers:?}");
            }
        }
    }
    // Another query string is another request.
    let other = app
        .get("/rest/v1/sermons?select=title&is_published=eq.true&order=title.desc")
        .await;
    assert_eq!(header(other.headers(), "x-kanisa-cache"), "miss");
    // Signed in (the service key) never hits, whatever anon has cached; a token that does not
    // verify is refused, not served anon's answer.
    let res = app
        .http
        .get(app.url(path))
        .header("apikey", &app.service_key)
        .bearer_auth(&app.service_key)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(header(res.headers(), "x-kanisa-cache"), "");
    let mut forged = app.service_key.clone();
    forged.pop();
    forged.push(if app.service_key.ends_with('A') {
        'B'
    } else {
        'A'
    });
    for token in [forged.as_str(), "not.a.token"] {
        let res = app
            .http
            .get(app.url(path))
            .header("apikey", token)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 401, "{token}");
        assert_eq!(header(res.headers(), "x-kanisa-cache"), "");
    }
}

#[tokio::test]
async fn the_schema_cache_follows_ddl() {
    let app = TestApp::spawn_demo().await;
    let sql = app.db.as_ref().unwrap().client().await;
    let (status, _, _) = app.rest_get("sermons?select=scripture&limit=1").await;
    assert_eq!(status, 400);
    sql.batch_execute("ALTER TABLE sermons ADD COLUMN scripture text")
        .await
        .unwrap();
    let started = std::time::Instant::now();
    loop {
        let (status, _, body) = app.rest_get("sermons?select=scripture&limit=1").await;
        if status == 200 {
            assert_eq!(body, json!([{"scripture": null}]));
            break;
        }
        assert!(
            started.elapsed() < kanisa_test_db::patient(std::time::Duration::from_secs(5)),
            "{body}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
}

#[tokio::test]
async fn the_openapi_document_describes_tables_functions_and_value_sets() {
    let app = TestApp::spawn().await;
    // Anonymous callers see what they were granted: public reads and the two forms.
    let anon: Value = app.get("/rest/v1/").await.json().await.unwrap();
    let paths = &anon["paths"];
    assert!(paths["/sermons"].get("get").is_some());
    assert!(
        paths["/sermons"].get("post").is_none(),
        "anon cannot write sermons"
    );
    assert!(paths["/messages"].get("post").is_some());
    assert!(
        paths["/messages"].get("get").is_none(),
        "anon cannot read messages"
    );
    for hidden in [
        "/giving_records",
        "/users",
        "/rpc/get_monthly_giving",
        "/payment_logs",
    ] {
        assert!(paths.get(hidden).is_none(), "anon sees {hidden}");
    }
    assert!(
        anon["components"]["schemas"]
            .get("giving_records")
            .is_none()
    );
    // The service key sees every table and function.
    let res = app
        .http
        .get(app.url("/rest/v1/"))
        .bearer_auth(&app.service_key)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert!(header(res.headers(), "content-type").starts_with("application/openapi+json"));
    let doc: Value = res.json().await.unwrap();
    assert_eq!(doc["openapi"], "3.0.3");
    for path in [
        "/sermons",
        "/announcements",
        "/rpc/get_monthly_giving",
        "/rpc/mark_message_read",
    ] {
        assert!(doc["paths"].get(path).is_some(), "{path}");
    }
    // Views cannot be written; volatile functions cannot be called with GET.
    assert!(doc["paths"]["/message_stats"].get("post").is_none());
    assert!(doc["paths"]["/rpc/mark_message_read"].get("get").is_none());
    assert!(doc["paths"]["/rpc/get_monthly_giving"].get("get").is_some());
    let announcement = &doc["components"]["schemas"]["announcements"];
    assert_eq!(
        announcement["properties"]["priority"]["enum"],
        json!(["low", "normal", "high", "urgent"])
    );
    assert_eq!(announcement["properties"]["start_date"]["format"], "date");
    let required = announcement["required"].as_array().unwrap();
    assert!(required.contains(&json!("title")) && !required.contains(&json!("priority")));
    assert_eq!(
        doc["components"]["schemas"]["sermons"]["properties"]["tags"]["type"],
        "array"
    );
}

#[tokio::test]
async fn csv_and_cross_origin_requests() {
    let app = TestApp::spawn_demo().await;
    let (_, _, years) = app.rest_get("budgets?select=year").await;
    let latest = budget_years(&years).1;
    let res = app
        .rest(
            reqwest::Method::GET,
            &format!("budgets?select=year,category&order=category&limit=2&year=eq.{latest}"),
        )
        .header("accept", "text/csv")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert!(header(res.headers(), "content-type").starts_with("text/csv"));
    let text = res.text().await.unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert_eq!(lines[0], "year,category");
    assert!(lines[1].starts_with(&format!("{latest},")), "{text}");

    let preflight = app
        .http
        .request(reqwest::Method::OPTIONS, app.url("/rest/v1/sermons"))
        .header("origin", "https://example.org")
        .header("access-control-request-method", "PATCH")
        .header(
            "access-control-request-headers",
            "apikey, authorization, prefer, range, content-profile",
        )
        .send()
        .await
        .unwrap();
    assert!(preflight.status().is_success(), "{}", preflight.status());
    let allowed = header(preflight.headers(), "access-control-allow-headers").to_lowercase();
    for h in [
        "apikey",
        "authorization",
        "prefer",
        "range",
        "content-profile",
    ] {
        assert!(allowed.contains(h), "{h} not in {allowed}");
    }
    let res = app
        .rest(reqwest::Method::GET, "sermons?select=id&limit=1")
        .header("origin", "https://example.org")
        .send()
        .await
        .unwrap();
    assert_eq!(header(res.headers(), "access-control-allow-origin"), "*");
    assert!(header(res.headers(), "access-control-expose-headers").contains("content-range"));
}

#[tokio::test]
async fn missing_keys_take_defaults_when_asked() {
    let app = TestApp::spawn().await;
    let rows = json!([
        {"sender_name": "A", "subject": "s", "message": "m", "status": "read"},
        {"sender_name": "B", "subject": "s", "message": "m"}
    ]);
    let post = |prefer: &'static str| {
        app.rest(
            reqwest::Method::POST,
            "messages?columns=sender_name,subject,message,status&select=sender_name,status",
        )
        .header("prefer", prefer)
        .json(&rows)
        .send()
    };
    // Without missing=default the absent status is NULL, which the column refuses.
    let res = post("return=representation").await.unwrap();
    assert_eq!(res.status(), 400);
    assert_eq!(res.json::<Value>().await.unwrap()["code"], "23502");
    let res = post("return=representation, missing=default")
        .await
        .unwrap();
    assert_eq!(res.status(), 201);
    assert!(header(res.headers(), "preference-applied").contains("missing=default"));
    assert_eq!(
        res.json::<Value>().await.unwrap(),
        json!([{"sender_name": "A", "status": "read"}, {"sender_name": "B", "status": "pending"}])
    );
}

#[tokio::test]
async fn an_insert_needs_only_the_insert_right_unless_rows_are_read_back() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    // Stands in for the contact form's policy (policy files arrive with the auth issue).
    sql.batch_execute(
        "GRANT INSERT ON messages TO anon; \
         ALTER TABLE messages ENABLE ROW LEVEL SECURITY; \
         CREATE POLICY anon_sends ON messages FOR INSERT TO anon WITH CHECK (status = 'pending')",
    )
    .await
    .unwrap();
    let message =
        json!({"sender_name": "Visitor", "subject": "Hello", "message": "When is choir?"});
    let res = app
        .http
        .post(app.url("/rest/v1/messages"))
        .json(&message)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 201, "{}", res.text().await.unwrap());
    let stored: i64 = sql
        .query_one(
            "SELECT count(*) FROM messages WHERE sender_name = 'Visitor'",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(stored, 1);
    // The policy still decides: a row it refuses is not written.
    let res = app
        .http
        .post(app.url("/rest/v1/messages"))
        .json(&json!({"sender_name": "X", "subject": "s", "message": "m", "status": "read"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 401);
    // Reading the row back needs a read right anon does not have.
    let res = app
        .http
        .post(app.url("/rest/v1/messages"))
        .header("prefer", "return=representation")
        .json(&message)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 401);
    assert_eq!(res.json::<Value>().await.unwrap()["code"], "42501");
}

#[tokio::test]
async fn ambiguous_embeds_list_their_candidates() {
    let app = TestApp::spawn_demo().await;
    let (status, _, body) = app.rest_get("prayer_requests?select=title,users(id)").await;
    assert_eq!(status, 300, "{body}");
    assert_eq!(body["code"], "PGRST201");
    assert_eq!(
        body["message"],
        "Could not embed because more than one relationship was found for 'prayer_requests' and 'users'"
    );
    assert_eq!(
        body["details"],
        json!([
            {
                "cardinality": "many-to-one",
                "embedding": "prayer_requests with users",
                "relationship": "prayer_requests_assigned_to_fkey using prayer_requests(assigned_to) and users(id)"
            },
            {
                "cardinality": "many-to-one",
                "embedding": "prayer_requests with users",
                "relationship": "prayer_requests_requester_id_fkey using prayer_requests(requester_id) and users(id)"
            }
        ])
    );
    assert_eq!(
        body["hint"],
        "Try changing 'users' to one of the following: 'users!prayer_requests_assigned_to_fkey', \
         'users!prayer_requests_requester_id_fkey'. Find the desired relationship in the 'details' key."
    );
    // Each suggestion resolves.
    for hint in [
        "prayer_requests_assigned_to_fkey",
        "prayer_requests_requester_id_fkey",
    ] {
        let (status, _, body) = app
            .rest_get(&format!("prayer_requests?select=title,users!{hint}(id)"))
            .await;
        assert_eq!(status, 200, "{hint}: {body}");
    }
}

#[tokio::test]
async fn a_minimal_upsert_answers_by_what_it_did() {
    let app = TestApp::spawn_demo().await;
    let post = |count: i32| {
        app.rest(
            reqwest::Method::POST,
            "attendance_aggregates?on_conflict=attendance_date",
        )
        .header("prefer", "resolution=merge-duplicates")
        .json(&json!({"attendance_date": "2999-01-05", "sabbath_school_count": count}))
        .send()
    };
    let res = post(1).await.unwrap();
    assert_eq!(res.status(), 201, "inserted");
    assert_eq!(
        header(res.headers(), "preference-applied"),
        "resolution=merge-duplicates"
    );
    let res = post(2).await.unwrap();
    assert_eq!(res.status(), 200, "only updated");
    assert_eq!(res.text().await.unwrap(), "");
    let (_, _, rows) = app
        .rest_get("attendance_aggregates?attendance_date=eq.2999-01-05&select=sabbath_school_count")
        .await;
    assert_eq!(rows, json!([{"sabbath_school_count": 2}]));
}

#[tokio::test]
async fn planned_and_estimated_counts() {
    let app = TestApp::spawn_demo().await;
    let counted = |prefer: &'static str, method: reqwest::Method| {
        app.rest(method, "sermons?select=id&limit=5&offset=5")
            .header("prefer", prefer)
            .send()
    };
    // The planner's estimate: some number of rows, whatever the statistics say today.
    let res = counted("count=planned", reqwest::Method::GET)
        .await
        .unwrap();
    assert!(
        res.status() == 200 || res.status() == 206,
        "{}",
        res.status()
    );
    assert_eq!(header(res.headers(), "preference-applied"), "count=planned");
    let range = header(res.headers(), "content-range");
    let (page, total) = range.split_once('/').unwrap();
    assert_eq!(page, "5-9");
    assert!(total.parse::<u64>().is_ok_and(|t| t > 0), "{range}");
    assert_eq!(
        res.json::<Value>().await.unwrap().as_array().unwrap().len(),
        5
    );

    // Estimated: under max_rows the count is exact.
    let res = counted("count=estimated", reqwest::Method::GET)
        .await
        .unwrap();
    assert_eq!(res.status(), 206);
    assert_eq!(header(res.headers(), "content-range"), "5-9/12");
    assert_eq!(
        header(res.headers(), "preference-applied"),
        "count=estimated"
    );

    // HEAD counts too.
    let res = counted("count=planned", reqwest::Method::HEAD)
        .await
        .unwrap();
    assert!(
        header(res.headers(), "content-range")
            .split_once('/')
            .is_some_and(|(_, t)| t.parse::<u64>().is_ok()),
    );
}

/// The earliest and the latest year of the budgets in `rows` (each with a `year`).
fn budget_years(rows: &Value) -> (i64, i64) {
    let years: Vec<i64> = rows
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|r| r["year"].as_i64())
        .collect();
    (
        years.iter().copied().min().expect("budgets"),
        years.iter().copied().max().expect("budgets"),
    )
}
