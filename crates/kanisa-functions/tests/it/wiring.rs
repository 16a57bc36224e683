//! `Functions::jobs`, the one place the server's workers are wired: every job kind anything
//! enqueues — the database's functions and the Rust code — has a handler there, and the
//! periodic kinds are the ones the features schedule.

use std::collections::BTreeSet;
use std::time::Duration;

use kanisa_functions::{
    ACKNOWLEDGE_SUBMISSION, Functions, HOURLY_SWEEP, JobsSetup, NOTIFICATION_SWEEP,
    NOTIFY_SUBMISSION, PAYMENT_CALLBACK, PAYMENT_RECEIPT, RECONCILE_EVERY, RECONCILE_PAYMENTS,
    REPLY_MESSAGE, SEND_BROADCAST_EMAIL, SEND_SMS,
};
use kanisa_test_db::TestDb;

use crate::{channels, demo_payments, storage};

/// The job kinds the migrated database's functions enqueue (`kanisa.enqueue('kind', …)`).
async fn kinds_enqueued_by_sql(db: &TestDb) -> BTreeSet<String> {
    let sql = db.client().await;
    // kanisa.enqueue is the one statement that inserts a job (migration 0025): no function
    // but it writes to kanisa.jobs, and every call names its kind as a literal, so the kinds
    // below are all the database can enqueue.
    let writers: Vec<String> = sql
        .query(
            "SELECT p.oid::regprocedure::text FROM pg_proc p \
             WHERE p.prosrc ~* 'insert\\s+into\\s+kanisa\\.jobs'",
            &[],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(
        writers,
        ["kanisa.enqueue(text,text,jsonb,timestamp with time zone,integer)"],
        "only kanisa.enqueue inserts jobs"
    );
    let dynamic: Vec<String> = sql
        .query(
            "SELECT p.oid::regprocedure::text FROM pg_proc p \
             WHERE p.prosrc ~ 'kanisa\\.enqueue\\(\\s*[^''\\s]'",
            &[],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert!(
        dynamic.is_empty(),
        "functions enqueueing a kind that is no literal: {dynamic:?}"
    );
    sql.query(
        "SELECT DISTINCT m[1] FROM pg_proc p, \
           regexp_matches(p.prosrc, 'kanisa\\.enqueue\\(\\s*''([a-z0-9_]+)''', 'g') AS m",
        &[],
    )
    .await
    .unwrap()
    .iter()
    .map(|r| r.get(0))
    .collect()
}

/// The backups feature as the managed cluster has it (base backups and the drill), wired to a
/// destination that is never reached: the test only reads the registry.
fn backups(db: &TestDb) -> kanisa_functions::Backups {
    let dir = std::env::temp_dir().join("kanisa-wiring-backups");
    let destinations =
        kanisa_backup::Destinations::new(None, url::Url::from_directory_path(&dir).unwrap(), None);
    kanisa_functions::Backups::new(
        db.pool(),
        kanisa_pg::BackupTool::new(
            std::path::PathBuf::from("/nonexistent"),
            db.config().clone(),
        ),
        kanisa_functions::BackupSchedule {
            dir: dir.clone(),
            check: Duration::from_secs(3600),
            every: None,
        },
    )
    .with_base(kanisa_functions::BaseBackups {
        destinations,
        work: dir.join("work"),
        drill: kanisa_backup::drill::DrillOptions {
            scratch: dir.join("scratch"),
            bin_dir: None,
            os_user: "postgres".into(),
            ship_wait: Duration::from_secs(1),
            wait_turn: false,
        },
    })
}

#[tokio::test]
async fn every_job_kind_anything_enqueues_has_a_worker_and_the_periodic_ones_are_scheduled() {
    let db = TestDb::new().await;
    let (storage, _dir) = storage(&db);
    let auth = kanisa_auth::Auth::new(
        db.pool(),
        std::sync::Arc::new(kanisa_auth::JwtKeys::new(
            "kanisa-wiring-test-secret-0123456789",
        )),
        kanisa_auth::AuthOptions::new("kanisa-wiring-test-secret-0123456789"),
    )
    .unwrap();
    let functions = Functions::new(db.api_pool(), db.pool(), Some(storage), channels(&db, None))
        .with_payments(demo_payments(&db))
        .with_sign_in(std::sync::Arc::new(auth));
    let registry = functions.jobs(JobsSetup {
        public_url: "http://kanisa.test".into(),
        reconcile_every: RECONCILE_EVERY,
        notify_every: Duration::from_secs(60),
        backups: Some(backups(&db)),
    });
    let kinds: BTreeSet<&str> = registry.kinds().collect();

    // (a) Whatever the database's functions enqueue.
    let from_sql = kinds_enqueued_by_sql(&db).await;
    assert!(
        !from_sql.is_empty(),
        "the search found no kanisa.enqueue call: is the pattern still right?"
    );
    let missing: Vec<&String> = from_sql
        .iter()
        .filter(|k| !kinds.contains(k.as_str()))
        .collect();
    assert!(
        missing.is_empty(),
        "enqueued by SQL, run by no worker: {missing:?} (registered: {kinds:?})"
    );

    // (b) Whatever the Rust code enqueues.
    for kind in [
        kanisa_notify::SEND_EMAIL,
        SEND_SMS,
        PAYMENT_CALLBACK,
        PAYMENT_RECEIPT,
        NOTIFY_SUBMISSION,
        ACKNOWLEDGE_SUBMISSION,
        REPLY_MESSAGE,
        SEND_BROADCAST_EMAIL,
        kanisa_functions::SEND_SIGN_IN_CODE,
    ] {
        assert!(kinds.contains(kind), "{kind} is not registered: {kinds:?}");
    }

    // (c) The periodic kinds, the backup check, the drill and the realtime prune among them.
    let mut periodic: Vec<&str> = registry.periodic().iter().map(|p| p.kind).collect();
    periodic.sort_unstable();
    let mut expected = vec![
        RECONCILE_PAYMENTS,
        HOURLY_SWEEP,
        NOTIFICATION_SWEEP,
        kanisa_functions::SCHEDULED_BACKUP,
        kanisa_functions::BACKUP_DRILL,
        kanisa_realtime::feed::PRUNE_CHANGES,
        kanisa_functions::SWEEP_SIGN_IN_CODES,
    ];
    expected.sort_unstable();
    assert_eq!(periodic, expected);
    for p in registry.periodic() {
        assert!(
            kinds.contains(p.kind),
            "the periodic {} has no worker",
            p.kind
        );
    }
}
