//! Periodic jobs, as River's periodic jobs or graphile-worker's crontab: a scheduler in every
//! instance enqueues each slot of each periodic kind under the key `{kind}:{slot}`, whatever
//! happened to earlier slots, so a run that failed for good never ends the schedule.
//!
//! - Slots start at multiples of the kind's interval since the Unix epoch (UTC), so every
//!   instance computes the same slots and the unique key makes one run per slot across them.
//! - Each tick enqueues the current slot (due at its start: after a start or an outage it runs
//!   at once) and the next one (due at the boundary, so the workers claim it on time).
//! - A queued slot that was never started and is older than the current slot is marked
//!   `skipped`: after downtime the missed slots run once (the current one), not once each.
//! - Finished runs of the periodic kinds are removed after a day (failed ones after 30 days);
//!   the kinds and intervals are recorded in `kanisa.periodic_kinds` for the staff's view of
//!   scheduled tasks (`get_scheduled_tasks`).

use std::time::Duration;

use chrono::{DateTime, TimeZone, Utc};
use kanisa_pg::Pool;
use tokio::sync::watch;

use crate::error::JobsError;
use crate::queue::raw_enqueue;
use crate::registry::Periodic;

/// The start of the slot of `every` that holds `now`.
pub fn slot_start(now: DateTime<Utc>, every: Duration) -> DateTime<Utc> {
    let step = every.as_secs().max(1) as i64;
    let start = now.timestamp().div_euclid(step) * step;
    Utc.timestamp_opt(start, 0).single().unwrap_or(now)
}

/// The unique key of `kind`'s slot starting at `start`.
pub fn slot_key(kind: &str, start: DateTime<Utc>) -> String {
    format!("{kind}:{}", start.format("%Y-%m-%dT%H:%M:%SZ"))
}

const REGISTER: &str = "\
INSERT INTO kanisa.periodic_kinds (kind, every_secs) VALUES ($1, $2) \
ON CONFLICT (kind) DO UPDATE SET every_secs = EXCLUDED.every_secs, updated_at = now() \
WHERE kanisa.periodic_kinds.every_secs IS DISTINCT FROM EXCLUDED.every_secs";

/// Queued slots never started and older than the current slot: superseded by it.
const SKIP_STALE: &str = "\
UPDATE kanisa.jobs SET state = 'skipped', finished_at = now(), \
  last_error = 'no instance ran this slot before the next one began; the next one ran instead' \
WHERE kind = $1 AND state = 'queued' AND attempts = 0 AND run_at < $2 \
  AND unique_key LIKE $1 || ':%'";

const PRUNE: &str = "\
DELETE FROM kanisa.jobs WHERE kind = ANY($1) AND ( \
  (state IN ('done', 'skipped') AND finished_at < now() - interval '1 day') \
  OR (state = 'failed' AND finished_at < now() - interval '30 days'))";

/// How often the finished runs are pruned.
const PRUNE_EVERY: Duration = Duration::from_secs(3600);

/// The scheduler of one instance.
pub(crate) struct Scheduler {
    pub(crate) pool: Pool,
    pub(crate) periodic: Vec<Periodic>,
    pub(crate) stop_rx: watch::Receiver<bool>,
}

impl Scheduler {
    /// Enqueues the current and the next slot of every periodic kind, after marking the stale
    /// ones skipped.
    pub(crate) async fn tick(&self, now: DateTime<Utc>) -> Result<(), JobsError> {
        let client = self.pool.get().await?;
        for p in &self.periodic {
            let current = slot_start(now, p.every);
            let every = chrono::Duration::from_std(p.every)
                .map_err(|e| JobsError::Invalid(format!("{}: {e}", p.kind)))?;
            let skipped = client.execute(SKIP_STALE, &[&p.kind, &current]).await?;
            if skipped > 0 {
                tracing::info!(
                    kind = p.kind,
                    skipped,
                    "periodic slots that passed without a run were skipped"
                );
            }
            for start in [current, current + every] {
                raw_enqueue(
                    &**client,
                    p.kind,
                    Some(&slot_key(p.kind, start)),
                    &p.payload,
                    Some(start),
                    p.max_attempts,
                )
                .await?;
            }
        }
        Ok(())
    }

    async fn register(&self) -> Result<(), JobsError> {
        let client = self.pool.get().await?;
        for p in &self.periodic {
            let secs = i32::try_from(p.every.as_secs()).unwrap_or(i32::MAX);
            client.execute(REGISTER, &[&p.kind, &secs]).await?;
        }
        Ok(())
    }

    async fn prune(&self) -> Result<u64, JobsError> {
        let kinds: Vec<&str> = self.periodic.iter().map(|p| p.kind).collect();
        let client = self.pool.get().await?;
        Ok(client.execute(PRUNE, &[&kinds]).await?)
    }

    /// Until told to stop: a tick at every slot boundary (and at once), the kinds recorded,
    /// old runs pruned hourly. Errors are logged (the first, then at powers of two) and the
    /// next tick tries again a second later.
    pub(crate) async fn run(mut self) {
        if self.periodic.is_empty() {
            return;
        }
        let mut registered = false;
        let mut last_prune: Option<tokio::time::Instant> = None;
        let mut failures = 0u32;
        loop {
            if *self.stop_rx.borrow() {
                break;
            }
            let now = Utc::now();
            let mut result = if registered {
                Ok(())
            } else {
                self.register().await.map(|()| registered = true)
            };
            if result.is_ok() {
                result = self.tick(now).await;
            }
            if result.is_ok() && last_prune.is_none_or(|at| at.elapsed() >= PRUNE_EVERY) {
                result = self.prune().await.map(|n| {
                    if n > 0 {
                        tracing::debug!(removed = n, "old periodic runs pruned");
                    }
                });
                last_prune = Some(tokio::time::Instant::now());
            }
            let wait = match result {
                Ok(()) => {
                    failures = 0;
                    self.until_next_boundary(Utc::now())
                }
                Err(e) => {
                    failures = failures.saturating_add(1);
                    if failures == 1 || failures.is_power_of_two() {
                        tracing::warn!(error = %e, failures, "cannot schedule the periodic jobs; trying again");
                    }
                    Duration::from_secs(1)
                }
            };
            tokio::select! {
                () = tokio::time::sleep(wait) => {}
                _ = self.stop_rx.changed() => {}
            }
        }
    }

    /// The wait until the earliest next slot of any kind begins (a little after it).
    fn until_next_boundary(&self, now: DateTime<Utc>) -> Duration {
        self.periodic
            .iter()
            .map(|p| {
                let next = slot_start(now, p.every)
                    + chrono::Duration::from_std(p.every).unwrap_or_default();
                (next - now).to_std().unwrap_or_default()
            })
            .min()
            .unwrap_or(Duration::from_secs(60))
            .clamp(Duration::from_millis(20), Duration::from_secs(60))
            + Duration::from_millis(20)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn slots_are_the_same_for_every_instance() {
        let thirty = Duration::from_secs(30);
        assert_eq!(
            slot_start(at("2026-11-24T19:05:01Z"), thirty),
            at("2026-11-24T19:05:00Z")
        );
        assert_eq!(
            slot_start(at("2026-11-24T19:05:29.999Z"), thirty),
            at("2026-11-24T19:05:00Z")
        );
        assert_eq!(
            slot_start(at("2026-11-24T19:05:30Z"), thirty),
            at("2026-11-24T19:05:30Z")
        );
        let hour = Duration::from_secs(3600);
        assert_eq!(
            slot_start(at("2026-11-24T19:59:59Z"), hour),
            at("2026-11-24T19:00:00Z")
        );
    }

    #[test]
    fn a_slot_key_names_the_kind_and_the_slot() {
        assert_eq!(
            slot_key("hourly_sweep", at("2026-11-24T20:00:00Z")),
            "hourly_sweep:2026-11-24T20:00:00Z"
        );
        assert_ne!(
            slot_key("a", at("2026-11-24T20:00:00Z")),
            slot_key("a", at("2026-11-24T20:00:30Z"))
        );
    }
}
