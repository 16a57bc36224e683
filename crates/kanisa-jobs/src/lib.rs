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
//!
//! # A job's life
//!
//! 1. Enqueue: a row in `kanisa.jobs`, added in the transaction that causes it (a transactional
//!    outbox) through `kanisa.enqueue(kind, unique_key, payload, run_at, max_attempts)` — from
//!    Rust ([`enqueue`]) and from every trigger and SQL function that queues work. A key that
//!    exists, in any state, is a no-op returning that job. A commit that enqueues wakes every
//!    instance (`NOTIFY kanisa_jobs`), except the public forms' deliveries (migration 0014,
//!    `kanisa.quiet_jobs`: a notifying commit takes a database-wide lock); a 250 ms poll finds
//!    those, retries and scheduled jobs.
//! 2. Claim: one `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED LIMIT free)` takes due
//!    jobs and jobs whose lease ran out, sets the lease (`KANISA_JOB_LEASE`) and counts the
//!    attempt; instances never wait on each other's rows.
//! 3. Run: the kind's [`Job::run`] in a task of its own (a panic fails that run, not the
//!    worker), cut off at the lease. An unknown kind fails at once, naming the known kinds.
//! 4. Outcome, written only while the lease is held: `done`; a retry-able failure queued again
//!    after [`backoff`] until `max_attempts`, then `failed`; a permanent failure `failed` at
//!    once; a periodic slot never started before its time passed `skipped`.
//! 5. Stop: no new claims; jobs in flight get a grace period, the rest are given back without
//!    counting the attempt. A worker that dies leaves its jobs to be claimed after the lease.
//!
//! # What "exactly once" means here
//!
//! The queue delivers at least once, and two workers never hold a job under a live lease.
//! Effects are made once by the job's unique key and by writing effects in the database
//! idempotently. The one window that cannot be closed is an effect outside the database: a
//! worker that dies after a provider accepted (an SMTP `250` after DATA) and before `done`
//! commits will send again after the lease; an e-mail's repeat carries the same `Message-ID`
//! (`job-<id>@kanisa`), so mail clients fold it. `kanisa/tests/it/jobs.rs` kills a server with
//! e-mails in flight and counts what arrives.
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
