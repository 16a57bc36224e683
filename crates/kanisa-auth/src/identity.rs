//! Who is asking: the one identity of a request, for every API family and the console.
//!
//! An [`Identity`] is a verified token's role and claims ([`crate::JwtKeys::verify`]), or anon
//! when no token came. The server's request extractor makes one per request; from it the table
//! API, storage and functions run as its [`Caller`] ([`Identity::caller`]), and the auth
//! endpoints act for its user or the service key ([`Identity::user_id`],
//! [`Identity::is_service`]). The console makes one in-process from the claims a user's access
//! token would carry ([`Identity::from_trusted_claims`]). A token that does not verify is a
//! [`crate::JwtError`], which each family answers with its own 401 and the error's message.

use kanisa_pg::Caller;
use serde_json::Value;
use uuid::Uuid;

use crate::{API_ROLES, JwtError};

/// Who is asking: the role and claims of a verified token, or anon.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    /// One of [`API_ROLES`].
    role: String,
    /// The token's payload as JSON text, as SQL receives it (`request.jwt.claims`).
    claims: String,
    /// `sub` of an `authenticated` token, when it is a user's id.
    user: Option<Uuid>,
    /// `session_id` of a user's access token (absent from API keys).
    session_id: Option<Uuid>,
}

impl Identity {
    /// Nobody: no token came with the request.
    pub fn anon() -> Identity {
        let anon = Caller::anon();
        Identity {
            role: anon.role,
            claims: anon.claims,
            user: None,
            session_id: None,
        }
    }

    /// The identity a payload names, read the one way every token's is: its `role` (anon when
    /// absent) must be one of [`API_ROLES`]; `sub` is the user of an `authenticated` one.
    ///
    /// The payload must already be trusted: a token's once its signature and times are checked
    /// ([`crate::JwtKeys::verify`] calls this), or claims made in-process by a caller that may
    /// act as anyone (the console, with the owner's connections).
    pub fn from_trusted_claims(claims: &Value) -> Result<Identity, JwtError> {
        let role = claims
            .get("role")
            .and_then(Value::as_str)
            .unwrap_or("anon")
            .to_owned();
        if !API_ROLES.contains(&role.as_str()) {
            return Err(JwtError::RoleNotAllowed(role));
        }
        let uuid = |name: &str| {
            claims
                .get(name)
                .and_then(Value::as_str)
                .and_then(|s| s.parse().ok())
        };
        Ok(Identity {
            user: (role == "authenticated").then(|| uuid("sub")).flatten(),
            session_id: uuid("session_id"),
            claims: claims.to_string(),
            role,
        })
    }

    /// `anon`, `authenticated` or `service_role`: the database role requests run as.
    pub fn role(&self) -> &str {
        &self.role
    }

    /// The claims as JSON text.
    pub fn claims(&self) -> &str {
        &self.claims
    }

    pub fn is_anon(&self) -> bool {
        self.role == "anon"
    }

    /// The service key (`service_role`).
    pub fn is_service(&self) -> bool {
        self.role == "service_role"
    }

    /// The signed-in user: `sub` of an `authenticated` token (none for anon, the service key,
    /// or a `sub` that is no user id).
    pub fn user_id(&self) -> Option<Uuid> {
        self.user
    }

    /// The session a user's access token belongs to (`session_id`), if it names one.
    pub fn session_id(&self) -> Option<Uuid> {
        self.session_id
    }

    /// This identity as the database sees it: a [`Caller`] with its role and claims, to which
    /// whoever holds the request adds its details (method, path, headers, client address).
    pub fn caller(&self) -> Caller {
        Caller::new(self.role.clone(), self.claims.clone())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_user_is_the_sub_of_an_authenticated_token() {
        let id = Uuid::new_v4();
        let sid = Uuid::new_v4();
        let user = Identity::from_trusted_claims(
            &json!({"role": "authenticated", "sub": id.to_string(), "session_id": sid.to_string()}),
        )
        .unwrap();
        assert_eq!(
            (user.role(), user.user_id(), user.session_id()),
            ("authenticated", Some(id), Some(sid))
        );
        assert!(!user.is_anon() && !user.is_service());

        let service =
            Identity::from_trusted_claims(&json!({"role": "service_role", "sub": id.to_string()}))
                .unwrap();
        assert!(service.is_service());
        assert_eq!(service.user_id(), None, "the service key is no user");
        let odd =
            Identity::from_trusted_claims(&json!({"role": "authenticated", "sub": "x"})).unwrap();
        assert_eq!(odd.user_id(), None);
        let no_role = Identity::from_trusted_claims(&json!({"sub": id.to_string()})).unwrap();
        assert!(no_role.is_anon() && no_role.user_id().is_none());
        assert_eq!(
            Identity::from_trusted_claims(&json!({"role": "postgres"})),
            Err(JwtError::RoleNotAllowed("postgres".into()))
        );
    }

    #[test]
    fn the_caller_carries_the_role_and_claims_as_sql_receives_them() {
        assert_eq!(Identity::anon().caller(), Caller::anon());
        let claims = json!({"role": "service_role", "iss": "kanisa"});
        let caller = Identity::from_trusted_claims(&claims).unwrap().caller();
        assert_eq!(caller.role, "service_role");
        assert_eq!(
            serde_json::from_str::<Value>(&caller.claims).unwrap(),
            claims
        );
    }
}
