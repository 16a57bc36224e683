//! The `send_email` job: its arguments are an [`Email`] (the payload is the e-mail itself); it
//! is sent with the configured [`Mailer`].

use std::sync::Arc;

use kanisa_jobs::{Job, JobFailure, RunInfo};
use serde::{Deserialize, Serialize};

use crate::{Delivery, Email, Mailer};

/// The job kind.
pub const SEND_EMAIL: &str = "send_email";

/// Sends an e-mail. A permanent refusal fails the job at once; anything else is retried with
/// the queue's back-off.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SendEmail {
    #[serde(flatten)]
    pub email: Email,
    /// Names the effect (e.g. `message-staff:<id>`), so enqueueing it twice sends once. Not
    /// part of the payload: it is the job's unique key.
    #[serde(skip)]
    pub key: Option<String>,
}

impl SendEmail {
    /// The job that sends `email`, queued at most once under `key` when given.
    pub fn new(email: Email, key: Option<String>) -> SendEmail {
        SendEmail { email, key }
    }
}

impl Job for SendEmail {
    const KIND: &'static str = SEND_EMAIL;
    type Context = Arc<dyn Mailer>;

    fn unique_key(&self) -> Option<String> {
        self.key.clone()
    }

    async fn run(self, mailer: &Arc<dyn Mailer>, run: &RunInfo) -> Result<(), JobFailure> {
        let mut email = self.email;
        if email.message_id.is_none() {
            email.message_id = Some(format!("job-{}@kanisa", run.id));
        }
        match mailer.send(&email).await {
            Ok(Delivery::Sent { reply }) => {
                tracing::info!(reply = %reply, "e-mail sent");
                Ok(())
            }
            Ok(Delivery::Simulated) => Ok(()),
            Err(e) if e.is_permanent() => Err(JobFailure::permanent(e.to_string())),
            Err(e) => Err(JobFailure::retry(e.to_string())),
        }
    }
}
