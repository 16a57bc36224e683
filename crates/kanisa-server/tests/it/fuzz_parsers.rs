//! Fuzz targets for the parsers that read what the outside world sends, run on stable with
//! proptest: the public forms and the staff forms of `/functions/v1`, the payment providers'
//! callbacks (M-Pesa STK and C2B, Equity's IPN), amounts, and the storage name checks. Inputs
//! are arbitrary JSON and text shaped like each parser's fields, so they reach deep. The
//! property: never a panic, and what is accepted keeps the parser's promises.
//!
//! `KANISA_FUZZ_CASES` sets the cases per target (300 in `make test`; `make soak` runs many
//! more). Each target prints `fuzz <target>: <cases> cases, 0 crashes` when it passes; a
//! crash fails the test with the input, which then becomes a regression case here.

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serde_json::{Map, Value, json};

fn cases() -> u32 {
    std::env::var("KANISA_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300)
}

/// Arbitrary text, weighted towards the troublesome: empty, whitespace, huge, non-ASCII,
/// numbers as text, control characters.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        Just("   ".to_owned()),
        Just("0712345678".to_owned()),
        Just("+254 722 000 111".to_owned()),
        Just("{name} {date} {event_name}".to_owned()),
        Just("x".repeat(20_000)),
        Just("2026-02-30".to_owned()),
        Just("-1".to_owned()),
        Just("1e309".to_owned()),
        "\\PC{0,40}",
        "[ -~]{0,80}",
    ]
}

/// Arbitrary JSON whose object keys are mostly `keys` (the parser's own fields).
fn json_with(keys: &'static [&'static str]) -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<f64>().prop_map(|n| json!(n)),
        text().prop_map(Value::String),
    ];
    let key = prop_oneof![
        4 => proptest::sample::select(keys).prop_map(str::to_owned),
        1 => "[a-zA-Z_]{1,12}",
    ];
    leaf.prop_recursive(4, 48, 8, move |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            proptest::collection::vec((key.clone(), inner), 0..10)
                .prop_map(|pairs| Value::Object(pairs.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// Runs `check` on `cases()` inputs of `strategy`; a panic or a failed property fails the test.
fn fuzz<S: Strategy>(
    target: &str,
    strategy: S,
    check: impl Fn(S::Value) -> Result<(), TestCaseError>,
) where
    S::Value: std::fmt::Debug,
{
    let n = cases();
    let mut runner = TestRunner::new(Config {
        cases: n,
        failure_persistence: None,
        ..Config::default()
    });
    if let Err(e) = runner.run(&strategy, check) {
        panic!("fuzz {target}: crash: {e}");
    }
    println!("fuzz {target}: {n} cases, 0 crashes");
}

const FORM_FIELDS: &[&str] = &[
    "category",
    "anonymous",
    "name",
    "email",
    "phone",
    "subject",
    "message",
    "website",
    "prayerType",
    "prayerPrivacy",
    "visitationType",
    "visitationAddress",
    "preferredDate",
    "department",
    "reportType",
    "reportPeriod",
    "attachments",
    "path",
    "idempotencyKey",
    "eventTitle",
    "eventDate",
    "estimatedBudget",
    "location",
    "priority",
    "urgency",
];

#[test]
fn fuzz_public_forms() {
    fuzz("public forms", json_with(FORM_FIELDS), |body| {
        if let Ok(form) =
            serde_json::from_value::<kanisa_functions::form::RequestForm>(body.clone())
        {
            let _ = kanisa_functions::form::read_request(&form);
        }
        if let Ok(form) = serde_json::from_value::<kanisa_functions::form::ContactForm>(body) {
            let _ = kanisa_functions::form::read_contact(&form);
        }
        Ok(())
    });
}

#[test]
fn fuzz_staff_send_form() {
    const FIELDS: &[&str] = &[
        "channels",
        "audience",
        "group",
        "ministryId",
        "memberIds",
        "subject",
        "body",
        "eventId",
        "date",
        "allowLong",
        "templateId",
        "preview",
    ];
    fuzz("send-broadcast form", json_with(FIELDS), |body| {
        if let Ok(form) = kanisa_functions::broadcast::read_broadcast(&body) {
            prop_assert!(form.sms || form.email);
            prop_assert!(!form.body.trim().is_empty());
            prop_assert!(form.body.chars().count() <= 10_000);
            prop_assert!(!form.email || form.subject.is_some());
        }
        Ok(())
    });
}

#[test]
fn fuzz_payment_form_and_amounts() {
    const FIELDS: &[&str] = &["phone", "amount", "givingType", "memberId", "name", "notes"];
    fuzz("payment form", json_with(FIELDS), |body| {
        if let Ok((phone, amount, _)) = kanisa_functions::read_payment_form(&body) {
            prop_assert!(phone.starts_with("254") && phone.len() == 12, "{phone}");
            prop_assert!(amount > 0);
        }
        let _ = kanisa_payments::money(&body);
        Ok(())
    });
}

#[test]
fn fuzz_provider_callbacks() {
    const FIELDS: &[&str] = &[
        "Body",
        "stkCallback",
        "MerchantRequestID",
        "CheckoutRequestID",
        "ResultCode",
        "ResultDesc",
        "CallbackMetadata",
        "Item",
        "Name",
        "Value",
        "Amount",
        "MpesaReceiptNumber",
        "PhoneNumber",
        "TransactionType",
        "TransID",
        "TransAmount",
        "BillRefNumber",
        "MSISDN",
        "FirstName",
        "transaction",
        "reference",
        "status",
        "amount",
        "billNumber",
        "customer",
        "bank",
        "code",
        "message",
        "date",
    ];
    fuzz("provider callbacks", json_with(FIELDS), |body| {
        for kind in [
            kanisa_payments::ProviderKind::Mpesa,
            kanisa_payments::ProviderKind::EquityBank,
        ] {
            if let Ok(cb) = kanisa_payments::parse_callback(kind, &body) {
                prop_assert!(!cb.checkout_id.is_empty());
            }
        }
        let _ = kanisa_payments::parse_paybill(&body);
        Ok(())
    });
}

#[test]
fn fuzz_storage_names() {
    let name = prop_oneof![text(), "(\\.\\./|/|[a-z]{1,8}|%2e|\\\\|\\x00|[ -~]){0,12}",];
    fuzz("storage names", name, |name| {
        if kanisa_storage::names::validate_name(&name).is_ok() {
            prop_assert!(
                !name.split('/').any(|part| part == ".." || part == "."),
                "{name}"
            );
            prop_assert!(!name.starts_with('/') && !name.contains('\0'), "{name}");
        }
        let _ = kanisa_storage::names::validate_bucket(&name);
        Ok(())
    });
}
