//! The drill: proof that the backups restore. A restore point is made in the live database
//! while its checksums are read at exactly that point (kanisa-pg holds writers back for the
//! moment it takes); the segment holding it is archived and shipped; the newest base backup
//! before it is restored into a scratch folder up to the point; every data table's checksum is
//! compared with the live one, and every stored file the restored rows name is looked up at the
//! destination. The scratch folder is removed afterwards. The outcome is recorded in
//! `kanisa.backup_drills` and logged (a failed drill as `system_maintenance` with `ok: false`,
//! which the Super Admin's Dashboard shows).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use kanisa_pg::{BackupTool, Pool, TableChecksum};
use serde::Serialize;
use serde_json::json;

use crate::destination::Destination;
use crate::error::BackupError;
use crate::restore::{FilesMode, Moment, RestoreOptions, restore};

/// Where and how a drill restores.
#[derive(Debug, Clone)]
pub struct DrillOptions {
    /// A scratch folder (created, then removed).
    pub scratch: PathBuf,
    pub bin_dir: Option<PathBuf>,
    pub os_user: String,
    /// How long the restore point's segment may take to reach the destination.
    pub ship_wait: Duration,
    /// Wait for a drill that is running to end (a person asked), instead of leaving with
    /// [`BackupError::Busy`] (the periodic check).
    pub wait_turn: bool,
}

/// What a drill found.
#[derive(Debug, Clone, Serialize)]
pub struct DrillReport {
    /// The base backup restored.
    pub base: String,
    pub restore_point: String,
    /// Data tables compared.
    pub tables: usize,
    /// Rows compared, over all tables.
    pub rows: i64,
    /// Tables whose restored content differs from the live one (`table: live rows/md5 vs
    /// restored`), or that exist on one side only.
    pub mismatches: Vec<String>,
    /// Stored files found at the destination.
    pub files: usize,
    pub wal_files: usize,
    pub duration_ms: i64,
}

impl DrillReport {
    pub fn ok(&self) -> bool {
        self.mismatches.is_empty()
    }
}

/// The tables whose checksums differ between `live` and `restored` (both sorted by name).
pub fn compare(live: &[TableChecksum], restored: &[TableChecksum]) -> Vec<String> {
    let mut out = Vec::new();
    for l in live {
        match restored.iter().find(|r| r.table == l.table) {
            None => out.push(format!("{}: missing from the restore", l.table)),
            Some(r) if r != l => out.push(format!(
                "{}: live {} rows ({}), restored {} rows ({})",
                l.table, l.rows, l.md5, r.rows, r.md5
            )),
            Some(_) => {}
        }
    }
    for r in restored {
        if !live.iter().any(|l| l.table == r.table) {
            out.push(format!("{}: only in the restore", r.table));
        }
    }
    out
}

/// Runs a drill (see the module doc). An error means the drill could not be run to the end
/// (nothing to restore, a backup that does not open or replay): as much a failure as a
/// mismatch.
pub async fn drill(
    tool: &BackupTool,
    destination: &Destination,
    options: &DrillOptions,
) -> Result<DrillReport, BackupError> {
    // One drill at a time, across processes: a session lock held on its own connection, let go
    // when the connection closes at the end of this function.
    let turn = kanisa_pg::connect_once(tool.pg_config()).await?;
    if options.wait_turn {
        turn.execute(
            "SELECT pg_advisory_lock(hashtext('kanisa.backup_drill'))",
            &[],
        )
        .await
        .map_err(|e| BackupError::Database(kanisa_pg::describe(&e)))?;
    } else {
        let mine: bool = turn
            .query_one(
                "SELECT pg_try_advisory_lock(hashtext('kanisa.backup_drill'))",
                &[],
            )
            .await
            .map_err(|e| BackupError::Database(kanisa_pg::describe(&e)))?
            .get(0);
        if !mine {
            return Err(BackupError::Busy(
                "a backup drill is already running".into(),
            ));
        }
    }
    let started = Instant::now();
    let made_at = Utc::now();
    let name = format!("kanisa-drill-{}", made_at.format("%Y%m%dT%H%M%S%.3fZ"));
    let live =
        kanisa_pg::checksums_at_restore_point(tool.pg_config(), &name, Duration::from_secs(10))
            .await?;
    let segment = tool.switch_wal().await?;
    wait_stored(destination, &segment, options.ship_wait).await?;

    let _ = tokio::fs::remove_dir_all(&options.scratch).await;
    let restored = restore(
        destination,
        &RestoreOptions {
            into: options.scratch.clone(),
            moment: Moment::RestorePoint {
                name: name.clone(),
                made_at,
            },
            files: FilesMode::Check,
            bin_dir: options.bin_dir.clone(),
            os_user: options.os_user.clone(),
            live_data_dir: None,
            checksums: true,
        },
    )
    .await;
    let _ = tokio::fs::remove_dir_all(&options.scratch).await;
    let restored = restored?;
    Ok(DrillReport {
        base: restored.base.label.clone(),
        restore_point: name,
        tables: live.len(),
        rows: live.iter().map(|t| t.rows).sum(),
        mismatches: compare(&live, &restored.checksums),
        files: restored.files,
        wal_files: restored.wal_files,
        duration_ms: i64::try_from(started.elapsed().as_millis()).unwrap_or(i64::MAX),
    })
    .inspect(|_| drop(turn))
}

/// Waits until `wal/<segment>` is at the destination (the shipper stores it).
async fn wait_stored(
    destination: &Destination,
    segment: &str,
    limit: Duration,
) -> Result<(), BackupError> {
    let started = Instant::now();
    let name = format!("wal/{segment}");
    while !destination.exists(&name).await? {
        if started.elapsed() > limit {
            return Err(BackupError::Recovery(format!(
                "the WAL segment {segment} did not reach the backup destination within {} s: \
                 is the archive shipping? (Settings → Backups shows its last error)",
                limit.as_secs()
            )));
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    Ok(())
}

/// Records a drill's outcome in `kanisa.backup_drills` and the activity log; true when it
/// passed.
pub async fn record(
    service: &Pool,
    started_at: DateTime<Utc>,
    outcome: &Result<DrillReport, BackupError>,
) -> Result<bool, BackupError> {
    let client = service
        .get()
        .await
        .map_err(|e| BackupError::Database(e.to_string()))?;
    let (ok, report, error) = match outcome {
        Ok(report) => (
            report.ok(),
            serde_json::to_value(report).unwrap_or_default(),
            (!report.ok()).then(|| {
                format!(
                    "{} of {} tables differ after the restore: {}",
                    report.mismatches.len(),
                    report.tables,
                    report.mismatches.join("; ")
                )
            }),
        ),
        Err(e) => (false, serde_json::Value::Null, Some(e.to_string())),
    };
    client
        .execute(
            "WITH drill AS (INSERT INTO kanisa.backup_drills (started_at, finished_at, ok, report, error) \
                            VALUES ($1, now(), $2, $3, $4)) \
             INSERT INTO public.admin_activity_logs (admin_id, action, details) \
             VALUES (NULL, 'system_maintenance', $5)",
            &[
                &started_at,
                &ok,
                &report,
                &error,
                &json!({"task": "backup_drill", "ok": ok, "error": error, "report": report}),
            ],
        )
        .await
        .map_err(|e| BackupError::Database(kanisa_pg::describe(&e)))?;
    if ok {
        tracing::info!(%report, "backup drill passed: the restore equals the live database");
    } else {
        tracing::error!(
            error = error.as_deref().unwrap_or(""),
            "BACKUP DRILL FAILED"
        );
    }
    Ok(ok)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sum(table: &str, rows: i64, md5: &str) -> TableChecksum {
        TableChecksum {
            table: table.into(),
            rows,
            md5: md5.into(),
        }
    }

    #[test]
    fn a_table_that_differs_or_is_missing_on_either_side_is_named() {
        let live = [
            sum("public.a", 1, "x"),
            sum("public.b", 2, "y"),
            sum("public.c", 0, "z"),
        ];
        assert!(compare(&live, &live).is_empty());
        let restored = [
            sum("public.a", 1, "x"),
            sum("public.b", 2, "DIFF"),
            sum("public.d", 0, "z"),
        ];
        assert_eq!(
            compare(&live, &restored),
            [
                "public.b: live 2 rows (y), restored 2 rows (DIFF)",
                "public.c: missing from the restore",
                "public.d: only in the restore",
            ]
        );
    }
}
