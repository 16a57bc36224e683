//! What the features share without importing one another (issue 43): a feature is handed these
//! when it is made, and never reaches into another feature or the crate's root for them.
//!
//! - [`Mailing`]: sending e-mail through the job queue (the mailer `Channels` chose);
//! - [`require_sender`]: the one check that a caller may send messages;
//! - [`GivingModes`]: what online giving says of itself on `service-modes`;
//! - [`GiftPrompts`]: a gift's prompt through online giving's path, for another door (USSD).
//!
//! Text messages are the shared `sms` module's (one queue and one delivery record, whoever
//! sends: receipts, staff's messages, sign-in codes).

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use kanisa_pg::Pool;
use serde_json::Value;

use crate::error::FunctionsError;

/// What the jobs that send e-mail need: the mailer [`crate::Channels`] chose and owner
/// connections.
#[derive(Clone)]
pub struct Mailing {
    pub mailer: Arc<dyn kanisa_notify::Mailer>,
    pub service: Pool,
}

/// Whether the caller of `tx` may send messages (a reply, a message again, a send to members):
/// only with `send_communications`, checked as the caller. Their user id.
pub(crate) async fn require_sender(
    tx: &kanisa_pg::context::CallerTx,
    what: &str,
) -> Result<Option<uuid::Uuid>, FunctionsError> {
    let row = tx
        .client()
        .query_one(
            "SELECT auth.has_any_permission('send_communications'), auth.uid()",
            &[],
        )
        .await?;
    if !row.get::<_, bool>(0) {
        return Err(FunctionsError::Forbidden(format!(
            "{what} needs the send_communications permission"
        )));
    }
    Ok(row.get(1))
}

/// Online giving's part of `GET service-modes`: which provider, and whether it is on (never a
/// credential). Given to the service-modes feature by whoever assembles the features.
pub trait GivingModes: Send + Sync {
    fn modes(&self) -> Pin<Box<dyn Future<Output = Value> + Send + '_>>;
}

/// Online giving's part of `service-modes` when this server has no giving at all: demo mode,
/// as Equity Bank, giving on.
pub(crate) fn giving_unavailable() -> Value {
    serde_json::json!({"live": false, "source": "none", "provider": "equity_bank",
                       "label": "Equity Bank", "enabled": true})
}

/// Where a prompted gift was asked for (payment_logs.channel, migration 0059).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GiftChannel {
    /// The website's giving dialog (the member portal's too).
    Website,
    /// The USSD menu.
    Ussd,
}

impl GiftChannel {
    pub fn stored(self) -> &'static str {
        match self {
            GiftChannel::Website => "website",
            GiftChannel::Ussd => "ussd",
        }
    }
}

/// A prompt asked for: its payment, and whether it was a demo (nothing charged).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prompt {
    pub payment: uuid::Uuid,
    pub simulated: bool,
}

/// Online giving's prompt, as another door asks for it (the USSD menu): the website's form
/// (`phone`, `amount`, `givingType`), its checks and limits (`limit_key` keys the per-address
/// one), and the callback secret the providers' endpoints share. Given by whoever assembles the
/// features.
pub trait GiftPrompts: Send + Sync {
    fn prompt<'a>(
        &'a self,
        form: &'a Value,
        limit_key: &'a str,
        channel: GiftChannel,
    ) -> Pin<Box<dyn Future<Output = Result<Prompt, FunctionsError>> + Send + 'a>>;

    fn callback_secret(
        &self,
    ) -> Pin<Box<dyn Future<Output = Result<String, FunctionsError>> + Send + '_>>;

    /// Whether a prompt asked for now would go out: giving off, in demo mode, or live.
    fn prompt_mode(
        &self,
    ) -> Pin<Box<dyn Future<Output = Result<PromptMode, FunctionsError>> + Send + '_>>;
}

/// What a prompt asked for now would be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromptMode {
    /// Online giving is switched off.
    Off,
    /// Demo mode: recorded, nothing charged.
    Demo,
    Live,
}
