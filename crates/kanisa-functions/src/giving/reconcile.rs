//! The reconciliation job, `reconcile_payments`, periodic every 30 s: prompts still pending two
//! minutes after they were sent are asked about again (with the back-off of `claim_check`), and
//! a payment with no final answer 15 minutes after its prompt is closed as expired. Nothing
//! stays pending. One run per 30-second slot whichever instance enqueues it (kanisa-jobs'
//! scheduler: a run that fails for good never ends the schedule).

use std::sync::Arc;
use std::time::Duration;

use kanisa_jobs::{Job, JobFailure, RunInfo};
use serde::{Deserialize, Serialize};

use super::payments::{Payments, claim_check};

pub const RECONCILE_PAYMENTS: &str = "reconcile_payments";

/// Between two runs.
pub const RECONCILE_EVERY: Duration = Duration::from_secs(30);

/// Payments asked about per run (the next run takes the rest).
const BATCH: i64 = 100;

/// `reconcile_payments` (periodic, no arguments).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct ReconcilePayments {}

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

impl Job for ReconcilePayments {
    const KIND: &'static str = RECONCILE_PAYMENTS;
    type Context = Arc<Payments>;

    async fn run(self, payments: &Arc<Payments>, _run: &RunInfo) -> Result<(), JobFailure> {
        let checked = payments.reconcile().await.map_err(JobFailure::retry)?;
        if checked > 0 {
            tracing::info!(checked, "reconciled pending payments");
        }
        Ok(())
    }
}
