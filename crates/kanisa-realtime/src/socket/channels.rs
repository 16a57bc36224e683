//! A session's broadcast and presence: which room a joined channel is in, what it may do
//! there, and its `broadcast` and `presence` pushes (the rooms themselves: [`crate::rooms`]).

use std::time::{Duration, Instant};

use kanisa_auth::Identity;
use serde_json::{Value, json};
use uuid::Uuid;

use super::Session;
use crate::check;
use crate::hub::{Hub, SocketId};
use crate::rooms::Member;
use crate::wire::{JoinConfig, Message, Payload, Status, event};

/// Broadcast and presence pushes one socket may make per second (each is relayed to the other
/// instances through the database).
pub const PUSHES_PER_SECOND: u32 = 50;

/// A joined channel's place in its topic's room.
#[derive(Debug, Clone)]
pub(super) struct Room {
    /// A private channel (its rights come from the policies of `realtime.messages`).
    private: bool,
    /// In the room: receives broadcasts (and presence, when `presence` is on).
    member: bool,
    /// May send broadcasts and track presence.
    may_send: bool,
    echo: bool,
    ack: bool,
    presence: bool,
    /// The key its presence is tracked under (the join's, else a fresh UUID, as realtime does).
    key: String,
    replay: bool,
}

impl Room {
    pub(super) fn leave(&self, hub: &Hub, socket: SocketId, topic: &str) {
        if self.member {
            hub.rooms().leave(socket, self.private, topic);
        }
    }
}

impl Session {
    /// The room a join with `config` on channel `name` enters as `identity`, or the reason it
    /// may not join.
    pub(super) async fn room(
        &self,
        config: &JoinConfig,
        name: &str,
        identity: &Identity,
    ) -> Result<Room, String> {
        let (member, may_send) = self.rights(config.private, name, identity).await?;
        Ok(Room {
            private: config.private,
            member,
            may_send,
            echo: config.broadcast.self_,
            ack: config.broadcast.ack,
            presence: config.presence.enabled,
            key: config
                .presence
                .key
                .clone()
                .unwrap_or_else(|| Uuid::new_v4().to_string()),
            replay: config.broadcast.replay.is_some(),
        })
    }

    /// (in the room, may send) for `identity` on a private or public channel `name`.
    async fn rights(
        &self,
        private: bool,
        name: &str,
        identity: &Identity,
    ) -> Result<(bool, bool), String> {
        if !private {
            let open = !identity.is_anon() || self.limits.anon_broadcast;
            return Ok((open, open));
        }
        if identity.is_anon() {
            return Err("Unauthorized: private channels need a signed-in user".into());
        }
        if identity.is_service() {
            return Ok((true, true));
        }
        match check::authorize(self.hub.authenticator(), identity, name).await {
            Ok((true, write)) => Ok((true, write)),
            Ok((false, _)) => Err(format!(
                "Unauthorized: You do not have permissions to read from this Channel topic: {name}"
            )),
            Err(e) => Err(format!(
                "Unauthorized: the policies of realtime.messages failed for this topic: {e}"
            )),
        }
    }

    /// Puts a channel that joined into its room; what it is sent on entering.
    pub(super) async fn enter(&self, topic: &str, room: &Room) -> Vec<Message> {
        let mut out = Vec::new();
        if room.replay {
            out.push(Message::system(
                topic,
                None,
                event::BROADCAST,
                Status::Error,
                "Replay is not served: this server does not store broadcasts",
            ));
        }
        if !room.member {
            return out;
        }
        self.hub.rooms().join(
            room.private,
            topic,
            Member {
                socket: self.id,
                out: self.outbox.clone(),
                echo: room.echo,
                presence: room.presence,
            },
        );
        if room.presence {
            match self.hub.rooms().state(room.private, topic).await {
                Ok(state) => out.push(Message {
                    join_ref: None,
                    msg_ref: None,
                    topic: topic.to_owned(),
                    event: event::PRESENCE_STATE.to_owned(),
                    payload: Payload::Json(state),
                }),
                Err(e) => tracing::warn!(error = %e, "cannot read a channel's presence state"),
            }
        }
        out
    }

    /// On a token swap: a private channel asks its policies again for the new identity.
    pub(super) async fn still_in_room(
        &mut self,
        topic: &str,
        identity: &Identity,
    ) -> Result<(), String> {
        let Some(room) = self.channels.get(topic).map(|j| j.room.clone()) else {
            return Ok(());
        };
        if !room.private {
            return Ok(());
        }
        let name = topic.strip_prefix(event::TOPIC_PREFIX).unwrap_or(topic);
        let (_, may_send) = self.rights(true, name, identity).await?;
        if let Some(joined) = self.channels.get_mut(topic) {
            joined.room.may_send = may_send;
        }
        Ok(())
    }

    /// Counts a push; the reason once past [`PUSHES_PER_SECOND`].
    fn paced(&mut self) -> Result<(), String> {
        if counted(&mut self.pushes, Instant::now(), PUSHES_PER_SECOND) {
            return Ok(());
        }
        Err(format!(
            "ClientMessageRateLimitReached: at most {PUSHES_PER_SECOND} broadcast and presence \
             messages per second on one connection"
        ))
    }

    /// A `broadcast` push: `{type: "broadcast", event, payload}`, or bytes.
    pub(super) async fn broadcast(&mut self, msg: &Message) -> Vec<Message> {
        let Some(room) = self.channels.get(&msg.topic).map(|j| j.room.clone()) else {
            return Vec::new();
        };
        if let Err(why) = may_send(&room, &msg.topic).and_then(|()| self.paced()) {
            return vec![Message::reply_error(msg, &why)];
        }
        match self
            .hub
            .rooms()
            .broadcast(self.id, room.private, &msg.topic, &msg.payload)
            .await
        {
            Ok(()) if room.ack => vec![Message::reply_ok(msg, json!({}))],
            Ok(()) => Vec::new(),
            Err(e) => vec![Message::reply_error(msg, &e.to_string())],
        }
    }

    /// A `presence` push: `{type: "presence", event: "track", payload}` or `untrack`.
    pub(super) async fn presence(&mut self, msg: &Message) -> Vec<Message> {
        let Some(room) = self.channels.get(&msg.topic).map(|j| j.room.clone()) else {
            return Vec::new();
        };
        if let Err(why) = may_send(&room, &msg.topic).and_then(|()| self.paced()) {
            return vec![Message::reply_error(msg, &why)];
        }
        let rooms = self.hub.rooms();
        let body = msg.json().cloned().unwrap_or(Value::Null);
        match body.get("event").and_then(Value::as_str) {
            Some("track") => {
                let meta = body.get("payload").cloned().unwrap_or_else(|| json!({}));
                match rooms
                    .track(self.id, room.private, &msg.topic, &room.key, &meta)
                    .await
                {
                    Ok(()) => vec![Message::reply_ok(msg, json!({}))],
                    Err(e) => vec![Message::reply_error(msg, &e.to_string())],
                }
            }
            Some("untrack") => {
                rooms.untrack(self.id, room.private, &msg.topic).await;
                vec![Message::reply_ok(msg, json!({}))]
            }
            _ => vec![Message::reply_error(
                msg,
                "UnknownPresenceEvent: a presence push's event is `track` or `untrack`",
            )],
        }
    }
}

/// Counts one event at `now` in a one-second `window` (its start, its count); false once the
/// window holds more than `limit`.
fn counted(window: &mut (Instant, u32), now: Instant, limit: u32) -> bool {
    if now.duration_since(window.0) >= Duration::from_secs(1) {
        *window = (now, 0);
    }
    window.1 += 1;
    window.1 <= limit
}

/// Whether a channel may send on its room, or the reason it may not.
fn may_send(room: &Room, topic: &str) -> Result<(), String> {
    let name = topic.strip_prefix(event::TOPIC_PREFIX).unwrap_or(topic);
    if !room.member {
        return Err(
            "Unauthorized: broadcast and presence on public channels are for signed-in \
                    users on this server"
                .into(),
        );
    }
    if !room.may_send {
        return Err(format!(
            "Unauthorized: You do not have permissions to write to this Channel topic: {name}"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pushes_are_counted_per_second() {
        let start = Instant::now();
        let mut window = (start, 0);
        assert!((0..3).all(|_| counted(&mut window, start, 3)));
        assert!(!counted(&mut window, start + Duration::from_millis(999), 3));
        assert!(counted(&mut window, start + Duration::from_secs(1), 3));
        assert_eq!(window, (start + Duration::from_secs(1), 1));
    }
}
