//! Messages to members (`POST /functions/v1/send-broadcast`, migration 0021, issue 19) against
//! the fake SMS providers (kanisa-fakes) and the SMTP sink: a group of seeded members reached
//! through Africa's Talking and Twilio with the form fields each expects, placeholders filled
//! per recipient, the preview's counts equal to what is queued and sent, per-recipient outcomes
//! (a refusal's code included) in the History functions, and every send refused to a role
//! without send_communications.

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
async fn use_provider(app: &TestApp, provider: &str) {
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

#[tokio::test]
async fn a_send_that_cannot_go_says_why_by_field() {
    let app = TestApp::spawn().await;
    let sql = app.sql().await;
    let elder = user(&sql, "ELDER", true, None).await;
    let refused = |body: Value| {
        let app = &app;
        let token = elder.token.clone();
        async move {
            let (status, answer, _) = app
                .function("send-broadcast", token.as_deref(), &body)
                .await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
            assert_eq!(answer["code"], "validation_failed");
            answer["fields"].clone()
        }
    };
    // No members at all in a fresh database.
    let fields = refused(json!({"channels": ["sms"], "audience": {"group": "youth"},
                                "body": "Hello"}))
    .await;
    assert_eq!(fields["audience"], "No members found in group: youth");
    sql.batch_execute(
        "INSERT INTO members (first_name, last_name, phone, date_of_birth) \
         VALUES ('Amani', 'Youth', '0712 345 678', now()::date - interval '20 years')",
    )
    .await
    .unwrap();
    let long = "x".repeat(170);
    let fields = refused(json!({"channels": ["sms"], "audience": {"group": "youth"},
                                "body": long}))
    .await;
    assert_eq!(
        fields["body"],
        "Message exceeds 160 characters. Use allowLongMessages option for longer messages."
    );
    let fields = refused(
        json!({"channels": ["email"], "audience": {"group": "youth"},
                                "subject": "Hi", "body": "Hello"}),
    )
    .await;
    assert!(
        fields["audience"]
            .as_str()
            .unwrap()
            .contains("has a phone number or e-mail address"),
        "{fields}"
    );
    let fields = refused(json!({"channels": ["sms"], "audience": {"group": "youth"},
                                "body": "See you at {event_name}",
                                "eventId": uuid::Uuid::new_v4()}))
    .await;
    assert_eq!(fields["eventId"], "This event was not found");
    // A long text with allowLong goes, counted in parts.
    let (status, answer, _) = app
        .function(
            "send-broadcast",
            elder.token.as_deref(),
            &json!({"channels": ["sms"], "audience": {"group": "youth"}, "body": long,
                    "allowLong": true, "preview": true}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["sms"]["segments"], 2);
    assert_eq!(answer["sms"]["live"], false);
}

#[tokio::test]
async fn birthday_wishes_go_once_from_eight_and_reminders_follow_the_switches() {
    let app = TestApp::spawn().await;
    let sql = app.sql().await;
    sql.batch_execute(
        "INSERT INTO members (first_name, last_name, phone, email, date_of_birth, is_active) VALUES \
           ('Neema', 'November', '0711 000 001', 'neema@example.org', '1990-11-25', true), \
           ('Leap', 'Day', '0711 000 002', NULL, '2000-02-29', true), \
           ('Gone', 'Away', '0711 000 003', NULL, '1990-11-25', false)",
    )
    .await
    .unwrap();
    let pool = app.db.as_ref().unwrap().pool();
    let sweep = Sweep(&pool);
    let at = |s: &str| {
        chrono::DateTime::parse_from_rfc3339(s)
            .unwrap()
            .with_timezone(&chrono::Utc)
    };
    let texts = |day: &'static str| {
        let sql = &sql;
        async move {
            sql.query(
                "SELECT d.phone, d.body FROM kanisa.sms_deliveries d \
                   JOIN kanisa.broadcasts b ON b.id = d.broadcast_id \
                  WHERE b.occasion = 'birthday:' || $1 ORDER BY d.phone",
                &[&day],
            )
            .await
            .unwrap()
            .iter()
            .map(|r| (r.get::<_, String>(0), r.get::<_, String>(1)))
            .collect::<Vec<_>>()
        }
    };
    // 07:00 in Nairobi: too early.
    assert_eq!(sweep.run_once(at("2026-11-25T04:00:00Z")).await, Ok(0));
    assert_eq!(sweep.run_once(at("2026-11-25T06:00:00Z")).await, Ok(1));
    assert_eq!(sweep.run_once(at("2026-11-25T09:00:00Z")).await, Ok(0));
    let wished = texts("2026-11-25").await;
    assert_eq!(wished.len(), 1, "the active member only: {wished:?}");
    assert_eq!(wished[0].0, "+254711000001");
    assert!(
        wished[0].1.starts_with("Happy birthday, Neema! "),
        "{wished:?}"
    );
    let mail: String = sql
        .query_one("SELECT subject FROM kanisa.email_deliveries", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(mail, "Happy birthday, Neema!");
    // 29 February birthdays: on 28 February in other years, on the day in leap years.
    assert_eq!(sweep.run_once(at("2027-02-28T06:00:00Z")).await, Ok(1));
    assert_eq!(texts("2027-02-28").await.len(), 1);
    assert_eq!(sweep.run_once(at("2028-02-28T06:00:00Z")).await, Ok(0));
    assert_eq!(sweep.run_once(at("2028-02-29T06:00:00Z")).await, Ok(1));

    // Reminders: not with event notifications off; with SMS off, by e-mail only.
    // At a fixed moment (noon in Nairobi on a day no test member has a birthday), so the
    // birthday wishes above never join these counts whatever day the test runs.
    let now = at("2026-11-26T09:00:00Z");
    sql.execute(
        "INSERT INTO events (title, start_date, is_published) VALUES ('Vespers', $1, true)",
        &[&(now + chrono::Duration::hours(3))],
    )
    .await
    .unwrap();
    sql.batch_execute(
        "UPDATE system_settings SET value = 'false' WHERE key = 'event_notifications'",
    )
    .await
    .unwrap();
    assert_eq!(sweep.run_once(now).await, Ok(0));
    sql.batch_execute(
        "UPDATE system_settings SET value = 'true' WHERE key = 'event_notifications'; \
         UPDATE system_settings SET value = 'false' WHERE key = 'sms_notifications'; \
         UPDATE system_settings SET value = '2' WHERE key = 'event_reminder_hours'",
    )
    .await
    .unwrap();
    assert_eq!(
        sweep.run_once(now).await,
        Ok(0),
        "3 h away, reminders 2 h before"
    );
    assert_eq!(
        sweep.run_once(now + chrono::Duration::hours(1)).await,
        Ok(1)
    );
    let row = sql
        .query_one(
            "SELECT b.channels, (SELECT count(*) FROM kanisa.sms_deliveries d WHERE d.broadcast_id = b.id), \
                    (SELECT count(*) FROM kanisa.email_deliveries d WHERE d.broadcast_id = b.id) \
               FROM kanisa.broadcasts b WHERE b.kind = 'event_reminder'",
            &[],
        )
        .await
        .unwrap();
    assert_eq!(row.get::<_, Vec<String>>(0), ["email"]);
    assert_eq!((row.get::<_, i64>(1), row.get::<_, i64>(2)), (0, 1));
}

/// The notification sweep over one database, run at a chosen time.
struct Sweep<'a>(&'a kanisa_pg::Pool);

impl Sweep<'_> {
    async fn run_once(&self, now: chrono::DateTime<chrono::Utc>) -> Result<usize, String> {
        kanisa_functions::NotificationSweep::run_once(self.0, now).await
    }
}

/// Second probe (issue 31): a body of 127 × {event_name} with a 5,000-character event title
/// previewed as 3,969 parts per recipient and the send was accepted. The limits now hold for
/// the text each recipient gets, and the fields a placeholder is filled from are bounded.
#[tokio::test]
async fn a_broadcast_whose_placeholders_expand_past_ten_parts_is_refused() {
    let fake = kanisa_fakes::FakeSms::start().await;
    let sink = Sink::start("250 OK").await;
    let app = TestApp::spawn_demo_with_providers(&sink.url(), &fake.url()).await;
    use_provider(&app, "africas_talking").await;
    let sql = app.sql().await;
    // The database refuses an event title of 5,000 characters.
    let long = sql
        .execute(
            "INSERT INTO events (title, start_date, is_published) VALUES ($1, now(), true)",
            &[&"T".repeat(5000)],
        )
        .await
        .unwrap_err();
    assert_eq!(long.code().map(|c| c.code()), Some("23514"), "{long}");
    let event: String = sql
        .query_one(
            "INSERT INTO events (title, start_date, is_published) \
             VALUES ($1, now() + interval '1 day', true) RETURNING id::text",
            &[&"E".repeat(200)],
        )
        .await
        .unwrap()
        .get(0);
    let elder = user(&sql, "ELDER", true, None).await;
    for preview in [true, false] {
        let body = json!({
            "channels": ["sms"], "audience": {"group": "all"}, "allowLong": true,
            "eventId": event, "body": "{event_name}".repeat(127), "preview": preview
        });
        let (status, answer, _) = app
            .function("send-broadcast", elder.token.as_deref(), &body)
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert!(
            answer["fields"]["body"]
                .as_str()
                .unwrap()
                .contains("at most 1600 (ten parts)"),
            "{answer}"
        );
    }
    assert_eq!(app.count("SELECT count(*) FROM kanisa.broadcasts").await, 0);
    assert_eq!(
        app.count("SELECT count(*) FROM kanisa.sms_deliveries")
            .await,
        0
    );
}

/// Second probe: fifteen long broadcasts by one ELDER were accepted in 0.3 s. A staff member
/// sends at most `broadcasts_per_hour`; the preview says so before the send is refused.
#[tokio::test]
async fn a_sender_over_the_hourly_limit_is_held_back() {
    let app = TestApp::spawn_demo().await;
    let sql = app.sql().await;
    sql.batch_execute("UPDATE system_settings SET value = '2' WHERE key = 'broadcasts_per_hour'")
        .await
        .unwrap();
    let elder = user(&sql, "ELDER", true, None).await;
    let send = json!({"channels": ["sms"], "audience": {"group": "all"},
                      "body": "Hello {name}, see you on Sabbath."});
    for _ in 0..2 {
        let (status, body, _) = app
            .function("send-broadcast", elder.token.as_deref(), &send)
            .await;
        assert_eq!(status, StatusCode::ACCEPTED, "{body}");
    }
    let mut preview = send.clone();
    preview["preview"] = json!(true);
    let (status, shown, _) = app
        .function("send-broadcast", elder.token.as_deref(), &preview)
        .await;
    assert_eq!(status, StatusCode::OK, "{shown}");
    assert_eq!(shown["guard"]["outcome"], "rate_limited", "{shown}");
    let (status, body, retry) = app
        .function("send-broadcast", elder.token.as_deref(), &send)
        .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("You have sent 2 messages in the last hour"),
        "{body}"
    );
    assert!(retry.is_some());
    assert_eq!(app.count("SELECT count(*) FROM kanisa.broadcasts").await, 2);
}

/// The monthly SMS budget (System Settings): a live send that would take this month's spend
/// over it is refused to anyone but a Super Admin, and the preview says what the guard does.
#[tokio::test]
async fn a_send_over_the_monthly_sms_budget_needs_a_super_admin() {
    let fake = kanisa_fakes::FakeSms::start().await;
    let sink = Sink::start("250 OK").await;
    let app = TestApp::spawn_demo_with_providers(&sink.url(), &fake.url()).await;
    use_provider(&app, "africas_talking").await;
    let sql = app.sql().await;
    sql.batch_execute("UPDATE system_settings SET value = '1' WHERE key = 'sms_monthly_budget'")
        .await
        .unwrap();
    let elder = user(&sql, "ELDER", true, None).await;
    let sup = user(&sql, "SUPER_ADMIN", true, None).await;
    let send = json!({"channels": ["sms"], "audience": {"group": "all"},
                      "body": "Hello {name}, see you on Sabbath."});
    let mut preview = send.clone();
    preview["preview"] = json!(true);
    let (_, shown, _) = app
        .function("send-broadcast", elder.token.as_deref(), &preview)
        .await;
    assert_eq!(shown["guard"]["outcome"], "needs_super_admin", "{shown}");
    assert_eq!(shown["guard"]["monthlyBudget"], 1.0);
    let (status, body, _) = app
        .function("send-broadcast", elder.token.as_deref(), &send)
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert_eq!(body["code"], "sms_budget_exceeded");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("over the monthly SMS budget of KES 1"),
        "{body}"
    );
    assert_eq!(app.count("SELECT count(*) FROM kanisa.broadcasts").await, 0);
    let (_, shown, _) = app
        .function("send-broadcast", sup.token.as_deref(), &preview)
        .await;
    assert_eq!(shown["guard"]["outcome"], "over_budget_allowed", "{shown}");
    let (status, body, _) = app
        .function("send-broadcast", sup.token.as_deref(), &send)
        .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{body}");
}
