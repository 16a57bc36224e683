//! The soak (`make soak`, issue 21): 64 connections of mixed reads and writes against
//! `kanisa serve` for `KANISA_SOAK_SECS` (600 in `make soak`), with the database stopped by a
//! fast shutdown a third of the way in and its postmaster killed with SIGKILL at two thirds.
//! Afterwards every write the API acknowledged must be stored, every failure must have been a
//! quick 503 during an outage, service must be back within 5 s of each fault, and the server's
//! memory and open files must not have grown. Prints `soak …` lines that `scripts/soak.sh`
//! gathers into its table.
//!
//! Ignored in `make test` (the bounded form of the same checks is `resilience.rs`); run with
//! `cargo test -p kanisa --test it soak -- --ignored --nocapture`.

use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;

use super::{Site, read, wait_exit};

const CONNECTIONS: usize = 64;

fn status_kib(pid: u32, field: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap()
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

fn open_files(pid: u32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/fd")).map_or(0, Iterator::count)
}

/// After a fault: when the database accepted connections again (its postmaster.pid says
/// `ready`, from a postmaster other than `faulted`) and when `/health` answered 200 again, both
/// from `since`. The target is the service's delay after the database.
struct Recovery {
    database: Duration,
    service: Duration,
}

impl Recovery {
    /// How long the service took once the database was back.
    fn after_database(&self) -> Duration {
        self.service.saturating_sub(self.database)
    }
}

async fn recovery(site: &Site, faulted: i32, since: Instant) -> Recovery {
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(2))
        .build()
        .unwrap();
    let pid_file = site.data_dir().join("postgres/postmaster.pid");
    let mut database = None;
    loop {
        if database.is_none()
            && let Ok(text) = std::fs::read_to_string(&pid_file)
        {
            let lines: Vec<&str> = text.lines().map(str::trim).collect();
            let pid = lines.first().and_then(|p| p.parse::<i32>().ok());
            if pid.is_some_and(|p| p != faulted) && lines.get(7) == Some(&"ready") {
                database = Some(since.elapsed());
            }
        }
        if let Ok(res) = http.get(site.url("/health")).send().await
            && res.status() == 200
        {
            let service = since.elapsed();
            return Recovery {
                database: database.unwrap_or(service),
                service,
            };
        }
        assert!(
            since.elapsed() < kanisa_test_db::patient(Duration::from_secs(60)),
            "not back in a minute"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "minutes long: make soak"]
async fn soak_mixed_load_through_a_restart_and_a_kill() {
    let secs: u64 = std::env::var("KANISA_SOAK_SECS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(120);
    let site = Site::new();
    let (mut server, log) = site.serve_with("soak", &[("KANISA_SIGNIN_LIMIT", "0")]);
    site.wait_healthy(&mut server, &log).await;
    site.lift_submission_limits().await;
    let (status, out, _) = site.run(&["keys"], &[]).await;
    assert!(status.success());
    let anon = out
        .lines()
        .find_map(|l| l.strip_prefix("anon "))
        .unwrap()
        .trim()
        .to_owned();
    let kanisa = server.id().unwrap();

    let acked = Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
    let outage_answers = Arc::new(AtomicU64::new(0));
    let bad = Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
    let reads = Arc::new(AtomicU64::new(0));
    let slowest = Arc::new(AtomicU64::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(15))
        .pool_max_idle_per_host(CONNECTIONS)
        .build()
        .unwrap();
    let mut workers = Vec::new();
    for w in 0..CONNECTIONS {
        let (http, anon) = (http.clone(), anon.clone());
        let base = site.url("");
        let (acked, outage_answers, bad, reads, slowest, stop) = (
            acked.clone(),
            outage_answers.clone(),
            bad.clone(),
            reads.clone(),
            slowest.clone(),
            stop.clone(),
        );
        workers.push(tokio::spawn(async move {
            let mut n = 0u64;
            while !stop.load(Ordering::Relaxed) {
                n += 1;
                let write = (w as u64 + n).is_multiple_of(2);
                let subject = format!("soak {w}-{n}");
                let sent = Instant::now();
                let res = if write {
                    http.post(format!("{base}/rest/v1/messages"))
                        .header("apikey", &anon)
                        .json(&serde_json::json!({
                            "sender_name": "Soak", "subject": subject,
                            "message": "written under load"
                        }))
                        .send()
                        .await
                } else {
                    http.get(format!(
                        "{base}/rest/v1/sermons?select=title,sermon_date&order=sermon_date.desc&limit=10"
                    ))
                    .header("apikey", &anon)
                    .send()
                    .await
                };
                let took = sent.elapsed().as_millis() as u64;
                slowest.fetch_max(took, Ordering::Relaxed);
                match res {
                    Ok(res) => match res.status().as_u16() {
                        201 if write => acked.lock().unwrap().push(subject),
                        200 if !write => {
                            reads.fetch_add(1, Ordering::Relaxed);
                        }
                        503 => {
                            outage_answers.fetch_add(1, Ordering::Relaxed);
                            tokio::time::sleep(Duration::from_millis(50)).await;
                        }
                        other => {
                            let body = res.text().await.unwrap_or_default();
                            bad.lock().unwrap().push(format!("{other}: {body}"));
                        }
                    },
                    Err(e) => bad.lock().unwrap().push(format!("no answer: {e}")),
                }
            }
        }));
    }

    let run = Duration::from_secs(secs);
    let started = Instant::now();
    tokio::time::sleep(run / 10).await;
    let rss_warm = status_kib(kanisa, "VmRSS:");
    let files_warm = open_files(kanisa);

    // A third of the way: a fast shutdown of the database (SIGINT to the postmaster).
    tokio::time::sleep((run / 3).saturating_sub(started.elapsed())).await;
    let postmaster = site.live_postmaster().expect("postgres runs");
    kill(Pid::from_raw(postmaster), Signal::SIGINT).unwrap();
    let restart = recovery(&site, postmaster, Instant::now()).await;
    // Two thirds: SIGKILL.
    tokio::time::sleep((run * 2 / 3).saturating_sub(started.elapsed())).await;
    let postmaster = site.live_postmaster().expect("postgres runs again");
    kill(Pid::from_raw(postmaster), Signal::SIGKILL).unwrap();
    let killed = recovery(&site, postmaster, Instant::now()).await;
    tokio::time::sleep(run.saturating_sub(started.elapsed())).await;
    stop.store(true, Ordering::Relaxed);
    for w in workers {
        w.await.unwrap();
    }
    // Let the pools settle after the load before measuring.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let rss_end = status_kib(kanisa, "VmRSS:");
    let files_end = open_files(kanisa);

    let acked: HashSet<String> = acked.lock().unwrap().iter().cloned().collect();
    let db = site.database().await;
    let stored: HashSet<String> = db
        .query(
            "SELECT subject FROM messages WHERE subject LIKE 'soak %'",
            &[],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    let lost = acked.difference(&stored).count();
    let growth = (rss_end as f64 - rss_warm as f64) / rss_warm as f64 * 100.0;
    println!(
        "soak load: {CONNECTIONS} connections for {secs} s, {} writes acknowledged, {} reads, {} lost, {} quick 503s during the outages, slowest answer {} ms",
        acked.len(),
        reads.load(Ordering::Relaxed),
        lost,
        outage_answers.load(Ordering::Relaxed),
        slowest.load(Ordering::Relaxed)
    );
    println!(
        "soak recovery: fast shutdown: database back after {:.1} s, service {:.1} s after it; \
         SIGKILL: database back after {:.1} s, service {:.1} s after it",
        restart.database.as_secs_f64(),
        restart.after_database().as_secs_f64(),
        killed.database.as_secs_f64(),
        killed.after_database().as_secs_f64()
    );
    println!(
        "soak memory: RSS {} MiB after warm-up, {} MiB at the end ({growth:+.1} %); open files {files_warm} → {files_end}",
        rss_warm / 1024,
        rss_end / 1024
    );
    let bad = bad.lock().unwrap().clone();
    assert!(
        bad.is_empty(),
        "{} answers other than 2xx/503: {:?}",
        bad.len(),
        &bad[..bad.len().min(5)]
    );
    assert_eq!(lost, 0, "acknowledged writes lost");
    assert!(
        restart.after_database() <= Duration::from_secs(5)
            && killed.after_database() <= Duration::from_secs(5),
        "service back within 5 s of the database"
    );
    assert!(growth <= 10.0, "RSS grew {growth:.1} %");
    assert!(
        files_end <= files_warm + 8,
        "open files {files_warm} → {files_end}"
    );

    kill(Pid::from_raw(kanisa as i32), Signal::SIGINT).unwrap();
    let status = wait_exit(&mut server, Duration::from_secs(60)).await;
    assert!(status.success(), "{status}:\n{}", read(&log));
}
