//! The durable job queue: work that SQL alone cannot do (e-mail, SMS, payments, reminders),
//! recorded in `kanisa.jobs` in the same transaction as the row that causes it, and run by
//! [`Workers`] inside `kanisa serve` — the pattern of River, Oban and graphile-worker.
//!
//! Owns: the protocol of the queue table (migration `0013_jobs.sql`): [`enqueue`] with its
//! unique key, the claim (`FOR UPDATE SKIP LOCKED` with a lease), the outcome of a run (done,
//! retried after a back-off, failed), releasing jobs on a graceful stop, and the
//! [`JobHandler`] trait a job kind implements.
//!
//! Must not know HTTP, any provider's wire format, or what a job's payload means: handlers,
//! registered by kind, live in the crates that own the effect. Connections come from pools
//! `kanisa-pg` opened (the owner's `service_pool` in `kanisa serve`).
#![forbid(unsafe_code)]

mod error;
mod queue;
mod worker;

pub use error::JobsError;
pub use queue::{CHANNEL, Enqueued, Job, JobState, NewJob, claim, enqueue};
pub use worker::{JobFailure, JobHandler, Registry, StopReport, WorkerOptions, Workers, backoff};
