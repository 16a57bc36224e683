//! `kanisa storage check [--fix]`: rows and bytes, compared both ways.
//!
//! The upload and delete order (bytes before their row, rows before their bytes) means a
//! crash leaves only unreferenced bytes: a version written but never committed, replaced or
//! deleted bytes not yet removed, or a local write's staging file. A row without bytes means
//! bytes were lost outside Kanisa (a folder restored without its database, a bucket emptied).
//!
//! The database is read before the store is listed, so an upload committed meanwhile shows up
//! as unreferenced bytes, never as a row without bytes; and unreferenced bytes younger than
//! the grace period are left alone (an upload may be between its last byte and its commit).
//! Staging files are always safe to remove: an upload whose staging file disappears fails
//! cleanly, before its row.

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::time::Duration;

use futures_util::TryStreamExt;
use kanisa_pg::Pool;
use object_store::{ObjectStore, ObjectStoreExt};
use uuid::Uuid;

use crate::error::StorageError;
use crate::store::Store;

/// One problem found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Orphan {
    /// A row whose bytes are missing (the row is deleted by `--fix`: nothing can serve it).
    RowWithoutBytes { bucket: String, name: String },
    /// Bytes no row points at (deleted by `--fix` once older than the grace period).
    BytesWithoutRow { key: String, young: bool },
    /// A local write's staging file left by a process that died (deleted by `--fix`).
    StagingFile { path: PathBuf },
    /// A file in the store that is not Kanisa's layout (reported, never touched).
    Foreign { key: String },
}

#[derive(Debug, Clone, Default)]
pub struct CheckReport {
    pub rows: usize,
    pub keys: usize,
    pub problems: Vec<Orphan>,
    /// What `--fix` repaired (empty without it).
    pub fixed: Vec<Orphan>,
}

impl CheckReport {
    /// True when rows and bytes match (young unreferenced bytes and foreign files aside).
    pub fn is_consistent(&self) -> bool {
        self.problems.iter().all(|p| {
            self.fixed.contains(p)
                || matches!(
                    p,
                    Orphan::BytesWithoutRow { young: true, .. } | Orphan::Foreign { .. }
                )
        })
    }

    /// What a person reads: one line per problem, then a summary.
    pub fn lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        for p in &self.problems {
            let fixed = if self.fixed.contains(p) {
                "  [fixed]"
            } else {
                ""
            };
            lines.push(match p {
                Orphan::RowWithoutBytes { bucket, name } => {
                    format!("row without bytes: {bucket}/{name}{fixed}")
                }
                Orphan::BytesWithoutRow { key, young: false } => {
                    format!("bytes without a row: {key}{fixed}")
                }
                Orphan::BytesWithoutRow { key, young: true } => format!(
                    "bytes without a row, written in the last minutes (an upload may be \
                     finishing; left alone): {key}"
                ),
                Orphan::StagingFile { path } => {
                    format!("unfinished write: {}{fixed}", path.display())
                }
                Orphan::Foreign { key } => format!("not a Kanisa file (left alone): {key}"),
            });
        }
        lines.push(format!(
            "{} objects, {} stored files, {} problems, {} fixed",
            self.rows,
            self.keys,
            self.problems.len(),
            self.fixed.len()
        ));
        lines
    }
}

/// Compares `storage.objects` (read with `service`, the owner's pool) with the store; with
/// `fix`, deletes rows without bytes, unreferenced bytes older than `grace`, and staging
/// files.
pub async fn check(
    store: &Store,
    service: &Pool,
    fix: bool,
    grace: Duration,
) -> Result<CheckReport, StorageError> {
    let client = service.get().await.map_err(kanisa_pg::PgError::from)?;
    // Rows first (see the module doc).
    let rows: HashMap<(String, Uuid), String> = client
        .query("SELECT bucket_id, version, name FROM storage.objects", &[])
        .await?
        .iter()
        .map(|r| ((r.get(0), r.get(1)), r.get(2)))
        .collect();
    let listed: Vec<object_store::ObjectMeta> = store.inner.list(None).try_collect().await?;
    let now = chrono::Utc::now();
    let grace = chrono::Duration::from_std(grace).unwrap_or(chrono::Duration::MAX);

    let mut report = CheckReport {
        rows: rows.len(),
        keys: listed.len(),
        ..Default::default()
    };
    let mut present = HashSet::new();
    for meta in &listed {
        match Store::parse_key(&meta.location) {
            Some(found) => {
                if !rows.contains_key(&found) {
                    report.problems.push(Orphan::BytesWithoutRow {
                        key: meta.location.to_string(),
                        young: now - meta.last_modified < grace,
                    });
                }
                present.insert(found);
            }
            None => report.problems.push(Orphan::Foreign {
                key: meta.location.to_string(),
            }),
        }
    }
    let mut missing: Vec<_> = rows
        .iter()
        .filter(|(k, _)| !present.contains(*k))
        .map(|((bucket, version), name)| (bucket.clone(), *version, name.clone()))
        .collect();
    missing.sort();
    for (bucket, _, name) in &missing {
        report.problems.push(Orphan::RowWithoutBytes {
            bucket: bucket.clone(),
            name: name.clone(),
        });
    }
    for path in store.staging_leftovers() {
        report.problems.push(Orphan::StagingFile { path });
    }
    if !fix {
        return Ok(report);
    }

    for problem in report.problems.clone() {
        let repaired = match &problem {
            Orphan::RowWithoutBytes { bucket, name } => {
                let (_, version, _) = missing
                    .iter()
                    .find(|(b, _, n)| b == bucket && n == name)
                    .expect("listed above");
                // Look again: the bytes must really be gone, and the row still point at them.
                match store.inner.head(&Store::key(bucket, *version)).await {
                    Err(object_store::Error::NotFound { .. }) => {
                        client
                            .execute(
                                "DELETE FROM storage.objects WHERE bucket_id = $1 AND version = $2",
                                &[bucket, version],
                            )
                            .await?;
                        true
                    }
                    _ => false,
                }
            }
            Orphan::BytesWithoutRow { key, young: false } => {
                let path = object_store::path::Path::from(key.as_str());
                let (bucket, version) = Store::parse_key(&path).expect("parsed above");
                // Look again: an upload may have committed since the rows were read.
                let referenced: bool = client
                    .query_one(
                        "SELECT EXISTS (SELECT 1 FROM storage.objects \
                         WHERE bucket_id = $1 AND version = $2)",
                        &[&bucket, &version],
                    )
                    .await?
                    .get(0);
                if referenced {
                    false
                } else {
                    match store.inner.delete(&path).await {
                        Ok(()) | Err(object_store::Error::NotFound { .. }) => true,
                        Err(e) => return Err(e.into()),
                    }
                }
            }
            Orphan::StagingFile { path } => match std::fs::remove_file(path) {
                Ok(()) => true,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => true,
                Err(e) => {
                    return Err(StorageError::Store(format!(
                        "cannot remove {}: {e}",
                        path.display()
                    )));
                }
            },
            Orphan::BytesWithoutRow { young: true, .. } | Orphan::Foreign { .. } => false,
        };
        if repaired {
            report.fixed.push(problem);
        }
    }
    Ok(report)
}
