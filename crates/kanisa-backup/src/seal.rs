//! Encryption of what goes to the destination, with a key kept outside it
//! (`KANISA_BACKUP_KEY`).
//!
//! Format: the 8-byte magic `KNSENC01`, a random 19-byte nonce prefix, then the content in
//! 64 KiB chunks, each sealed with XChaCha20-Poly1305 in the STREAM construction (a counter
//! and a last-chunk flag in each chunk's nonce). A changed, reordered, added, removed or
//! truncated chunk fails to open, so a damaged backup is found, never restored wrongly. The
//! work is done a chunk at a time: a base backup of any size never sits in memory whole.
//!
//! The key is derived from the secret with SHA-256 under a label of this format: the secret
//! must be long and random (`openssl rand -base64 32`), as the Settings page says. Without
//! `KANISA_BACKUP_KEY`, the managed cluster's first start generates one into the data dir
//! ([`generate_key`]); its recovery sheet on Settings is how it leaves the machine.

use chacha20poly1305::aead::generic_array::GenericArray;
use chacha20poly1305::aead::stream::{DecryptorBE32, EncryptorBE32};
use chacha20poly1305::{KeyInit, XChaCha20Poly1305};
use sha2::{Digest, Sha256};

use crate::error::BackupError;

/// The first bytes of every sealed file.
pub const MAGIC: &[u8; 8] = b"KNSENC01";
const NONCE_PREFIX: usize = 19;
const HEADER: usize = MAGIC.len() + NONCE_PREFIX;
/// Plaintext bytes per chunk.
const CHUNK: usize = 64 * 1024;
/// A sealed chunk: the plaintext and its 16-byte tag.
const SEALED_CHUNK: usize = CHUNK + 16;

/// The key that seals and opens backups.
#[derive(Clone)]
pub struct Key([u8; 32]);

impl std::fmt::Debug for Key {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Key(…)")
    }
}

impl Key {
    /// The key of a secret (`KANISA_BACKUP_KEY`).
    pub fn from_secret(secret: &str) -> Key {
        let mut hash = Sha256::new();
        hash.update(b"kanisa-backup-key-v1\0");
        hash.update(secret.as_bytes());
        Key(hash.finalize().into())
    }

    /// A short name of the key that tells keys apart and gives nothing of it away (16 hex
    /// digits), for Settings and the recovery sheet.
    pub fn fingerprint(&self) -> String {
        let mut hash = Sha256::new();
        hash.update(b"kanisa-backup-key-fingerprint-v1\0");
        hash.update(self.0);
        hash.finalize()[..8]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }

    fn cipher(&self) -> XChaCha20Poly1305 {
        XChaCha20Poly1305::new(GenericArray::from_slice(&self.0))
    }
}

/// The file in the data dir holding the key Kanisa generated (issue 42).
pub const KEY_FILE: &str = "backup-key";

/// The key Kanisa generated for this data dir, if it has one.
pub fn generated_key(data_dir: &std::path::Path) -> Result<Option<String>, BackupError> {
    let path = data_dir.join(KEY_FILE);
    match std::fs::read_to_string(&path) {
        Ok(text) if text.trim().len() >= 32 => Ok(Some(text.trim().to_owned())),
        Ok(_) => Err(BackupError::Seal(format!(
            "{} is not a backup key (too short): restore it from the recovery sheet",
            path.display()
        ))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(BackupError::io(
            format!("cannot read {}", path.display()),
            e,
        )),
    }
}

/// The key Kanisa generated for this data dir, made now (0600) if there is none: backups are
/// encrypted from the first one, and Settings asks the Super Admin to store its recovery sheet
/// away from the server. Eight groups of eight hex digits (256 bits), so that it can be copied
/// from paper.
pub fn generate_key(data_dir: &std::path::Path) -> Result<String, BackupError> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    if let Some(key) = generated_key(data_dir)? {
        return Ok(key);
    }
    let path = data_dir.join(KEY_FILE);
    std::fs::create_dir_all(data_dir)
        .map_err(|e| BackupError::io(format!("cannot create {}", data_dir.display()), e))?;
    let bytes: [u8; 32] = rand::random();
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    let key = hex
        .as_bytes()
        .chunks(8)
        .map(|c| std::str::from_utf8(c).unwrap_or_default())
        .collect::<Vec<_>>()
        .join("-");
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(&path)
        .map_err(|e| BackupError::io(format!("cannot create {}", path.display()), e))?;
    writeln!(file, "{key}")
        .and_then(|()| file.sync_all())
        .map_err(|e| BackupError::io(format!("cannot write {}", path.display()), e))?;
    Ok(key)
}

/// True when `start` (a file's first bytes) is a sealed file.
pub fn is_sealed(start: &[u8]) -> bool {
    start.starts_with(MAGIC)
}

/// Seals content pushed in pieces of any size.
pub struct Sealer {
    encryptor: EncryptorBE32<XChaCha20Poly1305>,
    pending: Vec<u8>,
}

impl Sealer {
    /// A sealer, and the header to write before everything it gives.
    pub fn new(key: &Key) -> (Sealer, Vec<u8>) {
        let prefix: [u8; NONCE_PREFIX] = rand::random();
        let mut header = MAGIC.to_vec();
        header.extend_from_slice(&prefix);
        let encryptor = EncryptorBE32::from_aead(key.cipher(), GenericArray::from_slice(&prefix));
        (
            Sealer {
                encryptor,
                pending: Vec::with_capacity(CHUNK),
            },
            header,
        )
    }

    /// Takes `data`; appends to `out` every chunk now complete. The last chunk is kept back
    /// until [`Sealer::finish`], which marks it as the last.
    pub fn push(&mut self, mut data: &[u8], out: &mut Vec<u8>) -> Result<(), BackupError> {
        while !data.is_empty() {
            let take = (CHUNK - self.pending.len()).min(data.len());
            // A full chunk is sealed only once more follows: the last one is sealed differently.
            if self.pending.len() == CHUNK {
                let sealed = self
                    .encryptor
                    .encrypt_next(self.pending.as_slice())
                    .map_err(|_| BackupError::Seal("cannot encrypt".into()))?;
                out.extend_from_slice(&sealed);
                self.pending.clear();
                continue;
            }
            self.pending.extend_from_slice(&data[..take]);
            data = &data[take..];
        }
        Ok(())
    }

    /// Seals what is left as the last chunk (possibly empty).
    pub fn finish(self, out: &mut Vec<u8>) -> Result<(), BackupError> {
        let sealed = self
            .encryptor
            .encrypt_last(self.pending.as_slice())
            .map_err(|_| BackupError::Seal("cannot encrypt".into()))?;
        out.extend_from_slice(&sealed);
        Ok(())
    }
}

/// Opens sealed content pushed in pieces of any size.
pub struct Opener {
    key: Key,
    decryptor: Option<DecryptorBE32<XChaCha20Poly1305>>,
    pending: Vec<u8>,
}

/// Why a sealed file does not open.
const WRONG_KEY: &str = "it does not open with KANISA_BACKUP_KEY (another key, or the file is \
     damaged): give the key of the recovery sheet (Settings → Backups), whose fingerprint \
     Settings shows";

impl Opener {
    pub fn new(key: &Key) -> Opener {
        Opener {
            key: key.clone(),
            decryptor: None,
            pending: Vec::new(),
        }
    }

    /// Takes sealed `data`; appends to `out` the plaintext of every chunk now known not to
    /// be the last.
    pub fn push(&mut self, data: &[u8], out: &mut Vec<u8>) -> Result<(), BackupError> {
        self.pending.extend_from_slice(data);
        if self.decryptor.is_none() {
            if self.pending.len() < HEADER {
                return Ok(());
            }
            if !is_sealed(&self.pending) {
                return Err(BackupError::Seal(
                    "it is not an encrypted Kanisa backup".into(),
                ));
            }
            let prefix = GenericArray::clone_from_slice(&self.pending[MAGIC.len()..HEADER]);
            self.decryptor = Some(DecryptorBE32::from_aead(self.key.cipher(), &prefix));
            self.pending.drain(..HEADER);
        }
        let Some(decryptor) = self.decryptor.as_mut() else {
            return Ok(());
        };
        // Strictly more than a chunk: the last chunk (which may be full) waits for finish().
        let mut used = 0;
        while self.pending.len() - used > SEALED_CHUNK {
            let plain = decryptor
                .decrypt_next(&self.pending[used..used + SEALED_CHUNK])
                .map_err(|_| BackupError::Seal(WRONG_KEY.into()))?;
            out.extend_from_slice(&plain);
            used += SEALED_CHUNK;
        }
        self.pending.drain(..used);
        Ok(())
    }

    /// Opens the last chunk; fails for a file cut short or with its end changed.
    pub fn finish(self, out: &mut Vec<u8>) -> Result<(), BackupError> {
        let Some(decryptor) = self.decryptor else {
            return Err(BackupError::Seal(
                "it ends before its encryption header".into(),
            ));
        };
        let plain = decryptor
            .decrypt_last(self.pending.as_slice())
            .map_err(|_| BackupError::Seal(WRONG_KEY.into()))?;
        out.extend_from_slice(&plain);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seal(key: &Key, data: &[u8], piece: usize) -> Vec<u8> {
        let (mut sealer, mut out) = Sealer::new(key);
        for part in data.chunks(piece.max(1)) {
            sealer.push(part, &mut out).unwrap();
        }
        sealer.finish(&mut out).unwrap();
        out
    }

    fn open(key: &Key, sealed: &[u8], piece: usize) -> Result<Vec<u8>, BackupError> {
        let mut opener = Opener::new(key);
        let mut out = Vec::new();
        for part in sealed.chunks(piece.max(1)) {
            opener.push(part, &mut out)?;
        }
        opener.finish(&mut out)?;
        Ok(out)
    }

    #[test]
    fn a_generated_key_is_kept_private_and_read_back_the_same() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(generated_key(dir.path()).unwrap(), None);
        let key = generate_key(dir.path()).unwrap();
        assert_eq!(key.len(), 71);
        assert_eq!(key.split('-').count(), 8);
        assert_eq!(generate_key(dir.path()).unwrap(), key, "made once");
        assert_eq!(
            generated_key(dir.path()).unwrap().as_deref(),
            Some(key.as_str())
        );
        let mode = std::fs::metadata(dir.path().join(KEY_FILE))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
        let other = tempfile::tempdir().unwrap();
        assert_ne!(generate_key(other.path()).unwrap(), key);
        assert_eq!(
            Key::from_secret(&key).fingerprint(),
            Key::from_secret(&key).fingerprint()
        );
        assert_ne!(
            Key::from_secret(&key).fingerprint(),
            Key::from_secret("other").fingerprint()
        );
        assert_eq!(Key::from_secret(&key).fingerprint().len(), 16);
    }

    #[test]
    fn content_of_every_size_round_trips_in_pieces_of_every_size() {
        let key = Key::from_secret("a long random secret");
        for size in [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK, 3 * CHUNK + 17] {
            let data: Vec<u8> = (0..size).map(|i| (i * 7 % 251) as u8).collect();
            for piece in [1000, CHUNK, 5 * CHUNK] {
                let sealed = seal(&key, &data, piece);
                assert!(is_sealed(&sealed));
                assert_ne!(&sealed[HEADER..], data.as_slice());
                for read in [999, SEALED_CHUNK, 10 * CHUNK] {
                    assert_eq!(
                        open(&key, &sealed, read).unwrap(),
                        data,
                        "{size}/{piece}/{read}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_wrong_key_a_changed_byte_or_a_cut_end_never_opens() {
        let key = Key::from_secret("right");
        let data = vec![42u8; 2 * CHUNK + 10];
        let sealed = seal(&key, &data, CHUNK);
        assert!(open(&Key::from_secret("wrong"), &sealed, 4096).is_err());
        let mut changed = sealed.clone();
        changed[HEADER + 5] ^= 1;
        assert!(open(&key, &changed, 4096).is_err());
        // Cut at a chunk boundary: the earlier chunks open, but the end is missing.
        let cut = &sealed[..HEADER + SEALED_CHUNK];
        assert!(open(&key, cut, 4096).is_err());
        assert!(open(&key, &sealed[..HEADER - 1], 4096).is_err());
        assert!(open(&key, b"plain text, not sealed at all", 4096).is_err());
    }

    #[test]
    fn the_same_content_seals_differently_each_time() {
        let key = Key::from_secret("k");
        assert_ne!(seal(&key, b"same", 10), seal(&key, b"same", 10));
    }
}
