//! Enqueue, claim, outcomes, leases and stopping, with typed jobs that record their effects.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use kanisa_jobs::{Job, JobFailure, Registry, RunInfo, WorkerOptions, Workers, claim, enqueue};
use kanisa_pg::Pool;
use kanisa_test_db::TestDb;
use serde::{Deserialize, Serialize};
use tokio::sync::watch;

/// Short everything, so tests wait milliseconds, not seconds.
pub fn fast() -> WorkerOptions {
    WorkerOptions {
        concurrency: 4,
        lease: Duration::from_secs(30),
        poll_interval: Duration::from_millis(50),
        backoff_base: Duration::from_millis(20),
        backoff_cap: Duration::from_millis(100),
    }
}

/// Writes one row per run into `effects`, in its own statement (an effect outside the queue).
#[derive(Clone, Default, Serialize, Deserialize)]
struct Effect {
    #[serde(skip)]
    key: Option<String>,
}

impl Effect {
    fn keyed(key: &str) -> Effect {
        Effect {
            key: Some(key.to_owned()),
        }
    }
}

async fn record_effect(pool: &Pool, run: &RunInfo) -> Result<(), JobFailure> {
    let client = pool.get().await.map_err(|e| JobFailure::pool(&e))?;
    client
        .execute("INSERT INTO effects (job_id) VALUES ($1)", &[&run.id])
        .await
        .map_err(|e| JobFailure::database(&e))?;
    Ok(())
}

impl Job for Effect {
    const KIND: &'static str = "effect";
    type Context = Pool;

    fn unique_key(&self) -> Option<String> {
        self.key.clone()
    }

    async fn run(self, pool: &Pool, run: &RunInfo) -> Result<(), JobFailure> {
        record_effect(pool, run).await
    }
}

/// [`Effect`] with a single attempt.
#[derive(Serialize, Deserialize)]
struct EffectOnce {}

impl Job for EffectOnce {
    const KIND: &'static str = "effect_once";
    const MAX_ATTEMPTS: i32 = 1;
    type Context = Pool;

    async fn run(self, pool: &Pool, run: &RunInfo) -> Result<(), JobFailure> {
        record_effect(pool, run).await
    }
}

/// Fails its first `failures` runs (retry-able), then succeeds.
struct Flakiness {
    failures: usize,
    runs: Arc<AtomicUsize>,
}

impl Flakiness {
    fn new(failures: usize) -> Flakiness {
        Flakiness {
            failures,
            runs: Arc::new(AtomicUsize::new(0)),
        }
    }

    fn run(&self) -> Result<(), JobFailure> {
        let n = self.runs.fetch_add(1, Ordering::SeqCst);
        if n < self.failures {
            Err(JobFailure::retry(format!("flaky failure {}", n + 1)))
        } else {
            Ok(())
        }
    }
}

/// Flaky, five attempts.
#[derive(Serialize, Deserialize)]
struct FlakyFive {}

impl Job for FlakyFive {
    const KIND: &'static str = "flaky_five";
    const MAX_ATTEMPTS: i32 = 5;
    type Context = Flakiness;

    async fn run(self, flakiness: &Flakiness, _run: &RunInfo) -> Result<(), JobFailure> {
        flakiness.run()
    }
}

/// Flaky, three attempts.
#[derive(Serialize, Deserialize)]
struct FlakyThree {}

impl Job for FlakyThree {
    const KIND: &'static str = "flaky_three";
    const MAX_ATTEMPTS: i32 = 3;
    type Context = Flakiness;

    async fn run(self, flakiness: &Flakiness, _run: &RunInfo) -> Result<(), JobFailure> {
        flakiness.run()
    }
}

#[derive(Serialize, Deserialize)]
struct Refuse {}

impl Job for Refuse {
    const KIND: &'static str = "refuse";
    type Context = ();

    async fn run(self, _: &(), _run: &RunInfo) -> Result<(), JobFailure> {
        Err(JobFailure::permanent("550 mailbox unavailable"))
    }
}

/// Sleeps for `ms`.
#[derive(Serialize, Deserialize)]
struct Sleep {
    ms: u64,
}

impl Job for Sleep {
    const KIND: &'static str = "sleep";
    type Context = ();

    async fn run(self, _: &(), _run: &RunInfo) -> Result<(), JobFailure> {
        tokio::time::sleep(Duration::from_millis(self.ms)).await;
        Ok(())
    }
}

/// Runs until its gate (the context) opens.
#[derive(Serialize, Deserialize)]
struct Gated {}

impl Job for Gated {
    const KIND: &'static str = "gated";
    type Context = watch::Receiver<bool>;

    async fn run(self, gate: &watch::Receiver<bool>, _run: &RunInfo) -> Result<(), JobFailure> {
        let _ = gate.clone().wait_for(|open| *open).await;
        Ok(())
    }
}

/// Panics on its first run, then records its effect.
#[derive(Serialize, Deserialize)]
struct PanicsOnce {}

impl Job for PanicsOnce {
    const KIND: &'static str = "panics_once";
    type Context = (Pool, Arc<AtomicUsize>);

    async fn run(
        self,
        (pool, runs): &(Pool, Arc<AtomicUsize>),
        run: &RunInfo,
    ) -> Result<(), JobFailure> {
        if runs.fetch_add(1, Ordering::SeqCst) == 0 {
            panic!("a bug in the job's work");
        }
        record_effect(pool, run).await
    }
}

pub async fn setup() -> (TestDb, Pool) {
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

/// Asks `probe` every 20 ms until it answers `Some`, and returns that answer; fails naming
/// `what` (and the last answer's reason, `probe`'s `Err`) after `limit`. How these tests wait
/// for what the workers and the scheduler do in the background.
pub async fn eventually<T, F, Fut>(limit: Duration, what: &str, mut probe: F) -> T
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, String>>,
{
    let start = Instant::now();
    loop {
        match probe().await {
            Ok(found) => return found,
            Err(last) => assert!(
                start.elapsed() < kanisa_test_db::patient(limit),
                "{what}: not within {limit:?} ({last})"
            ),
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Waits (up to 10 s) until job `id` is done or failed.
async fn finished(pool: &Pool, id: i64) -> Row {
    eventually(
        Duration::from_secs(10),
        &format!("job {id} finished"),
        || async {
            let row = job(pool, id).await;
            if row.state == "done" || row.state == "failed" {
                Ok(row)
            } else {
                Err(format!("{row:?}"))
            }
        },
    )
    .await
}

/// Starts workers with `registry`, waits until job `id` has finished, stops them (5 s grace)
/// and returns the job's row.
async fn run_to_end(pool: &Pool, registry: Registry, options: WorkerOptions, id: i64) -> Row {
    let workers = Workers::start(pool.clone(), registry, options, None).unwrap();
    let row = finished(pool, id).await;
    workers.stop(Duration::from_secs(5)).await.unwrap();
    row
}

pub async fn count(pool: &Pool, sql: &str) -> i64 {
    pool.get()
        .await
        .unwrap()
        .query_one(sql, &[])
        .await
        .unwrap()
        .get(0)
}
/// Waits (up to `limit`) until `sql` counts at least `n`.
pub async fn until(pool: &Pool, sql: &str, n: i64, limit: Duration) {
    eventually(limit, sql, || async {
        let got = count(pool, sql).await;
        if got >= n {
            Ok(())
        } else {
            Err(format!("{got} of {n}"))
        }
    })
    .await;
}

#[tokio::test]
async fn enqueue_in_a_rolled_back_transaction_leaves_no_job() {
    let (_db, pool) = setup().await;
    let mut client = pool.get().await.unwrap();
    let tx = client.transaction().await.unwrap();
    tx.execute("INSERT INTO effects (job_id) VALUES (0)", &[])
        .await
        .unwrap();
    let queued = enqueue(&*tx, &Effect::default()).await.unwrap();
    assert!(queued.created);
    tx.rollback().await.unwrap();
    assert_eq!(count(&pool, "SELECT count(*) FROM kanisa.jobs").await, 0);
    assert_eq!(count(&pool, "SELECT count(*) FROM effects").await, 0);

    // Committed, the row and its job are both there.
    let tx = client.transaction().await.unwrap();
    tx.execute("INSERT INTO effects (job_id) VALUES (0)", &[])
        .await
        .unwrap();
    enqueue(&*tx, &Effect::default()).await.unwrap();
    tx.commit().await.unwrap();
    assert_eq!(count(&pool, "SELECT count(*) FROM kanisa.jobs").await, 1);
}

#[tokio::test]
async fn the_unique_key_dedupes_even_after_the_job_ran() {
    let (_db, pool) = setup().await;
    let client = pool.get().await.unwrap();
    let job = Effect::keyed("message-email:42");
    let first = enqueue(&**client, &job).await.unwrap();
    let again = enqueue(&**client, &job).await.unwrap();
    assert!(first.created);
    assert!(!again.created);
    assert_eq!(first.id, again.id);

    let workers = Workers::start(
        pool.clone(),
        Registry::new().job::<Effect>(pool.clone()),
        fast(),
        None,
    )
    .unwrap();
    assert_eq!(finished(&pool, first.id).await.state, "done");
    let after = enqueue(&**client, &job).await.unwrap();
    assert_eq!((after.id, after.created), (first.id, false));
    workers.stop(Duration::from_secs(5)).await.unwrap();
    assert_eq!(count(&pool, "SELECT count(*) FROM kanisa.jobs").await, 1);
    assert_eq!(count(&pool, "SELECT count(*) FROM effects").await, 1);
}

/// A job whose stored payload is not its kind's arguments fails for good at once, with the
/// decoding error, before any of its work runs.
#[tokio::test]
async fn a_payload_that_does_not_decode_fails_at_once() {
    let (_db, pool) = setup().await;
    let client = pool.get().await.unwrap();
    let id: i64 = client
        .query_one(
            "SELECT id FROM kanisa.enqueue('sleep', NULL, '{\"ms\": \"soon\"}')",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    let row = run_to_end(&pool, Registry::new().job::<Sleep>(()), fast(), id).await;
    assert_eq!(row.state, "failed");
    assert_eq!(row.attempts, 1);
    let error = row.last_error.unwrap();
    assert!(
        error.starts_with("the sleep job's payload does not decode: invalid type: string \"soon\""),
        "{error}"
    );
}

/// A panic in a job's work fails that run (retried), not the worker: the next attempt runs.
#[tokio::test]
async fn a_panicking_job_is_retried_and_the_workers_go_on() {
    let (_db, pool) = setup().await;
    let client = pool.get().await.unwrap();
    let id = enqueue(&**client, &PanicsOnce {}).await.unwrap().id;
    let other = enqueue(&**client, &Effect::default()).await.unwrap().id;
    let runs = Arc::new(AtomicUsize::new(0));
    let workers = Workers::start(
        pool.clone(),
        Registry::new()
            .job::<PanicsOnce>((pool.clone(), runs.clone()))
            .job::<Effect>(pool.clone()),
        fast(),
        None,
    )
    .unwrap();
    let row = finished(&pool, id).await;
    assert_eq!(finished(&pool, other).await.state, "done");
    workers.stop(Duration::from_secs(5)).await.unwrap();
    assert_eq!(row.state, "done");
    assert_eq!(row.attempts, 2);
    assert_eq!(runs.load(Ordering::SeqCst), 2);
    assert_eq!(count(&pool, "SELECT count(*) FROM effects").await, 2);
}

/// kanisa.enqueue refuses what the queue cannot run: no kind, no attempt.
#[tokio::test]
async fn enqueue_refuses_a_job_without_kind_or_attempts() {
    let (_db, pool) = setup().await;
    let client = pool.get().await.unwrap();
    for sql in [
        "SELECT kanisa.enqueue('')",
        "SELECT kanisa.enqueue('x', NULL, '{}', NULL, 0)",
    ] {
        let e = client.query_one(sql, &[]).await.unwrap_err();
        assert_eq!(e.code().map(|c| c.code()), Some("23514"), "{sql}: {e}");
    }
    assert_eq!(count(&pool, "SELECT count(*) FROM kanisa.jobs").await, 0);
}

/// Two worker sets (as two `kanisa serve` would run) drain 500 jobs: every job runs once.
#[tokio::test]
async fn two_worker_sets_run_500_jobs_exactly_once_each() {
    let (db, pool) = setup().await;
    let client = pool.get().await.unwrap();
    client
        .execute(
            "SELECT kanisa.enqueue('effect') FROM generate_series(1, 500)",
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
                Registry::new().job::<Effect>(pool),
                fast(),
                None,
            )
            .unwrap()
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
            start.elapsed() < kanisa_test_db::patient(Duration::from_secs(60)),
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
    let flakiness = Flakiness::new(2);
    let runs = flakiness.runs.clone();
    let client = pool.get().await.unwrap();
    let id = enqueue(&**client, &FlakyFive {}).await.unwrap().id;
    let mut options = fast();
    options.backoff_base = Duration::from_millis(200);
    options.backoff_cap = Duration::from_secs(1);
    let start = Instant::now();
    let row = run_to_end(
        &pool,
        Registry::new().job::<FlakyFive>(flakiness),
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
    let flakiness = Flakiness::new(100);
    let runs = flakiness.runs.clone();
    let client = pool.get().await.unwrap();
    let id = enqueue(&**client, &FlakyThree {}).await.unwrap().id;
    let row = run_to_end(
        &pool,
        Registry::new().job::<FlakyThree>(flakiness),
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
    let id = enqueue(&**client, &Refuse {}).await.unwrap().id;
    let row = run_to_end(&pool, Registry::new().job::<Refuse>(()), fast(), id).await;
    assert_eq!(row.state, "failed");
    assert_eq!(row.attempts, 1);
    assert_eq!(row.last_error.as_deref(), Some("550 mailbox unavailable"));
}

/// Runs `sql` on a connection of its own and fails as the one classifier reads the error.
#[derive(Serialize, Deserialize)]
struct Statement {
    sql: String,
}

impl Job for Statement {
    const KIND: &'static str = "statement";
    const MAX_ATTEMPTS: i32 = 3;
    type Context = Pool;

    async fn run(self, pool: &Pool, _run: &RunInfo) -> Result<(), JobFailure> {
        let client = pool.get().await.map_err(|e| JobFailure::pool(&e))?;
        let outcome = client.batch_execute(&self.sql).await;
        // The pooled connection goes back clean (a failed statement may leave a transaction).
        let _ = client.batch_execute("ROLLBACK").await;
        outcome.map_err(|e| JobFailure::database(&e))
    }
}

/// A database refusal fails a job at once; a database that could not answer in time is tried
/// again (issue 43: the worker asks the one database-fault classifier).
#[tokio::test]
async fn a_database_refusal_fails_at_once_and_a_timeout_is_tried_again() {
    let (_db, pool) = setup().await;
    let client = pool.get().await.unwrap();
    let statement = |sql: &str| Statement {
        sql: sql.to_owned(),
    };
    let refused = [
        "SELECT 1 / 0",
        "CREATE TEMP TABLE t (x int CHECK (x > 0)); INSERT INTO t VALUES (0)",
        "CREATE TEMP TABLE u (x int PRIMARY KEY); INSERT INTO u VALUES (1), (1)",
        "SELECT * FROM no_such_table",
    ];
    let mut ids = Vec::new();
    for sql in refused {
        ids.push(enqueue(&**client, &statement(sql)).await.unwrap().id);
    }
    // A database too busy to answer in time (57014): may pass on a later attempt.
    let lost = enqueue(
        &**client,
        &statement("BEGIN; SET LOCAL statement_timeout = 50; SELECT pg_sleep(2)"),
    )
    .await
    .unwrap()
    .id;
    drop(client);
    let workers = Workers::start(
        pool.clone(),
        Registry::new().job::<Statement>(pool.clone()),
        fast(),
        None,
    )
    .unwrap();
    for (sql, id) in refused.iter().zip(&ids) {
        let row = finished(&pool, *id).await;
        assert_eq!(
            (row.state.as_str(), row.attempts),
            ("failed", 1),
            "{sql}: {row:?}"
        );
        assert!(row.last_error.unwrap().starts_with("database: "));
    }
    let row = finished(&pool, lost).await;
    workers.stop(Duration::from_secs(5)).await.unwrap();
    assert_eq!(
        (row.state.as_str(), row.attempts),
        ("failed", 3),
        "tried again: {row:?}"
    );
}

#[tokio::test]
async fn an_unknown_kind_fails_with_a_clear_error() {
    let (_db, pool) = setup().await;
    let client = pool.get().await.unwrap();
    let id: i64 = client
        .query_one("SELECT id FROM kanisa.enqueue('send_fax')", &[])
        .await
        .unwrap()
        .get(0);
    let row = run_to_end(&pool, Registry::new().job::<Refuse>(()), fast(), id).await;
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
    let id = enqueue(&**client, &Effect::default()).await.unwrap().id;
    let dead = claim(&**client, "crashed-worker", Duration::from_secs(30), 10)
        .await
        .unwrap();
    assert_eq!(dead.iter().map(|j| j.id()).collect::<Vec<_>>(), vec![id]);
    // Under its lease, nobody else takes it.
    assert!(
        claim(&**client, "other", Duration::from_secs(30), 10)
            .await
            .unwrap()
            .is_empty()
    );
    // Then the lease runs out (moved to the past rather than waited for: a short real lease
    // could run out on a busy machine before the claim above, which would then take it).
    client
        .execute(
            "UPDATE kanisa.jobs SET locked_until = now() - interval '1 second' WHERE id = $1",
            &[&id],
        )
        .await
        .unwrap();
    let row = run_to_end(
        &pool,
        Registry::new().job::<Effect>(pool.clone()),
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
    let id = enqueue(&**client, &EffectOnce {}).await.unwrap().id;
    claim(&**client, "crashed-worker", Duration::from_millis(100), 10)
        .await
        .unwrap();
    let row = run_to_end(
        &pool,
        Registry::new().job::<Effect>(pool.clone()),
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
    // The short job ends when its gate opens, after the stop began: not before both are seen
    // running, however slow the machine.
    let (open, gate) = watch::channel(false);
    let short = enqueue(&**client, &Gated {}).await.unwrap().id;
    let long = enqueue(&**client, &Sleep { ms: 60_000 }).await.unwrap().id;
    let workers = Workers::start(
        pool.clone(),
        Registry::new().job::<Sleep>(()).job::<Gated>(gate),
        fast(),
        None,
    )
    .unwrap();
    until(
        &pool,
        "SELECT count(*) FROM kanisa.jobs WHERE state = 'running'",
        2,
        Duration::from_secs(10),
    )
    .await;
    // The test's runtime runs one task at a time: this one opens the gate once `stop` yields,
    // which it does only after telling the workers to stop.
    tokio::spawn(async move { open.send(true) });
    let report = workers.stop(Duration::from_secs(2)).await.unwrap();
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
    assert_eq!(again.iter().map(|j| j.id()).collect::<Vec<_>>(), vec![long]);
}

/// `enqueue`'s commit wakes idle workers at once through NOTIFY, without waiting for a poll.
#[tokio::test]
async fn a_notification_wakes_idle_workers() {
    let (db, pool) = setup().await;
    let mut wake = kanisa_pg::listen(db.config().clone(), kanisa_jobs::CHANNEL);
    // Its first message says the listener is connected: no later commit's notification is
    // missed.
    let connected = tokio::time::timeout(
        kanisa_test_db::patient(Duration::from_secs(10)),
        wake.recv(),
    )
    .await;
    assert_eq!(connected.ok().flatten().as_deref(), Some(""), "listening");
    // Polling once an hour: within these tests' deadline only a notification can wake them.
    let mut options = fast();
    options.poll_interval = Duration::from_secs(3600);
    let workers = Workers::start(
        pool.clone(),
        Registry::new().job::<Effect>(pool.clone()),
        options,
        Some(wake),
    )
    .unwrap();
    let client = pool.get().await.unwrap();
    // A first job, run by the workers' first look for due jobs or by its notification: once it
    // is done, they have looked and wait.
    let first = enqueue(&**client, &Effect::default()).await.unwrap().id;
    assert_eq!(finished(&pool, first).await.state, "done");
    let id = enqueue(&**client, &Effect::default()).await.unwrap().id;
    let row = finished(&pool, id).await;
    workers.stop(Duration::from_secs(5)).await.unwrap();
    assert_eq!(row.state, "done");
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

/// One way in: no SQL function of the migrated database and no Rust source of the workspace
/// inserts into kanisa.jobs except kanisa.enqueue.
#[tokio::test]
async fn only_kanisa_enqueue_inserts_jobs() {
    let (_db, pool) = setup().await;
    let client = pool.get().await.unwrap();
    let inserting: Vec<String> = client
        .query(
            "SELECT p.oid::regprocedure::text FROM pg_proc p \
             WHERE p.prosrc ~* 'insert\\s+into\\s+kanisa\\.jobs' \
               AND p.oid <> 'kanisa.enqueue(text, text, jsonb, timestamptz, integer)'::regprocedure",
            &[],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert!(inserting.is_empty(), "{inserting:?}");

    let crates = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut found = Vec::new();
    let mut dirs = vec![crates];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs")
                && std::fs::read_to_string(&path)
                    .unwrap()
                    .to_lowercase()
                    .contains(&["insert into", " kanisa.jobs"].concat())
            {
                found.push(path.display().to_string());
            }
        }
    }
    assert!(found.is_empty(), "{found:?}");
}
