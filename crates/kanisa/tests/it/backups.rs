//! Scheduled backups inside `kanisa serve` (issue 18): with a short frequency they run on
//! their own, are recorded and logged, only the newest `backup_keep` files stay, and
//! `kanisa restore` brings one back.

use std::time::{Duration, Instant};

use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;

use super::{Site, read, wait_exit};

#[tokio::test]
async fn scheduled_backups_run_are_logged_pruned_and_restore_brings_one_back() {
    let site = Site::new();
    let env = [
        ("KANISA_BACKUP_CHECK", "1"),
        ("KANISA_BACKUP_EVERY", "1"),
        ("KANISA_JOB_WORKERS", "2"),
    ];
    let (mut server, log) = site.serve_with("serve", &env);
    site.wait_healthy(&mut server, &log).await;
    let db = site.database().await;
    db.batch_execute(
        "UPDATE public.system_settings SET value = '2' WHERE key = 'backup_keep';
         INSERT INTO public.sermons (title, speaker, sermon_date)
         VALUES ('Kept by the backup', 'Pastor', '2026-11-21');",
    )
    .await
    .unwrap();
    // Backups recorded from here on started after the marker was written.
    let marked: i64 = db
        .query_one("SELECT coalesce(max(id), 0) FROM kanisa.backups", &[])
        .await
        .unwrap()
        .get(0);

    // Three backups that worked, all after the marker was written.
    let start = Instant::now();
    let files: Vec<String> = loop {
        let rows = db
            .query(
                "SELECT file FROM kanisa.backups WHERE ok AND id > $1 ORDER BY id",
                &[&marked],
            )
            .await
            .unwrap();
        if rows.len() >= 3 {
            break rows.iter().map(|r| r.get(0)).collect();
        }
        assert!(
            start.elapsed() < Duration::from_secs(90),
            "{} scheduled backups after 90 s\n{}",
            rows.len(),
            read(&log)
        );
        tokio::time::sleep(Duration::from_millis(300)).await;
    };
    let failed: i64 = db
        .query_one("SELECT count(*) FROM kanisa.backups WHERE ok IS FALSE", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(failed, 0);
    let logged: i64 = db
        .query_one(
            "SELECT count(*) FROM public.admin_activity_logs \
             WHERE action = 'backup_created' AND admin_id IS NULL \
               AND (details ->> 'size_bytes')::bigint > 0 AND details ->> 'file' LIKE 'kanisa-%.dump'",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert!(logged >= 3, "{logged} backup_created rows");

    // Only the newest two files stay (pruning follows each backup).
    let dir = site.data_dir().join("backups");
    let start = Instant::now();
    loop {
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        if names.len() == 2 {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "backup_keep 2, yet {names:?}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }

    // The marker is removed, the server stopped; a restore of a backup brings it back.
    db.batch_execute("DELETE FROM public.sermons WHERE title = 'Kept by the backup'")
        .await
        .unwrap();
    drop(db);
    let newest = files.last().unwrap().clone();
    let backup = std::path::PathBuf::from(&newest);
    let copy = site.root.path().join("restore-me.dump");
    std::fs::copy(&backup, &copy).expect("the newest backup is still there");
    kill(Pid::from_raw(server.id().unwrap() as i32), Signal::SIGINT).unwrap();
    let status = wait_exit(&mut server, Duration::from_secs(30)).await;
    assert!(status.success(), "{}", read(&log));

    let (status, out, err) = site.run(&["restore", copy.to_str().unwrap()], &[]).await;
    assert!(status.success(), "{out}{err}");
    let (status, out, err) = site
        .run(
            &[
                "query",
                "get sermons?select=title&title=eq.Kept by the backup",
                "--as",
                "service",
                "--json",
            ],
            &[],
        )
        .await;
    assert!(status.success(), "{out}{err}");
    let body: serde_json::Value = serde_json::from_str(&out).expect("stdout is JSON");
    assert_eq!(body, serde_json::json!([{"title": "Kept by the backup"}]));
}

#[tokio::test]
async fn a_backup_that_fails_is_recorded_and_logged_for_the_super_admin() {
    let site = Site::new();
    // The backup folder cannot be made: a file stands where its parent should be.
    let blocker = site.root.path().join("not-a-folder");
    std::fs::write(&blocker, "a file").unwrap();
    let dir = blocker.join("backups");
    let env = [
        ("KANISA_BACKUP_CHECK", "1"),
        ("KANISA_BACKUP_EVERY", "1"),
        ("KANISA_BACKUP_DIR", dir.to_str().unwrap()),
    ];
    let (mut server, log) = site.serve_with("serve", &env);
    site.wait_healthy(&mut server, &log).await;
    let db = site.database().await;
    let start = Instant::now();
    let error: String = loop {
        let row = db
            .query_opt(
                "SELECT error FROM kanisa.backups WHERE ok IS FALSE ORDER BY id LIMIT 1",
                &[],
            )
            .await
            .unwrap();
        if let Some(row) = row {
            break row.get(0);
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no failed backup recorded\n{}",
            read(&log)
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    assert!(error.contains("cannot create the backup folder"), "{error}");
    let logged: i64 = db
        .query_one(
            "SELECT count(*) FROM public.admin_activity_logs WHERE action = 'system_maintenance' \
             AND details ->> 'task' = 'backup' AND (details ->> 'ok')::boolean IS FALSE \
             AND details ->> 'error' LIKE 'cannot create the backup folder%'",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert!(logged >= 1);
    let good: i64 = db
        .query_one("SELECT count(*) FROM kanisa.backups WHERE ok", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(good, 0);
    drop(db);
    kill(Pid::from_raw(server.id().unwrap() as i32), Signal::SIGINT).unwrap();
    assert!(
        wait_exit(&mut server, Duration::from_secs(30))
            .await
            .success()
    );
}
