//! Phone sign-in, the feature (issue 46): the `send_sign_in_code` job that texts a member the
//! code kanisa-auth derived for their request, and the hourly sweep of old requests. The
//! requests themselves (`POST /auth/v1/otp`, `/verify`) are kanisa-auth's, on GoTrue's wire in
//! the server's auth routes.
//!
//! Owns: the text of the code message (English and Kiswahili) and its delivery record, which
//! never holds the code (`kanisa.sms_deliveries` keeps the text with the digits masked). A
//! request for a number that is not a member's runs the same job, which sends nothing.
//! Must not: store or log a code, or send one in demo mode (there is no provider then: the
//! server shows the code on the sign-in screen, marked as a demo).

use std::sync::Arc;
use std::time::Duration;

use kanisa_auth::{Auth, CODE_LIFETIME_SECS, Locale};
use kanisa_jobs::{Job, JobFailure, Registry, RunInfo};
use kanisa_notify::{SMS_PART, Sms};
use kanisa_pg::Pool;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::channels::Channels;

pub const SEND_SIGN_IN_CODE: &str = "send_sign_in_code";
pub const SWEEP_SIGN_IN_CODES: &str = "sweep_sign_in_codes";

/// How often old code requests are removed.
const SWEEP_EVERY: Duration = Duration::from_secs(3600);

/// The phone sign-in feature: what its jobs need.
pub struct SignIn {
    auth: Arc<Auth>,
    channels: Arc<Channels>,
    service: Pool,
}

impl SignIn {
    pub fn new(auth: Arc<Auth>, channels: Arc<Channels>, service: Pool) -> SignIn {
        SignIn {
            auth,
            channels,
            service,
        }
    }

    /// Whether codes are really texted (an SMS provider is set); else the sign-in screen shows
    /// the code as a demo.
    pub async fn live(&self) -> bool {
        self.channels.modes().await.sms.live
    }

    /// The demo code of request `id`, only while no SMS provider is set.
    pub async fn demo_code(&self, id: Uuid) -> Option<String> {
        (!self.live().await).then(|| self.auth.sign_in_code(id))
    }

    pub fn jobs(self: &Arc<Self>, registry: Registry) -> Registry {
        registry
            .job::<SendSignInCode>(self.clone())
            .job::<SweepSignInCodes>(self.service.clone())
            .every::<SweepSignInCodes>(SWEEP_EVERY)
    }
}

/// The code message: at most one SMS part, the church's name shortened to fit.
pub fn code_message(code: &str, locale: Locale, church: &str) -> String {
    let minutes = CODE_LIFETIME_SECS / 60;
    let body = match locale {
        Locale::En => format!(
            "Your sign-in code is {code}. It expires in {minutes} minutes. Never share it: the church will never ask you for it."
        ),
        Locale::Sw => format!(
            "Nambari yako ya kuingia ni {code}. Itaisha baada ya dakika {minutes}. Usimpe mtu yeyote: kanisa halitakuuliza."
        ),
    };
    let room = SMS_PART.saturating_sub(body.chars().count() + 2);
    let name: String = church.trim().chars().take(room).collect();
    if name.trim().is_empty() {
        body
    } else {
        format!("{}: {body}", name.trim_end())
    }
}

/// The message as its delivery record keeps it: the code's digits masked.
fn masked(message: &str, code: &str) -> String {
    message.replace(code, "******")
}

/// `send_sign_in_code` {code: request id}: texts the member the request's code; nothing for a
/// number that is not a member's, or a request already used, dead or expired.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SendSignInCode {
    pub code: Uuid,
}

impl Job for SendSignInCode {
    const KIND: &'static str = SEND_SIGN_IN_CODE;
    type Context = Arc<SignIn>;

    fn unique_key(&self) -> Option<String> {
        Some(format!("{SEND_SIGN_IN_CODE}:{}", self.code))
    }

    async fn run(self, feature: &Arc<SignIn>, run: &RunInfo) -> Result<(), JobFailure> {
        let to_send = feature
            .auth
            .code_to_send(self.code)
            .await
            .map_err(|e| JobFailure::retry(e.to_string()))?;
        let Some(to_send) = to_send.filter(|t| t.member.is_some()) else {
            return Ok(());
        };
        let Some(number) = kanisa_phone::msisdn(&to_send.phone) else {
            return Ok(());
        };
        let client = feature
            .service
            .get()
            .await
            .map_err(|e| JobFailure::pool(&e))?;
        let church: String = client
            .query_one(
                "SELECT coalesce((SELECT nullif(btrim(value #>> '{}'), '') \
                   FROM public.system_settings WHERE key = 'church_name'), '')",
                &[],
            )
            .await
            .map_err(|e| JobFailure::database(&e))?
            .get(0);
        drop(client);
        let code = feature.auth.sign_in_code(self.code);
        let message = code_message(&code, to_send.locale, &church);
        let sender = feature.channels.sms().await;
        let (status, provider, failure) = if sender.simulated() {
            // Demo mode: the sign-in screen shows the code; nothing goes out.
            ("simulated", "demo", None)
        } else {
            let sms = Sms::new(&[number.e164()], &message, false)
                .map_err(|e| JobFailure::permanent(e.to_string()))?;
            match sender.send(&sms).await {
                Ok(recipients) => match recipients.first() {
                    Some(r) if r.accepted => ("sent", "live", None),
                    Some(r) => ("failed", "live", Some(r.status.clone())),
                    None => (
                        "failed",
                        "live",
                        Some("the provider did not answer for this number".to_owned()),
                    ),
                },
                Err(e) if run.attempt < run.max_attempts => {
                    return Err(JobFailure::retry(e.to_string()));
                }
                Err(e) => ("failed", "live", Some(e.to_string())),
            }
        };
        let client = feature
            .service
            .get()
            .await
            .map_err(|e| JobFailure::pool(&e))?;
        client
            .execute(
                "INSERT INTO kanisa.sms_deliveries (purpose, phone, body, status, provider, \
                   failure_reason, is_simulated, sent_at, member_id) \
                 VALUES ('sign_in', $1, $2, $3, $4, $5, $6, \
                   CASE WHEN $3 IN ('sent', 'simulated') THEN now() END, $7)",
                &[
                    &number.e164(),
                    &masked(&message, &code),
                    &status,
                    &provider,
                    &failure,
                    &(status == "simulated"),
                    &to_send.member,
                ],
            )
            .await
            .map_err(|e| JobFailure::database(&e))?;
        Ok(())
    }
}

/// `sweep_sign_in_codes` (periodic, hourly): removes code requests two days old (no limit
/// counts them any more).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct SweepSignInCodes {}

impl Job for SweepSignInCodes {
    const KIND: &'static str = SWEEP_SIGN_IN_CODES;
    type Context = Pool;

    async fn run(self, service: &Pool, _run: &RunInfo) -> Result<(), JobFailure> {
        let client = service.get().await.map_err(|e| JobFailure::pool(&e))?;
        client
            .execute("SELECT auth.sweep_sign_in_codes(now())", &[])
            .await
            .map_err(|e| JobFailure::database(&e))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_message_fits_one_part_in_both_languages_and_its_record_hides_the_code() {
        let long_name = "Seventh-day Adventist Church of the Very Long Name in the Hills of Kenya";
        for locale in [Locale::En, Locale::Sw] {
            for church in ["", "Kanisa SDA", long_name] {
                let m = code_message("042917", locale, church);
                assert!(m.chars().count() <= SMS_PART, "{m}");
                assert!(m.contains("042917"), "{m}");
                assert!(m.is_ascii(), "plain GSM letters: {m}");
                assert!(!masked(&m, "042917").contains("042917"));
            }
        }
        assert!(code_message("1", Locale::Sw, "").contains("dakika 5"));
        assert!(code_message("1", Locale::En, "Kanisa SDA").starts_with("Kanisa SDA: "));
    }
}
