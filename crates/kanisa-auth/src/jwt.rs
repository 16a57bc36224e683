//! JSON Web Tokens (HS256) as PostgREST and GoTrue use them: the `role` claim names the
//! database role a request runs as; the whole payload is handed to SQL as
//! `request.jwt.claims`. A token verifies into the one [`Identity`] of a request; a refused one
//! is a [`JwtError`], whose message every API family's 401 carries.

use std::time::{SystemTime, UNIX_EPOCH};

use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde_json::{Value, json};

use crate::Identity;

/// Roles a token may name. Anything else is refused before reaching the database.
pub const API_ROLES: &[&str] = &["anon", "authenticated", "service_role"];

/// API keys (the anon and service_role tokens the apps and servers hold) live ten years.
const API_KEY_LIFETIME_SECS: i64 = 10 * 365 * 24 * 3600;

/// Clock skew allowed on both `exp` and `nbf`, in seconds.
pub const LEEWAY_SECS: u64 = 30;

/// Why a token was refused (or could not be signed).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JwtError {
    #[error("JWT expired")]
    Expired,
    #[error("JWT is not valid yet")]
    NotYetValid,
    #[error("JWT is invalid: {0}")]
    Invalid(String),
    #[error("JWT role {0:?} is not allowed")]
    RoleNotAllowed(String),
}

/// Signing and verification keys from the server's secret.
pub struct JwtKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
}

impl JwtKeys {
    pub fn new(secret: &str) -> Self {
        Self {
            encoding: EncodingKey::from_secret(secret.as_bytes()),
            decoding: DecodingKey::from_secret(secret.as_bytes()),
        }
    }

    /// Signs `claims` (a JSON object).
    pub fn sign(&self, claims: &Value) -> Result<String, JwtError> {
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), claims, &self.encoding)
            .map_err(|e| JwtError::Invalid(e.to_string()))
    }

    /// A long-lived API key for `role` (`anon` or `service_role`).
    pub fn api_key(&self, role: &str) -> Result<String, JwtError> {
        let now = now();
        self.sign(&json!({
            "iss": "kanisa",
            "role": role,
            "iat": now,
            "exp": now + API_KEY_LIFETIME_SECS,
        }))
    }

    /// Who is asking with `token`: anon without one; else the token checked — signature
    /// (HS256 only), expiry and not-before ([`LEEWAY_SECS`] leeway on both; `nbf` is
    /// optional, `exp` required) and role. A token that does not verify is refused, never
    /// taken for anon.
    pub fn identify(&self, token: Option<&str>) -> Result<Identity, JwtError> {
        match token {
            None => Ok(Identity::anon()),
            Some(token) => self.verify(token),
        }
    }

    /// The identity `token` names, once its signature, times and role are checked (see
    /// [`JwtKeys::identify`]).
    pub fn verify(&self, token: &str) -> Result<Identity, JwtError> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.validate_aud = false;
        validation.validate_nbf = true;
        validation.leeway = LEEWAY_SECS;
        validation.set_required_spec_claims(&["exp"]);
        let data = jsonwebtoken::decode::<Value>(token, &self.decoding, &validation).map_err(
            |e| match e.kind() {
                jsonwebtoken::errors::ErrorKind::ExpiredSignature => JwtError::Expired,
                jsonwebtoken::errors::ErrorKind::ImmatureSignature => JwtError::NotYetValid,
                _ => JwtError::Invalid(e.to_string()),
            },
        )?;
        Identity::from_trusted_claims(&data.claims)
    }
}

fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "0123456789abcdef0123456789abcdef";

    #[test]
    fn api_keys_verify_with_their_role() {
        let keys = JwtKeys::new(SECRET);
        for role in ["anon", "service_role"] {
            let v = keys.verify(&keys.api_key(role).unwrap()).unwrap();
            assert_eq!(v.role(), role);
            assert!(v.claims().contains(&format!("\"role\":\"{role}\"")));
        }
    }

    #[test]
    fn no_token_is_anon_and_a_bad_one_is_refused_not_downgraded() {
        let keys = JwtKeys::new(SECRET);
        assert_eq!(keys.identify(None), Ok(Identity::anon()));
        assert!(keys.identify(Some("not.a.jwt")).is_err());
        let service = keys.identify(Some(&keys.api_key("service_role").unwrap()));
        assert!(service.unwrap().is_service());
    }

    #[test]
    fn tampered_expired_foreign_and_odd_tokens_are_refused() {
        let keys = JwtKeys::new(SECRET);
        let good = keys.api_key("anon").unwrap();
        let mut parts: Vec<&str> = good.split('.').collect();
        let forged_payload =
            jsonwebtoken::crypto::sign(b"x", &EncodingKey::from_secret(b"y"), Algorithm::HS256)
                .unwrap();
        parts[2] = &forged_payload;
        assert!(matches!(
            keys.verify(&parts.join(".")),
            Err(JwtError::Invalid(_))
        ));
        let other = JwtKeys::new("another-secret-another-secret-xx")
            .api_key("service_role")
            .unwrap();
        assert!(matches!(keys.verify(&other), Err(JwtError::Invalid(_))));
        let expired = keys
            .sign(&json!({"role": "anon", "exp": now() - 3600}))
            .unwrap();
        assert_eq!(keys.verify(&expired), Err(JwtError::Expired));
        let no_exp = keys.sign(&json!({"role": "anon"})).unwrap();
        assert!(matches!(keys.verify(&no_exp), Err(JwtError::Invalid(_))));
        let superuser = keys
            .sign(&json!({"role": "postgres", "exp": now() + 60}))
            .unwrap();
        assert_eq!(
            keys.verify(&superuser),
            Err(JwtError::RoleNotAllowed("postgres".into()))
        );
        assert!(keys.verify("not.a.jwt").is_err());
    }

    #[test]
    fn not_before_is_honoured_with_the_same_leeway_as_expiry() {
        let keys = JwtKeys::new(SECRET);
        let leeway = LEEWAY_SECS as i64;
        let token = |nbf: Value| {
            keys.sign(&json!({"role": "anon", "exp": now() + 3600, "nbf": nbf}))
                .unwrap()
        };
        // Well in the future: refused, whatever the signature says.
        assert_eq!(
            keys.verify(&token(json!(now() + 3600))),
            Err(JwtError::NotYetValid)
        );
        assert_eq!(
            keys.verify(&token(json!(now() + leeway + 5))),
            Err(JwtError::NotYetValid)
        );
        // Within the leeway (a clock a little ahead), now, and in the past: accepted.
        for nbf in [now() + leeway - 5, now(), now() - 3600] {
            assert!(keys.verify(&token(json!(nbf))).is_ok(), "nbf {nbf}");
        }
        // A malformed nbf is refused, not ignored.
        assert!(matches!(
            keys.verify(&token(json!("tomorrow"))),
            Err(JwtError::Invalid(_))
        ));
        // The expiry's leeway is the same.
        let expired = |exp: i64| keys.sign(&json!({"role": "anon", "exp": exp})).unwrap();
        assert!(keys.verify(&expired(now() - leeway + 5)).is_ok());
        assert_eq!(
            keys.verify(&expired(now() - leeway - 5)),
            Err(JwtError::Expired)
        );
    }
}
