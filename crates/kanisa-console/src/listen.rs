//! `\listen TABLE [FILTER]`: a published table's row changes, as the console's caller would
//! receive them over realtime — the same hub and session a WebSocket subscriber gets, so the
//! caller's policies decide what shows, exactly as for the apps. `FILTER` is realtime's
//! (`id=eq.5`, `status=in.(open,closed)`).
//!
//! Each change is one line: commit time, event, table, and the row as JSON (a DELETE's primary
//! key; a change whose policy check failed for this caller, its error).

use std::sync::Arc;

use kanisa_auth::{Identity, JwtKeys};
use kanisa_realtime::wire::{Message, Payload};
use kanisa_realtime::{Hub, Limits, Outbox, Session, Shared};
use serde_json::{Value, json};
use tokio::sync::mpsc;

use crate::ConsoleError;

/// The topic the console's channel joins.
const TOPIC: &str = "realtime:console";

/// A running `\listen`: ends when dropped.
pub struct Listening {
    _session: Session,
    queued: mpsc::Receiver<Arc<Shared>>,
}

impl Listening {
    /// Joins `table`'s changes (optionally filtered) as `identity`; the reason when realtime
    /// refuses (not published, not readable, a bad filter).
    pub async fn start(
        hub: &Hub,
        identity: &Identity,
        table: &str,
        filter: Option<&str>,
    ) -> Result<Listening, ConsoleError> {
        let (outbox, queued) = Outbox::new();
        // No token is ever presented: the channel runs as the console's identity (the
        // session's "apikey"), so the keys only need to exist.
        let keys = Arc::new(JwtKeys::new(&uuid::Uuid::new_v4().to_string()));
        let mut session = Session::new(
            hub.clone(),
            keys,
            identity.clone(),
            Limits::default(),
            outbox,
        );
        let mut binding = json!({"event": "*", "schema": "public", "table": table});
        if let Some(filter) = filter {
            binding["filter"] = filter.into();
        }
        let replies = session
            .handle(Message {
                join_ref: Some("1".into()),
                msg_ref: Some("1".into()),
                topic: TOPIC.into(),
                event: "phx_join".into(),
                payload: Payload::Json(json!({"config": {"postgres_changes": [binding]}})),
            })
            .await;
        let reply = replies.first().and_then(Message::json).cloned();
        match reply {
            Some(r) if r["status"] == "ok" => Ok(Listening {
                _session: session,
                queued,
            }),
            Some(r) => Err(ConsoleError::Listen(
                r["response"]["reason"]
                    .as_str()
                    .unwrap_or("realtime refused the subscription")
                    .to_owned(),
            )),
            None => Err(ConsoleError::Listen("realtime did not answer".into())),
        }
    }

    /// The next change, as a line; `None` once the channel ended.
    pub async fn next(&mut self) -> Option<String> {
        loop {
            let message = self.queued.recv().await?;
            match message.event.as_str() {
                "postgres_changes" => {
                    if let Some(payload) = message.value() {
                        return Some(line(&payload["data"]));
                    }
                }
                "phx_close" => return None,
                "system" => {
                    let p = message.value().map(|v| v.into_owned()).unwrap_or_default();
                    if p["status"] == "error" {
                        return Some(format!("stopped: {}", p["message"].as_str().unwrap_or("")));
                    }
                }
                _ => {}
            }
        }
    }
}

/// `12:01:02.123Z INSERT sermons {"id":…}`.
pub fn line(data: &Value) -> String {
    let kind = data["type"].as_str().unwrap_or("?");
    let at = data["commit_timestamp"].as_str().unwrap_or("");
    let time = at.split_once('T').map_or(at, |(_, t)| t);
    let table = data["table"].as_str().unwrap_or("?");
    if let Some(errors) = data["errors"].as_array().filter(|e| !e.is_empty()) {
        let text: Vec<&str> = errors.iter().filter_map(Value::as_str).collect();
        return format!("{time} {kind} {table} (not shown: {})", text.join("; "));
    }
    let row = if kind == "DELETE" {
        &data["old_record"]
    } else {
        &data["record"]
    };
    format!("{time} {kind} {table} {row}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_is_one_line() {
        let insert = json!({"type": "INSERT", "table": "sermons",
            "commit_timestamp": "2026-12-03T10:20:30.123Z", "record": {"id": 1}, "errors": null});
        assert_eq!(line(&insert), r#"10:20:30.123Z INSERT sermons {"id":1}"#);
        let delete = json!({"type": "DELETE", "table": "sermons",
            "commit_timestamp": "2026-12-03T10:20:31.000Z", "old_record": {"id": 1}, "errors": null});
        assert_eq!(line(&delete), r#"10:20:31.000Z DELETE sermons {"id":1}"#);
        let failed = json!({"type": "UPDATE", "table": "t", "commit_timestamp": "x",
            "record": {}, "errors": ["Error 500: boom"]});
        assert_eq!(line(&failed), "x UPDATE t (not shown: Error 500: boom)");
    }
}
