use serde_json::{Value, json};

use crate::TestApp;

#[tokio::test]
async fn health_reports_the_database_and_the_channels() {
    let app = TestApp::spawn().await;
    let res = app.get("/health").await;
    assert_eq!(res.status(), 200);
    assert!(res.headers().contains_key("x-request-id"));
    let body: Value = res.json().await.unwrap();
    let off = json!({"live": false, "source": "none"});
    let demo_payments = json!({"live": false, "source": "none", "provider": "equity_bank",
                               "label": "Equity Bank", "enabled": true});
    assert_eq!(
        body,
        json!({"status": "ok", "database": "ok",
               "channels": {"email": off, "sms": off, "payments": demo_payments}})
    );
}

#[tokio::test]
async fn health_is_503_with_the_reason_when_the_database_is_down() {
    let app = TestApp::spawn_without_database().await;
    let res = app.get("/health").await;
    assert_eq!(res.status(), 503);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["status"], "unavailable");
    let reason = body["database"].as_str().unwrap();
    assert!(!reason.is_empty() && reason != "ok", "{reason}");
}

#[tokio::test]
async fn reserved_api_prefixes_answer_a_json_404_in_the_error_envelope() {
    let app = TestApp::spawn().await;
    for path in [
        "/rest/v1/sermons/extra/segments",
        "/auth/v1/magiclink",
        "/storage/v1/nothing/here",
        "/functions/v1/payments/callback/mpesa/secret/extra",
    ] {
        let res = app.get(path).await;
        assert_eq!(res.status(), 404, "{path}");
        assert!(
            res.headers()["content-type"]
                .to_str()
                .unwrap()
                .starts_with("application/json")
        );
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["code"], "not_found", "{path}");
        assert!(
            body["message"]
                .as_str()
                .unwrap()
                .contains(path.split('?').next().unwrap())
        );
        assert!(body.get("details").is_some() && body.get("hint").is_some());
    }
}
