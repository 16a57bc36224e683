//! Text messages through the job queue: a send is one `kanisa.sms_deliveries` row per recipient
//! (queued) and a `send_sms` job, written in one transaction by whoever asks (receipts now, the
//! Communication Hub later). The job sends through the sender `Channels` chooses (Africa's
//! Talking, Twilio, or demo mode: recorded as simulated) and stores each recipient's outcome:
//! status code, message id, cost. The provider's delivery report, read by `kanisa-notify`
//! ([`DeliveryReport`]), later records the final word ([`record_report`]).

use std::sync::Arc;

use kanisa_jobs::{Job, JobFailure, RunInfo};
use kanisa_notify::{DeliveryReport, Sms, SmsError};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::channels::Channels;
use crate::error::FunctionsError;

pub const SEND_SMS: &str = "send_sms";

/// What a text message is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    Receipt,
    Message,
    Test,
}

impl Purpose {
    fn stored(self) -> &'static str {
        match self {
            Purpose::Receipt => "receipt",
            Purpose::Message => "message",
            Purpose::Test => "test",
        }
    }
}

/// Queues `sms` (already checked by [`Sms::new`]) in the caller's transaction: one delivery
/// row per recipient and one job. A receipt for a payment is queued once (a unique index): a
/// second call returns no ids.
pub async fn queue_sms<C: tokio_postgres::GenericClient + Sync>(
    client: &C,
    purpose: Purpose,
    sms: &Sms,
    allow_long: bool,
    payment: Option<Uuid>,
) -> Result<Vec<Uuid>, FunctionsError> {
    let rows = client
        .query(
            "INSERT INTO kanisa.sms_deliveries (purpose, payment_id, phone, body, allow_long) \
             SELECT $1, $2, n, $4, $5 FROM unnest($3::text[]) AS n \
             ON CONFLICT DO NOTHING RETURNING id",
            &[
                &purpose.stored(),
                &payment,
                &sms.to,
                &sms.message,
                &allow_long,
            ],
        )
        .await?;
    let ids: Vec<Uuid> = rows.iter().map(|r| r.get(0)).collect();
    if !ids.is_empty() {
        kanisa_jobs::enqueue(
            client,
            &SendSms {
                deliveries: ids.clone(),
            },
        )
        .await?;
    }
    Ok(ids)
}

/// `send_sms` {deliveries: [ids]}: sends the queued ones (all share one text).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SendSms {
    /// Rows of `kanisa.sms_deliveries`.
    pub deliveries: Vec<Uuid>,
}

/// What sending a text needs: the channel that decides the sender, and owner connections.
pub type SmsContext = (Arc<Channels>, kanisa_pg::Pool);

impl Job for SendSms {
    const KIND: &'static str = SEND_SMS;
    type Context = SmsContext;

    fn unique_key(&self) -> Option<String> {
        self.deliveries.first().map(|id| format!("send-sms:{id}"))
    }

    async fn run(self, context: &SmsContext, run: &RunInfo) -> Result<(), JobFailure> {
        let (channels, service) = context;
        let ids = self.deliveries;
        let db = |e: tokio_postgres::Error| JobFailure::retry(kanisa_pg::describe(&e));
        let client = service
            .get()
            .await
            .map_err(|e| JobFailure::retry(e.to_string()))?;
        let rows = client
            .query(
                "SELECT id, phone, body, allow_long FROM kanisa.sms_deliveries \
                 WHERE id = ANY($1) AND status = 'queued' ORDER BY phone",
                &[&ids],
            )
            .await
            .map_err(db)?;
        if rows.is_empty() {
            return Ok(());
        }
        let numbers: Vec<String> = rows.iter().map(|r| r.get(1)).collect();
        let body: String = rows[0].get(2);
        let allow_long: bool = rows[0].get(3);
        let row_ids: Vec<Uuid> = rows.iter().map(|r| r.get(0)).collect();
        // No connection is held while the provider answers.
        drop(client);
        let sender = channels.sms().await;
        let reconnect = || async {
            service
                .get()
                .await
                .map_err(|e| JobFailure::retry(e.to_string()))
        };
        let sms = match Sms::new(&numbers, &body, allow_long) {
            Ok(s) => s,
            Err(e) => {
                fail_all(&*reconnect().await?, &row_ids, &e.to_string())
                    .await
                    .map_err(db)?;
                return Err(JobFailure::permanent(e.to_string()));
            }
        };
        let sent = sender.send(&sms).await;
        let client = reconnect().await?;
        match sent {
            Ok(recipients) => {
                let provider = if sender.simulated() { "demo" } else { "live" };
                for (id, number) in row_ids.iter().zip(&numbers) {
                    let r = recipients.iter().find(|r| {
                        kanisa_notify::normalise_number(&r.number).as_deref() == Some(number)
                    });
                    let (status, failure) = match r {
                        Some(r) if r.accepted && sender.simulated() => ("simulated", None),
                        Some(r) if r.accepted => ("sent", None),
                        Some(r) => ("failed", Some(r.status.clone())),
                        None => (
                            "failed",
                            Some("the provider did not answer for this number".into()),
                        ),
                    };
                    client
                        .execute(
                            "UPDATE kanisa.sms_deliveries SET status = $2, provider = $3, \
                               status_code = $4, provider_status = $5, provider_message_id = $6, \
                               cost = $7, failure_reason = $8, is_simulated = $9, \
                               sent_at = CASE WHEN $2 IN ('sent', 'simulated') THEN now() END, \
                               updated_at = now() WHERE id = $1",
                            &[
                                id,
                                &status,
                                &provider,
                                &r.map(|r| r.status_code as i32),
                                &r.map(|r| r.status.clone()),
                                &r.and_then(|r| r.message_id.clone()),
                                &r.and_then(|r| r.cost.clone()),
                                &failure,
                                &sender.simulated(),
                            ],
                        )
                        .await
                        .map_err(db)?;
                }
                Ok(())
            }
            // Worth another try, unless this was the last: then each recipient keeps the
            // reason instead of waiting as queued for ever.
            Err(SmsError::Failed {
                message,
                permanent: false,
            }) if run.attempt < run.max_attempts => Err(JobFailure::retry(message)),
            Err(e) => {
                fail_all(&client, &row_ids, &e.to_string())
                    .await
                    .map_err(db)?;
                Err(JobFailure::permanent(e.to_string()))
            }
        }
    }
}

async fn fail_all(
    client: &tokio_postgres::Client,
    ids: &[Uuid],
    why: &str,
) -> Result<u64, tokio_postgres::Error> {
    client
        .execute(
            "UPDATE kanisa.sms_deliveries SET status = 'failed', failure_reason = $2, \
               updated_at = now() WHERE id = ANY($1) AND status = 'queued'",
            &[&ids, &why],
        )
        .await
}

/// Records a provider's delivery report on the text it names (never on a simulated one):
/// the provider's status, and the final word and its reason when the report gives them.
/// Returns whether a delivery was found.
pub async fn record_report<C: tokio_postgres::GenericClient>(
    client: &C,
    report: &DeliveryReport,
) -> Result<bool, FunctionsError> {
    let n = client
        .execute(
            "UPDATE kanisa.sms_deliveries SET provider_status = $2, \
               status = coalesce($3, status), failure_reason = coalesce($4, failure_reason), \
               updated_at = now() \
             WHERE provider_message_id = $1 AND status <> 'simulated'",
            &[
                &report.message_id,
                &report.status,
                &report.outcome.map(|o| o.stored()),
                &report.reason,
            ],
        )
        .await?;
    Ok(n > 0)
}
