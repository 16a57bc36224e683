//! Messages to members (`POST /functions/v1/send-broadcast`, migration 0021, issue 19) against
//! the fake SMS providers (kanisa-fakes) and the SMTP sink: a group of seeded members reached
//! through Africa's Talking and Twilio with the form fields each expects, placeholders filled
//! per recipient, the preview's counts equal to what is queued and sent, per-recipient outcomes
//! (a refusal's code included) in the History functions, every send refused to a role
//! without send_communications, and how a refused send is answered. Why a send is refused
//! (fields, the hourly limit, the SMS budget) and the reminders and birthday wishes are
//! kanisa-functions' own tests (`tests/it/messaging.rs`).

use std::collections::BTreeSet;
use std::time::Duration;

use kanisa_test_db::smtp::Sink;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::TestApp;
use crate::policies::{Caller, user};

async fn rpc(app: &TestApp, who: &Caller, name: &str, args: Value) -> (StatusCode, Value) {
    let a = app
        .call(who, Method::POST, &format!("rpc/{name}"), "", Some(&args))
        .await;
    (a.status, a.body)
}

/// Puts the SMS channel on `provider` with test credentials (System Settings).
pub(crate) async fn use_provider(app: &TestApp, provider: &str) {
    app.sql()
        .await
        .batch_execute(&format!(
            "UPDATE system_settings SET value = '\"{provider}\"' WHERE key = 'sms_provider'; \
             UPDATE system_settings SET value = '\"church\"' WHERE key = 'sms_username'; \
             UPDATE system_settings SET value = '\"KANISA\"' WHERE key = 'sms_sender_id'; \
             UPDATE system_settings SET value = '\"sms-key\"' WHERE key = 'sms_api_key'"
        ))
        .await
        .unwrap();
    app.channels.refresh();
}

#[tokio::test]
async fn a_group_send_reaches_each_member_through_either_provider_with_outcomes_in_history() {
    for provider in ["africas_talking", "twilio"] {
        let fake = kanisa_fakes::FakeSms::start().await;
        let sink = Sink::start("250 OK").await;
        let app = TestApp::spawn_demo_with_providers(&sink.url(), &fake.url()).await;
        use_provider(&app, provider).await;
        let sql = app.sql().await;
        // Two more choir members: one whose number the provider refuses, one without a phone.
        sql.batch_execute(
            "INSERT INTO members (id, first_name, last_name, phone, email) VALUES \
               ('00000000-0000-4000-8000-0b0000000001', 'Refused', 'Number', '0722 000 111', NULL), \
               ('00000000-0000-4000-8000-0b0000000002', 'Only', 'Email', NULL, 'only.email@example.org'); \
             INSERT INTO member_ministries (member_id, ministry_id, role) \
               SELECT m, '00000000-0000-4000-8000-002000000005', 'chorister' FROM unnest(ARRAY[ \
                 '00000000-0000-4000-8000-0b0000000001', '00000000-0000-4000-8000-0b0000000002' \
               ]::uuid[]) m",
        )
        .await
        .unwrap();
        let elder = user(&sql, "ELDER", true, None).await;
        let send = json!({
            "channels": ["sms", "email"], "audience": {"group": "choir"},
            "subject": "Choir practice, {name}",
            "body": "Hello {name}, choir practice is on {date} at 4 PM.",
            "date": "2026-11-28"
        });
        let mut preview_body = send.clone();
        preview_body["preview"] = json!(true);
        let (status, preview, _) = app
            .function("send-broadcast", elder.token.as_deref(), &preview_body)
            .await;
        assert_eq!(status, StatusCode::OK, "{preview}");
        assert_eq!(preview["audience"]["label"], "Choir");
        assert!(
            preview["skippedNames"]["sms"]
                .as_array()
                .unwrap()
                .contains(&json!("Only Email")),
            "{preview}"
        );
        assert!(
            preview["sample"]["text"]
                .as_str()
                .unwrap()
                .contains("Sat 28 Nov 2026")
        );
        let sms_count = preview["sms"]["recipients"].as_u64().unwrap();
        let email_count = preview["email"]["recipients"].as_u64().unwrap();
        assert!(sms_count >= 2, "{preview}");
        assert_eq!(
            preview["sms"]["segments"].as_u64(),
            Some(sms_count),
            "one part each: {preview}"
        );
        assert_eq!(
            preview["sms"]["cost"].as_f64(),
            Some(sms_count as f64 * 0.8),
            "{preview}"
        );
        assert_eq!(preview["sms"]["live"], true);
        // Nothing is queued by a preview.
        assert_eq!(app.count("SELECT count(*) FROM kanisa.broadcasts").await, 0);

        let (status, sent, _) = app
            .function("send-broadcast", elder.token.as_deref(), &send)
            .await;
        assert_eq!(status, StatusCode::ACCEPTED, "{sent}");
        assert_eq!(sent["sms"].as_u64(), Some(sms_count));
        assert_eq!(sent["email"].as_u64(), Some(email_count));
        let id = sent["broadcastId"].as_str().unwrap().to_owned();
        app.deliver(Duration::from_secs(30)).await;

        // The provider got every number once, each with its own first name filled in.
        let requests = fake.requests();
        let mut numbers = Vec::new();
        for r in &requests {
            assert_eq!(r.provider, provider);
            let (to, text, from) = if provider == "africas_talking" {
                assert_eq!(r.field("username"), Some("church"), "{r:?}");
                (r.field("to"), r.field("message"), r.field("from"))
            } else {
                (r.field("To"), r.field("Body"), r.field("From"))
            };
            assert_eq!(from, Some("KANISA"), "{r:?}");
            let to = to.unwrap();
            let text = text.unwrap();
            assert!(
                text.starts_with("Hello ") && text.contains("on Sat 28 Nov 2026 at 4 PM."),
                "{text}"
            );
            let first: String = sql
                .query_one(
                    "SELECT first_name FROM members WHERE '+' || kanisa.msisdn(phone) = $1 LIMIT 1",
                    &[&to],
                )
                .await
                .map(|r| r.get(0))
                .unwrap_or_default();
            assert_eq!(
                text,
                format!("Hello {first}, choir practice is on Sat 28 Nov 2026 at 4 PM.")
            );
            numbers.push(to.to_owned());
        }
        let distinct: BTreeSet<&String> = numbers.iter().collect();
        assert_eq!(numbers.len() as u64, sms_count, "{requests:?}");
        assert_eq!(distinct.len(), numbers.len(), "each number once");
        // E-mails: one per address, subject filled per recipient.
        let mail = sink.received();
        assert_eq!(mail.len() as u64, email_count);
        assert!(
            mail.iter().any(|m| m.contains("To: only.email@example.org")
                && m.contains("Subject: Choir practice, Only")),
            "{mail:#?}"
        );

        // History: the refused number keeps its code and reason; the rest are sent.
        let staff = app.as_staff().await;
        let (status, history) = rpc(&app, &staff, "get_broadcast", json!({"p_id": id})).await;
        assert_eq!(status, StatusCode::OK, "{history}");
        let b = &history["broadcast"];
        assert_eq!(b["status"], "partly_failed", "{b}");
        assert_eq!(b["sms"]["failed"], 1, "{b}");
        assert_eq!(b["sms"]["sent"].as_u64(), Some(sms_count - 1), "{b}");
        assert_eq!(b["email"]["sent"].as_u64(), Some(email_count), "{b}");
        assert_eq!(b["performance"]["measure"], "accepted");
        let first = &history["recipients"][0];
        assert_eq!(
            (first["name"].as_str(), first["status"].as_str()),
            (Some("Refused Number"), Some("failed")),
            "failed first: {history}"
        );
        let code = if provider == "africas_talking" {
            403
        } else {
            21211
        };
        assert_eq!(first["status_code"], code, "{first}");
        assert!(first["failure_reason"].is_string(), "{first}");
        assert_eq!(
            history["recipients_total"].as_u64(),
            Some(sms_count + email_count)
        );
        let (_, list) = rpc(&app, &staff, "get_broadcasts", json!({"p_limit": 5})).await;
        assert_eq!(list["total"], 1);
        assert_eq!(list["items"][0]["id"], id.as_str());
        let name: String = sql
            .query_one(
                "SELECT full_name FROM users WHERE id::text = $1",
                &[&elder.id.as_deref().unwrap()],
            )
            .await
            .unwrap()
            .get(0);
        assert_eq!(list["items"][0]["sent_by_name"], name.as_str());
    }
}

#[tokio::test]
async fn every_send_is_refused_without_send_communications() {
    let app = TestApp::spawn_demo().await;
    let sql = app.sql().await;
    let send = json!({"channels": ["sms"], "audience": {"group": "all"}, "body": "Hello {name}"});
    let mut preview = send.clone();
    preview["preview"] = json!(true);
    let content = user(&sql, "CONTENT_ADMIN", true, None).await;
    let finance = user(&sql, "FINANCE_ADMIN", true, None).await;
    let senders_only = user(
        &sql,
        "MEMBER_ADMIN",
        true,
        Some(&["send_sms", "send_emails", "manage_communications"]),
    )
    .await;
    for who in [&content, &finance, &senders_only] {
        for body in [&send, &preview] {
            let (status, answer, _) = app
                .function("send-broadcast", who.token.as_deref(), body)
                .await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{answer}");
            assert_eq!(
                answer["message"],
                "Sending messages needs the send_communications permission"
            );
        }
        let (status, _) = rpc(&app, who, "get_message_audiences", json!({})).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        // Nor a reply to a request, nor a request's e-mail sent again.
        let message = json!({"messageId": uuid::Uuid::new_v4(), "subject": "Re: visit",
                             "body": "We will come."});
        for function in ["reply-message", "send-message"] {
            let (status, answer, _) = app.function(function, who.token.as_deref(), &message).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{function}: {answer}");
        }
    }
    let (status, _, _) = app.function("send-broadcast", None, &send).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // History is for the communication staff (send_sms … may read it), not for others.
    let (status, _) = rpc(&app, &senders_only, "get_broadcasts", json!({})).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = rpc(&app, &content, "get_broadcasts", json!({})).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(app.count("SELECT count(*) FROM kanisa.broadcasts").await, 0);
    assert_eq!(
        app.count("SELECT count(*) FROM kanisa.sms_deliveries")
            .await,
        0
    );

    // The Elder may: the groups come with their real counts.
    let elder = user(&sql, "ELDER", true, None).await;
    let (status, answer, _) = app
        .function("send-broadcast", elder.token.as_deref(), &preview)
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (status, audiences) = rpc(&app, &elder, "get_message_audiences", json!({})).await;
    assert_eq!(status, StatusCode::OK, "{audiences}");
    let active = app
        .count("SELECT count(*) FROM members WHERE is_active")
        .await;
    assert_eq!(audiences["groups"][0]["id"], "all");
    assert_eq!(audiences["groups"][0]["members"].as_i64(), Some(active));
    assert_eq!(
        answer["audience"]["members"].as_i64(),
        Some(active),
        "{answer}"
    );
}

/// How a refused send is rendered (the reasons themselves are kanisa-functions' tests): a
/// refusal by field is 400 `validation_failed` with `fields`, a send over the monthly SMS
/// budget 403 `sms_budget_exceeded`, and a sender over the hourly limit 429
/// `too_many_submissions` with `Retry-After`.
#[tokio::test]
async fn a_refused_send_is_answered_with_its_status_code_and_fields() {
    let fake = kanisa_fakes::FakeSms::start().await;
    let sink = Sink::start("250 OK").await;
    let app = TestApp::spawn_demo_with_providers(&sink.url(), &fake.url()).await;
    use_provider(&app, "africas_talking").await;
    let sql = app.sql().await;
    let elder = user(&sql, "ELDER", true, None).await;
    let send = json!({"channels": ["sms"], "audience": {"group": "all"},
                      "body": "Hello {name}, see you on Sabbath."});

    let mut unknown_event = send.clone();
    unknown_event["eventId"] = json!(uuid::Uuid::new_v4());
    let (status, body, _) = app
        .function("send-broadcast", elder.token.as_deref(), &unknown_event)
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["code"], "validation_failed");
    assert_eq!(
        body["fields"]["eventId"], "This event was not found",
        "{body}"
    );

    sql.batch_execute("UPDATE system_settings SET value = '1' WHERE key = 'sms_monthly_budget'")
        .await
        .unwrap();
    let (status, body, _) = app
        .function("send-broadcast", elder.token.as_deref(), &send)
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert_eq!(body["code"], "sms_budget_exceeded");
    assert!(body["message"].is_string(), "{body}");

    // No budget; one send an hour.
    sql.batch_execute(
        "UPDATE system_settings SET value = '0' WHERE key = 'sms_monthly_budget'; \
         UPDATE system_settings SET value = '1' WHERE key = 'broadcasts_per_hour'",
    )
    .await
    .unwrap();
    let (status, body, _) = app
        .function("send-broadcast", elder.token.as_deref(), &send)
        .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{body}");
    let (status, body, retry) = app
        .function("send-broadcast", elder.token.as_deref(), &send)
        .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert_eq!(body["code"], "too_many_submissions");
    assert!(body["message"].is_string(), "{body}");
    assert!(
        retry.is_some_and(|s| s.parse::<u64>().is_ok_and(|s| s > 0)),
        "Retry-After"
    );
}
