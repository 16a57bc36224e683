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

/// The time, from the system clock or (in tests) a hand-set one, kept to the millisecond.
#[derive(Clone, Default)]
pub struct Clock(Option<Arc<AtomicI64>>);

impl Clock {
    /// The system clock.
    pub fn system() -> Clock {
        Clock(None)
    }

    /// A clock that stands at `now` (seconds since the epoch) until moved.
    pub fn manual(now: i64) -> Clock {
        Clock(Some(Arc::new(AtomicI64::new(now * 1000))))
    }

    /// Moves a hand-set clock on by `secs` seconds (the system clock moves by itself).
    pub fn advance(&self, secs: i64) {
        self.advance_ms(secs * 1000);
    }

    /// Moves a hand-set clock on by `ms` milliseconds.
    pub fn advance_ms(&self, ms: i64) {
        if let Some(t) = &self.0 {
            t.fetch_add(ms, Ordering::SeqCst);
        }
    }

    /// Whole seconds since the epoch.
    pub fn now(&self) -> i64 {
        self.now_ms().div_euclid(1000)
    }

    /// Milliseconds since the epoch.
    pub fn now_ms(&self) -> i64 {
        match &self.0 {
            Some(t) => t.load(Ordering::SeqCst),
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
    /// Only in a signed upload URL's token: whose upload it is. Never a top-level `role`, so
    /// the token is no API key; and a download link must not carry it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    upload: Option<UploadGrant>,
}

/// What a signed upload URL lets its holder do: upload one object as the caller who signed it
/// (the policies decide again, as that caller), replacing an existing one only with `upsert`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UploadGrant {
    /// The signer's role (`anon`, `authenticated`, `service_role`).
    pub role: String,
    /// The signer's verified JWT claims, as JSON text.
    pub claims: String,
    /// `x-upsert: true` when the URL was made.
    pub upsert: bool,
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
        self.encode(bucket, name, expires_in, None)
    }

    /// A signed upload URL's token for `bucket/name`, valid for `expires_in` seconds.
    pub fn sign_upload(
        &self,
        bucket: &str,
        name: &str,
        grant: UploadGrant,
        expires_in: i64,
    ) -> Result<String, StorageError> {
        self.encode(bucket, name, expires_in, Some(grant))
    }

    fn encode(
        &self,
        bucket: &str,
        name: &str,
        expires_in: i64,
        upload: Option<UploadGrant>,
    ) -> Result<String, StorageError> {
        // The claims are whole seconds: `exp` is rounded up, so a link lasts at least
        // `expires_in` seconds (at most one more), however late in its second it was made.
        let now_ms = self.clock.now_ms();
        let claims = Claims {
            url: format!("{bucket}/{name}"),
            iat: now_ms.div_euclid(1000),
            exp: (now_ms + expires_in.saturating_mul(1000)).div_euclid(1000)
                + i64::from(now_ms.rem_euclid(1000) != 0),
            upload,
        };
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .map_err(|e| StorageError::Store(format!("cannot sign a link: {e}")))
    }

    /// Checks a download link's token for `bucket/name`: signature, object, expiry (no
    /// leeway). An upload URL's token opens nothing here.
    pub fn verify(&self, token: &str, bucket: &str, name: &str) -> Result<(), StorageError> {
        match self.decode(token, bucket, name)?.upload {
            None => Ok(()),
            Some(_) => Err(StorageError::InvalidSignature(
                "The signed link is not valid".into(),
            )),
        }
    }

    /// Checks a signed upload URL's token for `bucket/name` and says whose upload it is.
    pub fn verify_upload(
        &self,
        token: &str,
        bucket: &str,
        name: &str,
    ) -> Result<UploadGrant, StorageError> {
        self.decode(token, bucket, name)?.upload.ok_or_else(|| {
            StorageError::InvalidSignature("The signed upload URL is not valid".into())
        })
    }

    fn decode(&self, token: &str, bucket: &str, name: &str) -> Result<Claims, StorageError> {
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
        if data.claims.exp.saturating_mul(1000) <= self.clock.now_ms() {
            return Err(StorageError::InvalidSignature(
                "The signed link has expired".into(),
            ));
        }
        Ok(data.claims)
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

    #[test]
    fn a_link_made_late_in_a_second_still_lasts_its_time() {
        // Made 999 ms into a second, valid for 1 s: the claims are whole seconds, and the link
        // must not expire a millisecond later (it did once: CI's storage-js test saw it).
        let clock = Clock::manual(1_700_000_000);
        clock.advance_ms(999);
        let signer = LinkSigner::new("0123456789abcdef0123456789abcdef", clock.clone());
        let token = signer.sign("church-files", "public/a.png", 1).unwrap();
        let open = || signer.verify(&token, "church-files", "public/a.png");
        clock.advance_ms(2);
        open().unwrap();
        clock.advance_ms(997);
        open().unwrap();
        clock.advance_ms(2);
        let expired = open().unwrap_err();
        assert_eq!(expired.to_string(), "The signed link has expired");
    }

    #[test]
    fn upload_and_download_tokens_open_only_their_own_door() {
        let clock = Clock::manual(1_700_000_000);
        let signer = LinkSigner::new("0123456789abcdef0123456789abcdef", clock.clone());
        let grant = UploadGrant {
            role: "authenticated".into(),
            claims: "{\"sub\":\"u1\",\"role\":\"authenticated\"}".into(),
            upsert: true,
        };
        let upload = signer
            .sign_upload("church-files", "reports/a.pdf", grant.clone(), 7200)
            .unwrap();
        assert_eq!(
            signer
                .verify_upload(&upload, "church-files", "reports/a.pdf")
                .unwrap(),
            grant
        );
        assert!(
            signer
                .verify(&upload, "church-files", "reports/a.pdf")
                .is_err(),
            "an upload token is no download link"
        );
        assert!(
            signer
                .verify_upload(&upload, "church-files", "reports/b.pdf")
                .is_err()
        );
        let download = signer.sign("church-files", "reports/a.pdf", 60).unwrap();
        assert!(
            signer
                .verify_upload(&download, "church-files", "reports/a.pdf")
                .is_err(),
            "a download link uploads nothing"
        );
        // No top-level role: presented as an API key it grants nothing.
        let mut validation = Validation::new(Algorithm::HS256);
        validation.validate_exp = false;
        validation.required_spec_claims.clear();
        let claims = jsonwebtoken::decode::<serde_json::Value>(
            &upload,
            &DecodingKey::from_secret(b"0123456789abcdef0123456789abcdef"),
            &validation,
        )
        .unwrap()
        .claims;
        assert!(claims.get("role").is_none(), "{claims}");
        clock.advance(7200);
        assert!(
            signer
                .verify_upload(&upload, "church-files", "reports/a.pdf")
                .is_err()
        );
    }
}
