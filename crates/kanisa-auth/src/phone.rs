//! Members sign in with their phone: a six-digit code by SMS (`POST /otp`, `POST /verify`,
//! GoTrue's wire), the logic without HTTP.
//!
//! Rules kept here, where GoTrue is weaker:
//! - **Nobody can tell a member's number from another.** Every request for an allowed number
//!   runs the same statements (`auth.request_sign_in_code`, migration 0055: the limits, the
//!   member lookup, one insert, one queued `send_sign_in_code` job) and gets the same answer; the
//!   job sends nothing for a number that is not exactly one active member's. The limits count
//!   every accepted request, whatever the number.
//! - **A code is never stored.** It is derived from its request's id with a key made from the
//!   signing secret ([`Auth::sign_in_code`]), so the job that texts it needs nothing stored
//!   either; the request keeps an HMAC of it. It lives [`CODE_LIFETIME_SECS`], allows
//!   [`WRONG_TRIES`] wrong tries and then dies, is used once, and only a number's newest code
//!   counts.
//! - **Limits of their own:** one code a minute per number, per number and per client address
//!   an hour and a day, and a daily budget for the whole church (settings, migration 0055);
//!   codes go only to the country calling codes `sign_in_code_countries` names (Kenya); verify
//!   is limited per address besides each code's tries.
//! - Staff accounts keep their passwords: a number whose member is linked to a staff account
//!   gets no code. The first sign-in creates the member's account (MEMBER role), linked to the
//!   register.

use chrono::{DateTime, Utc};
use hmac::{Hmac, Mac};
use kanisa_pg::tokio_postgres::GenericClient;
use serde_json::{Value, json};
use sha2::Sha256;
use subtle::ConstantTimeEq;
use uuid::Uuid;

use crate::session::Security;
use crate::{Auth, AuthError, ClientInfo, Session};

/// How long a code may be used.
pub const CODE_LIFETIME_SECS: i32 = 5 * 60;

/// Wrong tries a code allows; the next try finds it dead.
pub const WRONG_TRIES: i32 = 5;

/// What a phone sign-in code is for, in the language the member asked in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Locale {
    En,
    Sw,
}

impl Locale {
    /// `sw` (or `sw-KE`…) is Kiswahili; anything else English.
    pub fn parse(s: Option<&str>) -> Locale {
        match s.map(str::trim) {
            Some(l)
                if l.eq_ignore_ascii_case("sw") || l.to_ascii_lowercase().starts_with("sw-") =>
            {
                Locale::Sw
            }
            _ => Locale::En,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Locale::En => "en",
            Locale::Sw => "sw",
        }
    }
}

/// A number as a sign-in code request gives it, in E.164 digits without "+" (`254712345678`):
/// a Kenyan mobile number in any of its forms (`0712 345 678`, `+254…`), or any other number in
/// E.164. `None` when it is neither.
pub fn phone_digits(input: &str) -> Option<String> {
    if let Some(kenyan) = kanisa_phone::msisdn(input) {
        return Some(kenyan.as_str().to_owned());
    }
    let compact: String = input
        .trim()
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '(' | ')' | '.'))
        .collect();
    let digits = compact.strip_prefix('+').unwrap_or(&compact);
    let well_formed = (7..=15).contains(&digits.len())
        && digits.bytes().all(|b| b.is_ascii_digit())
        && !digits.starts_with('0');
    well_formed.then(|| digits.to_owned())
}

/// True when `digits` starts with one of the calling codes in `countries` ("254", "254,255").
fn allowed_country(digits: &str, countries: &str) -> bool {
    countries
        .split(',')
        .map(|c| c.trim().trim_start_matches('+'))
        .filter(|c| !c.is_empty() && c.bytes().all(|b| b.is_ascii_digit()))
        .any(|c| digits.starts_with(c))
}

/// Why a code request was refused (migration 0055's names).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CodeLimit {
    Minute,
    PhoneHour,
    PhoneDay,
    AddressHour,
    AddressDay,
    Budget,
}

impl CodeLimit {
    fn parse(s: &str) -> Option<CodeLimit> {
        Some(match s {
            "minute" => CodeLimit::Minute,
            "phone_hour" => CodeLimit::PhoneHour,
            "phone_day" => CodeLimit::PhoneDay,
            "address_hour" => CodeLimit::AddressHour,
            "address_day" => CodeLimit::AddressDay,
            "budget" => CodeLimit::Budget,
            _ => return None,
        })
    }

    /// The message a person reads.
    pub fn message(self, retry_after_secs: u64) -> String {
        let wait = wait_words(retry_after_secs);
        match self {
            CodeLimit::Minute => format!(
                "A sign-in code was asked for this number less than a minute ago. Try again in {wait}."
            ),
            CodeLimit::PhoneHour | CodeLimit::PhoneDay => {
                format!("Too many sign-in codes were asked for this number. Try again in {wait}.")
            }
            CodeLimit::AddressHour | CodeLimit::AddressDay => format!(
                "Too many sign-in codes were asked from your connection. Try again in {wait}."
            ),
            CodeLimit::Budget => format!(
                "The church's sign-in texts for today have run out. Try again in {wait}, or ask the church office."
            ),
        }
    }

    /// GoTrue's error code for it.
    pub fn code(self) -> &'static str {
        match self {
            CodeLimit::AddressHour | CodeLimit::AddressDay => "over_request_rate_limit",
            _ => "over_sms_send_rate_limit",
        }
    }
}

/// "45 seconds", "1 minute", "3 hours".
fn wait_words(secs: u64) -> String {
    let (n, unit) = if secs < 120 {
        (secs, "second")
    } else if secs < 2 * 3600 {
        (secs.div_ceil(60), "minute")
    } else {
        (secs.div_ceil(3600), "hour")
    };
    format!("{n} {unit}{}", if n == 1 { "" } else { "s" })
}

/// An accepted code request: its id (what the `send_sign_in_code` job is queued with).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CodeRequest {
    pub id: Uuid,
}

/// A code request for the `send_sign_in_code` job: where it goes, in which language, and for
/// whom (`None`: not a member's number, so nothing is sent). Only a live request (not used,
/// dead or expired by auth's clock) is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodeToSend {
    /// E.164 digits.
    pub phone: String,
    pub locale: Locale,
    pub member: Option<Uuid>,
    pub expires_at: DateTime<Utc>,
}

impl Auth {
    /// `POST /otp {phone}`: records the request and queues its text (a member's number) or a job
    /// that sends nothing (any other), with the same statements and the same answer.
    pub async fn request_sign_in_code(
        &self,
        phone: &str,
        locale: Locale,
        client: &ClientInfo,
    ) -> Result<CodeRequest, AuthError> {
        crate::limit::admit(self.otp_limiter.as_ref(), client.ip)
            .map_err(AuthError::RateLimited)?;
        let digits = phone_digits(phone).ok_or_else(|| {
            AuthError::Validation(
                "Invalid phone number format: give a number like 0712 345 678 or +254712345678"
                    .to_owned(),
            )
        })?;
        let db = self.pool.get().await?;
        let countries: String = db
            .query_one(
                "SELECT coalesce((SELECT value #>> '{}' FROM public.system_settings \
                  WHERE key = 'sign_in_code_countries'), '254')",
                &[],
            )
            .await?
            .get(0);
        if !allowed_country(&digits, &countries) {
            let starts: Vec<String> = countries
                .split(',')
                .map(|c| format!("+{}", c.trim().trim_start_matches('+')))
                .filter(|c| c.len() > 1)
                .collect();
            return Err(AuthError::Validation(format!(
                "Sign-in codes are sent only to numbers starting {}",
                starts.join(" or ")
            )));
        }
        let id = Uuid::new_v4();
        let code = self.sign_in_code(id);
        let row = db
            .query_one(
                "SELECT refused, retry_after FROM auth.request_sign_in_code( \
                   $1, $2, $3, $4, $5, $6, $7)",
                &[
                    &id,
                    &digits,
                    &client.ip,
                    &locale.as_str(),
                    &self.code_hash(id, &code),
                    &self.now(),
                    &CODE_LIFETIME_SECS,
                ],
            )
            .await?;
        let refused: Option<String> = row.get(0);
        if let Some(limit) = refused.as_deref().and_then(CodeLimit::parse) {
            let secs = row.get::<_, Option<i32>>(1).unwrap_or(60).max(1) as u64;
            tracing::info!(ip = ?client.ip, ?limit, "sign-in code refused by a limit");
            return Err(AuthError::CodeLimit {
                limit,
                retry_after_secs: secs,
            });
        }
        tracing::info!(%id, ip = ?client.ip, "sign-in code asked for");
        Ok(CodeRequest { id })
    }

    /// The code of request `id`: six digits from an HMAC of the id with the code key.
    pub fn sign_in_code(&self, id: Uuid) -> String {
        let mut mac = self.code_mac();
        mac.update(b"code");
        mac.update(id.as_bytes());
        let bytes = mac.finalize().into_bytes();
        let n = u64::from_be_bytes(bytes[..8].try_into().expect("8 bytes"));
        format!("{:06}", n % 1_000_000)
    }

    fn code_hash(&self, id: Uuid, code: &str) -> Vec<u8> {
        let mut mac = self.code_mac();
        mac.update(b"hash");
        mac.update(id.as_bytes());
        mac.update(code.as_bytes());
        mac.finalize().into_bytes().to_vec()
    }

    fn code_mac(&self) -> Hmac<Sha256> {
        <Hmac<Sha256> as Mac>::new_from_slice(&self.code_key).expect("HMAC takes any key")
    }

    /// What the `send_sign_in_code` job needs of request `id`; `None` when it is gone, used,
    /// dead or expired (nothing to send).
    pub async fn code_to_send(&self, id: Uuid) -> Result<Option<CodeToSend>, AuthError> {
        let db = self.pool.get().await?;
        let row = db
            .query_opt(
                "SELECT phone, locale, member_id, expires_at FROM auth.sign_in_codes \
                 WHERE id = $1 AND refused IS NULL AND used_at IS NULL AND wrong_tries < $2 \
                   AND expires_at > $3",
                &[&id, &WRONG_TRIES, &self.now()],
            )
            .await?;
        Ok(row.map(|r| CodeToSend {
            phone: r.get(0),
            locale: Locale::parse(Some(r.get::<_, &str>(1))),
            member: r.get(2),
            expires_at: r.get(3),
        }))
    }

    /// `POST /verify {type: "sms", phone, token}`: the number's newest code, if it is alive and
    /// `token` is it, signs the member in (creating their account the first time). Anything
    /// else is "Token has expired or is invalid", and a wrong token costs the code one try.
    pub async fn verify_sign_in_code(
        &self,
        phone: &str,
        token: &str,
        client: &ClientInfo,
    ) -> Result<Session, AuthError> {
        crate::limit::admit(self.verify_limiter.as_ref(), client.ip)
            .map_err(AuthError::RateLimited)?;
        let digits = phone_digits(phone).ok_or(AuthError::OtpExpired)?;
        let token = token.trim();
        let now = self.now();
        let mut db = self.pool.get().await?;
        let security = Security::load(&**db).await?;
        let tx = db.transaction().await?;
        let Some(row) = tx
            .query_opt(
                "SELECT id, member_id, code_hash, expires_at, wrong_tries, used_at \
                 FROM auth.sign_in_codes WHERE phone = $1 AND refused IS NULL \
                 ORDER BY created_at DESC LIMIT 1 FOR UPDATE",
                &[&digits],
            )
            .await?
        else {
            return Err(AuthError::OtpExpired);
        };
        let id: Uuid = row.get(0);
        let member: Option<Uuid> = row.get(1);
        let stored: Vec<u8> = row.get(2);
        let expires_at: DateTime<Utc> = row.get(3);
        let wrong_tries: i32 = row.get(4);
        let used_at: Option<DateTime<Utc>> = row.get(5);
        if used_at.is_some() || expires_at <= now || wrong_tries >= WRONG_TRIES {
            return Err(AuthError::OtpExpired);
        }
        let matches = token.len() == 6
            && token.bytes().all(|b| b.is_ascii_digit())
            && bool::from(self.code_hash(id, token).ct_eq(&stored));
        let Some(member) = member.filter(|_| matches) else {
            tx.execute(
                "UPDATE auth.sign_in_codes SET wrong_tries = wrong_tries + 1 WHERE id = $1",
                &[&id],
            )
            .await?;
            tx.commit().await?;
            tracing::info!(ip = ?client.ip, "sign-in code refused: wrong code");
            return Err(AuthError::OtpExpired);
        };
        tx.execute(
            "UPDATE auth.sign_in_codes SET used_at = $2 WHERE id = $1",
            &[&id, &now],
        )
        .await?;
        let user_id = member_account(&*tx, member, &digits, now).await?;
        let (user, session_id, refresh_token) = self
            .open_session(
                &*tx,
                user_id,
                now,
                client,
                &security,
                ("member_login", "phone"),
            )
            .await?;
        tx.commit().await?;
        tracing::info!(%user_id, %session_id, "member signed in by phone");
        self.session(user, session_id, now, now, refresh_token, &security)
    }
}

/// The account of `member`, signing in with `phone` now: theirs if the register links one (a
/// member's; a staff account keeps its password), else a new one with the MEMBER role, linked.
async fn member_account(
    tx: &impl GenericClient,
    member: Uuid,
    phone: &str,
    now: DateTime<Utc>,
) -> Result<Uuid, AuthError> {
    let Some(row) = tx
        .query_opt(
            "SELECT m.user_id, m.first_name || ' ' || m.last_name, p.role, p.is_active \
             FROM public.members m LEFT JOIN public.users p ON p.id = m.user_id \
             WHERE m.id = $1 AND m.is_active FOR UPDATE OF m",
            &[&member],
        )
        .await?
    else {
        // Made inactive since the code was sent.
        return Err(AuthError::OtpExpired);
    };
    let linked: Option<Uuid> = row.get(0);
    let name: String = row.get(1);
    if let Some(id) = linked {
        let role: Option<String> = row.get(2);
        if role.as_deref() != Some("MEMBER") {
            return Err(AuthError::OtpExpired);
        }
        if row.get::<_, Option<bool>>(3) != Some(true) {
            return Err(AuthError::Deactivated);
        }
        tx.execute(
            "UPDATE auth.users SET phone = $2, phone_confirmed_at = coalesce(phone_confirmed_at, $3), \
               last_sign_in_at = $3 WHERE id = $1",
            &[&id, &phone, &now],
        )
        .await?;
        tx.execute(
            "UPDATE public.users SET last_sign_in_at = $2 WHERE id = $1",
            &[&id, &now],
        )
        .await?;
        return Ok(id);
    }
    let id = Uuid::new_v4();
    tx.execute(
        "INSERT INTO auth.users (id, phone, phone_confirmed_at, last_sign_in_at, created_at, \
           email_confirmed_at) VALUES ($1, $2, $3, $3, $3, NULL)",
        &[&id, &phone, &now],
    )
    .await?;
    tx.execute(
        "INSERT INTO public.users (id, full_name, role, last_sign_in_at) VALUES ($1, $2, 'MEMBER', $3)",
        &[&id, &name, &now],
    )
    .await?;
    tx.execute(
        "UPDATE public.members SET user_id = $2 WHERE id = $1",
        &[&member, &id],
    )
    .await?;
    tracing::info!(%id, %member, "member account created at first phone sign-in");
    Ok(id)
}

/// The answer of `POST /otp`: GoTrue's `{}`, with the code beside it only in demo mode (no SMS
/// provider: nothing is really texted), marked as a demo.
pub fn otp_answer(demo_code: Option<String>) -> Value {
    match demo_code {
        Some(code) => json!({ "demo": true, "demo_code": code }),
        None => json!({}),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_in_any_kenyan_form_or_e164() {
        for kenyan in ["0712 345 678", "+254712345678", "254712345678", "712345678"] {
            assert_eq!(
                phone_digits(kenyan).as_deref(),
                Some("254712345678"),
                "{kenyan}"
            );
        }
        assert_eq!(
            phone_digits("+1 (415) 555-0100").as_deref(),
            Some("14155550100")
        );
        for bad in [
            "",
            "hello",
            "+0123456789",
            "12",
            "+1234567890123456",
            "07123456789x",
        ] {
            assert_eq!(phone_digits(bad), None, "{bad}");
        }
    }

    #[test]
    fn countries_by_calling_code() {
        assert!(allowed_country("254712345678", "254"));
        assert!(allowed_country("255712345678", " 254, +255 "));
        assert!(!allowed_country("14155550100", "254"));
        assert!(!allowed_country("254712345678", ""));
        assert!(!allowed_country("254712345678", "abc"));
    }

    #[test]
    fn waits_in_words() {
        assert_eq!(wait_words(1), "1 second");
        assert_eq!(wait_words(45), "45 seconds");
        assert_eq!(wait_words(150), "3 minutes");
        assert_eq!(wait_words(3600), "60 minutes");
        assert_eq!(wait_words(86_000), "24 hours");
    }

    #[test]
    fn locales() {
        assert_eq!(Locale::parse(Some("sw")), Locale::Sw);
        assert_eq!(Locale::parse(Some("SW-ke")), Locale::Sw);
        assert_eq!(Locale::parse(Some("en")), Locale::En);
        assert_eq!(Locale::parse(Some("swahili")), Locale::En);
        assert_eq!(Locale::parse(None), Locale::En);
    }
}
