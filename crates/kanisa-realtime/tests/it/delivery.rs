//! Delivery (`kanisa_realtime::{Hub, Session}`) on a real database: sessions join as signed
//! tokens would, the feed delivers, and each subscriber's own policies decide what it gets — a
//! policy that raises for one subscriber's claims reaches that subscriber as an `errors` entry
//! and stops nobody else's delivery, nor the changes after it.
//!
//! Waits are for the messages a test expects (bounded by `kanisa_test_db::patient`).

use std::time::Duration;

use kanisa_auth::{Identity, JwtKeys};
use kanisa_realtime::feed::Feed;
use kanisa_realtime::wire::{Message, Payload};
use kanisa_realtime::{Hub, Limits, Outbox, Session, Shared};
use kanisa_test_db::TestDb;
use serde_json::{Value, json};
use std::sync::Arc;
use tokio::sync::mpsc;

const SECRET: &str = "realtime-delivery-test-secret-0000000000";

fn limit() -> Duration {
    kanisa_test_db::patient(Duration::from_secs(10))
}

/// A table whose read policy calls a function that raises for the claims of
/// `raise@example.org` on a row whose body is `boom`; otherwise a row is its owner's.
const PROBE: &str = "
CREATE TABLE public.rt_probe (id int PRIMARY KEY, owner text NOT NULL, body text NOT NULL);
ALTER TABLE public.rt_probe ENABLE ROW LEVEL SECURITY;
CREATE FUNCTION public.rt_probe_check(body text, owner text) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF auth.jwt() ->> 'email' = 'raise@example.org' AND body = 'boom' THEN
    RAISE EXCEPTION 'the probe policy raised';
  END IF;
  RETURN owner = auth.jwt() ->> 'email';
END $$;
CREATE POLICY rt_probe_read ON public.rt_probe FOR SELECT TO authenticated
  USING (public.rt_probe_check(body, owner));
GRANT SELECT ON public.rt_probe TO authenticated;
SELECT realtime.publish('public.rt_probe');
";

struct Subscriber {
    _session: Session,
    queued: mpsc::Receiver<Arc<Shared>>,
}

/// A session joined to `rt_probe` as a signed-in user with `email`.
async fn subscriber(hub: &Hub, keys: &Arc<JwtKeys>, email: &str) -> Subscriber {
    let exp = chrono::Utc::now().timestamp() + 3600;
    let token = keys
        .sign(
            &json!({"role": "authenticated", "sub": uuid::Uuid::new_v4().to_string(),
                       "email": email, "exp": exp}),
        )
        .unwrap();
    let (outbox, queued) = Outbox::new();
    let mut session = Session::new(
        hub.clone(),
        keys.clone(),
        Identity::anon(),
        Limits::default(),
        outbox,
    );
    let join = Message {
        join_ref: Some("1".into()),
        msg_ref: Some("1".into()),
        topic: "realtime:probe".into(),
        event: "phx_join".into(),
        payload: Payload::Json(json!({
            "config": {"postgres_changes": [{"event": "*", "schema": "public", "table": "rt_probe"}]},
            "access_token": token,
        })),
    };
    let replies = session.handle(join).await;
    let reply = replies[0].json().unwrap();
    assert_eq!(reply["status"], "ok", "{reply}");
    Subscriber {
        _session: session,
        queued,
    }
}

/// The `data` of the next `count` changes a subscriber receives.
async fn changes(subscriber: &mut Subscriber, count: usize) -> Vec<Value> {
    let mut out = Vec::new();
    while out.len() < count {
        let message = tokio::time::timeout(limit(), subscriber.queued.recv())
            .await
            .unwrap_or_else(|_| panic!("only {} of {count} changes came: {out:#?}", out.len()))
            .expect("the session lives");
        assert_eq!(message.event, "postgres_changes");
        out.push(message.value().unwrap()["data"].clone());
    }
    out
}

#[tokio::test]
async fn a_policy_that_raises_for_one_subscriber_stops_no_other_delivery() {
    let db = TestDb::new().await;
    let client = db.client().await;
    client.batch_execute(PROBE).await.unwrap();
    let hub = Hub::new(db.pool(), db.api_pool());
    hub.deliver_from(Feed::start(db.pool(), db.config().clone()).await.unwrap());
    let keys = Arc::new(JwtKeys::new(SECRET));
    let mut fine = subscriber(&hub, &keys, "ok@example.org").await;
    let mut raising = subscriber(&hub, &keys, "raise@example.org").await;

    // One statement: one batch, whose check raises for the second subscriber's group.
    client
        .batch_execute(
            "INSERT INTO public.rt_probe VALUES \
               (1, 'raise@example.org', 'hello'), (2, 'ok@example.org', 'boom'), \
               (3, 'raise@example.org', 'after'), (4, 'ok@example.org', 'fine')",
        )
        .await
        .unwrap();
    // A later statement, after the failure.
    client
        .batch_execute("INSERT INTO public.rt_probe VALUES (5, 'raise@example.org', 'later')")
        .await
        .unwrap();

    let got = changes(&mut fine, 2).await;
    let ids: Vec<&Value> = got.iter().map(|c| &c["record"]["id"]).collect();
    assert_eq!(ids, [&json!(2), &json!(4)], "{got:#?}");
    assert!(got.iter().all(|c| c["errors"].is_null()), "{got:#?}");
    assert_eq!(got[0]["record"]["body"], "boom");

    let got = changes(&mut raising, 4).await;
    assert_eq!(
        got[0]["record"],
        json!({"id": 1, "owner": "raise@example.org", "body": "hello"})
    );
    assert_eq!(
        got[1]["record"],
        json!({}),
        "no row where the check failed: {got:#?}"
    );
    let errors = got[1]["errors"].as_array().expect("the failure is named");
    assert_eq!(errors.len(), 1);
    let error = errors[0].as_str().unwrap();
    assert!(
        error.starts_with("Error 500: the policies of public.rt_probe failed for this subscriber")
            && error.contains("the probe policy raised"),
        "{error}"
    );
    assert_eq!(got[2]["record"]["id"], 3);
    assert_eq!(
        got[3]["record"]["id"], 5,
        "changes after the failure still come"
    );
    assert!(got[2]["errors"].is_null() && got[3]["errors"].is_null());
    assert!(
        fine.queued.try_recv().is_err() && raising.queued.try_recv().is_err(),
        "nobody got a row its policies hide"
    );
}

#[tokio::test]
async fn an_update_and_a_delete_carry_the_key_as_old_record() {
    let db = TestDb::new().await;
    let client = db.client().await;
    client.batch_execute(PROBE).await.unwrap();
    let hub = Hub::new(db.pool(), db.api_pool());
    hub.deliver_from(Feed::start(db.pool(), db.config().clone()).await.unwrap());
    let keys = Arc::new(JwtKeys::new(SECRET));
    let mut owner = subscriber(&hub, &keys, "ok@example.org").await;
    // One step at a time: a row is checked as it is when its change is delivered, so an
    // insert whose row is already deleted would be checked as gone.
    let mut got = Vec::new();
    for step in [
        "INSERT INTO public.rt_probe VALUES (7, 'ok@example.org', 'x')",
        "UPDATE public.rt_probe SET body = 'y' WHERE id = 7",
        "DELETE FROM public.rt_probe WHERE id = 7",
    ] {
        client.batch_execute(step).await.unwrap();
        got.extend(changes(&mut owner, 1).await);
    }
    let kinds: Vec<&Value> = got.iter().map(|c| &c["type"]).collect();
    assert_eq!(
        kinds,
        [&json!("INSERT"), &json!("UPDATE"), &json!("DELETE")]
    );
    assert_eq!(got[1]["record"]["body"], "y");
    assert_eq!(got[1]["old_record"], json!({"id": 7}));
    assert_eq!(
        got[2]["old_record"],
        json!({"id": 7}),
        "a delete carries the key only"
    );
    assert!(got[2].get("record").is_none(), "{:#?}", got[2]);
    let columns: Vec<&Value> = got[0]["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| &c["name"])
        .collect();
    assert_eq!(columns, [&json!("id"), &json!("owner"), &json!("body")]);
}
