//! Every way a storage request can fail, with its HTTP status and Supabase Storage error code
//! decided here, in one place (the server only writes them out).

use kanisa_pg::DbClass;
use kanisa_pg::tokio_postgres;

#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    /// A name that is not a plain relative path (400).
    #[error("Invalid key: {0}")]
    InvalidKey(String),

    /// A malformed request: body, field, header or parameter (400).
    #[error("{0}")]
    InvalidRequest(String),

    #[error("Bucket not found")]
    NoSuchBucket,

    #[error("Object not found")]
    NoSuchKey,

    /// The name is taken and the upload did not ask to replace it (409).
    #[error("The resource already exists")]
    KeyAlreadyExists,

    /// The policies refused (403).
    #[error("{0}")]
    AccessDenied(String),

    /// More bytes than the bucket (or folder) allows (413). `file` is the client's file name.
    #[error("File '{file}' is too large. Maximum size is {}.", crate::names::format_limit(*.limit))]
    EntityTooLarge { file: String, limit: u64 },

    /// A type the bucket does not take, or bytes that are not what the name says (415).
    #[error("{0}")]
    InvalidMimeType(String),

    /// A signed link that is malformed, for another object, or expired (400).
    #[error("{0}")]
    InvalidSignature(String),

    /// A `Range` that starts past the end (416).
    #[error("The range is not satisfiable: the object has {size} bytes")]
    RangeNotSatisfiable { size: u64 },

    /// The client sent nothing for too long, or took longer than an upload may take (408).
    #[error("{0}")]
    Timeout(String),

    /// Over one of the public upload limits (429; migration 0047): `message` says which and
    /// when to try again, `retry_after` in seconds (the `Retry-After` header).
    #[error("{message}")]
    TooManyRequests { message: String, retry_after: u64 },

    /// The token's session has ended (401): signed out, ended elsewhere, refresh token reused.
    #[error("{0}")]
    SessionEnded(String),

    /// The database cannot be reached right now, or is restarting (503).
    #[error("database unavailable: {0}")]
    Unavailable(String),

    /// The database failed (500; the cause is logged, never sent).
    #[error("database: {0}")]
    Database(String),

    /// The object store failed (500; the cause is logged, never sent).
    #[error("object store: {0}")]
    Store(String),

    /// The configuration names a store that cannot be used.
    #[error("KANISA_STORAGE_URL: {0}")]
    Config(String),
}

impl StorageError {
    /// HTTP status, Storage error code, and the short `error` label of the wire format.
    pub fn status_code_label(&self) -> (u16, &'static str, &'static str) {
        match self {
            StorageError::InvalidKey(_) => (400, "InvalidKey", "Invalid Input"),
            StorageError::InvalidRequest(_) => (400, "InvalidRequest", "Invalid Input"),
            StorageError::NoSuchBucket => (404, "NoSuchBucket", "Bucket not found"),
            StorageError::NoSuchKey => (404, "NoSuchKey", "not_found"),
            StorageError::KeyAlreadyExists => (409, "KeyAlreadyExists", "Duplicate"),
            StorageError::AccessDenied(_) => (403, "AccessDenied", "Unauthorized"),
            StorageError::EntityTooLarge { .. } => (413, "EntityTooLarge", "Payload too large"),
            StorageError::InvalidMimeType(_) => (415, "InvalidMimeType", "invalid_mime_type"),
            StorageError::InvalidSignature(_) => (400, "InvalidSignature", "Invalid Signature"),
            StorageError::RangeNotSatisfiable { .. } => {
                (416, "InvalidRange", "Range Not Satisfiable")
            }
            StorageError::Timeout(_) => (408, "RequestTimeout", "Request Timeout"),
            StorageError::TooManyRequests { .. } => (429, "TooManyRequests", "Too Many Requests"),
            StorageError::SessionEnded(_) => (401, "InvalidJWT", "Unauthorized"),
            StorageError::Unavailable(_) => (503, "DatabaseUnavailable", "Service Unavailable"),
            StorageError::Database(_) | StorageError::Store(_) | StorageError::Config(_) => {
                (500, "InternalError", "Internal")
            }
        }
    }

    /// Seconds to wait before trying again, for a refusal that has one (429).
    pub fn retry_after(&self) -> Option<u64> {
        match self {
            StorageError::TooManyRequests { retry_after, .. } => Some(*retry_after),
            _ => None,
        }
    }

    /// True for failures on our side: the response says only that something failed.
    pub fn is_internal(&self) -> bool {
        self.status_code_label().0 >= 500
    }

    /// The message a client may see.
    pub fn public_message(&self) -> String {
        if let StorageError::Unavailable(_) = self {
            "The database is not available right now. Please try again in a moment.".to_owned()
        } else if self.is_internal() {
            "Something went wrong on the server. Please try again.".to_owned()
        } else {
            self.to_string()
        }
    }
}

impl From<kanisa_pg::PgError> for StorageError {
    fn from(e: kanisa_pg::PgError) -> Self {
        match e {
            kanisa_pg::PgError::Db(db) => db.into(),
            kanisa_pg::PgError::Pool(e) => StorageError::Unavailable(e.to_string()),
            other => StorageError::Database(other.to_string()),
        }
    }
}

impl From<tokio_postgres::Error> for StorageError {
    /// Only the refusals a caller can cause are told apart; anything else is ours.
    fn from(e: tokio_postgres::Error) -> Self {
        match kanisa_pg::classify(&e) {
            DbClass::Duplicate => StorageError::KeyAlreadyExists,
            DbClass::Forbidden => StorageError::AccessDenied(
                "You may not do this with this object (row-level security)".to_owned(),
            ),
            DbClass::Check => StorageError::InvalidKey(kanisa_pg::describe(&e)),
            // A NUL (\u0000) in a name or in metadata: PostgreSQL stores no such text.
            DbClass::NulCharacter => StorageError::InvalidRequest(
                "The request contains a NUL character (\\u0000), which cannot be stored".to_owned(),
            ),
            DbClass::Raised(401) => {
                StorageError::SessionEnded("JWT session has ended: sign in again".to_owned())
            }
            // A limit's refusal (kanisa.hit_by): its message, and 'Retry after N seconds'.
            DbClass::Raised(429) => {
                let db = e.as_db_error();
                StorageError::TooManyRequests {
                    message: db.map_or_else(
                        || "Too many uploads. Please try again later.".to_owned(),
                        |d| d.message().to_owned(),
                    ),
                    retry_after: db
                        .and_then(|d| d.hint())
                        .and_then(|h| h.split_whitespace().find_map(|w| w.parse().ok()))
                        .unwrap_or(60),
                }
            }
            class if class.is_transient() => StorageError::Unavailable(kanisa_pg::describe(&e)),
            _ => StorageError::Database(kanisa_pg::describe(&e)),
        }
    }
}

impl From<object_store::Error> for StorageError {
    fn from(e: object_store::Error) -> Self {
        match e {
            object_store::Error::NotFound { .. } => StorageError::NoSuchKey,
            other => StorageError::Store(other.to_string()),
        }
    }
}
