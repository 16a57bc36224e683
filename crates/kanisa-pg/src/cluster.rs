//! The managed PostgreSQL cluster: Kanisa's embedded default when `DATABASE_URL` is unset.
//!
//! Layout under the data dir:
//! - `kanisa.lock` — held (flock) by the Kanisa process that owns the cluster; the kernel drops
//!   it when that process dies, so a crash never leaves a stale lock behind.
//! - `postgres/`   — the cluster (PGDATA), owned by the PostgreSQL system user when run as root.
//! - `run/`        — the unix socket; the cluster listens on nothing else (no TCP).
//! - `postgres.log`— the server's own log.
//! - `wal-spool/`  — with [`ClusterOptions::archive`]: each finished write-ahead-log segment,
//!   copied there by PostgreSQL's `archive_command` (at least every 60 s while anything is
//!   written), for kanisa-backup to ship to the backup destination and delete.
//!
//! # Supervision
//!
//! A task owns the postmaster's process and waits on it ([`Supervisor`]), so it is reaped the
//! moment it exits. An exit Kanisa did not ask for is logged with its cause, the old server's
//! leftover backends (its process group, still holding shared memory) are killed, and postgres
//! is started again after 0.5 s, doubling for each further restart within 10 minutes; crash
//! recovery replays the WAL, so every acknowledged write is there. Pools drop broken
//! connections and requests meanwhile fail at once with 503. After 5 restarts within 10
//! minutes the supervisor gives up and `kanisa serve` exits non-zero with the reason, for a
//! person or a service manager to read `postgres.log`. `kanisa/tests/it/resilience.rs` kills
//! the postmaster under write load.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, Write};
use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

use nix::sys::signal::{Signal, kill};
use nix::unistd::{Gid, Pid, Uid, User, chown};
use tokio::process::{Child, Command};
use tokio::sync::watch;

use crate::error::PgError;

/// The port number only names the socket file (`.s.PGSQL.5432`); nothing listens on TCP.
const PORT: u16 = 5432;
/// Unix socket paths are limited to 107 bytes on Linux.
const MAX_SOCKET_PATH: usize = 100;
pub(crate) const SUPERUSER: &str = "postgres";
pub(crate) const DATABASE: &str = "kanisa";

/// How much durability the cluster trades for speed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tuning {
    /// The church's real data: fsync and full-page writes on.
    Durable,
    /// Tests: no fsync, no full-page writes, asynchronous commit, more connections.
    Throwaway,
}

/// Whether this process must own the cluster or may use one another Kanisa is running.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// `serve` and `restore`: fail if another Kanisa holds the data dir.
    Exclusive,
    /// Commands like `migrate`, `backup` or `admin create`: use the running cluster if there is
    /// one, else start it for the command's duration.
    Shared,
}

#[derive(Debug, Clone)]
pub struct ClusterOptions {
    /// Kanisa's data dir (the cluster lives in its `postgres/` folder).
    pub data_dir: PathBuf,
    /// Folder with initdb/postgres; found on PATH or under /usr/lib/postgresql when `None`.
    pub bin_dir: Option<PathBuf>,
    /// System user that runs postgres when this process is root.
    pub os_user: String,
    pub tuning: Tuning,
    /// Continuous archiving: every finished WAL segment is copied into `<data dir>/wal-spool`
    /// (see [`Cluster::wal_spool`]), and a segment with writes is finished at least this
    /// often (`archive_timeout`). `None`: no archiving (tests, a restore's replay).
    pub archive: Option<Duration>,
    /// Start as a restore: replay archived WAL into a base backup unpacked in `postgres/`.
    pub recovery: Option<Recovery>,
}

/// How a restored base backup is brought forward (`kanisa restore`): PostgreSQL replays the
/// segments in `wal_dir` up to `target` (all of them when `None`), then promotes the cluster
/// to a new timeline, where it takes writes again.
#[derive(Debug, Clone)]
pub struct Recovery {
    /// A folder of WAL segments named as PostgreSQL names them (and `*.history` files).
    pub wal_dir: PathBuf,
    pub target: RecoveryTarget,
}

/// Where replay stops.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecoveryTarget {
    /// The end of the WAL there is.
    Latest,
    /// `recovery_target_time`, as PostgreSQL reads it (e.g. `2026-11-27 07:04:00+00`).
    Time(String),
    /// `recovery_target_name`: a restore point made with `pg_create_restore_point`.
    Name(String),
}

/// The folder `archive_command` copies finished WAL segments into.
pub fn wal_spool_of(data_dir: &Path) -> PathBuf {
    data_dir.join("wal-spool")
}

/// `path` as one word for /bin/sh (single quotes; a quote inside closed, escaped, reopened).
fn shell_word(path: &Path) -> String {
    format!("'{}'", path.display().to_string().replace('\'', "'\\''"))
}

/// The `archive_command` that copies segment `%p` into `spool`: written under a temporary
/// name, flushed to disk (durable tuning) and renamed, so the shipper never sees half a
/// segment. A segment already there with the same bytes (PostgreSQL asks again after a crash
/// between the copy and its own note) counts as archived; different bytes fail, loudly.
fn archive_command(spool: &Path, durable: bool) -> String {
    let dir = shell_word(spool);
    let sync = if durable {
        format!(" && sync {dir}/%f.part")
    } else {
        String::new()
    };
    format!(
        "if test -f {dir}/%f; then cmp -s %p {dir}/%f; \
         else cp %p {dir}/%f.part{sync} && mv {dir}/%f.part {dir}/%f; fi"
    )
}

/// A running managed cluster. Dropping it does not stop PostgreSQL: call [`Cluster::stop`].
#[derive(Debug)]
pub struct Cluster {
    launch: Launch,
    /// Watches the postmaster we started; `None` when attached to another Kanisa's cluster.
    supervisor: Option<Supervisor>,
    /// Held for the life of an owning process.
    _lock: Option<File>,
    created: bool,
}

/// Everything needed to start this cluster's postmaster, again after a crash too.
#[derive(Debug, Clone)]
struct Launch {
    data_dir: PathBuf,
    pgdata: PathBuf,
    socket_dir: PathBuf,
    bin_dir: PathBuf,
    owner: Option<(Uid, Gid)>,
    tuning: Tuning,
    /// `-c name=value` settings beyond the tuning's: archiving, recovery.
    settings: Vec<(String, String)>,
    /// Whether the cluster archives into `wal-spool/` (as asked; Kanisa always starts a
    /// managed cluster the same way, so an attached one is taken to archive as asked too).
    archives: bool,
}

impl Cluster {
    /// Opens the managed cluster: creates it on first use, recovers from a crashed owner, starts
    /// PostgreSQL and waits until it accepts connections, and makes sure the `kanisa` database
    /// exists.
    pub async fn open(opts: &ClusterOptions, access: Access) -> Result<Cluster, PgError> {
        let bin_dir = match &opts.bin_dir {
            Some(dir) if dir.join("postgres").is_file() => dir.clone(),
            Some(_) => return Err(PgError::NotInstalled),
            None => find_bin_dir().ok_or(PgError::NotInstalled)?,
        };
        let data_dir = absolute(&opts.data_dir)?;
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o711)
            .create(&data_dir)
            .map_err(|e| {
                PgError::io(
                    format!("cannot create the data dir {}", data_dir.display()),
                    e,
                )
            })?;
        let pgdata = data_dir.join("postgres");
        let socket_dir = socket_dir_for(&data_dir);

        let lock = match take_lock(&data_dir)? {
            LockOutcome::Taken(file) => file,
            LockOutcome::HeldBy(pid) => {
                if access == Access::Shared && socket_dir.join(format!(".s.PGSQL.{PORT}")).exists()
                {
                    let launch = Launch {
                        data_dir,
                        pgdata,
                        socket_dir,
                        bin_dir,
                        owner: None,
                        tuning: opts.tuning,
                        settings: Vec::new(),
                        archives: opts.archive.is_some(),
                    };
                    launch.wait_ready(None, Duration::from_secs(10)).await?;
                    return Ok(Cluster {
                        launch,
                        supervisor: None,
                        _lock: None,
                        created: false,
                    });
                }
                return Err(PgError::AlreadyRunning { dir: data_dir, pid });
            }
        };

        let owner = postgres_owner(&opts.os_user)?;
        let created = if pgdata.join("PG_VERSION").is_file() {
            false
        } else {
            init_cluster(&bin_dir, &pgdata, owner, opts.tuning).await?;
            true
        };
        prepare_dir(&socket_dir, owner)?;
        stop_orphan(&pgdata).await?;

        let mut settings = Vec::new();
        if let Some(timeout) = opts.archive {
            let spool = wal_spool_of(&data_dir);
            prepare_dir(&spool, owner)?;
            settings.extend([
                ("archive_mode".to_owned(), "on".to_owned()),
                (
                    "archive_timeout".to_owned(),
                    timeout.as_secs().max(1).to_string(),
                ),
                (
                    "archive_command".to_owned(),
                    archive_command(&spool, opts.tuning == Tuning::Durable),
                ),
            ]);
        }
        let mut ready_limit = Duration::from_secs(120);
        if let Some(recovery) = &opts.recovery {
            write_recovery_signal(&pgdata, owner)?;
            settings.push((
                "restore_command".to_owned(),
                format!("cp {}/%f %p", shell_word(&recovery.wal_dir)),
            ));
            settings.push(("recovery_target_action".to_owned(), "promote".to_owned()));
            match &recovery.target {
                RecoveryTarget::Latest => {}
                RecoveryTarget::Time(time) => {
                    settings.push(("recovery_target_time".to_owned(), time.clone()));
                }
                RecoveryTarget::Name(name) => {
                    settings.push(("recovery_target_name".to_owned(), name.clone()));
                }
            }
            // Replaying a day of WAL can take a while before the first connection is taken.
            ready_limit = Duration::from_secs(60 * 60);
        }

        let launch = Launch {
            data_dir,
            pgdata,
            socket_dir,
            bin_dir,
            owner,
            tuning: opts.tuning,
            settings,
            archives: opts.archive.is_some(),
        };
        let mut child = launch.spawn()?;
        if let Err(e) = launch.wait_ready(Some(&mut child), ready_limit).await {
            // Never leave a half-started server behind.
            shut_down(child).await;
            return Err(e);
        }
        let cluster = Cluster {
            supervisor: Some(Supervisor::start(launch.clone(), child)),
            launch,
            _lock: Some(lock),
            created,
        };
        cluster.ensure_database().await?;
        tracing::info!(
            pgdata = %cluster.launch.pgdata.display(),
            socket = %cluster.launch.socket_dir.display(),
            created,
            "managed PostgreSQL is ready"
        );
        Ok(cluster)
    }

    /// True when this call created the cluster (initdb ran): the first start of a data dir.
    pub fn created(&self) -> bool {
        self.created
    }

    /// True when this process started the cluster (and so must stop it).
    pub fn owned(&self) -> bool {
        self.supervisor.is_some()
    }

    /// The pid of the postmaster this process started (the current one, after a restart).
    pub fn postmaster_pid(&self) -> Option<u32> {
        self.supervisor
            .as_ref()
            .map(|s| s.pid.load(Ordering::Relaxed))
            .filter(|pid| *pid != 0)
    }

    /// Resolves when the supervisor has given up restarting a crashing cluster, with the
    /// reason; never for an attached cluster. The caller should stop serving: without its
    /// database Kanisa can only answer 503.
    pub fn given_up(&self) -> impl Future<Output = String> + Send + 'static {
        let failed = self.supervisor.as_ref().map(|s| s.failed.clone());
        async move {
            if let Some(mut failed) = failed
                && let Ok(reason) = failed.wait_for(Option::is_some).await
            {
                return reason.clone().unwrap_or_default();
            }
            // No supervisor, or it ended without giving up (the cluster was stopped).
            std::future::pending().await
        }
    }

    pub fn data_dir(&self) -> &Path {
        &self.launch.data_dir
    }

    pub fn socket_dir(&self) -> &Path {
        &self.launch.socket_dir
    }

    pub fn bin_dir(&self) -> &Path {
        &self.launch.bin_dir
    }

    /// Where finished WAL segments wait to be shipped, when this cluster archives.
    pub fn wal_spool(&self) -> Option<PathBuf> {
        let spool = wal_spool_of(&self.launch.data_dir);
        (self.launch.archives && spool.is_dir()).then_some(spool)
    }

    /// The folder of the cluster's files (PGDATA).
    pub fn pgdata(&self) -> &Path {
        &self.launch.pgdata
    }

    /// The system user's ids that own the cluster's files, when this process is root.
    pub fn owner(&self) -> Option<(u32, u32)> {
        self.launch.owner.map(|(u, g)| (u.as_raw(), g.as_raw()))
    }

    /// Connection settings for a database of this cluster, as the superuser.
    pub fn pg_config(&self, dbname: &str) -> tokio_postgres::Config {
        self.launch.pg_config(dbname)
    }

    /// The settings for Kanisa's own database.
    pub fn kanisa_config(&self) -> tokio_postgres::Config {
        self.pg_config(DATABASE)
    }

    /// Stops PostgreSQL (fast shutdown: running transactions are rolled back, data is safe)
    /// when this process started it; an attached cluster is left running.
    pub async fn stop(mut self) -> Result<(), PgError> {
        if let Some(supervisor) = self.supervisor.take() {
            supervisor.stop().await;
        }
        Ok(())
    }

    async fn ensure_database(&self) -> Result<(), PgError> {
        let client = crate::pool::connect_once(&self.pg_config("postgres")).await?;
        let exists = client
            .query_opt("SELECT 1 FROM pg_database WHERE datname = $1", &[&DATABASE])
            .await?
            .is_some();
        if !exists {
            // The name is a constant, not input.
            client
                .batch_execute(&format!("CREATE DATABASE {DATABASE}"))
                .await?;
        }
        Ok(())
    }
}

impl Launch {
    fn pg_config(&self, dbname: &str) -> tokio_postgres::Config {
        let mut config = tokio_postgres::Config::new();
        config
            .host_path(&self.socket_dir)
            .port(PORT)
            .user(SUPERUSER)
            .dbname(dbname)
            .application_name("kanisa")
            .connect_timeout(Duration::from_secs(10));
        config
    }

    fn log_path(&self) -> PathBuf {
        self.data_dir.join("postgres.log")
    }

    /// Starts the postmaster (it then recovers from a crash by itself, if there was one).
    fn spawn(&self) -> Result<Child, PgError> {
        spawn_postgres(self)
    }

    /// Waits until the server accepts connections, at most `limit`; fails at once if `child`
    /// (the postmaster we started) exits meanwhile.
    async fn wait_ready(
        &self,
        mut child: Option<&mut Child>,
        limit: Duration,
    ) -> Result<(), PgError> {
        let started = Instant::now();
        let config = self.pg_config("postgres");
        loop {
            match config.connect(tokio_postgres::NoTls).await {
                Ok((client, connection)) => {
                    drop(client);
                    let _ = connection.await;
                    return Ok(());
                }
                Err(e) => {
                    if let Some(child) = child.as_deref_mut()
                        && let Ok(Some(status)) = child.try_wait()
                    {
                        return Err(PgError::StartFailed(format!(
                            "postgres {}; its log ({}) ends with:\n{}",
                            exit_cause(status),
                            self.log_path().display(),
                            tail(&self.log_path(), 15)
                        )));
                    }
                    if started.elapsed() > limit {
                        return Err(PgError::StartFailed(format!(
                            "no connection after {} s ({}); see {}",
                            limit.as_secs(),
                            crate::describe(&e),
                            self.log_path().display()
                        )));
                    }
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            }
        }
    }
}

/// How many unexpected exits of the postmaster are restarted within [`RESTART_WINDOW`] before
/// the supervisor gives up.
const MAX_RESTARTS: usize = 5;
const RESTART_WINDOW: Duration = Duration::from_secs(10 * 60);
/// The wait before the first restart of a window; doubled for each further one (0.5, 1, 2, 4,
/// 8 s), so a crash is healed in about a second and a crash loop does not spin.
const FIRST_RESTART_DELAY: Duration = Duration::from_millis(500);
/// How long a restarted postmaster may take to finish crash recovery and accept connections.
const RESTART_READY_LIMIT: Duration = Duration::from_secs(120);

/// Watches the postmaster this process started, as a service manager would: reaps it when it
/// exits, and unless Kanisa asked it to stop, kills what is left of the old server (backends
/// still attached to its shared memory), restarts it with back-off — PostgreSQL's own crash
/// recovery replays the WAL, so every committed transaction is there — and logs each restart
/// with its cause. After [`MAX_RESTARTS`] restarts within [`RESTART_WINDOW`] it gives up,
/// loudly, and reports it through `failed`. The connection pools need no help: broken
/// connections are dropped and new ones are made to the restarted server.
#[derive(Debug)]
struct Supervisor {
    stop: watch::Sender<bool>,
    task: tokio::task::JoinHandle<()>,
    /// The current postmaster's pid (0 while none runs).
    pid: Arc<AtomicU32>,
    /// Set once, when the supervisor gives up.
    failed: watch::Receiver<Option<String>>,
}

impl Supervisor {
    fn start(launch: Launch, child: Child) -> Supervisor {
        let (stop_tx, stop_rx) = watch::channel(false);
        let (failed_tx, failed_rx) = watch::channel(None);
        let pid = Arc::new(AtomicU32::new(child.id().unwrap_or(0)));
        let task = tokio::spawn(supervise(launch, child, pid.clone(), stop_rx, failed_tx));
        Supervisor {
            stop: stop_tx,
            task,
            pid,
            failed: failed_rx,
        }
    }

    /// Fast shutdown of the postmaster, waiting for it to exit.
    async fn stop(self) {
        let _ = self.stop.send(true);
        let _ = self.task.await;
    }
}

async fn supervise(
    launch: Launch,
    mut child: Child,
    pid: Arc<AtomicU32>,
    mut stop: watch::Receiver<bool>,
    failed: watch::Sender<Option<String>>,
) {
    // Resolves once Kanisa asks for the stop (or is gone); may be awaited again.
    async fn stopping(stop: &mut watch::Receiver<bool>) {
        if stop.wait_for(|s| *s).await.is_err() {
            // The Cluster was dropped without stop(): like before, PostgreSQL stays up.
            std::future::pending::<()>().await;
        }
    }
    let mut restarts: Vec<Instant> = Vec::new();
    loop {
        let status = tokio::select! {
            status = child.wait() => status,
            () = stopping(&mut stop) => {
                shut_down(child).await;
                return;
            }
        };
        // Reaped: no zombie is left, whatever happens next.
        let old_pid = pid.swap(0, Ordering::Relaxed);
        let mut cause = match status {
            Ok(status) => exit_cause(status),
            Err(e) => format!("could not be waited for ({e})"),
        };
        tracing::error!(
            pid = old_pid,
            %cause,
            log = %launch.log_path().display(),
            "managed PostgreSQL stopped unexpectedly"
        );
        let mut leftovers = old_pid;
        child = loop {
            restarts.retain(|at| at.elapsed() < RESTART_WINDOW);
            if restarts.len() >= MAX_RESTARTS {
                let reason = format!(
                    "managed PostgreSQL stopped {} times within {} minutes; giving up (last:                      {cause}). Its log: {}",
                    restarts.len() + 1,
                    RESTART_WINDOW.as_secs() / 60,
                    launch.log_path().display()
                );
                tracing::error!("{reason}");
                kill_process_group(leftovers).await;
                let _ = failed.send(Some(reason));
                return;
            }
            let delay = FIRST_RESTART_DELAY * 2u32.pow(restarts.len() as u32);
            restarts.push(Instant::now());
            tracing::warn!(
                attempt = restarts.len(),
                delay_ms = delay.as_millis() as u64,
                "restarting managed PostgreSQL"
            );
            kill_process_group(leftovers).await;
            tokio::select! {
                () = tokio::time::sleep(delay) => {}
                () = stopping(&mut stop) => return,
            }
            let started = Instant::now();
            let attempt = async {
                stop_orphan(&launch.pgdata).await?;
                let mut next = launch.spawn()?;
                let ready = tokio::select! {
                    ready = launch.wait_ready(Some(&mut next), RESTART_READY_LIMIT) => ready,
                    () = stopping(&mut stop) => Err(PgError::StartFailed("stopped while restarting".into())),
                };
                match ready {
                    Ok(()) => Ok(next),
                    Err(e) => {
                        leftovers = next.id().unwrap_or(0);
                        shut_down(next).await;
                        Err(e)
                    }
                }
            };
            match attempt.await {
                Ok(next) => {
                    let new_pid = next.id().unwrap_or(0);
                    pid.store(new_pid, Ordering::Relaxed);
                    tracing::warn!(
                        pid = new_pid,
                        after = %cause,
                        recovery_ms = started.elapsed().as_millis() as u64,
                        "managed PostgreSQL restarted and accepts connections again"
                    );
                    break next;
                }
                Err(e) => {
                    if *stop.borrow() {
                        return;
                    }
                    tracing::error!(error = %e, "restarting managed PostgreSQL failed");
                    cause = e.to_string();
                }
            }
        };
    }
}

/// Fast shutdown of a postmaster we started: SIGINT, then SIGQUIT (immediate shutdown, crash
/// recovery on the next start) if it has not stopped within a minute. Waits for its exit.
async fn shut_down(mut child: Child) {
    if let Some(pid) = child.id() {
        let _ = kill(Pid::from_raw(pid as i32), Signal::SIGINT);
    }
    match tokio::time::timeout(Duration::from_secs(60), child.wait()).await {
        Ok(_) => tracing::info!("managed PostgreSQL stopped"),
        Err(_) => {
            tracing::warn!("PostgreSQL did not stop within 60 s; sending SIGQUIT");
            if let Some(pid) = child.id() {
                let _ = kill(Pid::from_raw(pid as i32), Signal::SIGQUIT);
            }
            let _ = child.wait().await;
        }
    }
}

/// "exited with code 1", "was killed by signal 9 (SIGKILL)".
fn exit_cause(status: std::process::ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => format!("exited with code {code}"),
        (None, Some(signal)) => match Signal::try_from(signal) {
            Ok(name) => format!("was killed by signal {signal} ({name})"),
            Err(_) => format!("was killed by signal {signal}"),
        },
        (None, None) => format!("ended ({status})"),
    }
}

/// Kills what is left of a dead postmaster's server: its backends and helpers share its
/// process group (it was started in a group of its own) and may still hold the shared memory
/// a new postmaster refuses to start beside. Waits until none of them runs (zombies, which
/// hold nothing, are not waited for: reaping them is their new parent's business).
async fn kill_process_group(pgid: u32) {
    if pgid == 0 {
        return;
    }
    let group = Pid::from_raw(pgid as i32);
    let started = Instant::now();
    while live_group_members(pgid) > 0 {
        let _ = nix::sys::signal::killpg(group, Signal::SIGKILL);
        if started.elapsed() > Duration::from_secs(10) {
            tracing::error!(pgid, "processes of the old PostgreSQL survive SIGKILL");
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Processes of process group `pgid` that are not zombies, from /proc.
fn live_group_members(pgid: u32) -> usize {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return 0;
    };
    entries
        .filter_map(Result::ok)
        .filter(|e| {
            e.file_name()
                .to_str()
                .is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()))
        })
        .filter_map(|e| std::fs::read_to_string(e.path().join("stat")).ok())
        .filter(|stat| {
            // pid (comm) state ppid pgrp …; comm may hold spaces and parentheses.
            let Some(rest) = stat.rfind(')').map(|i| &stat[i + 1..]) else {
                return false;
            };
            let mut fields = rest.split_whitespace();
            let state = fields.next();
            let pgrp = fields.nth(1).and_then(|f| f.parse::<u32>().ok());
            pgrp == Some(pgid) && state != Some("Z") && state != Some("X")
        })
        .count()
}

/// The newest PostgreSQL server binaries on this machine: `postgres` on PATH, else the highest
/// version under /usr/lib/postgresql/*/bin.
pub fn find_bin_dir() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("PATH") {
        for dir in std::env::split_paths(&path) {
            // PATH often holds symlinks to a few tools only: follow `postgres` to the folder
            // holding the whole set (initdb, pg_dump, pg_restore).
            let Ok(real) = dir.join("postgres").canonicalize() else {
                continue;
            };
            if let Some(bin) = real.parent()
                && ["initdb", "pg_dump", "pg_restore"]
                    .iter()
                    .all(|tool| bin.join(tool).is_file())
            {
                return Some(bin.to_owned());
            }
        }
    }
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|entry| {
            let entry = entry.ok()?;
            let version: u32 = entry.file_name().to_str()?.parse().ok()?;
            let bin = entry.path().join("bin");
            bin.join("postgres").is_file().then_some((version, bin))
        })
        .collect();
    versions.sort();
    versions.pop().map(|(_, bin)| bin)
}

fn absolute(path: &Path) -> Result<PathBuf, PgError> {
    std::path::absolute(path)
        .map_err(|e| PgError::io(format!("cannot resolve {}", path.display()), e))
}

/// `<data>/run`, or a folder under /tmp named after the data dir when that path would be too
/// long for a unix socket.
fn socket_dir_for(data_dir: &Path) -> PathBuf {
    let preferred = data_dir.join("run");
    let socket = preferred.join(format!(".s.PGSQL.{PORT}.lock"));
    if socket.as_os_str().len() <= MAX_SOCKET_PATH {
        return preferred;
    }
    use sha2::Digest;
    let digest = sha2::Sha256::digest(data_dir.as_os_str().as_encoded_bytes());
    PathBuf::from(format!("/tmp/kanisa-{}", &hex::encode(digest)[..12]))
}

enum LockOutcome {
    Taken(File),
    HeldBy(String),
}

fn take_lock(data_dir: &Path) -> Result<LockOutcome, PgError> {
    let path = data_dir.join("kanisa.lock");
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .map_err(|e| PgError::io(format!("cannot open {}", path.display()), e))?;
    match file.try_lock() {
        Ok(()) => {
            let written = file
                .set_len(0)
                .and_then(|()| file.rewind())
                .and_then(|()| writeln!(file, "{}", std::process::id()));
            written.map_err(|e| PgError::io(format!("cannot write {}", path.display()), e))?;
            Ok(LockOutcome::Taken(file))
        }
        Err(std::fs::TryLockError::WouldBlock) => {
            let mut pid = String::new();
            let _ = file.read_to_string(&mut pid);
            let pid = pid.trim();
            Ok(LockOutcome::HeldBy(if pid.is_empty() {
                "unknown".to_owned()
            } else {
                pid.to_owned()
            }))
        }
        Err(std::fs::TryLockError::Error(e)) => {
            Err(PgError::io(format!("cannot lock {}", path.display()), e))
        }
    }
}

/// The uid/gid postgres must run as: the configured system user when we are root, else
/// ourselves (`None`).
fn postgres_owner(os_user: &str) -> Result<Option<(Uid, Gid)>, PgError> {
    if !Uid::effective().is_root() {
        return Ok(None);
    }
    let user = User::from_name(os_user)
        .map_err(|e| PgError::io(format!("cannot look up the user {os_user:?}"), e.into()))?
        .ok_or_else(|| PgError::NoSuchUser(os_user.to_owned()))?;
    Ok(Some((user.uid, user.gid)))
}

/// Hands `path` and everything under it to the system user that runs PostgreSQL, when this
/// process is root (otherwise they are this process's already): a restored base backup,
/// unpacked by Kanisa, before PostgreSQL starts on it.
pub fn give_to_postgres(path: &Path, os_user: &str) -> Result<(), PgError> {
    match postgres_owner(os_user)? {
        Some((uid, gid)) => chown_tree(path, uid, gid),
        None => Ok(()),
    }
}

fn chown_tree(path: &Path, uid: Uid, gid: Gid) -> Result<(), PgError> {
    let meta = std::fs::symlink_metadata(path)
        .map_err(|e| PgError::io(format!("cannot read {}", path.display()), e))?;
    nix::unistd::fchownat(
        nix::fcntl::AT_FDCWD,
        path,
        Some(uid),
        Some(gid),
        nix::fcntl::AtFlags::AT_SYMLINK_NOFOLLOW,
    )
    .map_err(|e| PgError::io(format!("cannot chown {}", path.display()), e.into()))?;
    if meta.is_dir() {
        let entries = std::fs::read_dir(path)
            .map_err(|e| PgError::io(format!("cannot list {}", path.display()), e))?;
        for entry in entries {
            let entry =
                entry.map_err(|e| PgError::io(format!("cannot list {}", path.display()), e))?;
            chown_tree(&entry.path(), uid, gid)?;
        }
    }
    Ok(())
}

/// Creates `dir` (0700) and hands it to the postgres owner.
fn prepare_dir(dir: &Path, owner: Option<(Uid, Gid)>) -> Result<(), PgError> {
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
        .map_err(|e| PgError::io(format!("cannot create {}", dir.display()), e))?;
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))
        .map_err(|e| PgError::io(format!("cannot set permissions on {}", dir.display()), e))?;
    if let Some((uid, gid)) = owner {
        chown(dir, Some(uid), Some(gid))
            .map_err(|e| PgError::io(format!("cannot chown {}", dir.display()), e.into()))?;
    }
    Ok(())
}

async fn init_cluster(
    bin_dir: &Path,
    pgdata: &Path,
    owner: Option<(Uid, Gid)>,
    tuning: Tuning,
) -> Result<(), PgError> {
    // A folder without PG_VERSION is the debris of an initdb that did not finish.
    if pgdata.exists() {
        std::fs::remove_dir_all(pgdata)
            .map_err(|e| PgError::io(format!("cannot clear {}", pgdata.display()), e))?;
    }
    prepare_dir(pgdata, owner)?;
    tracing::info!(pgdata = %pgdata.display(), "creating the managed PostgreSQL cluster");
    let mut cmd = Command::new(bin_dir.join("initdb"));
    cmd.arg("-D")
        .arg(pgdata)
        .args(["-U", SUPERUSER, "-A", "trust", "-E", "UTF8", "--locale=C"])
        .arg("--no-instructions")
        .stdin(Stdio::null())
        .current_dir(pgdata);
    if tuning == Tuning::Throwaway {
        cmd.arg("--no-sync");
    }
    if let Some((uid, gid)) = owner {
        cmd.uid(uid.as_raw()).gid(gid.as_raw());
    }
    let output = cmd
        .output()
        .await
        .map_err(|e| PgError::io("cannot run initdb", e))?;
    if !output.status.success() {
        let mut text = String::from_utf8_lossy(&output.stderr).trim().to_owned();
        if text.contains("Permission denied") {
            text.push_str(
                "\n(the PostgreSQL system user must be able to reach the data dir: choose a \
                 KANISA_DATA_DIR outside /root, e.g. /var/lib/kanisa)",
            );
        }
        let _ = std::fs::remove_dir_all(pgdata);
        return Err(PgError::Tool {
            tool: "initdb".into(),
            output: text,
        });
    }
    Ok(())
}

/// A postmaster left running by a Kanisa that was killed: we hold the lock, so nobody owns it.
/// Stop it so the cluster can be started cleanly under our control.
async fn stop_orphan(pgdata: &Path) -> Result<(), PgError> {
    let pid_file = pgdata.join("postmaster.pid");
    let Ok(text) = std::fs::read_to_string(&pid_file) else {
        return Ok(());
    };
    let Some(pid) = text
        .lines()
        .next()
        .and_then(|l| l.trim().parse::<i32>().ok())
    else {
        return Ok(());
    };
    let comm = std::fs::read_to_string(format!("/proc/{pid}/comm")).unwrap_or_default();
    if comm.trim() != "postgres" {
        // The pid is dead or belongs to something else now: the file is simply stale.
        let _ = std::fs::remove_file(&pid_file);
        return Ok(());
    }
    tracing::warn!(
        pid,
        "stopping a PostgreSQL left running by a Kanisa that did not shut down"
    );
    let pid = Pid::from_raw(pid);
    let _ = kill(pid, Signal::SIGINT);
    let started = Instant::now();
    while kill(pid, None).is_ok() {
        if started.elapsed() > Duration::from_secs(60) {
            let _ = kill(pid, Signal::SIGQUIT);
        }
        if started.elapsed() > Duration::from_secs(90) {
            return Err(PgError::StartFailed(format!(
                "an earlier PostgreSQL (pid {pid}) on {} will not stop",
                pgdata.display()
            )));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Ok(())
}

/// `recovery.signal` in `pgdata`: the next start replays archived WAL (PostgreSQL removes it
/// when it promotes).
fn write_recovery_signal(pgdata: &Path, owner: Option<(Uid, Gid)>) -> Result<(), PgError> {
    let signal = pgdata.join("recovery.signal");
    std::fs::write(&signal, b"")
        .map_err(|e| PgError::io(format!("cannot write {}", signal.display()), e))?;
    if let Some((uid, gid)) = owner {
        chown(&signal, Some(uid), Some(gid))
            .map_err(|e| PgError::io(format!("cannot chown {}", signal.display()), e.into()))?;
    }
    Ok(())
}

fn spawn_postgres(launch: &Launch) -> Result<Child, PgError> {
    let Launch {
        bin_dir,
        pgdata,
        socket_dir,
        data_dir,
        owner,
        tuning,
        settings,
        archives: _,
    } = launch;
    let (owner, tuning) = (*owner, *tuning);
    let log_path = data_dir.join("postgres.log");
    let log = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&log_path)
        .map_err(|e| PgError::io(format!("cannot open {}", log_path.display()), e))?;
    let log_err = log
        .try_clone()
        .map_err(|e| PgError::io("cannot duplicate the log handle", e))?;
    let mut cmd = Command::new(bin_dir.join("postgres"));
    cmd.arg("-D")
        .arg(pgdata)
        .arg("-k")
        .arg(socket_dir)
        .args(["-c", "listen_addresses="])
        .args(["-c", &format!("port={PORT}")])
        .args(["-c", "unix_socket_permissions=0700"])
        // No JIT: the API's statements are short, and a plan whose cost the planner overrates
        // (a count over the register, a policy's sub-select) paid 20 ms and more of LLVM
        // compilation per request for nothing (issue 44).
        .args(["-c", "jit=off"])
        .stdin(Stdio::null())
        .stdout(log)
        .stderr(log_err)
        .current_dir(pgdata)
        // Its own process group: a Ctrl-C in the terminal reaches Kanisa only, which then
        // drains requests before stopping the database.
        .process_group(0)
        .kill_on_drop(false);
    match tuning {
        Tuning::Durable => {
            cmd.args(["-c", "max_connections=100"]);
        }
        Tuning::Throwaway => {
            cmd.arg("-F").args([
                "-c",
                "synchronous_commit=off",
                "-c",
                "full_page_writes=off",
                "-c",
                "max_connections=300",
            ]);
        }
    }
    for (name, value) in settings {
        // Passed as one argument each: PostgreSQL takes the value as it is (no quoting).
        cmd.arg("-c").arg(format!("{name}={value}"));
    }
    if let Some((uid, gid)) = owner {
        cmd.uid(uid.as_raw()).gid(gid.as_raw());
    }
    cmd.spawn()
        .map_err(|e| PgError::io("cannot start postgres", e))
}

fn tail(path: &Path, lines: usize) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let all: Vec<&str> = text.lines().collect();
    all[all.len().saturating_sub(lines)..].join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_archive_command_quotes_the_spool_and_never_overwrites_other_bytes() {
        let spool = Path::new("/srv/it's here/wal-spool");
        assert_eq!(shell_word(spool), "'/srv/it'\\''s here/wal-spool'");
        let durable = archive_command(spool, true);
        assert!(
            durable.starts_with("if test -f '/srv/it'\\''s here/wal-spool'/%f; then cmp -s %p")
        );
        assert!(durable.contains("&& sync '/srv/it'\\''s here/wal-spool'/%f.part && mv"));
        assert!(!archive_command(spool, false).contains("sync"));
    }

    #[test]
    fn long_data_dirs_get_a_short_socket_dir() {
        let short = socket_dir_for(Path::new("/srv/kanisa/data"));
        assert_eq!(short, PathBuf::from("/srv/kanisa/data/run"));
        let long = PathBuf::from(format!("/srv/{}/data", "x".repeat(120)));
        let dir = socket_dir_for(&long);
        assert!(
            dir.to_string_lossy().starts_with("/tmp/kanisa-"),
            "{}",
            dir.display()
        );
        assert_eq!(dir, socket_dir_for(&long), "stable for the same data dir");
    }

    #[test]
    fn a_second_lock_on_the_same_dir_is_refused_and_names_the_holder() {
        let dir = tempfile::tempdir().unwrap();
        let first = take_lock(dir.path()).unwrap();
        assert!(matches!(first, LockOutcome::Taken(_)));
        match take_lock(dir.path()).unwrap() {
            LockOutcome::HeldBy(pid) => assert_eq!(pid, std::process::id().to_string()),
            LockOutcome::Taken(_) => panic!("lock taken twice"),
        }
        drop(first);
        assert!(matches!(
            take_lock(dir.path()).unwrap(),
            LockOutcome::Taken(_)
        ));
    }
}
