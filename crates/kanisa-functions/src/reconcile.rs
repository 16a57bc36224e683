//! The reconciliation job, `reconcile_payments`: every 30 s, prompts still pending two minutes
//! after they were sent are asked about again (with the back-off of `claim_check`), and a
//! payment with no final answer 15 minutes after its prompt is closed as expired. Nothing stays
//! pending. One run per 30-second slot whichever instance enqueues it; each run queues the
//! next, and every start queues one.

use std::sync::Arc;

use chrono::{DateTime, Duration, DurationRound, Utc};
use kanisa_jobs::{Job, JobFailure, JobHandler, NewJob};
use kanisa_pg::Pool;
use serde_json::json;

use crate::payments::{Payments, claim_check};

pub const RECONCILE_PAYMENTS: &str = "reconcile_payments";

/// Between two runs.
pub const RECONCILE_EVERY: Duration = Duration::seconds(30);

/// Payments asked about per run (the next run takes the rest).
const BATCH: i64 = 100;

/// The run for the slot after `now`.
pub fn next_reconcile(now: DateTime<Utc>) -> NewJob {
    let slot = now.duration_trunc(RECONCILE_EVERY).unwrap_or(now) + RECONCILE_EVERY;
    NewJob::new(RECONCILE_PAYMENTS, json!({}))
        .unique_key(format!(
            "reconcile-payments:{}",
            slot.format("%Y-%m-%dT%H:%M:%S")
        ))
        .run_at(slot)
}

/// Puts the next run on the queue.
pub async fn schedule_reconcile(service: &Pool) -> Result<(), String> {
    let client = service.get().await.map_err(|e| e.to_string())?;
    kanisa_jobs::enqueue(&**client, &next_reconcile(Utc::now()))
        .await
        .map_err(|e| e.to_string())?;
    Ok(())
}

pub struct ReconcilePayments(pub Arc<Payments>);

impl Payments {
    /// One reconciliation pass: how many payments were asked about.
    pub async fn reconcile(&self) -> Result<usize, String> {
        let due = {
            let client = self.service.get().await.map_err(|e| e.to_string())?;
            claim_check(&**client, None, Some(self.setup.reconcile_after), BATCH)
                .await
                .map_err(|e| e.to_string())?
        };
        let n = due.len();
        for d in &due {
            if let Err(e) = self.check(d).await {
                tracing::warn!(payment = %d.id, error = %e, "reconciling a payment failed");
            }
        }
        Ok(n)
    }
}

impl JobHandler for ReconcilePayments {
    async fn run(&self, _job: &Job) -> Result<(), JobFailure> {
        let checked = self.0.reconcile().await.map_err(JobFailure::retry)?;
        if checked > 0 {
            tracing::info!(checked, "reconciled pending payments");
        }
        schedule_reconcile(&self.0.service)
            .await
            .map_err(JobFailure::retry)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_run_per_slot_whoever_enqueues_it() {
        let at = |s: &str| DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc);
        let a = next_reconcile(at("2026-11-24T19:05:01Z"));
        let b = next_reconcile(at("2026-11-24T19:05:29Z"));
        assert_eq!(a.unique_key, b.unique_key);
        assert_eq!(a.run_at, Some(at("2026-11-24T19:05:30Z")));
    }
}
