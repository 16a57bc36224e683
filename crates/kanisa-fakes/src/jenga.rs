//! A fake of Equity Bank's Jenga API v3 for tests: the merchant token, the signed mobile-wallet
//! prompt (the `Signature` checked against the test key's public half), the signed status query
//! and the payment notification (IPN) posted to the prompt's callback address.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use rsa::RsaPrivateKey;
use rsa::pkcs1::DecodeRsaPrivateKey;
use rsa::pkcs1v15::{Signature, VerifyingKey};
use rsa::signature::Verifier;
use serde_json::{Value, json};
use sha2::Sha256;

use crate::Behaviour;

/// The signing key of the tests' church (a test key, nothing else uses it).
pub const TEST_KEY_PEM: &str = include_str!("jenga-test-key.pem");

/// The church's Jenga account as the fake knows it.
#[derive(Clone, Debug)]
pub struct JengaAccount {
    pub api_key: String,
    pub merchant_code: String,
    pub consumer_secret: String,
    pub account_number: String,
}

impl Default for JengaAccount {
    fn default() -> JengaAccount {
        JengaAccount {
            api_key: "jenga-api-key".into(),
            merchant_code: "0766000000".into(),
            consumer_secret: "jenga-consumer-secret".into(),
            account_number: "1180000000001".into(),
        }
    }
}

#[derive(Clone)]
struct Tx {
    amount: String,
    phone: String,
    behaviour: Behaviour,
    receipt: String,
    at: tokio::time::Instant,
}

#[derive(Clone)]
pub struct FakeJenga {
    pub addr: SocketAddr,
    account: Arc<JengaAccount>,
    verifier: Arc<VerifyingKey<Sha256>>,
    token: String,
    by_phone: Arc<Mutex<HashMap<String, Behaviour>>>,
    txs: Arc<Mutex<HashMap<String, Tx>>>,
    http: reqwest::Client,
}

impl FakeJenga {
    pub async fn start(account: JengaAccount) -> FakeJenga {
        let key = RsaPrivateKey::from_pkcs1_pem(TEST_KEY_PEM).expect("the test key");
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let fake = FakeJenga {
            addr: listener.local_addr().expect("an address"),
            account: Arc::new(account),
            verifier: Arc::new(VerifyingKey::<Sha256>::new(key.to_public_key())),
            token: "jenga-token-1".into(),
            by_phone: Arc::default(),
            txs: Arc::default(),
            http: reqwest::Client::new(),
        };
        let app = Router::new()
            .route("/authentication/api/v3/authenticate/merchant", post(token))
            .route(
                "/v3-apis/payment-api/v3.0/stkussdpush/initiate",
                post(initiate),
            )
            .route(
                "/v3-apis/transaction-api/v3.0/transactions/details/{reference}",
                get(details),
            )
            .with_state(fake.clone());
        tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        fake
    }

    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    pub fn account(&self) -> &JengaAccount {
        &self.account
    }

    /// What prompts to `phone` (`254…`) do.
    pub fn behave(&self, phone: &str, b: Behaviour) {
        self.by_phone
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(phone.into(), b);
    }

    fn verified(&self, headers: &HeaderMap, fields: &[&str]) -> bool {
        let Some(sig) = headers
            .get("signature")
            .and_then(|v| v.to_str().ok())
            .and_then(|s| STANDARD.decode(s).ok())
            .and_then(|b| Signature::try_from(b.as_slice()).ok())
        else {
            return false;
        };
        self.verifier
            .verify(fields.concat().as_bytes(), &sig)
            .is_ok()
    }

    fn bearer(&self, headers: &HeaderMap) -> bool {
        headers.get("authorization").and_then(|v| v.to_str().ok())
            == Some(format!("Bearer {}", self.token).as_str())
    }
}

fn refuse(status: u16, message: &str) -> Response {
    (
        StatusCode::from_u16(status).unwrap_or(StatusCode::BAD_REQUEST),
        Json(json!({"status": false, "code": status, "message": message})),
    )
        .into_response()
}

async fn token(
    State(fake): State<FakeJenga>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Response {
    let a = &fake.account;
    if headers.get("api-key").and_then(|v| v.to_str().ok()) != Some(a.api_key.as_str())
        || body["merchantCode"] != a.merchant_code.as_str()
        || body["consumerSecret"] != a.consumer_secret.as_str()
    {
        return refuse(401, "Invalid merchant credentials");
    }
    Json(
        json!({"accessToken": fake.token, "refreshToken": "r", "expiresIn": 900,
                "issuedAt": chrono::Utc::now().to_rfc3339(), "tokenType": "Bearer"}),
    )
    .into_response()
}

fn state_of(b: &Behaviour) -> (i64, &'static str, &'static str) {
    match b.result_code {
        0 => (3, "COMPLETED", "SUCCESS"),
        1032 => (5, "CANCELLED", "CANCELLED"),
        _ => (1, "FAILED", "FAILED"),
    }
}

async fn initiate(
    State(fake): State<FakeJenga>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Response {
    if !fake.bearer(&headers) {
        return refuse(401, "Invalid token");
    }
    let p = &body["payment"];
    let field = |v: &Value| v.as_str().unwrap_or_default().to_owned();
    let (account, reference, phone, telco, amount, currency) = (
        field(&body["merchant"]["accountNumber"]),
        field(&p["ref"]),
        field(&p["mobileNumber"]),
        field(&p["telco"]),
        field(&p["amount"]),
        field(&p["currency"]),
    );
    if !fake.verified(
        &headers,
        &[&account, &reference, &phone, &telco, &amount, &currency],
    ) {
        return refuse(401, "Invalid signature");
    }
    if account != fake.account.account_number
        || reference.is_empty()
        || amount.parse::<u64>().is_err()
    {
        return refuse(400, "Invalid request");
    }
    let b = fake
        .by_phone
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(&phone)
        .cloned()
        .unwrap_or_default();
    if let Some(status) = b.prompt_status {
        return refuse(status, "Service unavailable");
    }
    let tx = Tx {
        amount: amount.clone(),
        phone: phone.clone(),
        behaviour: b.clone(),
        receipt: format!("EQB{}", &reference[..8.min(reference.len())]),
        at: tokio::time::Instant::now() + Duration::from_millis(b.answer_after_ms),
    };
    fake.txs
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(reference.clone(), tx.clone());
    if b.callback && !b.never_answer {
        let (http, url) = (fake.http.clone(), field(&p["callBackUrl"]));
        let (_, _, status) = state_of(&b);
        let ipn = json!({"callbackType": "IPN",
            "customer": {"name": "Test Donor", "mobileNumber": phone, "reference": ""},
            "transaction": {"date": chrono::Utc::now().to_rfc3339(), "reference": tx.receipt,
                "paymentMode": "MPESA", "amount": format!("{amount}.00"), "billNumber": reference,
                "status": status, "remarks": format!("{status} payment"), "orderAmount": amount,
                "serviceCharge": "0", "servedBy": "EQ"},
            "bank": {"reference": tx.receipt, "transactionType": "C", "account": account}});
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(b.answer_after_ms)).await;
            let _ = http.post(url).json(&ipn).send().await;
        });
    }
    Json(
        json!({"status": true, "code": -1, "message": "Request submitted for processing",
                "reference": reference, "transactionId": format!("T{reference}")}),
    )
    .into_response()
}

async fn details(
    State(fake): State<FakeJenga>,
    Path(reference): Path<String>,
    headers: HeaderMap,
) -> Response {
    if !fake.bearer(&headers) || !fake.verified(&headers, &[&reference]) {
        return refuse(401, "Invalid signature");
    }
    let Some(tx) = fake
        .txs
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(&reference)
        .cloned()
    else {
        return refuse(404, "Transaction not found");
    };
    let (code, state, _) = if tx.behaviour.never_answer || tokio::time::Instant::now() < tx.at {
        (0, "PENDING", "")
    } else {
        state_of(&tx.behaviour)
    };
    Json(json!({"status": true, "code": 0, "message": "success", "data": {
        "state": state, "stateCode": code, "code": code, "message": state,
        "amount": tx.amount, "charge": "0", "transactionReference": tx.receipt, "phone": tx.phone}}))
    .into_response()
}
