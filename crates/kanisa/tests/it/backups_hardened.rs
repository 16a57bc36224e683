//! Backups that cannot be turned against the server (issue 42), through the real `kanisa
//! serve`: a new installation's backups are private and encrypted with a key it generates,
//! whose recovery sheet restores them on a new machine; a destination used again after another
//! is never short of the WAL shipped elsewhere meanwhile.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;

use super::backups::{restored_titles, wait_until};
use super::{Site, read, wait_exit};

/// A Super Admin's access token on the running `site` (the account made by `kanisa admin
/// create`), and the anon key.
async fn super_admin(site: &Site) -> (String, String) {
    let password = "a-long-password-for-the-sheet";
    let (status, _, err) = site
        .run(
            &[
                "admin",
                "create",
                "--email",
                "keeper@example.org",
                "--name",
                "Key Keeper",
                "--role",
                "SUPER_ADMIN",
            ],
            &[("KANISA_ADMIN_PASSWORD", password)],
        )
        .await;
    assert!(status.success(), "kanisa admin create: {err}");
    let (status, keys, err) = site.run(&["keys"], &[]).await;
    assert!(status.success(), "kanisa keys: {err}");
    let anon = keys
        .lines()
        .find_map(|l| l.strip_prefix("anon "))
        .expect("an anon key")
        .trim()
        .to_owned();
    let answer: serde_json::Value = reqwest::Client::new()
        .post(site.url("/auth/v1/token?grant_type=password"))
        .header("apikey", &anon)
        .json(&serde_json::json!({"email": "keeper@example.org", "password": password}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let token = answer["access_token"]
        .as_str()
        .expect("signed in")
        .to_owned();
    (token, anon)
}

/// Every file and folder under `root` (itself included), with its mode.
fn modes(root: &Path) -> Vec<(PathBuf, u32, bool)> {
    let mut out = Vec::new();
    let mut todo = vec![root.to_owned()];
    while let Some(dir) = todo.pop() {
        let mode = std::fs::metadata(&dir).unwrap().permissions().mode() & 0o777;
        out.push((dir.clone(), mode, true));
        for entry in std::fs::read_dir(&dir).unwrap() {
            let entry = entry.unwrap();
            let path = entry.path();
            if entry.file_type().unwrap().is_dir() {
                todo.push(path);
            } else {
                let mode = entry.metadata().unwrap().permissions().mode() & 0o777;
                out.push((path, mode, false));
            }
        }
    }
    out
}

/// Switches the WAL and waits until `destination`'s record of the WAL it holds reaches the
/// segment that was written to.
async fn shipped_to(db: &kanisa_pg::tokio_postgres::Client, destination: &str, log: &Path) {
    let segment: String = db
        .query_one("SELECT pg_walfile_name(pg_switch_wal())", &[])
        .await
        .unwrap()
        .get(0);
    wait_until(
        db,
        &format!(
            "SELECT coalesce((SELECT max(last_segment) FROM kanisa.backup_wal_runs \
                               WHERE destination = '{destination}') >= '{segment}', false)"
        ),
        Duration::from_secs(90),
        log,
    )
    .await;
}

async fn stop(server: &mut tokio::process::Child, log: &Path) {
    kill(Pid::from_raw(server.id().unwrap() as i32), Signal::SIGINT).unwrap();
    let status = wait_exit(server, Duration::from_secs(30)).await;
    assert!(status.success(), "{}", read(log));
}

#[tokio::test]
async fn a_new_installation_encrypts_its_backups_privately_and_its_recovery_sheet_restores_them() {
    let site = Site::without_demo().await;
    let default = site.root.path().join("backups");
    let default_url = format!("file://{}/", default.display());
    let env = [("KANISA_ARCHIVE_EVERY", "1"), ("KANISA_JOB_WORKERS", "2")];
    let (mut server, log) = site.serve_with("serve", &env);
    site.wait_healthy(&mut server, &log).await;
    let db = site.database().await;
    wait_until(
        &db,
        "SELECT EXISTS (SELECT 1 FROM kanisa.backups WHERE ok AND kind = 'base')",
        Duration::from_secs(90),
        &log,
    )
    .await;
    db.batch_execute(
        "INSERT INTO public.sermons (title, speaker, sermon_date)
         VALUES ('Sealed from the start', 'Pastor', '2026-11-21');",
    )
    .await
    .unwrap();
    shipped_to(&db, &default_url, &log).await;

    // Encrypted with a key Kanisa generated, not yet confirmed stored.
    let archive = db
        .query_one(
            "SELECT encrypted, key_generated, key_fingerprint FROM kanisa.backup_archive",
            &[],
        )
        .await
        .unwrap();
    assert!(archive.get::<_, bool>(0), "encrypted");
    assert!(archive.get::<_, bool>(1), "with the key Kanisa generated");
    let fingerprint: String = archive.get(2);
    assert_eq!(fingerprint.len(), 16);

    // Private: the folder and everything in it are the service's alone; every file that holds
    // content is sealed (info.json names no content).
    let found = modes(&default);
    assert!(
        found
            .iter()
            .any(|(p, _, dir)| !dir && p.to_string_lossy().contains("/wal/"))
    );
    for (path, mode, dir) in &found {
        let want = if *dir { 0o700 } else { 0o600 };
        assert_eq!(*mode, want, "{} is {mode:o}", path.display());
        if !dir && path.file_name().is_some_and(|n| n != "info.json") {
            let bytes = std::fs::read(path).unwrap();
            assert!(
                kanisa_backup::seal::is_sealed(&bytes),
                "{} is not encrypted",
                path.display()
            );
        }
    }
    let key_file = site.data_dir().join(kanisa_backup::seal::KEY_FILE);
    assert_eq!(
        std::fs::metadata(&key_file).unwrap().permissions().mode() & 0o777,
        0o600
    );

    // The recovery sheet: for a Super Admin only, never stored on the way.
    let (token, anon) = super_admin(&site).await;
    let http = reqwest::Client::new();
    let sheet_url = site.url("/functions/v1/backup-recovery-sheet");
    let refused = http
        .get(&sheet_url)
        .header("apikey", &anon)
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), 401);
    let answer = http
        .get(&sheet_url)
        .header("apikey", &anon)
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 200);
    assert_eq!(answer.headers()["cache-control"], "no-store");
    let sheet: serde_json::Value = answer.json().await.unwrap();
    let key = sheet["key"].as_str().unwrap().to_owned();
    assert_eq!(key, std::fs::read_to_string(&key_file).unwrap().trim());
    assert_eq!(sheet["fingerprint"], fingerprint.as_str());
    assert_eq!(sheet["destination"], default_url.as_str());
    assert_eq!(
        sheet["restoreCommand"],
        format!(
            "KANISA_BACKUP_KEY='{key}' kanisa restore --latest --from {default_url} --into DIR"
        )
    );
    assert!(!read(&log).contains(&key), "the key is in no log line");
    // Confirmed stored: the warning goes.
    let confirmed = http
        .post(site.url("/rest/v1/rpc/confirm_backup_key"))
        .header("apikey", &anon)
        .bearer_auth(&token)
        .json(&serde_json::json!({"fingerprint": fingerprint}))
        .send()
        .await
        .unwrap();
    assert_eq!(
        confirmed.status(),
        200,
        "{}",
        confirmed.text().await.unwrap()
    );
    let stored: i64 = db
        .query_one(
            "SELECT count(*) FROM kanisa.backup_key_confirmations WHERE fingerprint = $1",
            &[&fingerprint],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(stored, 1);
    let opened: i64 = db
        .query_one(
            "SELECT count(*) FROM public.admin_activity_logs \
             WHERE details ->> 'task' = 'backup_recovery_sheet' AND details::text NOT LIKE $1",
            &[&format!("%{key}%")],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(opened, 1, "the opening is logged, without the key");
    drop(db);
    stop(&mut server, &log).await;

    // A new machine: no data dir, no key. The restore says what to do.
    let new_machine = site.root.path().join("new-machine");
    let on_new = new_machine.to_str().unwrap();
    let into = site.root.path().join("restored-without-key");
    let (status, out, err) = site
        .run(
            &[
                "restore",
                "--latest",
                "--from",
                &default_url,
                "--into",
                into.to_str().unwrap(),
            ],
            &[("KANISA_DATA_DIR", on_new)],
        )
        .await;
    assert!(!status.success(), "{out}");
    assert!(
        err.contains("is encrypted: set KANISA_BACKUP_KEY to the backup key of the recovery sheet"),
        "{err}"
    );
    // With the key the sheet showed, everything comes back.
    let into = site.root.path().join("restored");
    let (status, out, err) = site
        .run(
            &[
                "restore",
                "--latest",
                "--from",
                &default_url,
                "--into",
                into.to_str().unwrap(),
            ],
            &[("KANISA_DATA_DIR", on_new), ("KANISA_BACKUP_KEY", &key)],
        )
        .await;
    assert!(status.success(), "{out}{err}");
    assert_eq!(
        restored_titles(&site, &into, "title=eq.Sealed from the start").await,
        ["Sealed from the start"]
    );
}

#[tokio::test]
async fn a_destination_used_again_gets_the_wal_shipped_elsewhere_and_restores_inside_the_gap() {
    let site = Site::without_demo().await;
    let a = format!("file://{}/", site.root.path().join("backups").display());
    let b_dir = site.root.path().join("disk-b");
    let b = format!("file://{}", b_dir.display());
    let roots = site.root.path().display().to_string();
    let env = [
        ("KANISA_ARCHIVE_EVERY", "1"),
        ("KANISA_JOB_WORKERS", "2"),
        ("KANISA_BACKUP_ROOTS", roots.as_str()),
    ];
    let (mut server, log) = site.serve_with("serve", &env);
    site.wait_healthy(&mut server, &log).await;
    let db = site.database().await;
    wait_until(
        &db,
        &format!("SELECT EXISTS (SELECT 1 FROM kanisa.backups WHERE ok AND kind = 'base' AND destination = '{a}')"),
        Duration::from_secs(90),
        &log,
    )
    .await;
    let insert = |title: &'static str| {
        let db = &db;
        async move {
            db.execute(
                "INSERT INTO public.sermons (title, speaker, sermon_date) VALUES ($1, 'Pastor', '2026-11-21')",
                &[&title],
            )
            .await
            .unwrap();
        }
    };
    let set_destination = |value: String| {
        let db = &db;
        async move {
            db.execute(
                "UPDATE public.system_settings SET value = to_jsonb($1::text) WHERE key = 'backup_destination'",
                &[&value],
            )
            .await
            .unwrap();
        }
    };
    insert("On A").await;
    shipped_to(&db, &a, &log).await;

    // A → B: B gets its own base backup and the WAL from then on.
    set_destination(b.clone()).await;
    wait_until(
        &db,
        &format!(
            "SELECT EXISTS (SELECT 1 FROM kanisa.backup_archive WHERE destination = '{b}') \
                AND EXISTS (SELECT 1 FROM kanisa.backups WHERE ok AND kind = 'base' AND destination = '{b}')"
        ),
        Duration::from_secs(90),
        &log,
    )
    .await;
    insert("While on B").await;
    let inside_the_gap: chrono::DateTime<chrono::Utc> = db
        .query_one("SELECT clock_timestamp()", &[])
        .await
        .unwrap()
        .get(0);
    tokio::time::sleep(Duration::from_millis(1500)).await;
    insert("Later on B").await;
    shipped_to(&db, &b, &log).await;

    // B → A: A gets the segments it missed from B, so its old base backup still reaches every
    // moment, and no new base backup is needed there.
    set_destination(String::new()).await;
    wait_until(
        &db,
        &format!("SELECT EXISTS (SELECT 1 FROM kanisa.backup_archive WHERE destination = '{a}')"),
        Duration::from_secs(60),
        &log,
    )
    .await;
    insert("Back on A").await;
    shipped_to(&db, &a, &log).await;
    let runs = db
        .query(
            "SELECT first_segment, last_segment, filled FROM kanisa.backup_wal_runs \
             WHERE destination = $1 ORDER BY first_segment",
            &[&a],
        )
        .await
        .unwrap();
    let shown: Vec<(String, String, i32)> = runs
        .iter()
        .map(|r| (r.get(0), r.get(1), r.get(2)))
        .collect();
    assert_eq!(
        runs.len(),
        1,
        "one unbroken run of WAL at A: {shown:?}\n{}",
        read(&log)
    );
    assert!(
        runs[0].get::<_, i32>(2) > 0,
        "the segments shipped to B were copied to A"
    );
    let bases_at_a: i64 = db
        .query_one(
            "SELECT count(*) FROM kanisa.backups WHERE ok AND kind = 'base' AND destination = $1",
            &[&a],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(
        bases_at_a, 1,
        "A's first base backup still reaches the present"
    );
    drop(db);
    stop(&mut server, &log).await;

    // A restores to a moment while B was in use.
    let into = site.root.path().join("restored");
    let at = inside_the_gap.to_rfc3339();
    let (status, out, err) = site
        .run(
            &[
                "restore",
                "--at",
                &at,
                "--from",
                &a,
                "--into",
                into.to_str().unwrap(),
            ],
            &[],
        )
        .await;
    assert!(status.success(), "{out}{err}");
    assert_eq!(
        restored_titles(&site, &into, "order=title").await,
        ["On A", "While on B"]
    );
}

#[tokio::test]
async fn a_gap_that_cannot_be_closed_takes_a_base_backup_at_once_and_the_windows_say_so() {
    let site = Site::without_demo().await;
    let a = format!("file://{}/", site.root.path().join("backups").display());
    let b_dir = site.root.path().join("disk-b");
    let b = format!("file://{}", b_dir.display());
    let roots = site.root.path().display().to_string();
    let env = [
        ("KANISA_ARCHIVE_EVERY", "1"),
        ("KANISA_JOB_WORKERS", "2"),
        ("KANISA_BACKUP_ROOTS", roots.as_str()),
    ];
    let (mut server, log) = site.serve_with("serve", &env);
    site.wait_healthy(&mut server, &log).await;
    let db = site.database().await;
    let bases_at = |destination: String| {
        format!(
            "SELECT count(*) FROM kanisa.backups WHERE ok AND kind = 'base' AND destination = '{destination}'"
        )
    };
    wait_until(
        &db,
        &format!("SELECT ({}) = 1", bases_at(a.clone())),
        Duration::from_secs(90),
        &log,
    )
    .await;
    shipped_to(&db, &a, &log).await;
    db.execute(
        "UPDATE public.system_settings SET value = to_jsonb($1::text) WHERE key = 'backup_destination'",
        &[&b],
    )
    .await
    .unwrap();
    wait_until(
        &db,
        &format!("SELECT ({}) = 1", bases_at(b.clone())),
        Duration::from_secs(90),
        &log,
    )
    .await;
    shipped_to(&db, &b, &log).await;
    // B's disk is lost, and the destination goes back to A: what A missed is nowhere.
    std::fs::remove_dir_all(&b_dir).unwrap();
    db.execute(
        "UPDATE public.system_settings SET value = '\"\"' WHERE key = 'backup_destination'",
        &[],
    )
    .await
    .unwrap();
    shipped_to(&db, &a, &log).await;
    // A new run at A, and at once (the gap queues a check, whatever the daily schedule says) a
    // second base backup there, in the new run; logged.
    wait_until(
        &db,
        &format!("SELECT ({}) = 2", bases_at(a.clone())),
        Duration::from_secs(90),
        &log,
    )
    .await;
    let runs: i64 = db
        .query_one(
            "SELECT count(*) FROM kanisa.backup_wal_runs WHERE destination = $1",
            &[&a],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(runs, 2, "the WAL at A was cut in two");
    let logged: i64 = db
        .query_one(
            "SELECT count(*) FROM public.admin_activity_logs WHERE details ->> 'task' = 'backup_wal_gap' \
             AND details ->> 'destination' = $1",
            &[&a],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(logged, 1);
    // Settings' windows: A's current one starts at the new base backup; its earlier one ends
    // before the gap.
    let windows: serde_json::Value = db
        .query_one("SELECT kanisa.backup_windows()", &[])
        .await
        .unwrap()
        .get(0);
    let at_a: Vec<&serde_json::Value> = windows
        .as_array()
        .unwrap()
        .iter()
        .filter(|w| w["destination"] == a.as_str())
        .collect();
    assert_eq!(at_a.len(), 2, "{windows}");
    let current = at_a
        .iter()
        .find(|w| w["current"] == true)
        .expect("a current window");
    let earlier = at_a
        .iter()
        .find(|w| w["current"] == false)
        .expect("an earlier window");
    assert!(
        current["from"].is_string(),
        "the new base backup opens the current window: {windows}"
    );
    assert!(
        earlier["to"].as_str() < current["from"].as_str(),
        "{windows}"
    );
    drop(db);
    stop(&mut server, &log).await;
}

#[tokio::test]
async fn a_base_backup_the_disk_cannot_hold_is_refused_with_an_alarm() {
    let site = Site::without_demo().await;
    let default = site.root.path().join("backups");
    let env = [
        ("KANISA_ARCHIVE_EVERY", "1"),
        ("KANISA_JOB_WORKERS", "2"),
        ("KANISA_BACKUP_CHECK", "1"),
        ("KANISA_BACKUP_EVERY", "1"),
    ];
    let (mut server, log) = site.serve_with("serve", &env);
    site.wait_healthy(&mut server, &log).await;
    let db = site.database().await;
    wait_until(
        &db,
        "SELECT EXISTS (SELECT 1 FROM kanisa.backups WHERE ok AND kind = 'base')",
        Duration::from_secs(90),
        &log,
    )
    .await;
    // The last full backup was a petabyte: no disk here holds the next one.
    db.batch_execute(
        "UPDATE kanisa.backups SET size_bytes = 1000000000000000 WHERE ok AND kind = 'base'",
    )
    .await
    .unwrap();
    wait_until(
        &db,
        "SELECT EXISTS (SELECT 1 FROM kanisa.backups WHERE NOT ok AND kind = 'base' \
                        AND error LIKE 'not enough free space at file://%: % MB free, and the last full backup was 1000000000.0 MB%')",
        Duration::from_secs(60),
        &log,
    )
    .await;
    // The alarm: the check's run failed with the reason (the Dashboard's scheduled tasks), and
    // it is in the activity log.
    wait_until(
        &db,
        "SELECT EXISTS (SELECT 1 FROM kanisa.jobs WHERE kind = 'scheduled_backup' AND state = 'failed' \
                        AND last_error LIKE 'not enough free space at %')",
        Duration::from_secs(60),
        &log,
    )
    .await;
    let logged: i64 = db
        .query_one(
            "SELECT count(*) FROM public.admin_activity_logs WHERE action = 'system_maintenance' \
             AND details ->> 'error' LIKE 'not enough free space%'",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert!(logged >= 1);
    let stored: i64 = db
        .query_one(
            "SELECT count(*) FROM kanisa.backups WHERE ok AND kind = 'base'",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(stored, 1, "nothing more was written");
    assert_eq!(std::fs::read_dir(default.join("base")).unwrap().count(), 1);
    drop(db);
    stop(&mut server, &log).await;
}
