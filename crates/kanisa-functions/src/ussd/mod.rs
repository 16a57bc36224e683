//! USSD for feature phones (issue 47): Africa's Talking posts every step of a session to
//! `POST /functions/v1/ussd/{secret}` (its form read by kanisa-notify's `UssdStep`: the session,
//! the phone and `text`, every answer so far) and shows the plain-text reply, which waits for an
//! answer or closes (`kanisa_notify::ussd_reply`). The end-of-session notification goes to `POST /functions/v1/ussd/{secret}/end`.
//!
//! Owns: the menu ([`menu`], a pure function of `text`), its words ([`texts`], one catalogue per
//! language), plain GSM letters ([`gsm`]), and the little kept per session
//! (`kanisa.ussd_sessions`, migration 0059): whether it began on the language screen, and the
//! gift and prayer request it made, each claimed once under a per-session lock, so a repeated
//! step (the gateway retrying, or the same step on two instances) answers the same screen and
//! never gives or files twice. Any instance answers any step.
//!
//! Giving goes through the website's payment path (the [`GiftPrompts`] capability, from the
//! [`UssdPrompt`] job once the session has closed: the same form checks,
//! limits, exactly-once records and SMS receipt), marked `channel = 'ussd'`. A prayer request is
//! stored private (source `ussd`), the prayer team is told as for the website's, and the caller
//! gets an SMS acknowledgement. Once the secret is right every answer is 200 `text/plain`: a
//! fault inside is an `END` apology, never an error status. Must not touch HTTP (the server
//! writes the reply) or a provider's wire.

pub mod gsm;
pub mod menu;
pub mod texts;

use std::sync::Arc;

use chrono::{Datelike, NaiveDateTime};
use kanisa_jobs::{Job, JobFailure, Registry, RunInfo};
use kanisa_pg::Pool;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use uuid::Uuid;

use crate::capabilities::{GiftChannel, GiftPrompts, PromptMode};
use crate::error::FunctionsError;
use crate::routes::{BodyKind, Request, Route};
use crate::secrets::same_secret;
use crate::sms::{Purpose, queue_sms};
use kanisa_notify::{UssdEnd, UssdStep};
use menu::{Event, Fund, Prompted, Reply, Screen, Service, Walk};
use texts::{Lang, Texts, fill};

/// The longest `text` read: a session's answers so far (a prayer request is one line).
pub const MAX_TEXT: usize = 1_000;

/// The USSD feature: its routes, answered with the payments feature's secret and giving path.
pub struct Ussd {
    service: Pool,
    payments: Arc<dyn GiftPrompts>,
}

/// What a step needs of the settings and of the phone's past.
struct Setting {
    enabled: bool,
    church: String,
    remembered: Option<Lang>,
}

impl Ussd {
    pub fn new(service: Pool, payments: Arc<dyn GiftPrompts>) -> Ussd {
        Ussd { service, payments }
    }

    /// `POST ussd/{secret}` (a step) and `POST ussd/{secret}/end` (how the session ended).
    pub fn routes(self: &Arc<Self>) -> Vec<Route> {
        vec![
            Route::text_to("POST", "ussd/{secret}", BodyKind::Form, self, |u, r| {
                Box::pin(async move { u.step(&r).await })
            }),
            Route::to("POST", "ussd/{secret}/end", BodyKind::Form, self, |u, r| {
                Box::pin(async move { u.ended(&r).await })
            }),
        ]
    }

    /// The feature's job: the prompt of a gift confirmed on the menu.
    pub fn jobs(self: &Arc<Self>, registry: Registry) -> Registry {
        registry.job::<UssdPrompt>(self.clone())
    }

    /// A wrong secret is a 404, logged (the gateway's address with it).
    async fn check_secret(&self, r: &Request) -> Result<(), FunctionsError> {
        if same_secret(r.param(0), &self.payments.callback_secret().await?) {
            return Ok(());
        }
        tracing::warn!(remote = %r.client_ip, "a USSD callback with a wrong secret was refused");
        Err(FunctionsError::NotFound("Not found".into()))
    }

    async fn step(&self, r: &Request) -> Result<(u16, String), FunctionsError> {
        self.check_secret(r).await?;
        let reply = match self.answer(&r.form).await {
            Ok(reply) => reply,
            Err(e) => {
                tracing::error!(error = %e, "a USSD step failed: the caller was told to try later");
                menu::closing(texts::EN.fault)
            }
        };
        Ok((200, reply.body()))
    }

    async fn setting(&self, phone: &str) -> Result<Setting, FunctionsError> {
        let db = self.service.get().await?;
        let row = db
            .query_one(
                "SELECT coalesce((SELECT value NOT IN ('false'::jsonb, '\"false\"'::jsonb) \
                                    FROM public.system_settings WHERE key = 'ussd_enabled'), true), \
                        coalesce((SELECT nullif(btrim(value #>> '{}'), '') \
                                    FROM public.system_settings WHERE key = 'church_name'), 'Kanisa'), \
                        (SELECT locale FROM kanisa.ussd_phones WHERE phone = $1)",
                &[&phone],
            )
            .await?;
        Ok(Setting {
            enabled: row.get(0),
            church: row.get(1),
            remembered: row
                .get::<_, Option<String>>(2)
                .as_deref()
                .and_then(Lang::from_code),
        })
    }

    async fn answer(&self, form: &[(String, String)]) -> Result<Reply, FunctionsError> {
        let Some(step) = UssdStep::from_form(form) else {
            return Ok(menu::closing(texts::EN.fault));
        };
        let setting = self.setting(&step.phone).await?;
        let t = setting.remembered.unwrap_or(Lang::En).texts();
        if !setting.enabled {
            return Ok(menu::closing(t.closed));
        }
        if step.text.chars().count() > MAX_TEXT {
            return Ok(menu::closing(t.too_long));
        }
        let (chose_language, start) = self.begin(&step, setting.remembered).await?;
        let walk = menu::walk(&step.text, chose_language, start);
        if let Some(chosen) = walk.chosen
            && Some(chosen) != setting.remembered
        {
            self.remember(&step.phone, chosen).await?;
        }
        self.screen(&step, &setting.church, &walk).await
    }

    /// The session's row: made at its first step (beginning on the language screen when the
    /// phone has no remembered language), counted at each. Whether it began there, and in which
    /// language, as it was made.
    async fn begin(
        &self,
        step: &UssdStep,
        remembered: Option<Lang>,
    ) -> Result<(bool, Lang), FunctionsError> {
        let db = self.service.get().await?;
        let row = db
            .query_one(
                "INSERT INTO kanisa.ussd_sessions \
                   (session_id, phone, service_code, network_code, chose_language, locale) \
                 VALUES ($1, $2, $3, $4, $5, $6) \
                 ON CONFLICT (session_id) DO UPDATE \
                   SET steps = kanisa.ussd_sessions.steps + 1, last_step_at = now() \
                 RETURNING chose_language, locale",
                &[
                    &step.session_id,
                    &step.phone,
                    &step.service_code,
                    &step.network_code,
                    &remembered.is_none(),
                    &remembered.unwrap_or(Lang::En).code(),
                ],
            )
            .await?;
        let locale: String = row.get(1);
        Ok((row.get(0), Lang::from_code(&locale).unwrap_or(Lang::En)))
    }

    async fn remember(&self, phone: &str, lang: Lang) -> Result<(), FunctionsError> {
        let db = self.service.get().await?;
        db.execute(
            "INSERT INTO kanisa.ussd_phones (phone, locale) VALUES ($1, $2) \
             ON CONFLICT (phone) DO UPDATE SET locale = EXCLUDED.locale, updated_at = now()",
            &[&phone, &lang.code()],
        )
        .await?;
        Ok(())
    }

    async fn screen(
        &self,
        step: &UssdStep,
        church: &str,
        walk: &Walk,
    ) -> Result<Reply, FunctionsError> {
        let t = walk.lang.texts();
        let note = walk.note;
        let number = kanisa_phone::msisdn(&step.phone);
        Ok(match &walk.screen {
            Screen::Language => menu::language_screen(church, note),
            Screen::Home => menu::home_screen(t, church, note),
            Screen::Services => menu::services_screen(t, walk.lang, &self.services().await?, note),
            Screen::Events => menu::events_screen(t, &self.events().await?, note),
            Screen::GiveFund => menu::give_fund_screen(t, church, note),
            Screen::GiveAmount { fund } => menu::give_amount_screen(t, *fund, note),
            Screen::GiveConfirm { fund, amount } => {
                let shown = number
                    .as_ref()
                    .map_or_else(|| step.phone.to_owned(), |n| n.local());
                menu::give_confirm_screen(t, *fund, *amount, &shown, note)
            }
            Screen::Give { fund, amount } => {
                let prompted = match &number {
                    Some(_) => self.give(&step.session_id, *fund, *amount).await?,
                    None => Prompted::Failed,
                };
                menu::give_done_screen(t, *amount, prompted)
            }
            Screen::MyGiving => {
                let (year, giving) = self.my_giving(number.as_ref().map(|n| n.as_str())).await?;
                menu::my_giving_screen(t, year, giving.as_deref(), note)
            }
            Screen::PrayerAsk => menu::prayer_ask_screen(t, note),
            Screen::Prayer { text } => {
                self.file_prayer(step, t, church, text).await?;
                menu::prayer_done_screen(t)
            }
        })
    }

    /// The weekly services, as settings hold them.
    async fn services(&self) -> Result<Vec<Service>, FunctionsError> {
        let db = self.service.get().await?;
        Ok(db
            .query(
                "SELECT value FROM public.system_settings \
                  WHERE category = 'services' AND is_public AND jsonb_typeof(value) = 'object' \
                  ORDER BY created_at, key",
                &[],
            )
            .await?
            .iter()
            .map(|r| {
                let v: Value = r.get(0);
                let text = |k: &str| v.get(k).and_then(Value::as_str).unwrap_or("").to_owned();
                let day = text("day");
                Service {
                    name: text("name"),
                    name_sw: v.get("name_sw").and_then(Value::as_str).map(str::to_owned),
                    weekday: weekday(&day),
                    day,
                    time: text("time"),
                }
            })
            .filter(|s| !s.name.is_empty())
            .collect())
    }

    /// This week's published events: from today (Nairobi) for seven days, the soonest first.
    async fn events(&self) -> Result<Vec<Event>, FunctionsError> {
        let db = self.service.get().await?;
        Ok(db
            .query(
                "WITH today AS (SELECT (date_trunc('day', now() AT TIME ZONE 'Africa/Nairobi') \
                                        AT TIME ZONE 'Africa/Nairobi') AS at) \
                 SELECT e.title, e.start_date AT TIME ZONE 'Africa/Nairobi' \
                   FROM public.events e, today \
                  WHERE e.is_published AND e.start_date >= today.at \
                    AND e.start_date < today.at + interval '7 days' \
                  ORDER BY e.start_date, e.id LIMIT 8",
                &[],
            )
            .await?
            .iter()
            .map(|r| {
                let at: NaiveDateTime = r.get(1);
                Event {
                    weekday: at.weekday().num_days_from_monday() as usize,
                    day: at.day(),
                    month: at.month(),
                    time: at.format("%H:%M").to_string(),
                    title: r.get(0),
                }
            })
            .collect())
    }

    /// This year (Nairobi) and the giving by fund of the one active member with this number
    /// (None: no such member, or several sharing it), as the member's statement counts it.
    async fn my_giving(
        &self,
        number: Option<&str>,
    ) -> Result<(i32, Option<Vec<(String, f64)>>), FunctionsError> {
        let db = self.service.get().await?;
        let year: i32 = db
            .query_one(
                "SELECT extract(year FROM now() AT TIME ZONE 'Africa/Nairobi')::int",
                &[],
            )
            .await?
            .get(0);
        let Some(number) = number else {
            return Ok((year, None));
        };
        let members = db
            .query(
                "SELECT id FROM public.members \
                  WHERE kanisa.msisdn(phone) = $1 AND is_active LIMIT 2",
                &[&number],
            )
            .await?;
        let [member] = members.as_slice() else {
            return Ok((year, None));
        };
        let member: Uuid = member.get(0);
        let rows = db
            .query(
                "SELECT g.giving_type, g.total::float8 FROM kanisa.member_giving($1, \
                   make_date($2, 1, 1), (now() AT TIME ZONE 'Africa/Nairobi')::date) g",
                &[&member, &year],
            )
            .await?;
        Ok((
            year,
            Some(rows.iter().map(|r| (r.get(0), r.get(1))).collect()),
        ))
    }

    /// The gift of a confirmed step, once per session: the step that claims it records the
    /// fund and amount and queues the `ussd_prompt` job, which asks for the M-Pesa prompt once
    /// the session has closed (a phone shows no prompt during a USSD session). A repeat (on any
    /// instance) finds the claim and answers alike. Nothing waits for the provider.
    async fn give(
        &self,
        session: &str,
        fund: Fund,
        amount: u64,
    ) -> Result<Prompted, FunctionsError> {
        let mode = self.payments.prompt_mode().await?;
        if mode == PromptMode::Off {
            return Ok(Prompted::Paused);
        }
        let mut db = self.service.get().await?;
        let tx = db.transaction().await?;
        let claimed = tx
            .query_opt(
                "UPDATE kanisa.ussd_sessions \
                    SET give_claimed_at = now(), give_fund = $2, give_amount = $3, completed = true \
                  WHERE session_id = $1 AND give_claimed_at IS NULL RETURNING 1",
                &[&session, &fund.giving_type(), &(amount as i64)],
            )
            .await?
            .is_some();
        if claimed {
            let job = UssdPrompt {
                session: session.to_owned(),
            };
            kanisa_jobs::enqueue(&*tx, &job).await?;
        }
        tx.commit().await?;
        Ok(if mode == PromptMode::Demo {
            Prompted::Demo
        } else {
            Prompted::Sent
        })
    }

    /// The prayer request of the last step, once per session: stored private (source ussd),
    /// the prayer team told as for the website's, and an SMS acknowledgement queued.
    async fn file_prayer(
        &self,
        step: &UssdStep,
        t: &Texts,
        church: &str,
        text: &str,
    ) -> Result<(), FunctionsError> {
        let mut db = self.service.get().await?;
        let tx = db.transaction().await?;
        tx.execute(
            "SELECT pg_advisory_xact_lock(hashtextextended('kanisa.ussd:' || $1, 0))",
            &[&step.session_id],
        )
        .await?;
        let filed: Option<Uuid> = tx
            .query_one(
                "SELECT prayer_id FROM kanisa.ussd_sessions WHERE session_id = $1",
                &[&step.session_id],
            )
            .await?
            .get(0);
        if filed.is_some() {
            return Ok(());
        }
        let description: String = text.chars().take(MAX_TEXT).collect();
        let id: Uuid = tx
            .query_one(
                "INSERT INTO public.prayer_requests \
                   (title, description, urgency, privacy_level, submitter_name, submitter_phone, source) \
                 VALUES ($1, $2, 'normal', 'private', \
                   (SELECT m.first_name || ' ' || m.last_name FROM public.members m \
                     WHERE kanisa.msisdn(m.phone) = kanisa.msisdn($3) AND m.is_active \
                     ORDER BY m.created_at LIMIT 1), \
                   $3, 'ussd') RETURNING id",
                &[&t.prayer_title, &description, &step.phone],
            )
            .await?
            .get(0);
        tx.execute(
            "UPDATE kanisa.ussd_sessions SET prayer_id = $2, completed = true WHERE session_id = $1",
            &[&step.session_id, &id],
        )
        .await?;
        // The prayer team is told as for the website's requests (the submissions' jobs, 0026).
        tx.execute(
            "SELECT kanisa.enqueue_submission_jobs('prayer_requests', $1, NULL)",
            &[&id],
        )
        .await?;
        if let Some(number) = kanisa_phone::msisdn(&step.phone) {
            let message = fill(t.prayer_sms, &[("church", &gsm::plain(church))]);
            if let Ok(sms) = kanisa_notify::Sms::new(&[number.e164()], &message, false) {
                queue_sms(&*tx, Purpose::Message, &sms, false, None).await?;
            }
        }
        tx.commit().await?;
        Ok(())
    }

    /// `POST ussd/{secret}/end`: how a session ended (status, duration, error), recorded on
    /// its row (made if the session's steps never reached this server).
    async fn ended(&self, r: &Request) -> Result<(u16, Value), FunctionsError> {
        self.check_secret(r).await?;
        let Some(end) = UssdEnd::from_form(&r.form) else {
            return Ok((200, json!({"received": false, "reason": "no sessionId"})));
        };
        let db = self.service.get().await?;
        db.execute(
            "INSERT INTO kanisa.ussd_sessions \
               (session_id, phone, chose_language, ended_at, end_status, duration_ms, error_message) \
             VALUES ($1, $2, false, now(), $3, $4, $5) \
             ON CONFLICT (session_id) DO UPDATE \
               SET ended_at = now(), end_status = EXCLUDED.end_status, \
                   duration_ms = EXCLUDED.duration_ms, error_message = EXCLUDED.error_message",
            &[&end.session_id, &end.phone, &end.status, &end.duration_ms, &end.error],
        )
        .await?;
        Ok((200, json!({"received": true})))
    }
}

/// `ussd_prompt` {session}: the M-Pesa prompt of a gift confirmed on the USSD menu, asked for
/// through the website's payment path (its limits, records and receipt) to the phone that
/// dialled, once: a session whose payment is written is done. A refusal (a limit, a provider's
/// no) is logged and not tried again: the caller has long hung up, and a late prompt would
/// surprise them.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct UssdPrompt {
    pub session: String,
}

pub const USSD_PROMPT: &str = "ussd_prompt";

impl Job for UssdPrompt {
    const KIND: &'static str = USSD_PROMPT;
    type Context = Arc<Ussd>;

    fn unique_key(&self) -> Option<String> {
        Some(format!("{USSD_PROMPT}:{}", self.session))
    }

    async fn run(self, ussd: &Arc<Ussd>, _run: &RunInfo) -> Result<(), JobFailure> {
        let row = {
            let db = ussd.service.get().await.map_err(|e| JobFailure::pool(&e))?;
            db.query_opt(
                "SELECT phone, give_fund, give_amount FROM kanisa.ussd_sessions \
                  WHERE session_id = $1 AND give_claimed_at IS NOT NULL AND payment_id IS NULL",
                &[&self.session],
            )
            .await
            .map_err(|e| JobFailure::database(&e))?
        };
        let Some(row) = row else {
            return Ok(());
        };
        let phone: String = row.get(0);
        let (Some(number), Some(fund), Some(amount)) = (
            kanisa_phone::msisdn(&phone),
            row.get::<_, Option<String>>(1),
            row.get::<_, Option<i64>>(2),
        ) else {
            return Err(JobFailure::permanent(
                "the session holds no gift to prompt for",
            ));
        };
        let form = json!({"phone": number.as_str(), "amount": amount, "givingType": fund});
        // Limited per phone as the website's prompts are per address and phone.
        let limit_key = format!("ussd:{}", number.as_str());
        match ussd
            .payments
            .prompt(&form, &limit_key, GiftChannel::Ussd)
            .await
        {
            Ok(prompt) => {
                let db = ussd.service.get().await.map_err(|e| JobFailure::pool(&e))?;
                db.execute(
                    "UPDATE kanisa.ussd_sessions SET payment_id = $2 WHERE session_id = $1",
                    &[&self.session, &prompt.payment],
                )
                .await
                .map_err(|e| JobFailure::database(&e))?;
                Ok(())
            }
            Err(FunctionsError::Unavailable(e)) => Err(JobFailure::retry(e)),
            Err(e) => {
                tracing::warn!(error = %e, session = %self.session, "a USSD gift's prompt was not sent");
                Err(JobFailure::permanent(e.to_string()))
            }
        }
    }
}

/// The weekday of an English day name as settings write it (0 Monday).
fn weekday(day: &str) -> Option<usize> {
    let day = day.trim().to_ascii_lowercase();
    [
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
    ]
    .iter()
    .position(|d| day.starts_with(&d[..3]) && d.starts_with(day.as_str()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_are_read_as_settings_write_them() {
        assert_eq!(weekday("Saturday"), Some(5));
        assert_eq!(weekday(" sat "), Some(5));
        assert_eq!(weekday("Monday"), Some(0));
        assert_eq!(weekday("Sabbath"), None);
        assert_eq!(weekday(""), None);
    }

    #[test]
    fn both_catalogues_are_plain_letters() {
        for t in [&texts::EN, &texts::SW] {
            let all = [
                t.back_home,
                t.services,
                t.this_week,
                t.no_events,
                t.give_to,
                t.amount,
                t.confirm,
                t.prompt_sent,
                t.prompt_demo,
                t.prompt_failed,
                t.giving_paused,
                t.my_giving,
                t.no_gifts,
                t.not_member,
                t.prayer_ask,
                t.prayer_done,
                t.prayer_sms,
                t.invalid,
                t.cancelled,
                t.amount_small,
                t.amount_large,
                t.amount_digits,
                t.prayer_empty,
                t.too_long,
                t.closed,
                t.fault,
            ];
            let placeholders = [
                ("church", "x"),
                ("fund", "x"),
                ("min", "1"),
                ("max", "2"),
                ("amount", "3"),
                ("phone", "4"),
                ("year", "5"),
            ];
            for s in all
                .iter()
                .chain(t.home.iter())
                .chain(t.funds.iter())
                .chain(t.days.iter())
            {
                let filled = fill(s, &placeholders);
                assert!(filled.chars().all(gsm::is_plain), "{filled}");
            }
        }
    }
}
