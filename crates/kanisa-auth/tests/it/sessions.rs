use chrono::Duration;
use kanisa_auth::{
    AdminUserChange, AuthError, Identity, NewAdminUser, PERMISSIONS, ROLES, UserUpdate,
};
use serde_json::{Value, json};

use crate::{Fixture, client};

fn identity(session: &kanisa_auth::Session) -> Identity {
    Identity::User {
        id: session.user.id,
        session_id: session_id(session),
    }
}

async fn sign_in(f: &Fixture, email: &str, password: &str) -> kanisa_auth::Session {
    f.auth.sign_in(email, password, &client()).await.unwrap()
}

fn session_id(session: &kanisa_auth::Session) -> Option<uuid::Uuid> {
    let claims = claims(&session.access_token);
    claims["session_id"].as_str().and_then(|s| s.parse().ok())
}

fn claims(token: &str) -> Value {
    let keys = kanisa_auth::JwtKeys::new(crate::SECRET);
    serde_json::from_str(&keys.verify(token).unwrap().claims).unwrap()
}

#[tokio::test]
async fn a_sign_in_issues_tokens_carrying_the_church_role_and_permissions() {
    let f = Fixture::new().await;
    f.user("content@example.org", "CONTENT_ADMIN", "sermons-2026")
        .await;
    let s = f
        .auth
        .sign_in(" Content@Example.org ", "sermons-2026", &client())
        .await
        .unwrap();
    assert_eq!(s.expires_in, 3600, "session_timeout_minutes defaults to 60");
    let c = claims(&s.access_token);
    assert_eq!(c["role"], "authenticated");
    assert_eq!(c["aud"], "authenticated");
    assert_eq!(c["email"], "content@example.org");
    assert_eq!(
        c["exp"].as_i64().unwrap() - c["iat"].as_i64().unwrap(),
        3600
    );
    assert_eq!(c["app_metadata"]["role"], "CONTENT_ADMIN");
    assert_eq!(c["app_metadata"]["rank"], 4);
    assert_eq!(
        c["app_metadata"]["permissions"],
        json!([
            "manage_announcements",
            "manage_content",
            "manage_events",
            "manage_sermons",
            "view_member_details"
        ])
    );
    assert!(s.refresh_token.len() >= 40);
    let user = s.user.to_json();
    assert_eq!(user["user_metadata"]["full_name"], "CONTENT_ADMIN person");
    assert!(user["last_sign_in_at"].is_string());

    // The Security setting changes the lifetime at once.
    f.set_setting("session_timeout_minutes", json!(30)).await;
    let s = f
        .auth
        .sign_in("content@example.org", "sermons-2026", &client())
        .await
        .unwrap();
    assert_eq!(s.expires_in, 1800);
}

#[tokio::test]
async fn unknown_email_and_wrong_password_get_the_same_answer() {
    let f = Fixture::new().await;
    f.user("elder@example.org", "ELDER", "pray-always").await;
    let unknown = f
        .auth
        .sign_in("nobody@example.org", "pray-always", &client())
        .await
        .unwrap_err();
    let wrong = f
        .auth
        .sign_in("elder@example.org", "pray-never", &client())
        .await
        .unwrap_err();
    for e in [&unknown, &wrong] {
        assert!(matches!(e, AuthError::InvalidCredentials), "{e:?}");
        assert_eq!(e.to_string(), "Invalid login credentials");
        assert_eq!(e.status_and_code(), (400, "invalid_credentials"));
    }
}

#[tokio::test]
async fn lockout_after_max_attempts_then_unlock_after_the_duration() {
    let f = Fixture::new().await;
    f.user(
        "finance@example.org",
        "FINANCE_ADMIN",
        "tithes-and-offerings",
    )
    .await;
    for _ in 0..5 {
        let e = f
            .auth
            .sign_in("finance@example.org", "guess", &client())
            .await
            .unwrap_err();
        assert!(matches!(e, AuthError::InvalidCredentials), "{e:?}");
        f.advance(Duration::seconds(30));
    }
    // Locked: even the right password is refused, with when to come back.
    let e = f
        .auth
        .sign_in("finance@example.org", "tithes-and-offerings", &client())
        .await
        .unwrap_err();
    assert!(matches!(e, AuthError::LockedOut { .. }), "{e:?}");
    assert_eq!(e.status_and_code().0, 429);
    assert!(
        e.to_string()
            .starts_with("Too many failed sign-in attempts. Try again in 15 minutes"),
        "{e}"
    );
    assert_eq!(e.retry_after(), Some(15 * 60 - 30));
    // Still locked a minute before the end…
    f.advance(Duration::minutes(13));
    let e = f
        .auth
        .sign_in("finance@example.org", "tithes-and-offerings", &client())
        .await
        .unwrap_err();
    assert!(e.to_string().contains("Try again in 2 minutes"), "{e}");
    // …and open after it.
    f.advance(Duration::minutes(2));
    f.auth
        .sign_in("finance@example.org", "tithes-and-offerings", &client())
        .await
        .unwrap();
    // A success starts the count again: four new failures do not lock.
    for _ in 0..4 {
        f.auth
            .sign_in("finance@example.org", "guess", &client())
            .await
            .unwrap_err();
    }
    f.auth
        .sign_in("finance@example.org", "tithes-and-offerings", &client())
        .await
        .unwrap();
}

#[tokio::test]
async fn the_lockout_follows_the_security_settings() {
    let f = Fixture::new().await;
    f.user("member@example.org", "MEMBER", "sabbath-rest").await;
    f.set_setting("max_login_attempts", json!(2)).await;
    f.set_setting("lockout_duration_minutes", json!(1)).await;
    for _ in 0..2 {
        f.auth
            .sign_in("member@example.org", "x", &client())
            .await
            .unwrap_err();
    }
    let e = f
        .auth
        .sign_in("member@example.org", "sabbath-rest", &client())
        .await
        .unwrap_err();
    assert!(e.to_string().contains("Try again in 1 minute "), "{e}");
    f.advance(Duration::seconds(61));
    f.auth
        .sign_in("member@example.org", "sabbath-rest", &client())
        .await
        .unwrap();
}

#[tokio::test]
async fn refresh_tokens_rotate_and_reuse_revokes_the_family() {
    let f = Fixture::new().await;
    f.user("admin@example.org", "ADMIN", "church-admin-1").await;
    let first = f
        .auth
        .sign_in("admin@example.org", "church-admin-1", &client())
        .await
        .unwrap();
    f.advance(Duration::seconds(5));
    let second = f
        .auth
        .refresh(&first.refresh_token, &client())
        .await
        .unwrap();
    assert_ne!(second.refresh_token, first.refresh_token);
    assert_eq!(session_id(&second), session_id(&first), "same session");

    // The client lost the answer and retries within the grace: it gets the active token.
    f.advance(Duration::seconds(3));
    let retried = f
        .auth
        .refresh(&first.refresh_token, &client())
        .await
        .unwrap();
    assert_eq!(retried.refresh_token, second.refresh_token);

    // Rotating on: the old parent presented later is a stolen token; the family ends.
    let third = f
        .auth
        .refresh(&second.refresh_token, &client())
        .await
        .unwrap();
    f.advance(Duration::seconds(30));
    let e = f
        .auth
        .refresh(&first.refresh_token, &client())
        .await
        .unwrap_err();
    assert!(matches!(e, AuthError::RefreshTokenReused), "{e:?}");
    assert_eq!(e.status_and_code(), (400, "refresh_token_already_used"));
    let e = f
        .auth
        .refresh(&third.refresh_token, &client())
        .await
        .unwrap_err();
    assert!(matches!(e, AuthError::RefreshTokenNotFound), "{e:?}");
    // The session is gone, so its access token no longer reads the account.
    let e = f.auth.user(&identity(&third)).await.unwrap_err();
    assert!(matches!(e, AuthError::SessionNotFound), "{e:?}");

    let e = f.auth.refresh("made-up", &client()).await.unwrap_err();
    assert!(matches!(e, AuthError::RefreshTokenNotFound), "{e:?}");
}

#[tokio::test]
async fn reuse_of_the_parent_after_the_grace_also_revokes() {
    let f = Fixture::new().await;
    f.user("admin@example.org", "ADMIN", "church-admin-1").await;
    let first = f
        .auth
        .sign_in("admin@example.org", "church-admin-1", &client())
        .await
        .unwrap();
    let second = f
        .auth
        .refresh(&first.refresh_token, &client())
        .await
        .unwrap();
    f.advance(Duration::seconds(11));
    assert!(matches!(
        f.auth.refresh(&first.refresh_token, &client()).await,
        Err(AuthError::RefreshTokenReused)
    ));
    assert!(matches!(
        f.auth.refresh(&second.refresh_token, &client()).await,
        Err(AuthError::RefreshTokenNotFound)
    ));
}

#[tokio::test]
async fn an_idle_session_cannot_be_refreshed() {
    let f = Fixture::new().await;
    f.user("admin@example.org", "ADMIN", "church-admin-1").await;
    let s = f
        .auth
        .sign_in("admin@example.org", "church-admin-1", &client())
        .await
        .unwrap();
    f.advance(Duration::minutes(50));
    let s = f.auth.refresh(&s.refresh_token, &client()).await.unwrap();
    f.advance(Duration::minutes(62));
    let e = f
        .auth
        .refresh(&s.refresh_token, &client())
        .await
        .unwrap_err();
    assert!(matches!(e, AuthError::SessionExpired), "{e:?}");
}

#[tokio::test]
async fn a_deactivated_account_cannot_sign_in_refresh_or_read_itself() {
    let f = Fixture::new().await;
    let id = f.user("admin@example.org", "ADMIN", "church-admin-1").await;
    let s = f
        .auth
        .sign_in("admin@example.org", "church-admin-1", &client())
        .await
        .unwrap();
    f.db.client()
        .await
        .execute(
            "UPDATE public.users SET is_active = false WHERE id = $1",
            &[&id],
        )
        .await
        .unwrap();
    assert!(matches!(
        f.auth.user(&identity(&s)).await,
        Err(AuthError::Deactivated)
    ));
    assert!(matches!(
        f.auth.refresh(&s.refresh_token, &client()).await,
        Err(AuthError::Deactivated)
    ));
    assert!(matches!(
        f.auth
            .sign_in("admin@example.org", "church-admin-1", &client())
            .await,
        Err(AuthError::Deactivated)
    ));
    // A wrong password still says only "invalid": deactivation is not revealed to guessers.
    assert!(matches!(
        f.auth
            .sign_in("admin@example.org", "wrong-one", &client())
            .await,
        Err(AuthError::InvalidCredentials)
    ));
}

#[tokio::test]
async fn changing_the_password_needs_the_current_one_and_ends_other_sessions() {
    let f = Fixture::new().await;
    f.user("pastor@example.org", "ELDER", "first-password")
        .await;
    f.set_setting("min_password_length", json!(10)).await;
    let here = f
        .auth
        .sign_in("pastor@example.org", "first-password", &client())
        .await
        .unwrap();
    let elsewhere = f
        .auth
        .sign_in("pastor@example.org", "first-password", &client())
        .await
        .unwrap();
    let me = identity(&here);
    let change = |password: &str, current: Option<&str>| UserUpdate {
        password: Some(password.into()),
        current_password: current.map(str::to_owned),
        full_name: None,
    };
    let cases = [
        (
            change("second-password", None),
            "Enter your current password to set a new one.",
        ),
        (
            change("second-password", Some("not-it")),
            "Current password is incorrect.",
        ),
        (
            change("short-one", Some("first-password")),
            "Password must be at least 10 characters long.",
        ),
        (
            change("first-password", Some("first-password")),
            "New password should be different from the old password.",
        ),
    ];
    for (update, message) in cases {
        let e = f
            .auth
            .update_user(&me, &update, &client())
            .await
            .unwrap_err();
        assert_eq!(e.to_string(), message);
    }
    let user = f
        .auth
        .update_user(
            &me,
            &UserUpdate {
                full_name: Some("  Pastor Langat ".into()),
                ..change("second-password", Some("first-password"))
            },
            &client(),
        )
        .await
        .unwrap();
    assert_eq!(user.full_name.as_deref(), Some("Pastor Langat"));
    assert!(
        f.auth
            .refresh(&elsewhere.refresh_token, &client())
            .await
            .is_err(),
        "the other session ended"
    );
    f.auth
        .refresh(&here.refresh_token, &client())
        .await
        .expect("this session goes on");
    assert!(
        f.auth
            .sign_in("pastor@example.org", "first-password", &client())
            .await
            .is_err()
    );
    f.auth
        .sign_in("pastor@example.org", "second-password", &client())
        .await
        .unwrap();
}

#[tokio::test]
async fn logout_scopes_end_the_right_sessions_and_are_logged() {
    let f = Fixture::new().await;
    let id = f.user("admin@example.org", "ADMIN", "church-admin-1").await;
    let (a, b, c) = (
        sign_in(&f, "admin@example.org", "church-admin-1").await,
        sign_in(&f, "admin@example.org", "church-admin-1").await,
        sign_in(&f, "admin@example.org", "church-admin-1").await,
    );
    f.auth
        .logout(&identity(&a), "local", &client())
        .await
        .unwrap();
    assert!(f.auth.refresh(&a.refresh_token, &client()).await.is_err());
    f.auth
        .logout(&identity(&b), "others", &client())
        .await
        .unwrap();
    assert!(f.auth.refresh(&c.refresh_token, &client()).await.is_err());
    let b = f.auth.refresh(&b.refresh_token, &client()).await.unwrap();
    f.auth
        .logout(&identity(&b), "global", &client())
        .await
        .unwrap();
    assert!(f.auth.refresh(&b.refresh_token, &client()).await.is_err());
    assert!(
        f.auth
            .logout(&identity(&b), "everything", &client())
            .await
            .is_err()
    );

    let logs =
        f.db.client()
            .await
            .query(
                "SELECT action, host(ip_address), user_agent FROM public.admin_activity_logs \
             WHERE admin_id = $1 ORDER BY created_at, action",
                &[&id],
            )
            .await
            .unwrap();
    let actions: Vec<&str> = logs.iter().map(|r| r.get(0)).collect();
    assert_eq!(actions.iter().filter(|a| **a == "admin_login").count(), 3);
    assert_eq!(actions.iter().filter(|a| **a == "admin_logout").count(), 2);
    for row in &logs {
        assert_eq!(row.get::<_, &str>(1), "198.51.100.20");
        assert_eq!(row.get::<_, &str>(2), "test-agent/1.0");
    }
}

#[tokio::test]
async fn staff_accounts_are_managed_only_with_manage_admins() {
    let f = Fixture::new().await;
    let super_id = f
        .user("super@example.org", "SUPER_ADMIN", "super-secret-1")
        .await;
    f.user("admin@example.org", "ADMIN", "church-admin-1").await;
    let root = identity(&sign_in(&f, "super@example.org", "super-secret-1").await);
    let admin = identity(&sign_in(&f, "admin@example.org", "church-admin-1").await);

    // ADMIN's defaults do not include manage_admins.
    assert!(matches!(
        f.auth.list_users(&admin, 1, 50).await,
        Err(AuthError::NotAllowed)
    ));
    let new = NewAdminUser {
        email: "Treasurer@Example.org".into(),
        password: "treasurer-1".into(),
        full_name: "Church Treasurer".into(),
        role: "FINANCE_ADMIN".into(),
        permissions: None,
        is_active: None,
    };
    let treasurer = f.auth.create_user(&root, &new, &client()).await.unwrap();
    assert_eq!(treasurer.email, "treasurer@example.org");
    assert_eq!(treasurer.role(), "FINANCE_ADMIN");
    let again = f
        .auth
        .create_user(&root, &new, &client())
        .await
        .unwrap_err();
    assert_eq!(again.status_and_code(), (422, "email_exists"));
    let short = NewAdminUser {
        email: "x@example.org".into(),
        password: "12345".into(),
        ..new.clone()
    };
    assert_eq!(
        f.auth
            .create_user(&root, &short, &client())
            .await
            .unwrap_err()
            .to_string(),
        "Password must be at least 6 characters long."
    );

    // Give the ADMIN manage_admins: they manage others but cannot touch a Super Admin.
    let admin_id = match &admin {
        Identity::User { id, .. } => *id,
        Identity::Service => unreachable!(),
    };
    f.auth
        .update_user_admin(
            &root,
            admin_id,
            &AdminUserChange {
                permissions: Some(Some(vec!["manage_admins".into(), "manage_members".into()])),
                ..Default::default()
            },
            &client(),
        )
        .await
        .unwrap();
    // …and hand out only permissions they hold themselves.
    let e = f
        .auth
        .update_user_admin(
            &admin,
            treasurer.id,
            &AdminUserChange {
                permissions: Some(Some(vec!["system_settings".into()])),
                ..Default::default()
            },
            &client(),
        )
        .await
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "You can only give permissions you hold yourself"
    );
    let e = f
        .auth
        .update_user_admin(
            &admin,
            treasurer.id,
            &AdminUserChange {
                role: Some("ADMIN".into()),
                ..Default::default()
            },
            &client(),
        )
        .await
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "You can only give permissions you hold yourself",
        "ADMIN's defaults exceed the actor's own list"
    );
    let (users, total) = f.auth.list_users(&admin, 1, 2).await.unwrap();
    assert_eq!((users.len(), total), (2, 3));
    let make_super = AdminUserChange {
        role: Some("SUPER_ADMIN".into()),
        ..Default::default()
    };
    for e in [
        f.auth
            .update_user_admin(&admin, treasurer.id, &make_super, &client())
            .await
            .unwrap_err(),
        f.auth
            .update_user_admin(
                &admin,
                super_id,
                &AdminUserChange {
                    is_active: Some(false),
                    ..Default::default()
                },
                &client(),
            )
            .await
            .unwrap_err(),
        f.auth
            .create_user(
                &admin,
                &NewAdminUser {
                    email: "boss@example.org".into(),
                    role: "SUPER_ADMIN".into(),
                    ..new.clone()
                },
                &client(),
            )
            .await
            .unwrap_err(),
        f.auth
            .delete_user(&admin, super_id, &client())
            .await
            .unwrap_err(),
    ] {
        assert_eq!(
            e.to_string(),
            "Only a Super Admin can create or change a Super Admin"
        );
    }
    // Nobody changes their own rights or deletes themselves.
    let e = f
        .auth
        .update_user_admin(
            &root,
            super_id,
            &AdminUserChange {
                is_active: Some(false),
                ..Default::default()
            },
            &client(),
        )
        .await
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "You cannot change your own role, permissions or active state"
    );
    assert!(
        f.auth
            .delete_user(&root, super_id, &client())
            .await
            .is_err()
    );

    // Deactivating ends the account's sessions at once.
    let t = f
        .auth
        .sign_in("treasurer@example.org", "treasurer-1", &client())
        .await
        .unwrap();
    let user = f
        .auth
        .update_user_admin(
            &admin,
            treasurer.id,
            &AdminUserChange {
                is_active: Some(false),
                ..Default::default()
            },
            &client(),
        )
        .await
        .unwrap();
    assert!(!user.is_active);
    assert_eq!(user.to_json()["banned_until"], "9999-12-31T23:59:59Z");
    assert!(f.auth.refresh(&t.refresh_token, &client()).await.is_err());
    f.auth
        .delete_user(&admin, treasurer.id, &client())
        .await
        .unwrap();
    assert!(matches!(
        f.auth.get_user(&root, treasurer.id).await,
        Err(AuthError::UserNotFound)
    ));

    let actions: Vec<String> =
        f.db.client()
            .await
            .query(
                "SELECT action FROM public.admin_activity_logs \
             WHERE action LIKE 'admin\\_%' AND action NOT IN ('admin_login') ORDER BY created_at",
                &[],
            )
            .await
            .unwrap()
            .iter()
            .map(|r| r.get(0))
            .collect();
    assert_eq!(
        actions,
        [
            "admin_created",
            "admin_updated",
            "admin_deactivated",
            "admin_deleted"
        ]
    );
}

#[tokio::test]
async fn the_rust_vocabulary_matches_the_database() {
    let f = Fixture::new().await;
    let client = f.db.client().await;
    let mut permissions: Vec<String> = client
        .query("SELECT name FROM kanisa.permissions", &[])
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    permissions.sort();
    let mut ours: Vec<String> = PERMISSIONS.iter().map(|p| p.to_string()).collect();
    ours.sort();
    assert_eq!(permissions, ours);
    let mut roles: Vec<(String, i16)> = client
        .query("SELECT name, rank FROM kanisa.roles", &[])
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    roles.sort();
    let mut ours: Vec<(String, i16)> = ROLES
        .iter()
        .map(|(r, n)| (r.to_string(), i16::from(*n)))
        .collect();
    ours.sort();
    assert_eq!(roles, ours);
}

async fn permissions(tx: &kanisa_pg::tokio_postgres::Transaction<'_>) -> Vec<String> {
    tx.query_one("SELECT auth.permissions()", &[])
        .await
        .unwrap()
        .get(0)
}

/// auth.permissions() keeps its answer for the rest of the transaction, keyed by the caller:
/// another caller in the same transaction, or the same one in the next, is looked up afresh.
#[tokio::test]
async fn the_permission_cache_follows_the_caller_and_the_transaction() {
    let f = Fixture::new().await;
    let finance = f
        .user("finance@example.org", "FINANCE_ADMIN", "finance-1")
        .await;
    let member = f.user("member@example.org", "MEMBER", "member-1").await;
    let mut client = f.db.client().await;
    let as_caller = |id: uuid::Uuid| {
        format!(
            "SELECT set_config('role', 'authenticated', true), \
             set_config('request.jwt.claims', '{{\"sub\":\"{id}\",\"role\":\"authenticated\"}}', true)"
        )
    };
    let tx = client.transaction().await.unwrap();
    tx.batch_execute(&as_caller(finance)).await.unwrap();
    assert!(
        permissions(&tx)
            .await
            .contains(&"manage_donations".to_owned())
    );
    tx.batch_execute(&as_caller(member)).await.unwrap();
    assert!(
        permissions(&tx).await.is_empty(),
        "another caller, another answer"
    );
    tx.commit().await.unwrap();

    f.db.client()
        .await
        .execute(
            "UPDATE public.users SET is_active = false WHERE id = $1",
            &[&finance],
        )
        .await
        .unwrap();
    let tx = client.transaction().await.unwrap();
    tx.batch_execute(&as_caller(finance)).await.unwrap();
    assert!(
        permissions(&tx).await.is_empty(),
        "deactivation applies to the next transaction"
    );
}
