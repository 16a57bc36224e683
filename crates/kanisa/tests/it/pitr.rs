//! Backups off the machine (issue 34) in the real binary: `kanisa serve` archives the WAL, a
//! base backup and the stored files to the destination; `kanisa restore --at` builds a new data
//! dir holding exactly the rows and files of that moment (a folder destination, the same
//! encrypted, and an S3 bucket when `scripts/with-s3.sh` provides one); `restore --latest`
//! brings back what was acknowledged up to a minute before the server and its data dir were
//! lost.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use chrono::Utc;
use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;

use super::{Site, eventually, read, wait_exit};

/// A destination for one test: a folder under the site, or a fresh prefix in the test bucket.
enum Dest {
    Folder(PathBuf),
    S3 { url: String, endpoint: String },
}

impl Dest {
    fn env(&self) -> Vec<(&'static str, String)> {
        match self {
            Dest::Folder(dir) => vec![("KANISA_BACKUP_URL", format!("file://{}", dir.display()))],
            Dest::S3 { url, endpoint } => vec![
                ("KANISA_BACKUP_URL", url.clone()),
                ("AWS_ENDPOINT_URL", endpoint.clone()),
                ("AWS_REGION", "us-east-1".into()),
                ("AWS_ACCESS_KEY_ID", "test".into()),
                ("AWS_SECRET_ACCESS_KEY", "test".into()),
            ],
        }
    }
}

fn as_refs<'a>(env: &'a [(&'static str, String)]) -> Vec<(&'static str, &'a str)> {
    env.iter().map(|(k, v)| (*k, v.as_str())).collect()
}

pub(super) async fn service_key(site: &Site) -> String {
    let (status, out, err) = site.run(&["keys"], &[]).await;
    assert!(status.success(), "{err}");
    out.lines()
        .find_map(|l| l.strip_prefix("service_role"))
        .unwrap()
        .trim()
        .to_owned()
}

/// Uploads `bytes` as an anonymous request attachment and sends the request that names it
/// (only uploads a stored request claims are copied to the backup destination, issue 42); its
/// object name.
pub(super) async fn upload(site: &Site, name: &str, bytes: &[u8]) -> String {
    let path = format!("submissions/{name}");
    let http = reqwest::Client::new();
    let res = http
        .post(site.url(&format!("/storage/v1/object/church-files/{path}")))
        .header("content-type", "application/pdf")
        .body(bytes.to_vec())
        .send()
        .await
        .unwrap();
    let text = answered(site, res, 200).await;
    let answer: serde_json::Value = serde_json::from_str(&text).unwrap();
    // The server may choose the stored name: the answer's Key is `church-files/<name>`.
    let key = answer["Key"].as_str().unwrap_or_default();
    let stored = key
        .strip_prefix("church-files/")
        .unwrap_or(&path)
        .to_owned();
    let res = http
        .post(site.url("/functions/v1/submit-request"))
        .json(&serde_json::json!({
            "category": "general", "anonymous": false, "name": "Grace Wanjiru",
            "email": "grace@example.org", "subject": format!("Attached: {name}"),
            "message": "Please see the file.",
            "attachments": [{"path": stored, "name": name}],
        }))
        .send()
        .await
        .unwrap();
    answered(site, res, 201).await;
    stored
}

pub(super) async fn delete_file(site: &Site, key: &str, path: &str) {
    let res = reqwest::Client::new()
        .delete(site.url(&format!("/storage/v1/object/church-files/{path}")))
        .header("apikey", key)
        .bearer_auth(key)
        .send()
        .await
        .unwrap();
    answered(site, res, 200).await;
}

/// The text of `res`, once its status is `status`; else the test fails with the text and the
/// last lines of the server's log (which name the cause of a 500 or 503).
async fn answered(site: &Site, res: reqwest::Response, status: u16) -> String {
    let got = res.status();
    let text = res.text().await.unwrap();
    assert_eq!(got, status, "{text}\n{}", site.logs());
    text
}

pub(super) fn pdf(tag: &str) -> Vec<u8> {
    let mut bytes = format!("%PDF-1.4\n% {tag}\n").into_bytes();
    bytes.resize(20_000, b'x');
    bytes
}

/// Waits until the site has a finished base backup (the scheduled check takes one at start).
async fn wait_base_backup(db: &kanisa_pg::tokio_postgres::Client, log: &Path) {
    let started = Instant::now();
    loop {
        let done: i64 = db
            .query_one(
                "SELECT count(*) FROM kanisa.backups WHERE kind = 'base' AND ok",
                &[],
            )
            .await
            .unwrap()
            .get(0);
        if done > 0 {
            return;
        }
        assert!(
            started.elapsed() < kanisa_test_db::patient(Duration::from_secs(90)),
            "no base backup after 90 s\n{}",
            read(log)
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// Finishes the current WAL segment and waits until the shipper has stored it.
async fn archive_now(db: &kanisa_pg::tokio_postgres::Client, log: &Path) {
    let segment: String = db
        .query_one("SELECT pg_walfile_name(pg_switch_wal())", &[])
        .await
        .unwrap()
        .get(0);
    let started = Instant::now();
    loop {
        let shipped: Option<String> = db
            .query_one(
                "SELECT (SELECT last_segment FROM kanisa.backup_archive)",
                &[],
            )
            .await
            .unwrap()
            .get(0);
        if shipped.is_some_and(|s| s >= segment) {
            return;
        }
        assert!(
            started.elapsed() < kanisa_test_db::patient(Duration::from_secs(60)),
            "segment {segment} not shipped after 60 s\n{}",
            read(log)
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// Waits until every stored file has its copy at the backup destination. The archive's pass
/// copies new files every second or so; a restore to a moment brings back the files copied by
/// then, so a file uploaded and deleted between two passes is not in the backups — as a write
/// in the last seconds before a lost machine is not (on a busy machine a pass can take longer
/// than the two seconds this test leaves before deleting one).
async fn files_copied(db: &kanisa_pg::tokio_postgres::Client, log: &Path) {
    let started = Instant::now();
    loop {
        let missing: i64 = db
            .query_one(
                "SELECT count(*) FROM storage.objects o WHERE NOT EXISTS \
                   (SELECT 1 FROM kanisa.backup_file_copies c WHERE c.version = o.version)",
                &[],
            )
            .await
            .unwrap()
            .get(0);
        if missing == 0 {
            return;
        }
        assert!(
            started.elapsed() < kanisa_test_db::patient(Duration::from_secs(60)),
            "{missing} stored file(s) not copied to the destination after 60 s\n{}",
            read(log)
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The sermon titles this test wrote, in order.
async fn pitr_titles(db: &kanisa_pg::tokio_postgres::Client) -> Vec<String> {
    db.query(
        "SELECT title FROM public.sermons WHERE title LIKE 'PITR %' ORDER BY title",
        &[],
    )
    .await
    .unwrap()
    .iter()
    .map(|r| r.get(0))
    .collect()
}

/// The restored data dir's sermon titles of this test and its stored objects (name, bytes).
async fn restored_state(site: &Site, dir: &Path) -> (Vec<String>, Vec<(String, Vec<u8>)>) {
    let cluster = super::open_cluster(dir, kanisa_pg::Access::Exclusive).await;
    let db = kanisa_pg::connect_once(&cluster.kanisa_config())
        .await
        .unwrap();
    let titles = pitr_titles(&db).await;
    let mut files = Vec::new();
    for row in db
        .query(
            "SELECT name, bucket_id, version FROM storage.objects ORDER BY name",
            &[],
        )
        .await
        .unwrap()
    {
        let (name, bucket, version): (String, String, uuid::Uuid) =
            (row.get(0), row.get(1), row.get(2));
        let bytes = std::fs::read(dir.join("storage").join(&bucket).join(version.to_string()))
            .unwrap_or_else(|e| panic!("{name}'s bytes are not in the restored storage: {e}"));
        files.push((name, bytes));
    }
    drop(db);
    cluster.stop().await.unwrap();
    let _ = site;
    (titles, files)
}

/// Writes rows and files, notes the moment, writes, deletes, restores to the moment.
async fn restore_to_a_moment(dest: Dest, key: Option<&str>) {
    let site = Site::without_demo().await;
    let mut env = dest.env();
    env.extend([
        ("KANISA_ARCHIVE_EVERY", "1".to_owned()),
        ("KANISA_BACKUP_CHECK", "1".to_owned()),
        ("KANISA_BACKUP_EVERY", "86400".to_owned()),
    ]);
    if let Some(key) = key {
        env.push(("KANISA_BACKUP_KEY", key.to_owned()));
    }
    let (mut server, log) = site.serve_with("serve", &as_refs(&env));
    site.wait_healthy(&mut server, &log).await;
    let db = site.database().await;
    wait_base_backup(&db, &log).await;
    let service = service_key(&site).await;

    // Before the moment: two sermons and two files.
    db.batch_execute(
        "INSERT INTO public.sermons (title, speaker, sermon_date) VALUES
           ('PITR before one', 'Pastor', '2026-11-21'), ('PITR before two', 'Pastor', '2026-11-21')",
    )
    .await
    .unwrap();
    let kept = upload(&site, "kept.pdf", &pdf("kept")).await;
    let removed = upload(&site, "removed-later.pdf", &pdf("removed later")).await;
    files_copied(&db, &log).await;
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let moment = Utc::now();
    tokio::time::sleep(Duration::from_millis(1100)).await;

    // After it: a sermon added, one deleted, a file added, one deleted.
    db.batch_execute(
        "INSERT INTO public.sermons (title, speaker, sermon_date) VALUES ('PITR after', 'Pastor', '2026-11-28');
         DELETE FROM public.sermons WHERE title = 'PITR before two';",
    )
    .await
    .unwrap();
    upload(&site, "added-later.pdf", &pdf("added later")).await;
    delete_file(&site, &service, &removed).await;
    archive_now(&db, &log).await;

    if let Dest::Folder(dir) = &dest {
        let sealed = |name: &Path| std::fs::read(name).unwrap().starts_with(b"KNSENC01");
        let base = std::fs::read_dir(dir.join("base"))
            .unwrap()
            .next()
            .unwrap()
            .unwrap()
            .path();
        let wal = std::fs::read_dir(dir.join("wal"))
            .unwrap()
            .next()
            .unwrap()
            .unwrap()
            .path();
        // Encrypted either way: with the key given, or the one Kanisa generated (issue 42).
        assert!(sealed(&base.join("base.tar.gz")));
        assert!(sealed(&wal));
        assert!(base.join("info.json").is_file());
    }

    // Restore to the moment, into a new folder; the live data dir is refused.
    let restore_env = |with_key: bool| {
        let mut e = dest.env();
        if with_key && let Some(key) = key {
            e.push(("KANISA_BACKUP_KEY", key.to_owned()));
        }
        e
    };
    let into = site.root.path().join("restored");
    let at = moment.to_rfc3339();
    let live = site.data_dir();
    let (status, _, err) = site
        .run(
            &["restore", "--at", &at, "--into", live.to_str().unwrap()],
            &as_refs(&restore_env(true)),
        )
        .await;
    assert!(!status.success());
    assert!(err.contains("is the live data dir"), "{err}");
    if key.is_some() {
        let (status, _, err) = site
            .run(
                &["restore", "--at", &at, "--into", into.to_str().unwrap()],
                &as_refs(&restore_env(false)),
            )
            .await;
        assert!(!status.success());
        assert!(err.contains("set KANISA_BACKUP_KEY"), "{err}");
        assert!(!into.exists(), "a failed restore leaves no folder behind");
    }
    let (status, out, err) = site
        .run(
            &["restore", "--at", &at, "--into", into.to_str().unwrap()],
            &as_refs(&restore_env(true)),
        )
        .await;
    assert!(
        status.success(),
        "{out}\n{err}\n{}",
        read(&into.join("postgres.log"))
    );
    assert!(out.contains("Serve it with: KANISA_DATA_DIR="), "{out}");

    // The live server is untouched and still serving.
    assert!(server.try_wait().unwrap().is_none());
    let titles = pitr_titles(&db).await;
    assert_eq!(titles, ["PITR after", "PITR before one"]);
    drop(db);
    let _ = kill(Pid::from_raw(server.id().unwrap() as i32), Signal::SIGTERM);
    wait_exit(&mut server, Duration::from_secs(30)).await;

    // Exactly the moment: both sermons of before, not the one of after; both files of
    // before with their bytes, not the one added after.
    let (titles, files) = restored_state(&site, &into).await;
    assert_eq!(titles, ["PITR before one", "PITR before two"]);
    let mut expected = vec![(kept, pdf("kept")), (removed, pdf("removed later"))];
    expected.sort();
    assert_eq!(files, expected, "the files of the moment");
}

#[tokio::test]
async fn a_restore_to_a_moment_brings_back_its_rows_and_files_from_a_folder() {
    let dir = tempfile::tempdir().unwrap();
    restore_to_a_moment(Dest::Folder(dir.path().join("backups")), None).await;
}

#[tokio::test]
async fn a_restore_to_a_moment_from_an_encrypted_folder_needs_the_key() {
    let dir = tempfile::tempdir().unwrap();
    restore_to_a_moment(
        Dest::Folder(dir.path().join("backups")),
        Some("a long random test key 0123456789abcdef"),
    )
    .await;
}

#[tokio::test]
async fn a_restore_to_a_moment_from_s3() {
    let Ok(endpoint) = std::env::var("KANISA_TEST_S3_ENDPOINT") else {
        eprintln!(
            "KANISA_TEST_S3_ENDPOINT is not set: the S3 destination is not exercised (make test sets it)"
        );
        return;
    };
    let bucket = std::env::var("KANISA_TEST_S3_BUCKET").unwrap_or_else(|_| "kanisa-test".into());
    let url = format!("s3://{bucket}/pitr-{}", uuid::Uuid::new_v4().simple());
    restore_to_a_moment(
        Dest::S3 { url, endpoint },
        Some("another test key 0123456789abcdef"),
    )
    .await;
}

#[tokio::test]
async fn after_the_server_and_its_data_dir_are_lost_restore_latest_brings_back_what_was_acknowledged()
 {
    let site = Site::without_demo().await;
    let dest = site.root.path().join("another-disk");
    // A segment is finished every 3 s while anything is written (60 s by default) and shipped
    // within a second: a loss of at most about 4 s here, of a minute by default.
    let (timeout, ship) = (3, 1);
    let env = [
        ("KANISA_BACKUP_URL", format!("file://{}", dest.display())),
        ("KANISA_ARCHIVE_TIMEOUT", timeout.to_string()),
        ("KANISA_ARCHIVE_EVERY", ship.to_string()),
        ("KANISA_BACKUP_CHECK", "1".to_owned()),
        ("KANISA_BACKUP_EVERY", "86400".to_owned()),
    ];
    let (mut server, log) = site.serve_with("serve", &as_refs(&env));
    site.wait_healthy(&mut server, &log).await;
    let db = site.database().await;
    wait_base_backup(&db, &log).await;

    // Acknowledged writes, one every 100 ms for at least 12 s: each commit returned before it is
    // noted. Writing goes on until more than 40 of them are older than the window a loss may
    // reach, however slowly a busy machine writes.
    let window = Duration::from_secs(timeout + ship + 2);
    let mut acknowledged: Vec<(String, Instant)> = Vec::new();
    let writing = Instant::now();
    for i in 0.. {
        let settled = acknowledged
            .iter()
            .filter(|(_, at)| at.elapsed() > window)
            .count();
        if writing.elapsed() > Duration::from_secs(12) && settled > 40 {
            break;
        }
        let title = format!("PITR write {i:04}");
        db.execute(
            "INSERT INTO public.sermons (title, speaker, sermon_date) VALUES ($1, 'Pastor', '2026-11-21')",
            &[&title],
        )
        .await
        .unwrap();
        acknowledged.push((title, Instant::now()));
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // The machine is lost: Kanisa and PostgreSQL killed, the data dir gone.
    let killed = Instant::now();
    let _ = kill(Pid::from_raw(server.id().unwrap() as i32), Signal::SIGKILL);
    for pid in site.postgres_processes() {
        let _ = kill(Pid::from_raw(pid as i32), Signal::SIGKILL);
    }
    wait_exit(&mut server, Duration::from_secs(10)).await;
    drop(db);
    let started = Instant::now();
    while !site.postgres_processes().is_empty() {
        assert!(
            started.elapsed() < kanisa_test_db::patient(Duration::from_secs(10)),
            "postgres still running"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // The backup key Kanisa generated goes with the data dir: the Super Admin kept its recovery
    // sheet (issue 42).
    let key = std::fs::read_to_string(site.data_dir().join(kanisa_backup::seal::KEY_FILE)).unwrap();
    // An archive_command the killed PostgreSQL started (a shell copying a segment into the
    // spool) can outlive it by a moment and write there while the folder goes: removed again
    // until nothing is left.
    eventually(Duration::from_secs(10), "the data dir removed", || async {
        match std::fs::remove_dir_all(site.data_dir()) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::DirectoryNotEmpty => Err(e.to_string()),
            Err(e) => panic!("cannot remove the data dir: {e}"),
        }
    })
    .await;

    let into = site.root.path().join("new-machine");
    let restore_env = [env[0].clone(), ("KANISA_BACKUP_KEY", key.trim().to_owned())];
    let (status, out, err) = site
        .run(
            &["restore", "--latest", "--into", into.to_str().unwrap()],
            &as_refs(&restore_env),
        )
        .await;
    assert!(
        status.success(),
        "{out}\n{err}\n{}",
        read(&into.join("postgres.log"))
    );
    let (titles, _) = restored_state(&site, &into).await;

    // Nothing that was not written; everything acknowledged before the window is back.
    let written: Vec<&String> = acknowledged.iter().map(|(t, _)| t).collect();
    assert!(titles.iter().all(|t| written.contains(&t)), "{titles:?}");
    let must: Vec<&String> = acknowledged
        .iter()
        .filter(|(_, at)| killed.duration_since(*at) > window)
        .map(|(t, _)| t)
        .collect();
    assert!(must.len() > 40, "{} writes before the window", must.len());
    let missing: Vec<&&String> = must.iter().filter(|t| !titles.contains(t)).collect();
    assert!(
        missing.is_empty(),
        "lost though acknowledged {window:?} before the kill: {missing:?}"
    );
    // The restore holds a prefix of the writes: the newest it has is the loss.
    let newest = acknowledged
        .iter()
        .rfind(|(t, _)| titles.contains(t))
        .unwrap();
    eprintln!(
        "restore --latest: {} of {} acknowledged writes back; the newest was acknowledged {} ms before the kill",
        titles.len(),
        acknowledged.len(),
        killed.duration_since(newest.1).as_millis()
    );
}

#[tokio::test]
async fn the_drill_finds_equal_checksums_under_writes_and_a_corrupted_backup_fails_loudly() {
    let site = Site::new();
    let dest = site.root.path().join("elsewhere");
    let url = format!("file://{}", dest.display());
    let env = [
        ("KANISA_BACKUP_URL", url.clone()),
        ("KANISA_ARCHIVE_EVERY", "1".to_owned()),
        ("KANISA_BACKUP_CHECK", "1".to_owned()),
        ("KANISA_BACKUP_EVERY", "86400".to_owned()),
    ];
    let (mut server, log) = site.serve_with("serve", &as_refs(&env));
    site.wait_healthy(&mut server, &log).await;
    let db = site.database().await;
    wait_base_backup(&db, &log).await;
    upload(&site, "drill.pdf", &pdf("drill")).await;
    // The server's own first drill may run meanwhile: the command waits its turn.
    let drills = |ok: bool| {
        let db = &db;
        async move {
            db.query_one(
                "SELECT count(*) FROM kanisa.backup_drills WHERE ok = $1",
                &[&ok],
            )
            .await
            .unwrap()
            .get::<_, i64>(0)
        }
    };

    // Writes go on during the drill: the checksums are of one exact moment on both sides.
    let writing = tokio::spawn({
        let db = site.database().await;
        async move {
            for i in 0..200 {
                let title = format!("Drill write {i}");
                let _ = db
                    .execute(
                        "INSERT INTO public.sermons (title, speaker, sermon_date) VALUES ($1, 'Pastor', '2026-11-21')",
                        &[&title],
                    )
                    .await;
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    });
    let (status, out, err) = site
        .run(
            &["backup", "--drill"],
            &[("KANISA_BACKUP_URL", url.as_str())],
        )
        .await;
    writing.abort();
    assert!(status.success(), "{out}\n{err}");
    assert!(out.starts_with("Drill passed: base backup "), "{out}");
    assert!(
        out.contains("equal the live database's checksums; 1 stored file(s) found"),
        "{out}"
    );
    let tables: i32 = db
        .query_one(
            "SELECT (report ->> 'tables')::int FROM kanisa.backup_drills WHERE ok ORDER BY id DESC LIMIT 1",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert!(tables > 20, "{tables} tables compared");
    assert_eq!(drills(false).await, 0);

    // A damaged base backup: the drill fails, says so, and the failure is recorded and logged.
    let base = std::fs::read_dir(dest.join("base"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let tarball = base.join("base.tar.gz");
    let original = std::fs::read(&tarball).unwrap();
    let mut damaged = original.clone();
    let middle = damaged.len() / 2;
    damaged[middle..middle + 64]
        .iter_mut()
        .for_each(|b| *b ^= 0x5a);
    std::fs::write(&tarball, &damaged).unwrap();
    let (status, out, err) = site
        .run(
            &["backup", "--drill"],
            &[("KANISA_BACKUP_URL", url.as_str())],
        )
        .await;
    assert!(!status.success(), "{out}");
    // Sealed (by default), the damage is found as the file is opened.
    assert!(err.contains("the file is damaged"), "{err}");
    // The server may have run a drill of its own on the damaged backup meanwhile (its schedule
    // goes on): every failed drill is this damage's, and each is logged once.
    let failed: (Vec<String>, i64) = {
        let row = db
            .query_one(
                "SELECT (SELECT coalesce(array_agg(error ORDER BY id), '{}') FROM kanisa.backup_drills WHERE NOT ok), \
                        (SELECT count(*) FROM public.admin_activity_logs WHERE action = 'system_maintenance' \
                           AND details ->> 'task' = 'backup_drill' AND (details ->> 'ok')::boolean IS FALSE)",
                &[],
            )
            .await
            .unwrap();
        (row.get(0), row.get(1))
    };
    assert!(!failed.0.is_empty(), "the failed drill is recorded");
    for error in &failed.0 {
        assert!(error.contains("the file is damaged"), "{error}");
    }
    assert_eq!(failed.1, i64::try_from(failed.0.len()).unwrap());

    // The server's drill (the job) on the damaged backup fails its run, with the reason, which
    // the Dashboard's scheduled tasks show the Super Admin.
    db.batch_execute(
        "SELECT kanisa.enqueue('backup_drill', 'backup_drill:damaged', '{\"requested\": true}', NULL, 1)",
    )
    .await
    .unwrap();
    let started = Instant::now();
    let job_error: String = loop {
        let row = db
            .query_one(
                "SELECT state, last_error FROM kanisa.jobs WHERE unique_key = 'backup_drill:damaged'",
                &[],
            )
            .await
            .unwrap();
        if row.get::<_, String>(0) == "failed" {
            break row.get(1);
        }
        assert!(
            started.elapsed() < kanisa_test_db::patient(Duration::from_secs(120)),
            "the drill job did not fail\n{}",
            read(&log)
        );
        tokio::time::sleep(Duration::from_millis(300)).await;
    };
    assert!(
        job_error.starts_with("the backup drill failed: "),
        "{job_error}"
    );
    assert!(job_error.contains("the file is damaged"), "{job_error}");
    // The job's drill is recorded, besides those counted above (the schedule may have run one
    // more meanwhile: at least, not exactly, one more).
    assert!(drills(false).await > i64::try_from(failed.0.len()).unwrap());

    // Mended, a drill asked for from Settings (the job) passes again.
    std::fs::write(&tarball, &original).unwrap();
    let passed_before = drills(true).await;
    db.batch_execute(
        "SELECT kanisa.enqueue('backup_drill', 'backup_drill:test', '{\"requested\": true}', NULL, 1)",
    )
    .await
    .unwrap();
    let started = Instant::now();
    loop {
        if drills(true).await > passed_before {
            break;
        }
        assert!(
            started.elapsed() < kanisa_test_db::patient(Duration::from_secs(120)),
            "no second drill\n{}",
            read(&log)
        );
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    drop(db);
    let _ = kill(Pid::from_raw(server.id().unwrap() as i32), Signal::SIGTERM);
    wait_exit(&mut server, Duration::from_secs(30)).await;
}
