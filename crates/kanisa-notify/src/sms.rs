//! Text messages: the rules of a send (back-office §5 and §8: numbers normalised to `+254…`,
//! a message over 160 characters refused unless long messages are allowed, every error text
//! word for word), the providers' trait [`SmsSender`] — Africa's Talking (the default,
//! `africastalking.rs`), Twilio (`twilio.rs`), and the demo sender that sends nothing (1 s,
//! recorded as simulated) — and what a provider reports of a text afterwards
//! ([`DeliveryReport`], read from whichever provider's form it is, and the reply it is given).

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

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

/// A provider's later word on a text it took, from its delivery report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeliveryReport {
    /// The provider's id of the message ([`Recipient::message_id`]).
    pub message_id: String,
    /// The status as the provider words it.
    pub status: String,
    /// What the status means, when it is final.
    pub outcome: Option<FinalStatus>,
    /// Why the text was not delivered, as the provider says.
    pub reason: Option<String>,
}

/// A text's final word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FinalStatus {
    Delivered,
    Failed,
}

impl FinalStatus {
    /// As `kanisa.sms_deliveries.status` stores it.
    pub fn stored(self) -> &'static str {
        match self {
            FinalStatus::Delivered => "delivered",
            FinalStatus::Failed => "failed",
        }
    }
}

/// A delivery report that is no provider's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("A delivery report needs id and status (or MessageSid and MessageStatus)")]
pub struct UnreadableReport;

impl DeliveryReport {
    /// Reads a delivery report from its form fields, as whichever provider posts it.
    pub fn read(form: &[(String, String)]) -> Result<DeliveryReport, UnreadableReport> {
        crate::africastalking::read_report(form)
            .or_else(|| crate::twilio::read_report(form))
            .ok_or(UnreadableReport)
    }

    /// What the provider is answered: the report was received, and whether it matched a text
    /// that was sent.
    pub fn reply(matched: bool) -> Value {
        json!({"received": true, "matched": matched})
    }
}

/// A form field, trimmed; None when absent or blank.
pub(crate) fn field(form: &[(String, String)], key: &str) -> Option<String> {
    form.iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.trim().to_owned())
        .filter(|v| !v.is_empty())
}

pub(crate) fn http() -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap_or_default()
}

/// A provider's answer that was not a success: 4xx (but 429) are permanent.
pub(crate) fn refused(status: reqwest::StatusCode, body: &str) -> SmsError {
    let text: String = body.chars().take(300).collect();
    SmsError::Failed {
        message: format!("HTTP {}: {text}", status.as_u16()),
        permanent: status.is_client_error() && status != reqwest::StatusCode::TOO_MANY_REQUESTS,
    }
}

pub(crate) fn unreachable(e: &reqwest::Error) -> SmsError {
    SmsError::Failed {
        message: format!("the provider could not be reached: {e}"),
        permanent: false,
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

    fn form(fields: &[(&str, &str)]) -> Vec<(String, String)> {
        fields
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    #[test]
    fn delivery_reports_of_either_provider() {
        let at = DeliveryReport::read(&form(&[
            ("id", "ATXid_2"),
            ("status", "Failed"),
            ("phoneNumber", "+254712345678"),
            ("networkCode", "63902"),
            ("failureReason", "UserInBlacklist"),
            ("retryCount", "0"),
        ]))
        .unwrap();
        assert_eq!(
            at,
            DeliveryReport {
                message_id: "ATXid_2".into(),
                status: "Failed".into(),
                outcome: Some(FinalStatus::Failed),
                reason: Some("UserInBlacklist".into()),
            }
        );
        let twilio = DeliveryReport::read(&form(&[
            ("MessageSid", "SM123"),
            ("MessageStatus", "delivered"),
        ]))
        .unwrap();
        assert_eq!(
            (twilio.message_id.as_str(), twilio.outcome),
            ("SM123", Some(FinalStatus::Delivered))
        );
        let passing = DeliveryReport::read(&form(&[("id", "ATXid_1"), ("status", "Buffered")]));
        assert_eq!(passing.unwrap().outcome, None, "not final");
        for bad in [
            form(&[]),
            form(&[("id", "ATXid_1")]),
            form(&[("id", " "), ("status", "Success")]),
            form(&[("MessageSid", "SM1")]),
        ] {
            assert_eq!(DeliveryReport::read(&bad), Err(UnreadableReport), "{bad:?}");
        }
        assert_eq!(
            DeliveryReport::reply(false),
            json!({"received": true, "matched": false})
        );
    }
}
