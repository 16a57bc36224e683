//! Where backups go: a folder (`file:///path`, another disk) or an S3-compatible bucket
//! (`s3://bucket/prefix`, with the AWS_* variables the file store reads), through the same
//! object_store backends as the file store. With a key every file is sealed ([`crate::seal`]);
//! reading opens sealed and plain files alike, so a key can be added later.
//!
//! Layout:
//! - `wal/<segment>`             — archived write-ahead log (and `*.history` files);
//! - `base/<label>/base.tar.gz`  — a base backup (pg_basebackup's tar), `backup_manifest`, and
//!   `info.json` last (written only when the rest is complete; plain, it names no content);
//! - `files/<bucket>/<version>`  — every stored file's bytes, by the version key the file
//!   store gives each upload (written once, never changed).
//!
//! A folder destination is private to the service (issue 42): its root is 0700 before
//! anything is written, every folder in it 0700 and every file 0600 (what an earlier version
//! left there is put right when it is opened).

use std::path::Path;
use std::sync::Arc;

use bytes::Bytes;
use futures_util::{StreamExt, TryStreamExt};
use object_store::path::Path as Key;
use object_store::{ObjectStore, ObjectStoreExt, PutPayload};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use url::Url;

use crate::error::BackupError;
use crate::seal::{self, Opener, Sealer};

/// Bytes read from a local file per step when uploading.
const READ_STEP: usize = 1024 * 1024;

/// A backup destination, opened.
#[derive(Clone)]
pub struct Destination {
    store: Arc<dyn ObjectStore>,
    url: Url,
    key: Option<seal::Key>,
    /// The folder, for a destination on this machine.
    root: Option<std::path::PathBuf>,
}

impl std::fmt::Debug for Destination {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Destination")
            .field("url", &self.url.as_str())
            .field("encrypted", &self.key.is_some())
            .finish()
    }
}

impl Destination {
    /// Opens `url` (`file:///path`, created if missing, or `s3://bucket[/prefix]`); with
    /// `secret`, everything written is encrypted with it.
    pub fn open(url: &Url, secret: Option<&str>) -> Result<Destination, BackupError> {
        Destination::opened(
            url,
            secret.filter(|s| !s.is_empty()).map(seal::Key::from_secret),
        )
    }

    fn opened(url: &Url, key: Option<seal::Key>) -> Result<Destination, BackupError> {
        let root = match url.scheme() {
            "file" => {
                let root = url.to_file_path().map_err(|()| {
                    BackupError::Destination(format!("{url} is not a folder on this machine"))
                })?;
                make_private(&root)?;
                Some(root)
            }
            _ => None,
        };
        let store = kanisa_storage::Store::from_url(url)
            .map_err(|e| BackupError::Destination(e.to_string()))?;
        Ok(Destination {
            store: store.object_store(),
            url: url.clone(),
            key,
            root,
        })
    }

    /// Another destination, opened with this one's key (to copy what this one misses).
    pub fn sibling(&self, url: &Url) -> Result<Destination, BackupError> {
        Destination::opened(url, self.key.clone())
    }

    /// The key's fingerprint (never the key), when there is one.
    pub fn key_fingerprint(&self) -> Option<String> {
        self.key.as_ref().map(seal::Key::fingerprint)
    }

    /// Makes what was just written as `name` private (0600, its folders 0700) in a folder
    /// destination; nothing for a bucket.
    fn private(&self, name: &str) -> Result<(), BackupError> {
        use std::os::unix::fs::PermissionsExt;
        let Some(root) = &self.root else {
            return Ok(());
        };
        let mut path = root.clone();
        let parts: Vec<&str> = name.split('/').filter(|p| !p.is_empty()).collect();
        for (i, part) in parts.iter().enumerate() {
            path.push(part);
            let mode = if i + 1 == parts.len() { 0o600 } else { 0o700 };
            match std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => {
                    return Err(BackupError::io(
                        format!("cannot make {} private", path.display()),
                        e,
                    ));
                }
            }
        }
        Ok(())
    }

    /// Copies `name` from `other` as it is stored there (sealed or not); the bytes copied.
    pub async fn copy_stored(&self, other: &Destination, name: &str) -> Result<u64, BackupError> {
        let bytes = other
            .store
            .get(&Key::from(name))
            .await
            .map_err(|e| BackupError::store(format!("cannot read {name} at {}", other.url), e))?
            .bytes()
            .await
            .map_err(|e| BackupError::store(format!("cannot read {name} at {}", other.url), e))?;
        let size = bytes.len() as u64;
        self.store
            .put(&Key::from(name), PutPayload::from(bytes))
            .await
            .map_err(|e| BackupError::store(format!("cannot write {name}"), e))?;
        self.private(name)?;
        Ok(size)
    }

    /// The destination as configured (no credentials: those come from the environment).
    pub fn url(&self) -> &Url {
        &self.url
    }

    /// True for a folder on this machine: a dead disk may take the backups with the data.
    pub fn on_this_machine(&self) -> bool {
        self.url.scheme() == "file"
    }

    pub fn encrypted(&self) -> bool {
        self.key.is_some()
    }

    /// Uploads the local `file` as `name` (sealed with the key, if any), in parts for a large
    /// one; the bytes stored.
    pub async fn put_file(&self, name: &str, file: &Path) -> Result<u64, BackupError> {
        let mut input = tokio::fs::File::open(file)
            .await
            .map_err(|e| BackupError::io(format!("cannot read {}", file.display()), e))?;
        let mut upload = Upload::new(self, name);
        let mut buf = vec![0u8; READ_STEP];
        loop {
            let n = match input.read(&mut buf).await {
                Ok(n) => n,
                Err(e) => {
                    upload.abort().await;
                    return Err(BackupError::io(
                        format!("cannot read {}", file.display()),
                        e,
                    ));
                }
            };
            if n == 0 {
                return upload.finish().await;
            }
            upload.push(&buf[..n]).await?;
        }
    }

    /// Stores small content as `name` (sealed with the key, if any).
    pub async fn put_bytes(&self, name: &str, data: &[u8]) -> Result<(), BackupError> {
        let body = match &self.key {
            Some(key) => {
                let (mut sealer, mut out) = Sealer::new(key);
                sealer.push(data, &mut out)?;
                sealer.finish(&mut out)?;
                out
            }
            None => data.to_vec(),
        };
        self.put_raw(name, body).await
    }

    /// Stores `data` as `name` as it is (descriptions that must read without the key).
    pub async fn put_plain(&self, name: &str, data: &[u8]) -> Result<(), BackupError> {
        self.put_raw(name, data.to_vec()).await
    }

    async fn put_raw(&self, name: &str, body: Vec<u8>) -> Result<(), BackupError> {
        self.store
            .put(&Key::from(name), PutPayload::from(Bytes::from(body)))
            .await
            .map_err(|e| BackupError::store(format!("cannot write {name}"), e))?;
        self.private(name)
    }

    /// Downloads `name` into the local `file` (opened if sealed); the bytes written.
    pub async fn get_file(&self, name: &str, file: &Path) -> Result<u64, BackupError> {
        let result = self
            .store
            .get(&Key::from(name))
            .await
            .map_err(|e| BackupError::store(format!("cannot read {name}"), e))?;
        let mut stream = result.into_stream();
        let mut output = tokio::fs::File::create(file)
            .await
            .map_err(|e| BackupError::io(format!("cannot write {}", file.display()), e))?;
        let mut reader = Reader::new(self.key.as_ref(), name, &self.url);
        let mut out = Vec::new();
        let mut written = 0u64;
        while let Some(piece) = stream
            .try_next()
            .await
            .map_err(|e| BackupError::store(format!("cannot read {name}"), e))?
        {
            reader.push(&piece, &mut out)?;
            if !out.is_empty() {
                written += out.len() as u64;
                output
                    .write_all(&out)
                    .await
                    .map_err(|e| BackupError::io(format!("cannot write {}", file.display()), e))?;
                out.clear();
            }
        }
        reader.finish(&mut out)?;
        written += out.len() as u64;
        output
            .write_all(&out)
            .await
            .map_err(|e| BackupError::io(format!("cannot write {}", file.display()), e))?;
        output
            .sync_all()
            .await
            .map_err(|e| BackupError::io(format!("cannot write {}", file.display()), e))?;
        Ok(written)
    }

    /// The content of `name` (opened if sealed).
    pub async fn get_bytes(&self, name: &str) -> Result<Vec<u8>, BackupError> {
        let bytes = self
            .store
            .get(&Key::from(name))
            .await
            .map_err(|e| BackupError::store(format!("cannot read {name}"), e))?
            .bytes()
            .await
            .map_err(|e| BackupError::store(format!("cannot read {name}"), e))?;
        let mut reader = Reader::new(self.key.as_ref(), name, &self.url);
        let mut out = Vec::new();
        reader.push(&bytes, &mut out)?;
        reader.finish(&mut out)?;
        Ok(out)
    }

    /// Whether `name` is stored.
    pub async fn exists(&self, name: &str) -> Result<bool, BackupError> {
        match self.store.head(&Key::from(name)).await {
            Ok(_) => Ok(true),
            Err(object_store::Error::NotFound { .. }) => Ok(false),
            Err(e) => Err(BackupError::store(format!("cannot look up {name}"), e)),
        }
    }

    /// The names under `prefix/` (whole names, sorted).
    pub async fn list(&self, prefix: &str) -> Result<Vec<String>, BackupError> {
        let prefix_key = Key::from(prefix);
        let mut names: Vec<String> = self
            .store
            .list(Some(&prefix_key))
            .map_ok(|meta| meta.location.to_string())
            .try_collect()
            .await
            .map_err(|e| BackupError::store(format!("cannot list {prefix}/"), e))?;
        // The folder backend stages writes as `<name>#<n>`: not (yet) a stored file.
        names.retain(|n| !n.contains('#'));
        names.sort();
        Ok(names)
    }

    /// Deletes `name` (gone already counts as deleted).
    pub async fn delete(&self, name: &str) -> Result<(), BackupError> {
        match ObjectStoreExt::delete(&*self.store, &Key::from(name)).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(e) => Err(BackupError::store(format!("cannot delete {name}"), e)),
        }
    }

    /// Copies bytes from another object store (the file store) to `name`, sealed with the key.
    pub async fn copy_from(
        &self,
        from: &dyn ObjectStore,
        key: &Key,
        name: &str,
    ) -> Result<u64, BackupError> {
        let unreadable = |e: object_store::Error| {
            BackupError::Destination(format!("cannot read the stored file {key}: {e}"))
        };
        let mut stream = from.get(key).await.map_err(unreadable)?.into_stream();
        let mut upload = Upload::new(self, name);
        while let Some(piece) = stream.next().await {
            match piece {
                Ok(piece) => upload.push(&piece).await?,
                Err(e) => {
                    upload.abort().await;
                    return Err(unreadable(e));
                }
            }
        }
        upload.finish().await
    }
}

/// An upload to the destination in progress: content pushed in pieces is sealed (with a key)
/// and sent in parts; a failed write aborts it (the parts sent are removed).
struct Upload {
    destination: Destination,
    writer: object_store::buffered::BufWriter,
    sealer: Option<Sealer>,
    /// Bytes ready to send.
    out: Vec<u8>,
    written: u64,
    name: String,
}

impl Upload {
    fn new(destination: &Destination, name: &str) -> Upload {
        let (sealer, out) = match &destination.key {
            Some(key) => {
                let (sealer, header) = Sealer::new(key);
                (Some(sealer), header)
            }
            None => (None, Vec::new()),
        };
        Upload {
            destination: destination.clone(),
            writer: object_store::buffered::BufWriter::new(
                destination.store.clone(),
                Key::from(name),
            ),
            sealer,
            out,
            written: 0,
            name: name.to_owned(),
        }
    }

    async fn push(&mut self, data: &[u8]) -> Result<(), BackupError> {
        match self.sealer.as_mut() {
            Some(sealer) => sealer.push(data, &mut self.out)?,
            None => self.out.extend_from_slice(data),
        }
        if self.out.len() >= READ_STEP {
            let piece = std::mem::take(&mut self.out);
            self.written += piece.len() as u64;
            if let Err(e) = self.writer.write_all(&piece).await {
                let _ = self.writer.abort().await;
                return Err(BackupError::io(format!("cannot upload {}", self.name), e));
            }
        }
        Ok(())
    }

    async fn abort(mut self) {
        let _ = self.writer.abort().await;
    }

    /// Seals the end and completes the upload; the bytes stored. A failed completion cannot be
    /// aborted (object_store's writer is spent by then): what it left is unfinished parts, which
    /// a folder keeps as `<name>#<n>` (never listed) and S3 drops with its lifecycle rules.
    async fn finish(mut self) -> Result<u64, BackupError> {
        if let Some(sealer) = self.sealer.take() {
            sealer.finish(&mut self.out)?;
        }
        self.written += self.out.len() as u64;
        if let Err(e) = self.writer.write_all(&self.out).await {
            let _ = self.writer.abort().await;
            return Err(BackupError::io(format!("cannot upload {}", self.name), e));
        }
        self.writer
            .shutdown()
            .await
            .map_err(|e| BackupError::io(format!("cannot upload {}", self.name), e))?;
        self.destination.private(&self.name)?;
        Ok(self.written)
    }
}

/// Creates the folder `root` (and its parents) if missing, 0700, before anything is written in
/// it; then puts right what is already there (folders 0700, files 0600).
fn make_private(root: &Path) -> Result<(), BackupError> {
    use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
    let failed = |what: &str, path: &Path, e| {
        BackupError::io(format!("cannot {what} {}", path.display()), e)
    };
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(root)
        .map_err(|e| failed("create", root, e))?;
    let mut folders = vec![root.to_owned()];
    while let Some(folder) = folders.pop() {
        std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o700))
            .map_err(|e| failed("make private", &folder, e))?;
        for entry in std::fs::read_dir(&folder).map_err(|e| failed("list", &folder, e))? {
            let entry = entry.map_err(|e| failed("list", &folder, e))?;
            let kind = entry.file_type().map_err(|e| failed("list", &folder, e))?;
            if kind.is_dir() {
                folders.push(entry.path());
            } else if kind.is_file() {
                let mode = entry
                    .metadata()
                    .map_err(|e| failed("read", &entry.path(), e))?
                    .permissions()
                    .mode();
                if mode & 0o077 != 0 {
                    std::fs::set_permissions(entry.path(), std::fs::Permissions::from_mode(0o600))
                        .map_err(|e| failed("make private", &entry.path(), e))?;
                }
            }
        }
    }
    Ok(())
}

/// Reads a stored file: sealed ones are opened with the key; plain ones pass through.
struct Reader {
    state: ReaderState,
    name: String,
    /// The destination's address, for a message that says what to run.
    url: String,
    key: Option<seal::Key>,
    start: Vec<u8>,
}

enum ReaderState {
    /// The first bytes are not in yet: sealed or plain is not known.
    Sniffing,
    Plain,
    Sealed(Opener),
}

impl Reader {
    fn new(key: Option<&seal::Key>, name: &str, url: &Url) -> Reader {
        Reader {
            state: ReaderState::Sniffing,
            name: name.to_owned(),
            url: url.to_string(),
            key: key.cloned(),
            start: Vec::new(),
        }
    }

    fn push(&mut self, data: &[u8], out: &mut Vec<u8>) -> Result<(), BackupError> {
        match &mut self.state {
            ReaderState::Plain => {
                out.extend_from_slice(data);
                Ok(())
            }
            ReaderState::Sealed(opener) => opener.push(data, out).map_err(|e| self.named(e)),
            ReaderState::Sniffing => {
                self.start.extend_from_slice(data);
                if self.start.len() < seal::MAGIC.len() {
                    return Ok(());
                }
                self.decide()?;
                let start = std::mem::take(&mut self.start);
                self.push(&start, out)
            }
        }
    }

    fn decide(&mut self) -> Result<(), BackupError> {
        self.state = if seal::is_sealed(&self.start) {
            match &self.key {
                Some(key) => ReaderState::Sealed(Opener::new(key)),
                None => {
                    return Err(BackupError::Seal(format!(
                        "{} is encrypted: set KANISA_BACKUP_KEY to the backup key of the recovery \
                         sheet (Settings → Backups, printed when the backups began) and run this \
                         again, e.g. KANISA_BACKUP_KEY='xxxxxxxx-…' kanisa restore --latest --from {} --into DIR",
                        self.name, self.url
                    )));
                }
            }
        } else {
            ReaderState::Plain
        };
        Ok(())
    }

    fn finish(mut self, out: &mut Vec<u8>) -> Result<(), BackupError> {
        if let ReaderState::Sniffing = self.state {
            // Shorter than the magic: plain by definition.
            out.extend_from_slice(&self.start);
            return Ok(());
        }
        let name = self.name.clone();
        match std::mem::replace(&mut self.state, ReaderState::Plain) {
            ReaderState::Sealed(opener) => opener
                .finish(out)
                .map_err(|e| BackupError::Seal(format!("{name}: {e}"))),
            _ => Ok(()),
        }
    }

    fn named(&self, e: BackupError) -> BackupError {
        match e {
            BackupError::Seal(reason) => BackupError::Seal(format!("{}: {reason}", self.name)),
            other => other,
        }
    }
}
