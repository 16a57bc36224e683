//! The real router on a real port, over a real database (kanisa-test-db).

mod apps;
mod auth;
mod bad_input;
mod broadcast;
mod finance;
mod functions;
mod fuzz;
mod fuzz_parsers;
mod hardening;
mod health;
mod lows;
mod member_search;
mod payments;
mod phone_sign_in;
mod policies;
mod probe;
mod realtime;
mod reports;
mod rest;
mod settings;
mod storage;
mod ussd;
mod wire;

use std::net::SocketAddr;
use std::path::Path;

use kanisa_test_db::TestDb;

/// A running server for one test, with a small pair of built apps in a temporary folder.
/// The JWT secret of every test server.
pub const TEST_SECRET: &str = "kanisa-test-secret-kanisa-test-secret";

pub struct TestApp {
    pub addr: SocketAddr,
    /// The service_role API key for this server.
    pub service_key: String,
    pub http: reqwest::Client,
    pub db: Option<TestDb>,
    /// The folder the storage API keeps its files in.
    pub storage_dir: tempfile::TempDir,
    /// The storage API's clock (signed links, generated names): starts at the real time.
    pub clock: kanisa_storage::Clock,
    /// `/functions/v1`'s channels (demo mode unless spawned with an SMTP server).
    pub channels: std::sync::Arc<kanisa_functions::Channels>,
    pub storage: std::sync::Arc<kanisa_storage::Storage>,
    /// Online giving (demo mode unless spawned with payments).
    pub payments: std::sync::Arc<kanisa_functions::Payments>,
    /// Every feature of `/functions/v1`, as the server serves them.
    pub functions: std::sync::Arc<kanisa_functions::Functions>,
    _apps: tempfile::TempDir,
}

impl TestApp {
    pub async fn spawn() -> TestApp {
        Self::spawn_db(TestDb::new().await).await
    }

    /// A server over the demo content.
    pub async fn spawn_demo() -> TestApp {
        Self::spawn_db(TestDb::with_demo().await).await
    }

    async fn spawn_db(db: TestDb) -> TestApp {
        Self::spawn_db_trusting(db, Vec::new()).await
    }

    /// A server believing `X-Forwarded-For` from `proxies` (KANISA_TRUSTED_PROXIES).
    pub async fn spawn_trusting(proxies: &str) -> TestApp {
        let proxies = proxies.split(',').map(|p| p.parse().unwrap()).collect();
        Self::spawn_db_trusting(TestDb::new().await, proxies).await
    }

    async fn spawn_db_trusting(db: TestDb, proxies: Vec<kanisa_config::IpBlock>) -> TestApp {
        Self::spawn_full(db, proxies, None, None).await
    }

    /// A server over the demo content whose e-mail goes to `smtp_url` (`KANISA_SMTP_URL`).
    pub async fn spawn_demo_with_smtp(smtp_url: &str) -> TestApp {
        Self::spawn_full(
            TestDb::with_demo().await,
            Vec::new(),
            Some(smtp_url.to_owned()),
            None,
        )
        .await
    }

    /// A server over the demo content whose e-mail goes to `smtp_url` and whose text messages
    /// go to the SMS provider at `sms_base_url` (`KANISA_SMS_BASE_URL`; which provider and its
    /// credentials come from System Settings).
    pub async fn spawn_demo_with_providers(smtp_url: &str, sms_base_url: &str) -> TestApp {
        Self::spawn_full(
            TestDb::with_demo().await,
            Vec::new(),
            Some(smtp_url.to_owned()),
            Some(sms_base_url.to_owned()),
        )
        .await
    }

    async fn spawn_full(
        db: TestDb,
        proxies: Vec<kanisa_config::IpBlock>,
        smtp_url: Option<String>,
        sms_base_url: Option<String>,
    ) -> TestApp {
        let pool = db.api_pool();
        let rest = kanisa_rest::Rest::new(pool.clone(), kanisa_rest::RestConfig::default())
            .await
            .unwrap();
        let service_pool = db.pool();
        Self::spawn_with(
            pool,
            service_pool,
            rest,
            Some(db),
            proxies,
            (smtp_url, sms_base_url),
            Extras::default(),
        )
        .await
    }

    /// A second instance over this one's database, as behind a load balancer: its own pools,
    /// caches, jobs' wiring and listener; the same rows.
    pub async fn beside(&self) -> TestApp {
        let db = self.db.as_ref().expect("an instance with a database");
        let pool = db.api_pool();
        let rest = kanisa_rest::Rest::new(pool.clone(), kanisa_rest::RestConfig::default())
            .await
            .unwrap();
        Self::spawn_with(
            pool,
            db.pool(),
            rest,
            None,
            Vec::new(),
            (None, None),
            Extras::default(),
        )
        .await
    }

    /// A server over the demo content whose payments go through `setup` (a provider's base
    /// URL and credentials; its public URL is filled in).
    pub async fn spawn_with_payments(setup: kanisa_functions::PaymentsSetup) -> TestApp {
        let db = TestDb::with_demo().await;
        let pool = db.api_pool();
        let rest = kanisa_rest::Rest::new(pool.clone(), kanisa_rest::RestConfig::default())
            .await
            .unwrap();
        let service_pool = db.pool();
        Self::spawn_with(
            pool,
            service_pool,
            rest,
            Some(db),
            Vec::new(),
            (None, None),
            Extras {
                payments: Some(setup),
                ..Extras::default()
            },
        )
        .await
    }

    /// A server over the demo content that serves `/realtime/v1/websocket` with `limits`, its
    /// hub fed by the change feed as `kanisa serve` starts it.
    pub async fn spawn_realtime(limits: kanisa_realtime::Limits) -> TestApp {
        let db = TestDb::with_demo().await;
        let pool = db.api_pool();
        let rest = kanisa_rest::Rest::new(pool.clone(), kanisa_rest::RestConfig::default())
            .await
            .unwrap();
        let service_pool = db.pool();
        Self::spawn_with(
            pool,
            service_pool,
            rest,
            Some(db),
            Vec::new(),
            (None, None),
            Extras {
                realtime: Some(limits),
                ..Extras::default()
            },
        )
        .await
    }

    /// A server whose database cannot be reached.
    pub async fn spawn_without_database() -> TestApp {
        let mut config = kanisa_pg::tokio_postgres::Config::new();
        config
            .host_path("/nonexistent-kanisa-socket-dir")
            .user("postgres")
            .dbname("kanisa")
            .connect_timeout(std::time::Duration::from_secs(1));
        let pool = kanisa_pg::pool_from_config(config, 2).unwrap();
        let rest = kanisa_rest::Rest::unloaded(pool.clone(), kanisa_rest::RestConfig::default());
        Self::spawn_with(
            pool.clone(),
            pool,
            rest,
            None,
            Vec::new(),
            (None, None),
            Extras::default(),
        )
        .await
    }

    async fn spawn_with(
        pool: kanisa_pg::Pool,
        service_pool: kanisa_pg::Pool,
        rest: kanisa_rest::Rest,
        db: Option<TestDb>,
        proxies: Vec<kanisa_config::IpBlock>,
        (smtp_url, sms_base_url): (Option<String>, Option<String>),
        Extras { payments, realtime }: Extras,
    ) -> TestApp {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let apps = tempfile::tempdir().unwrap();
        write_app(&apps.path().join("public/dist"), "Public site");
        write_app(&apps.path().join("admin/dist"), "Back office");
        let rest = std::sync::Arc::new(rest);
        if let Some(db) = &db {
            let mut notifications = kanisa_pg::listen(db.config().clone(), "kanisa");
            // The first message says the listener is connected: from here on no change is
            // missed, so tests may rely on invalidation.
            assert_eq!(notifications.recv().await.as_deref(), Some(""));
            let follower = rest.clone();
            tokio::spawn(async move { follower.follow_notifications(notifications).await });
        }
        let jwt = std::sync::Arc::new(kanisa_auth::JwtKeys::new(TEST_SECRET));
        let service_key = jwt.api_key("service_role").unwrap();
        let storage_service_pool = service_pool.clone();
        let functions_service_pool = service_pool.clone();
        let auth = std::sync::Arc::new(
            kanisa_auth::Auth::new(
                service_pool,
                jwt.clone(),
                kanisa_auth::AuthOptions::new(TEST_SECRET),
            )
            .unwrap(),
        );
        let storage_dir = tempfile::tempdir().unwrap();
        let clock = kanisa_storage::Clock::manual(
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_secs() as i64,
        );
        let storage = kanisa_storage::Storage::new(
            kanisa_storage::Store::local(storage_dir.path()).unwrap(),
            pool.clone(),
            storage_service_pool,
            TEST_SECRET,
            kanisa_storage::StorageOptions {
                clock: clock.clone(),
                ..Default::default()
            },
        );
        let storage = std::sync::Arc::new(storage);
        let smtp_from = smtp_url
            .as_ref()
            .map(|_| "Kanisa <church@church.test>".to_owned());
        let channels = std::sync::Arc::new(
            kanisa_functions::Channels::new(
                kanisa_functions::ChannelsConfig {
                    smtp_url,
                    smtp_from,
                    sms_base_url,
                    ..Default::default()
                },
                functions_service_pool.clone(),
            )
            .unwrap(),
        );
        let mut setup = payments.unwrap_or_else(|| {
            // Demo mode, quick: the prompt at once, success after 2 s.
            let mut s = kanisa_functions::PaymentsSetup::new("");
            s.demo_delay = std::time::Duration::ZERO;
            s.demo_completes_after = std::time::Duration::from_secs(2);
            s
        });
        setup.public_url = format!("http://{addr}");
        let payments = std::sync::Arc::new(kanisa_functions::Payments::new(
            functions_service_pool.clone(),
            setup,
        ));
        let functions = std::sync::Arc::new(
            kanisa_functions::Functions::new(
                pool.clone(),
                functions_service_pool,
                Some(storage.clone()),
                channels.clone(),
            )
            .with_payments(payments.clone())
            .with_sign_in(auth.clone()),
        );
        let state = kanisa_server::AppState::new(pool, rest, jwt, auth, apps.path().to_owned())
            .with_trusted_proxies(proxies)
            .with_storage(storage.clone())
            .with_functions(functions.clone());
        let state = match (realtime, &db) {
            (Some(limits), Some(db)) => {
                let hub = kanisa_realtime::Hub::new(db.pool(), db.api_pool());
                let feed = kanisa_realtime::feed::Feed::start(db.pool(), db.config().clone())
                    .await
                    .unwrap();
                hub.deliver_from(feed);
                state.with_realtime(hub, limits)
            }
            _ => state,
        };
        tokio::spawn(kanisa_server::serve(
            listener,
            kanisa_server::router(state),
            kanisa_server::ServeOptions::default(),
            std::future::pending(),
        ));
        TestApp {
            addr,
            service_key,
            http: reqwest::Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .build()
                .unwrap(),
            db,
            storage_dir,
            clock,
            channels,
            storage,
            payments,
            functions,
            _apps: apps,
        }
    }

    /// The public app's build folder this server serves.
    pub fn public_dist(&self) -> std::path::PathBuf {
        self._apps.path().join("public/dist")
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.http.get(self.url(path)).send().await.unwrap()
    }
}

/// What some test servers add: payments through a provider's API, realtime.
#[derive(Default)]
struct Extras {
    payments: Option<kanisa_functions::PaymentsSetup>,
    realtime: Option<kanisa_realtime::Limits>,
}

/// Asks `probe` every 50 ms until it answers `Ok`, and returns that answer; fails naming `what`
/// and the last `Err` after `limit`. How these tests wait for what happens in the background
/// (jobs, provider callbacks, notifications) instead of sleeping and hoping.
pub async fn eventually<T, F, Fut>(limit: std::time::Duration, what: &str, mut probe: F) -> T
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, String>>,
{
    let start = std::time::Instant::now();
    loop {
        match probe().await {
            Ok(found) => return found,
            Err(last) => assert!(
                start.elapsed() < kanisa_test_db::patient(limit),
                "{what}: not within {limit:?} ({last})"
            ),
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

/// A Vite-like build: index.html plus a content-hashed script big enough to be compressed.
fn write_app(dist: &Path, title: &str) {
    std::fs::create_dir_all(dist.join("assets")).unwrap();
    std::fs::write(
        dist.join("index.html"),
        format!(
            "<!doctype html><html lang=\"en\"><head><!--kanisa:head--><title>{title}</title>\
             <!--/kanisa:head--></head><body><h1>{title}</h1>\
             <script src=\"assets/index-abc123.js\"></script></body></html>"
        ),
    )
    .unwrap();
    std::fs::write(
        dist.join("assets/index-abc123.js"),
        "console.log('kanisa');\n".repeat(200),
    )
    .unwrap();
    std::fs::write(dist.join("robots.txt"), "User-agent: *\n").unwrap();
}
