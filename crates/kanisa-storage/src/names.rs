//! Object names: what a client may ask for, the names the server makes for request folders,
//! and the readable form of a size limit.

use rand::Rng;

use crate::error::StorageError;

/// Longest object name, in bytes (as Supabase Storage).
pub const MAX_NAME_BYTES: usize = 1024;

/// Checks that `name` is a plain relative path: not empty, at most 1024 bytes, no leading or
/// trailing `/`, no empty, `.` or `..` segment, no backslash, no control character. The same
/// rules are a CHECK constraint on `storage.objects.name` (migration 0008).
pub fn validate_name(name: &str) -> Result<(), StorageError> {
    let bad = |why: &str| {
        Err(StorageError::InvalidKey(format!(
            "{why}: {}",
            printable(name)
        )))
    };
    if name.is_empty() {
        return bad("the name is empty");
    }
    if name.len() > MAX_NAME_BYTES {
        return Err(StorageError::InvalidKey(format!(
            "the name is longer than {MAX_NAME_BYTES} bytes ({} bytes)",
            name.len()
        )));
    }
    if name.chars().any(char::is_control) {
        return bad("the name holds a control character");
    }
    if name.contains('\\') {
        return bad("the name holds a backslash");
    }
    if name.starts_with('/') {
        return bad("the name is an absolute path");
    }
    for segment in name.split('/') {
        match segment {
            "" => return bad("the name has an empty folder or ends with '/'"),
            "." | ".." => return bad("the name has a '.' or '..' segment"),
            _ => {}
        }
    }
    Ok(())
}

/// A bucket id as a client names it (same shape as the `buckets_id_shape` constraint).
pub fn validate_bucket(id: &str) -> Result<(), StorageError> {
    let ok = !id.is_empty()
        && id.len() <= 63
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
        && !id.starts_with(['-', '_']);
    if ok {
        Ok(())
    } else {
        Err(StorageError::NoSuchBucket)
    }
}

/// The last segment of a name: the file name people see.
pub fn file_name(name: &str) -> &str {
    name.rsplit('/').next().unwrap_or(name)
}

/// The lower-cased extension of a file name (`Report.PDF` → `pdf`), if it has one.
pub fn extension(file: &str) -> Option<String> {
    let (stem, ext) = file.rsplit_once('.')?;
    if stem.is_empty() || ext.is_empty() || ext.len() > 10 {
        return None;
    }
    ext.bytes()
        .all(|b| b.is_ascii_alphanumeric())
        .then(|| ext.to_ascii_lowercase())
}

/// A server-made name in `folder` (which ends with `/`): milliseconds since the epoch, a dash,
/// 12 random characters [0-9a-z], and the extension — the original site's
/// `${Date.now()}-${random}.${ext}`, with a random part long enough (62 bits) that nobody
/// guesses another uploader's file. The policies check this exact shape.
pub fn generated_name(folder: &str, ext: &str, now_ms: i64) -> String {
    const ALPHABET: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut rng = rand::rng();
    let random: String = (0..12)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect();
    format!("{folder}{now_ms:013}-{random}.{ext}")
}

/// A limit in bytes as the error texts give it: `10MB`, `5MB`, `512KB`, or bytes.
pub fn format_limit(bytes: u64) -> String {
    const MB: u64 = 1024 * 1024;
    if bytes >= MB && bytes.is_multiple_of(MB) {
        format!("{}MB", bytes / MB)
    } else if bytes >= MB {
        format!("{:.1}MB", bytes as f64 / MB as f64)
    } else if bytes >= 1024 && bytes.is_multiple_of(1024) {
        format!("{}KB", bytes / 1024)
    } else {
        format!("{bytes} bytes")
    }
}

/// A name shown in an error message: control characters escaped, at most 100 characters.
fn printable(name: &str) -> String {
    let mut out: String = name
        .chars()
        .take(100)
        .flat_map(char::escape_debug)
        .collect();
    if name.chars().count() > 100 {
        out.push('…');
    }
    format!("'{out}'")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_relative_paths_pass_and_tricks_do_not() {
        for good in [
            "a.pdf",
            "public/sermons/2024 notes.pdf",
            "x/y/z..pdf",
            "ü/é.png",
        ] {
            assert!(validate_name(good).is_ok(), "{good}");
        }
        let long = "a".repeat(1025);
        for bad in [
            "",
            "/etc/passwd",
            "../x.pdf",
            "a/../b.pdf",
            "a/./b.pdf",
            "a//b.pdf",
            "a/",
            "..",
            "a\\b.pdf",
            "a\nb.pdf",
            "a\u{7f}.pdf",
            long.as_str(),
        ] {
            assert!(
                matches!(validate_name(bad), Err(StorageError::InvalidKey(_))),
                "{bad:?}"
            );
        }
        assert!(validate_name(&"a".repeat(1024)).is_ok());
    }

    #[test]
    fn generated_names_have_the_policy_shape() {
        let name = generated_name("submissions/", "pdf", 1_718_000_000_000);
        assert!(name.starts_with("submissions/1718000000000-"), "{name}");
        assert!(name.ends_with(".pdf"));
        let random = &name["submissions/1718000000000-".len()..name.len() - 4];
        assert_eq!(random.len(), 12);
        assert!(
            random
                .bytes()
                .all(|b| b.is_ascii_digit() || b.is_ascii_lowercase())
        );
        assert_ne!(
            name,
            generated_name("submissions/", "pdf", 1_718_000_000_000)
        );
    }

    #[test]
    fn extensions_and_limits() {
        assert_eq!(extension("Report.PDF").as_deref(), Some("pdf"));
        assert_eq!(extension("archive.tar.gz").as_deref(), Some("gz"));
        assert_eq!(extension("README"), None);
        assert_eq!(extension(".bashrc"), None);
        assert_eq!(extension("x.p d f"), None);
        assert_eq!(format_limit(10 * 1024 * 1024), "10MB");
        assert_eq!(format_limit(5 * 1024 * 1024), "5MB");
        assert_eq!(format_limit(512 * 1024), "512KB");
        assert_eq!(format_limit(1500), "1500 bytes");
    }
}
