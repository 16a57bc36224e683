//! The automatic notifications inside `kanisa serve` (issue 19): with two instances on one
//! database, each looking for due reminders every second, an event's reminder reaches each
//! member exactly once by SMS (the fake Africa's Talking) and once by e-mail (the SMTP sink),
//! and is one send in the history.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use kanisa_test_db::smtp::Sink;
use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;

use super::jobs::serve_second;
use super::{Site, eventually, read, wait_exit};

const MEMBERS: i64 = 40;

#[tokio::test]
async fn an_event_reminder_reaches_each_member_once_with_two_instances_running() {
    let site = Site::without_demo().await;
    let sink = Sink::start("250 OK").await;
    let fake = kanisa_fakes::FakeSms::start().await;
    let smtp = sink.url();
    let sms = fake.url();
    let common = [
        ("KANISA_SMTP_URL", smtp.as_str()),
        ("KANISA_SMTP_FROM", "Kanisa <church@church.test>"),
        ("KANISA_SMS_PROVIDER", "africastalking"),
        ("KANISA_SMS_USERNAME", "church"),
        ("KANISA_SMS_API_KEY", "sms-key"),
        ("KANISA_SMS_BASE_URL", sms.as_str()),
        ("KANISA_JOB_WORKERS", "2"),
        ("KANISA_NOTIFY_CHECK", "1"),
        (
            "KANISA_JWT_SECRET",
            "notifications-test-secret-0123456789abcdef",
        ),
    ];
    let (mut one, one_log) = site.serve_with("one", &common);
    site.wait_healthy(&mut one, &one_log).await;
    let db = site.database().await;
    // Members first, then the event: the reminder is due as soon as the event exists.
    db.execute(
        "INSERT INTO members (first_name, last_name, phone, email) \
         SELECT 'Member' || n, 'Reminded', '07' || lpad(n::text, 8, '0'), \
                'member' || n || '@church.test' \
           FROM generate_series(1, $1::int) n",
        &[&(MEMBERS as i32)],
    )
    .await
    .unwrap();
    // Every active member with a number / an address (the test's own).
    let count = |sql: &'static str| {
        let db = &db;
        async move { db.query_one(sql, &[]).await.unwrap().get::<_, i64>(0) }
    };
    let phones = count(
        "SELECT count(DISTINCT kanisa.msisdn(phone)) FROM members \
         WHERE is_active AND kanisa.msisdn(phone) IS NOT NULL",
    )
    .await;
    let addresses = count(
        "SELECT count(DISTINCT lower(email)) FROM members WHERE is_active AND email IS NOT NULL",
    )
    .await;
    assert_eq!((phones, addresses), (MEMBERS, MEMBERS), "no demo members");
    let (mut two, two_log, _) = serve_second(&site, &common).await;
    db.execute(
        "INSERT INTO events (title, start_date, is_published) \
         VALUES ('Harvest Thanksgiving', now() + interval '2 hours', true), \
                ('Unpublished Draft', now() + interval '2 hours', false), \
                ('Next Month', now() + interval '30 days', true)",
        &[],
    )
    .await
    .unwrap();

    let start = Instant::now();
    loop {
        let done = fake
            .requests()
            .iter()
            .map(|r| r.field("to").unwrap_or_default().split(',').count() as i64)
            .sum::<i64>()
            >= phones
            && sink.received().len() as i64 >= addresses;
        if done {
            break;
        }
        assert!(
            start.elapsed() < kanisa_test_db::patient(Duration::from_secs(60)),
            "{}\n{}",
            read(&one_log),
            read(&two_log)
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // The deliveries' outcomes recorded, then several more sweeps (a slot a second, run by
    // either instance): nothing more is sent.
    eventually(
        Duration::from_secs(30),
        "the deliveries recorded",
        || async {
            match count(
                "SELECT count(*) FROM kanisa.jobs WHERE kind IN ('send_sms', 'send_email', \
               'send_broadcast_email') AND state IN ('queued', 'running')",
            )
            .await
            {
                0 => Ok(()),
                busy => Err(format!("{busy} deliveries pending")),
            }
        },
    )
    .await;
    let swept = "SELECT count(*) FROM kanisa.jobs WHERE kind = 'notification_sweep' \
                 AND state = 'done'";
    let before = count(swept).await;
    eventually(Duration::from_secs(30), "three more sweeps", || async {
        match count(swept).await - before {
            n if n >= 3 => Ok(()),
            n => Err(format!("{n} sweeps")),
        }
    })
    .await;

    let mut per_number: HashMap<String, usize> = HashMap::new();
    for r in fake.requests() {
        let text = r.field("message").unwrap_or_default();
        assert!(
            text.contains("this is a reminder of Harvest Thanksgiving on "),
            "{text}"
        );
        for n in r.field("to").unwrap_or_default().split(',') {
            *per_number.entry(n.to_owned()).or_default() += 1;
        }
    }
    assert_eq!(per_number.len() as i64, phones);
    assert!(per_number.contains_key("+254700000001") && per_number.contains_key("+254700000040"));
    assert!(
        per_number.values().all(|n| *n == 1),
        "each number once: {per_number:?}"
    );
    let mail = sink.received();
    assert_eq!(mail.len() as i64, addresses, "one e-mail per member");
    assert!(
        mail.iter()
            .all(|m| m.contains("Subject: Reminder: Harvest Thanksgiving")),
        "{:?}",
        mail.first()
    );
    let row = db
        .query_one(
            "SELECT count(*), min(kind), min(audience_label) FROM kanisa.broadcasts",
            &[],
        )
        .await
        .unwrap();
    assert_eq!(row.get::<_, i64>(0), 1, "one send for one event");
    assert_eq!(row.get::<_, String>(1), "event_reminder");
    let sent: i64 = db
        .query_one(
            "SELECT count(*) FROM kanisa.sms_deliveries WHERE status = 'sent'",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(sent, phones);

    for child in [&mut two, &mut one] {
        kill(Pid::from_raw(child.id().unwrap() as i32), Signal::SIGINT).unwrap();
        let status = wait_exit(child, Duration::from_secs(60)).await;
        assert!(status.success(), "{status}");
    }
}
