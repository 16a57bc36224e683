//! Twilio, the second SMS provider: one form POST per recipient
//! (`/2010-04-01/Accounts/{AccountSid}/Messages.json`, Basic `AccountSid:AuthToken`), and its
//! status callbacks (a form with `MessageSid`, `MessageStatus` — final: delivered, undelivered,
//! failed —, `ErrorCode`).

use serde_json::Value;

use crate::sms::{DeliveryReport, FinalStatus, Recipient, Sms, SmsFuture, SmsSender};
use crate::sms::{field, http, refused, unreachable};

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
    /// The API.
    pub const API_URL: &'static str = "https://api.twilio.com";

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

/// A delivery report, when the form is Twilio's (`MessageSid` and `MessageStatus`).
pub(crate) fn read_report(form: &[(String, String)]) -> Option<DeliveryReport> {
    let (message_id, status) = (field(form, "MessageSid")?, field(form, "MessageStatus")?);
    Some(DeliveryReport {
        outcome: match status.as_str() {
            "delivered" => Some(FinalStatus::Delivered),
            "failed" | "undelivered" => Some(FinalStatus::Failed),
            _ => None,
        },
        reason: field(form, "ErrorCode"),
        message_id,
        status,
    })
}
