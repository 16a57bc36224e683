//! Submissions: the abuse limits of the contact form for signed-in callers, idempotency keys
//! tied to their submission, and the hourly sweep.

use std::time::Duration;

use kanisa_functions::{FunctionsError, HourlySweep, Submissions};
use kanisa_jobs::Registry;
use kanisa_test_db::TestDb;
use serde_json::json;

use crate::{anon, channels, count, storage, user, workers};

fn submissions(db: &TestDb) -> Submissions {
    Submissions::new(db.api_pool(), db.pool(), None, channels(db, None))
}

/// The hourly sweep removes the abuse-limit counters of windows ended over a day ago and
/// week-old idempotency keys, and leaves the job queue to kanisa-jobs (which prunes the
/// periodic kinds' own runs): no other job's row is touched.
#[tokio::test]
async fn the_hourly_sweep_clears_old_counters_and_keys_and_leaves_the_jobs() {
    let db = TestDb::new().await;
    let pool = db.pool();
    let (storage, _dir) = storage(&db);
    pool.get()
        .await
        .unwrap()
        .batch_execute(
            "SELECT kanisa.enqueue('notify_submission', 'old-notify'); \
             SELECT kanisa.enqueue('send_sms', 'old-sms'); \
             UPDATE kanisa.jobs SET state = 'done', finished_at = now() - interval '30 days' \
              WHERE unique_key = 'old-notify'; \
             UPDATE kanisa.jobs SET state = 'failed', finished_at = now() - interval '30 days' \
              WHERE unique_key = 'old-sms'; \
             SELECT kanisa.enqueue('hourly_sweep', 'sweep-now'); \
             INSERT INTO kanisa.submission_hits (bucket, window_start, hits) VALUES \
               ('address:old', now() - interval '2 days', 3), \
               ('address:recent', now() - interval '1 hour', 3); \
             INSERT INTO kanisa.submission_keys (key, created_at) VALUES \
               ('old-key-0001', now() - interval '8 days'), \
               ('recent-key-01', now() - interval '6 days');",
        )
        .await
        .unwrap();
    let workers = workers(
        &db,
        Registry::new().job::<HourlySweep>((db.pool(), storage.clone())),
    );
    let start = std::time::Instant::now();
    while count(
        &pool,
        "SELECT count(*) FROM kanisa.jobs WHERE unique_key = 'sweep-now' AND state = 'done'",
    )
    .await
        == 0
    {
        assert!(
            start.elapsed() < kanisa_test_db::patient(Duration::from_secs(10)),
            "the sweep did not run"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    workers.stop(Duration::from_secs(5)).await.unwrap();
    assert_eq!(
        count(
            &pool,
            "SELECT count(*) FROM kanisa.submission_hits WHERE bucket = 'address:old'"
        )
        .await
            + count(
                &pool,
                "SELECT count(*) FROM kanisa.submission_keys WHERE key = 'old-key-0001'"
            )
            .await,
        0,
        "an ended window's counter and a week-old key went"
    );
    assert_eq!(
        count(
            &pool,
            "SELECT count(*) FROM kanisa.submission_hits WHERE bucket = 'address:recent'"
        )
        .await
            + count(
                &pool,
                "SELECT count(*) FROM kanisa.submission_keys WHERE key = 'recent-key-01'"
            )
            .await,
        2,
        "recent ones stay"
    );
    assert_eq!(
        count(
            &pool,
            "SELECT count(*) FROM kanisa.jobs WHERE unique_key IN ('old-notify', 'old-sms')"
        )
        .await,
        2,
        "the sweep leaves the queue's rows alone"
    );
}

/// Second probe (issue 31): a signed-in VISITOR sent 25 contact messages with the same e-mail
/// and each queued an acknowledgement to that address — the forms as an e-mail relay. The
/// limits hold for every caller but the staff who handle submissions, and one address gets a
/// few acknowledgements a day at most.
#[tokio::test]
async fn a_signed_in_visitor_cannot_use_the_contact_form_as_an_email_relay() {
    let db = TestDb::with_demo().await;
    let pool = db.pool();
    let sql = db.client().await;
    let submissions = submissions(&db);
    let visitor = user(&sql, "VISITOR", true, None).await;
    let contact = json!({"name": "Relay", "email": "victim@example.org",
                         "subject": "Hello", "message": "Spam for you"});
    let mut stored = 0;
    let mut refused = None;
    for _ in 0..25 {
        match submissions.contact_message(&visitor, &contact).await {
            Ok(receipt) => {
                assert!(receipt.received && !receipt.duplicate, "{receipt:?}");
                stored += 1;
            }
            Err(e @ FunctionsError::TooMany { .. }) => {
                refused = Some(e);
                break;
            }
            Err(other) => panic!("{other:?}"),
        }
    }
    assert_eq!(
        stored, 5,
        "the per-e-mail limit (5) holds for a signed-in visitor"
    );
    let refused = refused.expect("refused after the limit");
    assert_eq!(refused.status_code(), (429, "too_many_submissions"));
    assert!(
        refused.retry_after().is_some_and(|s| s > 0),
        "Retry-After: {refused:?}"
    );
    // Five stored, at most three acknowledgements queued to the address today.
    assert_eq!(
        count(
            &pool,
            "SELECT count(*) FROM kanisa.jobs WHERE kind = 'acknowledge_submission' \
               AND payload ->> 'table' = 'messages'"
        )
        .await,
        3
    );
    // The staff who handle messages enter theirs without a limit.
    let staff = user(&sql, "ADMIN", true, None).await;
    for _ in 0..7 {
        let receipt = submissions.contact_message(&staff, &contact).await;
        assert!(receipt.is_ok(), "{receipt:?}");
    }
}

/// Second probe: a different submission reusing an idempotency key was dropped yet answered
/// 201 {"duplicate": true}. The key is tied to its sender and content: the same form sent again
/// is the duplicate, another one is a conflict on the key's field.
#[tokio::test]
async fn an_idempotency_key_reused_for_another_submission_is_a_conflict() {
    let db = TestDb::with_demo().await;
    let submissions = submissions(&db);
    let form = |message: &str| {
        json!({"name": "Wanjiru", "email": "wanjiru@example.org", "subject": "Visit",
               "message": message, "idempotencyKey": "offline-key-0001"})
    };
    let first = submissions
        .contact_message(&anon(), &form("Please visit us"))
        .await
        .unwrap();
    assert!(!first.duplicate, "{first:?}");
    let again = submissions
        .contact_message(&anon(), &form("Please visit us"))
        .await
        .unwrap();
    assert!(again.received && again.duplicate, "{again:?}");
    let other = submissions
        .contact_message(&anon(), &form("A different message"))
        .await
        .unwrap_err();
    assert!(
        matches!(
            other,
            FunctionsError::Conflict {
                field: Some("idempotencyKey"),
                ..
            }
        ),
        "{other:?}"
    );
    assert_eq!(other.status_code(), (409, "conflict"));
    assert!(
        other
            .fields()
            .is_some_and(|f| f["idempotencyKey"].is_string()),
        "{other:?}"
    );
    assert_eq!(
        count(
            &db.pool(),
            "SELECT count(*) FROM messages WHERE sender_email = 'wanjiru@example.org'"
        )
        .await,
        1
    );
}
