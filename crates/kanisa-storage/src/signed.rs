//! Signed links, as Supabase Storage makes them: a JWT (HS256, the server's secret) whose
//! claims are `{url: "bucket/name", iat, exp}`. Whoever holds the link may read that one object
//! until `exp`; the policies were asked when it was made.
//!
//! Such a token carries no `role`, so presented as an API bearer token it is at most `anon`;
//! an API token has no `url`, so it is never a link.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

use crate::error::StorageError;

/// Seconds since the epoch, from the system clock or (in tests) a hand-set one.
#[derive(Clone, Default)]
pub struct Clock(Option<Arc<AtomicI64>>);

impl Clock {
    /// The system clock.
    pub fn system() -> Clock {
        Clock(None)
    }

    /// A clock that stands at `now` until moved with [`Clock::advance`].
    pub fn manual(now: i64) -> Clock {
        Clock(Some(Arc::new(AtomicI64::new(now))))
    }

    pub fn advance(&self, secs: i64) {
        if let Some(t) = &self.0 {
            t.fetch_add(secs, Ordering::SeqCst);
        }
    }

    pub fn now(&self) -> i64 {
        match &self.0 {
            Some(t) => t.load(Ordering::SeqCst),
            None => chrono::Utc::now().timestamp(),
        }
    }

    pub fn now_ms(&self) -> i64 {
        match &self.0 {
            Some(t) => t.load(Ordering::SeqCst) * 1000,
            None => chrono::Utc::now().timestamp_millis(),
        }
    }
}

impl std::fmt::Debug for Clock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            Some(_) => write!(f, "Clock(manual {})", self.now()),
            None => f.write_str("Clock(system)"),
        }
    }
}

#[derive(Serialize, Deserialize)]
struct Claims {
    url: String,
    iat: i64,
    exp: i64,
}

/// Makes and checks signed links with the server's secret.
pub struct LinkSigner {
    encoding: EncodingKey,
    decoding: DecodingKey,
    clock: Clock,
}

impl LinkSigner {
    pub fn new(secret: &str, clock: Clock) -> LinkSigner {
        LinkSigner {
            encoding: EncodingKey::from_secret(secret.as_bytes()),
            decoding: DecodingKey::from_secret(secret.as_bytes()),
            clock,
        }
    }

    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// A token for `bucket/name`, valid for `expires_in` seconds from now.
    pub fn sign(&self, bucket: &str, name: &str, expires_in: i64) -> Result<String, StorageError> {
        let now = self.clock.now();
        let claims = Claims {
            url: format!("{bucket}/{name}"),
            iat: now,
            exp: now + expires_in,
        };
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .map_err(|e| StorageError::Store(format!("cannot sign a link: {e}")))
    }

    /// Checks a token for `bucket/name`: signature, object, expiry (no leeway).
    pub fn verify(&self, token: &str, bucket: &str, name: &str) -> Result<(), StorageError> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.validate_aud = false;
        // Expiry is checked below against our clock (tests move it), without leeway.
        validation.validate_exp = false;
        validation.required_spec_claims.clear();
        let data = jsonwebtoken::decode::<Claims>(token, &self.decoding, &validation)
            .map_err(|_| StorageError::InvalidSignature("The signed link is not valid".into()))?;
        if data.claims.url != format!("{bucket}/{name}") {
            return Err(StorageError::InvalidSignature(
                "The signed link is for another object".into(),
            ));
        }
        if data.claims.exp <= self.clock.now() {
            return Err(StorageError::InvalidSignature(
                "The signed link has expired".into(),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_opens_its_object_until_it_expires() {
        let clock = Clock::manual(1_700_000_000);
        let signer = LinkSigner::new("0123456789abcdef0123456789abcdef", clock.clone());
        let token = signer.sign("church-files", "reports/a.pdf", 60).unwrap();
        signer
            .verify(&token, "church-files", "reports/a.pdf")
            .unwrap();
        let other = signer
            .verify(&token, "church-files", "reports/b.pdf")
            .unwrap_err();
        assert_eq!(other.to_string(), "The signed link is for another object");
        let foreign = LinkSigner::new("another-secret-another-secret-xx", clock.clone())
            .verify(&token, "church-files", "reports/a.pdf")
            .unwrap_err();
        assert_eq!(foreign.to_string(), "The signed link is not valid");
        clock.advance(59);
        signer
            .verify(&token, "church-files", "reports/a.pdf")
            .unwrap();
        clock.advance(1);
        let expired = signer
            .verify(&token, "church-files", "reports/a.pdf")
            .unwrap_err();
        assert_eq!(expired.to_string(), "The signed link has expired");
    }
}
