//! Opening Kanisa's database — managed or external — and the connection pool over it.

use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

use deadpool_postgres::{ManagerConfig, Pool, RecyclingMethod, Runtime};
use kanisa_config::{Config, DatabaseConfig};
use tokio_postgres::{Client, NoTls};

use crate::cluster::{Access, Cluster, ClusterOptions, Tuning, find_bin_dir};
use crate::error::PgError;

/// The login role of API connections (see sql/roles.sql).
pub const AUTHENTICATOR: &str = "authenticator";

/// Connections of [`Database::service_pool`].
pub const SERVICE_POOL_SIZE: usize = 8;

/// Kanisa's database, however it is provided, with a pool of connections to it.
pub struct Database {
    /// Connections for API requests. With the managed cluster they log in as `authenticator`,
    /// which can do nothing but switch to `anon`, `authenticated` or `service_role` for one
    /// transaction; with `DATABASE_URL`, as the URL's user.
    pub pool: Pool,
    /// A few connections as the database owner, for the server's own work on schemas the API
    /// never exposes (sign-in, sessions, file metadata checks, jobs).
    pub service_pool: Pool,
    /// Connection settings (superuser for the managed cluster, `DATABASE_URL` otherwise).
    pub pg_config: tokio_postgres::Config,
    cluster: Option<Cluster>,
}

impl Database {
    /// Opens the database the configuration names: starts (or attaches to) the managed cluster
    /// when `DATABASE_URL` is unset.
    pub async fn open(config: &Config, access: Access) -> Result<Database, PgError> {
        match &config.database {
            DatabaseConfig::Managed(managed) => {
                let cluster = Cluster::open(
                    &ClusterOptions {
                        data_dir: config.data_dir.clone(),
                        bin_dir: managed.bin_dir.clone(),
                        os_user: managed.os_user.clone(),
                        tuning: Tuning::Durable,
                        archive: Some(Duration::from_secs(managed.archive_timeout_secs)),
                        recovery: None,
                    },
                    access,
                )
                .await?;
                let pg_config = cluster.kanisa_config();
                let mut api_config = pg_config.clone();
                api_config.user(AUTHENTICATOR);
                Ok(Database {
                    pool: pool_from_config(api_config, config.pool_size)?,
                    service_pool: pool_from_config(pg_config.clone(), SERVICE_POOL_SIZE)?,
                    pg_config,
                    cluster: Some(cluster),
                })
            }
            DatabaseConfig::External { url } => {
                let mut pg_config = tokio_postgres::Config::from_str(url.expose())
                    .map_err(|e| PgError::BuildPool(format!("DATABASE_URL: {e}")))?;
                if pg_config.get_application_name().is_none() {
                    pg_config.application_name("kanisa");
                }
                if pg_config.get_connect_timeout().is_none() {
                    pg_config.connect_timeout(Duration::from_secs(10));
                }
                Ok(Database {
                    pool: pool_from_config(pg_config.clone(), config.pool_size)?,
                    service_pool: pool_from_config(pg_config.clone(), SERVICE_POOL_SIZE)?,
                    pg_config,
                    cluster: None,
                })
            }
        }
    }

    /// The managed cluster, when there is one.
    pub fn cluster(&self) -> Option<&Cluster> {
        self.cluster.as_ref()
    }

    /// Resolves, with the reason, if the managed cluster keeps crashing and its supervisor gave
    /// up restarting it; never with `DATABASE_URL` (that server has its own supervision).
    pub fn given_up(&self) -> impl std::future::Future<Output = String> + Send + 'static {
        let cluster = self.cluster.as_ref().map(Cluster::given_up);
        async move {
            match cluster {
                Some(given_up) => given_up.await,
                None => std::future::pending().await,
            }
        }
    }

    /// True when this start created the managed cluster (its very first start).
    pub fn freshly_created(&self) -> bool {
        self.cluster.as_ref().is_some_and(Cluster::created)
    }

    /// Folder holding pg_dump/pg_restore for this database.
    pub fn bin_dir(&self) -> Result<PathBuf, PgError> {
        match &self.cluster {
            Some(c) => Ok(c.bin_dir().to_owned()),
            None => find_bin_dir().ok_or(PgError::NotInstalled),
        }
    }

    /// A dedicated connection outside the pool (migrations, restores, LISTEN).
    pub async fn connect(&self) -> Result<Client, PgError> {
        connect_once(&self.pg_config).await
    }

    /// Closes the pool and stops the managed cluster if this process started it.
    pub async fn close(self) -> Result<(), PgError> {
        self.pool.close();
        self.service_pool.close();
        match self.cluster {
            Some(cluster) => cluster.stop().await,
            None => Ok(()),
        }
    }
}

/// A pool over `pg_config`; connections are checked cheaply on reuse.
pub fn pool_from_config(pg_config: tokio_postgres::Config, size: usize) -> Result<Pool, PgError> {
    let manager = deadpool_postgres::Manager::from_config(
        pg_config,
        NoTls,
        ManagerConfig {
            recycling_method: RecyclingMethod::Fast,
        },
    );
    Pool::builder(manager)
        .max_size(size)
        .runtime(Runtime::Tokio1)
        .wait_timeout(Some(Duration::from_secs(10)))
        .create_timeout(Some(Duration::from_secs(10)))
        .build()
        .map_err(|e| PgError::BuildPool(e.to_string()))
}

/// One connection, driven on a background task until the client is dropped.
pub async fn connect_once(pg_config: &tokio_postgres::Config) -> Result<Client, PgError> {
    let (client, connection) = pg_config.connect(NoTls).await?;
    tokio::spawn(async move {
        if let Err(e) = connection.await {
            tracing::debug!(error = %e, "database connection closed");
        }
    });
    Ok(client)
}
