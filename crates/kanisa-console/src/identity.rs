//! Who the console asks as: nobody (`anon`), the service key (`service_role`), or a user by
//! e-mail — kanisa-auth's one [`Identity`], as the server's request extractor makes it from a
//! token, here made in-process from the claims that user's access token would carry (no
//! password or signature needed). A request then runs as its `Caller`, so the policies decide
//! as they do for the apps.

use std::time::{SystemTime, UNIX_EPOCH};

use kanisa_auth::Identity;
use kanisa_pg::Pool;
use serde_json::{Value, json};

use crate::ConsoleError;

/// How long the claims of a console user say they are valid from `\as` (policies may read
/// `exp`; `\as` again makes them afresh).
const LIFETIME_SECS: u64 = 3600;

/// `anon`, `service` (or `service_role`), or a user's e-mail, looked up in `auth.users` over
/// the owner connections of `service`. A user's claims are those of an access token from
/// `/auth/v1/token` (sub, role, aud, exp, email, app_metadata, user_metadata) without a
/// session.
pub async fn resolve(service: &Pool, who: &str) -> Result<Identity, ConsoleError> {
    let who = who.trim();
    let claims = match who {
        "anon" => return Ok(Identity::anon()),
        "service" | "service_role" => json!({"iss": "kanisa", "role": "service_role"}),
        _ if !who.contains('@') => {
            return Err(ConsoleError::Identity(format!(
                "{who:?} is not anon, service or an e-mail address"
            )));
        }
        _ => user_claims(service, who).await?,
    };
    Identity::from_trusted_claims(&claims).map_err(|e| ConsoleError::Identity(e.to_string()))
}

async fn user_claims(service: &Pool, email: &str) -> Result<Value, ConsoleError> {
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
            &[&email],
        )
        .await
        .map_err(|e| ConsoleError::Database(kanisa_pg::describe(&e)))?
        .ok_or_else(|| ConsoleError::Identity(format!("no user has the e-mail {email}")))?;
    let (id, email, full_name, app_metadata): (uuid::Uuid, String, Option<String>, Value) =
        (row.get(0), row.get(1), row.get(2), row.get(3));
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    Ok(json!({
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
    }))
}

fn claim(identity: &Identity, name: &str) -> Value {
    serde_json::from_str::<Value>(identity.claims())
        .ok()
        .and_then(|mut claims| claims.get_mut(name).map(Value::take))
        .unwrap_or(Value::Null)
}

/// `anon`, `service`, or the e-mail: what the prompt shows.
pub fn short(identity: &Identity) -> String {
    match identity.role() {
        "service_role" => "service".to_owned(),
        "authenticated" => claim(identity, "email")
            .as_str()
            .unwrap_or("authenticated")
            .to_owned(),
        role => role.to_owned(),
    }
}

/// One line: the role, and for a user the church role, permissions and active state.
pub fn describe(identity: &Identity) -> String {
    match identity.role() {
        "anon" => "anon (no token: what a visitor sees)".to_owned(),
        "service_role" => {
            "service (role service_role: the service key, past every policy)".to_owned()
        }
        _ => {
            let app_metadata = claim(identity, "app_metadata");
            let church_role = app_metadata
                .get("role")
                .and_then(Value::as_str)
                .unwrap_or("no profile");
            let active = app_metadata.get("is_active") == Some(&Value::Bool(true));
            let permissions = permissions(identity);
            format!(
                "{} (role authenticated; {church_role}{}; permissions: {})",
                short(identity),
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
pub fn permissions(identity: &Identity) -> Vec<String> {
    claim(identity, "app_metadata")
        .get("permissions")
        .and_then(Value::as_array)
        .map(|ps| {
            ps.iter()
                .filter_map(Value::as_str)
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_user_is_shown_by_e_mail_church_role_and_permissions() {
        let user = Identity::from_trusted_claims(&json!({
            "role": "authenticated",
            "sub": "6f1c7a52-3f1b-4d5e-9a55-0d6f2c1e9b11",
            "email": "clerk@example.org",
            "app_metadata": {"role": "MEMBER_ADMIN", "is_active": false,
                             "permissions": ["manage_members"]},
        }))
        .unwrap();
        assert_eq!(short(&user), "clerk@example.org");
        assert_eq!(
            describe(&user),
            "clerk@example.org (role authenticated; MEMBER_ADMIN, INACTIVE; permissions: \
             manage_members)"
        );
        assert_eq!(short(&Identity::anon()), "anon");
        assert!(permissions(&Identity::anon()).is_empty());
    }
}
