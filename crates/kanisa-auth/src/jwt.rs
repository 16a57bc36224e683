//! JSON Web Tokens (HS256) as PostgREST and GoTrue use them: the `role` claim names the
//! database role a request runs as; the whole payload is handed to SQL as
//! `request.jwt.claims`. A token verifies into the one [`Identity`] of a request; a refused one
//! is a [`JwtError`], whose message every API family's 401 carries.
//!
//! Verified tokens are remembered ([`JwtKeys::verify`]): the anon and service API keys are
//! long-lived tokens sent with every request, and checking one's HMAC, decoding it and reading
//! its JSON cost more than the rest of a cached answer. A token byte-for-byte equal to one this
//! verifier (this secret) accepted before gets the same identity back without a second
//! signature check; its `exp` and `nbf` are checked against the clock again on every use, so a
//! remembered token still expires. Only accepted tokens are kept, at most
//! [`VERIFIED_SLOTS`], one per slot picked by a keyed hash (a newcomer replaces the slot's
//! last), and the whole token is compared in constant time.

use std::hash::{BuildHasher, RandomState};
use std::sync::Mutex;
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

/// How many verified tokens a [`JwtKeys`] remembers at most.
pub const VERIFIED_SLOTS: usize = 1024;

/// Signing and verification keys from the server's secret, with the tokens they verified.
pub struct JwtKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    verified: Verified,
}

/// Tokens this verifier accepted: slot `hash(token) % VERIFIED_SLOTS` holds the last one that
/// fell there. The hash is keyed at random per verifier, so nobody can choose tokens that
/// push a given one out, and it only picks the slot: a hit needs the whole token equal.
struct Verified {
    hasher: RandomState,
    slots: Mutex<Vec<Option<Remembered>>>,
}

struct Remembered {
    token: Box<[u8]>,
    identity: Identity,
    exp: u64,
    nbf: Option<u64>,
}

impl Verified {
    fn new() -> Self {
        Self {
            hasher: RandomState::new(),
            slots: Mutex::new((0..VERIFIED_SLOTS).map(|_| None).collect()),
        }
    }

    fn slot(&self, token: &str) -> usize {
        (self.hasher.hash_one(token.as_bytes()) % VERIFIED_SLOTS as u64) as usize
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Option<Remembered>>> {
        self.slots.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The identity of `token` if it was accepted before, with its times checked again now;
    /// `None` when it was not (or its slot now holds another).
    fn recall(&self, token: &str) -> Option<Result<Identity, JwtError>> {
        use subtle::ConstantTimeEq;
        let slot = self.slot(token);
        let slots = self.lock();
        let known = slots[slot].as_ref()?;
        if !bool::from(known.token.as_ref().ct_eq(token.as_bytes())) {
            return None;
        }
        Some(
            check_times(known.exp, known.nbf, now().max(0) as u64).map(|()| known.identity.clone()),
        )
    }

    /// Remembers an accepted `token` whose payload is `claims`: only when its times are plain
    /// numbers (so a later use can check them the way verification did).
    fn remember(&self, token: &str, claims: &Value, identity: &Identity) {
        let Some(exp) = claims.get("exp").and_then(Value::as_u64) else {
            return;
        };
        let nbf = match claims.get("nbf") {
            None => None,
            Some(nbf) => match nbf.as_u64() {
                Some(nbf) => Some(nbf),
                None => return,
            },
        };
        let slot = self.slot(token);
        self.lock()[slot] = Some(Remembered {
            token: token.as_bytes().into(),
            identity: identity.clone(),
            exp,
            nbf,
        });
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.lock().iter().filter(|s| s.is_some()).count()
    }
}

/// `exp` and `nbf` against `now`, as verification checks them ([`LEEWAY_SECS`] on both).
fn check_times(exp: u64, nbf: Option<u64>, now: u64) -> Result<(), JwtError> {
    if exp < now.saturating_sub(LEEWAY_SECS) {
        return Err(JwtError::Expired);
    }
    if nbf.is_some_and(|nbf| nbf > now.saturating_add(LEEWAY_SECS)) {
        return Err(JwtError::NotYetValid);
    }
    Ok(())
}

impl JwtKeys {
    pub fn new(secret: &str) -> Self {
        Self {
            encoding: EncodingKey::from_secret(secret.as_bytes()),
            decoding: DecodingKey::from_secret(secret.as_bytes()),
            verified: Verified::new(),
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
    /// [`JwtKeys::identify`]). A token equal to one accepted before is not checked again but
    /// for its times (see the module doc).
    pub fn verify(&self, token: &str) -> Result<Identity, JwtError> {
        if let Some(known) = self.verified.recall(token) {
            return known;
        }
        let (claims, identity) = self.verify_afresh(token)?;
        self.verified.remember(token, &claims, &identity);
        Ok(identity)
    }

    /// [`JwtKeys::verify`] without the remembered tokens: the payload and its identity.
    fn verify_afresh(&self, token: &str) -> Result<(Value, Identity), JwtError> {
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
        let identity = Identity::from_trusted_claims(&data.claims)?;
        Ok((data.claims, identity))
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

    #[test]
    fn a_token_accepted_before_gets_the_same_identity_without_a_second_check() {
        let keys = JwtKeys::new(SECRET);
        let token = keys.api_key("service_role").unwrap();
        let first = keys.verify(&token).unwrap();
        assert_eq!(keys.verified.len(), 1);
        assert!(keys.verified.recall(&token).is_some(), "remembered");
        let again = keys.verify(&token).unwrap();
        assert_eq!(again, first);
        assert!(again.is_service());
        // Another verifier (another secret) knows nothing of it, and refuses it.
        let other = JwtKeys::new("another-secret-another-secret-xx");
        assert!(other.verified.recall(&token).is_none());
        assert!(matches!(other.verify(&token), Err(JwtError::Invalid(_))));
        // Refusals are not remembered.
        assert!(keys.verify("not.a.jwt").is_err());
        assert_eq!(keys.verified.len(), 1);
    }

    #[test]
    fn a_remembered_token_still_expires_and_waits_for_its_not_before() {
        let keys = JwtKeys::new(SECRET);
        let leeway = LEEWAY_SECS as i64;
        // Valid now (by a minute, so a slow machine cannot let it lapse before it is checked):
        // accepted and remembered.
        let exp = now() + 60;
        let token = keys.sign(&json!({"role": "anon", "exp": exp})).unwrap();
        assert!(keys.verify(&token).is_ok());
        assert!(keys.verified.recall(&token).is_some());
        // The same token, later: refused from memory, as a fresh check would refuse it.
        let later = (exp + leeway + 1) as u64;
        let slot = keys.verified.slot(&token);
        {
            let slots = keys.verified.lock();
            let known = slots[slot].as_ref().unwrap();
            assert_eq!(
                check_times(known.exp, known.nbf, later),
                Err(JwtError::Expired)
            );
        }
        // And through verify: a remembered token whose exp passed is refused.
        let stale = keys
            .sign(&json!({"role": "anon", "exp": now() + 3600}))
            .unwrap();
        keys.verify(&stale).unwrap();
        keys.verified.lock()[keys.verified.slot(&stale)]
            .as_mut()
            .unwrap()
            .exp = (now() - leeway - 5) as u64;
        assert_eq!(keys.verify(&stale), Err(JwtError::Expired));
        assert_eq!(keys.verify(&stale), Err(JwtError::Expired), "every time");
        // nbf the same way.
        keys.verified.lock()[keys.verified.slot(&stale)]
            .as_mut()
            .unwrap()
            .exp = (now() + 3600) as u64;
        keys.verified.lock()[keys.verified.slot(&stale)]
            .as_mut()
            .unwrap()
            .nbf = Some((now() + leeway + 60) as u64);
        assert_eq!(keys.verify(&stale), Err(JwtError::NotYetValid));
        assert_eq!(check_times(200, Some(100), 150), Ok(()));
        assert_eq!(check_times(100, None, 100 + LEEWAY_SECS), Ok(()));
        assert_eq!(
            check_times(100, None, 101 + LEEWAY_SECS),
            Err(JwtError::Expired)
        );
        assert_eq!(
            check_times(u64::MAX, Some(100 + LEEWAY_SECS + 1), 100),
            Err(JwtError::NotYetValid)
        );
    }

    #[test]
    fn a_token_differing_in_one_byte_is_checked_afresh() {
        let keys = JwtKeys::new(SECRET);
        let token = keys.api_key("anon").unwrap();
        keys.verify(&token).unwrap();
        let bytes = token.as_bytes();
        // Every position, one byte changed: never taken from memory; refused (a changed
        // signature, header or payload does not verify), never the remembered identity.
        for at in 0..bytes.len() {
            let mut changed = bytes.to_vec();
            changed[at] = if changed[at] == b'A' { b'B' } else { b'A' };
            let changed = String::from_utf8(changed).unwrap();
            assert!(keys.verified.recall(&changed).is_none(), "byte {at}");
            assert!(keys.verify(&changed).is_err(), "byte {at} accepted");
        }
        // A prefix or an extension is another token too.
        assert!(keys.verified.recall(&token[..token.len() - 1]).is_none());
        assert!(keys.verify(&token[..token.len() - 1]).is_err());
        let longer = format!("{token}A");
        assert!(keys.verified.recall(&longer).is_none());
        assert!(keys.verify(&longer).is_err());
        // The same payload signed with another secret is refused, though it reads the same.
        let parts: Vec<&str> = token.split('.').collect();
        let foreign = JwtKeys::new("another-secret-another-secret-xx");
        let resigned = format!(
            "{}.{}.{}",
            parts[0],
            parts[1],
            jsonwebtoken::crypto::sign(
                format!("{}.{}", parts[0], parts[1]).as_bytes(),
                &EncodingKey::from_secret(b"another-secret-another-secret-xx"),
                Algorithm::HS256
            )
            .unwrap()
        );
        assert!(foreign.verify(&resigned).is_ok());
        assert!(matches!(keys.verify(&resigned), Err(JwtError::Invalid(_))));
        // The original is still remembered and good.
        assert!(keys.verify(&token).unwrap().is_anon());
    }

    #[test]
    fn the_memory_is_bounded() {
        let keys = JwtKeys::new(SECRET);
        for i in 0..(VERIFIED_SLOTS * 3) {
            let token = keys
                .sign(&json!({"role": "anon", "exp": now() + 3600, "n": i}))
                .unwrap();
            keys.verify(&token).unwrap();
        }
        let held = keys.verified.len();
        assert!(held <= VERIFIED_SLOTS, "{held}");
        assert!(held > VERIFIED_SLOTS / 2, "{held}: most slots in use");
        assert_eq!(keys.verified.lock().len(), VERIFIED_SLOTS);
    }
}
