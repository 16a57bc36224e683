//! Equity Bank's Jenga API v3: the mobile-wallet prompt (STK push) and its status, with every
//! call but the token signed (`Signature`: base64 RSA-SHA256, PKCS#1 v1.5, over the fields the
//! API names), and its payment notification (IPN) read strictly.
//!
//! - Token: `POST /authentication/api/v3/authenticate/merchant`, header `Api-Key`, body
//!   `{merchantCode, consumerSecret}` → `{accessToken, expiresIn…}`; kept until a minute before
//!   it runs out (15 minutes when the answer does not say).
//! - Prompt: `POST /v3-apis/payment-api/v3.0/stkussdpush/initiate`, signed over
//!   `accountNumber + ref + mobileNumber + telco + amount + currency`. Jenga's `ref` is short:
//!   ours stays in `payment_logs`, a 12-character one goes to the bank and maps answers back.
//! - Status: `GET /v3-apis/transaction-api/v3.0/transactions/details/{ref}`, signed over `ref`.
//! - Its notification of a prompt's result (IPN), read strictly, and the reply it is given.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use rand::Rng;
use rsa::RsaPrivateKey;
use rsa::pkcs1::DecodeRsaPrivateKey;
use rsa::pkcs1v15::SigningKey;
use rsa::pkcs8::DecodePrivateKey;
use rsa::signature::{SignatureEncoding, Signer};
use serde_json::{Value, json};
use sha2::Sha256;

use crate::wire::ShapeError;
use crate::{
    Accepted, Acknowledgement, Answer, Outcome, PaymentProvider, PaymentResult, Post, Prompt,
    ProviderError, ProviderFuture, ProviderKind, Reply,
};

/// What Jenga needs from the church's account.
#[derive(Clone, PartialEq, Eq)]
pub struct JengaCredentials {
    /// `https://uat.finserve.africa` (sandbox) or `https://api.finserve.africa`.
    pub base_url: String,
    pub api_key: String,
    pub merchant_code: String,
    pub consumer_secret: String,
    /// The account the prompt's money settles to.
    pub account_number: String,
    /// The merchant's name on the prompt.
    pub merchant_name: String,
    /// The RSA private key whose public half is registered with JengaHQ (PEM, PKCS#1 or #8).
    pub private_key_pem: String,
}

impl std::fmt::Debug for JengaCredentials {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JengaCredentials")
            .field("base_url", &self.base_url)
            .field("merchant_code", &self.merchant_code)
            .field("account_number", &self.account_number)
            .finish_non_exhaustive()
    }
}

pub struct Jenga {
    credentials: JengaCredentials,
    signer: SigningKey<Sha256>,
    client: reqwest::Client,
    token: crate::TokenCache,
}

impl std::fmt::Debug for Jenga {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Jenga")
            .field("credentials", &self.credentials)
            .finish_non_exhaustive()
    }
}

/// The bank's reference for a prompt: 12 characters of `[A-Z0-9]`.
fn bank_ref() -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    let mut rng = rand::rng();
    (0..12)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect()
}

/// Reads a private key in PKCS#8 (`BEGIN PRIVATE KEY`) or PKCS#1 (`BEGIN RSA PRIVATE KEY`).
/// A key given on one line (an environment variable) may write its line breaks as `\n`.
pub fn read_private_key(pem: &str) -> Result<RsaPrivateKey, String> {
    let pem = pem.trim().replace("\\n", "\n");
    RsaPrivateKey::from_pkcs8_pem(&pem)
        .or_else(|_| RsaPrivateKey::from_pkcs1_pem(&pem))
        .map_err(|_| "the Jenga private key is not an RSA key in PEM".to_owned())
}

impl Jenga {
    /// Jenga's sandbox, used when no API address is configured.
    pub const SANDBOX_URL: &'static str = "https://uat.finserve.africa";

    pub fn new(mut credentials: JengaCredentials) -> Result<Jenga, String> {
        credentials.base_url = credentials.base_url.trim_end_matches('/').to_owned();
        let key = read_private_key(&credentials.private_key_pem)?;
        Ok(Jenga {
            credentials,
            signer: SigningKey::<Sha256>::new(key),
            client: crate::http(crate::PROVIDER_TIMEOUT),
            token: crate::TokenCache::default(),
        })
    }

    /// The same provider waiting at most `timeout` per call.
    pub fn with_timeout(mut self, timeout: std::time::Duration) -> Self {
        self.client = crate::http(timeout);
        self
    }

    /// `Signature` for the concatenated fields.
    pub fn sign(&self, fields: &[&str]) -> String {
        let signature = self.signer.sign(fields.concat().as_bytes());
        STANDARD.encode(signature.to_bytes())
    }

    async fn token(&self) -> Result<String, ProviderError> {
        if let Some(token) = self.token.get() {
            return Ok(token);
        }
        let c = &self.credentials;
        let res = self
            .client
            .post(format!(
                "{}/authentication/api/v3/authenticate/merchant",
                c.base_url
            ))
            .header("Api-Key", &c.api_key)
            .json(&json!({"merchantCode": c.merchant_code, "consumerSecret": c.consumer_secret}))
            .send()
            .await
            .map_err(|e| ProviderError::Unreachable(e.to_string()))?;
        let status = res.status();
        let body: Value = res.json().await.unwrap_or(Value::Null);
        if status == 401 || status == 403 || status == 400 {
            return Err(ProviderError::Credentials(message(&body)));
        }
        let token = body
            .get("accessToken")
            .and_then(Value::as_str)
            .filter(|t| !t.is_empty() && status.is_success())
            .ok_or_else(|| ProviderError::Unreachable(format!("token: HTTP {status}")))?
            .to_owned();
        let lifetime = body
            .get("expiresIn")
            .and_then(|v| v.as_u64().or_else(|| v.as_str()?.parse().ok()))
            .filter(|s| *s < 86_400)
            .unwrap_or(15 * 60);
        self.token.put(&token, lifetime);
        Ok(token)
    }
}

fn message(body: &Value) -> String {
    body.get("message")
        .and_then(Value::as_str)
        .unwrap_or("no description")
        .to_owned()
}

/// What a Jenga state code means (uncertain codes, per the integration notes: 0 pending,
/// 1 failed, 2 awaiting settlement, 3 completed, 4 paid but the merchant credit failed,
/// 5/6 cancelled, 7 rejected).
pub fn jenga_outcome(state_code: i64) -> Outcome {
    match state_code {
        0 => Outcome::Pending,
        2 | 3 => Outcome::Completed,
        5 | 6 => Outcome::Cancelled,
        _ => Outcome::Failed,
    }
}

fn state_code(v: &Value) -> Option<i64> {
    v.as_i64().or_else(|| v.as_str()?.trim().parse().ok())
}

impl PaymentProvider for Jenga {
    fn kind(&self) -> ProviderKind {
        ProviderKind::EquityBank
    }

    fn prompt<'a>(&'a self, p: &'a Prompt) -> ProviderFuture<'a, Accepted> {
        Box::pin(async move {
            let c = &self.credentials;
            let reference = bank_ref();
            let amount = p.amount.to_string();
            let (telco, currency) = ("Safaricom", "KES");
            let signature = self.sign(&[
                &c.account_number,
                &reference,
                &p.msisdn,
                telco,
                &amount,
                currency,
            ]);
            let kenya = chrono::FixedOffset::east_opt(3 * 3600).expect("a valid offset");
            let body = json!({
                "merchant": {"countryCode": "KE", "accountNumber": c.account_number, "name": c.merchant_name},
                "payment": {
                    "ref": reference, "mobileNumber": p.msisdn, "telco": telco, "amount": amount,
                    "currency": currency,
                    "date": chrono::Utc::now().with_timezone(&kenya).format("%Y-%m-%d").to_string(),
                    "callBackUrl": p.callback_url, "pushType": "STK",
                },
            });
            let token = self.token().await?;
            let res = self
                .client
                .post(format!(
                    "{}/v3-apis/payment-api/v3.0/stkussdpush/initiate",
                    c.base_url
                ))
                .bearer_auth(token)
                .header("Signature", signature)
                .json(&body)
                .send()
                .await
                .map_err(|e| ProviderError::Unreachable(e.to_string()))?;
            let status = res.status();
            let answer: Value = res.json().await.unwrap_or(Value::Null);
            if status.as_u16() == 429 {
                return Err(ProviderError::RateLimited(message(&answer)));
            }
            if status.is_server_error() {
                return Err(ProviderError::Unreachable(format!(
                    "HTTP {status}: {}",
                    message(&answer)
                )));
            }
            if status.is_success() && answer.get("status") == Some(&Value::Bool(true)) {
                return Ok(Accepted {
                    checkout_id: reference,
                    merchant_request_id: answer
                        .get("transactionId")
                        .and_then(Value::as_str)
                        .map(str::to_owned),
                    message: message(&answer),
                    raw: answer,
                });
            }
            Err(ProviderError::Refused {
                code: answer
                    .get("code")
                    .map(|c| c.to_string())
                    .unwrap_or_else(|| status.as_u16().to_string()),
                message: message(&answer),
            })
        })
    }

    fn query<'a>(&'a self, checkout_id: &'a str) -> ProviderFuture<'a, Answer> {
        Box::pin(async move {
            let token = self.token().await?;
            let res = self
                .client
                .get(format!(
                    "{}/v3-apis/transaction-api/v3.0/transactions/details/{checkout_id}",
                    self.credentials.base_url
                ))
                .bearer_auth(token)
                .header("Signature", self.sign(&[checkout_id]))
                .send()
                .await
                .map_err(|e| ProviderError::Unreachable(e.to_string()))?;
            let status = res.status();
            let answer: Value = res.json().await.unwrap_or(Value::Null);
            if !status.is_success() {
                return Err(ProviderError::Unreachable(format!(
                    "HTTP {status}: {}",
                    message(&answer)
                )));
            }
            let data = answer.get("data").cloned().unwrap_or(Value::Null);
            let Some(code) = data.get("stateCode").and_then(state_code) else {
                return Err(ProviderError::Unreachable(
                    "no stateCode in the answer".into(),
                ));
            };
            let outcome = jenga_outcome(code);
            Ok(Answer {
                outcome,
                code: code.to_string(),
                description: data
                    .get("message")
                    .or_else(|| data.get("state"))
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_owned(),
                receipt: data
                    .get("transactionReference")
                    .and_then(Value::as_str)
                    .filter(|r| !r.is_empty() && outcome == Outcome::Completed)
                    .map(str::to_owned),
                amount: data.get("amount").and_then(crate::money),
                phone: None,
                paid_at: None,
                parameters: None,
                raw: answer,
            })
        })
    }
}

/// A Jenga payment notification (IPN) for a prompt: `{callbackType: "IPN", customer{…},
/// transaction{date, reference, paymentMode, amount, billNumber, status, remarks}, bank{…}}`.
/// `billNumber` (else `reference`) is the bank reference we sent.
pub(crate) fn read_notification(body: &Value) -> Result<PaymentResult, ShapeError> {
    let t = body
        .get("transaction")
        .filter(|t| t.is_object())
        .ok_or_else(|| ShapeError("no transaction object".into()))?;
    let text = |k: &str| {
        t.get(k)
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
    };
    let checkout_id = text("billNumber")
        .or_else(|| text("reference"))
        .ok_or_else(|| ShapeError("no billNumber or reference".into()))?;
    let status = text("status").ok_or_else(|| ShapeError("no status".into()))?;
    let outcome = match status.to_ascii_uppercase().as_str() {
        "SUCCESS" | "COMPLETED" => Outcome::Completed,
        "PENDING" => Outcome::Pending,
        "CANCELLED" => Outcome::Cancelled,
        _ => Outcome::Failed,
    };
    let amount = t.get("amount").and_then(crate::money);
    let receipt = text("reference").filter(|r| *r != checkout_id);
    if outcome == Outcome::Completed && (amount.is_none() || receipt.is_none()) {
        return Err(ShapeError("a success without amount and reference".into()));
    }
    let phone = body
        .pointer("/customer/mobileNumber")
        .and_then(Value::as_str)
        .and_then(|p| kanisa_giving::parse_phone(p).ok())
        .map(|m| m.as_str().to_owned());
    Ok(PaymentResult {
        checkout_id,
        merchant_request_id: None,
        answer: Answer {
            outcome,
            code: status,
            description: text("remarks").unwrap_or_default(),
            receipt,
            amount,
            phone,
            paid_at: None,
            parameters: None,
            raw: body.clone(),
        },
    })
}

/// The reply to a notification. Jenga documents no body for it (a 200 is what it waits for):
/// it is given `{ResultCode, ResultDesc}` as Daraja is, 400 when the notification is unreadable.
pub(crate) fn reply(_post: Post, ack: &Acknowledgement) -> Reply {
    match ack {
        Acknowledgement::Unreadable(e) => Reply {
            status: 400,
            body: json!({"ResultCode": 1, "ResultDesc": format!("Rejected: {e}")}),
        },
        _ => Reply {
            status: 200,
            body: json!({"ResultCode": 0, "ResultDesc": "Accepted"}),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_codes() {
        assert_eq!(jenga_outcome(0), Outcome::Pending);
        assert_eq!(jenga_outcome(3), Outcome::Completed);
        assert_eq!(jenga_outcome(2), Outcome::Completed);
        assert_eq!(jenga_outcome(5), Outcome::Cancelled);
        assert_eq!(jenga_outcome(7), Outcome::Failed);
        assert_eq!(jenga_outcome(4), Outcome::Failed);
    }

    #[test]
    fn notifications_are_read_strictly() {
        let ok = json!({"callbackType": "IPN", "customer": {"mobileNumber": "0712345678"},
            "transaction": {"date": "2026-11-24", "reference": "EQ123RECEIPT", "paymentMode": "MPESA",
                "amount": "1000.00", "billNumber": "AB12CD34EF56", "status": "SUCCESS", "remarks": "ok"}});
        let cb = read_notification(&ok).unwrap();
        assert_eq!(cb.checkout_id, "AB12CD34EF56");
        assert_eq!(cb.answer.receipt.as_deref(), Some("EQ123RECEIPT"));
        assert_eq!(cb.answer.phone.as_deref(), Some("254712345678"));
        let mut failed = ok.clone();
        failed["transaction"]["status"] = json!("FAILED");
        assert_eq!(
            read_notification(&failed).unwrap().answer.outcome,
            Outcome::Failed
        );
        for bad in [
            json!({}),
            json!({"transaction": {"status": "SUCCESS"}}),
            json!({"transaction": {"billNumber": "X", "status": "SUCCESS"}}),
        ] {
            assert!(read_notification(&bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_key_in_either_pem_form() {
        assert!(read_private_key("not a key").is_err());
    }
}
