//! The `kanisa` binary as a person runs it: a managed cluster in a fresh data dir, started,
//! stopped, crashed, backed up and restored.

mod backups;
mod backups_hardened;
mod jobs;
mod notifications;
mod payments;
mod pitr;
mod realtime;
mod resilience;
mod scale;
mod soak;
mod storage;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{ExitStatus, Stdio};
use std::time::{Duration, Instant};

use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;
use tokio::process::{Child, Command};

/// A data dir (reachable by the postgres system user) and a pair of tiny built apps.
struct Site {
    root: tempfile::TempDir,
    port: u16,
}

impl Site {
    fn new() -> Site {
        let root = tempfile::Builder::new()
            .prefix("kanisa-it-")
            .tempdir()
            .unwrap();
        // tempdir() is 0700; the postgres system user must be able to reach data/ inside it.
        std::fs::set_permissions(root.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
        for (app, title) in [("public", "Public site"), ("admin", "Back office")] {
            let dist = root.path().join("apps").join(app).join("dist");
            std::fs::create_dir_all(&dist).unwrap();
            std::fs::write(dist.join("index.html"), format!("<title>{title}</title>")).unwrap();
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        Site { root, port }
    }

    /// A site whose database holds only what the test writes: the cluster is made by `kanisa
    /// migrate`, so `serve` (which loads the demo content only into a cluster it creates) adds
    /// none. For tests that count what the server sends: the demo's events are due for
    /// reminders on some days of the year, and those would be sent too.
    async fn without_demo() -> Site {
        let site = Site::new();
        let (status, _, err) = site.run(&["migrate"], &[]).await;
        assert!(status.success(), "kanisa migrate: {err}");
        site
    }

    fn data_dir(&self) -> PathBuf {
        self.root.path().join("data")
    }

    fn kanisa(&self, args: &[&str]) -> Command {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_kanisa"));
        cmd.args(args)
            .current_dir(self.root.path())
            .env_remove("DATABASE_URL")
            .env_remove("KANISA_ADMIN_EMAIL")
            .env_remove("KANISA_ADMIN_PASSWORD")
            .env_remove("KANISA_JWT_SECRET")
            .env("KANISA_DATA_DIR", self.data_dir())
            .env("KANISA_APPS_DIR", self.root.path().join("apps"))
            .env("KANISA_ADDR", format!("127.0.0.1:{}", self.port))
            .env("RUST_LOG", "info")
            .stdin(Stdio::null())
            .kill_on_drop(true);
        cmd
    }

    /// Runs a command to completion: (status, stdout, stderr).
    async fn run(&self, args: &[&str], env: &[(&str, &str)]) -> (ExitStatus, String, String) {
        let mut cmd = self.kanisa(args);
        cmd.envs(env.iter().copied());
        let out = tokio::time::timeout(
            kanisa_test_db::patient(Duration::from_secs(120)),
            cmd.output(),
        )
        .await
        .expect("command finished within 2 minutes")
        .unwrap();
        (
            out.status,
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }

    /// Starts `kanisa serve` with its output in `<root>/<name>.log`.
    fn serve(&self, name: &str) -> (Child, PathBuf) {
        self.serve_with(name, &[])
    }

    /// [`Site::serve`] with extra environment variables.
    fn serve_with(&self, name: &str, env: &[(&str, &str)]) -> (Child, PathBuf) {
        let log = self.root.path().join(format!("{name}.log"));
        let file = std::fs::File::create(&log).unwrap();
        let child = self
            .kanisa(&["serve"])
            .envs(env.iter().copied())
            .stdout(file.try_clone().unwrap())
            .stderr(file)
            .spawn()
            .unwrap();
        (child, log)
    }

    /// A connection to the running site's database, attached to the cluster `kanisa serve`
    /// runs.
    async fn database(&self) -> kanisa_pg::tokio_postgres::Client {
        let cluster = open_cluster(&self.data_dir(), kanisa_pg::Access::Shared).await;
        kanisa_pg::connect_once(&cluster.kanisa_config())
            .await
            .unwrap()
    }

    /// Lifts the abuse limits (tests that write many messages or start many payments from one
    /// address).
    async fn lift_submission_limits(&self) {
        self.database()
            .await
            .batch_execute(
                "UPDATE system_settings SET value = '0' \
                 WHERE key IN ('submission_limit_per_address', 'submission_limit_per_email', \
                               'acknowledgements_per_address_per_day', \
                               'payment_prompts_per_address', 'payment_prompts_per_phone')",
            )
            .await
            .unwrap();
    }

    fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }

    async fn wait_healthy(&self, child: &mut Child, log: &Path) {
        let started = Instant::now();
        loop {
            if let Ok(res) = reqwest::get(self.url("/health")).await
                && res.status() == 200
            {
                let body: serde_json::Value = res.json().await.unwrap();
                assert_eq!(
                    (&body["status"], &body["database"]),
                    (&serde_json::json!("ok"), &serde_json::json!("ok")),
                    "{body}"
                );
                assert!(body["channels"]["email"]["live"].is_boolean(), "{body}");
                return;
            }
            if let Ok(Some(status)) = child.try_wait() {
                panic!("kanisa exited ({status}):\n{}", read(log));
            }
            assert!(
                started.elapsed() < kanisa_test_db::patient(Duration::from_secs(90)),
                "not healthy after 90 s:\n{}",
                read(log)
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// The pid in the cluster's postmaster.pid, if that process is alive.
    /// The managed cluster's own log (`<data>/postgres.log`): its last 200 lines.
    fn postgres_log(&self) -> String {
        let text = read(&self.data_dir().join("postgres.log"));
        let lines: Vec<&str> = text.lines().collect();
        lines[lines.len().saturating_sub(200)..].join("\n")
    }

    fn live_postmaster(&self) -> Option<i32> {
        let text = std::fs::read_to_string(self.data_dir().join("postgres/postmaster.pid")).ok()?;
        let pid: i32 = text.lines().next()?.trim().parse().ok()?;
        kill(Pid::from_raw(pid), None).ok().map(|()| pid)
    }

    /// Every live postgres process serving this site's data dir.
    fn postgres_processes(&self) -> Vec<u32> {
        let needle = self.data_dir().join("postgres");
        let needle = needle.to_string_lossy();
        std::fs::read_dir("/proc")
            .unwrap()
            .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
            .filter(|pid| {
                std::fs::read(format!("/proc/{pid}/cmdline"))
                    .map(|c| {
                        String::from_utf8_lossy(&c)
                            .replace('\0', " ")
                            .contains(&*needle)
                    })
                    .unwrap_or(false)
            })
            .collect()
    }

    /// The last lines of every server log under the site: what an assertion on a server's
    /// answer prints, so a failure in CI names its cause and not only its status.
    fn logs(&self) -> String {
        let mut names: Vec<PathBuf> = std::fs::read_dir(self.root.path())
            .map(|dir| dir.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        names.retain(|p| p.extension().is_some_and(|e| e == "log"));
        names.sort();
        let mut out = String::new();
        for name in names {
            let text = read(&name);
            let lines: Vec<&str> = text.lines().collect();
            let tail = &lines[lines.len().saturating_sub(40)..];
            out.push_str(&format!(
                "--- {} ---\n{}\n",
                name.display(),
                tail.join("\n")
            ));
        }
        out
    }
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_default()
}

/// Asks `probe` every 100 ms until it answers `Ok`, and returns that answer; fails naming
/// `what` and the last `Err` after `limit`. How these tests wait for what the server does in
/// the background instead of sleeping and hoping.
async fn eventually<T, F, Fut>(limit: Duration, what: &str, mut probe: F) -> T
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, String>>,
{
    let start = Instant::now();
    loop {
        match probe().await {
            Ok(found) => return found,
            Err(last) => assert!(
                start.elapsed() < kanisa_test_db::patient(limit),
                "{what}: not within {limit:?} ({last})"
            ),
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn wait_exit(child: &mut Child, within: Duration) -> ExitStatus {
    tokio::time::timeout(kanisa_test_db::patient(within), child.wait())
        .await
        .expect("process exited in time")
        .unwrap()
}

#[tokio::test]
async fn serve_start_crash_restart_and_stop_cleanly() {
    let site = Site::new();

    // First start: creates the cluster, seeds the demo content, creates the first admin.
    let (mut first, first_log) = site.serve("first");
    site.wait_healthy(&mut first, &first_log).await;
    let home = reqwest::get(site.url("/")).await.unwrap();
    assert_eq!(home.status(), 200);
    assert!(home.text().await.unwrap().contains("Public site"));
    let admin = reqwest::get(site.url("/admin/")).await.unwrap();
    assert!(admin.text().await.unwrap().contains("Back office"));
    let log = read(&first_log);
    assert!(log.contains("demo content loaded"), "{log}");
    assert!(
        log.contains("First Super Admin: admin@kanisa.local  password: "),
        "{log}"
    );
    assert!(site.data_dir().join("jwt-secret").is_file());

    // A second Kanisa on the same data dir is refused, and the first keeps serving.
    let (status, _, stderr) = site.run(&["serve"], &[]).await;
    assert!(!status.success());
    assert!(stderr.contains("is already using the data dir"), "{stderr}");
    assert!(
        stderr.contains(&first.id().unwrap().to_string()),
        "names the pid: {stderr}"
    );
    site.wait_healthy(&mut first, &first_log).await;

    // A crash: kanisa dies without stopping its postgres.
    let orphan = site.live_postmaster().expect("postgres is running");
    first.start_kill().unwrap();
    wait_exit(&mut first, Duration::from_secs(10)).await;
    assert!(
        site.live_postmaster().is_some(),
        "the crash left postgres running"
    );

    // Starting again recovers: the orphan is stopped, a new cluster process serves the same
    // data, and nothing is seeded twice.
    let (mut second, second_log) = site.serve("second");
    site.wait_healthy(&mut second, &second_log).await;
    let now = site.live_postmaster().expect("postgres is running");
    assert_ne!(now, orphan);
    let log = read(&second_log);
    assert!(!log.contains("demo content loaded"), "{log}");
    assert!(
        log.contains("initial-admin.txt"),
        "the first admin is still shown: {log}"
    );

    // Ctrl-C: requests drain, postgres stops, no process is left behind.
    kill(Pid::from_raw(second.id().unwrap() as i32), Signal::SIGINT).unwrap();
    let status = wait_exit(&mut second, Duration::from_secs(60)).await;
    assert!(status.success(), "{status}:\n{}", read(&second_log));
    assert_eq!(site.postgres_processes(), Vec::<u32>::new());
    assert!(site.live_postmaster().is_none());
}

#[tokio::test]
async fn backup_and_restore_round_trip_every_table() {
    let source = Site::new();
    let (status, out, err) = source.run(&["seed", "--demo"], &[]).await;
    assert!(status.success(), "{out}{err}");
    let (status, out, err) = source
        .run(
            &[
                "admin",
                "create",
                "--email",
                "Treasurer@Example.org",
                "--name",
                "Mary Wanjiku",
                "--role",
                "finance_admin",
            ],
            &[("KANISA_ADMIN_PASSWORD", "a-long-password")],
        )
        .await;
    assert!(status.success(), "{out}{err}");
    assert!(
        out.contains("treasurer@example.org (FINANCE_ADMIN)"),
        "{out}"
    );

    // The same e-mail twice, or a short password, is refused with a clear message.
    let (status, _, err) = source
        .run(
            &[
                "admin",
                "create",
                "--email",
                "treasurer@example.org",
                "--name",
                "X",
                "--role",
                "ADMIN",
            ],
            &[("KANISA_ADMIN_PASSWORD", "another-password")],
        )
        .await;
    assert!(!status.success());
    assert!(err.contains("already exists"), "{err}");
    let (status, _, err) = source
        .run(
            &[
                "admin",
                "create",
                "--email",
                "new@example.org",
                "--name",
                "X",
                "--role",
                "ADMIN",
            ],
            &[("KANISA_ADMIN_PASSWORD", "12345")],
        )
        .await;
    assert!(!status.success());
    assert!(
        err.contains("Password must be at least 6 characters"),
        "{err}"
    );

    let (status, before, err) = source.run(&["tables"], &[]).await;
    assert!(status.success(), "{err}");
    assert!(before.contains("public.sermons"), "{before}");
    assert!(before.contains("auth.users"), "{before}");

    let dump = source.root.path().join("kanisa.dump");
    let dump_arg = dump.to_str().unwrap();
    let (status, out, err) = source.run(&["backup", dump_arg], &[]).await;
    assert!(status.success(), "{out}{err}");

    let target = Site::new();
    let (status, out, err) = target.run(&["restore", dump_arg], &[]).await;
    assert!(status.success(), "{out}{err}");
    let (status, after, err) = target.run(&["tables"], &[]).await;
    assert!(status.success(), "{err}");
    assert_eq!(
        before, after,
        "row counts and checksums differ after the round trip"
    );

    let (status, out, _) = target.run(&["migrate", "--status"], &[]).await;
    assert!(status.success());
    assert!(out.lines().all(|l| l.starts_with("applied")), "{out}");
    // Nothing is left running by one-shot commands.
    assert!(source.postgres_processes().is_empty());
    assert!(target.postgres_processes().is_empty());
}

/// A backup that is not one, lost its end, or was damaged is refused with a clear message, and
/// the database it would have replaced is exactly as it was.
#[tokio::test]
async fn a_damaged_backup_is_refused_and_the_database_is_untouched() {
    let site = Site::new();
    let (status, out, err) = site.run(&["seed", "--demo"], &[]).await;
    assert!(status.success(), "{out}{err}");
    let dump = site.root.path().join("good.dump");
    let (status, out, err) = site.run(&["backup", dump.to_str().unwrap()], &[]).await;
    assert!(status.success(), "{out}{err}");
    let (_, before, _) = site.run(&["tables"], &[]).await;
    let bytes = std::fs::read(&dump).unwrap();
    assert!(bytes.len() > 10_000, "a real backup: {} bytes", bytes.len());
    let truncated = site.root.path().join("truncated.dump");
    std::fs::write(&truncated, &bytes[..bytes.len() * 2 / 3]).unwrap();
    let damaged = site.root.path().join("damaged.dump");
    let mut flipped = bytes.clone();
    for b in &mut flipped[bytes.len() / 2..bytes.len() / 2 + 64] {
        *b ^= 0x5a;
    }
    std::fs::write(&damaged, &flipped).unwrap();
    let text = site.root.path().join("notes.txt");
    std::fs::write(&text, "this is not a backup\n").unwrap();
    for file in [&truncated, &damaged, &text] {
        let (status, out, err) = site.run(&["restore", file.to_str().unwrap()], &[]).await;
        assert!(!status.success(), "{} restored: {out}", file.display());
        assert!(
            err.contains("cannot be restored: it is damaged, incomplete or not a Kanisa backup")
                && err.contains("nothing was changed"),
            "{}: {err}",
            file.display()
        );
        let (_, after, _) = site.run(&["tables"], &[]).await;
        assert_eq!(before, after, "{} changed the database", file.display());
    }
    // The good one still restores.
    let (status, out, err) = site.run(&["restore", dump.to_str().unwrap()], &[]).await;
    assert!(status.success(), "{out}{err}");
    let (_, after, _) = site.run(&["tables"], &[]).await;
    assert_eq!(before, after);
}

#[tokio::test]
async fn a_bad_setting_stops_start_up_naming_the_variable() {
    let site = Site::new();
    let (status, _, err) = site.run(&["serve"], &[("KANISA_ADDR", "localhost")]).await;
    assert_eq!(status.code(), Some(2));
    assert!(err.contains("KANISA_ADDR"), "{err}");
    assert!(!site.data_dir().exists(), "nothing was created");
}

#[tokio::test]
async fn missing_postgres_binaries_say_what_to_install() {
    let site = Site::new();
    let (status, _, err) = site
        .run(
            &["serve"],
            &[("KANISA_PG_BIN", "/nonexistent/postgresql/bin")],
        )
        .await;
    assert!(!status.success());
    assert!(err.contains("PostgreSQL is not installed"), "{err}");
    assert!(err.contains("apt-get install postgresql"), "{err}");
}

/// `kanisa query` as a script runs it: the answer on stdout (a table, or the body as JSON with
/// the status line on stderr), exit 0 for 2xx and 1 for a 4xx; `--as` a user by e-mail.
#[tokio::test]
async fn query_prints_answers_and_fails_on_errors() {
    let site = Site::new();
    let (status, out, err) = site.run(&["seed", "--demo"], &[]).await;
    assert!(status.success(), "{out}{err}");
    let (status, out, err) = site
        .run(
            &[
                "admin",
                "create",
                "--email",
                "pastor@example.org",
                "--name",
                "Pastor",
                "--role",
                "ELDER",
            ],
            &[("KANISA_ADMIN_PASSWORD", "a long password")],
        )
        .await;
    assert!(status.success(), "{out}{err}");

    let read = "get sermons?select=title&order=sermon_date.asc&limit=1";
    let (status, out, err) = site.run(&["query", read], &[]).await;
    assert!(status.success(), "{out}{err}");
    assert!(out.starts_with(" title\n"), "{out}");
    assert!(
        out.contains(" The Vine and the Branches\n200 OK, 1 row"),
        "{out}"
    );

    let (status, out, err) = site.run(&["query", read, "--json"], &[]).await;
    assert!(status.success(), "{out}{err}");
    let body: serde_json::Value = serde_json::from_str(&out).expect("stdout is JSON");
    assert_eq!(
        body,
        serde_json::json!([{"title": "The Vine and the Branches"}])
    );
    assert!(err.contains("200 OK, 1 row"), "{err}");

    let (status, out, err) = site.run(&["query", "get sermon"], &[]).await;
    assert_eq!(status.code(), Some(1), "{out}{err}");
    assert!(
        out.contains("hint: Perhaps you meant the table 'public.sermons'"),
        "{out}"
    );

    // anon may not read messages; a signed-in elder with send_communications may.
    let (status, out, err) = site.run(&["query", "head messages"], &[]).await;
    assert_eq!(status.code(), Some(1), "{out}{err}");
    assert!(out.contains("401 Unauthorized"), "{out}");
    let (status, out, err) = site
        .run(
            &["query", "head messages", "--as", "pastor@example.org"],
            &[],
        )
        .await;
    assert!(status.success(), "{out}{err}");
}

/// The managed cluster in `data_dir` as the tests open it: `Shared` attaches to the one a
/// running `kanisa serve` holds (archiving, as serve runs it), `Exclusive` starts it for the
/// test alone (a restored data dir, or a database a test runs as a provider would).
async fn open_cluster(data_dir: &Path, access: kanisa_pg::Access) -> kanisa_pg::Cluster {
    let archive = matches!(access, kanisa_pg::Access::Shared).then(|| Duration::from_secs(60));
    kanisa_pg::Cluster::open(
        &kanisa_pg::ClusterOptions {
            data_dir: data_dir.to_owned(),
            bin_dir: None,
            os_user: "postgres".into(),
            tuning: kanisa_pg::Tuning::Durable,
            archive,
            recovery: None,
        },
        access,
    )
    .await
    .unwrap_or_else(|e| panic!("the cluster in {} opens: {e}", data_dir.display()))
}
