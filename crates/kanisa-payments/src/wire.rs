//! What providers send us, read strictly: a payload that does not have the documented shape is
//! refused before any of it is believed.

use chrono::{DateTime, NaiveDateTime, TimeZone, Utc};
use serde_json::Value;

use crate::{Answer, Outcome};

/// Why a provider's payload was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unexpected payload: {0}")]
pub struct ShapeError(pub String);

fn shape(what: impl Into<String>) -> ShapeError {
    ShapeError(what.into())
}

/// A Daraja STK callback (`Body.stkCallback`).
#[derive(Clone, Debug, PartialEq)]
pub struct StkCallback {
    pub checkout_id: String,
    pub merchant_request_id: Option<String>,
    pub answer: Answer,
}

/// A code that may be a number or text (`ResultCode: 0`, `"0"`, `"SFC_IC0003"`).
fn code(v: &Value) -> Option<String> {
    match v {
        Value::Number(n) => Some(n.to_string()),
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_owned()),
        _ => None,
    }
}

/// A money amount as a decimal string with at most two decimals (`1000`, `"1000.00"`), or None
/// when it is not one.
pub fn money(v: &Value) -> Option<String> {
    let text = match v {
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.trim().to_owned(),
        _ => return None,
    };
    let (whole, frac) = text.split_once('.').unwrap_or((&text, ""));
    let ok = !whole.is_empty()
        && whole.len() <= 12
        && whole.bytes().all(|b| b.is_ascii_digit())
        && frac.len() <= 2
        && frac.bytes().all(|b| b.is_ascii_digit());
    ok.then_some(text)
}

/// `YYYYMMDDHHmmss` in Kenya time (a number or text).
fn kenya_time(v: &Value) -> Option<DateTime<Utc>> {
    let text = match v {
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.trim().to_owned(),
        _ => return None,
    };
    let naive = NaiveDateTime::parse_from_str(&text, "%Y%m%d%H%M%S").ok()?;
    let nairobi = chrono::FixedOffset::east_opt(3 * 3600)?;
    Some(
        nairobi
            .from_local_datetime(&naive)
            .single()?
            .with_timezone(&Utc),
    )
}

/// A phone number as the providers write it (`254…`, a number or text).
fn phone(v: &Value) -> Option<String> {
    let text = match v {
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.trim().to_owned(),
        _ => return None,
    };
    kanisa_giving::parse_phone(&text)
        .ok()
        .map(|m| m.as_str().to_owned())
}

fn text(v: &Value, key: &str) -> Option<String> {
    v.get(key)
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
}

/// Reads Daraja's STK callback. A success must carry its metadata (amount and receipt);
/// failures carry none.
pub fn parse_stk_callback(body: &Value) -> Result<StkCallback, ShapeError> {
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
    let outcome = kanisa_giving::classify(&result_code);
    let mut answer = Answer {
        outcome,
        code: result_code,
        description,
        receipt: None,
        amount: None,
        phone: None,
        paid_at: None,
        raw: body.clone(),
    };
    if let Some(items) = cb.get("CallbackMetadata").and_then(|m| m.get("Item")) {
        let items = items
            .as_array()
            .ok_or_else(|| shape("CallbackMetadata.Item is not a list"))?;
        for item in items {
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
    }
    if answer.outcome == Outcome::Completed && (answer.amount.is_none() || answer.receipt.is_none())
    {
        return Err(shape("a success without Amount and MpesaReceiptNumber"));
    }
    Ok(StkCallback {
        checkout_id,
        merchant_request_id: text(cb, "MerchantRequestID"),
        answer,
    })
}

/// A Daraja C2B confirmation: a gift paid to the paybill.
#[derive(Clone, Debug, PartialEq)]
pub struct C2bConfirmation {
    /// The M-Pesa receipt (`TransID`), upper case: `prb0000001` and `PRB0000001` are one
    /// transaction (the database compares receipts the same way: `kanisa.receipt_key`).
    pub trans_id: String,
    pub amount: String,
    pub short_code: String,
    /// The account the payer typed (`BillRefNumber`).
    pub account: String,
    /// `254…` when the MSISDN is a usable number (newer API versions may mask it).
    pub phone: Option<String>,
    pub payer_name: Option<String>,
    pub paid_at: Option<DateTime<Utc>>,
}

/// Reads a C2B confirmation (or validation) body.
pub fn parse_c2b(body: &Value) -> Result<C2bConfirmation, ShapeError> {
    if !body.is_object() {
        return Err(shape("not an object"));
    }
    let trans_id = text(body, "TransID")
        .ok_or_else(|| shape("no TransID"))?
        .to_ascii_uppercase();
    if trans_id.len() > 40 || !trans_id.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(shape("TransID is not a receipt number"));
    }
    let amount = body
        .get("TransAmount")
        .and_then(money)
        .ok_or_else(|| shape("TransAmount is not money"))?;
    let short_code = body
        .get("BusinessShortCode")
        .and_then(code)
        .ok_or_else(|| shape("no BusinessShortCode"))?;
    let name: Vec<String> = ["FirstName", "MiddleName", "LastName"]
        .iter()
        .filter_map(|k| text(body, k))
        .collect();
    Ok(C2bConfirmation {
        trans_id,
        amount,
        short_code,
        account: text(body, "BillRefNumber").unwrap_or_default(),
        phone: body.get("MSISDN").and_then(phone),
        payer_name: (!name.is_empty()).then(|| name.join(" ")),
        paid_at: body.get("TransTime").and_then(kenya_time),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

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
    fn a_success_callback_is_read_whole() {
        let cb = parse_stk_callback(&success()).unwrap();
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
    }

    #[test]
    fn failures_and_text_codes() {
        let cancelled = json!({"Body": {"stkCallback": {"MerchantRequestID": "1",
            "CheckoutRequestID": "ws_CO_1", "ResultCode": 1032,
            "ResultDesc": "Request cancelled by user"}}});
        let cb = parse_stk_callback(&cancelled).unwrap();
        assert_eq!(cb.answer.outcome, Outcome::Cancelled);
        assert_eq!(cb.answer.description, "Request cancelled by user");
        let text_code = json!({"Body": {"stkCallback": {"CheckoutRequestID": "ws_CO_2",
            "ResultCode": "SFC_IC0003", "ResultDesc": "wrong type"}}});
        assert_eq!(
            parse_stk_callback(&text_code).unwrap().answer.outcome,
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
            assert!(parse_stk_callback(&bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn money_is_two_decimals_at_most() {
        assert_eq!(money(&json!("1000.00")).as_deref(), Some("1000.00"));
        assert_eq!(money(&json!(50)).as_deref(), Some("50"));
        for bad in [
            json!("-5"),
            json!("1e3"),
            json!("12.345"),
            json!(""),
            json!(null),
            json!("1,000"),
        ] {
            assert_eq!(money(&bad), None, "{bad}");
        }
    }

    #[test]
    fn paybill_confirmations() {
        let body = json!({"TransactionType": "Pay Bill", "TransID": "RKTQDM7W6S",
            "TransTime": "20260511201419", "TransAmount": "2500.00",
            "BusinessShortCode": "600638", "BillRefNumber": "tithe jane",
            "InvoiceNumber": "", "OrgAccountBalance": "49197.00", "ThirdPartyTransID": "",
            "MSISDN": "254708374149", "FirstName": "Jane", "MiddleName": "", "LastName": "Doe"});
        let c = parse_c2b(&body).unwrap();
        assert_eq!(c.trans_id, "RKTQDM7W6S");
        assert_eq!(c.amount, "2500.00");
        assert_eq!(c.account, "tithe jane");
        assert_eq!(c.phone.as_deref(), Some("254708374149"));
        assert_eq!(c.payer_name.as_deref(), Some("Jane Doe"));
        // A masked number is no number.
        let mut masked = body.clone();
        masked["MSISDN"] = json!("2547 ***** 149");
        assert_eq!(parse_c2b(&masked).unwrap().phone, None);
        let mut hashed = body.clone();
        hashed["MSISDN"] = json!("5c8a9f3b1d2e");
        assert_eq!(parse_c2b(&hashed).unwrap().phone, None);
        for key in ["TransID", "TransAmount", "BusinessShortCode"] {
            let mut bad = body.clone();
            bad.as_object_mut().unwrap().remove(key);
            assert!(parse_c2b(&bad).is_err(), "without {key}");
        }
        let mut bad = body.clone();
        bad["TransID"] = json!("'; DROP TABLE x; --");
        assert!(parse_c2b(&bad).is_err());
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
                parse_c2b(&body(id)).unwrap().trans_id,
                "PRB0000001",
                "{id:?}"
            );
        }
        // Spaces inside are no receipt at all.
        assert!(parse_c2b(&body("PRB 0000001")).is_err());
    }
}
