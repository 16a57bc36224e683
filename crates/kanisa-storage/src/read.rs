//! Everything but uploads: finding an object for a download (as the caller, or by a signed
//! link), its bytes, signed links, listings, deletes and the bucket reads. Each metadata
//! statement runs as the caller, so the policies decide what is found.

use std::ops::Range;

use bytes::Bytes;
use chrono::{DateTime, Utc};
use futures_util::stream::BoxStream;
use futures_util::{StreamExt, TryStreamExt};
use kanisa_pg::context::begin_as;
use kanisa_pg::tokio_postgres::Row;
use object_store::{GetOptions, GetRange, ObjectStore};
use serde_json::{Value, json};
use uuid::Uuid;

use crate::error::StorageError;
use crate::names::{validate_bucket, validate_name};
use crate::store::Store;
use crate::{Caller, DEFAULT_LINK_SECS, Storage};

/// One object's row.
#[derive(Debug, Clone, PartialEq)]
pub struct ObjectInfo {
    pub id: Uuid,
    pub bucket: String,
    pub name: String,
    pub version: Uuid,
    pub size: u64,
    pub mime_type: String,
    pub cache_control: String,
    /// Hex digest prefix of the bytes, unquoted.
    pub etag: String,
    pub metadata: Value,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

const OBJECT_COLUMNS: &str = "id, bucket_id, name, version, size, mime_type, cache_control, \
                              etag, metadata, created_at, updated_at";

impl ObjectInfo {
    fn from_row(row: &Row) -> ObjectInfo {
        ObjectInfo {
            id: row.get(0),
            bucket: row.get(1),
            name: row.get(2),
            version: row.get(3),
            size: row.get::<_, i64>(4).max(0) as u64,
            mime_type: row.get(5),
            cache_control: row.get(6),
            etag: row.get(7),
            metadata: row.get(8),
            created_at: row.get(9),
            updated_at: row.get(10),
        }
    }

    /// The object as `GET /object/info/…` answers (storage-js turns the keys to camelCase).
    pub fn to_json(&self) -> Value {
        json!({
            "id": self.id,
            "name": self.name,
            "bucket_id": self.bucket,
            "version": self.version,
            "size": self.size,
            "content_type": self.mime_type,
            "cache_control": self.cache_control,
            "etag": format!("\"{}\"", self.etag),
            "metadata": self.metadata,
            "last_modified": self.updated_at,
            "created_at": self.created_at,
        })
    }

    /// The client's own file name for a server-made name, else the name's last segment.
    pub fn display_name(&self) -> &str {
        self.metadata
            .get("originalName")
            .and_then(Value::as_str)
            .unwrap_or_else(|| crate::names::file_name(&self.name))
    }
}

/// Columns a listing can be sorted by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SortColumn {
    Name,
    CreatedAt,
    UpdatedAt,
    LastAccessedAt,
}

impl SortColumn {
    pub fn parse(s: &str) -> Result<SortColumn, StorageError> {
        Ok(match s {
            "name" => SortColumn::Name,
            "created_at" => SortColumn::CreatedAt,
            "updated_at" => SortColumn::UpdatedAt,
            "last_accessed_at" => SortColumn::LastAccessedAt,
            other => {
                return Err(StorageError::InvalidRequest(format!(
                    "sortBy.column {other:?} is not one of name, created_at, updated_at, \
                     last_accessed_at"
                )));
            }
        })
    }

    fn sql(self) -> &'static str {
        match self {
            SortColumn::Name => "name",
            SortColumn::CreatedAt => "created_at",
            SortColumn::UpdatedAt => "updated_at",
            SortColumn::LastAccessedAt => "last_accessed_at",
        }
    }
}

/// `POST /object/list/{bucket}`'s body.
#[derive(Debug, Clone)]
pub struct ListOptions {
    /// A folder (`public` or `public/`); empty for the bucket's top level.
    pub prefix: String,
    pub limit: i64,
    pub offset: i64,
    pub sort: SortColumn,
    pub descending: bool,
    /// Only entries whose name starts with this (case-insensitive).
    pub search: String,
}

impl Default for ListOptions {
    fn default() -> Self {
        Self {
            prefix: String::new(),
            limit: 100,
            offset: 0,
            sort: SortColumn::Name,
            descending: false,
            search: String::new(),
        }
    }
}

/// One answer of `POST /object/sign/{bucket}` (several paths).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignedEntry {
    pub path: String,
    pub signed_url: Option<String>,
    pub error: Option<String>,
}

/// The most names one delete or multi-sign request may carry.
const MAX_NAMES: usize = 1000;

impl Storage {
    /// The object `bucket/name` if the caller may read it: 403 when it exists but the
    /// policies hide it, 404 when it does not exist.
    #[tracing::instrument(skip_all, fields(bucket = %bucket))]
    pub async fn find(
        &self,
        caller: &Caller,
        bucket: &str,
        name: &str,
    ) -> Result<ObjectInfo, StorageError> {
        validate_bucket(bucket)?;
        validate_name(name)?;
        let tx = begin_as(&self.api, &caller.context(), true).await?;
        let row = tx
            .client()
            .query_opt(
                &format!(
                    "SELECT {OBJECT_COLUMNS} FROM storage.objects \
                     WHERE bucket_id = $1 AND name = $2"
                ),
                &[&bucket, &name],
            )
            .await?;
        tx.commit().await?;
        match row {
            Some(row) => Ok(ObjectInfo::from_row(&row)),
            None => Err(self.why_not_found(bucket, name).await?),
        }
    }

    /// A hidden object is refused (403), a missing one is not found (404). The names in the
    /// private folders are server-made with 62 random bits, so telling the two apart gives
    /// nothing away.
    async fn why_not_found(&self, bucket: &str, name: &str) -> Result<StorageError, StorageError> {
        let client = self.service.get().await.map_err(kanisa_pg::PgError::from)?;
        let row = client
            .query_one(
                "SELECT EXISTS (SELECT 1 FROM storage.buckets WHERE id = $1), \
                        EXISTS (SELECT 1 FROM storage.objects WHERE bucket_id = $1 AND name = $2)",
                &[&bucket, &name],
            )
            .await?;
        let (bucket_exists, object_exists): (bool, bool) = (row.get(0), row.get(1));
        Ok(if !bucket_exists {
            StorageError::NoSuchBucket
        } else if object_exists {
            StorageError::AccessDenied(format!("You may not read '{name}' in {bucket}"))
        } else {
            StorageError::NoSuchKey
        })
    }

    /// The object a signed link names; the signature is the permission.
    pub async fn find_signed(
        &self,
        token: &str,
        bucket: &str,
        name: &str,
    ) -> Result<ObjectInfo, StorageError> {
        validate_bucket(bucket)?;
        validate_name(name)?;
        self.links.verify(token, bucket, name)?;
        let client = self.service.get().await.map_err(kanisa_pg::PgError::from)?;
        let row = client
            .query_opt(
                &format!(
                    "SELECT {OBJECT_COLUMNS} FROM storage.objects \
                     WHERE bucket_id = $1 AND name = $2"
                ),
                &[&bucket, &name],
            )
            .await?;
        row.map(|r| ObjectInfo::from_row(&r))
            .ok_or(StorageError::NoSuchKey)
    }

    /// The object's bytes, or the bytes of `range` (already checked against its size).
    pub async fn open(
        &self,
        info: &ObjectInfo,
        range: Option<Range<u64>>,
    ) -> Result<BoxStream<'static, Result<Bytes, StorageError>>, StorageError> {
        let key = Store::key(&info.bucket, info.version);
        let options = GetOptions {
            range: range.map(GetRange::Bounded),
            ..Default::default()
        };
        let result = self.store.inner.get_opts(&key, options).await?;
        Ok(result.into_stream().map_err(StorageError::from).boxed())
    }

    /// A signed link for `bucket/name` (`/object/sign/{bucket}/{name}?token=…`, relative to
    /// `/storage/v1`), if the caller may read the object.
    pub async fn sign(
        &self,
        caller: &Caller,
        bucket: &str,
        name: &str,
        expires_in: Option<i64>,
    ) -> Result<String, StorageError> {
        let expires_in = self.link_validity(expires_in)?;
        let info = self.find(caller, bucket, name).await?;
        let token = self.links.sign(&info.bucket, &info.name, expires_in)?;
        Ok(format!(
            "/object/sign/{}/{}?token={token}",
            info.bucket, info.name
        ))
    }

    /// Signed links for several names at once; names the caller may not read (or that do not
    /// exist) get an error instead.
    pub async fn sign_many(
        &self,
        caller: &Caller,
        bucket: &str,
        names: &[String],
        expires_in: Option<i64>,
    ) -> Result<Vec<SignedEntry>, StorageError> {
        let expires_in = self.link_validity(expires_in)?;
        validate_bucket(bucket)?;
        check_names(names)?;
        let tx = begin_as(&self.api, &caller.context(), true).await?;
        let visible: Vec<String> = tx
            .client()
            .query(
                "SELECT name FROM storage.objects WHERE bucket_id = $1 AND name = ANY($2)",
                &[&bucket, &names],
            )
            .await?
            .iter()
            .map(|r| r.get(0))
            .collect();
        tx.commit().await?;
        names
            .iter()
            .map(|name| {
                Ok(if visible.contains(name) {
                    let token = self.links.sign(bucket, name, expires_in)?;
                    SignedEntry {
                        path: name.clone(),
                        signed_url: Some(format!("/object/sign/{bucket}/{name}?token={token}")),
                        error: None,
                    }
                } else {
                    SignedEntry {
                        path: name.clone(),
                        signed_url: None,
                        error: Some(
                            "Either the object does not exist or you do not have access to it"
                                .into(),
                        ),
                    }
                })
            })
            .collect()
    }

    fn link_validity(&self, expires_in: Option<i64>) -> Result<i64, StorageError> {
        let secs = expires_in.unwrap_or(DEFAULT_LINK_SECS);
        let max = self.options.max_link_secs;
        if (1..=max).contains(&secs) {
            Ok(secs)
        } else {
            Err(StorageError::InvalidRequest(format!(
                "expiresIn must be between 1 and {max} seconds"
            )))
        }
    }

    /// One folder level of a bucket, as Supabase Storage lists it: sub-folders (`id` null)
    /// and the files directly in it, with their metadata. Only what the caller may read.
    pub async fn list(
        &self,
        caller: &Caller,
        bucket: &str,
        options: &ListOptions,
    ) -> Result<Value, StorageError> {
        validate_bucket(bucket)?;
        let mut prefix = options.prefix.trim_start_matches('/').to_owned();
        if !prefix.is_empty() {
            validate_name(prefix.trim_end_matches('/'))?;
            if !prefix.ends_with('/') {
                prefix.push('/');
            }
        }
        if !(1..=1000).contains(&options.limit) || options.offset < 0 {
            return Err(StorageError::InvalidRequest(
                "limit must be between 1 and 1000, and offset not negative".into(),
            ));
        }
        let order = format!(
            "{} {} NULLS FIRST, name",
            options.sort.sql(),
            if options.descending { "DESC" } else { "ASC" }
        );
        let sql = format!(
            "WITH items AS ( \
               SELECT o.*, substr(o.name, char_length($2) + 1) AS rest \
                 FROM storage.objects o \
                WHERE o.bucket_id = $1 AND starts_with(o.name, $2) \
             ), entries AS ( \
               SELECT split_part(rest, '/', 1) AS name, NULL::uuid AS id, \
                      NULL::timestamptz AS updated_at, NULL::timestamptz AS created_at, \
                      NULL::timestamptz AS last_accessed_at, NULL::jsonb AS metadata, \
                      NULL::jsonb AS user_metadata \
                 FROM items WHERE strpos(rest, '/') > 0 GROUP BY 1 \
               UNION ALL \
               SELECT rest, id, updated_at, created_at, last_accessed_at, \
                      jsonb_build_object('eTag', '\"' || etag || '\"', 'size', size, \
                        'mimetype', mime_type, 'cacheControl', cache_control, \
                        'lastModified', updated_at, 'contentLength', size, \
                        'httpStatusCode', 200), \
                      metadata \
                 FROM items WHERE strpos(rest, '/') = 0 \
             ), page AS ( \
               SELECT * FROM entries \
                WHERE $5 = '' OR starts_with(lower(name), lower($5)) \
                ORDER BY {order} LIMIT $3 OFFSET $4 \
             ) \
             SELECT coalesce(json_agg(page ORDER BY {order}), '[]')::text FROM page"
        );
        let tx = begin_as(&self.api, &caller.context(), true).await?;
        let row = tx
            .client()
            .query_one(
                &sql,
                &[
                    &bucket,
                    &prefix,
                    &options.limit,
                    &options.offset,
                    &options.search,
                ],
            )
            .await?;
        tx.commit().await?;
        serde_json::from_str(row.get::<_, &str>(0))
            .map_err(|e| StorageError::Database(format!("listing is not JSON: {e}")))
    }

    /// Deletes the named objects the caller may delete (others are left alone, as Supabase
    /// does): the rows first, in one transaction as the caller, then their bytes. Answers the
    /// deleted objects.
    pub async fn remove(
        &self,
        caller: &Caller,
        bucket: &str,
        names: &[String],
    ) -> Result<Value, StorageError> {
        validate_bucket(bucket)?;
        check_names(names)?;
        let tx = begin_as(&self.api, &caller.context(), false).await?;
        let rows = tx
            .client()
            .query(
                "DELETE FROM storage.objects WHERE bucket_id = $1 AND name = ANY($2) \
                 RETURNING id, bucket_id, name, owner, version, created_at, updated_at, \
                           last_accessed_at, size, mime_type, cache_control, etag, metadata",
                &[&bucket, &names],
            )
            .await?;
        tx.commit().await?;
        let mut deleted = Vec::with_capacity(rows.len());
        let mut keys = Vec::with_capacity(rows.len());
        for row in &rows {
            let version: Uuid = row.get(4);
            let bucket_id: String = row.get(1);
            keys.push(Store::key(&bucket_id, version));
            let updated_at: DateTime<Utc> = row.get(6);
            let size: i64 = row.get(8);
            deleted.push(json!({
                "name": row.get::<_, String>(2),
                "bucket_id": bucket_id,
                "owner": row.get::<_, Option<Uuid>>(3),
                "id": row.get::<_, Uuid>(0),
                "created_at": row.get::<_, DateTime<Utc>>(5),
                "updated_at": updated_at,
                "last_accessed_at": row.get::<_, DateTime<Utc>>(7),
                "metadata": {
                    "eTag": format!("\"{}\"", row.get::<_, String>(11)),
                    "size": size,
                    "mimetype": row.get::<_, String>(9),
                    "cacheControl": row.get::<_, String>(10),
                    "lastModified": updated_at,
                    "contentLength": size,
                    "httpStatusCode": 200,
                },
                "user_metadata": row.get::<_, Value>(12),
            }));
        }
        self.delete_keys(keys).await;
        Ok(Value::Array(deleted))
    }

    /// Removes bytes whose rows are gone; a failure leaves them for `kanisa storage check`.
    async fn delete_keys(&self, keys: Vec<object_store::path::Path>) {
        let mut results = self
            .store
            .inner
            .delete_stream(futures_util::stream::iter(keys.into_iter().map(Ok)).boxed());
        while let Some(result) = results.next().await {
            match result {
                Ok(_) | Err(object_store::Error::NotFound { .. }) => {}
                Err(e) => tracing::warn!(error = %e, "could not remove deleted bytes"),
            }
        }
    }

    /// Every bucket the caller may read (staff, per policies/storage.buckets.sql).
    pub async fn buckets(&self, caller: &Caller) -> Result<Value, StorageError> {
        self.bucket_rows(caller, None).await
    }

    /// One bucket, if the caller may read it.
    pub async fn bucket(&self, caller: &Caller, id: &str) -> Result<Value, StorageError> {
        validate_bucket(id)?;
        match self.bucket_rows(caller, Some(id)).await? {
            Value::Array(mut rows) if !rows.is_empty() => Ok(rows.remove(0)),
            _ => Err(StorageError::NoSuchBucket),
        }
    }

    async fn bucket_rows(&self, caller: &Caller, id: Option<&str>) -> Result<Value, StorageError> {
        let tx = begin_as(&self.api, &caller.context(), true).await?;
        let row = tx
            .client()
            .query_one(
                "SELECT coalesce(json_agg(json_build_object( \
                   'id', id, 'name', name, 'owner', owner, 'public', public, \
                   'file_size_limit', file_size_limit, 'allowed_mime_types', allowed_mime_types, \
                   'created_at', created_at, 'updated_at', updated_at) ORDER BY name), '[]')::text \
                 FROM storage.buckets WHERE $1::text IS NULL OR id = $1",
                &[&id],
            )
            .await
            .map_err(|e| match StorageError::from(e) {
                StorageError::AccessDenied(_) => {
                    StorageError::AccessDenied("Only staff may read buckets".into())
                }
                other => other,
            })?;
        tx.commit().await?;
        serde_json::from_str(row.get::<_, &str>(0))
            .map_err(|e| StorageError::Database(format!("buckets are not JSON: {e}")))
    }
}

fn check_names(names: &[String]) -> Result<(), StorageError> {
    if names.is_empty() || names.len() > MAX_NAMES {
        return Err(StorageError::InvalidRequest(format!(
            "Name between 1 and {MAX_NAMES} objects"
        )));
    }
    names.iter().try_for_each(|n| validate_name(n))
}
