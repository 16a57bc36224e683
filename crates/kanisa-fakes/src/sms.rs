//! A local fake of the two SMS providers' send APIs (`../shared/reference/payments-and-sms.md`):
//! Africa's Talking (`POST /version1/messaging`: one form for all recipients, answered 201 with
//! one result per number) and Twilio (`POST /2010-04-01/Accounts/{sid}/Messages.json`: one form
//! per recipient). It keeps every form it was sent, so a test can read the fields and each
//! recipient's text. Numbers tell it what to do:
//!
//! - `+254722…` is refused as invalid (Africa's Talking: status 403 `InvalidPhoneNumber`;
//!   Twilio: HTTP 400, code 21211);
//! - `+254733…` is left out of Africa's Talking's answer (Twilio answers each number);
//! - any other number is accepted (Africa's Talking: 101 `Success`, KES 0.8000, message id
//!   `ATXid_<n>_<i>`, unique; Twilio: `queued`, sid `SM<number>`).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use axum::extract::{Form, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use serde_json::{Value, json};

/// One request the fake received: which API, and its form fields in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SmsRequest {
    /// `africas_talking` or `twilio`.
    pub provider: &'static str,
    pub form: Vec<(String, String)>,
}

impl SmsRequest {
    /// The value of a form field.
    pub fn field(&self, name: &str) -> Option<&str> {
        self.form
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

type Seen = Arc<Mutex<Vec<SmsRequest>>>;

/// Message ids are unique across every request, as the provider's are.
static NEXT_ID: AtomicU64 = AtomicU64::new(1);

/// The running fake.
#[derive(Clone)]
pub struct FakeSms {
    url: String,
    seen: Seen,
}

impl FakeSms {
    /// Starts the fake on 127.0.0.1 (a free port).
    pub async fn start() -> FakeSms {
        FakeSms::start_on(0).await
    }

    /// Starts the fake on 127.0.0.1:`port` (0: a free one). Besides the providers' APIs it
    /// answers `GET /__fake/sms` with every request so far (`[{provider, form: {field: value}}]`),
    /// for tests in another process.
    pub async fn start_on(port: u16) -> FakeSms {
        let seen: Seen = Arc::default();
        let app = Router::new()
            .route("/version1/messaging", post(africas_talking))
            .route("/2010-04-01/Accounts/{sid}/Messages.json", post(twilio))
            .route("/__fake/sms", axum::routing::get(collected))
            .with_state(seen.clone());
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", port))
            .await
            .expect("bind the fake");
        let url = format!("http://{}", listener.local_addr().expect("an address"));
        tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        FakeSms { url, seen }
    }

    /// The base URL to give Kanisa (`KANISA_SMS_BASE_URL`).
    pub fn url(&self) -> String {
        self.url.clone()
    }

    /// Every request received so far, in order.
    pub fn requests(&self) -> Vec<SmsRequest> {
        self.seen.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

async fn collected(State(seen): State<Seen>) -> Json<Value> {
    let seen = seen.lock().unwrap_or_else(|e| e.into_inner());
    Json(Value::Array(
        seen.iter()
            .map(|r| {
                let form: serde_json::Map<String, Value> = r
                    .form
                    .iter()
                    .map(|(k, v)| (k.clone(), Value::String(v.clone())))
                    .collect();
                json!({ "provider": r.provider, "form": form })
            })
            .collect(),
    ))
}

async fn africas_talking(
    State(seen): State<Seen>,
    Form(form): Form<Vec<(String, String)>>,
) -> Response {
    let request = SmsRequest {
        provider: "africas_talking",
        form,
    };
    let to = request.field("to").unwrap_or_default().to_owned();
    seen.lock().unwrap_or_else(|e| e.into_inner()).push(request);
    let recipients: Vec<Value> = to
        .split(',')
        .filter(|n| !n.starts_with("+254733"))
        .enumerate()
        .map(|(i, n)| {
            if n.starts_with("+254722") {
                json!({"statusCode": 403, "number": n, "status": "InvalidPhoneNumber",
                       "cost": "0", "messageId": "None"})
            } else {
                json!({"statusCode": 101, "number": n, "status": "Success",
                       "cost": "KES 0.8000",
                       "messageId": format!("ATXid_{}_{i}", NEXT_ID.fetch_add(1, Ordering::Relaxed))})
            }
        })
        .collect();
    (
        StatusCode::CREATED,
        Json(json!({"SMSMessageData": {"Message": "Sent", "Recipients": recipients}})),
    )
        .into_response()
}

async fn twilio(
    State(seen): State<Seen>,
    Path(_sid): Path<String>,
    Form(form): Form<Vec<(String, String)>>,
) -> Response {
    let request = SmsRequest {
        provider: "twilio",
        form,
    };
    let to = request.field("To").unwrap_or_default().to_owned();
    seen.lock().unwrap_or_else(|e| e.into_inner()).push(request);
    if to.starts_with("+254722") {
        return (
            StatusCode::BAD_REQUEST,
            Json(
                json!({"code": 21211, "message": "The 'To' number is not a valid phone number.",
                        "status": 400}),
            ),
        )
            .into_response();
    }
    (
        StatusCode::CREATED,
        Json(
            json!({"sid": format!("SM{}", to.trim_start_matches('+')), "status": "queued",
                    "num_segments": "1", "price": null, "error_code": null}),
        ),
    )
        .into_response()
}
