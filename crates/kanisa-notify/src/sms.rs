//! Text messages: the rules of a send (back-office §5 and §8: numbers normalised to `+254…`,
//! a message over 160 characters refused unless long messages are allowed, every error text
//! word for word) and the providers behind [`SmsSender`] — Africa's Talking (the default), Twilio,
//! and the demo sender that sends nothing (1 s, recorded as simulated).

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Characters of one SMS part (back-office §9).
pub const SMS_PART: usize = 160;

/// Why a text message was not sent.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SmsError {
    #[error("Phone numbers and message are required")]
    Required,
    #[error("Recipients array is required and cannot be empty")]
    NoRecipients,
    #[error("Message cannot be empty")]
    EmptyMessage,
    #[error("Message exceeds 160 characters. Use allowLongMessages option for longer messages.")]
    TooLong,
    /// The numbers as they were given.
    #[error("Invalid phone numbers: {}", .0.join(", "))]
    InvalidNumbers(Vec<String>),
    #[error("Unsupported SMS provider")]
    UnsupportedProvider,
    /// The provider refused or could not be reached; `permanent` when sending again cannot help.
    #[error("SMS sending failed: {message}")]
    Failed { message: String, permanent: bool },
}

/// A number as the providers take it, `+254` and nine digits starting with 1 or 7
/// (`kanisa-phone`'s rule: spaces, hyphens, dots and brackets ignored; `0`, `254` or no prefix
/// made `+254`).
pub fn normalise_number(input: &str) -> Option<String> {
    kanisa_phone::msisdn(input).map(|n| n.e164())
}

/// One send's checked recipients and text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sms {
    /// Normalised, without repeats, in the order given.
    pub to: Vec<String>,
    pub message: String,
}

impl Sms {
    /// Checks a send (back-office §5): numbers and a message required, every number valid,
    /// at most 160 characters unless `allow_long`.
    pub fn new(numbers: &[String], message: &str, allow_long: bool) -> Result<Sms, SmsError> {
        let message = message.trim();
        match (
            numbers.iter().all(|n| n.trim().is_empty()),
            message.is_empty(),
        ) {
            (true, true) => return Err(SmsError::Required),
            (true, false) => return Err(SmsError::NoRecipients),
            (false, true) => return Err(SmsError::EmptyMessage),
            (false, false) => {}
        }
        if !allow_long && message.chars().count() > SMS_PART {
            return Err(SmsError::TooLong);
        }
        let mut to = Vec::new();
        let mut invalid = Vec::new();
        for n in numbers.iter().filter(|n| !n.trim().is_empty()) {
            match normalise_number(n) {
                Some(number) if !to.contains(&number) => to.push(number),
                Some(_) => {}
                None => invalid.push(n.trim().to_owned()),
            }
        }
        if !invalid.is_empty() {
            return Err(SmsError::InvalidNumbers(invalid));
        }
        Ok(Sms {
            to,
            message: message.to_owned(),
        })
    }

    /// How many SMS parts the text takes (160 characters each).
    pub fn parts(&self) -> usize {
        self.message.chars().count().div_ceil(SMS_PART).max(1)
    }
}

/// What became of one recipient.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Recipient {
    pub number: String,
    /// The provider's status (`Success`, `queued`, `Simulated`, `InvalidPhoneNumber`…).
    pub status: String,
    /// The provider's status code (Africa's Talking: 100–102 accepted; Twilio: its error
    /// code, 0 when accepted).
    pub status_code: i64,
    pub accepted: bool,
    pub message_id: Option<String>,
    /// As the provider states it, e.g. `KES 0.8000`.
    pub cost: Option<String>,
}

/// A future sending one text.
pub type SmsFuture<'a> =
    Pin<Box<dyn Future<Output = Result<Vec<Recipient>, SmsError>> + Send + 'a>>;

/// Sends text messages. Object-safe, so the provider is chosen from the configuration.
pub trait SmsSender: Send + Sync + 'static {
    fn send<'a>(&'a self, sms: &'a Sms) -> SmsFuture<'a>;

    /// True when nothing really leaves the server (demo mode).
    fn simulated(&self) -> bool {
        false
    }
}

/// Demo mode: waits 1 s (back-office §9), sends nothing, answers every number as simulated.
pub struct DemoSms {
    pub delay: Duration,
}

impl Default for DemoSms {
    fn default() -> DemoSms {
        DemoSms {
            delay: Duration::from_secs(1),
        }
    }
}

impl SmsSender for DemoSms {
    fn send<'a>(&'a self, sms: &'a Sms) -> SmsFuture<'a> {
        Box::pin(async move {
            tokio::time::sleep(self.delay).await;
            tracing::info!(
                recipients = sms.to.len(),
                "text message simulated (demo mode)"
            );
            Ok(sms
                .to
                .iter()
                .map(|n| Recipient {
                    number: n.clone(),
                    status: "Simulated".into(),
                    status_code: 0,
                    accepted: true,
                    message_id: None,
                    cost: None,
                })
                .collect())
        })
    }

    fn simulated(&self) -> bool {
        true
    }
}

fn http() -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap_or_default()
}

/// A provider's answer that was not a success: 4xx (but 429) are permanent.
fn refused(status: reqwest::StatusCode, body: &str) -> SmsError {
    let text: String = body.chars().take(300).collect();
    SmsError::Failed {
        message: format!("HTTP {}: {text}", status.as_u16()),
        permanent: status.is_client_error() && status != reqwest::StatusCode::TOO_MANY_REQUESTS,
    }
}

fn unreachable(e: &reqwest::Error) -> SmsError {
    SmsError::Failed {
        message: format!("the provider could not be reached: {e}"),
        permanent: false,
    }
}

/// Africa's Talking: one form POST for all recipients, `apiKey` header, HTTP 201 on success.
pub struct AfricasTalking {
    /// `https://api.africastalking.com` (sandbox `https://api.sandbox.africastalking.com`).
    pub base_url: String,
    pub username: String,
    pub api_key: String,
    pub sender_id: Option<String>,
    client: reqwest::Client,
}

impl AfricasTalking {
    pub fn new(
        base_url: &str,
        username: &str,
        api_key: &str,
        sender_id: Option<&str>,
    ) -> AfricasTalking {
        AfricasTalking {
            base_url: base_url.trim_end_matches('/').to_owned(),
            username: username.to_owned(),
            api_key: api_key.to_owned(),
            sender_id: sender_id.map(str::to_owned),
            client: http(),
        }
    }
}

impl std::fmt::Debug for AfricasTalking {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AfricasTalking")
            .field("base_url", &self.base_url)
            .field("username", &self.username)
            .finish_non_exhaustive()
    }
}

#[derive(Deserialize)]
struct AtAnswer {
    #[serde(rename = "SMSMessageData")]
    data: AtData,
}

#[derive(Deserialize)]
struct AtData {
    #[serde(rename = "Recipients", default)]
    recipients: Vec<AtRecipient>,
}

#[derive(Deserialize)]
struct AtRecipient {
    #[serde(rename = "statusCode")]
    status_code: i64,
    number: String,
    status: String,
    cost: Option<String>,
    #[serde(rename = "messageId")]
    message_id: Option<String>,
}

impl SmsSender for AfricasTalking {
    fn send<'a>(&'a self, sms: &'a Sms) -> SmsFuture<'a> {
        Box::pin(async move {
            let to = sms.to.join(",");
            let mut form = vec![
                ("username", self.username.as_str()),
                ("to", to.as_str()),
                ("message", sms.message.as_str()),
            ];
            if let Some(from) = &self.sender_id {
                form.push(("from", from.as_str()));
            }
            let res = self
                .client
                .post(format!("{}/version1/messaging", self.base_url))
                .header("apiKey", &self.api_key)
                .header("Accept", "application/json")
                .form(&form)
                .send()
                .await
                .map_err(|e| unreachable(&e))?;
            let status = res.status();
            let body = res.text().await.map_err(|e| unreachable(&e))?;
            if !status.is_success() {
                return Err(refused(status, &body));
            }
            let answer: AtAnswer = serde_json::from_str(&body).map_err(|e| SmsError::Failed {
                message: format!(
                    "an answer we cannot read ({e}): {}",
                    body.chars().take(200).collect::<String>()
                ),
                permanent: false,
            })?;
            Ok(answer
                .data
                .recipients
                .into_iter()
                .map(|r| Recipient {
                    accepted: (100..=102).contains(&r.status_code),
                    number: r.number,
                    status: r.status,
                    status_code: r.status_code,
                    message_id: r.message_id.filter(|m| m != "None"),
                    cost: r.cost,
                })
                .collect())
        })
    }
}

/// Twilio: one form POST per recipient, Basic `AccountSid:AuthToken`.
pub struct Twilio {
    /// `https://api.twilio.com`.
    pub base_url: String,
    pub account_sid: String,
    auth_token: String,
    pub from: String,
    client: reqwest::Client,
}

impl Twilio {
    pub fn new(base_url: &str, account_sid: &str, auth_token: &str, from: &str) -> Twilio {
        Twilio {
            base_url: base_url.trim_end_matches('/').to_owned(),
            account_sid: account_sid.to_owned(),
            auth_token: auth_token.to_owned(),
            from: from.to_owned(),
            client: http(),
        }
    }
}

impl std::fmt::Debug for Twilio {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Twilio")
            .field("base_url", &self.base_url)
            .field("account_sid", &self.account_sid)
            .finish_non_exhaustive()
    }
}

impl SmsSender for Twilio {
    fn send<'a>(&'a self, sms: &'a Sms) -> SmsFuture<'a> {
        Box::pin(async move {
            let url = format!(
                "{}/2010-04-01/Accounts/{}/Messages.json",
                self.base_url, self.account_sid
            );
            let mut out = Vec::with_capacity(sms.to.len());
            for number in &sms.to {
                let res = self
                    .client
                    .post(&url)
                    .basic_auth(&self.account_sid, Some(&self.auth_token))
                    .form(&[
                        ("To", number.as_str()),
                        ("From", self.from.as_str()),
                        ("Body", sms.message.as_str()),
                    ])
                    .send()
                    .await
                    .map_err(|e| unreachable(&e))?;
                let status = res.status();
                let body: Value = res.json().await.unwrap_or(Value::Null);
                let text = |k: &str| body.get(k).and_then(Value::as_str).map(str::to_owned);
                if status.is_server_error() || status == reqwest::StatusCode::UNAUTHORIZED {
                    return Err(refused(status, &body.to_string()));
                }
                let code = body
                    .get("code")
                    .or_else(|| body.get("error_code"))
                    .and_then(Value::as_i64);
                out.push(Recipient {
                    number: number.clone(),
                    status: text("status")
                        .or_else(|| text("message"))
                        .unwrap_or_else(|| format!("HTTP {}", status.as_u16())),
                    status_code: code.unwrap_or(0),
                    accepted: status.is_success(),
                    message_id: text("sid"),
                    cost: text("price"),
                });
            }
            Ok(out)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbers(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn numbers_are_normalised_to_plus_254() {
        for (input, want) in [
            ("0712345678", Some("+254712345678")),
            ("254712345678", Some("+254712345678")),
            ("+254 712 345 678", Some("+254712345678")),
            ("0112-345-678", Some("+254112345678")),
            ("712345678", Some("+254712345678")),
            ("(0712) 345.678", Some("+254712345678")),
            ("0812345678", None),
            ("+255712345678", None),
        ] {
            assert_eq!(normalise_number(input).as_deref(), want, "{input}");
        }
    }

    #[test]
    fn a_send_is_checked_with_the_spec_texts() {
        assert_eq!(Sms::new(&[], "", false), Err(SmsError::Required));
        assert_eq!(Sms::new(&[], "Hello", false), Err(SmsError::NoRecipients));
        assert_eq!(
            Sms::new(&numbers(&["0712345678"]), "  ", false),
            Err(SmsError::EmptyMessage)
        );
        let long = "x".repeat(161);
        let e = Sms::new(&numbers(&["0712345678"]), &long, false).unwrap_err();
        assert_eq!(
            e.to_string(),
            "Message exceeds 160 characters. Use allowLongMessages option for longer messages."
        );
        let ok = Sms::new(&numbers(&["0712345678"]), &long, true).unwrap();
        assert_eq!(ok.parts(), 2);
        assert_eq!(
            Sms::new(&numbers(&["0712345678"]), &"x".repeat(160), false)
                .unwrap()
                .parts(),
            1
        );
        let e = Sms::new(
            &numbers(&["0712345678", "12345", "0812 345 678"]),
            "Hi",
            false,
        )
        .unwrap_err();
        assert_eq!(e.to_string(), "Invalid phone numbers: 12345, 0812 345 678");
        let sms = Sms::new(
            &numbers(&["0712345678", "+254712345678", "0722000111"]),
            " Hi ",
            false,
        )
        .unwrap();
        assert_eq!(
            sms.to,
            ["+254712345678", "+254722000111"],
            "repeats dropped"
        );
        assert_eq!(sms.message, "Hi");
    }
}
