//! The one error type of the crate, with its wire status and GoTrue error code decided here
//! (the server crate only writes the envelope).

use kanisa_pg::tokio_postgres;

use crate::role_names;

#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    #[error("Unable to validate email address: {0:?} is not an e-mail address")]
    InvalidEmail(String),
    #[error("unknown role {0:?}; expected one of {roles}", roles = role_names())]
    InvalidRole(String),
    #[error("unknown permission {0:?}")]
    InvalidPermission(String),
    #[error("the full name is required")]
    MissingName,
    #[error("Password must be at least {0} characters long.")]
    PasswordTooShort(usize),
    #[error("Password must be at most 128 characters long.")]
    PasswordTooLong,
    #[error("This email address is already registered. Please use a different email.")]
    EmailTaken(String),
    #[error("{0}")]
    Validation(String),
    #[error("The request contains a NUL character (\\u0000), which text may not contain.")]
    NulCharacter,
    #[error("The request body is larger than {0} bytes.")]
    BodyTooLarge(usize),
    #[error("Invalid login credentials")]
    InvalidCredentials,
    #[error(
        "Too many failed sign-in attempts. Try again in {minutes} minute{s} (after {until} Nairobi time).",
        s = if *minutes == 1 { "" } else { "s" }
    )]
    LockedOut {
        /// Whole minutes until the lock ends, rounded up.
        minutes: i64,
        /// When the lock ends, `HH:MM` on the church's clock (Africa/Nairobi).
        until: String,
        retry_after_secs: i64,
    },
    #[error("Request rate limit reached. Try again in {0} seconds.")]
    RateLimited(u64),
    #[error("{}", .limit.message(*.retry_after_secs))]
    CodeLimit {
        limit: crate::phone::CodeLimit,
        retry_after_secs: u64,
    },
    #[error("Token has expired or is invalid")]
    OtpExpired,
    #[error("Phone sign-in is not available on this server")]
    PhoneSignInDisabled,
    #[error("This account has been deactivated. Contact the system administrator.")]
    Deactivated,
    #[error("Invalid Refresh Token: Refresh Token Not Found")]
    RefreshTokenNotFound,
    #[error("Invalid Refresh Token: Already Used")]
    RefreshTokenReused,
    #[error("Session Expired (Inactivity). Please sign in again.")]
    SessionExpired,
    #[error("Session from session_id claim in JWT does not exist")]
    SessionNotFound,
    #[error("This endpoint requires a valid Bearer token")]
    NoAuthorization,
    #[error("{0}")]
    BadJwt(crate::JwtError),
    #[error("User not allowed")]
    NotAllowed,
    #[error("{0}")]
    Forbidden(&'static str),
    #[error("User not found")]
    UserNotFound,
    #[error("Enter your current password to set a new one.")]
    CurrentPasswordRequired,
    #[error("Current password is incorrect.")]
    CurrentPasswordMismatch,
    #[error("New password should be different from the old password.")]
    SamePassword,
    #[error(
        "Sign-up is disabled: accounts are created by a Super Admin. Contact the system administrator."
    )]
    SignupDisabled,
    #[error("unsupported grant_type {0:?}; expected password or refresh_token")]
    UnsupportedGrant(String),
    #[error("password hashing failed")]
    Hash,
    #[error("{what}: {source}")]
    Io {
        what: String,
        #[source]
        source: std::io::Error,
    },
    #[error("The database is unavailable; try again shortly")]
    Unavailable(String),
    #[error("database error: {}", kanisa_pg::describe(.0))]
    Db(#[from] tokio_postgres::Error),
}

impl From<kanisa_pg::deadpool_postgres::PoolError> for AuthError {
    fn from(e: kanisa_pg::deadpool_postgres::PoolError) -> Self {
        AuthError::Unavailable(e.to_string())
    }
}

impl AuthError {
    /// HTTP status and GoTrue `error_code`.
    pub fn status_and_code(&self) -> (u16, &'static str) {
        use AuthError::*;
        match self {
            InvalidEmail(_) | InvalidRole(_) | InvalidPermission(_) | MissingName
            | Validation(_) | NulCharacter => (400, "validation_failed"),
            BodyTooLarge(_) => (413, "request_too_large"),
            PasswordTooShort(_) | PasswordTooLong => (422, "weak_password"),
            EmailTaken(_) => (422, "email_exists"),
            InvalidCredentials => (400, "invalid_credentials"),
            LockedOut { .. } => (429, "user_locked"),
            RateLimited(_) => (429, "over_request_rate_limit"),
            CodeLimit { limit, .. } => (429, limit.code()),
            OtpExpired => (403, "otp_expired"),
            PhoneSignInDisabled => (422, "phone_provider_disabled"),
            Deactivated => (403, "user_banned"),
            RefreshTokenNotFound => (400, "refresh_token_not_found"),
            RefreshTokenReused => (400, "refresh_token_already_used"),
            SessionExpired => (400, "session_expired"),
            SessionNotFound => (403, "session_not_found"),
            NoAuthorization => (401, "no_authorization"),
            BadJwt(_) => (401, "bad_jwt"),
            NotAllowed | Forbidden(_) => (403, "not_admin"),
            UserNotFound => (404, "user_not_found"),
            CurrentPasswordRequired => (400, "current_password_required"),
            CurrentPasswordMismatch => (400, "current_password_mismatch"),
            SamePassword => (422, "same_password"),
            SignupDisabled => (403, "signup_disabled"),
            UnsupportedGrant(_) => (400, "unsupported_grant_type"),
            Unavailable(_) => (503, "unexpected_failure"),
            Db(e) if is_unavailable(e) => (503, "unexpected_failure"),
            // A NUL that got past the server's body check: still the client's fault.
            Db(e) if is_nul_refused(e) => (400, "validation_failed"),
            Hash | Io { .. } | Db(_) => (500, "unexpected_failure"),
        }
    }

    /// Seconds a client should wait (`Retry-After`), for the 429s.
    pub fn retry_after(&self) -> Option<u64> {
        match self {
            AuthError::LockedOut {
                retry_after_secs, ..
            } => Some((*retry_after_secs).max(1) as u64),
            AuthError::RateLimited(s) => Some(*s),
            AuthError::CodeLimit {
                retry_after_secs, ..
            } => Some(*retry_after_secs),
            _ => None,
        }
    }

    /// The message sent to clients: server faults are not described to them (they are logged).
    pub fn public_message(&self) -> String {
        match self {
            AuthError::Db(e) if is_nul_refused(e) => AuthError::NulCharacter.to_string(),
            AuthError::Hash | AuthError::Io { .. } | AuthError::Db(_) => {
                if self.status_and_code().0 == 503 {
                    "The database is unavailable; try again shortly".to_owned()
                } else {
                    "Unexpected failure; the error has been logged".to_owned()
                }
            }
            other => other.to_string(),
        }
    }
}

fn is_unavailable(e: &tokio_postgres::Error) -> bool {
    e.is_closed() || kanisa_pg::classify(e).is_transient()
}

/// PostgreSQL refuses 0x00 in text with 22021 (character_not_in_repertoire: "invalid byte
/// sequence for encoding \"UTF8\": 0x00").
fn is_nul_refused(e: &tokio_postgres::Error) -> bool {
    kanisa_pg::classify(e) == kanisa_pg::DbClass::NulCharacter
}
