//! Which write-ahead log each destination holds (issue 42): `kanisa.backup_wal_runs` keeps,
//! per destination, runs of consecutive segments, so a destination used again after another
//! (A → B → A) is never silently short of the WAL shipped elsewhere meanwhile.
//!
//! When the shipper stores segments at a destination whose last run does not end just before
//! them, it first copies the missing segments there from the destinations whose runs hold them
//! (as they are stored: sealed with the same key), and the run goes on; a restore from that
//! destination then reaches every moment, the ones while another was in use included. When
//! they cannot be copied (that destination is gone or pruned), a new run begins: the database
//! queues a backup check (`kanisa.backup_wal_gap`), which finds no base backup in the current
//! run there and takes one at once, and Settings shows each destination's restorable window
//! from these runs (`get_backup_status()`).

use std::collections::HashMap;

use kanisa_pg::Pool;

use crate::destination::Destination;
use crate::error::BackupError;
use crate::wal::segments_between;

/// The most segments copied in to close one gap (16 MiB each: 256 GiB of WAL); beyond that a
/// new base backup is cheaper.
const MOST_FILLED: u64 = 16_384;

/// What recording a pass's segments did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Noted {
    /// Segments copied in from other destinations to close a gap.
    pub filled: usize,
    /// The first segment of a new run after a gap that could not be closed.
    pub gap: Option<String>,
}

/// Records that `at` now holds `segments` (whole segments, oldest first), closing a gap before
/// them from the other destinations where it can (see the module doc).
pub async fn record(
    service: &Pool,
    at: &Destination,
    segments: &[String],
) -> Result<Noted, BackupError> {
    let mut noted = Noted::default();
    for chunk in consecutive(segments) {
        let (Some(first), Some(newest)) = (chunk.first(), chunk.last()) else {
            continue;
        };
        let last = last_held(service, at).await?;
        let continues = match &last {
            None => false,
            Some(last) if last.as_str() >= first.as_str() => true,
            Some(last) => match segments_between(last, first, MOST_FILLED) {
                Some(missing) if missing.is_empty() => true,
                Some(missing) => match fill(service, at, &missing).await {
                    Ok(filled) => {
                        noted.filled += filled;
                        true
                    }
                    Err(e) => {
                        tracing::warn!(destination = %at.url(), from = %missing[0], error = %e,
                            "the backup destination misses WAL that cannot be copied to it: a new base backup will be taken there");
                        false
                    }
                },
                None => false,
            },
        };
        let client = connect(service).await?;
        let destination = at.url().as_str();
        let outcome = match (&last, continues) {
            (Some(last), true) => {
                let filled = i32::try_from(noted.filled).unwrap_or(i32::MAX);
                client
                    .execute(
                        "UPDATE kanisa.backup_wal_runs SET last_segment = greatest(last_segment, $2), \
                           last_at = now(), filled = filled + $4 \
                         WHERE destination = $1 AND last_segment = $3",
                        &[&destination, newest, last, &filled],
                    )
                    .await
            }
            // A new run: after a gap that could not be closed (a check is queued), or the
            // first WAL recorded there.
            _ => {
                client
                    .execute(
                        "SELECT kanisa.backup_wal_gap($1, $2, $3, $4)",
                        &[&destination, first, newest, &last.is_some()],
                    )
                    .await
            }
        };
        outcome.map_err(|e| BackupError::Database(kanisa_pg::describe(&e)))?;
        if !continues && last.is_some() {
            noted.gap = Some(first.clone());
        }
    }
    Ok(noted)
}

/// `segments` cut where one does not follow the one before it.
fn consecutive(segments: &[String]) -> Vec<&[String]> {
    let mut chunks = Vec::new();
    let mut start = 0;
    for i in 1..=segments.len() {
        let breaks = i == segments.len()
            || segments_between(&segments[i - 1], &segments[i], 0)
                .is_none_or(|between| !between.is_empty());
        if breaks {
            chunks.push(&segments[start..i]);
            start = i;
        }
    }
    chunks
}

async fn connect(service: &Pool) -> Result<kanisa_pg::PooledClient, BackupError> {
    service
        .get()
        .await
        .map_err(|e| BackupError::Database(e.to_string()))
}

/// The last segment of the newest run at `at`, if any.
async fn last_held(service: &Pool, at: &Destination) -> Result<Option<String>, BackupError> {
    let client = connect(service).await?;
    let row = client
        .query_opt(
            "SELECT r.last_segment FROM kanisa.backup_wal_runs r WHERE r.destination = $1 \
             ORDER BY r.last_at DESC, r.last_segment DESC LIMIT 1",
            &[&at.url().as_str()],
        )
        .await
        .map_err(|e| BackupError::Database(kanisa_pg::describe(&e)))?;
    Ok(row.map(|r| r.get(0)))
}

/// Copies `missing` to `at` from the destinations whose runs hold them (a segment `at` holds
/// already, stored but not recorded, is left); how many were copied.
async fn fill(service: &Pool, at: &Destination, missing: &[String]) -> Result<usize, BackupError> {
    let (Some(from), Some(to)) = (missing.first(), missing.last()) else {
        return Ok(0);
    };
    let client = connect(service).await?;
    let holders: Vec<(String, String, String)> = client
        .query(
            "SELECT r.destination, r.first_segment, r.last_segment FROM kanisa.backup_wal_runs r \
             WHERE r.destination <> $1 AND r.last_segment >= $2 AND r.first_segment <= $3 \
             ORDER BY r.last_at DESC",
            &[&at.url().as_str(), from, to],
        )
        .await
        .map_err(|e| BackupError::Database(kanisa_pg::describe(&e)))?
        .iter()
        .map(|r| (r.get(0), r.get(1), r.get(2)))
        .collect();
    drop(client);
    let mut opened: HashMap<String, Destination> = HashMap::new();
    let mut copied = 0;
    for segment in missing {
        let name = format!("wal/{segment}");
        if at.exists(&name).await? {
            continue;
        }
        let holder = holders
            .iter()
            .find(|(_, first, last)| first <= segment && segment <= last)
            .ok_or_else(|| {
                BackupError::NothingToRestore(format!(
                    "no destination holds the WAL segment {segment}"
                ))
            })?;
        let other = match opened.get(&holder.0) {
            Some(other) => other.clone(),
            None => {
                let url = url::Url::parse(&holder.0)
                    .map_err(|e| BackupError::Destination(format!("{}: {e}", holder.0)))?;
                let other = at.sibling(&url)?;
                opened.insert(holder.0.clone(), other.clone());
                other
            }
        };
        at.copy_stored(&other, &name).await?;
        copied += 1;
    }
    Ok(copied)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pass_is_cut_where_its_segments_do_not_follow_each_other() {
        let s = |names: &[&str]| names.iter().map(|n| (*n).to_owned()).collect::<Vec<_>>();
        let segments = s(&[
            "000000010000000000000002",
            "000000010000000000000003",
            "000000010000000000000005",
            "000000020000000000000006",
        ]);
        let chunks: Vec<Vec<String>> = consecutive(&segments)
            .into_iter()
            .map(<[String]>::to_vec)
            .collect();
        assert_eq!(
            chunks,
            [
                s(&["000000010000000000000002", "000000010000000000000003"]),
                s(&["000000010000000000000005"]),
                s(&["000000020000000000000006"]),
            ]
        );
        assert!(consecutive(&[]).is_empty());
    }
}
