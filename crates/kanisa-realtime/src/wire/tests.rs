//! The frame codec against what realtime-js sends and expects.
//!
//! Byte layouts come from `packages/core/realtime-js/src/lib/serializer.ts` in supabase-js
//! (HEAD 381bded5): the client's push is written by `_encodeUserBroadcastPush` (lines 60–139:
//! kind 3 at line 112, then the join_ref, ref, topic, event and metadata lengths and the encoding
//! at lines 113–118, then the fields in that order and the payload), and the server's broadcast
//! is read by `_decodeUserBroadcast` (lines 162–202: kind 4 at line 157, topic, event and
//! metadata sizes and the encoding at lines 173–176, fields from offset 5 at line 178).

use super::*;
use serde_json::json;

fn text(frame: Frame) -> String {
    match frame {
        Frame::Text(text) => text,
        Frame::Binary(bytes) => panic!("expected text, got {bytes:?}"),
    }
}

fn binary(frame: Frame) -> Vec<u8> {
    match frame {
        Frame::Binary(bytes) => bytes,
        Frame::Text(text) => panic!("expected bytes, got {text}"),
    }
}

fn msg(
    join_ref: Option<&str>,
    msg_ref: Option<&str>,
    topic: &str,
    event: &str,
    payload: Value,
) -> Message {
    Message {
        join_ref: join_ref.map(str::to_owned),
        msg_ref: msg_ref.map(str::to_owned),
        topic: topic.into(),
        event: event.into(),
        payload: Payload::Json(payload),
    }
}

/// A kind-3 frame laid out as `_encodeUserBroadcastPush` lays it out.
fn push_frame(
    join_ref: &str,
    msg_ref: &str,
    topic: &str,
    user_event: &str,
    meta: &str,
    encoding: u8,
    data: &[u8],
) -> Vec<u8> {
    let len = |s: &str| u8::try_from(s.len()).unwrap();
    let mut frame = vec![
        3,
        len(join_ref),
        len(msg_ref),
        len(topic),
        len(user_event),
        len(meta),
        encoding,
    ];
    for field in [join_ref, msg_ref, topic, user_event, meta] {
        frame.extend_from_slice(field.as_bytes());
    }
    frame.extend_from_slice(data);
    frame
}

#[test]
fn vsn_comes_from_the_query() {
    assert_eq!("1.0.0".parse::<Vsn>().unwrap(), Vsn::V1);
    assert_eq!("2.0.0".parse::<Vsn>().unwrap(), Vsn::V2);
    assert_eq!(Vsn::from_query(Some("2.0.0")).unwrap(), Vsn::V2);
    assert_eq!(
        Vsn::from_query(None).unwrap(),
        Vsn::V1,
        "Phoenix reads a missing vsn as 1.0.0"
    );
    for bad in ["", "2.0", "2.0.1", "3.0.0", " 2.0.0"] {
        let err = bad.parse::<Vsn>().unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("unknown protocol version {bad:?}: realtime speaks vsn 1.0.0 and 2.0.0")
        );
    }
    assert_eq!(Vsn::V2.as_str(), "2.0.0");
}

#[test]
fn decodes_v2_arrays() {
    // phoenix socket.js sendHeartbeat: {topic: "phoenix", event: "heartbeat", payload: {}, ref}
    // with no join_ref, which JSON.stringify of the array writes as null.
    assert_eq!(
        decode_text(Vsn::V2, r#"[null,"3","phoenix","heartbeat",{}]"#).unwrap(),
        msg(None, Some("3"), "phoenix", "heartbeat", json!({}))
    );
    assert_eq!(
        decode_text(
            Vsn::V2,
            r#"["1","1","realtime:room","phx_join",{"config":{"private":false}}]"#
        )
        .unwrap(),
        msg(
            Some("1"),
            Some("1"),
            "realtime:room",
            "phx_join",
            json!({"config": {"private": false}})
        )
    );
}

#[test]
fn decodes_v1_objects() {
    // push.js send: {topic, event, payload, ref, join_ref}; the heartbeat has no join_ref key.
    assert_eq!(
        decode_text(
            Vsn::V1,
            r#"{"topic":"phoenix","event":"heartbeat","payload":{},"ref":"3"}"#
        )
        .unwrap(),
        msg(None, Some("3"), "phoenix", "heartbeat", json!({}))
    );
    assert_eq!(
        decode_text(
            Vsn::V1,
            r#"{"topic":"realtime:room","event":"phx_leave","payload":{},"ref":"9","join_ref":"1","extra":true}"#
        )
        .unwrap(),
        msg(Some("1"), Some("9"), "realtime:room", "phx_leave", json!({}))
    );
    assert_eq!(
        decode_text(
            Vsn::V1,
            r#"{"topic":"t","event":"e","payload":{},"ref":null,"join_ref":null}"#
        )
        .unwrap(),
        msg(None, None, "t", "e", json!({}))
    );
}

#[test]
fn refuses_malformed_text_frames() {
    let cases: [(Vsn, &str, &str); 16] = [
        (Vsn::V2, "", "the frame is not JSON: "),
        (Vsn::V2, "[null,\"1\"", "the frame is not JSON: "),
        (
            Vsn::V2,
            r#"{"topic":"t"}"#,
            "a vsn 2.0.0 text frame must be a JSON array",
        ),
        (
            Vsn::V2,
            r#"[null,"1","t","e"]"#,
            "a vsn 2.0.0 text frame has 5 elements [join_ref, ref, topic, event, payload], not 4",
        ),
        (
            Vsn::V2,
            r#"[null,"1","t","e",{},1]"#,
            "a vsn 2.0.0 text frame has 5 elements [join_ref, ref, topic, event, payload], not 6",
        ),
        (
            Vsn::V2,
            r#"[1,"1","t","e",{}]"#,
            "`join_ref` must be a string or null",
        ),
        (
            Vsn::V2,
            r#"[null,2,"t","e",{}]"#,
            "`ref` must be a string or null",
        ),
        (
            Vsn::V2,
            r#"[null,"1",null,"e",{}]"#,
            "`topic` must be a string",
        ),
        (
            Vsn::V2,
            r#"[null,"1","t",["e"],{}]"#,
            "`event` must be a string",
        ),
        (
            Vsn::V2,
            r#"[null,"1","t","e","hello"]"#,
            "`payload` must be a JSON object",
        ),
        (
            Vsn::V1,
            r#"[null,"1","t","e",{}]"#,
            "a vsn 1.0.0 frame must be a JSON object",
        ),
        (
            Vsn::V1,
            r#"{"event":"e","payload":{},"ref":"1"}"#,
            "the frame has no `topic`",
        ),
        (
            Vsn::V1,
            r#"{"topic":"t","event":"e","payload":{}}"#,
            "the frame has no `ref`",
        ),
        (
            Vsn::V1,
            r#"{"topic":"t","event":"e","ref":"1"}"#,
            "the frame has no `payload`",
        ),
        (
            Vsn::V1,
            r#"{"topic":"t","event":"e","payload":null,"ref":"1"}"#,
            "`payload` must be a JSON object",
        ),
        (
            Vsn::V1,
            r#"{"topic":"t","event":"e","payload":{},"ref":"1","join_ref":7}"#,
            "`join_ref` must be a string or null",
        ),
    ];
    for (vsn, frame, expected) in cases {
        let err = decode_text(vsn, frame).unwrap_err();
        assert!(err.to_string().starts_with(expected), "{frame}: {err}");
    }
}

#[test]
fn encodes_what_each_client_decodes() {
    let reply = msg(
        Some("1"),
        Some("1"),
        "realtime:room",
        "phx_reply",
        json!({"status": "ok", "response": {}}),
    );
    assert_eq!(
        text(encode(Vsn::V2, &reply).unwrap()),
        r#"["1","1","realtime:room","phx_reply",{"status":"ok","response":{}}]"#
    );
    // Phoenix's V1 serializer writes topic, event, payload and ref, never join_ref.
    assert_eq!(
        text(encode(Vsn::V1, &reply).unwrap()),
        r#"{"topic":"realtime:room","event":"phx_reply","payload":{"status":"ok","response":{}},"ref":"1"}"#
    );
    let pushed = msg(Some("1"), None, "realtime:room", "system", json!({}));
    assert_eq!(
        text(encode(Vsn::V2, &pushed).unwrap()),
        r#"["1",null,"realtime:room","system",{}]"#
    );
    assert_eq!(
        text(encode(Vsn::V1, &pushed).unwrap()),
        r#"{"topic":"realtime:room","event":"system","payload":{},"ref":null}"#
    );
}

#[test]
fn text_frames_round_trip() {
    let messages = [
        msg(None, Some("3"), "phoenix", "heartbeat", json!({})),
        msg(
            Some("1"),
            Some("2"),
            "realtime:room",
            "phx_join",
            json!({"config": {"broadcast": {"self": true}}, "access_token": "é✓"}),
        ),
        msg(
            None,
            None,
            "realtime:room",
            "broadcast",
            json!({"type": "broadcast", "event": "e", "payload": [1, "two", null]}),
        ),
    ];
    for message in &messages {
        let v2 = text(encode(Vsn::V2, message).unwrap());
        assert_eq!(&decode_text(Vsn::V2, &v2).unwrap(), message, "{v2}");
        let v1 = text(encode(Vsn::V1, message).unwrap());
        let back = decode_text(Vsn::V1, &v1).unwrap();
        assert_eq!(
            back,
            Message {
                join_ref: None,
                ..message.clone()
            },
            "{v1}"
        );
    }
}

#[test]
fn decodes_the_clients_binary_broadcast() {
    // realtime-js' own vector (test/serializer.test.ts): join_ref "10", ref "1", topic "top",
    // event "user-event", payload {a: "b"} sent as JSON (encoding 1), no metadata.
    let mut frame = vec![0x03, 0x02, 0x01, 0x03, 0x0a, 0x00, 0x01];
    frame.extend_from_slice(b"101topuser-event{\"a\":\"b\"}");
    assert_eq!(
        decode_binary(&frame).unwrap(),
        msg(
            Some("10"),
            Some("1"),
            "top",
            "broadcast",
            json!({"type": "broadcast", "event": "user-event", "payload": {"a": "b"}})
        )
    );

    // An ArrayBuffer payload (encoding 0): bytes 01 04 kept as they are.
    let mut frame = vec![3, 1, 1, 13, 6, 0, 0];
    frame.extend_from_slice(b"14realtime:roomcursor");
    frame.extend_from_slice(&[0x01, 0x04]);
    assert_eq!(
        decode_binary(&frame).unwrap(),
        Message {
            join_ref: Some("1".into()),
            msg_ref: Some("4".into()),
            topic: "realtime:room".into(),
            event: "broadcast".into(),
            payload: Payload::Binary(BinaryBroadcast {
                event: "cursor".into(),
                data: vec![1, 4],
                meta: None
            }),
        }
    );
}

#[test]
fn binary_broadcasts_read_like_text_ones() {
    // The same send() over vsn 1.0.0 (text) and 2.0.0 (kind 3) gives the same message.
    let text = decode_text(
        Vsn::V1,
        r#"{"topic":"realtime:room","event":"broadcast","payload":{"type":"broadcast","event":"cursor","payload":{"x":1}},"ref":"5","join_ref":"1"}"#,
    )
    .unwrap();
    let frame = push_frame("1", "5", "realtime:room", "cursor", "", 1, br#"{"x":1}"#);
    assert_eq!(decode_binary(&frame).unwrap(), text);
}

#[test]
fn binary_fields_are_utf8_with_byte_lengths() {
    // Since realtime-js 2.110.4 header fields are TextEncoder UTF-8, lengths in bytes.
    let event = "café-🎉";
    assert_eq!(event.len(), 10);
    let frame = push_frame(
        "",
        "",
        "realtime:kanisa-ç",
        event,
        r#"{"id":"m1"}"#,
        1,
        b"\"hi\"",
    );
    assert_eq!(frame[1..7], [0, 0, 18, 10, 11, 1]);
    assert_eq!(
        decode_binary(&frame).unwrap(),
        msg(
            None,
            None,
            "realtime:kanisa-ç",
            "broadcast",
            json!({"type": "broadcast", "event": event, "payload": "hi", "meta": {"id": "m1"}})
        )
    );
}

#[test]
fn client_binary_frames_round_trip() {
    for (data, encoding) in [
        (&b""[..], 0),
        (&[0, 255, 7][..], 0),
        (&br#"{"k":[1,2]}"#[..], 1),
        (&b"null"[..], 1),
    ] {
        let frame = push_frame("12", "13", "realtime:a", "evt", "", encoding, data);
        let decoded = decode_binary(&frame).unwrap();
        let again = match &decoded.payload {
            Payload::Binary(b) => push_frame("12", "13", &decoded.topic, &b.event, "", 0, &b.data),
            Payload::Json(v) => push_frame(
                "12",
                "13",
                &decoded.topic,
                v["event"].as_str().unwrap(),
                "",
                1,
                v["payload"].to_string().as_bytes(),
            ),
            Payload::Encoded(_) => unreachable!("decoding never yields a pre-serialized payload"),
        };
        assert_eq!(again, frame);
    }
}

#[test]
fn refuses_malformed_binary_frames() {
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (vec![], "the binary frame is empty"),
        (
            vec![0, 0, 0, 1, 1, b't', b'e'],
            "binary frames of kind 0 are not accepted: clients send kind 3 (user broadcast push)",
        ),
        (
            vec![4, 1, 1, 0, 1, b't', b'e'],
            "binary frames of kind 4 are not accepted",
        ),
        (
            vec![3, 0, 0, 1],
            "the binary frame is cut short: its header announces 7 bytes, it has 4",
        ),
        (
            vec![3, 0, 0, 5, 1, 0, 1, b't'],
            "the binary frame is cut short: its header announces 13 bytes, it has 8",
        ),
        (
            push_frame("", "", "t", "e", "", 2, b"{}"),
            "the binary frame's payload encoding is 2: 0 (binary) or 1 (JSON)",
        ),
        (
            push_frame("", "", "t", "e", "", 1, b"{nope"),
            "the binary frame's JSON payload does not parse: ",
        ),
        (
            push_frame("", "", "t", "e", "", 1, b""),
            "the binary frame's JSON payload does not parse: ",
        ),
        (
            push_frame("", "", "t", "e", "[1]", 1, b"{}"),
            "the binary frame's metadata must be a JSON object",
        ),
        (
            push_frame("", "", "t", "e", "{", 0, b""),
            "the binary frame's metadata must be a JSON object",
        ),
        (
            vec![3, 0, 0, 1, 1, 0, 0, 0xff, b'e'],
            "the binary frame's topic is not UTF-8",
        ),
        (
            vec![3, 1, 0, 1, 1, 0, 0, 0xc3, b't', b'e'],
            "the binary frame's join_ref is not UTF-8",
        ),
        (
            vec![3, 0, 0, 1, 2, 0, 0, b't', 0xe2, 0x82],
            "the binary frame's event is not UTF-8",
        ),
    ];
    for (frame, expected) in cases {
        let err = decode_binary(&frame).unwrap_err();
        assert!(err.to_string().starts_with(expected), "{frame:?}: {err}");
    }
}

#[test]
fn encodes_binary_broadcasts_as_the_client_decodes_them() {
    let broadcast = Message::binary_broadcast("realtime:room", "cursor", vec![1, 4]);
    let mut expected = vec![4, 13, 6, 0, 0];
    expected.extend_from_slice(b"realtime:roomcursor");
    expected.extend_from_slice(&[1, 4]);
    assert_eq!(binary(encode(Vsn::V2, &broadcast).unwrap()), expected);

    // With metadata (as realtime's replays carry): its JSON sits between event and data.
    let replayed = Message {
        payload: Payload::Binary(BinaryBroadcast {
            event: "e".into(),
            data: vec![9],
            meta: Some(
                json!({"replayed": true, "id": "m1"})
                    .as_object()
                    .unwrap()
                    .clone(),
            ),
        }),
        ..Message::binary_broadcast("t", "e", vec![])
    };
    let meta = br#"{"replayed":true,"id":"m1"}"#;
    let mut expected = vec![4, 1, 1, u8::try_from(meta.len()).unwrap(), 0, b't', b'e'];
    expected.extend_from_slice(meta);
    expected.push(9);
    assert_eq!(binary(encode(Vsn::V2, &replayed).unwrap()), expected);
}

#[test]
fn refuses_binary_it_cannot_frame() {
    let broadcast = Message::binary_broadcast("realtime:room", "cursor", vec![1]);
    assert_eq!(
        encode(Vsn::V1, &broadcast).unwrap_err().to_string(),
        "a binary broadcast cannot be sent over vsn 1.0.0"
    );
    let wrong_event = Message {
        event: "presence".into(),
        ..broadcast.clone()
    };
    assert_eq!(
        encode(Vsn::V2, &wrong_event).unwrap_err().to_string(),
        "only `broadcast` messages can carry a binary payload, not `presence`"
    );
    let long_topic = Message {
        topic: "t".repeat(256),
        ..broadcast.clone()
    };
    assert_eq!(
        encode(Vsn::V2, &long_topic).unwrap_err().to_string(),
        "topic is 256 bytes; a binary frame allows at most 255"
    );
    let longest = Message {
        topic: "t".repeat(255),
        ..broadcast
    };
    assert_eq!(binary(encode(Vsn::V2, &longest).unwrap())[1], 255);
}

#[test]
fn builds_replies() {
    let join = decode_text(Vsn::V2, r#"["1","1","realtime:room","phx_join",{}]"#).unwrap();
    assert_eq!(
        text(encode(Vsn::V2, &Message::reply_error(&join, "Unauthorized: You do not have permissions to read from this Channel topic: room")).unwrap()),
        r#"["1","1","realtime:room","phx_reply",{"status":"error","response":{"reason":"Unauthorized: You do not have permissions to read from this Channel topic: room"}}]"#
    );
    let heartbeat = decode_text(Vsn::V2, r#"[null,"7","phoenix","heartbeat",{}]"#).unwrap();
    assert_eq!(
        text(encode(Vsn::V2, &Message::reply_ok(&heartbeat, json!({}))).unwrap()),
        r#"[null,"7","phoenix","phx_reply",{"status":"ok","response":{}}]"#
    );
}

#[test]
fn builds_system_close_and_error_messages() {
    let system = Message::system(
        "realtime:room",
        Some("1"),
        "postgres_changes",
        Status::Ok,
        "Subscribed to PostgreSQL",
    );
    assert_eq!(
        text(encode(Vsn::V2, &system).unwrap()),
        r#"["1",null,"realtime:room","system",{"extension":"postgres_changes","status":"ok","message":"Subscribed to PostgreSQL","channel":"room"}]"#
    );
    let failed = Message::system(
        "realtime:room",
        Some("1"),
        "system",
        Status::Error,
        "Token has expired 5 seconds ago",
    );
    assert_eq!(failed.json().unwrap()["status"], "error");
    assert_eq!(
        text(encode(Vsn::V2, &Message::close("realtime:room", "1")).unwrap()),
        r#"["1","1","realtime:room","phx_close",{}]"#
    );
    assert_eq!(
        text(encode(Vsn::V2, &Message::channel_error("realtime:room", "1")).unwrap()),
        r#"["1","1","realtime:room","phx_error",{}]"#
    );
    assert_eq!(
        text(encode(Vsn::V1, &Message::close("realtime:room", "1")).unwrap()),
        r#"{"topic":"realtime:room","event":"phx_close","payload":{},"ref":"1"}"#
    );
}

#[test]
fn builds_json_broadcasts() {
    let broadcast = Message::broadcast("realtime:room", "cursor", json!({"x": 1}));
    assert_eq!(
        text(encode(Vsn::V2, &broadcast).unwrap()),
        r#"[null,null,"realtime:room","broadcast",{"type":"broadcast","event":"cursor","payload":{"x":1}}]"#
    );
    assert_eq!(
        text(encode(Vsn::V1, &broadcast).unwrap()),
        r#"{"topic":"realtime:room","event":"broadcast","payload":{"type":"broadcast","event":"cursor","payload":{"x":1}},"ref":null}"#
    );
}

#[test]
fn a_pre_serialized_payload_frames_as_its_json_would() {
    let value = json!({"ids": [7], "data": {"record": {"title": "Grace \"and\" peace"}}});
    for vsn in [Vsn::V1, Vsn::V2] {
        let message = |payload| Message {
            join_ref: Some("3".into()),
            msg_ref: None,
            topic: "realtime:live".into(),
            event: "postgres_changes".into(),
            payload,
        };
        let plain = encode(vsn, &message(Payload::Json(value.clone()))).unwrap();
        let shared = message(Payload::encoded(&value));
        assert_eq!(encode(vsn, &shared).unwrap(), plain);
        assert_eq!(shared.value().unwrap().into_owned(), value);
        assert_eq!(shared.json(), None);
    }
}
