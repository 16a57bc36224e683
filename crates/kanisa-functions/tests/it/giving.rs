//! Giving: a demo gift from prompt to completion, a prompt's result read once, and paybill
//! confirmations that name one receipt in different cases.

use std::time::Duration;

use kanisa_fakes::{Behaviour, FakeDaraja};
use kanisa_functions::{PaymentCallback, Payments, PaymentsSetup};
use kanisa_jobs::Registry;
use kanisa_test_db::TestDb;
use serde_json::{Value, json};

use crate::{CLIENT_IP, count, demo_payments, workers};

/// The payments' callback secret in these tests.
const SECRET: &str = "test-callback-secret";

/// Payments through the fake Daraja `fake`, with the test callback secret and a 4 s expiry.
fn mpesa(db: &TestDb, fake: &FakeDaraja) -> Payments {
    let a = fake.account().clone();
    let mut setup = PaymentsSetup::new("http://kanisa.test");
    setup.provider = Some("mpesa".into());
    setup.consumer_key = Some(a.consumer_key);
    setup.consumer_secret = Some(a.consumer_secret);
    setup.shortcode = Some(a.shortcode);
    setup.passkey = Some(a.passkey);
    setup.base_url = Some(fake.url());
    setup.callback_secret = Some(SECRET.into());
    setup.expire_after = Duration::from_secs(4);
    Payments::new(db.pool(), setup)
}

/// Polls like the donor's dialog (but faster) until the payment is no longer pending; the
/// payment as the status function answers it.
async fn settled(payments: &Payments, id: &str, within: Duration) -> Value {
    let start = std::time::Instant::now();
    loop {
        let p = json!(payments.status(id).await.unwrap());
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

#[tokio::test]
async fn a_demo_gift_completes_after_the_demo_wait_and_stays_out_of_the_totals() {
    let db = TestDb::with_demo().await;
    let pool = db.pool();
    let payments = demo_payments(&db);
    // The payment as the create function answers it.
    let p = json!(
        payments
            .create(
                &json!({"phone": "+254 712 345 678", "amount": "1,000", "givingType": "special"}),
                CLIENT_IP,
                None,
                kanisa_functions::capabilities::GiftChannel::Website,
            )
            .await
            .unwrap()
    );
    assert_eq!(p["status"], "pending");
    assert_eq!(p["simulated"], true);
    assert_eq!(p["providerLabel"], "Equity Bank");
    assert_eq!(p["givingType"], "special");
    let reference = p["reference"].as_str().unwrap();
    let parts: Vec<&str> = reference.split('_').collect();
    assert_eq!(parts.len(), 4, "{reference}");
    assert_eq!(parts[1], "SPE");
    assert!(
        parts[2].parse::<i64>().is_ok() && parts[3].len() == 6,
        "{reference}"
    );
    let done = settled(
        &payments,
        p["id"].as_str().unwrap(),
        Duration::from_secs(10),
    )
    .await;
    assert_eq!(done["status"], "completed", "{done}");
    assert!(done["receipt"].as_str().unwrap().starts_with("EQ_"));
    assert_eq!(
        count(&pool, "SELECT count(*) FROM giving_records WHERE is_simulated AND giving_type = 'special_project' AND amount = 1000 AND is_verified").await,
        1
    );
    let simulated_in_totals = count(
        &pool,
        "SELECT count(*) FROM get_monthly_giving(date_trunc('month', now())::date) \
         WHERE total <> (SELECT coalesce(sum(amount), 0) FROM giving_records \
                         WHERE is_verified AND NOT is_simulated \
                           AND date_trunc('month', giving_date) = to_date(month_key, 'YYYY-MM'))",
    )
    .await;
    assert_eq!(
        simulated_in_totals, 0,
        "demo gifts are not in the monthly totals"
    );
    assert_eq!(
        count(
            &pool,
            "SELECT count(*) FROM kanisa.jobs WHERE kind = 'payment_receipt'"
        )
        .await,
        1
    );
}

/// Issue 43: a prompt's result is read once, when it arrives. The job that settles the payment
/// works from what was read (kept with the event), not from the provider's payload: here the
/// kept payload is spoilt after the callback, and the gift still completes with its receipt.
#[tokio::test]
async fn a_prompt_result_is_read_once_and_settled_from_what_was_read() {
    let db = TestDb::with_demo().await;
    let pool = db.pool();
    let fake = FakeDaraja::start(kanisa_fakes::Account::default(), 0).await;
    // The phone pays at once; the fake sends no callback of its own (this test sends it).
    fake.behave(
        None,
        Behaviour {
            answer_after_ms: 0,
            callback: false,
            ..Behaviour::default()
        },
    );
    let payments = std::sync::Arc::new(mpesa(&db, &fake));
    let p = json!(
        payments
            .create(
                &json!({"phone": "0712345678", "amount": 100, "givingType": "tithe"}),
                CLIENT_IP,
                None,
                kanisa_functions::capabilities::GiftChannel::Website,
            )
            .await
            .unwrap()
    );
    let id = p["id"].as_str().unwrap().to_owned();
    let checkout: String = pool
        .get()
        .await
        .unwrap()
        .query_one(
            "SELECT checkout_request_id FROM payment_logs WHERE id = $1::text::uuid",
            &[&id],
        )
        .await
        .unwrap()
        .get(0);
    let callback = json!({"Body": {"stkCallback": {
        "MerchantRequestID": "29116-34620561-1", "CheckoutRequestID": checkout,
        "ResultCode": 0, "ResultDesc": "The service request is processed successfully.",
        "CallbackMetadata": {"Item": [
            {"Name": "Amount", "Value": 100}, {"Name": "MpesaReceiptNumber", "Value": "RDA1B2C3D4"},
            {"Name": "TransactionDate", "Value": 20261124213000u64},
            {"Name": "PhoneNumber", "Value": 254712345678u64}]}}}});
    let (status, answer) = payments
        .callback("mpesa", SECRET, &callback, CLIENT_IP)
        .await
        .unwrap();
    assert_eq!((status, &answer["ResultCode"]), (200, &json!(0)));
    assert_eq!(
        count(
            &pool,
            "SELECT count(*) FROM kanisa.payment_events WHERE kind = 'callback' \
               AND result #>> '{answer,receipt}' = 'RDA1B2C3D4' AND result #>> '{answer,outcome}' = 'completed'"
        )
        .await,
        1,
        "what was read is kept with the event"
    );
    // The payload as kept no longer reads: only what was read can settle the payment.
    pool.get()
        .await
        .unwrap()
        .batch_execute("UPDATE kanisa.payment_events SET payload = '{}' WHERE kind = 'callback'")
        .await
        .unwrap();
    let workers = workers(
        &db,
        Registry::new().job::<PaymentCallback>(payments.clone()),
    );
    let start = std::time::Instant::now();
    let done = "SELECT count(*) FROM payment_logs WHERE status = 'completed' \
                  AND receipt_number = 'RDA1B2C3D4' AND result_parameters <> '[]'";
    while count(&pool, done).await != 1 {
        assert!(
            start.elapsed() < kanisa_test_db::patient(Duration::from_secs(20)),
            "not settled from the kept result"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    workers.stop(Duration::from_secs(5)).await.unwrap();
    assert_eq!(
        count(
            &pool,
            "SELECT count(*) FROM kanisa.payment_events WHERE kind = 'callback' AND verdict = 'completed'"
        )
        .await,
        1
    );
}

/// A paybill confirmation (M-Pesa C2B) of receipt `trans_id`.
fn confirmation(trans_id: &str, amount: &str, shortcode: &str) -> Value {
    json!({"TransactionType": "Pay Bill", "TransID": trans_id, "TransAmount": amount,
           "BusinessShortCode": shortcode, "BillRefNumber": "TITHE", "InvoiceNumber": "",
           "MSISDN": "254700111222", "FirstName": "Jane", "MiddleName": "", "LastName": "Doe"})
}

#[tokio::test]
async fn a_paybill_receipt_sent_again_in_another_case_is_one_gift() {
    let db = TestDb::with_demo().await;
    let pool = db.pool();
    let fake = FakeDaraja::start(kanisa_fakes::Account::default(), 0).await;
    let payments = mpesa(&db, &fake);
    let shortcode = fake.account().shortcode.clone();
    // The probe: PRB0000001 and prb0000001 became two gifts.
    for id in ["PRB0000001", "prb0000001", " Prb0000001 "] {
        let (status, answer) = payments
            .paybill(
                SECRET,
                "confirmation",
                &confirmation(id, "250.00", &shortcode),
                CLIENT_IP,
            )
            .await
            .unwrap();
        assert_eq!((status, &answer["ResultCode"]), (200, &json!(0)), "{id:?}");
    }
    assert_eq!(
        count(
            &pool,
            "SELECT count(*) FROM payment_logs WHERE upper(receipt_number) = 'PRB0000001'"
        )
        .await,
        1
    );
    assert_eq!(
        count(
            &pool,
            "SELECT count(*) FROM giving_records WHERE upper(transaction_id) = 'PRB0000001' \
             AND transaction_id = 'PRB0000001' AND amount = 250"
        )
        .await,
        1
    );
    assert_eq!(
        count(
            &pool,
            "SELECT count(*) FROM kanisa.payment_events e JOIN payment_logs p ON p.id = e.payment_id \
             WHERE e.verdict = 'duplicate' AND p.receipt_number = 'PRB0000001'"
        )
        .await,
        2,
        "the copies are kept, linked to the one payment"
    );

    // A receipt stored in lower case before the fix is the same receipt too.
    pool.get()
        .await
        .unwrap()
        .batch_execute(
            "INSERT INTO payment_logs (account_reference, transaction_id, receipt_number, amount, \
               phone_number, giving_type, status, completed_at, source, payment_provider) \
             VALUES ('PAYBILL_prb0000002', 'prb0000002', 'prb0000002', 300, NULL, 'tithe', \
               'completed', now(), 'paybill', 'mpesa')",
        )
        .await
        .unwrap();
    let (status, _) = payments
        .paybill(
            SECRET,
            "confirmation",
            &confirmation("PRB0000002", "300.00", &shortcode),
            CLIENT_IP,
        )
        .await
        .unwrap();
    assert_eq!(status, 200);
    assert_eq!(
        count(
            &pool,
            "SELECT count(*) FROM payment_logs WHERE upper(receipt_number) = 'PRB0000002'"
        )
        .await,
        1
    );
}
