//! The auth service against a real database, with a clock the tests move.

mod phone;
mod sessions;

use std::sync::{Arc, Mutex};

use chrono::{DateTime, Duration, Utc};
use kanisa_auth::{Auth, AuthOptions, ClientInfo, JwtKeys, NewUser};
use kanisa_test_db::TestDb;
use uuid::Uuid;

pub const SECRET: &str = "kanisa-auth-test-secret-0123456789abcdef";

/// A database, an auth service over it, and the hand of its clock.
pub struct Fixture {
    pub db: TestDb,
    pub auth: Auth,
    pub keys: Arc<JwtKeys>,
    now: Arc<Mutex<DateTime<Utc>>>,
}

impl Fixture {
    pub async fn new() -> Fixture {
        let db = TestDb::new().await;
        let keys = Arc::new(JwtKeys::new(SECRET));
        let now = Arc::new(Mutex::new(Utc::now()));
        let clock_now = now.clone();
        let mut options = AuthOptions::new(SECRET);
        options.clock = Arc::new(move || *clock_now.lock().unwrap());
        let auth = Auth::new(db.pool(), keys.clone(), options).unwrap();
        Fixture {
            db,
            auth,
            keys,
            now,
        }
    }

    pub fn advance(&self, by: Duration) {
        *self.now.lock().unwrap() += by;
    }

    pub async fn user(&self, email: &str, role: &str, password: &str) -> Uuid {
        let mut client = self.db.client().await;
        kanisa_auth::create_user(
            &mut client,
            &NewUser {
                email: email.into(),
                full_name: format!("{role} person"),
                role: role.into(),
                password: password.into(),
            },
        )
        .await
        .unwrap()
        .id
    }

    pub async fn set_setting(&self, key: &str, value: serde_json::Value) {
        self.db
            .client()
            .await
            .execute(
                "UPDATE public.system_settings SET value = $2 WHERE key = $1",
                &[&key, &value],
            )
            .await
            .unwrap();
    }
}

pub fn client() -> ClientInfo {
    ClientInfo {
        ip: Some("198.51.100.20".parse().unwrap()),
        user_agent: Some("test-agent/1.0".into()),
    }
}
