//! The queue table's statements: enqueue, claim, and the outcome of a run. Every value is a
//! bound parameter; the SQL is constant.

use std::time::Duration;

use chrono::{DateTime, Utc};
use serde_json::Value;
use tokio_postgres::{GenericClient, Row};

use crate::error::JobsError;

/// The notification channel every insert into `kanisa.jobs` signals (a trigger, so jobs
/// enqueued by SQL functions wake the workers too).
pub const CHANNEL: &str = "kanisa_jobs";

/// A job to enqueue.
#[derive(Clone, Debug)]
pub struct NewJob {
    /// Which handler runs it (e.g. `send_email`).
    pub kind: String,
    /// Names the effect, so it is queued at most once (e.g. `message-email:<id>`).
    pub unique_key: Option<String>,
    /// The handler's input.
    pub payload: Value,
    /// Not before this time; `None` is now.
    pub run_at: Option<DateTime<Utc>>,
    /// Attempts before the job ends as failed (at least 1).
    pub max_attempts: i32,
}

impl NewJob {
    /// A job of `kind` due now, with 10 attempts and no unique key.
    pub fn new(kind: impl Into<String>, payload: Value) -> NewJob {
        NewJob {
            kind: kind.into(),
            unique_key: None,
            payload,
            run_at: None,
            max_attempts: 10,
        }
    }

    pub fn unique_key(mut self, key: impl Into<String>) -> NewJob {
        self.unique_key = Some(key.into());
        self
    }

    pub fn run_at(mut self, at: DateTime<Utc>) -> NewJob {
        self.run_at = Some(at);
        self
    }

    pub fn max_attempts(mut self, n: i32) -> NewJob {
        self.max_attempts = n;
        self
    }
}

/// The answer of [`enqueue`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Enqueued {
    pub id: i64,
    /// False when a job with the same unique key already existed (nothing was inserted).
    pub created: bool,
}

/// Where a job is in its lifecycle (see the migration's comment).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobState {
    Queued,
    Running,
    Done,
    Failed,
}

impl JobState {
    pub fn as_str(self) -> &'static str {
        match self {
            JobState::Queued => "queued",
            JobState::Running => "running",
            JobState::Done => "done",
            JobState::Failed => "failed",
        }
    }
}

/// A claimed job, as its handler sees it.
#[derive(Clone, Debug)]
pub struct Job {
    pub id: i64,
    pub kind: String,
    pub unique_key: Option<String>,
    pub payload: Value,
    /// This run's number, from 1 (counted when claimed).
    pub attempt: i32,
    pub max_attempts: i32,
    pub created_at: DateTime<Utc>,
}

impl Job {
    fn from_row(row: &Row) -> Job {
        Job {
            id: row.get("id"),
            kind: row.get("kind"),
            unique_key: row.get("unique_key"),
            payload: row.get("payload"),
            attempt: row.get("attempts"),
            max_attempts: row.get("max_attempts"),
            created_at: row.get("created_at"),
        }
    }
}

const INSERT: &str = "\
INSERT INTO kanisa.jobs (kind, unique_key, payload, run_at, max_attempts) \
VALUES ($1, $2, $3, coalesce($4, now()), $5) \
ON CONFLICT (unique_key) DO NOTHING \
RETURNING id";

const EXISTING: &str = "SELECT id FROM kanisa.jobs WHERE unique_key = $1";

/// Adds a job. Call it with the caller's transaction, so the row that causes the work and its
/// job commit (or roll back) together; workers are woken when that transaction commits.
///
/// With a unique key that already exists, nothing is inserted and the existing job's id is
/// returned (`created: false`), whatever that job's state. A concurrent transaction inserting
/// the same key makes this one wait for it, as a unique index does.
pub async fn enqueue<C: GenericClient + Sync>(
    client: &C,
    job: &NewJob,
) -> Result<Enqueued, JobsError> {
    if job.kind.is_empty() {
        return Err(JobsError::Invalid("a job needs a kind".into()));
    }
    if job.max_attempts < 1 {
        return Err(JobsError::Invalid(format!(
            "max_attempts must be at least 1, not {}",
            job.max_attempts
        )));
    }
    let inserted = client
        .query_opt(
            INSERT,
            &[
                &job.kind,
                &job.unique_key,
                &job.payload,
                &job.run_at,
                &job.max_attempts,
            ],
        )
        .await?;
    if let Some(row) = inserted {
        return Ok(Enqueued {
            id: row.get(0),
            created: true,
        });
    }
    // Only a unique key conflicts. This statement's snapshot is newer than the conflict, so
    // the existing row is visible.
    let row = client.query_one(EXISTING, &[&job.unique_key]).await?;
    Ok(Enqueued {
        id: row.get(0),
        created: false,
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
RETURNING j.id, j.kind, j.unique_key, j.payload, j.attempts, j.max_attempts, j.created_at";

/// Claims up to `limit` due jobs for `worker` with a lease of `lease`: queued jobs whose
/// `run_at` has come, and running jobs whose lease ran out (their worker died). Each claim
/// counts an attempt. Public for tools and tests; [`crate::Workers`] calls it.
pub async fn claim<C: GenericClient + Sync>(
    client: &C,
    worker: &str,
    lease: Duration,
    limit: i64,
) -> Result<Vec<Job>, JobsError> {
    let rows = client
        .query(CLAIM, &[&worker, &lease.as_secs_f64(), &limit])
        .await?;
    let mut jobs: Vec<Job> = rows.iter().map(Job::from_row).collect();
    jobs.sort_by_key(|j| j.id);
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

/// A claimed job given back untouched (graceful stop): its attempt is not counted.
const RELEASE: &str = "\
UPDATE kanisa.jobs SET state = 'queued', locked_by = NULL, locked_until = NULL, \
  attempts = greatest(attempts - 1, 0) \
WHERE id = ANY($1) AND locked_by = $2 AND state = 'running'";

/// The outcome of one run, written by the worker that holds the lease.
pub(crate) enum Outcome<'a> {
    Done,
    Retry { after: Duration, error: &'a str },
    Failed { error: &'a str },
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
