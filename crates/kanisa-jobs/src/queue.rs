//! The queue table's statements: enqueue (through `kanisa.enqueue`, the one way any code —
//! Rust or a SQL trigger — adds a job), claim, and the outcome of a run. Every value is a bound
//! parameter; the SQL is constant.

use std::time::Duration;

use chrono::{DateTime, Utc};
use serde_json::Value;
use tokio_postgres::{GenericClient, Row};

use crate::error::JobsError;
use crate::job::{Job, RunInfo};

/// The notification channel every insert into `kanisa.jobs` signals (a trigger, so jobs
/// enqueued by SQL functions wake the workers too).
pub const CHANNEL: &str = "kanisa_jobs";

/// The answer of [`enqueue`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Enqueued {
    pub id: i64,
    /// False when a job with the same unique key already existed (nothing was inserted).
    pub created: bool,
}

/// Where a job is in its lifecycle (see migrations `0013_jobs.sql` and `0025_job_shape.sql`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobState {
    Queued,
    Running,
    Done,
    Failed,
    /// A periodic job's slot that passed before any instance ran it (a later slot ran instead).
    Skipped,
}

impl JobState {
    pub fn as_str(self) -> &'static str {
        match self {
            JobState::Queued => "queued",
            JobState::Running => "running",
            JobState::Done => "done",
            JobState::Failed => "failed",
            JobState::Skipped => "skipped",
        }
    }
}

/// A claimed row, before its payload is decoded into its [`Job`].
#[derive(Clone, Debug)]
pub struct Claimed {
    pub kind: String,
    pub payload: Value,
    pub info: RunInfo,
}

impl Claimed {
    fn from_row(row: &Row) -> Claimed {
        Claimed {
            kind: row.get("kind"),
            payload: row.get("payload"),
            info: RunInfo {
                id: row.get("id"),
                unique_key: row.get("unique_key"),
                attempt: row.get("attempts"),
                max_attempts: row.get("max_attempts"),
                created_at: row.get("created_at"),
                run_at: row.get("run_at"),
            },
        }
    }

    pub fn id(&self) -> i64 {
        self.info.id
    }
}

const ENQUEUE: &str = "SELECT id, created FROM kanisa.enqueue($1, $2, $3, $4, $5)";

/// Adds `job`, due now. Call it with the caller's transaction, so the row that causes the work
/// and its job commit (or roll back) together; workers are woken when that transaction commits.
///
/// With a unique key that already exists, nothing is inserted and the existing job's id is
/// returned (`created: false`), whatever that job's state. A concurrent transaction inserting
/// the same key makes this one wait for it, as a unique index does.
pub async fn enqueue<J: Job, C: GenericClient + Sync>(
    client: &C,
    job: &J,
) -> Result<Enqueued, JobsError> {
    insert(client, job, None).await
}

/// [`enqueue`], due at `run_at`.
pub async fn enqueue_at<J: Job, C: GenericClient + Sync>(
    client: &C,
    job: &J,
    run_at: DateTime<Utc>,
) -> Result<Enqueued, JobsError> {
    insert(client, job, Some(run_at)).await
}

async fn insert<J: Job, C: GenericClient + Sync>(
    client: &C,
    job: &J,
    run_at: Option<DateTime<Utc>>,
) -> Result<Enqueued, JobsError> {
    let payload = serde_json::to_value(job)
        .map_err(|e| JobsError::Invalid(format!("a {} job's arguments: {e}", J::KIND)))?;
    raw_enqueue(
        client,
        J::KIND,
        job.unique_key().as_deref(),
        &payload,
        run_at,
        J::MAX_ATTEMPTS,
    )
    .await
}

/// The one statement behind every enqueue (typed jobs here, periodic slots in the scheduler).
pub(crate) async fn raw_enqueue<C: GenericClient + Sync>(
    client: &C,
    kind: &str,
    unique_key: Option<&str>,
    payload: &Value,
    run_at: Option<DateTime<Utc>>,
    max_attempts: i32,
) -> Result<Enqueued, JobsError> {
    if kind.is_empty() {
        return Err(JobsError::Invalid("a job needs a kind".into()));
    }
    if max_attempts < 1 {
        return Err(JobsError::Invalid(format!(
            "a {kind} job needs at least 1 attempt, not {max_attempts}"
        )));
    }
    let row = client
        .query_one(
            ENQUEUE,
            &[&kind, &unique_key, payload, &run_at, &max_attempts],
        )
        .await?;
    Ok(Enqueued {
        id: row.get(0),
        created: row.get(1),
    })
}

const CLAIM: &str = "\
WITH next AS ( \
  SELECT id FROM kanisa.jobs \
  WHERE state IN ('queued', 'running') \
    AND ((state = 'queued' AND run_at <= now()) \
      OR (state = 'running' AND locked_until < now())) \
  ORDER BY run_at, id \
  LIMIT $3 \
  FOR UPDATE SKIP LOCKED) \
UPDATE kanisa.jobs j \
SET state = 'running', attempts = j.attempts + 1, locked_by = $1, \
    locked_until = now() + make_interval(secs => $2) \
FROM next WHERE j.id = next.id \
RETURNING j.id, j.kind, j.unique_key, j.payload, j.attempts, j.max_attempts, j.created_at, \
          j.run_at";

/// Claims up to `limit` due jobs for `worker` with a lease of `lease`: queued jobs whose
/// `run_at` has come, and running jobs whose lease ran out (their worker died). Each claim
/// counts an attempt. Public for tools and tests; [`crate::Workers`] calls it.
pub async fn claim<C: GenericClient + Sync>(
    client: &C,
    worker: &str,
    lease: Duration,
    limit: i64,
) -> Result<Vec<Claimed>, JobsError> {
    let rows = client
        .query(CLAIM, &[&worker, &lease.as_secs_f64(), &limit])
        .await?;
    let mut jobs: Vec<Claimed> = rows.iter().map(Claimed::from_row).collect();
    jobs.sort_by_key(Claimed::id);
    Ok(jobs)
}

const DONE: &str = "\
UPDATE kanisa.jobs SET state = 'done', locked_by = NULL, locked_until = NULL, \
  finished_at = now() \
WHERE id = $1 AND locked_by = $2 AND state = 'running'";

const RETRY: &str = "\
UPDATE kanisa.jobs SET state = 'queued', locked_by = NULL, locked_until = NULL, \
  run_at = now() + make_interval(secs => $3), last_error = $4 \
WHERE id = $1 AND locked_by = $2 AND state = 'running'";

const FAIL: &str = "\
UPDATE kanisa.jobs SET state = 'failed', locked_by = NULL, locked_until = NULL, \
  last_error = $3, finished_at = now() \
WHERE id = $1 AND locked_by = $2 AND state = 'running'";

const SKIP: &str = "\
UPDATE kanisa.jobs SET state = 'skipped', locked_by = NULL, locked_until = NULL, \
  last_error = $3, finished_at = now() \
WHERE id = $1 AND locked_by = $2 AND state = 'running'";

/// A claimed job given back untouched (graceful stop): its attempt is not counted.
const RELEASE: &str = "\
UPDATE kanisa.jobs SET state = 'queued', locked_by = NULL, locked_until = NULL, \
  attempts = greatest(attempts - 1, 0) \
WHERE id = ANY($1) AND locked_by = $2 AND state = 'running'";

/// The outcome of one run, written by the worker that holds the lease.
pub(crate) enum Outcome<'a> {
    Done,
    Retry {
        after: Duration,
        error: &'a str,
    },
    Failed {
        error: &'a str,
    },
    /// A periodic slot that passed before it could run: a later slot does its work.
    Skipped {
        reason: &'a str,
    },
}

/// Records a run's outcome. False when this worker no longer held the job (its lease ran out
/// and another worker claimed it): nothing is written.
pub(crate) async fn finish<C: GenericClient + Sync>(
    client: &C,
    worker: &str,
    id: i64,
    outcome: Outcome<'_>,
) -> Result<bool, JobsError> {
    let n = match outcome {
        Outcome::Done => client.execute(DONE, &[&id, &worker]).await?,
        Outcome::Retry { after, error } => {
            client
                .execute(RETRY, &[&id, &worker, &after.as_secs_f64(), &error])
                .await?
        }
        Outcome::Failed { error } => client.execute(FAIL, &[&id, &worker, &error]).await?,
        Outcome::Skipped { reason } => client.execute(SKIP, &[&id, &worker, &reason]).await?,
    };
    Ok(n == 1)
}

/// Gives claimed jobs back to the queue (a graceful stop that could not finish them).
pub(crate) async fn release<C: GenericClient + Sync>(
    client: &C,
    worker: &str,
    ids: &[i64],
) -> Result<u64, JobsError> {
    Ok(client.execute(RELEASE, &[&ids, &worker]).await?)
}
