//! The one error type of backups and restores.

use thiserror::Error;

#[derive(Debug, Error)]
pub enum BackupError {
    /// `KANISA_BACKUP_URL` (or the setting) names no usable destination.
    #[error("backup destination: {0}")]
    Destination(String),
    /// Reading or writing the destination failed (a network or storage outage).
    #[error("backup destination {what}: {source}")]
    Store {
        what: String,
        #[source]
        source: object_store::Error,
    },
    /// A sealed file that does not open, or a sealed file without a key.
    #[error("encrypted backup: {0}")]
    Seal(String),
    #[error("{what}: {source}")]
    Io {
        what: String,
        #[source]
        source: std::io::Error,
    },
    #[error(transparent)]
    Pg(#[from] kanisa_pg::PgError),
    /// A statement of the backup's own bookkeeping failed.
    #[error("database: {0}")]
    Database(String),
    /// The destination holds nothing to restore from (or nothing old enough).
    #[error("{0}")]
    NothingToRestore(String),
    /// The folder to restore into is not empty, or is the live data dir.
    #[error("{0}")]
    Target(String),
    /// PostgreSQL could not bring the backup to the moment asked for.
    #[error("{0}")]
    Recovery(String),
    /// Another drill is running (one at a time: they share the scratch folder).
    #[error("{0}")]
    Busy(String),
    /// A backup's own description (info.json) or PostgreSQL's manifest does not read.
    #[error("{0}")]
    Damaged(String),
}

impl BackupError {
    pub(crate) fn io(what: impl Into<String>, source: std::io::Error) -> BackupError {
        BackupError::Io {
            what: what.into(),
            source,
        }
    }

    pub(crate) fn store(what: impl Into<String>, source: object_store::Error) -> BackupError {
        BackupError::Store {
            what: what.into(),
            source,
        }
    }
}
