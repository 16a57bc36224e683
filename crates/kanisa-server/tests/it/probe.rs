//! A bounded outside-style probe (issue 31, acceptance 3): the three attacks of the second
//! outside probe, generated in many variants against the real router and database, each
//! checked against what must hold rather than "no 5xx":
//!
//! * substitution-expanded SMS: sends whose placeholders, filled from names and titles as long
//!   as the database allows, would go past ten parts are refused and create nothing; every
//!   accepted text is within ten parts; the preview's figures and guard are what the send does;
//! * gift deletion and re-entry: no sequence of deletes, edits and re-entries by finance staff
//!   removes or changes a paid gift, gives its receipt a second gift or moves a total; nor
//!   does a receipt that only looks the same (invisible or full-width characters);
//! * prompt floods: payment prompts from one address or to one phone never pass the limits,
//!   each refusal is a 429 with `Retry-After`, and a payment row exists for each accepted one.
//!
//! Seeded and bounded: `KANISA_PROBE_SEED` (default 31) picks the variants, `KANISA_PROBE_CASES`
//! the number of cases of each test (defaults below, a few seconds each). A failure names its
//! seed and case.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use chrono::Datelike;
use proptest::prelude::RngExt;
use proptest::test_runner::{RngAlgorithm, TestRng};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::TestApp;
use crate::policies::{Caller, user};

/// This run's seed, and a random stream for `test` drawn from it.
fn seeded(test: &str) -> (TestRng, u64) {
    let seed: u64 = std::env::var("KANISA_PROBE_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(31);
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    for (i, b) in test.bytes().enumerate() {
        bytes[8 + i % 24] ^= b;
    }
    (TestRng::from_seed(RngAlgorithm::ChaCha, &bytes), seed)
}

/// How many cases a test runs: `default`, or `KANISA_PROBE_CASES`.
fn cases(default: usize) -> usize {
    std::env::var("KANISA_PROBE_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn pick<'a, T>(rng: &mut TestRng, items: &'a [T]) -> &'a T {
    &items[rng.random_range(0..items.len())]
}

/// A refusal as the APIs answer it: a 4xx with a JSON error code and message.
fn assert_refusal(status: StatusCode, body: &Value, what: &str) {
    assert!(status.is_client_error(), "{what}: HTTP {status} {body}");
    assert!(
        body["code"].is_string() && body["message"].is_string(),
        "{what}: a refusal names its code and message: HTTP {status} {body}"
    );
}

// ---------------------------------------------------------------------------------------------
// Prompt floods
// ---------------------------------------------------------------------------------------------

/// One client address as a trusted proxy may forward it: the address the server must count,
/// and the ways its header may spell it.
struct Address {
    /// What the limit counts: an IPv4 address, or an IPv6 address's /64.
    key: String,
    spellings: Vec<String>,
}

fn address(case: usize, k: usize, v6: bool) -> Address {
    if v6 {
        // An IPv6 client is counted by its /64 (one subscriber holds it whole): every IPv6
        // address of a case is in the same /64, so rotating through them gains nothing.
        let host = format!("2001:db8:{case:x}::{:x}", k + 1);
        Address {
            spellings: vec![
                host.clone(),
                host.to_uppercase(),
                format!("2001:0db8:{case:04x}:0:0:0:0:{:x}", k + 1),
                // A spoofed hop the client wrote, before the one the proxy appended.
                format!("2001:db8:ffff::{}, {host}", case + k),
            ],
            key: format!("2001:db8:{case:x}::/64"),
        }
    } else {
        let key = format!("198.51.{}.{}", case % 250, k + 1);
        Address {
            spellings: vec![
                key.clone(),
                format!("::ffff:{key}"),
                format!("203.0.113.{}, {key}", (case * 7 + k) % 250),
                format!("{key}, 127.0.0.1"),
                format!("not-an-address, {key}"),
            ],
            key,
        }
    }
}

/// The nine digits of a mobile number after 254, and the ways a donor may type it.
fn phone_spellings(rest: &str) -> Vec<String> {
    let (a, b, c) = (&rest[..3], &rest[3..6], &rest[6..]);
    vec![
        format!("0{rest}"),
        format!("+254{rest}"),
        format!("254{rest}"),
        rest.to_owned(),
        format!("0{a} {b} {c}"),
        format!("(0{a}) {b}.{c}"),
        format!("+254-{a}-{b}-{c}"),
    ]
}

/// What the server should answer one prompt, by the limits alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Prompted {
    Accepted,
    OverAddress,
    OverPhone,
    Invalid,
}

/// The current windows of the two limits (the address's hour and the phone's ten minutes), as
/// the database bins them.
async fn prompt_windows(sql: &kanisa_pg::tokio_postgres::Client) -> (String, String) {
    let r = sql
        .query_one(
            "SELECT date_bin('60 minutes', now(), timestamptz '2000-01-01 00:00:00+00')::text, \
                    date_bin('10 minutes', now(), timestamptz '2000-01-01 00:00:00+00')::text",
            &[],
        )
        .await
        .unwrap();
    (r.get(0), r.get(1))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_flood_of_prompts_passes_the_limits() {
    let app = TestApp::spawn_trusting("127.0.0.1").await;
    let sql = app.sql().await;
    let (mut rng, seed) = seeded("prompts");
    let n_cases = cases(30);
    let (mut accepted_total, mut over_address, mut over_phone, mut invalid) = (0, 0, 0, 0);
    let mut requests = 0;
    for case in 0..n_cases {
        let at = format!("seed {seed}, case {case}");
        // The limits in force: the defaults (10 an hour per address, 5 per ten minutes per
        // phone) or other values a Super Admin may save.
        let (per_address, per_phone): (i64, i64) = if case == 0 || rng.random_bool(0.5) {
            (10, 5)
        } else {
            (rng.random_range(1..=12), rng.random_range(1..=6))
        };
        sql.execute(
            "UPDATE system_settings SET value = to_jsonb($1::int8) \
              WHERE key = 'payment_prompts_per_address'",
            &[&per_address],
        )
        .await
        .unwrap();
        sql.execute(
            "UPDATE system_settings SET value = to_jsonb($1::int8) \
              WHERE key = 'payment_prompts_per_phone'",
            &[&per_phone],
        )
        .await
        .unwrap();
        // Fresh addresses and phones for each case: one address to many phones, many
        // addresses to one phone, and everything between.
        let addresses: Vec<Address> = (0..rng.random_range(1..=3))
            .map(|k| address(case, k, rng.random_bool(0.3)))
            .collect();
        let phones: Vec<String> = (0..rng.random_range(1..=5))
            .map(|k| format!("7{:04}{:04}", case, k))
            .collect();
        let n = rng.random_range(6..=28);
        let mut plan = Vec::new();
        for _ in 0..n {
            let a = rng.random_range(0..addresses.len());
            let header = pick(&mut rng, &addresses[a].spellings).clone();
            let p = rng.random_range(0..phones.len());
            let typed = if rng.random_bool(0.08) {
                // Not a Kenyan mobile number: refused by the form, never counted.
                pick(&mut rng, &["0812345678", "07123", "+1 202 555 0100", ""]).to_string()
            } else {
                pick(&mut rng, &phone_spellings(&phones[p])).clone()
            };
            let amount = *pick(&mut rng, &[1, 10, 50, 100, 999, 5000]);
            let kind = *pick(&mut rng, &["tithe", "offering", "special", ""]);
            plan.push((a, header, p, typed, amount, kind));
        }
        let together = rng.random_bool(0.2);

        let rows_before = app.count("SELECT count(*) FROM payment_logs").await;
        let windows_before = prompt_windows(&sql).await;
        let send = |header: String, typed: String, amount: i32, kind: &'static str| {
            let req = app
                .http
                .post(app.url("/functions/v1/payments"))
                .header("x-forwarded-for", header)
                .json(&json!({"phone": typed, "amount": amount, "givingType": kind}));
            async move {
                let res = req.send().await.unwrap();
                let status = res.status();
                let retry = res
                    .headers()
                    .get("retry-after")
                    .map(|v| v.to_str().unwrap().to_owned());
                let text = res.text().await.unwrap();
                let body: Value = serde_json::from_str(&text)
                    .unwrap_or_else(|_| panic!("not JSON: HTTP {status} {text}"));
                (status, body, retry)
            }
        };
        let answers: Vec<(StatusCode, Value, Option<String>)> = if together {
            futures_util::future::join_all(
                plan.iter()
                    .map(|(_, h, _, t, amount, kind)| send(h.clone(), t.clone(), *amount, kind)),
            )
            .await
        } else {
            let mut out = Vec::new();
            for (_, h, _, t, amount, kind) in &plan {
                out.push(send(h.clone(), t.clone(), *amount, kind).await);
            }
            out
        };
        let windows_after = prompt_windows(&sql).await;
        let same_hour = windows_before.0 == windows_after.0;
        let same_ten_minutes = windows_before.1 == windows_after.1;
        requests += plan.len();

        // What each answer was, checked for its form.
        let mut seen = Vec::new();
        let mut ids = Vec::new();
        for ((a, header, p, typed, _, _), (status, body, retry)) in plan.iter().zip(&answers) {
            let what = format!(
                "{at}: prompt to {typed:?} from {header:?} (limits {per_address}/{per_phone})"
            );
            let outcome = match status.as_u16() {
                201 => {
                    let id = body["id"]
                        .as_str()
                        .unwrap_or_else(|| panic!("{what}: {body}"));
                    ids.push((id.to_owned(), phones[*p].clone()));
                    Prompted::Accepted
                }
                429 => {
                    assert_refusal(*status, body, &what);
                    assert_eq!(body["code"], "too_many_submissions", "{what}: {body}");
                    let message = body["message"].as_str().unwrap();
                    let retry: u64 = retry
                        .as_deref()
                        .unwrap_or_else(|| panic!("{what}: a 429 without Retry-After"))
                        .parse()
                        .unwrap_or_else(|e| panic!("{what}: Retry-After {retry:?}: {e}"));
                    if message.starts_with(
                        "Too many payment requests have been sent from your connection. \
                         Please try again in ",
                    ) {
                        assert!((1..=3600).contains(&retry), "{what}: Retry-After {retry}");
                        Prompted::OverAddress
                    } else if message
                        .starts_with("Too many payment requests for this phone number. ")
                    {
                        assert!((1..=600).contains(&retry), "{what}: Retry-After {retry}");
                        Prompted::OverPhone
                    } else {
                        panic!("{what}: {body}")
                    }
                }
                400 => {
                    assert_refusal(*status, body, &what);
                    assert_eq!(body["code"], "validation_failed", "{what}: {body}");
                    assert!(body["fields"]["phone"].is_string(), "{what}: {body}");
                    Prompted::Invalid
                }
                _ => panic!("{what}: HTTP {status} {body}"),
            };
            seen.push((*a, *p, outcome));
        }

        // Never more than the limits: per address in its hour, per phone in its ten minutes.
        let mut by_address: BTreeMap<&str, i64> = BTreeMap::new();
        let mut by_phone: BTreeMap<&str, i64> = BTreeMap::new();
        for (a, p, outcome) in &seen {
            if *outcome == Prompted::Accepted {
                *by_address.entry(&addresses[*a].key).or_default() += 1;
                *by_phone.entry(&phones[*p]).or_default() += 1;
            }
        }
        if same_hour {
            for (a, n) in &by_address {
                assert!(
                    *n <= per_address,
                    "{at}: {n} prompts accepted from {a}, over the limit of {per_address} an \
                     hour ({})",
                    if together {
                        "sent together"
                    } else {
                        "one by one"
                    }
                );
            }
        }
        if same_ten_minutes {
            for (p, n) in &by_phone {
                assert!(
                    *n <= per_phone,
                    "{at}: {n} prompts accepted to 0{p}, over the limit of {per_phone} per ten \
                     minutes ({})",
                    if together {
                        "sent together"
                    } else {
                        "one by one"
                    }
                );
            }
        }
        // One by one, the answers are exactly the limits' (a refused prompt is not counted):
        // nothing under both limits is refused either.
        if !together && same_hour && same_ten_minutes {
            let mut used_address: BTreeMap<&str, i64> = BTreeMap::new();
            let mut used_phone = vec![0i64; phones.len()];
            for (i, ((a, header, p, typed, _, _), (_, _, outcome))) in
                plan.iter().zip(&seen).enumerate()
            {
                let expected = if typed.is_empty() || !phone_spellings(&phones[*p]).contains(typed)
                {
                    Prompted::Invalid
                } else if used_address
                    .get(addresses[*a].key.as_str())
                    .copied()
                    .unwrap_or(0)
                    >= per_address
                {
                    Prompted::OverAddress
                } else if used_phone[*p] >= per_phone {
                    Prompted::OverPhone
                } else {
                    *used_address.entry(&addresses[*a].key).or_default() += 1;
                    used_phone[*p] += 1;
                    Prompted::Accepted
                };
                assert_eq!(
                    *outcome, expected,
                    "{at}, prompt {i}: to {typed:?} from {header:?} (limits \
                     {per_address}/{per_phone}): {:?}",
                    answers[i].1
                );
            }
        }

        // A payment row for each accepted prompt, and none for a refused one.
        let accepted = ids.len() as i64;
        let rows_after = app.count("SELECT count(*) FROM payment_logs").await;
        assert_eq!(
            rows_after - rows_before,
            accepted,
            "{at}: payment rows written vs prompts accepted"
        );
        for (id, rest) in &ids {
            let phone: String = sql
                .query_one(
                    "SELECT phone_number FROM payment_logs WHERE id = $1::text::uuid",
                    &[id],
                )
                .await
                .unwrap()
                .get(0);
            assert_eq!(phone, format!("254{rest}"), "{at}: payment {id}");
        }
        accepted_total += accepted;
        for (_, _, o) in &seen {
            match o {
                Prompted::OverAddress => over_address += 1,
                Prompted::OverPhone => over_phone += 1,
                Prompted::Invalid => invalid += 1,
                Prompted::Accepted => {}
            }
        }
    }
    // Each limit was reached (the probe looks at refusals of both kinds, not only successes).
    assert!(over_address > 0 && over_phone > 0 && accepted_total > 0);
    println!(
        "prompt floods (seed {seed}): {n_cases} cases, {requests} prompts: {accepted_total} \
         accepted (as many payment rows), {over_address} over the address limit, {over_phone} \
         over the phone limit, {invalid} invalid"
    );
}

// ---------------------------------------------------------------------------------------------
// Gift deletion and re-entry
// ---------------------------------------------------------------------------------------------

const PAYBILL_CONFIRMATION: &str =
    "/functions/v1/payments/paybill/test-callback-secret/confirmation";

/// A gift that came from a provider, as the probe found it.
struct Paid {
    id: String,
    what: &'static str,
    member: Option<String>,
    /// Its transaction id first, then anything else its payment answers to (checkout id,
    /// account reference): a gift entered by hand takes none of them.
    receipts: Vec<String>,
    amount: String,
    date: String,
    kind: String,
    verified: bool,
    /// Counted in totals (a demo gift is not).
    counted: bool,
}

/// A gift entered by hand during the probe, as the probe expects it to be stored.
#[derive(Clone, Debug, PartialEq)]
struct Hand {
    id: String,
    receipt: Option<String>,
    member: Option<String>,
    cents: i64,
    verified: bool,
    date: String,
    kind: String,
}

/// A receipt typed again: in any case, with spaces, tabs or line breaks around it (the
/// comparison the issue asks for: case and surrounding spaces ignored).
fn respelled(rng: &mut TestRng, receipt: &str) -> String {
    let cased: String = match rng.random_range(0..3) {
        0 => receipt.to_owned(),
        1 => receipt.to_lowercase(),
        _ => receipt
            .chars()
            .map(|c| {
                if rng.random_bool(0.5) {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect(),
    };
    let pads = ["", "", " ", "  ", "\t", "\n", "\r\n", " \t "];
    format!("{}{cased}{}", pick(rng, &pads), pick(rng, &pads))
}

/// The paid gifts' rows, all but their notes (staff may add a note to a paid gift).
async fn paid_rows(sql: &kanisa_pg::tokio_postgres::Client, paid: &[Paid]) -> Vec<String> {
    let ids: Vec<String> = paid.iter().map(|p| p.id.clone()).collect();
    sql.query(
        "SELECT (to_jsonb(g) - 'notes' - 'updated_at')::text FROM giving_records g \
          WHERE g.id::text = ANY($1) ORDER BY g.id",
        &[&ids],
    )
    .await
    .unwrap()
    .iter()
    .map(|r| r.get(0))
    .collect()
}

/// The payments behind the paid gifts: status, amount and receipt.
async fn payment_rows(sql: &kanisa_pg::tokio_postgres::Client) -> Vec<String> {
    sql.query(
        "SELECT concat_ws('|', p.id, p.status, p.amount, p.receipt_number, p.transaction_id) \
           FROM payment_logs p WHERE p.status = 'completed' ORDER BY p.id",
        &[],
    )
    .await
    .unwrap()
    .iter()
    .map(|r| r.get(0))
    .collect()
}

/// The gifts entered by hand during the probe (all gifts but those present before it).
async fn hand_rows(sql: &kanisa_pg::tokio_postgres::Client, before: &[String]) -> Vec<Hand> {
    sql.query(
        "SELECT id::text, transaction_id, member_id::text, (amount * 100)::int8, is_verified, \
                giving_date::text, giving_type \
           FROM giving_records WHERE NOT (id::text = ANY($1)) ORDER BY id",
        &[&before],
    )
    .await
    .unwrap()
    .iter()
    .map(|r| Hand {
        id: r.get(0),
        receipt: r.get(1),
        member: r.get(2),
        cents: r.get(3),
        verified: r.get(4),
        date: r.get(5),
        kind: r.get(6),
    })
    .collect()
}

/// What one request of the probe must get.
#[derive(Debug)]
enum Expect {
    /// Refused with a 4xx and an error code (which of the guards speaks first may vary).
    Refused,
    /// Refused as a provider's receipt: 409 PT409.
    ReceiptTaken,
    /// Done: a 2xx.
    Done,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_sequence_of_deletes_and_reentries_changes_a_paid_gift() {
    let fake = kanisa_fakes::FakeDaraja::start(kanisa_fakes::Account::default(), 0).await;
    fake.behave(
        None,
        kanisa_fakes::Behaviour {
            answer_after_ms: 100,
            ..kanisa_fakes::Behaviour::default()
        },
    );
    // Prompts here are paid or left; none is waited out.
    let mut setup = crate::payments::mpesa_setup(&fake);
    setup.expire_after = Duration::from_secs(15 * 60);
    let app = TestApp::spawn_with_payments(setup).await;
    let db = app.db.as_ref().unwrap();
    let workers = kanisa_jobs::Workers::start(
        db.pool(),
        kanisa_jobs::Registry::new()
            .job::<kanisa_functions::PaymentCallback>(app.payments.clone())
            .job::<kanisa_functions::PaymentReceipt>(db.pool())
            .job::<kanisa_functions::SendSms>((app.channels.clone(), db.pool())),
        kanisa_jobs::WorkerOptions {
            poll_interval: Duration::from_millis(50),
            ..kanisa_jobs::WorkerOptions::default()
        },
        None,
    )
    .unwrap();
    let sql = app.sql().await;
    let finance = user(&sql, "FINANCE_ADMIN", true, None).await;
    let root = user(&sql, "SUPER_ADMIN", true, None).await;
    let jane = "00000000-0000-4000-8000-0000000031f1".to_owned();
    let mary = "00000000-0000-4000-8000-0000000031f2".to_owned();
    let asha = "00000000-0000-4000-8000-0000000031f3".to_owned();
    sql.batch_execute(&format!(
        "INSERT INTO public.members (id, first_name, last_name, phone) VALUES \
           ('{jane}', 'Jane', 'Probe', '0711 031 031'), \
           ('{mary}', 'Mary', 'Probe', NULL), \
           ('{asha}', 'Asha', 'Probe', '0711 031 032')"
    ))
    .await
    .unwrap();

    // The provider gifts: an M-Pesa prompt Jane paid, a paybill gift from Asha's phone, one
    // from a phone nobody has (unmatched), and a demo gift of the seeds.
    let (status, prompt, _) = app
        .function(
            "payments",
            None,
            &json!({"phone": "0711031031", "amount": 1000, "givingType": "tithe"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{prompt}");
    let payment = prompt["id"].as_str().unwrap().to_owned();
    let start = std::time::Instant::now();
    loop {
        let res = app
            .get(&format!("/functions/v1/payments/{payment}"))
            .await
            .json::<Value>()
            .await
            .unwrap();
        if res["status"] == "completed" {
            break;
        }
        assert!(
            res["status"] == "pending"
                && start.elapsed() < kanisa_test_db::patient(Duration::from_secs(15)),
            "{res}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let shortcode = fake.account().shortcode.clone();
    for (receipt, amount, msisdn) in [
        ("RKP31ASHA1", "2500.00", "254711031032"),
        ("RKP31NONE1", "700.00", "254799031031"),
    ] {
        let res = app
            .http
            .post(app.url(PAYBILL_CONFIRMATION))
            .json(&json!({"TransactionType": "Pay Bill", "TransID": receipt,
                          "TransAmount": amount, "BusinessShortCode": shortcode,
                          "BillRefNumber": "TITHE", "InvoiceNumber": "", "MSISDN": msisdn,
                          "FirstName": "Probe", "MiddleName": "", "LastName": "Donor"}))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200);
    }
    let mut paid = Vec::new();
    for (what, filter) in [
        (
            "the M-Pesa prompt's gift",
            format!("g.payment_id = '{payment}'"),
        ),
        (
            "Asha's paybill gift",
            "g.transaction_id = 'RKP31ASHA1'".to_owned(),
        ),
        (
            "an unmatched paybill gift",
            "g.transaction_id = 'RKP31NONE1'".to_owned(),
        ),
        (
            "a demo gift",
            "g.is_simulated AND g.payment_id IS NOT NULL AND g.transaction_id IS NOT NULL"
                .to_owned(),
        ),
    ] {
        let r = sql
            .query_one(
                &format!(
                    "SELECT g.id::text, g.member_id::text, g.transaction_id, g.amount::text, \
                            g.giving_date::text, g.giving_type, NOT g.is_simulated, \
                            g.is_verified, array_remove(ARRAY[p.checkout_request_id, p.account_reference, \
                                               p.receipt_number], NULL) \
                       FROM giving_records g JOIN payment_logs p ON p.id = g.payment_id \
                      WHERE {filter} ORDER BY g.giving_date DESC LIMIT 1"
                ),
                &[],
            )
            .await
            .unwrap();
        let mut receipts: Vec<String> = vec![r.get(2)];
        for other in r.get::<_, Vec<String>>(8) {
            if !receipts.iter().any(|x| x.eq_ignore_ascii_case(&other)) {
                receipts.push(other);
            }
        }
        paid.push(Paid {
            id: r.get(0),
            what,
            member: r.get(1),
            receipts,
            amount: r.get(3),
            date: r.get(4),
            kind: r.get(5),
            counted: r.get(6),
            verified: r.get(7),
        });
    }
    assert_eq!(
        paid[0].member.as_deref(),
        Some(jane.as_str()),
        "matched by phone"
    );
    assert_eq!(
        paid[1].member.as_deref(),
        Some(asha.as_str()),
        "matched by phone"
    );
    assert_eq!(paid[2].member, None);
    workers.stop(Duration::from_secs(5)).await.unwrap();

    let today: String = sql
        .query_one(
            "SELECT ((now() AT TIME ZONE 'Africa/Nairobi')::date)::text",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    let today = chrono::NaiveDate::parse_from_str(&today, "%Y-%m-%d").unwrap();
    let year_start = today.with_ordinal(1).unwrap();
    let some_day = |rng: &mut TestRng| {
        let days = (today - year_start).num_days();
        (year_start + chrono::Duration::days(rng.random_range(0..=days))).to_string()
    };
    let members = [
        Some(jane.clone()),
        Some(mary.clone()),
        Some(asha.clone()),
        None,
    ];
    let kinds = [
        "tithe",
        "offering",
        "special_project",
        "building_fund",
        "missions",
    ];
    let methods = ["mpesa", "cash", "bank_transfer", "check", "equity_bank"];

    let before_ids: Vec<String> = sql
        .query("SELECT id::text FROM giving_records", &[])
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    let counted_sum = "SELECT coalesce(sum(amount * 100), 0)::int8 FROM giving_records \
                        WHERE is_verified AND NOT is_simulated";
    let baseline_cents = app.count(counted_sum).await;
    let paid_before = paid_rows(&sql, &paid).await;
    let payments_before = payment_rows(&sql).await;
    let statement = |member: String| {
        let app = &app;
        let finance = &finance;
        async move {
            let a = app
                .call(
                    finance,
                    Method::POST,
                    "rpc/get_giving_statement",
                    "",
                    Some(
                        &json!({"member_id": member, "from_date": year_start.to_string(),
                                 "to_date": today.to_string()}),
                    ),
                )
                .await;
            assert_eq!(a.status, StatusCode::OK, "{}", a.body);
            let total = &a.body["total"];
            let total = total
                .as_f64()
                .or_else(|| total.as_str().and_then(|s| s.parse().ok()))
                .unwrap();
            (total * 100.0).round() as i64
        }
    };
    // What the paid gifts add to each statement (they are dated this year).
    let paid_cents = |member: &str| -> i64 {
        paid.iter()
            .filter(|p| p.counted && p.member.as_deref() == Some(member))
            .map(|p| (p.amount.parse::<f64>().unwrap() * 100.0).round() as i64)
            .sum()
    };
    for m in [&jane, &mary, &asha] {
        assert_eq!(
            statement(m.clone()).await,
            paid_cents(m),
            "statement of {m}"
        );
    }

    let (mut rng, seed) = seeded("gifts");
    let n_cases = cases(40);
    let mut hands: Vec<Hand> = Vec::new();
    let mut next_receipt = 0;
    let (mut refused, mut taken, mut done) = (0, 0, 0);
    for case in 0..n_cases {
        for step in 0..rng.random_range(1..=4) {
            let at = format!("seed {seed}, case {case}, step {step}");
            let who = if rng.random_bool(0.8) {
                &finance
            } else {
                &root
            };
            let p = &paid[rng.random_range(0..paid.len())];
            let path_of = |rng: &mut TestRng| -> String {
                match rng.random_range(0..5) {
                    0 | 1 => format!("giving_records?id=eq.{}", p.id),
                    2 => format!("giving_records?transaction_id=eq.{}", p.receipts[0]),
                    3 => format!(
                        "giving_records?transaction_id=ilike.{}",
                        p.receipts[0].to_lowercase()
                    ),
                    _ => match &p.member {
                        Some(m) => format!("giving_records?member_id=eq.{m}"),
                        None => {
                            format!("giving_records?member_id=is.null&giving_date=eq.{}", p.date)
                        }
                    },
                }
            };
            let hand_gift = |rng: &mut TestRng, receipt: Option<String>| -> Value {
                let mut body = json!({
                    "amount": format!("{}.{:02}", rng.random_range(1..20000), rng.random_range(0..100)),
                    "giving_type": *pick(rng, &kinds),
                    "payment_method": *pick(rng, &methods),
                    "giving_date": some_day(rng),
                    "is_verified": rng.random_bool(0.7),
                    "member_id": pick(rng, &members).clone(),
                });
                if let Some(r) = receipt {
                    body["transaction_id"] = json!(r);
                }
                body
            };
            let (method, path, prefer, body, expect): (
                Method,
                String,
                &str,
                Option<Value>,
                Expect,
            ) = match rng.random_range(0..10) {
                // Delete it, by id, by its receipt, or with the other gifts of its member.
                0 => (Method::DELETE, path_of(&mut rng), "", None, Expect::Refused),
                // Change what the payment decided, alone or with a note (and, perhaps,
                // its own amount spelled otherwise, which changes nothing).
                1 | 2 => {
                    let mut body = serde_json::Map::new();
                    let mut changes = false;
                    while !changes {
                        if rng.random_bool(0.4) {
                            let (amount, change) = match rng.random_range(0..4) {
                                0 => (json!(10), true),
                                1 => (json!(0.001), true),
                                2 => (json!(p.amount.parse::<f64>().unwrap() + 1.0), true),
                                _ => (json!(format!("{}0", p.amount)), false),
                            };
                            body.insert("amount".into(), amount);
                            changes |= change;
                        }
                        if rng.random_bool(0.3) {
                            let m = pick(&mut rng, &members).clone();
                            changes |= m != p.member;
                            body.insert("member_id".into(), json!(m));
                        }
                        if rng.random_bool(0.3) {
                            let d = if rng.random_bool(0.2) {
                                "1800-01-01".to_owned()
                            } else {
                                some_day(&mut rng)
                            };
                            changes |= d != p.date;
                            body.insert("giving_date".into(), json!(d));
                        }
                        if rng.random_bool(0.3) {
                            let k = *pick(&mut rng, &kinds);
                            changes |= k != p.kind;
                            body.insert("giving_type".into(), json!(k));
                        }
                        if rng.random_bool(0.2) {
                            body.insert("payment_method".into(), json!("cash"));
                            changes = true;
                        }
                        if rng.random_bool(0.2) {
                            let r = respelled(&mut rng, &p.receipts[0]);
                            changes |= r != p.receipts[0];
                            body.insert("transaction_id".into(), json!(r));
                        }
                        if rng.random_bool(0.2) {
                            body.insert("is_verified".into(), json!(!p.verified));
                            changes = true;
                        }
                    }
                    if rng.random_bool(0.3) {
                        body.insert("notes".into(), json!(format!("probe {case}")));
                    }
                    (
                        Method::PATCH,
                        path_of(&mut rng),
                        "",
                        Some(Value::Object(body)),
                        Expect::Refused,
                    )
                }
                // What staff may do to it: a note, or its own values again.
                3 => {
                    let body = if rng.random_bool(0.5) {
                        json!({"notes": format!("Seen in probe case {case}")})
                    } else {
                        json!({"amount": p.amount, "giving_date": p.date,
                                   "giving_type": p.kind, "member_id": p.member})
                    };
                    (
                        Method::PATCH,
                        format!("giving_records?id=eq.{}", p.id),
                        "",
                        Some(body),
                        Expect::Done,
                    )
                }
                // Enter it again by hand under its receipt: alone, in a batch with an
                // innocent gift, or as an upsert on the receipt.
                4 | 5 => {
                    let receipt = pick(&mut rng, &p.receipts).clone();
                    let receipt = respelled(&mut rng, &receipt);
                    let gift = hand_gift(&mut rng, Some(receipt));
                    match rng.random_range(0..4) {
                        0 => {
                            next_receipt += 1;
                            let other = hand_gift(&mut rng, Some(format!("HAND31-{next_receipt}")));
                            let batch = if rng.random_bool(0.5) {
                                json!([other, gift])
                            } else {
                                json!([gift, other])
                            };
                            (
                                Method::POST,
                                "giving_records".to_owned(),
                                "",
                                Some(batch),
                                Expect::ReceiptTaken,
                            )
                        }
                        1 => (
                            Method::POST,
                            "giving_records?on_conflict=transaction_id".to_owned(),
                            if rng.random_bool(0.5) {
                                "resolution=merge-duplicates"
                            } else {
                                "resolution=ignore-duplicates"
                            },
                            Some(gift),
                            Expect::Refused,
                        ),
                        _ => (
                            Method::POST,
                            "giving_records".to_owned(),
                            "",
                            Some(gift),
                            Expect::ReceiptTaken,
                        ),
                    }
                }
                // Give a gift entered by hand the receipt.
                6 if !hands.is_empty() => {
                    let h = pick(&mut rng, &hands).clone();
                    let receipt = pick(&mut rng, &p.receipts).clone();
                    let mut body = json!({"transaction_id": respelled(&mut rng, &receipt)});
                    if rng.random_bool(0.5) {
                        body["amount"] = json!(p.amount);
                        body["is_verified"] = json!(true);
                    }
                    (
                        Method::PATCH,
                        format!("giving_records?id=eq.{}", h.id),
                        "",
                        Some(body),
                        Expect::ReceiptTaken,
                    )
                }
                // Its payment, which staff do not write.
                7 => {
                    let method = if rng.random_bool(0.5) {
                        Method::DELETE
                    } else {
                        Method::PATCH
                    };
                    let body = (method == Method::PATCH)
                        .then(|| json!({"amount": 10, "status": "failed"}));
                    (
                        method,
                        "payment_logs?status=eq.completed".to_owned(),
                        "",
                        body,
                        Expect::Refused,
                    )
                }
                // The innocent work around it: gifts entered, edited and deleted by hand.
                8 | 6 => {
                    next_receipt += 1;
                    let receipt = rng
                        .random_bool(0.7)
                        .then(|| format!("HAND31-{next_receipt}"));
                    (
                        Method::POST,
                        "giving_records".to_owned(),
                        "return=representation",
                        Some(hand_gift(&mut rng, receipt)),
                        Expect::Done,
                    )
                }
                _ if !hands.is_empty() => {
                    let h = pick(&mut rng, &hands).clone();
                    if rng.random_bool(0.4) {
                        (
                            Method::DELETE,
                            format!("giving_records?id=eq.{}", h.id),
                            "",
                            None,
                            Expect::Done,
                        )
                    } else {
                        let mut body = hand_gift(&mut rng, None);
                        body.as_object_mut().unwrap().remove("payment_method");
                        (
                            Method::PATCH,
                            format!("giving_records?id=eq.{}", h.id),
                            "return=representation",
                            Some(body),
                            Expect::Done,
                        )
                    }
                }
                _ => (Method::DELETE, path_of(&mut rng), "", None, Expect::Refused),
            };
            let what = format!(
                "{at}: {method} {path} {} on {} ({})",
                body.as_ref().map(Value::to_string).unwrap_or_default(),
                p.what,
                p.receipts[0]
            );
            let a = app
                .call(who, method.clone(), &path, prefer, body.as_ref())
                .await;
            match expect {
                Expect::Refused => {
                    assert_refusal(a.status, &a.body, &what);
                    refused += 1;
                }
                Expect::ReceiptTaken => {
                    assert_eq!(a.status, StatusCode::CONFLICT, "{what}: {}", a.body);
                    assert_eq!(a.body["code"], "PT409", "{what}: {}", a.body);
                    taken += 1;
                }
                Expect::Done => {
                    assert!(
                        a.status.is_success(),
                        "{what}: HTTP {} {}",
                        a.status,
                        a.body
                    );
                    done += 1;
                    // The probe's own gifts, as they now are.
                    if path.starts_with("giving_records?id=eq.") && method == Method::DELETE {
                        let id = &path["giving_records?id=eq.".len()..];
                        hands.retain(|h| h.id != id);
                    } else if let Some(row) = a.body.as_array().and_then(|rows| rows.first()) {
                        let id = row["id"].as_str().unwrap().to_owned();
                        if !paid.iter().any(|p| p.id == id) {
                            let b = body.as_ref().unwrap();
                            let old = hands.iter().find(|h| h.id == id).cloned();
                            let amount: f64 = b["amount"].as_str().unwrap().parse().unwrap();
                            let h = Hand {
                                id: id.clone(),
                                receipt: match &old {
                                    Some(o) => o.receipt.clone(),
                                    None => b["transaction_id"].as_str().map(str::to_owned),
                                },
                                member: b["member_id"].as_str().map(str::to_owned),
                                cents: (amount * 100.0).round() as i64,
                                verified: b["is_verified"].as_bool().unwrap(),
                                date: b["giving_date"].as_str().unwrap().to_owned(),
                                kind: b["giving_type"].as_str().unwrap().to_owned(),
                            };
                            hands.retain(|h| h.id != id);
                            hands.push(h);
                        }
                    }
                }
            }

            // The paid gifts and their payments are as they were (a note aside).
            assert_eq!(paid_rows(&sql, &paid).await, paid_before, "{what}");
            assert_eq!(payment_rows(&sql).await, payments_before, "{what}");
            // Each receipt has its one gift, and a hand-entered gift has none of them.
            for p in &paid {
                for (i, r) in p.receipts.iter().enumerate() {
                    let n: i64 = sql
                        .query_one(
                            "SELECT count(*) FROM giving_records \
                              WHERE upper(btrim(transaction_id, E' \\t\\r\\n')) = upper($1)",
                            &[r],
                        )
                        .await
                        .unwrap()
                        .get(0);
                    assert_eq!(n, i64::from(i == 0), "{what}: gifts under {r}");
                }
            }
            // The gifts entered by hand are what was asked, no more.
            let mut expected = hands.clone();
            expected.sort_by(|a, b| a.id.cmp(&b.id));
            assert_eq!(hand_rows(&sql, &before_ids).await, expected, "{what}");
        }
        // The totals move by the gifts entered by hand only.
        let hand_cents = |member: Option<&str>| -> i64 {
            hands
                .iter()
                .filter(|h| h.verified && (member.is_none() || h.member.as_deref() == member))
                .map(|h| h.cents)
                .sum()
        };
        assert_eq!(
            app.count(counted_sum).await,
            baseline_cents + hand_cents(None),
            "seed {seed}, case {case}: verified giving"
        );
        for m in [&jane, &mary, &asha] {
            assert_eq!(
                statement(m.clone()).await,
                paid_cents(m) + hand_cents(Some(m)),
                "seed {seed}, case {case}: the giving statement of {m}"
            );
        }
    }
    assert!(refused > 0 && taken > 0 && done > 0);
    println!(
        "gift deletion and re-entry (seed {seed}): {n_cases} cases: {refused} refused, {taken} \
         receipts refused as taken, {done} innocent changes done; {} gifts entered by hand \
         remain; the {} paid gifts unchanged",
        hands.len(),
        paid.len()
    );
}

/// A receipt typed again so that it looks the same, or nearly: spaces other than ASCII's
/// around it, invisible characters in it, full-width letters, in any case.
fn lookalike(rng: &mut TestRng, receipt: &str) -> String {
    let spaces = [
        "\u{a0}", "\u{2003}", "\u{3000}", "\u{b}", "\u{c}", "\u{85}", "\u{2028}",
    ];
    let invisible = [
        "\u{200b}", "\u{200c}", "\u{200d}", "\u{2060}", "\u{feff}", "\u{ad}",
    ];
    let mut chars: Vec<String> = receipt
        .chars()
        .map(|c| {
            let c = if rng.random_bool(0.3) {
                c.to_ascii_lowercase()
            } else {
                c
            };
            c.to_string()
        })
        .collect();
    let mut changed = false;
    while !changed {
        if rng.random_bool(0.4) {
            chars.insert(0, (*pick(rng, &spaces)).to_owned());
            changed = true;
        }
        if rng.random_bool(0.4) {
            chars.push((*pick(rng, &spaces)).to_owned());
            changed = true;
        }
        if rng.random_bool(0.4) {
            let at = rng.random_range(0..=chars.len());
            chars.insert(at, (*pick(rng, &invisible)).to_owned());
            changed = true;
        }
        if rng.random_bool(0.2) {
            // Full-width forms (U+FF01…): NFKC makes them ASCII again.
            for c in chars.iter_mut() {
                if let Some(a) = c.chars().next().filter(|a| a.is_ascii_alphanumeric())
                    && rng.random_bool(0.5)
                {
                    *c = char::from_u32(a as u32 - 0x21 + 0xFF01)
                        .unwrap()
                        .to_string();
                    changed = true;
                }
            }
        }
    }
    chars.concat()
}

/// The rule is "case and surrounding spaces ignored"; a receipt that differs from a
/// paid one only by characters nobody sees (a no-break or ideographic space, a zero-width
/// space, a soft hyphen) or by full-width letters is the same receipt to the treasurer who reads
/// the list, and must not make a second, counted gift either.
#[tokio::test]
async fn no_lookalike_of_a_paid_receipt_is_entered_as_a_second_gift() {
    let app = TestApp::spawn().await;
    let sql = app.sql().await;
    let finance = user(&sql, "FINANCE_ADMIN", true, None).await;
    let receipt = "RKT4LOOK31";
    sql.query_one(
        "SELECT kanisa.record_paybill_gift('mpesa', $1, 100::numeric, '254712345678', 'TITHE', \
                'tithe', now(), 'Jane Doe', '{}'::jsonb)::text",
        &[&receipt],
    )
    .await
    .unwrap();
    let (mut rng, seed) = seeded("lookalikes");
    let n_cases = cases(24);
    let mut entered = Vec::new();
    for case in 0..n_cases {
        let typed = lookalike(&mut rng, receipt);
        let a = app
            .call(
                &finance,
                Method::POST,
                "giving_records",
                "",
                Some(
                    &json!({"amount": 10, "giving_type": "tithe", "payment_method": "mpesa",
                             "transaction_id": typed, "is_verified": true}),
                ),
            )
            .await;
        if a.status.is_success() {
            entered.push(format!("case {case}: {typed:?}"));
        } else {
            assert_eq!(
                a.status,
                StatusCode::CONFLICT,
                "case {case}: {typed:?}: {}",
                a.body
            );
            assert_eq!(a.body["code"], "PT409", "case {case}: {}", a.body);
        }
    }
    let gifts: i64 = sql
        .query_one(
            "SELECT count(*) FROM giving_records \
              WHERE upper(regexp_replace(normalize(transaction_id, NFKC), '[^A-Za-z0-9]', '', 'g')) \
                    = $1",
            &[&receipt],
        )
        .await
        .unwrap()
        .get(0);
    assert!(
        entered.is_empty() && gifts == 1,
        "seed {seed}: {} of {n_cases} look-alikes of the paid receipt {receipt} were entered as \
         counted gifts ({gifts} gifts now read {receipt}): {entered:#?}",
        entered.len()
    );
}

// ---------------------------------------------------------------------------------------------
// Substitution-expanded SMS
// ---------------------------------------------------------------------------------------------

/// What a text part is (kanisa-notify's SMS_PART), and the most parts a text may have.
const PART: usize = 160;
const MOST_PARTS: usize = 10;
const PRICE: f64 = 0.8;

/// Text of exactly `len` characters from one of several alphabets (plain, accented, other
/// scripts, emoji), never with a brace: names and titles as people type them.
fn text_of_length(rng: &mut TestRng, len: usize) -> String {
    let alphabets: [&[&str]; 5] = [
        &["Jane", "Wanjiru", "Mary", "Akinyi", " ", "-", "'"],
        &[
            "Mwangi", "Otieno", "Kamau", "Njeri", "Chebet", "Mũthoni", " ",
        ],
        &["é", "ñ", "ü", "Ł", "ş", "ß", "Ω", "Ж", "ع", " "],
        &["😀", "🙏", "⛪", "✝", " "],
        &["x", "y", "z", "0", "9", "."],
    ];
    let alphabet = *pick(rng, &alphabets);
    let mut out = String::new();
    while out.chars().count() < len {
        let piece: &&str = pick(rng, alphabet);
        out.push_str(piece);
    }
    let mut out: String = out.chars().take(len).collect();
    // A name or title is never blank at either end (the tables refuse a blank one).
    if out.starts_with(' ') || out.ends_with(' ') || out.trim().is_empty() {
        out = format!(
            "A{}B",
            out.chars()
                .skip(1)
                .take(len.saturating_sub(2))
                .collect::<String>()
        );
        out = out.chars().take(len).collect();
    }
    out
}

/// A message body of about `target` characters: a few placeholders (now and then very many)
/// scattered through filler and near-misses (the end may cut a placeholder in two);
/// `{event_name}` mostly only when the send names an event.
fn message_body(rng: &mut TestRng, event: bool) -> String {
    let target = match rng.random_range(0..6) {
        0 => rng.random_range(0..=160),
        1 => rng.random_range(0..=700),
        2 | 3 => rng.random_range(100..=1600),
        4 => rng.random_range(1590..=1610),
        _ => rng.random_range(1600..=2000),
    };
    let event_name = event || rng.random_bool(0.2);
    let placeholders = if rng.random_bool(0.9) {
        rng.random_range(0..=12)
    } else {
        rng.random_range(13..=130)
    };
    let mut tokens: Vec<&str> = (0..placeholders)
        .map(|_| match rng.random_range(0..3) {
            0 if event_name => "{event_name}",
            0 | 1 => "{name}",
            _ => "{date}",
        })
        .collect();
    let mut length: usize = tokens.iter().map(|t| t.chars().count()).sum();
    while length < target {
        let t = if rng.random_bool(0.05) {
            *pick(
                rng,
                &[
                    "{Name}",
                    "{ name }",
                    "{event}",
                    "{{name}}",
                    "{name",
                    "event_name}",
                    "{}",
                ],
            )
        } else {
            *pick(
                rng,
                &[
                    "Karibu ",
                    "Hello ",
                    "ibada ",
                    "Sabbath ",
                    "choir practice ",
                    "at 4 PM. ",
                    "Mungu akubariki. ",
                    "é",
                    "—",
                    "’",
                    "😀",
                    "\n",
                    " ",
                    ".",
                    ", ",
                    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
                ],
            )
        };
        length += t.chars().count();
        tokens.push(t);
    }
    for i in (1..tokens.len()).rev() {
        tokens.swap(i, rng.random_range(0..=i));
    }
    tokens.concat().chars().take(target).collect()
}

/// The text one recipient gets, as the form says: `{name}`, `{date}` and `{event_name}` in
/// what the sender wrote filled (`{event_name}` only when there is an event), each once — a
/// value is never read for placeholders again. Placeholders cannot overlap (each starts with
/// `{` and holds none), so every occurrence of each is found in the template, in order.
fn filled(body: &str, name: &str, date: &str, event: Option<&str>) -> String {
    let mut found: Vec<(usize, &str, &str)> = [
        ("{name}", Some(name)),
        ("{date}", Some(date)),
        ("{event_name}", event),
    ]
    .into_iter()
    .filter_map(|(token, value)| Some((token, value?)))
    .flat_map(|(token, value)| {
        body.match_indices(token)
            .map(move |(at, _)| (at, token, value))
    })
    .collect();
    found.sort_by_key(|(at, _, _)| *at);
    let mut out = String::new();
    let mut from = 0;
    for (at, token, value) in found {
        out.push_str(&body[from..at]);
        out.push_str(value);
        from = at + token.len();
    }
    out.push_str(&body[from..]);
    out
}

fn parts(text: &str) -> usize {
    text.chars().count().div_ceil(PART).max(1)
}

/// Rows the table API stored under `table` with `body` by `who`: 201 when every limited
/// column is within `limit` characters, else a 400 naming the check (23514) and no row.
async fn post_limited(
    app: &TestApp,
    who: &Caller,
    table: &str,
    body: Value,
    longest: usize,
    limit: usize,
    at: &str,
) -> Option<String> {
    let a = app
        .call(
            who,
            Method::POST,
            table,
            "return=representation",
            Some(&body),
        )
        .await;
    if longest <= limit {
        assert_eq!(a.status, StatusCode::CREATED, "{at}: {} {}", table, a.body);
        Some(a.body[0]["id"].as_str().unwrap().to_owned())
    } else {
        assert_eq!(
            a.status,
            StatusCode::BAD_REQUEST,
            "{at}: {table} with a value of {longest} characters (limit {limit}): {}",
            a.body
        );
        assert_eq!(a.body["code"], "23514", "{at}: {}", a.body);
        None
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_mix_of_placeholders_sends_more_than_ten_parts_to_anyone() {
    let fake = kanisa_fakes::FakeSms::start().await;
    let sink = kanisa_test_db::smtp::Sink::start("250 OK").await;
    let app = TestApp::spawn_demo_with_providers(&sink.url(), &fake.url()).await;
    let sql = app.sql().await;
    sql.batch_execute(
        "UPDATE system_settings SET value = '\"africas_talking\"' WHERE key = 'sms_provider'; \
         UPDATE system_settings SET value = '\"church\"' WHERE key = 'sms_username'; \
         UPDATE system_settings SET value = '\"KANISA\"' WHERE key = 'sms_sender_id'; \
         UPDATE system_settings SET value = '\"sms-key\"' WHERE key = 'sms_api_key'",
    )
    .await
    .unwrap();
    app.channels.refresh();
    let (mut rng, seed) = seeded("sms");
    let staff = app.as_staff().await;

    // What a placeholder is filled from is bounded by the database, whoever writes it: names
    // and titles up to the limit are stored, one character more is refused (23514), by the
    // table API and by SQL on the owner's connection alike.
    let mut members = Vec::new();
    let mut leaders = Vec::new();
    let mut events = Vec::new();
    for k in 0..36 {
        let at = format!("seed {seed}, setup {k}");
        let (table, limit) = *pick(
            &mut rng,
            &[("members", 100), ("church_leaders", 120), ("events", 200)],
        );
        // Mostly at the limit (the longest values a send can be filled from), else just over
        // it or far over it.
        let len = match rng.random_range(0..6) {
            0..=2 => limit,
            3 => limit - rng.random_range(1..=limit / 2),
            4 => limit + 1,
            _ => limit + rng.random_range(2..=5000),
        };
        let value = text_of_length(&mut rng, len);
        let phone = format!("+2547{:08}", 31_000_000 + k);
        let (body, longest) = match table {
            "members" => {
                let last_len = if rng.random_bool(0.8) { 100 } else { 101 };
                (
                    json!({"first_name": value, "last_name": text_of_length(&mut rng, last_len),
                           "phone": phone, "is_active": true}),
                    len.max(last_len),
                )
            }
            "church_leaders" => (
                json!({"name": value, "position": "Elder", "category": "elder",
                       "phone": phone, "is_active": true}),
                len,
            ),
            _ => (
                json!({"title": value, "start_date": format!("2026-12-{:02}T07:30:00+03:00", 1 + k % 28),
                       "is_published": true}),
                len,
            ),
        };
        let limit = if table == "members" { 100 } else { limit };
        if let Some(id) = post_limited(&app, &staff, table, body, longest, limit, &at).await {
            match table {
                "members" => members.push((id, value)),
                "church_leaders" => leaders.push((id, value)),
                _ => events.push((id, value)),
            }
        }
    }
    assert!(members.len() >= 3 && !leaders.is_empty() && events.len() >= 2);
    // Made longer afterwards: refused too.
    for (table, column, id, limit) in [
        ("members", "first_name", &members[0].0, 100),
        ("church_leaders", "name", &leaders[0].0, 120),
        ("events", "title", &events[0].0, 200),
    ] {
        let longer = text_of_length(&mut rng, limit + 1);
        let a = app
            .call(
                &staff,
                Method::PATCH,
                &format!("{table}?id=eq.{id}"),
                "",
                Some(&json!({ column: longer })),
            )
            .await;
        assert_eq!(
            a.status,
            StatusCode::BAD_REQUEST,
            "{table}.{column}: {}",
            a.body
        );
        assert_eq!(a.body["code"], "23514");
        let direct = sql
            .execute(
                &format!("UPDATE {table} SET {column} = $1 WHERE id::text = $2"),
                &[&longer, id],
            )
            .await
            .unwrap_err();
        assert_eq!(
            direct.code().map(|c| c.code()),
            Some("23514"),
            "{table}.{column} on the owner's connection: {direct}"
        );
    }
    let demo_member: String = sql
        .query_one(
            "SELECT id::text FROM members WHERE is_active AND phone IS NOT NULL ORDER BY id LIMIT 1",
            &[],
        )
        .await
        .unwrap()
        .get(0);

    let elders = [
        user(&sql, "ELDER", true, None).await,
        user(&sql, "ELDER", true, None).await,
        user(&sql, "ELDER", true, None).await,
    ];
    let root = user(&sql, "SUPER_ADMIN", true, None).await;
    let mut sends_by: BTreeMap<String, i64> = BTreeMap::new();
    // What `{date}` becomes for a send: asked of the server once per event or day.
    let mut dates: BTreeMap<String, String> = BTreeMap::new();
    let counts = "SELECT (SELECT count(*) FROM kanisa.broadcasts) * 1000000000 \
                  + (SELECT count(*) FROM kanisa.sms_deliveries) * 1000000 \
                  + (SELECT count(*) FROM kanisa.email_deliveries) * 1000 \
                  + (SELECT count(*) FROM kanisa.jobs)";
    let mut spent: Option<f64> = None;
    let (mut accepted, mut too_long, mut other_refusals) = (0, 0, 0);
    let mut guarded: BTreeMap<&str, usize> = BTreeMap::new();
    let (mut texts, mut most_parts) = (0, 0);
    let n_cases = cases(50);
    for case in 0..n_cases {
        let at = format!("seed {seed}, case {case}");
        let (sender, super_admin) = if rng.random_bool(0.2) {
            (&root, true)
        } else {
            (pick(&mut rng, &elders), false)
        };
        let (audience, members_chosen): (Value, Option<Vec<String>>) = match rng.random_range(0..10)
        {
            0..=5 => {
                let mut ids: Vec<String> = (0..rng.random_range(1..=5))
                    .map(|_| pick(&mut rng, &members).0.clone())
                    .collect();
                if rng.random_bool(0.15) {
                    ids.push(demo_member.clone());
                }
                if rng.random_bool(0.1) {
                    ids.push(uuid::Uuid::new_v4().to_string());
                }
                (json!({"memberIds": ids}), Some(ids))
            }
            6..=8 => (json!({"group": "elders"}), None),
            _ => (json!({"group": "all"}), None),
        };
        let (event, date): (Option<(String, Option<String>)>, Option<String>) =
            match rng.random_range(0..20) {
                0..=10 => {
                    let (id, title) = pick(&mut rng, &events).clone();
                    (Some((id, Some(title))), None)
                }
                11 | 12 => (Some((uuid::Uuid::new_v4().to_string(), None)), None),
                13..=16 => (
                    None,
                    Some(format!(
                        "2026-{:02}-{:02}",
                        rng.random_range(1..=12),
                        rng.random_range(1..=28)
                    )),
                ),
                _ => (None, None),
            };
        let allow_long = rng.random_bool(0.85);
        let body = message_body(&mut rng, event.is_some());
        let mut send = json!({"channels": ["sms"], "audience": audience, "body": body,
                              "allowLong": allow_long});
        if let Some((id, _)) = &event {
            send["eventId"] = json!(id);
        }
        if let Some(d) = &date {
            send["date"] = json!(d);
        }

        // What `{date}` stands for, as the server writes it.
        // (Today's is asked again each time: the day may turn during the run.)
        let occasion = format!("{:?}/{:?}", event.as_ref().map(|e| &e.0), date);
        if (!dates.contains_key(&occasion) || (event.is_none() && date.is_none()))
            && !matches!(&event, Some((_, None)))
        {
            let mut ask = json!({"channels": ["sms"], "audience": {"memberIds": [members[0].0]},
                                 "body": "{date}", "preview": true});
            if let Some((id, _)) = &event {
                ask["eventId"] = json!(id);
            }
            if let Some(d) = &date {
                ask["date"] = json!(d);
            }
            let (status, answer, _) = app
                .function("send-broadcast", root.token.as_deref(), &ask)
                .await;
            assert_eq!(status, StatusCode::OK, "{at}: {answer}");
            let text = answer["sample"]["text"].as_str().unwrap().to_owned();
            assert!(text.chars().count() < 40, "{at}: a date: {text:?}");
            dates.insert(occasion.clone(), text);
        }

        // What the send must do, by the form's rules and the texts each recipient would get.
        let template = body.trim();
        let title = event.as_ref().and_then(|(_, t)| t.clone());
        let mut fields: BTreeSet<&str> = BTreeSet::new();
        if template.is_empty() || template.chars().count() > MOST_PARTS * PART {
            fields.insert("body");
        }
        if event.is_none() && template.contains("{event_name}") {
            fields.insert("eventId");
        }
        if fields.is_empty() && matches!(&event, Some((_, None))) {
            fields.insert("eventId");
        }
        let people: Vec<(Option<String>, String, Option<String>)> = sql
            .query(
                "SELECT member_id::text, first_name, phone \
                   FROM kanisa.audience($1::text, NULL::uuid, $2::text[]::uuid[])",
                &[&audience["group"].as_str(), &members_chosen.as_ref()],
            )
            .await
            .unwrap()
            .iter()
            .map(|r| (r.get(0), r.get(1), r.get(2)))
            .collect();
        let mut expected: BTreeMap<String, String> = BTreeMap::new();
        if fields.is_empty() {
            let day = &dates[&occasion];
            for (_, name, phone) in &people {
                if let Some(phone) = phone {
                    expected.insert(phone.clone(), filled(template, name, day, title.as_deref()));
                }
            }
            let longest = expected.values().map(|t| t.chars().count()).max();
            match longest {
                None => {
                    fields.insert("audience");
                }
                Some(n) if n > MOST_PARTS * PART || (!allow_long && n > PART) => {
                    fields.insert("body");
                }
                Some(_) => {}
            }
        }
        let segments: usize = expected.values().map(|t| parts(t)).sum();
        let cost = (segments as f64 * PRICE * 100.0).round() / 100.0;

        // The guard's settings for this send: no budget, the default, or one this send may
        // cross; the default hourly limit or a small one.
        let budget: f64 = match (rng.random_range(0..5), spent) {
            (0 | 1, _) => 0.0,
            (2, _) | (_, None) => 5000.0,
            (_, Some(s)) => s + (cost * rng.random_range(0.0..2.0) * 100.0).round() / 100.0,
        };
        let per_hour: i64 = if rng.random_bool(0.7) {
            10
        } else {
            rng.random_range(1..=5)
        };
        sql.execute(
            "UPDATE system_settings SET value = to_jsonb($1::float8::numeric) \
              WHERE key = 'sms_monthly_budget'",
            &[&budget],
        )
        .await
        .unwrap();
        sql.execute(
            "UPDATE system_settings SET value = to_jsonb($1::int8) \
              WHERE key = 'broadcasts_per_hour'",
            &[&per_hour],
        )
        .await
        .unwrap();

        // The preview.
        let before = app.count(counts).await;
        let mut ask = send.clone();
        ask["preview"] = json!(true);
        let (status, preview, _) = app
            .function("send-broadcast", sender.token.as_deref(), &ask)
            .await;
        assert_eq!(
            app.count(counts).await,
            before,
            "{at}: a preview writes nothing"
        );
        let what = format!("{at}: {send}");
        let outcome = if fields.is_empty() {
            assert_eq!(status, StatusCode::OK, "{what}: {preview}");
            let sms = &preview["sms"];
            assert_eq!(
                sms["recipients"].as_u64(),
                Some(expected.len() as u64),
                "{what}: {preview}"
            );
            assert_eq!(
                sms["segments"].as_u64(),
                Some(segments as u64),
                "{what}: {preview}"
            );
            let each = expected.values().map(|t| parts(t)).max().unwrap();
            assert_eq!(
                sms["partsEach"].as_u64(),
                Some(each as u64),
                "{what}: {preview}"
            );
            assert!(each <= MOST_PARTS, "{what}: {preview}");
            assert_eq!(sms["cost"].as_f64(), Some(cost), "{what}: {preview}");
            let guard = &preview["guard"];
            assert_eq!(guard["thisSend"].as_f64(), Some(cost), "{what}: {preview}");
            let spent_now = guard["spentThisMonth"].as_f64().unwrap();
            if let Some(s) = spent {
                assert!(
                    (spent_now - s).abs() < 0.005,
                    "{what}: the month's spend is {spent_now}, the sends so far make {s}"
                );
            }
            spent = Some(spent_now);
            let sent_by_sender = sends_by
                .get(sender.id.as_ref().unwrap())
                .copied()
                .unwrap_or(0);
            let expected_outcome = if sent_by_sender >= per_hour {
                "rate_limited"
            } else if budget > 0.0 && cost > 0.0 && spent_now + cost > budget {
                if super_admin {
                    "over_budget_allowed"
                } else {
                    "needs_super_admin"
                }
            } else {
                "allowed"
            };
            assert_eq!(guard["outcome"], expected_outcome, "{what}: {preview}");
            Some(expected_outcome)
        } else {
            assert_eq!(status, StatusCode::BAD_REQUEST, "{what}: {preview}");
            assert_eq!(preview["code"], "validation_failed", "{what}: {preview}");
            let named: BTreeSet<&str> = preview["fields"]
                .as_object()
                .unwrap()
                .keys()
                .map(String::as_str)
                .collect();
            assert_eq!(named, fields, "{what}: {preview}");
            None
        };

        // The send does what the preview said.
        let (status, sent, retry) = app
            .function("send-broadcast", sender.token.as_deref(), &send)
            .await;
        match outcome {
            None => {
                assert_eq!(status, StatusCode::BAD_REQUEST, "{what}: {sent}");
                assert_eq!(sent["fields"], preview["fields"], "{what}: {sent}");
                if fields.contains("body") {
                    too_long += 1;
                } else {
                    other_refusals += 1;
                }
            }
            Some("rate_limited") => {
                assert_refusal(status, &sent, &what);
                assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{what}: {sent}");
                assert_eq!(sent["code"], "too_many_submissions");
                assert!(retry.is_some_and(|r| r.parse::<u64>().is_ok_and(|r| r > 0)));
                *guarded.entry("rate_limited").or_default() += 1;
            }
            Some("needs_super_admin") => {
                assert_refusal(status, &sent, &what);
                assert_eq!(status, StatusCode::FORBIDDEN, "{what}: {sent}");
                assert_eq!(sent["code"], "sms_budget_exceeded");
                *guarded.entry("needs_super_admin").or_default() += 1;
            }
            Some(allowed) => {
                if allowed != "allowed" {
                    *guarded.entry(allowed).or_default() += 1;
                }
                assert_eq!(status, StatusCode::ACCEPTED, "{what}: {sent}");
                assert_eq!(
                    sent["sms"].as_u64(),
                    Some(expected.len() as u64),
                    "{what}: {sent}"
                );
                let id = sent["broadcastId"].as_str().unwrap();
                // What was queued for each recipient: their own text, within ten parts.
                let rows: BTreeMap<String, String> = sql
                    .query(
                        "SELECT phone, body FROM kanisa.sms_deliveries \
                          WHERE broadcast_id = $1::text::uuid",
                        &[&id],
                    )
                    .await
                    .unwrap()
                    .iter()
                    .map(|r| (r.get(0), r.get(1)))
                    .collect();
                for (phone, text) in &rows {
                    let n = parts(text);
                    assert!(
                        n <= MOST_PARTS && (allow_long || n == 1),
                        "{what}: {n} parts queued for {phone}: {text:?}"
                    );
                    most_parts = most_parts.max(n);
                }
                assert_eq!(rows, expected, "{what}: the texts queued");
                texts += rows.len();
                *sends_by.entry(sender.id.clone().unwrap()).or_default() += 1;
                spent = spent.map(|s| s + cost);
                accepted += 1;
                continue;
            }
        }
        assert_eq!(
            app.count(counts).await,
            before,
            "{what}: a refused send writes nothing"
        );
    }

    // The provider gets the texts as queued.
    let start = std::time::Instant::now();
    app.deliver(Duration::from_secs(40)).await;
    let delivered = start.elapsed();
    let queued: BTreeSet<String> = sql
        .query(
            "SELECT body FROM kanisa.sms_deliveries WHERE broadcast_id IS NOT NULL",
            &[],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    let mut reached = 0;
    for r in fake.requests() {
        let message = r.field("message").unwrap();
        assert!(parts(message) <= MOST_PARTS, "sent: {message:?}");
        assert!(
            queued.contains(message),
            "sent but never queued: {message:?}"
        );
        reached += r.field("to").unwrap().split(',').count();
    }
    assert_eq!(
        reached, texts,
        "every queued text reached the provider once"
    );
    assert!(accepted > 0 && too_long > 0 && !guarded.is_empty());
    println!(
        "substitution-expanded SMS (seed {seed}): {n_cases} sends and their previews: {accepted} \
         accepted ({texts} texts, the longest {most_parts} parts), {too_long} refused as too \
         long, {other_refusals} refused otherwise; the spend guard: {guarded:?}; \
         delivered in {delivered:?}"
    );
}
