//! Broadcast and presence: the channels of this instance's sockets by topic, and how their
//! messages reach the sockets of every other instance (migration 0054).
//!
//! - **Broadcast.** A push is delivered at once to this instance's members of the topic (the
//!   sender too when it joined with `broadcast.self`), as one [`Shared`] message encoded once
//!   per serializer, and relayed to the other instances by `NOTIFY kanisa_realtime_relay`: each
//!   delivers it to its own members and ignores its own relays. A relayed broadcast must fit a
//!   notification: its JSON payload is at most [`MAX_BROADCAST`] bytes (a larger one is refused
//!   with `payload_size_exceeded`, as realtime's replies read).
//! - **Presence.** A tracked presence is a row of `realtime.presences` under this instance's id
//!   (the one source every instance reads a joiner's `presence_state` from) and a diff relayed
//!   like a broadcast. A socket's presences end with its channel or its socket. An instance
//!   holding presences touches its `realtime.instances` row every [`TOUCH`]; one not seen for
//!   [`GONE`] is left out of every state, and the first live instance to notice deletes it and
//!   tells the channels its presences left; one that stops cleanly ends its own at once
//!   ([`Rooms::end`]). An instance with none writes nothing (no WAL while idle, so nothing for
//!   the archive either).
//! - Private and public channels of one name are separate rooms.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use kanisa_pg::{PgError, Pool};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use tokio::task::JoinHandle;
use uuid::Uuid;

use crate::hub::SocketId;
use crate::outbox::{Outbox, Shared};
use crate::wire::{BinaryBroadcast, Message, Payload, event};

/// The channel instances relay broadcasts and presence diffs on.
pub const RELAY: &str = "kanisa_realtime_relay";
/// The largest broadcast payload relayed, in bytes of JSON (a notification holds < 8,000).
pub const MAX_BROADCAST: usize = 7_000;
/// The largest presence a socket may track, in bytes of JSON.
pub const MAX_PRESENCE: usize = 2_048;
/// The longest presence key, in bytes.
pub const MAX_KEY: usize = 256;
/// How often an instance holding presences says it is alive.
pub const TOUCH: Duration = Duration::from_secs(15);
/// An instance not seen for this long is gone, and its presences with it.
pub const GONE: Duration = Duration::from_secs(45);

/// This instance is alive (it holds presences).
const ALIVE: &str = "INSERT INTO realtime.instances (id) VALUES ($1) \
                     ON CONFLICT (id) DO UPDATE SET seen_at = now()";

/// A room: private or public, and the topic (`realtime:{name}`).
type RoomKey = (bool, String);

/// One socket's place in a room.
#[derive(Debug, Clone)]
pub struct Member {
    pub socket: SocketId,
    pub out: Outbox,
    /// Receives its own broadcasts (`config.broadcast.self`).
    pub echo: bool,
    /// Receives presence state and diffs (`config.presence.enabled`).
    pub presence: bool,
}

/// A presence tracked by a socket of this instance.
#[derive(Debug, Clone)]
struct Tracked {
    key: String,
    phx_ref: String,
    meta: Map<String, Value>,
}

impl Tracked {
    /// A presence from `key, ref, meta` starting at column `at` of a `realtime.presences` read.
    fn from_row(row: &tokio_postgres::Row, at: usize) -> Tracked {
        Tracked {
            key: row.get(at),
            phx_ref: row.get(at + 1),
            meta: match row.get::<_, Value>(at + 2) {
                Value::Object(m) => m,
                _ => Map::new(),
            },
        }
    }
}

/// What instances tell each other.
#[derive(Debug, Serialize, Deserialize)]
struct Relayed {
    from: Uuid,
    private: bool,
    topic: String,
    #[serde(flatten)]
    what: What,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum What {
    /// `{type: "broadcast", event, payload}` as subscribers receive it.
    Broadcast {
        payload: Value,
    },
    /// A broadcast of bytes (vsn 2.0.0 only), base64.
    Binary {
        event: String,
        data: String,
    },
    PresenceDiff {
        joins: Value,
        leaves: Value,
    },
}

/// Why a broadcast or a presence was refused (the reply's reason).
#[derive(Debug, thiserror::Error)]
pub enum RoomError {
    #[error("payload_size_exceeded")]
    TooLarge,
    #[error("Presence track payload must be a map")]
    NotAMap,
    #[error(
        "PresenceTooLarge: a presence is at most {MAX_PRESENCE} bytes of JSON, its key {MAX_KEY}"
    )]
    PresenceTooLarge,
    #[error("Unable to track presence: {0}")]
    Database(#[from] PgError),
}

/// The rooms of one instance.
#[derive(Clone)]
pub struct Rooms {
    inner: Arc<Inner>,
}

struct Inner {
    instance: Uuid,
    service: Pool,
    members: RwLock<HashMap<RoomKey, Vec<Member>>>,
    tracked: RwLock<HashMap<(SocketId, RoomKey), Tracked>>,
    next_ref: AtomicU64,
    tasks: std::sync::Mutex<Vec<JoinHandle<()>>>,
}

impl Drop for Inner {
    fn drop(&mut self) {
        if let Ok(mut tasks) = self.tasks.lock() {
            for task in tasks.drain(..) {
                task.abort();
            }
        }
    }
}

impl Rooms {
    /// Rooms on the owner's connections; nothing is relayed until [`Rooms::relay_from`].
    pub fn new(service: Pool) -> Rooms {
        Rooms {
            inner: Arc::new(Inner {
                instance: Uuid::new_v4(),
                service,
                members: RwLock::new(HashMap::new()),
                tracked: RwLock::new(HashMap::new()),
                next_ref: AtomicU64::new(1),
                tasks: std::sync::Mutex::new(Vec::new()),
            }),
        }
    }

    /// Hears the other instances on a dedicated connection (`listen`), and keeps this
    /// instance's presences alive. Returns once it listens (or after [`TOUCH`], warning, if
    /// the database cannot be reached: it goes on trying).
    pub async fn relay_from(&self, listen: tokio_postgres::Config) {
        let mut notes = kanisa_pg::listen(listen, RELAY);
        // The listener says "" once connected.
        match tokio::time::timeout(TOUCH, notes.recv()).await {
            Ok(Some(_)) => {}
            Ok(None) => return,
            Err(_) => tracing::warn!("realtime's relay is not listening yet; it goes on trying"),
        }
        let weak = Arc::downgrade(&self.inner);
        let hear = tokio::spawn(async move {
            while let Some(note) = notes.recv().await {
                let Some(inner) = weak.upgrade() else { return };
                Rooms { inner }.heard(&note);
            }
        });
        let weak = Arc::downgrade(&self.inner);
        let touch = tokio::spawn(async move {
            let mut every = tokio::time::interval(TOUCH);
            loop {
                every.tick().await;
                let Some(inner) = weak.upgrade() else { return };
                Rooms { inner }.touch().await;
            }
        });
        if let Ok(mut tasks) = self.inner.tasks.lock() {
            tasks.extend([hear, touch]);
        }
    }

    /// Adds a socket's channel to its room.
    pub fn join(&self, private: bool, topic: &str, member: Member) {
        let mut members = self
            .inner
            .members
            .write()
            .unwrap_or_else(|e| e.into_inner());
        let room = members.entry((private, topic.to_owned())).or_default();
        room.retain(|m| m.socket != member.socket);
        room.push(member);
    }

    /// Takes a socket's channel out of its room, and its presence with it.
    pub fn leave(&self, socket: SocketId, private: bool, topic: &str) {
        let key = (private, topic.to_owned());
        {
            let mut members = self
                .inner
                .members
                .write()
                .unwrap_or_else(|e| e.into_inner());
            if let Some(room) = members.get_mut(&key) {
                room.retain(|m| m.socket != socket);
                if room.is_empty() {
                    members.remove(&key);
                }
            }
        }
        self.untrack_in_background(socket, key);
    }

    /// Takes every channel of a socket out of its room.
    pub fn drop_socket(&self, socket: SocketId) {
        let keys: Vec<RoomKey> = {
            let mut members = self
                .inner
                .members
                .write()
                .unwrap_or_else(|e| e.into_inner());
            let keys = members
                .iter()
                .filter(|(_, room)| room.iter().any(|m| m.socket == socket))
                .map(|(k, _)| k.clone())
                .collect();
            members.retain(|_, room| {
                room.retain(|m| m.socket != socket);
                !room.is_empty()
            });
            keys
        };
        for key in keys {
            self.untrack_in_background(socket, key);
        }
    }

    /// Sends `{type: "broadcast", event, payload}` (or bytes) to the room from `socket`.
    pub async fn broadcast(
        &self,
        socket: SocketId,
        private: bool,
        topic: &str,
        payload: &Payload,
    ) -> Result<(), RoomError> {
        let what = match payload {
            Payload::Json(value) => What::Broadcast {
                payload: value.clone(),
            },
            Payload::Binary(b) => What::Binary {
                event: b.event.clone(),
                data: STANDARD.encode(&b.data),
            },
            Payload::Encoded(_) => return Ok(()),
        };
        let relayed = Relayed {
            from: self.inner.instance,
            private,
            topic: topic.to_owned(),
            what,
        };
        let text = serde_json::to_string(&relayed).unwrap_or_default();
        if text.len() > MAX_BROADCAST + 200 {
            return Err(RoomError::TooLarge);
        }
        self.deliver(&relayed, Some(socket));
        self.notify(&text).await?;
        Ok(())
    }

    /// Tracks `meta` as the socket's presence under `key` in the room (replacing the one it
    /// had), and tells the room.
    pub async fn track(
        &self,
        socket: SocketId,
        private: bool,
        topic: &str,
        key: &str,
        meta: &Value,
    ) -> Result<(), RoomError> {
        let Value::Object(meta) = meta else {
            return Err(RoomError::NotAMap);
        };
        if serde_json::to_string(meta).map_or(0, |t| t.len()) > MAX_PRESENCE || key.len() > MAX_KEY
        {
            return Err(RoomError::PresenceTooLarge);
        }
        let room = (private, topic.to_owned());
        let phx_ref = format!(
            "{}-{}",
            &self.inner.instance.simple().to_string()[..8],
            self.inner.next_ref.fetch_add(1, Ordering::Relaxed)
        );
        let tracked = Tracked {
            key: key.to_owned(),
            phx_ref,
            meta: meta.clone(),
        };
        let client = self.inner.service.get().await.map_err(PgError::from)?;
        client
            .execute(ALIVE, &[&self.inner.instance])
            .await
            .map_err(PgError::from)?;
        client
            .execute(
                "INSERT INTO realtime.presences (instance, topic, key, ref, meta) \
                 VALUES ($1, $2, $3, $4, $5)",
                &[
                    &self.inner.instance,
                    &presence_topic(private, topic),
                    &tracked.key,
                    &tracked.phx_ref,
                    &Value::Object(tracked.meta.clone()),
                ],
            )
            .await
            .map_err(PgError::from)?;
        let before = {
            let mut all = self
                .inner
                .tracked
                .write()
                .unwrap_or_else(|e| e.into_inner());
            all.insert((socket, room.clone()), tracked.clone())
        };
        if let Some(old) = &before {
            client
                .execute(
                    "DELETE FROM realtime.presences WHERE instance = $1 AND ref = $2",
                    &[&self.inner.instance, &old.phx_ref],
                )
                .await
                .map_err(PgError::from)?;
        }
        drop(client);
        let leaves = before.map(|b| presences(&[b])).unwrap_or_else(|| json!({}));
        self.diff(private, topic, presences(&[tracked]), leaves)
            .await;
        Ok(())
    }

    /// Ends the socket's presence in the room, if it has one.
    pub async fn untrack(&self, socket: SocketId, private: bool, topic: &str) {
        if let Some(gone) = self.take_tracked(socket, private, topic) {
            self.forget(private, topic, gone).await;
        }
    }

    fn take_tracked(&self, socket: SocketId, private: bool, topic: &str) -> Option<Tracked> {
        let mut all = self
            .inner
            .tracked
            .write()
            .unwrap_or_else(|e| e.into_inner());
        all.remove(&(socket, (private, topic.to_owned())))
    }

    /// Removes a presence no socket holds any more, and tells the room.
    async fn forget(&self, private: bool, topic: &str, gone: Tracked) {
        let removed = match self.inner.service.get().await {
            Ok(client) => client
                .execute(
                    "DELETE FROM realtime.presences WHERE instance = $1 AND ref = $2",
                    &[&self.inner.instance, &gone.phx_ref],
                )
                .await
                .map(|_| ())
                .map_err(PgError::from),
            Err(e) => Err(PgError::from(e)),
        };
        if let Err(e) = removed {
            tracing::warn!(error = %e, "a presence could not be removed; it ends with this instance");
        }
        self.diff(private, topic, json!({}), presences(&[gone]))
            .await;
    }

    /// The room's presences on every live instance: `{key: {metas: [{phx_ref, ...meta}]}}`.
    pub async fn state(&self, private: bool, topic: &str) -> Result<Value, PgError> {
        let client = self.inner.service.get().await?;
        let rows = client
            .query(
                "SELECT p.key, p.ref, p.meta FROM realtime.presences AS p \
                   JOIN realtime.instances AS i ON i.id = p.instance \
                  WHERE p.topic = $1 AND i.seen_at > now() - make_interval(secs => $2) \
                  ORDER BY p.key, p.ref",
                &[&presence_topic(private, topic), &GONE.as_secs_f64()],
            )
            .await?;
        let tracked: Vec<Tracked> = rows.iter().map(|r| Tracked::from_row(r, 0)).collect();
        Ok(presences(&tracked))
    }

    /// At shutdown: ends every presence this instance holds at once (the other instances'
    /// channels hear them leave now, not after [`GONE`]).
    pub async fn end(&self) {
        let held: Vec<((SocketId, RoomKey), Tracked)> = {
            let mut all = self
                .inner
                .tracked
                .write()
                .unwrap_or_else(|e| e.into_inner());
            all.drain().collect()
        };
        if held.is_empty() {
            return;
        }
        if let Ok(client) = self.inner.service.get().await
            && let Err(e) = client
                .execute(
                    "DELETE FROM realtime.instances WHERE id = $1",
                    &[&self.inner.instance],
                )
                .await
        {
            tracing::warn!(error = %e, "this instance's presences end when it is seen silent");
        }
        let mut by_room: HashMap<RoomKey, Vec<Tracked>> = HashMap::new();
        for ((_, room), tracked) in held {
            by_room.entry(room).or_default().push(tracked);
        }
        for ((private, topic), left) in by_room {
            self.diff(private, &topic, json!({}), presences(&left))
                .await;
        }
    }

    /// This instance's id (its relays carry it).
    pub fn instance(&self) -> Uuid {
        self.inner.instance
    }

    /// Ends a socket's presence in a room it left: taken from the room at once (a rejoin may
    /// track again straight away), removed from the database in the background.
    fn untrack_in_background(&self, socket: SocketId, (private, topic): RoomKey) {
        if let Some(gone) = self.take_tracked(socket, private, &topic) {
            let rooms = self.clone();
            tokio::spawn(async move { rooms.forget(private, &topic, gone).await });
        }
    }

    async fn diff(&self, private: bool, topic: &str, joins: Value, leaves: Value) {
        let relayed = Relayed {
            from: self.inner.instance,
            private,
            topic: topic.to_owned(),
            what: What::PresenceDiff { joins, leaves },
        };
        self.deliver(&relayed, None);
        let text = serde_json::to_string(&relayed).unwrap_or_default();
        if let Err(e) = self.notify(&text).await {
            tracing::warn!(error = %e, "a presence diff could not be relayed to the other instances");
        }
    }

    async fn notify(&self, text: &str) -> Result<(), PgError> {
        let client = self.inner.service.get().await?;
        client
            .execute("SELECT pg_notify($1, $2)", &[&RELAY, &text])
            .await?;
        Ok(())
    }

    fn heard(&self, note: &str) {
        if note.is_empty() {
            return; // a (re)connect
        }
        match serde_json::from_str::<Relayed>(note) {
            Ok(relayed) if relayed.from != self.inner.instance => self.deliver(&relayed, None),
            Ok(_) => {}
            Err(e) => tracing::debug!(error = %e, "a realtime relay was not understood"),
        }
    }

    /// Delivers to this instance's members of the room (`sender` skipped unless it echoes).
    fn deliver(&self, relayed: &Relayed, sender: Option<SocketId>) {
        let (event_name, payload, for_presence) = match &relayed.what {
            What::Broadcast { payload } => {
                (event::BROADCAST, Payload::Json(payload.clone()), false)
            }
            What::Binary { event, data } => {
                let Ok(data) = STANDARD.decode(data) else {
                    return;
                };
                let binary = BinaryBroadcast {
                    event: event.clone(),
                    data,
                    meta: None,
                };
                (event::BROADCAST, Payload::Binary(binary), false)
            }
            What::PresenceDiff { joins, leaves } => (
                event::PRESENCE_DIFF,
                Payload::Json(json!({"joins": joins, "leaves": leaves})),
                true,
            ),
        };
        let message = Shared::new(Message {
            join_ref: None,
            msg_ref: None,
            topic: relayed.topic.clone(),
            event: event_name.to_owned(),
            payload,
        });
        let members = self.inner.members.read().unwrap_or_else(|e| e.into_inner());
        let Some(room) = members.get(&(relayed.private, relayed.topic.clone())) else {
            return;
        };
        for member in room {
            let skip = if for_presence {
                !member.presence
            } else {
                Some(member.socket) == sender && !member.echo
            };
            if !skip {
                member.out.push_shared(message.clone());
            }
        }
    }

    /// Says this instance is alive, if it holds presences, and ends the presences of instances
    /// gone silent (every [`TOUCH`] once relaying; public for tests).
    pub async fn touch(&self) {
        let holds = !self
            .inner
            .tracked
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .is_empty();
        if !holds {
            return;
        }
        let Ok(client) = self.inner.service.get().await else {
            return;
        };
        let alive = client.execute(ALIVE, &[&self.inner.instance]).await;
        if let Err(e) = alive {
            tracing::warn!(error = %e, "this instance's presences could not be kept alive");
            return;
        }
        let gone = client
            .query(
                "WITH gone AS (DELETE FROM realtime.instances \
                                WHERE seen_at < now() - make_interval(secs => $1) RETURNING id) \
                 DELETE FROM realtime.presences AS p USING gone WHERE p.instance = gone.id \
                 RETURNING p.topic, p.key, p.ref, p.meta",
                &[&GONE.as_secs_f64()],
            )
            .await;
        drop(client);
        let Ok(rows) = gone else { return };
        let mut by_room: HashMap<String, Vec<Tracked>> = HashMap::new();
        for row in rows {
            by_room
                .entry(row.get(0))
                .or_default()
                .push(Tracked::from_row(&row, 1));
        }
        for (room, left) in by_room {
            let (private, topic) = match room.split_once(' ') {
                Some(("private", topic)) => (true, topic.to_owned()),
                Some((_, topic)) => (false, topic.to_owned()),
                None => continue,
            };
            self.diff(private, &topic, json!({}), presences(&left))
                .await;
        }
    }
}

/// The presences' `topic` column: the room, private or public, and its topic.
fn presence_topic(private: bool, topic: &str) -> String {
    format!("{} {topic}", if private { "private" } else { "public" })
}

/// `{key: {metas: [{phx_ref, ...meta}]}}`.
fn presences(tracked: &[Tracked]) -> Value {
    let mut out = Map::new();
    for t in tracked {
        let mut meta = t.meta.clone();
        meta.insert("phx_ref".into(), t.phx_ref.clone().into());
        let entry = out
            .entry(t.key.clone())
            .or_insert_with(|| json!({"metas": []}));
        if let Some(metas) = entry["metas"].as_array_mut() {
            metas.push(Value::Object(meta));
        }
    }
    Value::Object(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presences_group_metas_by_key_with_their_refs() {
        let one = |key: &str, r: &str, name: &str| Tracked {
            key: key.into(),
            phx_ref: r.into(),
            meta: json!({"name": name}).as_object().unwrap().clone(),
        };
        let state = presences(&[
            one("a", "1", "Ann"),
            one("a", "2", "Ann"),
            one("b", "3", "Ben"),
        ]);
        assert_eq!(
            state,
            json!({
                "a": {"metas": [{"name": "Ann", "phx_ref": "1"}, {"name": "Ann", "phx_ref": "2"}]},
                "b": {"metas": [{"name": "Ben", "phx_ref": "3"}]},
            })
        );
        assert_eq!(
            presence_topic(true, "realtime:staff:x"),
            "private realtime:staff:x"
        );
    }
}
