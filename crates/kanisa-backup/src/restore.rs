//! Restore to a moment (`kanisa restore --at … --into DIR`, or `--latest`): a new data dir,
//! database and files, as they were then. The live data dir is never touched.
//!
//! The newest base backup finished by the moment is unpacked into `DIR/postgres`, the archived
//! WAL from its first segment on is fetched into `DIR/wal-restore`, and PostgreSQL replays it
//! up to the moment (`recovery_target_time`; everything there is for `--latest`), then
//! promotes. The stored files its rows name are then copied into `DIR/storage`.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use kanisa_pg::{Access, Cluster, ClusterOptions, Recovery, RecoveryTarget, Tuning};
use kanisa_storage::Store;

use crate::base::{self, BaseInfo};
use crate::destination::Destination;
use crate::error::BackupError;
use crate::files::file_name;
use crate::wal::is_archived_file;

/// What to restore, and where.
#[derive(Debug, Clone)]
pub struct RestoreOptions {
    /// The folder to create (or an empty one): the restored data dir.
    pub into: PathBuf,
    /// The moment.
    pub moment: Moment,
    /// Copy the stored files into `storage/`, or only check that each is at the destination.
    pub files: FilesMode,
    /// PostgreSQL's programs (found as for the managed cluster when `None`).
    pub bin_dir: Option<PathBuf>,
    /// The system user that runs PostgreSQL when Kanisa runs as root.
    pub os_user: String,
    /// The live data dir, which a restore refuses to write into.
    pub live_data_dir: Option<PathBuf>,
    /// Read every data table's checksum from the restored database (the drill).
    pub checksums: bool,
}

/// Which moment a restore brings back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Moment {
    /// Everything the destination holds (a lost machine).
    Latest,
    /// A moment in time.
    At(DateTime<Utc>),
    /// A restore point made (by the drill) at `made_at`.
    RestorePoint {
        name: String,
        made_at: DateTime<Utc>,
    },
}

impl Moment {
    /// The time a base backup must have finished by; none for the latest.
    fn time(&self) -> Option<DateTime<Utc>> {
        match self {
            Moment::Latest => None,
            Moment::At(at) => Some(*at),
            Moment::RestorePoint { made_at, .. } => Some(*made_at),
        }
    }

    fn target(&self) -> RecoveryTarget {
        match self {
            Moment::Latest => RecoveryTarget::Latest,
            Moment::At(at) => RecoveryTarget::Time(target_time(*at)),
            Moment::RestorePoint { name, .. } => RecoveryTarget::Name(name.clone()),
        }
    }
}

/// What a restore does with the stored files its rows name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FilesMode {
    /// Copy each into the new data dir's `storage/`.
    Copy,
    /// Only check that each is at the destination (the drill).
    Check,
}

/// What a restore brought back.
#[derive(Debug, Clone)]
pub struct Restored {
    pub base: BaseInfo,
    /// WAL files replayed (fetched from the destination).
    pub wal_files: usize,
    /// Stored files copied into `storage` (or found at the destination, for a check).
    pub files: usize,
    /// The last transaction replayed, as PostgreSQL knows it (none when nothing was replayed).
    pub last_transaction: Option<DateTime<Utc>>,
    pub data_dir: PathBuf,
    pub storage_dir: PathBuf,
    /// With [`RestoreOptions::checksums`]: the restored tables' checksums.
    pub checksums: Vec<kanisa_pg::TableChecksum>,
}

/// The moment as `recovery_target_time` reads it.
pub fn target_time(at: DateTime<Utc>) -> String {
    at.format("%Y-%m-%d %H:%M:%S%.6f+00").to_string()
}

/// The base backup a restore to `at` starts from: the newest that had finished by then.
pub fn choose_base(
    bases: &[BaseInfo],
    at: Option<DateTime<Utc>>,
) -> Result<&BaseInfo, BackupError> {
    let Some(newest) = bases.last() else {
        return Err(BackupError::NothingToRestore(
            "the backup destination holds no finished base backup yet".into(),
        ));
    };
    let Some(at) = at else {
        return Ok(newest);
    };
    bases
        .iter()
        .rev()
        .find(|b| b.finished_at <= at)
        .ok_or_else(|| {
            BackupError::NothingToRestore(format!(
                "the oldest backup finished at {}; nothing older can be restored",
                bases[0].finished_at.format("%Y-%m-%d %H:%M:%S UTC")
            ))
        })
}

/// Restores into a new data dir (see the module doc).
pub async fn restore(
    destination: &Destination,
    options: &RestoreOptions,
) -> Result<Restored, BackupError> {
    let into = check_target(options)?;
    let existed = into.exists();
    let restored = restore_into(destination, options, &into).await;
    if restored.is_err() {
        // The folder was new or empty: a failed restore leaves it as it was.
        if existed {
            if let Ok(entries) = std::fs::read_dir(&into) {
                for entry in entries.flatten() {
                    let path = entry.path();
                    let _ = if path.is_dir() {
                        std::fs::remove_dir_all(&path)
                    } else {
                        std::fs::remove_file(&path)
                    };
                }
            }
        } else {
            let _ = std::fs::remove_dir_all(&into);
        }
    }
    restored
}

async fn restore_into(
    destination: &Destination,
    options: &RestoreOptions,
    into: &Path,
) -> Result<Restored, BackupError> {
    let into = into.to_owned();
    let bases = base::list(destination).await?;
    let base = choose_base(&bases, options.moment.time())?.clone();
    let pgdata = into.join("postgres");
    let wal_dir = into.join("wal-restore");
    create_dir(&into, 0o711)?;
    create_dir(&pgdata, 0o700)?;
    create_dir(&wal_dir, 0o755)?;

    // The base backup, unpacked.
    let tarball = into.join("base.tar.gz");
    destination
        .get_file(&format!("base/{}/base.tar.gz", base.label), &tarball)
        .await?;
    unpack(&tarball, &pgdata).await?;
    let _ = tokio::fs::remove_file(&tarball).await;

    // The WAL from the base backup's first segment on, and the timeline histories.
    let mut wal_files = 0;
    for name in destination.list("wal").await? {
        let file = name.trim_start_matches("wal/");
        let wanted = file.ends_with(".history")
            || (is_archived_file(file) && !file.contains('.') && *file >= *base.start_segment);
        if wanted {
            let segment = crate::wal::decompress(destination.get_bytes(&name).await?)?;
            let path = wal_dir.join(file);
            tokio::fs::write(&path, segment)
                .await
                .map_err(|e| BackupError::io(format!("cannot write {}", path.display()), e))?;
            wal_files += 1;
        }
    }
    kanisa_pg::give_to_postgres(&pgdata, &options.os_user)?;
    kanisa_pg::give_to_postgres(&wal_dir, &options.os_user)?;

    // Replay, then promote.
    let log = into.join("postgres.log");
    let cluster = Cluster::open(
        &ClusterOptions {
            data_dir: into.clone(),
            bin_dir: options.bin_dir.clone(),
            os_user: options.os_user.clone(),
            tuning: Tuning::Durable,
            archive: None,
            recovery: Some(Recovery {
                wal_dir: wal_dir.clone(),
                target: options.moment.target(),
            }),
        },
        Access::Exclusive,
    )
    .await
    .map_err(|e| recovery_failed(&e.to_string(), &log))?;
    let replayed = promoted(&cluster, &log).await;
    let outcome = match replayed {
        Ok(last) => {
            match copy_files(&cluster, destination, &into.join("storage"), options.files).await {
                Ok(files) if options.checksums => {
                    checksums(&cluster).await.map(|sums| (last, files, sums))
                }
                Ok(files) => Ok((last, files, Vec::new())),
                Err(e) => Err(e),
            }
        }
        Err(e) => Err(e),
    };
    cluster.stop().await?;
    let _ = tokio::fs::remove_dir_all(&wal_dir).await;
    let (last_transaction, files, checksums) = outcome?;
    Ok(Restored {
        base,
        wal_files,
        files,
        last_transaction,
        storage_dir: into.join("storage"),
        data_dir: into,
        checksums,
    })
}

async fn checksums(cluster: &Cluster) -> Result<Vec<kanisa_pg::TableChecksum>, BackupError> {
    let client = kanisa_pg::connect_once(&cluster.kanisa_config()).await?;
    Ok(kanisa_pg::table_checksums(&client).await?)
}

/// The folder to restore into, absolute: new or empty, and not the live data dir.
fn check_target(options: &RestoreOptions) -> Result<PathBuf, BackupError> {
    let into = std::path::absolute(&options.into)
        .map_err(|e| BackupError::io(format!("cannot resolve {}", options.into.display()), e))?;
    if let Some(live) = &options.live_data_dir {
        let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        };
        if same(&into, live) || into.starts_with(std::path::absolute(live).unwrap_or_default()) {
            return Err(BackupError::Target(format!(
                "{} is the live data dir (or inside it): restore into a new folder, then serve \
                 it with KANISA_DATA_DIR",
                into.display()
            )));
        }
    }
    if let Ok(mut entries) = std::fs::read_dir(&into)
        && entries.next().is_some()
    {
        return Err(BackupError::Target(format!(
            "{} is not empty: restore into a new folder",
            into.display()
        )));
    }
    Ok(into)
}

fn create_dir(dir: &Path, mode: u32) -> Result<(), BackupError> {
    use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(mode)
        .create(dir)
        .and_then(|()| std::fs::set_permissions(dir, std::fs::Permissions::from_mode(mode)))
        .map_err(|e| BackupError::io(format!("cannot create {}", dir.display()), e))
}

/// `tar -xzf tarball -C dir`.
async fn unpack(tarball: &Path, dir: &Path) -> Result<(), BackupError> {
    let output = tokio::process::Command::new("tar")
        .arg("-xzf")
        .arg(tarball)
        .arg("-C")
        .arg(dir)
        .output()
        .await
        .map_err(|e| BackupError::io("cannot run tar", e))?;
    if !output.status.success() {
        return Err(BackupError::Damaged(format!(
            "the base backup does not unpack: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        )));
    }
    Ok(())
}

/// Waits until PostgreSQL has replayed to the target and promoted; the last transaction it
/// replayed.
async fn promoted(cluster: &Cluster, log: &Path) -> Result<Option<DateTime<Utc>>, BackupError> {
    let started = Instant::now();
    let config = cluster.kanisa_config();
    loop {
        if let Ok(client) = kanisa_pg::connect_once(&config).await
            && let Ok(row) = client
                .query_one(
                    "SELECT pg_is_in_recovery(), pg_last_xact_replay_timestamp()",
                    &[],
                )
                .await
        {
            let in_recovery: bool = row.get(0);
            if !in_recovery {
                return Ok(row.get(1));
            }
        }
        if let Some(fatal) = fatal_line(log) {
            return Err(recovery_failed(&fatal, log));
        }
        if started.elapsed() > Duration::from_secs(60 * 60) {
            return Err(recovery_failed("still replaying after an hour", log));
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The first line of the restore's PostgreSQL log saying that the server itself failed, if
/// any (connections it turned away while starting are logged as FATAL too: those are not).
fn fatal_line(log: &Path) -> Option<String> {
    const TURNED_AWAY: &[&str] = &[
        "the database system is starting up",
        "the database system is not yet accepting connections",
        "the database system is shutting down",
        "consistent recovery state has not been yet reached",
    ];
    let text = std::fs::read_to_string(log).ok()?;
    text.lines()
        .find(|l| {
            (l.contains("FATAL:") || l.contains("PANIC:"))
                && !TURNED_AWAY.iter().any(|benign| l.contains(benign))
        })
        .map(|l| l.to_owned())
}

/// PostgreSQL's refusal, said plainly (the cause a church can act on first).
fn recovery_failed(reason: &str, log: &Path) -> BackupError {
    let fatal = fatal_line(log).unwrap_or_else(|| reason.to_owned());
    let hint = if fatal.contains("recovery ended before configured recovery target was reached") {
        "the archive ends before that moment (nothing was written after it yet, or the newest \
         WAL has not been shipped): choose an earlier moment, or --latest"
    } else {
        "see the log"
    };
    BackupError::Recovery(format!(
        "PostgreSQL could not restore to that moment: {hint} ({}): {fatal}",
        log.display()
    ))
}

/// Copies the bytes of every file the restored rows name into `storage` (the file store's
/// layout, `{bucket}/{version}`).
async fn copy_files(
    cluster: &Cluster,
    destination: &Destination,
    storage: &Path,
    mode: FilesMode,
) -> Result<usize, BackupError> {
    let client = kanisa_pg::connect_once(&cluster.kanisa_config()).await?;
    let named = crate::files::named_versions(&client).await?;
    create_dir(storage, 0o755)?;
    let root = storage.to_owned();
    let mut missing = Vec::new();
    for (bucket, version) in &named {
        let (bucket, version) = (bucket.as_str(), *version);
        let name = file_name(bucket, version);
        if mode == FilesMode::Check {
            if !destination.exists(&name).await? {
                missing.push(format!("{bucket}/{version}"));
            }
            continue;
        }
        let target = root.join(Store::key(bucket, version).to_string());
        if let Some(parent) = target.parent() {
            create_dir(parent, 0o755)?;
        }
        match destination.get_file(&name, &target).await {
            Ok(_) => {}
            Err(BackupError::Store {
                source: object_store::Error::NotFound { .. },
                ..
            }) => missing.push(format!("{bucket}/{version}")),
            Err(e) => return Err(e),
        }
    }
    if !missing.is_empty() {
        return Err(BackupError::Damaged(format!(
            "{} stored file(s) the restored rows name are not in the backup (first: {})",
            missing.len(),
            missing[0]
        )));
    }
    Ok(named.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base(label: &str, finished: &str) -> BaseInfo {
        BaseInfo {
            label: label.into(),
            started_at: finished.parse().unwrap(),
            finished_at: finished.parse().unwrap(),
            timeline: 1,
            start_lsn: "0/2000028".into(),
            end_lsn: "0/2000100".into(),
            start_segment: "000000010000000000000002".into(),
            end_segment: "000000010000000000000002".into(),
            size_bytes: 1,
            encrypted: false,
        }
    }

    #[test]
    fn a_restore_starts_from_the_newest_base_backup_finished_by_the_moment() {
        let bases = [
            base("a", "2026-11-20T01:00:00Z"),
            base("b", "2026-11-21T01:00:00Z"),
            base("c", "2026-11-22T01:00:00Z"),
        ];
        let at = |s: &str| Some(s.parse::<DateTime<Utc>>().unwrap());
        assert_eq!(choose_base(&bases, None).unwrap().label, "c");
        assert_eq!(
            choose_base(&bases, at("2026-11-21T13:00:00Z"))
                .unwrap()
                .label,
            "b"
        );
        assert_eq!(
            choose_base(&bases, at("2026-11-21T01:00:00Z"))
                .unwrap()
                .label,
            "b"
        );
        let early = choose_base(&bases, at("2026-11-19T00:00:00Z")).unwrap_err();
        assert!(
            early.to_string().contains("2026-11-20 01:00:00 UTC"),
            "{early}"
        );
        assert!(matches!(
            choose_base(&[], None),
            Err(BackupError::NothingToRestore(_))
        ));
    }

    #[test]
    fn connections_turned_away_while_starting_are_not_a_failure() {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("postgres.log");
        std::fs::write(
            &log,
            "LOG:  starting PostgreSQL\n\
             FATAL:  the database system is starting up\n\
             FATAL:  the database system is not yet accepting connections\n",
        )
        .unwrap();
        assert_eq!(fatal_line(&log), None);
        let mut text = std::fs::read_to_string(&log).unwrap();
        text.push_str("FATAL:  recovery ended before configured recovery target was reached\n");
        std::fs::write(&log, text).unwrap();
        let failed = recovery_failed("x", &log).to_string();
        assert!(
            failed.contains("the archive ends before that moment"),
            "{failed}"
        );
    }

    #[test]
    fn the_target_time_is_in_utc_with_microseconds() {
        let at: DateTime<Utc> = "2026-11-27T07:04:05.123456Z".parse().unwrap();
        assert_eq!(target_time(at), "2026-11-27 07:04:05.123456+00");
    }

    #[test]
    fn the_live_data_dir_and_a_full_folder_are_refused() {
        let live = tempfile::tempdir().unwrap();
        let options = |into: PathBuf| RestoreOptions {
            into,
            moment: Moment::Latest,
            files: FilesMode::Copy,
            bin_dir: None,
            os_user: "postgres".into(),
            live_data_dir: Some(live.path().to_owned()),
            checksums: false,
        };
        assert!(matches!(
            check_target(&options(live.path().to_owned())),
            Err(BackupError::Target(_))
        ));
        assert!(matches!(
            check_target(&options(live.path().join("inside"))),
            Err(BackupError::Target(_))
        ));
        let other = tempfile::tempdir().unwrap();
        std::fs::write(other.path().join("x"), b"x").unwrap();
        assert!(matches!(
            check_target(&options(other.path().to_owned())),
            Err(BackupError::Target(_))
        ));
        let empty = tempfile::tempdir().unwrap();
        assert!(check_target(&options(empty.path().to_owned())).is_ok());
        assert!(check_target(&options(empty.path().join("new"))).is_ok());
    }
}
