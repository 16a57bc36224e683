//! The server under faults a stranger or bad luck brings: a killed database, a connection flood.

use std::collections::HashSet;
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

use super::{Site, eventually, read, wait_exit};

/// The `anon` and `service_role` keys of a site (`kanisa keys`).
async fn keys(site: &Site) -> (String, String) {
    keys_with(site, &[]).await
}

/// [`keys`] with the environment the site's server runs with (a `KANISA_JWT_SECRET`).
pub(super) async fn keys_with(site: &Site, env: &[(&str, &str)]) -> (String, String) {
    let (status, out, err) = site.run(&["keys"], env).await;
    assert!(status.success(), "{err}");
    let key = |name: &str| {
        out.lines()
            .find_map(|l| l.strip_prefix(name))
            .map(|k| k.trim().to_owned())
            .unwrap_or_else(|| panic!("no {name} key in {out}"))
    };
    (key("anon "), key("service_role "))
}

/// Processes whose parent is `parent` and that are zombies (exited, never reaped).
fn zombie_children(parent: u32) -> Vec<String> {
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| std::fs::read_to_string(e.ok()?.path().join("stat")).ok())
        .filter(|stat| {
            let rest = &stat[stat.rfind(')').unwrap() + 1..];
            let mut f = rest.split_whitespace();
            let state = f.next();
            let ppid = f.next().and_then(|p| p.parse::<u32>().ok());
            state == Some("Z") && ppid == Some(parent)
        })
        .collect()
}

fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap()
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap()
}

#[tokio::test]
async fn a_killed_postmaster_is_restarted_and_no_acknowledged_write_is_lost() {
    let site = Site::new();
    let (mut server, log) = site.serve("crash");
    site.wait_healthy(&mut server, &log).await;
    site.lift_submission_limits().await;
    let (anon, service) = keys(&site).await;

    // Writers insert messages as anon for as long as the test runs; each acknowledged write
    // (201) is noted. Requests during the outage fail, never hang.
    let acked = Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
    let failed = Arc::new(std::sync::Mutex::new(Vec::<(u16, String)>::new()));
    let stop = Arc::new(AtomicBool::new(false));
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(15))
        .build()
        .unwrap();
    let mut writers = Vec::new();
    for w in 0..4 {
        let (http, url, anon) = (http.clone(), site.url("/rest/v1/messages"), anon.clone());
        let (acked, failed, stop) = (acked.clone(), failed.clone(), stop.clone());
        writers.push(tokio::spawn(async move {
            let mut n = 0;
            while !stop.load(Ordering::Relaxed) {
                n += 1;
                let subject = format!("crash-test {w}-{n}");
                let sent = Instant::now();
                let res = http
                    .post(&url)
                    .header("apikey", &anon)
                    .json(&serde_json::json!({
                        "sender_name": "Crash Test", "sender_email": "crash@example.org",
                        "subject": subject, "message": "written while the database is killed"
                    }))
                    .send()
                    .await
                    .expect("the API answers, even when the database is down");
                assert!(
                    sent.elapsed() < kanisa_test_db::patient(Duration::from_secs(12)),
                    "a request hung for {:?}",
                    sent.elapsed()
                );
                match res.status().as_u16() {
                    201 => acked.lock().unwrap().push(subject),
                    status => {
                        let body = res.text().await.unwrap_or_default();
                        failed.lock().unwrap().push((status, body));
                        tokio::time::sleep(Duration::from_millis(50)).await;
                    }
                }
            }
        }));
    }
    // Writes go through before the crash.
    let before = eventually(
        Duration::from_secs(30),
        "writes before the crash",
        || async {
            match acked.lock().unwrap().len() {
                n if n >= 20 => Ok(n),
                n => Err(format!("{n} acknowledged")),
            }
        },
    )
    .await;

    let postmaster = site.live_postmaster().expect("postgres runs");
    kill(Pid::from_raw(postmaster), Signal::SIGKILL).unwrap();
    let killed = Instant::now();

    // /health answers 200 again within 10 s of the kill, on a restarted postmaster. (Right after
    // the kill an old backend may still answer a pooled connection's health check while the
    // pid file names the killed postmaster: only a new postmaster with 200 counts.)
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(3))
        .build()
        .unwrap();
    loop {
        if let Ok(res) = client.get(site.url("/health")).send().await
            && res.status() == 200
            && site.live_postmaster().is_some_and(|pid| pid != postmaster)
        {
            break;
        }
        assert!(
            killed.elapsed() < kanisa_test_db::patient(Duration::from_secs(10)),
            "not healthy 10 s after the kill:\n{}",
            read(&log)
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let healed = killed.elapsed();
    let restarted = site.live_postmaster().expect("a postmaster runs again");
    assert_ne!(restarted, postmaster);

    // Writes go through again, then the writers stop.
    let at_heal = acked.lock().unwrap().len();
    let deadline = Instant::now() + Duration::from_secs(10);
    while acked.lock().unwrap().len() < at_heal + 20 {
        assert!(
            Instant::now() < deadline,
            "writes do not go through after the restart"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    stop.store(true, Ordering::Relaxed);
    for w in writers {
        w.await.unwrap();
    }

    // Failures during the outage were clear answers (503), not 500s.
    for (status, body) in failed.lock().unwrap().iter() {
        assert_eq!(*status, 503, "{body}");
    }

    // Every acknowledged write is there.
    let acked: HashSet<String> = acked.lock().unwrap().iter().cloned().collect();
    let mut stored = HashSet::new();
    for page in 0.. {
        let rows: Vec<serde_json::Value> = http
            .get(site.url(&format!(
                "/rest/v1/messages?select=subject&subject=like.crash-test*&order=id\
                 &limit=1000&offset={}",
                page * 1000
            )))
            .header("apikey", &anon)
            .bearer_auth(&service)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let done = rows.len() < 1000;
        stored.extend(
            rows.into_iter()
                .map(|r| r["subject"].as_str().unwrap().to_owned()),
        );
        if done {
            break;
        }
    }
    let lost: Vec<_> = acked.difference(&stored).collect();
    assert!(lost.is_empty(), "acknowledged but lost: {lost:?}");

    // The dead postmaster was reaped: no zombie child of Kanisa, and the restart is logged
    // with its cause.
    let kanisa = server.id().unwrap();
    assert_eq!(zombie_children(kanisa), Vec::<String>::new());
    let text = read(&log);
    assert!(
        text.contains("managed PostgreSQL stopped unexpectedly"),
        "{text}"
    );
    assert!(text.contains("SIGKILL"), "{text}");
    assert!(
        text.contains("restarted and accepts connections again"),
        "{text}"
    );
    eprintln!(
        "healthy {healed:?} after the kill; {} writes acknowledged, {before} before it",
        acked.len()
    );

    kill(Pid::from_raw(kanisa as i32), Signal::SIGINT).unwrap();
    let status = wait_exit(&mut server, Duration::from_secs(60)).await;
    assert!(status.success(), "{status}:\n{}", read(&log));
    assert_eq!(site.postgres_processes(), Vec::<u32>::new());
}

/// A connection from a given loopback address (127.0.0.x), so one test can be several clients.
async fn connect_from(source: Ipv4Addr, to: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::from((source, 0))).unwrap();
    socket.connect(to).await.unwrap()
}

/// Opens a connection that sends half a request head and then nothing.
async fn half_open(source: Ipv4Addr, to: SocketAddr) -> TcpStream {
    let mut stream = connect_from(source, to).await;
    stream
        .write_all(b"GET /health HTTP/1.1\r\nHost: flood\r\nX-Slow: ")
        .await
        .unwrap();
    stream
}

/// A plain `GET /health` on a new connection from `source`: (status line, body).
async fn health_from(source: Ipv4Addr, to: SocketAddr) -> (String, String) {
    let mut stream = connect_from(source, to).await;
    stream
        .write_all(b"GET /health HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();
    let status = answer.lines().next().unwrap_or_default().to_owned();
    let body = answer
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_owned())
        .unwrap_or_default();
    (status, body)
}

#[tokio::test]
async fn a_flood_of_half_open_connections_is_bounded_and_health_keeps_answering() {
    let site = Site::new();
    // The header timeout: 3 s on a quiet machine, longer on a busy one, so that the flood is
    // still open when health is asked (below).
    let header_timeout = kanisa_test_db::patient(Duration::from_secs(3))
        .as_secs()
        .to_string();
    let (mut server, log) = site.serve_with(
        "flood",
        &[
            ("KANISA_HEADER_TIMEOUT", header_timeout.as_str()),
            ("KANISA_MAX_CONNECTIONS_PER_CLIENT", "300"),
        ],
    );
    site.wait_healthy(&mut server, &log).await;
    let kanisa = server.id().unwrap();
    let addr: SocketAddr = format!("127.0.0.1:{}", site.port).parse().unwrap();
    let me = Ipv4Addr::new(127, 0, 0, 1);
    for _ in 0..50 {
        assert!(health_from(me, addr).await.0.contains("200"));
    }
    let rss_before = rss_kib(kanisa);

    // 2,000 half-open connections from eight addresses, 250 each (under the per-client cap).
    let opened = Instant::now();
    let mut flood = Vec::new();
    for i in 0..2000u32 {
        let source = Ipv4Addr::new(127, 0, 1, 10 + (i % 8) as u8);
        flood.push(half_open(source, addr).await);
    }
    let rss_flood = rss_kib(kanisa);

    // Health still answers, from another address, while the flood is open: not only once the
    // header timeout has closed it (the newest flood connection is still open when it answers).
    let asked = Instant::now();
    let (status, body) = health_from(me, addr).await;
    let health_took = asked.elapsed();
    assert!(status.contains("200"), "{status} {body}");
    let mut probe = [0u8; 1];
    let newest = flood.last().unwrap();
    assert!(
        matches!(newest.try_read(&mut probe), Err(e) if e.kind() == std::io::ErrorKind::WouldBlock),
        "health answered ({health_took:?}) only after the header timeout had closed the flood"
    );

    // One address past its cap is told so at once, in the error envelope, and closed.
    let greedy = Ipv4Addr::new(127, 0, 2, 1);
    let mut held = Vec::new();
    for _ in 0..300 {
        held.push(half_open(greedy, addr).await);
    }
    let (status, body) = health_from(greedy, addr).await;
    assert!(status.contains("503"), "{status} {body}");
    let error: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(error["code"], "too_many_connections");
    assert_eq!(
        error["message"],
        "Too many open connections from your address. Close some and try again."
    );

    // The header timeout closes every half-open connection.
    for mut stream in flood.into_iter().chain(held) {
        let mut buf = [0u8; 512];
        let closed = tokio::time::timeout(
            kanisa_test_db::patient(Duration::from_secs(10)),
            stream.read(&mut buf),
        )
        .await
        .expect("the server closed the half-open connection");
        assert!(matches!(closed, Ok(0) | Err(_)), "{closed:?}");
    }
    let all_closed = opened.elapsed();
    assert!(health_from(greedy, addr).await.0.contains("200"));

    // Memory comes back: within 20 % of before the flood (the allocator returns freed pages
    // after a short delay, longer on a busy machine: up to 20 s are given).
    let mut rss_after = rss_kib(kanisa);
    for _ in 0..200 {
        if rss_after <= rss_before * 6 / 5 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        rss_after = rss_kib(kanisa);
    }
    eprintln!(
        "RSS {rss_before} KiB before, {rss_flood} KiB with 2,300 half-open connections, \
         {rss_after} KiB after; health answered in {health_took:?}; all closed after \
         {all_closed:?}"
    );
    assert!(
        rss_after <= rss_before * 6 / 5,
        "RSS {rss_after} KiB after the flood, {rss_before} KiB before"
    );

    kill(Pid::from_raw(kanisa as i32), Signal::SIGINT).unwrap();
    let status = wait_exit(&mut server, Duration::from_secs(60)).await;
    assert!(status.success(), "{status}:\n{}", read(&log));
}
