//! One WebSocket's conversation, without the WebSocket: the server hands each decoded
//! [`Message`] to [`Session::handle`] and writes what it returns, then what the hub queues in the
//! session's [`Outbox`].
//!
//! - `heartbeat` on `phoenix` is answered ok; it is also when each channel's token is checked
//!   ([`Session::sweep`]): a token past its `exp`, or whose session ended (signed out, ended
//!   elsewhere; the instance reads sessions for all its sockets at once, [`crate::sessions`]),
//!   stops its channel with a `system` error and `phx_close`, so a subscriber stops
//!   receiving within one heartbeat. The server closes a socket silent past
//!   [`Limits::heartbeat_timeout`].
//! - `phx_join` on `realtime:{name}`: the channel runs with the join's `access_token` (else the
//!   socket's `apikey`); each `postgres_changes` entry becomes bindings in the hub, checked first
//!   (schema `public`, a published table the role may read, a filter on readable columns with
//!   values of their types), and the reply lists them with their ids. A refusal is a `phx_reply`
//!   error whose reason reads `Code: message`, as realtime's do.
//! - `access_token` swaps a joined channel's token: its bindings are made again for the new
//!   rights; a token that does not verify stops the channel.
//! - `phx_leave` removes the channel's bindings, answers ok and sends `phx_close`.
//! - Broadcast and presence (`channels.rs`, over [`crate::rooms`]): a channel is in its
//!   topic's room when its caller may be there — on a private channel when the policies of
//!   `realtime.messages` let it read the topic (checked at join and at each `access_token`), on
//!   a public one when it is signed in, or anon with [`Limits::anon_broadcast`]. In the room it
//!   receives broadcasts and, with `presence.enabled`, `presence_state` after the join and
//!   `presence_diff`s; it sends and tracks when it may write (private: the INSERT policy).

mod channels;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use kanisa_auth::{Identity, JwtKeys};
use serde_json::{Value, json};

use crate::check::{self, Group};
use crate::eval::Compiled;
use crate::hub::{Binding, Hub, SocketId};
use crate::outbox::Outbox;
use crate::wire::{JoinPayload, Message, PostgresChangeParams, Status, event};

/// The limits of one socket (defaults: [`Limits::default`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Sockets one client address may hold open (the server counts them, before the upgrade).
    pub sockets_per_client: usize,
    /// Channels one socket may have joined at once.
    pub channels_per_socket: usize,
    /// Joins one socket may make per second.
    pub joins_per_second: u32,
    /// The largest frame a client may send, in bytes.
    pub max_message_bytes: usize,
    /// A socket that sends nothing for this long is closed (realtime-js beats every 25 s).
    pub heartbeat_timeout: Duration,
    /// Anon may broadcast and track presence on public channels
    /// (`KANISA_REALTIME_ANON_BROADCAST`).
    pub anon_broadcast: bool,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            sockets_per_client: 100,
            channels_per_socket: 100,
            joins_per_second: 10,
            max_message_bytes: 256 * 1024,
            heartbeat_timeout: Duration::from_secs(60),
            anon_broadcast: false,
        }
    }
}

/// A joined channel.
struct Joined {
    join_ref: Option<String>,
    identity: Identity,
    /// The token's `exp` (seconds since the epoch), if it has one.
    expires: Option<i64>,
    params: Vec<PostgresChangeParams>,
    /// Broadcast and presence on this channel.
    room: channels::Room,
}

/// The state of one socket.
pub struct Session {
    id: SocketId,
    hub: Hub,
    keys: Arc<JwtKeys>,
    /// Who the socket's `apikey` names.
    apikey: Identity,
    limits: Limits,
    outbox: Outbox,
    channels: HashMap<String, Joined>,
    joins: (Instant, u32),
    /// Broadcast and presence pushes in the current second (`channels.rs`).
    pushes: (Instant, u32),
}

impl Drop for Session {
    fn drop(&mut self) {
        self.hub.drop_socket(self.id);
        self.hub.rooms().drop_socket(self.id);
    }
}

impl Session {
    /// A session for a socket whose `apikey` verified as `apikey`; the hub's messages for it
    /// go to `outbox`.
    pub fn new(
        hub: Hub,
        keys: Arc<JwtKeys>,
        apikey: Identity,
        limits: Limits,
        outbox: Outbox,
    ) -> Session {
        Session {
            id: hub.socket_id(),
            hub,
            keys,
            apikey,
            limits,
            outbox,
            channels: HashMap::new(),
            joins: (Instant::now(), 0),
            pushes: (Instant::now(), 0),
        }
    }

    /// The messages answering `msg`, in order.
    pub async fn handle(&mut self, msg: Message) -> Vec<Message> {
        if msg.topic == event::PHOENIX_TOPIC {
            if msg.event == event::HEARTBEAT {
                let mut out = vec![Message::reply_ok(&msg, json!({}))];
                out.extend(self.sweep().await);
                return out;
            }
            return vec![Message::reply_error(&msg, "unmatched topic")];
        }
        match msg.event.as_str() {
            event::PHX_JOIN => self.join(&msg).await,
            _ if !self.channels.contains_key(&msg.topic) => {
                vec![Message::reply_error(&msg, "unmatched topic")]
            }
            event::PHX_LEAVE => self.leave(&msg),
            event::ACCESS_TOKEN => self.access_token(&msg).await,
            event::BROADCAST => self.broadcast(&msg).await,
            event::PRESENCE => self.presence(&msg).await,
            _ => Vec::new(),
        }
    }

    async fn join(&mut self, msg: &Message) -> Vec<Message> {
        let topic = msg.topic.as_str();
        let refuse = |reason: &str| vec![Message::reply_error(msg, reason)];
        let Some(name) = topic.strip_prefix(event::TOPIC_PREFIX) else {
            return refuse("TopicNameRequired: a channel's topic starts with `realtime:`");
        };
        if name.is_empty() {
            return refuse("TopicNameRequired: You must provide a topic name");
        }
        let now = Instant::now();
        if now.duration_since(self.joins.0) >= Duration::from_secs(1) {
            self.joins = (now, 0);
        }
        self.joins.1 += 1;
        if self.joins.1 > self.limits.joins_per_second {
            return refuse(&format!(
                "ClientJoinRateLimitReached: at most {} joins per second on one connection",
                self.limits.joins_per_second
            ));
        }
        // A second join of a topic replaces the first (a rejoin after an error).
        if let Some(old) = self.channels.remove(topic) {
            self.hub.unsubscribe(self.id, topic);
            old.room.leave(&self.hub, self.id, topic);
        }
        if self.channels.len() >= self.limits.channels_per_socket {
            return refuse(&format!(
                "ChannelRateLimitReached: at most {} channels on one connection",
                self.limits.channels_per_socket
            ));
        }
        let payload = match msg.json().map(JoinPayload::from_json) {
            Some(Ok(p)) => p,
            Some(Err(e)) => return refuse(&format!("UnableToJoin: {e}")),
            None => return refuse("UnableToJoin: a join's payload is a JSON object"),
        };
        let identity = match self.identity_of(payload.access_token.as_deref()) {
            Ok(identity) => identity,
            Err(why) => return refuse(&format!("InvalidJWTToken: {why}")),
        };
        let room = match self.room(&payload.config, name, &identity).await {
            Ok(room) => room,
            Err(why) => return refuse(&why),
        };
        let params = payload.config.postgres_changes;
        let bindings = match self.bindings(topic, &identity, &params).await {
            Ok(b) => b,
            Err(why) => return refuse(&why),
        };
        let ids: Vec<(u32, &PostgresChangeParams)> =
            params.iter().map(|p| (binding_id(p), p)).collect();
        let reply = Message::join_ok(msg, &ids);
        self.hub.subscribe(bindings);
        let mut out = vec![reply];
        if !params.is_empty() {
            out.push(Message::system(
                topic,
                msg.join_ref.as_deref(),
                event::POSTGRES_CHANGES,
                Status::Ok,
                "Subscribed to PostgreSQL",
            ));
        }
        out.extend(self.enter(topic, &room).await);
        self.channels.insert(
            topic.to_owned(),
            Joined {
                join_ref: msg.join_ref.clone(),
                expires: expiry(&identity),
                identity,
                params: params.clone(),
                room,
            },
        );
        out
    }

    fn leave(&mut self, msg: &Message) -> Vec<Message> {
        let joined = self.channels.remove(&msg.topic);
        self.hub.unsubscribe(self.id, &msg.topic);
        if let Some(joined) = &joined {
            joined.room.leave(&self.hub, self.id, &msg.topic);
        }
        let join_ref = joined
            .and_then(|j| j.join_ref)
            .or_else(|| msg.join_ref.clone())
            .unwrap_or_default();
        vec![
            Message::reply_ok(msg, json!({})),
            Message::close(&msg.topic, &join_ref),
        ]
    }

    async fn access_token(&mut self, msg: &Message) -> Vec<Message> {
        let token = msg
            .json()
            .and_then(|p| p.get("access_token"))
            .and_then(Value::as_str);
        let identity = match self.identity_of(token) {
            Ok(identity) => identity,
            Err(why) => return self.stop(&msg.topic, &format!("InvalidJWTToken: {why}")),
        };
        let Some(joined) = self.channels.get(&msg.topic) else {
            return Vec::new();
        };
        let params = joined.params.clone();
        if let Err(why) = self.still_in_room(&msg.topic, &identity).await {
            return self.stop(&msg.topic, &why);
        }
        match self.bindings(&msg.topic, &identity, &params).await {
            Ok(bindings) => {
                self.hub.unsubscribe(self.id, &msg.topic);
                self.hub.subscribe(bindings);
                if let Some(joined) = self.channels.get_mut(&msg.topic) {
                    joined.expires = expiry(&identity);
                    joined.identity = identity;
                }
                Vec::new()
            }
            Err(why) => self.stop(&msg.topic, &why),
        }
    }

    /// Stops the channels whose token expired or whose session ended.
    pub async fn sweep(&mut self) -> Vec<Message> {
        let now = chrono::Utc::now().timestamp();
        let mut stops: Vec<(String, String)> = Vec::new();
        let mut sessions = Vec::new();
        for (topic, joined) in &self.channels {
            if joined.expires.is_some_and(|exp| exp <= now) {
                stops.push((
                    topic.clone(),
                    "InvalidJWTToken: Token has expired: send a fresh access_token".into(),
                ));
            } else if let Some(session) = joined.identity.session_id() {
                sessions.push((topic.clone(), session));
            }
        }
        if !sessions.is_empty() {
            let ids: Vec<_> = sessions.iter().map(|(_, s)| *s).collect();
            match self.hub.sessions_alive(&ids).await {
                Ok(alive) => stops.extend(
                    sessions
                        .into_iter()
                        .filter(|(_, s)| !alive.contains(s))
                        .map(|(topic, _)| {
                            (
                                topic,
                                "InvalidJWTToken: the session has ended: sign in again".into(),
                            )
                        }),
                ),
                Err(e) => tracing::warn!(error = %e, "cannot check realtime sessions"),
            }
        }
        stops
            .into_iter()
            .flat_map(|(topic, why)| self.stop(&topic, &why))
            .collect()
    }

    /// Ends a channel from the server's side: a `system` error naming why, then `phx_close`.
    fn stop(&mut self, topic: &str, why: &str) -> Vec<Message> {
        self.hub.unsubscribe(self.id, topic);
        let Some(joined) = self.channels.remove(topic) else {
            return Vec::new();
        };
        joined.room.leave(&self.hub, self.id, topic);
        let join_ref = joined.join_ref.unwrap_or_default();
        vec![
            Message::system(topic, Some(&join_ref), "system", Status::Error, why),
            Message::close(topic, &join_ref),
        ]
    }

    /// The identity of a join's or swap's token; the socket's `apikey` without one.
    fn identity_of(&self, token: Option<&str>) -> Result<Identity, String> {
        match token {
            None | Some("") => Ok(self.apikey.clone()),
            Some(token) if token.starts_with("sb_") => Ok(self.apikey.clone()),
            Some(token) => self.keys.verify(token).map_err(|e| e.to_string()),
        }
    }

    /// The hub bindings of a channel's `postgres_changes` entries for `identity`, or the reason
    /// they cannot be made.
    async fn bindings(
        &self,
        topic: &str,
        identity: &Identity,
        params: &[PostgresChangeParams],
    ) -> Result<Vec<(String, String, Binding)>, String> {
        let group = Arc::new(Group::new(identity.role(), identity.claims()));
        let mut out = Vec::new();
        for p in params {
            let filter = p
                .parsed_filter()
                .map_err(|e| format!("Error parsing `filter` params: {e}"))?;
            let schema = p.schema.clone().unwrap_or_else(|| "public".to_owned());
            if schema != "public" {
                return Err(format!(
                    "Unable to subscribe to changes with given parameters: only schema \
                     `public` is served, not `{schema}`"
                ));
            }
            let tables = match p.table.as_deref() {
                None | Some("*") => {
                    if !filter.conditions.is_empty() {
                        return Err("Error parsing `filter` params: a filter needs a table".into());
                    }
                    check::published(self.hub.service(), &schema)
                        .await
                        .map_err(unavailable)?
                }
                Some(table) => vec![table.to_owned()],
            };
            let id = binding_id(p);
            for table in tables {
                let columns = check::columns(self.hub.service(), &schema, &table, identity.role())
                    .await
                    .map_err(unavailable)?;
                let readable_key = columns.iter().any(|c| c.is_key);
                if columns.is_empty() || !readable_key {
                    if p.table.as_deref().is_some_and(|t| t != "*") {
                        return Err(format!(
                            "Unable to subscribe to changes with given parameters: table \
                             {schema}.{table} is not published for realtime, or this caller may \
                             not read it"
                        ));
                    }
                    continue;
                }
                let compiled = Compiled::new(&filter, &columns)
                    .map_err(|e| format!("Error parsing `filter` params: {e}"))?;
                out.push((
                    schema.clone(),
                    table,
                    Binding {
                        socket: self.id,
                        topic: topic.to_owned(),
                        id,
                        action: p.action(),
                        filter: compiled,
                        group: group.clone(),
                        columns: columns.into(),
                        out: self.outbox.clone(),
                    },
                ));
            }
        }
        Ok(out)
    }
}

fn unavailable(e: kanisa_pg::PgError) -> String {
    tracing::warn!(error = %e, "cannot read realtime's catalog");
    "Unavailable: the database could not be asked; try again".to_owned()
}

/// A token's `exp`.
fn expiry(identity: &Identity) -> Option<i64> {
    serde_json::from_str::<Value>(identity.claims())
        .ok()?
        .get("exp")?
        .as_i64()
}

/// A binding's id: the same for the same parameters (as realtime's `phash2` of them), below
/// 2^27 like realtime's, so it is an exact JavaScript number.
pub fn binding_id(params: &PostgresChangeParams) -> u32 {
    let text = serde_json::to_string(params).unwrap_or_default();
    // FNV-1a, 32 bits.
    let mut hash: u32 = 0x811c_9dc5;
    for byte in text.bytes() {
        hash ^= u32::from(byte);
        hash = hash.wrapping_mul(0x0100_0193);
    }
    hash & 0x07ff_ffff
}
