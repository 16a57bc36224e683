//! Backups, the feature (issues 18 and 34): the periodic `scheduled_backup` job looks every
//! `check` interval (an hour) whether a backup is due — the last one that worked is older than
//! the `backup_frequency` setting (daily, weekly, monthly) — and if so takes one, records the
//! attempt in `kanisa.backups` and logs it (`backup_created`, or `system_maintenance` with the
//! error). For the managed cluster that is a base backup to the backup destination
//! (kanisa-backup; with the archived WAL it restores to any moment), keeping the newest
//! `backup_keep`, those any moment of the last `backup_keep_days` days needs, and their WAL;
//! with `DATABASE_URL` it is a pg_dump stored at the destination with the stored files, kept
//! the same way. The destination is chosen again for every check (kanisa-backup's
//! `Destinations`), and only backups at the one in use count: a destination changed in System
//! Settings gets its first backup at the next check, which the change itself queues. One check
//! per slot whichever instance enqueues it (kanisa-jobs' scheduler).
//!
//! Owns the backup folder's `kanisa-*.dump` files and `kanisa.backups`; never restores (that
//! is `kanisa restore`: kanisa-pg's for a dump, kanisa-backup's to a moment).

mod sheet;

use std::path::{Path, PathBuf};
use std::time::Duration;

use chrono::{DateTime, Utc};
use kanisa_backup::Retention;
use kanisa_jobs::{Job, JobFailure, RunInfo};
use kanisa_pg::{BackupTool, Pool};
use serde::{Deserialize, Serialize};
use serde_json::json;

pub use sheet::RecoverySheet;

pub const SCHEDULED_BACKUP: &str = "scheduled_backup";
pub const BACKUP_DRILL: &str = "backup_drill";

/// How often the drill is due: every week.
const DRILL_EVERY: Duration = Duration::from_secs(7 * 24 * 60 * 60);

/// Marks a refusal for want of space at the destination (a failed run, not tried again).
const NO_ROOM: &str = "no room: ";

/// A backup that takes longer than this is stopped and recorded as failed.
const BACKUP_TIMEOUT: Duration = Duration::from_secs(30 * 60);

/// When and where backups happen.
#[derive(Clone, Debug)]
pub struct BackupSchedule {
    /// A folder on this machine where a dump is written before it goes to the destination.
    pub dir: PathBuf,
    /// How often to look whether one is due.
    pub check: Duration,
    /// How often one is due, instead of the `backup_frequency` setting (tests, operators).
    pub every: Option<Duration>,
}

/// How often a backup is due for a `backup_frequency` value (daily when unknown).
pub fn period_of(frequency: &str) -> Duration {
    const DAY: u64 = 24 * 60 * 60;
    Duration::from_secs(match frequency {
        "weekly" => 7 * DAY,
        "monthly" => 30 * DAY,
        _ => DAY,
    })
}

/// The backup files of `names` to delete at `now` so that what `retention` asks for stays. Only
/// Kanisa's own backups (`kanisa-<UTC time>.dump`, named by [`file_name`]) count.
pub fn to_prune(names: &[String], retention: Retention, now: DateTime<Utc>) -> Vec<String> {
    let mut ours: Vec<(DateTime<Utc>, &String)> = names
        .iter()
        .filter_map(|n| {
            let at = n.strip_prefix("kanisa-")?.strip_suffix(".dump")?;
            let at = chrono::NaiveDateTime::parse_from_str(at, "%Y%m%dT%H%M%SZ").ok()?;
            Some((at.and_utc(), n))
        })
        .collect();
    ours.sort();
    let times: Vec<_> = ours.iter().map(|(at, _)| *at).collect();
    let excess = retention.excess(&times, now);
    ours.into_iter()
        .take(excess)
        .map(|(_, n)| n.clone())
        .collect()
}

/// The file name of a backup started at `at`.
pub fn file_name(at: DateTime<Utc>) -> String {
    format!("kanisa-{}.dump", at.format("%Y%m%dT%H%M%SZ"))
}

/// `scheduled_backup` (periodic every `BackupSchedule::check`, no arguments).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct ScheduledBackup {}

/// Base backups of the managed cluster, to the backup destination, and the drill.
#[derive(Clone, Debug)]
pub struct BaseBackups {
    /// Chosen again for each backup and drill (a change in System Settings is followed).
    pub destinations: kanisa_backup::Destinations,
    /// A folder on this machine for pg_basebackup's output while it is uploaded.
    pub work: PathBuf,
    /// Where and how the weekly drill restores.
    pub drill: kanisa_backup::drill::DrillOptions,
}

/// Dumps of an external database (`DATABASE_URL`) to the backup destination, with copies of
/// the stored files: the dump is written in the schedule's folder on this machine, stored as
/// `dumps/<file name>` (sealed with the key, if any), then removed here.
#[derive(Clone, Debug)]
pub struct DumpBackups {
    pub destinations: kanisa_backup::Destinations,
    /// The file store whose files are copied alongside (none: no files to copy).
    pub store: Option<kanisa_storage::Store>,
}

/// Where a dump named `file` is kept at the destination.
pub fn dump_key(file: &str) -> String {
    format!("dumps/{file}")
}

/// What the backup check needs.
#[derive(Clone)]
pub struct Backups {
    service: Pool,
    tool: BackupTool,
    schedule: BackupSchedule,
    base: Option<BaseBackups>,
    dumps: Option<DumpBackups>,
}

impl Backups {
    /// The backup check, with nothing to back up to until [`Backups::with_base`] (the managed
    /// cluster) or [`Backups::with_dumps`] (`DATABASE_URL`) says where.
    pub fn new(service: Pool, tool: BackupTool, schedule: BackupSchedule) -> Backups {
        Backups {
            service,
            tool,
            schedule,
            base: None,
            dumps: None,
        }
    }

    /// Dumps stored at a destination, files included, instead of kept in the folder.
    pub fn with_dumps(mut self, dumps: DumpBackups) -> Backups {
        self.dumps = Some(dumps);
        self
    }

    /// Base backups to the destination instead of dumps.
    pub fn with_base(mut self, base: BaseBackups) -> Backups {
        self.base = Some(base);
        self
    }

    /// Registers the backup check, periodic every [`BackupSchedule::check`], and with base
    /// backups the drill (checked as often; due weekly, or when a Super Admin asks).
    pub fn jobs(self, registry: kanisa_jobs::Registry) -> kanisa_jobs::Registry {
        let check = self.schedule.check;
        let drills = self.base.is_some();
        let registry = registry
            .job::<ScheduledBackup>(self.clone())
            .every::<ScheduledBackup>(check);
        if drills {
            registry
                .job::<BackupDrill>(self)
                .every::<BackupDrill>(check)
        } else {
            registry
        }
    }

    /// Whether the weekly drill is due: there is a base backup to restore, and no drill in
    /// the last week.
    async fn drill_due(&self, destination: &kanisa_backup::Destination) -> Result<bool, String> {
        let client = self.service.get().await.map_err(|e| e.to_string())?;
        let row = client
            .query_one(
                "SELECT EXISTS (SELECT 1 FROM kanisa.backups b \
                                WHERE b.ok AND b.kind = 'base' AND b.destination = $1), \
                        (SELECT max(d.finished_at) FROM kanisa.backup_drills d)",
                &[&destination.url().as_str()],
            )
            .await
            .map_err(|e| kanisa_pg::describe(&e))?;
        let has_base: bool = row.get(0);
        let last: Option<DateTime<Utc>> = row.get(1);
        Ok(has_base
            && last.is_none_or(|last| {
                Utc::now() - last >= chrono::Duration::from_std(DRILL_EVERY).unwrap_or_default()
            }))
    }

    /// Runs a drill and records it. A failed drill is recorded and logged, and fails its job
    /// (one attempt): the Dashboard's scheduled tasks show it to the Super Admin with the reason.
    async fn drill(
        &self,
        base: &BaseBackups,
        destination: &kanisa_backup::Destination,
    ) -> Result<(), String> {
        let started = Utc::now();
        let outcome = kanisa_backup::drill::drill(&self.tool, destination, &base.drill).await;
        if let Err(kanisa_backup::BackupError::Busy(reason)) = &outcome {
            tracing::info!(%reason, "this drill check leaves it be");
            return Ok(());
        }
        let ok = kanisa_backup::drill::record(&self.service, started, &outcome)
            .await
            .map_err(|e| e.to_string())?;
        match outcome {
            Ok(_) if ok => Ok(()),
            Ok(report) => Err(format!(
                "the backup drill failed: {} of {} tables differ after the restore ({})",
                report.mismatches.len(),
                report.tables,
                report.mismatches.join("; ")
            )),
            Err(e) => Err(format!("the backup drill failed: {e}")),
        }
    }

    /// `Some(retention)` when a backup is due now at `destination`: none worked there yet (a
    /// new destination gets its first at once), none since the WAL there was cut by a gap that
    /// could not be closed (kanisa-backup's runs: the base backups before it no longer reach the
    /// present), or the last is older than the period.
    async fn due(
        &self,
        destination: &kanisa_backup::Destination,
    ) -> Result<Option<Retention>, String> {
        let client = self.service.get().await.map_err(|e| e.to_string())?;
        let row = client
            .query_one(
                "SELECT (SELECT s.value #>> '{}' FROM public.system_settings s \
                          WHERE s.key = 'backup_frequency'), \
                        (SELECT s.value #>> '{}' FROM public.system_settings s \
                          WHERE s.key = 'backup_keep'), \
                        (SELECT s.value #>> '{}' FROM public.system_settings s \
                          WHERE s.key = 'backup_keep_days'), \
                        (SELECT max(b.finished_at) FROM kanisa.backups b \
                          WHERE b.ok AND b.destination = $1 AND b.pruned_at IS NULL \
                            AND (b.kind <> 'base' OR NOT EXISTS ( \
                                   SELECT 1 FROM kanisa.backup_wal_runs r WHERE r.destination = $1) \
                                 OR b.details ->> 'start_segment' >= ( \
                                   SELECT r.first_segment FROM kanisa.backup_wal_runs r \
                                    WHERE r.destination = $1 \
                                    ORDER BY r.last_at DESC, r.last_segment DESC LIMIT 1)))",
                &[&destination.url().as_str()],
            )
            .await
            .map_err(|e| kanisa_pg::describe(&e))?;
        let frequency: Option<String> = row.get(0);
        let keep = row
            .get::<_, Option<String>>(1)
            .and_then(|k| k.parse::<usize>().ok())
            .map_or(7, |k| k.clamp(1, 100));
        let days = row
            .get::<_, Option<String>>(2)
            .and_then(|d| d.parse::<u32>().ok())
            .map_or(0, |d| d.min(3650));
        let last: Option<DateTime<Utc>> = row.get(3);
        let period = self
            .schedule
            .every
            .unwrap_or_else(|| period_of(frequency.as_deref().unwrap_or("daily")));
        let due = match last {
            None => true,
            Some(last) => {
                // A little slack: a check that lands a few seconds early still counts.
                let slack = (self.schedule.check / 10).min(Duration::from_secs(60));
                Utc::now() - last + chrono::Duration::from_std(slack).unwrap_or_default()
                    >= chrono::Duration::from_std(period).unwrap_or_default()
            }
        };
        Ok(due.then_some(Retention { keep, days }))
    }

    /// Records the start of a backup attempt in `kanisa.backups`; its id.
    async fn record_start(
        &self,
        started: DateTime<Utc>,
        file: &str,
        kind: &str,
        destination: &kanisa_backup::Destination,
    ) -> Result<i64, String> {
        let client = self.service.get().await.map_err(|e| e.to_string())?;
        Ok(client
            .query_one(
                "INSERT INTO kanisa.backups (started_at, file, kind, destination) \
                 VALUES ($1, $2, $3, $4) RETURNING id",
                &[&started, &file, &kind, &destination.url().as_str()],
            )
            .await
            .map_err(|e| kanisa_pg::describe(&e))?
            .get(0))
    }

    /// Records an attempt that worked, and logs it as `backup_created` with `log`.
    async fn record_success(
        &self,
        id: i64,
        size: i64,
        details: Option<&serde_json::Value>,
        log: &serde_json::Value,
    ) -> Result<(), String> {
        let client = self.service.get().await.map_err(|e| e.to_string())?;
        client
            .execute(
                "WITH done AS (UPDATE kanisa.backups SET finished_at = now(), ok = true, \
                                 size_bytes = $2, details = $3 WHERE id = $1) \
                 INSERT INTO public.admin_activity_logs (admin_id, action, details) \
                 VALUES (NULL, 'backup_created', $4)",
                &[&id, &size, &details, log],
            )
            .await
            .map_err(|e| kanisa_pg::describe(&e))?;
        Ok(())
    }

    /// Records an attempt that failed with `error`, and logs it as `system_maintenance`.
    async fn record_failure(
        &self,
        id: i64,
        error: &str,
        log: &serde_json::Value,
    ) -> Result<(), String> {
        let client = self.service.get().await.map_err(|e| e.to_string())?;
        client
            .execute(
                "WITH done AS (UPDATE kanisa.backups SET finished_at = now(), ok = false, \
                                 error = $2 WHERE id = $1) \
                 INSERT INTO public.admin_activity_logs (admin_id, action, details) \
                 VALUES (NULL, 'system_maintenance', $3)",
                &[&id, &error, log],
            )
            .await
            .map_err(|e| kanisa_pg::describe(&e))?;
        Ok(())
    }

    /// Takes a base backup, records and logs the attempt, prunes the oldest. One at a time
    /// across instances and overlapping checks (a session advisory lock, held on its own
    /// connection for the whole backup): a check that finds one running leaves it be.
    async fn back_up_base(
        &self,
        base: &BaseBackups,
        destination: &kanisa_backup::Destination,
        retention: Retention,
    ) -> Result<(), String> {
        let guard = self.service.get().await.map_err(|e| e.to_string())?;
        let locked: bool = guard
            .query_one(
                "SELECT pg_try_advisory_lock(hashtext('kanisa.base_backup'))",
                &[],
            )
            .await
            .map_err(|e| kanisa_pg::describe(&e))?
            .get(0);
        if !locked {
            tracing::info!("a base backup is already running; this check leaves it be");
            return Ok(());
        }
        let outcome = self.back_up_base_locked(base, destination, retention).await;
        let unlocked = guard
            .execute(
                "SELECT pg_advisory_unlock(hashtext('kanisa.base_backup'))",
                &[],
            )
            .await;
        if unlocked.is_err() {
            // The lock goes with the connection: never hand it back to the pool holding it.
            let _ = deadpool_postgres::Object::take(guard);
        }
        outcome
    }

    async fn back_up_base_locked(
        &self,
        base: &BaseBackups,
        destination: &kanisa_backup::Destination,
        retention: Retention,
    ) -> Result<(), String> {
        let started = Utc::now();
        let name = format!("base/{}", kanisa_backup::base::label_of(started));
        let id = self
            .record_start(started, &name, "base", destination)
            .await?;
        // A disk that cannot hold the next one is refused before anything is written, with an
        // alarm: the check's run fails (the Dashboard's scheduled tasks) and Settings says why.
        if let Some(reason) =
            kanisa_backup::base::no_room(destination, self.last_base_size().await?)
        {
            let log = json!({"task": "backup", "kind": "base", "ok": false, "error": reason});
            self.record_failure(id, &reason, &log).await?;
            tracing::error!(backup = %name, %reason, "base backup refused");
            return Err(format!("{NO_ROOM}{reason}"));
        }

        let outcome = match tokio::time::timeout(
            BACKUP_TIMEOUT,
            kanisa_backup::base::take(&self.tool, &base.work, destination, started),
        )
        .await
        {
            Err(_) => Err(format!(
                "the base backup did not finish within {} minutes",
                BACKUP_TIMEOUT.as_secs() / 60
            )),
            Ok(outcome) => outcome.map_err(|e| e.to_string()),
        };
        let elapsed_ms = (Utc::now() - started).num_milliseconds();
        match &outcome {
            Ok(info) => {
                let size = i64::try_from(info.size_bytes).unwrap_or(i64::MAX);
                let details = serde_json::to_value(info).unwrap_or_default();
                let log = json!({"kind": "base", "file": name, "size_bytes": size,
                                 "duration_ms": elapsed_ms,
                                 "destination": destination.url().as_str()});
                self.record_success(id, size, Some(&details), &log).await?;
                tracing::info!(backup = %name, size, "base backup stored");
                let keep_after = self.needed_elsewhere(destination, retention).await?;
                match kanisa_backup::base::prune(
                    destination,
                    retention,
                    Utc::now(),
                    keep_after.as_deref(),
                )
                .await
                {
                    Ok(pruned) => {
                        self.mark_pruned(destination, &pruned.labels).await;
                        if pruned.bases > 0 || pruned.wal_files > 0 {
                            tracing::info!(
                                bases = pruned.bases,
                                wal_files = pruned.wal_files,
                                "old backups removed"
                            );
                        }
                        if let Some(oldest) = pruned.oldest_kept {
                            self.prune_gone_files(destination, oldest).await;
                        }
                    }
                    Err(e) => tracing::warn!(error = %e, "cannot remove old backups"),
                }
            }
            Err(error) => {
                let log = json!({"task": "backup", "kind": "base", "ok": false, "error": error});
                self.record_failure(id, error, &log).await?;
                tracing::error!(backup = %name, %error, "base backup failed");
            }
        }
        Ok(())
    }

    /// The WAL `destination` keeps for the other destinations used within the retention's days
    /// (a week when it keeps by count): everything after the oldest of their last segments, so
    /// that one used again can have what it missed copied to it (kanisa-backup's runs).
    async fn needed_elsewhere(
        &self,
        destination: &kanisa_backup::Destination,
        retention: Retention,
    ) -> Result<Option<String>, String> {
        let days = if retention.days == 0 {
            7
        } else {
            retention.days
        };
        let client = self.service.get().await.map_err(|e| e.to_string())?;
        Ok(client
            .query_one(
                "SELECT min(r.last_segment) FROM ( \
                   SELECT DISTINCT ON (w.destination) w.last_segment, w.last_at \
                     FROM kanisa.backup_wal_runs w WHERE w.destination <> $1 \
                    ORDER BY w.destination, w.last_at DESC) r \
                  WHERE r.last_at > now() - make_interval(days => $2)",
                &[
                    &destination.url().as_str(),
                    &i32::try_from(days).unwrap_or(i32::MAX),
                ],
            )
            .await
            .map_err(|e| kanisa_pg::describe(&e))?
            .get(0))
    }

    /// The size of the last base backup that worked (anywhere): what the next needs room for.
    async fn last_base_size(&self) -> Result<u64, String> {
        let client = self.service.get().await.map_err(|e| e.to_string())?;
        let size: Option<i64> = client
            .query_one(
                "SELECT (SELECT b.size_bytes FROM kanisa.backups b \
                          WHERE b.ok AND b.kind = 'base' ORDER BY b.finished_at DESC LIMIT 1)",
                &[],
            )
            .await
            .map_err(|e| kanisa_pg::describe(&e))?
            .get(0);
        Ok(size.map_or(0, |s| u64::try_from(s).unwrap_or(0)))
    }

    /// Marks the base backups the retention removed (Settings' windows count only those kept).
    async fn mark_pruned(&self, destination: &kanisa_backup::Destination, labels: &[String]) {
        if labels.is_empty() {
            return;
        }
        let files: Vec<String> = labels.iter().map(|l| format!("base/{l}")).collect();
        let marked = async {
            let client = self.service.get().await.map_err(|e| e.to_string())?;
            client
                .execute(
                    "UPDATE kanisa.backups SET pruned_at = now() \
                     WHERE kind = 'base' AND destination = $1 AND file = ANY($2) AND pruned_at IS NULL",
                    &[&destination.url().as_str(), &files],
                )
                .await
                .map_err(|e| kanisa_pg::describe(&e))
        };
        if let Err(e) = marked.await {
            tracing::warn!(error = %e, "cannot mark the removed base backups");
        }
    }

    /// Deletes the copies of files deleted before the oldest base backup kept (logged; a failure
    /// is a warning: the copies are tried again after the next base backup).
    async fn prune_gone_files(
        &self,
        destination: &kanisa_backup::Destination,
        oldest_kept: chrono::DateTime<Utc>,
    ) {
        match kanisa_backup::files::prune_gone(&self.service, destination, oldest_kept).await {
            Ok(0) => {}
            Ok(files) => tracing::info!(files, "copies of deleted files removed"),
            Err(e) => tracing::warn!(error = %e, "cannot remove copies of deleted files"),
        }
    }

    /// Writes a dump in the schedule's folder, stores it at the destination with copies of the
    /// stored files, removes it here, records and logs the attempt, prunes old dumps there.
    async fn back_up(
        &self,
        dumps: &DumpBackups,
        destination: &kanisa_backup::Destination,
        retention: Retention,
    ) -> Result<(), String> {
        let started = Utc::now();
        let name = file_name(started);
        let file = self.schedule.dir.join(&name);
        let recorded = dump_key(&name);
        let id = self
            .record_start(started, &recorded, "dump", destination)
            .await?;

        let outcome = match write_backup(&self.tool, &self.schedule.dir, &file).await {
            Ok(size) => store_dump(dumps, destination, &self.service, &name, &file)
                .await
                .map(|details| (size, details)),
            Err(e) => Err(e),
        };
        let _ = tokio::fs::remove_file(&file).await;
        let elapsed_ms = (Utc::now() - started).num_milliseconds();
        match &outcome {
            Ok((size, details)) => {
                let size = *size as i64;
                let log = json!({"kind": "scheduled", "file": recorded,
                                 "size_bytes": size, "duration_ms": elapsed_ms});
                self.record_success(id, size, Some(details), &log).await?;
                tracing::info!(file = recorded, size, "backup stored");
                prune_at(destination, retention).await;
            }
            Err(error) => {
                let log = json!({"task": "backup", "ok": false, "error": error});
                self.record_failure(id, error, &log).await?;
                tracing::error!(file = recorded, %error, "backup failed");
            }
        }
        Ok(())
    }
}

/// Stores the dump `file` as `dumps/<name>` and copies the stored files not yet at the
/// destination; what Settings shows of it (`kanisa.backups.details`).
async fn store_dump(
    dumps: &DumpBackups,
    at: &kanisa_backup::Destination,
    service: &Pool,
    name: &str,
    file: &Path,
) -> Result<serde_json::Value, String> {
    let stored = at
        .put_file(&dump_key(name), file)
        .await
        .map_err(|e| format!("cannot store the dump at {}: {e}", at.url()))?;
    let files = match &dumps.store {
        Some(store) => kanisa_backup::files::copy_new(service, store, at)
            .await
            .map_err(|e| format!("the dump is stored, the files are not: {e}"))?,
        None => 0,
    };
    Ok(
        json!({"destination": at.url().as_str(), "on_this_machine": at.on_this_machine(),
              "encrypted": at.encrypted(), "stored_bytes": stored, "files_copied": files}),
    )
}

/// Deletes the dumps at the destination that `retention` lets go (logged on failure).
async fn prune_at(destination: &kanisa_backup::Destination, retention: Retention) {
    let names = match destination.list("dumps").await {
        Ok(names) => names,
        Err(e) => {
            tracing::warn!(error = %e, "cannot list the stored dumps");
            return;
        }
    };
    let names: Vec<String> = names
        .iter()
        .filter_map(|n| n.strip_prefix("dumps/").map(str::to_owned))
        .collect();
    for name in to_prune(&names, retention, Utc::now()) {
        if let Err(e) = destination.delete(&dump_key(&name)).await {
            tracing::warn!(file = name, error = %e, "cannot delete an old dump");
        }
    }
}

/// pg_dump into `file` (the folder made first); the file's size.
async fn write_backup(tool: &BackupTool, dir: &Path, file: &Path) -> Result<u64, String> {
    tokio::fs::create_dir_all(dir)
        .await
        .map_err(|e| format!("cannot create the backup folder {}: {e}", dir.display()))?;
    match tokio::time::timeout(BACKUP_TIMEOUT, tool.backup(file)).await {
        Err(_) => Err(format!(
            "pg_dump did not finish within {} minutes",
            BACKUP_TIMEOUT.as_secs() / 60
        )),
        Ok(Err(e)) => Err(e.to_string()),
        Ok(Ok(())) => tokio::fs::metadata(file)
            .await
            .map(|m| m.len())
            .map_err(|e| format!("cannot read the backup {}: {e}", file.display())),
    }
}

/// `backup_drill` (periodic every `BackupSchedule::check`; `requested` when a Super Admin asked
/// for one from Settings, which runs whatever the last drill's date).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct BackupDrill {
    #[serde(default)]
    pub requested: bool,
}

impl Job for BackupDrill {
    const KIND: &'static str = BACKUP_DRILL;
    const MAX_ATTEMPTS: i32 = 1;
    type Context = Backups;

    async fn run(self, backups: &Backups, _run: &RunInfo) -> Result<(), JobFailure> {
        let Some(base) = &backups.base else {
            return Ok(());
        };
        let chosen = base
            .destinations
            .current()
            .await
            .map_err(|e| JobFailure::permanent(format!("the backup drill failed: {e}")))?;
        let at = &chosen.destination;
        if self.requested || backups.drill_due(at).await.map_err(JobFailure::retry)? {
            backups
                .drill(base, at)
                .await
                .map_err(JobFailure::permanent)?;
        }
        Ok(())
    }
}

impl Job for ScheduledBackup {
    const KIND: &'static str = SCHEDULED_BACKUP;
    const MAX_ATTEMPTS: i32 = 3;
    type Context = Backups;

    async fn run(self, backups: &Backups, _run: &RunInfo) -> Result<(), JobFailure> {
        let destinations = match (&backups.base, &backups.dumps) {
            (Some(base), _) => &base.destinations,
            (None, Some(dumps)) => &dumps.destinations,
            (None, None) => return Ok(()),
        };
        // A destination that cannot be used (a setting naming no usable place) fails the check:
        // the Dashboard's scheduled tasks and Settings say why.
        let chosen = destinations
            .current()
            .await
            .map_err(|e| JobFailure::retry(e.to_string()))?;
        let at = &chosen.destination;
        if let Some(retention) = backups.due(at).await.map_err(JobFailure::retry)? {
            match (&backups.base, &backups.dumps) {
                (Some(base), _) => backups.back_up_base(base, at, retention).await,
                (None, Some(dumps)) => backups.back_up(dumps, at, retention).await,
                (None, None) => Ok(()),
            }
            .map_err(|e| match e.strip_prefix(NO_ROOM) {
                // Trying again in a minute finds no more room: this run fails, the next check
                // looks again.
                Some(reason) => JobFailure::permanent(reason.to_owned()),
                None => JobFailure::retry(e),
            })?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_frequency_setting_names_the_period() {
        assert_eq!(period_of("daily"), Duration::from_secs(86_400));
        assert_eq!(period_of("weekly"), Duration::from_secs(7 * 86_400));
        assert_eq!(period_of("monthly"), Duration::from_secs(30 * 86_400));
        assert_eq!(
            period_of("hourly?"),
            Duration::from_secs(86_400),
            "unknown: daily"
        );
    }

    #[test]
    fn pruning_keeps_the_newest_of_our_own_files_and_the_days_asked_for() {
        let names: Vec<String> = [
            "kanisa-20261123T010000Z.dump",
            "notes.txt",
            "kanisa-20261125T010000Z.dump",
            "kanisa-20261124T010000Z.dump",
            "other-20261101T010000Z.dump",
            "kanisa-not-a-time.dump",
        ]
        .map(String::from)
        .to_vec();
        let now = DateTime::parse_from_rfc3339("2026-11-25T12:00:00Z")
            .unwrap()
            .with_timezone(&Utc);
        let by_count = |keep| to_prune(&names, Retention { keep, days: 0 }, now);
        assert_eq!(by_count(2), ["kanisa-20261123T010000Z.dump"]);
        assert_eq!(by_count(3), Vec::<String>::new());
        assert_eq!(
            by_count(0),
            [
                "kanisa-20261123T010000Z.dump",
                "kanisa-20261124T010000Z.dump"
            ],
            "at least one is always kept"
        );
        // One day back is noon on the 24th: the dump of the 24th covers it, the 23rd's goes.
        assert_eq!(
            to_prune(&names, Retention { keep: 1, days: 1 }, now),
            ["kanisa-20261123T010000Z.dump"]
        );
        assert_eq!(
            to_prune(&names, Retention { keep: 1, days: 5 }, now),
            Vec::<String>::new()
        );
    }

    #[test]
    fn backup_files_are_named_by_their_utc_start() {
        let at = DateTime::parse_from_rfc3339("2026-11-25T01:02:03Z")
            .unwrap()
            .with_timezone(&Utc);
        assert_eq!(file_name(at), "kanisa-20261125T010203Z.dump");
    }
}
