//! `/realtime/v1/websocket` at the HTTP edge: refusals before the upgrade are the API's JSON
//! (no vsn it speaks, a bad apikey, not a WebSocket, too many sockets from one address), limits
//! on an open socket are `phx_reply` errors that leave the socket working, and the vsn 2.0.0
//! array serializer carries a join, a heartbeat and a change.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::{self, Message};

use super::{TestApp, eventually};

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

fn limits() -> kanisa_realtime::Limits {
    kanisa_realtime::Limits {
        sockets_per_client: 2,
        channels_per_socket: 1,
        ..kanisa_realtime::Limits::default()
    }
}

fn ws_url(app: &TestApp, vsn: &str) -> String {
    format!(
        "ws://{}/realtime/v1/websocket?apikey={}&vsn={vsn}",
        app.addr,
        anon_key()
    )
}

fn anon_key() -> String {
    kanisa_auth::JwtKeys::new(super::TEST_SECRET)
        .api_key("anon")
        .unwrap()
}

async fn connect(app: &TestApp, vsn: &str) -> Result<Socket, tungstenite::Error> {
    tokio_tungstenite::connect_async(ws_url(app, vsn))
        .await
        .map(|(socket, _)| socket)
}

/// The next text frame, as JSON (skipping pings), within a patient while.
async fn next_json(socket: &mut Socket) -> Value {
    loop {
        let frame = tokio::time::timeout(
            kanisa_test_db::patient(Duration::from_secs(10)),
            socket.next(),
        )
        .await
        .expect("a frame in time")
        .expect("the socket is open")
        .unwrap();
        if let Message::Text(text) = frame {
            return serde_json::from_str(&text).unwrap();
        }
    }
}

/// A vsn 1.0.0 join of `topic` with one `postgres_changes` binding on sermons.
fn join(topic: &str, reference: &str) -> Message {
    Message::text(
        json!({
            "topic": topic, "event": "phx_join", "ref": reference, "join_ref": reference,
            "payload": {"config": {"postgres_changes": [
                {"event": "*", "schema": "public", "table": "sermons"}
            ]}},
        })
        .to_string(),
    )
}

/// The reply to `reference`, skipping what else arrives (system messages).
async fn reply_to(socket: &mut Socket, reference: &str) -> Value {
    loop {
        let frame = next_json(socket).await;
        if frame["event"] == "phx_reply" && frame["ref"] == reference {
            return frame;
        }
    }
}

#[tokio::test]
async fn refusals_before_the_upgrade_are_the_apis_json() {
    let app = TestApp::spawn_realtime(limits()).await;
    let anon = anon_key();
    for (query, status, code) in [
        (format!("apikey={anon}&vsn=3.0.0"), 400, "realtime_vsn"),
        (
            "apikey=not-a-token&vsn=1.0.0".to_owned(),
            401,
            "invalid_jwt",
        ),
        (
            format!("apikey={anon}&vsn=1.0.0"),
            400,
            "websocket_required",
        ),
    ] {
        let res = app.get(&format!("/realtime/v1/websocket?{query}")).await;
        assert_eq!(res.status().as_u16(), status, "{query}");
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["code"], code, "{query}: {body}");
        assert!(
            body["message"].as_str().is_some_and(|m| !m.is_empty()),
            "{body}"
        );
    }
    // The same refusals reach a WebSocket client as its handshake's HTTP answer.
    match connect(&app, "9").await {
        Err(tungstenite::Error::Http(res)) => assert_eq!(res.status().as_u16(), 400),
        other => panic!("expected a 400 handshake, got {other:?}"),
    }
}

#[tokio::test]
async fn sockets_per_address_are_a_429_and_channels_past_the_limit_a_phx_reply_error() {
    let app = TestApp::spawn_realtime(limits()).await;
    let mut first = connect(&app, "1.0.0").await.unwrap();
    let second = connect(&app, "1.0.0").await.unwrap();
    match connect(&app, "1.0.0").await {
        Err(tungstenite::Error::Http(res)) => {
            assert_eq!(res.status().as_u16(), 429);
            let body: Value = serde_json::from_slice(res.body().as_deref().unwrap()).unwrap();
            assert_eq!(body["code"], "too_many_sockets", "{body}");
        }
        other => panic!("a third socket from one address: expected 429, got {other:?}"),
    }
    // A socket closed gives its place back.
    drop(second);
    let mut third = eventually(Duration::from_secs(10), "a place after a close", || async {
        connect(&app, "1.0.0").await.map_err(|e| e.to_string())
    })
    .await;

    // One channel per socket here: the second join is refused, the first keeps working.
    first.send(join("realtime:one", "1")).await.unwrap();
    assert_eq!(reply_to(&mut first, "1").await["payload"]["status"], "ok");
    first.send(join("realtime:two", "2")).await.unwrap();
    let refused = reply_to(&mut first, "2").await;
    assert_eq!(refused["payload"]["status"], "error", "{refused}");
    let reason = refused["payload"]["response"]["reason"].as_str().unwrap();
    assert!(
        reason.starts_with("ChannelRateLimitReached: at most 1 channels"),
        "{reason}"
    );
    first
        .send(Message::text(
            json!({"topic": "phoenix", "event": "heartbeat", "payload": {}, "ref": "3"})
                .to_string(),
        ))
        .await
        .unwrap();
    assert_eq!(reply_to(&mut first, "3").await["payload"]["status"], "ok");
    third.close(None).await.unwrap();
}

#[tokio::test]
async fn vsn_2_arrays_carry_the_join_the_heartbeat_and_a_change() {
    let app = TestApp::spawn_realtime(limits()).await;
    let mut socket = connect(&app, "2.0.0").await.unwrap();
    let join = json!(["1", "1", "realtime:arrays", "phx_join", {
        "config": {"postgres_changes": [{"event": "INSERT", "schema": "public", "table": "sermons"}]}
    }]);
    socket.send(Message::text(join.to_string())).await.unwrap();
    let reply = loop {
        let frame = next_json(&mut socket).await;
        if frame[3] == "phx_reply" {
            break frame;
        }
    };
    assert_eq!(reply[0], "1");
    assert_eq!(reply[1], "1");
    assert_eq!(reply[2], "realtime:arrays");
    assert_eq!(reply[4]["status"], "ok", "{reply}");
    let binding = &reply[4]["response"]["postgres_changes"][0];
    assert_eq!(
        (&binding["event"], &binding["schema"], &binding["table"]),
        (&json!("INSERT"), &json!("public"), &json!("sermons"))
    );
    let id = binding["id"].as_u64().expect("a numeric binding id");

    socket
        .send(Message::text(
            json!([null, "2", "phoenix", "heartbeat", {}]).to_string(),
        ))
        .await
        .unwrap();
    let beat = loop {
        let frame = next_json(&mut socket).await;
        if frame[1] == "2" {
            break frame;
        }
    };
    assert_eq!(
        (&beat[2], &beat[3], &beat[4]["status"]),
        (&json!("phoenix"), &json!("phx_reply"), &json!("ok"))
    );

    let res = app
        .http
        .post(app.url("/rest/v1/sermons"))
        .header("apikey", &app.service_key)
        .header("authorization", format!("Bearer {}", app.service_key))
        .json(&json!({"title": "Arrays", "speaker": "Pastor Test", "sermon_date": "2026-03-07", "is_published": true}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 201, "{}", res.text().await.unwrap());
    let change = loop {
        let frame = next_json(&mut socket).await;
        if frame[3] == "postgres_changes" {
            break frame;
        }
    };
    // Changes go out as realtime's fastlane sends them: no join_ref, no ref.
    assert_eq!(
        (&change[0], &change[1]),
        (&Value::Null, &Value::Null),
        "{change}"
    );
    assert_eq!(change[2], "realtime:arrays");
    assert_eq!(change[4]["ids"], json!([id]));
    let data = &change[4]["data"];
    assert_eq!(
        (&data["type"], &data["table"]),
        (&json!("INSERT"), &json!("sermons"))
    );
    assert_eq!(data["record"]["title"], "Arrays");
    assert!(data["commit_timestamp"].as_str().is_some(), "{data}");
}

/// A member signed in (issue 46) who follows `giving_records` on the socket receives their own
/// gifts and never another member's: delivery runs each change through the table's policies as
/// the subscriber (giving_records_read_own). Changes go out in commit order, so the other
/// member's gift, committed first, would arrive before the member's own if it went out at all.
#[tokio::test]
async fn a_member_following_gifts_receives_only_their_own() {
    let app = TestApp::spawn_realtime(kanisa_realtime::Limits::default()).await;
    let sql = app.sql().await;
    let mut members = Vec::new();
    for name in ["Own", "Other"] {
        let caller = crate::policies::user(&sql, "MEMBER", true, None).await;
        let id: String = sql
            .query_one(
                "INSERT INTO members (first_name, last_name, user_id) VALUES ('Giver', $1, $2::text::uuid) \
                 RETURNING id::text",
                &[&name, &caller.id.clone().unwrap()],
            )
            .await
            .unwrap()
            .get(0);
        members.push((id, caller.token.unwrap()));
    }
    let (own, token) = &members[0];
    let (other, _) = &members[1];

    let mut socket = connect(&app, "1.0.0").await.unwrap();
    let join = json!({
        "topic": "realtime:my-gifts", "event": "phx_join", "ref": "1", "join_ref": "1",
        "payload": {"access_token": token, "config": {"postgres_changes": [
            {"event": "INSERT", "schema": "public", "table": "giving_records"}
        ]}},
    });
    socket.send(Message::text(join.to_string())).await.unwrap();
    let reply = reply_to(&mut socket, "1").await;
    assert_eq!(reply["payload"]["status"], "ok", "{reply}");

    for member in [other, own] {
        sql.execute(
            "INSERT INTO giving_records (member_id, amount, payment_method) \
             VALUES ($1::text::uuid, 100, 'cash')",
            &[member],
        )
        .await
        .unwrap();
    }
    let change = loop {
        let frame = next_json(&mut socket).await;
        if frame["event"] == "postgres_changes" {
            break frame;
        }
    };
    assert_eq!(
        change["payload"]["data"]["record"]["member_id"], *own,
        "the first gift delivered is the member's own: {change}"
    );
}
