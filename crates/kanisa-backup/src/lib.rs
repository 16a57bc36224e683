//! Backups that survive the server (issue 34): continuous, off the machine, files included,
//! restorable to any minute.
//!
//! Owns the backup destination and its layout ([`Destination`]: `wal/`, `base/`, `files/`),
//! the encryption of everything written there ([`seal`]), the WAL shipper ([`Archiver`],
//! `wal.rs`), base backups (`base.rs`), the copies of stored files (`files.rs`), restore to a
//! moment into a new data dir (`restore.rs`) and the drill that proves it (`drill.rs`). Its
//! bookkeeping rows are `kanisa.backup_archive`, `kanisa.backup_file_copies`,
//! `kanisa.backup_drills` and the base-backup rows of `kanisa.backups` (migration 0037).
//!
//! Must not touch the live data dir's files (the cluster and its `wal-spool/` are kanisa-pg's;
//! this crate only reads and deletes the spool's finished segments), never writes the file
//! store (it reads stored versions to copy them), and knows nothing of HTTP or jobs: the
//! scheduled base backup is kanisa-functions' backups feature, the shipper's task is started
//! by `kanisa serve`.
#![forbid(unsafe_code)]

pub mod base;
pub mod choice;
mod destination;
pub mod drill;
mod error;
pub mod files;
pub mod restore;
mod retention;
pub mod runs;
pub mod seal;
pub mod wal;

use std::path::PathBuf;
use std::time::Duration;

use chrono::Utc;
use kanisa_pg::Pool;
use kanisa_storage::Store;
use tokio::sync::watch;

pub use base::BaseInfo;
pub use choice::{Chosen, Destinations, Source};
pub use destination::Destination;
pub use error::BackupError;
pub use restore::{FilesMode, Moment, RestoreOptions, Restored, restore};
pub use retention::Retention;

/// The WAL shipper of a managed cluster: every `every`, the finished segments in the spool go
/// to the destination, then the stored files not yet copied; each pass is recorded in
/// `kanisa.backup_archive` (Settings shows how far behind the archive is, and a failure since
/// when: `last_error_at` is when the failing began, cleared by the next pass that works). The
/// destination is chosen again on every pass ([`Destinations`]): a change in System Settings
/// is followed within one pass, and recorded.
#[derive(Clone)]
pub struct Archiver {
    pub spool: PathBuf,
    pub destinations: Destinations,
    pub service: Pool,
    pub store: Store,
    pub every: Duration,
}

/// What one pass did.
#[derive(Debug, Default, Clone)]
pub struct Pass {
    pub shipped: wal::Shipped,
    /// What the destination's record of the WAL it holds says after the pass.
    pub runs: runs::Noted,
    pub files: usize,
}

impl Archiver {
    /// One pass: ship the spool, copy new files, record the outcome.
    pub async fn pass(&self) -> Result<Pass, BackupError> {
        let chosen = self.destinations.current().await;
        let outcome = match &chosen {
            Ok(chosen) => {
                let at = &chosen.destination;
                async {
                    let shipped = wal::ship(&self.spool, at).await?;
                    let runs = runs::record(&self.service, at, &shipped.segments).await?;
                    let files = files::copy_new(&self.service, &self.store, at).await?;
                    Ok::<_, BackupError>(Pass {
                        shipped,
                        runs,
                        files,
                    })
                }
                .await
            }
            // The reason is recorded as it was given ("backup destination: …" once, not twice).
            Err(BackupError::Destination(reason)) => Err(BackupError::Destination(reason.clone())),
            Err(e) => Err(BackupError::Destination(e.to_string())),
        };
        self.record(chosen.as_ref().ok(), &outcome).await?;
        outcome
    }

    /// Records a pass. A pass that could not choose a destination keeps the last one recorded
    /// and says why. Nothing is written when nothing changed (the row is WAL too: writing it
    /// every pass would finish and ship a segment every `archive_timeout` on an idle server);
    /// Settings reads the shipper's liveness from `last_pass_at`, refreshed once a minute.
    async fn record(
        &self,
        chosen: Option<&Chosen>,
        outcome: &Result<Pass, BackupError>,
    ) -> Result<(), BackupError> {
        let client = self
            .service
            .get()
            .await
            .map_err(|e| BackupError::Database(e.to_string()))?;
        let (segment, error) = match outcome {
            Ok(pass) => (pass.shipped.last.clone(), None),
            Err(e) => (None, Some(e.to_string())),
        };
        let (destination, on_this_machine, encrypted, source) = match chosen {
            Some(c) => (
                Some(c.destination.url().as_str()),
                Some(c.destination.on_this_machine()),
                Some(c.destination.encrypted()),
                Some(c.source.as_str()),
            ),
            None => (None, None, None, None),
        };
        let fingerprint = chosen.and_then(|c| c.destination.key_fingerprint());
        let generated = self.destinations.key_generated();
        let changed = client
            .query_opt(
                "INSERT INTO kanisa.backup_archive AS a \
                   (destination, on_this_machine, encrypted, source, last_segment, \
                    last_shipped_at, last_pass_at, last_error, last_error_at, \
                    key_fingerprint, key_generated) \
                 VALUES (coalesce($1, 'none'), coalesce($2, false), coalesce($3, false), \
                         coalesce($4, 'default'), $5, \
                         CASE WHEN $5::text IS NOT NULL THEN now() END, now(), \
                         $6, CASE WHEN $6::text IS NOT NULL THEN now() END, $7, $8) \
                 ON CONFLICT (id) DO UPDATE SET \
                   destination = coalesce($1, a.destination), \
                   on_this_machine = coalesce($2, a.on_this_machine), \
                   encrypted = coalesce($3, a.encrypted), \
                   source = coalesce($4, a.source), \
                   key_fingerprint = CASE WHEN $1::text IS NULL THEN a.key_fingerprint ELSE $7 END, \
                   key_generated = $8, \
                   last_segment = coalesce(EXCLUDED.last_segment, a.last_segment), \
                   last_shipped_at = coalesce(EXCLUDED.last_shipped_at, a.last_shipped_at), \
                   last_pass_at = now(), \
                   last_error = EXCLUDED.last_error, \
                   last_error_at = CASE WHEN EXCLUDED.last_error IS NULL THEN NULL \
                                        WHEN a.last_error IS NULL THEN now() \
                                        ELSE a.last_error_at END \
                 WHERE $5::text IS NOT NULL \
                    OR a.destination IS DISTINCT FROM coalesce($1, a.destination) \
                    OR a.source IS DISTINCT FROM coalesce($4, a.source) \
                    OR a.encrypted IS DISTINCT FROM coalesce($3, a.encrypted) \
                    OR ($1::text IS NOT NULL AND a.key_fingerprint IS DISTINCT FROM $7) \
                    OR a.key_generated IS DISTINCT FROM $8 \
                    OR a.last_error IS DISTINCT FROM $6 \
                    OR a.last_pass_at IS NULL OR a.last_pass_at < now() - interval '1 minute' \
                 RETURNING (SELECT p.destination FROM kanisa.backup_archive p)",
                &[
                    &destination,
                    &on_this_machine,
                    &encrypted,
                    &source,
                    &segment,
                    &error,
                    &fingerprint,
                    &generated,
                ],
            )
            .await
            .map_err(|e| BackupError::Database(kanisa_pg::describe(&e)))?;
        // The row as it was before this statement: a new destination is worth a line in the log.
        if let (Some(row), Some(now)) = (changed, destination) {
            let before: Option<String> = row.get(0);
            if let Some(before) = before.filter(|b| b != now) {
                tracing::warn!(from = %before, to = %now, "backups now go to a new destination");
            }
        }
        Ok(())
    }

    /// Runs passes until `stop` turns true, then a last one. A failing pass is logged (once
    /// per new error) and tried again on the next; nothing stops the shipper but `stop`.
    pub fn spawn(self, mut stop: watch::Receiver<bool>) -> tokio::task::JoinHandle<()> {
        tokio::spawn(async move {
            let mut last_error: Option<String> = None;
            loop {
                match self.pass().await {
                    Ok(pass) => {
                        if pass.shipped.files > 0 || pass.files > 0 {
                            tracing::debug!(
                                wal_files = pass.shipped.files,
                                files = pass.files,
                                "archived"
                            );
                        }
                        if last_error.take().is_some() {
                            tracing::info!("the backup archive is shipping again");
                        }
                    }
                    Err(e) => {
                        let text = e.to_string();
                        if last_error.as_deref() != Some(text.as_str()) {
                            tracing::error!(error = %text, at = %Utc::now(), "the backup archive cannot ship");
                        }
                        last_error = Some(text);
                    }
                }
                tokio::select! {
                    () = tokio::time::sleep(self.every) => {}
                    _ = stop.wait_for(|s| *s) => break,
                }
            }
            if let Err(e) = self.pass().await {
                tracing::warn!(error = %e, "the last archive pass before stopping failed");
            }
        })
    }
}
