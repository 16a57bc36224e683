//! Periodic jobs: one run per slot across instances, a schedule that survives a run failed for
//! good (marked failed from outside, or a job failing every attempt), and one run after the
//! instances were down for several slots.

use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use kanisa_jobs::{Job, JobFailure, Registry, RunInfo, Workers, slot_start};
use kanisa_pg::Pool;
use serde::{Deserialize, Serialize};

use crate::queue::{count, fast, setup};

/// Records its slot (its unique key) in `ticks`.
#[derive(Default, Serialize, Deserialize)]
struct Tick {}

impl Job for Tick {
    const KIND: &'static str = "tick";
    type Context = Pool;

    async fn run(self, pool: &Pool, run: &RunInfo) -> Result<(), JobFailure> {
        let client = pool.get().await.map_err(|e| JobFailure::pool(&e))?;
        client
            .execute(
                "INSERT INTO ticks (slot, run_at) VALUES ($1, $2)",
                &[&run.unique_key, &run.run_at],
            )
            .await
            .map_err(|e| JobFailure::database(&e))?;
        Ok(())
    }
}

/// Fails every attempt (retry-able), two attempts per slot.
#[derive(Default, Serialize, Deserialize)]
struct Broken {}

impl Job for Broken {
    const KIND: &'static str = "broken";
    const MAX_ATTEMPTS: i32 = 2;
    type Context = ();

    async fn run(self, _: &(), _run: &RunInfo) -> Result<(), JobFailure> {
        Err(JobFailure::retry("the provider is down"))
    }
}

async fn with_ticks() -> (kanisa_test_db::TestDb, Pool) {
    let (db, pool) = setup().await;
    pool.get()
        .await
        .unwrap()
        .batch_execute("CREATE TABLE ticks (slot text NOT NULL, run_at timestamptz NOT NULL)")
        .await
        .unwrap();
    (db, pool)
}

fn ticking(pool: &Pool, every: Duration) -> Workers {
    Workers::start(
        pool.clone(),
        Registry::new()
            .job::<Tick>(pool.clone())
            .every::<Tick>(every),
        fast(),
        None,
    )
    .unwrap()
}

/// Waits (up to `limit`) until `sql` counts at least `n`.
async fn until(pool: &Pool, sql: &str, n: i64, limit: Duration) {
    let start = Instant::now();
    loop {
        let got = count(pool, sql).await;
        if got >= n {
            return;
        }
        assert!(start.elapsed() < limit, "{sql}: {got} of {n}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn a_periodic_kind_without_a_handler_is_refused_at_start() {
    let (_db, pool) = setup().await;
    let refused = Workers::start(
        pool.clone(),
        Registry::new().every::<Tick>(Duration::from_secs(1)),
        fast(),
        None,
    );
    let Err(e) = refused else {
        panic!("started without a handler for tick")
    };
    assert!(e.to_string().contains("tick is not registered"), "{e}");
}

/// The outside check's reproduction: the queued next run marked failed for good. The schedule
/// does not depend on it: the slot after runs.
#[tokio::test]
async fn a_queued_slot_marked_failed_does_not_end_the_schedule() {
    let (_db, pool) = with_ticks().await;
    let workers = ticking(&pool, Duration::from_secs(1));
    until(
        &pool,
        "SELECT count(*) FROM ticks",
        1,
        Duration::from_secs(10),
    )
    .await;
    // Every queued run of the kind fails for good, as after its last attempt.
    let killed = count(
        &pool,
        "WITH k AS (UPDATE kanisa.jobs SET state = 'failed', finished_at = now(), \
           last_error = 'killed by the test' WHERE kind = 'tick' AND state = 'queued' \
           RETURNING 1) SELECT count(*) FROM k",
    )
    .await;
    assert!(killed >= 1, "a next slot was queued");
    let before = count(&pool, "SELECT count(*) FROM ticks").await;
    until(
        &pool,
        "SELECT count(*) FROM ticks",
        before + 2,
        Duration::from_secs(10),
    )
    .await;
    workers.stop(Duration::from_secs(5)).await.unwrap();
    // One run per slot.
    assert_eq!(
        count(&pool, "SELECT count(*) - count(DISTINCT slot) FROM ticks").await,
        0
    );
}

/// A job that fails every attempt fails each slot for good, and each next slot still runs.
#[tokio::test]
async fn a_job_failing_every_attempt_leaves_each_next_slot_to_run() {
    let (_db, pool) = setup().await;
    let workers = Workers::start(
        pool.clone(),
        Registry::new()
            .job::<Broken>(())
            .every::<Broken>(Duration::from_secs(1)),
        fast(),
        None,
    )
    .unwrap();
    until(
        &pool,
        "SELECT count(*) FROM kanisa.jobs WHERE kind = 'broken' AND state = 'failed'",
        3,
        Duration::from_secs(15),
    )
    .await;
    workers.stop(Duration::from_secs(5)).await.unwrap();
    // Each failed slot used both its attempts, and the failed ones are different slots.
    assert_eq!(
        count(
            &pool,
            "SELECT count(*) FROM kanisa.jobs WHERE kind = 'broken' AND state = 'failed' \
               AND (attempts <> 2 OR last_error <> 'the provider is down')"
        )
        .await,
        0
    );
    assert_eq!(
        count(
            &pool,
            "SELECT count(*) - count(DISTINCT unique_key) FROM kanisa.jobs WHERE kind = 'broken'"
        )
        .await,
        0
    );
}

/// Two instances, one run per slot between them.
#[tokio::test]
async fn two_instances_run_each_slot_once() {
    let (_db, pool) = with_ticks().await;
    let sets = [
        ticking(&pool, Duration::from_secs(1)),
        ticking(&pool, Duration::from_secs(1)),
    ];
    until(
        &pool,
        "SELECT count(*) FROM ticks",
        4,
        Duration::from_secs(15),
    )
    .await;
    for set in sets {
        set.stop(Duration::from_secs(5)).await.unwrap();
    }
    assert_eq!(
        count(&pool, "SELECT count(*) - count(DISTINCT slot) FROM ticks").await,
        0
    );
}

/// Waits until `at_ms` milliseconds into a slot of `every`, so what follows starts well inside
/// one slot.
async fn early_in_a_slot(every: Duration, at_ms: u64) {
    let now = Utc::now();
    let start = slot_start(now, every);
    let into = (now - start).to_std().unwrap_or_default();
    let target = Duration::from_millis(at_ms);
    let wait = if into <= target {
        target - into
    } else {
        every - into + target
    };
    tokio::time::sleep(wait).await;
}

/// Both instances stopped for more than several slots: when they come back, the missed slots
/// make one run (the current slot's), not one each; the slot queued ahead before the stop is
/// skipped.
#[tokio::test]
async fn after_both_instances_were_down_for_several_slots_the_missed_work_runs_once() {
    let (_db, pool) = with_ticks().await;
    let every = Duration::from_secs(2);
    let sets = [ticking(&pool, every), ticking(&pool, every)];
    until(
        &pool,
        "SELECT count(*) FROM ticks",
        1,
        Duration::from_secs(10),
    )
    .await;
    for set in sets {
        set.stop(Duration::from_secs(5)).await.unwrap();
    }
    let stopped: DateTime<Utc> = Utc::now();
    let last_before: DateTime<Utc> = pool
        .get()
        .await
        .unwrap()
        .query_one("SELECT max(run_at) FROM ticks", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(
        count(
            &pool,
            "SELECT count(*) FROM kanisa.jobs WHERE kind = 'tick' AND state = 'queued'"
        )
        .await,
        1,
        "the next slot was queued ahead when they stopped"
    );
    // Down for more than three slots, then back together early in a slot.
    tokio::time::sleep(Duration::from_secs(7)).await;
    early_in_a_slot(every, 200).await;
    let back = slot_start(Utc::now(), every);
    assert!(back - stopped > chrono::Duration::seconds(6));
    let sets = [ticking(&pool, every), ticking(&pool, every)];
    let client = pool.get().await.unwrap();
    let start = Instant::now();
    loop {
        let ran: i64 = client
            .query_one("SELECT count(*) FROM ticks WHERE run_at = $1", &[&back])
            .await
            .unwrap()
            .get(0);
        if ran == 1 {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(1),
            "the current slot ran at once"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let between: i64 = client
        .query_one(
            "SELECT count(*) FROM ticks WHERE run_at > $1 AND run_at <= $2",
            &[&last_before, &back],
        )
        .await
        .unwrap()
        .get(0);
    let skipped: i64 = client
        .query_one(
            "SELECT count(*) FROM kanisa.jobs WHERE kind = 'tick' AND state = 'skipped' \
               AND run_at > $1 AND run_at < $2",
            &[&last_before, &back],
        )
        .await
        .unwrap()
        .get(0);
    for set in sets {
        set.stop(Duration::from_secs(5)).await.unwrap();
    }
    assert_eq!(between, 1, "one run for the missed slots");
    assert_eq!(skipped, 1, "the slot queued ahead was skipped, not run");
}

/// Finished runs of the registered periodic kinds older than a day are pruned when the
/// scheduler starts; other kinds' rows, and recent ones, stay.
#[tokio::test]
async fn old_runs_of_the_periodic_kinds_are_pruned_from_the_registry() {
    let (_db, pool) = with_ticks().await;
    pool.get()
        .await
        .unwrap()
        .batch_execute(
            "SELECT kanisa.enqueue('tick', 'tick:old-' || n) FROM generate_series(1, 3) n; \
             SELECT kanisa.enqueue('tick', 'tick:recent'); \
             SELECT kanisa.enqueue('send_email', 'mail:old'); \
             UPDATE kanisa.jobs SET state = 'done', finished_at = now() - interval '2 days' \
              WHERE unique_key LIKE 'tick:old-%' OR unique_key = 'mail:old'; \
             UPDATE kanisa.jobs SET state = 'done', finished_at = now() - interval '1 hour' \
              WHERE unique_key = 'tick:recent';",
        )
        .await
        .unwrap();
    let workers = ticking(&pool, Duration::from_secs(3600));
    until(
        &pool,
        "SELECT count(*) FROM kanisa.periodic_kinds WHERE kind = 'tick' AND every_secs = 3600",
        1,
        Duration::from_secs(10),
    )
    .await;
    let start = Instant::now();
    while count(
        &pool,
        "SELECT count(*) FROM kanisa.jobs WHERE unique_key LIKE 'tick:old-%'",
    )
    .await
        > 0
    {
        assert!(start.elapsed() < Duration::from_secs(10), "not pruned");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    workers.stop(Duration::from_secs(5)).await.unwrap();
    assert_eq!(
        count(
            &pool,
            "SELECT count(*) FROM kanisa.jobs WHERE unique_key IN ('tick:recent', 'mail:old')"
        )
        .await,
        2
    );
}
