//! Text messages against local fakes that speak Africa's Talking's and Twilio's HTTP shapes:
//! the form fields and credentials sent, per-recipient results read, refusals and outages
//! mapped to permanent or transient failures.

use std::sync::{Arc, Mutex};

use axum::Router;
use axum::extract::{Form, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use axum::routing::post;
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use kanisa_notify::{AfricasTalking, Sms, SmsError, SmsSender, Twilio};
use serde_json::json;

type Seen = Arc<Mutex<Vec<(HeaderMap, Vec<(String, String)>)>>>;

async fn serve(router: Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    format!("http://{addr}")
}

/// Africa's Talking: 201 with one recipient per number; 403 for a number ending in 999.
async fn africas_talking(seen: Seen, status: StatusCode) -> String {
    let handler = move |State(seen): State<Seen>,
                        headers: HeaderMap,
                        Form(form): Form<Vec<(String, String)>>| async move {
        let to = form
            .iter()
            .find(|(k, _)| k == "to")
            .map(|(_, v)| v.clone())
            .unwrap_or_default();
        seen.lock().unwrap().push((headers, form));
        if status != StatusCode::CREATED {
            return (status, "The supplied authentication is invalid").into_response();
        }
        let recipients: Vec<_> = to
            .split(',')
            .map(|n| {
                if n.ends_with("999") {
                    json!({"statusCode": 403, "number": n, "status": "InvalidPhoneNumber", "cost": "0", "messageId": "None"})
                } else {
                    json!({"statusCode": 101, "number": n, "status": "Success", "cost": "KES 0.8000", "messageId": format!("ATXid_{n}")})
                }
            })
            .collect();
        (
            StatusCode::CREATED,
            axum::Json(json!({"SMSMessageData": {"Message": "Sent", "Recipients": recipients}})),
        )
            .into_response()
    };
    serve(
        Router::new()
            .route("/version1/messaging", post(handler))
            .with_state(seen),
    )
    .await
}

fn sms(numbers: &[&str], text: &str) -> Sms {
    let numbers: Vec<String> = numbers.iter().map(|s| (*s).to_owned()).collect();
    Sms::new(&numbers, text, false).unwrap()
}

#[tokio::test]
async fn africas_talking_gets_its_form_and_each_recipient_is_read() {
    let seen: Seen = Arc::default();
    let base = africas_talking(seen.clone(), StatusCode::CREATED).await;
    let at = AfricasTalking::new(&base, "kanisa", "atsk_test", Some("KANISA"));
    let results = at
        .send(&sms(
            &["0712 345 678", "0722000999"],
            "Sabbath service at 11:00",
        ))
        .await
        .unwrap();
    let (headers, form) = seen.lock().unwrap()[0].clone();
    assert_eq!(headers["apikey"], "atsk_test");
    assert_eq!(headers["accept"], "application/json");
    let field = |k: &str| form.iter().find(|(n, _)| n == k).map(|(_, v)| v.as_str());
    assert_eq!(field("username"), Some("kanisa"));
    assert_eq!(field("to"), Some("+254712345678,+254722000999"));
    assert_eq!(field("message"), Some("Sabbath service at 11:00"));
    assert_eq!(field("from"), Some("KANISA"));
    assert_eq!(results.len(), 2);
    assert!(results[0].accepted);
    assert_eq!(
        results[0].message_id.as_deref(),
        Some("ATXid_+254712345678")
    );
    assert_eq!(results[0].cost.as_deref(), Some("KES 0.8000"));
    assert!(!results[1].accepted);
    assert_eq!(
        (results[1].status_code, results[1].status.as_str()),
        (403, "InvalidPhoneNumber")
    );
    assert_eq!(results[1].message_id, None);
}

#[tokio::test]
async fn refusals_are_permanent_and_outages_transient() {
    let base = africas_talking(Arc::default(), StatusCode::UNAUTHORIZED).await;
    let e = AfricasTalking::new(&base, "kanisa", "wrong", None)
        .send(&sms(&["0712345678"], "Hi"))
        .await
        .unwrap_err();
    assert!(
        matches!(
            &e,
            SmsError::Failed {
                permanent: true,
                ..
            }
        ),
        "{e:?}"
    );
    assert!(
        e.to_string().starts_with("SMS sending failed: HTTP 401"),
        "{e}"
    );
    assert!(
        !e.to_string().contains("wrong"),
        "no credential in the error"
    );

    let base = africas_talking(Arc::default(), StatusCode::SERVICE_UNAVAILABLE).await;
    let e = AfricasTalking::new(&base, "kanisa", "k", None)
        .send(&sms(&["0712345678"], "Hi"))
        .await
        .unwrap_err();
    assert!(
        matches!(
            e,
            SmsError::Failed {
                permanent: false,
                ..
            }
        ),
        "{e:?}"
    );

    let down = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", down.local_addr().unwrap());
    drop(down);
    let e = AfricasTalking::new(&base, "kanisa", "k", None)
        .send(&sms(&["0712345678"], "Hi"))
        .await
        .unwrap_err();
    assert!(
        matches!(
            e,
            SmsError::Failed {
                permanent: false,
                ..
            }
        ),
        "{e:?}"
    );
}

#[tokio::test]
async fn twilio_gets_one_request_per_recipient_with_basic_auth() {
    let seen: Seen = Arc::default();
    let handler = |State(seen): State<Seen>,
                   Path(sid): Path<String>,
                   headers: HeaderMap,
                   Form(form): Form<Vec<(String, String)>>| async move {
        assert_eq!(sid, "AC123");
        let to = form
            .iter()
            .find(|(k, _)| k == "To")
            .map(|(_, v)| v.clone())
            .unwrap_or_default();
        seen.lock().unwrap().push((headers, form));
        if to.ends_with("999") {
            return (
                StatusCode::BAD_REQUEST,
                axum::Json(
                    json!({"code": 21211, "message": "Invalid 'To' Phone Number", "status": 400}),
                ),
            )
                .into_response();
        }
        (
            StatusCode::CREATED,
            axum::Json(json!({"sid": format!("SM{}", &to[4..]), "status": "queued", "num_segments": "1", "price": null})),
        )
            .into_response()
    };
    let base = serve(
        Router::new()
            .route("/2010-04-01/Accounts/{sid}/Messages.json", post(handler))
            .with_state(seen.clone()),
    )
    .await;
    let twilio = Twilio::new(&base, "AC123", "token-456", "+15005550006");
    let results = twilio
        .send(&sms(
            &["0712345678", "0722000999"],
            "Choir practice moved to 5 PM",
        ))
        .await
        .unwrap();
    let seen = seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 2, "one request per recipient");
    let expected_auth = format!("Basic {}", STANDARD.encode("AC123:token-456"));
    assert_eq!(seen[0].0["authorization"], expected_auth.as_str());
    let field = |i: usize, k: &str| {
        seen[i]
            .1
            .iter()
            .find(|(n, _)| n == k)
            .map(|(_, v)| v.clone())
    };
    assert_eq!(field(0, "To").as_deref(), Some("+254712345678"));
    assert_eq!(field(0, "From").as_deref(), Some("+15005550006"));
    assert_eq!(
        field(0, "Body").as_deref(),
        Some("Choir practice moved to 5 PM")
    );
    assert!(results[0].accepted);
    assert_eq!(results[0].message_id.as_deref(), Some("SM712345678"));
    assert!(!results[1].accepted);
    assert_eq!(results[1].status_code, 21211);
    assert_eq!(results[1].status, "Invalid 'To' Phone Number");
}
