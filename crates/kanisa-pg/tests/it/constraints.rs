//! The schema refuses bad data by itself: each case is one insert that must fail with the named
//! constraint, whatever client sent it.

use kanisa_test_db::TestDb;

/// (what is wrong, SQL that must fail, constraint that must be named)
const REFUSED: &[(&str, &str, &str)] = &[
    (
        "a negative attendance count",
        "INSERT INTO attendance_aggregates (attendance_date, sabbath_school_count) \
         VALUES ('2026-11-21', -1)",
        "attendance_aggregates_sabbath_school_count_check",
    ),
    (
        "a negative divine-service count",
        "INSERT INTO attendance_aggregates (attendance_date, divine_adults_count) \
         VALUES ('2026-11-21', -5)",
        "attendance_aggregates_divine_adults_count_check",
    ),
    (
        "an unknown announcement priority",
        "INSERT INTO announcements (title, content, start_date, priority) \
         VALUES ('Choir', 'Practice', '2026-11-22', 'critical')",
        "announcements_priority_check",
    ),
    (
        "an unknown announcement audience",
        "INSERT INTO announcements (title, content, start_date, target_audience) \
         VALUES ('Choir', 'Practice', '2026-11-22', 'everyone')",
        "announcements_target_audience_check",
    ),
    (
        "a budget year before 2020",
        "INSERT INTO budgets (category, allocated_amount, year) VALUES ('utilities', 1000, 2019)",
        "budgets_year_check",
    ),
    (
        "a budget year after 2030",
        "INSERT INTO budgets (category, allocated_amount, year) VALUES ('utilities', 1000, 2031)",
        "budgets_year_check",
    ),
    (
        "a negative budget amount",
        "INSERT INTO budgets (category, allocated_amount, year) VALUES ('utilities', -1, 2026)",
        "budgets_allocated_amount_check",
    ),
    (
        "a giving record for a member that does not exist",
        "INSERT INTO giving_records (member_id, amount, giving_type, payment_method) \
         VALUES ('00000000-0000-4000-8000-00000000dead', 500, 'tithe', 'mpesa')",
        "giving_records_member_id_fkey",
    ),
    (
        "a negative gift",
        "INSERT INTO giving_records (amount) VALUES (-10)",
        "giving_records_amount_check",
    ),
    (
        "an unknown giving type",
        "INSERT INTO giving_records (amount, giving_type) VALUES (10, 'bribe')",
        "giving_records_giving_type_check",
    ),
];

#[tokio::test]
async fn bad_rows_are_refused_naming_the_constraint() {
    let db = TestDb::new().await;
    let client = db.client().await;
    for (what, sql, constraint) in REFUSED {
        let err = client
            .batch_execute(sql)
            .await
            .expect_err(&format!("{what} was accepted"));
        let named = err.as_db_error().and_then(|e| e.constraint());
        assert_eq!(
            named,
            Some(*constraint),
            "{what}: {}",
            kanisa_pg::describe(&err)
        );
    }
}

#[tokio::test]
async fn a_duplicate_attendance_date_is_refused() {
    let db = TestDb::new().await;
    let client = db.client().await;
    client
        .batch_execute("INSERT INTO attendance_aggregates (attendance_date) VALUES ('2026-11-14')")
        .await
        .unwrap();
    let err = client
        .batch_execute("INSERT INTO attendance_aggregates (attendance_date) VALUES ('2026-11-14')")
        .await
        .unwrap_err();
    assert_eq!(
        err.as_db_error().and_then(|e| e.constraint()),
        Some("attendance_aggregates_attendance_date_key")
    );
}

#[tokio::test]
async fn updated_at_follows_every_update() {
    let db = TestDb::new().await;
    let client = db.client().await;
    let row = client
        .query_one(
            "INSERT INTO budgets (category, allocated_amount, year, updated_at) \
             VALUES ('utilities', 10, 2026, now() - interval '1 day') RETURNING id, updated_at",
            &[],
        )
        .await
        .unwrap();
    let id: uuid::Uuid = row.get(0);
    let before: chrono::DateTime<chrono::Utc> = row.get(1);
    let after: chrono::DateTime<chrono::Utc> = client
        .query_one(
            "UPDATE budgets SET allocated_amount = 20 WHERE id = $1 RETURNING updated_at",
            &[&id],
        )
        .await
        .unwrap()
        .get(0);
    assert!(after > before, "{before} → {after}");
}

#[tokio::test]
async fn every_public_table_keeps_updated_at_by_trigger() {
    let db = TestDb::new().await;
    let client = db.client().await;
    let missing: Vec<String> = client
        .query(
            "SELECT c.table_name FROM information_schema.columns c \
             WHERE c.table_schema = 'public' AND c.column_name = 'updated_at' \
             AND NOT EXISTS (SELECT 1 FROM information_schema.triggers t \
               WHERE t.event_object_schema = 'public' AND t.event_object_table = c.table_name \
               AND t.event_manipulation = 'UPDATE') ORDER BY 1",
            &[],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert!(
        missing.is_empty(),
        "tables without an updated_at trigger: {missing:?}"
    );
}
