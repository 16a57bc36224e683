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
mod destination;
pub mod drill;
mod error;
pub mod files;
pub mod restore;
mod retention;
pub mod seal;
pub mod wal;

use std::path::PathBuf;
use std::time::Duration;

use chrono::Utc;
use kanisa_pg::Pool;
use kanisa_storage::Store;
use tokio::sync::watch;

pub use base::BaseInfo;
pub use destination::Destination;
pub use error::BackupError;
pub use restore::{FilesMode, Moment, RestoreOptions, Restored, restore};
pub use retention::Retention;

/// The WAL shipper of a managed cluster: every `every`, the finished segments in the spool go
/// to the destination, then the stored files not yet copied; each pass is recorded in
/// `kanisa.backup_archive` (Settings shows how far behind the archive is, and a failure since
/// when: `last_error_at` is when the failing began, cleared by the next pass that works).
#[derive(Clone)]
pub struct Archiver {
    pub spool: PathBuf,
    pub destination: Destination,
    pub service: Pool,
    pub store: Store,
    pub every: Duration,
}

/// What one pass did.
#[derive(Debug, Default, Clone)]
pub struct Pass {
    pub shipped: wal::Shipped,
    pub files: usize,
}

impl Archiver {
    /// One pass: ship the spool, copy new files, record the outcome.
    pub async fn pass(&self) -> Result<Pass, BackupError> {
        let outcome = async {
            let shipped = wal::ship(&self.spool, &self.destination).await?;
            let files = files::copy_new(&self.service, &self.store, &self.destination).await?;
            Ok::<_, BackupError>(Pass { shipped, files })
        }
        .await;
        self.record(&outcome).await?;
        outcome
    }

    async fn record(&self, outcome: &Result<Pass, BackupError>) -> Result<(), BackupError> {
        let client = self
            .service
            .get()
            .await
            .map_err(|e| BackupError::Database(e.to_string()))?;
        let (segment, error) = match outcome {
            Ok(pass) => (pass.shipped.last.clone(), None),
            Err(e) => (None, Some(e.to_string())),
        };
        client
            .execute(
                "INSERT INTO kanisa.backup_archive AS a \
                   (destination, on_this_machine, encrypted, last_segment, last_shipped_at, \
                    last_pass_at, last_error, last_error_at) \
                 VALUES ($1, $2, $3, $4, CASE WHEN $4::text IS NOT NULL THEN now() END, now(), \
                         $5, CASE WHEN $5::text IS NOT NULL THEN now() END) \
                 ON CONFLICT (id) DO UPDATE SET \
                   destination = EXCLUDED.destination, \
                   on_this_machine = EXCLUDED.on_this_machine, \
                   encrypted = EXCLUDED.encrypted, \
                   last_segment = coalesce(EXCLUDED.last_segment, a.last_segment), \
                   last_shipped_at = coalesce(EXCLUDED.last_shipped_at, a.last_shipped_at), \
                   last_pass_at = now(), \
                   last_error = EXCLUDED.last_error, \
                   last_error_at = CASE WHEN EXCLUDED.last_error IS NULL THEN NULL \
                                        WHEN a.last_error IS NULL THEN now() \
                                        ELSE a.last_error_at END",
                &[
                    &self.destination.url().as_str(),
                    &self.destination.on_this_machine(),
                    &self.destination.encrypted(),
                    &segment,
                    &error,
                ],
            )
            .await
            .map_err(|e| BackupError::Database(kanisa_pg::describe(&e)))?;
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
                            tracing::info!(destination = %self.destination.url(), "the backup archive is shipping again");
                        }
                    }
                    Err(e) => {
                        let text = e.to_string();
                        if last_error.as_deref() != Some(text.as_str()) {
                            tracing::error!(destination = %self.destination.url(), error = %text, at = %Utc::now(), "the backup archive cannot ship");
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
