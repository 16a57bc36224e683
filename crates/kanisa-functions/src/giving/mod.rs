//! Giving: online gifts by a mobile-money prompt (`payments.rs`: the pending payment, the
//! provider's prompt, its status for the donor's page), the providers' callbacks and paybill
//! confirmations with their allow-list (`callbacks.rs`), the reconciliation that leaves no
//! payment pending (`reconcile.rs`), and the donor's receipt by SMS and e-mail (`receipts.rs`).
//!
//! Owns: [`Payments`] and its jobs. Must not speak a provider's wire: `kanisa-payments` reads
//! what a provider posts into a `PaymentResult` or a `PaybillGift` (once: the result is kept
//! with the event), words each reply from an `Acknowledgement`, and knows the providers'
//! addresses, hosts and codes. Must not decide whether a gift counts either
//! (`kanisa.settle_payment`, in the database, does).
//!
//! # A gift's way
//!
//! 1. `POST payments`: the form read with the spec's rules (`kanisa-giving`), the limits per
//!    client address and per phone (migration 0026), then the `payment_logs` row written
//!    **pending** (our reference, `expires_at`, `next_check_at`), and only then the provider
//!    called (at most 20 s): accepted → its checkout id kept; refused → `failed`; unreachable →
//!    `error`. The provider: `KANISA_PAYMENT_*`, else System Settings, else demo mode.
//! 2. Answers come three ways, in any order, any number of times, and all end in
//!    `kanisa.settle_payment` (row lock; success is final; amount and phone must match; a
//!    receipt used by another payment is refused): the provider's **callback** (kept in
//!    `kanisa.payment_events` with a `payment_callback` job, which believes a success only when
//!    the provider's status query confirms it); the donor's **poll** `GET payments/{id}`
//!    (asking the provider only when the row is due a check: one asker across instances); and
//!    the **reconciliation** (`reconcile_payments`), which asks about old pending prompts and
//!    closes expired ones, but never closes a gift it could not ask about.
//! 3. Settling inserts the `giving_records` row (verified, the receipt as `transaction_id`, the
//!    day in Africa/Nairobi; demo gifts `is_simulated` and never counted) and queues
//!    `payment_receipt` in the same transaction; the receipt goes by SMS and, for a member with
//!    an address, by e-mail.
//! 4. Paybill gifts (M-Pesa's `paybill/{secret}/validation|confirmation`): recorded once per
//!    receipt whatever its case (`kanisa.record_paybill_gift`), typed from the account the
//!    payer typed, matched to a member when exactly one has that number.
//!
//! The callback secret is `KANISA_PAYMENT_CALLBACK_SECRET` or one made once and kept in
//! `kanisa.secret_settings`; an optional allow-list of the providers' addresses
//! (`payment_callback_allowlist`) refuses the rest; request logs show the secret as `[secret]`.
//! `kanisa/tests/it/payments.rs` runs hundreds of payments through a fake Daraja that drops,
//! duplicates and reorders callbacks, with `kanisa` killed halfway.

mod callbacks;
mod payments;
mod receipts;
mod reconcile;

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use kanisa_jobs::Registry;
use serde_json::{Value, json};

use crate::capabilities::{GiftChannel, GiftPrompts, GivingModes, Prompt, PromptMode};
use crate::error::FunctionsError;
use crate::routes::{BodyKind, Route};

pub use callbacks::{PAYMENT_CALLBACK, PaymentCallback};
pub use payments::{PaymentView, Payments, PaymentsSetup, read_payment_form};
pub use receipts::{Gift, PAYMENT_RECEIPT, PaymentReceipt, receipt_email, receipt_sms};
pub use reconcile::{RECONCILE_EVERY, RECONCILE_PAYMENTS, ReconcilePayments};

impl Payments {
    /// The feature's endpoints: a donor's gift and where it stands, the providers' prompt
    /// results and paybill confirmations (under the callback secret).
    pub fn routes(self: &Arc<Self>) -> Vec<Route> {
        vec![
            Route::to("POST", "payments", BodyKind::Json, self, |p, r| {
                Box::pin(async move {
                    // A refused token gives as the public: the gift is still matched by phone.
                    let giver = r.caller.as_ref().ok().and_then(|c| c.user_id());
                    let giver = giver.and_then(|id| id.parse().ok());
                    let view = p
                        .create(&r.body, &r.client_ip, giver, GiftChannel::Website)
                        .await?;
                    Ok((201, json!(view)))
                })
            }),
            Route::to("GET", "payments/{id}", BodyKind::None, self, |p, r| {
                Box::pin(async move { Ok((200, json!(p.status(r.param(0)).await?))) })
            }),
            Route::to(
                "POST",
                "payments/callback/{provider}/{secret}",
                BodyKind::Json,
                self,
                |p, r| {
                    Box::pin(async move {
                        p.callback(r.param(0), r.param(1), &r.body, &r.client_ip)
                            .await
                    })
                },
            ),
            Route::to(
                "POST",
                "payments/paybill/{secret}/{step}",
                BodyKind::Json,
                self,
                |p, r| {
                    Box::pin(async move {
                        p.paybill(r.param(0), r.param(1), &r.body, &r.client_ip)
                            .await
                    })
                },
            ),
        ]
    }

    /// Registers the feature's jobs: applying a provider's callback, the donor's receipt, and
    /// the reconciliation every `reconcile_every` (periodic).
    pub fn jobs(self: &Arc<Self>, registry: Registry, reconcile_every: Duration) -> Registry {
        registry
            .job::<PaymentCallback>(self.clone())
            .job::<PaymentReceipt>(self.service.clone())
            .job::<ReconcilePayments>(self.clone())
            .every::<ReconcilePayments>(reconcile_every)
    }
}

impl GivingModes for Payments {
    fn modes(&self) -> Pin<Box<dyn Future<Output = Value> + Send + '_>> {
        Box::pin(self.mode())
    }
}

impl GiftPrompts for Payments {
    fn prompt<'a>(
        &'a self,
        form: &'a Value,
        limit_key: &'a str,
        channel: GiftChannel,
    ) -> Pin<Box<dyn Future<Output = Result<Prompt, FunctionsError>> + Send + 'a>> {
        Box::pin(async move {
            let view = self.create(form, limit_key, None, channel).await?;
            Ok(Prompt {
                payment: view.id,
                simulated: view.simulated,
            })
        })
    }

    fn callback_secret(
        &self,
    ) -> Pin<Box<dyn Future<Output = Result<String, FunctionsError>> + Send + '_>> {
        Box::pin(Payments::callback_secret(self))
    }

    fn prompt_mode(
        &self,
    ) -> Pin<Box<dyn Future<Output = Result<PromptMode, FunctionsError>> + Send + '_>> {
        Box::pin(async move {
            let choice = self.choice().await?;
            Ok(if !choice.enabled {
                PromptMode::Off
            } else if choice.provider.simulated() {
                PromptMode::Demo
            } else {
                PromptMode::Live
            })
        })
    }
}
