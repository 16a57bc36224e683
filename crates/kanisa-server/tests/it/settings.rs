//! System Settings saves through the table API (issue 18): one `settings_updated` row per save
//! naming the keys that changed — a secret by name when a new value was stored, never a value —
//! and the backup status for a Super Admin only.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::TestApp;
use crate::policies::{Answer, Caller, user};

async fn save(app: &TestApp, who: &Caller, rows: Value) -> StatusCode {
    app.call(
        who,
        Method::POST,
        "system_settings?on_conflict=key",
        "resolution=merge-duplicates",
        Some(&rows),
    )
    .await
    .status
}

/// The `settings_updated` rows of `who`, oldest first: their details.
async fn logged(app: &TestApp, who: &Caller) -> Vec<Value> {
    let sql = app.db.as_ref().unwrap().client().await;
    sql.query(
        "SELECT details FROM public.admin_activity_logs \
         WHERE action = 'settings_updated' AND admin_id = $1::text::uuid ORDER BY created_at, id",
        &[&who.id.clone().unwrap()],
    )
    .await
    .unwrap()
    .iter()
    .map(|r| r.get(0))
    .collect()
}

#[tokio::test]
async fn a_settings_save_logs_the_keys_that_changed_and_never_a_value() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    let sup = user(&sql, "SUPER_ADMIN", true, None).await;
    let by = sup.id.clone().unwrap();

    let status = save(
        &app,
        &sup,
        json!([
            { "key": "church_name", "value": "Mount Zion SDA Church", "updated_by": by },
            { "key": "session_timeout_minutes", "value": 45, "updated_by": by },
            { "key": "smtp_password", "value": "s3cret-smtp-pass", "updated_by": by },
            { "key": "min_password_length", "value": 6, "updated_by": by },
        ]),
    )
    .await;
    assert!(status.is_success(), "{status}");
    // min_password_length was 6 already: not a change.
    assert_eq!(
        logged(&app, &sup).await,
        [json!({ "keys": ["church_name", "session_timeout_minutes", "smtp_password"] })]
    );

    // The same values again, the secret's marker sent back: nothing changed, nothing logged.
    let status = save(
        &app,
        &sup,
        json!([
            { "key": "church_name", "value": "Mount Zion SDA Church", "updated_by": by },
            { "key": "smtp_password", "value": "********", "updated_by": by },
        ]),
    )
    .await;
    assert!(status.is_success(), "{status}");
    assert_eq!(logged(&app, &sup).await.len(), 1);

    // A new secret value is a change, named but not shown.
    let status = save(
        &app,
        &sup,
        json!([{ "key": "smtp_password", "value": "another-pass", "updated_by": by }]),
    )
    .await;
    assert!(status.is_success(), "{status}");
    let rows = logged(&app, &sup).await;
    assert_eq!(rows.last(), Some(&json!({ "keys": ["smtp_password"] })));
    let everything: String = sql
        .query_one(
            "SELECT string_agg(details::text || coalesce(user_agent, ''), ' ') FROM public.admin_activity_logs",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert!(!everything.contains("s3cret-smtp-pass") && !everything.contains("another-pass"));
    let shown = app
        .call(
            &sup,
            Method::GET,
            "system_settings?key=eq.smtp_password&select=value",
            "",
            None,
        )
        .await;
    assert_eq!(shown.body, json!([{ "value": "********" }]));
}

/// `get_backup_status()` as `who` sees it.
async fn backup_status(app: &TestApp, who: &Caller) -> Answer {
    app.call(
        who,
        Method::POST,
        "rpc/get_backup_status",
        "",
        Some(&json!({})),
    )
    .await
}

#[tokio::test]
async fn the_backup_status_is_a_super_admins() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    let sup = user(&sql, "SUPER_ADMIN", true, None).await;
    let admin = user(&sql, "ADMIN", true, None).await;
    let none = backup_status(&app, &sup).await;
    assert_eq!(none.status, StatusCode::OK, "{}", none.body);
    assert_eq!(
        (none.body["frequency"].clone(), none.body["last"].clone()),
        (json!("daily"), Value::Null)
    );
    sql.batch_execute(
        "INSERT INTO kanisa.backups (started_at, finished_at, ok, file, size_bytes)
           VALUES (now() - interval '2 days', now() - interval '2 days', true, 'kanisa-a.dump', 1000);
         INSERT INTO kanisa.backups (started_at, finished_at, ok, file, error)
           VALUES (now() - interval '1 hour', now() - interval '1 hour', false, 'kanisa-b.dump', 'pg_dump: disk full');",
    )
    .await
    .unwrap();
    let status = backup_status(&app, &sup).await;
    assert_eq!(
        status.body["last"]["ok"], false,
        "the failed attempt is the last one shown"
    );
    assert_eq!(status.body["last"]["error"], "pg_dump: disk full");
    assert!(status.body["last_success_at"].is_string());
    assert_eq!(status.body["keep"], 7);
    assert_eq!(status.body["keep_days"], 0);
    assert_eq!(
        status.body["dumps"],
        Value::Null,
        "no dump stored at a destination yet"
    );
    // With DATABASE_URL a dump that went to the destination says where (migration 0039).
    sql.batch_execute(
        "INSERT INTO kanisa.backups (started_at, finished_at, ok, file, size_bytes, details)
           VALUES (now() - interval '3 hours', now() - interval '3 hours', true,
                   'dumps/kanisa-c.dump', 2000,
                   '{\"destination\": \"s3://church/kanisa/\", \"on_this_machine\": false,
                     \"encrypted\": true, \"files_copied\": 4}');",
    )
    .await
    .unwrap();
    let status = backup_status(&app, &sup).await;
    let dumps = &status.body["dumps"];
    assert_eq!(
        (
            dumps["destination"].clone(),
            dumps["encrypted"].clone(),
            dumps["files_copied"].clone(),
            dumps["file"].clone()
        ),
        (
            json!("s3://church/kanisa/"),
            json!(true),
            json!(4),
            json!("dumps/kanisa-c.dump")
        ),
        "{}",
        status.body
    );
    let refused = backup_status(&app, &admin).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.body);
}

/// The periodic tasks as the Dashboard shows them to a Super Admin: each kind with its last run,
/// the last failure's error, failures in the last day and the next run; nobody else reads them.
#[tokio::test]
async fn the_scheduled_tasks_are_a_super_admins() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    let sup = user(&sql, "SUPER_ADMIN", true, None).await;
    let admin = user(&sql, "ADMIN", true, None).await;
    sql.batch_execute(
        "INSERT INTO kanisa.periodic_kinds (kind, every_secs) VALUES \
           ('reconcile_payments', 30), ('hourly_sweep', 3600); \
         SELECT kanisa.enqueue('reconcile_payments', 'reconcile_payments:1'); \
         SELECT kanisa.enqueue('reconcile_payments', 'reconcile_payments:2'); \
         SELECT kanisa.enqueue('reconcile_payments', 'reconcile_payments:3'); \
         SELECT kanisa.enqueue('hourly_sweep', 'hourly_sweep:1'); \
         UPDATE kanisa.jobs SET state = 'done', finished_at = now() - interval '2 minutes' \
          WHERE unique_key IN ('reconcile_payments:1', 'hourly_sweep:1'); \
         UPDATE kanisa.jobs SET state = 'failed', finished_at = now() - interval '1 minute', \
                attempts = 10, last_error = 'database: too many connections (SQLSTATE 53300)' \
          WHERE unique_key = 'reconcile_payments:2';",
    )
    .await
    .unwrap();
    let tasks = app
        .call(
            &sup,
            Method::POST,
            "rpc/get_scheduled_tasks",
            "",
            Some(&json!({})),
        )
        .await;
    assert_eq!(tasks.status, StatusCode::OK, "{}", tasks.body);
    let rows = tasks.body.as_array().unwrap();
    let kinds: Vec<&str> = rows.iter().map(|r| r["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["hourly_sweep", "reconcile_payments"]);
    let reconcile = &rows[1];
    assert_eq!(reconcile["every_secs"], 30);
    assert_eq!(reconcile["last_ok"], false, "{reconcile}");
    assert_eq!(
        reconcile["last_error"],
        "database: too many connections (SQLSTATE 53300)"
    );
    assert_eq!(reconcile["failures_last_day"], 1);
    assert!(reconcile["next_run_at"].is_string(), "slot 3 is queued");
    assert_eq!(rows[0]["last_ok"], true);
    assert!(rows[0]["last_error"].is_null() && rows[0]["next_run_at"].is_null());

    let refused = app
        .call(
            &admin,
            Method::POST,
            "rpc/get_scheduled_tasks",
            "",
            Some(&json!({})),
        )
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.body);
}

/// Second probe (issue 31): session_timeout_minutes -1, 0, "abc" and 1e9, min_password_length
/// -1 and max_login_attempts 0 were saved, then silently clamped where they are read, so the
/// screen showed values not in force. Every numeric setting is checked on save against its
/// field's range, with the field's message.
#[tokio::test]
async fn nonsense_security_settings_are_refused_on_save() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    let sup = user(&sql, "SUPER_ADMIN", true, None).await;
    let patch = |key: &'static str, value: Value| {
        let app = &app;
        let sup = &sup;
        async move {
            app.call(
                sup,
                Method::PATCH,
                &format!("system_settings?key=eq.{key}"),
                "",
                Some(&json!({"value": value})),
            )
            .await
        }
    };
    for (key, value) in [
        ("session_timeout_minutes", json!(-1)),
        ("session_timeout_minutes", json!(0)),
        ("session_timeout_minutes", json!("abc")),
        ("session_timeout_minutes", json!(1e9)),
        ("session_timeout_minutes", json!(true)),
        ("min_password_length", json!(-1)),
        ("max_login_attempts", json!(0)),
        ("sms_price_per_part", json!(-0.5)),
    ] {
        let answer = patch(key, value.clone()).await;
        assert_eq!(
            answer.status,
            StatusCode::BAD_REQUEST,
            "{key} {value}: {}",
            answer.body
        );
        assert_eq!(answer.body["code"], "22023", "{}", answer.body);
    }
    let answer = patch("session_timeout_minutes", json!(-1)).await;
    assert_eq!(
        answer.body["message"],
        "Session timeout must be a whole number from 5 to 10080"
    );
    assert_eq!(answer.body["details"], "setting session_timeout_minutes");
    let stored: String = sql
        .query_one(
            "SELECT value::text FROM system_settings WHERE key = 'session_timeout_minutes'",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(stored, "60", "nothing was stored");
    // In range: saved, numbers or their text.
    for (key, value) in [
        ("session_timeout_minutes", json!(90)),
        ("max_login_attempts", json!("7")),
        ("sms_price_per_part", json!(1.25)),
    ] {
        let answer = patch(key, value).await;
        assert!(answer.status.is_success(), "{key}: {}", answer.body);
    }
}

/// Each destination change takes a full backup at the new place and each drill restores the
/// whole database: both are counted per day (issue 42), over the limit a 429 saying when to try
/// again, and nothing is changed.
#[tokio::test]
async fn destination_changes_and_drills_asked_for_are_counted_per_day() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    let sup = user(&sql, "SUPER_ADMIN", true, None).await;
    sql.batch_execute(
        "UPDATE system_settings SET value = '2' WHERE key = 'backup_destination_changes_per_day';
         UPDATE system_settings SET value = '1' WHERE key = 'backup_drills_per_day';",
    )
    .await
    .unwrap();
    let set_destination = |to: &'static str| {
        let (app, sup) = (&app, &sup);
        async move {
            app.call(
                sup,
                Method::PATCH,
                "system_settings?key=eq.backup_destination",
                "",
                Some(&json!({"value": to})),
            )
            .await
        }
    };
    for to in ["file:///mnt/usb-one", "s3://church-backups/kanisa"] {
        let answer = set_destination(to).await;
        assert!(answer.status.is_success(), "{to}: {}", answer.body);
    }
    let refused = set_destination("file:///mnt/usb-two").await;
    assert_eq!(
        refused.status,
        StatusCode::TOO_MANY_REQUESTS,
        "{}",
        refused.body
    );
    assert!(
        refused.body["message"].as_str().unwrap().starts_with(
            "The backup destination has been changed as often today as System Settings allow"
        ),
        "{}",
        refused.body
    );
    assert!(
        refused.body["hint"]
            .as_str()
            .unwrap()
            .starts_with("Retry after ")
    );
    let stored: String = sql
        .query_one(
            "SELECT value #>> '{}' FROM system_settings WHERE key = 'backup_destination'",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(
        stored, "s3://church-backups/kanisa",
        "the refused change was not stored"
    );

    let drill = || {
        let (app, sup) = (&app, &sup);
        async move {
            app.call(
                sup,
                Method::POST,
                "rpc/request_backup_drill",
                "",
                Some(&json!({})),
            )
            .await
        }
    };
    let first = drill().await;
    assert_eq!(first.body, json!({"queued": true}), "{}", first.body);
    // That one ran (this server runs no jobs).
    sql.batch_execute(
        "UPDATE kanisa.jobs SET state = 'done', finished_at = now() WHERE kind = 'backup_drill'",
    )
    .await
    .unwrap();
    let second = drill().await;
    assert_eq!(
        second.status,
        StatusCode::TOO_MANY_REQUESTS,
        "{}",
        second.body
    );
    assert!(
        second.body["message"].as_str().unwrap().starts_with(
            "As many backup drills have been asked for today as System Settings allow"
        ),
        "{}",
        second.body
    );
    let queued: i64 = sql
        .query_one(
            "SELECT count(*) FROM kanisa.jobs WHERE kind = 'backup_drill'",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(queued, 1, "the refused drill was not queued");
}
