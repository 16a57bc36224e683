//! Online giving's rules, as plain functions (issue 15's foundation): what a donor may type as a
//! phone number and an amount and the texts they see when it is wrong (public-site §5, §8), the
//! giving types and how each value set maps onto the stored one (spec README), our payment
//! reference (public-site §7), and the giving type read from a paybill account.
//!
//! Owns: these rules and texts. Must not know HTTP, the database or a provider's wire (what a
//! provider's codes mean is `kanisa-payments`'): the payment functions and provider clients
//! built on it do.
#![forbid(unsafe_code)]

mod amount;
mod kind;
mod phone;

pub use amount::{AmountError, MAX_AMOUNT, MIN_AMOUNT, parse_amount};
pub use kind::{GivingType, payment_reference, type_from_account};
pub use phone::{Msisdn, PhoneError, parse_phone};
