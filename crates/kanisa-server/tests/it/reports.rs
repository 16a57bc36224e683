//! Reports and Analytics (`get_report`, migration 0022, issue 20) through the HTTP API: a
//! generated congregation (members, ministries, gifts, expenses, Sabbaths, messages, sends) is
//! written, and every figure of every tab, for each of the four periods, must equal what this
//! test computes itself from the same rows in Rust. Two different datasets are checked, so no
//! figure can be fixed; a role without view_reports is refused.

use chrono::{Datelike, Duration, Months, NaiveDate};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use uuid::Uuid;

use crate::TestApp;
use crate::policies::user;

/// A small deterministic generator (no figure depends on the clock beyond "today").
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next(100) < percent
    }
}

struct Member {
    id: Uuid,
    joined: NaiveDate,
    born: Option<NaiveDate>,
    active: bool,
}
struct Gift {
    day: NaiveDate,
    amount: i64,
    kind: &'static str,
    counted: bool,
}
struct Expense {
    day: NaiveDate,
    amount: i64,
    approved: bool,
}
struct Sabbath {
    day: NaiveDate,
    school: i64,
    children: i64,
    youth: i64,
    adults: i64,
}
struct Msg {
    day: NaiveDate,
    source: &'static str,
    status: &'static str,
    /// Minutes to staff's reply, and the reply's day.
    replied: Option<(i64, NaiveDate)>,
}
struct Delivery {
    day: NaiveDate,
    sms: bool,
    status: &'static str,
}

/// One count of a Sabbath.
type Count = fn(&Sabbath) -> i64;

struct Data {
    members: Vec<Member>,
    links: Vec<(Uuid, usize)>,
    gifts: Vec<Gift>,
    expenses: Vec<Expense>,
    sabbaths: Vec<Sabbath>,
    messages: Vec<Msg>,
    deliveries: Vec<Delivery>,
}

const KINDS: [&str; 5] = [
    "tithe",
    "offering",
    "special_project",
    "building_fund",
    "missions",
];
const MINISTRIES: [&str; 3] = ["Report Choir", "Report Youth", "Report Health"];

fn generate(seed: u64, today: NaiveDate) -> Data {
    let mut r = Lcg(seed);
    let ago = |r: &mut Lcg, days: u64| today - Duration::days(r.next(days) as i64);
    let members: Vec<Member> = (0..40 + r.next(30))
        .map(|_| Member {
            id: Uuid::new_v4(),
            joined: ago(&mut r, 500),
            born: (!r.chance(10)).then(|| {
                NaiveDate::from_ymd_opt(1940 + r.next(85) as i32, 1 + r.next(12) as u32, 1).unwrap()
            }),
            active: r.chance(85),
        })
        .collect();
    let mut links = Vec::new();
    for m in &members {
        for (i, _) in MINISTRIES.iter().enumerate() {
            if r.chance(30) {
                links.push((m.id, i));
            }
        }
    }
    let gifts = (0..200 + r.next(150))
        .map(|_| Gift {
            day: ago(&mut r, 430),
            amount: 100 + r.next(9_900) as i64,
            kind: KINDS[r.next(5) as usize],
            counted: r.chance(80),
        })
        .collect();
    let expenses = (0..40 + r.next(30))
        .map(|_| Expense {
            day: ago(&mut r, 430),
            amount: 500 + r.next(20_000) as i64,
            approved: r.chance(60),
        })
        .collect();
    // Saturdays going back 60 weeks, some missed.
    let last_saturday =
        today - Duration::days((today.weekday().num_days_from_monday() as i64 + 2) % 7);
    let mut sabbaths = Vec::new();
    for w in 0..60 {
        if r.chance(85) {
            sabbaths.push(Sabbath {
                day: last_saturday - Duration::weeks(w),
                school: 20 + r.next(80) as i64,
                children: r.next(40) as i64,
                youth: r.next(50) as i64,
                adults: 30 + r.next(150) as i64,
            });
        }
    }
    let statuses = ["pending", "sent", "read", "completed", "failed"];
    let messages = (0..60 + r.next(40))
        .map(|_| {
            let day = ago(&mut r, 400);
            let replied = r.chance(40).then(|| {
                let minutes = 5 + r.next(3_000) as i64;
                (minutes, day)
            });
            Msg {
                day,
                source: if r.chance(70) { "website" } else { "admin" },
                status: statuses[r.next(5) as usize],
                replied,
            }
        })
        .collect();
    let delivery_statuses = ["sent", "delivered", "failed", "simulated", "queued"];
    let deliveries = (0..30 + r.next(20))
        .map(|_| {
            let sms = r.chance(60);
            let status = delivery_statuses[r.next(5) as usize];
            Delivery {
                day: ago(&mut r, 400),
                sms,
                status: if !sms && status == "delivered" {
                    "sent"
                } else {
                    status
                },
            }
        })
        .collect();
    Data {
        members,
        links,
        gifts,
        expenses,
        sabbaths,
        messages,
        deliveries,
    }
}

/// 10:00 in Nairobi on `day`, as SQL text.
fn at(day: NaiveDate) -> String {
    format!("{day} 10:00:00+03")
}

async fn write(sql: &kanisa_pg::tokio_postgres::Client, d: &Data) {
    let ids: Vec<Uuid> = d.members.iter().map(|m| m.id).collect();
    let joined: Vec<String> = d.members.iter().map(|m| at(m.joined)).collect();
    let born: Vec<Option<NaiveDate>> = d.members.iter().map(|m| m.born).collect();
    let active: Vec<bool> = d.members.iter().map(|m| m.active).collect();
    sql.execute(
        "INSERT INTO members (id, first_name, last_name, created_at, date_of_birth, is_active) \
         SELECT i, 'Report', 'Member', j::timestamptz, b, a \
           FROM unnest($1::uuid[], $2::text[], $3::date[], $4::bool[]) AS u (i, j, b, a)",
        &[&ids, &joined, &born, &active],
    )
    .await
    .unwrap();
    let names: Vec<&str> = MINISTRIES.to_vec();
    let ministry_ids: Vec<Uuid> = sql
        .query(
            "INSERT INTO ministries (name, category) SELECT n, 'support' FROM unnest($1::text[]) \
             WITH ORDINALITY AS u (n, o) ORDER BY o RETURNING id",
            &[&names],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    let link_members: Vec<Uuid> = d.links.iter().map(|l| l.0).collect();
    let link_ministries: Vec<Uuid> = d.links.iter().map(|l| ministry_ids[l.1]).collect();
    sql.execute(
        "INSERT INTO member_ministries (member_id, ministry_id) \
         SELECT * FROM unnest($1::uuid[], $2::uuid[])",
        &[&link_members, &link_ministries],
    )
    .await
    .unwrap();
    let days: Vec<NaiveDate> = d.gifts.iter().map(|g| g.day).collect();
    let amounts: Vec<i64> = d.gifts.iter().map(|g| g.amount).collect();
    let kinds: Vec<&str> = d.gifts.iter().map(|g| g.kind).collect();
    // Not counted: unverified, or (one in four of those) a demo gift that is verified.
    let verified: Vec<bool> = d
        .gifts
        .iter()
        .enumerate()
        .map(|(i, g)| g.counted || i % 4 == 0)
        .collect();
    let simulated: Vec<bool> = d
        .gifts
        .iter()
        .enumerate()
        .map(|(i, g)| !g.counted && i % 4 == 0)
        .collect();
    sql.execute(
        "INSERT INTO giving_records (giving_date, amount, giving_type, is_verified, is_simulated) \
         SELECT * FROM unnest($1::date[], $2::bigint[], $3::text[], $4::bool[], $5::bool[])",
        &[&days, &amounts, &kinds, &verified, &simulated],
    )
    .await
    .unwrap();
    let days: Vec<NaiveDate> = d.expenses.iter().map(|e| e.day).collect();
    let amounts: Vec<i64> = d.expenses.iter().map(|e| e.amount).collect();
    let approved: Vec<bool> = d.expenses.iter().map(|e| e.approved).collect();
    sql.execute(
        "INSERT INTO expenses (expense_date, amount, description, is_approved, status) \
         SELECT d, a, 'report test', ok, CASE WHEN ok THEN 'approved' ELSE 'pending' END \
           FROM unnest($1::date[], $2::bigint[], $3::bool[]) AS u (d, a, ok)",
        &[&days, &amounts, &approved],
    )
    .await
    .unwrap();
    for s in &d.sabbaths {
        sql.execute(
            "INSERT INTO attendance_aggregates (attendance_date, sabbath_school_count, \
               divine_children_count, divine_youth_count, divine_adults_count) \
             VALUES ($1, $2::bigint, $3::bigint, $4::bigint, $5::bigint)",
            &[&s.day, &s.school, &s.children, &s.youth, &s.adults],
        )
        .await
        .unwrap();
    }
    for m in &d.messages {
        let minutes: Option<i32> = m.replied.map(|(minutes, _)| minutes as i32);
        sql.execute(
            "INSERT INTO messages (subject, message, sender_name, source, status, created_at, \
               replied_at) \
             VALUES ('Report', 'Report text', 'Sender', $1, $2, $3::text::timestamptz, \
               $3::text::timestamptz + make_interval(mins => $4::int))",
            &[&m.source, &m.status, &at(m.day), &minutes],
        )
        .await
        .unwrap();
    }
    let broadcast: Uuid = sql
        .query_one(
            "INSERT INTO kanisa.broadcasts (channels, audience, audience_label, body) \
             VALUES (ARRAY['sms', 'email'], '{}', 'Report test', 'Hello') RETURNING id",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    for (i, x) in d.deliveries.iter().enumerate() {
        if x.sms {
            sql.execute(
                "INSERT INTO kanisa.sms_deliveries (purpose, broadcast_id, phone, body, status, \
                   created_at) VALUES ('message', $1, $2, 'Hello', $3, $4::text::timestamptz)",
                &[
                    &broadcast,
                    &format!("+2547{:08}", 10_000_000 + i),
                    &x.status,
                    &at(x.day),
                ],
            )
            .await
            .unwrap();
        } else {
            sql.execute(
                "INSERT INTO kanisa.email_deliveries (broadcast_id, recipient_name, email, \
                   subject, body, status, created_at) \
                 VALUES ($1, 'R', $2, 'S', 'B', $3, $4::text::timestamptz)",
                &[
                    &broadcast,
                    &format!("r{i}@report.test"),
                    &x.status,
                    &at(x.day),
                ],
            )
            .await
            .unwrap();
        }
    }
}

/// num / den rounded to 1 decimal, halves away from zero (PostgreSQL's round(numeric, 1)).
fn round1(num: i64, den: i64) -> Option<f64> {
    if den == 0 {
        return None;
    }
    let (num, den) = if den < 0 { (-num, -den) } else { (num, den) };
    let tenths = if num >= 0 {
        (num * 20 + den) / (2 * den)
    } else {
        -((-num * 20 + den) / (2 * den))
    };
    Some(tenths as f64 / 10.0)
}

fn percent(part: i64, whole: i64) -> Option<f64> {
    round1(part * 100, whole)
}

/// The percent change from prev to cur when both are averages given as (sum, count).
fn change(cur: Option<(i64, i64)>, prev: Option<(i64, i64)>) -> Option<f64> {
    // Averages are compared as rounded to 1 decimal, as the report shows them.
    let avg = |(s, n): (i64, i64)| round1(s, n);
    let (c, p) = (avg(cur?)?, avg(prev?)?);
    if p == 0.0 {
        return None;
    }
    // (c - p) / p * 100 with c, p in tenths.
    let (c10, p10) = ((c * 10.0).round() as i64, (p * 10.0).round() as i64);
    round1((c10 - p10) * 100, p10)
}

fn num(v: &Value) -> Option<f64> {
    if v.is_null() {
        return None;
    }
    Some(
        v.as_f64()
            .or_else(|| v.as_str().and_then(|s| s.parse().ok()))
            .unwrap_or_else(|| panic!("not a number: {v}")),
    )
}

fn since(period: &str, today: NaiveDate) -> NaiveDate {
    match period {
        "week" => today - Duration::days(7),
        "month" => today.checked_sub_months(Months::new(1)).unwrap(),
        "quarter" => today.checked_sub_months(Months::new(3)).unwrap(),
        _ => today.checked_sub_months(Months::new(12)).unwrap(),
    }
}

fn sum_count<T>(rows: &[T], keep: impl Fn(&T) -> bool, value: impl Fn(&T) -> i64) -> (i64, i64) {
    rows.iter()
        .filter(|r| keep(r))
        .fold((0, 0), |(s, n), r| (s + value(r), n + 1))
}

fn check(report: &Value, d: &Data, period: &str, today: NaiveDate) {
    let from = since(period, today);
    let within = |day: NaiveDate| day >= from && day <= today;
    let tab = report["tab"].as_str().unwrap();
    let what = format!("{tab}/{period}");
    assert_eq!(report["from"], json!(from.to_string()), "{what}");
    let eq = |field: &str, got: &Value, want: Option<f64>| {
        assert_eq!(num(got), want, "{what}: {field} in {report}");
    };
    let money = |a: NaiveDate, b: NaiveDate| {
        let income = sum_count(
            &d.gifts,
            |g| g.counted && g.day >= a && g.day <= b,
            |g| g.amount,
        );
        let expenses = sum_count(
            &d.expenses,
            |e| e.approved && e.day >= a && e.day <= b,
            |e| e.amount,
        );
        (income, expenses)
    };
    let ((income, gifts), (expenses, _)) = money(from, today);
    let attendance = sum_count(
        &d.sabbaths,
        |s| within(s.day),
        |s| s.children + s.youth + s.adults,
    );
    let messages = |source: Option<&str>| {
        let rows: Vec<&Msg> = d
            .messages
            .iter()
            .filter(|m| within(m.day) && source.is_none_or(|s| m.source == s))
            .collect();
        let sent = rows.iter().filter(|m| m.status == "sent").count() as i64;
        let read = rows.iter().filter(|m| m.status == "read").count() as i64;
        (rows.len() as i64, sent, read)
    };
    match tab {
        "overview" => {
            eq("income", &report["income"], Some(income as f64));
            eq("expenses", &report["expenses"], Some(expenses as f64));
            eq(
                "net_income",
                &report["net_income"],
                Some((income - expenses) as f64),
            );
            let span = (today - from).num_days() + 1;
            let ((prev_income, _), _) =
                money(from - Duration::days(span), from - Duration::days(1));
            eq(
                "income_change",
                &report["income_change"],
                (prev_income != 0)
                    .then(|| round1((income - prev_income) * 100, prev_income))
                    .flatten(),
            );
            eq(
                "total_members",
                &report["total_members"],
                Some(d.members.iter().filter(|m| m.active).count() as f64),
            );
            eq(
                "new_members",
                &report["new_members"],
                Some(d.members.iter().filter(|m| within(m.joined)).count() as f64),
            );
            eq(
                "avg_attendance",
                &report["avg_attendance"],
                round1(attendance.0, attendance.1),
            );
            eq(
                "attendance_records",
                &report["attendance_records"],
                Some(attendance.1 as f64),
            );
            let prev = sum_count(
                &d.sabbaths,
                |s| s.day >= from - Duration::days(span) && s.day < from,
                |s| s.children + s.youth + s.adults,
            );
            eq(
                "attendance_change",
                &report["attendance_change"],
                change(
                    (attendance.1 > 0).then_some(attendance),
                    (prev.1 > 0).then_some(prev),
                ),
            );
            let sent = d
                .deliveries
                .iter()
                .filter(|x| within(x.day) && matches!(x.status, "sent" | "delivered"))
                .count();
            eq("messages_sent", &report["messages_sent"], Some(sent as f64));
            let (total, s, r) = messages(None);
            eq(
                "delivery_rate",
                &report["delivery_rate"],
                percent(s + r, total),
            );
            eq("engagement", &report["engagement"], percent(r, s + r));
        }
        "financial" => {
            eq("income", &report["income"], Some(income as f64));
            eq("gifts", &report["gifts"], Some(gifts as f64));
            let rows = report["by_category"].as_array().unwrap();
            let mut seen = 0;
            for kind in KINDS {
                let (amount, count) = sum_count(
                    &d.gifts,
                    |g| g.counted && within(g.day) && g.kind == kind,
                    |g| g.amount,
                );
                let row = rows.iter().find(|r| r["giving_type"] == kind);
                match row {
                    None => assert_eq!(count, 0, "{what}: {kind} missing"),
                    Some(row) => {
                        seen += 1;
                        eq(kind, &row["amount"], Some(amount as f64));
                        eq(kind, &row["count"], Some(count as f64));
                        eq(kind, &row["percent"], percent(amount, income));
                    }
                }
            }
            assert_eq!(seen, rows.len(), "{what}");
            let trend = report["trend"].as_array().unwrap();
            assert_eq!(trend.len(), 6);
            let first = NaiveDate::from_ymd_opt(today.year(), today.month(), 1).unwrap();
            for (k, row) in trend.iter().enumerate() {
                let month = first.checked_sub_months(Months::new(5 - k as u32)).unwrap();
                let next = month.checked_add_months(Months::new(1)).unwrap();
                assert_eq!(row["month"], json!(month.format("%Y-%m").to_string()));
                let ((i, _), (e, _)) = money(month, next - Duration::days(1));
                eq("trend income", &row["income"], Some(i as f64));
                eq("trend expenses", &row["expenses"], Some(e as f64));
            }
        }
        "membership" => {
            eq(
                "total_members",
                &report["total_members"],
                Some(d.members.len() as f64),
            );
            eq(
                "new_members",
                &report["new_members"],
                Some(d.members.iter().filter(|m| within(m.joined)).count() as f64),
            );
            let bucket = |m: &Member| match m.born.map(|b| today.year() - b.year()) {
                None => "Unknown",
                Some(a) if a <= 17 => "0-17",
                Some(a) if a <= 30 => "18-30",
                Some(a) if a <= 50 => "31-50",
                Some(a) if a <= 70 => "51-70",
                Some(_) => "70+",
            };
            for row in report["ages"].as_array().unwrap() {
                let b = row["bucket"].as_str().unwrap();
                let n = d
                    .members
                    .iter()
                    .filter(|m| m.active && bucket(m) == b)
                    .count();
                eq(b, &row["count"], Some(n as f64));
            }
            for (i, name) in MINISTRIES.iter().enumerate() {
                let n = d
                    .links
                    .iter()
                    .filter(|(m, k)| *k == i && d.members.iter().any(|x| x.id == *m && x.active))
                    .count();
                let row = report["ministries"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|r| r["name"] == *name)
                    .unwrap();
                eq(name, &row["members"], Some(n as f64));
            }
            let growth = report["growth"].as_array().unwrap();
            assert_eq!(growth.len(), 12);
            let first = NaiveDate::from_ymd_opt(today.year(), today.month(), 1).unwrap();
            for (k, row) in growth.iter().enumerate() {
                let end = first
                    .checked_sub_months(Months::new(11 - k as u32))
                    .unwrap()
                    .checked_add_months(Months::new(1))
                    .unwrap()
                    - Duration::days(1);
                assert_eq!(row["month_end"], json!(end.to_string()));
                let n = d
                    .members
                    .iter()
                    .filter(|m| m.active && m.joined <= end)
                    .count();
                eq("growth", &row["members"], Some(n as f64));
            }
        }
        "attendance" => {
            eq("records", &report["records"], Some(attendance.1 as f64));
            eq(
                "average",
                &report["average"],
                round1(attendance.0, attendance.1),
            );
            let parts: [(&str, Count); 5] = [
                ("Sabbath School", |s| s.school),
                ("Divine Service", |s| s.children + s.youth + s.adults),
                ("Children", |s| s.children),
                ("Youth", |s| s.youth),
                ("Adults", |s| s.adults),
            ];
            for (k, (name, f)) in parts.iter().enumerate() {
                let row = &report["services"][k];
                assert_eq!(row["service"], *name);
                let (s, n) = sum_count(&d.sabbaths, |x| within(x.day), f);
                eq(name, &row["average"], round1(s, n));
                eq(name, &row["total"], Some(s as f64));
            }
            let mut past: Vec<&Sabbath> = d.sabbaths.iter().filter(|s| s.day <= today).collect();
            past.sort_by_key(|s| std::cmp::Reverse(s.day));
            let recent = report["recent"].as_array().unwrap();
            assert_eq!(recent.len(), past.len().min(4));
            for (k, row) in recent.iter().enumerate() {
                let total = |s: &Sabbath| s.children + s.youth + s.adults;
                assert_eq!(row["date"], json!(past[k].day.to_string()));
                eq("recent", &row["divine_total"], Some(total(past[k]) as f64));
                let want = past
                    .get(k + 1)
                    .filter(|p| total(p) != 0)
                    .and_then(|p| round1((total(past[k]) - total(p)) * 100, total(p)));
                eq("recent change", &row["change"], want);
            }
            let year_ago = today.checked_sub_months(Months::new(12)).unwrap();
            for (q, row) in report["seasonal"].as_array().unwrap().iter().enumerate() {
                let (s, n) = sum_count(
                    &d.sabbaths,
                    |x| x.day > year_ago && x.day <= today && (x.day.month0() / 3) as usize == q,
                    |x| x.children + x.youth + x.adults,
                );
                eq("seasonal", &row["average"], round1(s, n));
                eq("seasonal records", &row["records"], Some(n as f64));
            }
        }
        "communication" => {
            for (k, source) in ["website", "admin"].iter().enumerate() {
                let row = &report["channels"][k];
                let (total, s, r) = messages(Some(source));
                eq("total", &row["total"], Some(total as f64));
                eq(
                    "delivery_rate",
                    &row["delivery_rate"],
                    percent(s + r, total),
                );
                eq("engagement", &row["engagement"], percent(r, s + r));
            }
            for (channel, sms) in [("sms", true), ("email", false)] {
                let rows: Vec<&Delivery> = d
                    .deliveries
                    .iter()
                    .filter(|x| x.sms == sms && within(x.day))
                    .collect();
                let n = |st: &str| rows.iter().filter(|x| x.status == st).count() as i64;
                let got = &report["sends"][channel];
                eq("sends total", &got["total"], Some(rows.len() as f64));
                eq("sends failed", &got["failed"], Some(n("failed") as f64));
                eq(
                    "sends rate",
                    &got["delivery_rate"],
                    percent(
                        n("sent") + n("delivered"),
                        rows.len() as i64 - n("simulated"),
                    ),
                );
            }
            let replies: Vec<i64> = d
                .messages
                .iter()
                .filter_map(|m| m.replied)
                // Asked at 10:00: a reply late in the evening falls on a later church day.
                .filter(|(minutes, day)| {
                    within(*day + Duration::days((10 * 60 + minutes) / (24 * 60)))
                })
                .map(|(minutes, _)| minutes)
                .collect();
            eq(
                "answered",
                &report["replies"]["answered"],
                Some(replies.len() as f64),
            );
            eq(
                "avg_response_minutes",
                &report["replies"]["avg_response_minutes"],
                round1(replies.iter().sum(), replies.len() as i64),
            );
        }
        other => panic!("tab {other}"),
    }
}

#[tokio::test]
async fn every_figure_of_every_tab_and_period_equals_the_rows_for_two_datasets() {
    let mut seen_income = Vec::new();
    for seed in [7, 2026] {
        let app = TestApp::spawn().await;
        let sql = app.sql().await;
        let today: NaiveDate = sql
            .query_one("SELECT (now() AT TIME ZONE 'Africa/Nairobi')::date", &[])
            .await
            .unwrap()
            .get(0);
        let data = generate(seed, today);
        write(&sql, &data).await;
        let reader = user(&sql, "MEMBER_ADMIN", true, Some(&["view_reports"])).await;
        for period in ["week", "month", "quarter", "year"] {
            for tab in [
                "overview",
                "financial",
                "membership",
                "attendance",
                "communication",
            ] {
                let a = app
                    .call(
                        &reader,
                        Method::POST,
                        "rpc/get_report",
                        "",
                        Some(&json!({"p_tab": tab, "p_period": period})),
                    )
                    .await;
                assert_eq!(a.status, StatusCode::OK, "{tab}/{period}: {}", a.body);
                check(&a.body, &data, period, today);
                if tab == "overview" && period == "year" {
                    seen_income.push(a.body["income"].clone());
                }
            }
        }
    }
    assert_ne!(
        seen_income[0], seen_income[1],
        "the figures follow the data"
    );
}

#[tokio::test]
async fn each_reader_gets_the_tabs_of_their_permissions_and_bad_arguments_are_named() {
    let app = TestApp::spawn().await;
    let sql = app.sql().await;
    let report = |tab: &'static str| json!({"p_tab": tab, "p_period": "month"});
    // §2.4: Reports opens to view_reports, view_financial_reports or view_member_reports; the
    // treasurer (FINANCE_ADMIN's defaults hold view_financial_reports) reads the financial tab.
    let finance = user(&sql, "FINANCE_ADMIN", true, None).await;
    let members = user(&sql, "ADMIN", true, Some(&["view_member_reports"])).await;
    let all = user(&sql, "ADMIN", true, Some(&["view_reports"])).await;
    let none = user(&sql, "ADMIN", true, Some(&["manage_sermons"])).await;
    let tabs = [
        "overview",
        "financial",
        "membership",
        "attendance",
        "communication",
    ];
    for (who, caller, opens) in [
        ("finance", &finance, &["financial"][..]),
        (
            "member reports",
            &members,
            &["membership", "attendance"][..],
        ),
        ("view_reports", &all, &tabs[..]),
        ("no report permission", &none, &[][..]),
    ] {
        for tab in tabs {
            let a = app
                .call(
                    caller,
                    Method::POST,
                    "rpc/get_report",
                    "",
                    Some(&report(tab)),
                )
                .await;
            if opens.contains(&tab) {
                assert_eq!(a.status, StatusCode::OK, "{who} {tab}: {}", a.body);
                assert_eq!(a.body["tab"], tab);
            } else {
                assert_eq!(a.status, StatusCode::FORBIDDEN, "{who} {tab}: {}", a.body);
            }
        }
    }
    let a = app
        .call(
            &finance,
            Method::POST,
            "rpc/get_report",
            "",
            Some(&report("membership")),
        )
        .await;
    assert_eq!(
        a.body["message"],
        "The membership report needs the view_reports or view_member_reports permission"
    );
    let a = app
        .call(
            &none,
            Method::POST,
            "rpc/get_report",
            "",
            Some(&report("financial")),
        )
        .await;
    assert_eq!(
        a.body["message"],
        "Reports needs the view_reports or view_financial_reports or view_member_reports permission"
    );
    let admin = user(&sql, "ADMIN", true, None).await;
    for (tab, period) in [("money", "month"), ("overview", "decade")] {
        let a = app
            .call(
                &admin,
                Method::POST,
                "rpc/get_report",
                "",
                Some(&json!({"p_tab": tab, "p_period": period})),
            )
            .await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{}", a.body);
        assert!(
            a.body["hint"].as_str().unwrap().starts_with("The "),
            "{}",
            a.body
        );
    }
}
