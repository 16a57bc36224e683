//! The Phoenix channel wire as realtime-js speaks it: frames in, [`Message`]s out, and back.
//!
//! Two serializers, chosen per socket by the `vsn` query value ([`Vsn`]):
//!
//! - `1.0.0`: text frames holding a JSON object. The client sends
//!   `{topic, event, payload, ref, join_ref?}`; the server answers `{topic, event, payload, ref}`
//!   (Phoenix's V1 serializer never sends `join_ref`).
//! - `2.0.0` (realtime-js' default): text frames holding `[join_ref, ref, topic, event, payload]`,
//!   plus binary frames for broadcasts. A client's `broadcast` push always travels as a binary
//!   "user broadcast push" (kind 3); the server may send a binary broadcast as a "user broadcast"
//!   (kind 4). The client decodes no other binary kind, so none is ever encoded here.
//!
//! `join_ref` and `ref` are strings or null. The client drops a message whose `join_ref` is set
//! and is not its current join's; it routes `phx_reply` by `ref`, and heeds `phx_close` and
//! `phx_error` only when their `ref` is the join's (so the builders set `ref = join_ref`).
//!
//! Read from the clients (supabase-js `packages/core/realtime-js/src`: `lib/serializer.ts`,
//! `RealtimeChannel.ts`; `@supabase/phoenix` `assets/js/phoenix/`) and from realtime's server
//! (`lib/realtime_web/socket/v2_serializer.ex`, `channels/realtime_channel.ex`).

mod change;
mod filter;
mod join;

use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::{Map, Value, json};
use std::borrow::Cow;
use std::str::FromStr;
use std::sync::Arc;

pub use change::{Change, ChangeKind, Column};
pub use filter::{Condition, Filter, Test, parse_filter};
pub use join::{
    BroadcastConfig, JoinConfig, JoinPayload, PostgresAction, PostgresChangeParams, PresenceConfig,
    Replay,
};

/// Event and topic names of the protocol.
pub mod event {
    /// The socket's own topic, which heartbeats use.
    pub const PHOENIX_TOPIC: &str = "phoenix";
    pub const HEARTBEAT: &str = "heartbeat";
    pub const PHX_JOIN: &str = "phx_join";
    pub const PHX_LEAVE: &str = "phx_leave";
    pub const PHX_REPLY: &str = "phx_reply";
    pub const PHX_CLOSE: &str = "phx_close";
    pub const PHX_ERROR: &str = "phx_error";
    /// The client's new token for a joined channel: payload `{access_token}`; never answered.
    pub const ACCESS_TOKEN: &str = "access_token";
    pub const BROADCAST: &str = "broadcast";
    /// The client's `track` / `untrack`: payload `{type: "presence", event, payload?}`.
    pub const PRESENCE: &str = "presence";
    pub const PRESENCE_STATE: &str = "presence_state";
    pub const PRESENCE_DIFF: &str = "presence_diff";
    pub const POSTGRES_CHANGES: &str = "postgres_changes";
    pub const SYSTEM: &str = "system";
    /// Every channel topic starts with this; the rest is the channel's name.
    pub const TOPIC_PREFIX: &str = "realtime:";
}

/// Binary kind of the client's broadcast (realtime-js `KINDS.userBroadcastPush`).
const KIND_USER_BROADCAST_PUSH: u8 = 3;
/// Binary kind of the server's broadcast (realtime-js `KINDS.userBroadcast`).
const KIND_USER_BROADCAST: u8 = 4;
const ENCODING_BINARY: u8 = 0;
const ENCODING_JSON: u8 = 1;

/// The serializer a socket asked for with its `vsn` query value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Vsn {
    /// `1.0.0`: JSON objects.
    V1,
    /// `2.0.0`: JSON arrays and binary broadcasts.
    V2,
}

impl Vsn {
    /// The serializer for a socket's query: Phoenix takes a missing `vsn` as `1.0.0`
    /// (realtime-js always sends one).
    pub fn from_query(vsn: Option<&str>) -> Result<Vsn, WireError> {
        vsn.map_or(Ok(Vsn::V1), str::parse)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Vsn::V1 => "1.0.0",
            Vsn::V2 => "2.0.0",
        }
    }
}

impl FromStr for Vsn {
    type Err = WireError;

    fn from_str(s: &str) -> Result<Vsn, WireError> {
        match s {
            "1.0.0" => Ok(Vsn::V1),
            "2.0.0" => Ok(Vsn::V2),
            other => Err(WireError::UnknownVsn(other.to_owned())),
        }
    }
}

/// One message on a channel, in either direction.
#[derive(Debug, Clone, PartialEq)]
pub struct Message {
    /// The `ref` of the `phx_join` that opened the channel this message belongs to.
    pub join_ref: Option<String>,
    /// The message's own `ref`: set on the client's pushes, echoed by the reply to them.
    pub msg_ref: Option<String>,
    pub topic: String,
    pub event: String,
    pub payload: Payload,
}

/// What a message carries.
#[derive(Debug, Clone, PartialEq)]
pub enum Payload {
    /// A JSON object. A client's JSON broadcast, however it came, is
    /// `{type: "broadcast", event, payload, meta?}`.
    Json(Value),
    /// A JSON object already serialized: one change or broadcast bound for many channels is
    /// serialized once, and each socket's frame only wraps it ([`Payload::encoded`]).
    Encoded(Encoded),
    /// A broadcast whose user payload is bytes (`vsn=2.0.0` only; event `broadcast`).
    Binary(BinaryBroadcast),
}

impl Payload {
    /// `value` serialized once, to be sent on many channels.
    pub fn encoded(value: &Value) -> Payload {
        let text = to_json(value);
        match RawValue::from_string(text) {
            Ok(raw) => Payload::Encoded(Encoded(Arc::from(raw))),
            Err(_) => Payload::Json(value.clone()),
        }
    }
}

/// Serialized JSON, shared (equal when the texts are).
#[derive(Debug, Clone)]
pub struct Encoded(Arc<RawValue>);

impl PartialEq for Encoded {
    fn eq(&self, other: &Encoded) -> bool {
        self.0.get() == other.0.get()
    }
}

/// A broadcast whose user payload is raw bytes.
#[derive(Debug, Clone, PartialEq)]
pub struct BinaryBroadcast {
    /// The user's event name (`channel.send({event})`), not the message's `broadcast`.
    pub event: String,
    pub data: Vec<u8>,
    /// Metadata the frame carried (realtime-js sends none today; replays carry `{replayed, id}`).
    pub meta: Option<Map<String, Value>>,
}

/// A WebSocket frame to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Frame {
    Text(String),
    Binary(Vec<u8>),
}

/// A reply's or a `system` message's status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Ok,
    Error,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Error => "error",
        }
    }
}

/// Why a frame or payload was refused.
#[derive(Debug, thiserror::Error)]
pub enum WireError {
    #[error("unknown protocol version {0:?}: realtime speaks vsn 1.0.0 and 2.0.0")]
    UnknownVsn(String),
    #[error("the frame is not JSON: {0}")]
    NotJson(#[source] serde_json::Error),
    #[error("a vsn 1.0.0 frame must be a JSON object {{topic, event, payload, ref, join_ref?}}")]
    NotAnObject,
    #[error("a vsn 2.0.0 text frame must be a JSON array [join_ref, ref, topic, event, payload]")]
    NotAnArray,
    #[error(
        "a vsn 2.0.0 text frame has 5 elements [join_ref, ref, topic, event, payload], not {0}"
    )]
    WrongArrayLength(usize),
    #[error("the frame has no `{0}`")]
    MissingField(&'static str),
    #[error("`{field}` must be {expected}")]
    FieldType {
        field: &'static str,
        expected: &'static str,
    },
    #[error("the binary frame is empty")]
    EmptyFrame,
    #[error(
        "binary frames of kind {0} are not accepted: clients send kind 3 (user broadcast push)"
    )]
    UnknownKind(u8),
    #[error("the binary frame is cut short: its header announces {needed} bytes, it has {got}")]
    Truncated { needed: usize, got: usize },
    #[error("the binary frame's {0} is not UTF-8")]
    NotUtf8(&'static str),
    #[error("the binary frame's payload encoding is {0}: 0 (binary) or 1 (JSON)")]
    UnknownEncoding(u8),
    #[error("the binary frame's JSON payload does not parse: {0}")]
    BadPayloadJson(#[source] serde_json::Error),
    #[error("the binary frame's metadata must be a JSON object")]
    BadMetadata,
    #[error("{field} is {len} bytes; a binary frame allows at most 255")]
    TooLong { field: &'static str, len: usize },
    #[error("a binary broadcast cannot be sent over vsn 1.0.0")]
    BinaryNeedsV2,
    #[error("only `broadcast` messages can carry a binary payload, not `{0}`")]
    BinaryNotBroadcast(String),
    #[error("invalid phx_join payload: {0}")]
    InvalidJoin(#[source] serde_json::Error),
    #[error("invalid filter {filter:?}: {problem}")]
    Filter { filter: String, problem: String },
}

/// Reads a text frame of the socket's serializer.
///
/// `1.0.0`: an object with `topic`, `event`, `payload` and `ref` (which may be null) as Phoenix
/// requires, and an optional `join_ref`; other keys are ignored. `2.0.0`: an array of exactly
/// five elements. Refs are strings or null, topic and event strings, the payload an object.
pub fn decode_text(vsn: Vsn, text: &str) -> Result<Message, WireError> {
    let value: Value = serde_json::from_str(text).map_err(WireError::NotJson)?;
    match vsn {
        Vsn::V1 => decode_v1(value),
        Vsn::V2 => decode_v2(value),
    }
}

fn decode_v1(value: Value) -> Result<Message, WireError> {
    let Value::Object(mut map) = value else {
        return Err(WireError::NotAnObject);
    };
    let mut take = |field| map.remove(field).ok_or(WireError::MissingField(field));
    let topic = string(take("topic")?, "topic")?;
    let event = string(take("event")?, "event")?;
    let payload = object(take("payload")?)?;
    let msg_ref = optional_string(take("ref")?, "ref")?;
    let join_ref = match map.remove("join_ref") {
        Some(value) => optional_string(value, "join_ref")?,
        None => None,
    };
    Ok(Message {
        join_ref,
        msg_ref,
        topic,
        event,
        payload,
    })
}

fn decode_v2(value: Value) -> Result<Message, WireError> {
    let Value::Array(items) = value else {
        return Err(WireError::NotAnArray);
    };
    let len = items.len();
    let Ok([join_ref, msg_ref, topic, event, payload]) = <[Value; 5]>::try_from(items) else {
        return Err(WireError::WrongArrayLength(len));
    };
    Ok(Message {
        join_ref: optional_string(join_ref, "join_ref")?,
        msg_ref: optional_string(msg_ref, "ref")?,
        topic: string(topic, "topic")?,
        event: string(event, "event")?,
        payload: object(payload)?,
    })
}

fn string(value: Value, field: &'static str) -> Result<String, WireError> {
    match value {
        Value::String(s) => Ok(s),
        _ => Err(WireError::FieldType {
            field,
            expected: "a string",
        }),
    }
}

fn optional_string(value: Value, field: &'static str) -> Result<Option<String>, WireError> {
    match value {
        Value::String(s) => Ok(Some(s)),
        Value::Null => Ok(None),
        _ => Err(WireError::FieldType {
            field,
            expected: "a string or null",
        }),
    }
}

fn object(value: Value) -> Result<Payload, WireError> {
    match value {
        Value::Object(_) => Ok(Payload::Json(value)),
        _ => Err(WireError::FieldType {
            field: "payload",
            expected: "a JSON object",
        }),
    }
}

/// Reads a binary frame: only a client's "user broadcast push" (kind 3), which realtime-js
/// (`lib/serializer.ts`, `_encodeUserBroadcastPush`) lays out as
///
/// ```text
/// 3 | len(join_ref) | len(ref) | len(topic) | len(event) | len(metadata) | encoding
///   | join_ref | ref | topic | event | metadata | user payload (the rest)
/// ```
///
/// with one-byte lengths, UTF-8 strings, an empty ref meaning none, metadata empty or a JSON
/// object, and encoding 0 (bytes) or 1 (JSON). The message's event is `broadcast`; a JSON user
/// payload becomes `{type: "broadcast", event, payload, meta?}` as a text broadcast would be.
pub fn decode_binary(frame: &[u8]) -> Result<Message, WireError> {
    let (&kind, rest) = frame.split_first().ok_or(WireError::EmptyFrame)?;
    if kind != KIND_USER_BROADCAST_PUSH {
        return Err(WireError::UnknownKind(kind));
    }
    let Some((header, body)) = rest.split_first_chunk::<6>() else {
        return Err(WireError::Truncated {
            needed: 7,
            got: frame.len(),
        });
    };
    let encoding = header[5];
    let [join_ref_len, ref_len, topic_len, event_len, meta_len, _] = header.map(usize::from);
    let needed = join_ref_len + ref_len + topic_len + event_len + meta_len;
    if body.len() < needed {
        return Err(WireError::Truncated {
            needed: 7 + needed,
            got: frame.len(),
        });
    }
    let (join_ref, body) = body.split_at(join_ref_len);
    let (msg_ref, body) = body.split_at(ref_len);
    let (topic, body) = body.split_at(topic_len);
    let (user_event, body) = body.split_at(event_len);
    let (meta, data) = body.split_at(meta_len);

    let non_empty = |s: String| (!s.is_empty()).then_some(s);
    let join_ref = non_empty(utf8(join_ref, "join_ref")?);
    let msg_ref = non_empty(utf8(msg_ref, "ref")?);
    let topic = utf8(topic, "topic")?;
    let user_event = utf8(user_event, "event")?;
    let meta = if meta.is_empty() {
        None
    } else {
        match serde_json::from_slice(meta) {
            Ok(Value::Object(map)) => Some(map),
            _ => return Err(WireError::BadMetadata),
        }
    };

    let payload = match encoding {
        ENCODING_BINARY => Payload::Binary(BinaryBroadcast {
            event: user_event,
            data: data.to_vec(),
            meta,
        }),
        ENCODING_JSON => {
            let user_payload: Value =
                serde_json::from_slice(data).map_err(WireError::BadPayloadJson)?;
            Payload::Json(broadcast_payload(&user_event, user_payload, meta))
        }
        other => return Err(WireError::UnknownEncoding(other)),
    };
    Ok(Message {
        join_ref,
        msg_ref,
        topic,
        event: event::BROADCAST.to_owned(),
        payload,
    })
}

fn utf8(bytes: &[u8], field: &'static str) -> Result<String, WireError> {
    String::from_utf8(bytes.to_vec()).map_err(|_| WireError::NotUtf8(field))
}

fn broadcast_payload(user_event: &str, payload: Value, meta: Option<Map<String, Value>>) -> Value {
    let mut map = Map::new();
    map.insert("type".into(), event::BROADCAST.into());
    map.insert("event".into(), user_event.into());
    map.insert("payload".into(), payload);
    if let Some(meta) = meta {
        map.insert("meta".into(), Value::Object(meta));
    }
    Value::Object(map)
}

/// Writes a message for a socket of the given serializer.
///
/// JSON payloads become text frames (`1.0.0`: `{topic, event, payload, ref}`; `2.0.0`:
/// `[join_ref, ref, topic, event, payload]`). A binary broadcast becomes the "user broadcast"
/// frame realtime-js decodes (`lib/serializer.ts`, `_decodeUserBroadcast`):
///
/// ```text
/// 4 | len(topic) | len(event) | len(metadata) | 0 | topic | event | metadata | data
/// ```
///
/// It fails for a binary payload over `1.0.0`, on an event other than `broadcast`, or when a
/// header field is over 255 bytes.
pub fn encode(vsn: Vsn, msg: &Message) -> Result<Frame, WireError> {
    match (&msg.payload, vsn) {
        (Payload::Json(payload), Vsn::V1) => Ok(Frame::Text(to_json(&V1Out {
            topic: &msg.topic,
            event: &msg.event,
            payload,
            msg_ref: msg.msg_ref.as_deref(),
        }))),
        (Payload::Json(payload), Vsn::V2) => Ok(Frame::Text(to_json(&(
            msg.join_ref.as_deref(),
            msg.msg_ref.as_deref(),
            &msg.topic,
            &msg.event,
            payload,
        )))),
        (Payload::Encoded(payload), Vsn::V1) => Ok(Frame::Text(to_json(&V1Out {
            topic: &msg.topic,
            event: &msg.event,
            payload: &*payload.0,
            msg_ref: msg.msg_ref.as_deref(),
        }))),
        (Payload::Encoded(payload), Vsn::V2) => Ok(Frame::Text(to_json(&(
            msg.join_ref.as_deref(),
            msg.msg_ref.as_deref(),
            &msg.topic,
            &msg.event,
            &*payload.0,
        )))),
        (Payload::Binary(_), Vsn::V1) => Err(WireError::BinaryNeedsV2),
        (Payload::Binary(broadcast), Vsn::V2) => {
            if msg.event != event::BROADCAST {
                return Err(WireError::BinaryNotBroadcast(msg.event.clone()));
            }
            encode_user_broadcast(&msg.topic, broadcast).map(Frame::Binary)
        }
    }
}

#[derive(Serialize)]
struct V1Out<'a, P: Serialize + ?Sized> {
    topic: &'a str,
    event: &'a str,
    payload: &'a P,
    #[serde(rename = "ref")]
    msg_ref: Option<&'a str>,
}

fn to_json(value: &impl Serialize) -> String {
    serde_json::to_string(value).expect("strings, string-keyed maps and JSON values serialize")
}

fn encode_user_broadcast(topic: &str, broadcast: &BinaryBroadcast) -> Result<Vec<u8>, WireError> {
    let meta = broadcast.meta.as_ref().map(to_json).unwrap_or_default();
    let topic_len = header_len("topic", topic.as_bytes())?;
    let event_len = header_len("event", broadcast.event.as_bytes())?;
    let meta_len = header_len("metadata", meta.as_bytes())?;
    let mut frame = Vec::with_capacity(
        5 + topic.len() + broadcast.event.len() + meta.len() + broadcast.data.len(),
    );
    frame.extend_from_slice(&[
        KIND_USER_BROADCAST,
        topic_len,
        event_len,
        meta_len,
        ENCODING_BINARY,
    ]);
    frame.extend_from_slice(topic.as_bytes());
    frame.extend_from_slice(broadcast.event.as_bytes());
    frame.extend_from_slice(meta.as_bytes());
    frame.extend_from_slice(&broadcast.data);
    Ok(frame)
}

/// A header field's one-byte length.
fn header_len(field: &'static str, bytes: &[u8]) -> Result<u8, WireError> {
    u8::try_from(bytes.len()).map_err(|_| WireError::TooLong {
        field,
        len: bytes.len(),
    })
}

/// The server's messages.
impl Message {
    /// A `phx_reply` to `request`: same topic, join_ref and ref; payload `{status, response}`.
    pub fn reply(request: &Message, status: Status, response: Value) -> Message {
        Message {
            join_ref: request.join_ref.clone(),
            msg_ref: request.msg_ref.clone(),
            topic: request.topic.clone(),
            event: event::PHX_REPLY.to_owned(),
            payload: Payload::Json(json!({"status": status.as_str(), "response": response})),
        }
    }

    /// `{status: "ok", response}`. A heartbeat's answer is `reply_ok(&heartbeat, json!({}))`.
    pub fn reply_ok(request: &Message, response: Value) -> Message {
        Message::reply(request, Status::Ok, response)
    }

    /// `{status: "error", response: {reason}}`; realtime's reasons read `"Code: message"`, and
    /// realtime-js shows the joined values of `response` as the error's message.
    pub fn reply_error(request: &Message, reason: &str) -> Message {
        Message::reply(request, Status::Error, json!({"reason": reason}))
    }

    /// A `system` message on a joined channel: `{extension, status, message, channel}`, where
    /// `channel` is the topic without `realtime:`. E.g. extension `postgres_changes`, status
    /// ok, "Subscribed to PostgreSQL"; or extension `system`, status error, before a close.
    pub fn system(
        topic: &str,
        join_ref: Option<&str>,
        extension: &str,
        status: Status,
        message: &str,
    ) -> Message {
        let channel = topic.strip_prefix(event::TOPIC_PREFIX).unwrap_or(topic);
        Message {
            join_ref: join_ref.map(str::to_owned),
            msg_ref: None,
            topic: topic.to_owned(),
            event: event::SYSTEM.to_owned(),
            payload: Payload::Json(json!({
                "extension": extension,
                "status": status.as_str(),
                "message": message,
                "channel": channel,
            })),
        }
    }

    /// `phx_close`: the channel ended (after a leave, or when the server stops it). Its ref is
    /// the join's, which is what realtime-js checks.
    pub fn close(topic: &str, join_ref: &str) -> Message {
        Message::channel_end(topic, join_ref, event::PHX_CLOSE)
    }

    /// `phx_error`: the channel failed; the client marks it errored and rejoins.
    pub fn channel_error(topic: &str, join_ref: &str) -> Message {
        Message::channel_end(topic, join_ref, event::PHX_ERROR)
    }

    fn channel_end(topic: &str, join_ref: &str, event: &str) -> Message {
        Message {
            join_ref: Some(join_ref.to_owned()),
            msg_ref: Some(join_ref.to_owned()),
            topic: topic.to_owned(),
            event: event.to_owned(),
            payload: Payload::Json(json!({})),
        }
    }

    /// A JSON broadcast to subscribers: `{type: "broadcast", event, payload}`, no refs.
    pub fn broadcast(topic: &str, user_event: &str, payload: Value) -> Message {
        Message::fanned_out(
            topic,
            event::BROADCAST,
            Payload::Json(broadcast_payload(user_event, payload, None)),
        )
    }

    /// A binary broadcast to subscribers (`vsn=2.0.0` sockets only).
    pub fn binary_broadcast(topic: &str, user_event: &str, data: Vec<u8>) -> Message {
        Message::fanned_out(
            topic,
            event::BROADCAST,
            Payload::Binary(BinaryBroadcast {
                event: user_event.to_owned(),
                data,
                meta: None,
            }),
        )
    }

    /// A message fanned out to every subscriber of a topic: like realtime's fastlane, it
    /// carries neither join_ref nor ref.
    fn fanned_out(topic: &str, event: &str, payload: Payload) -> Message {
        Message {
            join_ref: None,
            msg_ref: None,
            topic: topic.to_owned(),
            event: event.to_owned(),
            payload,
        }
    }

    /// The payload, if it is JSON.
    pub fn json(&self) -> Option<&Value> {
        match &self.payload {
            Payload::Json(value) => Some(value),
            Payload::Encoded(_) | Payload::Binary(_) => None,
        }
    }

    /// The payload as a JSON value, also when it was sent already serialized.
    pub fn value(&self) -> Option<Cow<'_, Value>> {
        match &self.payload {
            Payload::Json(value) => Some(Cow::Borrowed(value)),
            Payload::Encoded(raw) => serde_json::from_str(raw.0.get()).ok().map(Cow::Owned),
            Payload::Binary(_) => None,
        }
    }
}

#[cfg(test)]
mod tests;
