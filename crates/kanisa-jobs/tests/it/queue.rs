//! Enqueue, claim, outcomes, leases and stopping, with handlers that record their effects.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use kanisa_jobs::{
    Job, JobFailure, JobHandler, NewJob, Registry, WorkerOptions, Workers, claim, enqueue,
};
use kanisa_pg::Pool;
use kanisa_test_db::TestDb;
use serde_json::json;

/// Short everything, so tests wait milliseconds, not seconds.
fn fast() -> WorkerOptions {
    WorkerOptions {
        concurrency: 4,
        lease: Duration::from_secs(30),
        poll_interval: Duration::from_millis(50),
        backoff_base: Duration::from_millis(20),
        backoff_cap: Duration::from_millis(100),
    }
}

/// Writes one row per run into `effects`, in its own statement (an effect outside the queue).
#[derive(Clone)]
struct Effect {
    pool: Pool,
}

impl JobHandler for Effect {
    async fn run(&self, job: &Job) -> Result<(), JobFailure> {
        let client = self
            .pool
            .get()
            .await
            .map_err(|e| JobFailure::retry(e.to_string()))?;
        client
            .execute("INSERT INTO effects (job_id) VALUES ($1)", &[&job.id])
            .await
            .map_err(|e| JobFailure::retry(e.to_string()))?;
        Ok(())
    }
}

/// Fails its first `failures` runs (retry-able), then succeeds.
struct Flaky {
    failures: usize,
    runs: Arc<AtomicUsize>,
}

impl JobHandler for Flaky {
    async fn run(&self, _job: &Job) -> Result<(), JobFailure> {
        let n = self.runs.fetch_add(1, Ordering::SeqCst);
        if n < self.failures {
            Err(JobFailure::retry(format!("flaky failure {}", n + 1)))
        } else {
            Ok(())
        }
    }
}

struct Refuse;

impl JobHandler for Refuse {
    async fn run(&self, _job: &Job) -> Result<(), JobFailure> {
        Err(JobFailure::permanent("550 mailbox unavailable"))
    }
}

/// Sleeps for the payload's `ms`.
struct Sleep;

impl JobHandler for Sleep {
    async fn run(&self, job: &Job) -> Result<(), JobFailure> {
        let ms = job.payload["ms"].as_u64().unwrap_or(0);
        tokio::time::sleep(Duration::from_millis(ms)).await;
        Ok(())
    }
}

async fn setup() -> (TestDb, Pool) {
    let db = TestDb::new().await;
    db.client()
        .await
        .batch_execute("CREATE TABLE effects (job_id bigint NOT NULL)")
        .await
        .unwrap();
    let pool = db.pool();
    (db, pool)
}

#[derive(Debug)]
struct Row {
    state: String,
    attempts: i32,
    last_error: Option<String>,
    locked: bool,
}

async fn job(pool: &Pool, id: i64) -> Row {
    let client = pool.get().await.unwrap();
    let row = client
        .query_one(
            "SELECT state, attempts, last_error, locked_until IS NOT NULL \
             FROM kanisa.jobs WHERE id = $1",
            &[&id],
        )
        .await
        .unwrap();
    Row {
        state: row.get(0),
        attempts: row.get(1),
        last_error: row.get(2),
        locked: row.get(3),
    }
}

/// Waits (up to 10 s) until job `id` is done or failed.
async fn finished(pool: &Pool, id: i64) -> Row {
    let start = Instant::now();
    loop {
        let row = job(pool, id).await;
        if row.state == "done" || row.state == "failed" {
            return row;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "job {id} not finished: {row:?}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Starts workers with `registry`, waits until job `id` has finished, stops them (5 s grace)
/// and returns the job's row.
async fn run_to_end(pool: &Pool, registry: Registry, options: WorkerOptions, id: i64) -> Row {
    let workers = Workers::start(pool.clone(), registry, options, None);
    let row = finished(pool, id).await;
    workers.stop(Duration::from_secs(5)).await.unwrap();
    row
}

async fn count(pool: &Pool, sql: &str) -> i64 {
    pool.get()
        .await
        .unwrap()
        .query_one(sql, &[])
        .await
        .unwrap()
        .get(0)
}

#[tokio::test]
async fn enqueue_in_a_rolled_back_transaction_leaves_no_job() {
    let (_db, pool) = setup().await;
    let mut client = pool.get().await.unwrap();
    let tx = client.transaction().await.unwrap();
    tx.execute("INSERT INTO effects (job_id) VALUES (0)", &[])
        .await
        .unwrap();
    let queued = enqueue(&*tx, &NewJob::new("effect", json!({})))
        .await
        .unwrap();
    assert!(queued.created);
    tx.rollback().await.unwrap();
    assert_eq!(count(&pool, "SELECT count(*) FROM kanisa.jobs").await, 0);
    assert_eq!(count(&pool, "SELECT count(*) FROM effects").await, 0);

    // Committed, the row and its job are both there.
    let tx = client.transaction().await.unwrap();
    tx.execute("INSERT INTO effects (job_id) VALUES (0)", &[])
        .await
        .unwrap();
    enqueue(&*tx, &NewJob::new("effect", json!({})))
        .await
        .unwrap();
    tx.commit().await.unwrap();
    assert_eq!(count(&pool, "SELECT count(*) FROM kanisa.jobs").await, 1);
}

#[tokio::test]
async fn the_unique_key_dedupes_even_after_the_job_ran() {
    let (_db, pool) = setup().await;
    let client = pool.get().await.unwrap();
    let job = NewJob::new("effect", json!({"n": 1})).unique_key("message-email:42");
    let first = enqueue(&**client, &job).await.unwrap();
    let again = enqueue(&**client, &job).await.unwrap();
    assert!(first.created);
    assert!(!again.created);
    assert_eq!(first.id, again.id);

    let workers = Workers::start(
        pool.clone(),
        Registry::new().register("effect", Effect { pool: pool.clone() }),
        fast(),
        None,
    );
    assert_eq!(finished(&pool, first.id).await.state, "done");
    let after = enqueue(&**client, &job).await.unwrap();
    assert_eq!((after.id, after.created), (first.id, false));
    workers.stop(Duration::from_secs(5)).await.unwrap();
    assert_eq!(count(&pool, "SELECT count(*) FROM kanisa.jobs").await, 1);
    assert_eq!(count(&pool, "SELECT count(*) FROM effects").await, 1);
}

#[tokio::test]
async fn enqueue_refuses_a_job_without_kind_or_attempts() {
    let (_db, pool) = setup().await;
    let client = pool.get().await.unwrap();
    assert!(
        enqueue(&**client, &NewJob::new("", json!({})))
            .await
            .is_err()
    );
    assert!(
        enqueue(&**client, &NewJob::new("x", json!({})).max_attempts(0))
            .await
            .is_err()
    );
}

/// Two worker sets (as two `kanisa serve` would run) drain 500 jobs: every job runs once.
#[tokio::test]
async fn two_worker_sets_run_500_jobs_exactly_once_each() {
    let (db, pool) = setup().await;
    let client = pool.get().await.unwrap();
    client
        .execute(
            "INSERT INTO kanisa.jobs (kind, payload) SELECT 'effect', '{}' FROM generate_series(1, 500)",
            &[],
        )
        .await
        .unwrap();
    let start = Instant::now();
    let sets: Vec<Workers> = (0..2)
        .map(|_| {
            let pool = db.pool();
            Workers::start(
                pool.clone(),
                Registry::new().register("effect", Effect { pool }),
                fast(),
                None,
            )
        })
        .collect();
    loop {
        let left = count(
            &pool,
            "SELECT count(*) FROM kanisa.jobs WHERE state <> 'done'",
        )
        .await;
        if left == 0 {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "{left} jobs left"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let elapsed = start.elapsed();
    for set in sets {
        set.stop(Duration::from_secs(5)).await.unwrap();
    }
    eprintln!(
        "500 jobs drained by two worker sets in {elapsed:?} ({:.0} jobs/s)",
        500.0 / elapsed.as_secs_f64()
    );
    assert_eq!(count(&pool, "SELECT count(*) FROM effects").await, 500);
    assert_eq!(
        count(&pool, "SELECT count(DISTINCT job_id) FROM effects").await,
        500
    );
    assert_eq!(
        count(
            &pool,
            "SELECT count(*) FROM kanisa.jobs j WHERE NOT EXISTS \
             (SELECT FROM effects e WHERE e.job_id = j.id)"
        )
        .await,
        0
    );
    // No job was claimed twice.
    assert_eq!(
        count(&pool, "SELECT max(attempts)::bigint FROM kanisa.jobs").await,
        1
    );
}

#[tokio::test]
async fn a_retryable_failure_backs_off_then_succeeds() {
    let (_db, pool) = setup().await;
    let runs = Arc::new(AtomicUsize::new(0));
    let client = pool.get().await.unwrap();
    let id = enqueue(&**client, &NewJob::new("flaky", json!({})).max_attempts(5))
        .await
        .unwrap()
        .id;
    let mut options = fast();
    options.backoff_base = Duration::from_millis(200);
    options.backoff_cap = Duration::from_secs(1);
    let start = Instant::now();
    let row = run_to_end(
        &pool,
        Registry::new().register(
            "flaky",
            Flaky {
                failures: 2,
                runs: runs.clone(),
            },
        ),
        options,
        id,
    )
    .await;
    assert_eq!(row.state, "done");
    assert_eq!(row.attempts, 3);
    assert_eq!(runs.load(Ordering::SeqCst), 3);
    // The error of the last failed attempt stays for the record.
    assert_eq!(row.last_error.as_deref(), Some("flaky failure 2"));
    // Waited at least half of 200 ms and of 400 ms (the jitter keeps at least half).
    assert!(
        start.elapsed() >= Duration::from_millis(300),
        "{:?}",
        start.elapsed()
    );
}

#[tokio::test]
async fn max_attempts_reached_ends_failed_with_the_last_error() {
    let (_db, pool) = setup().await;
    let runs = Arc::new(AtomicUsize::new(0));
    let client = pool.get().await.unwrap();
    let id = enqueue(&**client, &NewJob::new("flaky", json!({})).max_attempts(3))
        .await
        .unwrap()
        .id;
    let row = run_to_end(
        &pool,
        Registry::new().register(
            "flaky",
            Flaky {
                failures: 100,
                runs: runs.clone(),
            },
        ),
        fast(),
        id,
    )
    .await;
    assert_eq!(row.state, "failed");
    assert_eq!(row.attempts, 3);
    assert_eq!(runs.load(Ordering::SeqCst), 3);
    assert_eq!(row.last_error.as_deref(), Some("flaky failure 3"));
    assert!(!row.locked);
}

#[tokio::test]
async fn a_permanent_failure_fails_at_once() {
    let (_db, pool) = setup().await;
    let client = pool.get().await.unwrap();
    let id = enqueue(
        &**client,
        &NewJob::new("refuse", json!({})).max_attempts(10),
    )
    .await
    .unwrap()
    .id;
    let row = run_to_end(
        &pool,
        Registry::new().register("refuse", Refuse),
        fast(),
        id,
    )
    .await;
    assert_eq!(row.state, "failed");
    assert_eq!(row.attempts, 1);
    assert_eq!(row.last_error.as_deref(), Some("550 mailbox unavailable"));
}

#[tokio::test]
async fn an_unknown_kind_fails_with_a_clear_error() {
    let (_db, pool) = setup().await;
    let client = pool.get().await.unwrap();
    let id = enqueue(&**client, &NewJob::new("send_fax", json!({})))
        .await
        .unwrap()
        .id;
    let row = run_to_end(
        &pool,
        Registry::new().register("refuse", Refuse),
        fast(),
        id,
    )
    .await;
    assert_eq!(row.state, "failed");
    assert_eq!(row.attempts, 1);
    assert_eq!(
        row.last_error.as_deref(),
        Some("no handler for job kind \"send_fax\" in this Kanisa (known kinds: refuse)")
    );
}

/// A worker that claimed a job and died: once the lease runs out, another claims it and
/// finishes it.
#[tokio::test]
async fn an_expired_lease_is_claimed_again_and_completes() {
    let (_db, pool) = setup().await;
    let client = pool.get().await.unwrap();
    let id = enqueue(&**client, &NewJob::new("effect", json!({})))
        .await
        .unwrap()
        .id;
    let dead = claim(&**client, "crashed-worker", Duration::from_millis(300), 10)
        .await
        .unwrap();
    assert_eq!(dead.iter().map(|j| j.id).collect::<Vec<_>>(), vec![id]);
    // Under its lease, nobody else takes it.
    assert!(
        claim(&**client, "other", Duration::from_secs(30), 10)
            .await
            .unwrap()
            .is_empty()
    );
    let row = run_to_end(
        &pool,
        Registry::new().register("effect", Effect { pool: pool.clone() }),
        fast(),
        id,
    )
    .await;
    assert_eq!(row.state, "done");
    assert_eq!(row.attempts, 2);
    assert_eq!(count(&pool, "SELECT count(*) FROM effects").await, 1);
}

/// A lease that ran out on the job's last attempt ends it as failed, not run again forever.
#[tokio::test]
async fn a_lease_lost_on_the_last_attempt_fails_the_job() {
    let (_db, pool) = setup().await;
    let client = pool.get().await.unwrap();
    let id = enqueue(&**client, &NewJob::new("effect", json!({})).max_attempts(1))
        .await
        .unwrap()
        .id;
    claim(&**client, "crashed-worker", Duration::from_millis(100), 10)
        .await
        .unwrap();
    let row = run_to_end(
        &pool,
        Registry::new().register("effect", Effect { pool: pool.clone() }),
        fast(),
        id,
    )
    .await;
    assert_eq!(row.state, "failed");
    assert!(row.last_error.unwrap().contains("lease expired"));
    assert_eq!(count(&pool, "SELECT count(*) FROM effects").await, 0);
}

/// Stopping: a short job finishes within the grace period, a long one is given back to the
/// queue — nothing stays running under a live lease — and another worker then completes it.
#[tokio::test]
async fn a_graceful_stop_finishes_or_releases_every_job() {
    let (_db, pool) = setup().await;
    let client = pool.get().await.unwrap();
    let short = enqueue(&**client, &NewJob::new("sleep", json!({"ms": 100})))
        .await
        .unwrap()
        .id;
    let long = enqueue(&**client, &NewJob::new("sleep", json!({"ms": 60_000})))
        .await
        .unwrap()
        .id;
    let workers = Workers::start(
        pool.clone(),
        Registry::new().register("sleep", Sleep),
        fast(),
        None,
    );
    // Both claimed.
    let start = Instant::now();
    while count(
        &pool,
        "SELECT count(*) FROM kanisa.jobs WHERE state = 'running'",
    )
    .await
        < 2
    {
        assert!(start.elapsed() < Duration::from_secs(10));
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let report = workers.stop(Duration::from_millis(500)).await.unwrap();
    assert_eq!(report.finished, 1);
    assert_eq!(report.released, 1);
    assert_eq!(job(&pool, short).await.state, "done");
    let row = job(&pool, long).await;
    assert_eq!(row.state, "queued");
    assert!(!row.locked);
    assert_eq!(
        row.attempts, 0,
        "a released run is not counted as an attempt"
    );
    assert_eq!(
        count(
            &pool,
            "SELECT count(*) FROM kanisa.jobs WHERE state = 'running' OR locked_until IS NOT NULL"
        )
        .await,
        0
    );
    // No longer running anywhere, it is claimed at once by the next worker.
    let again = claim(&**client, "next", Duration::from_secs(30), 10)
        .await
        .unwrap();
    assert_eq!(again.iter().map(|j| j.id).collect::<Vec<_>>(), vec![long]);
}

/// `enqueue`'s commit wakes idle workers at once through NOTIFY, without waiting for a poll.
#[tokio::test]
async fn a_notification_wakes_idle_workers() {
    let (db, pool) = setup().await;
    let wake = kanisa_pg::listen(db.config().clone(), kanisa_jobs::CHANNEL);
    let mut options = fast();
    options.poll_interval = Duration::from_secs(3600);
    let workers = Workers::start(
        pool.clone(),
        Registry::new().register("effect", Effect { pool: pool.clone() }),
        options,
        Some(wake),
    );
    // Let the listener connect and the dispatcher go idle.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let client = pool.get().await.unwrap();
    let start = Instant::now();
    let id = enqueue(&**client, &NewJob::new("effect", json!({})))
        .await
        .unwrap()
        .id;
    let row = finished(&pool, id).await;
    workers.stop(Duration::from_secs(5)).await.unwrap();
    assert_eq!(row.state, "done");
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
}

/// No API role — not even `service_role` — can read or write the queue.
#[tokio::test]
async fn no_api_role_has_any_right_on_the_queue() {
    let (_db, pool) = setup().await;
    let client = pool.get().await.unwrap();
    for role in ["anon", "authenticated", "service_role", "authenticator"] {
        let rights: bool = client
            .query_one(
                "SELECT has_table_privilege($1, 'kanisa.jobs', \
                   'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER') \
                 OR has_sequence_privilege($1, 'kanisa.jobs_id_seq', 'USAGE, SELECT, UPDATE') \
                 OR has_schema_privilege($1, 'kanisa', 'USAGE')",
                &[&role],
            )
            .await
            .unwrap()
            .get(0);
        assert!(!rights, "{role} has a right on kanisa.jobs");
    }
}
