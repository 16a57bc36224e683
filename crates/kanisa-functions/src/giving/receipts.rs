//! Receipts for completed gifts: the `payment_receipt` job, queued once by the transaction
//! that completes a payment (`kanisa.record_gift`), sends the donor a text message (amount,
//! type, reference, date, church name) and, when the gift is linked to a member with an
//! e-mail address, an e-mail. Its parts are queued with unique keys, so a receipt goes out once
//! however often the completion is seen. The Notifications tab's "Payment confirmations" turns
//! receipts off.

use chrono::{DateTime, Utc};
use kanisa_jobs::{Job, JobFailure, RunInfo};
use kanisa_notify::{Email, SendEmail, Sms};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::sms::{Purpose, queue_sms};
use crate::text::thousands;

pub const PAYMENT_RECEIPT: &str = "payment_receipt";

/// A completed gift, as its receipt states it.
#[derive(Clone, Debug, PartialEq)]
pub struct Gift {
    pub amount: f64,
    /// The stored giving type.
    pub giving_type: String,
    pub reference: String,
    pub completed_at: DateTime<Utc>,
    pub simulated: bool,
}

/// How a donor reads the stored giving type (`kanisa-giving`'s label).
fn type_label(stored: &str) -> &str {
    kanisa_giving::GivingType::parse(stored).map_or(stored, |t| t.label())
}

fn day(at: DateTime<Utc>) -> String {
    let nairobi = chrono::FixedOffset::east_opt(3 * 3600).expect("a valid offset");
    at.with_timezone(&nairobi).format("%-d %b %Y").to_string()
}

/// The text message: at most 160 characters (the church name is shortened to fit).
pub fn receipt_sms(gift: &Gift, church: &str) -> String {
    let demo = if gift.simulated {
        "[Demo, nothing charged] "
    } else {
        ""
    };
    let body = format!(
        "{demo}Thank you! We received your {} of KES {} on {}. Ref {}.",
        type_label(&gift.giving_type),
        thousands(gift.amount.round() as u64),
        day(gift.completed_at),
        gift.reference,
    );
    let room = kanisa_notify::SMS_PART.saturating_sub(body.chars().count() + 1);
    let name: String = church.chars().take(room).collect();
    let text = if name.trim().is_empty() {
        body
    } else {
        format!("{} {body}", name.trim_end())
    };
    text.chars().take(kanisa_notify::SMS_PART).collect()
}

/// The e-mail receipt.
pub fn receipt_email(gift: &Gift, church: &str, to: &str, name: &str) -> Email {
    let amount = thousands(gift.amount.round() as u64);
    let demo = if gift.simulated {
        "\nThis was a demonstration payment: nothing was charged.\n"
    } else {
        ""
    };
    Email {
        to: vec![to.to_owned()],
        reply_to: None,
        subject: format!(
            "Receipt for your {} of KES {amount}",
            type_label(&gift.giving_type)
        ),
        text: format!(
            "Dear {name},\n\nThank you for your {} of KES {amount}, received on {}.\n\n\
             Reference: {}\n{demo}\nMay God bless you.\n{church}\n",
            type_label(&gift.giving_type),
            day(gift.completed_at),
            gift.reference,
        ),
        html: None,
        message_id: None,
        in_reply_to: None,
    }
}

const GIFT_SQL: &str = "\
SELECT p.amount::float8, p.giving_type, coalesce(p.receipt_number, p.account_reference), \
  coalesce(p.completed_at, now()), p.is_simulated, p.phone_number, m.email, m.first_name, \
  coalesce((SELECT nullif(btrim(value #>> '{}'), '') FROM public.system_settings WHERE key = 'church_name'), 'Our church'), \
  coalesce((SELECT (value #>> '{}')::boolean FROM public.system_settings \
            WHERE key = 'payment_notifications' AND jsonb_typeof(value) = 'boolean'), true), \
  coalesce((SELECT (value #>> '{}')::boolean FROM public.system_settings \
            WHERE key = 'sms_notifications' AND jsonb_typeof(value) = 'boolean'), true), \
  coalesce((SELECT (value #>> '{}')::boolean FROM public.system_settings \
            WHERE key = 'email_notifications' AND jsonb_typeof(value) = 'boolean'), true) \
FROM public.payment_logs p LEFT JOIN public.members m ON m.id = p.member_id \
WHERE p.id = $1 AND p.status = 'completed'";

/// `payment_receipt` {paymentId}: queued by `kanisa.record_gift` (migration 0025).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PaymentReceipt {
    pub payment_id: Uuid,
}

impl Job for PaymentReceipt {
    const KIND: &'static str = PAYMENT_RECEIPT;
    type Context = kanisa_pg::Pool;

    fn unique_key(&self) -> Option<String> {
        Some(format!("payment-receipt:{}", self.payment_id))
    }

    async fn run(self, service: &kanisa_pg::Pool, _run: &RunInfo) -> Result<(), JobFailure> {
        let id = self.payment_id;
        let db = |e: tokio_postgres::Error| JobFailure::retry(kanisa_pg::describe(&e));
        let mut client = service
            .get()
            .await
            .map_err(|e| JobFailure::retry(e.to_string()))?;
        let tx = client.transaction().await.map_err(db)?;
        let Some(row) = tx.query_opt(GIFT_SQL, &[&id]).await.map_err(db)? else {
            return Err(JobFailure::permanent("the payment is not completed"));
        };
        if !row.get::<_, bool>(9) {
            return Ok(());
        }
        let gift = Gift {
            amount: row.get(0),
            giving_type: row.get(1),
            reference: row.get(2),
            completed_at: row.get(3),
            simulated: row.get(4),
        };
        let church: String = row.get(8);
        // The Notifications settings, read when the receipt goes: payment confirmations at
        // all (above), then each channel's own switch.
        let (by_sms, by_email): (bool, bool) = (row.get(10), row.get(11));
        if let Some(phone) = row.get::<_, Option<String>>(5).filter(|_| by_sms) {
            let sms = Sms::new(&[phone], &receipt_sms(&gift, &church), false)
                .map_err(|e| JobFailure::permanent(e.to_string()))?;
            queue_sms(&*tx, Purpose::Receipt, &sms, false, Some(id))
                .await
                .map_err(|e| JobFailure::retry(e.to_string()))?;
        }
        if let Some(email) = row.get::<_, Option<String>>(6).filter(|_| by_email) {
            let name: String = row.get(7);
            let job = SendEmail::new(
                receipt_email(&gift, &church, &email, &name),
                Some(format!("payment-receipt-email:{id}")),
            );
            kanisa_jobs::enqueue(&*tx, &job)
                .await
                .map_err(|e| JobFailure::retry(e.to_string()))?;
        }
        tx.commit().await.map_err(db)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gift() -> Gift {
        Gift {
            amount: 1000.0,
            giving_type: "tithe".into(),
            reference: "NLJ7RT61SV".into(),
            completed_at: DateTime::parse_from_rfc3339("2026-11-24T21:30:00Z")
                .unwrap()
                .with_timezone(&Utc),
            simulated: false,
        }
    }

    #[test]
    fn the_text_receipt_names_everything_in_160_characters() {
        let text = receipt_sms(&gift(), "Kisii Central SDA Church");
        assert_eq!(
            text,
            "Kisii Central SDA Church Thank you! We received your tithe of KES 1,000 on 25 Nov 2026. Ref NLJ7RT61SV."
        );
        let long = receipt_sms(&gift(), &"Very Long Church Name ".repeat(10));
        assert!(long.chars().count() <= 160, "{}", long.len());
        assert!(long.ends_with("Ref NLJ7RT61SV."), "{long}");
        let demo = receipt_sms(
            &Gift {
                simulated: true,
                ..gift()
            },
            "Kisii",
        );
        assert!(demo.contains("[Demo, nothing charged]"));
    }

    #[test]
    fn the_email_receipt() {
        let e = receipt_email(&gift(), "Kisii Central", "jane@example.org", "Jane");
        assert_eq!(e.subject, "Receipt for your tithe of KES 1,000");
        assert!(e.text.contains("Reference: NLJ7RT61SV"));
        assert!(e.text.starts_with("Dear Jane,"));
    }
}
