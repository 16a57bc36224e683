//! An SMTP sink speaking just enough of RFC 5321 for lettre: 220, EHLO, MAIL, RCPT (250 or a
//! configured refusal), DATA, QUIT. Keeps every message it accepted.

use std::sync::{Arc, Mutex};

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

pub struct Sink {
    pub port: u16,
    pub received: Arc<Mutex<Vec<String>>>,
}

impl Sink {
    /// A sink on a free port; `rcpt_reply` answers every RCPT (e.g. "250 OK" or
    /// "550 5.1.1 mailbox unavailable").
    pub async fn start(rcpt_reply: &'static str) -> Sink {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let received = Arc::new(Mutex::new(Vec::new()));
        let store = received.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let store = store.clone();
                tokio::spawn(async move {
                    let (read, mut write) = stream.into_split();
                    let mut lines = BufReader::new(read).lines();
                    write.write_all(b"220 sink ESMTP\r\n").await.unwrap();
                    while let Ok(Some(line)) = lines.next_line().await {
                        let verb = line.get(..4).unwrap_or("").to_ascii_uppercase();
                        let reply: &str = match verb.as_str() {
                            "EHLO" | "HELO" => "250 sink",
                            "MAIL" | "RSET" | "NOOP" => "250 OK",
                            "RCPT" => rcpt_reply,
                            "DATA" => {
                                write.write_all(b"354 go ahead\r\n").await.unwrap();
                                let mut data = String::new();
                                while let Ok(Some(l)) = lines.next_line().await {
                                    if l == "." {
                                        break;
                                    }
                                    data.push_str(&l);
                                    data.push('\n');
                                }
                                store.lock().unwrap().push(data);
                                "250 2.0.0 queued as 1"
                            }
                            "QUIT" => {
                                write.write_all(b"221 bye\r\n").await.unwrap();
                                break;
                            }
                            _ => "502 not implemented",
                        };
                        write
                            .write_all(format!("{reply}\r\n").as_bytes())
                            .await
                            .unwrap();
                    }
                });
            }
        });
        Sink { port, received }
    }

    pub fn received(&self) -> Vec<String> {
        self.received.lock().unwrap().clone()
    }
}
