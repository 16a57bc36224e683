//! What Daraja posts us and what it expects back: the STK callback (a prompt's result), the
//! paybill (C2B) validation and confirmation, the replies to each, the addresses Safaricom
//! publishes for its callbacks, and what Daraja's result codes mean
//! (`../shared/reference/payments-and-sms.md`).

use serde_json::{Value, json};

use crate::wire::{ShapeError, code, kenya_time, money, phone, shape, text};
use crate::{Acknowledgement, Answer, Outcome, PaybillGift, PaymentResult, Post, Reply};

/// The addresses Safaricom publishes for its callbacks.
pub(crate) const PUBLISHED_ADDRESSES: &[&str] = &[
    "196.201.214.200",
    "196.201.214.206",
    "196.201.214.207",
    "196.201.214.208",
    "196.201.213.114",
    "196.201.213.44",
    "196.201.212.127",
    "196.201.212.129",
    "196.201.212.136",
    "196.201.212.138",
    "196.201.212.69",
    "196.201.212.74",
];

/// What a result code means (the callback's and the query's `ResultCode`, the query's
/// `errorCode`, and the spec's: 0 success, 1037 pending, 1032 cancelled). Codes may arrive as
/// numbers or text; the query's "still processing" error is an in-flight answer, not a failure.
pub(crate) fn classify(code: &str) -> Outcome {
    match code.trim() {
        "0" | "00" | "SUCCESS" => Outcome::Completed,
        // In flight: the query's "transaction is being processed", busy systems, another
        // transaction in progress.
        "500.001.1001" | "17" | "26" | "1001" | "PENDING" => Outcome::Pending,
        "1032" | "CANCELLED" => Outcome::Cancelled,
        "1037" | "1019" | "1036" => Outcome::Expired,
        _ => Outcome::Failed,
    }
}

/// Reads the STK callback (`Body.stkCallback`). A success must carry its metadata (amount and
/// receipt); failures carry none.
pub(crate) fn read_callback(body: &Value) -> Result<PaymentResult, ShapeError> {
    let cb = body
        .get("Body")
        .and_then(|b| b.get("stkCallback"))
        .filter(|c| c.is_object())
        .ok_or_else(|| shape("no Body.stkCallback object"))?;
    let checkout_id = text(cb, "CheckoutRequestID").ok_or_else(|| shape("no CheckoutRequestID"))?;
    let result_code = cb
        .get("ResultCode")
        .and_then(code)
        .ok_or_else(|| shape("no ResultCode"))?;
    let description = text(cb, "ResultDesc").unwrap_or_default();
    let mut answer = Answer {
        outcome: classify(&result_code),
        code: result_code,
        description,
        receipt: None,
        amount: None,
        phone: None,
        paid_at: None,
        parameters: None,
        raw: body.clone(),
    };
    if let Some(items) = cb.get("CallbackMetadata").and_then(|m| m.get("Item")) {
        let list = items
            .as_array()
            .ok_or_else(|| shape("CallbackMetadata.Item is not a list"))?;
        for item in list {
            let Some(name) = item.get("Name").and_then(Value::as_str) else {
                return Err(shape("a metadata item without a Name"));
            };
            let value = item.get("Value").unwrap_or(&Value::Null);
            match name {
                "Amount" => {
                    answer.amount = Some(money(value).ok_or_else(|| shape("Amount is not money"))?)
                }
                "MpesaReceiptNumber" => answer.receipt = code(value),
                "TransactionDate" => answer.paid_at = kenya_time(value),
                "PhoneNumber" => answer.phone = phone(value),
                _ => {}
            }
        }
        answer.parameters = Some(items.clone());
    }
    if answer.outcome == Outcome::Completed && (answer.amount.is_none() || answer.receipt.is_none())
    {
        return Err(shape("a success without Amount and MpesaReceiptNumber"));
    }
    Ok(PaymentResult {
        checkout_id,
        merchant_request_id: text(cb, "MerchantRequestID"),
        answer,
    })
}

/// Reads a paybill (C2B) confirmation or validation body.
pub(crate) fn read_paybill(body: &Value) -> Result<PaybillGift, ShapeError> {
    if !body.is_object() {
        return Err(shape("not an object"));
    }
    let receipt = text(body, "TransID")
        .ok_or_else(|| shape("no TransID"))?
        .to_ascii_uppercase();
    if receipt.len() > 40 || !receipt.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(shape("TransID is not a receipt number"));
    }
    let amount = body
        .get("TransAmount")
        .and_then(money)
        .ok_or_else(|| shape("TransAmount is not money"))?;
    let paybill = body
        .get("BusinessShortCode")
        .and_then(code)
        .ok_or_else(|| shape("no BusinessShortCode"))?;
    let name: Vec<String> = ["FirstName", "MiddleName", "LastName"]
        .iter()
        .filter_map(|k| text(body, k))
        .collect();
    Ok(PaybillGift {
        receipt,
        amount,
        paybill,
        account: text(body, "BillRefNumber").unwrap_or_default(),
        phone: body.get("MSISDN").and_then(phone),
        payer_name: (!name.is_empty()).then(|| name.join(" ")),
        paid_at: body.get("TransTime").and_then(kenya_time),
    })
}

/// Daraja's replies: `{ResultCode, ResultDesc}`, 0 when taken. A paybill refusal names its
/// reason with the C2B codes (C2B00013 invalid amount, C2B00015 invalid shortcode, C2B00016
/// other error); the validation's 0 is text, the confirmation's a number.
pub(crate) fn reply(post: Post, ack: &Acknowledgement) -> Reply {
    let reply = |status: u16, code: Value, desc: &str| Reply {
        status,
        body: json!({"ResultCode": code, "ResultDesc": desc}),
    };
    match (post, ack) {
        (Post::PromptResult, Acknowledgement::Unreadable(e)) => {
            reply(400, json!(1), &format!("Rejected: {e}"))
        }
        (Post::PromptResult, _) => reply(200, json!(0), "Accepted"),
        (_, Acknowledgement::Unreadable(_)) => reply(400, json!("C2B00016"), "Rejected"),
        (_, Acknowledgement::OtherPaybill) => reply(200, json!("C2B00015"), "Rejected"),
        (_, Acknowledgement::BelowMinimum) => reply(200, json!("C2B00013"), "Rejected"),
        (Post::PaybillCheck, Acknowledgement::Accepted) => reply(200, json!("0"), "Accepted"),
        (Post::PaybillGift, Acknowledgement::Accepted) => reply(200, json!(0), "Accepted"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn success() -> Value {
        json!({"Body": {"stkCallback": {
            "MerchantRequestID": "29115-34620561-1",
            "CheckoutRequestID": "ws_CO_191220191020363925",
            "ResultCode": 0,
            "ResultDesc": "The service request is processed successfully.",
            "CallbackMetadata": {"Item": [
                {"Name": "Amount", "Value": 1000.00},
                {"Name": "MpesaReceiptNumber", "Value": "NLJ7RT61SV"},
                {"Name": "Balance"},
                {"Name": "TransactionDate", "Value": 20191219102115u64},
                {"Name": "PhoneNumber", "Value": 254708374149u64}
            ]}
        }}})
    }

    #[test]
    fn result_codes() {
        assert_eq!(classify("0"), Outcome::Completed);
        assert_eq!(classify(" 0 "), Outcome::Completed);
        assert_eq!(classify("500.001.1001"), Outcome::Pending);
        assert_eq!(classify("1032"), Outcome::Cancelled);
        assert_eq!(classify("1037"), Outcome::Expired);
        assert_eq!(classify("1"), Outcome::Failed, "insufficient balance");
        assert_eq!(classify("2001"), Outcome::Failed, "wrong PIN");
        assert_eq!(
            classify("SFC_IC0003"),
            Outcome::Failed,
            "text codes are failures with their text"
        );
    }

    #[test]
    fn a_success_callback_is_read_whole() {
        let cb = read_callback(&success()).unwrap();
        assert_eq!(cb.checkout_id, "ws_CO_191220191020363925");
        assert_eq!(cb.answer.outcome, Outcome::Completed);
        assert_eq!(cb.answer.receipt.as_deref(), Some("NLJ7RT61SV"));
        assert_eq!(cb.answer.amount.as_deref(), Some("1000.0"));
        assert_eq!(cb.answer.phone.as_deref(), Some("254708374149"));
        assert_eq!(
            cb.answer.paid_at.unwrap().to_rfc3339(),
            "2019-12-19T07:21:15+00:00",
            "Kenya time is UTC+3"
        );
        assert_eq!(
            cb.answer.parameters.as_ref(),
            success().pointer("/Body/stkCallback/CallbackMetadata/Item"),
            "the metadata items are the result's parameters"
        );
    }

    #[test]
    fn a_read_result_is_kept_and_read_back_the_same() {
        let cb = read_callback(&success()).unwrap();
        let kept = serde_json::to_value(&cb).unwrap();
        assert!(kept.get("raw").is_none() && kept["answer"].get("raw").is_none());
        let back: PaymentResult = serde_json::from_value(kept).unwrap();
        assert_eq!(
            back,
            PaymentResult {
                answer: Answer {
                    raw: Value::Null,
                    ..cb.answer.clone()
                },
                ..cb
            }
        );
    }

    #[test]
    fn failures_and_text_codes() {
        let cancelled = json!({"Body": {"stkCallback": {"MerchantRequestID": "1",
            "CheckoutRequestID": "ws_CO_1", "ResultCode": 1032,
            "ResultDesc": "Request cancelled by user"}}});
        let cb = read_callback(&cancelled).unwrap();
        assert_eq!(cb.answer.outcome, Outcome::Cancelled);
        assert_eq!(cb.answer.description, "Request cancelled by user");
        assert_eq!(cb.answer.parameters, None, "no metadata on failures");
        let text_code = json!({"Body": {"stkCallback": {"CheckoutRequestID": "ws_CO_2",
            "ResultCode": "SFC_IC0003", "ResultDesc": "wrong type"}}});
        assert_eq!(
            read_callback(&text_code).unwrap().answer.outcome,
            Outcome::Failed
        );
    }

    #[test]
    fn malformed_callbacks_are_refused() {
        for bad in [
            json!({}),
            json!({"Body": {}}),
            json!({"Body": {"stkCallback": {"ResultCode": 0}}}),
            json!({"Body": {"stkCallback": {"CheckoutRequestID": "x"}}}),
            // A success without its metadata is not believed.
            json!({"Body": {"stkCallback": {"CheckoutRequestID": "x", "ResultCode": 0}}}),
            json!({"Body": {"stkCallback": {"CheckoutRequestID": "x", "ResultCode": 0,
                "CallbackMetadata": {"Item": [{"Name": "Amount", "Value": "ten"},
                                              {"Name": "MpesaReceiptNumber", "Value": "A"}]}}}}),
            json!({"Body": {"stkCallback": {"CheckoutRequestID": "x", "ResultCode": 0,
                "CallbackMetadata": {"Item": "all"}}}}),
        ] {
            assert!(read_callback(&bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn paybill_confirmations() {
        let body = json!({"TransactionType": "Pay Bill", "TransID": "RKTQDM7W6S",
            "TransTime": "20260511201419", "TransAmount": "2500.00",
            "BusinessShortCode": "600638", "BillRefNumber": "tithe jane",
            "InvoiceNumber": "", "OrgAccountBalance": "49197.00", "ThirdPartyTransID": "",
            "MSISDN": "254708374149", "FirstName": "Jane", "MiddleName": "", "LastName": "Doe"});
        let c = read_paybill(&body).unwrap();
        assert_eq!(c.receipt, "RKTQDM7W6S");
        assert_eq!(c.amount, "2500.00");
        assert_eq!(c.paybill, "600638");
        assert_eq!(c.account, "tithe jane");
        assert_eq!(c.phone.as_deref(), Some("254708374149"));
        assert_eq!(c.payer_name.as_deref(), Some("Jane Doe"));
        // A masked number is no number.
        let mut masked = body.clone();
        masked["MSISDN"] = json!("2547 ***** 149");
        assert_eq!(read_paybill(&masked).unwrap().phone, None);
        let mut hashed = body.clone();
        hashed["MSISDN"] = json!("5c8a9f3b1d2e");
        assert_eq!(read_paybill(&hashed).unwrap().phone, None);
        for key in ["TransID", "TransAmount", "BusinessShortCode"] {
            let mut bad = body.clone();
            bad.as_object_mut().unwrap().remove(key);
            assert!(read_paybill(&bad).is_err(), "without {key}");
        }
        let mut bad = body.clone();
        bad["TransID"] = json!("'; DROP TABLE x; --");
        assert!(read_paybill(&bad).is_err());
    }

    /// Issue 31: `PRB0000001` and `prb0000001` were recorded as two gifts.
    #[test]
    fn a_paybill_receipt_in_another_case_or_with_spaces_is_the_same_receipt() {
        let body = |id: &str| {
            json!({"TransID": id, "TransAmount": "100.00", "BusinessShortCode": "600638",
                   "BillRefNumber": "TITHE", "MSISDN": "254708374149"})
        };
        for id in ["PRB0000001", "prb0000001", "Prb0000001", "  prb0000001\t"] {
            assert_eq!(
                read_paybill(&body(id)).unwrap().receipt,
                "PRB0000001",
                "{id:?}"
            );
        }
        // Spaces inside are no receipt at all.
        assert!(read_paybill(&body("PRB 0000001")).is_err());
    }

    #[test]
    fn the_replies_daraja_expects() {
        let body = |post, ack| {
            let r = reply(post, &ack);
            (r.status, r.body)
        };
        let accepted = json!({"ResultCode": 0, "ResultDesc": "Accepted"});
        assert_eq!(
            body(Post::PromptResult, Acknowledgement::Accepted),
            (200, accepted.clone())
        );
        assert_eq!(
            body(
                Post::PromptResult,
                Acknowledgement::Unreadable(shape("no ResultCode"))
            ),
            (
                400,
                json!({"ResultCode": 1, "ResultDesc": "Rejected: unexpected payload: no ResultCode"})
            )
        );
        assert_eq!(
            body(Post::PaybillGift, Acknowledgement::Accepted),
            (200, accepted)
        );
        assert_eq!(
            body(Post::PaybillCheck, Acknowledgement::Accepted),
            (200, json!({"ResultCode": "0", "ResultDesc": "Accepted"}))
        );
        for (ack, status, code) in [
            (Acknowledgement::Unreadable(shape("x")), 400, "C2B00016"),
            (Acknowledgement::OtherPaybill, 200, "C2B00015"),
            (Acknowledgement::BelowMinimum, 200, "C2B00013"),
        ] {
            for post in [Post::PaybillCheck, Post::PaybillGift] {
                assert_eq!(
                    body(post, ack.clone()),
                    (
                        status,
                        json!({"ResultCode": code, "ResultDesc": "Rejected"})
                    ),
                    "{post:?} {ack:?}"
                );
            }
        }
    }
}
