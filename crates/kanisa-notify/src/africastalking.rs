//! Africa's Talking, the default SMS provider: one form POST for all recipients
//! (`/version1/messaging`, `apiKey` header, HTTP 201 on success; statusCode 100–102 accepted),
//! and its delivery reports (a form with `id`, `status` — final: Success, Failed, Rejected —,
//! `phoneNumber`, `networkCode`, `failureReason`, `retryCount`).

use serde::Deserialize;

use crate::sms::{DeliveryReport, FinalStatus, Recipient, Sms, SmsError, SmsFuture, SmsSender};
use crate::sms::{field, http, refused, unreachable};

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
    /// The live API.
    pub const LIVE_URL: &'static str = "https://api.africastalking.com";
    /// The sandbox, for the `sandbox` user name.
    pub const SANDBOX_URL: &'static str = "https://api.sandbox.africastalking.com";

    /// The API a user name belongs to when none is configured: the sandbox's own user is
    /// `sandbox`.
    pub fn default_url(username: &str) -> &'static str {
        if username == "sandbox" {
            AfricasTalking::SANDBOX_URL
        } else {
            AfricasTalking::LIVE_URL
        }
    }

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

/// A delivery report, when the form is Africa's Talking's (`id` and `status`).
pub(crate) fn read_report(form: &[(String, String)]) -> Option<DeliveryReport> {
    let (message_id, status) = (field(form, "id")?, field(form, "status")?);
    Some(DeliveryReport {
        outcome: match status.as_str() {
            "Success" => Some(FinalStatus::Delivered),
            "Failed" | "Rejected" => Some(FinalStatus::Failed),
            _ => None,
        },
        reason: field(form, "failureReason"),
        message_id,
        status,
    })
}
