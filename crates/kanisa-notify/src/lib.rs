//! Messages to people, behind provider traits: e-mail through a [`Mailer`] — SMTP with
//! `lettre` ([`SmtpMailer`]) or the demo sender that sends nothing ([`DemoMailer`]) — and the
//! `send_email` job that delivers one through the queue ([`SendEmail`]); text messages through
//! an [`SmsSender`] — Africa's Talking (`africastalking.rs`), Twilio (`twilio.rs`) or the demo
//! sender — with the rules of a send ([`Sms`]), and what the SMS providers report afterwards
//! ([`DeliveryReport`]: read from their forms, answered with [`DeliveryReport::reply`]); and
//! Africa's Talking's USSD callbacks ([`UssdStep`], [`UssdEnd`], [`ussd_reply`]). A new
//! provider is a new file here.
//!
//! Owns: the wire of each provider — requests, answers, reports, replies, hosts — and how its
//! refusals map to permanent or transient failures. Must not know HTTP, the queue's tables (it only implements
//! `kanisa_jobs::JobHandler`), or which application row an e-mail is about: callers build the
//! [`Email`] and enqueue it.
#![forbid(unsafe_code)]

mod africastalking;
mod job;
mod sms;
mod smtp;
mod twilio;
mod ussd;

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};

pub use africastalking::AfricasTalking;
pub use job::{SEND_EMAIL, SendEmail};
pub use sms::{
    DeliveryReport, DemoSms, FinalStatus, Recipient, SMS_PART, Sms, SmsError, SmsFuture, SmsSender,
    UnreadableReport, normalise_number,
};
pub use smtp::SmtpMailer;
pub use twilio::Twilio;
pub use ussd::{UssdEnd, UssdStep, ussd_reply};

/// One e-mail, as it is queued (the `send_email` job's payload) and sent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Email {
    pub to: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply_to: Option<String>,
    pub subject: String,
    /// The plain-text body (always sent).
    pub text: String,
    /// An HTML alternative.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub html: Option<String>,
    /// `Message-ID` (without angle brackets); the `send_email` job sets one from its job, so a
    /// message sent twice (at-least-once) carries the same id and mail clients can fold it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message_id: Option<String>,
    /// The `Message-ID` (without angle brackets) this e-mail answers: sent as `In-Reply-To` and
    /// `References`, so the reader's mail client threads it under that message.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_reply_to: Option<String>,
}

/// What became of a send.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Delivery {
    /// The server accepted it; its reply.
    Sent { reply: String },
    /// Demo mode: nothing left the server.
    Simulated,
}

/// Why an e-mail was not sent.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum MailError {
    /// Sending again cannot help: the server refused for good (a 5xx reply), or the e-mail
    /// itself is wrong (an address that does not parse).
    #[error("e-mail refused: {0}")]
    Permanent(String),
    /// Worth trying later: the server is unreachable, timed out, or asked to retry (4xx).
    #[error("e-mail not sent for now: {0}")]
    Transient(String),
    /// The mail settings are wrong (`KANISA_SMTP_URL`, `KANISA_SMTP_FROM`).
    #[error("{0}")]
    Config(String),
}

impl MailError {
    pub fn is_permanent(&self) -> bool {
        !matches!(self, MailError::Transient(_))
    }
}

/// A future sending one e-mail.
pub type SendFuture<'a> = Pin<Box<dyn Future<Output = Result<Delivery, MailError>> + Send + 'a>>;

/// Sends e-mail. Object-safe, so the sender is chosen at start-up (SMTP or demo).
pub trait Mailer: Send + Sync + 'static {
    fn send<'a>(&'a self, email: &'a Email) -> SendFuture<'a>;

    /// True when nothing really leaves the server (demo mode).
    fn simulated(&self) -> bool {
        false
    }
}

/// The sender without credentials (demo mode): sends nothing, logs the e-mail's subject and
/// recipients as simulated and keeps the e-mails it was given (for tests and the demo).
#[derive(Clone, Default)]
pub struct DemoMailer {
    sent: Arc<Mutex<Vec<Email>>>,
}

impl DemoMailer {
    pub fn new() -> DemoMailer {
        DemoMailer::default()
    }

    /// The e-mails "sent" so far (the most recent 100).
    pub fn sent(&self) -> Vec<Email> {
        self.sent.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

impl Mailer for DemoMailer {
    fn send<'a>(&'a self, email: &'a Email) -> SendFuture<'a> {
        Box::pin(async move {
            tracing::info!(
                to = ?email.to,
                subject = %email.subject,
                "e-mail simulated (demo mode: KANISA_SMTP_URL is not set)"
            );
            let mut sent = self.sent.lock().unwrap_or_else(|e| e.into_inner());
            if sent.len() == 100 {
                sent.remove(0);
            }
            sent.push(email.clone());
            Ok(Delivery::Simulated)
        })
    }

    fn simulated(&self) -> bool {
        true
    }
}

/// The configured sender: SMTP when `url` (`KANISA_SMTP_URL`) is set — then `from`
/// (`KANISA_SMTP_FROM`) is required — otherwise the demo sender.
pub fn mailer_from_config(
    url: Option<&str>,
    from: Option<&str>,
) -> Result<Arc<dyn Mailer>, MailError> {
    match url {
        None => Ok(Arc::new(DemoMailer::new())),
        Some(url) => {
            let from = from.ok_or_else(|| {
                MailError::Config(
                    "KANISA_SMTP_FROM: the sender address is needed when KANISA_SMTP_URL is set"
                        .into(),
                )
            })?;
            Ok(Arc::new(SmtpMailer::new(url, from)?))
        }
    }
}
