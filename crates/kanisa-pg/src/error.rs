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

/// What a database error means for whoever asked: the one reading of SQLSTATE classes that every
/// crate maps to its own status and wording (the table API, auth, storage, functions), so they
/// cannot drift apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DbClass {
    /// The database cannot answer now: no connection or a lost one (class 08, or no SQLSTATE at
    /// all), shutting down or in crash recovery (57P), out of resources (53: too many
    /// connections, disk full, out of memory), or the statement collided with another one and
    /// was rolled back for it (40001 serialization failure, 40P01 deadlock, 55P03 a lock not
    /// available): nothing of it was written. Try again shortly.
    Unavailable,
    /// The statement ran past its timeout (57014): too much work, or a database too busy.
    Timeout,
    /// `RAISE … USING ERRCODE = 'PTnnn'` (PostgREST's convention): HTTP status nnn.
    Raised(u16),
    /// A unique violation (23505): the row is there already.
    Duplicate,
    /// A foreign-key violation (23503): a row it names is not there, or still named.
    Conflict,
    /// A check constraint refused the value (23514).
    Check,
    /// Insufficient privilege (42501), including a row-level policy's refusal.
    Forbidden,
    /// A NUL character in text (22021, 22P05), which PostgreSQL stores in no text.
    NulCharacter,
    /// No such table or function (42P01, 42883).
    Undefined,
    /// PostgreSQL's own failure (XX: internal, 58: system): ours, never the caller's.
    Internal,
    /// Anything else the statement refused: a value out of range, a check, a bad cast, a syntax
    /// error in a filter — the request's mistake as far as the database can tell.
    Refused,
}

impl DbClass {
    /// True when trying again later may succeed without changing the request.
    pub fn is_transient(self) -> bool {
        matches!(self, DbClass::Unavailable | DbClass::Timeout)
    }

    /// Whether work that failed so (a job) is worth another attempt after a back-off: the
    /// database was away or busy, failed in itself, or asked to be asked again later (a limit
    /// reached, PT429/PT503). A refused value — a constraint, a bad cast, a missing table, a
    /// privilege — fails the same way every time.
    pub fn worth_retrying(self) -> bool {
        self.is_transient() || matches!(self, DbClass::Internal | DbClass::Raised(429 | 503))
    }

    /// Whether the statement refused what it was given (the request's mistake as far as the
    /// database can tell): a constraint, a value, a NUL character.
    pub fn is_refusal(self) -> bool {
        matches!(
            self,
            DbClass::Duplicate
                | DbClass::Conflict
                | DbClass::Check
                | DbClass::NulCharacter
                | DbClass::Refused
        )
    }
}

/// The class of a driver error (see [`DbClass`]).
pub fn classify(err: &tokio_postgres::Error) -> DbClass {
    match err.code() {
        None => DbClass::Unavailable,
        Some(code) => classify_code(code.code()),
    }
}

/// The class of a SQLSTATE.
pub fn classify_code(code: &str) -> DbClass {
    match code {
        "57014" => DbClass::Timeout,
        "23505" => DbClass::Duplicate,
        "23503" => DbClass::Conflict,
        "23514" => DbClass::Check,
        "42501" => DbClass::Forbidden,
        "22021" | "22P05" => DbClass::NulCharacter,
        "42P01" | "42883" => DbClass::Undefined,
        c if c.starts_with("PT") => match c[2..].parse::<u16>() {
            Ok(status) if (400..600).contains(&status) => DbClass::Raised(status),
            _ => DbClass::Refused,
        },
        "40001" | "40P01" | "55P03" => DbClass::Unavailable,
        c if c.starts_with("08") || c.starts_with("53") || c.starts_with("57P") => {
            DbClass::Unavailable
        }
        c if c.starts_with("XX") || c.starts_with("58") => DbClass::Internal,
        _ => DbClass::Refused,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_class_of_sqlstate_is_read_one_way() {
        for (code, class) in [
            ("08006", DbClass::Unavailable),
            ("08P01", DbClass::Unavailable),
            ("53300", DbClass::Unavailable),
            ("53100", DbClass::Unavailable),
            ("57P01", DbClass::Unavailable),
            ("57P03", DbClass::Unavailable),
            ("57014", DbClass::Timeout),
            ("40001", DbClass::Unavailable),
            ("40P01", DbClass::Unavailable),
            ("55P03", DbClass::Unavailable),
            ("40002", DbClass::Refused),
            ("PT429", DbClass::Raised(429)),
            ("PT401", DbClass::Raised(401)),
            ("PT999", DbClass::Refused),
            ("PTabc", DbClass::Refused),
            ("23505", DbClass::Duplicate),
            ("23503", DbClass::Conflict),
            ("23514", DbClass::Check),
            ("23502", DbClass::Refused),
            ("42501", DbClass::Forbidden),
            ("22021", DbClass::NulCharacter),
            ("22P05", DbClass::NulCharacter),
            ("42P01", DbClass::Undefined),
            ("42883", DbClass::Undefined),
            ("XX000", DbClass::Internal),
            ("58030", DbClass::Internal),
            ("22P02", DbClass::Refused),
            ("42601", DbClass::Refused),
        ] {
            assert_eq!(classify_code(code), class, "{code}");
        }
        assert!(DbClass::Unavailable.is_transient() && DbClass::Timeout.is_transient());
        assert!(!DbClass::Refused.is_transient() && !DbClass::Internal.is_transient());
        // A job tries again only what may pass later.
        for class in [
            DbClass::Unavailable,
            DbClass::Timeout,
            DbClass::Internal,
            DbClass::Raised(429),
        ] {
            assert!(class.worth_retrying(), "{class:?}");
        }
        for class in [
            DbClass::Duplicate,
            DbClass::Conflict,
            DbClass::Check,
            DbClass::Refused,
            DbClass::NulCharacter,
            DbClass::Forbidden,
            DbClass::Undefined,
            DbClass::Raised(400),
        ] {
            assert!(!class.worth_retrying(), "{class:?}");
        }
        assert!(DbClass::Check.is_refusal() && !DbClass::Timeout.is_refusal());
    }
}
