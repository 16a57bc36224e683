//! The demo seed (seeds/demo.sql): it fills every screen, a second run changes nothing, and its
//! dates are laid relative to the day it is loaded, so the demo keeps its shape whenever that is.

use chrono::{Datelike, Duration, NaiveDate, Weekday};
use kanisa_test_db::TestDb;
use tokio_postgres::{Client, GenericClient, Transaction};

#[tokio::test]
async fn the_demo_seed_fills_every_screen_and_a_second_run_changes_nothing() {
    let db = TestDb::new().await;
    let mut client = db.client().await;
    kanisa_pg::seed_demo(&mut client).await.unwrap();
    let first = kanisa_pg::table_checksums(&client).await.unwrap();
    let rows = |table: &str| {
        first
            .iter()
            .find(|t| t.table == format!("public.{table}"))
            .map_or(0, |t| t.rows)
    };
    assert_eq!(rows("sermons"), 12);
    assert_eq!(rows("sermon_series"), 3);
    assert_eq!(rows("departments"), 22);
    assert_eq!(rows("daily_verses"), 33);
    for table in [
        "events",
        "announcements",
        "church_leaders",
        "ministries",
        "members",
        "member_ministries",
        "attendance_aggregates",
        "giving_records",
        "budgets",
        "expenses",
        "system_settings",
        "messages",
        "prayer_requests",
        "message_templates",
    ] {
        assert!(rows(table) > 0, "{table} is empty after the demo seed");
    }

    kanisa_pg::seed_demo(&mut client).await.unwrap();
    let second = kanisa_pg::table_checksums(&client).await.unwrap();
    assert_eq!(first, second, "the second seed changed something");
}

fn day(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

/// Loads the demo content as if today were `today` (Nairobi): the embedded seeds in one
/// transaction, as `seed_demo` runs them, after the transaction-local `kanisa.demo_today`.
async fn seed_as_of(client: &mut Client, today: NaiveDate) {
    let tx = client.transaction().await.unwrap();
    seed_in(&tx, today).await;
    tx.commit().await.unwrap();
}

/// The seeds as of `today` inside the caller's transaction.
async fn seed_in(tx: &Transaction<'_>, today: NaiveDate) {
    tx.execute(
        "SELECT set_config('kanisa.demo_today', $1, true)",
        &[&today.to_string()],
    )
    .await
    .unwrap();
    for (file, sql) in kanisa_pg::embedded_seeds() {
        if let Err(e) = tx.batch_execute(sql).await {
            panic!("{file} as of {today}: {}", kanisa_pg::describe(&e));
        }
    }
}

async fn dates(client: &impl GenericClient, sql: &str) -> Vec<NaiveDate> {
    client
        .query(sql, &[])
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect()
}

/// What the demo must look like on `today`, whatever day that is.
async fn assert_demo_shape(client: &impl GenericClient, today: NaiveDate) {
    let at = |what: &str| format!("{what} (demo loaded on {today})");

    // Upcoming events: at least three published ones start within 90 days, one with a Kiswahili
    // title.
    let upcoming = client
        .query_one(
            "SELECT count(*), count(*) FILTER (WHERE title_sw IS NOT NULL) FROM public.events \
             WHERE is_published \
               AND start_date >= $1::date::timestamp AT TIME ZONE 'Africa/Nairobi' \
               AND start_date < ($1::date + 90)::timestamp AT TIME ZONE 'Africa/Nairobi'",
            &[&today],
        )
        .await
        .unwrap();
    let (events, kiswahili): (i64, i64) = (upcoming.get(0), upcoming.get(1));
    assert!(events >= 3, "{}: {events}", at("upcoming events"));
    assert!(kiswahili >= 1, "{}", at("an upcoming event in Kiswahili"));

    // Sermons: all on Sabbaths, the latest within the past week and not ahead.
    let sermons = dates(
        client,
        "SELECT sermon_date FROM public.sermons WHERE is_published ORDER BY 1 DESC",
    )
    .await;
    assert!(
        sermons.iter().all(|d| d.weekday() == Weekday::Sat),
        "{}: {sermons:?}",
        at("sermons on Saturdays")
    );
    let latest = sermons[0];
    assert!(
        latest <= today && latest >= today - Duration::days(7),
        "{}: {latest}",
        at("the latest sermon")
    );

    // Attendance: every Sabbath of about a year, up to the last one.
    let attendance = dates(
        client,
        "SELECT attendance_date FROM public.attendance_aggregates ORDER BY 1",
    )
    .await;
    assert!(attendance.len() >= 45, "{}", at("attendance rows"));
    assert!(
        attendance.iter().all(|d| d.weekday() == Weekday::Sat),
        "{}",
        at("attendance on Saturdays")
    );
    let (first, last) = (attendance[0], attendance[attendance.len() - 1]);
    assert!(last <= today, "{}: {last}", at("no attendance ahead"));
    assert!(
        last >= today - Duration::days(7),
        "{}: {last}",
        at("last week's attendance")
    );
    assert!(
        last - first >= Duration::days(320),
        "{}: {first} to {last}",
        at("a year of attendance")
    );

    // A published announcement for everyone is running today.
    let current: i64 = client
        .query_one(
            "SELECT count(*) FROM public.announcements WHERE is_published \
             AND target_audience = 'all' AND start_date <= $1 AND coalesce(end_date, $1) >= $1",
            &[&today],
        )
        .await
        .unwrap()
        .get(0);
    assert!(current >= 1, "{}", at("a current announcement"));

    // This year's budget, and each expense on a line of its own year when there is one.
    let budgets: i64 = client
        .query_one(
            "SELECT count(*) FROM public.budgets WHERE year = $1",
            &[&today.year()],
        )
        .await
        .unwrap()
        .get(0);
    assert!(budgets > 0, "{}", at("this year's budget"));
    let off_year: i64 = client
        .query_one(
            "SELECT count(*) FROM public.expenses e JOIN public.budgets b ON b.id = e.budget_id \
             WHERE b.year <> extract(year FROM e.expense_date) \
               AND EXISTS (SELECT 1 FROM public.budgets o \
                           WHERE o.category = b.category AND o.year = extract(year FROM e.expense_date))",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(off_year, 0, "{}", at("expenses on their own year's budget"));

    // The past stays past: gifts, expenses and everything received before today.
    let ahead = client
        .query_one(
            "SELECT (SELECT count(*) FROM public.giving_records WHERE giving_date > $1), \
                    (SELECT count(*) FROM public.expenses WHERE expense_date > $1), \
                    (SELECT count(*) FROM public.messages WHERE created_at >= m.t), \
                    (SELECT count(*) FROM public.prayer_requests WHERE created_at >= m.t), \
                    (SELECT count(*) FROM public.payment_logs WHERE created_at >= m.t), \
                    (SELECT count(*) FROM public.members WHERE created_at >= m.t), \
                    (SELECT count(*) FROM public.admin_activity_logs \
                      WHERE id::text LIKE '00000000-0000-4000-8000-019%' AND created_at >= m.t) \
               FROM (SELECT $1::date::timestamp AT TIME ZONE 'Africa/Nairobi' AS t) m",
            &[&today],
        )
        .await
        .unwrap();
    for (i, what) in [
        "gifts",
        "expenses",
        "messages",
        "prayer requests",
        "payments",
        "members",
        "activity log",
    ]
    .iter()
    .enumerate()
    {
        assert_eq!(
            ahead.get::<_, i64>(i),
            0,
            "{}",
            at(&format!("{what} ahead"))
        );
    }

    // The annual calendar stays in season: carols in December, the New Year Sabbath at the
    // turn of the year, Sabbaths on Saturdays; and it spans about nine months back and three
    // ahead.
    let calendar = client
        .query(
            "SELECT title, (start_date AT TIME ZONE 'Africa/Nairobi')::date FROM public.events \
             WHERE id < '00000000-0000-4000-8000-006000000100' ORDER BY 2",
            &[],
        )
        .await
        .unwrap();
    assert_eq!(calendar.len(), 52, "{}", at("the sample calendar"));
    for row in &calendar {
        let (title, start): (String, NaiveDate) = (row.get(0), row.get(1));
        match title.as_str() {
            "Christmas Carol Service" | "Children's Christmas Programme" => {
                assert_eq!(start.month(), 12, "{}: {start}", at(&title))
            }
            "New Year Dedication Sabbath" => assert!(
                (start.month() == 1 && start.day() <= 7)
                    || (start.month() == 12 && start.day() >= 25),
                "{}: {start}",
                at(&title)
            ),
            "Ten Days of Prayer" => assert!(
                start.month() == 1 && start.weekday() == Weekday::Wed,
                "{}: {start}",
                at(&title)
            ),
            _ => {}
        }
        if title.ends_with("Sabbath") {
            assert_eq!(start.weekday(), Weekday::Sat, "{}: {start}", at(&title));
        }
        assert!(
            start >= today - Duration::days(276) && start < today + Duration::days(96),
            "{}: {start}",
            at(&title)
        );
    }
    let carols = calendar
        .iter()
        .filter(|r| r.get::<_, String>(0) == "Christmas Carol Service")
        .count();
    assert_eq!(carols, 1, "{}", at("one Christmas Carol Service"));

    // Texts name the days they are about: the second announcement names its event's day, in
    // English and in Kiswahili.
    let named = client
        .query_one(
            "SELECT a.title, a.title_sw, (e.start_date AT TIME ZONE 'Africa/Nairobi')::date \
               FROM public.announcements a, public.events e \
              WHERE a.id = '00000000-0000-4000-8000-007000000002' \
                AND e.id = '00000000-0000-4000-8000-006000000101'",
            &[],
        )
        .await
        .unwrap();
    let (title, title_sw, vespers): (String, String, NaiveDate) =
        (named.get(0), named.get(1), named.get(2));
    assert!(
        title.ends_with(&vespers.format(" %-d %B").to_string()),
        "{}: {title} / {vespers}",
        at("the announcement's day")
    );
    const MIEZI: [&str; 12] = [
        "Januari", "Februari", "Machi", "Aprili", "Mei", "Juni", "Julai", "Agosti", "Septemba",
        "Oktoba", "Novemba", "Desemba",
    ];
    let siku = format!(" {} {}", vespers.day(), MIEZI[vespers.month0() as usize]);
    assert!(
        title_sw.ends_with(&siku),
        "{}: {title_sw}",
        at("the announcement's day in Kiswahili")
    );

    // The demo payments' references match their gifts (they are linked by them).
    let linked: i64 = client
        .query_one(
            "SELECT count(*) FROM public.giving_records WHERE payment_id IS NOT NULL",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(
        linked,
        2,
        "{}",
        at("the demo gifts linked to their payments")
    );
}

async fn demo_as_of(text: &str) {
    let today = day(text);
    let db = TestDb::new().await;
    let mut client = db.client().await;
    seed_as_of(&mut client, today).await;
    assert_demo_shape(&client, today).await;
}

#[tokio::test]
async fn the_demo_loaded_the_week_before_the_reference_day_keeps_its_shape() {
    demo_as_of("2026-11-20").await;
}

#[tokio::test]
async fn the_demo_loaded_on_the_reference_day_keeps_its_shape() {
    demo_as_of("2026-11-27").await;
}

#[tokio::test]
async fn the_demo_loaded_on_a_sabbath_keeps_its_shape() {
    // The last Sabbath is a week ago; nothing lands on today's.
    demo_as_of("2027-01-02").await;
}

#[tokio::test]
async fn the_demo_loaded_in_the_middle_of_a_year_keeps_its_shape() {
    demo_as_of("2027-06-09").await;
}

#[tokio::test]
async fn the_demo_loaded_in_a_later_year_keeps_its_shape() {
    demo_as_of("2028-03-15").await;
}

#[tokio::test]
async fn the_demo_loaded_on_new_years_eve_keeps_its_shape() {
    demo_as_of("2028-12-31").await;
}

#[tokio::test]
async fn the_demo_keeps_its_shape_on_every_day_of_the_week_and_across_a_new_year() {
    // Each day in a transaction rolled back afterwards: the same database every time.
    let db = TestDb::new().await;
    let mut client = db.client().await;
    let mut today = day("2029-12-22");
    while today <= day("2030-01-06") {
        let tx = client.transaction().await.unwrap();
        seed_in(&tx, today).await;
        assert_demo_shape(&tx, today).await;
        tx.rollback().await.unwrap();
        today += Duration::days(1);
    }
}

#[tokio::test]
async fn the_demo_loaded_today_keeps_its_shape() {
    let db = TestDb::new().await;
    let mut client = db.client().await;
    let before = client_today(&client).await;
    kanisa_pg::seed_demo(&mut client).await.unwrap();
    if client_today(&client).await != before {
        return; // midnight passed in between; the dated tests cover every kind of day
    }
    assert_demo_shape(&client, before).await;
}

async fn client_today(client: &Client) -> NaiveDate {
    client
        .query_one("SELECT (now() AT TIME ZONE 'Africa/Nairobi')::date", &[])
        .await
        .unwrap()
        .get(0)
}

#[tokio::test]
async fn a_second_demo_seed_on_a_later_day_changes_nothing() {
    let db = TestDb::new().await;
    let mut client = db.client().await;
    seed_as_of(&mut client, day("2026-11-20")).await;
    let first = kanisa_pg::table_checksums(&client).await.unwrap();
    seed_as_of(&mut client, day("2028-12-31")).await;
    let second = kanisa_pg::table_checksums(&client).await.unwrap();
    assert_eq!(first, second, "the second seed changed something");
    // And the helpers it created for itself are gone.
    let left: i64 = client
        .query_one(
            "SELECT count(*) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace \
             WHERE n.nspname LIKE 'pg_temp%'",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(left, 0, "pg_temp functions left behind");
}
