//! The stored files, copied beside the database: every version the file store holds (its keys
//! are written once and never changed) goes to `files/<bucket>/<version>` once, and
//! `kanisa.backup_file_copies` remembers which went to which destination. A restore brings
//! back exactly the versions its rows name. Deleted files stay at the destination while a
//! restore to a moment before the delete is possible, and go with the base backups that reach
//! back that far ([`prune_gone`]).

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

/// Copies every stored file version not yet at the destination; how many were copied. A
/// file that cannot be read from the store (deleted meanwhile) is skipped, and tried again
/// on the next pass only if its row still names it.
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
                "SELECT o.bucket_id, o.version FROM storage.objects o \
                 WHERE NOT EXISTS (SELECT 1 FROM kanisa.backup_file_copies c \
                                   WHERE c.destination = $1 AND c.version = o.version) \
                   AND NOT (o.version = ANY($2)) \
                 ORDER BY o.created_at, o.version LIMIT $3",
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

/// Every stored file version the database's rows name: (bucket, version).
pub(crate) async fn named_versions(
    client: &kanisa_pg::tokio_postgres::Client,
) -> Result<Vec<(String, Uuid)>, BackupError> {
    Ok(client
        .query(
            "SELECT bucket_id, version FROM storage.objects ORDER BY 1, 2",
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
