//! Accepting connections: how long a connection may keep the server waiting and how many it
//! may hold, so that a flood of slow or half-open connections can neither exhaust the open
//! files nor stop `/health` from answering.
//!
//! - A request's head must arrive whole within `header_timeout` (hyper's header read timer,
//!   which also runs while a keep-alive connection sits idle between requests): a half-sent
//!   request or an idle connection is closed when it passes.
//! - A request body may pause at most `body_timeout` between two parts of it, and must arrive
//!   whole within a deadline scaled to its size: `body_timeout` plus its `Content-Length` (or,
//!   without one, the largest body any endpoint takes) at [`MIN_BODY_RATE`]. A body that
//!   trickles — a byte every few seconds against a large `Content-Length` — is cut at that
//!   deadline instead of holding a connection for hours.
//! - At most `max_connections` are open at once, and at most `max_connections_per_client`
//!   from one address (trusted proxies, which carry many clients, are exempt). A connection
//!   over either cap is answered at once with a 503 in the API's error envelope and closed,
//!   without ever reaching the router.
//! - On shutdown, no new connection is accepted and requests in flight finish.
//!
//! HTTP/1.1 only: browsers speak HTTP/2 only over TLS, which a reverse proxy terminates.

use std::collections::HashMap;
use std::convert::Infallible;
use std::future::Future;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use kanisa_config::IpBlock;
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tower::ServiceExt;

/// The slowest a request body may arrive on average (bytes a second): a poor 2G connection
/// still sends several times this.
pub const MIN_BODY_RATE: u64 = 4 * 1024;

/// The largest body any endpoint takes (an upload, `kanisa-storage`'s limit plus its form
/// parts): the deadline of a body that declares no length.
pub const LARGEST_BODY: u64 = 51 * 1024 * 1024;

/// The time a whole body of `length` bytes (declared, or unknown) may take.
pub fn body_deadline(pause: Duration, length: Option<u64>) -> Duration {
    let bytes = length.unwrap_or(LARGEST_BODY).min(LARGEST_BODY);
    pause + Duration::from_secs(bytes.div_ceil(MIN_BODY_RATE))
}

/// A request body that ends with an error once its deadline passes, however steadily it
/// arrives (the per-pause timeout sits inside it).
struct DeadlineBody<B> {
    inner: std::pin::Pin<Box<B>>,
    deadline: std::pin::Pin<Box<tokio::time::Sleep>>,
}

/// The error a body cut off at its deadline ends with.
#[derive(Debug)]
pub struct BodyDeadline;

impl std::fmt::Display for BodyDeadline {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the request body did not arrive in time")
    }
}

impl std::error::Error for BodyDeadline {}

impl<B> http_body::Body for DeadlineBody<B>
where
    B: http_body::Body,
    B::Error: Into<axum::BoxError>,
{
    type Data = B::Data;
    type Error = axum::BoxError;

    fn poll_frame(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<http_body::Frame<Self::Data>, Self::Error>>> {
        if self.deadline.as_mut().poll(cx).is_ready() {
            return std::task::Poll::Ready(Some(Err(Box::new(BodyDeadline))));
        }
        self.inner.as_mut().poll_frame(cx).map_err(Into::into)
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.inner.size_hint()
    }
}

/// What [`serve`] allows a connection.
#[derive(Debug, Clone)]
pub struct ServeOptions {
    /// The time a request's head may take to arrive, and an idle keep-alive connection to stay.
    pub header_timeout: Duration,
    /// The longest pause while a request body arrives.
    pub body_timeout: Duration,
    /// Open connections in all.
    pub max_connections: usize,
    /// Open connections from one address, trusted proxies exempt.
    pub max_connections_per_client: usize,
    /// Peers exempt from the per-client cap.
    pub trusted_proxies: Vec<IpBlock>,
}

impl ServeOptions {
    /// The limits of the configuration, with `max_connections` kept within the process's
    /// open-file limit (minus room for the database pool, files being served and the log).
    pub fn from_config(limits: &kanisa_config::HttpLimits, proxies: &[IpBlock]) -> Self {
        let files = open_file_limit();
        let max_connections = limits
            .max_connections
            .min(usize::try_from(files.saturating_sub(FILES_KEPT_FREE)).unwrap_or(usize::MAX))
            .max(16);
        ServeOptions {
            header_timeout: Duration::from_secs(limits.header_timeout_secs),
            body_timeout: Duration::from_secs(limits.body_timeout_secs),
            max_connections,
            max_connections_per_client: limits.max_connections_per_client,
            trusted_proxies: proxies.to_vec(),
        }
    }
}

impl Default for ServeOptions {
    fn default() -> Self {
        ServeOptions::from_config(&kanisa_config::HttpLimits::default(), &[])
    }
}

/// Open files kept for everything but client connections.
const FILES_KEPT_FREE: u64 = 512;
/// Refused connections whose 503 is still being written; past this they are simply closed.
const REFUSALS_IN_FLIGHT: usize = 256;
/// How long a refused connection is given to take its 503.
const REFUSAL_LINGER: Duration = Duration::from_millis(500);

/// Raises the soft open-file limit to the hard one (as servers do: the default soft limit of
/// 1024 would cap connections far below what the machine allows) and returns it.
pub fn raise_open_file_limit() -> u64 {
    use nix::sys::resource::{Resource, getrlimit, setrlimit};
    match getrlimit(Resource::RLIMIT_NOFILE) {
        Ok((soft, hard)) if soft < hard => match setrlimit(Resource::RLIMIT_NOFILE, hard, hard) {
            Ok(()) => hard,
            Err(_) => soft,
        },
        Ok((soft, _)) => soft,
        Err(_) => 1024,
    }
}

fn open_file_limit() -> u64 {
    nix::sys::resource::getrlimit(nix::sys::resource::Resource::RLIMIT_NOFILE)
        .map_or(1024, |(soft, _)| soft)
}

/// Serves `app` on `listener` until `shutdown` resolves, then stops accepting and lets the
/// requests in flight finish.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    options: ServeOptions,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let limits = Arc::new(Limits::new(&options));
    let refusals = Arc::new(Semaphore::new(REFUSALS_IN_FLIGHT));
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(options.header_timeout)
        .keep_alive(true);
    // Every connection's task holds a receiver: a change asks it to finish gracefully, and the
    // sender's `closed()` is when they all have. (hyper-util's GracefulShutdown cannot watch a
    // connection that may upgrade to a WebSocket; an upgraded socket lives on its own task.)
    let (graceful, _) = tokio::sync::watch::channel(());
    tracing::info!(
        header_timeout_s = options.header_timeout.as_secs(),
        body_timeout_s = options.body_timeout.as_secs(),
        max_connections = options.max_connections,
        max_connections_per_client = options.max_connections_per_client,
        "accepting connections"
    );
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(pair) => pair,
                Err(e) => {
                    accept_failed(&e).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let slot = match limits.admit(peer.ip(), &options.trusted_proxies) {
            Ok(slot) => slot,
            Err(refusal) => {
                refuse(stream, refusal, &refusals);
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        // Held by the connection's task and by a socket it upgrades to, so a WebSocket counts
        // against the caps for as long as it is open.
        let slot = HeldSlot {
            _slot: Arc::new(slot),
        };
        let held = slot.clone();
        let body_timeout = options.body_timeout;
        let router = app.clone();
        let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
            let length = request
                .headers()
                .get(hyper::header::CONTENT_LENGTH)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.trim().parse::<u64>().ok());
            let deadline = body_deadline(body_timeout, length);
            let mut request = request.map(|incoming| {
                Body::new(DeadlineBody {
                    inner: Box::pin(tower_http::timeout::TimeoutBody::new(
                        body_timeout,
                        incoming,
                    )),
                    deadline: Box::pin(tokio::time::sleep(deadline)),
                })
            });
            request.extensions_mut().insert(ConnectInfo(peer));
            request.extensions_mut().insert(held.clone());
            let router = router.clone();
            async move {
                Ok::<_, Infallible>(router.oneshot(request).await.unwrap_or_else(|e| match e {}))
            }
        });
        let connection = http
            .serve_connection(TokioIo::new(stream), service)
            .with_upgrades();
        let mut stopping = graceful.subscribe();
        tokio::spawn(async move {
            let mut connection = std::pin::pin!(connection);
            let ended = tokio::select! {
                ended = connection.as_mut() => ended,
                _ = stopping.changed() => {
                    connection.as_mut().graceful_shutdown();
                    connection.await
                }
            };
            drop(stopping);
            if let Err(e) = ended {
                tracing::debug!(%peer, error = %e, "connection ended with an error");
            }
            drop(slot);
        });
    }
    drop(listener);
    tracing::info!(
        connections = graceful.receiver_count(),
        "no longer accepting; finishing requests in flight"
    );
    let _ = graceful.send(());
    graceful.closed().await;
    Ok(())
}

/// Accept failed: out of files (should not happen under the caps, but another part of the
/// process may hold many) is worth a pause; a connection reset before accept is not.
async fn accept_failed(e: &std::io::Error) {
    use std::io::ErrorKind;
    if matches!(
        e.kind(),
        ErrorKind::ConnectionAborted | ErrorKind::ConnectionReset | ErrorKind::ConnectionRefused
    ) {
        return;
    }
    tracing::error!(error = %e, "cannot accept a connection");
    tokio::time::sleep(Duration::from_millis(100)).await;
}

/// Why a connection was not admitted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Refusal {
    Full,
    ClientFull,
}

impl Refusal {
    fn body(self) -> &'static str {
        match self {
            Refusal::Full => {
                r#"{"code":"too_many_connections","message":"The server has too many open connections. Please try again in a moment.","details":null,"hint":null}"#
            }
            Refusal::ClientFull => {
                r#"{"code":"too_many_connections","message":"Too many open connections from your address. Close some and try again.","details":null,"hint":null}"#
            }
        }
    }
}

/// Answers 503 on a connection that is not admitted, then closes it. Best effort and bounded:
/// the answer is written without waiting for the request, and a connection that will not take
/// it within [`REFUSAL_LINGER`] is dropped.
fn refuse(mut stream: TcpStream, refusal: Refusal, refusals: &Arc<Semaphore>) {
    let Ok(permit) = refusals.clone().try_acquire_owned() else {
        return; // Dropped: closed at once.
    };
    tokio::spawn(async move {
        let body = refusal.body();
        let answer = format!(
            "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n\
             retry-after: 5\r\nconnection: close\r\ncontent-length: {}\r\n\r\n{body}",
            body.len()
        );
        let _ = tokio::time::timeout(REFUSAL_LINGER, async {
            stream.write_all(answer.as_bytes()).await?;
            stream.shutdown().await?;
            // Read what the client sent, so closing does not reset the connection before the
            // answer is read.
            let mut sink = [0u8; 4096];
            loop {
                stream.readable().await?;
                match stream.try_read(&mut sink) {
                    Ok(0) => break,
                    Ok(_) => {}
                    Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
                    Err(e) => return Err(e),
                }
            }
            Ok::<(), std::io::Error>(())
        })
        .await;
        drop(permit);
    });
}

/// Open connections per client address (addresses with none are removed).
type ClientCounts = Arc<Mutex<HashMap<IpAddr, usize>>>;

/// The connection caps: a semaphore for all connections, a count per address.
struct Limits {
    all: Arc<Semaphore>,
    per_client: usize,
    clients: ClientCounts,
}

/// An admitted connection's place, shared by the connection and the WebSocket it may upgrade
/// to (the handler keeps a clone from the request's extensions): given back when both are done.
#[derive(Clone)]
pub(crate) struct HeldSlot {
    _slot: Arc<Slot>,
}

/// An admitted connection's place: given back when the connection ends.
struct Slot {
    _permit: OwnedSemaphorePermit,
    client: Option<(IpAddr, ClientCounts)>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        if let Some((ip, clients)) = self.client.take() {
            let mut clients = clients.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(n) = clients.get_mut(&ip) {
                *n -= 1;
                if *n == 0 {
                    clients.remove(&ip);
                }
            }
        }
    }
}

impl Limits {
    fn new(options: &ServeOptions) -> Self {
        Limits {
            all: Arc::new(Semaphore::new(options.max_connections)),
            per_client: options.max_connections_per_client,
            clients: Arc::new(Mutex::new(HashMap::new())),
        }
    }

    fn admit(&self, ip: IpAddr, exempt: &[IpBlock]) -> Result<Slot, Refusal> {
        let permit = self
            .all
            .clone()
            .try_acquire_owned()
            .map_err(|_| Refusal::Full)?;
        if exempt.iter().any(|block| block.contains(ip)) {
            return Ok(Slot {
                _permit: permit,
                client: None,
            });
        }
        let mut clients = self.clients.lock().unwrap_or_else(|e| e.into_inner());
        let open = clients.entry(ip).or_insert(0);
        if *open >= self.per_client {
            return Err(Refusal::ClientFull);
        }
        *open += 1;
        Ok(Slot {
            _permit: permit,
            client: Some((ip, self.clients.clone())),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(all: usize, per_client: usize) -> ServeOptions {
        ServeOptions {
            header_timeout: Duration::from_secs(1),
            body_timeout: Duration::from_secs(1),
            max_connections: all,
            max_connections_per_client: per_client,
            trusted_proxies: vec!["10.0.0.1".parse().unwrap()],
        }
    }

    #[test]
    fn caps_per_client_and_in_all_and_gives_places_back() {
        let o = options(4, 2);
        let limits = Limits::new(&o);
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        let b: IpAddr = "192.0.2.2".parse().unwrap();
        let proxy: IpAddr = "10.0.0.1".parse().unwrap();
        let a1 = limits.admit(a, &o.trusted_proxies).unwrap();
        let _a2 = limits.admit(a, &o.trusted_proxies).unwrap();
        assert_eq!(
            limits.admit(a, &o.trusted_proxies).err(),
            Some(Refusal::ClientFull)
        );
        let _b1 = limits.admit(b, &o.trusted_proxies).unwrap();
        // The proxy is exempt from the per-client cap, not from the total.
        let _p1 = limits.admit(proxy, &o.trusted_proxies).unwrap();
        assert_eq!(
            limits.admit(proxy, &o.trusted_proxies).err(),
            Some(Refusal::Full)
        );
        drop(a1);
        let _a3 = limits.admit(a, &o.trusted_proxies).unwrap();
        assert_eq!(limits.clients.lock().unwrap().get(&a), Some(&2));
    }

    #[test]
    fn a_client_whose_connections_all_closed_is_forgotten() {
        let o = options(10, 3);
        let limits = Limits::new(&o);
        let a: IpAddr = "192.0.2.9".parse().unwrap();
        let slots: Vec<_> = (0..3).map(|_| limits.admit(a, &[]).unwrap()).collect();
        drop(slots);
        assert!(limits.clients.lock().unwrap().is_empty());
        assert_eq!(limits.all.available_permits(), 10);
    }

    #[test]
    fn a_bodys_deadline_grows_with_its_size_up_to_the_largest_body() {
        let pause = Duration::from_secs(30);
        assert_eq!(body_deadline(pause, Some(0)), pause);
        // A 64 KiB form: 16 s more.
        assert_eq!(
            body_deadline(pause, Some(64 * 1024)),
            Duration::from_secs(46)
        );
        let most = body_deadline(pause, None);
        assert_eq!(body_deadline(pause, Some(u64::MAX)), most);
        assert_eq!(
            most,
            pause + Duration::from_secs(LARGEST_BODY / MIN_BODY_RATE)
        );
    }

    #[test]
    fn refusals_are_the_error_envelope() {
        for r in [Refusal::Full, Refusal::ClientFull] {
            let v: serde_json::Value = serde_json::from_str(r.body()).unwrap();
            assert_eq!(v["code"], "too_many_connections");
            assert!(v["message"].as_str().unwrap().len() > 20);
        }
    }
}
