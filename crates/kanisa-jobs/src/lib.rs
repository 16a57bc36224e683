//! The durable job queue: work that SQL alone cannot do (e-mail, SMS, payments, reminders),
//! recorded in `kanisa.jobs` in the same transaction as the row that causes it, and run by
//! [`Workers`] inside `kanisa serve` — the pattern of River, Oban and graphile-worker.
//!
//! Owns: the one shape of a job ([`Job`]: typed arguments naming their kind and unique key,
//! decoded once by the worker), the protocol of the queue table (migrations `0013_jobs.sql`,
//! `0025_job_shape.sql`): [`enqueue`] through the SQL function `kanisa.enqueue` that triggers
//! call too, the claim (`FOR UPDATE SKIP LOCKED` with a lease), the outcome of a run (done,
//! retried after a back-off, failed), releasing jobs on a graceful stop; the [`Registry`] of
//! kinds (`job::<J>(context)`, `every::<J>(interval)`) and the periodic scheduler that
//! enqueues one run per slot whatever happened to earlier ones (`periodic.rs`).
//!
//! Must not know HTTP, any provider's wire format, or what a job's payload means: job kinds
//! live in the crates that own the effect. Connections come from pools `kanisa-pg` opened (the
//! owner's `service_pool` in `kanisa serve`).
#![forbid(unsafe_code)]

mod error;
mod job;
mod periodic;
mod queue;
mod registry;
mod worker;

pub use error::JobsError;
pub use job::{Job, JobFailure, RunInfo};
pub use periodic::{slot_key, slot_start};
pub use queue::{CHANNEL, Claimed, Enqueued, JobState, claim, enqueue, enqueue_at};
pub use registry::{Periodic, Registry, decode};
pub use worker::{StopReport, WorkerOptions, Workers, backoff};
