//! `/functions/v1` without HTTP: the work the apps ask of the server beyond the table API.
//! Today: the public submissions — the request forms and every contact form — validated
//! field by field (`form.rs`), stored as the caller in one transaction whose insert triggers
//! count the abuse limits, resolve the church mailbox and enqueue the delivery (`submit.rs`);
//! the delivery jobs that mail staff and acknowledge the sender (`deliver.rs`); the removal of
//! request files no message names and of old abuse-limit counters (`sweep.rs`: at once for a
//! refused submission, hourly for abandoned uploads); and the one
//! answer to "is this channel live, and with which credentials" (`channels.rs`).
//!
//! Owns: the forms' rules and texts, routing and priority, the e-mails' wording, the channel
//! decision. Must not know HTTP (the server renders [`FunctionsError`]), decide who may write
//! a row (the policies do: inserts run as the caller), or speak a provider's wire (that is
//! `kanisa-notify`).
#![forbid(unsafe_code)]

mod channels;
mod deliver;
mod error;
pub mod form;
mod submit;
mod sweep;

use std::sync::Arc;

use kanisa_pg::Pool;
use kanisa_storage::Storage;

pub use channels::{Channel, Channels, ChannelsConfig, ServiceModes, Source, mailer};
pub use deliver::{
    ACKNOWLEDGE_SUBMISSION, AcknowledgeSubmission, Church, Deliveries, LINK_SECS, Link,
    NOTIFY_SUBMISSION, NotifySubmission, Stored, Table, acknowledgement, nairobi, staff_email,
};
pub use error::FunctionsError;
pub use submit::{BUCKET, Receipt};
pub use sweep::{HOURLY_SWEEP, HourlySweep, remove_unclaimed, schedule_sweep};

/// The functions' shared parts.
pub struct Functions {
    /// API connections (`authenticator`): inserts run as the caller.
    api: Pool,
    /// Owner connections: reading uploads' metadata, enqueueing staff-requested jobs.
    service: Pool,
    storage: Option<Arc<Storage>>,
    channels: Arc<Channels>,
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
        }
    }

    pub fn channels(&self) -> &Arc<Channels> {
        &self.channels
    }
}
