//! Backups with pg_dump (custom format) and restores with pg_restore, plus per-table checksums
//! to prove a round trip.

use std::path::{Path, PathBuf};
use std::process::Stdio;

use tokio::process::Command;
use tokio_postgres::Client;
use tokio_postgres::config::{Host, SslMode};

use crate::cluster::DATABASE;
use crate::error::PgError;
use crate::migrate::ensure_roles;
use crate::pool::{Database, connect_once};

/// Schemas whose tables hold the church's data.
const DATA_SCHEMAS: &[&str] = &["public", "auth", "storage", "kanisa"];

/// Writes the whole database to `file` (pg_dump custom format; compressed).
pub async fn backup(db: &Database, file: &Path) -> Result<(), PgError> {
    BackupTool::of(db)?.backup(file).await
}

/// What a backup needs of the database, apart from it: pg_dump's folder and the connection
/// settings. Cheap to clone, so a scheduled job can hold one.
#[derive(Clone, Debug)]
pub struct BackupTool {
    bin_dir: PathBuf,
    pg_config: tokio_postgres::Config,
}

impl BackupTool {
    /// The tool for the database `pg_config` names, with PostgreSQL's programs in `bin_dir`.
    pub fn new(bin_dir: PathBuf, pg_config: tokio_postgres::Config) -> BackupTool {
        BackupTool { bin_dir, pg_config }
    }

    pub fn of(db: &Database) -> Result<BackupTool, PgError> {
        Ok(BackupTool {
            bin_dir: db.bin_dir()?,
            pg_config: db.pg_config.clone(),
        })
    }

    /// Writes the whole database to `file` (pg_dump custom format; compressed).
    pub async fn backup(&self, file: &Path) -> Result<(), PgError> {
        let mut cmd = Command::new(self.bin_dir.join("pg_dump"));
        // realtime.changes is a queue of moments-old changes for the sockets connected now, and
        // realtime.presences / realtime.instances the presences of the instances running now: a
        // restored database has no such sockets, so their rows are left out (the tables kept).
        cmd.args([
            "--format=custom",
            "--no-owner",
            "--exclude-table-data=realtime.changes",
            "--exclude-table-data=realtime.presences",
            "--exclude-table-data=realtime.instances",
            "--file",
        ])
        .arg(file);
        run_tool(cmd, "pg_dump", &self.pg_config).await
    }

    /// A base backup of the whole managed cluster into the empty folder `into`:
    /// pg_basebackup's tar, gzip-compressed, with its manifest (`backup_manifest`, which names
    /// the WAL the backup needs) and without WAL, which the archive holds.
    pub async fn base_backup(&self, into: &Path) -> Result<(), PgError> {
        let mut cmd = Command::new(self.bin_dir.join("pg_basebackup"));
        cmd.arg("--pgdata").arg(into).args([
            "--format=tar",
            "--gzip",
            "--wal-method=none",
            "--checkpoint=fast",
            "--no-password",
        ]);
        run_tool(cmd, "pg_basebackup", &self.pg_config).await
    }

    /// The connection settings the tool uses (the database owner's).
    pub fn pg_config(&self) -> &tokio_postgres::Config {
        &self.pg_config
    }

    /// Finishes the current WAL segment now, so that the archive holds everything written so
    /// far (after a base backup, before a drill, at shut-down); the name of the segment
    /// finished. Nothing changes when nothing was written since the last switch.
    pub async fn switch_wal(&self) -> Result<String, PgError> {
        let client = connect_once(&self.pg_config).await?;
        Ok(client
            .query_one("SELECT pg_walfile_name(pg_switch_wal())", &[])
            .await?
            .get(0))
    }

    /// [`BackupTool::switch_wal`], then waits (at most `limit`) until `archive_command` has
    /// copied that segment; false when it has not by then.
    pub async fn switch_wal_and_wait(&self, limit: std::time::Duration) -> Result<bool, PgError> {
        let segment = self.switch_wal().await?;
        let client = connect_once(&self.pg_config).await?;
        let started = std::time::Instant::now();
        loop {
            let archived: Option<String> = client
                .query_one("SELECT last_archived_wal FROM pg_stat_archiver", &[])
                .await?
                .get(0);
            // Names of one timeline sort as they are written.
            if archived.is_some_and(|a| a.get(..24) >= segment.get(..24)) {
                return Ok(true);
            }
            if started.elapsed() > limit {
                return Ok(false);
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
    }
}

/// The database a managed restore is written into before it replaces `kanisa`.
const STAGING: &str = "kanisa_restore";

/// Replaces the database's content with the backup in `file`, in one transaction. A backup
/// that is not one, or is truncated or damaged, is refused with [`PgError::BackupUnreadable`]
/// and the database is left as it was.
///
/// For the managed cluster the backup is restored into a database of its own first, and only
/// when all of it went in does that database take the place of `kanisa`. An external database
/// must be empty (Kanisa will not drop a database it does not manage); a failed restore leaves
/// it empty.
pub async fn restore(db: &Database, file: &Path) -> Result<(), PgError> {
    if !file.is_file() {
        return Err(PgError::io(
            format!("cannot read the backup {}", file.display()),
            std::io::Error::from(std::io::ErrorKind::NotFound),
        ));
    }
    let bin = db.bin_dir()?;
    // The table of contents first: a file that is not a backup, or lost its end, stops here.
    let mut list = Command::new(bin.join("pg_restore"));
    list.arg("--list").arg(file).stdout(Stdio::null());
    run_tool(list, "pg_restore", &db.pg_config)
        .await
        .map_err(|e| unreadable(file, e))?;
    let target = match db.cluster() {
        Some(cluster) => {
            let admin = connect_once(&cluster.pg_config("postgres")).await?;
            // Constant names, not input; one statement each, since CREATE DATABASE cannot run
            // inside a multi-statement batch.
            admin
                .batch_execute(&format!("DROP DATABASE IF EXISTS {STAGING} WITH (FORCE)"))
                .await?;
            admin
                .batch_execute(&format!("CREATE DATABASE {STAGING}"))
                .await?;
            ensure_roles(&admin).await?;
            STAGING
        }
        None => {
            let client = db.connect().await?;
            let tables: i64 = client
                .query_one(
                    "SELECT count(*) FROM pg_tables WHERE schemaname = ANY($1)",
                    &[&DATA_SCHEMAS],
                )
                .await?
                .get(0);
            if tables > 0 {
                return Err(PgError::RestoreTargetNotEmpty(
                    db.pg_config
                        .get_dbname()
                        .unwrap_or("the database")
                        .to_owned(),
                ));
            }
            ensure_roles(&client).await?;
            db.pg_config.get_dbname().unwrap_or(DATABASE)
        }
    };
    let mut cmd = Command::new(bin.join("pg_restore"));
    cmd.args([
        "--exit-on-error",
        "--single-transaction",
        "--no-owner",
        "--dbname",
    ])
    .arg(target)
    .arg(file);
    let restored = run_tool(cmd, "pg_restore", &db.pg_config).await;
    if let Some(cluster) = db.cluster() {
        let admin = connect_once(&cluster.pg_config("postgres")).await?;
        if let Err(e) = restored {
            admin
                .batch_execute(&format!("DROP DATABASE IF EXISTS {STAGING} WITH (FORCE)"))
                .await?;
            return Err(unreadable(file, e));
        }
        admin
            .batch_execute(&format!("DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)"))
            .await?;
        admin
            .batch_execute(&format!("ALTER DATABASE {STAGING} RENAME TO {DATABASE}"))
            .await?;
        return Ok(());
    }
    restored.map_err(|e| unreadable(file, e))
}

/// pg_restore's refusal of `file`, said plainly.
fn unreadable(file: &Path, e: PgError) -> PgError {
    match e {
        PgError::Tool { output, .. } => PgError::BackupUnreadable {
            file: file.display().to_string(),
            reason: output
                .lines()
                .find(|l| l.contains("error"))
                .unwrap_or(output.lines().next().unwrap_or("pg_restore failed"))
                .trim_start_matches("pg_restore: ")
                .to_owned(),
        },
        other => other,
    }
}

/// Runs a libpq tool with the connection in PG* variables (never on the command line, where
/// other users could read a password).
async fn run_tool(
    mut cmd: Command,
    tool: &str,
    pg_config: &tokio_postgres::Config,
) -> Result<(), PgError> {
    for var in [
        "PGHOST",
        "PGPORT",
        "PGUSER",
        "PGPASSWORD",
        "PGDATABASE",
        "PGSSLMODE",
    ] {
        cmd.env_remove(var);
    }
    if let Some(host) = pg_config.get_hosts().first() {
        match host {
            Host::Tcp(name) => cmd.env("PGHOST", name),
            Host::Unix(path) => cmd.env("PGHOST", path),
        };
    }
    if let Some(port) = pg_config.get_ports().first() {
        cmd.env("PGPORT", port.to_string());
    }
    if let Some(user) = pg_config.get_user() {
        cmd.env("PGUSER", user);
    }
    if let Some(password) = pg_config.get_password() {
        cmd.env("PGPASSWORD", String::from_utf8_lossy(password).into_owned());
    }
    if let Some(db) = pg_config.get_dbname() {
        cmd.env("PGDATABASE", db);
    }
    cmd.env(
        "PGSSLMODE",
        match pg_config.get_ssl_mode() {
            SslMode::Disable => "disable",
            SslMode::Require => "require",
            _ => "prefer",
        },
    );
    let output = cmd
        .stdin(Stdio::null())
        .output()
        .await
        .map_err(|e| PgError::io(format!("cannot run {tool}"), e))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(PgError::Tool {
            tool: tool.to_owned(),
            output: String::from_utf8_lossy(&output.stderr).trim().to_owned(),
        })
    }
}

/// The live database's checksums at a named restore point, exactly: writers to the data tables
/// are held back (SHARE locks, at most `lock_wait` to get them) while a snapshot is exported and
/// the restore point written, then let go; the checksums are read in that snapshot on a second
/// connection while writes go on. A restore to the point (`recovery_target_name`) must give
/// the same checksums. The restore point's name is the caller's (a constant-like label).
pub async fn checksums_at_restore_point(
    pg_config: &tokio_postgres::Config,
    name: &str,
    lock_wait: std::time::Duration,
) -> Result<Vec<TableChecksum>, PgError> {
    let holder = connect_once(pg_config).await?;
    let reader = connect_once(pg_config).await?;
    let tables: Vec<String> = reader
        .query(
            "SELECT format('%I.%I', schemaname, tablename) FROM pg_tables \
             WHERE schemaname = ANY($1) ORDER BY 1",
            &[&DATA_SCHEMAS],
        )
        .await?
        .iter()
        .map(|r| r.get(0))
        .collect();
    // LOCK takes no snapshot: the one exported after it sees every writer that got in first.
    holder
        .batch_execute(&format!(
            "BEGIN ISOLATION LEVEL REPEATABLE READ; SET LOCAL lock_timeout = '{}ms'",
            lock_wait.as_millis()
        ))
        .await?;
    // Identifiers quoted by PostgreSQL's format(%I), from the catalog.
    holder
        .batch_execute(&format!("LOCK TABLE {} IN SHARE MODE", tables.join(", ")))
        .await?;
    let snapshot: String = holder
        .query_one("SELECT pg_export_snapshot()", &[])
        .await?
        .get(0);
    holder
        .query_one("SELECT pg_create_restore_point($1)::text", &[&name])
        .await?;
    // A snapshot id is hex digits and dashes; anything else is not put into SQL.
    if snapshot.is_empty() || !snapshot.chars().all(|c| c.is_ascii_hexdigit() || c == '-') {
        return Err(PgError::Tool {
            tool: "pg_export_snapshot".into(),
            output: format!("unexpected snapshot id {snapshot:?}"),
        });
    }
    reader
        .batch_execute(&format!(
            "BEGIN ISOLATION LEVEL REPEATABLE READ; SET TRANSACTION SNAPSHOT '{snapshot}'"
        ))
        .await?;
    holder.batch_execute("COMMIT").await?;
    let checksums = table_checksums(&reader).await;
    let _ = reader.batch_execute("COMMIT").await;
    checksums
}

/// A table's row count and a checksum of its content (rows in a stable order).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableChecksum {
    pub table: String,
    pub rows: i64,
    pub md5: String,
}

/// Every data table with its row count and content checksum, sorted by name.
pub async fn table_checksums(client: &Client) -> Result<Vec<TableChecksum>, PgError> {
    let tables = client
        .query(
            "SELECT schemaname, tablename, format('%I.%I', schemaname, tablename) \
             FROM pg_tables WHERE schemaname = ANY($1) ORDER BY 1, 2",
            &[&DATA_SCHEMAS],
        )
        .await?;
    let mut out = Vec::with_capacity(tables.len());
    for t in tables {
        let schema: String = t.get(0);
        let name: String = t.get(1);
        // The identifier comes from the catalog and was quoted by PostgreSQL's format(%I).
        let quoted: String = t.get(2);
        let row = client
            .query_one(
                &format!(
                    "SELECT count(*), md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) \
                     FROM {quoted} t"
                ),
                &[],
            )
            .await?;
        out.push(TableChecksum {
            table: format!("{schema}.{name}"),
            rows: row.get(0),
            md5: row.get(1),
        });
    }
    Ok(out)
}
