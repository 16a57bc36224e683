//! Everything a function can answer instead of its result, with its HTTP status and stable
//! code in one place (`status_code`). The server only renders it.

use kanisa_pg::DbClass;

/// Field name (the form's camelCase) → what is wrong with it.
pub type FieldErrors = std::collections::BTreeMap<&'static str, String>;

#[derive(Debug, thiserror::Error)]
pub enum FunctionsError {
    /// The body is not the JSON the function reads.
    #[error("{0}")]
    BadBody(String),
    /// The body is larger than the function reads (bytes).
    #[error("The form is larger than {} kB", .0 / 1024)]
    BodyTooLarge(usize),
    /// Fields with what is wrong with each.
    #[error("Please check the highlighted fields.")]
    Invalid(FieldErrors),
    /// The honeypot was filled in.
    #[error(
        "This submission looks automated and was not accepted. If you are a person, please call the church office."
    )]
    Bot,
    /// An attachment that was never uploaded, or not into a request folder.
    #[error("{0}")]
    AttachmentNotFound(String),
    /// Over an abuse limit; `retry_after` in seconds.
    #[error("{message}")]
    TooMany { message: String, retry_after: u64 },
    /// The caller may not do this (policies refused).
    #[error("{0}")]
    Forbidden(String),
    /// A token is needed.
    #[error("{0}")]
    Unauthorized(String),
    /// The token that came did not verify (expired, not signed by this server, …): 401 with
    /// kanisa-auth's reason, for an endpoint that acts as its caller.
    #[error("{0}")]
    BadToken(kanisa_auth::JwtError),
    #[error("{0}")]
    NotFound(String),
    /// A function asked with a method it does not take (`allowed` lists those it takes).
    #[error("{method} is not allowed here; use {allowed}")]
    MethodNotAllowed { method: String, allowed: String },
    /// The request clashes with what is stored (an idempotency key used for another
    /// submission, a file another submission holds).
    #[error("{message}")]
    Conflict {
        message: String,
        /// The form field it concerns, when there is one.
        field: Option<&'static str>,
    },
    /// A send over the monthly SMS budget by someone who is not a Super Admin.
    #[error("{0}")]
    OverBudget(String),
    /// The church turned online giving off (System Settings).
    #[error("Online giving is turned off. Please use the paybill or bank details on this page.")]
    GivingDisabled,
    /// The payment provider refused or could not be reached: the spec's text for donors.
    #[error("{0}")]
    ProviderUnavailable(String),
    /// The database is busy, restarting or unreachable: try again shortly.
    #[error("The service is busy or restarting. Please try again in a moment.")]
    Unavailable(String),
    /// A fault of ours (logged, not shown).
    #[error("Something went wrong on our side. Please try again.")]
    Internal(String),
}

impl FunctionsError {
    /// HTTP status and stable error code.
    pub fn status_code(&self) -> (u16, &'static str) {
        match self {
            FunctionsError::BadBody(_) => (400, "invalid_body"),
            FunctionsError::BodyTooLarge(_) => (413, "body_too_large"),
            FunctionsError::Invalid(_) => (400, "validation_failed"),
            FunctionsError::Bot => (400, "submission_refused"),
            FunctionsError::AttachmentNotFound(_) => (400, "attachment_not_found"),
            FunctionsError::TooMany { .. } => (429, "too_many_submissions"),
            FunctionsError::Forbidden(_) => (403, "forbidden"),
            FunctionsError::Unauthorized(_) | FunctionsError::BadToken(_) => (401, "unauthorized"),
            FunctionsError::NotFound(_) => (404, "not_found"),
            FunctionsError::MethodNotAllowed { .. } => (405, "method_not_allowed"),
            FunctionsError::Conflict { .. } => (409, "conflict"),
            FunctionsError::OverBudget(_) => (403, "sms_budget_exceeded"),
            FunctionsError::GivingDisabled => (403, "giving_disabled"),
            FunctionsError::ProviderUnavailable(_) => (502, "provider_unavailable"),
            FunctionsError::Unavailable(_) => (503, "database_unavailable"),
            FunctionsError::Internal(_) => (500, "internal_error"),
        }
    }

    /// The field errors, for the `fields` member of the answer: field name → message.
    pub fn fields(&self) -> Option<serde_json::Value> {
        match self {
            FunctionsError::Invalid(f) => Some(serde_json::json!(f)),
            FunctionsError::AttachmentNotFound(m) => Some(serde_json::json!({"attachments": m})),
            FunctionsError::Conflict {
                message,
                field: Some(field),
            } => Some(serde_json::json!({ *field: message })),
            _ => None,
        }
    }

    pub fn is_internal(&self) -> bool {
        matches!(
            self,
            FunctionsError::Internal(_) | FunctionsError::Unavailable(_)
        )
    }

    /// The methods a path takes, for the `Allow` header of a 405.
    pub fn allow(&self) -> Option<&str> {
        match self {
            FunctionsError::MethodNotAllowed { allowed, .. } => Some(allowed),
            _ => None,
        }
    }

    /// Seconds before trying again, for `Retry-After`.
    pub fn retry_after(&self) -> Option<u64> {
        match self {
            FunctionsError::TooMany { retry_after, .. } => Some(*retry_after),
            FunctionsError::Unavailable(_) => Some(1),
            _ => None,
        }
    }
}

impl From<kanisa_pg::PgError> for FunctionsError {
    fn from(e: kanisa_pg::PgError) -> Self {
        match e {
            kanisa_pg::PgError::Db(e) => e.into(),
            other => FunctionsError::Unavailable(other.to_string()),
        }
    }
}

impl From<deadpool_postgres::PoolError> for FunctionsError {
    fn from(e: deadpool_postgres::PoolError) -> Self {
        FunctionsError::Unavailable(e.to_string())
    }
}

impl From<kanisa_jobs::JobsError> for FunctionsError {
    fn from(e: kanisa_jobs::JobsError) -> Self {
        FunctionsError::Internal(e.to_string())
    }
}

impl From<tokio_postgres::Error> for FunctionsError {
    fn from(e: tokio_postgres::Error) -> Self {
        let Some(db) = e.as_db_error() else {
            return FunctionsError::Unavailable(kanisa_pg::describe(&e));
        };
        let code = db.code().code();
        match kanisa_pg::classify_code(code) {
            DbClass::Raised(429) => FunctionsError::TooMany {
                message: db.message().to_owned(),
                retry_after: db
                    .hint()
                    .and_then(|h| h.split_whitespace().find_map(|w| w.parse().ok()))
                    .unwrap_or(60),
            },
            DbClass::Raised(401) => FunctionsError::Unauthorized(db.message().to_owned()),
            DbClass::Raised(409) => FunctionsError::Conflict {
                message: db.message().to_owned(),
                field: None,
            },
            DbClass::Forbidden => FunctionsError::Forbidden(
                "You may not send this. If you are signed in, your account may be inactive."
                    .to_owned(),
            ),
            DbClass::Timeout => FunctionsError::Unavailable("statement timeout".to_owned()),
            DbClass::Unavailable => FunctionsError::Unavailable(db.message().to_owned()),
            _ => FunctionsError::Internal(format!("{code}: {}", db.message())),
        }
    }
}
