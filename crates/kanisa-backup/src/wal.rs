//! Shipping the write-ahead log: PostgreSQL's `archive_command` copies each finished segment
//! into the data dir's `wal-spool/` (kanisa-pg's cluster); [`ship`] uploads what is there to
//! `wal/<segment>` at the destination, oldest first, and deletes each local copy only once it
//! is stored. A segment is finished at least every 60 s while anything is written, so with the
//! shipper running every few seconds a lost machine loses at most about a minute of work.
//!
//! Segments are gzip-compressed before they are stored (and sealed, with a key): a segment
//! finished early by the timeout is 16 MiB of which most is zeros, and a church server that
//! writes a little every minute would otherwise ship 23 GB a day.

use std::path::Path;

use crate::destination::Destination;
use crate::error::BackupError;

/// Bytes in a WAL segment (PostgreSQL's default, which the managed cluster uses).
pub const SEGMENT_BYTES: u64 = 16 * 1024 * 1024;

/// The name of the segment holding `lsn` on `timeline` (as `pg_walfile_name` gives it).
pub fn segment_name(timeline: u32, lsn: u64) -> String {
    let segments_per_id = 0x1_0000_0000 / SEGMENT_BYTES;
    let segment = lsn / SEGMENT_BYTES;
    format!(
        "{timeline:08X}{:08X}{:08X}",
        segment / segments_per_id,
        segment % segments_per_id
    )
}

/// An LSN as PostgreSQL prints it (`16/B374D848`).
pub fn parse_lsn(text: &str) -> Option<u64> {
    let (high, low) = text.split_once('/')?;
    let high = u64::from_str_radix(high, 16).ok()?;
    let low = u64::from_str_radix(low, 16).ok()?;
    (high <= u64::from(u32::MAX) && low <= u64::from(u32::MAX)).then_some((high << 32) | low)
}

/// True for what `archive_command` leaves in the spool for shipping: segments, timeline
/// history files, backup history files and partial segments (not our own `.part` copies in
/// progress).
pub fn is_archived_file(name: &str) -> bool {
    let hex = |s: &str| s.chars().all(|c| c.is_ascii_hexdigit());
    if let Some(base) = name.strip_suffix(".history") {
        return base.len() == 8 && hex(base);
    }
    let base = name
        .strip_suffix(".partial")
        .unwrap_or(name)
        .split('.')
        .next()
        .unwrap_or("");
    base.len() == 24 && hex(base) && !name.ends_with(".part")
}

/// What one pass of the shipper did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Shipped {
    pub files: usize,
    pub bytes: u64,
    /// The newest segment shipped in this pass.
    pub last: Option<String>,
    /// The whole segments shipped in this pass, oldest first (what the destination now also
    /// holds: `runs.rs` keeps that record).
    pub segments: Vec<String>,
}

/// Uploads every finished file in `spool` to the destination, oldest first, deleting each
/// local copy once stored. Stops at the first failure (the rest waits for the next pass; a
/// file is never deleted before it is stored).
pub async fn ship(spool: &Path, destination: &Destination) -> Result<Shipped, BackupError> {
    let mut names = Vec::new();
    let mut entries = tokio::fs::read_dir(spool)
        .await
        .map_err(|e| BackupError::io(format!("cannot list {}", spool.display()), e))?;
    while let Some(entry) = entries
        .next_entry()
        .await
        .map_err(|e| BackupError::io(format!("cannot list {}", spool.display()), e))?
    {
        if let Some(name) = entry.file_name().to_str()
            && is_archived_file(name)
        {
            names.push(name.to_owned());
        }
    }
    names.sort();
    let mut shipped = Shipped::default();
    for name in names {
        let path = spool.join(&name);
        // Another shipper (`kanisa backup --base` beside a running server) may take a file
        // first: one it finds gone was shipped by the other.
        let gone = |e: &BackupError| matches!(e, BackupError::Io { source, .. } if source.kind() == std::io::ErrorKind::NotFound);
        let stored = match tokio::fs::read(&path).await {
            Ok(segment) => {
                let packed = compress(&segment)?;
                destination
                    .put_bytes(&format!("wal/{name}"), &packed)
                    .await
                    .map(|()| packed.len() as u64)
            }
            Err(e) => Err(BackupError::io(
                format!("cannot read {}", path.display()),
                e,
            )),
        };
        match stored {
            Ok(bytes) => shipped.bytes += bytes,
            Err(e) if gone(&e) => continue,
            Err(e) => return Err(e),
        }
        match tokio::fs::remove_file(&path).await {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => {
                return Err(BackupError::io(
                    format!("cannot delete {}", path.display()),
                    e,
                ));
            }
        }
        shipped.files += 1;
        if !name.contains('.') {
            shipped.segments.push(name.clone());
            shipped.last = Some(name);
        }
    }
    Ok(shipped)
}

/// A whole segment's name split into its timeline and its number on that timeline.
fn split_segment(name: &str) -> Option<(u32, u64)> {
    if name.len() != 24 || !name.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let timeline = u32::from_str_radix(&name[..8], 16).ok()?;
    let high = u64::from_str_radix(&name[8..16], 16).ok()?;
    let low = u64::from_str_radix(&name[16..], 16).ok()?;
    let per_id = 0x1_0000_0000 / SEGMENT_BYTES;
    (low < per_id).then_some((timeline, high * per_id + low))
}

fn join_segment(timeline: u32, number: u64) -> String {
    segment_name(timeline, number * SEGMENT_BYTES)
}

/// The segments strictly between `after` and `before` on one timeline, oldest first: `None`
/// when they are not on the same timeline, not in order, or more than `limit` apart.
pub fn segments_between(after: &str, before: &str, limit: u64) -> Option<Vec<String>> {
    let (ta, a) = split_segment(after)?;
    let (tb, b) = split_segment(before)?;
    if ta != tb || b <= a || b - a - 1 > limit {
        return None;
    }
    Some((a + 1..b).map(|n| join_segment(ta, n)).collect())
}

/// gzip, as segments are stored.
pub fn compress(data: &[u8]) -> Result<Vec<u8>, BackupError> {
    use std::io::Write;
    let mut encoder = flate2::write::GzEncoder::new(
        Vec::with_capacity(data.len() / 8),
        flate2::Compression::fast(),
    );
    encoder
        .write_all(data)
        .and_then(|()| encoder.finish())
        .map_err(|e| BackupError::io("cannot compress a WAL segment", e))
}

/// A stored segment as PostgreSQL wrote it: gunzipped (a segment stored before compression,
/// which never starts with gzip's magic, passes as it is).
pub fn decompress(stored: Vec<u8>) -> Result<Vec<u8>, BackupError> {
    use std::io::Read;
    if !stored.starts_with(&[0x1f, 0x8b]) {
        return Ok(stored);
    }
    let mut out = Vec::with_capacity(SEGMENT_BYTES as usize);
    flate2::read::GzDecoder::new(stored.as_slice())
        .read_to_end(&mut out)
        .map_err(|e| BackupError::Damaged(format!("a WAL file does not decompress: {e}")))?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segment_names_follow_postgres() {
        // pg_walfile_name('0/2000028') on timeline 1, and larger LSNs.
        assert_eq!(
            segment_name(1, parse_lsn("0/2000028").unwrap()),
            "000000010000000000000002"
        );
        assert_eq!(
            segment_name(1, parse_lsn("0/FF000000").unwrap()),
            "0000000100000000000000FF"
        );
        assert_eq!(
            segment_name(2, parse_lsn("16/B374D848").unwrap()),
            "0000000200000016000000B3"
        );
        assert_eq!(parse_lsn("x/1"), None);
        assert_eq!(parse_lsn("1"), None);
    }

    #[test]
    fn the_segments_between_two_are_counted_across_a_log_file_boundary() {
        assert_eq!(
            segments_between("0000000100000000000000FE", "000000010000000100000001", 10).unwrap(),
            ["0000000100000000000000FF", "000000010000000100000000"]
        );
        assert_eq!(
            segments_between("000000010000000000000002", "000000010000000000000003", 10).unwrap(),
            Vec::<String>::new()
        );
        assert_eq!(
            segments_between("000000010000000000000003", "000000010000000000000002", 10),
            None
        );
        assert_eq!(
            segments_between("000000010000000000000002", "000000020000000000000005", 10),
            None,
            "another timeline"
        );
        assert_eq!(
            segments_between("000000010000000000000002", "000000010000000000000F00", 10),
            None,
            "too many"
        );
        assert_eq!(
            segments_between("00000001.history", "000000010000000000000003", 10),
            None
        );
    }

    #[test]
    fn a_mostly_empty_segment_is_stored_small_and_comes_back_whole() {
        let mut segment = vec![0u8; SEGMENT_BYTES as usize];
        segment[..4096]
            .iter_mut()
            .enumerate()
            .for_each(|(i, b)| *b = (i % 251) as u8);
        let packed = compress(&segment).unwrap();
        assert!(packed.len() < 100_000, "{} bytes", packed.len());
        assert_eq!(decompress(packed).unwrap(), segment);
        assert_eq!(
            decompress(vec![0xD1, 0x10, 1, 2]).unwrap(),
            [0xD1, 0x10, 1, 2]
        );
        assert!(decompress(vec![0x1f, 0x8b, 0, 0]).is_err());
    }

    #[test]
    fn only_finished_archive_files_are_shipped() {
        for name in [
            "000000010000000000000002",
            "00000002.history",
            "000000010000000000000002.00000028.backup",
            "000000010000000000000003.partial",
        ] {
            assert!(is_archived_file(name), "{name}");
        }
        for name in [
            "000000010000000000000002.part",
            "notes.txt",
            "0000000100000000000002",
            ".history",
        ] {
            assert!(!is_archived_file(name), "{name}");
        }
    }
}
