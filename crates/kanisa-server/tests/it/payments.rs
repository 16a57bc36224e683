//! Online giving through `/functions/v1/payments…` against the fake Daraja (kanisa-fakes):
//! prompts, polls, callbacks (duplicated, dropped, forged, replayed), paybill gifts, receipts.

use std::time::Duration;

use kanisa_fakes::{Behaviour, FakeDaraja};
use kanisa_jobs::{Registry, WorkerOptions, Workers};
use serde_json::{Value, json};

use crate::TestApp;

const DONOR: &str = "254712345678";

/// Payments through `fake`, with the test callback secret and a 4 s expiry.
pub(crate) fn mpesa_setup(fake: &FakeDaraja) -> kanisa_functions::PaymentsSetup {
    let a = fake.account().clone();
    let mut setup = kanisa_functions::PaymentsSetup::new("");
    setup.provider = Some("mpesa".into());
    setup.consumer_key = Some(a.consumer_key);
    setup.consumer_secret = Some(a.consumer_secret);
    setup.shortcode = Some(a.shortcode);
    setup.passkey = Some(a.passkey);
    setup.base_url = Some(fake.url());
    setup.callback_secret = Some("test-callback-secret".into());
    setup.expire_after = Duration::from_secs(4);
    setup
}

async fn mpesa() -> (TestApp, FakeDaraja) {
    let fake = FakeDaraja::start(kanisa_fakes::Account::default(), 0).await;
    let setup = mpesa_setup(&fake);
    (TestApp::spawn_with_payments(setup).await, fake)
}

impl TestApp {
    fn payment_workers(&self) -> Workers {
        let db = self.db.as_ref().unwrap();
        let registry = Registry::new()
            .job::<kanisa_functions::PaymentCallback>(self.payments.clone())
            .job::<kanisa_functions::PaymentReceipt>(db.pool())
            .job::<kanisa_functions::SendSms>((self.channels.clone(), db.pool()));
        Workers::start(
            db.pool(),
            registry,
            WorkerOptions {
                poll_interval: Duration::from_millis(50),
                backoff_base: Duration::from_millis(200),
                backoff_cap: Duration::from_millis(200),
                ..WorkerOptions::default()
            },
            None,
        )
        .unwrap()
    }

    async fn give(&self, body: Value) -> (u16, Value) {
        let res = self
            .http
            .post(self.url("/functions/v1/payments"))
            .json(&body)
            .send()
            .await
            .unwrap();
        (res.status().as_u16(), res.json().await.unwrap())
    }

    async fn payment(&self, id: &str) -> Value {
        let res = self
            .http
            .get(self.url(&format!("/functions/v1/payments/{id}")))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200);
        res.json().await.unwrap()
    }

    /// Polls like the dialog (but faster) until the payment is no longer pending.
    async fn settled(&self, id: &str, within: Duration) -> Value {
        let start = std::time::Instant::now();
        loop {
            let p = self.payment(id).await;
            if p["status"] != "pending" {
                return p;
            }
            assert!(
                start.elapsed() < kanisa_test_db::patient(within),
                "still pending: {p}"
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    pub(crate) async fn count(&self, sql: &str) -> i64 {
        let client = self.db.as_ref().unwrap().pool().get().await.unwrap();
        client.query_one(sql, &[]).await.unwrap().get(0)
    }

    async fn callback(&self, path: &str, body: &Value) -> (u16, Value) {
        let res = self
            .http
            .post(self.url(path))
            .json(body)
            .send()
            .await
            .unwrap();
        (
            res.status().as_u16(),
            res.json().await.unwrap_or(Value::Null),
        )
    }
}

async fn idle(app: &TestApp) {
    app.wait_idle(Duration::from_secs(20)).await;
}

#[tokio::test]
async fn the_form_is_checked_with_the_spec_texts_and_nothing_is_written() {
    let app = TestApp::spawn_demo().await;
    let before = app.count("SELECT count(*) FROM payment_logs").await;
    for (body, field, text) in [
        (
            json!({"phone": "0812345678", "amount": 100}),
            "phone",
            "Please enter a valid Kenyan phone number (e.g., 0712345678)",
        ),
        (
            json!({"phone": "07123", "amount": 100}),
            "phone",
            "Please enter a valid Kenyan phone number (e.g., 0712345678)",
        ),
        (
            json!({"amount": 100}),
            "phone",
            "Phone number and amount are required",
        ),
        (
            json!({"phone": "0712345678", "amount": 0}),
            "amount",
            "Amount must be at least KES 1",
        ),
        (
            json!({"phone": "0712345678", "amount": "ten"}),
            "amount",
            "Please enter a valid amount (minimum KES 1)",
        ),
        (
            json!({"phone": "0712345678", "amount": 10.5}),
            "amount",
            "Please enter a valid amount (minimum KES 1)",
        ),
    ] {
        let (status, answer) = app.give(body.clone()).await;
        assert_eq!(status, 400, "{body} → {answer}");
        assert_eq!(answer["code"], "validation_failed");
        assert_eq!(answer["fields"][field], text, "{body} → {answer}");
    }
    assert_eq!(app.count("SELECT count(*) FROM payment_logs").await, before);
    let (status, answer) = app
        .give(json!({"phone": "0712345678", "amount": 5, "givingType": "gold"}))
        .await;
    assert_eq!(
        (status, answer["fields"]["givingType"].is_string()),
        (400, true)
    );
    let res = app
        .http
        .get(app.url("/functions/v1/payments/not-a-uuid"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 404);
}

#[tokio::test]
async fn an_mpesa_gift_is_recorded_once_however_often_its_callback_comes() {
    let (app, fake) = mpesa().await;
    let workers = app.payment_workers();
    fake.behave(
        None,
        Behaviour {
            answer_after_ms: 300,
            duplicates: 2,
            ..Behaviour::default()
        },
    );
    let (status, p) = app
        .give(json!({"phone": "0712345678", "amount": 1000, "givingType": "tithe"}))
        .await;
    assert_eq!(status, 201, "{p}");
    assert_eq!(
        (p["provider"].as_str(), p["simulated"].as_bool()),
        (Some("mpesa"), Some(false))
    );
    let id = p["id"].as_str().unwrap().to_owned();
    let done = app.settled(&id, Duration::from_secs(10)).await;
    assert_eq!(done["status"], "completed", "{done}");
    // Polls after completion, and the duplicates, change nothing: once both copies are in.
    crate::eventually(
        Duration::from_secs(10),
        "the callback and its two copies",
        || async {
            match app
                .count("SELECT count(*) FROM kanisa.payment_events WHERE kind = 'callback'")
                .await
            {
                n if n >= 3 => Ok(()),
                n => Err(format!("{n} callbacks")),
            }
        },
    )
    .await;
    for _ in 0..3 {
        assert_eq!(app.payment(&id).await["status"], "completed");
    }
    idle(&app).await;
    let receipt = fake.collected().receipts[0].clone();
    assert_eq!(app.payment(&id).await["receipt"], receipt.as_str());
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) FROM giving_records WHERE transaction_id = '{receipt}' \
             AND payment_method = 'mpesa' AND is_verified AND NOT is_simulated AND amount = 1000"
        ))
        .await,
        1
    );
    assert_eq!(
        app.count(
            "SELECT count(*) FROM giving_records WHERE payment_id IS NOT NULL AND NOT is_simulated"
        )
        .await,
        1
    );
    assert!(
        app.count("SELECT count(*) FROM kanisa.payment_events WHERE kind = 'callback'")
            .await
            >= 3,
        "every copy is kept"
    );
    // One receipt text, however often the completion was seen.
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) FROM kanisa.sms_deliveries WHERE purpose = 'receipt' \
             AND phone = '+{DONOR}' AND status = 'simulated' AND body LIKE '%tithe of KES 1,000%' \
             AND body LIKE '%{receipt}%'"
        ))
        .await,
        1
    );
    assert_eq!(fake.collected().total, 1000);
    workers.stop(Duration::from_secs(5)).await.unwrap();
}

#[tokio::test]
async fn cancelled_failed_refused_and_unanswered_prompts_end_with_their_state() {
    let (app, fake) = mpesa().await;
    let workers = app.payment_workers();
    let cases = [
        (
            "254711000001",
            Behaviour {
                result_code: 1032,
                answer_after_ms: 100,
                ..Behaviour::default()
            },
            "cancelled",
            "1032",
        ),
        (
            "254711000002",
            Behaviour {
                result_code: 1,
                answer_after_ms: 100,
                ..Behaviour::default()
            },
            "failed",
            "1",
        ),
        // The callback is lost: the donor's poll asks the provider.
        (
            "254711000003",
            Behaviour {
                result_code: 2001,
                answer_after_ms: 100,
                callback: false,
                ..Behaviour::default()
            },
            "failed",
            "2001",
        ),
        // The phone never answers: expired when its time is up.
        (
            "254711000004",
            Behaviour {
                never_answer: true,
                ..Behaviour::default()
            },
            "expired",
            "1037",
        ),
    ];
    let mut ids = Vec::new();
    for (phone, b, _, _) in &cases {
        fake.behave(Some(phone), b.clone());
        let (status, p) = app.give(json!({"phone": phone, "amount": 50})).await;
        assert_eq!(status, 201, "{p}");
        ids.push(p["id"].as_str().unwrap().to_owned());
    }
    // Queries are not made faster than the provider allows: the first after 15 s unless the
    // callback comes; the test moves the clock of the lost one on.
    app.db.as_ref().unwrap().pool().get().await.unwrap()
        .execute("UPDATE payment_logs SET next_check_at = now() WHERE phone_number IN ('254711000003', '254711000004')", &[])
        .await
        .unwrap();
    for ((_, _, state, code), id) in cases.iter().zip(&ids) {
        let p = app.settled(id, Duration::from_secs(15)).await;
        assert_eq!(
            (p["status"].as_str(), p["resultCode"].as_str()),
            (Some(*state), Some(*code)),
            "{p}"
        );
    }
    assert_eq!(
        app.count(
            "SELECT count(*) FROM giving_records WHERE payment_id IS NOT NULL AND NOT is_simulated"
        )
        .await,
        0
    );
    // A refused prompt: the donor reads the provider's "unavailable" text.
    fake.behave(
        Some("254711000005"),
        Behaviour {
            prompt_status: Some(500),
            ..Behaviour::default()
        },
    );
    let (status, answer) = app.give(json!({"phone": "0711000005", "amount": 50})).await;
    assert_eq!(status, 502, "{answer}");
    assert_eq!(answer["code"], "provider_unavailable");
    assert_eq!(
        answer["message"],
        "M-Pesa service temporarily unavailable. Please try again later."
    );
    assert_eq!(
        app.count("SELECT count(*) FROM payment_logs WHERE phone_number = '254711000005' AND status = 'error'").await,
        1,
        "the attempt is kept"
    );
    workers.stop(Duration::from_secs(5)).await.unwrap();
}

#[tokio::test]
async fn forged_and_replayed_callbacks_change_nothing_and_are_logged() {
    let (app, fake) = mpesa().await;
    let workers = app.payment_workers();
    let path = "/functions/v1/payments/callback/mpesa/test-callback-secret";
    // A paid gift, A.
    fake.behave(
        Some(DONOR),
        Behaviour {
            answer_after_ms: 100,
            ..Behaviour::default()
        },
    );
    let (_, a) = app.give(json!({"phone": DONOR, "amount": 700})).await;
    let a_id = a["id"].as_str().unwrap().to_owned();
    assert_eq!(
        app.settled(&a_id, Duration::from_secs(10)).await["status"],
        "completed"
    );
    // B, the same donor and amount: paid, but its callback is lost.
    fake.behave(
        Some(DONOR),
        Behaviour {
            answer_after_ms: 100,
            callback: false,
            ..Behaviour::default()
        },
    );
    let (_, b) = app.give(json!({"phone": DONOR, "amount": 700})).await;
    let b_id = b["id"].as_str().unwrap().to_owned();
    let b_checkout: String = {
        let client = app.db.as_ref().unwrap().pool().get().await.unwrap();
        let row = client
            .query_one(
                "SELECT checkout_request_id FROM payment_logs WHERE id = $1::text::uuid",
                &[&b_id],
            )
            .await
            .unwrap();
        row.get(0)
    };
    // B's phone pays (100 ms after its prompt, at the provider).
    crate::eventually(
        Duration::from_secs(10),
        "B paid at the provider",
        || async {
            match fake.collected().prompts {
                n if n >= 2 => Ok(()),
                n => Err(format!("{n} prompts paid")),
            }
        },
    )
    .await;
    let a_checkout: String = {
        let client = app.db.as_ref().unwrap().pool().get().await.unwrap();
        client
            .query_one(
                "SELECT checkout_request_id FROM payment_logs WHERE id = $1::text::uuid",
                &[&a_id],
            )
            .await
            .unwrap()
            .get(0)
    };
    // A's success replayed as B's.
    assert_eq!(fake.replay(&a_checkout, Some(&b_checkout)).await, Some(200));
    // Forgeries for B: another amount, another phone.
    let forged = |amount: u64, phone: u64| {
        json!({"Body": {"stkCallback": {"MerchantRequestID": "x", "CheckoutRequestID": b_checkout,
            "ResultCode": 0, "ResultDesc": "ok", "CallbackMetadata": {"Item": [
                {"Name": "Amount", "Value": amount}, {"Name": "MpesaReceiptNumber", "Value": format!("FORGED{amount}")},
                {"Name": "PhoneNumber", "Value": phone}]}}}})
    };
    assert_eq!(
        app.callback(path, &forged(70_000, 254712345678)).await.0,
        200
    );
    assert_eq!(app.callback(path, &forged(700, 254799999999)).await.0, 200);
    // An unknown reference, a malformed body and a wrong secret.
    let mut unknown = forged(700, 254712345678);
    unknown["Body"]["stkCallback"]["CheckoutRequestID"] = json!("ws_CO_unknown");
    unknown["Body"]["stkCallback"]["CallbackMetadata"]["Item"][0]["Value"] = json!(123);
    assert_eq!(app.callback(path, &unknown).await.0, 200);
    assert_eq!(app.callback(path, &json!({"Body": {}})).await.0, 400);
    let (status, _) = app
        .callback(
            "/functions/v1/payments/callback/mpesa/guessed-secret",
            &forged(700, 254712345678),
        )
        .await;
    assert_eq!(status, 404);
    idle(&app).await;
    // Nothing of that completed B with a wrong receipt, or touched A.
    let client = app.db.as_ref().unwrap().pool().get().await.unwrap();
    let verdicts: Vec<String> = client
        .query(
            "SELECT verdict FROM kanisa.payment_events WHERE kind = 'callback' ORDER BY id",
            &[],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    for expected in [
        "receipt_reused",
        "mismatch",
        "refused: unknown reference",
        "refused: wrong secret",
    ] {
        assert!(
            verdicts.iter().any(|v| v == expected),
            "{expected} in {verdicts:?}"
        );
    }
    assert!(
        verdicts
            .iter()
            .any(|v| v.starts_with("refused: unexpected payload")),
        "{verdicts:?}"
    );
    assert_eq!(
        app.count("SELECT count(*) FROM giving_records WHERE transaction_id LIKE 'FORGED%'")
            .await,
        0
    );
    assert_eq!(
        app.count("SELECT count(*) FROM payment_logs WHERE receipt_number LIKE 'FORGED%'")
            .await,
        0
    );
    // B really was paid: the poll asks the provider and completes it, once.
    client
        .execute(
            "UPDATE payment_logs SET next_check_at = now() WHERE id = $1::text::uuid",
            &[&b_id],
        )
        .await
        .unwrap();
    let b_done = app.settled(&b_id, Duration::from_secs(10)).await;
    assert_eq!(b_done["status"], "completed", "{b_done}");
    assert_eq!(
        app.count(
            "SELECT count(*) FROM giving_records WHERE payment_id IS NOT NULL AND NOT is_simulated"
        )
        .await,
        2
    );
    assert_eq!(
        app.count("SELECT sum(amount)::int8 FROM giving_records WHERE payment_id IS NOT NULL AND NOT is_simulated")
            .await,
        1400
    );
    workers.stop(Duration::from_secs(5)).await.unwrap();
}

#[tokio::test]
async fn paybill_gifts_land_once_with_their_type_and_member() {
    let (app, fake) = mpesa().await;
    let workers = app.payment_workers();
    {
        let client = app.db.as_ref().unwrap().pool().get().await.unwrap();
        client
            .batch_execute(
                "INSERT INTO members (first_name, last_name, phone, email) \
                 VALUES ('Jane', 'Wanjiru', '0733 444 555', 'jane@example.org')",
            )
            .await
            .unwrap();
    }
    let url = app.url("/functions/v1/payments/paybill/test-callback-secret/confirmation");
    let t1 = fake.paybill(&url, 2500, "TITHE Jane", "254733444555", 2);
    let t2 = fake.paybill(&url, 300, "", "2547 *** 555", 0);
    let start = std::time::Instant::now();
    while app
        .count("SELECT count(*) FROM kanisa.payment_events WHERE kind = 'paybill_confirmation'")
        .await
        < 4
    {
        assert!(start.elapsed() < kanisa_test_db::patient(Duration::from_secs(10)));
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    idle(&app).await;
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) FROM giving_records g JOIN members m ON m.id = g.member_id \
             WHERE g.transaction_id = '{t1}' AND g.giving_type = 'tithe' AND g.amount = 2500 \
               AND g.is_verified AND m.first_name = 'Jane'"
        ))
        .await,
        1
    );
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) FROM giving_records WHERE transaction_id = '{t2}' \
             AND giving_type = 'offering' AND member_id IS NULL AND notes LIKE '%not matched%'"
        ))
        .await,
        1,
        "an undesignated gift from a masked number is an unmatched offering"
    );
    assert_eq!(
        app.count("SELECT count(*) FROM payment_logs WHERE source = 'paybill'")
            .await,
        2
    );
    assert_eq!(
        app.count("SELECT count(*) FROM kanisa.payment_events WHERE verdict = 'duplicate'")
            .await,
        2
    );
    // Jane is a member with an address: a text and an e-mail receipt; the masked donor neither.
    assert_eq!(
        app.count("SELECT count(*) FROM kanisa.sms_deliveries WHERE purpose = 'receipt'")
            .await,
        1
    );
    assert_eq!(
        app.count("SELECT count(*) FROM kanisa.jobs WHERE kind = 'send_email' AND unique_key LIKE 'payment-receipt-email:%'").await,
        1
    );
    // Validation accepts a gift to our shortcode, and refuses another shortcode.
    let validation = "/functions/v1/payments/paybill/test-callback-secret/validation";
    let body = |code: &str| json!({"TransID": "RKX1", "TransAmount": "10.00", "BusinessShortCode": code, "MSISDN": "254700000000"});
    assert_eq!(
        app.callback(validation, &body("174379")).await.1["ResultCode"],
        "0"
    );
    assert_eq!(
        app.callback(validation, &body("999999")).await.1["ResultCode"],
        "C2B00015"
    );
    workers.stop(Duration::from_secs(5)).await.unwrap();
}

#[tokio::test]
async fn a_delivery_report_records_the_final_word() {
    let app = TestApp::spawn_demo().await;
    let secret = app.functions.messaging().report_secret().await.unwrap();
    let payments_secret = app.payments.callback_secret().await.unwrap();
    assert_ne!(secret, payments_secret, "each provider has its own door");
    {
        let client = app.db.as_ref().unwrap().pool().get().await.unwrap();
        client
            .batch_execute(
                "INSERT INTO kanisa.sms_deliveries (purpose, phone, body, status, provider, provider_message_id) \
                 VALUES ('test', '+254712345678', 'hello', 'sent', 'live', 'ATXid_1'), \
                        ('test', '+254712345679', 'hello', 'sent', 'live', 'ATXid_2')",
            )
            .await
            .unwrap();
    }
    let report = |form: &'static str, secret: String| {
        let http = app.http.clone();
        let url = app.url(&format!("/functions/v1/sms/delivery-report/{secret}"));
        async move {
            let res = http
                .post(url)
                .header("content-type", "application/x-www-form-urlencoded")
                .body(form)
                .send()
                .await
                .unwrap();
            (res.status().as_u16(), res.json::<Value>().await.unwrap())
        }
    };
    let (status, body) = report(
        "id=ATXid_1&status=Success&phoneNumber=%2B254712345678&networkCode=63902",
        secret.clone(),
    )
    .await;
    assert_eq!((status, &body["matched"]), (200, &json!(true)));
    report(
        "id=ATXid_2&status=Failed&failureReason=UserInBlacklist",
        secret.clone(),
    )
    .await;
    assert_eq!(
        (report("id=ATXid_1&status=Success", "wrong".into()).await).0,
        404
    );
    // The payment providers' secret does not open the SMS providers' door.
    assert_eq!(
        (report("id=ATXid_1&status=Success", payments_secret).await).0,
        404
    );
    assert_eq!(
        app.count("SELECT count(*) FROM kanisa.sms_deliveries WHERE provider_message_id = 'ATXid_1' AND status = 'delivered'").await,
        1
    );
    assert_eq!(
        app.count("SELECT count(*) FROM kanisa.sms_deliveries WHERE provider_message_id = 'ATXid_2' AND status = 'failed' AND failure_reason = 'UserInBlacklist'").await,
        1
    );
}

async fn equity(secret: &str) -> (TestApp, kanisa_fakes::jenga::FakeJenga) {
    let fake =
        kanisa_fakes::jenga::FakeJenga::start(kanisa_fakes::jenga::JengaAccount::default()).await;
    let a = fake.account().clone();
    let mut setup = kanisa_functions::PaymentsSetup::new("");
    setup.provider = Some("equity".into());
    setup.consumer_key = Some(a.api_key);
    setup.consumer_secret = Some(secret.to_owned());
    setup.shortcode = Some(a.merchant_code);
    setup.account_number = Some(a.account_number);
    // As an environment variable holds it: one line.
    setup.private_key = Some(kanisa_fakes::jenga::TEST_KEY_PEM.replace('\n', "\\n"));
    setup.base_url = Some(fake.url());
    setup.callback_secret = Some("test-callback-secret".into());
    (TestApp::spawn_with_payments(setup).await, fake)
}

#[tokio::test]
async fn an_equity_bank_gift_goes_through_jenga_signed_and_confirmed() {
    let (app, fake) = equity(&kanisa_fakes::jenga::JengaAccount::default().consumer_secret).await;
    let workers = app.payment_workers();
    fake.behave(
        DONOR,
        Behaviour {
            answer_after_ms: 200,
            ..Behaviour::default()
        },
    );
    fake.behave(
        "254711000009",
        Behaviour {
            result_code: 1032,
            answer_after_ms: 200,
            ..Behaviour::default()
        },
    );
    let (status, p) = app
        .give(json!({"phone": "0712345678", "amount": 2000, "givingType": "offering"}))
        .await;
    assert_eq!(status, 201, "{p}");
    assert_eq!(
        (p["provider"].as_str(), p["providerLabel"].as_str()),
        (Some("equity_bank"), Some("Equity Bank"))
    );
    let done = app
        .settled(p["id"].as_str().unwrap(), Duration::from_secs(10))
        .await;
    assert_eq!(done["status"], "completed", "{done}");
    let receipt = done["receipt"].as_str().unwrap().to_owned();
    assert!(receipt.starts_with("EQB"), "{done}");
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) FROM giving_records WHERE transaction_id = '{receipt}' \
             AND payment_method = 'equity_bank' AND giving_type = 'offering' AND amount = 2000"
        ))
        .await,
        1
    );
    let (_, p) = app
        .give(json!({"phone": "0711000009", "amount": 100}))
        .await;
    let done = app
        .settled(p["id"].as_str().unwrap(), Duration::from_secs(10))
        .await;
    assert_eq!(done["status"], "cancelled", "{done}");
    workers.stop(Duration::from_secs(5)).await.unwrap();

    // Refused credentials: the donor reads the spec's text for Equity Bank.
    let (app, _fake) = equity("a-wrong-secret").await;
    let (status, answer) = app.give(json!({"phone": DONOR, "amount": 100})).await;
    assert_eq!(status, 502, "{answer}");
    assert_eq!(
        answer["message"],
        "Equity Bank service temporarily unavailable. Please try again later."
    );
}

#[tokio::test]
async fn a_prompt_whose_answer_timed_out_is_completed_by_its_callback() {
    let fake = FakeDaraja::start(kanisa_fakes::Account::default(), 0).await;
    let mut setup = mpesa_setup(&fake);
    setup.provider_timeout = Duration::from_millis(700);
    let app = TestApp::spawn_with_payments(setup).await;
    let workers = app.payment_workers();
    // The bank takes the prompt but answers after we stopped waiting; the phone pays.
    fake.behave(
        Some(DONOR),
        Behaviour {
            prompt_delay_ms: 1500,
            answer_after_ms: 2500,
            ..Behaviour::default()
        },
    );
    let (status, answer) = app.give(json!({"phone": DONOR, "amount": 450})).await;
    assert_eq!(status, 502, "{answer}");
    assert_eq!(
        answer["message"],
        "M-Pesa service temporarily unavailable. Please try again later."
    );
    let start = std::time::Instant::now();
    loop {
        let done = app
            .count(
                "SELECT count(*) FROM payment_logs WHERE phone_number = '254712345678' \
                 AND status = 'completed' AND checkout_request_id IS NOT NULL",
            )
            .await;
        if done == 1 {
            break;
        }
        assert!(
            start.elapsed() < kanisa_test_db::patient(Duration::from_secs(10)),
            "the paid prompt was not adopted"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    idle(&app).await;
    assert_eq!(
        app.count("SELECT count(*) FROM giving_records WHERE amount = 450 AND payment_id IS NOT NULL AND NOT is_simulated")
            .await,
        1
    );
    assert_eq!(fake.collected().total, 450);
    workers.stop(Duration::from_secs(5)).await.unwrap();
}

#[tokio::test]
async fn the_notification_switches_decide_which_receipts_go() {
    let (app, fake) = mpesa().await;
    let workers = app.payment_workers();
    let sql = app.db.as_ref().unwrap().pool().get().await.unwrap();
    sql.batch_execute(
        "INSERT INTO members (first_name, last_name, phone, email) \
         VALUES ('Jane', 'Wanjiru', '0733 444 555', 'jane@example.org')",
    )
    .await
    .unwrap();
    let url = app.url("/functions/v1/payments/paybill/test-callback-secret/confirmation");
    let receipts = || async {
        (
            app.count("SELECT count(*) FROM kanisa.sms_deliveries WHERE purpose = 'receipt'")
                .await,
            app.count(
                "SELECT count(*) FROM kanisa.jobs WHERE kind = 'send_email' \
                 AND unique_key LIKE 'payment-receipt-email:%'",
            )
            .await,
        )
    };
    let gift = |n: i64| {
        let url = url.clone();
        let fake = &fake;
        let app = &app;
        async move {
            fake.paybill(&url, 100, "TITHE Jane", "254733444555", 0);
            let start = std::time::Instant::now();
            while app
                .count("SELECT count(*) FROM payment_logs WHERE source = 'paybill'")
                .await
                < n
            {
                assert!(start.elapsed() < kanisa_test_db::patient(Duration::from_secs(10)));
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            idle(app).await;
        }
    };
    let set = |key: &'static str, on: bool| {
        let sql = &sql;
        async move {
            sql.execute(
                "UPDATE system_settings SET value = to_jsonb($2::boolean) WHERE key = $1",
                &[&key, &on],
            )
            .await
            .unwrap();
        }
    };

    set("sms_notifications", false).await;
    gift(1).await;
    assert_eq!(receipts().await, (0, 1), "e-mail only");
    set("sms_notifications", true).await;
    set("email_notifications", false).await;
    gift(2).await;
    assert_eq!(receipts().await, (1, 1), "text only");
    set("email_notifications", true).await;
    set("payment_notifications", false).await;
    gift(3).await;
    assert_eq!(receipts().await, (1, 1), "no confirmation at all");
    set("payment_notifications", true).await;
    gift(4).await;
    assert_eq!(receipts().await, (2, 2), "both again");
    workers.stop(Duration::from_secs(5)).await.unwrap();
}

// ---------------------------------------------------------------------------------------------
// Issue 31: paybill receipts in any case, gifts entered by hand first, the callback allow-list.
// ---------------------------------------------------------------------------------------------

/// A C2B confirmation as Daraja posts it.
fn confirmation(trans_id: &str, amount: &str, shortcode: &str) -> Value {
    json!({"TransactionType": "Pay Bill", "TransID": trans_id, "TransAmount": amount,
           "BusinessShortCode": shortcode, "BillRefNumber": "TITHE", "InvoiceNumber": "",
           "MSISDN": "254700111222", "FirstName": "Jane", "MiddleName": "", "LastName": "Doe"})
}

const CONFIRMATION: &str = "/functions/v1/payments/paybill/test-callback-secret/confirmation";

#[tokio::test]
async fn a_gift_entered_by_hand_before_its_paybill_confirmation_is_counted_once() {
    let (app, fake) = mpesa().await;
    let shortcode = fake.account().shortcode.clone();
    let sql = app.db.as_ref().unwrap().client().await;
    let finance = crate::policies::user(&sql, "FINANCE_ADMIN", true, None).await;
    // The treasurer types the code from the SMS (in lower case, and the amount wrong) before
    // Safaricom's confirmation reaches the server.
    let hand = app
        .call(
            &finance,
            reqwest::Method::POST,
            "giving_records",
            "return=representation",
            Some(&json!({"amount": 1000, "giving_type": "building_fund",
                         "payment_method": "mpesa", "transaction_id": "prb0000003"})),
        )
        .await;
    assert_eq!(hand.status, 201, "{}", hand.body);
    let id = hand.body[0]["id"].as_str().unwrap().to_owned();
    let (status, _) = app
        .callback(
            CONFIRMATION,
            &confirmation("PRB0000003", "250.00", &shortcode),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        app.count(
            "SELECT count(*) FROM giving_records WHERE upper(btrim(transaction_id)) = 'PRB0000003'"
        )
        .await,
        1,
        "one gift"
    );
    let row = sql
        .query_one(
            "SELECT g.id::text, g.amount::text, g.is_verified, g.payment_id IS NOT NULL, \
                    g.giving_type, g.transaction_id, g.notes \
               FROM giving_records g WHERE upper(g.transaction_id) = 'PRB0000003'",
            &[],
        )
        .await
        .unwrap();
    assert_eq!(
        row.get::<_, String>(0),
        id,
        "the gift entered by hand became the payment's"
    );
    assert_eq!(row.get::<_, String>(1), "250.00", "the amount paid");
    assert!(row.get::<_, bool>(2) && row.get::<_, bool>(3));
    assert_eq!(
        row.get::<_, String>(4),
        "building_fund",
        "the type the person gave"
    );
    assert_eq!(row.get::<_, String>(5), "PRB0000003");
    let notes: String = row.get(6);
    assert!(notes.contains("KES 1000.00"), "{notes}");
    // Sent again, it is still one.
    app.callback(
        CONFIRMATION,
        &confirmation("prb0000003", "250.00", &shortcode),
    )
    .await;
    assert_eq!(
        app.count(
            "SELECT count(*) FROM giving_records WHERE upper(btrim(transaction_id)) = 'PRB0000003'"
        )
        .await,
        1
    );
}

#[tokio::test]
async fn callbacks_and_confirmations_from_outside_the_allow_list_are_refused() {
    let app = TestApp::spawn_trusting("127.0.0.1").await;
    let secret = app.payments.callback_secret().await.unwrap();
    let sql = app.db.as_ref().unwrap().client().await;
    let post = |path: String, from: &'static str, body: Value| {
        let req = app
            .http
            .post(app.url(&path))
            .header("x-forwarded-for", from)
            .json(&body);
        async move {
            let res = req.send().await.unwrap();
            (
                res.status().as_u16(),
                res.json::<Value>().await.unwrap_or(Value::Null),
            )
        }
    };
    let paybill = format!("/functions/v1/payments/paybill/{secret}/confirmation");
    let callback = format!("/functions/v1/payments/callback/mpesa/{secret}");
    let stk = json!({"Body": {"stkCallback": {"MerchantRequestID": "1",
        "CheckoutRequestID": "ws_CO_allow", "ResultCode": 1032, "ResultDesc": "Cancelled"}}});

    // Off by default: any address.
    assert_eq!(
        post(
            paybill.clone(),
            "10.9.8.7",
            confirmation("RKTALLOW01", "100.00", "600000")
        )
        .await
        .0,
        200
    );
    // Safaricom's addresses (one, and a range), as a Super Admin saves them.
    let root = crate::policies::user(&sql, "SUPER_ADMIN", true, None).await;
    let saved = app
        .call(
            &root,
            reqwest::Method::PATCH,
            "system_settings?key=eq.payment_callback_allowlist",
            "return=representation",
            Some(&json!({"value": ["196.201.214.200", " 196.201.213.0/24"]})),
        )
        .await;
    assert_eq!(saved.status, 200, "{}", saved.body);
    assert_eq!(
        saved.body[0]["value"],
        json!(["196.201.213.0/24", "196.201.214.200/32"]),
        "kept as canonical ranges"
    );
    let bad = app
        .call(
            &root,
            reqwest::Method::PATCH,
            "system_settings?key=eq.payment_callback_allowlist",
            "",
            Some(&json!({"value": ["196.201.214.300"]})),
        )
        .await;
    assert_eq!(bad.status, 400, "{}", bad.body);
    assert_eq!(
        bad.body["message"],
        "payment_callback_allowlist: \"196.201.214.300\" is not an IP address or range such as 196.201.214.0/24"
    );

    // From elsewhere: refused before the secret is compared, recorded, nothing stored.
    let (status, answer) = post(
        paybill.clone(),
        "10.9.8.7",
        confirmation("RKTALLOW02", "100.00", "600000"),
    )
    .await;
    assert_eq!((status, answer["code"].as_str()), (403, Some("forbidden")));
    assert_eq!(post(callback.clone(), "10.9.8.7", stk.clone()).await.0, 403);
    assert_eq!(
        post(
            "/functions/v1/payments/callback/mpesa/guessed".into(),
            "10.9.8.7",
            stk.clone()
        )
        .await
        .0,
        403,
        "an outsider does not even learn whether the secret was right"
    );
    assert_eq!(
        app.count("SELECT count(*) FROM payment_logs WHERE receipt_number = 'RKTALLOW02'")
            .await,
        0
    );
    assert_eq!(
        app.count(
            "SELECT count(*) FROM kanisa.payment_events \
             WHERE verdict = 'refused: address not on the allow-list' AND remote_addr = '10.9.8.7'"
        )
        .await,
        3
    );
    // From the listed addresses: as before.
    assert_eq!(
        post(
            paybill.clone(),
            "196.201.213.44",
            confirmation("RKTALLOW02", "100.00", "600000")
        )
        .await
        .0,
        200
    );
    assert_eq!(
        app.count("SELECT count(*) FROM payment_logs WHERE receipt_number = 'RKTALLOW02'")
            .await,
        1
    );
    assert_eq!(
        post(callback.clone(), "196.201.214.200", stk.clone())
            .await
            .0,
        200
    );
    // A client cannot claim a listed address itself: X-Forwarded-For counts only from a
    // trusted proxy, and the test server trusts 127.0.0.1 only.

    // Emptied: any address again.
    sql.execute(
        "UPDATE system_settings SET value = '[]' WHERE key = 'payment_callback_allowlist'",
        &[],
    )
    .await
    .unwrap();
    assert_eq!(
        post(
            paybill,
            "10.9.8.7",
            confirmation("RKTALLOW03", "100.00", "600000")
        )
        .await
        .0,
        200
    );
}
