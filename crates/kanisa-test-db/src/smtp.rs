//! An SMTP sink for tests, speaking just enough of RFC 5321 for lettre: 220, EHLO, MAIL, RCPT
//! (250 or a configured refusal), DATA, QUIT. Keeps every message it accepted; can be stopped
//! (connections refused) and started again on the same port, to play a mail server that is
//! down for a while.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;
use tokio::task::JoinHandle;

pub struct Sink {
    pub port: u16,
    pub received: Arc<Mutex<Vec<String>>>,
    rcpt_reply: &'static str,
    /// How long each DATA waits for its reply (so that sends are in flight for a while).
    delay: Duration,
    task: Option<JoinHandle<()>>,
}

impl Sink {
    /// A sink on a free port; `rcpt_reply` answers every RCPT (e.g. "250 OK" or
    /// "550 5.1.1 mailbox unavailable").
    pub async fn start(rcpt_reply: &'static str) -> Sink {
        Self::start_slow(rcpt_reply, Duration::ZERO).await
    }

    /// A sink that answers each DATA only after `delay`.
    pub async fn start_slow(rcpt_reply: &'static str, delay: Duration) -> Sink {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a free port");
        Self::serve(
            listener,
            rcpt_reply,
            delay,
            Arc::new(Mutex::new(Vec::new())),
        )
    }

    /// Stops accepting: the port refuses connections until [`Sink::restart`].
    pub fn stop(&mut self) {
        if let Some(task) = self.task.take() {
            task.abort();
        }
    }

    /// Listens again on the same port, keeping what was received.
    pub async fn restart(&mut self) {
        self.stop();
        let listener = loop {
            match TcpListener::bind(("127.0.0.1", self.port)).await {
                Ok(l) => break l,
                // The aborted listener may take a moment to let go of the port.
                Err(_) => tokio::time::sleep(Duration::from_millis(20)).await,
            }
        };
        *self = Self::serve(listener, self.rcpt_reply, self.delay, self.received.clone());
    }

    fn serve(
        listener: TcpListener,
        rcpt_reply: &'static str,
        delay: Duration,
        received: Arc<Mutex<Vec<String>>>,
    ) -> Sink {
        let port = listener.local_addr().expect("an address").port();
        let store = received.clone();
        let task = tokio::spawn(async move {
            // The connections live in this task's set: stopping the sink ends them too (a
            // sender's pooled connection included).
            let mut connections = tokio::task::JoinSet::new();
            while let Ok((stream, _)) = listener.accept().await {
                let store = store.clone();
                connections.spawn(async move {
                    let (read, mut write) = stream.into_split();
                    let mut lines = BufReader::new(read).lines();
                    if write.write_all(b"220 sink ESMTP\r\n").await.is_err() {
                        return;
                    }
                    while let Ok(Some(line)) = lines.next_line().await {
                        let verb = line.get(..4).unwrap_or("").to_ascii_uppercase();
                        let reply: &str = match verb.as_str() {
                            "EHLO" | "HELO" => "250 sink",
                            "MAIL" | "RSET" | "NOOP" => "250 OK",
                            "RCPT" => rcpt_reply,
                            "DATA" => {
                                if write.write_all(b"354 go ahead\r\n").await.is_err() {
                                    return;
                                }
                                let mut data = String::new();
                                let mut complete = false;
                                while let Ok(Some(l)) = lines.next_line().await {
                                    if l == "." {
                                        complete = true;
                                        break;
                                    }
                                    data.push_str(&l);
                                    data.push('\n');
                                }
                                // A message cut off by its sender is not accepted, as by a
                                // real server.
                                if !complete {
                                    return;
                                }
                                tokio::time::sleep(delay).await;
                                store.lock().unwrap_or_else(|e| e.into_inner()).push(data);
                                "250 2.0.0 queued as 1"
                            }
                            "QUIT" => {
                                let _ = write.write_all(b"221 bye\r\n").await;
                                return;
                            }
                            _ => "502 not implemented",
                        };
                        if write
                            .write_all(format!("{reply}\r\n").as_bytes())
                            .await
                            .is_err()
                        {
                            return;
                        }
                    }
                });
            }
        });
        Sink {
            port,
            received,
            rcpt_reply,
            delay,
            task: Some(task),
        }
    }

    /// The messages accepted so far (headers and body, as sent).
    pub fn received(&self) -> Vec<String> {
        self.received
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Each accepted message's `Message-ID` with how many times it arrived.
    pub fn message_ids(&self) -> std::collections::HashMap<String, usize> {
        let mut ids = std::collections::HashMap::new();
        for message in self.received() {
            let id = message
                .lines()
                .find_map(|l| l.strip_prefix("Message-ID: "))
                .unwrap_or("(none)")
                .to_owned();
            *ids.entry(id).or_default() += 1;
        }
        ids
    }

    /// The `smtp://` URL of this sink for `KANISA_SMTP_URL` (plain text: a local relay).
    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}?tls=none", self.port)
    }
}

impl Drop for Sink {
    fn drop(&mut self) {
        self.stop();
    }
}
