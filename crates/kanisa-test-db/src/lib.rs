//! Databases for tests: a throwaway cluster per test process (or the server named by
//! `TEST_DATABASE_URL`), a template database migrated once per set of migrations, and one
//! database per test cloned from it and dropped when the test ends — so tests run in parallel
//! without seeing each other's rows.
//!
//! Owns: nothing the product uses. Must not be a dependency of anything but tests.
#![forbid(unsafe_code)]

use std::path::PathBuf;
use std::str::FromStr;
use std::sync::OnceLock;

pub mod smtp;

/// How long a test waits for something that should happen: `limit` times the machine's
/// patience, `KANISA_TEST_PATIENCE` (default 4). The limits written in the tests are what a
/// quiet machine needs with room to spare; a busy one (CI beside other work, two cores shared
/// with a compiler or a busy loop) can need several times that, and a wait's limit is only
/// there to end one that will never succeed, never to measure speed.
pub fn patient(limit: std::time::Duration) -> std::time::Duration {
    static PATIENCE: OnceLock<u32> = OnceLock::new();
    let factor = *PATIENCE.get_or_init(|| {
        std::env::var("KANISA_TEST_PATIENCE")
            .ok()
            .and_then(|v| v.trim().parse().ok())
            .filter(|f| *f >= 1)
            .unwrap_or(4)
    });
    limit * factor
}

use kanisa_pg::{Access, Cluster, ClusterOptions, Pool, Tuning, tokio_postgres};
use sha2::{Digest, Sha256};

/// One test's own database.
pub struct TestDb {
    name: String,
    config: tokio_postgres::Config,
    admin: tokio_postgres::Config,
}

/// Which template a test database is cloned from.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Template {
    /// Migrations and policies applied, no rows.
    Migrated,
    /// The same plus the demo seed.
    Demo,
}

struct Shared {
    admin: tokio_postgres::Config,
    migrated: String,
    demo: String,
}

static SHARED: OnceLock<Result<Shared, String>> = OnceLock::new();

impl TestDb {
    /// A fresh database with every migration and policy applied, and no rows.
    pub async fn new() -> TestDb {
        Self::clone_from(Template::Migrated).await
    }

    /// A fresh database holding the demo content (`seed --demo`).
    pub async fn with_demo() -> TestDb {
        Self::clone_from(Template::Demo).await
    }

    async fn clone_from(template: Template) -> TestDb {
        let shared = run_blocking(|| {
            SHARED
                .get_or_init(|| {
                    let rt = tokio::runtime::Builder::new_current_thread()
                        .enable_all()
                        .build()
                        .map_err(|e| e.to_string())?;
                    rt.block_on(setup())
                })
                .as_ref()
                .map(|s| (s.admin.clone(), s.migrated.clone(), s.demo.clone()))
                .map_err(Clone::clone)
        })
        .await;
        let (admin, migrated, demo) = match shared {
            Ok(s) => s,
            Err(e) => panic!("test database setup failed: {e}"),
        };
        let source = match template {
            Template::Migrated => migrated,
            Template::Demo => demo,
        };
        let name = format!("test_{}", uuid::Uuid::new_v4().simple());
        let client = kanisa_pg::connect_once(&admin)
            .await
            .expect("connect to the test cluster");
        client
            .batch_execute(&format!("CREATE DATABASE {name} TEMPLATE {source}"))
            .await
            .expect("clone the template database");
        let mut config = admin.clone();
        config.dbname(&name);
        TestDb {
            name,
            config,
            admin,
        }
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// Connection settings (superuser) for this test's database.
    pub fn config(&self) -> &tokio_postgres::Config {
        &self.config
    }

    /// A connection as the superuser.
    pub async fn client(&self) -> tokio_postgres::Client {
        kanisa_pg::connect_once(&self.config)
            .await
            .expect("connect to the test database")
    }

    /// A small pool over this database, as the superuser.
    pub fn pool(&self) -> Pool {
        kanisa_pg::pool_from_config(self.config.clone(), 4).expect("build a pool")
    }

    /// A small pool logging in as `authenticator`, as the API's connections do.
    pub fn api_pool(&self) -> Pool {
        let mut config = self.config.clone();
        config.user(kanisa_pg::AUTHENTICATOR);
        kanisa_pg::pool_from_config(config, 8).expect("build a pool")
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        let admin = self.admin.clone();
        let name = self.name.clone();
        // Drop runs inside the test's runtime, which cannot be blocked on: use a thread.
        let dropped = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .ok()?;
            rt.block_on(async {
                let client = kanisa_pg::connect_once(&admin).await.ok()?;
                client
                    .batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                    .await
                    .ok()
            })
        })
        .join();
        if !matches!(dropped, Ok(Some(()))) {
            eprintln!("kanisa-test-db: could not drop {}", self.name);
        }
    }
}

async fn run_blocking<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    match tokio::task::spawn_blocking(f).await {
        Ok(v) => v,
        Err(e) => std::panic::resume_unwind(e.into_panic()),
    }
}

/// Starts (or finds) the server and builds both templates once.
async fn setup() -> Result<Shared, String> {
    let admin = match std::env::var("TEST_DATABASE_URL") {
        Ok(url) if !url.trim().is_empty() => {
            tokio_postgres::Config::from_str(&url).map_err(|e| format!("TEST_DATABASE_URL: {e}"))?
        }
        _ => start_cluster().await?,
    };
    let migrations = kanisa_pg::embedded_migrations().map_err(|e| e.to_string())?;
    let policies = kanisa_pg::embedded_policies();
    let mut hasher = Sha256::new();
    for m in &migrations {
        hasher.update(m.file.as_bytes());
        hasher.update(m.sql.as_bytes());
    }
    for (file, sql) in &policies {
        hasher.update(file.as_bytes());
        hasher.update(sql.as_bytes());
    }
    for (file, sql) in kanisa_pg::embedded_seeds() {
        hasher.update(file.as_bytes());
        hasher.update(sql.as_bytes());
    }
    let digest = hex::encode(hasher.finalize());
    let hash = &digest[..12];
    let migrated = format!("tpl_{hash}");
    let demo = format!("tpl_{hash}_demo");

    let client = kanisa_pg::connect_once(&admin)
        .await
        .map_err(|e| e.to_string())?;
    // Several test processes may share one server: build each template once, under a lock.
    client
        .execute("SELECT pg_advisory_lock(4242)", &[])
        .await
        .map_err(|e| kanisa_pg::describe(&e))?;
    for (name, demo_seed) in [(&migrated, false), (&demo, true)] {
        let exists = client
            .query_opt("SELECT 1 FROM pg_database WHERE datname = $1", &[name])
            .await
            .map_err(|e| kanisa_pg::describe(&e))?
            .is_some();
        if exists {
            continue;
        }
        let building = format!("{name}_building");
        // Separate statements: CREATE DATABASE cannot run inside a multi-statement batch.
        for sql in [
            format!("DROP DATABASE IF EXISTS {building} WITH (FORCE)"),
            format!("CREATE DATABASE {building}"),
        ] {
            client
                .batch_execute(&sql)
                .await
                .map_err(|e| kanisa_pg::describe(&e))?;
        }
        let mut config = admin.clone();
        config.dbname(&building);
        {
            let mut db = kanisa_pg::connect_once(&config)
                .await
                .map_err(|e| e.to_string())?;
            kanisa_pg::migrate(&mut db, &migrations)
                .await
                .map_err(|e| e.to_string())?;
            kanisa_pg::apply_policies(&mut db, &policies)
                .await
                .map_err(|e| e.to_string())?;
            if demo_seed {
                kanisa_pg::seed_demo(&mut db)
                    .await
                    .map_err(|e| e.to_string())?;
            }
        }
        // Publish the finished template under its final name; the migration connection may
        // still be closing, so end it first.
        client
            .batch_execute(&format!(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
                 WHERE datname = '{building}' AND pid <> pg_backend_pid(); \
                 ALTER DATABASE {building} RENAME TO {name}"
            ))
            .await
            .map_err(|e| kanisa_pg::describe(&e))?;
    }
    client
        .execute("SELECT pg_advisory_unlock(4242)", &[])
        .await
        .map_err(|e| kanisa_pg::describe(&e))?;
    Ok(Shared {
        admin,
        migrated,
        demo,
    })
}

/// A cluster in a temporary folder for this process, stopped and removed by a watchdog when the
/// process exits (test binaries never run destructors of statics).
async fn start_cluster() -> Result<tokio_postgres::Config, String> {
    let dir = PathBuf::from(format!(
        "/tmp/kanisa-test-{}-{}",
        std::process::id(),
        &uuid::Uuid::new_v4().simple().to_string()[..8]
    ));
    let cluster = Cluster::open(
        &ClusterOptions {
            data_dir: dir.clone(),
            bin_dir: std::env::var_os("KANISA_PG_BIN").map(PathBuf::from),
            os_user: std::env::var("KANISA_PG_USER").unwrap_or_else(|_| "postgres".into()),
            tuning: Tuning::Throwaway,
            archive: None,
            recovery: None,
        },
        Access::Exclusive,
    )
    .await
    .map_err(|e| e.to_string())?;
    let config = cluster.pg_config("postgres");
    let pg_pid = cluster
        .postmaster_pid()
        .ok_or("the test cluster has no pid")?;
    std::process::Command::new("sh")
        .arg("-c")
        .arg(
            "while kill -0 \"$1\" 2>/dev/null; do sleep 0.5; done; \
             kill -INT \"$2\" 2>/dev/null; \
             while kill -0 \"$2\" 2>/dev/null; do sleep 0.2; done; rm -rf \"$3\"",
        )
        .arg("kanisa-test-db-watchdog")
        .arg(std::process::id().to_string())
        .arg(pg_pid.to_string())
        .arg(&dir)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .process_group(0)
        .spawn()
        .map_err(|e| format!("cannot start the cluster watchdog: {e}"))?;
    // Leak the handle on purpose: the cluster lives as long as this process.
    std::mem::forget(cluster);
    Ok(config)
}

use std::os::unix::process::CommandExt as _;
