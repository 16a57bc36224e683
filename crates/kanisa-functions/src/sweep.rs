//! The hourly sweep, and what it shares with the submissions:
//!
//! - request-folder files nobody claimed: uploaded for a submission that was then refused, or
//!   for a form the visitor never sent (the page closed, the connection lost). No message
//!   names them, so nobody can ever read them: they are removed — at once for a refused
//!   submission (`remove_unclaimed`), and by the sweep once a day old;
//! - the abuse limits' counters of windows that ended over a day ago, and the public forms'
//!   idempotency keys after a week;
//! - the finished runs of the schedules themselves (this sweep, the payment reconciliation)
//!   older than a day.
//!
//! The sweep is a job, `hourly_sweep`, one per hour whichever instance enqueues it (its unique
//! key names the hour); each run queues the next, and every start queues one.

use std::sync::Arc;

use chrono::{DateTime, Duration, DurationRound, Utc};
use kanisa_jobs::{Job, JobFailure, JobHandler, NewJob};
use kanisa_pg::{Caller, Pool};
use kanisa_storage::Storage;
use serde_json::json;

use crate::submit::BUCKET;

pub const HOURLY_SWEEP: &str = "hourly_sweep";

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

/// The sweep's job for the hour after `now` (one per hour, whichever instance enqueues it).
pub fn next_sweep(now: DateTime<Utc>) -> NewJob {
    let hour = now.duration_trunc(Duration::hours(1)).unwrap_or(now) + Duration::hours(1);
    NewJob::new(HOURLY_SWEEP, json!({}))
        .unique_key(format!("hourly-sweep:{}", hour.format("%Y-%m-%dT%H")))
        .run_at(hour)
}

/// Puts the next sweep on the queue (at start; each sweep then queues the next).
pub async fn schedule_sweep(service: &Pool) -> Result<(), String> {
    let client = service.get().await.map_err(|e| e.to_string())?;
    kanisa_jobs::enqueue(&**client, &next_sweep(Utc::now()))
        .await
        .map_err(|e| e.to_string())?;
    Ok(())
}

/// `hourly_sweep`: removes request files a day old that no message names and the counters of
/// ended abuse-limit windows, then queues the next hour's sweep.
pub struct HourlySweep {
    service: Pool,
    storage: Arc<Storage>,
}

impl HourlySweep {
    pub fn new(service: Pool, storage: Arc<Storage>) -> HourlySweep {
        HourlySweep { service, storage }
    }
}

impl JobHandler for HourlySweep {
    async fn run(&self, _job: &Job) -> Result<(), JobFailure> {
        let before = Utc::now() - ABANDONED_AFTER;
        let removed = remove_unclaimed(&self.service, &self.storage, None, None, Some(before))
            .await
            .map_err(JobFailure::retry)?;
        if removed > 0 {
            tracing::info!(removed, "removed request files no message names");
        }
        let client = self
            .service
            .get()
            .await
            .map_err(|e| JobFailure::retry(e.to_string()))?;
        client
            .execute(
                "DELETE FROM kanisa.submission_hits WHERE window_start < now() - interval '1 day'",
                &[],
            )
            .await
            .map_err(|e| JobFailure::retry(kanisa_pg::describe(&e)))?;
        client
            .execute(
                "DELETE FROM kanisa.submission_keys WHERE created_at < now() - interval '7 days'",
                &[],
            )
            .await
            .map_err(|e| JobFailure::retry(kanisa_pg::describe(&e)))?;
        // The schedules' own finished runs (a reconciliation every 30 s) are kept a day, not
        // for ever; other jobs, failed ones above all, stay as the record staff read.
        client
            .execute(
                "DELETE FROM kanisa.jobs WHERE state = 'done' \
                   AND kind IN ('hourly_sweep', 'reconcile_payments', 'scheduled_backup', \
                                'notification_sweep') \
                   AND finished_at < now() - interval '1 day'",
                &[],
            )
            .await
            .map_err(|e| JobFailure::retry(kanisa_pg::describe(&e)))?;
        drop(client);
        schedule_sweep(&self.service)
            .await
            .map_err(JobFailure::retry)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_sweep_per_hour_whoever_enqueues_it() {
        let at = |s: &str| DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc);
        let a = next_sweep(at("2026-11-24T19:05:00Z"));
        let b = next_sweep(at("2026-11-24T19:59:59Z"));
        assert_eq!(a.unique_key, b.unique_key);
        assert_eq!(a.unique_key.as_deref(), Some("hourly-sweep:2026-11-24T20"));
        assert_eq!(a.run_at, Some(at("2026-11-24T20:00:00Z")));
    }
}
