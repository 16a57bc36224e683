//! The instance's shared session answers (`kanisa_realtime::sessions::Sessions`): one read of
//! `auth.sessions` answers every socket asking within its freshness, a session never asked
//! about before is read at once, and a read after the freshness sees a sign-out.
//!
//! Freshness is chosen per test (an hour, or none) so nothing here depends on how fast the
//! machine is.

use std::time::Duration;

use kanisa_realtime::sessions::Sessions;
use kanisa_test_db::TestDb;
use uuid::Uuid;

/// A user with `count` sessions; their ids.
async fn sessions(client: &tokio_postgres::Client, count: i64) -> Vec<Uuid> {
    let user: Uuid = client
        .query_one(
            "INSERT INTO auth.users (email, encrypted_password) \
             VALUES ('rt-' || gen_random_uuid() || '@example.org', 'x') RETURNING id",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    client
        .query(
            "INSERT INTO auth.sessions (user_id) SELECT $1 FROM generate_series(1, $2::bigint) RETURNING id",
            &[&user, &count],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect()
}

#[tokio::test]
async fn one_read_answers_every_socket_while_fresh() {
    let db = TestDb::new().await;
    let client = db.client().await;
    let ids = sessions(&client, 30).await;
    let shared = Sessions::answering_for(Duration::from_secs(3600));
    let (first, rest) = ids.split_at(10);

    // The first sockets' sessions are read once; asking again, together or one by one, reads
    // nothing while the answer is fresh.
    assert_eq!(shared.alive(&db.pool(), first).await.unwrap().len(), 10);
    for id in first {
        assert!(shared.alive(&db.pool(), &[*id]).await.unwrap().contains(id));
    }
    assert_eq!(shared.reads().await, 1);

    // Sessions not asked about before are read at once, with the known ones, in one read.
    let unknown = &rest[..5];
    assert_eq!(shared.alive(&db.pool(), unknown).await.unwrap().len(), 5);
    assert_eq!(shared.reads().await, 2);
    // An id with no session is not alive.
    let stranger = Uuid::new_v4();
    assert!(
        shared
            .alive(&db.pool(), &[stranger])
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(shared.reads().await, 3);

    // Many sockets asking at once for the known sessions: still no read.
    let pool = db.pool();
    let asks: Vec<_> = first
        .iter()
        .map(|id| shared.alive(&pool, std::slice::from_ref(id)))
        .collect();
    for alive in futures_util::future::join_all(asks).await {
        assert_eq!(alive.unwrap().len(), 1);
    }
    assert_eq!(shared.reads().await, 3);
}

#[tokio::test]
async fn a_read_past_its_freshness_sees_a_sign_out() {
    let db = TestDb::new().await;
    let client = db.client().await;
    let ids = sessions(&client, 3).await;
    let shared = Sessions::answering_for(Duration::ZERO);
    assert_eq!(shared.alive(&db.pool(), &ids).await.unwrap().len(), 3);

    client
        .execute("DELETE FROM auth.sessions WHERE id = $1", &[&ids[1]])
        .await
        .unwrap();
    let alive = shared.alive(&db.pool(), &ids).await.unwrap();
    assert!(alive.contains(&ids[0]) && alive.contains(&ids[2]));
    assert!(
        !alive.contains(&ids[1]),
        "the ended session still counts as alive"
    );
    // A socket asking for one session reads them all: another socket's ended session is known
    // without asking again.
    assert!(
        shared
            .alive(&db.pool(), &ids[..1])
            .await
            .unwrap()
            .contains(&ids[0])
    );
    assert_eq!(shared.reads().await, 3);
}
