//! Phone sign-in on GoTrue's wire (issue 46): `POST /auth/v1/otp` answers every allowed number
//! alike, the code goes out through the SMS provider's real API (the fake Africa's Talking) and
//! only to a member, its delivery record hides it, `POST /auth/v1/verify` answers GoTrue's
//! session, and the member's token reads their own member row and gifts and nobody else's. In
//! demo mode (no provider) the answer carries the code, marked as a demo. The limits and a
//! code's life are kanisa-auth's own tests (`tests/it/phone.rs`).

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::TestApp;
use crate::broadcast::use_provider;

impl TestApp {
    async fn auth_post(&self, path: &str, body: &Value) -> (StatusCode, Value, Option<String>) {
        let res = self
            .http
            .post(self.url(&format!("/auth/v1/{path}")))
            .header("apikey", &self.service_key)
            .json(body)
            .send()
            .await
            .unwrap();
        let status = res.status();
        let retry = res
            .headers()
            .get("retry-after")
            .map(|v| v.to_str().unwrap().to_owned());
        (status, res.json().await.unwrap(), retry)
    }

    /// `get_giving_statement` for `member` over the year 2026, as `token`.
    async fn statement(&self, token: &str, member: &str) -> (StatusCode, Value) {
        let res = self
            .http
            .post(self.url("/rest/v1/rpc/get_giving_statement"))
            .bearer_auth(token)
            .json(&json!({"member_id": member, "from_date": "2026-01-01", "to_date": "2026-12-31"}))
            .send()
            .await
            .unwrap();
        (res.status(), res.json().await.unwrap())
    }

    async fn rows_as(&self, token: &str, path: &str) -> Vec<Value> {
        let res = self
            .http
            .get(self.url(&format!("/rest/v1/{path}")))
            .bearer_auth(token)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200, "{path}");
        res.json().await.unwrap()
    }
}

/// Two members with a gift each.
async fn members_with_gifts(app: &TestApp) {
    app.sql()
        .await
        .batch_execute(
            "INSERT INTO members (id, first_name, last_name, phone) VALUES \
               ('00000000-0000-4000-8000-0c0000000001', 'Achieng', 'Otieno', '0712 400 001'), \
               ('00000000-0000-4000-8000-0c0000000002', 'Baraka', 'Mwangi', '0712 400 002'); \
             INSERT INTO giving_records (member_id, amount, giving_type, payment_method, giving_date, is_verified) VALUES \
               ('00000000-0000-4000-8000-0c0000000001', 1500, 'tithe', 'mpesa', '2026-03-07', true), \
               ('00000000-0000-4000-8000-0c0000000002', 700, 'offering', 'cash', '2026-03-07', true)",
        )
        .await
        .unwrap();
}

/// The code in the last text the fake provider got for `to`.
fn code_sent_to(fake: &kanisa_fakes::FakeSms, to: &str) -> Option<String> {
    fake.requests()
        .iter()
        .rev()
        .find(|r| r.field("to") == Some(to))
        .and_then(|r| r.field("message").map(str::to_owned))
        .and_then(|m| {
            m.split(|c: char| !c.is_ascii_digit())
                .find(|w| w.len() == 6)
                .map(str::to_owned)
        })
}

#[tokio::test]
async fn a_member_signs_in_by_sms_code_and_reads_only_their_own_rows() {
    let fake = kanisa_fakes::FakeSms::start().await;
    let app = TestApp::spawn_demo_with_providers("smtp://127.0.0.1:9", &fake.url()).await;
    use_provider(&app, "africas_talking").await;
    members_with_gifts(&app).await;

    // A member's number and a number nobody has: the same status and body.
    let known = app
        .auth_post(
            "otp",
            &json!({ "phone": "+254712400001", "channel": "sms" }),
        )
        .await;
    let unknown = app
        .auth_post(
            "otp",
            &json!({ "phone": "+254712409999", "channel": "sms" }),
        )
        .await;
    assert_eq!((known.0, &known.1), (StatusCode::OK, &json!({})));
    assert_eq!((unknown.0, &unknown.1), (known.0, &known.1));
    app.deliver(Duration::from_secs(30)).await;
    let texts: Vec<_> = fake.requests();
    assert_eq!(
        texts.len(),
        1,
        "only the member's number is texted: {texts:?}"
    );
    let code = code_sent_to(&fake, "+254712400001").expect("a six-digit code in the text");
    // The delivery record keeps the text without the code.
    let body: String = app
        .sql()
        .await
        .query_one(
            "SELECT body FROM kanisa.sms_deliveries WHERE purpose = 'sign_in'",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert!(body.contains("******") && !body.contains(&code), "{body}");

    // A wrong code: GoTrue's 403 otp_expired.
    let wrong = if code == "000000" { "000001" } else { "000000" };
    let (status, refused, _) = app
        .auth_post(
            "verify",
            &json!({ "type": "sms", "phone": "0712 400 001", "token": wrong }),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{refused}");
    assert_eq!(refused["error_code"], "otp_expired");
    assert_eq!(refused["msg"], "Token has expired or is invalid");

    let (status, session, _) = app
        .auth_post(
            "verify",
            &json!({ "type": "sms", "phone": "+254712400001", "token": code }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{session}");
    for key in ["access_token", "refresh_token", "expires_in", "expires_at"] {
        assert!(!session[key].is_null(), "{key}: {session}");
    }
    assert_eq!(session["token_type"], "bearer");
    assert_eq!(session["user"]["phone"], "254712400001");
    assert!(session["user"]["phone_confirmed_at"].is_string());
    let token = session["access_token"].as_str().unwrap();

    let own = app.rows_as(token, "members?select=id,first_name").await;
    assert_eq!(
        own,
        vec![json!({"id": "00000000-0000-4000-8000-0c0000000001", "first_name": "Achieng"})]
    );
    let gifts = app
        .rows_as(token, "giving_records?select=member_id,amount")
        .await;
    assert_eq!(
        gifts,
        vec![json!({"member_id": "00000000-0000-4000-8000-0c0000000001", "amount": 1500.0})]
    );
    // Staff data stays closed to a member.
    assert!(
        app.rows_as(token, "prayer_requests?select=id")
            .await
            .is_empty()
    );
    // A prayer request sent signed in is the member's own to read back, with its status.
    let (status, receipt, _) = app
        .function(
            "submit-request",
            Some(token),
            &json!({"category": "prayer", "anonymous": false, "name": "Achieng Otieno",
                    "email": "achieng@example.org",
                    "subject": "For my mother", "message": "Please pray for her healing.",
                    "prayerType": "health", "prayerPrivacy": "private"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{receipt}");
    assert_eq!(
        app.rows_as(token, "prayer_requests?select=title,status")
            .await,
        vec![json!({"title": "For my mother", "status": "open"})]
    );
    // The member's own statement is the treasurer's, figure for figure; another's is refused.
    let treasurer = crate::policies::user(&app.sql().await, "FINANCE_ADMIN", true, None).await;
    let anne = "00000000-0000-4000-8000-0c0000000001";
    let own = app.statement(token, anne).await;
    assert_eq!(own.0, StatusCode::OK, "{}", own.1);
    assert_eq!(
        own,
        app.statement(treasurer.token.as_deref().unwrap(), anne)
            .await
    );
    assert_eq!(own.1["total"], json!(1500.0));
    let other = app
        .statement(token, "00000000-0000-4000-8000-0c0000000002")
        .await;
    assert_eq!(other.0, StatusCode::FORBIDDEN, "{}", other.1);

    // The second member's token reads none of the first's rows.
    app.auth_post("otp", &json!({ "phone": "0712400002" }))
        .await;
    app.deliver(Duration::from_secs(30)).await;
    let code = code_sent_to(&fake, "+254712400002").unwrap();
    let (_, second, _) = app
        .auth_post(
            "verify",
            &json!({ "type": "sms", "phone": "0712400002", "token": code }),
        )
        .await;
    let token = second["access_token"].as_str().unwrap();
    let gifts = app.rows_as(token, "giving_records?select=member_id").await;
    assert_eq!(
        gifts,
        vec![json!({"member_id": "00000000-0000-4000-8000-0c0000000002"})]
    );
    assert_eq!(app.rows_as(token, "members?select=id").await.len(), 1);

    // The minute's limit: 429 over_sms_send_rate_limit with Retry-After, for both numbers.
    for phone in ["0712400002", "0712409999"] {
        let (status, body, retry) = app.auth_post("otp", &json!({ "phone": phone })).await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
        assert_eq!(body["error_code"], "over_sms_send_rate_limit");
        let secs: u64 = retry.expect("Retry-After").parse().unwrap();
        assert!((1..=60).contains(&secs), "{secs}");
    }
    // A foreign number and a bad body are clear refusals.
    let (status, body, _) = app
        .auth_post("otp", &json!({ "phone": "+14155550100" }))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body["msg"].as_str().unwrap().contains("+254"), "{body}");
    let (status, body, _) = app.auth_post("otp", &json!({ "email": "a@b.test" })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, body, _) = app
        .auth_post(
            "verify",
            &json!({ "type": "magiclink", "phone": "0712400002", "token": "1" }),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
}

#[tokio::test]
async fn without_an_sms_provider_the_answer_shows_the_code_as_a_demo() {
    let app = TestApp::spawn_demo().await;
    members_with_gifts(&app).await;
    let (status, body, _) = app
        .auth_post("otp", &json!({ "phone": "0712 400 001" }))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["demo"], true);
    let code = body["demo_code"].as_str().unwrap().to_owned();
    // Any allowed number gets a demo code alike; only a member's signs in.
    let (_, other, _) = app
        .auth_post("otp", &json!({ "phone": "0712 409 999" }))
        .await;
    assert_eq!(other["demo"], true);
    assert_eq!(other["demo_code"].as_str().map(str::len), Some(6));
    // Nothing is texted in demo mode: the record says simulated.
    app.deliver(Duration::from_secs(30)).await;
    let status: String = app
        .sql()
        .await
        .query_one(
            "SELECT status FROM kanisa.sms_deliveries WHERE purpose = 'sign_in'",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(status, "simulated");
    let (status, session, _) = app
        .auth_post(
            "verify",
            &json!({ "type": "sms", "phone": "0712400001", "token": code }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{session}");
    let (status, _, _) = app
        .auth_post(
            "verify",
            &json!({ "type": "sms", "phone": "0712409999", "token": other["demo_code"] }),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

impl TestApp {
    async fn rpc_as(&self, token: &str, function: &str, body: &Value) -> (StatusCode, Value) {
        let res = self
            .http
            .post(self.url(&format!("/rest/v1/rpc/{function}")))
            .bearer_auth(token)
            .json(body)
            .send()
            .await
            .unwrap();
        (res.status(), res.json().await.unwrap())
    }

    /// Signs `phone` in by its demo code; the session's access token.
    async fn demo_sign_in(&self, phone: &str) -> (StatusCode, Value) {
        let (status, sent, _) = self.auth_post("otp", &json!({ "phone": phone })).await;
        assert_eq!(status, StatusCode::OK, "{sent}");
        let (status, session, _) = self
            .auth_post(
                "verify",
                &json!({ "type": "sms", "phone": phone, "token": sent["demo_code"] }),
            )
            .await;
        (status, session)
    }
}

#[tokio::test]
async fn a_member_asks_for_a_new_phone_and_signs_in_with_it_once_the_clerk_approves() {
    let app = TestApp::spawn_demo().await;
    members_with_gifts(&app).await;
    let achieng = "00000000-0000-4000-8000-0c0000000001";
    let (status, session) = app.demo_sign_in("0712400001").await;
    assert_eq!(status, StatusCode::OK, "{session}");
    let token = session["access_token"].as_str().unwrap().to_owned();
    let user_id = session["user"]["id"].clone();

    // Bad input is named, and nothing is written.
    let (status, body) = app
        .rpc_as(
            &token,
            "request_details_change",
            &json!({ "phone": "12345" }),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(
        body["message"],
        "Enter a Kenyan mobile number, such as 0712 345 678"
    );
    let (status, body) = app
        .rpc_as(
            &token,
            "request_details_change",
            &json!({ "phone": "+254 712 400 001" }),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(
        body["message"],
        "Nothing to change: these are the details the church already holds"
    );
    assert!(
        app.rows_as(&token, "member_change_requests?select=id")
            .await
            .is_empty()
    );

    // A first ask, then a second that replaces it: one waits, with what it changes from.
    let (status, first) = app
        .rpc_as(
            &token,
            "request_details_change",
            &json!({ "phone": "0712 400 777", "address": "Nyeri" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{first}");
    let (status, second) = app
        .rpc_as(
            &token,
            "request_details_change",
            &json!({ "phone": "0712 400 888", "email": "", "note": "New line" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{second}");
    assert_eq!(
        second["changes"],
        json!({ "phone": "+254712400888" }),
        "an empty e-mail where there is none is no change"
    );
    assert_eq!(second["previous"], json!({ "phone": "+254712400001" }));
    let mine = app
        .rows_as(
            &token,
            "member_change_requests?select=id,status&order=created_at",
        )
        .await;
    assert_eq!(
        mine.iter().map(|r| r["status"].clone()).collect::<Vec<_>>(),
        [json!("withdrawn"), json!("pending")]
    );

    // Another member reads none of it; the member cannot decide their own; the clerk can.
    let (_, other) = app.demo_sign_in("0712400002").await;
    let other = other["access_token"].as_str().unwrap().to_owned();
    assert!(
        app.rows_as(&other, "member_change_requests?select=id")
            .await
            .is_empty()
    );
    let decide = json!({ "request_id": second["id"], "approve": true });
    let (status, _) = app.rpc_as(&token, "decide_details_change", &decide).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let clerk = crate::policies::user(&app.sql().await, "MEMBER_ADMIN", true, None).await;
    let clerk = clerk.token.unwrap();
    let waiting = app
        .rows_as(
            &clerk,
            "member_change_requests?select=id,changes,members(first_name)&status=eq.pending",
        )
        .await;
    assert_eq!(waiting.len(), 1);
    assert_eq!(waiting[0]["members"]["first_name"], "Achieng");
    let (status, decided) = app.rpc_as(&clerk, "decide_details_change", &decide).await;
    assert_eq!(status, StatusCode::OK, "{decided}");
    assert_eq!(decided["status"], "approved");
    let (status, again) = app.rpc_as(&clerk, "decide_details_change", &decide).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{again}");

    // The register holds the new number, the log names both steps, and the member signs in
    // with it as the same account.
    let own = app.rows_as(&token, "members?select=id,phone").await;
    assert_eq!(
        own,
        vec![json!({ "id": achieng, "phone": "+254712400888" })]
    );
    let logged: Vec<String> = app
        .sql()
        .await
        .query(
            "SELECT action FROM admin_activity_logs WHERE details ->> 'member_id' = $1 \
             ORDER BY created_at",
            &[&achieng],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(
        logged,
        [
            "member_change_requested",
            "member_change_requested",
            "member_change_approved"
        ]
    );
    let (status, session) = app.demo_sign_in("0712 400 888").await;
    assert_eq!(status, StatusCode::OK, "{session}");
    assert_eq!(session["user"]["id"], user_id);
    assert_eq!(session["user"]["phone"], "254712400888");
    // The old number is no member's any more, so it gets no code (a request for it within the
    // minute would only meet the per-number limit).
    let holders: i64 = app
        .sql()
        .await
        .query_one(
            "SELECT count(*) FROM members WHERE kanisa.msisdn(phone) = '254712400001'",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(holders, 0);
}

#[tokio::test]
async fn a_member_without_an_email_sends_requests_and_messages_and_reads_only_their_own() {
    let app = TestApp::spawn_demo().await;
    members_with_gifts(&app).await;
    let (_, achieng) = app.demo_sign_in("0712400001").await;
    let achieng = achieng["access_token"].as_str().unwrap().to_owned();
    let (_, baraka) = app.demo_sign_in("0712400002").await;
    let baraka = baraka["access_token"].as_str().unwrap().to_owned();

    // Signed in, no e-mail address is needed: the request and the message keep the sender.
    let prayer = json!({"category": "prayer", "name": "Achieng Otieno", "phone": "0712400001",
                        "subject": "For my mother", "message": "Please pray for her healing.",
                        "prayerType": "health"});
    let (status, receipt, _) = app
        .function("submit-request", Some(&achieng), &prayer)
        .await;
    assert_eq!(status, StatusCode::CREATED, "{receipt}");
    let message = json!({"name": "Achieng Otieno", "subject": "Choir practice",
                         "message": "What time is choir practice on Friday?"});
    let (status, receipt, _) = app
        .function("contact-message", Some(&achieng), &message)
        .await;
    assert_eq!(status, StatusCode::CREATED, "{receipt}");
    // The public still gives an e-mail address to be answered.
    let (status, refused, _) = app.function("contact-message", None, &message).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");

    assert_eq!(
        app.rows_as(&achieng, "messages?select=subject,status,sender_email")
            .await,
        vec![json!({"subject": "Choir practice", "status": "pending", "sender_email": null})]
    );
    assert_eq!(
        app.rows_as(&achieng, "prayer_requests?select=title,status")
            .await,
        vec![json!({"title": "For my mother", "status": "open"})]
    );
    assert!(app.rows_as(&baraka, "messages?select=id").await.is_empty());
    assert!(
        app.rows_as(&baraka, "prayer_requests?select=id")
            .await
            .is_empty()
    );
    // The sender is the token's, whatever the body says.
    let forged = json!({"name": "Baraka", "subject": "Hi", "message": "Forged sender?",
                        "sender_id": receipt["id"]});
    let (status, _, _) = app
        .function("contact-message", Some(&baraka), &forged)
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let senders: Vec<String> = app
        .sql()
        .await
        .query(
            "SELECT u.full_name FROM messages m JOIN users u ON u.id = m.sender_id \
             ORDER BY m.created_at",
            &[],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(senders, ["Achieng Otieno", "Baraka Mwangi"]);
}

#[tokio::test]
async fn a_gift_given_signed_in_is_the_members_whatever_phone_pays() {
    let app = TestApp::spawn_demo().await;
    members_with_gifts(&app).await;
    let (_, session) = app.demo_sign_in("0712400001").await;
    let token = session["access_token"].as_str().unwrap().to_owned();
    // A spouse's phone pays: signed in, the gift is Achieng's; from the public it is nobody's
    // until a phone matches.
    let gift = json!({"phone": "0712 400 555", "amount": 250, "givingType": "offering"});
    let (status, mine, _) = app.function("payments", Some(&token), &gift).await;
    assert_eq!(status, StatusCode::CREATED, "{mine}");
    let (status, public, _) = app.function("payments", None, &gift).await;
    assert_eq!(status, StatusCode::CREATED, "{public}");
    let linked = |id: &Value| {
        let id: uuid::Uuid = id.as_str().unwrap().parse().unwrap();
        let app = &app;
        async move {
            app.sql()
                .await
                .query_one(
                    "SELECT member_id::text FROM payment_logs WHERE id = $1",
                    &[&id],
                )
                .await
                .unwrap()
                .get::<_, Option<String>>(0)
        }
    };
    assert_eq!(
        linked(&mine["id"]).await.as_deref(),
        Some("00000000-0000-4000-8000-0c0000000001")
    );
    assert_eq!(linked(&public["id"]).await, None);
}
