//! `/functions/v1` without HTTP: the work the apps ask of the server beyond the table API.
//! Today: the public submissions — the request forms and every contact form — validated
//! field by field (`form.rs`), stored as the caller in one transaction whose insert triggers
//! count the abuse limits, resolve the church mailbox and enqueue the delivery (`submit.rs`);
//! the delivery jobs that mail staff and acknowledge the sender (`deliver.rs`); the removal of
//! request files no message names and of old abuse-limit counters (`sweep.rs`: at once for a
//! refused submission, hourly for abandoned uploads); staff's messages to members by SMS and
//! e-mail with their history (`broadcast.rs`) and the automatic event reminders and birthday
//! wishes (`notifications.rs`); and the one answer to "is this channel live, and with which
//! credentials" (`channels.rs`).
//!
//! Owns: the forms' rules and texts, routing and priority, the e-mails' wording, the channel
//! decision. Must not know HTTP (the server renders [`FunctionsError`]), decide who may write
//! a row (the policies do: inserts run as the caller), or speak a provider's wire (that is
//! `kanisa-notify`).
#![forbid(unsafe_code)]

mod backups;
pub mod broadcast;
mod callbacks;
mod channels;
mod deliver;
mod error;
pub mod form;
mod notifications;
mod payments;
mod receipts;
mod reconcile;
mod reply;
pub mod sms;
mod submit;
mod sweep;

use std::sync::Arc;

use kanisa_pg::Pool;
use kanisa_storage::Storage;

pub use backups::{BackupSchedule, Backups, SCHEDULED_BACKUP, ScheduledBackup};
pub use broadcast::{SEND_BROADCAST_EMAIL, SendBroadcastEmail};
pub use callbacks::{PAYMENT_CALLBACK, PaymentCallback};
pub use channels::{Channel, Channels, ChannelsConfig, ServiceModes, SmsSettings, Source, mailer};
pub use deliver::{
    ACKNOWLEDGE_SUBMISSION, AcknowledgeSubmission, Church, Deliveries, LINK_SECS, Link,
    NOTIFY_SUBMISSION, NotifySubmission, Stored, Table, acknowledgement, nairobi, staff_email,
};
pub use error::FunctionsError;
pub use notifications::{NOTIFICATION_SWEEP, NotificationSweep};
pub use payments::{PaymentView, Payments, PaymentsSetup, read_payment_form};
pub use receipts::{Gift, PAYMENT_RECEIPT, PaymentReceipt, receipt_email, receipt_sms};
pub use reconcile::{RECONCILE_EVERY, RECONCILE_PAYMENTS, ReconcilePayments};
pub use reply::{REPLY_MESSAGE, ReplyMessage};
pub use sms::{SEND_SMS, SendSms, SmsContext};
pub use submit::{BUCKET, Receipt};
pub use sweep::{HOURLY_SWEEP, HourlySweep, SWEEP_EVERY, SweepContext, remove_unclaimed};

/// What the jobs that send e-mail need: the mailer [`Channels`] chose and owner connections.
#[derive(Clone)]
pub struct Mailing {
    pub mailer: Arc<dyn kanisa_notify::Mailer>,
    pub service: Pool,
}

/// The functions called with `POST /functions/v1/{name}` (`Functions::invoke`).
pub const FUNCTIONS: [&str; 5] = [
    "submit-request",
    "contact-message",
    "send-message",
    "reply-message",
    "send-broadcast",
];

/// The functions' shared parts.
pub struct Functions {
    /// API connections (`authenticator`): inserts run as the caller.
    api: Pool,
    /// Owner connections: reading uploads' metadata, enqueueing staff-requested jobs.
    service: Pool,
    storage: Option<Arc<Storage>>,
    channels: Arc<Channels>,
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
            api,
            service,
            storage,
            channels,
            payments: None,
        }
    }

    /// Serve online giving with these payments.
    pub fn with_payments(mut self, payments: Arc<Payments>) -> Functions {
        self.payments = Some(payments);
        self
    }

    /// Online giving, when set up.
    pub fn payments(&self) -> Result<&Arc<Payments>, FunctionsError> {
        self.payments
            .as_ref()
            .ok_or_else(|| FunctionsError::NotFound("Online giving is not set up".into()))
    }

    /// `GET /functions/v1/service-modes`: which channels are live and, for payments, which
    /// provider and whether online giving is on. Never a credential.
    pub async fn service_modes(&self) -> serde_json::Value {
        let mut value = serde_json::json!(self.channels.modes().await);
        value["payments"] = match &self.payments {
            Some(p) => p.mode().await,
            None => payments::Payments::demo_mode(),
        };
        value
    }

    /// Runs the function `name` (`POST /functions/v1/{name}`) with a JSON body as `caller`:
    /// its success status and answer.
    ///
    /// - `submit-request`: a request form of the submissions page → 201 [`Receipt`];
    /// - `contact-message`: a contact form → 201 [`Receipt`];
    /// - `send-message` `{messageId}`: staff send a stored message's e-mail again → 202;
    /// - `reply-message` `{messageId, subject, body}`: staff answer the sender by e-mail → 202;
    /// - `send-broadcast`: staff's SMS / e-mail to members → 200 preview or 202 queued.
    pub async fn invoke(
        &self,
        name: &str,
        caller: &kanisa_pg::Caller,
        body: &serde_json::Value,
    ) -> Result<(u16, serde_json::Value), FunctionsError> {
        let receipt = |r: Receipt| (201, serde_json::json!(r));
        match name {
            "submit-request" => self.submit_request(caller, body).await.map(receipt),
            "contact-message" => self.contact_message(caller, body).await.map(receipt),
            "send-message" => Ok((202, self.send_message_again(caller, body).await?)),
            "reply-message" => Ok((202, self.reply_message(caller, body).await?)),
            "send-broadcast" => self.send_broadcast(caller, body).await,
            _ => Err(FunctionsError::NotFound(format!(
                "No function named {name:?}: {} are called with POST, service-modes with GET",
                FUNCTIONS.join(", ")
            ))),
        }
    }

    /// Whether `caller` may send messages (a reply, a message again, a send to members): only
    /// with `send_communications`, checked in `tx` as the caller. Their user id.
    async fn require_sender(
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

    pub fn channels(&self) -> &Arc<Channels> {
        &self.channels
    }
}
