//! Test support: local fakes of the providers — a mail server in `mail.rs`, the SMS providers
//! in `sms.rs`, Africa's Talking's USSD gateway in `ussd.rs`, Equity Bank's
//! Jenga in `jenga.rs` —
//! and of M-Pesa Daraja that speaks its documented HTTP shapes
//! (`../shared/reference/payments-and-sms.md`) — the OAuth token, the STK push (checking the
//! password), the STK query (with the "being processed" answer while the phone has not
//! answered), the STK callback, and paybill (C2B) confirmations — and can be told, per phone
//! number or at random, to delay, drop, duplicate and reorder callbacks, refuse prompts, fail
//! queries and answer each result code. It keeps the money it "collected", so a test can
//! compare it with what Kanisa recorded.
//!
//! Owns: nothing of Kanisa; it is never linked into the `kanisa` binary. Used by the Rust
//! integration tests in-process and by the browser tests as the `fake-daraja` binary, driven
//! through `/__fake/*`.
#![forbid(unsafe_code)]

pub mod jenga;
pub mod mail;
pub mod sms;
pub mod ussd;

pub use mail::{FakeMail, Mail};
pub use sms::{FakeSms, SmsRequest};
pub use ussd::{FakeUssd, UssdScreen, UssdSession};

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use rand::Rng;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// The church's Daraja account as the fake knows it.
#[derive(Clone, Debug)]
pub struct Account {
    pub consumer_key: String,
    pub consumer_secret: String,
    pub shortcode: String,
    pub passkey: String,
}

impl Default for Account {
    fn default() -> Account {
        Account {
            consumer_key: "fake-key".into(),
            consumer_secret: "fake-secret".into(),
            shortcode: "174379".into(),
            passkey: "fake-passkey".into(),
        }
    }
}

/// What happens to a prompt sent to a phone.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Behaviour {
    /// The result the donor's phone gives: 0 paid, 1 insufficient funds, 1032 cancelled,
    /// 1037 no answer, 2001 wrong PIN…
    pub result_code: i64,
    /// When the phone answers, after the prompt.
    pub answer_after_ms: u64,
    /// Whether the callback is sent at all.
    pub callback: bool,
    /// Extra wait before the callback, after the answer.
    pub callback_delay_ms: u64,
    /// Extra copies of the callback.
    pub duplicates: u32,
    /// Answer the prompt itself with this HTTP error (nothing is sent to the phone).
    pub prompt_status: Option<u16>,
    /// Answer status queries with this HTTP error.
    pub query_status: Option<u16>,
    /// The phone never answers: queries say "being processed" for ever.
    pub never_answer: bool,
    /// The prompt's answer takes this long (longer than the caller waits: a timeout; the
    /// prompt still goes to the phone).
    pub prompt_delay_ms: u64,
}

impl Default for Behaviour {
    fn default() -> Behaviour {
        Behaviour {
            result_code: 0,
            answer_after_ms: 1000,
            callback: true,
            callback_delay_ms: 0,
            duplicates: 0,
            prompt_status: None,
            query_status: None,
            never_answer: false,
            prompt_delay_ms: 0,
        }
    }
}

/// Random trouble for every prompt without a behaviour of its own.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Chaos {
    /// Share of callbacks never sent.
    pub drop: f64,
    /// Share of callbacks sent two or three times.
    pub duplicate: f64,
    /// Callbacks wait up to this long (so they arrive out of order).
    pub max_delay_ms: u64,
    /// Share of prompts refused with a 500.
    pub prompt_error: f64,
    /// Share of queries answered with a 500.
    pub query_error: f64,
    /// Result codes with their weights.
    pub outcomes: Vec<(i64, f64)>,
}

impl Default for Chaos {
    fn default() -> Chaos {
        Chaos {
            drop: 0.2,
            duplicate: 0.3,
            max_delay_ms: 3000,
            prompt_error: 0.05,
            query_error: 0.1,
            outcomes: vec![(0, 0.7), (1032, 0.1), (1, 0.1), (1037, 0.1)],
        }
    }
}

#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Transaction {
    checkout_id: String,
    merchant_id: String,
    phone: String,
    amount: u64,
    result_code: i64,
    receipt: Option<String>,
    never_answer: bool,
    query_status: Option<u16>,
    #[serde(skip)]
    answer_at: tokio::time::Instant,
    callback_body: Option<Value>,
    callback_url: String,
}

/// What the fake collected.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Collected {
    pub count: u64,
    pub total: u64,
    pub prompts: u64,
    pub paybill: u64,
    pub receipts: Vec<String>,
}

#[derive(Default)]
struct Inner {
    by_phone: HashMap<String, Behaviour>,
    default: Behaviour,
    chaos: Option<Chaos>,
    transactions: HashMap<String, Transaction>,
    paybill: Vec<(String, u64)>,
    token: String,
    seq: u64,
    prompts_seen: u64,
}

#[derive(Clone)]
pub struct FakeDaraja {
    pub addr: SocketAddr,
    account: Arc<Account>,
    inner: Arc<Mutex<Inner>>,
    http: reqwest::Client,
}

fn receipt(rng: &mut impl Rng) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    (0..10)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect()
}

fn result_desc(code: i64) -> &'static str {
    match code {
        0 => "The service request is processed successfully.",
        1 => "The balance is insufficient for the transaction.",
        1032 => "Request cancelled by user",
        1037 => "DS timeout user cannot be reached",
        2001 => "The initiator information is invalid.",
        _ => "The transaction failed.",
    }
}

impl FakeDaraja {
    /// Starts the fake on 127.0.0.1 (`port` 0 picks one).
    pub async fn start(account: Account, port: u16) -> FakeDaraja {
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", port))
            .await
            .expect("bind the fake");
        let fake = FakeDaraja {
            addr: listener.local_addr().expect("an address"),
            account: Arc::new(account),
            inner: Arc::new(Mutex::new(Inner {
                token: format!("token-{}", rand::rng().random::<u32>()),
                ..Inner::default()
            })),
            http: reqwest::Client::builder()
                .timeout(Duration::from_secs(10))
                .build()
                .expect("a client"),
        };
        let app = Router::new()
            .route("/oauth/v1/generate", get(token))
            .route("/mpesa/stkpush/v1/processrequest", post(stk_push))
            .route("/mpesa/stkpushquery/v1/query", post(stk_query))
            .route("/__fake/behaviour", post(set_behaviour))
            .route("/__fake/chaos", post(set_chaos))
            .route("/__fake/collected", get(collected))
            .route("/__fake/paybill", post(pay_paybill))
            .route("/__fake/replay", post(replay))
            .route("/__fake/transactions", get(transactions))
            .with_state(fake.clone());
        tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        fake
    }

    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    pub fn account(&self) -> &Account {
        &self.account
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// What prompts to `phone` (`254…`) do; `None` sets the default.
    pub fn behave(&self, phone: Option<&str>, b: Behaviour) {
        let mut inner = self.lock();
        match phone {
            Some(p) => {
                inner.by_phone.insert(p.to_owned(), b);
            }
            None => inner.default = b,
        }
    }

    /// Random trouble for prompts without a behaviour of their own (`None` stops it).
    pub fn chaos(&self, c: Option<Chaos>) {
        self.lock().chaos = c;
    }

    /// The prompts the fake accepted.
    pub fn prompts(&self) -> u64 {
        self.lock().prompts_seen
    }

    /// The money collected: paid prompts (whose phone has answered) and paybill gifts.
    pub fn collected(&self) -> Collected {
        let inner = self.lock();
        let now = tokio::time::Instant::now();
        let mut c = Collected::default();
        for t in inner.transactions.values() {
            if t.result_code == 0 && !t.never_answer && t.answer_at <= now {
                c.count += 1;
                c.prompts += 1;
                c.total += t.amount;
                c.receipts.extend(t.receipt.clone());
            }
        }
        for (id, amount) in &inner.paybill {
            c.count += 1;
            c.paybill += 1;
            c.total += amount;
            c.receipts.push(id.clone());
        }
        c.receipts.sort();
        c
    }

    /// A gift paid to the paybill: its confirmation is posted to `url` until it is accepted
    /// (plus `duplicates` copies). The transaction id.
    pub fn paybill(
        &self,
        url: &str,
        amount: u64,
        account: &str,
        msisdn: &str,
        duplicates: u32,
    ) -> String {
        let trans_id = receipt(&mut rand::rng());
        self.lock().paybill.push((trans_id.clone(), amount));
        let body = json!({
            "TransactionType": "Pay Bill", "TransID": trans_id,
            "TransTime": chrono::Utc::now().with_timezone(&chrono::FixedOffset::east_opt(3 * 3600).expect("offset")).format("%Y%m%d%H%M%S").to_string(),
            "TransAmount": format!("{amount}.00"), "BusinessShortCode": self.account.shortcode,
            "BillRefNumber": account, "InvoiceNumber": "", "OrgAccountBalance": "",
            "ThirdPartyTransID": "", "MSISDN": msisdn, "FirstName": "Test", "MiddleName": "",
            "LastName": "Donor",
        });
        for copy in 0..=duplicates {
            let (http, url, body) = (self.http.clone(), url.to_owned(), body.clone());
            tokio::spawn(async move {
                tokio::time::sleep(Duration::from_millis(50 * u64::from(copy))).await;
                deliver(&http, &url, &body, Duration::from_secs(90)).await;
            });
        }
        trans_id
    }

    /// Sends the callback of `checkout` again, as it was or claiming to be `as_checkout`'s.
    pub async fn replay(&self, checkout: &str, as_checkout: Option<&str>) -> Option<u16> {
        let (mut body, url) = {
            let inner = self.lock();
            let t = inner.transactions.get(checkout)?;
            (t.callback_body.clone()?, t.callback_url.clone())
        };
        if let Some(other) = as_checkout {
            body["Body"]["stkCallback"]["CheckoutRequestID"] = json!(other);
        }
        let res = self.http.post(&url).json(&body).send().await.ok()?;
        Some(res.status().as_u16())
    }

    fn behaviour_for(&self, phone: &str) -> Behaviour {
        let inner = self.lock();
        if let Some(b) = inner.by_phone.get(phone) {
            return b.clone();
        }
        let Some(chaos) = &inner.chaos else {
            return inner.default.clone();
        };
        let mut rng = rand::rng();
        let mut pick = rng.random::<f64>() * chaos.outcomes.iter().map(|o| o.1).sum::<f64>();
        let mut result_code = 0;
        for (code, weight) in &chaos.outcomes {
            result_code = *code;
            if pick < *weight {
                break;
            }
            pick -= weight;
        }
        Behaviour {
            result_code,
            answer_after_ms: rng.random_range(100..1500),
            callback: rng.random::<f64>() >= chaos.drop,
            callback_delay_ms: rng.random_range(0..=chaos.max_delay_ms),
            duplicates: if rng.random::<f64>() < chaos.duplicate {
                rng.random_range(1..=2)
            } else {
                0
            },
            prompt_status: (rng.random::<f64>() < chaos.prompt_error).then_some(500),
            query_status: None,
            never_answer: false,
            prompt_delay_ms: 0,
        }
    }

    fn query_fails(&self) -> bool {
        let inner = self.lock();
        inner
            .chaos
            .as_ref()
            .is_some_and(|c| rand::rng().random::<f64>() < c.query_error)
    }
}

/// Posts until a 2xx answer or `within` runs out.
async fn deliver(http: &reqwest::Client, url: &str, body: &Value, within: Duration) -> bool {
    let until = tokio::time::Instant::now() + within;
    loop {
        if let Ok(res) = http.post(url).json(body).send().await
            && res.status().is_success()
        {
            return true;
        }
        if tokio::time::Instant::now() >= until {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

fn fault(status: u16, body: Value) -> Response {
    (
        StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
        Json(body),
    )
        .into_response()
}

async fn token(State(fake): State<FakeDaraja>, headers: HeaderMap) -> Response {
    let expected = format!(
        "Basic {}",
        STANDARD.encode(format!(
            "{}:{}",
            fake.account.consumer_key, fake.account.consumer_secret
        ))
    );
    if headers.get("authorization").and_then(|v| v.to_str().ok()) != Some(expected.as_str()) {
        return fault(
            400,
            json!({"requestId": "", "errorCode": "400.008.01", "errorMessage": "Invalid Authentication passed"}),
        );
    }
    let token = fake.lock().token.clone();
    Json(json!({"access_token": token, "expires_in": "3599"})).into_response()
}

fn authorised(fake: &FakeDaraja, headers: &HeaderMap) -> bool {
    let token = fake.lock().token.clone();
    headers.get("authorization").and_then(|v| v.to_str().ok())
        == Some(format!("Bearer {token}").as_str())
}

fn invalid(message: &str) -> Response {
    fault(
        400,
        json!({"requestId": "", "errorCode": "400.002.02", "errorMessage": format!("Bad Request - Invalid {message}")}),
    )
}

fn password_ok(fake: &FakeDaraja, body: &Value) -> bool {
    let (Some(password), Some(timestamp)) = (body["Password"].as_str(), body["Timestamp"].as_str())
    else {
        return false;
    };
    let a = &fake.account;
    timestamp.len() == 14
        && STANDARD.decode(password).ok().as_deref()
            == Some(format!("{}{}{timestamp}", a.shortcode, a.passkey).as_bytes())
}

async fn stk_push(
    State(fake): State<FakeDaraja>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Response {
    if !authorised(&fake, &headers) {
        return fault(
            401,
            json!({"requestId": "", "errorCode": "404.001.03", "errorMessage": "Invalid Access Token"}),
        );
    }
    if body["BusinessShortCode"].as_str() != Some(fake.account.shortcode.as_str())
        || body["PartyB"].as_str() != Some(fake.account.shortcode.as_str())
    {
        return invalid("BusinessShortCode");
    }
    if !password_ok(&fake, &body) {
        return invalid("Password");
    }
    if body["TransactionType"] != "CustomerPayBillOnline" {
        return invalid("TransactionType");
    }
    let Some(amount) = body["Amount"].as_u64().filter(|a| *a >= 1) else {
        return invalid("Amount");
    };
    let phone = body["PhoneNumber"].as_str().unwrap_or_default().to_owned();
    let valid_phone = phone.len() == 12
        && phone.starts_with("254")
        && phone.bytes().all(|b| b.is_ascii_digit())
        && body["PartyA"].as_str() == Some(phone.as_str());
    if !valid_phone {
        return invalid("PhoneNumber");
    }
    let Some(url) = body["CallBackURL"]
        .as_str()
        .filter(|u| u.starts_with("http") && !u.contains(' '))
    else {
        return invalid("CallBackURL");
    };
    if body["AccountReference"]
        .as_str()
        .is_none_or(|r| r.is_empty() || r.chars().count() > 12)
        || body["TransactionDesc"]
            .as_str()
            .is_none_or(|d| d.chars().count() > 13)
    {
        return invalid("AccountReference");
    }
    let b = fake.behaviour_for(&phone);
    if let Some(status) = b.prompt_status {
        return fault(
            status,
            json!({"requestId": "", "errorCode": "500.001.1001", "errorMessage": "Unable to lock subscriber, a transaction is already in process for the current subscriber"}),
        );
    }
    let (checkout_id, merchant_id) = {
        let mut inner = fake.lock();
        inner.seq += 1;
        inner.prompts_seen += 1;
        (
            format!(
                "ws_CO_{}_{:06}",
                chrono::Utc::now().format("%d%m%Y%H%M%S"),
                inner.seq
            ),
            format!("{}-{}-1", 29115 + inner.seq, 34620561),
        )
    };
    let answer_at = tokio::time::Instant::now() + Duration::from_millis(b.answer_after_ms);
    let paid = b.result_code == 0 && !b.never_answer;
    let receipt_number = paid.then(|| receipt(&mut rand::rng()));
    let callback_body = (!b.never_answer).then(|| {
        let mut cb = json!({"Body": {"stkCallback": {
            "MerchantRequestID": merchant_id, "CheckoutRequestID": checkout_id,
            "ResultCode": b.result_code, "ResultDesc": result_desc(b.result_code)}}});
        if let Some(r) = &receipt_number {
            cb["Body"]["stkCallback"]["CallbackMetadata"] = json!({"Item": [
                {"Name": "Amount", "Value": amount},
                {"Name": "MpesaReceiptNumber", "Value": r},
                {"Name": "Balance"},
                {"Name": "TransactionDate", "Value": chrono::Utc::now().with_timezone(&chrono::FixedOffset::east_opt(3 * 3600).expect("offset")).format("%Y%m%d%H%M%S").to_string().parse::<u64>().unwrap_or(0)},
                {"Name": "PhoneNumber", "Value": phone.parse::<u64>().unwrap_or(0)},
            ]});
        }
        cb
    });
    fake.lock().transactions.insert(
        checkout_id.clone(),
        Transaction {
            checkout_id: checkout_id.clone(),
            merchant_id: merchant_id.clone(),
            phone,
            amount,
            result_code: b.result_code,
            receipt: receipt_number,
            never_answer: b.never_answer,
            query_status: b.query_status,
            answer_at,
            callback_body: callback_body.clone(),
            callback_url: url.to_owned(),
        },
    );
    if let (Some(cb), true) = (callback_body, b.callback) {
        for copy in 0..=b.duplicates {
            let (http, url, cb) = (fake.http.clone(), url.to_owned(), cb.clone());
            let wait = Duration::from_millis(
                b.answer_after_ms + b.callback_delay_ms + 150 * u64::from(copy),
            );
            tokio::spawn(async move {
                tokio::time::sleep(wait).await;
                // Daraja does not retry a callback: one attempt each.
                let _ = http.post(&url).json(&cb).send().await;
            });
        }
    }
    tokio::time::sleep(Duration::from_millis(b.prompt_delay_ms)).await;
    Json(json!({
        "MerchantRequestID": merchant_id,
        "CheckoutRequestID": checkout_id,
        "ResponseCode": "0",
        "ResponseDescription": "Success. Request accepted for processing",
        "CustomerMessage": "Success. Request accepted for processing",
    }))
    .into_response()
}

async fn stk_query(
    State(fake): State<FakeDaraja>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Response {
    if !authorised(&fake, &headers) {
        return fault(
            401,
            json!({"requestId": "", "errorCode": "404.001.03", "errorMessage": "Invalid Access Token"}),
        );
    }
    if !password_ok(&fake, &body) {
        return invalid("Password");
    }
    let id = body["CheckoutRequestID"].as_str().unwrap_or_default();
    let Some(t) = fake.lock().transactions.get(id).cloned() else {
        return invalid("CheckoutRequestID");
    };
    if let Some(status) = t.query_status {
        return fault(
            status,
            json!({"fault": {"faultstring": "Internal Server Error"}}),
        );
    }
    if fake.query_fails() {
        return fault(
            500,
            json!({"fault": {"faultstring": "Internal Server Error"}}),
        );
    }
    if t.never_answer || tokio::time::Instant::now() < t.answer_at {
        return fault(
            500,
            json!({"requestId": "", "errorCode": "500.001.1001", "errorMessage": "The transaction is being processed"}),
        );
    }
    Json(json!({
        "ResponseCode": "0",
        "ResponseDescription": "The service request has been accepted successsfully",
        "MerchantRequestID": t.merchant_id,
        "CheckoutRequestID": t.checkout_id,
        "ResultCode": t.result_code.to_string(),
        "ResultDesc": result_desc(t.result_code),
    }))
    .into_response()
}

#[derive(Deserialize)]
struct PhoneBehaviour {
    phone: Option<String>,
    #[serde(flatten)]
    behaviour: Behaviour,
}

async fn set_behaviour(
    State(fake): State<FakeDaraja>,
    Json(b): Json<PhoneBehaviour>,
) -> Json<Value> {
    fake.behave(b.phone.as_deref(), b.behaviour);
    Json(json!({"ok": true}))
}

async fn set_chaos(State(fake): State<FakeDaraja>, Json(c): Json<Option<Chaos>>) -> Json<Value> {
    fake.chaos(c);
    Json(json!({"ok": true}))
}

async fn collected(State(fake): State<FakeDaraja>) -> Json<Collected> {
    Json(fake.collected())
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Paybill {
    url: String,
    amount: u64,
    account: String,
    msisdn: String,
    #[serde(default)]
    duplicates: u32,
}

async fn pay_paybill(State(fake): State<FakeDaraja>, Json(p): Json<Paybill>) -> Json<Value> {
    let id = fake.paybill(&p.url, p.amount, &p.account, &p.msisdn, p.duplicates);
    Json(json!({"transId": id}))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Replay {
    checkout_id: String,
    as_checkout_id: Option<String>,
}

async fn replay(State(fake): State<FakeDaraja>, Json(r): Json<Replay>) -> Json<Value> {
    let status = fake
        .replay(&r.checkout_id, r.as_checkout_id.as_deref())
        .await;
    Json(json!({"status": status}))
}

async fn transactions(State(fake): State<FakeDaraja>) -> Json<Value> {
    let list: Vec<Transaction> = fake.lock().transactions.values().cloned().collect();
    Json(json!(list))
}
