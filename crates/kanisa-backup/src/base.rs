//! Base backups: a copy of the whole managed cluster (pg_basebackup), from which the archived
//! WAL brings a restore forward to any later moment. Each is `base/<label>/` at the
//! destination, with `info.json` written last: a base backup without it never finished and is
//! never used.

use std::path::Path;

use chrono::{DateTime, Utc};
use kanisa_pg::BackupTool;
use serde::{Deserialize, Serialize};

use crate::destination::Destination;
use crate::error::BackupError;
use crate::retention::Retention;
use crate::wal::{is_archived_file, parse_lsn, segment_name};

/// What a base backup is, as `base/<label>/info.json` records it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BaseInfo {
    /// Its start, as `YYYYmmddTHHMMSS.mmmZ` (UTC); names its folder.
    pub label: String,
    pub started_at: DateTime<Utc>,
    /// When pg_basebackup ended: a restore can reach any moment from here on.
    pub finished_at: DateTime<Utc>,
    pub timeline: u32,
    pub start_lsn: String,
    pub end_lsn: String,
    /// The first WAL segment a restore from it needs.
    pub start_segment: String,
    /// The last segment it needs to be consistent.
    pub end_segment: String,
    /// Bytes of `base.tar.gz` as stored.
    pub size_bytes: u64,
    pub encrypted: bool,
}

/// The label of a base backup started at `at`.
pub fn label_of(at: DateTime<Utc>) -> String {
    at.format("%Y%m%dT%H%M%S%.3fZ").to_string()
}

fn folder(label: &str) -> String {
    format!("base/{label}")
}

/// The WAL range of a base backup, from pg_basebackup's manifest.
fn wal_range(manifest: &[u8]) -> Result<(u32, String, String), BackupError> {
    let damaged = |why: &str| BackupError::Damaged(format!("backup_manifest: {why}"));
    let value: serde_json::Value =
        serde_json::from_slice(manifest).map_err(|e| damaged(&e.to_string()))?;
    let range = value
        .get("WAL-Ranges")
        .and_then(|r| r.as_array())
        .and_then(|r| r.first())
        .ok_or_else(|| damaged("no WAL-Ranges"))?;
    let timeline = range
        .get("Timeline")
        .and_then(serde_json::Value::as_u64)
        .and_then(|t| u32::try_from(t).ok())
        .ok_or_else(|| damaged("no Timeline"))?;
    let lsn = |name: &str| {
        range
            .get(name)
            .and_then(|v| v.as_str())
            .filter(|v| parse_lsn(v).is_some())
            .map(str::to_owned)
            .ok_or_else(|| damaged(&format!("no {name}")))
    };
    Ok((timeline, lsn("Start-LSN")?, lsn("End-LSN")?))
}

/// Takes a base backup of the managed cluster, started at `started_at` (now; it names the
/// backup), and stores it at the destination, using `work` (on this machine) for
/// pg_basebackup's output, which is removed afterwards.
pub async fn take(
    tool: &BackupTool,
    work: &Path,
    destination: &Destination,
    started_at: DateTime<Utc>,
) -> Result<BaseInfo, BackupError> {
    let label = label_of(started_at);
    let dir = work.join(format!("base-{label}"));
    let _ = tokio::fs::remove_dir_all(&dir).await;
    tokio::fs::create_dir_all(work)
        .await
        .map_err(|e| BackupError::io(format!("cannot create {}", work.display()), e))?;
    let outcome = take_into(tool, &dir, &label, started_at, destination).await;
    let _ = tokio::fs::remove_dir_all(&dir).await;
    outcome
}

async fn take_into(
    tool: &BackupTool,
    dir: &Path,
    label: &str,
    started_at: DateTime<Utc>,
    destination: &Destination,
) -> Result<BaseInfo, BackupError> {
    tool.base_backup(dir).await?;
    let finished_at = Utc::now();
    // The last segment the backup needs goes to the archive now, not within the minute.
    tool.switch_wal().await?;
    let manifest_path = dir.join("backup_manifest");
    let manifest = tokio::fs::read(&manifest_path)
        .await
        .map_err(|e| BackupError::io(format!("cannot read {}", manifest_path.display()), e))?;
    let (timeline, start_lsn, end_lsn) = wal_range(&manifest)?;
    let at = |lsn: &str| segment_name(timeline, parse_lsn(lsn).unwrap_or_default());
    let base = folder(label);
    let size_bytes = destination
        .put_file(&format!("{base}/base.tar.gz"), &dir.join("base.tar.gz"))
        .await?;
    destination
        .put_file(&format!("{base}/backup_manifest"), &manifest_path)
        .await?;
    let info = BaseInfo {
        label: label.to_owned(),
        started_at,
        finished_at,
        timeline,
        start_segment: at(&start_lsn),
        end_segment: at(&end_lsn),
        start_lsn,
        end_lsn,
        size_bytes,
        encrypted: destination.encrypted(),
    };
    let json = serde_json::to_vec_pretty(&info).unwrap_or_default();
    destination
        .put_plain(&format!("{base}/info.json"), &json)
        .await?;
    Ok(info)
}

/// The free bytes where `destination` writes, when it is a folder on this machine (the nearest
/// existing folder of its path); `None` for a bucket.
pub fn free_space(destination: &Destination) -> Option<u64> {
    let mut path = destination.url().to_file_path().ok()?;
    while !path.exists() {
        if !path.pop() {
            return None;
        }
    }
    let stat = nix::sys::statvfs::statvfs(&path).ok()?;
    Some(stat.blocks_available().saturating_mul(stat.fragment_size()))
}

/// Why a base backup of about `expected` bytes (the last one's size) does not fit at
/// `destination`, if it does not: its free space must hold it with a fifth to spare.
pub fn no_room(destination: &Destination, expected: u64) -> Option<String> {
    let free = free_space(destination)?;
    let needed = expected.saturating_add(expected / 5);
    (free < needed).then(|| {
        format!(
            "not enough free space at {}: {} free, and the last full backup was {} (a fifth more is kept spare); free some space or choose another disk",
            destination.url(),
            megabytes(free),
            megabytes(expected)
        )
    })
}

fn megabytes(bytes: u64) -> String {
    format!("{:.1} MB", bytes as f64 / 1_000_000.0)
}

/// Every finished base backup at the destination, oldest first.
pub async fn list(destination: &Destination) -> Result<Vec<BaseInfo>, BackupError> {
    let mut bases = Vec::new();
    for name in destination.list("base").await? {
        if !name.ends_with("/info.json") {
            continue;
        }
        let bytes = destination.get_bytes(&name).await?;
        let info: BaseInfo = serde_json::from_slice(&bytes)
            .map_err(|e| BackupError::Damaged(format!("{name}: {e}")))?;
        bases.push(info);
    }
    bases.sort_by_key(|b| b.finished_at);
    Ok(bases)
}

/// What [`prune`] removed.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Pruned {
    pub bases: usize,
    /// The labels of the base backups removed.
    pub labels: Vec<String>,
    pub wal_files: usize,
    /// When the oldest base backup kept started: no restore reaches before it.
    pub oldest_kept: Option<DateTime<Utc>>,
}

/// Keeps the base backups `retention` asks for at `now` (the newest `keep`, and those any moment
/// of the last `days` days needs) and the WAL from the oldest of them on; deletes the rest. A
/// base backup loses its `info.json` first, so a prune cut short leaves nothing that looks
/// usable and is not. Segments after `keep_after` stay whatever the base backups here need:
/// another destination used lately ends there, and may need them copied to it (runs.rs).
pub async fn prune(
    destination: &Destination,
    retention: Retention,
    now: DateTime<Utc>,
    keep_after: Option<&str>,
) -> Result<Pruned, BackupError> {
    let bases = list(destination).await?;
    let finished: Vec<_> = bases.iter().map(|b| b.finished_at).collect();
    let excess = retention.excess(&finished, now);
    let mut pruned = Pruned::default();
    for base in &bases[..excess] {
        let dir = folder(&base.label);
        destination.delete(&format!("{dir}/info.json")).await?;
        for name in destination.list(&dir).await? {
            destination.delete(&name).await?;
        }
        pruned.bases += 1;
        pruned.labels.push(base.label.clone());
    }
    let Some(oldest) = bases.get(excess) else {
        return Ok(pruned);
    };
    pruned.oldest_kept = Some(oldest.started_at);
    for name in destination.list("wal").await? {
        let file = name.trim_start_matches("wal/");
        // Segments (and their .backup/.partial companions) older than the oldest kept base
        // backup's first segment; timeline history files are small and always kept.
        if is_archived_file(file)
            && !file.ends_with(".history")
            && file[..24] < *oldest.start_segment
            && keep_after.is_none_or(|after| file[..24] <= *after)
        {
            destination.delete(&name).await?;
            pruned.wal_files += 1;
        }
    }
    Ok(pruned)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_manifest_names_the_wal_range() {
        let manifest = br#"{ "PostgreSQL-Backup-Manifest-Version": 1, "Files": [],
            "WAL-Ranges": [ { "Timeline": 1, "Start-LSN": "0/5000028", "End-LSN": "0/5000100" } ],
            "Manifest-Checksum": "x" }"#;
        assert_eq!(
            wal_range(manifest).unwrap(),
            (1, "0/5000028".to_owned(), "0/5000100".to_owned())
        );
        assert!(wal_range(br#"{"WAL-Ranges": []}"#).is_err());
        assert!(wal_range(b"not json").is_err());
    }

    #[test]
    fn labels_sort_by_time() {
        let at = DateTime::parse_from_rfc3339("2026-11-27T07:04:05.5Z")
            .unwrap()
            .with_timezone(&Utc);
        assert_eq!(label_of(at), "20261127T070405.500Z");
    }
}
