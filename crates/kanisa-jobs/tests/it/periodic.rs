//! Periodic jobs: one run per slot across instances, a schedule that survives a run failed for
//! good (marked failed from outside, or a job failing every attempt), and one run after the
//! instances were down for several slots.

use std::time::Duration;

use chrono::{DateTime, Utc};
use kanisa_jobs::{Job, JobFailure, Registry, RunInfo, Workers, slot_start};
use kanisa_pg::Pool;
use serde::{Deserialize, Serialize};

use crate::queue::{count, eventually, fast, setup, until};

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
    // Every queued run of the kind fails for good, as after its last attempt. The scheduler
    // queues the next slot in the same tick as the current one, but on a busy machine the run
    // may be seen before that, or that slot may already have started at its boundary with the
    // one after not queued yet: kill the queued ones as soon as there are any.
    let killed: Vec<String> = eventually(
        Duration::from_secs(10),
        "a next slot was queued",
        || async {
            let client = pool.get().await.unwrap();
            let killed: Vec<String> = client
                .query(
                    "UPDATE kanisa.jobs SET state = 'failed', finished_at = now(), \
                   last_error = 'killed by the test' WHERE kind = 'tick' AND state = 'queued' \
                 RETURNING unique_key",
                    &[],
                )
                .await
                .unwrap()
                .iter()
                .map(|r| r.get(0))
                .collect();
            if killed.is_empty() {
                Err("no tick queued".to_owned())
            } else {
                Ok(killed)
            }
        },
    )
    .await;
    let before = count(&pool, "SELECT count(*) FROM ticks").await;
    until(
        &pool,
        "SELECT count(*) FROM ticks",
        before + 2,
        Duration::from_secs(10),
    )
    .await;
    workers.stop(Duration::from_secs(5)).await.unwrap();
    let client = pool.get().await.unwrap();
    let (killed_ran, ran_after): (i64, i64) = {
        let row = client
            .query_one(
                "SELECT count(*) FILTER (WHERE slot = ANY($1)), \
                        count(*) FILTER (WHERE run_at > (SELECT max(run_at) FROM kanisa.jobs \
                                                         WHERE unique_key = ANY($1))) \
                   FROM ticks",
                &[&killed],
            )
            .await
            .unwrap();
        (row.get(0), row.get(1))
    };
    assert_eq!(killed_ran, 0, "a killed slot ran: {killed:?}");
    assert!(ran_after >= 1, "no slot after the killed {killed:?} ran");
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
    let ran_in = |slot: DateTime<Utc>| {
        let pool = &pool;
        async move {
            let client = pool.get().await.unwrap();
            let ran: i64 = client
                .query_one("SELECT count(*) FROM ticks WHERE run_at = $1", &[&slot])
                .await
                .unwrap()
                .get(0);
            if ran == 1 {
                Ok(())
            } else {
                Err(format!("{ran} runs of the slot at {slot}"))
            }
        }
    };
    // Started early in a slot, they run it and stop before the next one begins: the next slot
    // is then queued ahead and not started. On a machine so busy that the boundary passed
    // first, the next slot may have started (or the one after been queued): again, in a later
    // slot.
    let mut tries = 0;
    let (stopped, last_before) = loop {
        tries += 1;
        early_in_a_slot(every, 200).await;
        let slot = slot_start(Utc::now(), every);
        let sets = [ticking(&pool, every), ticking(&pool, every)];
        eventually(Duration::from_secs(10), "the first slot ran", || {
            ran_in(slot)
        })
        .await;
        for set in sets {
            set.stop(Duration::from_secs(5)).await.unwrap();
        }
        let stopped = Utc::now();
        if slot_start(stopped, every) == slot {
            break (stopped, slot);
        }
        assert!(
            tries < 3,
            "{tries} times the slot ended before they stopped"
        );
    };
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
    // The current slot runs at once: due at its start, it runs within it (a slot claimed after
    // it ended is skipped, so a run of `back` is one that did not wait for the next boundary).
    eventually(
        Duration::from_secs(10),
        "the current slot ran at once",
        || ran_in(back),
    )
    .await;
    // Stopped, so the runs in flight (the stale slot's skip among them) have written their
    // outcome.
    for set in sets {
        set.stop(Duration::from_secs(5)).await.unwrap();
    }
    let client = pool.get().await.unwrap();
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
    eventually(Duration::from_secs(10), "the old runs pruned", || async {
        match count(
            &pool,
            "SELECT count(*) FROM kanisa.jobs WHERE unique_key LIKE 'tick:old-%'",
        )
        .await
        {
            0 => Ok(()),
            left => Err(format!("{left} left")),
        }
    })
    .await;
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
