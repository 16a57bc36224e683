//! Submissions: the public forms — the request forms and every contact form — read field by
//! field with the spec's rules, routing and priority (`form.rs`), stored as the caller in one
//! transaction whose insert triggers count the abuse limits, resolve the church mailbox and
//! enqueue the delivery (`submit.rs`); the delivery jobs that mail the church mailbox and
//! acknowledge the sender (`deliver.rs`); staff's e-mail reply and "send again" (`reply.rs`,
//! `submit.rs`); and the hourly sweep of request files no message names, old abuse-limit
//! counters and idempotency keys (`sweep.rs`).
//!
//! Owns: the forms' rules and texts, the submissions' e-mails and their jobs. Must not decide
//! who may write a row (the policies do: inserts run as the caller).
//!
//! # A submission's way
//!
//! 1. The page uploads attachments first (`/storage/v1`, into a request folder under
//!    server-made names).
//! 2. The form is read (`form.rs`): the honeypot filled → `submission_refused`; each field with
//!    the spec's rules → `validation_failed` with `fields`. The category decides the table
//!    (`prayer_requests`, or `messages` with recipient, priority and the marker sections the
//!    back office parses). One-line fields lose CR/LF.
//! 3. The attachments named are claimed (uploaded within a day, one submission each).
//! 4. One transaction as the caller inserts the row; its triggers (migrations 0014, 0026) count
//!    the abuse limits (per client address and e-mail, shared by every instance → 429 with
//!    `Retry-After`), resolve the recipient's church mailbox (a client never chooses where the
//!    server sends mail) and queue `notify_submission` and `acknowledge_submission`. The table
//!    API's direct insert goes through the same triggers.
//! 5. A refused submission removes the files it named.
//! 6. An `idempotencyKey` (the phone's outbox gives each form one) is claimed in the insert's
//!    transaction, tied to the sender and the content (`auth.claim_submission_key`): a second
//!    send answers `duplicate: true`, racing copies wait for the first, the same key with
//!    other content is a 409, and a refused send frees the key.

mod deliver;
pub mod form;
mod reply;
mod submit;
mod sweep;

use std::sync::Arc;

use kanisa_jobs::Registry;
use kanisa_notify::Mailer;
use kanisa_pg::Pool;
use kanisa_storage::Storage;
use serde_json::json;

use crate::capabilities::Mailing;
use crate::channels::Channels;
use crate::routes::{BodyKind, Route};

pub use deliver::{
    ACKNOWLEDGE_SUBMISSION, AcknowledgeSubmission, Church, Deliveries, LINK_SECS, Link,
    NOTIFY_SUBMISSION, NotifySubmission, Stored, Table, acknowledgement, nairobi, staff_email,
};
pub use reply::{REPLY_MESSAGE, ReplyMessage};
pub use submit::{BUCKET, Receipt};
pub use sweep::{HOURLY_SWEEP, HourlySweep, SWEEP_EVERY, SweepContext, remove_unclaimed};

/// The submissions feature: its functions and jobs.
pub struct Submissions {
    /// API connections (`authenticator`): inserts run as the caller.
    pub(crate) api: Pool,
    /// Owner connections: reading uploads' metadata, enqueueing staff-requested jobs.
    pub(crate) service: Pool,
    pub(crate) storage: Option<Arc<Storage>>,
    pub(crate) channels: Arc<Channels>,
}

impl Submissions {
    pub fn new(
        api: Pool,
        service: Pool,
        storage: Option<Arc<Storage>>,
        channels: Arc<Channels>,
    ) -> Submissions {
        Submissions {
            api,
            service,
            storage,
            channels,
        }
    }

    /// The feature's endpoints: the public request and contact forms, and staff's "send
    /// again" and e-mail reply.
    pub fn routes(self: &Arc<Self>) -> Vec<Route> {
        vec![
            Route::to("POST", "submit-request", BodyKind::Json, self, |s, r| {
                Box::pin(
                    async move { Ok((201, json!(s.submit_request(r.caller()?, &r.body).await?))) },
                )
            }),
            Route::to("POST", "contact-message", BodyKind::Json, self, |s, r| {
                Box::pin(
                    async move { Ok((201, json!(s.contact_message(r.caller()?, &r.body).await?))) },
                )
            }),
            Route::to("POST", "send-message", BodyKind::Json, self, |s, r| {
                Box::pin(
                    async move { Ok((202, s.send_message_again(r.caller()?, &r.body).await?)) },
                )
            }),
            Route::to("POST", "reply-message", BodyKind::Json, self, |s, r| {
                Box::pin(async move { Ok((202, s.reply_message(r.caller()?, &r.body).await?)) })
            }),
        ]
    }

    /// Registers the feature's jobs: the church mailbox's e-mail and the sender's
    /// acknowledgement of each submission, staff's replies, and the hourly sweep (periodic).
    /// E-mail goes through `mailer`; links in it start with `public_url`.
    pub fn jobs(&self, registry: Registry, mailer: Arc<dyn Mailer>, public_url: &str) -> Registry {
        let deliveries = Deliveries::new(
            self.service.clone(),
            mailer.clone(),
            self.storage.clone(),
            public_url,
        );
        let registry = registry
            .job::<NotifySubmission>(deliveries.clone())
            .job::<AcknowledgeSubmission>(deliveries)
            .job::<ReplyMessage>(Mailing {
                mailer,
                service: self.service.clone(),
            });
        match &self.storage {
            Some(storage) => registry
                .job::<HourlySweep>((self.service.clone(), storage.clone()))
                .every::<HourlySweep>(SWEEP_EVERY),
            None => registry,
        }
    }
}
