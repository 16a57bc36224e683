//! Identities: who is asking ([`Identity`], from a verified token: the one identity the
//! server's extractor makes for every API family, and the console makes in-process), password
//! hashing (argon2id), staff accounts (`auth.users` with the profile in `public.users`), the
//! first Super Admin, and the JWT signing secret.
//!
//! Owns: everything that touches a password or the signing secret, and the reading of a
//! token's claims (role, user, session).
//! Must not know about HTTP (the server crate maps [`AuthError`] to responses) and never logs a
//! password, hash or secret.
//!
//! Members sign in by phone with a code by SMS (`phone.rs`): the same answer and the same work
//! for any number, codes derived rather than stored, limits per number, address and church.
//!
//! Sign-in lockout: `max_login_attempts` failures for one e-mail from one client address within
//! `lockout_duration_minutes` lock that e-mail for that address; ten times as many from all
//! addresses together lock the account everywhere. So a stranger cannot lock the owner out, and
//! guessing spread over many addresses still stops. A Super Admin lifts a lockout. Staff
//! accounts are managed only with SUPER_ADMIN rank and `manage_admins`, and nobody acts on an
//! account holding a permission or rank they lack. Access tokens carry the church role and
//! permissions in `app_metadata`, but the policies look the profile up again on every
//! statement, so a deactivation applies to the next request whatever the token says.
#![forbid(unsafe_code)]

mod admin;
mod error;
mod hasher;
mod identity;
mod jwt;
mod limit;
mod phone;
mod session;
mod user;

pub use admin::{AdminUserChange, NewAdminUser};
pub use error::AuthError;
pub use hasher::Hasher;
pub use identity::Identity;
pub use jwt::{API_ROLES, JwtError, JwtKeys};
pub use limit::RateLimiter;
pub use phone::{
    CODE_LIFETIME_SECS, CodeLimit, CodeRequest, CodeToSend, Locale, WRONG_TRIES, otp_answer,
    phone_digits,
};
pub use session::{
    ACCOUNT_LOCKOUT_FACTOR, Auth, AuthOptions, ClientInfo, Clock, Session, UserUpdate,
};
pub use user::User;

use std::io::Write;
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

use kanisa_pg::tokio_postgres::{self, Client};
use rand::Rng;
use uuid::Uuid;

/// The church roles, highest rank first (back-office §6.1).
pub const ROLES: &[(&str, u8)] = &[
    ("SUPER_ADMIN", 6),
    ("ADMIN", 5),
    ("FINANCE_ADMIN", 4),
    ("CONTENT_ADMIN", 4),
    ("MEMBER_ADMIN", 4),
    ("MINISTRY_LEADER", 3),
    ("DEPARTMENT_HEAD", 3),
    ("ELDER", 2),
    ("MEMBER", 1),
    ("VISITOR", 0),
];

/// The menu permission vocabulary (back-office §6.3 and the menu's names); the database holds
/// the same list in kanisa.permissions (a test compares them).
pub const PERMISSIONS: &[&str] = &[
    "manage_users",
    "manage_admins",
    "view_audit_logs",
    "system_settings",
    "manage_content",
    "manage_sermons",
    "manage_events",
    "manage_announcements",
    "manage_members",
    "view_member_details",
    "manage_attendance",
    "manage_finances",
    "view_financial_reports",
    "manage_donations",
    "manage_budget",
    "manage_prayer_requests",
    "view_private_prayer_requests",
    "send_communications",
    "manage_communications",
    "send_sms",
    "send_emails",
    "view_reports",
    "view_member_reports",
];

/// Admin users' passwords: "minimum length 6" (back-office §5), raised by Security settings.
pub const MIN_PASSWORD_LEN: usize = 6;

pub(crate) fn role_names() -> String {
    ROLES.iter().map(|(r, _)| *r).collect::<Vec<_>>().join(", ")
}

/// argon2id (12 MiB, 3 passes; see `hasher.rs`) into a PHC string, which records the
/// parameters, so they can change later without breaking stored hashes. For one-off use (the
/// CLI); the server hashes on [`Hasher`]'s workers.
pub fn hash_password(password: &str) -> Result<String, AuthError> {
    hasher::hash_with(&mut Vec::new(), password)
}

/// True when `password` matches the stored PHC string. A malformed hash never matches.
pub fn verify_password(password: &str, phc: &str) -> bool {
    hasher::verify_with(&mut Vec::new(), password, phc)
}

/// A password a person can type from a printout: 16 characters without look-alikes
/// (about 90 bits).
pub fn generate_password() -> String {
    const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut rng = rand::rng();
    (0..16)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect()
}

/// The JWT secret kept in `<data_dir>/jwt-secret` (created once, mode 0600).
pub fn load_or_create_jwt_secret(data_dir: &Path) -> Result<String, AuthError> {
    let path = data_dir.join("jwt-secret");
    let io = |what: &str, source| AuthError::Io {
        what: format!("{what} {}", path.display()),
        source,
    };
    match std::fs::read_to_string(&path) {
        Ok(s) if s.trim().len() >= 32 => return Ok(s.trim().to_owned()),
        Ok(_) | Err(_) if path.exists() => {
            return Err(io(
                "the JWT secret is shorter than 32 characters in",
                std::io::Error::from(std::io::ErrorKind::InvalidData),
            ));
        }
        _ => {}
    }
    std::fs::create_dir_all(data_dir).map_err(|e| io("cannot create the folder of", e))?;
    let mut bytes = [0u8; 32];
    rand::rng().fill(&mut bytes);
    let secret = hex::encode(bytes);
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(&path)
        .map_err(|e| io("cannot create", e))?;
    writeln!(file, "{secret}").map_err(|e| io("cannot write", e))?;
    Ok(secret)
}

#[derive(Clone)]
pub struct NewUser {
    pub email: String,
    pub full_name: String,
    pub role: String,
    pub password: String,
}

/// Validates and normalises a new account (e-mail lower-cased, name trimmed).
pub fn validate_new_user(user: &NewUser) -> Result<NewUser, AuthError> {
    let email = user.email.trim().to_lowercase();
    let valid_email = email.split_once('@').is_some_and(|(l, d)| {
        !l.is_empty() && d.contains('.') && !d.starts_with('.') && !d.ends_with('.')
    }) && !email.chars().any(char::is_whitespace);
    if !valid_email {
        return Err(AuthError::InvalidEmail(user.email.clone()));
    }
    let full_name = user.full_name.trim().to_owned();
    if full_name.is_empty() {
        return Err(AuthError::MissingName);
    }
    let role = user.role.trim().to_uppercase().replace([' ', '-'], "_");
    if !ROLES.iter().any(|(r, _)| *r == role) {
        return Err(AuthError::InvalidRole(user.role.clone()));
    }
    if user.password.chars().count() < MIN_PASSWORD_LEN {
        return Err(AuthError::PasswordTooShort(MIN_PASSWORD_LEN));
    }
    Ok(NewUser {
        email,
        full_name,
        role,
        password: user.password.clone(),
    })
}

/// An account as stored (normalised e-mail and role).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreatedUser {
    pub id: Uuid,
    pub email: String,
    pub role: String,
}

/// Creates a sign-in identity and its profile in one transaction.
pub async fn create_user(client: &mut Client, user: &NewUser) -> Result<CreatedUser, AuthError> {
    let checked = validate_new_user(user)?;
    let hash = hash_password(&checked.password)?;
    let tx = client.transaction().await?;
    let created = create_user_in(&tx, &checked, &hash).await?;
    tx.commit().await?;
    Ok(created)
}

/// Inserts the identity and its profile with an already computed hash, inside the caller's
/// transaction.
pub(crate) async fn create_user_in(
    tx: &impl tokio_postgres::GenericClient,
    user: &NewUser,
    hash: &str,
) -> Result<CreatedUser, AuthError> {
    let user = validate_new_user(user)?;
    let inserted = tx
        .query_opt(
            "INSERT INTO auth.users (email, encrypted_password) VALUES ($1, $2) \
             ON CONFLICT (email) DO NOTHING RETURNING id",
            &[&user.email, &hash],
        )
        .await?;
    let Some(row) = inserted else {
        return Err(AuthError::EmailTaken(user.email));
    };
    let id: Uuid = row.get(0);
    tx.execute(
        "INSERT INTO public.users (id, email, full_name, role, is_active) VALUES ($1, $2, $3, $4, true)",
        &[&id, &user.email, &user.full_name, &user.role],
    )
    .await?;
    tracing::info!(%id, role = %user.role, "account created");
    Ok(CreatedUser {
        id,
        email: user.email,
        role: user.role,
    })
}

/// The first Super Admin, created when there is none yet.
#[derive(Clone)]
pub struct FirstAdmin {
    pub email: String,
    /// Present only when Kanisa generated it (it is then shown once).
    pub generated_password: Option<String>,
}

/// Creates a SUPER_ADMIN when the database has none, from the given e-mail and password or
/// with `admin@<domain>` and a generated password. Returns `None` when one already exists.
pub async fn ensure_first_admin(
    client: &mut Client,
    email: Option<&str>,
    password: Option<&str>,
) -> Result<Option<FirstAdmin>, AuthError> {
    let exists = client
        .query_opt(
            "SELECT 1 FROM public.users WHERE role = 'SUPER_ADMIN' LIMIT 1",
            &[],
        )
        .await?
        .is_some();
    if exists {
        return Ok(None);
    }
    let email = email.unwrap_or("admin@kanisa.local").to_owned();
    let (password, generated) = match password {
        Some(p) => (p.to_owned(), None),
        None => {
            let p = generate_password();
            (p.clone(), Some(p))
        }
    };
    create_user(
        client,
        &NewUser {
            email: email.clone(),
            full_name: "Super Admin".into(),
            role: "SUPER_ADMIN".into(),
            password,
        },
    )
    .await?;
    Ok(Some(FirstAdmin {
        email,
        generated_password: generated,
    }))
}

/// Leaves passwords out.
impl std::fmt::Debug for NewUser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NewUser")
            .field("email", &self.email)
            .field("full_name", &self.full_name)
            .field("role", &self.role)
            .finish_non_exhaustive()
    }
}

/// Leaves the generated password out.
impl std::fmt::Debug for FirstAdmin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FirstAdmin")
            .field("email", &self.email)
            .field(
                "generated_password",
                &self.generated_password.as_ref().map(|_| "[redacted]"),
            )
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_are_argon2id_salted_and_verify() {
        let a = hash_password("correct horse").unwrap();
        let b = hash_password("correct horse").unwrap();
        assert!(a.starts_with("$argon2id$"), "{a}");
        assert_ne!(a, b, "each hash has its own salt");
        assert!(verify_password("correct horse", &a));
        assert!(!verify_password("correct hors", &a));
        assert!(!verify_password("x", "not a hash"));
    }

    #[test]
    fn generated_passwords_are_long_and_distinct() {
        let a = generate_password();
        assert_eq!(a.len(), 16);
        assert_ne!(a, generate_password());
        assert!(!a.contains(['0', 'O', 'l', '1', 'I']));
    }

    #[test]
    fn new_users_are_normalised_or_refused() {
        let ok = validate_new_user(&NewUser {
            email: " Pastor@Example.ORG ".into(),
            full_name: "  Pastor John ".into(),
            role: "content admin".into(),
            password: "secret1".into(),
        })
        .unwrap();
        assert_eq!(ok.email, "pastor@example.org");
        assert_eq!(ok.full_name, "Pastor John");
        assert_eq!(ok.role, "CONTENT_ADMIN");
        let base = ok.clone();
        let bad = [
            NewUser {
                email: "pastor".into(),
                ..base.clone()
            },
            NewUser {
                full_name: " ".into(),
                ..base.clone()
            },
            NewUser {
                role: "BISHOP".into(),
                ..base.clone()
            },
            NewUser {
                password: "12345".into(),
                ..base.clone()
            },
        ];
        let messages: Vec<String> = bad
            .iter()
            .map(|u| validate_new_user(u).unwrap_err().to_string())
            .collect();
        assert!(messages[0].contains("not an e-mail"));
        assert!(messages[1].contains("full name"));
        assert!(messages[2].contains("SUPER_ADMIN"));
        assert_eq!(messages[3], "Password must be at least 6 characters long.");
    }

    #[test]
    fn the_jwt_secret_is_created_once_and_private() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let first = load_or_create_jwt_secret(dir.path()).unwrap();
        assert_eq!(first.len(), 64);
        assert_eq!(load_or_create_jwt_secret(dir.path()).unwrap(), first);
        let mode = std::fs::metadata(dir.path().join("jwt-secret"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
    }
}
