//! Migrations (numbered, applied once, guarded by a checksum), policy files (re-applied on every
//! run, in one transaction) and the demo seed.

use std::borrow::Cow;

use sha2::{Digest, Sha256};
use tokio_postgres::Client;

use crate::embedded;
use crate::error::{PgError, describe};

/// Serialises migration runs of several Kanisa instances starting at once.
const MIGRATION_LOCK: i64 = 0x6b61_6e69_7361; // "kanisa"

const ROLES_SQL: &str = include_str!("../sql/roles.sql");

const BOOTSTRAP_SQL: &str = "
CREATE SCHEMA IF NOT EXISTS kanisa;
CREATE TABLE IF NOT EXISTS kanisa.schema_migrations (
    version    integer PRIMARY KEY,
    file       text NOT NULL,
    checksum   text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
);";

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Migration {
    pub version: i32,
    pub file: String,
    pub sql: Cow<'static, str>,
}

impl Migration {
    /// A migration from its file name (`NNNN_name.sql`) and text.
    pub fn new(
        file: impl Into<String>,
        sql: impl Into<Cow<'static, str>>,
    ) -> Result<Self, PgError> {
        let file = file.into();
        let version = file
            .split_once('_')
            .filter(|(n, rest)| {
                !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) && rest.ends_with(".sql")
            })
            .and_then(|(n, _)| n.parse().ok())
            .ok_or_else(|| PgError::BadMigrationName(file.clone()))?;
        Ok(Migration {
            version,
            file,
            sql: sql.into(),
        })
    }

    pub fn checksum(&self) -> String {
        hex::encode(Sha256::digest(self.sql.as_bytes()))
    }
}

/// The migrations this binary was built with, in order.
pub fn embedded_migrations() -> Result<Vec<Migration>, PgError> {
    let mut list = embedded::MIGRATIONS
        .iter()
        .map(|(file, sql)| Migration::new(*file, *sql))
        .collect::<Result<Vec<_>, _>>()?;
    list.sort_by_key(|m| m.version);
    if let Some(pair) = list.windows(2).find(|w| w[0].version == w[1].version) {
        return Err(PgError::BadMigrationName(pair[1].file.clone()));
    }
    Ok(list)
}

/// The seed files this binary was built with.
pub fn embedded_seeds() -> Vec<(&'static str, &'static str)> {
    embedded::SEEDS.to_vec()
}

/// The policy files this binary was built with, in file-name order.
pub fn embedded_policies() -> Vec<(&'static str, &'static str)> {
    embedded::POLICIES.to_vec()
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MigrationState {
    Applied { at: String },
    Pending,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MigrationStatus {
    pub file: String,
    pub state: MigrationState,
}

/// Makes sure the cluster-wide API roles exist (idempotent).
pub async fn ensure_roles(client: &Client) -> Result<(), PgError> {
    client
        .batch_execute(ROLES_SQL)
        .await
        .map_err(|e| PgError::MigrationFailed {
            file: "roles.sql".into(),
            message: describe(&e),
        })
}

/// Applies every pending migration in order, each in its own transaction, after checking that
/// no applied one was edited. Returns the files applied by this call.
pub async fn migrate(
    client: &mut Client,
    migrations: &[Migration],
) -> Result<Vec<String>, PgError> {
    client
        .execute("SELECT pg_advisory_lock($1)", &[&MIGRATION_LOCK])
        .await?;
    let result = migrate_locked(client, migrations).await;
    // Also released when the connection closes; unlock explicitly for pooled connections.
    let _ = client
        .execute("SELECT pg_advisory_unlock($1)", &[&MIGRATION_LOCK])
        .await;
    result
}

async fn migrate_locked(
    client: &mut Client,
    migrations: &[Migration],
) -> Result<Vec<String>, PgError> {
    ensure_roles(client).await?;
    client.batch_execute(BOOTSTRAP_SQL).await?;
    let applied = applied(client).await?;
    verify(migrations, &applied)?;
    let mut done = Vec::new();
    for m in migrations {
        if applied.iter().any(|a| a.version == m.version) {
            continue;
        }
        let tx = client.transaction().await?;
        tx.batch_execute(&m.sql)
            .await
            .map_err(|e| PgError::MigrationFailed {
                file: m.file.clone(),
                message: describe(&e),
            })?;
        tx.execute(
            "INSERT INTO kanisa.schema_migrations (version, file, checksum) VALUES ($1, $2, $3)",
            &[&m.version, &m.file, &m.checksum()],
        )
        .await?;
        tx.commit().await?;
        tracing::info!(file = %m.file, "migration applied");
        done.push(m.file.clone());
    }
    Ok(done)
}

/// Each migration and whether it is applied; fails like `migrate` would on an edited one.
pub async fn migration_status(
    client: &Client,
    migrations: &[Migration],
) -> Result<Vec<MigrationStatus>, PgError> {
    let has_table: bool = client
        .query_one(
            "SELECT to_regclass('kanisa.schema_migrations') IS NOT NULL",
            &[],
        )
        .await?
        .get(0);
    let applied = if has_table {
        applied(client).await?
    } else {
        Vec::new()
    };
    verify(migrations, &applied)?;
    Ok(migrations
        .iter()
        .map(|m| MigrationStatus {
            file: m.file.clone(),
            state: match applied.iter().find(|a| a.version == m.version) {
                Some(a) => MigrationState::Applied {
                    at: a.applied_at.clone(),
                },
                None => MigrationState::Pending,
            },
        })
        .collect())
}

struct Applied {
    version: i32,
    file: String,
    checksum: String,
    applied_at: String,
}

async fn applied(client: &Client) -> Result<Vec<Applied>, PgError> {
    let rows = client
        .query(
            "SELECT version, file, checksum, to_char(applied_at, 'YYYY-MM-DD HH24:MI:SS TZ') \
             FROM kanisa.schema_migrations ORDER BY version",
            &[],
        )
        .await?;
    Ok(rows
        .iter()
        .map(|r| Applied {
            version: r.get(0),
            file: r.get(1),
            checksum: r.get(2),
            applied_at: r.get(3),
        })
        .collect())
}

fn verify(migrations: &[Migration], applied: &[Applied]) -> Result<(), PgError> {
    for a in applied {
        match migrations.iter().find(|m| m.version == a.version) {
            None => {
                return Err(PgError::UnknownMigration {
                    file: a.file.clone(),
                });
            }
            Some(m) => {
                let current = m.checksum();
                if current != a.checksum {
                    return Err(PgError::MigrationEdited {
                        file: m.file.clone(),
                        recorded: a.checksum[..12.min(a.checksum.len())].to_owned(),
                        current: current[..12].to_owned(),
                    });
                }
            }
        }
    }
    Ok(())
}

/// Applies every policy file in one transaction: all of them or none. Policy files are
/// idempotent by contract (they drop and recreate what they own), so this runs on every start.
pub async fn apply_policies(client: &mut Client, policies: &[(&str, &str)]) -> Result<(), PgError> {
    let tx = client.transaction().await?;
    let relations: Vec<String> = tx
        .query(EXPOSED_RELATIONS_SQL, &[])
        .await?
        .iter()
        .map(|r| r.get(0))
        .collect();
    for (file, _) in policies {
        let stem = file.strip_suffix(".sql").unwrap_or(file);
        if stem != FUNCTIONS_POLICY && !relations.iter().any(|r| r == stem) {
            return Err(PgError::PolicyFailed {
                file: (*file).to_owned(),
                message: format!(
                    "no table or view named {stem:?} in the exposed schemas; a policy file is \
                     named after its table (public tables plainly, others as schema.table) or \
                     is {FUNCTIONS_POLICY}.sql"
                ),
            });
        }
    }
    tx.batch_execute(RESET_POLICIES_SQL)
        .await
        .map_err(|e| PgError::PolicyFailed {
            file: "(reset before the policy files)".to_owned(),
            message: describe(&e),
        })?;
    for (file, sql) in policies {
        tx.batch_execute(sql)
            .await
            .map_err(|e| PgError::PolicyFailed {
                file: (*file).to_owned(),
                message: describe(&e),
            })?;
    }
    tx.commit().await?;
    tracing::info!(files = policies.len(), "policies applied");
    Ok(())
}

/// The policy file that grants EXECUTE on the RPC functions (every other file is named after
/// its table).
pub const FUNCTIONS_POLICY: &str = "functions";

/// Tables and views the API exposes (public plainly, storage as `storage.name`).
const EXPOSED_RELATIONS_SQL: &str = "
SELECT CASE WHEN n.nspname = 'public' THEN c.relname ELSE n.nspname || '.' || c.relname END
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE (n.nspname IN ('public', 'storage') AND c.relkind IN ('r', 'p', 'v', 'm', 'f'))
    OR (n.nspname = 'realtime' AND c.relname = 'messages')";

/// Makes the policy files the whole truth: before they run, every policy on the exposed
/// schemas (and on `realtime.messages`) is dropped and every right of anon/authenticated there revoked, and row-level
/// security is enabled and forced on every table (a table without a policy file is then closed
/// to both roles). service_role keeps its grants from the migrations.
const RESET_POLICIES_SQL: &str = "
DO $reset$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT schemaname, tablename, policyname FROM pg_policies
            WHERE schemaname IN ('public', 'storage')
               OR (schemaname = 'realtime' AND tablename = 'messages') LOOP
    EXECUTE format('DROP POLICY %I ON %I.%I', r.policyname, r.schemaname, r.tablename);
  END LOOP;
  -- realtime.messages (0054) only holds the probes of realtime.authorize, which its owner
  -- inserts: row-level security is on for the API roles, not forced on the owner.
  IF to_regclass('realtime.messages') IS NOT NULL THEN
    REVOKE ALL ON realtime.messages FROM anon, authenticated;
    ALTER TABLE realtime.messages ENABLE ROW LEVEL SECURITY, NO FORCE ROW LEVEL SECURITY;
  END IF;
  FOR r IN SELECT n.nspname, c.relname, c.relkind
             FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname IN ('public', 'storage') AND c.relkind IN ('r', 'p', 'v', 'm', 'f') LOOP
    EXECUTE format('REVOKE ALL ON %I.%I FROM anon, authenticated', r.nspname, r.relname);
    IF r.relkind IN ('r', 'p') THEN
      EXECUTE format('ALTER TABLE %I.%I ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY',
                     r.nspname, r.relname);
    END IF;
  END LOOP;
  FOR r IN SELECT nspname FROM pg_namespace WHERE nspname IN ('public', 'storage') LOOP
    EXECUTE format('REVOKE ALL ON ALL SEQUENCES IN SCHEMA %I FROM anon, authenticated', r.nspname);
    EXECUTE format('REVOKE ALL ON ALL FUNCTIONS IN SCHEMA %I FROM anon, authenticated, PUBLIC',
                   r.nspname);
    EXECUTE format('GRANT USAGE ON SCHEMA %I TO anon, authenticated', r.nspname);
  END LOOP;
END
$reset$;";

/// Loads the demo content (seeds/demo.sql) in one transaction. Idempotent: every row has a
/// fixed id and is skipped when present.
pub async fn seed_demo(client: &mut Client) -> Result<(), PgError> {
    let tx = client.transaction().await?;
    for (file, sql) in embedded::SEEDS {
        tx.batch_execute(sql)
            .await
            .map_err(|e| PgError::SeedFailed(format!("{file}: {}", describe(&e))))?;
    }
    tx.commit().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_give_versions() {
        assert_eq!(Migration::new("0007_x.sql", "").unwrap().version, 7);
        for bad in ["x.sql", "0007.sql", "_x.sql", "00a1_x.sql", "0001_x.txt"] {
            assert!(Migration::new(bad, "").is_err(), "{bad}");
        }
    }

    #[test]
    fn the_build_embeds_numbered_unique_migrations() {
        let list = embedded_migrations().unwrap();
        assert!(list[0].file.starts_with("0001_"));
        assert!(list.windows(2).all(|w| w[0].version < w[1].version));
    }

    #[test]
    fn an_edited_migration_is_named() {
        let m = Migration::new("0001_a.sql", "select 1;").unwrap();
        let applied = [Applied {
            version: 1,
            file: "0001_a.sql".into(),
            checksum: Migration::new("0001_a.sql", "select 2;")
                .unwrap()
                .checksum(),
            applied_at: String::new(),
        }];
        let err = verify(&[m], &applied).unwrap_err();
        assert!(err.to_string().contains("0001_a.sql was edited"), "{err}");
    }
}
