//! `/functions/v1` without HTTP: the work the apps ask of the server beyond the table API, as
//! features, each a folder (or file) with one service that registers its own endpoints
//! (`routes()`) and its jobs (`jobs()`, the typed shape of kanisa-jobs):
//!
//! - `submissions/` ([`Submissions`]): the public request and contact forms, their delivery
//!   e-mails, staff's replies, the hourly sweep;
//! - `giving/` ([`Payments`]): online gifts by a mobile-money prompt, the providers' callbacks
//!   and paybill confirmations, the reconciliation, receipts;
//! - `messaging/` ([`Messaging`]): staff's messages to members, automatic reminders and
//!   birthday wishes, the SMS delivery reports;
//! - `backups/` ([`Backups`], [`RecoverySheet`]): the scheduled backups and the backup key's
//!   recovery sheet;
//! - `modes.rs` ([`Modes`]): which channels are live.
//!
//! Shared by the features, which import no other feature and nothing from this root:
//! `capabilities.rs` (sending e-mail, the sender check, online giving's modes), `sms.rs` (text
//! messages through the queue, whoever sends), `channels.rs` (which channel is live and with
//! whose credentials), `routes.rs` (a feature's endpoints and the router over them), `error.rs`
//! (the errors with their status and code), `secrets.rs` (the providers' secret path segments).
//! [`Functions`] assembles the features: it hands each its capabilities and collects their
//! routes and jobs; `scripts/architecture-check.sh` holds the features to that.
//!
//! Owns: the forms' rules and texts, routing and priority, the e-mails' wording, the channel
//! decision. Must not know HTTP (the server passes a method, a path and bytes, and renders
//! [`FunctionsError`]), decide who may write a row (the policies do: inserts run as the caller),
//! or speak a provider's wire (that is `kanisa-notify` and `kanisa-payments`).
#![forbid(unsafe_code)]

mod backups;
pub mod capabilities;
mod channels;
mod error;
pub mod giving;
pub mod messaging;
mod modes;
mod routes;
mod secrets;
pub mod signin;
pub mod sms;
pub mod submissions;
mod text;
pub mod ussd;

use std::sync::Arc;
use std::time::Duration;

use kanisa_jobs::Registry;
use kanisa_pg::{Caller, Pool};
use kanisa_storage::Storage;
use serde_json::Value;

use capabilities::GivingModes;

pub use backups::{
    BACKUP_DRILL, BackupDrill, BackupSchedule, Backups, BaseBackups, DumpBackups, RecoverySheet,
    SCHEDULED_BACKUP, ScheduledBackup, dump_key,
};
pub use capabilities::Mailing;
pub use channels::{Channel, Channels, ChannelsConfig, ServiceModes, SmsSettings, Source, mailer};
pub use error::{FieldErrors, FunctionsError};
pub use giving::{
    PAYMENT_CALLBACK, PAYMENT_RECEIPT, PaymentCallback, PaymentReceipt, PaymentView, Payments,
    PaymentsSetup, RECONCILE_EVERY, RECONCILE_PAYMENTS, ReconcilePayments, read_payment_form,
};
pub use messaging::broadcast;
pub use messaging::{
    Messaging, NOTIFICATION_SWEEP, NotificationSweep, SEND_BROADCAST_EMAIL, SendBroadcastEmail,
};
pub use modes::Modes;
pub use routes::{Answer, BodyKind, Reply, Request, Route, Router, TextAnswer};
pub use signin::{
    SEND_SIGN_IN_CODE, SWEEP_SIGN_IN_CODES, SendSignInCode, SignIn, SweepSignInCodes,
};
pub use sms::{SEND_SMS, SendSms, SmsContext};
pub use submissions::form;
pub use submissions::{
    ACKNOWLEDGE_SUBMISSION, AcknowledgeSubmission, BUCKET, Deliveries, HOURLY_SWEEP, HourlySweep,
    NOTIFY_SUBMISSION, NotifySubmission, REPLY_MESSAGE, Receipt, ReplyMessage, SWEEP_EVERY,
    Submissions, SweepContext, Table, remove_unclaimed,
};
pub use ussd::Ussd;

/// One request to `/functions/v1`, as the server read it.
#[derive(Debug)]
pub struct Call<'a> {
    /// Who asks (the token verified), or why the token was refused: only the endpoints that
    /// act as the caller need one.
    pub caller: Result<Caller, kanisa_auth::JwtError>,
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

/// The features, assembled: each made with the capabilities it needs, their routes in one
/// [`Router`] and their jobs in one registry.
pub struct Functions {
    channels: Arc<Channels>,
    /// API connections (as the caller), for the features made again with a setting.
    api: Pool,
    /// Owner connections, for the shared text-message queue's job and the realtime prune.
    service: Pool,
    submissions: Arc<Submissions>,
    messaging: Arc<Messaging>,
    payments: Option<Arc<Payments>>,
    recovery_sheet: Option<Arc<RecoverySheet>>,
    modes: Arc<Modes>,
    sign_in: Option<Arc<SignIn>>,
    ussd: Option<Arc<Ussd>>,
    router: Router,
}

impl Functions {
    pub fn new(
        api: Pool,
        service: Pool,
        storage: Option<Arc<Storage>>,
        channels: Arc<Channels>,
    ) -> Functions {
        Functions {
            submissions: Arc::new(Submissions::new(
                api.clone(),
                service.clone(),
                storage,
                channels.clone(),
            )),
            messaging: Arc::new(Messaging::new(
                api.clone(),
                service.clone(),
                channels.clone(),
            )),
            modes: Arc::new(Modes::new(channels.clone(), None)),
            channels,
            api,
            service,
            payments: None,
            recovery_sheet: None,
            sign_in: None,
            ussd: None,
            router: Router::default(),
        }
        .assembled()
    }

    /// The router over every feature's routes, made again after a feature is added.
    fn assembled(mut self) -> Functions {
        let mut routes = Vec::new();
        routes.extend(self.modes.routes());
        routes.extend(self.submissions.routes());
        routes.extend(self.messaging.routes());
        if let Some(payments) = &self.payments {
            routes.extend(payments.routes());
        }
        if let Some(ussd) = &self.ussd {
            routes.extend(ussd.routes());
        }
        if let Some(sheet) = &self.recovery_sheet {
            routes.extend(sheet.routes());
        }
        self.router = match Router::new(routes) {
            Ok(router) => router,
            // Two features claiming one path is a wiring mistake: refused at start.
            Err(e) => panic!("{e}"),
        };
        self
    }

    /// Serve online giving with these payments.
    pub fn with_payments(mut self, payments: Arc<Payments>) -> Functions {
        let giving: Arc<dyn GivingModes> = payments.clone();
        self.modes = Arc::new(Modes::new(self.channels.clone(), Some(giving)));
        // The USSD menu gives through these payments and answers under their callback secret.
        let prompts: Arc<dyn capabilities::GiftPrompts> = payments.clone();
        self.ussd = Some(Arc::new(Ussd::new(self.service.clone(), prompts)));
        self.payments = Some(payments);
        self.assembled()
    }

    /// SMS delivery reports are posted under this secret (`KANISA_SMS_REPORT_SECRET`; else one
    /// is made and kept in the database).
    pub fn with_sms_report_secret(mut self, secret: Option<String>) -> Functions {
        self.messaging = Arc::new(
            Messaging::new(
                self.api.clone(),
                self.service.clone(),
                self.channels.clone(),
            )
            .with_report_secret(secret),
        );
        self.assembled()
    }

    /// Answer the backup key's recovery sheet (encrypted backups).
    pub fn with_recovery_sheet(mut self, sheet: RecoverySheet) -> Functions {
        self.recovery_sheet = Some(Arc::new(sheet));
        self.assembled()
    }

    /// Members sign in by phone with codes from this auth service (its `send_sign_in_code`
    /// job and sweep).
    pub fn with_sign_in(mut self, auth: Arc<kanisa_auth::Auth>) -> Functions {
        self.sign_in = Some(Arc::new(SignIn::new(
            auth,
            self.channels.clone(),
            self.service.clone(),
        )));
        self
    }

    /// The USSD menu, when online giving is set up.
    pub fn ussd(&self) -> Option<&Arc<Ussd>> {
        self.ussd.as_ref()
    }

    /// Phone sign-in, when set up.
    pub fn sign_in(&self) -> Option<&Arc<SignIn>> {
        self.sign_in.as_ref()
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
        self.modes.answer().await
    }

    /// Every route the features registered: method and pattern (`{x}` for a segment).
    pub fn routes(&self) -> Vec<(&'static str, &'static str)> {
        self.router
            .routes()
            .map(|r| (r.method, r.pattern))
            .collect()
    }

    /// A request to `/functions/v1/{path}` with `method`: the route the features registered,
    /// its body read as it takes it (JSON, or form fields), and its feature's answer — the
    /// success status and body.
    pub async fn handle(
        &self,
        method: &str,
        path: &str,
        call: Call<'_>,
    ) -> Result<Reply, FunctionsError> {
        let (route, params) = self.router.find(method, path)?;
        let (body, form) = match route.body {
            BodyKind::Json => (read_json(call.body)?, Vec::new()),
            BodyKind::Form => (
                Value::Null,
                url::form_urlencoded::parse(call.body)
                    .map(|(k, v)| (k.into_owned(), v.into_owned()))
                    .collect(),
            ),
            BodyKind::None => (Value::Null, Vec::new()),
        };
        route
            .answer(Request {
                params,
                body,
                form,
                caller: call.caller,
                client_ip: call.client_ip.to_owned(),
            })
            .await
    }

    /// Every feature's jobs and periodic kinds, with `kanisa-notify`'s `send_email`: the one
    /// registry the server's workers run.
    pub fn jobs(&self, setup: JobsSetup) -> Registry {
        let mailer = mailer(&self.channels);
        let mut registry = Registry::new()
            .job::<kanisa_notify::SendEmail>(mailer.clone())
            .job::<SendSms>((self.channels.clone(), self.service.clone()));
        registry = self
            .submissions
            .jobs(registry, mailer.clone(), &setup.public_url);
        registry = self.messaging.jobs(registry, mailer, setup.notify_every);
        if let Some(payments) = &self.payments {
            registry = payments.jobs(registry, setup.reconcile_every);
        }
        if let Some(sign_in) = &self.sign_in {
            registry = sign_in.jobs(registry);
        }
        if let Some(ussd) = &self.ussd {
            registry = ussd.jobs(registry);
        }
        if let Some(backups) = setup.backups {
            registry = backups.jobs(registry);
        }
        // The change table grows with every change of a published table (realtime.publish,
        // migration 0052) whether or not a socket listens: its prune runs wherever jobs do.
        kanisa_realtime::feed::jobs(registry, self.service.clone())
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
