//! The remote functions of migration 0003 (POST /rest/v1/rpc/<name>), called the way the table
//! API calls them: by name, with named arguments, against real rows.

use chrono::{DateTime, Datelike, Duration, FixedOffset, Months, NaiveDate, TimeZone, Utc};
use kanisa_test_db::TestDb;
use tokio_postgres::Client;
use uuid::Uuid;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// Africa/Nairobi is UTC+3 all year (no daylight saving), so a fixed offset models it exactly and
/// independently of PostgreSQL's time-zone data.
fn nairobi() -> FixedOffset {
    FixedOffset::east_opt(3 * 3600).unwrap()
}

fn nairobi_today() -> NaiveDate {
    Utc::now().with_timezone(&nairobi()).date_naive()
}

fn first_of_month(d: NaiveDate) -> NaiveDate {
    d.with_day(1).unwrap()
}

fn month_key(d: NaiveDate) -> String {
    format!("{:04}-{:02}", d.year(), d.month())
}

/// Midnight of a Nairobi calendar day, as an instant.
fn nairobi_midnight(d: NaiveDate) -> DateTime<Utc> {
    nairobi()
        .from_local_datetime(&d.and_hms_opt(0, 0, 0).unwrap())
        .unwrap()
        .with_timezone(&Utc)
}

/// The starts of the church's current month, week (Monday) and day.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Periods {
    month: DateTime<Utc>,
    week: DateTime<Utc>,
    day: DateTime<Utc>,
}

fn current_periods() -> Periods {
    let today = nairobi_today();
    let monday = today - Duration::days(i64::from(today.weekday().num_days_from_monday()));
    Periods {
        month: nairobi_midnight(first_of_month(today)),
        week: nairobi_midnight(monday),
        day: nairobi_midnight(today),
    }
}

/// A message of the stats model: (status, created_at (None = now), minutes until the e-mail
/// answer).
type Row = (&'static str, Option<DateTime<Utc>>, Option<i64>);

/// (SQLSTATE, message, detail) of a database error.
fn sql_error(err: &tokio_postgres::Error) -> (String, String, String) {
    let db = err
        .as_db_error()
        .unwrap_or_else(|| panic!("not a database error: {err}"));
    (
        db.code().code().to_owned(),
        db.message().to_owned(),
        db.detail().unwrap_or_default().to_owned(),
    )
}

async fn insert_gift(client: &Client, amount: &str, day: NaiveDate, verified: bool) {
    client
        .execute(
            "INSERT INTO public.giving_records (amount, giving_type, payment_method, giving_date, \
             is_verified) VALUES ($1::text::numeric, 'tithe', 'cash', $2, $3)",
            &[&amount, &day, &verified],
        )
        .await
        .unwrap();
}

async fn monthly_giving(client: &Client, from: Option<NaiveDate>) -> Vec<(String, String)> {
    client
        .query(
            "SELECT month_key, total::text FROM public.get_monthly_giving(from_date => $1)",
            &[&from],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect()
}

fn expected(rows: &[(NaiveDate, &str)]) -> Vec<(String, String)> {
    rows.iter()
        .map(|(d, t)| (month_key(*d), (*t).to_owned()))
        .collect()
}

/// A message as the tests need it; everything else takes the table's defaults.
struct Msg<'a> {
    subject: &'a str,
    status: &'a str,
    department: Option<&'a str>,
    recipient: Option<&'a str>,
    /// None = now() in the database.
    created_at: Option<DateTime<Utc>>,
    email_sent_at: Option<DateTime<Utc>>,
    /// Staff's e-mail reply (migration 0020).
    replied_at: Option<DateTime<Utc>>,
    read_at: Option<DateTime<Utc>>,
}

impl<'a> Msg<'a> {
    fn new(subject: &'a str, status: &'a str) -> Self {
        Msg {
            subject,
            status,
            department: None,
            recipient: None,
            created_at: None,
            email_sent_at: None,
            replied_at: None,
            read_at: None,
        }
    }
}

async fn insert_message(client: &Client, m: &Msg<'_>) -> Uuid {
    client
        .query_one(
            "INSERT INTO public.messages (subject, message, sender_name, status, department, \
             recipient_name, created_at, email_sent_at, read_at, replied_at) \
             VALUES ($1, 'Message text', 'A sender', $2, $3, $4, coalesce($5, now()), $6, $7, $8) \
             RETURNING id",
            &[
                &m.subject,
                &m.status,
                &m.department,
                &m.recipient,
                &m.created_at,
                &m.email_sent_at,
                &m.read_at,
                &m.replied_at,
            ],
        )
        .await
        .unwrap()
        .get(0)
}

/// Subjects returned by get_messages with named arguments (None = SQL NULL).
async fn list(
    client: &Client,
    status: Option<&str>,
    department: Option<&str>,
    recipient: Option<&str>,
    limit: Option<i32>,
) -> Result<Vec<String>, tokio_postgres::Error> {
    Ok(client
        .query(
            "SELECT subject FROM public.get_messages(status => $1, department => $2, \
             recipient_name => $3, \"limit\" => $4)",
            &[&status, &department, &recipient, &limit],
        )
        .await?
        .iter()
        .map(|r| r.get(0))
        .collect())
}

async fn message_state(client: &Client, id: Uuid) -> (String, Option<DateTime<Utc>>) {
    let row = client
        .query_one(
            "SELECT status, read_at FROM public.messages WHERE id = $1",
            &[&id],
        )
        .await
        .unwrap();
    (row.get(0), row.get(1))
}

// ---------------------------------------------------------------------------------------------
// get_monthly_giving
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn monthly_giving_totals_verified_gifts_per_month_with_empty_months_as_zero() {
    let db = TestDb::new().await;
    let client = db.client().await;
    let this_month = first_of_month(nairobi_today());
    let m = |back: u32| this_month - Months::new(back);
    let from = m(3);

    // Before from_date: the last day of the month before.
    insert_gift(&client, "1000.00", from - Duration::days(1), true).await;
    // m-3: two verified gifts and an unverified one that must not count.
    insert_gift(&client, "500.50", from, true).await;
    insert_gift(&client, "250.25", m(3).with_day(28).unwrap(), true).await;
    insert_gift(&client, "9999.00", m(3).with_day(10).unwrap(), false).await;
    // m-2: nothing. m-1: two gifts. This month: one gift on its first day.
    insert_gift(&client, "1200.00", m(1).with_day(28).unwrap(), true).await;
    insert_gift(&client, "300.00", m(1).with_day(2).unwrap(), true).await;
    insert_gift(&client, "42.00", this_month, true).await;

    assert_eq!(
        monthly_giving(&client, Some(from)).await,
        expected(&[
            (m(3), "750.75"),
            (m(2), "0.00"),
            (m(1), "1500.00"),
            (this_month, "42.00"),
        ])
    );

    // Verifying the gift makes it count.
    client
        .execute(
            "UPDATE public.giving_records SET is_verified = true WHERE amount = 9999",
            &[],
        )
        .await
        .unwrap();
    assert_eq!(
        monthly_giving(&client, Some(from)).await[0],
        (month_key(m(3)), "10749.75".to_owned())
    );
}

#[tokio::test]
async fn monthly_giving_starts_on_the_exact_day_and_runs_to_the_last_verified_gift() {
    let db = TestDb::new().await;
    let client = db.client().await;
    let this_month = first_of_month(nairobi_today());
    let two_back = this_month - Months::new(2);
    let from = two_back.with_day(15).unwrap();

    insert_gift(&client, "100.00", two_back.with_day(14).unwrap(), true).await;
    insert_gift(&client, "200.00", from, true).await;
    // A verified gift dated two months ahead (a post-dated cheque) is not left out; an
    // unverified one further ahead does not stretch the series.
    let ahead = this_month + Months::new(2);
    insert_gift(&client, "75.00", ahead.with_day(5).unwrap(), true).await;
    insert_gift(&client, "80.00", this_month + Months::new(4), false).await;

    assert_eq!(
        monthly_giving(&client, Some(from)).await,
        expected(&[
            (two_back, "200.00"),
            (this_month - Months::new(1), "0.00"),
            (this_month, "0.00"),
            (this_month + Months::new(1), "0.00"),
            (ahead, "75.00"),
        ])
    );

    // With no gifts at all, the months up to this one are still there, as zeros.
    client
        .batch_execute("DELETE FROM public.giving_records")
        .await
        .unwrap();
    assert_eq!(
        monthly_giving(&client, Some(from)).await,
        expected(&[
            (two_back, "0.00"),
            (this_month - Months::new(1), "0.00"),
            (this_month, "0.00"),
        ])
    );
    // A start after this month yields nothing.
    assert!(
        monthly_giving(&client, Some(this_month + Months::new(1)))
            .await
            .is_empty()
    );
}

#[tokio::test]
async fn monthly_giving_refuses_a_missing_from_date() {
    let db = TestDb::new().await;
    let client = db.client().await;
    let err = client
        .query(
            "SELECT * FROM public.get_monthly_giving(from_date => $1)",
            &[&None::<NaiveDate>],
        )
        .await
        .unwrap_err();
    let (code, message, _) = sql_error(&err);
    assert_eq!(
        (code.as_str(), message.as_str()),
        ("22023", "from_date is required")
    );
}

/// '-infinity' once made the month series run for the whole statement timeout: dates outside
/// 1900–2100 are refused at once.
#[tokio::test]
async fn monthly_giving_refuses_dates_outside_sensible_years() {
    let db = TestDb::new().await;
    let client = db.client().await;
    for from in [
        "-infinity",
        "infinity",
        "1899-12-31",
        "2101-01-01",
        "4000-01-01",
    ] {
        let err = client
            .query(
                "SELECT * FROM public.get_monthly_giving(from_date => $1::text::date)",
                &[&from],
            )
            .await
            .unwrap_err();
        let (code, message, _) = sql_error(&err);
        assert_eq!(
            (code.as_str(), message.as_str()),
            (
                "22023",
                "from_date must be a date between 1900-01-01 and 2100-12-31"
            ),
            "{from}"
        );
    }
    // A gift dated at the end of time does not stretch the series either.
    client
        .batch_execute(
            "INSERT INTO public.giving_records (amount, giving_type, payment_method, giving_date, \
             is_verified) VALUES (10, 'tithe', 'cash', 'infinity', true)",
        )
        .await
        .unwrap();
    let rows = client
        .query(
            "SELECT * FROM public.get_monthly_giving(from_date => '1900-01-01')",
            &[],
        )
        .await
        .unwrap();
    assert!(rows.len() < 12 * 130, "{} months", rows.len());
}

// ---------------------------------------------------------------------------------------------
// get_messages
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn messages_are_listed_newest_first_and_filtered_exactly() {
    let db = TestDb::new().await;
    let client = db.client().await;
    let t0 = DateTime::parse_from_rfc3339("2026-11-02T09:00:00+03:00")
        .unwrap()
        .with_timezone(&Utc);
    let at = |hours: i64| Some(t0 + Duration::hours(hours));
    for m in [
        Msg {
            department: Some("youth"),
            recipient: Some("Events Committee"),
            created_at: at(0),
            ..Msg::new("youth proposal", "pending")
        },
        Msg {
            department: Some("youth"),
            recipient: Some("Church Secretary"),
            created_at: at(1),
            ..Msg::new("youth report", "completed")
        },
        Msg {
            department: Some("Pastoral"),
            recipient: Some("Pastor"),
            created_at: at(2),
            ..Msg::new("counselling", "read")
        },
        Msg {
            department: Some("Pastoral Care"),
            recipient: Some("Pastoral Care Team"),
            created_at: at(3),
            ..Msg::new("hospital visit", "pending")
        },
        Msg {
            recipient: Some("Pastor"),
            created_at: at(4),
            ..Msg::new("thank you", "sent")
        },
        Msg {
            department: Some("Youth"),
            recipient: Some("Pastor"),
            created_at: at(5),
            ..Msg::new("camp question", "pending")
        },
    ] {
        insert_message(&client, &m).await;
    }

    let all = [
        "camp question",
        "thank you",
        "hospital visit",
        "counselling",
        "youth report",
        "youth proposal",
    ];
    // No arguments at all (every parameter has a default), and explicit NULLs: everything.
    let defaults: Vec<String> = client
        .query("SELECT subject FROM public.get_messages()", &[])
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(defaults, all);
    assert_eq!(list(&client, None, None, None, None).await.unwrap(), all);

    assert_eq!(
        list(&client, Some("pending"), None, None, None)
            .await
            .unwrap(),
        ["camp question", "hospital visit", "youth proposal"]
    );
    // Exact, case-sensitive department: "Youth" is not "youth", "Pastoral" is not "Pastoral Care".
    assert_eq!(
        list(&client, None, Some("youth"), None, None)
            .await
            .unwrap(),
        ["youth report", "youth proposal"]
    );
    assert_eq!(
        list(&client, None, Some("Pastoral"), None, None)
            .await
            .unwrap(),
        ["counselling"]
    );
    assert_eq!(
        list(&client, None, None, Some("Pastor"), None)
            .await
            .unwrap(),
        ["camp question", "thank you", "counselling"]
    );
    // Filters combine.
    assert_eq!(
        list(&client, Some("pending"), Some("youth"), None, None)
            .await
            .unwrap(),
        ["youth proposal"]
    );
    assert_eq!(
        list(&client, Some("read"), None, Some("Pastor"), None)
            .await
            .unwrap(),
        ["counselling"]
    );
    assert!(
        list(&client, Some("failed"), None, None, None)
            .await
            .unwrap()
            .is_empty()
    );
    // limit keeps the newest.
    assert_eq!(
        list(&client, None, None, None, Some(2)).await.unwrap(),
        ["camp question", "thank you"]
    );
    assert_eq!(
        list(&client, Some("pending"), None, None, Some(1))
            .await
            .unwrap(),
        ["camp question"]
    );
    // Whole rows come back: the API answers every column of messages.
    let row = client
        .query_one(
            "SELECT id, status, department, recipient_name, attachments::text \
             FROM public.get_messages(department => 'Pastoral Care')",
            &[],
        )
        .await
        .unwrap();
    assert_eq!(row.get::<_, String>(1), "pending");
    assert_eq!(
        row.get::<_, Option<String>>(3).unwrap(),
        "Pastoral Care Team"
    );
    assert_eq!(row.get::<_, String>(4), "[]");
}

#[tokio::test]
async fn messages_default_to_the_newest_fifty_and_refuse_a_limit_outside_1_to_500() {
    let db = TestDb::new().await;
    let client = db.client().await;
    client
        .batch_execute(
            "INSERT INTO public.messages (subject, message, sender_name, created_at) \
             SELECT 'message ' || n, 'Text', 'Sender', \
                    timestamptz '2026-10-01 08:00+03' + n * interval '1 hour' \
             FROM generate_series(1, 60) AS n",
        )
        .await
        .unwrap();

    let count = |sql: &'static str| {
        let client = &client;
        async move {
            client
                .query(sql, &[])
                .await
                .map(|rows| rows.len())
                .map_err(|e| sql_error(&e))
        }
    };
    assert_eq!(count("SELECT * FROM public.get_messages()").await, Ok(50));
    // An explicit null limit is the default too.
    assert_eq!(
        list(&client, None, None, None, None).await.unwrap().len(),
        50
    );
    let newest = list(&client, None, None, None, None).await.unwrap();
    assert_eq!(newest.first().unwrap(), "message 60");
    assert_eq!(newest.last().unwrap(), "message 11");
    assert_eq!(
        count("SELECT * FROM public.get_messages(\"limit\" => 1)").await,
        Ok(1)
    );
    assert_eq!(
        count("SELECT * FROM public.get_messages(\"limit\" => 500)").await,
        Ok(60)
    );

    for bad in [0, -1, 501, i32::MAX] {
        let err = list(&client, None, None, None, Some(bad))
            .await
            .expect_err(&format!("limit {bad} was accepted"));
        let (code, message, _) = sql_error(&err);
        assert_eq!(code, "22023", "limit {bad}");
        assert_eq!(
            message,
            format!("limit must be between 1 and 500 (got {bad})")
        );
    }
}

// ---------------------------------------------------------------------------------------------
// get_message_stats
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn message_stats_of_an_empty_inbox_are_zeros_and_no_average() {
    let db = TestDb::new().await;
    let client = db.client().await;
    let row = client
        .query_one(
            "SELECT total_messages, pending_messages, sent_messages, failed_messages, \
             messages_this_month, messages_this_week, messages_today, \
             avg_response_time_minutes::text FROM public.get_message_stats()",
            &[],
        )
        .await
        .unwrap();
    for i in 0..7 {
        assert_eq!(row.get::<_, i32>(i), 0, "column {i}");
    }
    assert_eq!(row.get::<_, Option<String>>(7), None);
}

#[tokio::test]
async fn message_stats_count_every_figure_from_real_rows() {
    // Run again if a Nairobi midnight passes while the test runs (the periods would move).
    for _attempt in 0..2 {
        let periods = current_periods();
        let db = TestDb::new().await;
        let client = db.client().await;
        let s = Duration::seconds(1);
        let mins = Duration::minutes;
        let rows: [Row; 7] = [
            ("pending", Some(periods.day), None),
            ("sent", Some(periods.day - s), Some(30)),
            ("sent", Some(periods.week - s), Some(45)),
            ("failed", Some(periods.month), None),
            ("read", Some(periods.month - s), None),
            (
                "completed",
                Some(periods.month - Duration::days(400)),
                Some(20),
            ),
            ("pending", None, None),
        ];
        for (status, created_at, answered) in rows {
            insert_message(
                &client,
                &Msg {
                    created_at,
                    // Staff were notified at once; the response time is to the reply.
                    email_sent_at: created_at.map(|c| c + mins(1)),
                    replied_at: created_at
                        .zip(answered)
                        .map(|(c, minutes)| c + mins(minutes)),
                    ..Msg::new("a message", status)
                },
            )
            .await;
        }
        let stats = client
            .query_one(
                "SELECT total_messages, pending_messages, sent_messages, failed_messages, \
                 messages_this_month, messages_this_week, messages_today, \
                 avg_response_time_minutes::text FROM public.get_message_stats()",
                &[],
            )
            .await
            .unwrap();
        if current_periods() != periods {
            continue;
        }

        // The model: an instant belongs to a period when it is at or after the period's start;
        // the row created "now" belongs to all three.
        let since = |start: DateTime<Utc>| {
            rows.iter()
                .filter(|(_, c, _)| c.is_none_or(|c| c >= start))
                .count() as i32
        };
        let figures: Vec<i32> = (0..7).map(|i| stats.get(i)).collect();
        assert_eq!(
            figures,
            [
                7, // total
                2, // pending
                2, // sent
                1, // failed
                since(periods.month),
                since(periods.week),
                since(periods.day),
            ],
            "periods {periods:?}"
        );
        // Spelled out for today: the row at midnight and the row of now count, the row a second
        // before midnight does not; the row at the start of the month counts only on the 1st.
        let first_of_month = i32::from(periods.day == periods.month);
        assert_eq!(figures[6], 2 + first_of_month);
        // (30 + 45 + 20) / 3 = 31.666... minutes from receipt to reply; the unanswered rows
        // (whose staff notification went out) do not count.
        assert_eq!(stats.get::<_, Option<String>>(7).as_deref(), Some("31.7"));
        return;
    }
    panic!("a Nairobi midnight passed twice during the test");
}

// ---------------------------------------------------------------------------------------------
// update_message_status (Mark Complete)
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn mark_complete_moves_an_open_message_to_completed_exactly_once() {
    let db = TestDb::new().await;
    let client = db.client().await;
    let pending = insert_message(&client, &Msg::new("to complete", "pending")).await;

    let row = client
        .query_one(
            "SELECT id, status, completed_at, read_at, completed_at <= now() \
             FROM public.update_message_status(message_id => $1)",
            &[&pending],
        )
        .await
        .unwrap();
    assert_eq!(row.get::<_, Uuid>(0), pending);
    assert_eq!(row.get::<_, String>(1), "completed");
    assert!(row.get::<_, Option<DateTime<Utc>>>(2).is_some());
    assert_eq!(
        row.get::<_, Option<DateTime<Utc>>>(3),
        None,
        "completing is not reading"
    );
    assert!(row.get::<_, bool>(4));
    assert_eq!(message_state(&client, pending).await.0, "completed");

    let complete = |id: Uuid| {
        let client = &client;
        async move {
            client
                .query_one("SELECT id FROM public.update_message_status($1)", &[&id])
                .await
                .map(|_| ())
                .map_err(|e| sql_error(&e))
        }
    };

    // A second Mark Complete (another staff member, a double click) is told, not ignored.
    let (code, message, detail) = complete(pending).await.unwrap_err();
    assert_eq!(
        (code.as_str(), message.as_str()),
        ("P0001", "Message is already complete")
    );
    assert!(detail.contains("was completed at"), "{detail}");

    // Issue 32: a read, replied (sent) or failed message is completed too, so a request the
    // secretary answered leaves the open list.
    for status in ["read", "sent", "failed"] {
        let id = insert_message(&client, &Msg::new("answered", status)).await;
        complete(id).await.unwrap();
        assert_eq!(message_state(&client, id).await.0, "completed", "{status}");
        let (code, _, _) = complete(id).await.unwrap_err();
        assert_eq!(code, "P0001", "{status} completed once");
    }

    let (code, message, _) = complete(Uuid::new_v4()).await.unwrap_err();
    assert_eq!(
        (code.as_str(), message.as_str()),
        ("PT404", "Message not found")
    );
    let err = client
        .query_one(
            "SELECT * FROM public.update_message_status($1)",
            &[&None::<Uuid>],
        )
        .await
        .unwrap_err();
    assert_eq!(sql_error(&err).0, "22023");
}

// ---------------------------------------------------------------------------------------------
// mark_message_read
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn mark_read_keeps_the_first_read_time_and_moves_only_pending_to_read() {
    let db = TestDb::new().await;
    let client = db.client().await;
    let mark = |id: Uuid| {
        let client = &client;
        async move {
            client
                .execute("SELECT public.mark_message_read(message_id => $1)", &[&id])
                .await
                .map(|_| ())
                .map_err(|e| sql_error(&e))
        }
    };
    let updated_at = |id: Uuid| {
        let client = &client;
        async move {
            client
                .query_one(
                    "SELECT updated_at FROM public.messages WHERE id = $1",
                    &[&id],
                )
                .await
                .unwrap()
                .get::<_, DateTime<Utc>>(0)
        }
    };

    let pending = insert_message(&client, &Msg::new("new", "pending")).await;
    mark(pending).await.unwrap();
    let (status, first_read) = message_state(&client, pending).await;
    assert_eq!(status, "read");
    let first_read = first_read.expect("read_at is set");
    let touched = updated_at(pending).await;
    // Reading it again (in a later transaction, so now() differs) changes nothing at all.
    mark(pending).await.unwrap();
    assert_eq!(
        message_state(&client, pending).await,
        ("read".to_owned(), Some(first_read))
    );
    assert_eq!(updated_at(pending).await, touched);

    // A message answered before anyone opened it gets its read time, and keeps its status.
    let sent = insert_message(&client, &Msg::new("answered", "sent")).await;
    mark(sent).await.unwrap();
    let (status, read_at) = message_state(&client, sent).await;
    assert_eq!(status, "sent");
    assert!(read_at.is_some());

    // Already read earlier: the first read time stays.
    let earlier = DateTime::parse_from_rfc3339("2026-01-05T10:00:00+03:00")
        .unwrap()
        .with_timezone(&Utc);
    let completed = insert_message(
        &client,
        &Msg {
            read_at: Some(earlier),
            ..Msg::new("done", "completed")
        },
    )
    .await;
    mark(completed).await.unwrap();
    assert_eq!(
        message_state(&client, completed).await,
        ("completed".to_owned(), Some(earlier))
    );

    // A pending message that somehow carries a read time keeps it and becomes read.
    let odd = insert_message(
        &client,
        &Msg {
            read_at: Some(earlier),
            ..Msg::new("odd", "pending")
        },
    )
    .await;
    mark(odd).await.unwrap();
    assert_eq!(
        message_state(&client, odd).await,
        ("read".to_owned(), Some(earlier))
    );

    let (code, message, detail) = mark(Uuid::new_v4()).await.unwrap_err();
    assert_eq!(
        (code.as_str(), message.as_str()),
        ("PT404", "Message not found")
    );
    assert!(detail.starts_with("No message has the id "), "{detail}");
}

// ---------------------------------------------------------------------------------------------
// Rights: the caller's policies apply (SECURITY INVOKER), and nobody may call by default.
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn the_functions_run_with_the_callers_rights_and_row_policies() {
    let db = TestDb::new().await;
    let client = db.client().await;
    let youth = insert_message(
        &client,
        &Msg {
            department: Some("youth"),
            ..Msg::new("youth", "pending")
        },
    )
    .await;
    let choir = insert_message(
        &client,
        &Msg {
            department: Some("choir"),
            ..Msg::new("choir", "pending")
        },
    )
    .await;
    let deacons = insert_message(
        &client,
        &Msg {
            department: Some("deacons"),
            ..Msg::new("deacons", "pending")
        },
    )
    .await;

    // A role of its own (roles belong to the cluster): it may read youth and choir messages and
    // change youth messages only.
    let role = format!("rpc_caller_{}", Uuid::new_v4().simple());
    client
        .batch_execute(&format!(
            "CREATE ROLE {role} NOLOGIN;
             GRANT USAGE ON SCHEMA public TO {role};
             GRANT SELECT, UPDATE ON public.messages TO {role};
             GRANT SELECT ON public.message_stats TO {role};
             GRANT EXECUTE ON FUNCTION public.get_messages(text, text, text, integer),
               public.get_message_stats(), public.update_message_status(uuid),
               public.mark_message_read(uuid) TO {role};
             ALTER TABLE public.messages ENABLE ROW LEVEL SECURITY;
             CREATE POLICY rpc_test_read ON public.messages FOR SELECT TO {role}
               USING (department IN ('youth', 'choir'));
             CREATE POLICY rpc_test_change ON public.messages FOR UPDATE TO {role}
               USING (department = 'youth');
             SET ROLE {role};"
        ))
        .await
        .unwrap();

    let seen = list(&client, None, None, None, None).await.unwrap();
    assert_eq!(seen.len(), 2);
    assert!(!seen.contains(&"deacons".to_owned()));
    let stats = client
        .query_one(
            "SELECT total_messages, pending_messages FROM public.get_message_stats()",
            &[],
        )
        .await
        .unwrap();
    assert_eq!((stats.get::<_, i32>(0), stats.get::<_, i32>(1)), (2, 2));

    let complete = |id: Uuid| {
        let client = &client;
        async move {
            client
                .query_one("SELECT id FROM public.update_message_status($1)", &[&id])
                .await
                .map(|_| ())
                .map_err(|e| sql_error(&e))
        }
    };
    let mark = |id: Uuid| {
        let client = &client;
        async move {
            client
                .execute("SELECT public.mark_message_read($1)", &[&id])
                .await
                .map(|_| ())
                .map_err(|e| sql_error(&e))
        }
    };
    // A message the caller may not see does not exist for it.
    assert_eq!(complete(deacons).await.unwrap_err().1, "Message not found");
    assert_eq!(mark(deacons).await.unwrap_err().1, "Message not found");
    // One it may see but not change: permission denied, and nothing changes.
    assert_eq!(complete(choir).await.unwrap_err().0, "42501");
    assert_eq!(mark(choir).await.unwrap_err().0, "42501");
    // One it may change.
    mark(youth).await.unwrap();
    client.batch_execute("RESET ROLE").await.unwrap();
    assert_eq!(message_state(&client, youth).await.0, "read");
    assert_eq!(
        message_state(&client, choir).await,
        ("pending".to_owned(), None)
    );
    assert_eq!(
        message_state(&client, deacons).await,
        ("pending".to_owned(), None)
    );

    client
        .batch_execute(&format!("DROP OWNED BY {role}; DROP ROLE {role};"))
        .await
        .unwrap();
}

#[tokio::test]
async fn the_functions_are_locked_down_typed_and_documented() {
    let db = TestDb::new().await;
    let client = db.client().await;
    // Print type names fully qualified.
    client.batch_execute("SET search_path = ''").await.unwrap();
    let rows = client
        .query(
            "SELECT p.proname::text, pg_catalog.pg_get_function_identity_arguments(p.oid), \
                    pg_catalog.pg_get_function_result(p.oid), p.provolatile::text, p.proretset, \
                    p.prosecdef, p.proconfig, \
                    pg_catalog.has_function_privilege('anon', p.oid, 'EXECUTE'), \
                    pg_catalog.has_function_privilege('authenticated', p.oid, 'EXECUTE'), \
                    pg_catalog.has_function_privilege('service_role', p.oid, 'EXECUTE'), \
                    p.proacl IS NOT NULL AND NOT EXISTS ( \
                      SELECT 1 FROM pg_catalog.aclexplode(p.proacl) AS a WHERE a.grantee = 0), \
                    pg_catalog.obj_description(p.oid, 'pg_proc') \
             FROM pg_catalog.pg_proc AS p \
             WHERE p.pronamespace = 'public'::pg_catalog.regnamespace \
               AND p.proname IN ('get_monthly_giving', 'get_messages', 'get_message_stats', \
                                 'update_message_status', 'mark_message_read') \
             ORDER BY p.proname",
            &[],
        )
        .await
        .unwrap();
    // (name, identity arguments, result, volatility, returns a set)
    let want = [
        ("get_message_stats", "", "public.message_stats", "s", false),
        (
            "get_messages",
            "status text, department text, recipient_name text, \"limit\" integer",
            "SETOF public.messages",
            "s",
            true,
        ),
        (
            "get_monthly_giving",
            "from_date date",
            "TABLE(month_key text, total numeric)",
            "s",
            true,
        ),
        ("mark_message_read", "message_id uuid", "void", "v", false),
        (
            "update_message_status",
            "message_id uuid",
            "public.messages",
            "v",
            false,
        ),
    ];
    assert_eq!(
        rows.len(),
        want.len(),
        "one function per name, no overloads"
    );
    for (row, (name, args, result, volatility, set)) in rows.iter().zip(want) {
        assert_eq!(row.get::<_, String>(0), name);
        assert_eq!(row.get::<_, String>(1), args, "{name} arguments");
        assert_eq!(row.get::<_, String>(2), result, "{name} result");
        assert_eq!(row.get::<_, String>(3), volatility, "{name} volatility");
        assert_eq!(row.get::<_, bool>(4), set, "{name} returns a set");
        assert!(!row.get::<_, bool>(5), "{name} must be SECURITY INVOKER");
        assert_eq!(
            row.get::<_, Option<Vec<String>>>(6),
            Some(vec!["search_path=\"\"".to_owned()]),
            "{name} pins an empty search_path"
        );
        assert!(!row.get::<_, bool>(7), "anon may execute {name}");
        assert!(
            row.get::<_, bool>(8),
            "authenticated may not execute {name} (policies/functions.sql grants it)"
        );
        assert!(row.get::<_, bool>(9), "service_role may not execute {name}");
        assert!(row.get::<_, bool>(10), "PUBLIC may execute {name}");
        let comment = row.get::<_, Option<String>>(11).unwrap_or_default();
        assert!(comment.len() > 40, "{name} has no useful comment");
    }

    // A role without the grant is refused by PostgreSQL itself.
    client.batch_execute("SET ROLE anon").await.unwrap();
    let err = client
        .query("SELECT * FROM public.get_message_stats()", &[])
        .await
        .unwrap_err();
    assert_eq!(sql_error(&err).0, "42501");
    client.batch_execute("RESET ROLE").await.unwrap();

    // What the API will serialise: the stats are one object with exactly the eight figures.
    let mut keys: Vec<String> = client
        .query(
            "SELECT pg_catalog.jsonb_object_keys(pg_catalog.to_jsonb(public.get_message_stats()))",
            &[],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    keys.sort();
    assert_eq!(
        keys,
        [
            "avg_response_time_minutes",
            "failed_messages",
            "messages_this_month",
            "messages_this_week",
            "messages_today",
            "pending_messages",
            "sent_messages",
            "total_messages",
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// The demo congregation
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn the_demo_data_reads_the_same_through_the_functions_as_through_the_tables() {
    let db = TestDb::with_demo().await;
    let client = db.client().await;
    // The demo's year of giving follows the day it was loaded: from its first month.
    let first_gift: NaiveDate = client
        .query_one("SELECT min(giving_date) FROM public.giving_records", &[])
        .await
        .unwrap()
        .get(0);
    let from = first_of_month(first_gift);

    // The financial dashboard's fallback: verified records since from_date, summed by month.
    let fallback: Vec<(String, String)> = client
        .query(
            "SELECT to_char(giving_date, 'YYYY-MM'), sum(amount)::text FROM public.giving_records \
             WHERE is_verified AND NOT is_simulated AND giving_date >= $1 GROUP BY 1 ORDER BY 1",
            &[&from],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    assert!(fallback.len() >= 6, "the demo seed has a year of giving");
    let rows = monthly_giving(&client, Some(from)).await;
    let non_zero: Vec<(String, String)> = rows
        .iter()
        .filter(|(_, total)| total != "0.00")
        .cloned()
        .collect();
    assert_eq!(non_zero, fallback);
    // Contiguous months from the first gift's to at least this month.
    let mut month = from;
    for (key, _) in &rows {
        assert_eq!(*key, month_key(month));
        month = month + Months::new(1);
    }
    assert!(month > first_of_month(nairobi_today()));
    // The seed holds unverified gifts in its last month; they are not in its total.
    let unverified: i64 = client
        .query_one(
            "SELECT count(*) FROM public.giving_records WHERE NOT is_verified \
             AND giving_date >= $1",
            &[&from],
        )
        .await
        .unwrap()
        .get(0);
    assert!(unverified > 0);

    // The message list is the table, newest first, 50 at most.
    let by_table: Vec<Uuid> = client
        .query(
            "SELECT id FROM public.messages ORDER BY created_at DESC, id DESC LIMIT 50",
            &[],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    let by_function: Vec<Uuid> = client
        .query("SELECT id FROM public.get_messages()", &[])
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert!(!by_table.is_empty());
    assert_eq!(by_function, by_table);

    // The stats are the message_stats view's row.
    let same: bool = client
        .query_one(
            "SELECT to_jsonb(public.get_message_stats()) = \
                    (SELECT to_jsonb(s) FROM public.message_stats AS s)",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert!(same);
    let totals = client
        .query_one(
            "SELECT (SELECT total_messages FROM public.get_message_stats()), \
                    (SELECT count(*)::int FROM public.messages)",
            &[],
        )
        .await
        .unwrap();
    assert_eq!(totals.get::<_, i32>(0), totals.get::<_, i32>(1));
}

// ---------------------------------------------------------------------------------------------
// import_members
// ---------------------------------------------------------------------------------------------

async fn import(client: &Client, rows: serde_json::Value, apply: bool) -> serde_json::Value {
    client
        .query_one("SELECT public.import_members($1, $2)", &[&rows, &apply])
        .await
        .unwrap()
        .get(0)
}

#[tokio::test]
async fn a_member_import_is_previewed_row_by_row_then_applied_whole() {
    let db = TestDb::new().await;
    let client = db.client().await;
    client
        .batch_execute(
            "INSERT INTO public.members (membership_number, first_name, last_name, phone) \
             VALUES ('M-001', 'Old', 'Name', '0700 000 001')",
        )
        .await
        .unwrap();
    let rows = serde_json::json!([
        {"membership_number": "M-001", "first_name": "Grace", "last_name": "Achieng",
         "email": "grace@example.org", "marital_status": "Married", "date_of_birth": "1980-02-29"},
        {"membership_number": "M-002", "first_name": "Peter", "last_name": "Otieno",
         "emergency_contact_name": "Mary", "emergency_contact_phone": "0711 000 000", "is_active": "no"},
        {"membership_number": "", "first_name": "Ann", "last_name": "Wambui", "phone": ""},
        {"membership_number": "M-003", "first_name": "", "last_name": "Nameless"},
        {"membership_number": "M-004", "first_name": "Bad", "last_name": "Date", "baptism_date": "2023-02-30"},
        {"membership_number": "M-005", "first_name": "Bad", "last_name": "Status", "marital_status": "complicated"},
        {"membership_number": "M-002", "first_name": "Twice", "last_name": "Listed"},
        {"membership_number": "M-006", "first_name": "Bad", "last_name": "Mail", "email": "not-an-address"}
    ]);
    let preview = import(&client, rows.clone(), false).await;
    assert_eq!(
        (
            &preview["added"],
            &preview["updated"],
            &preview["refused"],
            &preview["applied"]
        ),
        (
            &serde_json::json!(2),
            &serde_json::json!(1),
            &serde_json::json!(5),
            &serde_json::json!(false)
        ),
        "{preview}"
    );
    let reasons: Vec<(i64, String, String)> = preview["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["line"].as_i64().unwrap(),
                r["action"].as_str().unwrap().to_owned(),
                r["reason"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect();
    assert_eq!(reasons[0], (2, "update".into(), String::new()));
    assert_eq!(reasons[1], (3, "add".into(), String::new()));
    assert_eq!(reasons[2], (4, "add".into(), String::new()));
    assert_eq!(reasons[3].2, "First name and last name are required");
    assert_eq!(
        reasons[4].2,
        "Bad date in baptism_date: \"2023-02-30\" (use YYYY-MM-DD)"
    );
    assert!(
        reasons[5]
            .2
            .starts_with("Unknown marital status \"complicated\""),
        "{reasons:?}"
    );
    assert_eq!(
        reasons[6].2,
        "Duplicate membership number M-002 in the file"
    );
    assert_eq!(reasons[7].2, "Not an e-mail address: \"not-an-address\"");
    let count = |sql: &'static str| {
        let client = &client;
        async move { client.query_one(sql, &[]).await.unwrap().get::<_, i64>(0) }
    };
    assert_eq!(
        count("SELECT count(*) FROM public.members").await,
        1,
        "a preview writes nothing"
    );

    let applied = import(&client, rows, true).await;
    assert_eq!(applied["applied"], true);
    assert_eq!(count("SELECT count(*) FROM public.members").await, 3);
    let grace: (String, Option<String>, String, Option<String>) = {
        let r = client
            .query_one(
                "SELECT first_name, marital_status, date_of_birth::text, phone \
                 FROM public.members WHERE membership_number = 'M-001'",
                &[],
            )
            .await
            .unwrap();
        (r.get(0), r.get(1), r.get(2), r.get(3))
    };
    assert_eq!(
        grace,
        (
            "Grace".into(),
            Some("married".into()),
            "1980-02-29".into(),
            None
        ),
        "an update replaces the row's fields; empty ones become NULL"
    );
    let peter: (bool, serde_json::Value) = {
        let r = client
            .query_one(
                "SELECT is_active, emergency_contact FROM public.members WHERE membership_number = 'M-002'",
                &[],
            )
            .await
            .unwrap();
        (r.get(0), r.get(1))
    };
    assert_eq!(
        peter,
        (
            false,
            serde_json::json!({"name": "Mary", "phone": "+254711000000"})
        )
    );
    assert_eq!(
        count("SELECT count(*) FROM public.members WHERE membership_number IS NULL AND phone IS NULL AND first_name = 'Ann'").await,
        1
    );

    // One transaction: a row the database refuses (here a CHECK the import does not know)
    // leaves nothing of the import behind.
    client
        .batch_execute(
            "ALTER TABLE public.members ADD CONSTRAINT test_no_zed CHECK (first_name <> 'Zed')",
        )
        .await
        .unwrap();
    let err = client
        .query_one(
            "SELECT public.import_members($1, true)",
            &[&serde_json::json!([
                {"first_name": "Fine", "last_name": "Row"},
                {"first_name": "Zed", "last_name": "Refused"}
            ])],
        )
        .await
        .unwrap_err();
    assert!(
        err.to_string().contains("test_no_zed") || err.as_db_error().is_some(),
        "{err}"
    );
    assert_eq!(
        count("SELECT count(*) FROM public.members WHERE first_name = 'Fine'").await,
        0
    );
    // Too many rows, or not an array, is refused with a message.
    let many = serde_json::Value::Array(vec![
        serde_json::json!({"first_name": "A", "last_name": "B"});
        5001
    ]);
    let err = client
        .query_one("SELECT public.import_members($1)", &[&many])
        .await
        .unwrap_err();
    assert_eq!(sql_error(&err).1, "An import takes at most 5,000 members");
}

// ---------------------------------------------------------------------------------------------
// get_finance_overview
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn the_finance_overview_equals_independent_sums_past_a_thousand_gifts() {
    let db = TestDb::new().await;
    let client = db.client().await;
    let today = nairobi_today();
    // 5,000 gifts over two years: verified and not, demo and not, anonymous and not. On the first
    // day of a month (or a year) none of them may count yet: the overview says 0, not nothing.
    client
        .batch_execute(&format!(
            "INSERT INTO public.members (first_name, last_name) VALUES ('Giver', 'One');
             INSERT INTO public.giving_records (member_id, amount, giving_date, is_verified, is_simulated)
             SELECT CASE WHEN i % 4 = 0 THEN NULL ELSE (SELECT id FROM public.members LIMIT 1) END,
                    (i % 97) + 1, DATE '{today}' - (i % 730), i % 5 <> 0, i % 11 = 0
               FROM generate_series(1, 5000) AS i;
             INSERT INTO public.budgets (category, allocated_amount, year)
             VALUES ('utilities', 10000, extract(year FROM DATE '{today}')::int),
                    ('missions', 5000, extract(year FROM DATE '{today}')::int),
                    ('other', 999, extract(year FROM DATE '{today}')::int - 1);
             INSERT INTO public.expenses (description, amount, expense_date, is_approved, category)
             VALUES ('light', 1200, DATE '{today}', true, 'utilities'),
                    ('not yet', 800, DATE '{today}', false, 'utilities'),
                    ('last year', 300, DATE '{today}' - 400, true, 'utilities');"
        ))
        .await
        .unwrap();
    let got = client
        .query_one(
            "SELECT giving_all_time::text, giving_this_month::text, giving_this_year::text, \
                    anonymous_this_year::text, gifts_this_month, allocated_this_year::text, \
                    spent_this_year::text FROM public.get_finance_overview()",
            &[],
        )
        .await
        .unwrap();
    let expected = client
        .query_one(
            "WITH g AS (SELECT * FROM public.giving_records WHERE is_verified AND NOT is_simulated), \
                  d AS (SELECT $1::date AS today) \
             SELECT (SELECT coalesce(sum(amount), 0) FROM g)::text, \
                    (SELECT coalesce(sum(amount), 0) FROM g, d WHERE date_trunc('month', giving_date) = date_trunc('month', d.today) AND giving_date <= d.today)::text, \
                    (SELECT coalesce(sum(amount), 0) FROM g, d WHERE extract(year FROM giving_date) = extract(year FROM d.today) AND giving_date <= d.today)::text, \
                    (SELECT coalesce(sum(amount), 0) FROM g, d WHERE member_id IS NULL AND extract(year FROM giving_date) = extract(year FROM d.today) AND giving_date <= d.today)::text, \
                    (SELECT count(*) FROM g, d WHERE date_trunc('month', giving_date) = date_trunc('month', d.today) AND giving_date <= d.today), \
                    '15000.00', '1200.00'",
            &[&today],
        )
        .await
        .unwrap();
    for i in 0..7 {
        if i == 4 {
            assert_eq!(
                got.get::<_, i64>(i),
                expected.get::<_, i64>(i),
                "column {i}"
            );
        } else {
            assert_eq!(
                got.get::<_, String>(i),
                expected.get::<_, String>(i),
                "column {i}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Issue 31: paybill receipts in any case, and the one way to correct a paid gift
// ---------------------------------------------------------------------------------------------

/// `kanisa.record_paybill_gift` as the confirmation endpoint calls it; the payment's id, or
/// None for a transaction recorded before.
async fn record_paybill(client: &Client, trans_id: &str, amount: &str) -> Option<Uuid> {
    client
        .query_one(
            "SELECT kanisa.record_paybill_gift('mpesa', $1, $2::text::numeric, '254712345678', \
             'TITHE', 'tithe', now(), 'Jane Doe', '{}'::jsonb)",
            &[&trans_id, &amount],
        )
        .await
        .unwrap()
        .get(0)
}

#[tokio::test]
async fn a_paybill_transaction_is_recorded_once_whatever_its_case_or_spaces() {
    let db = TestDb::new().await;
    let client = db.client().await;
    assert!(
        record_paybill(&client, " prb0000001 ", "100")
            .await
            .is_some()
    );
    for again in ["PRB0000001", "prb0000001", "Prb0000001\t"] {
        assert_eq!(
            record_paybill(&client, again, "100").await,
            None,
            "{again:?}"
        );
    }
    let receipts: Vec<(String, String)> = client
        .query(
            "SELECT p.receipt_number, g.transaction_id FROM public.payment_logs p \
               JOIN public.giving_records g ON g.payment_id = p.id",
            &[],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    assert_eq!(
        receipts,
        [("PRB0000001".to_owned(), "PRB0000001".to_owned())],
        "stored once, upper case"
    );
    // A payment time from the end of the world is not believed: the gift gets today.
    client
        .query_one(
            "SELECT kanisa.record_paybill_gift('mpesa', 'PRB0000002', 50, '254712345678', 'TITHE', \
             'tithe', '2999-01-01T00:00:00Z', 'Jane Doe', '{}'::jsonb)",
            &[],
        )
        .await
        .unwrap();
    let day: NaiveDate = client
        .query_one(
            "SELECT giving_date FROM public.giving_records WHERE transaction_id = 'PRB0000002'",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert!(
        (day - nairobi_today()).num_days().abs() <= 1,
        "{day} is not today"
    );
}

#[tokio::test]
async fn reassign_gift_is_locked_down_and_refuses_callers_without_manage_donations() {
    let db = TestDb::new().await;
    let mut client = db.client().await;
    let row = client
        .query_one(
            "SELECT p.prosecdef, p.proconfig, p.provolatile::text, \
                    has_function_privilege('anon', p.oid, 'EXECUTE'), \
                    has_function_privilege('authenticated', p.oid, 'EXECUTE'), \
                    obj_description(p.oid, 'pg_proc') \
               FROM pg_proc p \
              WHERE p.oid = 'public.reassign_gift(uuid, text, uuid, text)'::regprocedure",
            &[],
        )
        .await
        .unwrap();
    assert!(
        row.get::<_, bool>(0),
        "SECURITY DEFINER: it writes what the API may not"
    );
    assert_eq!(
        row.get::<_, Option<Vec<String>>>(1),
        Some(vec!["search_path=\"\"".to_owned()])
    );
    assert_eq!(row.get::<_, String>(2), "v");
    assert!(!row.get::<_, bool>(3), "anon may not call it");
    assert!(row.get::<_, bool>(4), "policies/functions.sql grants it");
    assert!(row.get::<_, Option<String>>(5).unwrap_or_default().len() > 80);

    // A signed-in user without manage_donations is refused before anything is read.
    let payment = record_paybill(&client, "RKT0000031", "700").await.unwrap();
    let tx = client.transaction().await.unwrap();
    tx.batch_execute(
        "SELECT set_config('request.jwt.claims', '{\"role\": \"authenticated\"}', true), \
                set_config('request.jwt.claim.role', 'authenticated', true); \
         SET LOCAL ROLE authenticated;",
    )
    .await
    .unwrap();
    let err = tx
        .query_one(
            "SELECT public.reassign_gift(gift => (SELECT id FROM public.giving_records LIMIT 1), \
                                         reason => 'x')",
            &[],
        )
        .await
        .unwrap_err();
    assert_eq!(sql_error(&err).0, "42501");
    drop(tx);
    let member: Option<Uuid> = client
        .query_one(
            "SELECT member_id FROM public.giving_records WHERE payment_id = $1",
            &[&payment],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(member, None, "unchanged");
}
