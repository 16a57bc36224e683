//! The payment providers on the wire, behind domain types: a provider is one file (`daraja.rs`
//! with what Daraja posts in `daraja/posts.rs`, `jenga.rs`, `demo.rs`) and a [`ProviderKind`];
//! the features see only what is declared here.
//!
//! - Out, behind [`PaymentProvider`]: the prompt and the status query — M-Pesa Daraja (token
//!   cache, STK push with its password, STK query), Equity Bank's Jenga (token, signed prompt,
//!   signed status) and demo mode (public-site §4: 2 s, an `EQ_` id, pending 1037 until 15 s,
//!   then success), each answer an [`Answer`].
//! - In: what a provider posts, read once and strictly (a payload without the documented shape
//!   is a [`ShapeError`] before any of it is believed): a prompt's result ([`parse_callback`] →
//!   [`PaymentResult`], which serialises, so the features keep what was read beside the raw
//!   payload) and a gift paid to the paybill ([`parse_paybill`] → [`PaybillGift`]); the reply the
//!   provider expects ([`ProviderKind::reply`] words an [`Acknowledgement`]); whether a post came
//!   from an address the provider publishes ([`ProviderKind::published_sender`]); the provider's
//!   name in our callback path ([`ProviderKind::callback_name`]).
//! - What a provider's codes mean ([`Outcome`]; `../shared/reference/payments-and-sms.md`).
//!
//! Owns: requests, answers, posts and replies as each provider writes them, its hosts and
//! addresses, what its codes mean. Must not touch the database, decide whether a payment
//! completes (that is `kanisa.settle_payment`, run by `kanisa-functions`), or serve HTTP.
#![forbid(unsafe_code)]

mod daraja;
mod demo;
mod jenga;
mod wire;

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::Value;

pub use daraja::{Daraja, DarajaCredentials};
pub use demo::DemoProvider;
pub use jenga::{Jenga, JengaCredentials, jenga_outcome, read_private_key};
pub use wire::{ShapeError, money};

/// Where a payment stands after a provider's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Completed,
    /// Not final: ask again later.
    Pending,
    Cancelled,
    /// The prompt expired or the phone never answered.
    Expired,
    Failed,
}

impl Outcome {
    /// As `kanisa.settle_payment` takes it: `completed`, `pending`, `cancelled`, `expired`,
    /// `failed`.
    pub fn stored(self) -> &'static str {
        match self {
            Outcome::Completed => "completed",
            Outcome::Pending => "pending",
            Outcome::Cancelled => "cancelled",
            Outcome::Expired => "expired",
            Outcome::Failed => "failed",
        }
    }
}

/// Which provider a payment went through, as `payment_logs.payment_provider` stores it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ProviderKind {
    EquityBank,
    Mpesa,
}

impl ProviderKind {
    pub fn stored(self) -> &'static str {
        match self {
            ProviderKind::EquityBank => "equity_bank",
            ProviderKind::Mpesa => "mpesa",
        }
    }

    /// As donors read it: 'Equity Bank Payment', 'via M-Pesa'.
    pub fn label(self) -> &'static str {
        match self {
            ProviderKind::EquityBank => "Equity Bank",
            ProviderKind::Mpesa => "M-Pesa",
        }
    }

    /// `equity_bank`/`equity` or `mpesa`/`daraja`.
    pub fn parse(s: &str) -> Option<ProviderKind> {
        match s.trim() {
            "equity_bank" | "equity" | "jenga" => Some(ProviderKind::EquityBank),
            "mpesa" | "daraja" => Some(ProviderKind::Mpesa),
            _ => None,
        }
    }

    /// Every provider.
    pub const ALL: [ProviderKind; 2] = [ProviderKind::EquityBank, ProviderKind::Mpesa];

    /// Its name in the path it posts a prompt's result to (`payments/callback/{name}/…`).
    pub fn callback_name(self) -> &'static str {
        match self {
            ProviderKind::EquityBank => "equity",
            ProviderKind::Mpesa => "mpesa",
        }
    }

    /// The provider whose callback path carries `name`.
    pub fn from_callback_name(name: &str) -> Option<ProviderKind> {
        ProviderKind::ALL
            .into_iter()
            .find(|k| k.callback_name() == name)
    }

    /// Whether `remote` is one of the addresses the provider publishes for its posts; None when
    /// it publishes none.
    pub fn published_sender(self, remote: &str) -> Option<bool> {
        match self {
            ProviderKind::Mpesa => Some(daraja::PUBLISHED_ADDRESSES.contains(&remote)),
            ProviderKind::EquityBank => None,
        }
    }

    /// The reply that tells the provider `ack` about its `post`, in its words.
    pub fn reply(self, post: Post, ack: &Acknowledgement) -> Reply {
        match self {
            ProviderKind::Mpesa => daraja::reply(post, ack),
            ProviderKind::EquityBank => jenga::reply(post, ack),
        }
    }

    /// The texts' "temporarily unavailable" error (public-site §8).
    pub fn unavailable(self) -> String {
        format!(
            "{} service temporarily unavailable. Please try again later.",
            self.label()
        )
    }
}

/// A prompt to send to the donor's phone.
#[derive(Clone, Debug)]
pub struct Prompt {
    /// Our reference (`payment_logs.account_reference`).
    pub reference: String,
    /// `254…`.
    pub msisdn: String,
    /// Whole KES.
    pub amount: u64,
    /// Shown on the donor's phone (a few words).
    pub description: String,
    /// Where the provider posts the result.
    pub callback_url: String,
}

/// The provider took the prompt (it is on its way to the phone, not paid).
#[derive(Clone, Debug, PartialEq)]
pub struct Accepted {
    /// The id later answers carry (Daraja's `CheckoutRequestID`, the demo's `EQ_…`).
    pub checkout_id: String,
    pub merchant_request_id: Option<String>,
    pub message: String,
    pub raw: Value,
}

/// A provider's word on a payment (a status query's answer or a parsed callback).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Answer {
    pub outcome: Outcome,
    pub code: String,
    pub description: String,
    /// The provider's receipt, when it gives one (Daraja's query does not).
    pub receipt: Option<String>,
    /// As a decimal string (`"1000"`, `"1000.00"`), when stated.
    pub amount: Option<String>,
    /// `254…`, when stated.
    pub phone: Option<String>,
    pub paid_at: Option<chrono::DateTime<chrono::Utc>>,
    /// The result's parameters as the provider lists them, when it does (kept as
    /// `payment_logs.result_parameters`, a list).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parameters: Option<Value>,
    /// The payload as received (not serialised: it is kept apart, as received).
    #[serde(skip)]
    pub raw: Value,
}

/// A prompt's result as its provider posted it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PaymentResult {
    /// The id the prompt's answer gave ([`Accepted::checkout_id`]).
    pub checkout_id: String,
    #[serde(default)]
    pub merchant_request_id: Option<String>,
    pub answer: Answer,
}

/// Reads a prompt's result as `provider` posts it.
pub fn parse_callback(provider: ProviderKind, body: &Value) -> Result<PaymentResult, ShapeError> {
    match provider {
        ProviderKind::Mpesa => daraja::read_callback(body),
        ProviderKind::EquityBank => jenga::read_notification(body),
    }
}

/// A gift paid to the church's paybill outside a prompt (M-Pesa's paybill confirmation, or the
/// validation before it).
#[derive(Clone, Debug, PartialEq)]
pub struct PaybillGift {
    /// The provider's receipt, upper case: `prb0000001` and `PRB0000001` are one transaction
    /// (the database compares receipts the same way: `kanisa.receipt_key`).
    pub receipt: String,
    /// As a decimal string.
    pub amount: String,
    /// The paybill it was paid to.
    pub paybill: String,
    /// The account the payer typed.
    pub account: String,
    /// `254…` when the payer's number is usable (newer API versions may mask it).
    pub phone: Option<String>,
    pub payer_name: Option<String>,
    pub paid_at: Option<chrono::DateTime<chrono::Utc>>,
}

/// Reads a paybill gift (the only provider with a paybill is M-Pesa).
pub fn parse_paybill(body: &Value) -> Result<PaybillGift, ShapeError> {
    daraja::read_paybill(body)
}

/// What a provider posted us; each is answered in its own words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Post {
    /// A prompt's result.
    PromptResult,
    /// Whether a paybill gift may be taken (asked before it is made).
    PaybillCheck,
    /// A paybill gift, made.
    PaybillGift,
}

/// What we tell a provider of its post.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Acknowledgement {
    /// Taken: kept, or nothing of ours (the provider need not post it again).
    Accepted,
    /// Not in the documented shape.
    Unreadable(ShapeError),
    /// A paybill gift to another paybill than ours.
    OtherPaybill,
    /// A paybill gift below the least we take.
    BelowMinimum,
}

/// An answer to a provider's post: the HTTP status and the body it expects.
#[derive(Clone, Debug, PartialEq)]
pub struct Reply {
    pub status: u16,
    pub body: Value,
}

/// Why a provider call did not give an answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProviderError {
    /// The provider answered and refused (the prompt was not sent): its code and text.
    #[error("the provider refused: {code} {message}")]
    Refused { code: String, message: String },
    /// No usable answer (network, timeout, 5xx, unreadable body): whether the provider acted
    /// is unknown.
    #[error("the provider could not be reached: {0}")]
    Unreachable(String),
    /// The provider asks us to slow down.
    #[error("the provider asks to slow down: {0}")]
    RateLimited(String),
    /// The credentials were refused.
    #[error("the provider refused the credentials: {0}")]
    Credentials(String),
}

pub type ProviderFuture<'a, T> =
    Pin<Box<dyn Future<Output = Result<T, ProviderError>> + Send + 'a>>;

/// A payment provider. Object-safe: the one in use is chosen from configuration at run time.
pub trait PaymentProvider: Send + Sync + 'static {
    fn kind(&self) -> ProviderKind;

    /// True in demo mode: nothing is charged.
    fn simulated(&self) -> bool {
        false
    }

    /// Sends the prompt to the donor's phone.
    fn prompt<'a>(&'a self, prompt: &'a Prompt) -> ProviderFuture<'a, Accepted>;

    /// Asks where the payment `checkout_id` stands.
    fn query<'a>(&'a self, checkout_id: &'a str) -> ProviderFuture<'a, Answer>;

    /// The wait before the first status query after a prompt (a callback usually comes first).
    fn first_query_after(&self) -> Duration {
        Duration::from_secs(15)
    }

    /// The least time between two status queries of one payment (the provider's rate limits).
    fn query_interval(&self, checks: u32) -> Duration {
        // 10 s, 20 s, 40 s, then every minute.
        Duration::from_secs((10u64 << checks.min(3)).min(60))
    }
}

/// A reqwest client for provider calls: bounded connect and total time, so a silent provider
/// fails fast instead of holding a donor's request.
pub(crate) fn http(timeout: Duration) -> reqwest::Client {
    reqwest::Client::builder()
        .connect_timeout(Duration::from_secs(5).min(timeout))
        .timeout(timeout)
        .build()
        .expect("a TLS backend is available")
}

/// A provider's access token until a minute before it runs out (so it never expires in flight).
#[derive(Default)]
pub(crate) struct TokenCache(std::sync::Mutex<Option<(String, std::time::Instant)>>);

impl TokenCache {
    pub(crate) fn get(&self) -> Option<String> {
        let cached = self.0.lock().unwrap_or_else(|e| e.into_inner()).clone()?;
        (std::time::Instant::now() < cached.1).then_some(cached.0)
    }

    /// Keeps `token`, said to last `lifetime_secs`.
    pub(crate) fn put(&self, token: &str, lifetime_secs: u64) {
        let until = std::time::Instant::now()
            + Duration::from_secs(lifetime_secs.saturating_sub(60).max(30));
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = Some((token.to_owned(), until));
    }

    pub(crate) fn forget(&self) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }
}

/// How long a provider call may take (20 s).
pub const PROVIDER_TIMEOUT: Duration = Duration::from_secs(20);

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn each_provider_by_its_callback_path_name_and_nothing_else() {
        for kind in ProviderKind::ALL {
            assert_eq!(
                ProviderKind::from_callback_name(kind.callback_name()),
                Some(kind)
            );
        }
        assert_eq!(ProviderKind::Mpesa.callback_name(), "mpesa");
        assert_eq!(ProviderKind::EquityBank.callback_name(), "equity");
        for other in ["daraja", "jenga", "equity_bank", "MPESA", ""] {
            assert_eq!(ProviderKind::from_callback_name(other), None, "{other}");
        }
    }

    #[test]
    fn published_senders_and_replies() {
        let mpesa = ProviderKind::Mpesa;
        assert_eq!(mpesa.published_sender("196.201.214.200"), Some(true));
        assert_eq!(mpesa.published_sender("127.0.0.1"), Some(false));
        assert_eq!(ProviderKind::EquityBank.published_sender("127.0.0.1"), None);
        let accepted =
            ProviderKind::EquityBank.reply(Post::PromptResult, &Acknowledgement::Accepted);
        assert_eq!(
            (accepted.status, accepted.body),
            (200, json!({"ResultCode": 0, "ResultDesc": "Accepted"}))
        );
        let bad = ShapeError("no transaction object".into());
        let refused =
            ProviderKind::EquityBank.reply(Post::PromptResult, &Acknowledgement::Unreadable(bad));
        assert_eq!(refused.status, 400);
        assert_eq!(
            refused.body["ResultDesc"],
            "Rejected: unexpected payload: no transaction object"
        );
    }
}
