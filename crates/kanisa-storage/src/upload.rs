//! Uploads, in three steps the server drives as the request arrives:
//!
//! 1. [`Storage::begin_upload`]: the name (400), the bucket (404), the type the name's
//!    extension says against the bucket's and folder's list and the declared type (415), a
//!    declared length over the limit (413) — then the row the upload would write is tried as
//!    the caller and rolled back (403, 409), and the upload is counted against the public
//!    upload limits (`auth.begin_upload`, migration 0047: 429 when a count is used up or the
//!    declared length passes the bytes left), before any byte is read.
//! 2. [`Storage::write`]: the bytes stream into a fresh key `{bucket}/{version}`; the limit is
//!    counted as they come (413 the moment it is passed), so are the bytes the upload limits
//!    leave (429), and the first bytes must be what the name says (415). At most one part is
//!    held in memory.
//! 3. [`Storage::commit`]: one short transaction as the caller writes the row (for an upsert,
//!    replacing the old version; its insert trigger counts the size on the byte limits, 429
//!    when over), commits, and only then removes replaced bytes.
//!
//! A failure after step 2 removes the new bytes (and a [`Written`] dropped without a commit
//! does so in the background); a process that dies leaves at most unreferenced bytes for
//! `kanisa storage check`. Never a row without its bytes.

use std::pin::pin;

use bytes::Bytes;
use futures_util::{Stream, StreamExt};
use object_store::{ObjectStore, PutPayload, WriteMultipart};
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};
use uuid::Uuid;

use crate::error::StorageError;
use crate::names::{extension, file_name, generated_name, validate_bucket, validate_name};
use crate::sniff::{self, KnownType};
use crate::store::Store;
use crate::{Caller, Storage};

/// What the server read from an upload request before its body.
#[derive(Debug, Clone)]
pub struct UploadRequest<'a> {
    pub caller: &'a Caller,
    pub bucket: &'a str,
    /// The object name from the URL (percent-decoded).
    pub path: &'a str,
    /// `x-upsert: true` (POST), or PUT.
    pub upsert: bool,
    /// The declared type (raw body: `Content-Type`; multipart: the file part's).
    pub content_type: Option<&'a str>,
    /// The file's length when the request says it up front (a raw body's `Content-Length`).
    pub content_length: Option<u64>,
}

/// An upload that may go ahead: where it goes and what it must be.
#[derive(Debug)]
pub struct Pending {
    caller: Caller,
    bucket: String,
    name: String,
    /// The client's file name (error texts; `originalName` for server-made names).
    file: String,
    generated: bool,
    kind: Option<&'static KnownType>,
    mime: String,
    limit: u64,
    /// The bytes the public upload limits leave this upload (`None`: no such limit).
    bytes_left: Option<u64>,
    upsert: bool,
    version: Uuid,
}

impl Pending {
    /// The name the object will have (server-made in the request folders).
    pub fn name(&self) -> &str {
        &self.name
    }
}

/// Bytes stored under their own key, waiting for their row. Dropped without
/// [`Storage::commit`], the bytes are removed in the background.
#[derive(Debug)]
pub struct Written {
    pending: Pending,
    size: u64,
    etag: String,
    store: Store,
    settled: bool,
}

impl Drop for Written {
    fn drop(&mut self) {
        if self.settled {
            return;
        }
        let key = Store::key(&self.pending.bucket, self.pending.version);
        let store = self.store.clone();
        if let Ok(rt) = tokio::runtime::Handle::try_current() {
            rt.spawn(async move {
                if let Err(e) = object_store::ObjectStoreExt::delete(&*store.inner, &key).await {
                    tracing::warn!(%key, error = %e, "could not remove the bytes of an abandoned upload");
                }
            });
        }
    }
}

/// The stored object, as the wire format answers an upload: `{"Id", "Key"}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Uploaded {
    pub id: Uuid,
    /// `bucket/name`.
    pub key: String,
}

/// How long a signed upload URL may be used (Supabase Storage: two hours as well).
pub const UPLOAD_URL_SECS: i64 = 2 * 3600;

/// Longest accepted user metadata (JSON text).
const MAX_METADATA_BYTES: usize = 8 * 1024;

impl Storage {
    /// A signed upload URL for `bucket/name` (`POST /object/upload/sign/…`): the upload is
    /// checked as [`Storage::begin_upload`] checks it for `caller` now — name, bucket, type,
    /// and the policies (the row tried and rolled back) — then a token is signed that lets
    /// its holder upload that one object, as `caller`, for [`UPLOAD_URL_SECS`]. Returns the
    /// URL (relative to `/storage/v1`, as Supabase answers it) and the token.
    pub async fn sign_upload(
        &self,
        caller: &Caller,
        bucket: &str,
        name: &str,
        upsert: bool,
    ) -> Result<(String, String), StorageError> {
        // Checked, not counted: the upload through the URL is counted when it comes.
        self.prepare(
            UploadRequest {
                caller,
                bucket,
                path: name,
                upsert,
                content_type: None,
                content_length: None,
            },
            false,
        )
        .await?;
        let grant = crate::UploadGrant {
            role: caller.role.clone(),
            claims: caller.claims.clone(),
            upsert,
        };
        let token = self
            .links
            .sign_upload(bucket, name, grant, UPLOAD_URL_SECS)?;
        Ok((
            format!("/object/upload/sign/{bucket}/{name}?token={token}"),
            token,
        ))
    }

    /// Who uploads through a signed upload URL (`PUT /object/upload/sign/…?token=`): the
    /// caller who signed it — role and claims from the token, so the policies decide as for
    /// them — with this request's headers, address, method and path; and whether it may
    /// replace an object (the signer's `x-upsert`).
    pub fn signed_uploader(
        &self,
        token: &str,
        bucket: &str,
        name: &str,
        request: &Caller,
    ) -> Result<(Caller, bool), StorageError> {
        let grant = self.links.verify_upload(token, bucket, name)?;
        let caller = request.clone().with_rights(grant.role, grant.claims);
        Ok((caller, grant.upsert))
    }

    /// Step 1: everything that can be decided before the body; the upload is counted against
    /// the public upload limits here.
    #[tracing::instrument(skip_all, fields(bucket = %req.bucket))]
    pub async fn begin_upload(&self, req: UploadRequest<'_>) -> Result<Pending, StorageError> {
        self.prepare(req, true).await
    }

    /// [`Storage::begin_upload`]; with `count` false the upload limits are not counted (a
    /// signed upload URL is checked when made, counted when used).
    async fn prepare(&self, req: UploadRequest<'_>, count: bool) -> Result<Pending, StorageError> {
        validate_bucket(req.bucket)?;
        validate_name(req.path)?;
        let file = file_name(req.path).to_owned();
        let rules = self.rules(req.bucket, req.path).await?;

        let ext = extension(&file);
        let kind = ext.as_deref().and_then(sniff::by_extension);
        if let Some(allowed) = &rules.allowed_types {
            let allowed_here = kind.is_some_and(|k| allowed.iter().any(|a| a == k.mime));
            if !allowed_here {
                return Err(StorageError::InvalidMimeType(format!(
                    "File '{file}' is not an allowed type. Allowed here: {}.",
                    allowed_extensions(allowed)
                )));
            }
        }
        let declared = req.content_type.filter(|t| !sniff::is_generic(t));
        let mime = match (kind, declared) {
            (Some(k), Some(d)) if sniff::by_mime(d).map(|t| t.mime) != Some(k.mime) => {
                let sent = sniff::by_mime(d)
                    .map(sniff::a_name)
                    .unwrap_or_else(|| sniff::essence(d));
                return Err(StorageError::InvalidMimeType(format!(
                    "File '{file}' was sent as {sent}, but its name says it is {}.",
                    sniff::a_name(k)
                )));
            }
            (Some(k), _) => k.mime.to_owned(),
            (None, Some(d)) => sniff::essence(d),
            (None, None) => "application/octet-stream".to_owned(),
        };
        if let Some(length) = req.content_length
            && length > rules.limit
        {
            return Err(StorageError::EntityTooLarge {
                file,
                limit: rules.limit,
            });
        }

        let (name, upsert) = match &rules.generated_folder {
            Some(folder) => {
                let Some(ext) = ext else {
                    return Err(StorageError::InvalidMimeType(format!(
                        "File '{file}' has no extension; files here need one."
                    )));
                };
                // A new name never collides: nothing is ever replaced here.
                (
                    generated_name(folder, &ext, self.options.clock.now_ms()),
                    false,
                )
            }
            None => (req.path.to_owned(), req.upsert),
        };
        let mut pending = Pending {
            caller: req.caller.clone(),
            bucket: req.bucket.to_owned(),
            name,
            file,
            generated: rules.generated_folder.is_some(),
            kind,
            mime,
            limit: rules.limit,
            bytes_left: None,
            upsert,
            version: Uuid::new_v4(),
        };
        // Would the policies let this row in? Asked now (the row tried and rolled back to the
        // savepoint), answered again at the commit. Then, in the same transaction, the upload
        // is counted against the public upload limits, which commits: a refusal (429) counts
        // nothing and comes before any byte is read.
        let tx = kanisa_pg::context::begin_as(&self.api, &pending.caller.context(), false).await?;
        tx.client().batch_execute("SAVEPOINT trial").await?;
        write_row(
            &tx,
            &pending,
            0,
            "",
            "max-age=3600",
            &Value::Object(Map::new()),
        )
        .await
        .map_err(|e| refusal(e, &pending))?;
        tx.client()
            .batch_execute("ROLLBACK TO SAVEPOINT trial")
            .await?;
        if !count {
            tx.rollback().await?;
            return Ok(pending);
        }
        let declared = req
            .content_length
            .map(|l| i64::try_from(l).unwrap_or(i64::MAX));
        let left: Option<i64> = tx
            .client()
            .query_one(
                "SELECT auth.begin_upload($1, $2, $3)",
                &[&pending.bucket, &pending.name, &declared],
            )
            .await?
            .get(0);
        tx.commit().await?;
        pending.bytes_left = left.map(|l| l.max(0) as u64);
        Ok(pending)
    }

    /// The bytes the upload limits leave `p` once `sent` bytes have come (`None`: no limit
    /// now); 429 when `sent` is past them. Asked only when the body goes past what was left at
    /// the start (a window may have turned since).
    async fn bytes_left(&self, p: &Pending, sent: u64) -> Result<Option<u64>, StorageError> {
        let tx = kanisa_pg::context::begin_as(&self.api, &p.caller.context(), true).await?;
        let sent = i64::try_from(sent).unwrap_or(i64::MAX);
        let left: Option<i64> = tx
            .client()
            .query_one(
                "SELECT auth.upload_bytes_left($1, $2, $3)",
                &[&p.bucket, &p.name, &sent],
            )
            .await?
            .get(0);
        tx.commit().await?;
        Ok(left.map(|l| l.max(0) as u64))
    }

    /// Step 2: streams `body` into the store, enforcing the limit and the type as it goes.
    #[tracing::instrument(skip_all, fields(bucket = %pending.bucket))]
    pub async fn write<S, E>(&self, pending: Pending, body: S) -> Result<Written, StorageError>
    where
        S: Stream<Item = Result<Bytes, E>> + Send,
        E: std::fmt::Display,
    {
        let key = Store::key(&pending.bucket, pending.version);
        let mut state = WriteState {
            hasher: Sha256::new(),
            total: 0,
            bytes_left: pending.bytes_left,
            held: Vec::new(),
            held_len: 0,
            sniffed: pending.kind.is_none(),
            writer: None,
        };
        let deadline = self.options.upload_deadline;
        let streamed =
            tokio::time::timeout(deadline, self.stream(&pending, &key, body, &mut state)).await;
        let result = match streamed {
            Ok(r) => r,
            Err(_) => Err(StorageError::Timeout(format!(
                "The upload took longer than {} minutes",
                deadline.as_secs() / 60
            ))),
        };
        if let Err(e) = result {
            if let Some(writer) = state.writer.take() {
                let _ = writer.abort().await;
            }
            return Err(e);
        }
        let etag = hex::encode(state.hasher.finalize())[..32].to_owned();
        Ok(Written {
            size: state.total,
            etag,
            store: self.store.clone(),
            pending,
            settled: false,
        })
    }

    async fn stream<S, E>(
        &self,
        p: &Pending,
        key: &object_store::path::Path,
        body: S,
        st: &mut WriteState,
    ) -> Result<(), StorageError>
    where
        S: Stream<Item = Result<Bytes, E>> + Send,
        E: std::fmt::Display,
    {
        let mut body = pin!(body);
        loop {
            let next = tokio::time::timeout(self.options.idle_timeout, body.next())
                .await
                .map_err(|_| {
                    StorageError::Timeout(format!(
                        "Nothing of file '{}' arrived for {} seconds",
                        p.file,
                        self.options.idle_timeout.as_secs()
                    ))
                })?;
            let chunk = match next {
                None => break,
                Some(Ok(chunk)) => chunk,
                Some(Err(e)) => {
                    return Err(StorageError::InvalidRequest(format!(
                        "The upload of file '{}' was interrupted: {e}",
                        p.file
                    )));
                }
            };
            st.total += chunk.len() as u64;
            if st.total > p.limit {
                return Err(StorageError::EntityTooLarge {
                    file: p.file.clone(),
                    limit: p.limit,
                });
            }
            if let Some(left) = st.bytes_left
                && st.total > left
            {
                st.bytes_left = self.bytes_left(p, st.total).await?;
            }
            st.hasher.update(&chunk);
            if let Some(writer) = st.writer.as_mut() {
                writer.wait_for_capacity(2).await?;
                writer.put(chunk);
                continue;
            }
            st.held_len += chunk.len();
            st.held.push(chunk);
            if !st.sniffed && st.held_len >= sniff::SNIFF_BYTES {
                check_type(p, &st.held, false)?;
                st.sniffed = true;
            }
            if st.sniffed && st.held_len >= self.part_bytes {
                // Too big for one put: a multipart upload, in parts of part_bytes.
                let upload = self
                    .store
                    .inner
                    .put_multipart_opts(key, Default::default())
                    .await?;
                let mut writer = WriteMultipart::new_with_chunk_size(upload, self.part_bytes);
                for held in st.held.drain(..) {
                    writer.put(held);
                }
                st.held_len = 0;
                st.writer = Some(writer);
            }
        }
        if !st.sniffed {
            check_type(p, &st.held, true)?;
            st.sniffed = true;
        }
        match st.writer.take() {
            Some(writer) => {
                writer.finish().await?;
            }
            None => {
                let payload: PutPayload = st.held.drain(..).collect();
                self.store
                    .inner
                    .put_opts(key, payload, Default::default())
                    .await?;
            }
        }
        Ok(())
    }

    /// Step 3: the row, as the caller, then (for a replacement) the old bytes go.
    /// `cache_control` is `max-age=N` or a bare number of seconds (default one hour);
    /// `metadata` is the uploader's own JSON object.
    #[tracing::instrument(skip_all, fields(bucket = %written.pending.bucket))]
    pub async fn commit(
        &self,
        mut written: Written,
        cache_control: Option<&str>,
        metadata: Option<Value>,
    ) -> Result<Uploaded, StorageError> {
        let cache_control = normalize_cache_control(cache_control)?;
        let mut metadata = match metadata {
            None | Some(Value::Null) => Map::new(),
            Some(Value::Object(map)) => map,
            Some(_) => {
                return Err(StorageError::InvalidRequest(
                    "metadata must be a JSON object".into(),
                ));
            }
        };
        if Value::Object(metadata.clone()).to_string().len() > MAX_METADATA_BYTES {
            return Err(StorageError::InvalidRequest(format!(
                "metadata is longer than {MAX_METADATA_BYTES} bytes"
            )));
        }
        let p = &written.pending;
        if p.generated {
            metadata.insert("originalName".into(), Value::String(p.file.clone()));
        }
        let tx = kanisa_pg::context::begin_as(&self.api, &p.caller.context(), false).await?;
        let old: Option<Uuid> = if p.upsert {
            tx.client()
                .query_opt(
                    "SELECT version FROM storage.objects \
                     WHERE bucket_id = $1 AND name = $2 FOR UPDATE",
                    &[&p.bucket, &p.name],
                )
                .await
                .map_err(|e| refusal(e, p))?
                .map(|r| r.get(0))
        } else {
            None
        };
        let id = write_row(
            &tx,
            p,
            written.size,
            &written.etag,
            &cache_control,
            &Value::Object(metadata),
        )
        .await
        .map_err(|e| refusal(e, p))?;
        tx.commit().await?;
        written.settled = true;
        if let Some(old) = old.filter(|o| *o != p.version) {
            let key = Store::key(&p.bucket, old);
            if let Err(e) = object_store::ObjectStoreExt::delete(&*self.store.inner, &key).await {
                // Unreferenced now; `kanisa storage check --fix` removes it.
                tracing::warn!(%key, error = %e, "could not remove replaced bytes");
            }
        }
        tracing::info!(bucket = %p.bucket, size = written.size, "object stored");
        Ok(Uploaded {
            id,
            key: format!("{}/{}", p.bucket, p.name),
        })
    }

    /// The limits that apply to `name` in `bucket`: the bucket's, narrowed by the folder with
    /// the longest matching prefix. Read with the server's own connection (anon may upload
    /// into a bucket it may not read).
    async fn rules(&self, bucket: &str, name: &str) -> Result<Rules, StorageError> {
        let client = self.service.get().await.map_err(kanisa_pg::PgError::from)?;
        let row = client
            .query_opt(
                "SELECT b.file_size_limit, b.allowed_mime_types, f.prefix, f.generated_names, \
                        f.file_size_limit, f.allowed_mime_types \
                   FROM storage.buckets b \
                   LEFT JOIN LATERAL ( \
                     SELECT * FROM storage.folders f \
                      WHERE f.bucket_id = b.id AND starts_with($2, f.prefix) \
                      ORDER BY length(f.prefix) DESC LIMIT 1) f ON true \
                  WHERE b.id = $1",
                &[&bucket, &name],
            )
            .await?
            .ok_or(StorageError::NoSuchBucket)?;
        let bucket_limit: Option<i64> = row.get(0);
        let bucket_types: Option<Vec<String>> = row.get(1);
        let prefix: Option<String> = row.get(2);
        let generated: Option<bool> = row.get(3);
        let folder_limit: Option<i64> = row.get(4);
        let folder_types: Option<Vec<String>> = row.get(5);
        let ceiling = self.options.max_upload_bytes;
        let limit = folder_limit
            .or(bucket_limit)
            .map_or(ceiling, |l| (l.max(0) as u64).min(ceiling));
        Ok(Rules {
            limit,
            allowed_types: folder_types.or(bucket_types),
            generated_folder: prefix.filter(|_| generated == Some(true)),
        })
    }
}

struct Rules {
    limit: u64,
    allowed_types: Option<Vec<String>>,
    /// The folder, when uploads there get server-made names.
    generated_folder: Option<String>,
}

struct WriteState {
    hasher: Sha256,
    total: u64,
    /// What the public upload limits leave (`None`: no such limit).
    bytes_left: Option<u64>,
    /// Bytes not yet handed to the store (at most one part).
    held: Vec<Bytes>,
    held_len: usize,
    sniffed: bool,
    writer: Option<WriteMultipart>,
}

/// The first bytes must be what the name says.
fn check_type(p: &Pending, held: &[Bytes], complete: bool) -> Result<(), StorageError> {
    let Some(kind) = p.kind else { return Ok(()) };
    let mut head = Vec::with_capacity(sniff::SNIFF_BYTES);
    for chunk in held {
        let room = sniff::SNIFF_BYTES - head.len();
        head.extend_from_slice(&chunk[..chunk.len().min(room)]);
        if head.len() == sniff::SNIFF_BYTES {
            break;
        }
    }
    // Text is judged on whole characters: only a cut at the window's end is forgiven.
    let complete = complete && head.len() < sniff::SNIFF_BYTES;
    if sniff::matches(kind, &head, complete) {
        Ok(())
    } else {
        Err(StorageError::InvalidMimeType(sniff::not_what_it_says(
            &p.file, kind, &head, complete,
        )))
    }
}

/// INSERT (or, for an upsert, INSERT … ON CONFLICT DO UPDATE) of the object's row as the
/// caller. A new row's id is its version (trigger in 0008), so nothing is read back unless an
/// upsert may have kept an older id (and an upsert needs the SELECT policy anyway).
async fn write_row(
    tx: &kanisa_pg::context::CallerTx,
    p: &Pending,
    size: u64,
    etag: &str,
    cache_control: &str,
    metadata: &Value,
) -> Result<Uuid, kanisa_pg::tokio_postgres::Error> {
    let size = i64::try_from(size).unwrap_or(i64::MAX);
    let params: [&(dyn kanisa_pg::tokio_postgres::types::ToSql + Sync); 8] = [
        &p.bucket,
        &p.name,
        &p.version,
        &size,
        &p.mime,
        &cache_control,
        &etag,
        metadata,
    ];
    const INSERT: &str = "INSERT INTO storage.objects \
        (bucket_id, name, version, size, mime_type, cache_control, etag, metadata) \
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8)";
    if p.upsert {
        let row = tx
            .client()
            .query_one(
                &format!(
                    "{INSERT} ON CONFLICT (bucket_id, name) DO UPDATE SET \
                     version = EXCLUDED.version, size = EXCLUDED.size, \
                     mime_type = EXCLUDED.mime_type, cache_control = EXCLUDED.cache_control, \
                     etag = EXCLUDED.etag, metadata = EXCLUDED.metadata RETURNING id"
                ),
                &params,
            )
            .await?;
        Ok(row.get(0))
    } else {
        tx.client().execute(INSERT, &params).await?;
        Ok(p.version)
    }
}

/// A database refusal in the words of this upload.
fn refusal(e: kanisa_pg::tokio_postgres::Error, p: &Pending) -> StorageError {
    match StorageError::from(e) {
        StorageError::AccessDenied(_) => {
            StorageError::AccessDenied(format!("You may not upload '{}' to {}", p.name, p.bucket))
        }
        other => other,
    }
}

/// `3600` (the multipart field storage-js sends) or `max-age=3600` (its raw-body header) →
/// `max-age=3600`; other directives are kept if they are plain cache-control text.
fn normalize_cache_control(value: Option<&str>) -> Result<String, StorageError> {
    let Some(value) = value.map(str::trim).filter(|v| !v.is_empty()) else {
        return Ok("max-age=3600".to_owned());
    };
    if let Ok(secs) = value.parse::<u64>() {
        return Ok(format!("max-age={secs}"));
    }
    let plain = value.len() <= 200
        && value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b" =,-_".contains(&b));
    if plain {
        Ok(value.to_ascii_lowercase())
    } else {
        Err(StorageError::InvalidRequest(format!(
            "cache-control {value:?} is not a cache-control value"
        )))
    }
}

fn allowed_extensions(mimes: &[String]) -> String {
    let mut exts: Vec<&str> = mimes
        .iter()
        .filter_map(|m| sniff::by_mime(m))
        .flat_map(|k| k.extensions.iter().copied())
        .collect();
    exts.dedup();
    exts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cache_control_values() {
        assert_eq!(normalize_cache_control(None).unwrap(), "max-age=3600");
        assert_eq!(normalize_cache_control(Some("60")).unwrap(), "max-age=60");
        assert_eq!(
            normalize_cache_control(Some("max-age=3600")).unwrap(),
            "max-age=3600"
        );
        assert_eq!(
            normalize_cache_control(Some("no-cache")).unwrap(),
            "no-cache"
        );
        assert!(normalize_cache_control(Some("max-age=1\r\nx: y")).is_err());
    }
}
