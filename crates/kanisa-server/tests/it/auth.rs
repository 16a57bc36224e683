//! `/auth/v1` over HTTP: the GoTrue envelope, tokens on both APIs, client addresses, limits,
//! and that no secret ever leaves in a response or a log line.

use std::io::Write;
use std::sync::{Arc, Mutex, OnceLock};

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{TEST_SECRET, TestApp};

/// Every log line of this test process, as the server would write them at debug level (with
/// the same clamp on tokio-postgres as `kanisa serve`).
fn captured_logs() -> Arc<Mutex<Vec<u8>>> {
    static LOGS: OnceLock<Arc<Mutex<Vec<u8>>>> = OnceLock::new();
    LOGS.get_or_init(|| {
        let buffer = Arc::new(Mutex::new(Vec::new()));
        let writer = buffer.clone();
        let _ = tracing_subscriber::fmt()
            .with_env_filter(
                tracing_subscriber::EnvFilter::new("debug")
                    .add_directive("tokio_postgres=info".parse().unwrap()),
            )
            .with_writer(move || LogWriter(writer.clone()))
            .try_init();
        buffer
    })
    .clone()
}

struct LogWriter(Arc<Mutex<Vec<u8>>>);

impl Write for LogWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl TestApp {
    async fn user(&self, email: &str, role: &str, password: &str) -> uuid::Uuid {
        let mut client = self.db.as_ref().unwrap().client().await;
        kanisa_auth::create_user(
            &mut client,
            &kanisa_auth::NewUser {
                email: email.into(),
                full_name: "Test Person".into(),
                role: role.into(),
                password: password.into(),
            },
        )
        .await
        .unwrap()
        .id
    }

    fn auth(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        let anon = kanisa_auth::JwtKeys::new(TEST_SECRET)
            .api_key("anon")
            .unwrap();
        self.http
            .request(method, self.url(&format!("/auth/v1{path}")))
            .header("apikey", anon)
    }

    async fn sign_in(&self, email: &str, password: &str) -> reqwest::Response {
        self.auth(reqwest::Method::POST, "/token?grant_type=password")
            .json(&json!({ "email": email, "password": password }))
            .send()
            .await
            .unwrap()
    }
}

#[tokio::test]
async fn sign_in_answers_in_both_gotrue_error_shapes() {
    let app = TestApp::spawn().await;
    app.user("clerk@example.org", "ADMIN", "clerk-password")
        .await;
    let res = app.sign_in("clerk@example.org", "nope").await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        res.json::<Value>().await.unwrap(),
        json!({"code": 400, "error_code": "invalid_credentials", "msg": "Invalid login credentials"})
    );
    let res = app
        .auth(reqwest::Method::POST, "/token?grant_type=password")
        .header("X-Supabase-Api-Version", "2024-01-01")
        .json(&json!({ "email": "nobody@example.org", "password": "nope" }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert_eq!(res.headers()["x-supabase-api-version"], "2024-01-01");
    assert_eq!(
        res.json::<Value>().await.unwrap(),
        json!({"code": "invalid_credentials", "message": "Invalid login credentials"})
    );
    let res = app
        .auth(reqwest::Method::POST, "/token?grant_type=magic")
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        res.json::<Value>().await.unwrap()["error_code"],
        "unsupported_grant_type"
    );
    let res = app
        .auth(reqwest::Method::POST, "/token?grant_type=password")
        .body("{not json")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        res.json::<Value>().await.unwrap()["error_code"],
        "validation_failed"
    );
}

#[tokio::test]
async fn a_session_works_on_the_user_endpoint_and_the_table_api() {
    let app = TestApp::spawn().await;
    let id = app
        .user("clerk@example.org", "ADMIN", "clerk-password")
        .await;
    let res = app.sign_in("Clerk@example.org", "clerk-password").await;
    assert_eq!(res.status(), StatusCode::OK);
    let session: Value = res.json().await.unwrap();
    assert_eq!(session["token_type"], "bearer");
    assert_eq!(session["expires_in"], 3600);
    assert_eq!(session["user"]["id"], id.to_string());
    assert_eq!(session["user"]["app_metadata"]["role"], "ADMIN");
    let token = session["access_token"].as_str().unwrap();

    let res = app
        .auth(reqwest::Method::GET, "/user")
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let user: Value = res.json().await.unwrap();
    assert_eq!(user["email"], "clerk@example.org");
    assert_eq!(user["aud"], "authenticated");
    assert_eq!(user["app_metadata"]["rank"], 5);

    // The same token is accepted by the table API (what it may see is the policies' business).
    let res = app
        .http
        .get(app.url("/rest/v1/sermons?select=id&limit=1"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);

    // After sign-out the session is gone: the user endpoint refuses the token.
    let res = app
        .auth(reqwest::Method::POST, "/logout?scope=local")
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    let res = app
        .auth(reqwest::Method::GET, "/user")
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    assert_eq!(
        res.json::<Value>().await.unwrap()["error_code"],
        "session_not_found"
    );
}

#[tokio::test]
async fn sign_up_is_disabled_and_settings_say_so() {
    let app = TestApp::spawn().await;
    let res = app
        .auth(reqwest::Method::POST, "/signup")
        .json(&json!({"email": "new@example.org", "password": "whatever1"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["error_code"], "signup_disabled");
    assert!(
        body["msg"]
            .as_str()
            .unwrap()
            .contains("Contact the system administrator")
    );
    let settings: Value = app
        .auth(reqwest::Method::GET, "/settings")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(settings["disable_signup"], true);
    // A known path with the wrong method: a JSON 405, not an empty body.
    let res = app.get("/auth/v1/token").await;
    assert_eq!(res.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(
        res.json::<Value>().await.unwrap()["code"],
        "method_not_allowed"
    );
}

#[tokio::test]
async fn tampered_expired_and_foreign_tokens_get_401_with_a_challenge() {
    let app = TestApp::spawn().await;
    let id = app
        .user("clerk@example.org", "ADMIN", "clerk-password")
        .await;
    let now = chrono::Utc::now().timestamp();
    let ours = kanisa_auth::JwtKeys::new(TEST_SECRET);
    let claims =
        |exp: i64| json!({"sub": id, "role": "authenticated", "aud": "authenticated", "exp": exp});
    let good = ours.sign(&claims(now + 600)).unwrap();
    let mut parts: Vec<String> = good.split('.').map(str::to_owned).collect();
    parts[1] = parts[1].chars().rev().collect();
    let tampered = parts.join(".");
    let expired = ours.sign(&claims(now - 600)).unwrap();
    let foreign = kanisa_auth::JwtKeys::new("some-other-secret-some-other-secret!")
        .sign(&claims(now + 600))
        .unwrap();
    for (name, token) in [
        ("tampered", &tampered),
        ("expired", &expired),
        ("foreign", &foreign),
    ] {
        for path in ["/auth/v1/user", "/rest/v1/sermons"] {
            let res = app
                .http
                .get(app.url(path))
                .bearer_auth(token)
                .send()
                .await
                .unwrap();
            assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "{name} on {path}");
            let challenge = res.headers()["www-authenticate"].to_str().unwrap();
            assert!(
                challenge.starts_with("Bearer error=\"invalid_token\""),
                "{challenge}"
            );
        }
    }
    // No token at all on an endpoint that needs a user.
    let res = app
        .auth(reqwest::Method::GET, "/user")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(
        res.json::<Value>().await.unwrap()["error_code"],
        "no_authorization"
    );
}

/// One refused token, verified once by the request extractor, answered by every API family in
/// its own envelope with the one message kanisa-auth gives (`JWT expired`); an endpoint that
/// does not act as its caller (the service modes) answers whatever token came.
#[tokio::test]
async fn a_refused_token_is_each_familys_own_401_with_one_message() {
    let app = TestApp::spawn().await;
    let expired = kanisa_auth::JwtKeys::new(TEST_SECRET)
        .sign(&json!({"role": "service_role", "exp": chrono::Utc::now().timestamp() - 600}))
        .unwrap();
    let described = "Bearer error=\"invalid_token\", error_description=\"JWT expired\"";
    let cases = [
        (
            reqwest::Method::GET,
            "/rest/v1/sermons",
            None,
            described,
            json!({"code": "PGRST301", "message": "JWT expired", "details": null, "hint": null}),
        ),
        (
            reqwest::Method::GET,
            "/auth/v1/user",
            None,
            described,
            json!({"code": 401, "error_code": "bad_jwt", "msg": "JWT expired"}),
        ),
        (
            reqwest::Method::POST,
            "/storage/v1/object/list/church-files",
            Some(json!({"prefix": ""})),
            "Bearer error=\"invalid_token\"",
            json!({"statusCode": "401", "code": "InvalidJWT", "error": "Unauthorized",
                   "message": "JWT expired"}),
        ),
        (
            reqwest::Method::POST,
            "/functions/v1/send-message",
            Some(json!({"messageId": "00000000-0000-0000-0000-000000000000"})),
            "",
            json!({"code": "unauthorized", "message": "JWT expired", "details": null,
                   "hint": null}),
        ),
    ];
    for (method, path, body, challenge, expected) in cases {
        let mut req = app
            .http
            .request(method, app.url(path))
            .bearer_auth(&expired);
        if let Some(body) = body {
            req = req.json(&body);
        }
        let res = req.send().await.unwrap();
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "{path}");
        let given = res
            .headers()
            .get("www-authenticate")
            .map_or("", |v| v.to_str().unwrap())
            .to_owned();
        assert_eq!(given, challenge, "{path}");
        assert_eq!(res.json::<Value>().await.unwrap(), expected, "{path}");
    }
    let modes = app
        .http
        .get(app.url("/functions/v1/service-modes"))
        .bearer_auth(&expired)
        .send()
        .await
        .unwrap();
    assert_eq!(modes.status(), StatusCode::OK);
}

/// The auth endpoints take who asks from the bearer token alone, as GoTrue does: the service
/// key as `apikey` (which the table API takes as the caller) names nobody there, nor does a bad
/// `apikey`; a bad bearer token is `bad_jwt` whatever `apikey` comes with it; the service key
/// as the bearer token lists the staff.
#[tokio::test]
async fn the_auth_endpoints_take_the_bearer_token_only() {
    let app = TestApp::spawn().await;
    let list = || app.http.get(app.url("/auth/v1/admin/users"));
    let code = |res: reqwest::Response| async move {
        let status = res.status();
        let body: Value = res.json().await.unwrap();
        (status, body["error_code"].as_str().unwrap_or("").to_owned())
    };
    for (name, req, expected) in [
        (
            "the service key as apikey",
            list().header("apikey", &app.service_key),
            (StatusCode::UNAUTHORIZED, "no_authorization"),
        ),
        (
            "a bad apikey",
            list().header("apikey", "not.a.jwt"),
            (StatusCode::UNAUTHORIZED, "no_authorization"),
        ),
        (
            "a bad bearer token with the service key as apikey",
            list()
                .bearer_auth("not.a.jwt")
                .header("apikey", &app.service_key),
            (StatusCode::UNAUTHORIZED, "bad_jwt"),
        ),
        (
            "the service key as the bearer token",
            list().bearer_auth(&app.service_key),
            (StatusCode::OK, ""),
        ),
    ] {
        let (status, error_code) = code(req.send().await.unwrap()).await;
        assert_eq!((status, error_code.as_str()), expected, "{name}");
    }
    // The table API takes the same apikey as its caller: the service key reads what anon may
    // not (payment logs).
    let logs = app
        .http
        .get(app.url("/rest/v1/payment_logs?select=id&limit=1"))
        .header("apikey", &app.service_key)
        .send()
        .await
        .unwrap();
    assert_eq!(logs.status(), StatusCode::OK);
}

#[tokio::test]
async fn the_client_address_comes_from_forwarded_for_only_behind_a_trusted_proxy() {
    for (trusted, expected) in [("127.0.0.1", "203.0.113.5"), ("10.0.0.0/8", "127.0.0.1")] {
        let app = TestApp::spawn_trusting(trusted).await;
        let id = app
            .user("clerk@example.org", "ADMIN", "clerk-password")
            .await;
        let res = app
            .auth(reqwest::Method::POST, "/token?grant_type=password")
            .header("x-forwarded-for", "203.0.113.5")
            .header("user-agent", "Mozilla/5.0 (Linux; Android 10) Kanisa-Test")
            .json(&json!({"email": "clerk@example.org", "password": "clerk-password"}))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        let row = app
            .db
            .as_ref()
            .unwrap()
            .client()
            .await
            .query_one(
                "SELECT host(ip_address), user_agent FROM public.admin_activity_logs \
                 WHERE admin_id = $1 AND action = 'admin_login'",
                &[&id],
            )
            .await
            .unwrap();
        assert_eq!(row.get::<_, &str>(0), expected, "trusting {trusted}");
        assert_eq!(
            row.get::<_, &str>(1),
            "Mozilla/5.0 (Linux; Android 10) Kanisa-Test"
        );
    }
}

/// A burst of 30 password sign-ins per address, then one more every 10 s (30 per 5 minutes).
#[tokio::test]
async fn password_sign_ins_are_rate_limited_per_address() {
    let app = TestApp::spawn().await;
    let started = std::time::Instant::now();
    let mut allowed = 0u64;
    let res = loop {
        let res = app
            .sign_in(&format!("guess{allowed}@example.org"), "password1")
            .await;
        if res.status() == StatusCode::TOO_MANY_REQUESTS {
            break res;
        }
        assert_eq!(res.status(), StatusCode::BAD_REQUEST, "attempt {allowed}");
        allowed += 1;
        assert!(allowed <= 60, "{allowed} sign-ins and none refused");
    };
    // The whole burst, and no more than the refill while they ran: on a busy machine the
    // attempts take long enough for a token or two to come back.
    let refilled = started.elapsed().as_secs() / 10 + 1;
    assert!(
        (30..=30 + refilled).contains(&allowed),
        "{allowed} sign-ins before the refusal, in {:?}",
        started.elapsed()
    );
    assert!(res.headers().contains_key("retry-after"));
    assert_eq!(
        res.json::<Value>().await.unwrap()["error_code"],
        "over_request_rate_limit"
    );
}

#[tokio::test]
async fn admin_endpoints_need_the_service_key_or_manage_admins() {
    let app = TestApp::spawn().await;
    app.user("member@example.org", "MEMBER", "member-password")
        .await;
    let member: Value = app
        .sign_in("member@example.org", "member-password")
        .await
        .json()
        .await
        .unwrap();
    let res = app
        .auth(reqwest::Method::GET, "/admin/users")
        .bearer_auth(member["access_token"].as_str().unwrap())
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    assert_eq!(
        res.json::<Value>().await.unwrap()["error_code"],
        "not_admin"
    );

    let res = app
        .auth(reqwest::Method::POST, "/admin/users")
        .bearer_auth(&app.service_key)
        .json(&json!({
            "email": "deacon@example.org",
            "password": "deacon-pass",
            "email_confirm": true,
            "user_metadata": {"full_name": "Deacon Otieno"},
            "app_metadata": {"role": "MEMBER_ADMIN", "permissions": ["manage_members"]}
        }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let created: Value = res.json().await.unwrap();
    assert_eq!(
        created["app_metadata"]["permissions"],
        json!(["manage_members"])
    );
    assert_eq!(created["user_metadata"]["full_name"], "Deacon Otieno");

    let res = app
        .auth(reqwest::Method::GET, "/admin/users?per_page=1")
        .bearer_auth(&app.service_key)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["x-total-count"], "2");
    let list: Value = res.json().await.unwrap();
    assert_eq!(list["aud"], "authenticated");
    assert_eq!(list["users"].as_array().unwrap().len(), 1);

    let res = app
        .auth(
            reqwest::Method::PUT,
            &format!("/admin/users/{}", created["id"].as_str().unwrap()),
        )
        .bearer_auth(&app.service_key)
        .json(&json!({"ban_duration": "876000h"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        res.json::<Value>().await.unwrap()["app_metadata"]["is_active"],
        false
    );
    let res = app
        .auth(reqwest::Method::GET, "/admin/users/not-a-uuid")
        .bearer_auth(&app.service_key)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
}

/// Acceptance: no response or log line of the sign-in flows carries a password, a hash, a
/// refresh token or a secret setting.
#[tokio::test]
async fn no_secret_reaches_a_response_or_a_log_line() {
    let logs = captured_logs();
    let app = TestApp::spawn().await;
    let password = "Zion-hill-password-1";
    let new_password = "Zion-hill-password-2";
    let smtp_secret = "smtp-secret-value-42";
    app.user("root@example.org", "SUPER_ADMIN", password).await;
    let mut bodies = String::new();
    let mut record = |text: String| bodies.push_str(&text);

    let res = app.sign_in("root@example.org", "wrong-password-x").await;
    record(res.text().await.unwrap());
    let res = app.sign_in("root@example.org", password).await;
    let text = res.text().await.unwrap();
    let session: Value = serde_json::from_str(&text).unwrap();
    let first_refresh = session["refresh_token"].as_str().unwrap().to_owned();
    let token = session["access_token"].as_str().unwrap().to_owned();
    let res = app
        .auth(reqwest::Method::POST, "/token?grant_type=refresh_token")
        .json(&json!({ "refresh_token": first_refresh }))
        .send()
        .await
        .unwrap();
    let refreshed: Value = res.json().await.unwrap();
    let second_refresh = refreshed["refresh_token"].as_str().unwrap().to_owned();
    let res = app
        .auth(reqwest::Method::PUT, "/user")
        .bearer_auth(&token)
        .json(&json!({ "password": new_password, "current_password": password }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    record(res.text().await.unwrap());
    // A secret setting saved through the table API never comes back.
    let res = app
        .http
        .post(app.url("/rest/v1/system_settings?on_conflict=key"))
        .bearer_auth(&app.service_key)
        .header(
            "Prefer",
            "resolution=merge-duplicates,return=representation",
        )
        .json(&json!({ "key": "smtp_password", "value": smtp_secret }))
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success(), "{}", res.status());
    record(res.text().await.unwrap());
    let res = app
        .http
        .get(app.url("/rest/v1/system_settings?select=key,value"))
        .bearer_auth(&app.service_key)
        .send()
        .await
        .unwrap();
    let text = res.text().await.unwrap();
    assert!(text.contains("\"smtp_password\""), "the row is listed");
    record(text);
    let res = app
        .auth(reqwest::Method::GET, "/admin/users")
        .bearer_auth(&app.service_key)
        .send()
        .await
        .unwrap();
    record(res.text().await.unwrap());
    let res = app
        .auth(reqwest::Method::POST, "/logout")
        .bearer_auth(refreshed["access_token"].as_str().unwrap())
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    // An ignore-duplicates upsert of an existing key must not touch the stored secret.
    let res = app
        .http
        .post(app.url("/rest/v1/system_settings?on_conflict=key"))
        .bearer_auth(&app.service_key)
        .header("Prefer", "resolution=ignore-duplicates,return=minimal")
        .json(&json!({ "key": "smtp_password", "value": "overwritten?" }))
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success(), "{}", res.status());
    // The secret is where the server can read it.
    let stored: Value = app
        .db
        .as_ref()
        .unwrap()
        .client()
        .await
        .query_one("SELECT kanisa.secret_setting('smtp_password')", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(stored, json!(smtp_secret));

    let logs = String::from_utf8(logs.lock().unwrap().clone()).unwrap();
    assert!(logs.contains("signed in"), "the capture works: {logs}");
    for (what, secret) in [
        ("password", password),
        ("new password", new_password),
        ("hash", "$argon2id$"),
        ("refresh token", first_refresh.as_str()),
        ("rotated refresh token", second_refresh.as_str()),
        ("secret setting", smtp_secret),
        ("JWT secret", TEST_SECRET),
    ] {
        assert!(!bodies.contains(secret), "a response carries the {what}");
        assert!(!logs.contains(secret), "a log line carries the {what}");
    }
}

/// A log line written through the table API is stamped by the database with the caller, the
/// real client address (from a trusted proxy's X-Forwarded-For) and the user agent.
#[tokio::test]
async fn activity_logs_written_through_the_table_api_carry_the_real_client() {
    let app = TestApp::spawn_trusting("127.0.0.1").await;
    let id = app
        .user("clerk@example.org", "ADMIN", "clerk-password")
        .await;
    let session: Value = app
        .sign_in("clerk@example.org", "clerk-password")
        .await
        .json()
        .await
        .unwrap();
    let res = app
        .http
        .post(app.url("/rest/v1/admin_activity_logs"))
        .bearer_auth(session["access_token"].as_str().unwrap())
        .header("x-forwarded-for", "198.51.100.77")
        .header("user-agent", "Kanisa back office test")
        .header("Prefer", "return=minimal")
        .json(&json!({"action": "sermon_created", "details": {"title": "Hope"}}))
        .send()
        .await
        .unwrap();
    assert_eq!(
        res.status(),
        StatusCode::CREATED,
        "{}",
        res.text().await.unwrap()
    );
    let row = app
        .db
        .as_ref()
        .unwrap()
        .client()
        .await
        .query_one(
            "SELECT admin_id, host(ip_address), user_agent FROM public.admin_activity_logs \
             WHERE action = 'sermon_created'",
            &[],
        )
        .await
        .unwrap();
    assert_eq!(row.get::<_, uuid::Uuid>(0), id);
    assert_eq!(row.get::<_, &str>(1), "198.51.100.77");
    assert_eq!(row.get::<_, &str>(2), "Kanisa back office test");
}

/// Issue 13, finding 1: an ADMIN holding only manage_admins and manage_users set the password
/// of an ADMIN holding 20 permissions, then signed in as them. Staff accounts are a Super
/// Admin's to manage (data follows the screen), through the auth API and the table API alike.
#[tokio::test]
async fn a_partial_administrator_cannot_take_over_a_fuller_account() {
    let app = TestApp::spawn().await;
    let root_id = app
        .user("root@example.org", "SUPER_ADMIN", "root-password-1")
        .await;
    let partial_id = app
        .user("partial@example.org", "ADMIN", "partial-password-1")
        .await;
    let victim = app
        .user("victim@example.org", "ADMIN", "victim-password-1")
        .await;
    app.db
        .as_ref()
        .unwrap()
        .client()
        .await
        .execute(
            "UPDATE public.users SET permissions = ARRAY['manage_admins', 'manage_users'] \
             WHERE id = $1",
            &[&partial_id],
        )
        .await
        .unwrap();
    let token = |session: Value| session["access_token"].as_str().unwrap().to_owned();
    let partial = token(
        app.sign_in("partial@example.org", "partial-password-1")
            .await
            .json()
            .await
            .unwrap(),
    );
    let victim_path = format!("/admin/users/{victim}");
    for (method, path, body) in [
        (
            reqwest::Method::PUT,
            victim_path.clone(),
            json!({"password": "taken-over-1"}),
        ),
        (
            reqwest::Method::PUT,
            victim_path.clone(),
            json!({"ban_duration": "876000h"}),
        ),
        (
            reqwest::Method::PUT,
            victim_path.clone(),
            json!({"email": "attacker@example.org"}),
        ),
        (reqwest::Method::DELETE, victim_path.clone(), json!({})),
        (reqwest::Method::GET, "/admin/users".to_owned(), json!({})),
        (
            reqwest::Method::DELETE,
            format!("{victim_path}/lockout"),
            json!({}),
        ),
    ] {
        let res = app
            .auth(method.clone(), &path)
            .bearer_auth(&partial)
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::FORBIDDEN, "{method} {path}");
        assert_eq!(
            res.json::<Value>().await.unwrap(),
            json!({"code": 403, "error_code": "not_admin",
                   "msg": "Staff accounts are managed by a Super Admin"})
        );
    }
    // Nor through the table API.
    let res = app
        .http
        .patch(app.url(&format!("/rest/v1/users?id=eq.{victim}")))
        .bearer_auth(&partial)
        .header("Prefer", "return=representation")
        .json(&json!({"is_active": false}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.json::<Value>().await.unwrap(), json!([]));
    assert_eq!(
        app.sign_in("victim@example.org", "taken-over-1")
            .await
            .status(),
        StatusCode::BAD_REQUEST
    );
    let res = app.sign_in("victim@example.org", "victim-password-1").await;
    assert_eq!(
        res.status(),
        StatusCode::OK,
        "the victim's account is intact"
    );
    let session: Value = res.json().await.unwrap();
    assert_eq!(session["user"]["app_metadata"]["is_active"], true);

    // The Super Admin still manages it.
    let root = token(
        app.sign_in("root@example.org", "root-password-1")
            .await
            .json()
            .await
            .unwrap(),
    );
    let res = app
        .auth(reqwest::Method::PUT, &victim_path)
        .bearer_auth(&root)
        .json(&json!({"password": "reset-by-root-1"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        app.sign_in("victim@example.org", "reset-by-root-1")
            .await
            .status(),
        StatusCode::OK
    );
    assert_ne!(root_id, victim);
}

/// Issue 13, finding 2: a NUL character (which PostgreSQL refuses in text) anywhere in a JSON
/// body of /auth/v1 is the client's mistake, answered in GoTrue's envelope, not a 500.
#[tokio::test]
async fn a_nul_character_in_a_body_is_a_400_in_the_gotrue_envelope() {
    let app = TestApp::spawn().await;
    app.user("clerk@example.org", "ADMIN", "clerk-password")
        .await;
    let session: Value = app
        .sign_in("clerk@example.org", "clerk-password")
        .await
        .json()
        .await
        .unwrap();
    let user_token = session["access_token"].as_str().unwrap().to_owned();
    let service = app.service_key.clone();
    let nul = "a\u{0}b";
    let cases: Vec<(reqwest::Method, &str, Option<&str>, Value)> = vec![
        (
            reqwest::Method::POST,
            "/token?grant_type=password",
            None,
            json!({"email": format!("clerk{nul}@example.org"), "password": "clerk-password"}),
        ),
        (
            reqwest::Method::POST,
            "/token?grant_type=password",
            None,
            json!({"email": "clerk@example.org", "password": nul}),
        ),
        (
            reqwest::Method::POST,
            "/token?grant_type=refresh_token",
            None,
            json!({"refresh_token": nul}),
        ),
        (
            reqwest::Method::PUT,
            "/user",
            Some(&user_token),
            json!({"data": {"full_name": nul}}),
        ),
        (
            reqwest::Method::POST,
            "/admin/users",
            Some(&service),
            json!({"email": format!("new{nul}@example.org"), "password": "new-password-1",
                   "user_metadata": {"full_name": "New"}, "app_metadata": {"role": "MEMBER"}}),
        ),
        (
            reqwest::Method::POST,
            "/admin/users",
            Some(&service),
            json!({"email": "new@example.org", "password": "new-password-1",
                   "user_metadata": {"full_name": nul}, "app_metadata": {"role": "MEMBER"}}),
        ),
        (
            reqwest::Method::POST,
            "/admin/users",
            Some(&service),
            json!({"email": "new@example.org", "password": "new-password-1",
                   "user_metadata": {"full_name": "New"},
                   "app_metadata": {"role": "MEMBER", "permissions": [nul]}}),
        ),
    ];
    for (method, path, bearer, body) in cases {
        let mut req = app.auth(method.clone(), path).json(&body);
        if let Some(token) = bearer {
            req = req.bearer_auth(token);
        }
        let res = req.send().await.unwrap();
        assert_eq!(
            res.status(),
            StatusCode::BAD_REQUEST,
            "{method} {path} {body}"
        );
        let answer: Value = res.json().await.unwrap();
        assert_eq!(
            answer["error_code"], "validation_failed",
            "{path}: {answer}"
        );
        assert!(
            answer["msg"].as_str().unwrap().contains("NUL character"),
            "{answer}"
        );
    }
    // The newer envelope too.
    let res = app
        .auth(reqwest::Method::POST, "/token?grant_type=password")
        .header("X-Supabase-Api-Version", "2024-01-01")
        .json(&json!({"email": format!("x{nul}@example.org"), "password": "p"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        res.json::<Value>().await.unwrap()["code"],
        "validation_failed"
    );
    // A backslash followed by "u0000" is just text.
    let res = app.sign_in("clerk@example.org", "\\u0000-not-a-nul").await;
    assert_eq!(
        res.json::<Value>().await.unwrap()["error_code"],
        "invalid_credentials"
    );
}

/// Issue 13, finding 3: a body over the limit is a 413 in GoTrue's envelope, not plain text.
#[tokio::test]
async fn an_over_size_body_is_a_413_in_the_gotrue_envelope() {
    let app = TestApp::spawn().await;
    let big = json!({"email": "x@example.org", "password": "p".repeat(100 * 1024)});
    let res = app
        .auth(reqwest::Method::POST, "/token?grant_type=password")
        .json(&big)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert!(
        res.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("application/json")
    );
    assert_eq!(
        res.json::<Value>().await.unwrap(),
        json!({"code": 413, "error_code": "request_too_large",
               "msg": "The request body is larger than 65536 bytes."})
    );
    let res = app
        .auth(reqwest::Method::POST, "/admin/users")
        .bearer_auth(&app.service_key)
        .header("X-Supabase-Api-Version", "2024-01-01")
        .json(&big)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(
        res.json::<Value>().await.unwrap()["code"],
        "request_too_large"
    );
}

/// Issue 13, finding 5: failures are counted per account and client address (the real one,
/// from a trusted proxy's X-Forwarded-For), and a Super Admin lifts a lock.
#[tokio::test]
async fn a_lockout_holds_for_the_guessing_address_only_and_a_super_admin_lifts_it() {
    let app = TestApp::spawn_trusting("127.0.0.1").await;
    let id = app
        .user("root@example.org", "SUPER_ADMIN", "root-password-1")
        .await;
    app.user("second@example.org", "SUPER_ADMIN", "second-password-1")
        .await;
    let attempt = |from: &'static str, password: &'static str| {
        app.auth(reqwest::Method::POST, "/token?grant_type=password")
            .header("x-forwarded-for", from)
            .json(&json!({"email": "root@example.org", "password": password}))
            .send()
    };
    for _ in 0..5 {
        let res = attempt("203.0.113.66", "guess").await.unwrap();
        assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    }
    let res = attempt("203.0.113.66", "root-password-1").await.unwrap();
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        res.json::<Value>().await.unwrap()["error_code"],
        "user_locked"
    );
    let res = attempt("198.51.100.7", "root-password-1").await.unwrap();
    assert_eq!(
        res.status(),
        StatusCode::OK,
        "the owner, elsewhere, signs in"
    );

    let second: Value = app
        .sign_in("second@example.org", "second-password-1")
        .await
        .json()
        .await
        .unwrap();
    let res = app
        .auth(
            reqwest::Method::DELETE,
            &format!("/admin/users/{id}/lockout"),
        )
        .bearer_auth(second["access_token"].as_str().unwrap())
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    let res = attempt("203.0.113.66", "root-password-1").await.unwrap();
    assert_eq!(res.status(), StatusCode::OK, "lifted");
    let res = app
        .auth(reqwest::Method::DELETE, "/admin/users/not-a-uuid/lockout")
        .bearer_auth(&app.service_key)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
}

/// The table API and storage refuse a token whose session ended, like /auth/v1/user does:
/// after sign-out, and after a refresh token is used twice (which ends the session).
#[tokio::test]
async fn a_token_of_an_ended_session_is_refused_everywhere() {
    let app = TestApp::spawn().await;
    app.user("keeper@example.org", "ADMIN", "keeper-password")
        .await;
    let anon = kanisa_auth::JwtKeys::new(TEST_SECRET)
        .api_key("anon")
        .unwrap();
    let everywhere = |token: String| {
        let (app, anon) = (&app, anon.clone());
        async move {
            let rest = app
                .http
                .get(app.url("/rest/v1/members?select=id&limit=1"))
                .header("apikey", &anon)
                .bearer_auth(&token)
                .send()
                .await
                .unwrap();
            let rest_status = rest.status();
            let rest_body: Value = rest.json().await.unwrap();
            let storage = app
                .http
                .post(app.url("/storage/v1/object/list/church-files"))
                .header("apikey", &anon)
                .bearer_auth(&token)
                .json(&json!({"prefix": "", "limit": 5}))
                .send()
                .await
                .unwrap();
            let storage_status = storage.status();
            let storage_body: Value = storage.json().await.unwrap();
            (rest_status, rest_body, storage_status, storage_body)
        }
    };

    // Signed out: refused at once, with the reason.
    let session: Value = app
        .sign_in("keeper@example.org", "keeper-password")
        .await
        .json()
        .await
        .unwrap();
    let token = session["access_token"].as_str().unwrap().to_owned();
    let (rest, _, storage, _) = everywhere(token.clone()).await;
    assert_eq!((rest, storage), (StatusCode::OK, StatusCode::OK));
    let res = app
        .auth(reqwest::Method::POST, "/logout?scope=local")
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    let (rest, rest_body, storage, storage_body) = everywhere(token).await;
    assert_eq!(rest, StatusCode::UNAUTHORIZED, "{rest_body}");
    assert_eq!(rest_body["message"], "JWT session has ended");
    assert_eq!(rest_body["hint"], "Sign in again.");
    assert_eq!(storage, StatusCode::UNAUTHORIZED, "{storage_body}");
    assert_eq!(storage_body["error"], "Unauthorized");

    // A refresh token used twice ends the session: the newest access token stops working too.
    let session: Value = app
        .sign_in("keeper@example.org", "keeper-password")
        .await
        .json()
        .await
        .unwrap();
    let first_refresh = session["refresh_token"].as_str().unwrap().to_owned();
    let refresh = |refresh_token: String| {
        app.auth(reqwest::Method::POST, "/token?grant_type=refresh_token")
            .json(&json!({ "refresh_token": refresh_token }))
            .send()
    };
    let refreshed: Value = refresh(first_refresh.clone())
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    // Refreshed twice, so the first token's child is spent too: no grace for its reuse.
    let refreshed: Value = refresh(refreshed["refresh_token"].as_str().unwrap().to_owned())
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let newest = refreshed["access_token"].as_str().unwrap().to_owned();
    assert_eq!(everywhere(newest.clone()).await.0, StatusCode::OK);
    let reused = refresh(first_refresh).await.unwrap();
    assert!(reused.status().is_client_error());
    let (rest, rest_body, storage, _) = everywhere(newest).await;
    assert_eq!(rest, StatusCode::UNAUTHORIZED, "{rest_body}");
    assert_eq!(storage, StatusCode::UNAUTHORIZED);

    // The API keys carry no session and keep working.
    let res = app
        .http
        .get(app.url("/rest/v1/sermons?select=id&limit=1"))
        .header("apikey", &anon)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
}
