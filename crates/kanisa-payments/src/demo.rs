//! Demo mode (public-site §4, §9): no credentials, nothing charged. The prompt takes 2 s and
//! answers an `EQ_{milliseconds}_{random}` id; a status query reports pending (1037) until 15 s
//! after that timestamp, then success with the id as the receipt.

use std::time::Duration;

use rand::Rng;
use serde_json::json;

use crate::{
    Accepted, Answer, Outcome, PaymentProvider, Prompt, ProviderError, ProviderFuture, ProviderKind,
};

pub struct DemoProvider {
    kind: ProviderKind,
    /// 2 s (public-site §9).
    pub delay: Duration,
    /// 15 s (public-site §9).
    pub completes_after: Duration,
}

impl DemoProvider {
    /// Demo payments are shown as the configured provider's.
    pub fn new(kind: ProviderKind) -> DemoProvider {
        DemoProvider {
            kind,
            delay: Duration::from_secs(2),
            completes_after: Duration::from_secs(15),
        }
    }

    fn id(now_ms: i64) -> String {
        const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
        let mut rng = rand::rng();
        let random: String = (0..6)
            .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
            .collect();
        format!("EQ_{now_ms}_{random}")
    }

    /// The answer to a query about `id` at `now_ms`.
    pub fn answer(&self, id: &str, now_ms: i64) -> Result<Answer, ProviderError> {
        let started: i64 = id
            .strip_prefix("EQ_")
            .and_then(|rest| rest.split('_').next())
            .and_then(|t| t.parse().ok())
            .ok_or_else(|| ProviderError::Refused {
                code: "404".into(),
                message: "Unknown demo transaction".into(),
            })?;
        let done = now_ms - started > self.completes_after.as_millis() as i64;
        Ok(if done {
            Answer {
                outcome: Outcome::Completed,
                code: "0".into(),
                description: "Demo payment completed (nothing was charged)".into(),
                receipt: Some(id.to_owned()),
                amount: None,
                phone: None,
                paid_at: None,
                parameters: None,
                raw: json!({"status": "SUCCESS", "responseCode": "0", "transactionId": id}),
            }
        } else {
            Answer {
                outcome: Outcome::Pending,
                code: "1037".into(),
                description: "Waiting for the donor to confirm (demo)".into(),
                receipt: None,
                amount: None,
                phone: None,
                paid_at: None,
                parameters: None,
                raw: json!({"status": "PENDING", "responseCode": "1037", "transactionId": id}),
            }
        })
    }
}

impl PaymentProvider for DemoProvider {
    fn kind(&self) -> ProviderKind {
        self.kind
    }

    fn simulated(&self) -> bool {
        true
    }

    fn prompt<'a>(&'a self, _prompt: &'a Prompt) -> ProviderFuture<'a, Accepted> {
        Box::pin(async move {
            tokio::time::sleep(self.delay).await;
            let id = DemoProvider::id(chrono::Utc::now().timestamp_millis());
            Ok(Accepted {
                raw: json!({"status": "SUCCESS", "transactionId": id, "demo": true}),
                checkout_id: id,
                merchant_request_id: None,
                message: "Demo payment request sent (nothing will be charged)".into(),
            })
        })
    }

    fn query<'a>(&'a self, checkout_id: &'a str) -> ProviderFuture<'a, Answer> {
        Box::pin(async move { self.answer(checkout_id, chrono::Utc::now().timestamp_millis()) })
    }

    fn first_query_after(&self) -> Duration {
        Duration::from_secs(3)
    }

    fn query_interval(&self, _checks: u32) -> Duration {
        Duration::from_secs(2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pending_1037_until_15_seconds_then_success() {
        let demo = DemoProvider::new(ProviderKind::EquityBank);
        let id = DemoProvider::id(1_000_000);
        assert!(id.starts_with("EQ_1000000_") && id.len() == "EQ_1000000_".len() + 6);
        let early = demo.answer(&id, 1_000_000 + 15_000).unwrap();
        assert_eq!(
            (early.outcome, early.code.as_str()),
            (Outcome::Pending, "1037")
        );
        let late = demo.answer(&id, 1_000_000 + 15_001).unwrap();
        assert_eq!(late.outcome, Outcome::Completed);
        assert_eq!(late.receipt.as_deref(), Some(id.as_str()));
        assert!(demo.answer("ws_CO_1", 0).is_err());
    }
}
