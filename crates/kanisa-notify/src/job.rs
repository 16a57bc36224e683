//! The `send_email` job: its payload is an [`Email`]; it is sent with the configured
//! [`Mailer`].

use std::sync::Arc;

use kanisa_jobs::{Job, JobFailure, JobHandler, NewJob};

use crate::{Delivery, Email, MailError, Mailer};

/// The job kind.
pub const SEND_EMAIL: &str = "send_email";

/// Sends the job's e-mail. A permanent refusal fails the job at once; anything else is retried
/// with the queue's back-off.
#[derive(Clone)]
pub struct SendEmail {
    mailer: Arc<dyn Mailer>,
}

impl SendEmail {
    pub fn new(mailer: Arc<dyn Mailer>) -> SendEmail {
        SendEmail { mailer }
    }

    /// The job that sends `email`; `unique_key` names the effect (e.g. `message-staff:<id>`),
    /// so enqueueing it twice sends once.
    pub fn job(email: &Email, unique_key: Option<String>) -> Result<NewJob, MailError> {
        let payload = serde_json::to_value(email)
            .map_err(|e| MailError::Permanent(format!("cannot queue the e-mail: {e}")))?;
        let mut job = NewJob::new(SEND_EMAIL, payload);
        job.unique_key = unique_key;
        Ok(job)
    }
}

impl JobHandler for SendEmail {
    async fn run(&self, job: &Job) -> Result<(), JobFailure> {
        let mut email: Email = serde_json::from_value(job.payload.clone())
            .map_err(|e| JobFailure::permanent(format!("not an e-mail payload: {e}")))?;
        if email.message_id.is_none() {
            email.message_id = Some(format!("job-{}@kanisa", job.id));
        }
        match self.mailer.send(&email).await {
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
