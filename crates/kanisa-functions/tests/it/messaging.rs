//! Messaging: text messages with each recipient's outcome from either provider (the fake SMS
//! providers of kanisa-fakes), the birthday wishes and event reminders at fixed instants, and
//! the sends `Messaging::send_broadcast` refuses — by field, by the hourly limit, by the monthly
//! SMS budget — asserted on the error it answers (the server's suite keeps the HTTP rendering).

use std::sync::Arc;
use std::time::Duration;

use kanisa_functions::{Channels, ChannelsConfig, FunctionsError, NotificationSweep, SendSms};
use kanisa_jobs::Registry;
use kanisa_pg::Caller;
use kanisa_pg::tokio_postgres::Client;
use kanisa_test_db::TestDb;
use serde_json::{Value, json};

use crate::{channels, count, messaging, user, workers};

/// Puts the SMS channel on `provider` with test credentials (System Settings).
async fn use_provider(sql: &Client, channels: &Channels, provider: &str) {
    sql.batch_execute(&format!(
        "UPDATE system_settings SET value = '\"{provider}\"' WHERE key = 'sms_provider'; \
         UPDATE system_settings SET value = '\"church\"' WHERE key = 'sms_username'; \
         UPDATE system_settings SET value = '\"KANISA\"' WHERE key = 'sms_sender_id'; \
         UPDATE system_settings SET value = '\"sms-key\"' WHERE key = 'sms_api_key'"
    ))
    .await
    .unwrap();
    channels.refresh();
}

/// A delivery row: phone, status, status code, message id, cost.
type Delivery = (String, String, Option<i32>, Option<String>, Option<String>);

#[tokio::test]
async fn each_recipient_of_a_text_keeps_its_own_outcome_with_either_provider() {
    let fake = kanisa_fakes::FakeSms::start().await;
    let url = fake.url();
    for provider in ["africas_talking", "twilio"] {
        let db = TestDb::new().await;
        let channels = Arc::new(
            Channels::new(
                ChannelsConfig {
                    sms_env: Some(kanisa_functions::SmsSettings {
                        provider: Some(provider.into()),
                        username: Some("church".into()),
                        api_key: Some("sms-key".into()),
                        sender_id: Some("KANISA".into()),
                    }),
                    sms_base_url: Some(url.clone()),
                    ..Default::default()
                },
                db.pool(),
            )
            .unwrap(),
        );
        let sms = kanisa_notify::Sms::new(
            &[
                "0711 111 111".into(),
                "+254722222222".into(),
                "254733333333".into(),
            ],
            "Service starts at 9:00 AM",
            false,
        )
        .unwrap();
        {
            let client = db.pool().get().await.unwrap();
            let ids = kanisa_functions::sms::queue_sms(
                &**client,
                kanisa_functions::sms::Purpose::Test,
                &sms,
                false,
                None,
            )
            .await
            .unwrap();
            assert_eq!(ids.len(), 3);
        }
        let workers = workers(
            &db,
            Registry::new().job::<SendSms>((channels.clone(), db.pool())),
        );
        let client = db.pool().get().await.unwrap();
        let start = std::time::Instant::now();
        loop {
            let queued: i64 = client
                .query_one(
                    "SELECT count(*) FROM kanisa.sms_deliveries WHERE status = 'queued'",
                    &[],
                )
                .await
                .unwrap()
                .get(0);
            if queued == 0 {
                break;
            }
            assert!(
                start.elapsed() < kanisa_test_db::patient(Duration::from_secs(10)),
                "{provider}: still queued"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        workers.stop(Duration::from_secs(5)).await.unwrap();
        let rows: Vec<Delivery> = client
            .query(
                "SELECT phone, status, status_code, provider_message_id, cost \
                 FROM kanisa.sms_deliveries ORDER BY phone",
                &[],
            )
            .await
            .unwrap()
            .iter()
            .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3), r.get(4)))
            .collect();
        assert_eq!(rows[0].0, "+254711111111");
        assert_eq!(rows[0].1, "sent", "{provider}: {rows:?}");
        assert!(
            rows[0].3.is_some(),
            "{provider}: the message id is kept: {rows:?}"
        );
        assert_eq!(rows[1].1, "failed", "{provider}: {rows:?}");
        if provider == "africas_talking" {
            assert_eq!(rows[2].1, "failed", "no answer for this number: {rows:?}");
            assert_eq!(rows[0].2, Some(101));
            assert_eq!(rows[0].4.as_deref(), Some("KES 0.8000"));
            assert_eq!(rows[1].2, Some(403));
        } else {
            assert_eq!(rows[1].2, Some(21211), "{rows:?}");
            assert_eq!(rows[2].1, "sent", "Twilio answers each number: {rows:?}");
        }
    }
    let requests = fake.requests();
    assert!(
        requests.iter().any(|r| r.provider == "africas_talking"
            && r.field("username") == Some("church")
            && r.field("to") == Some("+254711111111,+254722222222,+254733333333")
            && r.field("from") == Some("KANISA")),
        "{requests:?}"
    );
    assert!(
        requests.iter().any(|r| r.provider == "twilio"
            && r.field("To") == Some("+254711111111")
            && r.field("From") == Some("KANISA")),
        "{requests:?}"
    );
}

/// The field errors of a send `Messaging::send_broadcast` refused as invalid.
fn refused_fields(answer: Result<(u16, Value), FunctionsError>) -> Value {
    match answer {
        Err(e @ FunctionsError::Invalid(_)) => {
            assert_eq!(e.status_code(), (400, "validation_failed"));
            e.fields().unwrap()
        }
        other => panic!("not refused by field: {other:?}"),
    }
}

#[tokio::test]
async fn a_send_that_cannot_go_says_why_by_field() {
    let db = TestDb::new().await;
    let sql = db.client().await;
    let messaging = messaging(&db, &channels(&db, None));
    let elder = user(&sql, "ELDER", true, None).await;
    let refused = |body: Value| {
        let (messaging, elder) = (&messaging, &elder);
        async move { refused_fields(messaging.send_broadcast(elder, &body).await) }
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
    let (status, answer) = messaging
        .send_broadcast(
            &elder,
            &json!({"channels": ["sms"], "audience": {"group": "youth"}, "body": long,
                    "allowLong": true, "preview": true}),
        )
        .await
        .unwrap();
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["sms"]["segments"], 2);
    assert_eq!(answer["sms"]["live"], false);
}

#[tokio::test]
async fn birthday_wishes_go_once_from_eight_and_reminders_follow_the_switches() {
    let db = TestDb::new().await;
    let sql = db.client().await;
    sql.batch_execute(
        "INSERT INTO members (first_name, last_name, phone, email, date_of_birth, is_active) VALUES \
           ('Neema', 'November', '0711 000 001', 'neema@example.org', '1990-11-25', true), \
           ('Leap', 'Day', '0711 000 002', NULL, '2000-02-29', true), \
           ('Gone', 'Away', '0711 000 003', NULL, '1990-11-25', false)",
    )
    .await
    .unwrap();
    let pool = db.pool();
    let sweep = |now| NotificationSweep::run_once(&pool, now);
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
    assert_eq!(sweep(at("2026-11-25T04:00:00Z")).await, Ok(0));
    assert_eq!(sweep(at("2026-11-25T06:00:00Z")).await, Ok(1));
    assert_eq!(sweep(at("2026-11-25T09:00:00Z")).await, Ok(0));
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
    assert_eq!(sweep(at("2027-02-28T06:00:00Z")).await, Ok(1));
    assert_eq!(texts("2027-02-28").await.len(), 1);
    assert_eq!(sweep(at("2028-02-28T06:00:00Z")).await, Ok(0));
    assert_eq!(sweep(at("2028-02-29T06:00:00Z")).await, Ok(1));

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
    assert_eq!(sweep(now).await, Ok(0));
    sql.batch_execute(
        "UPDATE system_settings SET value = 'true' WHERE key = 'event_notifications'; \
         UPDATE system_settings SET value = 'false' WHERE key = 'sms_notifications'; \
         UPDATE system_settings SET value = '2' WHERE key = 'event_reminder_hours'",
    )
    .await
    .unwrap();
    assert_eq!(sweep(now).await, Ok(0), "3 h away, reminders 2 h before");
    assert_eq!(sweep(now + chrono::Duration::hours(1)).await, Ok(1));
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

/// Second probe (issue 31): a body of 127 × {event_name} with a 5,000-character event title
/// previewed as 3,969 parts per recipient and the send was accepted. The limits now hold for
/// the text each recipient gets, and the fields a placeholder is filled from are bounded.
#[tokio::test]
async fn a_broadcast_whose_placeholders_expand_past_ten_parts_is_refused() {
    let fake = kanisa_fakes::FakeSms::start().await;
    let db = TestDb::with_demo().await;
    let channels = channels(&db, Some(fake.url()));
    let messaging = messaging(&db, &channels);
    let sql = db.client().await;
    use_provider(&sql, &channels, "africas_talking").await;
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
        let fields = refused_fields(messaging.send_broadcast(&elder, &body).await);
        assert!(
            fields["body"]
                .as_str()
                .unwrap()
                .contains("at most 1600 (ten parts)"),
            "{fields}"
        );
    }
    let pool = db.pool();
    assert_eq!(
        count(&pool, "SELECT count(*) FROM kanisa.broadcasts").await,
        0
    );
    assert_eq!(
        count(&pool, "SELECT count(*) FROM kanisa.sms_deliveries").await,
        0
    );
}

/// A send to everyone, and its preview.
fn send_to_all() -> (Value, Value) {
    let send = json!({"channels": ["sms"], "audience": {"group": "all"},
                      "body": "Hello {name}, see you on Sabbath."});
    let mut preview = send.clone();
    preview["preview"] = json!(true);
    (send, preview)
}

/// Second probe: fifteen long broadcasts by one ELDER were accepted in 0.3 s. A staff member
/// sends at most `broadcasts_per_hour`; the preview says so before the send is refused.
#[tokio::test]
async fn a_sender_over_the_hourly_limit_is_held_back() {
    let db = TestDb::with_demo().await;
    let messaging = messaging(&db, &channels(&db, None));
    let sql = db.client().await;
    sql.batch_execute("UPDATE system_settings SET value = '2' WHERE key = 'broadcasts_per_hour'")
        .await
        .unwrap();
    let elder = user(&sql, "ELDER", true, None).await;
    let (send, preview) = send_to_all();
    for _ in 0..2 {
        let (status, body) = messaging.send_broadcast(&elder, &send).await.unwrap();
        assert_eq!(status, 202, "{body}");
    }
    let (status, shown) = messaging.send_broadcast(&elder, &preview).await.unwrap();
    assert_eq!(status, 200, "{shown}");
    assert_eq!(shown["guard"]["outcome"], "rate_limited", "{shown}");
    let held = messaging.send_broadcast(&elder, &send).await.unwrap_err();
    assert!(matches!(held, FunctionsError::TooMany { .. }), "{held:?}");
    assert_eq!(held.status_code(), (429, "too_many_submissions"));
    assert!(
        held.to_string()
            .starts_with("You have sent 2 messages in the last hour"),
        "{held}"
    );
    assert!(held.retry_after().is_some(), "{held:?}");
    assert_eq!(
        count(&db.pool(), "SELECT count(*) FROM kanisa.broadcasts").await,
        2
    );
}

/// The monthly SMS budget (System Settings): a live send that would take this month's spend
/// over it is refused to anyone but a Super Admin, and the preview says what the guard does.
#[tokio::test]
async fn a_send_over_the_monthly_sms_budget_needs_a_super_admin() {
    let fake = kanisa_fakes::FakeSms::start().await;
    let db = TestDb::with_demo().await;
    let channels = channels(&db, Some(fake.url()));
    let messaging = messaging(&db, &channels);
    let sql = db.client().await;
    use_provider(&sql, &channels, "africas_talking").await;
    sql.batch_execute("UPDATE system_settings SET value = '1' WHERE key = 'sms_monthly_budget'")
        .await
        .unwrap();
    let elder: Caller = user(&sql, "ELDER", true, None).await;
    let sup = user(&sql, "SUPER_ADMIN", true, None).await;
    let (send, preview) = send_to_all();
    let (_, shown) = messaging.send_broadcast(&elder, &preview).await.unwrap();
    assert_eq!(shown["guard"]["outcome"], "needs_super_admin", "{shown}");
    assert_eq!(shown["guard"]["monthlyBudget"], 1.0);
    let refused = messaging.send_broadcast(&elder, &send).await.unwrap_err();
    assert!(
        matches!(refused, FunctionsError::OverBudget(_)),
        "{refused:?}"
    );
    assert_eq!(refused.status_code(), (403, "sms_budget_exceeded"));
    assert!(
        refused
            .to_string()
            .contains("over the monthly SMS budget of KES 1"),
        "{refused}"
    );
    assert_eq!(
        count(&db.pool(), "SELECT count(*) FROM kanisa.broadcasts").await,
        0
    );
    let (_, shown) = messaging.send_broadcast(&sup, &preview).await.unwrap();
    assert_eq!(shown["guard"]["outcome"], "over_budget_allowed", "{shown}");
    let (status, body) = messaging.send_broadcast(&sup, &send).await.unwrap();
    assert_eq!(status, 202, "{body}");
}
