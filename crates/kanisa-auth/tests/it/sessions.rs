use chrono::Duration;
use kanisa_auth::{
    AdminUserChange, AuthError, ClientInfo, Identity, NewAdminUser, PERMISSIONS, ROLES, UserUpdate,
};
use serde_json::{Value, json};

use crate::{Fixture, client};

/// Who asks with the session's access token, as the server's extractor verifies it.
fn identity(session: &kanisa_auth::Session) -> Identity {
    kanisa_auth::JwtKeys::new(crate::SECRET)
        .verify(&session.access_token)
        .unwrap()
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
    serde_json::from_str(keys.verify(token).unwrap().claims()).unwrap()
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
async fn staff_accounts_are_managed_only_by_a_super_admin() {
    let f = Fixture::new().await;
    let super_id = f
        .user("super@example.org", "SUPER_ADMIN", "super-secret-1")
        .await;
    let admin_id = f.user("admin@example.org", "ADMIN", "church-admin-1").await;
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

    // An ADMIN given manage_admins still manages nobody: Admin Users is a Super Admin screen,
    // and its data follows the screen.
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
    let rename = AdminUserChange {
        full_name: Some("Renamed".into()),
        ..Default::default()
    };
    let refusals = [
        f.auth.list_users(&admin, 1, 2).await.map(|_| ()),
        f.auth.get_user(&admin, treasurer.id).await.map(|_| ()),
        f.auth
            .create_user(
                &admin,
                &NewAdminUser {
                    email: "clerk@example.org".into(),
                    role: "MEMBER".into(),
                    ..new.clone()
                },
                &client(),
            )
            .await
            .map(|_| ()),
        f.auth
            .update_user_admin(&admin, treasurer.id, &rename, &client())
            .await
            .map(|_| ()),
        f.auth
            .delete_user(&admin, treasurer.id, &client())
            .await
            .map(|_| ()),
        f.auth
            .lift_lockout(&admin, treasurer.id, &client())
            .await
            .map(|_| ()),
    ];
    for refused in refusals {
        let e = refused.unwrap_err();
        assert_eq!(e.status_and_code(), (403, "not_admin"), "{e}");
        assert_eq!(e.to_string(), "Staff accounts are managed by a Super Admin");
    }
    assert_eq!(
        f.auth
            .get_user(&root, treasurer.id)
            .await
            .unwrap()
            .full_name
            .as_deref(),
        Some("Church Treasurer")
    );

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
            &root,
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
        .delete_user(&root, treasurer.id, &client())
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

fn from(ip: &str) -> ClientInfo {
    ClientInfo {
        ip: Some(ip.parse().unwrap()),
        user_agent: Some("test-agent/1.0".into()),
    }
}

/// Finding 5 of issue 13: the lockout was per e-mail, so anyone could lock anyone out.
#[tokio::test]
async fn a_stranger_cannot_lock_the_owner_out_from_another_address() {
    let f = Fixture::new().await;
    f.user("super@example.org", "SUPER_ADMIN", "super-secret-1")
        .await;
    let (stranger, owner) = (from("203.0.113.66"), from("198.51.100.7"));
    for i in 0..5 {
        let e = f
            .auth
            .sign_in("super@example.org", &format!("guess-{i}"), &stranger)
            .await
            .unwrap_err();
        assert!(matches!(e, AuthError::InvalidCredentials), "{e:?}");
    }
    // The stranger's address is locked, the right password included…
    let e = f
        .auth
        .sign_in("super@example.org", "super-secret-1", &stranger)
        .await
        .unwrap_err();
    assert!(matches!(e, AuthError::LockedOut { .. }), "{e:?}");
    // …but the owner, elsewhere, signs in.
    f.auth
        .sign_in("super@example.org", "super-secret-1", &owner)
        .await
        .unwrap();
    // Their success does not reset the stranger's count.
    assert!(matches!(
        f.auth
            .sign_in("super@example.org", "guess-5", &stranger)
            .await,
        Err(AuthError::LockedOut { .. })
    ));
}

#[tokio::test]
async fn failures_from_many_addresses_lock_the_account_everywhere() {
    let f = Fixture::new().await;
    f.user("admin@example.org", "ADMIN", "church-admin-1").await;
    f.set_setting("max_login_attempts", json!(2)).await;
    let threshold = 2 * kanisa_auth::ACCOUNT_LOCKOUT_FACTOR;
    assert_eq!(threshold, 20);
    let owner = from("198.51.100.7");
    let guess = |n: i64| {
        let f = &f;
        async move {
            // Two guesses per address: each address locks itself, the account not yet.
            let address = from(&format!("203.0.113.{}", n / 2 + 1));
            f.auth
                .sign_in("admin@example.org", &format!("guess-{n}"), &address)
                .await
                .unwrap_err()
        }
    };
    for n in 0..threshold - 1 {
        assert!(matches!(guess(n).await, AuthError::InvalidCredentials));
    }
    // One short of the threshold: the owner still signs in (and that resets the count).
    f.auth
        .sign_in("admin@example.org", "church-admin-1", &owner)
        .await
        .unwrap();
    f.advance(Duration::seconds(1));
    for n in 0..threshold {
        assert!(matches!(
            guess(n + 100).await,
            AuthError::InvalidCredentials
        ));
    }
    let e = f
        .auth
        .sign_in("admin@example.org", "church-admin-1", &owner)
        .await
        .unwrap_err();
    assert!(matches!(e, AuthError::LockedOut { .. }), "{e:?}");
    assert!(e.to_string().contains("Try again in 15 minutes"), "{e}");
    f.advance(Duration::minutes(15));
    f.auth
        .sign_in("admin@example.org", "church-admin-1", &owner)
        .await
        .unwrap();
}

#[tokio::test]
async fn a_super_admin_lifts_a_lockout_and_the_counts_start_again() {
    let f = Fixture::new().await;
    let id = f
        .user("clerk@example.org", "CONTENT_ADMIN", "clerk-pass-1")
        .await;
    f.user("super@example.org", "SUPER_ADMIN", "super-secret-1")
        .await;
    f.user("admin@example.org", "ADMIN", "church-admin-1").await;
    let root = identity(&sign_in(&f, "super@example.org", "super-secret-1").await);
    let admin = identity(&sign_in(&f, "admin@example.org", "church-admin-1").await);
    let there = from("203.0.113.9");
    assert!(
        !f.auth.lift_lockout(&root, id, &client()).await.unwrap(),
        "nothing to lift"
    );
    for _ in 0..5 {
        f.auth
            .sign_in("clerk@example.org", "guess", &there)
            .await
            .unwrap_err();
    }
    assert!(matches!(
        f.auth
            .sign_in("clerk@example.org", "clerk-pass-1", &there)
            .await,
        Err(AuthError::LockedOut { .. })
    ));
    f.advance(Duration::seconds(10));
    // Not an ADMIN's to lift.
    let e = f
        .auth
        .lift_lockout(&admin, id, &client())
        .await
        .unwrap_err();
    assert_eq!(e.status_and_code(), (403, "not_admin"));
    assert!(matches!(
        f.auth
            .sign_in("clerk@example.org", "clerk-pass-1", &there)
            .await,
        Err(AuthError::LockedOut { .. })
    ));
    assert!(matches!(
        f.auth
            .lift_lockout(&root, uuid::Uuid::new_v4(), &client())
            .await,
        Err(AuthError::UserNotFound)
    ));
    assert!(f.auth.lift_lockout(&root, id, &client()).await.unwrap());
    // The count starts again: one more failure does not lock at once.
    f.auth
        .sign_in("clerk@example.org", "guess", &there)
        .await
        .unwrap_err();
    f.auth
        .sign_in("clerk@example.org", "clerk-pass-1", &there)
        .await
        .unwrap();
    let logged: Value = f
        .db
        .client()
        .await
        .query_one(
            "SELECT details FROM public.admin_activity_logs WHERE action = 'admin_lockout_lifted' \
             AND (details ->> 'was_locked')::boolean",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(logged["email"], "clerk@example.org");
    assert_eq!(logged["user_id"], id.to_string());
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

/// Ranks inherit defaults (issue 13): MINISTRY_LEADER and DEPARTMENT_HEAD (rank 3) hold at least
/// ELDER's (rank 2) default permissions, in SQL and so in what a sign-in carries.
#[tokio::test]
async fn rank_three_roles_hold_at_least_the_elders_defaults() {
    let f = Fixture::new().await;
    let client = f.db.client().await;
    let defaults = |role: &'static str| {
        let client = &client;
        async move {
            let permissions: Vec<String> = client
                .query_one("SELECT auth.effective_permissions($1, NULL)", &[&role])
                .await
                .unwrap()
                .get(0);
            permissions
        }
    };
    let elder = defaults("ELDER").await;
    assert!(!elder.is_empty());
    for role in ["MINISTRY_LEADER", "DEPARTMENT_HEAD"] {
        let theirs = defaults(role).await;
        for p in &elder {
            assert!(theirs.contains(p), "{role} lacks {p}");
        }
    }
    f.user("leader@example.org", "MINISTRY_LEADER", "youth-ministry-1")
        .await;
    let s = sign_in(&f, "leader@example.org", "youth-ministry-1").await;
    assert_eq!(
        claims(&s.access_token)["app_metadata"]["permissions"],
        json!(elder)
    );
}

/// Behind the policies (policies/users.sql lets only a Super Admin reach another profile), the
/// profile guard refuses the same on its own: here a policy that opens every row for the test
/// does not let an ADMIN holding manage_admins change someone else.
#[tokio::test]
async fn the_profile_guard_refuses_other_profiles_below_super_admin() {
    let f = Fixture::new().await;
    let admin = f.user("admin@example.org", "ADMIN", "church-admin-1").await;
    let elder = f.user("elder@example.org", "ELDER", "pray-always").await;
    let root = f
        .user("super@example.org", "SUPER_ADMIN", "super-secret-1")
        .await;
    let mut client = f.db.client().await;
    client
        .execute(
            "UPDATE public.users SET permissions = ARRAY['manage_admins', 'manage_members'] \
             WHERE id = $1",
            &[&admin],
        )
        .await
        .unwrap();
    let as_caller = |id: uuid::Uuid| {
        format!(
            "CREATE POLICY users_test_open ON public.users TO authenticated \
               USING (true) WITH CHECK (true); \
             SELECT set_config('role', 'authenticated', true), \
             set_config('request.jwt.claims', '{{\"sub\":\"{id}\",\"role\":\"authenticated\"}}', true)"
        )
    };
    for (caller, target, change, refusal) in [
        (
            admin,
            elder,
            "full_name = 'Renamed'",
            Some("Only a Super Admin manages staff accounts"),
        ),
        (
            admin,
            elder,
            "is_active = false",
            Some("Only a Super Admin manages staff accounts"),
        ),
        (
            admin,
            admin,
            "is_active = false",
            Some("You cannot change your own role, permissions or active state"),
        ),
        (admin, admin, "full_name = 'Me'", None),
        (root, elder, "is_active = false", None),
    ] {
        let tx = client.transaction().await.unwrap();
        tx.batch_execute(&as_caller(caller)).await.unwrap();
        let result = tx
            .execute(
                &format!("UPDATE public.users SET {change} WHERE id = $1"),
                &[&target],
            )
            .await;
        match refusal {
            Some(message) => {
                let e = result.unwrap_err();
                let db = e.as_db_error().expect("a database error");
                assert_eq!(db.code().code(), "42501", "{change}");
                assert_eq!(db.message(), message, "{change}");
            }
            None => assert_eq!(result.unwrap(), 1, "{change}"),
        }
        tx.rollback().await.unwrap();
    }
}
