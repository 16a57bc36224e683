//! Everything Kanisa does with PostgreSQL below the level of a single API request.
//!
//! Owns: the managed cluster under the data dir (initdb, start, stop, crash recovery), the
//! connection pool, the migration runner (checksums, advisory lock), policy-file application,
//! the demo seed, backups and restores (pg_dump/pg_restore), the cluster-wide API roles, and the
//! per-request context every API request runs under (`context`: role, claims, request details).
//!
//! Must not know about HTTP, JWTs or the shape of any application table: it runs SQL files
//! it is given and hands out connections. Only this crate opens database connections.
#![forbid(unsafe_code)]

mod backup;
mod cluster;
pub mod context;
mod error;
mod listen;
mod migrate;
mod pool;

pub use backup::{
    BackupTool, TableChecksum, backup, checksums_at_restore_point, restore, table_checksums,
};
pub use cluster::{
    Access, Cluster, ClusterOptions, Recovery, RecoveryTarget, Tuning, find_bin_dir,
    give_to_postgres, wal_spool_of,
};
pub use context::Caller;
pub use error::{DbClass, PgError, classify, classify_code, describe};
pub use listen::listen;
pub use migrate::{
    Migration, MigrationState, MigrationStatus, apply_policies, embedded_migrations,
    embedded_policies, embedded_seeds, ensure_roles, migrate, migration_status, seed_demo,
};
pub use pool::{AUTHENTICATOR, Database, connect_once, pool_from_config};

pub use deadpool_postgres::{self, Client as PooledClient, Pool};
pub use tokio_postgres;

/// SQL embedded at build time from the repository's `migrations/`, `policies/` and `seeds/`.
mod embedded {
    include!(concat!(env!("OUT_DIR"), "/embedded.rs"));
}
