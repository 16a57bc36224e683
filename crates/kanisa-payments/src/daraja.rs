//! M-Pesa Daraja: Lipa na M-Pesa Online (STK push) and its status query.
//!
//! - Token: `GET /oauth/v1/generate?grant_type=client_credentials` with Basic key:secret,
//!   kept until a minute before `expires_in` (a string of seconds).
//! - Prompt: `POST /mpesa/stkpush/v1/processrequest`, password base64(shortcode + passkey +
//!   timestamp), the timestamp `YYYYMMDDHHmmss` in Kenya time.
//! - Query: `POST /mpesa/stkpushquery/v1/query`; "500.001.1001" (being processed) is pending.
//!
//! What Daraja posts us (the STK callback, paybill gifts) and its replies: `daraja/posts.rs`.

mod posts;

use posts::classify;
pub(crate) use posts::{PUBLISHED_ADDRESSES, read_callback, read_paybill, reply};

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde_json::{Value, json};

use crate::{
    Accepted, Answer, Outcome, PaymentProvider, Prompt, ProviderError, ProviderFuture, ProviderKind,
};

/// What Daraja needs from the church's account.
#[derive(Clone, PartialEq, Eq)]
pub struct DarajaCredentials {
    /// `https://sandbox.safaricom.co.ke` or `https://api.safaricom.co.ke`.
    pub base_url: String,
    pub consumer_key: String,
    pub consumer_secret: String,
    /// The paybill (BusinessShortCode).
    pub shortcode: String,
    pub passkey: String,
}

impl std::fmt::Debug for DarajaCredentials {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DarajaCredentials")
            .field("base_url", &self.base_url)
            .field("shortcode", &self.shortcode)
            .finish_non_exhaustive()
    }
}

pub struct Daraja {
    credentials: DarajaCredentials,
    client: reqwest::Client,
    token: crate::TokenCache,
}

impl std::fmt::Debug for Daraja {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Daraja")
            .field("credentials", &self.credentials)
            .finish_non_exhaustive()
    }
}

/// Daraja's limits: AccountReference ≤ 12 characters, TransactionDesc ≤ 13.
const ACCOUNT_REFERENCE_MAX: usize = 12;
const DESCRIPTION_MAX: usize = 13;

impl Daraja {
    /// Daraja's sandbox, used when no API address is configured.
    pub const SANDBOX_URL: &'static str = "https://sandbox.safaricom.co.ke";

    pub fn new(mut credentials: DarajaCredentials) -> Daraja {
        credentials.base_url = credentials.base_url.trim_end_matches('/').to_owned();
        Daraja {
            credentials,
            client: crate::http(crate::PROVIDER_TIMEOUT),
            token: crate::TokenCache::default(),
        }
    }

    pub fn credentials(&self) -> &DarajaCredentials {
        &self.credentials
    }

    /// The same provider waiting at most `timeout` per call.
    pub fn with_timeout(mut self, timeout: std::time::Duration) -> Self {
        self.client = crate::http(timeout);
        self
    }

    /// The password and timestamp of a prompt or query made at `now`.
    pub fn password(&self, now: chrono::DateTime<chrono::Utc>) -> (String, String) {
        let kenya = chrono::FixedOffset::east_opt(3 * 3600).expect("a valid offset");
        let timestamp = now.with_timezone(&kenya).format("%Y%m%d%H%M%S").to_string();
        let c = &self.credentials;
        let password = STANDARD.encode(format!("{}{}{timestamp}", c.shortcode, c.passkey));
        (password, timestamp)
    }

    async fn token(&self) -> Result<String, ProviderError> {
        if let Some(token) = self.token.get() {
            return Ok(token);
        }
        let c = &self.credentials;
        let res = self
            .client
            .get(format!(
                "{}/oauth/v1/generate?grant_type=client_credentials",
                c.base_url
            ))
            .basic_auth(&c.consumer_key, Some(&c.consumer_secret))
            .send()
            .await
            .map_err(unreachable)?;
        let status = res.status();
        let body: Value = res.json().await.unwrap_or(Value::Null);
        if status == 401 || status == 400 {
            return Err(ProviderError::Credentials(error_text(&body)));
        }
        if !status.is_success() {
            return Err(ProviderError::Unreachable(format!(
                "token: HTTP {status}: {}",
                error_text(&body)
            )));
        }
        let token = body
            .get("access_token")
            .and_then(Value::as_str)
            .filter(|t| !t.is_empty())
            .ok_or_else(|| ProviderError::Unreachable("token: no access_token".into()))?
            .to_owned();
        let lifetime = match body.get("expires_in") {
            Some(Value::String(s)) => s.trim().parse::<u64>().ok(),
            Some(Value::Number(n)) => n.as_u64(),
            _ => None,
        }
        .unwrap_or(3599);
        self.token.put(&token, lifetime);
        Ok(token)
    }

    fn forget_token(&self) {
        self.token.forget();
    }

    /// POSTs `body` with the bearer token; a refused token is fetched again once.
    async fn call(&self, path: &str, body: &Value) -> Result<(u16, Value), ProviderError> {
        for attempt in 0..2 {
            let token = self.token().await?;
            let res = self
                .client
                .post(format!("{}{path}", self.credentials.base_url))
                .bearer_auth(&token)
                .json(body)
                .send()
                .await
                .map_err(unreachable)?;
            let status = res.status().as_u16();
            let answer: Value = res.json().await.unwrap_or(Value::Null);
            if status == 401 && attempt == 0 {
                self.forget_token();
                continue;
            }
            return Ok((status, answer));
        }
        unreachable!("the loop returns on its second pass")
    }
}

fn unreachable(e: reqwest::Error) -> ProviderError {
    ProviderError::Unreachable(e.to_string())
}

/// Daraja's error texts: `errorMessage`, `ResponseDescription`, `fault.faultstring`.
fn error_text(body: &Value) -> String {
    for key in [
        "errorMessage",
        "ResponseDescription",
        "ResultDesc",
        "error_description",
    ] {
        if let Some(s) = body.get(key).and_then(Value::as_str) {
            return s.to_owned();
        }
    }
    body.pointer("/fault/faultstring")
        .and_then(Value::as_str)
        .map(str::to_owned)
        .unwrap_or_else(|| "no description".into())
}

fn code_of(body: &Value, key: &str) -> Option<String> {
    match body.get(key)? {
        Value::Number(n) => Some(n.to_string()),
        Value::String(s) => Some(s.trim().to_owned()),
        _ => None,
    }
}

fn is_spike_arrest(body: &Value) -> bool {
    body.to_string().contains("SpikeArrest")
}

/// The first characters of `s` (Daraja refuses longer fields).
fn clip(s: &str, max: usize) -> String {
    s.chars().take(max).collect()
}

impl PaymentProvider for Daraja {
    fn kind(&self) -> ProviderKind {
        ProviderKind::Mpesa
    }

    fn prompt<'a>(&'a self, p: &'a Prompt) -> ProviderFuture<'a, Accepted> {
        Box::pin(async move {
            let (password, timestamp) = self.password(chrono::Utc::now());
            let c = &self.credentials;
            // Our reference is longer than Daraja allows; its first part (the account) goes
            // on the phone, and the CheckoutRequestID maps answers back to our row.
            let body = json!({
                "BusinessShortCode": c.shortcode,
                "Password": password,
                "Timestamp": timestamp,
                "TransactionType": "CustomerPayBillOnline",
                "Amount": p.amount,
                "PartyA": p.msisdn,
                "PartyB": c.shortcode,
                "PhoneNumber": p.msisdn,
                "CallBackURL": p.callback_url,
                "AccountReference": clip(&p.reference, ACCOUNT_REFERENCE_MAX),
                "TransactionDesc": clip(&p.description, DESCRIPTION_MAX),
            });
            let (status, answer) = self.call("/mpesa/stkpush/v1/processrequest", &body).await?;
            if status == 429 || is_spike_arrest(&answer) {
                return Err(ProviderError::RateLimited(error_text(&answer)));
            }
            if status >= 500 {
                return Err(ProviderError::Unreachable(format!(
                    "HTTP {status}: {}",
                    error_text(&answer)
                )));
            }
            let accepted = code_of(&answer, "ResponseCode").as_deref() == Some("0");
            match answer.get("CheckoutRequestID").and_then(Value::as_str) {
                Some(id) if accepted && (200..300).contains(&status) => Ok(Accepted {
                    checkout_id: id.to_owned(),
                    merchant_request_id: answer
                        .get("MerchantRequestID")
                        .and_then(Value::as_str)
                        .map(str::to_owned),
                    message: answer
                        .get("CustomerMessage")
                        .and_then(Value::as_str)
                        .unwrap_or("Success. Request accepted for processing")
                        .to_owned(),
                    raw: answer,
                }),
                _ => Err(ProviderError::Refused {
                    code: code_of(&answer, "errorCode")
                        .or_else(|| code_of(&answer, "ResponseCode"))
                        .unwrap_or_else(|| status.to_string()),
                    message: error_text(&answer),
                }),
            }
        })
    }

    fn query<'a>(&'a self, checkout_id: &'a str) -> ProviderFuture<'a, Answer> {
        Box::pin(async move {
            let (password, timestamp) = self.password(chrono::Utc::now());
            let body = json!({
                "BusinessShortCode": self.credentials.shortcode,
                "Password": password,
                "Timestamp": timestamp,
                "CheckoutRequestID": checkout_id,
            });
            let (status, answer) = self.call("/mpesa/stkpushquery/v1/query", &body).await?;
            if status == 429 || is_spike_arrest(&answer) {
                return Err(ProviderError::RateLimited(error_text(&answer)));
            }
            // "The transaction is being processed" arrives as an error: it is in flight.
            if let Some(code) = code_of(&answer, "errorCode") {
                let outcome = classify(&code);
                if outcome == Outcome::Pending {
                    return Ok(Answer {
                        outcome,
                        code,
                        description: error_text(&answer),
                        receipt: None,
                        amount: None,
                        phone: None,
                        paid_at: None,
                        parameters: None,
                        raw: answer,
                    });
                }
                if status >= 500 {
                    return Err(ProviderError::Unreachable(format!(
                        "HTTP {status}: {}",
                        error_text(&answer)
                    )));
                }
                return Err(ProviderError::Refused {
                    code,
                    message: error_text(&answer),
                });
            }
            if status >= 500 || !(200..300).contains(&status) {
                return Err(ProviderError::Unreachable(format!(
                    "HTTP {status}: {}",
                    error_text(&answer)
                )));
            }
            let Some(code) = code_of(&answer, "ResultCode") else {
                return Err(ProviderError::Unreachable(
                    "no ResultCode in the answer".into(),
                ));
            };
            Ok(Answer {
                outcome: classify(&code),
                code,
                description: answer
                    .get("ResultDesc")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_owned(),
                receipt: None,
                amount: None,
                phone: None,
                paid_at: None,
                parameters: None,
                raw: answer,
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_password_is_shortcode_passkey_and_kenya_time() {
        let d = Daraja::new(DarajaCredentials {
            base_url: "http://127.0.0.1:1/".into(),
            consumer_key: "k".into(),
            consumer_secret: "s".into(),
            shortcode: "174379".into(),
            passkey: "pass".into(),
        });
        let at = chrono::DateTime::parse_from_rfc3339("2026-05-11T17:14:19Z")
            .unwrap()
            .with_timezone(&chrono::Utc);
        let (password, timestamp) = d.password(at);
        assert_eq!(timestamp, "20260511201419", "UTC+3");
        assert_eq!(
            STANDARD.decode(password).unwrap(),
            b"174379pass20260511201419"
        );
        assert!(!format!("{d:?}").contains("pass\""), "no passkey in Debug");
        assert!(!format!("{d:?}").contains("passkey"));
    }
}
