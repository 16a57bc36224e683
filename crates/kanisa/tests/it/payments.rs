//! Giving under chaos: `KANISA_CHAOS_PAYMENTS` payments (500 in `make test`, 10,000 in
//! `make bench`), prompts and paybill gifts mixed, through the fake Daraja dropping,
//! duplicating, delaying and reordering callbacks, refusing prompts and failing queries, with
//! the `kanisa` process killed (SIGKILL) and restarted halfway. Afterwards no payment is left
//! pending, no gift is recorded twice, and Kanisa's verified total equals what the fake says it
//! collected.

use std::time::{Duration, Instant};

use kanisa_fakes::{Account, Chaos, FakeDaraja};
use rand::Rng;
use serde_json::{Value, json};

use crate::{Site, read, wait_exit};

const SECRET: &str = "chaos-callback-secret";

fn payments_wanted() -> usize {
    std::env::var("KANISA_CHAOS_PAYMENTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(500)
}

/// One gift: a prompt (its payment id when the server took it) or a paybill payment.
async fn give(http: &reqwest::Client, site: &Site, fake: &FakeDaraja, i: usize) -> Option<String> {
    let (amount, dup) = {
        let mut rng = rand::rng();
        (rng.random_range(1..=5000u64), rng.random_range(0..=2u32))
    };
    if i.is_multiple_of(3) {
        let url = site.url(&format!(
            "/functions/v1/payments/paybill/{SECRET}/confirmation"
        ));
        let accounts = ["TITHE", "offering", "building", "", "Jane"];
        fake.paybill(
            &url,
            amount,
            accounts[i % accounts.len()],
            &format!("2547{:08}", i),
            dup,
        );
        return None;
    }
    // A number per gift: the per-phone limit is not what this test is about.
    let phone = format!("07{:08}", 10_000_000 + i);
    // A donor told "busy, try again in a moment" (503) tries again.
    for _ in 0..20 {
        let res = http
            .post(site.url("/functions/v1/payments"))
            .json(&json!({"phone": phone, "amount": amount, "givingType": "tithe"}))
            .send()
            .await
            .expect("the server answers between kills");
        match res.status().as_u16() {
            201 => {
                let p: Value = res.json().await.unwrap();
                return Some(p["id"].as_str().unwrap().to_owned());
            }
            502 => return None, // refused by the provider: nothing was taken
            503 => tokio::time::sleep(Duration::from_secs(1)).await,
            other => panic!(
                "unexpected answer {other}: {}",
                res.text().await.unwrap_or_default()
            ),
        }
    }
    panic!("the server stayed busy for 20 tries");
}

async fn give_many(
    http: &reqwest::Client,
    site: &Site,
    fake: &FakeDaraja,
    range: std::ops::Range<usize>,
) -> Vec<String> {
    let mut ids = Vec::new();
    let chunks: Vec<usize> = range.collect();
    for chunk in chunks.chunks(16) {
        let answers =
            futures_util::future::join_all(chunk.iter().map(|i| give(http, site, fake, *i))).await;
        ids.extend(answers.into_iter().flatten());
    }
    ids
}

#[tokio::test]
async fn chaos_loses_no_gift_and_counts_none_twice() {
    let wanted = payments_wanted();
    let fake = FakeDaraja::start(Account::default(), 0).await;
    fake.chaos(Some(Chaos::default()));
    let a = fake.account().clone();
    let site = Site::new();
    let fake_url = fake.url();
    let env = [
        ("KANISA_PAYMENT_PROVIDER", "mpesa"),
        ("KANISA_PAYMENT_BASE_URL", fake_url.as_str()),
        ("KANISA_PAYMENT_CONSUMER_KEY", a.consumer_key.as_str()),
        ("KANISA_PAYMENT_CONSUMER_SECRET", a.consumer_secret.as_str()),
        ("KANISA_PAYMENT_SHORTCODE", a.shortcode.as_str()),
        ("KANISA_PAYMENT_PASSKEY", a.passkey.as_str()),
        ("KANISA_PAYMENT_CALLBACK_SECRET", SECRET),
        ("KANISA_PAYMENT_RECONCILE_AFTER", "5"),
        ("KANISA_JOB_LEASE", "2"),
        // Every request is logged, so the scan below reads every path.
        ("RUST_LOG", "info"),
    ];
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap();
    let started = Instant::now();
    let (mut first, first_log) = site.serve_with("first", &env);
    site.wait_healthy(&mut first, &first_log).await;
    // Every prompt comes from 127.0.0.1: the prompt limits per address are tested elsewhere.
    site.lift_submission_limits().await;
    let half = wanted / 2;
    let mut prompts = give_many(&http, &site, &fake, 0..half).await;

    // SIGKILL with callbacks, paybill confirmations and jobs in flight, then a restart.
    tokio::time::sleep(Duration::from_millis(500)).await;
    first.start_kill().unwrap();
    wait_exit(&mut first, Duration::from_secs(10)).await;
    let (mut second, second_log) = site.serve_with("second", &env);
    site.wait_healthy(&mut second, &second_log).await;
    prompts.extend(give_many(&http, &site, &fake, half..wanted).await);
    let submitted = started.elapsed();

    // The donors poll (every 2 s here) until their payment is final, as the dialog does.
    let mut open: Vec<String> = prompts.clone();
    let deadline = Instant::now() + Duration::from_secs(240 + wanted as u64 / 50);
    while !open.is_empty() {
        assert!(
            Instant::now() < deadline,
            "{} payments still pending, e.g. {:?}\n{}",
            open.len(),
            &open[..open.len().min(3)],
            read(&second_log)
        );
        let mut still = Vec::new();
        for chunk in open.chunks(32) {
            let states = futures_util::future::join_all(chunk.iter().map(|id| {
                let http = http.clone();
                let url = site.url(&format!("/functions/v1/payments/{id}"));
                async move {
                    // A busy answer (503) is asked again next round.
                    let p: Value = http.get(url).send().await.unwrap().json().await.unwrap();
                    p["status"].as_str().unwrap_or("pending").to_owned()
                }
            }))
            .await;
            still.extend(
                chunk
                    .iter()
                    .zip(states)
                    .filter(|(_, s)| s == "pending")
                    .map(|(id, _)| id.clone()),
            );
        }
        open = still;
        if !open.is_empty() {
            tokio::time::sleep(Duration::from_secs(2)).await;
        }
    }
    let db = site.database().await;
    // Paybill confirmations are retried by the fake until Kanisa takes them.
    let paybill_sent = fake.collected().paybill as i64;
    loop {
        let recorded: i64 = db
            .query_one(
                "SELECT count(*) FROM payment_logs WHERE source = 'paybill'",
                &[],
            )
            .await
            .unwrap()
            .get(0);
        if recorded == paybill_sent {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "{recorded} of {paybill_sent} paybill gifts recorded"
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
    }

    let collected = fake.collected();
    let row = db
        .query_one(
            "SELECT (SELECT count(*) FROM payment_logs WHERE status = 'pending'), \
                    (SELECT count(*) FROM payment_logs WHERE status = 'completed'), \
                    (SELECT count(*) FROM giving_records WHERE payment_id IS NOT NULL), \
                    (SELECT count(*) FROM (SELECT transaction_id FROM giving_records \
                       WHERE transaction_id IS NOT NULL GROUP BY transaction_id HAVING count(*) > 1) d), \
                    (SELECT coalesce(sum(amount), 0)::int8 FROM giving_records \
                       WHERE payment_id IS NOT NULL AND is_verified AND NOT is_simulated), \
                    (SELECT count(*) FROM kanisa.payment_events), \
                    (SELECT count(*) FROM giving_records WHERE payment_id IS NOT NULL AND NOT is_simulated)",
            &[],
        )
        .await
        .unwrap();
    let (pending, completed, gifts, doubled, total, events): (i64, i64, i64, i64, i64, i64) = (
        row.get(0),
        row.get(1),
        row.get(2),
        row.get(3),
        row.get(4),
        row.get(5),
    );
    let real_gifts: i64 = row.get(6);
    assert_eq!(pending, 0, "every payment is final");
    assert_eq!(doubled, 0, "no receipt recorded twice");
    let orphans: Vec<String> = db
        .query(
            "SELECT row_to_json(p)::text FROM payment_logs p WHERE status = 'completed' \
             AND NOT EXISTS (SELECT 1 FROM giving_records g WHERE g.payment_id = p.id) LIMIT 5",
            &[],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(
        gifts, completed,
        "one gift per completed payment: {orphans:#?}"
    );
    assert_eq!(
        (real_gifts as u64, total as u64),
        (collected.count, collected.total),
        "Kanisa's gifts are what the provider collected"
    );
    eprintln!(
        "{wanted} payments ({} prompts taken, {} paybill): submitted in {submitted:?}, all final \
         after {:?}; KES {total} in {real_gifts} gifts = the fake's {} in {}; {events} provider messages kept",
        prompts.len(),
        collected.paybill,
        started.elapsed(),
        collected.total,
        collected.count,
    );
    // No credential in any answer or log line.
    let mut seen = String::new();
    for path in [
        "/health",
        "/functions/v1/service-modes",
        &format!("/functions/v1/payments/{}", prompts[0]),
    ] {
        seen.push_str(
            &http
                .get(site.url(path))
                .send()
                .await
                .unwrap()
                .text()
                .await
                .unwrap(),
        );
    }
    seen.push_str(&read(&first_log));
    seen.push_str(&read(&second_log));
    for secret in [
        SECRET,
        a.consumer_key.as_str(),
        a.consumer_secret.as_str(),
        a.passkey.as_str(),
    ] {
        assert!(!seen.contains(secret), "{secret:?} was shown or logged");
    }
    assert!(
        seen.contains("/functions/v1/payments/callback/mpesa/[secret]"),
        "callbacks are logged, redacted"
    );
    drop(db);
    nix::sys::signal::kill(
        nix::unistd::Pid::from_raw(second.id().unwrap() as i32),
        nix::sys::signal::Signal::SIGINT,
    )
    .unwrap();
    let status = wait_exit(&mut second, Duration::from_secs(60)).await;
    assert!(status.success(), "{status}:\n{}", read(&second_log));
}
