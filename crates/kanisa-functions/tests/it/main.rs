//! The features' logic over a real database (kanisa-test-db), calling the services directly:
//! no HTTP (the server's suite keeps the wire formats). Each test has its own database.

mod giving;
mod messaging;
mod submissions;
mod wiring;

use std::sync::Arc;
use std::time::Duration;

use kanisa_functions::{Channels, ChannelsConfig, Messaging, Payments, PaymentsSetup};
use kanisa_jobs::{Registry, WorkerOptions, Workers};
use kanisa_pg::{Caller, Pool, tokio_postgres::Client};
use kanisa_storage::{Storage, StorageOptions, Store};
use kanisa_test_db::TestDb;
use serde_json::json;

/// The signing secret of the test storage (signed links; never checked here).
const STORAGE_SECRET: &str = "kanisa-test-secret-kanisa-test-secret";

/// The client address every test caller and provider post comes from, as the server's tests
/// on loopback have it.
pub const CLIENT_IP: &str = "127.0.0.1";

/// Nobody signed in, from [`CLIENT_IP`].
pub fn anon() -> Caller {
    Caller::anon().with_client_ip(CLIENT_IP).with_method("POST")
}

/// A profile of `role` made straight in SQL (auth.users and public.users, as
/// /auth/v1/admin/users would make it, without password hashing), `active` or not, with its
/// role's default permissions or `permissions`; and the caller it is when signed in.
pub async fn user(sql: &Client, role: &str, active: bool, permissions: Option<&[&str]>) -> Caller {
    let n = next();
    let email = format!(
        "{}-{n}@functions.test",
        role.to_lowercase().replace('_', "-")
    );
    let permissions: Option<Vec<String>> =
        permissions.map(|p| p.iter().map(|s| (*s).to_owned()).collect());
    let id: String = sql
        .query_one(
            "WITH a AS (INSERT INTO auth.users (email, encrypted_password) \
                        VALUES ($1, 'not a hash') RETURNING id, email) \
             INSERT INTO public.users (id, email, full_name, role, is_active, permissions) \
             SELECT id, email, $2, $3, $4, $5 FROM a RETURNING id::text",
            &[&email, &format!("{role} {n}"), &role, &active, &permissions],
        )
        .await
        .unwrap()
        .get(0);
    anon().with_rights(
        "authenticated",
        json!({
            "sub": id, "role": "authenticated", "aud": "authenticated", "email": email,
        })
        .to_string(),
    )
}

/// A number no other fixture row has used (unique names).
fn next() -> u64 {
    static N: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    N.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// The first column of the one row `sql` returns, as a count.
pub async fn count(pool: &Pool, sql: &str) -> i64 {
    let client = pool.get().await.unwrap();
    client.query_one(sql, &[]).await.unwrap().get(0)
}

/// The file store over a temporary folder (kept as long as the returned folder).
pub fn storage(db: &TestDb) -> (Arc<Storage>, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::new(
        Store::local(dir.path()).unwrap(),
        db.api_pool(),
        db.pool(),
        STORAGE_SECRET,
        StorageOptions::default(),
    );
    (Arc::new(storage), dir)
}

/// The channels with nothing configured in the environment: live only as the database's System
/// Settings say, text messages through the provider at `sms_base_url`.
pub fn channels(db: &TestDb, sms_base_url: Option<String>) -> Arc<Channels> {
    Arc::new(
        Channels::new(
            ChannelsConfig {
                sms_base_url,
                ..ChannelsConfig::default()
            },
            db.pool(),
        )
        .unwrap(),
    )
}

/// Messaging over `db` with `channels`.
pub fn messaging(db: &TestDb, channels: &Arc<Channels>) -> Messaging {
    Messaging::new(db.api_pool(), db.pool(), channels.clone())
}

/// Demo-mode payments, quick: the prompt at once, success after 2 s.
pub fn demo_payments(db: &TestDb) -> Arc<Payments> {
    let mut setup = PaymentsSetup::new("http://kanisa.test");
    setup.demo_delay = Duration::ZERO;
    setup.demo_completes_after = Duration::from_secs(2);
    Arc::new(Payments::new(db.pool(), setup))
}

/// Workers over `db` running `registry`, polling often.
pub fn workers(db: &TestDb, registry: Registry) -> Workers {
    Workers::start(
        db.pool(),
        registry,
        WorkerOptions {
            poll_interval: Duration::from_millis(50),
            ..WorkerOptions::default()
        },
        None,
    )
    .unwrap()
}
