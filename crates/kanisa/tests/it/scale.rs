//! Two `kanisa serve` instances against one PostgreSQL and one S3-compatible store (moto),
//! behind a real balancer (haproxy from Debian) — part of `make soak` (issue 21):
//!
//! - the anonymous read cache stays coherent: a write through one instance is read through the
//!   other within 100 ms (p95 over 50 writes);
//! - a file uploaded through one instance is read back through the other;
//! - stopping one instance (SIGINT: it drains) while load goes through the balancer loses no
//!   request and no acknowledged write.
//!
//! That jobs run once across instances is shown by `jobs.rs` (deliveries) and
//! `notifications.rs` (reminders). Ignored in `make test`: it needs haproxy and an S3 server
//! (`scripts/soak.sh` provides both, through `scripts/with-s3.sh`).

use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;

use super::jobs::serve_second;
use super::{Site, read, wait_exit};

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs haproxy and an S3 server: make soak"]
async fn two_instances_behind_haproxy_share_cache_files_and_drain() {
    let endpoint = std::env::var("KANISA_TEST_S3_ENDPOINT").expect("scripts/with-s3.sh");
    let bucket = std::env::var("KANISA_TEST_S3_BUCKET").unwrap_or_else(|_| "kanisa-test".into());
    let store = format!("s3://{bucket}/scale-{}", rand::random::<u64>());
    let secret = "scale-test-secret-0123456789abcdefghijkl";
    let common = [
        ("KANISA_STORAGE_URL", store.as_str()),
        ("AWS_ENDPOINT_URL", endpoint.as_str()),
        ("AWS_REGION", "us-east-1"),
        ("AWS_ACCESS_KEY_ID", "test"),
        ("AWS_SECRET_ACCESS_KEY", "test"),
        ("KANISA_JWT_SECRET", secret),
        ("KANISA_SIGNIN_LIMIT", "0"),
    ];
    let site = Site::new();
    let (mut one, one_log) = site.serve_with("one", &common);
    site.wait_healthy(&mut one, &one_log).await;
    site.lift_submission_limits().await;
    let (mut two, two_log, two_addr) = serve_second(&site, &common).await;
    let a = site.url("");
    let b = format!("http://{two_addr}");
    let (status, out, _) = site.run(&["keys"], &[("KANISA_JWT_SECRET", secret)]).await;
    assert!(status.success());
    let key = |name: &str| {
        out.lines()
            .find_map(|l| l.strip_prefix(name))
            .unwrap()
            .trim()
            .to_owned()
    };
    let (anon, service) = (key("anon "), key("service_role "));
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(10))
        .build()
        .unwrap();

    // Coherence: write through one, read (anonymously, cached) through the other.
    let sermon: serde_json::Value = http
        .post(format!("{a}/rest/v1/sermons?select=id"))
        .header("apikey", &service)
        .bearer_auth(&service)
        .header("prefer", "return=representation")
        .json(
            &serde_json::json!({"title": "Coherence 0", "speaker": "Scale Test",
                                  "sermon_date": "2026-11-21", "is_published": true}),
        )
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = sermon[0]["id"].as_str().expect("the sermon").to_owned();
    let read_title = |base: String| {
        let (http, anon, id) = (http.clone(), anon.clone(), id.clone());
        async move {
            let rows: serde_json::Value = http
                .get(format!("{base}/rest/v1/sermons?select=title&id=eq.{id}"))
                .header("apikey", &anon)
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
            rows[0]["title"].as_str().unwrap_or_default().to_owned()
        }
    };
    let mut latencies = Vec::new();
    for n in 1..=50 {
        // Warm the other instance's cache with the old title first.
        assert_eq!(read_title(b.clone()).await, format!("Coherence {}", n - 1));
        let title = format!("Coherence {n}");
        let res = http
            .patch(format!("{a}/rest/v1/sermons?id=eq.{id}"))
            .header("apikey", &service)
            .bearer_auth(&service)
            .json(&serde_json::json!({"title": title}))
            .send()
            .await
            .unwrap();
        assert!(res.status().is_success(), "{}", res.status());
        let written = Instant::now();
        while read_title(b.clone()).await != title {
            assert!(written.elapsed() < Duration::from_secs(5), "stale for 5 s");
        }
        latencies.push(written.elapsed());
    }
    latencies.sort();
    let p50 = latencies[latencies.len() / 2];
    let p95 = latencies[latencies.len() * 95 / 100];
    println!(
        "scale coherence: a write through one instance read through the other after p50 {:.1} ms, p95 {:.1} ms, max {:.1} ms (50 writes)",
        p50.as_secs_f64() * 1000.0,
        p95.as_secs_f64() * 1000.0,
        latencies[latencies.len() - 1].as_secs_f64() * 1000.0
    );
    assert!(p95 <= Duration::from_millis(100), "p95 {p95:?}");

    // A file through one, read through the other (both on the one S3 bucket).
    let bytes = b"%PDF-1.4\nshared between instances\n%%EOF\n".to_vec();
    let res = http
        .post(format!(
            "{a}/storage/v1/object/church-files/public/sermons/scale.pdf"
        ))
        .header("apikey", &service)
        .bearer_auth(&service)
        .header("content-type", "application/pdf")
        .body(bytes.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(
        res.status(),
        200,
        "{}",
        res.text().await.unwrap_or_default()
    );
    let back = http
        .get(format!(
            "{b}/storage/v1/object/public/church-files/public/sermons/scale.pdf"
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(back.status(), 200);
    assert_eq!(back.bytes().await.unwrap().to_vec(), bytes);
    println!("scale files: an upload through one instance is read through the other");

    // haproxy in front of both; then one instance stops under load.
    let port = free_port();
    let one_addr = a
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_owned();
    let cfg = site.root.path().join("haproxy.cfg");
    std::fs::write(
        &cfg,
        format!(
            "global\n  maxconn 512\ndefaults\n  mode http\n  timeout connect 2s\n  timeout client 30s\n  timeout server 30s\n  retries 3\n  option redispatch\n  retry-on conn-failure empty-response response-timeout\nfrontend kanisa\n  bind 127.0.0.1:{port}\n  default_backend instances\nbackend instances\n  balance roundrobin\n  option httpchk GET /health\n  server one {one_addr} check inter 200ms fall 1 rise 2\n  server two {two_addr} check inter 200ms fall 1 rise 2\n"
        ),
    )
    .unwrap();
    let mut haproxy = tokio::process::Command::new("haproxy")
        .arg("-db")
        .arg("-f")
        .arg(&cfg)
        .kill_on_drop(true)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("haproxy (apt-get install haproxy; scripts/soak.sh does)");
    let front = format!("http://127.0.0.1:{port}");
    let start = Instant::now();
    while http
        .get(format!("{front}/health"))
        .send()
        .await
        .map_or(true, |r| r.status() != 200)
    {
        assert!(
            start.elapsed() < kanisa_test_db::patient(Duration::from_secs(10)),
            "haproxy did not come up"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    let stop = Arc::new(AtomicBool::new(false));
    let acked = Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
    let failed = Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
    let total = Arc::new(std::sync::atomic::AtomicU64::new(0));
    let mut tasks = Vec::new();
    for w in 0..16 {
        let (http, front, anon) = (http.clone(), front.clone(), anon.clone());
        let (stop, acked, failed, total) =
            (stop.clone(), acked.clone(), failed.clone(), total.clone());
        tasks.push(tokio::spawn(async move {
            let mut n = 0;
            while !stop.load(Ordering::Relaxed) {
                n += 1;
                total.fetch_add(1, Ordering::Relaxed);
                let subject = format!("drain {w}-{n}");
                let res = if n % 2 == 0 {
                    http.post(format!("{front}/rest/v1/messages"))
                        .header("apikey", &anon)
                        .json(
                            &serde_json::json!({"sender_name": "Drain", "subject": subject,
                                                  "message": "through the balancer"}),
                        )
                        .send()
                        .await
                } else {
                    http.get(format!("{front}/rest/v1/sermons?select=title&limit=5"))
                        .header("apikey", &anon)
                        .send()
                        .await
                };
                match res {
                    Ok(r) if r.status() == 201 => acked.lock().unwrap().push(subject),
                    Ok(r) if r.status() == 200 => {}
                    Ok(r) => failed.lock().unwrap().push(format!("{}", r.status())),
                    Err(e) => failed.lock().unwrap().push(e.to_string()),
                }
            }
        }));
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    kill(Pid::from_raw(two.id().unwrap() as i32), Signal::SIGINT).unwrap();
    let status = wait_exit(&mut two, Duration::from_secs(60)).await;
    assert!(status.success(), "{status}:\n{}", read(&two_log));
    tokio::time::sleep(Duration::from_secs(3)).await;
    stop.store(true, Ordering::Relaxed);
    for t in tasks {
        t.await.unwrap();
    }
    let db = site.database().await;
    let stored: HashSet<String> = db
        .query(
            "SELECT subject FROM messages WHERE subject LIKE 'drain %'",
            &[],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    let acked: HashSet<String> = acked.lock().unwrap().iter().cloned().collect();
    let lost = acked.difference(&stored).count();
    let failed = failed.lock().unwrap().clone();
    println!(
        "scale drain: {} requests through haproxy while one instance stopped: {} failed, {} acknowledged writes, {lost} lost",
        total.load(Ordering::Relaxed),
        failed.len(),
        acked.len()
    );
    assert!(failed.is_empty(), "{:?}", &failed[..failed.len().min(5)]);
    assert_eq!(lost, 0);

    haproxy.start_kill().unwrap();
    kill(Pid::from_raw(one.id().unwrap() as i32), Signal::SIGINT).unwrap();
    let status = wait_exit(&mut one, Duration::from_secs(60)).await;
    assert!(status.success(), "{status}:\n{}", read(&one_log));
}
