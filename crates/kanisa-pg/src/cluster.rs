//! The managed PostgreSQL cluster: Kanisa's embedded default when `DATABASE_URL` is unset.
//!
//! Layout under the data dir:
//! - `kanisa.lock` — held (flock) by the Kanisa process that owns the cluster; the kernel drops
//!   it when that process dies, so a crash never leaves a stale lock behind.
//! - `postgres/`   — the cluster (PGDATA), owned by the PostgreSQL system user when run as root.
//! - `run/`        — the unix socket; the cluster listens on nothing else (no TCP).
//! - `postgres.log`— the server's own log.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, Write};
use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use nix::sys::signal::{Signal, kill};
use nix::unistd::{Gid, Pid, Uid, User, chown};
use tokio::process::{Child, Command};

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
}

/// A running managed cluster. Dropping it does not stop PostgreSQL: call [`Cluster::stop`].
#[derive(Debug)]
pub struct Cluster {
    data_dir: PathBuf,
    pgdata: PathBuf,
    socket_dir: PathBuf,
    bin_dir: PathBuf,
    /// The postmaster we started; `None` when attached to another Kanisa's cluster.
    child: Option<Child>,
    /// Held for the life of an owning process.
    _lock: Option<File>,
    created: bool,
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
                    let mut cluster = Cluster {
                        data_dir,
                        pgdata,
                        socket_dir,
                        bin_dir,
                        child: None,
                        _lock: None,
                        created: false,
                    };
                    cluster.wait_ready(None).await?;
                    return Ok(cluster);
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

        let child = spawn_postgres(
            &bin_dir,
            &pgdata,
            &socket_dir,
            &data_dir,
            owner,
            opts.tuning,
        )?;
        let mut cluster = Cluster {
            data_dir,
            pgdata,
            socket_dir,
            bin_dir,
            child: Some(child),
            _lock: Some(lock),
            created,
        };
        if let Err(e) = cluster.wait_ready(Some(Duration::from_secs(120))).await {
            // Never leave a half-started server behind.
            let _ = cluster.stop_postmaster().await;
            return Err(e);
        }
        cluster.ensure_database().await?;
        tracing::info!(
            pgdata = %cluster.pgdata.display(),
            socket = %cluster.socket_dir.display(),
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
        self.child.is_some()
    }

    /// The postmaster's pid when this process started it.
    pub fn postmaster_pid(&self) -> Option<u32> {
        self.child.as_ref().and_then(Child::id)
    }

    pub fn data_dir(&self) -> &Path {
        &self.data_dir
    }

    pub fn socket_dir(&self) -> &Path {
        &self.socket_dir
    }

    pub fn bin_dir(&self) -> &Path {
        &self.bin_dir
    }

    /// Connection settings for a database of this cluster, as the superuser.
    pub fn pg_config(&self, dbname: &str) -> tokio_postgres::Config {
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

    /// The settings for Kanisa's own database.
    pub fn kanisa_config(&self) -> tokio_postgres::Config {
        self.pg_config(DATABASE)
    }

    /// Stops PostgreSQL (fast shutdown: running transactions are rolled back, data is safe)
    /// when this process started it; an attached cluster is left running.
    pub async fn stop(mut self) -> Result<(), PgError> {
        self.stop_postmaster().await
    }

    async fn stop_postmaster(&mut self) -> Result<(), PgError> {
        let Some(mut child) = self.child.take() else {
            return Ok(());
        };
        if let Some(pid) = child.id() {
            let _ = kill(Pid::from_raw(pid as i32), Signal::SIGINT);
        }
        match tokio::time::timeout(Duration::from_secs(60), child.wait()).await {
            Ok(_) => {
                tracing::info!("managed PostgreSQL stopped");
                Ok(())
            }
            Err(_) => {
                // Immediate shutdown: crash recovery on the next start, but no process left.
                tracing::warn!("PostgreSQL did not stop within 60 s; sending SIGQUIT");
                if let Some(pid) = child.id() {
                    let _ = kill(Pid::from_raw(pid as i32), Signal::SIGQUIT);
                }
                let _ = child.wait().await;
                Ok(())
            }
        }
    }

    /// Waits until the server accepts connections. `limit` None means a short wait for a
    /// cluster that should already be up.
    async fn wait_ready(&mut self, limit: Option<Duration>) -> Result<(), PgError> {
        let limit = limit.unwrap_or(Duration::from_secs(10));
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
                    if let Some(child) = self.child.as_mut()
                        && let Ok(Some(status)) = child.try_wait()
                    {
                        return Err(PgError::StartFailed(format!(
                            "postgres exited with {status}; its log ({}) ends with:\n{}",
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

    fn log_path(&self) -> PathBuf {
        self.data_dir.join("postgres.log")
    }
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

fn spawn_postgres(
    bin_dir: &Path,
    pgdata: &Path,
    socket_dir: &Path,
    data_dir: &Path,
    owner: Option<(Uid, Gid)>,
    tuning: Tuning,
) -> Result<Child, PgError> {
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
