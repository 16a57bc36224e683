//! Broadcast and presence (`kanisa_realtime::rooms`, the sessions' `broadcast` and `presence`
//! pushes) on a real database: two hubs on one database stand for two instances; private
//! channels follow `policies/realtime.messages.sql`; a presence ends with its socket, and with
//! its instance when that goes silent.
//!
//! Waits are for the messages a test expects (bounded by `kanisa_test_db::patient`).

use std::sync::Arc;
use std::time::Duration;

use kanisa_auth::{Identity, JwtKeys};
use kanisa_realtime::wire::{Message, Payload};
use kanisa_realtime::{Hub, Limits, Outbox, Session, Shared};
use kanisa_test_db::TestDb;
use serde_json::{Value, json};
use tokio::sync::mpsc;
use uuid::Uuid;

const SECRET: &str = "realtime-channels-test-secret-000000000";

fn limit() -> Duration {
    kanisa_test_db::patient(Duration::from_secs(10))
}

/// An instance: a hub relaying through the database.
async fn instance(db: &TestDb) -> Hub {
    let hub = Hub::new(db.pool(), db.api_pool());
    hub.rooms().relay_from(db.config().clone()).await;
    hub
}

/// A signed-in user of `role` (none: a token for an account without a users row); their id
/// and token.
async fn user(db: &TestDb, role: &str) -> (Uuid, String) {
    let client = db.client().await;
    let email = format!("rt-{}@example.org", Uuid::new_v4().simple());
    let id: Uuid = client
        .query_one(
            "INSERT INTO auth.users (email, encrypted_password) VALUES ($1, 'x') RETURNING id",
            &[&email],
        )
        .await
        .unwrap()
        .get(0);
    client
        .execute(
            "INSERT INTO public.users (id, email, full_name, role) VALUES ($1, $2, 'Test', $3)",
            &[&id, &email, &role],
        )
        .await
        .unwrap();
    let exp = chrono::Utc::now().timestamp() + 3600;
    let token = JwtKeys::new(SECRET)
        .sign(&json!({"role": "authenticated", "sub": id.to_string(), "email": email, "exp": exp}))
        .unwrap();
    (id, token)
}

struct Client {
    session: Session,
    queued: mpsc::Receiver<Arc<Shared>>,
    refs: u64,
}

impl Client {
    fn new(hub: &Hub, limits: Limits) -> Client {
        let (outbox, queued) = Outbox::new();
        let session = Session::new(
            hub.clone(),
            Arc::new(JwtKeys::new(SECRET)),
            Identity::anon(),
            limits,
            outbox,
        );
        Client {
            session,
            queued,
            refs: 0,
        }
    }

    /// Pushes `event` with `payload` on `topic`; the messages answering it.
    async fn push(&mut self, topic: &str, event: &str, payload: Value) -> Vec<Message> {
        self.refs += 1;
        self.session
            .handle(Message {
                join_ref: Some("1".into()),
                msg_ref: Some(self.refs.to_string()),
                topic: topic.into(),
                event: event.into(),
                payload: Payload::Json(payload),
            })
            .await
    }

    /// Joins `topic` with `config` as `token` (anon without); the answers, the reply first.
    async fn join(&mut self, topic: &str, config: Value, token: Option<&str>) -> Vec<Message> {
        let mut payload = json!({ "config": config });
        if let Some(token) = token {
            payload["access_token"] = token.into();
        }
        self.push(topic, "phx_join", payload).await
    }

    /// The next queued message whose event is `event` (others are passed over).
    async fn next(&mut self, event: &str) -> Value {
        loop {
            let message = tokio::time::timeout(limit(), self.queued.recv())
                .await
                .unwrap_or_else(|_| panic!("no {event} came"))
                .expect("the session lives");
            if message.event == event {
                return message.value().unwrap().into_owned();
            }
        }
    }
}

fn status(replies: &[Message]) -> (String, Value) {
    let reply = replies[0].json().unwrap();
    (
        reply["status"].as_str().unwrap().to_owned(),
        reply["response"].clone(),
    )
}

fn presence_config() -> Value {
    json!({"broadcast": {"self": false, "ack": true}, "presence": {"enabled": true, "key": ""}})
}

#[tokio::test]
async fn broadcast_and_presence_reach_the_other_instance_and_end_with_the_socket() {
    let db = TestDb::new().await;
    let (one, two) = (instance(&db).await, instance(&db).await);
    let (_, elder) = user(&db, "ELDER").await;
    let (_, member) = user(&db, "MEMBER").await;
    let topic = "realtime:fellowship";

    let mut ann = Client::new(&one, Limits::default());
    let mut ben = Client::new(&two, Limits::default());
    let joined = ann.join(topic, presence_config(), Some(&elder)).await;
    assert_eq!(status(&joined).0, "ok");
    assert_eq!(joined[1].event, "presence_state");
    assert_eq!(joined[1].json().unwrap(), &json!({}));
    assert_eq!(
        status(&ben.join(topic, presence_config(), Some(&member)).await).0,
        "ok"
    );

    // Ben tracks on instance two: Ann, on one, hears the join.
    let tracked = ben
        .push(
            topic,
            "presence",
            json!({"type": "presence", "event": "track", "payload": {"name": "Ben"}}),
        )
        .await;
    assert_eq!(status(&tracked).0, "ok");
    let diff = ann.next("presence_diff").await;
    let joins = diff["joins"].as_object().unwrap();
    assert_eq!(joins.len(), 1, "{diff}");
    let (ben_key, entry) = joins.iter().next().unwrap();
    assert_eq!(entry["metas"][0]["name"], "Ben");
    assert!(entry["metas"][0]["phx_ref"].is_string());

    // Ann's broadcast reaches Ben, not Ann (self: false); Ben's reaches Ann after it.
    let sent = ann
        .push(
            topic,
            "broadcast",
            json!({"type": "broadcast", "event": "hello", "payload": {"n": 1}}),
        )
        .await;
    assert_eq!(status(&sent).0, "ok", "ack: true is answered");
    let got = ben.next("broadcast").await;
    assert_eq!(
        got,
        json!({"type": "broadcast", "event": "hello", "payload": {"n": 1}})
    );
    ben.push(
        topic,
        "broadcast",
        json!({"type": "broadcast", "event": "back", "payload": {}}),
    )
    .await;
    assert_eq!(ann.next("broadcast").await["event"], "back");

    // A newcomer on instance one is told Ben is here.
    let mut cy = Client::new(&one, Limits::default());
    let joined = cy.join(topic, presence_config(), Some(&elder)).await;
    let state = joined[1].json().unwrap();
    assert_eq!(
        state[ben_key.as_str()]["metas"][0]["name"],
        "Ben",
        "{state}"
    );

    // Ben's socket closes: everyone hears him leave.
    drop(ben);
    let diff = ann.next("presence_diff").await;
    assert_eq!(
        diff["leaves"][ben_key.as_str()]["metas"][0]["name"],
        "Ben",
        "{diff}"
    );
    assert_eq!(cy.next("presence_diff").await["leaves"], diff["leaves"]);
    let left = db
        .client()
        .await
        .query_one("SELECT count(*) FROM realtime.presences", &[])
        .await;
    assert_eq!(left.unwrap().get::<_, i64>(0), 0);
}

#[tokio::test]
async fn a_silent_instance_s_presences_leave() {
    let db = TestDb::new().await;
    let (one, two) = (instance(&db).await, instance(&db).await);
    let (_, elder) = user(&db, "ELDER").await;
    let topic = "realtime:office";
    let mut ann = Client::new(&one, Limits::default());
    let mut ben = Client::new(&two, Limits::default());
    ann.join(topic, presence_config(), Some(&elder)).await;
    ben.join(topic, presence_config(), Some(&elder)).await;
    ben.push(
        topic,
        "presence",
        json!({"type": "presence", "event": "track", "payload": {"at": "desk"}}),
    )
    .await;
    ann.next("presence_diff").await;
    ann.push(
        topic,
        "presence",
        json!({"type": "presence", "event": "track", "payload": {"at": "door"}}),
    )
    .await;
    ann.next("presence_diff").await;

    // Instance two stops saying it is alive (as if it crashed): the next touch of instance one
    // ends its presences, and tells the channel.
    db.client()
        .await
        .execute(
            "UPDATE realtime.instances SET seen_at = now() - interval '1 hour' WHERE id = $1",
            &[&two.rooms().instance()],
        )
        .await
        .unwrap();
    let mut newcomer = Client::new(&one, Limits::default());
    let state = newcomer.join(topic, presence_config(), Some(&elder)).await[1]
        .json()
        .unwrap()
        .clone();
    let metas: Vec<&Value> = state.as_object().unwrap().values().collect();
    assert_eq!(
        metas.len(),
        1,
        "a silent instance's presences are not in the state: {state}"
    );
    assert_eq!(metas[0]["metas"][0]["at"], "door");
    one.rooms().touch().await;
    let diff = ann.next("presence_diff").await;
    let leaves = diff["leaves"].as_object().unwrap();
    assert_eq!(
        leaves.values().next().unwrap()["metas"][0]["at"],
        "desk",
        "{diff}"
    );
    drop(ben);
}

#[tokio::test]
async fn private_channels_follow_the_policies_of_realtime_messages() {
    let db = TestDb::new().await;
    let hub = instance(&db).await;
    let (_, elder) = user(&db, "ELDER").await;
    let (member_id, member) = user(&db, "MEMBER").await;
    let (other_id, _) = user(&db, "MEMBER").await;
    let private = json!({"private": true, "broadcast": {"ack": true}});
    let mut c = Client::new(&hub, Limits::default());

    // Staff join the staff channels; a member may not, nor may anon any private channel.
    assert_eq!(
        status(
            &c.join("realtime:staff:prayer", private.clone(), Some(&elder))
                .await
        )
        .0,
        "ok"
    );
    let (s, why) = status(
        &c.join("realtime:staff:notes", private.clone(), Some(&member))
            .await,
    );
    assert_eq!(s, "error");
    assert_eq!(
        why["reason"],
        "Unauthorized: You do not have permissions to read from this Channel topic: staff:notes"
    );
    let (_, why) = status(&c.join("realtime:staff:anon", private.clone(), None).await);
    assert_eq!(
        why["reason"],
        "Unauthorized: private channels need a signed-in user"
    );

    // A member has their own channel, and sends on it; not on another's.
    let own = format!("realtime:user:{member_id}");
    assert_eq!(
        status(&c.join(&own, private.clone(), Some(&member)).await).0,
        "ok"
    );
    let sent = c
        .push(
            &own,
            "broadcast",
            json!({"type": "broadcast", "event": "ping", "payload": {}}),
        )
        .await;
    assert_eq!(status(&sent).0, "ok");
    let theirs = format!("realtime:user:{other_id}");
    assert_eq!(
        status(&c.join(&theirs, private.clone(), Some(&member)).await).0,
        "error"
    );

    // Nothing was stored by the checks.
    let stored = db
        .client()
        .await
        .query_one("SELECT count(*) FROM realtime.messages", &[])
        .await;
    assert_eq!(stored.unwrap().get::<_, i64>(0), 0);
}

#[tokio::test]
async fn anon_broadcasts_on_public_channels_only_where_settings_allow() {
    let db = TestDb::new().await;
    let hub = instance(&db).await;
    let config = json!({"broadcast": {"ack": true, "self": true}});
    let shout = json!({"type": "broadcast", "event": "hi", "payload": {}});

    let mut visitor = Client::new(&hub, Limits::default());
    assert_eq!(
        status(&visitor.join("realtime:lobby", config.clone(), None).await).0,
        "ok"
    );
    let (s, why) = status(
        &visitor
            .push("realtime:lobby", "broadcast", shout.clone())
            .await,
    );
    assert_eq!(s, "error");
    assert!(
        why["reason"]
            .as_str()
            .unwrap()
            .starts_with("Unauthorized: broadcast and presence on public channels"),
        "{why}"
    );

    let open = Limits {
        anon_broadcast: true,
        ..Limits::default()
    };
    let mut guest = Client::new(&hub, open);
    guest.join("realtime:lobby", config, None).await;
    assert_eq!(
        status(
            &guest
                .push("realtime:lobby", "broadcast", shout.clone())
                .await
        )
        .0,
        "ok"
    );
    assert_eq!(guest.next("broadcast").await, shout, "self: true echoes");
}

#[tokio::test]
async fn a_rejoined_channel_keeps_the_presence_it_tracks_again() {
    let db = TestDb::new().await;
    let hub = instance(&db).await;
    let (_, elder) = user(&db, "ELDER").await;
    let topic = "realtime:rejoin";
    let config = json!({"presence": {"enabled": true, "key": "desk"}});
    let track = |v: i64| json!({"type": "presence", "event": "track", "payload": {"v": v}});
    let mut a = Client::new(&hub, Limits::default());
    a.join(topic, config.clone(), Some(&elder)).await;
    a.push(topic, "presence", track(1)).await;
    // A rejoin (realtime-js after an error) and a track at once: the old presence leaves, the
    // new one stays.
    a.join(topic, config.clone(), Some(&elder)).await;
    assert_eq!(status(&a.push(topic, "presence", track(2)).await).0, "ok");
    loop {
        let diff = a.next("presence_diff").await;
        if diff["leaves"]["desk"]["metas"][0]["v"] == 1 {
            break;
        }
    }
    let mut b = Client::new(&hub, Limits::default());
    let state = b.join(topic, config, Some(&elder)).await[1]
        .json()
        .unwrap()
        .clone();
    assert_eq!(
        state["desk"]["metas"].as_array().unwrap().len(),
        1,
        "{state}"
    );
    assert_eq!(state["desk"]["metas"][0]["v"], 2, "{state}");
}

#[tokio::test]
async fn an_instance_that_stops_ends_its_presences_at_once() {
    let db = TestDb::new().await;
    let (one, two) = (instance(&db).await, instance(&db).await);
    let (_, elder) = user(&db, "ELDER").await;
    let topic = "realtime:shutdown";
    let mut ann = Client::new(&one, Limits::default());
    let mut ben = Client::new(&two, Limits::default());
    ann.join(topic, presence_config(), Some(&elder)).await;
    ben.join(topic, presence_config(), Some(&elder)).await;
    ben.push(
        topic,
        "presence",
        json!({"type": "presence", "event": "track", "payload": {"at": "pulpit"}}),
    )
    .await;
    ann.next("presence_diff").await;

    two.rooms().end().await;
    let diff = ann.next("presence_diff").await;
    let leaves = diff["leaves"].as_object().unwrap();
    assert_eq!(
        leaves.values().next().unwrap()["metas"][0]["at"],
        "pulpit",
        "{diff}"
    );
    let rows = db
        .client()
        .await
        .query_one("SELECT count(*) FROM realtime.presences", &[])
        .await;
    assert_eq!(rows.unwrap().get::<_, i64>(0), 0);
    drop(ben);
}
