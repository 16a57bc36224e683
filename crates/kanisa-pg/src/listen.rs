//! LISTEN on a channel over a dedicated connection, reconnecting when it drops: how every
//! Kanisa instance hears `NOTIFY kanisa, …` (schema reloads, table changes) from PostgreSQL,
//! whichever instance or tool caused them.
//!
//! What is sent: `reload schema` on DDL (event triggers, migration 0005), and `changed <table>`
//! once per statement only for tables `anon` may read (migration 0009: a notifying commit takes
//! a database-wide lock, so the public forms' inserts must not notify). The table API drops a
//! changed table's cached anonymous answers and reloads its schema cache on `reload schema`,
//! and does both after every (re)connect, since notifications may have been missed. So a
//! migration applied by one instance or by `psql` is seen by all, without a restart.

use std::time::Duration;

use futures_util::StreamExt;
use tokio::sync::mpsc;
use tokio_postgres::{AsyncMessage, NoTls};

/// Payloads of notifications on `channel`. An empty string is sent after every (re)connect:
/// notifications may have been missed, so listeners should treat it as "anything changed".
pub fn listen(config: tokio_postgres::Config, channel: &'static str) -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel(1024);
    tokio::spawn(async move {
        let mut backoff = Duration::from_millis(100);
        while !tx.is_closed() {
            match config.connect(NoTls).await {
                Ok((client, mut connection)) => {
                    let (msg_tx, mut msg_rx) = mpsc::unbounded_channel();
                    let driver = tokio::spawn(async move {
                        let mut stream =
                            futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
                        while let Some(message) = stream.next().await {
                            match message {
                                Ok(AsyncMessage::Notification(n)) => {
                                    if msg_tx.send(n.payload().to_owned()).is_err() {
                                        break;
                                    }
                                }
                                Ok(_) => {}
                                Err(e) => {
                                    tracing::warn!(error = %e, "notification connection failed");
                                    break;
                                }
                            }
                        }
                    });
                    // The channel name is a constant of the caller's code, not input.
                    if let Err(e) = client.batch_execute(&format!("LISTEN {channel}")).await {
                        tracing::warn!(error = %crate::describe(&e), "LISTEN failed");
                    } else {
                        backoff = Duration::from_millis(100);
                        let _ = tx.send(String::new()).await;
                        while let Some(payload) = msg_rx.recv().await {
                            if tx.send(payload).await.is_err() {
                                break;
                            }
                        }
                    }
                    driver.abort();
                }
                Err(e) => {
                    tracing::debug!(error = %crate::describe(&e), "cannot connect to listen");
                }
            }
            tokio::time::sleep(backoff).await;
            backoff = (backoff * 2).min(Duration::from_secs(5));
        }
    });
    rx
}
