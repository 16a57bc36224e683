//! The stored files, copied beside the database: every version the file store holds (its keys
//! are written once and never changed) goes to `files/<bucket>/<version>` once, and
//! `kanisa.backup_file_copies` remembers which went to which destination. A restore brings
//! back exactly the versions its rows name. Deleted files stay at the destination while a
//! restore to a moment before the delete is possible, and go with the base backups that reach
//! back that far ([`prune_gone`]).
//!
//! Uploads into the request folders (`submissions/`, `reports/`, `maintenance/`: anyone may
//! upload there) are copied only once a stored message names them among its attachments
//! (issue 42): an upload no request claims is nobody's, and the hourly sweep removes it a day
//! later — copied, it would stay at the destination for the whole retention window. A restore
//! likewise asks only for the files that are copied: a moment's unclaimed uploads come back as
//! rows without bytes, which the sweep removes as it would have.

use chrono::{DateTime, Utc};
use kanisa_pg::Pool;
use kanisa_storage::Store;
use object_store::ObjectStoreExt;
use uuid::Uuid;

use crate::destination::Destination;
use crate::error::BackupError;

/// Versions copied per round trip to the database.
const BATCH: i64 = 200;

/// The destination name of a stored file's bytes.
pub fn file_name(bucket: &str, version: Uuid) -> String {
    format!("files/{bucket}/{version}")
}

/// The stored files a backup holds, as a condition on `storage.objects o`: every file but an
/// upload into a request folder that no stored message names (the folders and the naming are
/// the sweep's, kanisa-functions' `submissions/sweep.rs`; the look-up is served by the
/// attachments' index, migration 0047).
const KEPT: &str = "(o.bucket_id <> 'church-files' \
     OR o.name !~ '^(submissions|reports|maintenance)/' \
     OR EXISTS (SELECT 1 FROM public.messages m \
                WHERE m.attachments @> jsonb_build_array(jsonb_build_object('path', o.name))))";

/// Copies every stored file version not yet at the destination; how many were copied. An
/// upload into a request folder waits until a stored message names it (see the module's
/// doc). A file that cannot be read from the store (deleted meanwhile) is skipped, and tried
/// again on the next pass only if its row still names it.
pub async fn copy_new(
    service: &Pool,
    store: &Store,
    destination: &Destination,
) -> Result<usize, BackupError> {
    let db = |e: &dyn std::fmt::Display| BackupError::Database(e.to_string());
    let target = destination.url().as_str().to_owned();
    let from = store.object_store();
    let mut copied = 0;
    let mut failed: Vec<Uuid> = Vec::new();
    loop {
        let client = service.get().await.map_err(|e| db(&e))?;
        let rows = client
            .query(
                &format!(
                    "SELECT o.bucket_id, o.version FROM storage.objects o \
                     WHERE NOT EXISTS (SELECT 1 FROM kanisa.backup_file_copies c \
                                       WHERE c.destination = $1 AND c.version = o.version) \
                       AND NOT (o.version = ANY($2)) AND {KEPT} \
                     ORDER BY o.created_at, o.version LIMIT $3"
                ),
                &[&target, &failed, &BATCH],
            )
            .await
            .map_err(|e| db(&kanisa_pg::describe(&e)))?;
        drop(client);
        if rows.is_empty() {
            return Ok(copied);
        }
        for row in rows {
            let bucket: String = row.get(0);
            let version: Uuid = row.get(1);
            let key = Store::key(&bucket, version);
            match destination
                .copy_from(&*from, &key, &file_name(&bucket, version))
                .await
            {
                Ok(_) => {}
                Err(BackupError::Destination(reason)) => {
                    tracing::warn!(%bucket, %version, %reason, "a stored file was not copied to the backup");
                    failed.push(version);
                    continue;
                }
                Err(e) => return Err(e),
            }
            let client = service.get().await.map_err(|e| db(&e))?;
            client
                .execute(
                    "INSERT INTO kanisa.backup_file_copies (destination, version) VALUES ($1, $2) \
                     ON CONFLICT DO NOTHING",
                    &[&target, &version],
                )
                .await
                .map_err(|e| db(&kanisa_pg::describe(&e)))?;
            copied += 1;
        }
    }
}

/// Deletes the copies at `destination` of file versions deleted before `oldest_kept` (the start
/// of the oldest base backup kept there): no moment a restore can still reach names them. A
/// version is known as gone from the first prune that finds its row missing (`gone_at`), which
/// is never before the delete, so a copy goes one retention window late at most, never early.
/// How many copies were deleted.
pub async fn prune_gone(
    service: &Pool,
    destination: &Destination,
    oldest_kept: DateTime<Utc>,
) -> Result<usize, BackupError> {
    let db = |e: &dyn std::fmt::Display| BackupError::Database(e.to_string());
    let target = destination.url().as_str().to_owned();
    let client = service.get().await.map_err(|e| db(&e))?;
    client
        .execute(
            "UPDATE kanisa.backup_file_copies c SET gone_at = now() \
             WHERE c.destination = $1 AND c.gone_at IS NULL \
               AND NOT EXISTS (SELECT 1 FROM storage.objects o WHERE o.version = c.version)",
            &[&target],
        )
        .await
        .map_err(|e| db(&kanisa_pg::describe(&e)))?;
    let gone: Vec<Uuid> = client
        .query(
            "SELECT version FROM kanisa.backup_file_copies \
             WHERE destination = $1 AND gone_at < $2",
            &[&target, &oldest_kept],
        )
        .await
        .map_err(|e| db(&kanisa_pg::describe(&e)))?
        .iter()
        .map(|row| row.get(0))
        .collect();
    drop(client);
    if gone.is_empty() {
        return Ok(0);
    }
    let gone: std::collections::HashSet<Uuid> = gone.into_iter().collect();
    let mut pruned = 0;
    // The copies' names hold their bucket (`files/<bucket>/<version>`); the rows do not.
    for name in destination.list("files").await? {
        let version = name
            .rsplit('/')
            .next()
            .and_then(|v| Uuid::parse_str(v).ok());
        if version.is_some_and(|v| gone.contains(&v)) {
            destination.delete(&name).await?;
            pruned += 1;
        }
    }
    // The rows go after their copies: a prune cut short tries the rest again next time.
    let gone: Vec<Uuid> = gone.into_iter().collect();
    service
        .get()
        .await
        .map_err(|e| db(&e))?
        .execute(
            "DELETE FROM kanisa.backup_file_copies WHERE destination = $1 AND version = ANY($2)",
            &[&target, &gone],
        )
        .await
        .map_err(|e| db(&kanisa_pg::describe(&e)))?;
    Ok(pruned)
}

/// Every stored file version the database's rows name that a backup holds (unclaimed
/// uploads are never copied): (bucket, version).
pub(crate) async fn named_versions(
    client: &kanisa_pg::tokio_postgres::Client,
) -> Result<Vec<(String, Uuid)>, BackupError> {
    Ok(client
        .query(
            &format!(
                "SELECT o.bucket_id, o.version FROM storage.objects o WHERE {KEPT} ORDER BY 1, 2"
            ),
            &[],
        )
        .await
        .map_err(|e| BackupError::Database(kanisa_pg::describe(&e)))?
        .iter()
        .map(|row| (row.get(0), row.get(1)))
        .collect())
}

/// What [`bring_back`] did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct BroughtBack {
    /// Versions the rows name that the store already had.
    pub present: usize,
    /// Versions copied from the destination into the store.
    pub copied: usize,
    /// Versions neither the store nor the destination has (`bucket/version`).
    pub missing: Vec<String>,
}

/// After a database is restored from a dump: every file version its rows name that the file
/// store lacks is copied back from the destination (opened with its key). The store's keys are
/// written once, so a version present is the right bytes.
pub async fn bring_back(
    service: &Pool,
    store: &Store,
    destination: &Destination,
) -> Result<BroughtBack, BackupError> {
    let client = service
        .get()
        .await
        .map_err(|e| BackupError::Database(e.to_string()))?;
    let named = named_versions(&client).await?;
    drop(client);
    let to = store.object_store();
    let mut done = BroughtBack::default();
    for (bucket, version) in named {
        let key = Store::key(&bucket, version);
        match to.head(&key).await {
            Ok(_) => {
                done.present += 1;
                continue;
            }
            Err(object_store::Error::NotFound { .. }) => {}
            Err(e) => return Err(BackupError::store(format!("cannot look up {key}"), e)),
        }
        let bytes = match destination.get_bytes(&file_name(&bucket, version)).await {
            Ok(bytes) => bytes,
            Err(BackupError::Store {
                source: object_store::Error::NotFound { .. },
                ..
            }) => {
                done.missing.push(format!("{bucket}/{version}"));
                continue;
            }
            Err(e) => return Err(e),
        };
        to.put(&key, object_store::PutPayload::from(bytes))
            .await
            .map_err(|e| BackupError::store(format!("cannot write {key} to the file store"), e))?;
        done.copied += 1;
    }
    Ok(done)
}

#[cfg(test)]
mod tests {
    use kanisa_storage::{Caller, Storage, StorageOptions, UploadRequest};
    use kanisa_test_db::TestDb;

    use super::*;

    /// Uploads a small PDF through the storage service as `caller`; its name and version.
    async fn upload(storage: &Storage, db: &TestDb, caller: &Caller, path: &str) -> (String, Uuid) {
        let bytes = format!("%PDF-1.4\n% {path}\n").into_bytes();
        let pending = storage
            .begin_upload(UploadRequest {
                caller,
                bucket: "church-files",
                path,
                upsert: false,
                content_type: Some("application/pdf"),
                content_length: Some(bytes.len() as u64),
            })
            .await
            .unwrap();
        let body = futures_util::stream::iter([Ok::<_, std::io::Error>(bytes::Bytes::from(bytes))]);
        let written = storage.write(pending, body).await.unwrap();
        let key = storage.commit(written, None, None).await.unwrap().key;
        let name = key.strip_prefix("church-files/").unwrap().to_owned();
        let version: Uuid = db
            .client()
            .await
            .query_one(
                "SELECT version FROM storage.objects WHERE name = $1",
                &[&name],
            )
            .await
            .unwrap()
            .get(0);
        (name, version)
    }

    /// A stored message naming `paths` among its attachments, as a submission stores them.
    async fn claim(db: &TestDb, paths: &[&str]) {
        let attachments: serde_json::Value = paths
            .iter()
            .map(|p| serde_json::json!({"name": p.rsplit('/').next(), "path": p, "size": 20}))
            .collect();
        db.client()
            .await
            .execute(
                "INSERT INTO public.messages (subject, message, sender_name, attachments) \
                 VALUES ('A report', 'Attached', 'Grace', $1)",
                &[&attachments],
            )
            .await
            .unwrap();
    }

    async fn copied(destination: &Destination) -> Vec<Uuid> {
        let mut out: Vec<Uuid> = destination
            .list("files")
            .await
            .unwrap()
            .iter()
            .filter_map(|n| n.rsplit('/').next().and_then(|v| Uuid::parse_str(v).ok()))
            .collect();
        out.sort();
        out
    }

    #[tokio::test]
    async fn an_upload_no_stored_request_claims_never_reaches_the_destination() {
        let db = TestDb::new().await;
        let dir = tempfile::tempdir().unwrap();
        let store = Store::local(&dir.path().join("storage")).unwrap();
        let storage = Storage::new(
            store.clone(),
            db.api_pool(),
            db.pool(),
            "kanisa-test-secret-kanisa-test-secret",
            StorageOptions::default(),
        );
        let url =
            url::Url::parse(&format!("file://{}", dir.path().join("backups").display())).unwrap();
        let destination = Destination::open(&url, None).unwrap();

        // The public's uploads into request folders, and a file of the church's own.
        let visitor = Caller::anon().with_client_ip("203.0.113.20");
        let (claimed, claimed_v) = upload(&storage, &db, &visitor, "reports/october.pdf").await;
        let (later, later_v) = upload(&storage, &db, &visitor, "submissions/later.pdf").await;
        let (_, never_v) = upload(&storage, &db, &visitor, "submissions/never.pdf").await;
        let (_, notes_v) = upload(&storage, &db, &Caller::service(), "public/notes.pdf").await;
        claim(&db, &[&claimed]).await;

        // One pass: the church's file and the claimed upload; the others wait.
        assert_eq!(copy_new(&db.pool(), &store, &destination).await.unwrap(), 2);
        let mut expected = vec![claimed_v, notes_v];
        expected.sort();
        assert_eq!(copied(&destination).await, expected);
        assert_eq!(copy_new(&db.pool(), &store, &destination).await.unwrap(), 0);

        // A stored request names the second upload: the next pass copies it; the third stays
        // behind as long as nothing claims it.
        claim(&db, &[&later]).await;
        assert_eq!(copy_new(&db.pool(), &store, &destination).await.unwrap(), 1);
        expected.push(later_v);
        expected.sort();
        assert_eq!(copied(&destination).await, expected);
        assert!(!copied(&destination).await.contains(&never_v));

        // A restore asks for exactly the copied files.
        let client = db.client().await;
        let mut named: Vec<Uuid> = named_versions(&client)
            .await
            .unwrap()
            .into_iter()
            .map(|(_, v)| v)
            .collect();
        named.sort();
        assert_eq!(named, expected);
    }
}
