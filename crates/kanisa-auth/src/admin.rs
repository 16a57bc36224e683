//! Staff accounts managed by a Super Admin (`/auth/v1/admin/users`): allowed to the
//! service key and to active users holding `manage_admins` **with SUPER_ADMIN rank** — Admin
//! Users is a Super Admin screen, and its data follows the screen (policies/README.md).
//!
//! The same guards as the table API's profile trigger (0006, 0011) apply here, where the server
//! writes with owner rights: nobody changes their own role, permissions or active state or
//! deletes themselves; only a Super Admin creates, changes or deletes a Super Admin; nobody
//! gives a permission they do not hold; and nobody changes the password, e-mail, active state
//! or rights of, deletes, or lifts the lockout of an account holding a permission or a rank they
//! lack ([`covers`]).

use serde_json::json;
use uuid::Uuid;

use crate::session::{Security, check_password, lift_locks, log_activity};
use crate::user::{USER_COLUMNS, USER_FROM, User};
use crate::{AuthError, ClientInfo, Identity, NewUser, create_user_in};

/// `POST /admin/users`.
#[derive(Clone, Default)]
pub struct NewAdminUser {
    pub email: String,
    pub password: String,
    pub full_name: String,
    pub role: String,
    pub permissions: Option<Vec<String>>,
    pub is_active: Option<bool>,
}

/// `PUT /admin/users/{id}`: each field changes only when present.
#[derive(Clone, Default)]
pub struct AdminUserChange {
    pub email: Option<String>,
    pub password: Option<String>,
    pub full_name: Option<String>,
    pub role: Option<String>,
    /// `Some(None)` clears the own list (role defaults apply again).
    pub permissions: Option<Option<Vec<String>>>,
    pub is_active: Option<bool>,
}

/// The rank that manages staff accounts: SUPER_ADMIN (back-office §2.14, the admin route
/// table).
const MANAGER_RANK: i64 = 6;

/// True when an actor of `actor_rank` holding `held` may act on an account of `target_rank`
/// holding `target`: they hold every permission it holds and at least its rank. Acting on an
/// account that holds more than you would let you take it over (set its password, then sign
/// in as it) and use what you were never given.
pub(crate) fn covers(actor_rank: i64, held: &[&str], target_rank: i64, target: &[&str]) -> bool {
    target_rank <= actor_rank && target.iter().all(|p| held.contains(p))
}

/// Who is acting: the service key, or a user (with their account loaded).
enum Actor {
    Service,
    User(Box<User>),
}

impl Actor {
    fn id(&self) -> Option<Uuid> {
        match self {
            Actor::Service => None,
            Actor::User(u) => Some(u.id),
        }
    }

    fn is_super_admin(&self) -> bool {
        match self {
            Actor::Service => true,
            Actor::User(u) => u.role() == "SUPER_ADMIN" && u.is_active,
        }
    }

    /// Refuses acting on an account that holds a permission or rank the actor lacks.
    fn check_covers(&self, target: &User) -> Result<(), AuthError> {
        let Actor::User(actor) = self else {
            return Ok(());
        };
        if covers(
            actor.rank(),
            &actor.permissions(),
            target.rank(),
            &target.permissions(),
        ) {
            Ok(())
        } else {
            Err(AuthError::Forbidden(
                "You cannot change an account that holds a permission or rank you lack",
            ))
        }
    }
}

impl crate::Auth {
    /// A non-super actor may only give an account permissions they hold themselves (the table
    /// API's profile trigger applies the same rule through `auth.effective_permissions`).
    async fn check_grantable(
        &self,
        db: &impl kanisa_pg::tokio_postgres::GenericClient,
        actor: &Actor,
        role: &str,
        permissions: Option<&Vec<String>>,
    ) -> Result<(), AuthError> {
        let Actor::User(user) = actor else {
            return Ok(());
        };
        if actor.is_super_admin() {
            return Ok(());
        }
        let effective: Vec<String> = db
            .query_one(
                "SELECT auth.effective_permissions($1, $2)",
                &[&role, &permissions],
            )
            .await?
            .get(0);
        if effective.iter().all(|p| user.has_permission(p)) {
            Ok(())
        } else {
            Err(AuthError::Forbidden(
                "You can only give permissions you hold yourself",
            ))
        }
    }

    async fn actor(&self, identity: &Identity) -> Result<Actor, AuthError> {
        if identity.is_service() {
            return Ok(Actor::Service);
        }
        let user = self.user(identity).await?;
        if !user.has_permission("manage_admins") {
            return Err(AuthError::NotAllowed);
        }
        if user.rank() < MANAGER_RANK {
            return Err(AuthError::Forbidden(
                "Staff accounts are managed by a Super Admin",
            ));
        }
        Ok(Actor::User(Box::new(user)))
    }

    /// `GET /admin/users?page&per_page`: newest first, with the total.
    pub async fn list_users(
        &self,
        identity: &Identity,
        page: i64,
        per_page: i64,
    ) -> Result<(Vec<User>, i64), AuthError> {
        self.actor(identity).await?;
        let per_page = per_page.clamp(1, 1000);
        let offset = (page.max(1) - 1) * per_page;
        let db = self.pool.get().await?;
        let sql = format!(
            "SELECT {USER_COLUMNS} {USER_FROM} ORDER BY u.created_at DESC, u.id LIMIT $1 OFFSET $2"
        );
        let users = db
            .query(&sql, &[&per_page, &offset])
            .await?
            .iter()
            .map(User::from_row)
            .collect();
        let total: i64 = db
            .query_one("SELECT count(*) FROM auth.users", &[])
            .await?
            .get(0);
        Ok((users, total))
    }

    /// `GET /admin/users/{id}`.
    pub async fn get_user(&self, identity: &Identity, id: Uuid) -> Result<User, AuthError> {
        self.actor(identity).await?;
        let db = self.pool.get().await?;
        User::load(&**db, id).await?.ok_or(AuthError::UserNotFound)
    }

    /// `POST /admin/users`.
    pub async fn create_user(
        &self,
        identity: &Identity,
        new: &NewAdminUser,
        client: &ClientInfo,
    ) -> Result<User, AuthError> {
        let actor = self.actor(identity).await?;
        let role = normalise_role(&new.role)?;
        if role == "SUPER_ADMIN" && !actor.is_super_admin() {
            return Err(AuthError::Forbidden(
                "Only a Super Admin can create or change a Super Admin",
            ));
        }
        let mut db = self.pool.get().await?;
        let security = Security::load(&**db).await?;
        check_password(&new.password, security.min_password_length)?;
        let permissions = new
            .permissions
            .as_ref()
            .map(|p| check_permissions(p))
            .transpose()?;
        self.check_grantable(&**db, &actor, &role, permissions.as_ref())
            .await?;
        let hash = self.hash(&new.password).await?;
        let tx = db.transaction().await?;
        let created = create_user_in(
            &*tx,
            &NewUser {
                email: new.email.clone(),
                full_name: new.full_name.clone(),
                role,
                password: new.password.clone(),
            },
            &hash,
        )
        .await?;
        tx.execute(
            "UPDATE public.users SET permissions = $2, is_active = $3 WHERE id = $1",
            &[&created.id, &permissions, &new.is_active.unwrap_or(true)],
        )
        .await?;
        if security.audit_logging {
            log_activity(
                &*tx,
                actor.id(),
                "admin_created",
                json!({ "user_id": created.id, "email": created.email, "role": created.role }),
                client,
            )
            .await?;
        }
        let user = User::load(&*tx, created.id)
            .await?
            .ok_or(AuthError::UserNotFound)?;
        tx.commit().await?;
        Ok(user)
    }

    /// `PUT /admin/users/{id}`.
    pub async fn update_user_admin(
        &self,
        identity: &Identity,
        id: Uuid,
        change: &AdminUserChange,
        client: &ClientInfo,
    ) -> Result<User, AuthError> {
        let actor = self.actor(identity).await?;
        let mut db = self.pool.get().await?;
        let target = User::load(&**db, id)
            .await?
            .ok_or(AuthError::UserNotFound)?;
        actor.check_covers(&target)?;
        if let Some(email) = &change.email
            && email.trim().to_lowercase() != target.email
        {
            return Err(AuthError::Validation(
                "The e-mail of an existing account cannot be changed".to_owned(),
            ));
        }
        let role = change.role.as_deref().map(normalise_role).transpose()?;
        let permissions = match &change.permissions {
            None => None,
            Some(None) => Some(None),
            Some(Some(list)) => Some(Some(check_permissions(list)?)),
        };
        let is_self = actor.id() == Some(id);
        let touches_rights = role.as_deref().is_some_and(|r| r != target.role())
            || permissions.is_some()
            || change.is_active.is_some_and(|a| a != target.is_active);
        if is_self && touches_rights {
            return Err(AuthError::Forbidden(
                "You cannot change your own role, permissions or active state",
            ));
        }
        if (target.role() == "SUPER_ADMIN" || role.as_deref() == Some("SUPER_ADMIN"))
            && !actor.is_super_admin()
        {
            return Err(AuthError::Forbidden(
                "Only a Super Admin can create or change a Super Admin",
            ));
        }
        if role.as_deref().is_some_and(|r| r != target.role()) || permissions.is_some() {
            let own: Option<Vec<String>> = match &permissions {
                Some(list) => list.clone(),
                None => db
                    .query_one("SELECT permissions FROM public.users WHERE id = $1", &[&id])
                    .await?
                    .get(0),
            };
            let role = role.clone().unwrap_or_else(|| target.role().to_owned());
            self.check_grantable(&**db, &actor, &role, own.as_ref())
                .await?;
        }
        let security = Security::load(&**db).await?;
        let hash = match &change.password {
            Some(p) => {
                check_password(p, security.min_password_length)?;
                Some(self.hash(p).await?)
            }
            None => None,
        };
        let full_name = match &change.full_name {
            Some(n) if n.trim().is_empty() => return Err(AuthError::MissingName),
            Some(n) => Some(n.trim().to_owned()),
            None => None,
        };
        let tx = db.transaction().await?;
        if let Some(hash) = &hash {
            tx.execute(
                "UPDATE auth.users SET encrypted_password = $2 WHERE id = $1",
                &[&id, hash],
            )
            .await?;
            tx.execute("DELETE FROM auth.sessions WHERE user_id = $1", &[&id])
                .await?;
        }
        tx.execute(
            "UPDATE public.users SET full_name = coalesce($2, full_name), \
               role = coalesce($3, role), \
               permissions = CASE WHEN $4 THEN $5 ELSE permissions END, \
               is_active = coalesce($6, is_active) \
             WHERE id = $1",
            &[
                &id,
                &full_name,
                &role,
                &permissions.is_some(),
                &permissions.clone().flatten(),
                &change.is_active,
            ],
        )
        .await?;
        if change.is_active == Some(false) {
            tx.execute("DELETE FROM auth.sessions WHERE user_id = $1", &[&id])
                .await?;
        }
        if security.audit_logging {
            let action = match change.is_active {
                Some(true) if !target.is_active => "admin_activated",
                Some(false) if target.is_active => "admin_deactivated",
                _ if hash.is_some() && full_name.is_none() && !touches_rights => "password_changed",
                _ => "admin_updated",
            };
            log_activity(
                &*tx,
                actor.id(),
                action,
                json!({
                    "user_id": id,
                    "email": target.email,
                    "role": role,
                    "permissions_changed": permissions.is_some(),
                    "password_changed": hash.is_some(),
                }),
                client,
            )
            .await?;
        }
        let user = User::load(&*tx, id).await?.ok_or(AuthError::UserNotFound)?;
        tx.commit().await?;
        Ok(user)
    }

    /// `DELETE /admin/users/{id}`: the identity, its profile and sessions. Content the person
    /// entered stays (references are set to NULL).
    pub async fn delete_user(
        &self,
        identity: &Identity,
        id: Uuid,
        client: &ClientInfo,
    ) -> Result<User, AuthError> {
        let actor = self.actor(identity).await?;
        if actor.id() == Some(id) {
            return Err(AuthError::Forbidden("You cannot delete your own account"));
        }
        let mut db = self.pool.get().await?;
        let target = User::load(&**db, id)
            .await?
            .ok_or(AuthError::UserNotFound)?;
        if target.role() == "SUPER_ADMIN" && !actor.is_super_admin() {
            return Err(AuthError::Forbidden(
                "Only a Super Admin can create or change a Super Admin",
            ));
        }
        actor.check_covers(&target)?;
        let security = Security::load(&**db).await?;
        let tx = db.transaction().await?;
        tx.execute("DELETE FROM auth.users WHERE id = $1", &[&id])
            .await?;
        if security.audit_logging {
            log_activity(
                &*tx,
                actor.id(),
                "admin_deleted",
                json!({ "user_id": id, "email": target.email, "role": target.role() }),
                client,
            )
            .await?;
        }
        tx.commit().await?;
        Ok(target)
    }

    /// `DELETE /admin/users/{id}/lockout`: ends the account's sign-in locks (account-wide and
    /// for every address) and restarts the failure counts, e.g. for the owner locked out by
    /// someone else's guesses. A Super Admin's (or the service key's) act, written to the
    /// activity log as `admin_lockout_lifted`. True when a lock was in force.
    pub async fn lift_lockout(
        &self,
        identity: &Identity,
        id: Uuid,
        client: &ClientInfo,
    ) -> Result<bool, AuthError> {
        let actor = self.actor(identity).await?;
        if !actor.is_super_admin() {
            return Err(AuthError::Forbidden(
                "Only a Super Admin can lift a sign-in lockout",
            ));
        }
        let mut db = self.pool.get().await?;
        let target = User::load(&**db, id)
            .await?
            .ok_or(AuthError::UserNotFound)?;
        actor.check_covers(&target)?;
        let security = Security::load(&**db).await?;
        let tx = db.transaction().await?;
        let was_locked = lift_locks(&*tx, &target.email, self.now()).await?;
        if security.audit_logging {
            log_activity(
                &*tx,
                actor.id(),
                "admin_lockout_lifted",
                json!({ "user_id": id, "email": target.email, "was_locked": was_locked }),
                client,
            )
            .await?;
        }
        tx.commit().await?;
        tracing::info!(%id, was_locked, "sign-in lockout lifted");
        Ok(was_locked)
    }
}

fn normalise_role(role: &str) -> Result<String, AuthError> {
    let role = role.trim().to_uppercase().replace([' ', '-'], "_");
    if crate::ROLES.iter().any(|(r, _)| *r == role) {
        Ok(role)
    } else {
        Err(AuthError::InvalidRole(role))
    }
}

/// The permissions vocabulary is checked by the database too (users_permissions_check); this
/// answers with the name of the unknown one.
fn check_permissions(list: &[String]) -> Result<Vec<String>, AuthError> {
    let mut out: Vec<String> = Vec::with_capacity(list.len());
    for p in list {
        let p = p.trim();
        if !crate::PERMISSIONS.contains(&p) {
            return Err(AuthError::InvalidPermission(p.to_owned()));
        }
        if !out.iter().any(|q| q == p) {
            out.push(p.to_owned());
        }
    }
    Ok(out)
}

/// Leaves passwords out.
impl std::fmt::Debug for NewAdminUser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NewAdminUser")
            .field("email", &self.email)
            .field("full_name", &self.full_name)
            .field("role", &self.role)
            .field("permissions", &self.permissions)
            .field("is_active", &self.is_active)
            .finish_non_exhaustive()
    }
}

/// Leaves passwords out.
impl std::fmt::Debug for AdminUserChange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AdminUserChange")
            .field("email", &self.email)
            .field("full_name", &self.full_name)
            .field("role", &self.role)
            .field("permissions", &self.permissions)
            .field("is_active", &self.is_active)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_actor_covers_only_accounts_holding_no_more_than_they_do() {
        let partial = ["manage_admins", "manage_users"];
        let everything: Vec<&str> = crate::PERMISSIONS.to_vec();
        // The probe's case: a partial ADMIN against an ADMIN holding much more.
        assert!(!covers(5, &partial, 5, &everything[..20]));
        // A permission more, or a rank more, is enough to refuse.
        assert!(!covers(
            5,
            &partial,
            5,
            &["manage_admins", "system_settings"]
        ));
        assert!(!covers(5, &everything, 6, &[]));
        // Equal or less: allowed.
        assert!(covers(5, &partial, 5, &["manage_users"]));
        assert!(covers(5, &partial, 1, &[]));
        assert!(covers(6, &everything, 6, &everything));
    }

    #[test]
    fn roles_and_permissions_are_checked() {
        assert_eq!(normalise_role("finance admin").unwrap(), "FINANCE_ADMIN");
        assert!(normalise_role("BISHOP").is_err());
        assert_eq!(
            check_permissions(&["manage_sermons".into(), " manage_sermons".into()]).unwrap(),
            vec!["manage_sermons"]
        );
        assert_eq!(
            check_permissions(&["be_god".into()])
                .unwrap_err()
                .to_string(),
            "unknown permission \"be_god\""
        );
    }
}
