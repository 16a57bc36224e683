//! Sign-in, sessions and refresh tokens, sign-out, and a user's own account — the logic of
//! `/auth/v1` without HTTP.
//!
//! Rules kept here:
//! - the same "Invalid login credentials" for an unknown e-mail and a wrong password, with a
//!   password check of the same cost in both cases;
//! - lockout, counted per account **and client address**: `max_login_attempts` failures for one
//!   e-mail from one address within `lockout_duration_minutes` (Security settings) refuse every
//!   sign-in of that e-mail from that address, the correct password included, until the
//!   duration has passed since the last failure; so a stranger guessing from elsewhere does not
//!   lock the owner out. [`ACCOUNT_LOCKOUT_FACTOR`] times as many failures from all addresses
//!   together lock the account everywhere (a guesser with many addresses). A success resets the
//!   count of its own address, and the account-wide count; a Super Admin can lift a lock
//!   (`admin.rs`, which also restarts every count);
//! - access tokens live `session_timeout_minutes`; a session not refreshed within that time can
//!   no longer be refreshed (idle timeout);
//! - refresh tokens are stored as SHA-256 digests, rotate on each use, and a revoked one
//!   presented again deletes the session (the whole family) — except the parent of the active
//!   token within [`REUSE_GRACE_SECS`], which gets the active token again (children are derived
//!   from their parent with an HMAC, so the active one can be recomputed without storing it);
//! - deactivated accounts cannot sign in or refresh.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Utc};
use hmac::{Hmac, Mac};
use kanisa_pg::Pool;
use kanisa_pg::tokio_postgres::GenericClient;
use rand::Rng;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use uuid::Uuid;

use crate::user::User;
use crate::{AuthError, Identity, JwtKeys, RateLimiter, hash_password};

/// A revoked refresh token may be presented again this long after its rotation (a client that
/// lost the response) and still get the active token.
pub const REUSE_GRACE_SECS: i64 = 10;

/// The account-wide lockout threshold, as a multiple of the Security setting
/// `max_login_attempts` (which counts failures per account and client address): with the
/// default 5, 50 failures from all addresses within `lockout_duration_minutes` lock the account
/// for every address. High enough that one stranger cannot lock anyone out (the per-address
/// rate limit allows 30 password grants per 5 minutes), low enough to stop guessing spread over
/// many addresses.
pub const ACCOUNT_LOCKOUT_FACTOR: i64 = 10;

/// The time source; tests move it.
pub type Clock = Arc<dyn Fn() -> DateTime<Utc> + Send + Sync>;

/// Where a request comes from (the server works out the real client address).
#[derive(Debug, Clone, Default)]
pub struct ClientInfo {
    pub ip: Option<IpAddr>,
    pub user_agent: Option<String>,
}

/// A signed-in session as `/token` returns it. Its `Debug` leaves the tokens out.
#[derive(Clone)]
pub struct Session {
    pub access_token: String,
    pub expires_in: i64,
    pub expires_at: i64,
    pub refresh_token: String,
    pub user: User,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("access_token", &"[redacted]")
            .field("expires_at", &self.expires_at)
            .field("refresh_token", &"[redacted]")
            .field("user", &self.user.id)
            .finish()
    }
}

impl Session {
    pub fn to_json(&self) -> Value {
        json!({
            "access_token": self.access_token,
            "token_type": "bearer",
            "expires_in": self.expires_in,
            "expires_at": self.expires_at,
            "refresh_token": self.refresh_token,
            "user": self.user.to_json(),
        })
    }
}

/// Changes to one's own account (`PUT /user`).
#[derive(Clone, Default)]
pub struct UserUpdate {
    pub password: Option<String>,
    pub current_password: Option<String>,
    pub full_name: Option<String>,
}

/// The Security settings the auth API obeys (read from system_settings on each use, so a
/// change in the back office applies at once on every instance).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Security {
    pub session_timeout_minutes: i64,
    pub min_password_length: usize,
    pub max_login_attempts: i64,
    pub lockout_duration_minutes: i64,
    pub audit_logging: bool,
}

impl Default for Security {
    fn default() -> Self {
        Security {
            session_timeout_minutes: 60,
            min_password_length: crate::MIN_PASSWORD_LEN,
            max_login_attempts: 5,
            lockout_duration_minutes: 15,
            audit_logging: true,
        }
    }
}

impl Security {
    pub(crate) async fn load(client: &impl GenericClient) -> Result<Security, AuthError> {
        let rows = client
            .query(
                "SELECT key, value FROM public.system_settings WHERE key IN \
                 ('session_timeout_minutes', 'min_password_length', 'max_login_attempts', \
                  'lockout_duration_minutes', 'audit_logging')",
                &[],
            )
            .await?;
        let mut s = Security::default();
        for row in rows {
            let key: &str = row.get(0);
            let value: Value = row.get(1);
            let int = |lo: i64, hi: i64| {
                value
                    .as_i64()
                    .or_else(|| value.as_str().and_then(|v| v.trim().parse().ok()))
                    .map(|n| n.clamp(lo, hi))
            };
            match key {
                "session_timeout_minutes" => {
                    s.session_timeout_minutes = int(5, 7 * 24 * 60).unwrap_or(60);
                }
                // Never below the product's floor of 6.
                "min_password_length" => {
                    s.min_password_length = int(6, 128).unwrap_or(6) as usize;
                }
                "max_login_attempts" => s.max_login_attempts = int(1, 100).unwrap_or(5),
                "lockout_duration_minutes" => {
                    s.lockout_duration_minutes = int(1, 24 * 60).unwrap_or(15);
                }
                "audit_logging" => s.audit_logging = value != Value::Bool(false),
                _ => {}
            }
        }
        Ok(s)
    }
}

/// Construction options of [`Auth`].
pub struct AuthOptions {
    /// The `iss` claim (the public address of `/auth/v1`, or "kanisa").
    pub issuer: String,
    /// The JWT secret: refresh-token children are derived with a key made from it.
    pub secret: String,
    pub clock: Clock,
    /// Password grants per client address: burst and refill period (a burst of 0: no limit).
    pub sign_in_limit: (u32, Duration),
    /// Refresh grants per client address.
    pub refresh_limit: (u32, Duration),
    /// Phone sign-in code checks (`/verify`) per client address, besides each code's own tries
    /// (a burst of 0: no limit).
    pub verify_limit: (u32, Duration),
    /// Code requests (`/otp`) per client address before the database is asked at all (the
    /// settings' hourly and daily limits per address are counted there, across instances).
    pub otp_limit: (u32, Duration),
}

impl AuthOptions {
    pub fn new(secret: &str) -> Self {
        AuthOptions {
            issuer: "kanisa".to_owned(),
            secret: secret.to_owned(),
            clock: Arc::new(Utc::now),
            sign_in_limit: (30, Duration::from_secs(5 * 60)),
            refresh_limit: (150, Duration::from_secs(5 * 60)),
            verify_limit: (30, Duration::from_secs(5 * 60)),
            otp_limit: (30, Duration::from_secs(5 * 60)),
        }
    }
}

/// The auth service: owner connections to the `auth` schema, the signing keys, the limits.
pub struct Auth {
    pub(crate) pool: Pool,
    pub(crate) keys: Arc<JwtKeys>,
    refresh_key: Vec<u8>,
    pub(crate) clock: Clock,
    issuer: String,
    sign_in_limiter: Option<RateLimiter>,
    refresh_limiter: RateLimiter,
    pub(crate) verify_limiter: Option<RateLimiter>,
    pub(crate) otp_limiter: Option<RateLimiter>,
    /// The key phone sign-in codes are derived and hashed with (`phone.rs`), made from the secret.
    pub(crate) code_key: Vec<u8>,
    /// argon2 workers with their memory allocated once (see `hasher.rs`).
    hasher: crate::Hasher,
    /// Verified against when the e-mail is unknown, so both failures cost the same.
    dummy_hash: String,
}

impl Auth {
    /// `pool` must connect as the database owner (the `auth` schema is not the API's).
    pub fn new(pool: Pool, keys: Arc<JwtKeys>, options: AuthOptions) -> Result<Auth, AuthError> {
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(options.secret.as_bytes())
            .map_err(|_| AuthError::Hash)?;
        mac.update(b"kanisa refresh tokens");
        let refresh_key = mac.finalize().into_bytes().to_vec();
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(options.secret.as_bytes())
            .map_err(|_| AuthError::Hash)?;
        mac.update(b"kanisa phone sign-in codes");
        Ok(Auth {
            pool,
            keys,
            refresh_key,
            code_key: mac.finalize().into_bytes().to_vec(),
            verify_limiter: RateLimiter::optional(options.verify_limit.0, options.verify_limit.1),
            otp_limiter: RateLimiter::optional(options.otp_limit.0, options.otp_limit.1),
            clock: options.clock,
            issuer: options.issuer,
            sign_in_limiter: RateLimiter::optional(
                options.sign_in_limit.0,
                options.sign_in_limit.1,
            ),
            refresh_limiter: RateLimiter::new(options.refresh_limit.0, options.refresh_limit.1),
            hasher: crate::Hasher::new(),
            dummy_hash: hash_password(&crate::generate_password())?,
        })
    }

    pub(crate) fn now(&self) -> DateTime<Utc> {
        (self.clock)()
    }

    /// `POST /token?grant_type=password`.
    pub async fn sign_in(
        &self,
        email: &str,
        password: &str,
        client: &ClientInfo,
    ) -> Result<Session, AuthError> {
        crate::limit::admit(self.sign_in_limiter.as_ref(), client.ip)
            .map_err(AuthError::RateLimited)?;
        let email = email.trim().to_lowercase();
        if email.is_empty() || password.is_empty() {
            return Err(AuthError::Validation(
                "Email and password are required".to_owned(),
            ));
        }
        let now = self.now();
        let mut db = self.pool.get().await?;
        let security = Security::load(&**db).await?;
        self.check_lockout(&**db, &email, client.ip, now).await?;
        let found = db
            .query_opt(
                "SELECT u.id, u.encrypted_password, coalesce(p.is_active, false) \
                 FROM auth.users u LEFT JOIN public.users p ON p.id = u.id WHERE u.email = $1",
                &[&email],
            )
            .await?;
        let (id, hash, active) = match &found {
            Some(row) => (
                Some(row.get::<_, Uuid>(0)),
                row.get::<_, String>(1),
                row.get::<_, bool>(2),
            ),
            None => (None, self.dummy_hash.clone(), false),
        };
        let matches = self.verify(password, hash).await? && id.is_some();
        db.execute(
            "INSERT INTO auth.sign_in_attempts (email, succeeded, ip_address, attempted_at) \
             VALUES ($1, $2, $3, $4)",
            &[&email, &matches, &client.ip, &now],
        )
        .await?;
        let Some(id) = id.filter(|_| matches) else {
            self.lock_if_too_many(&**db, &email, client.ip, now, &security)
                .await?;
            tracing::info!(ip = ?client.ip, "sign-in refused: invalid credentials");
            return Err(AuthError::InvalidCredentials);
        };
        if !active {
            tracing::info!(%id, "sign-in refused: account deactivated");
            return Err(AuthError::Deactivated);
        }
        db.execute(
            "DELETE FROM auth.sign_in_attempts WHERE email = $1 AND attempted_at < $2",
            &[&email, &(now - chrono::Duration::days(1))],
        )
        .await?;
        let tx = db.transaction().await?;
        tx.execute(
            "UPDATE auth.users SET last_sign_in_at = $2 WHERE id = $1",
            &[&id, &now],
        )
        .await?;
        tx.execute(
            "UPDATE public.users SET last_sign_in_at = $2 WHERE id = $1",
            &[&id, &now],
        )
        .await?;
        let (user, session_id, refresh_token) = self
            .open_session(
                &*tx,
                id,
                now,
                client,
                &security,
                ("admin_login", "password"),
            )
            .await?;
        tx.commit().await?;
        tracing::info!(%id, %session_id, "signed in");
        self.session(user, session_id, now, now, refresh_token, &security)
    }

    /// A new session of `user_id` and its first refresh token, in the caller's transaction,
    /// logged as `action` with its `method` when the Security settings keep the activity log;
    /// with the account as it is now.
    pub(crate) async fn open_session(
        &self,
        tx: &impl GenericClient,
        user_id: Uuid,
        now: DateTime<Utc>,
        client: &ClientInfo,
        security: &Security,
        (action, method): (&str, &str),
    ) -> Result<(User, Uuid, String), AuthError> {
        let session_id: Uuid = tx
            .query_one(
                "INSERT INTO auth.sessions (user_id, created_at, refreshed_at, ip_address, user_agent) \
                 VALUES ($1, $2, $2, $3, $4) RETURNING id",
                &[&user_id, &now, &client.ip, &client.user_agent],
            )
            .await?
            .get(0);
        let refresh_token = random_token();
        tx.execute(
            "INSERT INTO auth.refresh_tokens (token_hash, session_id, created_at) VALUES ($1, $2, $3)",
            &[&digest(&refresh_token), &session_id, &now],
        )
        .await?;
        if security.audit_logging {
            log_activity(
                tx,
                Some(user_id),
                action,
                json!({ "method": method }),
                client,
            )
            .await?;
        }
        let user = User::load(tx, user_id)
            .await?
            .ok_or(AuthError::UserNotFound)?;
        Ok((user, session_id, refresh_token))
    }

    /// Refuses while the account is locked everywhere, or for this client address.
    async fn check_lockout(
        &self,
        db: &impl GenericClient,
        email: &str,
        ip: Option<IpAddr>,
        now: DateTime<Utc>,
    ) -> Result<(), AuthError> {
        let until: Option<DateTime<Utc>> = db
            .query_one(
                "SELECT greatest( \
                   (SELECT locked_until FROM auth.lockouts \
                     WHERE email = $1 AND locked_until > $3), \
                   (SELECT locked_until FROM auth.address_lockouts \
                     WHERE email = $1 AND ip_address = $2 AND locked_until > $3))",
                &[&email, &ip, &now],
            )
            .await?
            .get(0);
        let Some(until) = until else {
            return Ok(());
        };
        let secs = ((until - now).num_milliseconds() + 999)
            .div_euclid(1000)
            .max(1);
        tracing::info!(?ip, "sign-in refused: locked out");
        Err(AuthError::LockedOut {
            minutes: (secs + 59) / 60,
            until: nairobi_clock(until),
            retry_after_secs: secs,
        })
    }

    /// After a failure, counting failures within `lockout_duration_minutes` that came after the
    /// last account-wide lock (or its lifting):
    /// - from this address, since its last success and its last lock: `max_login_attempts`
    ///   lock the e-mail for this address;
    /// - from every address, since the last success: [`ACCOUNT_LOCKOUT_FACTOR`] times that lock
    ///   the e-mail everywhere.
    ///
    /// Either lock lasts `lockout_duration_minutes`. A caller without an address (in-process
    /// use) counts towards the account-wide threshold only.
    async fn lock_if_too_many(
        &self,
        db: &impl GenericClient,
        email: &str,
        ip: Option<IpAddr>,
        now: DateTime<Utc>,
        security: &Security,
    ) -> Result<(), AuthError> {
        let duration = chrono::Duration::minutes(security.lockout_duration_minutes);
        let row = db
            .query_one(
                "WITH failed AS ( \
                   SELECT a.ip_address, a.attempted_at FROM auth.sign_in_attempts a \
                    WHERE a.email = $1 AND NOT a.succeeded \
                      AND a.attempted_at > $3 AND a.attempted_at <= $4 \
                      AND a.attempted_at >= coalesce((SELECT l.locked_until FROM auth.lockouts l \
                           WHERE l.email = $1), '-infinity')) \
                 SELECT \
                   (SELECT count(*) FROM failed f WHERE f.ip_address = $2 \
                      AND f.attempted_at > coalesce((SELECT max(s.attempted_at) \
                           FROM auth.sign_in_attempts s WHERE s.email = $1 AND s.succeeded \
                            AND s.ip_address = $2 AND s.attempted_at <= $4), '-infinity') \
                      AND f.attempted_at >= coalesce((SELECT l.locked_until \
                           FROM auth.address_lockouts l \
                           WHERE l.email = $1 AND l.ip_address = $2), '-infinity')), \
                   (SELECT count(*) FROM failed f \
                     WHERE f.attempted_at > coalesce((SELECT max(s.attempted_at) \
                           FROM auth.sign_in_attempts s WHERE s.email = $1 AND s.succeeded \
                            AND s.attempted_at <= $4), '-infinity'))",
                &[&email, &ip, &(now - duration), &now],
            )
            .await?;
        let (from_address, from_all): (i64, i64) = (row.get(0), row.get(1));
        if let Some(ip) = ip
            && from_address >= security.max_login_attempts
        {
            db.execute(
                "INSERT INTO auth.address_lockouts (email, ip_address, locked_until) \
                 VALUES ($1, $2, $3) ON CONFLICT (email, ip_address) \
                 DO UPDATE SET locked_until = EXCLUDED.locked_until",
                &[&email, &ip, &(now + duration)],
            )
            .await?;
            tracing::info!(
                from_address,
                %ip,
                "e-mail locked for one address after repeated failed sign-ins"
            );
        }
        if from_all >= security.max_login_attempts * ACCOUNT_LOCKOUT_FACTOR {
            db.execute(
                "INSERT INTO auth.lockouts (email, locked_until) VALUES ($1, $2) \
                 ON CONFLICT (email) DO UPDATE SET locked_until = EXCLUDED.locked_until",
                &[&email, &(now + duration)],
            )
            .await?;
            tracing::warn!(
                from_all,
                "e-mail locked for every address after repeated failed sign-ins"
            );
        }
        Ok(())
    }

    /// `POST /token?grant_type=refresh_token`.
    pub async fn refresh(&self, token: &str, client: &ClientInfo) -> Result<Session, AuthError> {
        if let Some(ip) = client.ip {
            self.refresh_limiter
                .check(ip, Instant::now())
                .map_err(AuthError::RateLimited)?;
        }
        let token = token.trim();
        if token.is_empty() || token.len() > 256 {
            return Err(AuthError::RefreshTokenNotFound);
        }
        let now = self.now();
        let mut db = self.pool.get().await?;
        let security = Security::load(&**db).await?;
        let tx = db.transaction().await?;
        let Some(row) = tx
            .query_opt(
                "SELECT t.id, t.revoked_at, t.session_id, s.user_id, s.created_at, s.refreshed_at \
                 FROM auth.refresh_tokens t JOIN auth.sessions s ON s.id = t.session_id \
                 WHERE t.token_hash = $1 FOR UPDATE OF t, s",
                &[&digest(token)],
            )
            .await?
        else {
            return Err(AuthError::RefreshTokenNotFound);
        };
        let token_id: i64 = row.get(0);
        let revoked_at: Option<DateTime<Utc>> = row.get(1);
        let session_id: Uuid = row.get(2);
        let user_id: Uuid = row.get(3);
        let signed_in_at: DateTime<Utc> = row.get(4);
        let refreshed_at: DateTime<Utc> = row.get(5);
        let active: bool = tx
            .query_one(
                "SELECT coalesce((SELECT is_active FROM public.users WHERE id = $1), false)",
                &[&user_id],
            )
            .await?
            .get(0);
        if !active {
            end_session(tx, session_id, user_id, "account deactivated").await?;
            return Err(AuthError::Deactivated);
        }
        let idle_limit = chrono::Duration::minutes(security.session_timeout_minutes);
        let next = match revoked_at {
            None => {
                if now - refreshed_at > idle_limit + chrono::Duration::seconds(60) {
                    end_session(tx, session_id, user_id, "idle timeout").await?;
                    return Err(AuthError::SessionExpired);
                }
                let child = self.child_token(token);
                tx.execute(
                    "UPDATE auth.refresh_tokens SET revoked_at = $2 WHERE id = $1",
                    &[&token_id, &now],
                )
                .await?;
                tx.execute(
                    "INSERT INTO auth.refresh_tokens (token_hash, session_id, parent_id, created_at) \
                     VALUES ($1, $2, $3, $4)",
                    &[&digest(&child), &session_id, &token_id, &now],
                )
                .await?;
                tx.execute(
                    "UPDATE auth.sessions SET refreshed_at = $2 WHERE id = $1",
                    &[&session_id, &now],
                )
                .await?;
                child
            }
            Some(revoked) => {
                // Reuse. Allowed only for the parent of the active token, shortly after it
                // was rotated; anything else means the token leaked: end the family.
                let child = self.child_token(token);
                let child_active = tx
                    .query_opt(
                        "SELECT 1 FROM auth.refresh_tokens WHERE parent_id = $1 \
                         AND token_hash = $2 AND revoked_at IS NULL",
                        &[&token_id, &digest(&child)],
                    )
                    .await?
                    .is_some();
                if !(child_active && (now - revoked).num_seconds() <= REUSE_GRACE_SECS) {
                    end_session(tx, session_id, user_id, "refresh token reused").await?;
                    return Err(AuthError::RefreshTokenReused);
                }
                child
            }
        };
        let user = User::load(&*tx, user_id)
            .await?
            .ok_or(AuthError::UserNotFound)?;
        tx.commit().await?;
        self.session(user, session_id, signed_in_at, now, next, &security)
    }

    /// `POST /logout?scope=local|others|global` (GoTrue's default is global).
    pub async fn logout(
        &self,
        identity: &Identity,
        scope: &str,
        client: &ClientInfo,
    ) -> Result<(), AuthError> {
        let (id, session_id) = signed_in(identity)?;
        let db = self.pool.get().await?;
        let security = Security::load(&**db).await?;
        let ended = match (scope, session_id.as_ref()) {
            ("local", Some(sid)) => {
                db.execute(
                    "DELETE FROM auth.sessions WHERE id = $1 AND user_id = $2",
                    &[sid, &id],
                )
                .await?
            }
            ("others", Some(sid)) => {
                db.execute(
                    "DELETE FROM auth.sessions WHERE user_id = $1 AND id <> $2",
                    &[&id, sid],
                )
                .await?
            }
            ("global" | "local" | "others", _) => {
                db.execute("DELETE FROM auth.sessions WHERE user_id = $1", &[&id])
                    .await?
            }
            (other, _) => {
                return Err(AuthError::Validation(format!(
                    "unknown scope {other:?}; expected global, local or others"
                )));
            }
        };
        if security.audit_logging && scope != "others" {
            log_activity(
                &**db,
                Some(id),
                "admin_logout",
                json!({ "scope": scope, "sessions_ended": ended }),
                client,
            )
            .await?;
        }
        tracing::info!(%id, scope, ended, "signed out");
        Ok(())
    }

    /// `GET /user`: the caller's account; the session named in the token must still exist and
    /// the account must be active.
    pub async fn user(&self, identity: &Identity) -> Result<User, AuthError> {
        let (id, session_id) = signed_in(identity)?;
        let db = self.pool.get().await?;
        if let Some(sid) = session_id {
            let exists = db
                .query_opt("SELECT 1 FROM auth.sessions WHERE id = $1", &[&sid])
                .await?
                .is_some();
            if !exists {
                return Err(AuthError::SessionNotFound);
            }
        }
        let user = User::load(&**db, id)
            .await?
            .ok_or(AuthError::UserNotFound)?;
        if !user.is_active {
            return Err(AuthError::Deactivated);
        }
        Ok(user)
    }

    /// `PUT /user`: a new password (the current one required, the minimum length from the
    /// Security settings; other sessions end) and/or the display name.
    pub async fn update_user(
        &self,
        identity: &Identity,
        update: &UserUpdate,
        client: &ClientInfo,
    ) -> Result<User, AuthError> {
        let user = self.user(identity).await?;
        let session_id = identity.session_id();
        let mut db = self.pool.get().await?;
        let security = Security::load(&**db).await?;
        let new_hash = match &update.password {
            None => None,
            Some(password) => {
                check_password(password, security.min_password_length)?;
                let current = update
                    .current_password
                    .as_deref()
                    .filter(|p| !p.is_empty())
                    .ok_or(AuthError::CurrentPasswordRequired)?;
                let stored: Option<String> = db
                    .query_one(
                        "SELECT encrypted_password FROM auth.users WHERE id = $1",
                        &[&user.id],
                    )
                    .await?
                    .get(0);
                let stored = stored.ok_or_else(|| {
                    AuthError::Validation(
                        "This account signs in with a code sent to its phone; it has no password."
                            .to_owned(),
                    )
                })?;
                if !self.verify(current, stored.clone()).await? {
                    return Err(AuthError::CurrentPasswordMismatch);
                }
                if self.verify(password, stored).await? {
                    return Err(AuthError::SamePassword);
                }
                Some(self.hash(password).await?)
            }
        };
        let full_name = match &update.full_name {
            Some(name) if name.trim().is_empty() => return Err(AuthError::MissingName),
            Some(name) => Some(name.trim().to_owned()),
            None => None,
        };
        let tx = db.transaction().await?;
        if let Some(hash) = &new_hash {
            tx.execute(
                "UPDATE auth.users SET encrypted_password = $2 WHERE id = $1",
                &[&user.id, hash],
            )
            .await?;
            tx.execute(
                "DELETE FROM auth.sessions WHERE user_id = $1 AND id IS DISTINCT FROM $2",
                &[&user.id, &session_id],
            )
            .await?;
            if security.audit_logging {
                log_activity(&*tx, Some(user.id), "password_changed", json!({}), client).await?;
            }
        }
        if let Some(name) = &full_name {
            tx.execute(
                "UPDATE public.users SET full_name = $2 WHERE id = $1",
                &[&user.id, name],
            )
            .await?;
        }
        let user = User::load(&*tx, user.id)
            .await?
            .ok_or(AuthError::UserNotFound)?;
        tx.commit().await?;
        Ok(user)
    }

    pub(crate) fn session(
        &self,
        user: User,
        session_id: Uuid,
        signed_in_at: DateTime<Utc>,
        now: DateTime<Utc>,
        refresh_token: String,
        security: &Security,
    ) -> Result<Session, AuthError> {
        let expires_in = security.session_timeout_minutes * 60;
        let iat = now.timestamp();
        let claims = json!({
            "iss": self.issuer,
            "sub": user.id,
            "aud": "authenticated",
            "exp": iat + expires_in,
            "iat": iat,
            "email": user.email,
            "phone": user.phone,
            "app_metadata": user.app_metadata,
            "user_metadata": user.user_metadata(),
            "role": "authenticated",
            "aal": "aal1",
            "amr": [{ "method": user.sign_in_method(), "timestamp": signed_in_at.timestamp() }],
            "session_id": session_id,
            "is_anonymous": false,
        });
        let access_token = self.keys.sign(&claims).map_err(AuthError::BadJwt)?;
        Ok(Session {
            access_token,
            expires_in,
            expires_at: iat + expires_in,
            refresh_token,
            user,
        })
    }

    /// The child of a refresh token: HMAC(key, parent), so it can be recomputed from the
    /// parent but from nothing stored.
    fn child_token(&self, parent: &str) -> String {
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(&self.refresh_key)
            .expect("HMAC takes keys of any length");
        mac.update(parent.as_bytes());
        URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes())
    }

    pub(crate) async fn verify(&self, password: &str, hash: String) -> Result<bool, AuthError> {
        self.hasher.verify(password, hash).await
    }

    pub(crate) async fn hash(&self, password: &str) -> Result<String, AuthError> {
        self.hasher.hash(password).await
    }
}

/// Deletes a session (and with it its whole token family) and commits.
async fn end_session(
    tx: kanisa_pg::deadpool_postgres::Transaction<'_>,
    session_id: Uuid,
    user_id: Uuid,
    reason: &'static str,
) -> Result<(), AuthError> {
    tx.execute("DELETE FROM auth.sessions WHERE id = $1", &[&session_id])
        .await?;
    tx.commit().await?;
    tracing::info!(%user_id, %session_id, reason, "session ended");
    Ok(())
}

/// Ends the locks of `email` (account-wide and per address) and restarts every failure count:
/// the account-wide row is set to end `now`, which the counts start from. True when a lock
/// was in force.
pub(crate) async fn lift_locks(
    db: &impl GenericClient,
    email: &str,
    now: DateTime<Utc>,
) -> Result<bool, AuthError> {
    let was_locked: bool = db
        .query_one(
            "SELECT EXISTS (SELECT 1 FROM auth.lockouts WHERE email = $1 AND locked_until > $2) \
                 OR EXISTS (SELECT 1 FROM auth.address_lockouts \
                             WHERE email = $1 AND locked_until > $2)",
            &[&email, &now],
        )
        .await?
        .get(0);
    db.execute(
        "INSERT INTO auth.lockouts (email, locked_until) VALUES ($1, $2) \
         ON CONFLICT (email) DO UPDATE SET locked_until = EXCLUDED.locked_until",
        &[&email, &now],
    )
    .await?;
    db.execute(
        "DELETE FROM auth.address_lockouts WHERE email = $1",
        &[&email],
    )
    .await?;
    Ok(was_locked)
}

/// Length rules for a new password.
pub(crate) fn check_password(password: &str, min: usize) -> Result<(), AuthError> {
    let len = password.chars().count();
    if len < min {
        return Err(AuthError::PasswordTooShort(min));
    }
    if len > 128 {
        return Err(AuthError::PasswordTooLong);
    }
    Ok(())
}

/// Writes one activity-log entry with the real client address and user agent.
pub(crate) async fn log_activity(
    db: &impl GenericClient,
    admin_id: Option<Uuid>,
    action: &str,
    details: Value,
    client: &ClientInfo,
) -> Result<(), AuthError> {
    let agent = client
        .user_agent
        .as_deref()
        .map(|a| a.chars().take(512).collect::<String>());
    db.execute(
        "INSERT INTO public.admin_activity_logs (admin_id, action, details, ip_address, user_agent) \
         VALUES ($1, $2, $3, $4, $5)",
        &[&admin_id, &action, &details, &client.ip, &agent],
    )
    .await?;
    Ok(())
}

fn random_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

fn digest(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

/// Leaves passwords out.
impl std::fmt::Debug for UserUpdate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UserUpdate")
            .field("full_name", &self.full_name)
            .finish_non_exhaustive()
    }
}

/// The signed-in user an endpoint acts for, and the session of their token: anon and the
/// service key are nobody here (`no_authorization`).
fn signed_in(identity: &Identity) -> Result<(Uuid, Option<Uuid>), AuthError> {
    let id = identity.user_id().ok_or(AuthError::NoAuthorization)?;
    Ok((id, identity.session_id()))
}

/// A moment as the church reads its clocks: `HH:MM` in Africa/Nairobi (UTC+3 all year, no
/// daylight saving), the time staff are told to come back at after a lockout.
fn nairobi_clock(at: DateTime<Utc>) -> String {
    let eat = chrono::FixedOffset::east_opt(3 * 3600).expect("a valid offset");
    at.with_timezone(&eat).format("%H:%M").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lockout_ends_on_the_churchs_clock() {
        let at = |s: &str| s.parse::<DateTime<Utc>>().unwrap();
        assert_eq!(nairobi_clock(at("2024-03-05T21:30:00Z")), "00:30");
        assert_eq!(nairobi_clock(at("2024-07-01T06:05:59Z")), "09:05");
        let e = AuthError::LockedOut {
            minutes: 15,
            until: nairobi_clock(at("2024-03-05T21:30:00Z")),
            retry_after_secs: 900,
        };
        assert_eq!(
            e.to_string(),
            "Too many failed sign-in attempts. Try again in 15 minutes (after 00:30 Nairobi time)."
        );
    }

    #[test]
    fn passwords_obey_the_length_rules() {
        assert!(check_password("abcdef", 6).is_ok());
        assert_eq!(
            check_password("abcde", 6).unwrap_err().to_string(),
            "Password must be at least 6 characters long."
        );
        assert!(
            check_password("ñññññññ", 8).is_err(),
            "characters, not bytes"
        );
        assert!(check_password(&"x".repeat(129), 6).is_err());
    }

    #[test]
    fn only_a_signed_in_user_is_someone_to_the_account_endpoints() {
        let id = Uuid::new_v4();
        let sid = Uuid::new_v4();
        let user = Identity::from_trusted_claims(
            &json!({"role": "authenticated", "sub": id.to_string(), "session_id": sid.to_string()}),
        )
        .unwrap();
        assert_eq!(signed_in(&user).unwrap(), (id, Some(sid)));
        for nobody in [
            Identity::anon(),
            Identity::from_trusted_claims(&json!({"role": "service_role"})).unwrap(),
            Identity::from_trusted_claims(&json!({"role": "authenticated", "sub": "x"})).unwrap(),
        ] {
            assert!(matches!(
                signed_in(&nobody),
                Err(AuthError::NoAuthorization)
            ));
        }
    }

    #[test]
    fn tokens_are_random_and_digests_fixed_length() {
        let a = random_token();
        assert_eq!(a.len(), 43);
        assert_ne!(a, random_token());
        assert_eq!(digest(&a).len(), 32);
    }
}
