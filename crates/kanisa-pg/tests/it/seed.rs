use kanisa_test_db::TestDb;

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
