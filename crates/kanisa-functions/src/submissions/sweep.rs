//! The hourly sweep, and what it shares with the submissions:
//!
//! - request-folder files nobody claimed: uploaded for a submission that was then refused, or
//!   for a form the visitor never sent (the page closed, the connection lost). No message
//!   names them, so nobody can ever read them: they are removed — at once for a refused
//!   submission (`remove_unclaimed`), and by the sweep once a day old;
//! - the abuse limits' counters of windows that ended over a day ago, and the public forms'
//!   idempotency keys after a week;
//!
//! The sweep is a periodic job, `hourly_sweep`, one per hour whichever instance enqueues it
//! (kanisa-jobs' scheduler, which also prunes the periodic kinds' old runs).

use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};
use kanisa_jobs::{Job, JobFailure, RunInfo};
use kanisa_pg::{Caller, Pool};
use kanisa_storage::Storage;
use serde::{Deserialize, Serialize};

use super::submit::BUCKET;

pub const HOURLY_SWEEP: &str = "hourly_sweep";

/// Between two sweeps.
pub const SWEEP_EVERY: std::time::Duration = std::time::Duration::from_secs(3600);

/// How old an unclaimed upload must be before the sweep removes it (a visitor may take a while
/// between attaching and sending).
pub const ABANDONED_AFTER: Duration = Duration::days(1);

/// At most this many files per sweep (the next hour takes the rest).
const BATCH: i64 = 500;

/// Files in the request folders that no message names, optionally among `names`, uploaded at
/// or after `since` and before `before`. The claimed paths are read once (a hashed subplan),
/// not searched in every message for every file.
const UNCLAIMED: &str = "\
SELECT o.name FROM storage.objects o \
WHERE o.bucket_id = $1 AND o.name ~ '^(submissions|reports|maintenance)/' \
  AND ($2::text[] IS NULL OR o.name = ANY($2)) \
  AND ($3::timestamptz IS NULL OR o.created_at >= $3) \
  AND ($4::timestamptz IS NULL OR o.created_at < $4) \
  AND o.name NOT IN (SELECT a ->> 'path' FROM public.messages m, \
    jsonb_array_elements(m.attachments) a \
    WHERE jsonb_array_length(m.attachments) > 0 AND a ->> 'path' IS NOT NULL) \
ORDER BY o.created_at LIMIT $5";

/// Removes the unclaimed files matching the filters; how many.
pub async fn remove_unclaimed(
    service: &Pool,
    storage: &Storage,
    names: Option<&[String]>,
    since: Option<DateTime<Utc>>,
    before: Option<DateTime<Utc>>,
) -> Result<usize, String> {
    let client = service.get().await.map_err(|e| e.to_string())?;
    let names: Option<Vec<String>> = names.map(<[String]>::to_vec);
    let found: Vec<String> = client
        .query(UNCLAIMED, &[&BUCKET, &names, &since, &before, &BATCH])
        .await
        .map_err(|e| kanisa_pg::describe(&e))?
        .iter()
        .map(|r| r.get(0))
        .collect();
    drop(client);
    if found.is_empty() {
        return Ok(0);
    }
    storage
        .remove(&Caller::service(), BUCKET, &found)
        .await
        .map_err(|e| e.to_string())?;
    Ok(found.len())
}

/// `hourly_sweep` (periodic, no arguments): removes request files a day old that no message
/// names, the counters of ended abuse-limit windows and week-old idempotency keys.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct HourlySweep {}

/// What the sweep needs: owner connections and the file store.
pub type SweepContext = (Pool, Arc<Storage>);

impl Job for HourlySweep {
    const KIND: &'static str = HOURLY_SWEEP;
    type Context = SweepContext;

    async fn run(
        self,
        (service, storage): &SweepContext,
        _run: &RunInfo,
    ) -> Result<(), JobFailure> {
        let before = Utc::now() - ABANDONED_AFTER;
        let removed = remove_unclaimed(service, storage, None, None, Some(before))
            .await
            .map_err(JobFailure::retry)?;
        if removed > 0 {
            tracing::info!(removed, "removed request files no message names");
        }
        let client = service.get().await.map_err(|e| JobFailure::pool(&e))?;
        client
            .execute(
                "DELETE FROM kanisa.submission_hits WHERE window_start < now() - interval '1 day'",
                &[],
            )
            .await
            .map_err(|e| JobFailure::database(&e))?;
        client
            .execute(
                "DELETE FROM kanisa.submission_keys WHERE created_at < now() - interval '7 days'",
                &[],
            )
            .await
            .map_err(|e| JobFailure::database(&e))?;
        Ok(())
    }
}
