//! `make bench`'s realtime driver: many WebSocket subscribers against one running Kanisa, and
//! what they cost it. `scripts/bench-realtime.sh` starts a release server and runs this beside
//! it; it prints measurements, never verdicts on its own behaviour.
//!
//! 1. Signs up the claim groups: anon (the socket's `apikey`) and `groups - 1` signed-in users,
//!    each with a real `auth.sessions` row and a token naming it, so the heartbeat's session
//!    check does the work it does for real callers.
//! 2. Opens `subscribers` sockets (`vsn=2.0.0`, as supabase-js connects), each joining its own
//!    channel with `postgres_changes` INSERT on `public.sermons`, spread round-robin over the
//!    groups. Each beats every 25 s, as realtime-js does, at its own phase.
//! 3. The server's resident memory before and with the sockets; its CPU and the database
//!    cluster's over `--cpu-seconds` while they sit idle.
//! 4. `--changes` published sermons inserted `--spacing-ms` apart on the owner's connection:
//!    from just before each INSERT to each subscriber's receipt of its change, p50/p95/p99/max,
//!    and what was missing or came twice.
//! 5. More idle sockets, up to `--idle` in all: memory, and CPU again.
//!
//! usage: bench_sockets --url ws://HOST:PORT/realtime/v1/websocket --apikey ANON --secret JWT
//!        --db 'host=... user=postgres dbname=kanisa' --pid SERVER_PID --postmaster PG_PID
//!        [--subscribers 1000] [--idle 10000] [--groups 10] [--changes 200] [--spacing-ms 50]
//!        [--cpu-seconds 30]

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use kanisa_auth::JwtKeys;
use serde_json::{Value, json};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, mpsc, oneshot, watch};
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message as Ws;

const HEARTBEAT: Duration = Duration::from_secs(25);
const TITLE: &str = "bench-rt ";

struct Args(HashMap<String, String>);

impl Args {
    fn parse() -> Args {
        let mut map = HashMap::new();
        let mut args = std::env::args().skip(1);
        while let Some(key) = args.next() {
            let key = key.trim_start_matches("--").to_owned();
            let value = args
                .next()
                .unwrap_or_else(|| panic!("--{key} needs a value"));
            map.insert(key, value);
        }
        Args(map)
    }
    fn text(&self, key: &str) -> String {
        self.0
            .get(key)
            .cloned()
            .unwrap_or_else(|| panic!("--{key} is required"))
    }
    fn number(&self, key: &str, default: u64) -> u64 {
        self.0
            .get(key)
            .map(|v| {
                v.parse()
                    .unwrap_or_else(|_| panic!("--{key} takes a number"))
            })
            .unwrap_or(default)
    }
}

/// What the sockets report to the driver.
struct Shared {
    /// (socket, change sequence, when it arrived).
    seen: mpsc::UnboundedSender<(usize, u64, Instant)>,
    /// Sockets that ended (closed by the server or failed) while the bench still wanted them.
    ended: AtomicUsize,
    stop: watch::Receiver<bool>,
}

#[tokio::main]
async fn main() {
    let args = Args::parse();
    let url = format!(
        "{}?apikey={}&vsn=2.0.0",
        args.text("url"),
        args.text("apikey")
    );
    let subscribers = args.number("subscribers", 1000) as usize;
    let idle = args.number("idle", 10_000) as usize;
    let groups = args.number("groups", 10).max(1) as usize;
    let changes = args.number("changes", 200);
    let spacing = Duration::from_millis(args.number("spacing-ms", 50));
    let cpu_window = Duration::from_secs(args.number("cpu-seconds", 30));
    let server = args.number("pid", 0) as u32;
    let postmaster = args.number("postmaster", 0) as u32;

    let (db, connection) = tokio_postgres::connect(&args.text("db"), tokio_postgres::NoTls)
        .await
        .expect("the database answers");
    tokio::spawn(connection);
    let tokens = group_tokens(&db, &JwtKeys::new(&args.text("secret")), groups).await;

    let (seen_tx, mut seen_rx) = mpsc::unbounded_channel();
    let (stop_tx, stop_rx) = watch::channel(false);
    let shared = Arc::new(Shared {
        seen: seen_tx,
        ended: AtomicUsize::new(0),
        stop: stop_rx,
    });
    let rss_before = rss_kib(server);
    println!("   server at rest: {}", mib(rss_before));

    // --- sockets joined, then idle -------------------------------------------------------------
    let started = Instant::now();
    open(&url, &tokens, 0..subscribers, subscribers, &shared).await;
    println!(
        "   {subscribers} sockets joined in {:.1} s ({} claim groups: anon and {} signed-in users)",
        started.elapsed().as_secs_f64(),
        groups,
        groups - 1
    );
    tokio::time::sleep(Duration::from_secs(2)).await;
    let rss_1k = rss_kib(server);
    println!(
        "== RSS with {subscribers} idle sockets: {} ({:.1} KiB per socket above rest)",
        mib(rss_1k),
        (rss_1k - rss_before) as f64 / subscribers as f64
    );
    idle_cpu(server, postmaster, cpu_window, subscribers).await;

    // --- change to delivery --------------------------------------------------------------------
    while seen_rx.try_recv().is_ok() {}
    let mut sent: Vec<Instant> = Vec::with_capacity(changes as usize);
    for seq in 0..changes {
        sent.push(Instant::now());
        db.execute(
            "INSERT INTO public.sermons (title, speaker, sermon_date, is_published) \
             VALUES ($1, 'Bench speaker', current_date, true)",
            &[&format!("{TITLE}{seq}")],
        )
        .await
        .expect("a sermon is inserted");
        tokio::time::sleep(spacing).await;
    }
    let expected = subscribers * changes as usize;
    let mut arrivals: HashSet<(usize, u64)> = HashSet::with_capacity(expected);
    let mut latencies: Vec<Duration> = Vec::with_capacity(expected);
    let mut twice = 0usize;
    let deadline = Instant::now() + Duration::from_secs(30);
    while arrivals.len() < expected {
        match tokio::time::timeout_at(deadline, seen_rx.recv()).await {
            Ok(Some((socket, seq, at))) => {
                if !arrivals.insert((socket, seq)) {
                    twice += 1;
                } else if let Some(sent) = sent.get(seq as usize) {
                    latencies.push(at.saturating_duration_since(*sent));
                }
            }
            _ => break,
        }
    }
    latencies.sort();
    let pct = |p: f64| -> f64 {
        latencies
            .get(((latencies.len() as f64 * p).ceil() as usize).saturating_sub(1))
            .map_or(f64::NAN, |d| d.as_secs_f64() * 1000.0)
    };
    println!(
        "== change to delivery, {changes} inserts {} ms apart to {subscribers} subscribers: \
         p50 {:.1} ms, p95 {:.1} ms (target <= 100: {}), p99 {:.1} ms, max {:.1} ms",
        spacing.as_millis(),
        pct(0.50),
        pct(0.95),
        if pct(0.95) <= 100.0 { "met" } else { "NOT met" },
        pct(0.99),
        pct(1.0)
    );
    println!(
        "   {} of {expected} deliveries, {} missing, {twice} twice, {} sockets ended early",
        arrivals.len(),
        expected - arrivals.len(),
        shared.ended.load(Ordering::Relaxed)
    );

    // --- many idle sockets ---------------------------------------------------------------------
    if idle > subscribers {
        let started = Instant::now();
        open(&url, &tokens, subscribers..idle, idle, &shared).await;
        println!(
            "   {} more sockets joined in {:.1} s",
            idle - subscribers,
            started.elapsed().as_secs_f64()
        );
        tokio::time::sleep(Duration::from_secs(2)).await;
        let rss_10k = rss_kib(server);
        println!(
            "== RSS with {idle} idle sockets: {} ({:.1} KiB per socket above rest)",
            mib(rss_10k),
            (rss_10k - rss_before) as f64 / idle as f64
        );
        idle_cpu(server, postmaster, cpu_window, idle).await;
    }
    println!(
        "   sockets ended early in all: {}",
        shared.ended.load(Ordering::Relaxed)
    );
    let _ = stop_tx.send(true);
    tokio::time::sleep(Duration::from_millis(500)).await;
}

/// The access token of each group: `None` for anon (the socket's `apikey`), else a signed-in
/// user's with a live session.
async fn group_tokens(
    db: &tokio_postgres::Client,
    keys: &JwtKeys,
    groups: usize,
) -> Vec<Option<String>> {
    let mut tokens = vec![None];
    let exp = chrono::Utc::now().timestamp() + 4 * 3600;
    for n in 1..groups {
        let email = format!("bench-rt-{n}-{}@example.org", uuid::Uuid::new_v4().simple());
        let row = db
            .query_one(
                "WITH u AS (INSERT INTO auth.users (email, encrypted_password) VALUES ($1, 'x') RETURNING id) \
                 INSERT INTO auth.sessions (user_id) SELECT id FROM u RETURNING user_id, id",
                &[&email],
            )
            .await
            .expect("a bench user and session are made");
        let (user, session): (uuid::Uuid, uuid::Uuid) = (row.get(0), row.get(1));
        let token = keys
            .sign(
                &json!({"role": "authenticated", "aud": "authenticated", "sub": user.to_string(),
                          "email": email, "session_id": session.to_string(), "exp": exp}),
            )
            .expect("a token is signed");
        tokens.push(Some(token));
    }
    tokens
}

/// Opens and joins the sockets numbered `range` (of `total`, for their heartbeat phases), 100
/// handshakes at a time; returns once every one has its join's reply.
async fn open(
    url: &str,
    tokens: &[Option<String>],
    range: std::ops::Range<usize>,
    total: usize,
    shared: &Arc<Shared>,
) {
    let gate = Arc::new(Semaphore::new(100));
    let mut joins = Vec::with_capacity(range.len());
    for n in range {
        let (joined_tx, joined_rx) = oneshot::channel();
        let permit = gate
            .clone()
            .acquire_owned()
            .await
            .expect("the gate stays open");
        let token = tokens[n % tokens.len()].clone();
        let phase = HEARTBEAT.mul_f64(n as f64 / total as f64);
        // The socket gives its permit back once its join is answered.
        let joined = Joined {
            tx: Some(joined_tx),
            _permit: Some(permit),
        };
        tokio::spawn(socket(
            url.to_owned(),
            n,
            token,
            phase,
            joined,
            shared.clone(),
        ));
        joins.push(async move {
            joined_rx
                .await
                .unwrap_or_else(|_| Err("the socket task ended".into()))
        });
    }
    let mut refused = Vec::new();
    for answer in futures_util::future::join_all(joins).await {
        if let Err(why) = answer {
            refused.push(why);
        }
    }
    if !refused.is_empty() {
        eprintln!(
            "{} sockets were not joined; the first: {}",
            refused.len(),
            refused[0]
        );
        std::process::exit(1);
    }
}

/// Where a socket answers whether it joined, and its place among the handshakes under way.
struct Joined {
    tx: Option<oneshot::Sender<Result<(), String>>>,
    _permit: Option<OwnedSemaphorePermit>,
}

async fn socket(
    url: String,
    n: usize,
    token: Option<String>,
    phase: Duration,
    mut joined: Joined,
    shared: Arc<Shared>,
) {
    let answer = |joined: &mut Joined, r: Result<(), String>| {
        if let Some(tx) = joined.tx.take() {
            let _ = tx.send(r);
        }
        joined._permit = None;
    };
    let ws = match tokio_tungstenite::connect_async(url.as_str()).await {
        Ok((ws, _)) => ws,
        Err(e) => return answer(&mut joined, Err(format!("connect: {e}"))),
    };
    let (mut tx, mut rx) = ws.split();
    let topic = format!("realtime:bench-{n}");
    let mut payload = json!({"config": {
        "broadcast": {"ack": false, "self": false}, "presence": {"key": "", "enabled": false},
        "postgres_changes": [{"event": "INSERT", "schema": "public", "table": "sermons"}],
        "private": false}});
    if let Some(token) = token {
        payload["access_token"] = token.into();
    }
    let join = json!(["1", "1", topic, "phx_join", payload]).to_string();
    if let Err(e) = tx.send(Ws::text(join)).await {
        return answer(&mut joined, Err(format!("join: {e}")));
    }
    let mut beat = tokio::time::interval_at(Instant::now() + phase, HEARTBEAT);
    let mut stop = shared.stop.clone();
    let mut next_ref = 2u64;
    loop {
        tokio::select! {
            frame = rx.next() => match frame {
                Some(Ok(Ws::Text(text))) => {
                    let Ok(Value::Array(m)) = serde_json::from_str::<Value>(&text) else { continue };
                    match m.get(3).and_then(Value::as_str) {
                        Some("postgres_changes") => {
                            let title = m[4]["data"]["record"]["title"].as_str().unwrap_or_default();
                            if let Some(seq) = title.strip_prefix(TITLE).and_then(|s| s.parse().ok()) {
                                let _ = shared.seen.send((n, seq, Instant::now()));
                            }
                        }
                        Some("phx_reply") if m[1] == "1" => {
                            let ok = m[4]["status"] == "ok";
                            answer(&mut joined, if ok { Ok(()) } else { Err(m[4].to_string()) });
                        }
                        Some("phx_close") | Some("phx_error") => {
                            shared.ended.fetch_add(1, Ordering::Relaxed);
                        }
                        _ => {}
                    }
                }
                Some(Ok(_)) => {}
                Some(Err(_)) | None => {
                    if !*stop.borrow() {
                        shared.ended.fetch_add(1, Ordering::Relaxed);
                    }
                    return answer(&mut joined, Err("the server closed the socket".into()));
                }
            },
            _ = beat.tick() => {
                let beat = json!([null, next_ref.to_string(), "phoenix", "heartbeat", {}]).to_string();
                next_ref += 1;
                let _ = tx.send(Ws::text(beat)).await;
            }
            _ = stop.changed() => {
                let _ = tx.close().await;
                return;
            }
        }
    }
}

/// The server's and the database cluster's CPU while `sockets` sit idle for `window`.
async fn idle_cpu(server: u32, postmaster: u32, window: Duration, sockets: usize) {
    let (s0, c0) = (cpu_ticks(server), cluster_ticks(postmaster));
    tokio::time::sleep(window).await;
    let (s1, c1) = (cpu_ticks(server), cluster_ticks(postmaster));
    let percent = |ticks: u64| ticks as f64 / 100.0 / window.as_secs_f64() * 100.0;
    println!(
        "== idle CPU with {sockets} sockets over {} s (heartbeats every 25 s): server {:.2} % of a core \
         (target ~0), database cluster {:.2} %",
        window.as_secs(),
        percent(s1 - s0),
        percent(c1 - c0)
    );
}

/// A process's resident memory, KiB.
fn rss_kib(pid: u32) -> i64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}

fn mib(kib: i64) -> String {
    format!("{:.1} MiB", kib as f64 / 1024.0)
}

/// (parent pid, user + system CPU ticks) of a process, from `/proc/PID/stat`.
fn stat(pid: u32) -> Option<(u32, u64)> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let fields: Vec<&str> = text.rsplit_once(')')?.1.split_whitespace().collect();
    let ppid = fields.get(1)?.parse().ok()?;
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some((ppid, utime + stime))
}

fn cpu_ticks(pid: u32) -> u64 {
    stat(pid).map_or(0, |(_, t)| t)
}

/// The postmaster's ticks and its children's (the backends, the checkpointer, the walwriter...).
fn cluster_ticks(postmaster: u32) -> u64 {
    let mut total = cpu_ticks(postmaster);
    if let Ok(dir) = std::fs::read_dir("/proc") {
        for entry in dir.flatten() {
            let Some(pid) = entry
                .file_name()
                .to_str()
                .and_then(|s| s.parse::<u32>().ok())
            else {
                continue;
            };
            if let Some((ppid, ticks)) = stat(pid)
                && ppid == postmaster
            {
                total += ticks;
            }
        }
    }
    total
}
