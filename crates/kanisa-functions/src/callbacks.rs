//! What providers post to us: prompt results, paybill gifts and SMS delivery reports, at paths
//! that hold the callback secret (a wrong secret is a 404, logged). Every message is kept as
//! received in `kanisa.payment_events` with its verdict.
//!
//! A prompt's result is only recorded here and answered at once, in the provider's format; the
//! `payment_callback` job then re-asks the provider (a success is believed only when the
//! provider's own status query confirms it) and settles the payment. So a slow provider query
//! never delays the provider's callback, and a crash after the answer loses nothing: the job
//! is in the same transaction as the record.

use std::sync::Arc;

use kanisa_jobs::{Job, JobFailure, RunInfo};
use kanisa_payments::{Answer, Outcome, ProviderKind, parse_c2b, parse_callback};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use uuid::Uuid;

use crate::error::FunctionsError;
use crate::payments::{Payments, record_event, settle};

/// The job that settles a payment from a recorded callback.
pub const PAYMENT_CALLBACK: &str = "payment_callback";

/// Daraja's expected answers.
fn accepted() -> Value {
    json!({"ResultCode": 0, "ResultDesc": "Accepted"})
}

fn rejected(why: &str) -> Value {
    json!({"ResultCode": 1, "ResultDesc": format!("Rejected: {why}")})
}

/// The addresses Safaricom publishes for its callbacks. Others are logged, not refused: a proxy
/// or a changed list must not lose a donor's payment (the secret and the status query guard it).
const SAFARICOM: &[&str] = &[
    "196.201.214.200",
    "196.201.214.206",
    "196.201.214.207",
    "196.201.214.208",
    "196.201.213.114",
    "196.201.213.44",
    "196.201.212.127",
    "196.201.212.129",
    "196.201.212.136",
    "196.201.212.138",
    "196.201.212.69",
    "196.201.212.74",
];

/// Compares secrets in constant time.
fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

impl Payments {
    async fn check_secret(
        &self,
        given: &str,
        provider: ProviderKind,
        kind: &str,
        remote: &str,
        body: &Value,
    ) -> Result<(), FunctionsError> {
        if same_secret(given, &self.callback_secret().await?) {
            return Ok(());
        }
        tracing::warn!(
            remote,
            kind,
            "a provider callback with a wrong secret was refused"
        );
        let client = self.service.get().await?;
        record_event(
            &**client,
            None,
            provider,
            kind,
            "refused: wrong secret",
            Some(remote),
            body,
        )
        .await?;
        Err(FunctionsError::NotFound("Not found".into()))
    }

    /// `POST /functions/v1/payments/callback/{provider}/{secret}`: a prompt's result.
    pub async fn callback(
        &self,
        provider: &str,
        secret: &str,
        body: &Value,
        remote: &str,
    ) -> Result<(u16, Value), FunctionsError> {
        let kind = match provider {
            "mpesa" => ProviderKind::Mpesa,
            "equity" => ProviderKind::EquityBank,
            _ => return Err(FunctionsError::NotFound("Not found".into())),
        };
        self.check_secret(secret, kind, "callback", remote, body)
            .await?;
        if kind == ProviderKind::Mpesa && !SAFARICOM.contains(&remote) {
            tracing::info!(
                remote,
                "an M-Pesa callback from outside Safaricom's published addresses"
            );
        }
        let mut client = self.service.get().await?;
        let cb = match parse_callback(kind, body) {
            Ok(cb) => cb,
            Err(e) => {
                tracing::warn!(remote, error = %e, "a malformed payment callback was refused");
                record_event(
                    &**client,
                    None,
                    kind,
                    "callback",
                    &format!("refused: {e}"),
                    Some(remote),
                    body,
                )
                .await?;
                return Ok((400, rejected(&e.to_string())));
            }
        };
        let tx = client.transaction().await?;
        let mut payment: Option<Uuid> = tx
            .query_opt(
                "SELECT id FROM public.payment_logs WHERE checkout_request_id = $1 AND source = 'prompt'",
                &[&cb.checkout_id],
            )
            .await?
            .map(|r| r.get(0));
        if payment.is_none() && cb.answer.outcome == Outcome::Completed {
            // The prompt's answer never reached us (a timeout): the one payment of this phone
            // and amount still waiting for its id is the one paid.
            payment = adopt_orphan(&tx, &cb.checkout_id, &cb.answer).await?;
        }
        let Some(id) = payment else {
            tracing::warn!(remote, checkout = %cb.checkout_id, "a callback for an unknown payment was refused");
            record_event(
                &*tx,
                None,
                kind,
                "callback",
                "refused: unknown reference",
                Some(remote),
                body,
            )
            .await?;
            tx.commit().await?;
            return Ok((200, accepted()));
        };
        let event = record_event(
            &*tx,
            Some(id),
            kind,
            "callback",
            "received",
            Some(remote),
            body,
        )
        .await?;
        kanisa_jobs::enqueue(&*tx, &PaymentCallback { event_id: event }).await?;
        tx.commit().await?;
        Ok((200, accepted()))
    }

    /// Settles a payment from a recorded callback (the `payment_callback` job): a success only
    /// once the provider's status query confirms it.
    async fn apply_callback(&self, event: i64) -> Result<(), JobFailure> {
        let retry = |e: FunctionsError| JobFailure::retry(e.to_string());
        let client = self
            .service
            .get()
            .await
            .map_err(|e| JobFailure::retry(e.to_string()))?;
        let row = client
            .query_opt(
                "SELECT payment_id, payload, provider FROM kanisa.payment_events WHERE id = $1",
                &[&event],
            )
            .await
            .map_err(|e| JobFailure::retry(kanisa_pg::describe(&e)))?
            .ok_or_else(|| JobFailure::permanent(format!("no payment event {event}")))?;
        let (Some(id), payload) = (row.get::<_, Option<Uuid>>(0), row.get::<_, Value>(1)) else {
            return Err(JobFailure::permanent("the event names no payment"));
        };
        let provider = ProviderKind::parse(row.get(2)).unwrap_or(ProviderKind::Mpesa);
        drop(client);
        let cb =
            parse_callback(provider, &payload).map_err(|e| JobFailure::permanent(e.to_string()))?;
        let answer = cb.answer.clone();
        if answer.outcome == Outcome::Completed {
            let choice = self.choice().await.map_err(retry)?;
            match choice.provider.query(&cb.checkout_id).await {
                Ok(q) if q.outcome == Outcome::Completed => {}
                Ok(q) if q.outcome == Outcome::Pending => {
                    return Err(JobFailure::retry(
                        "the provider does not confirm the success yet",
                    ));
                }
                Ok(q) => {
                    let verdict = format!(
                        "refused: the provider's status is {} ({}), not a success",
                        q.code, q.description
                    );
                    tracing::warn!(payment = %id, %verdict, "a success callback was not confirmed");
                    self.set_verdict(event, &verdict).await.map_err(retry)?;
                    // The provider's word is applied as an answer of its own.
                    let client = self
                        .service
                        .get()
                        .await
                        .map_err(|e| JobFailure::retry(e.to_string()))?;
                    settle(&**client, id, &q).await.map_err(retry)?;
                    return Ok(());
                }
                Err(e) => return Err(JobFailure::retry(format!("status query: {e}"))),
            }
        }
        let client = self
            .service
            .get()
            .await
            .map_err(|e| JobFailure::retry(e.to_string()))?;
        let verdict = settle(&**client, id, &answer).await.map_err(retry)?;
        if matches!(verdict.as_str(), "mismatch" | "receipt_reused") {
            tracing::warn!(payment = %id, %verdict, "a payment callback was refused");
        }
        self.set_verdict(event, &verdict).await.map_err(retry)
    }

    async fn set_verdict(&self, event: i64, verdict: &str) -> Result<(), FunctionsError> {
        let client = self.service.get().await?;
        client
            .execute(
                "UPDATE kanisa.payment_events SET verdict = $2 WHERE id = $1",
                &[&event, &verdict],
            )
            .await?;
        Ok(())
    }

    /// `POST /functions/v1/payments/paybill/{secret}/{confirmation|validation}`: a gift paid
    /// to the paybill outside the prompt (M-Pesa C2B). The confirmation is recorded once per
    /// transaction id; the validation accepts any whole gift of at least KES 1 to our
    /// shortcode.
    pub async fn paybill(
        &self,
        secret: &str,
        step: &str,
        body: &Value,
        remote: &str,
    ) -> Result<(u16, Value), FunctionsError> {
        let kind = ProviderKind::Mpesa;
        let event_kind = match step {
            "confirmation" => "paybill_confirmation",
            "validation" => "paybill_validation",
            _ => return Err(FunctionsError::NotFound("Not found".into())),
        };
        self.check_secret(secret, kind, event_kind, remote, body)
            .await?;
        let client = self.service.get().await?;
        let gift = match parse_c2b(body) {
            Ok(g) => g,
            Err(e) => {
                record_event(
                    &**client,
                    None,
                    kind,
                    event_kind,
                    &format!("refused: {e}"),
                    Some(remote),
                    body,
                )
                .await?;
                return Ok((
                    400,
                    json!({"ResultCode": "C2B00016", "ResultDesc": "Rejected"}),
                ));
            }
        };
        let shortcode = self.choice().await?.shortcode;
        if shortcode.as_deref().is_some_and(|s| s != gift.short_code) {
            record_event(
                &**client,
                None,
                kind,
                event_kind,
                "refused: another shortcode",
                Some(remote),
                body,
            )
            .await?;
            return Ok((
                200,
                json!({"ResultCode": "C2B00015", "ResultDesc": "Rejected"}),
            ));
        }
        let whole: f64 = gift.amount.parse().unwrap_or(0.0);
        if whole < 1.0 {
            record_event(
                &**client,
                None,
                kind,
                event_kind,
                "refused: amount below KES 1",
                Some(remote),
                body,
            )
            .await?;
            return Ok((
                200,
                json!({"ResultCode": "C2B00013", "ResultDesc": "Rejected"}),
            ));
        }
        if step == "validation" {
            record_event(
                &**client,
                None,
                kind,
                event_kind,
                "accepted",
                Some(remote),
                body,
            )
            .await?;
            return Ok((200, json!({"ResultCode": "0", "ResultDesc": "Accepted"})));
        }
        let giving_type = kanisa_giving::type_from_account(&gift.account);
        let row = client
            .query_one(
                "SELECT kanisa.record_paybill_gift($1, $2, $3::text::numeric, $4, $5, $6, $7, $8, $9)",
                &[
                    &kind.stored(),
                    &gift.trans_id,
                    &gift.amount,
                    &gift.phone,
                    &gift.account,
                    &giving_type.stored(),
                    &gift.paid_at,
                    &gift.payer_name,
                    body,
                ],
            )
            .await?;
        let payment: Option<Uuid> = row.get(0);
        let verdict = if payment.is_some() {
            "recorded"
        } else {
            "duplicate"
        };
        let known = match payment {
            Some(id) => Some(id),
            None => client
                .query_opt(
                    "SELECT id FROM public.payment_logs WHERE receipt_number = $1",
                    &[&gift.trans_id],
                )
                .await?
                .map(|r| r.get(0)),
        };
        record_event(
            &**client,
            known,
            kind,
            event_kind,
            verdict,
            Some(remote),
            body,
        )
        .await?;
        Ok((200, json!({"ResultCode": 0, "ResultDesc": "Accepted"})))
    }
}

impl Payments {
    /// `POST /functions/v1/sms/delivery-report/{secret}`: whether the report matched a sent
    /// message.
    pub async fn delivery_report(
        &self,
        secret: &str,
        form: &[(String, String)],
    ) -> Result<bool, FunctionsError> {
        if !same_secret(secret, &self.callback_secret().await?) {
            tracing::warn!("an SMS delivery report with a wrong secret was refused");
            return Err(FunctionsError::NotFound("Not found".into()));
        }
        let client = self.service.get().await?;
        crate::sms::delivery_report(&**client, form).await
    }
}

/// The one payment of this phone and amount, made in the last 15 minutes, whose prompt never
/// told us its checkout id; it takes the callback's id.
async fn adopt_orphan(
    tx: &tokio_postgres::Transaction<'_>,
    checkout: &str,
    a: &Answer,
) -> Result<Option<Uuid>, FunctionsError> {
    let (Some(phone), Some(amount)) = (&a.phone, &a.amount) else {
        return Ok(None);
    };
    let rows = tx
        .query(
            "SELECT id FROM public.payment_logs \
              WHERE checkout_request_id IS NULL AND source = 'prompt' \
                AND status IN ('pending', 'error') AND phone_number = $1 \
                AND amount = $2::text::numeric AND created_at > now() - interval '15 minutes' \
              LIMIT 2 FOR UPDATE",
            &[phone, amount],
        )
        .await?;
    if rows.len() != 1 {
        return Ok(None);
    }
    let id: Uuid = rows[0].get(0);
    tx.execute(
        "UPDATE public.payment_logs SET checkout_request_id = $2, status = 'pending', \
           updated_at = now() WHERE id = $1",
        &[&id, &checkout],
    )
    .await?;
    Ok(Some(id))
}

/// `payment_callback` {eventId}: settles a payment from a recorded provider callback.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PaymentCallback {
    /// The callback's row in `kanisa.payment_events`.
    pub event_id: i64,
}

impl Job for PaymentCallback {
    const KIND: &'static str = PAYMENT_CALLBACK;
    type Context = Arc<Payments>;

    fn unique_key(&self) -> Option<String> {
        Some(format!("payment-event:{}", self.event_id))
    }

    async fn run(self, payments: &Arc<Payments>, _run: &RunInfo) -> Result<(), JobFailure> {
        payments.apply_callback(self.event_id).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_compare_whole() {
        assert!(same_secret("abc", "abc"));
        assert!(!same_secret("abc", "abd"));
        assert!(!same_secret("abc", "abcd"));
        assert!(!same_secret("", "a"));
    }
}
