//! `/functions/v1` without HTTP: the work the apps ask of the server beyond the table API, as
//! features, each a folder with one service, its jobs (`jobs()`, the typed shape of
//! kanisa-jobs) and its endpoints in the one route table (`routes.rs`):
//!
//! - `submissions/` ([`Submissions`]): the public request and contact forms, their delivery
//!   e-mails, staff's replies, the hourly sweep;
//! - `giving/` ([`Payments`]): online gifts by a mobile-money prompt, the providers' callbacks
//!   and paybill confirmations, the reconciliation, receipts;
//! - `messaging/` ([`Messaging`]): staff's messages to members, automatic reminders and
//!   birthday wishes, text messages and their delivery reports;
//! - `backups/` ([`Backups`]): the scheduled backups.
//!
//! Shared by the features: which channel is live and with whose credentials (`channels.rs`),
//! the errors with their status and code (`error.rs`), the providers' secret path segments
//! (`secrets.rs`).
//!
//! Owns: the forms' rules and texts, routing and priority, the e-mails' wording, the channel
//! decision. Must not know HTTP (the server passes a method, a path and bytes, and renders
//! [`FunctionsError`]), decide who may write a row (the policies do: inserts run as the caller),
//! or speak a provider's wire (that is `kanisa-notify` and `kanisa-payments`).
#![forbid(unsafe_code)]

mod backups;
mod channels;
mod error;
pub mod giving;
pub mod messaging;
mod routes;
mod secrets;
pub mod submissions;
mod text;

use std::sync::Arc;
use std::time::Duration;

use kanisa_jobs::Registry;
use kanisa_pg::{Caller, Pool};
use kanisa_storage::Storage;
use serde_json::{Value, json};

pub use backups::{
    BACKUP_DRILL, BackupDrill, BackupSchedule, Backups, BaseBackups, DumpBackups, SCHEDULED_BACKUP,
    ScheduledBackup, dump_key,
};
pub use channels::{Channel, Channels, ChannelsConfig, ServiceModes, SmsSettings, Source, mailer};
pub use error::{FieldErrors, FunctionsError};
pub use giving::{
    PAYMENT_CALLBACK, PAYMENT_RECEIPT, PaymentCallback, PaymentReceipt, PaymentView, Payments,
    PaymentsSetup, RECONCILE_EVERY, RECONCILE_PAYMENTS, ReconcilePayments, read_payment_form,
};
pub use messaging::broadcast;
pub use messaging::sms;
pub use messaging::{
    Messaging, NOTIFICATION_SWEEP, NotificationSweep, SEND_BROADCAST_EMAIL, SEND_SMS,
    SendBroadcastEmail, SendSms, SmsContext,
};
pub use routes::{BodyKind, Endpoint, ROUTES, route};
pub use submissions::form;
pub use submissions::{
    ACKNOWLEDGE_SUBMISSION, AcknowledgeSubmission, BUCKET, Deliveries, HOURLY_SWEEP, HourlySweep,
    NOTIFY_SUBMISSION, NotifySubmission, REPLY_MESSAGE, Receipt, ReplyMessage, SWEEP_EVERY,
    Submissions, SweepContext, Table, remove_unclaimed,
};

/// What the jobs that send e-mail need: the mailer [`Channels`] chose and owner connections.
#[derive(Clone)]
pub struct Mailing {
    pub mailer: Arc<dyn kanisa_notify::Mailer>,
    pub service: Pool,
}

/// One request to `/functions/v1`, as the server read it.
#[derive(Debug)]
pub struct Call<'a> {
    /// Who asks (the token verified), or why the token was refused: only the endpoints that
    /// act as the caller need one.
    pub caller: Result<Caller, String>,
    /// The real client address.
    pub client_ip: &'a str,
    /// The body's bytes (bounded by the server).
    pub body: &'a [u8],
}

/// What the jobs of every feature need besides the services.
pub struct JobsSetup {
    /// The site's address, for the links in e-mails.
    pub public_url: String,
    /// Between two payment reconciliations.
    pub reconcile_every: Duration,
    /// Between two looks for due reminders and birthday wishes.
    pub notify_every: Duration,
    /// The scheduled backups, when this server makes them.
    pub backups: Option<Backups>,
}

/// The features, behind the one route table.
pub struct Functions {
    channels: Arc<Channels>,
    submissions: Submissions,
    messaging: Messaging,
    payments: Option<Arc<Payments>>,
}

impl Functions {
    pub fn new(
        api: Pool,
        service: Pool,
        storage: Option<Arc<Storage>>,
        channels: Arc<Channels>,
    ) -> Functions {
        Functions {
            submissions: Submissions::new(api.clone(), service.clone(), storage, channels.clone()),
            messaging: Messaging::new(api, service, channels.clone()),
            channels,
            payments: None,
        }
    }

    /// Serve online giving with these payments.
    pub fn with_payments(mut self, payments: Arc<Payments>) -> Functions {
        self.payments = Some(payments);
        self
    }

    /// SMS delivery reports are posted under this secret (`KANISA_SMS_REPORT_SECRET`; else one
    /// is made and kept in the database).
    pub fn with_sms_report_secret(mut self, secret: Option<String>) -> Functions {
        self.messaging = self.messaging.with_report_secret(secret);
        self
    }

    /// Online giving, when set up.
    pub fn payments(&self) -> Result<&Arc<Payments>, FunctionsError> {
        self.payments
            .as_ref()
            .ok_or_else(|| FunctionsError::NotFound("Online giving is not set up".into()))
    }

    pub fn messaging(&self) -> &Messaging {
        &self.messaging
    }

    pub fn channels(&self) -> &Arc<Channels> {
        &self.channels
    }

    /// `GET /functions/v1/service-modes`: which channels are live and, for payments, which
    /// provider and whether online giving is on. Never a credential.
    pub async fn service_modes(&self) -> Value {
        let mut value = json!(self.channels.modes().await);
        value["payments"] = match &self.payments {
            Some(p) => p.mode().await,
            None => Payments::demo_mode(),
        };
        value
    }

    /// A request to `/functions/v1/{path}` with `method`: the endpoint from the route table,
    /// its body read as it takes it (JSON, or form fields), and its feature's answer — the
    /// success status and body.
    pub async fn handle(
        &self,
        method: &str,
        path: &str,
        call: Call<'_>,
    ) -> Result<(u16, Value), FunctionsError> {
        let endpoint = route(method, path)?;
        let body = match endpoint.body() {
            BodyKind::Json => read_json(call.body)?,
            BodyKind::None | BodyKind::Form => Value::Null,
        };
        let caller = || call.caller.clone().map_err(FunctionsError::Unauthorized);
        let receipt = |r: Receipt| (201, json!(r));
        match endpoint {
            Endpoint::ServiceModes => Ok((200, self.service_modes().await)),
            Endpoint::SubmitRequest => self
                .submissions
                .submit_request(&caller()?, &body)
                .await
                .map(receipt),
            Endpoint::ContactMessage => self
                .submissions
                .contact_message(&caller()?, &body)
                .await
                .map(receipt),
            Endpoint::SendMessage => Ok((
                202,
                self.submissions
                    .send_message_again(&caller()?, &body)
                    .await?,
            )),
            Endpoint::ReplyMessage => Ok((
                202,
                self.submissions.reply_message(&caller()?, &body).await?,
            )),
            Endpoint::SendBroadcast => self.messaging.send_broadcast(&caller()?, &body).await,
            Endpoint::SmsReport { secret } => {
                let form: Vec<(String, String)> = url::form_urlencoded::parse(call.body)
                    .map(|(k, v)| (k.into_owned(), v.into_owned()))
                    .collect();
                let found = self.messaging.delivery_report(&secret, &form).await?;
                Ok((200, sms::report_answer(found)))
            }
            Endpoint::PaymentCreate => {
                let view = self.payments()?.create(&body, call.client_ip).await?;
                Ok((201, json!(view)))
            }
            Endpoint::PaymentStatus { id } => Ok((200, json!(self.payments()?.status(&id).await?))),
            Endpoint::PaymentCallback { provider, secret } => {
                self.payments()?
                    .callback(&provider, &secret, &body, call.client_ip)
                    .await
            }
            Endpoint::Paybill { secret, step } => {
                self.payments()?
                    .paybill(&secret, &step, &body, call.client_ip)
                    .await
            }
        }
    }

    /// Every feature's jobs and periodic kinds, with `kanisa-notify`'s `send_email`: the one
    /// registry the server's workers run.
    pub fn jobs(&self, setup: JobsSetup) -> Registry {
        let mailer = mailer(&self.channels);
        let mut registry = Registry::new().job::<kanisa_notify::SendEmail>(mailer.clone());
        registry = self
            .submissions
            .jobs(registry, mailer.clone(), &setup.public_url);
        registry = self.messaging.jobs(registry, mailer, setup.notify_every);
        if let Some(payments) = &self.payments {
            registry = payments.jobs(registry, setup.reconcile_every);
        }
        if let Some(backups) = setup.backups {
            registry = backups.jobs(registry);
        }
        registry
    }
}

/// A body as the JSON object a function reads: empty is `{}`; not JSON, or holding a NUL
/// character (which PostgreSQL stores in no text), is refused with a message.
pub fn read_json(bytes: &[u8]) -> Result<Value, FunctionsError> {
    let value: Value = serde_json::from_slice(if bytes.is_empty() { b"{}" } else { bytes })
        .map_err(|e| FunctionsError::BadBody(format!("The request body is not valid JSON: {e}")))?;
    if contains_nul(&value) {
        return Err(FunctionsError::BadBody(
            "The form holds a NUL character, which cannot be stored".into(),
        ));
    }
    Ok(value)
}

fn contains_nul(value: &Value) -> bool {
    match value {
        Value::String(s) => s.contains('\0'),
        Value::Array(items) => items.iter().any(contains_nul),
        Value::Object(map) => map.iter().any(|(k, v)| k.contains('\0') || contains_nul(v)),
        Value::Null | Value::Bool(_) | Value::Number(_) => false,
    }
}

/// Whether `caller` may send messages (a reply, a message again, a send to members): only with
/// `send_communications`, checked in `tx` as the caller. Their user id.
pub(crate) async fn require_sender(
    tx: &kanisa_pg::context::CallerTx,
    what: &str,
) -> Result<Option<uuid::Uuid>, FunctionsError> {
    let row = tx
        .client()
        .query_one(
            "SELECT auth.has_any_permission('send_communications'), auth.uid()",
            &[],
        )
        .await?;
    if !row.get::<_, bool>(0) {
        return Err(FunctionsError::Forbidden(format!(
            "{what} needs the send_communications permission"
        )));
    }
    Ok(row.get(1))
}
