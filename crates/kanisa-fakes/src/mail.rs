//! A local mail server for the browser tests: it speaks enough SMTP for Kanisa's mailer (EHLO,
//! MAIL, RCPT, DATA, RSET, NOOP, QUIT; no TLS — Kanisa is pointed at it with `?tls=none`), keeps
//! every message it accepts, and shows them as JSON at `GET /__fake/mail` on its HTTP port, so a
//! test can read what a staff reply or a member's e-mail really said.

use std::sync::{Arc, Mutex};

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

/// One message as received: the envelope and the raw text (headers and body).
#[derive(Clone, Debug)]
pub struct Mail {
    pub from: String,
    pub to: Vec<String>,
    pub data: String,
}

type Inbox = Arc<Mutex<Vec<Mail>>>;

/// The running fake: its SMTP and HTTP addresses.
#[derive(Clone)]
pub struct FakeMail {
    pub smtp_port: u16,
    pub http_url: String,
    inbox: Inbox,
}

impl FakeMail {
    /// Starts both listeners on 127.0.0.1 (`smtp_port` 0 picks one; the HTTP port is free).
    pub async fn start(smtp_port: u16) -> FakeMail {
        let inbox: Inbox = Arc::default();
        let smtp = TcpListener::bind(("127.0.0.1", smtp_port))
            .await
            .expect("bind the SMTP port");
        let smtp_port = smtp.local_addr().expect("an address").port();
        let accepted = inbox.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = smtp.accept().await {
                tokio::spawn(session(stream, accepted.clone()));
            }
        });
        let http = TcpListener::bind("127.0.0.1:0").await.expect("bind HTTP");
        let http_url = format!("http://{}", http.local_addr().expect("an address"));
        let app = Router::new()
            .route("/__fake/mail", get(list))
            .with_state(inbox.clone());
        tokio::spawn(async move {
            let _ = axum::serve(http, app).await;
        });
        FakeMail {
            smtp_port,
            http_url,
            inbox,
        }
    }

    pub fn received(&self) -> Vec<Mail> {
        self.inbox.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

async fn list(State(inbox): State<Inbox>) -> Json<Value> {
    let mail = inbox.lock().unwrap_or_else(|e| e.into_inner()).clone();
    Json(json!(
        mail.iter()
            .map(|m| json!({"from": m.from, "to": m.to, "data": m.data}))
            .collect::<Vec<_>>()
    ))
}

fn reply(text: &str) -> Vec<u8> {
    format!("{text}\r\n").into_bytes()
}

/// One SMTP conversation.
async fn session(stream: tokio::net::TcpStream, inbox: Inbox) {
    let (read, mut write) = stream.into_split();
    let mut lines = BufReader::new(read);
    let _ = write.write_all(&reply("220 fake-mail ready")).await;
    let (mut from, mut to) = (String::new(), Vec::new());
    let mut line = String::new();
    loop {
        line.clear();
        if lines.read_line(&mut line).await.unwrap_or(0) == 0 {
            return;
        }
        let command = line.trim_end().to_owned();
        let upper = command.to_ascii_uppercase();
        let answer: &'static str = if upper.starts_with("EHLO") {
            "250-fake-mail\r\n250 8BITMIME"
        } else if upper.starts_with("HELO") || upper.starts_with("NOOP") {
            "250 OK"
        } else if upper.starts_with("MAIL FROM:") {
            from = command[10..].trim().trim_matches(['<', '>']).to_owned();
            to.clear();
            "250 OK"
        } else if upper.starts_with("RCPT TO:") {
            to.push(command[8..].trim().trim_matches(['<', '>']).to_owned());
            "250 OK"
        } else if upper.starts_with("RSET") {
            from.clear();
            to.clear();
            "250 OK"
        } else if upper.starts_with("DATA") {
            let _ = write.write_all(&reply("354 end with <CRLF>.<CRLF>")).await;
            let mut data = String::new();
            loop {
                line.clear();
                if lines.read_line(&mut line).await.unwrap_or(0) == 0 {
                    return;
                }
                if line == ".\r\n" || line == ".\n" {
                    break;
                }
                // Undo dot-stuffing.
                data.push_str(line.strip_prefix('.').unwrap_or(&line));
            }
            inbox.lock().unwrap_or_else(|e| e.into_inner()).push(Mail {
                from: from.clone(),
                to: to.clone(),
                data,
            });
            "250 OK queued"
        } else if upper.starts_with("QUIT") {
            let _ = write.write_all(&reply("221 bye")).await;
            return;
        } else {
            "502 not implemented"
        };
        if write.write_all(&reply(answer)).await.is_err() {
            return;
        }
    }
}
