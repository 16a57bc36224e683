use std::path::PathBuf;

/// Everything that can go wrong below the API. Messages are written for the person running
/// Kanisa: they say what happened and what to do.
#[derive(Debug, thiserror::Error)]
pub enum PgError {
    #[error(
        "PostgreSQL is not installed: install the server package (Debian/Ubuntu: \
         `apt-get install postgresql`), or set KANISA_PG_BIN to the folder holding initdb and \
         postgres, or set DATABASE_URL to use an existing server"
    )]
    NotInstalled,

    #[error(
        "another Kanisa (pid {pid}) is already using the data dir {dir}; stop it first, or set \
         KANISA_DATA_DIR to another folder"
    )]
    AlreadyRunning { dir: PathBuf, pid: String },

    #[error(
        "the system user {0:?} that should run PostgreSQL does not exist; create it or set \
         KANISA_PG_USER (PostgreSQL refuses to run as root)"
    )]
    NoSuchUser(String),

    #[error("{what}: {source}")]
    Io {
        what: String,
        #[source]
        source: std::io::Error,
    },

    #[error("{tool} failed: {output}")]
    Tool { tool: String, output: String },

    #[error("PostgreSQL did not start: {0}")]
    StartFailed(String),

    #[error(
        "migration {file} was edited after it was applied (checksum {recorded} in the database, \
         {current} in this build). Applied migrations are never edited: restore the file and \
         add a new migration instead"
    )]
    MigrationEdited {
        file: String,
        recorded: String,
        current: String,
    },

    #[error(
        "the database has migration {file} applied, which this build of Kanisa does not have; \
         run the newer Kanisa that applied it"
    )]
    UnknownMigration { file: String },

    #[error("migration file name {0:?} must look like NNNN_name.sql, with a unique number")]
    BadMigrationName(String),

    #[error("migration {file} failed: {message}")]
    MigrationFailed { file: String, message: String },

    #[error("policy file {file} failed: {message}")]
    PolicyFailed { file: String, message: String },

    #[error("demo seed failed: {0}")]
    SeedFailed(String),

    #[error(
        "restore needs an empty database, and {0} already has tables; create a new database and \
         point DATABASE_URL at it"
    )]
    RestoreTargetNotEmpty(String),

    #[error(
        "the backup {file} cannot be restored: it is damaged, incomplete or not a Kanisa backup \
         ({reason}); nothing was changed"
    )]
    BackupUnreadable { file: String, reason: String },

    #[error("database error: {}", describe(.0))]
    Db(#[from] tokio_postgres::Error),

    #[error("database pool: {0}")]
    Pool(#[from] deadpool_postgres::PoolError),

    #[error("database pool could not be built: {0}")]
    BuildPool(String),
}

impl PgError {
    pub(crate) fn io(what: impl Into<String>, source: std::io::Error) -> Self {
        PgError::Io {
            what: what.into(),
            source,
        }
    }
}

/// A readable one-line account of a driver error: PostgreSQL's message with its detail, hint and
/// constraint when there are any (the driver's own `Display` says only "db error").
pub fn describe(err: &tokio_postgres::Error) -> String {
    match err.as_db_error() {
        Some(db) => {
            let mut text = format!("{} (SQLSTATE {})", db.message(), db.code().code());
            if let Some(c) = db.constraint() {
                text.push_str(&format!(" [constraint {c}]"));
            }
            if let Some(d) = db.detail() {
                text.push_str(&format!("; {d}"));
            }
            if let Some(h) = db.hint() {
                text.push_str(&format!("; hint: {h}"));
            }
            if let Some(w) = db.where_() {
                text.push_str(&format!("; at {w}"));
            }
            text
        }
        None => {
            let mut text = err.to_string();
            let mut source = std::error::Error::source(err);
            while let Some(s) = source {
                text.push_str(&format!(": {s}"));
                source = s.source();
            }
            text
        }
    }
}
