//! Giving: online gifts by a mobile-money prompt (`payments.rs`: the pending payment, the
//! provider's prompt, its status for the donor's page), the providers' callbacks and paybill
//! confirmations with their allow-list (`callbacks.rs`), the reconciliation that leaves no
//! payment pending (`reconcile.rs`), and the donor's receipt by SMS and e-mail (`receipts.rs`).
//!
//! Owns: [`Payments`] and its jobs. Must not speak a provider's wire (`kanisa-payments`) or
//! decide whether a gift counts (`kanisa.settle_payment`, in the database, does).

mod callbacks;
mod payments;
mod receipts;
mod reconcile;

use std::sync::Arc;
use std::time::Duration;

use kanisa_jobs::Registry;

pub use callbacks::{PAYMENT_CALLBACK, PaymentCallback};
pub use payments::{PaymentView, Payments, PaymentsSetup, read_payment_form};
pub use receipts::{Gift, PAYMENT_RECEIPT, PaymentReceipt, receipt_email, receipt_sms};
pub use reconcile::{RECONCILE_EVERY, RECONCILE_PAYMENTS, ReconcilePayments};

impl Payments {
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
