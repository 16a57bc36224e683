use kanisa_pg::{Migration, MigrationState, PgError, migrate, migration_status};
use kanisa_test_db::TestDb;

/// A migration added after the embedded ones (the template holds those), numbered far beyond.
fn extra(version: i32, sql: &'static str) -> Migration {
    Migration::new(format!("{version:04}_extra.sql"), sql).unwrap()
}

#[tokio::test]
async fn applied_migrations_are_recorded_and_not_run_again() {
    let db = TestDb::new().await;
    let mut client = db.client().await;
    let mut list = kanisa_pg::embedded_migrations().unwrap();
    // The template already holds every embedded migration: nothing to do.
    assert!(migrate(&mut client, &list).await.unwrap().is_empty());

    list.push(extra(9001, "CREATE TABLE public.t9001 (id int);"));
    assert_eq!(
        migrate(&mut client, &list).await.unwrap(),
        vec!["9001_extra.sql".to_owned()]
    );
    // A second run would fail on CREATE TABLE if it ran the file again.
    assert!(migrate(&mut client, &list).await.unwrap().is_empty());
    let status = migration_status(&client, &list).await.unwrap();
    assert!(
        status
            .iter()
            .all(|s| matches!(s.state, MigrationState::Applied { .. }))
    );
}

#[tokio::test]
async fn an_edited_applied_migration_stops_the_run_naming_the_file() {
    let db = TestDb::new().await;
    let mut client = db.client().await;
    let mut list = kanisa_pg::embedded_migrations().unwrap();
    list.push(extra(9002, "CREATE TABLE public.t9002 (id int);"));
    migrate(&mut client, &list).await.unwrap();

    // Someone edits the file after it was applied.
    list.pop();
    list.push(extra(9002, "CREATE TABLE public.t9002 (id bigint);"));
    let err = migrate(&mut client, &list).await.unwrap_err();
    assert!(matches!(err, PgError::MigrationEdited { ref file, .. } if file == "9002_extra.sql"));
    assert!(
        err.to_string().contains("9002_extra.sql was edited"),
        "{err}"
    );
    // Status refuses the same way, and a later migration is not applied past the edit.
    assert!(migration_status(&client, &list).await.is_err());
    list.push(extra(9003, "CREATE TABLE public.t9003 (id int);"));
    assert!(migrate(&mut client, &list).await.is_err());
    let t9003: Option<String> = client
        .query_one("SELECT to_regclass('public.t9003')::text", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(t9003, None);
}

#[tokio::test]
async fn a_migration_from_a_newer_build_is_reported() {
    let db = TestDb::new().await;
    let mut client = db.client().await;
    let mut list = kanisa_pg::embedded_migrations().unwrap();
    list.push(extra(9004, "SELECT 1;"));
    migrate(&mut client, &list).await.unwrap();
    list.pop();
    let err = migrate(&mut client, &list).await.unwrap_err();
    assert!(err.to_string().contains("9004_extra.sql"), "{err}");
}

#[tokio::test]
async fn a_failing_migration_leaves_nothing_behind() {
    let db = TestDb::new().await;
    let mut client = db.client().await;
    let mut list = kanisa_pg::embedded_migrations().unwrap();
    list.push(extra(
        9005,
        "CREATE TABLE public.t9005 (id int); SELECT no_such_function();",
    ));
    let err = migrate(&mut client, &list).await.unwrap_err();
    assert!(
        err.to_string().contains("migration 9005_extra.sql failed"),
        "{err}"
    );
    let table: Option<String> = client
        .query_one("SELECT to_regclass('public.t9005')::text", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(table, None, "the migration's transaction was rolled back");
    let recorded: i64 = client
        .query_one(
            "SELECT count(*) FROM kanisa.schema_migrations WHERE version = 9005",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(recorded, 0);
}

#[tokio::test]
async fn the_api_roles_exist_with_the_right_attributes() {
    let db = TestDb::new().await;
    let client = db.client().await;
    let rows = client
        .query(
            "SELECT rolname, rolcanlogin, rolinherit, rolbypassrls FROM pg_roles \
             WHERE rolname IN ('anon','authenticated','service_role','authenticator') ORDER BY 1",
            &[],
        )
        .await
        .unwrap();
    let got: Vec<(String, bool, bool, bool)> = rows
        .iter()
        .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3)))
        .collect();
    assert_eq!(
        got,
        vec![
            ("anon".into(), false, false, false),
            ("authenticated".into(), false, false, false),
            ("authenticator".into(), true, false, false),
            ("service_role".into(), false, false, true),
        ]
    );
    let can_switch: bool = client
        .query_one(
            "SELECT pg_has_role('authenticator', 'anon', 'MEMBER') \
             AND pg_has_role('authenticator', 'service_role', 'MEMBER')",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert!(can_switch);
}

/// Row changes notify only for tables anon can read (the only ones the read cache holds):
/// a notifying commit takes a database-wide lock, so the public forms' inserts must not.
#[tokio::test]
async fn only_tables_anon_can_read_announce_their_changes() {
    let db = TestDb::new().await;
    let mut notes = kanisa_pg::listen(db.config().clone(), "kanisa");
    assert_eq!(notes.recv().await.as_deref(), Some(""), "listening");
    let client = db.client().await;
    client
        .batch_execute(
            "INSERT INTO public.messages (sender_name, subject, message) VALUES ('A', 'B', 'C');
             INSERT INTO public.ministries (name, category) VALUES ('Choir', 'worship');",
        )
        .await
        .unwrap();
    let next = tokio::time::timeout(
        kanisa_test_db::patient(std::time::Duration::from_secs(10)),
        notes.recv(),
    )
    .await
    .expect("a notification")
    .unwrap();
    assert_eq!(next, "changed ministries", "messages are not announced");
}
