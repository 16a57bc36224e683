//! The job queue inside `kanisa serve`: e-mail jobs delivered to the test SMTP sink,
//! a SIGKILL with jobs in flight, a restart that delivers every one, and a clean stop; two
//! instances on one database delivering public submissions, none twice.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use kanisa_pg::Access;
use kanisa_test_db::smtp::Sink;
use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;

use super::{Site, read, wait_exit};

/// The states of the kinds of jobs the tests queue: e-mails and the submissions' deliveries.
/// Left out: the periodic kinds' own runs (the hourly sweep, the payment reconciliation every
/// 30 s, the backup checks) and whatever they queue, such as the reminders of a demo event that
/// happens to be due on the day the test runs.
async fn states(db: &kanisa_pg::tokio_postgres::Client) -> HashMap<String, i64> {
    db.query(
        "SELECT state, count(*) FROM kanisa.jobs \
         WHERE kind IN ('send_email', 'notify_submission', 'acknowledge_submission') \
         GROUP BY state",
        &[],
    )
    .await
    .unwrap()
    .iter()
    .map(|r| (r.get(0), r.get(1)))
    .collect()
}

#[tokio::test]
async fn email_jobs_survive_a_sigkill_and_are_all_delivered_after_restart() {
    const JOBS: i64 = 60;
    let site = Site::without_demo().await;
    let sink = Sink::start_slow("250 OK", Duration::from_millis(50)).await;
    let smtp = sink.url();
    let env = [
        ("KANISA_SMTP_URL", smtp.as_str()),
        ("KANISA_SMTP_FROM", "Kanisa <church@church.test>"),
        ("KANISA_JOB_WORKERS", "4"),
        ("KANISA_JOB_LEASE", "2"),
    ];
    let (mut first, first_log) = site.serve_with("first", &env);
    site.wait_healthy(&mut first, &first_log).await;

    let db = site.database().await;
    db.execute(
        "SELECT kanisa.enqueue('send_email', 'test-' || n, jsonb_build_object( \
           'to', jsonb_build_array('member' || n || '@church.test'), \
           'subject', 'Hello ' || n, 'text', 'Body ' || n)) \
         FROM generate_series(1, $1::int) n",
        &[&(JOBS as i32)],
    )
    .await
    .unwrap();

    // Kill kanisa while jobs are being sent.
    let start = Instant::now();
    while sink.received().len() < 10 {
        assert!(
            start.elapsed() < kanisa_test_db::patient(Duration::from_secs(30)),
            "{}",
            read(&first_log)
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    first.start_kill().unwrap();
    wait_exit(&mut first, Duration::from_secs(10)).await;
    drop(db);
    let at_kill = sink.received().len();
    assert!(
        (at_kill as i64) < JOBS,
        "all sent before the kill: raise JOBS"
    );

    // Restart: the jobs it held run again once their 2 s lease has run out; all are sent.
    let (mut second, second_log) = site.serve_with("second", &env);
    site.wait_healthy(&mut second, &second_log).await;
    let db = site.database().await;
    let start = Instant::now();
    loop {
        let states = states(&db).await;
        if states.get("done") == Some(&JOBS) {
            break;
        }
        assert!(
            start.elapsed() < kanisa_test_db::patient(Duration::from_secs(60)),
            "{states:?}\n{}",
            read(&second_log)
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let received = sink.message_ids();
    assert_eq!(
        received.len() as i64,
        JOBS,
        "every job's e-mail arrived: {received:?}"
    );
    // At least once: only an e-mail accepted by the sink between the kill's moment and a
    // `done` that never committed may come twice — at most one per worker.
    let twice: Vec<_> = received.iter().filter(|(_, n)| **n > 1).collect();
    assert!(twice.len() <= 4, "{twice:?}");
    assert!(received.values().all(|n| *n <= 2), "{received:?}");

    // Ctrl-C: stops cleanly, nothing left running.
    kill(Pid::from_raw(second.id().unwrap() as i32), Signal::SIGINT).unwrap();
    drop(db);
    let status = wait_exit(&mut second, Duration::from_secs(60)).await;
    assert!(status.success(), "{status}:\n{}", read(&second_log));
    eprintln!(
        "{JOBS} e-mail jobs: {at_kill} sent before the SIGKILL, {} sent twice (the at-least-once window)",
        twice.len()
    );
}

/// `DATABASE_URL` for a second instance on the running site's managed cluster.
pub(super) async fn database_url(site: &Site) -> String {
    let cluster = super::open_cluster(&site.data_dir(), Access::Shared).await;
    url_of(&cluster.kanisa_config())
}

/// A `DATABASE_URL` for a cluster's connection settings (a socket directory as the host,
/// percent-encoded: libpq's and tokio-postgres' form).
pub(super) fn url_of(config: &kanisa_pg::tokio_postgres::Config) -> String {
    let host = match &config.get_hosts()[0] {
        kanisa_pg::tokio_postgres::config::Host::Unix(path) => {
            path.display().to_string().replace('/', "%2F")
        }
        kanisa_pg::tokio_postgres::config::Host::Tcp(host) => host.clone(),
    };
    format!(
        "postgresql://{}@{host}:{}/{}",
        config.get_user().unwrap(),
        config.get_ports()[0],
        config.get_dbname().unwrap()
    )
}

/// A second `kanisa serve` on the running site's database (its own port and data folder) with
/// `common`'s environment, once healthy: the process, its log and its address.
pub(super) async fn serve_second(
    site: &Site,
    common: &[(&str, &str)],
) -> (tokio::process::Child, std::path::PathBuf, String) {
    let url = database_url(site).await;
    let second_port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let second_addr = format!("127.0.0.1:{second_port}");
    let second_data = site.root.path().join("data-two");
    let mut env: Vec<(&str, &str)> = common.to_vec();
    env.extend([
        ("DATABASE_URL", url.as_str()),
        ("KANISA_ADDR", second_addr.as_str()),
        ("KANISA_DATA_DIR", second_data.to_str().unwrap()),
    ]);
    let (mut two, two_log) = site.serve_with("two", &env);
    let start = Instant::now();
    while !reqwest::get(format!("http://{second_addr}/health"))
        .await
        .is_ok_and(|r| r.status() == 200)
    {
        if let Some(status) = two.try_wait().unwrap() {
            panic!("the second instance exited ({status}):\n{}", read(&two_log));
        }
        assert!(
            start.elapsed() < kanisa_test_db::patient(Duration::from_secs(60)),
            "{}",
            read(&two_log)
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    (two, two_log, second_addr)
}

#[tokio::test]
async fn two_instances_on_one_database_deliver_500_submissions_once_each() {
    const SUBMISSIONS: usize = 500;
    let site = Site::without_demo().await;
    let sink = Sink::start("250 OK").await;
    let smtp = sink.url();
    let secret = "two-instances-test-secret-0123456789abcdef";
    let common = [
        ("KANISA_SMTP_URL", smtp.as_str()),
        ("KANISA_SMTP_FROM", "Kanisa <church@church.test>"),
        ("KANISA_JOB_WORKERS", "2"),
        ("KANISA_JWT_SECRET", secret),
    ];
    let (mut one, one_log) = site.serve_with("one", &common);
    site.wait_healthy(&mut one, &one_log).await;
    let db = site.database().await;
    // The abuse limits are per client address; every request here comes from 127.0.0.1.
    site.lift_submission_limits().await;
    // The church mailbox every request goes to (no demo settings on this site).
    db.execute(
        "UPDATE system_settings SET value = '\"office@church.test\"' WHERE key = 'church_email'",
        &[],
    )
    .await
    .unwrap();

    let (mut two, two_log, second_addr) = serve_second(&site, &common).await;

    // 500 anonymous requests, alternately to each instance, 25 at a time.
    let http = reqwest::Client::new();
    let bases = [site.url(""), format!("http://{second_addr}")];
    for chunk in (0..SUBMISSIONS).collect::<Vec<_>>().chunks(25) {
        let sends = chunk.iter().map(|n| {
            http.post(format!("{}/functions/v1/submit-request", bases[n % 2]))
                .json(&serde_json::json!({
                    "category": "general", "anonymous": true,
                    "subject": format!("Request {n}"), "message": "Please pray for us."
                }))
                .send()
        });
        for res in futures_util::future::join_all(sends).await {
            assert_eq!(res.unwrap().status(), 201);
        }
    }
    let start = Instant::now();
    loop {
        let states = states(&db).await;
        if states.get("done") == Some(&(SUBMISSIONS as i64)) {
            break;
        }
        assert!(
            start.elapsed() < kanisa_test_db::patient(Duration::from_secs(90)),
            "{states:?}\n{}\n{}",
            read(&one_log),
            read(&two_log)
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let received = sink.message_ids();
    assert_eq!(received.len(), SUBMISSIONS, "one e-mail per submission");
    assert!(
        received.values().all(|n| *n == 1),
        "none twice: {:?}",
        received.iter().filter(|(_, n)| **n > 1).collect::<Vec<_>>()
    );
    let sent: i64 = db
        .query_one(
            "SELECT count(*) FROM messages WHERE subject LIKE 'Request %' AND email_sent_at IS NOT NULL",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(sent, SUBMISSIONS as i64);

    for child in [&mut two, &mut one] {
        kill(Pid::from_raw(child.id().unwrap() as i32), Signal::SIGINT).unwrap();
        let status = wait_exit(child, Duration::from_secs(60)).await;
        assert!(status.success(), "{status}");
    }
}

/// The outside check's reproduction on a real server: the queued payment reconciliation marked
/// failed for good (as after its last attempt). The schedule does not hang on that run: a later
/// slot is reconciled all the same.
#[tokio::test]
async fn a_reconciliation_failed_for_good_does_not_end_the_schedule() {
    let site = Site::without_demo().await;
    let env = [("KANISA_PAYMENT_RECONCILE_EVERY", "2")];
    let (mut server, log) = site.serve_with("serve", &env);
    site.wait_healthy(&mut server, &log).await;
    let db = site.database().await;
    let count = |sql: &'static str| {
        let db = &db;
        async move { db.query_one(sql, &[]).await.unwrap().get::<_, i64>(0) }
    };
    let start = Instant::now();
    // Every queued run, including the next slot's, fails for good.
    let killed = loop {
        let killed = count(
            "WITH k AS (UPDATE kanisa.jobs SET state = 'failed', finished_at = now(), \
               attempts = max_attempts, last_error = 'killed by the test' \
             WHERE kind = 'reconcile_payments' AND state = 'queued' RETURNING 1) \
             SELECT count(*) FROM k",
        )
        .await;
        if killed > 0 {
            break killed;
        }
        assert!(
            start.elapsed() < kanisa_test_db::patient(Duration::from_secs(10)),
            "{}",
            read(&log)
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(killed >= 1);
    let after = Instant::now();
    while count(
        "SELECT count(*) FROM kanisa.jobs WHERE kind = 'reconcile_payments' AND state = 'done' \
           AND finished_at > (SELECT max(finished_at) FROM kanisa.jobs \
                              WHERE kind = 'reconcile_payments' AND state = 'failed')",
    )
    .await
        < 2
    {
        assert!(
            after.elapsed() < kanisa_test_db::patient(Duration::from_secs(15)),
            "no reconciliation ran after the failed one\n{}",
            read(&log)
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    server.start_kill().unwrap();
    wait_exit(&mut server, Duration::from_secs(10)).await;
}
