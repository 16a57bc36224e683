//! The job queue inside `kanisa serve`: e-mail jobs delivered to an SMTP sink written here,
//! a SIGKILL with jobs in flight, a restart that delivers every one, and a clean stop.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use kanisa_pg::{Access, Cluster, ClusterOptions, Tuning};
use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

use super::{Site, read, wait_exit};

/// Message-IDs the sink accepted, with how many times each.
type Received = Arc<Mutex<HashMap<String, usize>>>;

/// Just enough SMTP for lettre; each DATA is answered after `delay`, so jobs are in flight.
async fn sink(delay: Duration) -> (u16, Received) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let received: Received = Arc::default();
    let store = received.clone();
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let store = store.clone();
            tokio::spawn(async move {
                let (read, mut write) = stream.into_split();
                let mut lines = BufReader::new(read).lines();
                let _ = write.write_all(b"220 sink\r\n").await;
                while let Ok(Some(line)) = lines.next_line().await {
                    let reply = match line.get(..4).unwrap_or("").to_ascii_uppercase().as_str() {
                        "EHLO" | "HELO" | "MAIL" | "RCPT" | "RSET" | "NOOP" => "250 OK",
                        "DATA" => {
                            let _ = write.write_all(b"354 go ahead\r\n").await;
                            let mut id = None;
                            let mut complete = false;
                            while let Ok(Some(l)) = lines.next_line().await {
                                if l == "." {
                                    complete = true;
                                    break;
                                }
                                if let Some(v) = l.strip_prefix("Message-ID: ") {
                                    id = Some(v.to_owned());
                                }
                            }
                            // A message cut off by its sender is not accepted, as by a real
                            // server.
                            if !complete {
                                break;
                            }
                            tokio::time::sleep(delay).await;
                            let id = id.expect("every e-mail has a Message-ID");
                            *store.lock().unwrap().entry(id).or_default() += 1;
                            "250 queued"
                        }
                        "QUIT" => {
                            let _ = write.write_all(b"221 bye\r\n").await;
                            break;
                        }
                        _ => "502 no",
                    };
                    if write
                        .write_all(format!("{reply}\r\n").as_bytes())
                        .await
                        .is_err()
                    {
                        break;
                    }
                }
            });
        }
    });
    (port, received)
}

/// A connection to the running site's database, attached to the cluster `kanisa serve` runs.
async fn database(site: &Site) -> kanisa_pg::tokio_postgres::Client {
    let cluster = Cluster::open(
        &ClusterOptions {
            data_dir: site.data_dir(),
            bin_dir: None,
            os_user: "postgres".into(),
            tuning: Tuning::Durable,
        },
        Access::Shared,
    )
    .await
    .expect("attach to the running cluster");
    kanisa_pg::connect_once(&cluster.kanisa_config())
        .await
        .unwrap()
}

async fn states(db: &kanisa_pg::tokio_postgres::Client) -> HashMap<String, i64> {
    db.query(
        "SELECT state, count(*) FROM kanisa.jobs GROUP BY state",
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
    let site = Site::new();
    let (port, received) = sink(Duration::from_millis(50)).await;
    let smtp = format!("smtp://127.0.0.1:{port}?tls=none");
    let env = [
        ("KANISA_SMTP_URL", smtp.as_str()),
        ("KANISA_SMTP_FROM", "Kanisa <church@church.test>"),
        ("KANISA_JOB_WORKERS", "4"),
        ("KANISA_JOB_LEASE", "2"),
    ];
    let (mut first, first_log) = site.serve_with("first", &env);
    site.wait_healthy(&mut first, &first_log).await;

    let db = database(&site).await;
    db.execute(
        "INSERT INTO kanisa.jobs (kind, unique_key, payload) \
         SELECT 'send_email', 'test-' || n, jsonb_build_object( \
           'to', jsonb_build_array('member' || n || '@church.test'), \
           'subject', 'Hello ' || n, 'text', 'Body ' || n) \
         FROM generate_series(1, $1::int) n",
        &[&(JOBS as i32)],
    )
    .await
    .unwrap();

    // Kill kanisa while jobs are being sent.
    let start = Instant::now();
    while received.lock().unwrap().len() < 10 {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "{}",
            read(&first_log)
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    first.start_kill().unwrap();
    wait_exit(&mut first, Duration::from_secs(10)).await;
    drop(db);
    let at_kill = received.lock().unwrap().len();
    assert!(
        (at_kill as i64) < JOBS,
        "all sent before the kill: raise JOBS"
    );

    // Restart: the jobs it held run again once their 2 s lease has run out; all are sent.
    let (mut second, second_log) = site.serve_with("second", &env);
    site.wait_healthy(&mut second, &second_log).await;
    let db = database(&site).await;
    let start = Instant::now();
    loop {
        let states = states(&db).await;
        if states.get("done") == Some(&JOBS) {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "{states:?}\n{}",
            read(&second_log)
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let received = received.lock().unwrap().clone();
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
