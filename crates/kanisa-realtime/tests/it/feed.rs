//! The change feed (migration 0052, `kanisa_realtime::feed`): publication (no table has
//! triggers until `realtime.publish`), what the triggers record, the horizon reads that neither
//! skip nor repeat a change, the feed task, and the prune.
//!
//! Transaction ids are cluster-wide and the test cluster is shared by tests running in
//! parallel, whose open transactions may hold the horizon back for a moment: so a test that
//! expects a change waits for it (bounded, `kanisa_test_db::patient`), and what it asserts
//! never depends on how long another test's transaction stays open.

use std::collections::BTreeMap;
use std::time::Duration;

use kanisa_realtime::feed::{self, ChangeRow, Feed, Horizon, Op};
use kanisa_test_db::TestDb;
use serde_json::json;
use tokio_postgres::Client;

fn limit() -> Duration {
    kanisa_test_db::patient(Duration::from_secs(10))
}

/// Reads from `at` until `done` holds for every change read so far; every read's changes are
/// appended to `seen`. Returns the horizon reached.
async fn read_until(
    client: &Client,
    mut at: Horizon,
    seen: &mut Vec<ChangeRow>,
    done: impl Fn(&[ChangeRow]) -> bool,
) -> Horizon {
    let deadline = tokio::time::Instant::now() + limit();
    loop {
        let window = feed::read(client, at).await.unwrap();
        assert!(window.horizon >= at, "the horizon never moves back");
        at = window.horizon;
        seen.extend(window.rows);
        if done(seen) {
            return at;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the changes did not come: {seen:#?}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Unpublishes every table, so a test starts from none published.
async fn unpublish_all(client: &Client) {
    client
        .batch_execute(
            "SELECT realtime.unpublish(format('%I.%I', schema_name, table_name)::regclass) \
               FROM realtime.published_tables()",
        )
        .await
        .unwrap();
}

/// `realtime.publish` of each table, as the owner (publishing a published table changes nothing).
async fn publish(client: &Client, tables: &[&str]) {
    for table in tables {
        client
            .execute("SELECT realtime.publish($1::text::regclass)", &[table])
            .await
            .unwrap();
    }
}

async fn published(client: &Client) -> Vec<(String, String)> {
    client
        .query("SELECT * FROM realtime.published_tables()", &[])
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect()
}

/// The realtime triggers on `table` (by the trigger function, whatever their names).
async fn triggers_on(client: &Client, table: &str) -> Vec<String> {
    client
        .query(
            "SELECT tgname::text FROM pg_trigger WHERE tgrelid = $1::text::regclass \
             AND tgfoid = 'realtime.record_changes()'::regprocedure ORDER BY 1",
            &[&table],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect()
}

async fn changes_titled(client: &Client, title: &str) -> i64 {
    client
        .query_one(
            "SELECT count(*) FROM realtime.changes WHERE record ->> 'title' = $1",
            &[&title],
        )
        .await
        .unwrap()
        .get(0)
}

/// A prayer request's insert, returning its id.
async fn insert_prayer(client: &impl tokio_postgres::GenericClient, title: &str) -> String {
    client
        .query_one(
            "INSERT INTO public.prayer_requests (title, description) VALUES ($1, 'Please pray') \
             RETURNING id::text",
            &[&title],
        )
        .await
        .unwrap()
        .get(0)
}

fn titles(rows: &[ChangeRow]) -> Vec<String> {
    rows.iter()
        .filter_map(|r| r.record.as_ref()?.get("title")?.as_str().map(str::to_owned))
        .collect()
}

fn count_of(rows: &[ChangeRow], title: &str) -> usize {
    titles(rows).iter().filter(|t| *t == title).count()
}

#[tokio::test]
async fn an_insert_update_and_delete_are_three_changes_with_their_rows_and_keys() {
    let db = TestDb::new().await;
    let client = db.client().await;
    publish(&client, &["public.prayer_requests"]).await;
    let start = feed::horizon(&client).await.unwrap();
    let id = insert_prayer(&client, "Healing").await;
    client
        .execute(
            "UPDATE public.prayer_requests SET status = 'answered' WHERE id = $1::text::uuid",
            &[&id],
        )
        .await
        .unwrap();
    // A statement that changes nothing records nothing.
    client
        .execute(
            "UPDATE public.prayer_requests SET status = 'closed' WHERE false",
            &[],
        )
        .await
        .unwrap();
    client
        .execute(
            "DELETE FROM public.prayer_requests WHERE id = $1::text::uuid",
            &[&id],
        )
        .await
        .unwrap();

    let mut seen = Vec::new();
    read_until(&client, start, &mut seen, |s| s.len() >= 3).await;
    assert_eq!(seen.len(), 3, "{seen:#?}");
    let ops: Vec<Op> = seen.iter().map(|c| c.op).collect();
    assert_eq!(ops, [Op::Insert, Op::Update, Op::Delete]);
    assert!(seen.windows(2).all(|w| w[0].id < w[1].id), "ordered by id");
    for change in &seen {
        assert_eq!(
            (change.schema.as_str(), change.table.as_str()),
            ("public", "prayer_requests")
        );
    }
    let (insert, update, delete) = (&seen[0], &seen[1], &seen[2]);
    let record = insert.record.as_ref().unwrap();
    assert_eq!(record["id"], json!(id));
    assert_eq!(record["title"], json!("Healing"));
    assert_eq!(record["status"], json!("open"));
    assert_eq!(insert.old_keys, None);
    assert_eq!(update.record.as_ref().unwrap()["status"], json!("answered"));
    assert_eq!(update.old_keys, Some(json!({ "id": id })));
    assert_eq!(delete.record, None);
    assert_eq!(
        delete.old_keys,
        Some(json!({ "id": id })),
        "only the primary key"
    );

    // Nothing is read twice.
    let again = feed::read(&client, feed::horizon(&client).await.unwrap())
        .await
        .unwrap();
    assert!(again.rows.is_empty(), "{:#?}", again.rows);
}

#[tokio::test]
async fn one_statement_of_many_rows_is_one_change_per_row_and_only_published_tables_record() {
    let db = TestDb::new().await;
    let client = db.client().await;
    publish(&client, &["public.prayer_requests", "public.messages"]).await;
    let start = feed::horizon(&client).await.unwrap();
    client
        .batch_execute(
            "INSERT INTO public.prayer_requests (title, description) \
               SELECT 'Many ' || n, 'Please pray' FROM generate_series(1, 5) n;
             INSERT INTO public.messages (sender_name, subject, message) VALUES ('A', 'B', 'C');
             INSERT INTO public.ministries (name, category) VALUES ('Choir', 'worship');",
        )
        .await
        .unwrap();
    let mut seen = Vec::new();
    read_until(&client, start, &mut seen, |s| s.len() >= 6).await;
    let mut tables = BTreeMap::new();
    for change in &seen {
        *tables.entry(change.table.clone()).or_insert(0) += 1;
    }
    assert_eq!(
        tables,
        BTreeMap::from([
            ("messages".to_owned(), 1),
            ("prayer_requests".to_owned(), 5)
        ]),
        "ministries is not published"
    );
}

/// The migrations publish the seven tables the back office watches (0053) and no other: a
/// table outside them writes no change and notifies nobody.
#[tokio::test]
async fn the_migrations_publish_the_watched_tables_and_no_other() {
    let db = TestDb::new().await;
    let client = db.client().await;
    let tables: Vec<(String, String)> = [
        "announcements",
        "events",
        "giving_records",
        "members",
        "messages",
        "prayer_requests",
        "sermons",
    ]
    .iter()
    .map(|t| ("public".to_owned(), (*t).to_owned()))
    .collect();
    assert_eq!(published(&client).await, tables);
    client
        .batch_execute("INSERT INTO public.ministries (name, category) VALUES ('Choir', 'worship')")
        .await
        .unwrap();
    let changes: i64 = client
        .query_one("SELECT count(*) FROM realtime.changes", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(changes, 0);
}

/// publish creates exactly the three triggers and lists the table; again, it changes nothing;
/// unpublish drops them and nothing more is recorded.
#[tokio::test]
async fn publish_adds_the_three_triggers_once_and_unpublish_removes_them() {
    let db = TestDb::new().await;
    let client = db.client().await;
    unpublish_all(&client).await;
    let three = ["realtime_delete", "realtime_insert", "realtime_update"];
    let before: i64 = client
        .query_one("SELECT count(*) FROM pg_trigger", &[])
        .await
        .unwrap()
        .get(0);

    publish(&client, &["public.prayer_requests"]).await;
    assert_eq!(triggers_on(&client, "public.prayer_requests").await, three);
    assert_eq!(
        published(&client).await,
        [("public".to_owned(), "prayer_requests".to_owned())]
    );
    let after: i64 = client
        .query_one("SELECT count(*) FROM pg_trigger", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(
        after,
        before + 3,
        "exactly three triggers, on that table only"
    );

    // Twice is harmless: the same three, one change per row.
    publish(&client, &["public.prayer_requests"]).await;
    assert_eq!(triggers_on(&client, "public.prayer_requests").await, three);
    insert_prayer(&client, "Published").await;
    assert_eq!(changes_titled(&client, "Published").await, 1);

    client
        .execute("SELECT realtime.unpublish('public.prayer_requests')", &[])
        .await
        .unwrap();
    assert_eq!(
        triggers_on(&client, "public.prayer_requests").await,
        [] as [&str; 0]
    );
    assert_eq!(published(&client).await, Vec::<(String, String)>::new());
    insert_prayer(&client, "After unpublish").await;
    assert_eq!(changes_titled(&client, "After unpublish").await, 0);
    // Unpublishing a table not published is harmless too.
    client
        .execute("SELECT realtime.unpublish('public.prayer_requests')", &[])
        .await
        .unwrap();
}

/// A table without a primary key, or outside schema public, is refused with a clear message.
#[tokio::test]
async fn publishing_a_table_without_a_primary_key_or_outside_public_is_refused() {
    let db = TestDb::new().await;
    let client = db.client().await;
    unpublish_all(&client).await;
    client
        .batch_execute(
            "CREATE TABLE public.no_key (n int); \
             CREATE SCHEMA elsewhere; CREATE TABLE elsewhere.notes (id int PRIMARY KEY);",
        )
        .await
        .unwrap();
    for (table, message) in [
        (
            "public.no_key",
            "realtime.publish: table public.no_key has no primary key",
        ),
        (
            "elsewhere.notes",
            "realtime.publish: table elsewhere.notes is not in schema public",
        ),
    ] {
        let err = client
            .execute("SELECT realtime.publish($1::text::regclass)", &[&table])
            .await
            .unwrap_err();
        let db_err = err.as_db_error().expect("a database error");
        assert_eq!(db_err.code().code(), "22023", "{table}: {err}");
        assert_eq!(db_err.message(), message);
        assert_eq!(triggers_on(&client, table).await, [] as [&str; 0]);
    }
    assert_eq!(published(&client).await, Vec::<(String, String)>::new());
}

/// Publication is the owner's: no API role may call publish or unpublish.
#[tokio::test]
async fn the_api_roles_cannot_publish_or_unpublish() {
    let db = TestDb::new().await;
    let client = db.client().await;
    unpublish_all(&client).await;
    for role in ["anon", "authenticated", "service_role"] {
        for call in ["publish", "unpublish"] {
            let err = client
                .batch_execute(&format!(
                    "BEGIN; SET LOCAL ROLE {role}; \
                     SELECT realtime.{call}('public.prayer_requests');"
                ))
                .await
                .unwrap_err();
            assert_eq!(
                err.as_db_error().map(|e| e.code().code()),
                Some("42501"),
                "{role} {call}: {err}"
            );
            client.batch_execute("ROLLBACK").await.unwrap();
        }
    }
    assert_eq!(published(&client).await, Vec::<(String, String)>::new());
}

/// THE ORDERING CASE. A takes the lower id and stays open; B takes a higher one and commits.
/// An id watermark would deliver B and then skip A; the horizon holds B back until A ends,
/// then delivers both, each once.
#[tokio::test]
async fn a_change_committed_behind_an_open_transaction_is_held_back_never_skipped() {
    let db = TestDb::new().await;
    let reader = db.client().await;
    publish(&reader, &["public.prayer_requests"]).await;
    let mut a = db.client().await;
    let b = db.client().await;
    let start = feed::horizon(&reader).await.unwrap();

    let tx_a = a.transaction().await.unwrap();
    insert_prayer(&tx_a, "A").await;
    insert_prayer(&b, "B").await;

    // B is committed; whatever the reads find while A is open, they find neither A nor B, and
    // they say B is held back.
    let mut seen = Vec::new();
    let mut at = start;
    for _ in 0..3 {
        let window = feed::read(&reader, at).await.unwrap();
        at = window.horizon;
        assert!(window.held_back, "B is committed behind A");
        seen.extend(window.rows);
    }
    assert_eq!(count_of(&seen, "A") + count_of(&seen, "B"), 0, "{seen:#?}");

    tx_a.commit().await.unwrap();
    read_until(&reader, at, &mut seen, |s| {
        count_of(s, "A") >= 1 && count_of(s, "B") >= 1
    })
    .await;
    assert_eq!(
        (count_of(&seen, "A"), count_of(&seen, "B")),
        (1, 1),
        "{seen:#?}"
    );
    let id_of = |t: &str| {
        seen.iter()
            .find(|c| c.record.as_ref().is_some_and(|r| r["title"] == json!(t)))
            .map(|c| c.id)
            .unwrap()
    };
    assert!(id_of("A") < id_of("B"), "A drew the lower id");
    // Later reads do not return them again.
    let later = feed::read(&reader, feed::horizon(&reader).await.unwrap())
        .await
        .unwrap();
    assert!(later.rows.is_empty());
}

#[tokio::test]
async fn a_rolled_back_change_never_appears_and_does_not_hold_the_horizon() {
    let db = TestDb::new().await;
    let reader = db.client().await;
    publish(&reader, &["public.prayer_requests"]).await;
    let mut c = db.client().await;
    let start = feed::horizon(&reader).await.unwrap();

    let tx = c.transaction().await.unwrap();
    insert_prayer(&tx, "Rolled back").await;
    tx.rollback().await.unwrap();
    insert_prayer(&reader, "Kept").await;

    let mut seen = Vec::new();
    read_until(&reader, start, &mut seen, |s| count_of(s, "Kept") == 1).await;
    assert_eq!(count_of(&seen, "Rolled back"), 0, "{seen:#?}");
    let left: i64 = reader
        .query_one(
            "SELECT count(*) FROM realtime.changes WHERE record ->> 'title' = 'Rolled back'",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(left, 0, "its row went with its transaction");
}

/// The API roles write through the triggers (SECURITY DEFINER) but cannot read the changes.
#[tokio::test]
async fn an_anonymous_submission_is_recorded_and_the_api_roles_cannot_read_the_changes() {
    let db = TestDb::new().await;
    let client = db.client().await;
    publish(&client, &["public.prayer_requests"]).await;
    let start = feed::horizon(&client).await.unwrap();
    client
        .batch_execute(
            "BEGIN; SET LOCAL ROLE anon; \
             INSERT INTO public.prayer_requests (title, description) VALUES ('From anon', 'x'); \
             COMMIT;",
        )
        .await
        .unwrap();
    let mut seen = Vec::new();
    read_until(&client, start, &mut seen, |s| count_of(s, "From anon") == 1).await;
    for role in ["anon", "authenticated", "service_role"] {
        let err = client
            .batch_execute(&format!(
                "BEGIN; SET LOCAL ROLE {role}; SELECT count(*) FROM realtime.changes;"
            ))
            .await
            .unwrap_err();
        assert_eq!(
            err.as_db_error().map(|e| e.code().code()),
            Some("42501"),
            "{role}: {err}"
        );
        client.batch_execute("ROLLBACK").await.unwrap();
    }
}

async fn next_batch(feed: &mut Feed) -> Vec<ChangeRow> {
    tokio::time::timeout(limit(), feed.recv())
        .await
        .expect("a batch from the feed")
        .expect("the feed is running")
}

/// The feed reads when NOTIFY says something committed (no polling loop), and delivers a
/// change held back behind an open transaction once that transaction commits.
#[tokio::test]
async fn the_feed_delivers_on_notify_and_delivers_held_back_changes_once() {
    let db = TestDb::new().await;
    let mut feed = Feed::start(db.pool(), db.config().clone()).await.unwrap();
    let client = db.client().await;
    publish(&client, &["public.prayer_requests"]).await;
    insert_prayer(&client, "First").await;
    let mut seen = Vec::new();
    while count_of(&seen, "First") == 0 {
        seen.extend(next_batch(&mut feed).await);
    }
    assert_eq!(seen.len(), 1, "{seen:#?}");

    let mut a = db.client().await;
    let tx_a = a.transaction().await.unwrap();
    insert_prayer(&tx_a, "A").await;
    insert_prayer(&client, "B").await;
    // B's commit notified; the feed finds B held back behind A and waits for it.
    tx_a.commit().await.unwrap();
    while count_of(&seen, "A") == 0 || count_of(&seen, "B") == 0 {
        let batch = next_batch(&mut feed).await;
        assert!(batch.windows(2).all(|w| w[0].id < w[1].id), "ordered by id");
        seen.extend(batch);
    }
    assert_eq!(
        titles(&seen),
        ["First", "A", "B"],
        "each once, A (the lower id) first"
    );
}

async fn age(client: &Client, title: &str, by: &str) {
    client
        .execute(
            "UPDATE realtime.changes SET commit_ts = commit_ts - $2::text::interval \
             WHERE record ->> 'title' = $1",
            &[&title, &by],
        )
        .await
        .unwrap();
}

async fn titles_left(client: &Client) -> Vec<String> {
    client
        .query(
            "SELECT record ->> 'title' FROM realtime.changes ORDER BY id",
            &[],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect()
}

/// Prune deletes the changes older than `keep` that every reader has passed, and keeps an old
/// one that an open transaction still holds back.
#[tokio::test]
async fn prune_deletes_only_old_changes_every_reader_has_passed() {
    let db = TestDb::new().await;
    let client = db.client().await;
    publish(&client, &["public.prayer_requests"]).await;
    let start = feed::horizon(&client).await.unwrap();
    insert_prayer(&client, "Old").await;
    insert_prayer(&client, "New").await;
    age(&client, "Old", "1 hour").await;
    // Both are below the horizon once any older transaction of another test has ended.
    let mut seen = Vec::new();
    read_until(&client, start, &mut seen, |s| s.len() == 2).await;
    let deleted = feed::prune(&client, Duration::from_secs(600))
        .await
        .unwrap();
    assert_eq!(deleted, 1);
    assert_eq!(titles_left(&client).await, ["New"]);

    // Held back: committed and old, but behind an open transaction.
    let mut a = db.client().await;
    let tx_a = a.transaction().await.unwrap();
    insert_prayer(&tx_a, "Open").await;
    insert_prayer(&client, "Held").await;
    age(&client, "Held", "1 hour").await;
    assert_eq!(
        feed::prune(&client, Duration::from_secs(600))
            .await
            .unwrap(),
        0
    );
    assert_eq!(titles_left(&client).await, ["New", "Held"]);
    tx_a.commit().await.unwrap();
    let deadline = tokio::time::Instant::now() + limit();
    while titles_left(&client).await.contains(&"Held".to_owned()) {
        feed::prune(&client, Duration::from_secs(600))
            .await
            .unwrap();
        assert!(
            tokio::time::Instant::now() < deadline,
            "Held was never pruned"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(titles_left(&client).await, ["New", "Open"]);
}

/// A dump restored into another cluster brings rows whose xids that cluster has not assigned
/// yet: they are not "held back" (the feed would read again every second for nothing) and the
/// prune deletes them at once.
#[tokio::test]
async fn a_row_from_another_clusters_future_is_not_held_back_and_is_pruned() {
    let db = TestDb::new().await;
    let client = db.client().await;
    client
        .batch_execute(
            "INSERT INTO realtime.changes (xid, schema_name, table_name, op, record) \
             VALUES ('4000000000000'::xid8, 'public', 'prayer_requests', 'INSERT', \
                     '{\"title\": \"Restored\"}')",
        )
        .await
        .unwrap();
    let start = feed::horizon(&client).await.unwrap();
    let window = feed::read(&client, start).await.unwrap();
    assert!(window.rows.is_empty());
    assert!(!window.held_back, "its xid is past this cluster's next");
    assert_eq!(
        feed::prune(&client, Duration::from_secs(600))
            .await
            .unwrap(),
        1
    );
    assert!(titles_left(&client).await.is_empty());
}

#[test]
fn the_prune_job_is_periodic_every_five_minutes() {
    // The registry only records the schedule; no database is needed to build it.
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let pool = kanisa_pg::pool_from_config(tokio_postgres::Config::new(), 1).unwrap();
        let registry = feed::jobs(kanisa_jobs::Registry::new(), pool);
        assert!(registry.kinds().any(|k| k == feed::PRUNE_CHANGES));
        let periodic: Vec<(&str, Duration)> = registry
            .periodic()
            .iter()
            .map(|p| (p.kind, p.every))
            .collect();
        assert_eq!(periodic, [(feed::PRUNE_CHANGES, Duration::from_secs(300))]);
    });
}
