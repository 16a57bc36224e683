//! The one shape of a job: a typed arguments struct that names its kind, its unique key and its
//! work ([`Job`]), the facts of the run it is in ([`RunInfo`]), and how a run fails
//! ([`JobFailure`]).

use std::future::Future;

use chrono::{DateTime, Utc};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// A kind of job, as crates.io's `BackgroundJob` or River's `JobArgs` + `Worker`: the struct is
/// the job's arguments (stored as the JSON payload), `KIND` names it in `kanisa.jobs.kind`, and
/// [`Job::run`] does the work with the context given at registration
/// (`Registry::job::<J>(context)`).
///
/// The worker decodes the payload once, before `run`: a payload that does not decode fails the
/// job for good with a clear error (`JobFailure::permanent`), in one place.
///
/// Runs at least once per job (see migration `0013_jobs.sql`): an effect outside the database
/// is made idempotent with the job's id or unique key.
pub trait Job: Serialize + DeserializeOwned + Send + Sync + 'static {
    /// The kind in `kanisa.jobs.kind` (e.g. `send_email`). Never changed once jobs of it exist.
    const KIND: &'static str;

    /// Attempts before the job ends as failed (at least 1).
    const MAX_ATTEMPTS: i32 = 10;

    /// What the work needs besides its arguments (pools, providers), shared by every run.
    type Context: Send + Sync + 'static;

    /// Names the effect, so it is queued at most once (e.g. `message-email:<id>`). `None`: every
    /// enqueue is a new job. Periodic jobs are keyed by their slot instead.
    fn unique_key(&self) -> Option<String> {
        None
    }

    /// The work of one run.
    fn run(
        self,
        context: &Self::Context,
        run: &RunInfo,
    ) -> impl Future<Output = Result<(), JobFailure>> + Send;
}

/// The run a job is in.
#[derive(Clone, Debug)]
pub struct RunInfo {
    /// The job's row in `kanisa.jobs`.
    pub id: i64,
    pub unique_key: Option<String>,
    /// This run's number, from 1 (counted when claimed).
    pub attempt: i32,
    pub max_attempts: i32,
    pub created_at: DateTime<Utc>,
    /// When the job was due (for a periodic job: the start of its slot).
    pub run_at: DateTime<Utc>,
}

/// Why a job's run failed, as its work says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JobFailure {
    /// True when running it again cannot succeed (a refused address, a malformed payload).
    pub permanent: bool,
    pub message: String,
}

impl JobFailure {
    /// Worth another attempt after a back-off (a provider unreachable, a timeout).
    pub fn retry(message: impl Into<String>) -> JobFailure {
        JobFailure {
            permanent: false,
            message: message.into(),
        }
    }

    /// Never worth another attempt: the job ends as failed now.
    pub fn permanent(message: impl Into<String>) -> JobFailure {
        JobFailure {
            permanent: true,
            message: message.into(),
        }
    }

    /// A database error, as the one classifier reads it (`kanisa_pg::classify`): retried when
    /// it may pass later (a lost connection, a timeout, the database's own failure, a limit
    /// reached), failed at once when the database refused what the job gave it (a constraint,
    /// a bad value, a missing table): that fails the same way on every attempt.
    pub fn database(e: &tokio_postgres::Error) -> JobFailure {
        let message = format!("database: {}", kanisa_pg::describe(e));
        if kanisa_pg::classify(e).worth_retrying() {
            JobFailure::retry(message)
        } else {
            JobFailure::permanent(message)
        }
    }

    /// No connection from the pool: retried.
    pub fn pool(e: &kanisa_pg::deadpool_postgres::PoolError) -> JobFailure {
        JobFailure::retry(format!("no database connection: {e}"))
    }
}

impl std::fmt::Display for JobFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}
