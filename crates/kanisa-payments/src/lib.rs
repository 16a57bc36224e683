//! The payment providers on the wire, behind one trait ([`PaymentProvider`]): M-Pesa Daraja
//! (token cache, STK push with its password, STK query), Equity Bank's Jenga (token, signed
//! prompt, signed status, IPN) and demo mode (public-site §4: 2 s,
//! an `EQ_` id, pending 1037 until 15 s, then success); and the parsers of what providers send
//! us — Daraja's STK callback and its paybill (C2B) confirmation — which check the payload's
//! shape before anything is believed (`../shared/reference/payments-and-sms.md`).
//!
//! Owns: requests and answers as each provider writes them, and what their codes mean (through
//! `kanisa-giving`'s [`classify`](kanisa_giving::classify)). Must not touch the database, decide
//! whether a payment completes (that is `kanisa.settle_payment`, run by `kanisa-functions`), or
//! serve HTTP.
#![forbid(unsafe_code)]

mod daraja;
mod demo;
mod jenga;
mod wire;

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

pub use daraja::{Daraja, DarajaCredentials};
pub use demo::DemoProvider;
pub use jenga::{Jenga, JengaCredentials, jenga_outcome, parse_jenga_ipn, read_private_key};
pub use kanisa_giving::Outcome;
pub use wire::{C2bConfirmation, ShapeError, StkCallback, money, parse_c2b, parse_stk_callback};

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
    pub raw: serde_json::Value,
}

/// A provider's word on a payment (a status query's answer or a parsed callback).
#[derive(Clone, Debug, PartialEq)]
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
    pub raw: serde_json::Value,
}

/// Reads a prompt's result as `provider` posts it (Daraja's STK callback, Jenga's IPN).
pub fn parse_callback(
    provider: ProviderKind,
    body: &serde_json::Value,
) -> Result<StkCallback, ShapeError> {
    match provider {
        ProviderKind::Mpesa => parse_stk_callback(body),
        ProviderKind::EquityBank => parse_jenga_ipn(body),
    }
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
