//! Who the console asks as: nobody (`anon`), the service key (`service_role`), or a user by
//! e-mail, with the claims a signed-in user's access token would carry.

use std::time::{SystemTime, UNIX_EPOCH};

use kanisa_pg::Pool;
use kanisa_rest::Caller;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::ConsoleError;

/// An identity the console can take.
#[derive(Debug, Clone, PartialEq)]
pub enum Identity {
    Anon,
    Service,
    User {
        id: Uuid,
        email: String,
        full_name: Option<String>,
        /// `kanisa.app_metadata(id)`: church role, rank, effective permissions, is_active.
        app_metadata: Value,
    },
}

/// How long the claims of a console user say they are valid (policies may read `exp`).
const LIFETIME_SECS: u64 = 3600;

impl Identity {
    /// `anon`, `service` (or `service_role`), or a user's e-mail, looked up in `auth.users`
    /// over the owner connections of `service`.
    pub async fn resolve(service: &Pool, who: &str) -> Result<Identity, ConsoleError> {
        let who = who.trim();
        match who {
            "anon" => return Ok(Identity::Anon),
            "service" | "service_role" => return Ok(Identity::Service),
            _ => {}
        }
        if !who.contains('@') {
            return Err(ConsoleError::Identity(format!(
                "{who:?} is not anon, service or an e-mail address"
            )));
        }
        let client = service
            .get()
            .await
            .map_err(|e| ConsoleError::Database(e.to_string()))?;
        let row = client
            .query_opt(
                "SELECT u.id, u.email, p.full_name, \
                        coalesce(kanisa.app_metadata(u.id), '{}'::jsonb) \
                   FROM auth.users u LEFT JOIN public.users p ON p.id = u.id \
                  WHERE u.email = lower($1)",
                &[&who],
            )
            .await
            .map_err(|e| ConsoleError::Database(kanisa_pg::describe(&e)))?;
        match row {
            Some(row) => Ok(Identity::User {
                id: row.get(0),
                email: row.get(1),
                full_name: row.get(2),
                app_metadata: row.get(3),
            }),
            None => Err(ConsoleError::Identity(format!(
                "no user has the e-mail {who}"
            ))),
        }
    }

    /// The database role requests run as.
    pub fn role(&self) -> &'static str {
        match self {
            Identity::Anon => "anon",
            Identity::Service => "service_role",
            Identity::User { .. } => "authenticated",
        }
    }

    /// The caller as `/rest/v1` would see it, with the request's `headers`: for a user, the
    /// claims of an access token from `/auth/v1/token` (sub, role, aud, exp, email,
    /// app_metadata, user_metadata) without a session — built directly, no password or
    /// signature needed in-process. The request stage sets its method and path.
    pub fn caller(&self, headers: &[(&str, &str)]) -> Caller {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let claims = match self {
            Identity::Anon => json!({"role": "anon"}),
            Identity::Service => json!({"iss": "kanisa", "role": "service_role"}),
            Identity::User {
                id,
                email,
                full_name,
                app_metadata,
            } => json!({
                "iss": "kanisa",
                "sub": id,
                "aud": "authenticated",
                "exp": now + LIFETIME_SECS,
                "iat": now,
                "email": email,
                "phone": "",
                "app_metadata": app_metadata,
                "user_metadata": match full_name {
                    Some(name) => json!({"full_name": name}),
                    None => json!({}),
                },
                "role": "authenticated",
                "aal": "aal1",
                "amr": [{"method": "console", "timestamp": now}],
                "is_anonymous": false,
            }),
        };
        Caller {
            role: self.role().to_owned(),
            claims: claims.to_string(),
            headers: kanisa_pg::context::headers_json(headers.iter().copied()),
            ..Caller::anon()
        }
    }

    /// `anon`, `service`, or the e-mail: what the prompt shows.
    pub fn short(&self) -> &str {
        match self {
            Identity::Anon => "anon",
            Identity::Service => "service",
            Identity::User { email, .. } => email,
        }
    }

    /// One line: the role, and for a user the church role, permissions and active state.
    pub fn describe(&self) -> String {
        match self {
            Identity::Anon => "anon (no token: what a visitor sees)".to_owned(),
            Identity::Service => {
                "service (role service_role: the service key, past every policy)".to_owned()
            }
            Identity::User {
                email,
                app_metadata,
                ..
            } => {
                let church_role = app_metadata
                    .get("role")
                    .and_then(Value::as_str)
                    .unwrap_or("no profile");
                let active = app_metadata.get("is_active") == Some(&Value::Bool(true));
                let permissions = self.permissions();
                format!(
                    "{email} (role authenticated; {church_role}{}; permissions: {})",
                    if active { "" } else { ", INACTIVE" },
                    if permissions.is_empty() {
                        "none".to_owned()
                    } else {
                        permissions.join(", ")
                    },
                )
            }
        }
    }

    /// A user's effective permissions (none for anon and service).
    pub fn permissions(&self) -> Vec<String> {
        match self {
            Identity::User { app_metadata, .. } => app_metadata
                .get("permissions")
                .and_then(Value::as_array)
                .map(|ps| {
                    ps.iter()
                        .filter_map(Value::as_str)
                        .map(str::to_owned)
                        .collect()
                })
                .unwrap_or_default(),
            _ => Vec::new(),
        }
    }
}
