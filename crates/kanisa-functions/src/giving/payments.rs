//! Online giving on the server (issue 15): the donor's prompt, its status, and the one
//! provider in use.
//!
//! A payment is a `payment_logs` row written pending *before* the provider is called; it is
//! settled only by `kanisa.settle_payment` (migration 0015), whichever answer arrives first —
//! the callback (`callbacks.rs`), the donor's poll, or the reconciliation job
//! (`reconcile.rs`) — so the gift is recorded once. The provider is chosen from the
//! environment, then System Settings (payment provider, credentials), and without credentials
//! it is demo mode; the choice is re-read at most every [`REFRESH`](crate::channels::REFRESH).

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use kanisa_giving::{GivingType, parse_amount, parse_phone};
use kanisa_payments::{
    Answer, Daraja, DarajaCredentials, DemoProvider, Jenga, JengaCredentials, Outcome,
    PaymentProvider, PaymentResult, Prompt, ProviderError, ProviderFuture, ProviderKind,
    parse_callback,
};
use kanisa_pg::Pool;
use serde::Serialize;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::capabilities::GiftChannel;
use crate::channels::REFRESH;
use crate::error::FieldErrors;
use crate::error::FunctionsError;

/// What the environment and the operator configure (read once at start).
#[derive(Clone, Default)]
pub struct PaymentsSetup {
    /// `KANISA_PAYMENT_PROVIDER`: `equity` or `mpesa` (else System Settings).
    pub provider: Option<String>,
    pub consumer_key: Option<String>,
    pub consumer_secret: Option<String>,
    /// `KANISA_PAYMENT_SHORTCODE` (else the settings' mobile-money shortcode).
    pub shortcode: Option<String>,
    /// `KANISA_PAYMENT_PASSKEY` (else the settings' passkey).
    pub passkey: Option<String>,
    /// `KANISA_PAYMENT_BASE_URL`: the provider's API (its sandbox by default).
    pub base_url: Option<String>,
    /// `KANISA_PAYMENT_PRIVATE_KEY` (Jenga: the RSA key whose public half JengaHQ holds, PEM;
    /// else the settings' key).
    pub private_key: Option<String>,
    /// `KANISA_PAYMENT_ACCOUNT` (Jenga: the account gifts settle to; else the settings').
    pub account_number: Option<String>,
    /// `KANISA_PAYMENT_CALLBACK_SECRET` (else one made once and kept in the database).
    pub callback_secret: Option<String>,
    /// Where providers reach us (`KANISA_PUBLIC_URL`).
    pub public_url: String,
    /// Pending prompts older than this are asked about by the reconciliation job (2 min).
    pub reconcile_after: Duration,
    /// A payment still pending this long after its prompt is closed as expired (15 min).
    pub expire_after: Duration,
    /// How long a provider call may take (20 s).
    pub provider_timeout: Duration,
    /// Demo mode's prompt delay (2 s) and completion (15 s); tests shorten them.
    pub demo_delay: Duration,
    pub demo_completes_after: Duration,
}

impl std::fmt::Debug for PaymentsSetup {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PaymentsSetup")
            .field("provider", &self.provider)
            .field("base_url", &self.base_url)
            .field("public_url", &self.public_url)
            .finish_non_exhaustive()
    }
}

impl PaymentsSetup {
    pub fn new(public_url: &str) -> PaymentsSetup {
        PaymentsSetup {
            public_url: public_url.trim_end_matches('/').to_owned(),
            reconcile_after: Duration::from_secs(120),
            expire_after: Duration::from_secs(15 * 60),
            provider_timeout: kanisa_payments::PROVIDER_TIMEOUT,
            demo_delay: Duration::from_secs(2),
            demo_completes_after: Duration::from_secs(15),
            ..PaymentsSetup::default()
        }
    }
}

/// The payment provider as the settings choose it now.
#[derive(Clone)]
pub(crate) struct Choice {
    pub provider: Arc<dyn PaymentProvider>,
    pub kind: ProviderKind,
    /// `environment`, `settings` or `none` (demo).
    pub source: &'static str,
    pub enabled: bool,
    pub shortcode: Option<String>,
    /// The first part of our references (the paybill account, else `KANISA`).
    pub account_reference: String,
    /// What the credentials were (to reuse the provider and its token while unchanged).
    key: Option<Vec<String>>,
    at: Instant,
}

/// A provider that cannot be used as configured: every call fails with the reason (logged),
/// and donors read the "temporarily unavailable" text.
struct Misconfigured {
    kind: ProviderKind,
    reason: String,
}

impl PaymentProvider for Misconfigured {
    fn kind(&self) -> ProviderKind {
        self.kind
    }
    fn prompt<'a>(&'a self, _p: &'a Prompt) -> ProviderFuture<'a, kanisa_payments::Accepted> {
        Box::pin(async move { Err(ProviderError::Unreachable(self.reason.clone())) })
    }
    fn query<'a>(&'a self, _id: &'a str) -> ProviderFuture<'a, Answer> {
        Box::pin(async move { Err(ProviderError::Unreachable(self.reason.clone())) })
    }
}

const SETTINGS_SQL: &str = "\
SELECT \
  (SELECT nullif(btrim(value #>> '{}'), '') FROM public.system_settings WHERE key = 'payment_provider'), \
  coalesce((SELECT (value #>> '{}')::boolean FROM public.system_settings \
            WHERE key = 'enable_online_giving' AND jsonb_typeof(value) = 'boolean'), true), \
  (SELECT nullif(btrim(value #>> '{}'), '') FROM public.system_settings WHERE key = 'mobile_money_shortcode'), \
  (SELECT nullif(btrim(value #>> '{}'), '') FROM public.system_settings WHERE key = 'paybill_account_number'), \
  nullif(kanisa.secret_setting('mobile_money_key') #>> '{}', ''), \
  nullif(kanisa.secret_setting('mobile_money_secret') #>> '{}', ''), \
  nullif(kanisa.secret_setting('mobile_money_passkey') #>> '{}', ''), \
  nullif(kanisa.secret_setting('mobile_money_private_key') #>> '{}', ''), \
  (SELECT nullif(btrim(value #>> '{}'), '') FROM public.system_settings WHERE key = 'payment_account_number'), \
  (SELECT nullif(btrim(value #>> '{}'), '') FROM public.system_settings WHERE key = 'church_name')";

/// The payment functions' shared parts.
pub struct Payments {
    pub(crate) service: Pool,
    pub(crate) setup: PaymentsSetup,
    choice: Mutex<Option<Choice>>,
    secret: tokio::sync::OnceCell<String>,
}

impl Payments {
    pub fn new(service: Pool, setup: PaymentsSetup) -> Payments {
        Payments {
            service,
            setup,
            choice: Mutex::new(None),
            secret: tokio::sync::OnceCell::new(),
        }
    }

    pub(crate) async fn choice(&self) -> Result<Choice, FunctionsError> {
        let previous = self
            .choice
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        if let Some(c) = &previous
            && c.at.elapsed() < REFRESH
        {
            return Ok(c.clone());
        }
        let client = self.service.get().await?;
        let row = client.query_one(SETTINGS_SQL, &[]).await?;
        drop(client);
        let s = &self.setup;
        let setting = |i: usize| row.get::<_, Option<String>>(i);
        let kind = s
            .provider
            .as_deref()
            .or(setting(0).as_deref())
            .and_then(ProviderKind::parse)
            .unwrap_or(ProviderKind::EquityBank);
        let shortcode = s.shortcode.clone().or(setting(2));
        let (source, key, secret) = if s.consumer_secret.is_some() {
            (
                "environment",
                s.consumer_key.clone(),
                s.consumer_secret.clone(),
            )
        } else if setting(4).is_some() && setting(5).is_some() {
            ("settings", setting(4), setting(5))
        } else {
            ("none", None, None)
        };
        let account = Account {
            key,
            secret,
            passkey: s.passkey.clone().or(setting(6)),
            shortcode: shortcode.clone(),
            private_key: s.private_key.clone().or(setting(7)),
            account_number: s.account_number.clone().or(setting(8)),
            name: setting(9),
        };
        let fingerprint = (source != "none").then(|| account.fingerprint(kind));
        let reuse = previous
            .as_ref()
            .filter(|p| p.key == fingerprint && p.kind == kind && p.source == source)
            .map(|p| p.provider.clone());
        let provider: Arc<dyn PaymentProvider> = match reuse {
            Some(p) => p,
            None if source == "none" => {
                let mut demo = DemoProvider::new(kind);
                demo.delay = s.demo_delay;
                demo.completes_after = s.demo_completes_after;
                Arc::new(demo)
            }
            None => live_provider(kind, s, account),
        };
        let choice = Choice {
            provider,
            kind,
            source,
            enabled: row.get(1),
            shortcode,
            account_reference: setting(3)
                .map(|a| {
                    a.chars()
                        .filter(char::is_ascii_alphanumeric)
                        .take(12)
                        .collect::<String>()
                })
                .filter(|a| !a.is_empty())
                .unwrap_or_else(|| "KANISA".into()),
            key: fingerprint,
            at: Instant::now(),
        };
        *self.choice.lock().unwrap_or_else(|e| e.into_inner()) = Some(choice.clone());
        Ok(choice)
    }

    /// The secret path segment of provider callbacks: `KANISA_PAYMENT_CALLBACK_SECRET`, else
    /// made once and kept in the database.
    pub async fn callback_secret(&self) -> Result<String, FunctionsError> {
        if let Some(s) = &self.setup.callback_secret {
            return Ok(s.clone());
        }
        self.secret
            .get_or_try_init(|| {
                crate::secrets::kept_secret(&self.service, "payment_callback_secret")
            })
            .await
            .cloned()
    }

    /// The address a provider posts a prompt's result to.
    pub(crate) async fn callback_url(&self, kind: ProviderKind) -> Result<String, FunctionsError> {
        Ok(format!(
            "{}/functions/v1/payments/callback/{}/{}",
            self.setup.public_url,
            kind.callback_name(),
            self.callback_secret().await?
        ))
    }

    /// What `GET /functions/v1/service-modes` says about payments (never a credential).
    pub async fn mode(&self) -> Value {
        match self.choice().await {
            Ok(c) => json!({
                "live": !c.provider.simulated(),
                "source": c.source,
                "provider": c.kind.stored(),
                "label": c.kind.label(),
                "enabled": c.enabled,
            }),
            Err(_) => Payments::demo_mode(),
        }
    }

    /// The mode when no provider can be read: demo, as Equity Bank, giving on.
    pub(crate) fn demo_mode() -> Value {
        crate::capabilities::giving_unavailable()
    }
}

/// The church's provider account, from the environment and the settings.
struct Account {
    key: Option<String>,
    secret: Option<String>,
    passkey: Option<String>,
    shortcode: Option<String>,
    private_key: Option<String>,
    account_number: Option<String>,
    name: Option<String>,
}

impl Account {
    fn fingerprint(&self, kind: ProviderKind) -> Vec<String> {
        let f = |v: &Option<String>| v.clone().unwrap_or_default();
        vec![
            kind.stored().to_owned(),
            f(&self.key),
            f(&self.secret),
            f(&self.passkey),
            f(&self.shortcode),
            f(&self.private_key),
            f(&self.account_number),
            f(&self.name),
        ]
    }
}

fn live_provider(kind: ProviderKind, s: &PaymentsSetup, a: Account) -> Arc<dyn PaymentProvider> {
    let misconfigured = |reason: String| -> Arc<dyn PaymentProvider> {
        tracing::warn!(provider = kind.label(), %reason, "online giving is misconfigured");
        Arc::new(Misconfigured { kind, reason })
    };
    match kind {
        ProviderKind::Mpesa => match (a.key, a.secret, a.passkey, a.shortcode) {
            (Some(consumer_key), Some(consumer_secret), Some(passkey), Some(shortcode)) => {
                Arc::new(
                    Daraja::new(DarajaCredentials {
                        base_url: s
                            .base_url
                            .clone()
                            .unwrap_or_else(|| Daraja::SANDBOX_URL.into()),
                        consumer_key,
                        consumer_secret,
                        shortcode,
                        passkey,
                    })
                    .with_timeout(s.provider_timeout),
                )
            }
            _ => misconfigured(
                "M-Pesa needs a consumer key, consumer secret, passkey and shortcode".into(),
            ),
        },
        ProviderKind::EquityBank => match (
            a.key,
            a.secret,
            a.shortcode,
            a.account_number,
            a.private_key,
        ) {
            (
                Some(api_key),
                Some(consumer_secret),
                Some(merchant_code),
                Some(account_number),
                Some(pem),
            ) => {
                match Jenga::new(JengaCredentials {
                    base_url: s
                        .base_url
                        .clone()
                        .unwrap_or_else(|| Jenga::SANDBOX_URL.into()),
                    api_key,
                    merchant_code,
                    consumer_secret,
                    account_number,
                    merchant_name: a.name.unwrap_or_else(|| "Church".into()),
                    private_key_pem: pem,
                }) {
                    Ok(j) => Arc::new(j.with_timeout(s.provider_timeout)),
                    Err(reason) => misconfigured(reason),
                }
            }
            _ => misconfigured(
                "Equity Bank needs an API key, consumer secret, merchant code, settlement \
                 account and private key"
                    .into(),
            ),
        },
    }
}

/// A payment as the donor's browser sees it (`POST /functions/v1/payments`,
/// `GET /functions/v1/payments/{id}`).
#[derive(Clone, Debug, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct PaymentView {
    pub id: Uuid,
    /// pending, completed, cancelled, failed, expired (error: the prompt's fate is unknown).
    pub status: String,
    pub result_code: Option<String>,
    pub result_desc: Option<String>,
    pub amount: f64,
    /// The form's value: tithe, offering, special.
    pub giving_type: String,
    pub reference: String,
    pub receipt: Option<String>,
    pub provider: String,
    pub provider_label: &'static str,
    pub simulated: bool,
    pub completed_at: Option<DateTime<Utc>>,
}

const VIEW_COLUMNS: &str = "id, status, result_code, result_desc, amount::float8, giving_type, \
  account_reference, receipt_number, payment_provider, is_simulated, completed_at, \
  checkout_request_id, next_check_at, expires_at, checks";

fn view(row: &tokio_postgres::Row) -> PaymentView {
    let provider: String = row.get(8);
    let stored: String = row.get(5);
    PaymentView {
        id: row.get(0),
        status: row.get(1),
        result_code: row.get(2),
        result_desc: row.get(3),
        amount: row.get(4),
        giving_type: match stored.as_str() {
            "special_project" => "special".to_owned(),
            _ => stored,
        },
        reference: row.get(6),
        receipt: row.get(7),
        provider_label: ProviderKind::parse(&provider)
            .unwrap_or(ProviderKind::EquityBank)
            .label(),
        provider,
        simulated: row.get(9),
        completed_at: row.get(10),
    }
}

fn text_of(body: &Value, key: &str) -> String {
    match body.get(key) {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => n.to_string(),
        _ => String::new(),
    }
}

/// Reads the donor's form: phone, amount and giving type, with the spec's texts.
pub fn read_payment_form(body: &Value) -> Result<(String, u64, GivingType), FieldErrors> {
    let mut errors = FieldErrors::new();
    let phone = parse_phone(&text_of(body, "phone"))
        .map_err(|e| errors.insert("phone", e.to_string()))
        .ok();
    // A number with cents is not a whole amount: "1000.5" is refused, 1000.0 is 1000.
    let amount_text = match body.get("amount") {
        Some(Value::Number(n)) if n.as_f64().is_some_and(|f| f.fract() == 0.0) => {
            format!("{}", n.as_f64().unwrap_or(0.0) as i64)
        }
        _ => text_of(body, "amount"),
    };
    let amount = parse_amount(&amount_text)
        .map_err(|e| errors.insert("amount", e.to_string()))
        .ok();
    let kind_text = text_of(body, "givingType");
    let kind = if kind_text.trim().is_empty() {
        Some(GivingType::Tithe)
    } else {
        GivingType::parse(&kind_text)
    };
    if kind.is_none() {
        errors.insert(
            "givingType",
            "Please choose a giving type: tithe, offering or special".into(),
        );
    }
    match (phone, amount, kind) {
        (Some(p), Some(a), Some(k)) if errors.is_empty() => Ok((p.as_str().to_owned(), a, k)),
        _ => Err(errors),
    }
}

/// A gift given signed in (the member portal's Give) is the member's whatever phone pays: the
/// signed-in account's active register row, if it has one; otherwise the payment is matched by
/// phone when it completes (kanisa.member_by_phone), as every gift is.
const INSERT_PAYMENT: &str = "\
INSERT INTO public.payment_logs (account_reference, amount, phone_number, giving_type, \
  payment_provider, is_simulated, next_check_at, expires_at, member_id, channel) \
VALUES ($1, $2::int8::numeric, $3, $4, $5, $6, now() + make_interval(secs => $7), \
  now() + make_interval(secs => $8), \
  (SELECT m.id FROM public.members m JOIN public.users u ON u.id = m.user_id \
    WHERE m.user_id = $9 AND m.is_active AND u.is_active), $10) \
RETURNING id";

impl Payments {
    /// `POST /functions/v1/payments` from `client_ip`: checks the form and the prompt limits,
    /// writes the pending payment, then asks the provider to prompt the donor's phone.
    /// `giver` is the signed-in caller's account id (None for the public): their gift is linked
    /// to their register row. `client_ip` is the key of the per-address prompt limit (the USSD
    /// menu gives `ussd:{phone}`).
    pub async fn create(
        &self,
        body: &Value,
        client_ip: &str,
        giver: Option<Uuid>,
        channel: GiftChannel,
    ) -> Result<PaymentView, FunctionsError> {
        let (msisdn, amount, kind) = read_payment_form(body).map_err(FunctionsError::Invalid)?;
        let choice = self.choice().await?;
        if !choice.enabled {
            return Err(FunctionsError::GivingDisabled);
        }
        let provider = choice.provider.clone();
        let reference = kanisa_giving::payment_reference(
            &choice.account_reference,
            kind,
            Utc::now().timestamp_millis(),
        );
        let client = self.service.get().await?;
        // Each prompt is a PIN request on someone's phone and provider quota: counted per client
        // address and per phone (Security settings), 429 when over either.
        client
            .execute(
                "SELECT kanisa.count_payment_prompt($1, $2)",
                &[&client_ip, &msisdn],
            )
            .await?;
        let id: Uuid = client
            .query_one(
                INSERT_PAYMENT,
                &[
                    &reference,
                    &(amount as i64),
                    &msisdn,
                    &kind.stored(),
                    &provider.kind().stored(),
                    &provider.simulated(),
                    &provider.first_query_after().as_secs_f64(),
                    &self.setup.expire_after.as_secs_f64(),
                    &giver,
                    &channel.stored(),
                ],
            )
            .await?
            .get(0);
        drop(client);
        let prompt = Prompt {
            reference: reference.clone(),
            msisdn,
            amount,
            description: format!("{} gift", kind.code()),
            callback_url: self.callback_url(provider.kind()).await?,
        };
        let answer = provider.prompt(&prompt).await;
        if let Ok(accepted) = &answer {
            self.store_accepted(id, accepted).await?;
        }
        let client = self.service.get().await?;
        match answer {
            Ok(accepted) => {
                record_event(
                    &**client,
                    Some(id),
                    provider.kind(),
                    "prompt",
                    "accepted",
                    None,
                    &accepted.raw,
                )
                .await?;
            }
            Err(e) => {
                // Refused: the prompt was not sent. Unreachable: nobody knows; the row stays
                // matchable by a late callback (callbacks.rs) and is shown as an error.
                let (status, code) = match &e {
                    ProviderError::Refused { code, .. } => ("failed", code.clone()),
                    _ => ("error", "unreachable".to_owned()),
                };
                tracing::warn!(payment = %id, error = %e, "the payment prompt was not accepted");
                client
                    .execute(
                        "UPDATE public.payment_logs SET status = $2, result_code = $3, \
                           result_desc = $4, next_check_at = NULL, updated_at = now() \
                         WHERE id = $1 AND status = 'pending'",
                        &[&id, &status, &code, &e.to_string()],
                    )
                    .await?;
                record_event(
                    &**client,
                    Some(id),
                    provider.kind(),
                    "prompt",
                    &format!("refused: {e}"),
                    None,
                    &json!({"error": e.to_string()}),
                )
                .await?;
                return Err(FunctionsError::ProviderUnavailable(
                    provider.kind().unavailable(),
                ));
            }
        }
        self.load(&**client, id).await
    }

    /// Stores the provider's id of an accepted prompt. The phone is already ringing: a busy
    /// database is waited for (about 8 s) rather than leaving a prompt we could not ask about.
    async fn store_accepted(
        &self,
        id: Uuid,
        accepted: &kanisa_payments::Accepted,
    ) -> Result<(), FunctionsError> {
        let mut wait = Duration::from_millis(250);
        let mut attempt = 0;
        loop {
            let stored = async {
                let client = self.service.get().await?;
                client
                    .execute(
                        "UPDATE public.payment_logs SET checkout_request_id = $2, \
                           merchant_request_id = $3, transaction_id = $2, result_desc = $4, \
                           provider_payload = $5, updated_at = now() WHERE id = $1",
                        &[
                            &id,
                            &accepted.checkout_id,
                            &accepted.merchant_request_id,
                            &accepted.message,
                            &accepted.raw,
                        ],
                    )
                    .await?;
                Ok::<_, FunctionsError>(())
            }
            .await;
            match stored {
                Err(FunctionsError::Unavailable(e)) if attempt < 5 => {
                    tracing::warn!(payment = %id, error = %e, "storing an accepted prompt waits for the database");
                    tokio::time::sleep(wait).await;
                    wait *= 2;
                    attempt += 1;
                }
                other => return other,
            }
        }
    }

    async fn load<C: tokio_postgres::GenericClient>(
        &self,
        client: &C,
        id: Uuid,
    ) -> Result<PaymentView, FunctionsError> {
        let row = client
            .query_opt(
                &format!("SELECT {VIEW_COLUMNS} FROM public.payment_logs WHERE id = $1"),
                &[&id],
            )
            .await?
            .ok_or_else(not_found)?;
        Ok(view(&row))
    }

    /// `GET /functions/v1/payments/{id}`: the payment as recorded; when it is pending and due
    /// a check, the provider is asked first (one asker at a time across instances, never
    /// faster than the provider allows).
    pub async fn status(&self, id: &str) -> Result<PaymentView, FunctionsError> {
        let id: Uuid = id.parse().map_err(|_| not_found())?;
        let due = {
            let client = self.service.get().await?;
            claim_check(&**client, Some(id), None, 1).await?
        };
        for d in due {
            self.check(&d).await?;
        }
        let client = self.service.get().await?;
        self.load(&**client, id).await
    }

    /// Asks the provider about a claimed payment and applies the answer; past its expiry a
    /// payment the provider still has no final word on is closed as expired.
    pub(crate) async fn check(&self, due: &Due) -> Result<(), FunctionsError> {
        let choice = self.choice().await?;
        let provider = &choice.provider;
        let expired = due.expires_at <= Utc::now();
        let answer = match &due.checkout_id {
            Some(checkout) if provider.kind().stored() == due.provider => {
                Some(provider.query(checkout).await)
            }
            _ => None,
        };
        let client = self.service.get().await?;
        match answer {
            Some(Ok(a)) => {
                let receipt = match (&a.receipt, a.outcome) {
                    (None, Outcome::Completed) => last_callback_receipt(&**client, due.id).await?,
                    (r, _) => r.clone(),
                };
                let verdict = settle(
                    &**client,
                    due.id,
                    &Answer {
                        receipt,
                        ..a.clone()
                    },
                )
                .await?;
                record_event(
                    &**client,
                    Some(due.id),
                    provider.kind(),
                    "query",
                    &verdict,
                    None,
                    &a.raw,
                )
                .await?;
                if verdict == "pending" && expired {
                    expire(&**client, due.id).await?;
                }
            }
            Some(Err(e)) => {
                tracing::warn!(payment = %due.id, error = %e, "payment status query failed");
                record_event(
                    &**client,
                    Some(due.id),
                    provider.kind(),
                    "query",
                    &format!("failed: {e}"),
                    None,
                    &json!({"error": e.to_string()}),
                )
                .await?;
                // A provider that cannot be asked may have taken the money: the payment stays
                // pending (asked again with the back-off) for an hour past its expiry.
                if due.expires_at + chrono::Duration::hours(1) <= Utc::now() {
                    expire(&**client, due.id).await?;
                }
            }
            None if expired => expire(&**client, due.id).await?,
            None => {}
        }
        Ok(())
    }
}

fn not_found() -> FunctionsError {
    FunctionsError::NotFound("No such payment".into())
}

/// A pending payment claimed for a status check.
#[derive(Debug)]
pub(crate) struct Due {
    pub id: Uuid,
    pub checkout_id: Option<String>,
    pub provider: String,
    pub expires_at: DateTime<Utc>,
}

/// Claims pending payments due a check — `id`'s only, or up to `limit` at least `older` old —
/// moving their next check on by the back-off (10 s, 20 s, 40 s, then every minute; demo
/// mode every 2 s), so that of several askers (polls, instances, the reconciliation job) one
/// asks the provider.
pub(crate) async fn claim_check<C: tokio_postgres::GenericClient>(
    client: &C,
    id: Option<Uuid>,
    older: Option<Duration>,
    limit: i64,
) -> Result<Vec<Due>, FunctionsError> {
    let rows = client
        .query(
            "UPDATE public.payment_logs p \
                SET checks = p.checks + 1, \
                    next_check_at = now() + CASE WHEN p.is_simulated THEN interval '2 seconds' \
                      ELSE least(interval '60 seconds', interval '10 seconds' * power(2, least(p.checks, 3))) END \
              WHERE p.id IN (SELECT x.id FROM public.payment_logs x \
                              WHERE x.status = 'pending' AND x.next_check_at <= now() \
                                AND ($1::uuid IS NULL OR x.id = $1) \
                                AND ($2::float8 IS NULL OR x.created_at <= now() - make_interval(secs => $2)) \
                              ORDER BY x.next_check_at LIMIT $3 FOR UPDATE SKIP LOCKED) \
              RETURNING p.id, p.checkout_request_id, p.payment_provider, p.expires_at",
            &[&id, &older.map(|d| d.as_secs_f64()), &limit],
        )
        .await?;
    Ok(rows
        .iter()
        .map(|r| Due {
            id: r.get(0),
            checkout_id: r.get(1),
            provider: r.get(2),
            expires_at: r.get(3),
        })
        .collect())
}

/// Applies a provider's answer through `kanisa.settle_payment`: what happened.
pub(crate) async fn settle<C: tokio_postgres::GenericClient>(
    client: &C,
    id: Uuid,
    a: &Answer,
) -> Result<String, FunctionsError> {
    let outcome = a.outcome.stored();
    let row = client
        .query_one(
            "SELECT kanisa.settle_payment($1, $2, $3, $4, $5, $6::text::numeric, $7, $8, $9)",
            &[
                &id,
                &outcome,
                &a.code,
                &a.description,
                &a.receipt,
                &a.amount,
                &a.phone,
                &a.paid_at,
                &a.parameters,
            ],
        )
        .await?;
    let verdict: String = row.get(0);
    if verdict == "completed" {
        tracing::info!(payment = %id, receipt = ?a.receipt, "payment completed");
    }
    Ok(verdict)
}

/// Closes a payment that never reached a final answer.
async fn expire<C: tokio_postgres::GenericClient>(
    client: &C,
    id: Uuid,
) -> Result<(), FunctionsError> {
    let a = Answer {
        outcome: Outcome::Expired,
        code: "1037".into(),
        description: "No answer from the phone before the payment expired".into(),
        receipt: None,
        amount: None,
        phone: None,
        paid_at: None,
        parameters: None,
        raw: Value::Null,
    };
    settle(client, id, &a).await?;
    Ok(())
}

/// The receipt of the last callback that reported this payment a success (a status query
/// confirms success without a receipt).
async fn last_callback_receipt<C: tokio_postgres::GenericClient>(
    client: &C,
    id: Uuid,
) -> Result<Option<String>, FunctionsError> {
    let rows = client
        .query(
            "SELECT provider, result, payload FROM kanisa.payment_events WHERE payment_id = $1 AND kind = 'callback' \
               AND verdict NOT LIKE 'refused%' AND verdict NOT IN ('mismatch', 'receipt_reused') \
             ORDER BY id DESC LIMIT 5",
            &[&id],
        )
        .await?;
    Ok(rows.iter().find_map(|r| {
        kept_result(r.get(0), r.get(1), r.get(2))
            .ok()
            .and_then(|cb| cb.answer.receipt)
    }))
}

/// What was read from a kept prompt result (`payment_events.result`, migration 0049): the
/// payload is read once, when it arrives. An event kept before 0049 has only its payload, read
/// as it was.
pub(crate) fn kept_result(
    provider: &str,
    result: Option<Value>,
    payload: Option<Value>,
) -> Result<PaymentResult, String> {
    match (result, payload) {
        (Some(result), _) => serde_json::from_value(result)
            .map_err(|e| format!("the kept result cannot be read: {e}")),
        (None, Some(payload)) => {
            let provider = ProviderKind::parse(provider).unwrap_or(ProviderKind::Mpesa);
            parse_callback(provider, &payload).map_err(|e| e.to_string())
        }
        (None, None) => Err("the event keeps no result".into()),
    }
}

/// Keeps a provider message and what was done with it (`kanisa.payment_events`).
pub(crate) async fn record_event<C: tokio_postgres::GenericClient>(
    client: &C,
    payment: Option<Uuid>,
    provider: ProviderKind,
    kind: &str,
    verdict: &str,
    remote: Option<&str>,
    payload: &Value,
) -> Result<i64, FunctionsError> {
    let row = client
        .query_one(
            "INSERT INTO kanisa.payment_events (payment_id, provider, kind, verdict, remote_addr, payload) \
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
            &[&payment, &provider.stored(), &kind, &verdict, &remote, payload],
        )
        .await?;
    Ok(row.get(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_donors_form() {
        let (phone, amount, kind) = read_payment_form(
            &json!({"phone": "0712 345-678", "amount": 1000, "givingType": "tithe"}),
        )
        .unwrap();
        assert_eq!(
            (phone.as_str(), amount, kind),
            ("254712345678", 1000, GivingType::Tithe)
        );
        let (_, amount, kind) = read_payment_form(
            &json!({"phone": "+254112345678", "amount": "2,500", "givingType": "special"}),
        )
        .unwrap();
        assert_eq!((amount, kind), (2500, GivingType::SpecialProject));
        assert_eq!(
            read_payment_form(&json!({"phone": "0712345678", "amount": 1000.0}))
                .unwrap()
                .2,
            GivingType::Tithe,
            "the type defaults to tithe"
        );
        let errors = read_payment_form(
            &json!({"phone": "0812345678", "amount": 0.5, "givingType": "bribe"}),
        )
        .unwrap_err();
        assert_eq!(
            errors.get("phone").map(String::as_str),
            Some("Please enter a valid Kenyan phone number (e.g., 0712345678)")
        );
        assert!(errors.contains_key("amount"), "{errors:?}");
        assert!(errors.contains_key("givingType"));
        let errors = read_payment_form(&json!({})).unwrap_err();
        assert_eq!(
            errors.get("phone").map(String::as_str),
            Some("Phone number and amount are required")
        );
        assert_eq!(
            errors.get("amount").map(String::as_str),
            Some("Phone number and amount are required")
        );
        let errors = read_payment_form(&json!({"phone": "0712345678", "amount": 0})).unwrap_err();
        assert_eq!(
            errors.get("amount").map(String::as_str),
            Some("Amount must be at least KES 1")
        );
    }
}
