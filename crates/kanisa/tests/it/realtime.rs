//! Realtime across instances: two `kanisa serve` on one database (the managed cluster and a
//! second instance by `DATABASE_URL`), WebSocket subscribers spread over both as a balancer
//! would, every change delivered to every subscriber exactly once — also when one instance is
//! stopped, its subscribers move to the other, and it comes back.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use super::jobs::serve_second;
use super::resilience::keys_with;
use super::{Site, eventually, read, wait_exit};

const SUBSCRIBERS: usize = 50;
const PER_PHASE: [usize; 3] = [80, 40, 80];

/// What one subscriber has received: the titles of the inserted sermons, in arrival order.
type Seen = Arc<Mutex<Vec<String>>>;

/// One subscriber's socket on one instance: joined to INSERTs on `sermons` as anon (vsn 1.0.0),
/// its reader pushing each change's title to `seen`, beating every 10 s. Dropped, it closes.
struct Subscriber {
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl Subscriber {
    /// Closes the socket and waits until its reader has stopped (nothing more reaches `seen`).
    async fn close(mut self) {
        for task in std::mem::take(&mut self.tasks) {
            task.abort();
            let _ = task.await;
        }
    }
}

impl Drop for Subscriber {
    fn drop(&mut self) {
        for task in &self.tasks {
            task.abort();
        }
    }
}

/// Moves subscriber `n` to `addr`: its old socket closed first, then a new one joined.
async fn move_to(
    sockets: &mut HashMap<usize, Subscriber>,
    addr: &str,
    anon: &str,
    n: usize,
    seen: &Seen,
) {
    if let Some(old) = sockets.remove(&n) {
        old.close().await;
    }
    sockets.insert(n, subscribe_patiently(addr, anon, n, seen).await);
}

async fn subscribe(addr: &str, anon: &str, n: usize, seen: Seen) -> Result<Subscriber, String> {
    let url = format!("ws://{addr}/realtime/v1/websocket?apikey={anon}&vsn=1.0.0");
    let (socket, _) = tokio_tungstenite::connect_async(url.as_str())
        .await
        .map_err(|e| format!("connect to {addr}: {e}"))?;
    let (mut write, mut read) = socket.split();
    let topic = format!("realtime:sub-{n}");
    let join = json!({
        "topic": topic, "event": "phx_join", "ref": "1", "join_ref": "1",
        "payload": {
            "config": {"postgres_changes": [{"event": "INSERT", "schema": "public", "table": "sermons"}]},
            "access_token": anon,
        },
    });
    write
        .send(Message::text(join.to_string()))
        .await
        .map_err(|e| format!("send the join: {e}"))?;
    // The join's reply, before any change can be expected.
    loop {
        let frame = tokio::time::timeout(Duration::from_secs(10), read.next())
            .await
            .map_err(|_| "no reply to the join".to_owned())?
            .ok_or("closed before the join's reply")?
            .map_err(|e| format!("read: {e}"))?;
        let Message::Text(text) = frame else { continue };
        let frame: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
        if frame["event"] == "phx_reply" && frame["ref"] == "1" {
            if frame["payload"]["status"] != "ok" {
                return Err(format!("join refused: {frame}"));
            }
            break;
        }
    }
    let reader = tokio::spawn(async move {
        while let Some(Ok(frame)) = read.next().await {
            let Message::Text(text) = frame else { continue };
            let Ok(frame) = serde_json::from_str::<Value>(&text) else {
                continue;
            };
            if frame["event"] == "postgres_changes"
                && let Some(title) = frame["payload"]["data"]["record"]["title"].as_str()
            {
                seen.lock().unwrap().push(title.to_owned());
            }
        }
    });
    let beat = tokio::spawn(async move {
        let mut n = 0u64;
        loop {
            tokio::time::sleep(Duration::from_secs(10)).await;
            n += 1;
            let heartbeat = json!({"topic": "phoenix", "event": "heartbeat", "payload": {}, "ref": format!("hb{n}")});
            if write
                .send(Message::text(heartbeat.to_string()))
                .await
                .is_err()
            {
                break;
            }
        }
    });
    Ok(Subscriber {
        tasks: vec![reader, beat],
    })
}

/// Subscribes, retrying while the instance is still coming up.
async fn subscribe_patiently(addr: &str, anon: &str, n: usize, seen: &Seen) -> Subscriber {
    eventually(
        Duration::from_secs(30),
        &format!("subscriber {n} joined on {addr}"),
        || subscribe(addr, anon, n, seen.clone()),
    )
    .await
}

/// Inserts `count` published sermons, each in its own transaction, titled `{phase}-{i}`.
async fn insert(db: &kanisa_pg::tokio_postgres::Client, phase: usize, count: usize) -> Vec<String> {
    let mut titles = Vec::new();
    for i in 0..count {
        let title = format!("rt-{phase}-{i:03}");
        db.execute(
            "INSERT INTO public.sermons (title, speaker, sermon_date, is_published) \
             VALUES ($1, 'Pastor Test', DATE '2026-03-07', true)",
            &[&title],
        )
        .await
        .unwrap();
        titles.push(title);
    }
    titles
}

/// Waits until every subscriber has received exactly `expected`, in order.
async fn all_received(seen: &[Seen], expected: &[String], what: &str) {
    eventually(Duration::from_secs(60), what, || async {
        let short: Vec<(usize, usize)> = seen
            .iter()
            .enumerate()
            .map(|(n, s)| (n, s.lock().unwrap().len()))
            .filter(|(_, len)| *len < expected.len())
            .collect();
        if short.is_empty() {
            Ok(())
        } else {
            Err(format!(
                "{} subscribers still short: {:?}",
                short.len(),
                &short[..short.len().min(5)]
            ))
        }
    })
    .await;
    // Exactly once, in commit order: no duplicates, none missing, nothing extra.
    for (n, s) in seen.iter().enumerate() {
        assert_eq!(&*s.lock().unwrap(), expected, "subscriber {n}: {what}");
    }
}

#[tokio::test]
async fn two_instances_deliver_every_change_once_to_each_of_50_subscribers_across_a_restart() {
    let site = Site::without_demo().await;
    let secret = "realtime-two-instances-secret-0123456789ab";
    let common = [("KANISA_JWT_SECRET", secret)];
    let (mut one, one_log) = site.serve_with("one", &common);
    site.wait_healthy(&mut one, &one_log).await;
    let (anon, _) = keys_with(&site, &common).await;
    let one_addr = site.url("").trim_start_matches("http://").to_owned();
    let (mut two, two_log, two_addr) = serve_second(&site, &common).await;
    let db = site.database().await;

    // Even subscribers on one, odd on two.
    let seen: Vec<Seen> = (0..SUBSCRIBERS).map(|_| Seen::default()).collect();
    let mut sockets: HashMap<usize, Subscriber> = HashMap::new();
    for (n, s) in seen.iter().enumerate() {
        let addr = if n % 2 == 0 { &one_addr } else { &two_addr };
        sockets.insert(n, subscribe_patiently(addr, &anon, n, s).await);
    }

    // Phase 0: both instances up.
    let mut expected = insert(&db, 0, PER_PHASE[0]).await;
    all_received(&seen, &expected, "phase 0, both instances up").await;

    // Two stops (Ctrl-C); its subscribers move to one, as a balancer sends them.
    kill(Pid::from_raw(two.id().unwrap() as i32), Signal::SIGINT).unwrap();
    let status = wait_exit(&mut two, Duration::from_secs(60)).await;
    assert!(status.success(), "{status}:\n{}", read(&two_log));
    for (n, s) in seen.iter().enumerate().filter(|(n, _)| n % 2 == 1) {
        move_to(&mut sockets, &one_addr, &anon, n, s).await;
    }
    // Phase 1: committed while two is down.
    expected.extend(insert(&db, 1, PER_PHASE[1]).await);
    all_received(&seen, &expected, "phase 1, two stopped").await;

    // Two comes back; the moved subscribers go back to it. It replays nothing it missed to
    // them (they have it) and delivers what comes next once.
    let (mut two, two_log, two_addr) = serve_second(&site, &common).await;
    for (n, s) in seen.iter().enumerate().filter(|(n, _)| n % 2 == 1) {
        move_to(&mut sockets, &two_addr, &anon, n, s).await;
    }
    expected.extend(insert(&db, 2, PER_PHASE[2]).await);
    all_received(&seen, &expected, "phase 2, two restarted").await;
    assert_eq!(expected.len(), 200);

    for (_, socket) in sockets.drain() {
        socket.close().await;
    }
    for (child, log) in [(&mut two, &two_log), (&mut one, &one_log)] {
        kill(Pid::from_raw(child.id().unwrap() as i32), Signal::SIGINT).unwrap();
        let status = wait_exit(child, Duration::from_secs(60)).await;
        assert!(status.success(), "{status}:\n{}", read(log));
    }
}
