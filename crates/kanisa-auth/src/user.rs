//! The user object of the GoTrue wire format, read from `auth.users` and the profile.

use chrono::{DateTime, SecondsFormat, Utc};
use kanisa_pg::tokio_postgres::GenericClient;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::AuthError;

/// An account as the auth API shows it.
#[derive(Debug, Clone)]
pub struct User {
    pub id: Uuid,
    /// "" for a phone account (GoTrue's empty string).
    pub email: String,
    /// E.164 digits without "+", or "" for an e-mail account.
    pub phone: String,
    pub phone_confirmed_at: Option<DateTime<Utc>>,
    pub full_name: Option<String>,
    pub is_active: bool,
    /// `kanisa.app_metadata`: church role, rank, label, effective permissions.
    pub app_metadata: Value,
    pub email_confirmed_at: Option<DateTime<Utc>>,
    pub last_sign_in_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

pub(crate) const USER_COLUMNS: &str = "u.id, coalesce(u.email, ''), p.full_name, \
     coalesce(p.is_active, false), coalesce(kanisa.app_metadata(u.id), '{}'::jsonb), \
     u.email_confirmed_at, coalesce(p.last_sign_in_at, u.last_sign_in_at), u.created_at, \
     greatest(u.updated_at, p.updated_at), coalesce(u.phone, ''), u.phone_confirmed_at";

pub(crate) const USER_FROM: &str = "FROM auth.users u LEFT JOIN public.users p ON p.id = u.id";

impl User {
    pub(crate) fn from_row(row: &kanisa_pg::tokio_postgres::Row) -> User {
        User {
            id: row.get(0),
            email: row.get(1),
            full_name: row.get(2),
            is_active: row.get(3),
            app_metadata: row.get(4),
            email_confirmed_at: row.get(5),
            last_sign_in_at: row.get(6),
            created_at: row.get(7),
            updated_at: row.get(8),
            phone: row.get(9),
            phone_confirmed_at: row.get(10),
        }
    }

    pub(crate) async fn load(
        client: &impl GenericClient,
        id: Uuid,
    ) -> Result<Option<User>, AuthError> {
        let sql = format!("SELECT {USER_COLUMNS} {USER_FROM} WHERE u.id = $1");
        Ok(client
            .query_opt(&sql, &[&id])
            .await?
            .as_ref()
            .map(User::from_row))
    }

    /// The church role from the profile (`MEMBER` when unknown).
    pub fn role(&self) -> &str {
        self.app_metadata
            .get("role")
            .and_then(Value::as_str)
            .unwrap_or("MEMBER")
    }

    pub fn rank(&self) -> i64 {
        self.app_metadata
            .get("rank")
            .and_then(Value::as_i64)
            .unwrap_or(-1)
    }

    pub fn has_permission(&self, permission: &str) -> bool {
        self.is_active
            && self
                .app_metadata
                .get("permissions")
                .and_then(Value::as_array)
                .is_some_and(|ps| ps.iter().any(|p| p.as_str() == Some(permission)))
    }

    /// The effective permissions the account holds by its role and own list, whether or not
    /// it is active (what acting on it would touch).
    pub fn permissions(&self) -> Vec<&str> {
        self.app_metadata
            .get("permissions")
            .and_then(Value::as_array)
            .map(|ps| ps.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default()
    }

    /// How the account signs in, as the token's `amr` names it: `otp` for a phone account.
    pub fn sign_in_method(&self) -> &'static str {
        if self.email.is_empty() && !self.phone.is_empty() {
            "otp"
        } else {
            "password"
        }
    }

    pub fn user_metadata(&self) -> Value {
        match &self.full_name {
            Some(name) => json!({ "full_name": name }),
            None => json!({}),
        }
    }

    /// The GoTrue user object.
    pub fn to_json(&self) -> Value {
        let ts = |t: &DateTime<Utc>| t.to_rfc3339_opts(SecondsFormat::Micros, true);
        json!({
            "id": self.id,
            "aud": "authenticated",
            "role": "authenticated",
            "email": self.email,
            "email_confirmed_at": self.email_confirmed_at.as_ref().map(ts),
            "phone": self.phone,
            "phone_confirmed_at": self.phone_confirmed_at.as_ref().map(ts),
            "confirmed_at": self.email_confirmed_at.or(self.phone_confirmed_at).as_ref().map(ts),
            "last_sign_in_at": self.last_sign_in_at.as_ref().map(ts),
            "app_metadata": self.app_metadata,
            "user_metadata": self.user_metadata(),
            "identities": [],
            "created_at": ts(&self.created_at),
            "updated_at": ts(&self.updated_at),
            // A deactivated account shows as banned, the way GoTrue clients understand it.
            "banned_until": (!self.is_active).then_some("9999-12-31T23:59:59Z"),
            "is_anonymous": false,
        })
    }
}
