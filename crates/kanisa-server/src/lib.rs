//! The only crate that knows HTTP: the axum router, middleware (request id, tracing, security
//! headers, compression, panic capture), the JSON error envelope, health, and the built apps.
//!
//! Must not decide who may see a row (PostgreSQL policies do), build SQL (the table-API crate
//! does) or open database connections itself (it borrows them from `kanisa-pg`'s pool).
#![forbid(unsafe_code)]

mod apps;
mod auth;
mod client;
mod context;
mod error;
mod functions;
mod health;
mod listen;
mod middleware;
mod realtime;
mod rest;
mod seo;
mod storage;

use std::path::PathBuf;
use std::sync::Arc;

use axum::Router;
use axum::routing::{any, get, post};
use kanisa_pg::Pool;

pub use error::ApiError;
pub use listen::{
    BodyDeadline, MIN_BODY_RATE, ServeOptions, body_deadline, raise_open_file_limit, serve,
};
pub use realtime::Realtime;

/// What every handler can reach.
#[derive(Clone)]
pub struct AppState {
    pub pool: Pool,
    pub rest: Arc<kanisa_rest::Rest>,
    pub jwt: Arc<kanisa_auth::JwtKeys>,
    pub auth: Arc<kanisa_auth::Auth>,
    /// Proxies whose `X-Forwarded-For` is believed.
    pub trusted_proxies: Arc<Vec<kanisa_config::IpBlock>>,
    /// File storage (`/storage/v1`); without it those paths answer 404.
    pub storage: Option<Arc<kanisa_storage::Storage>>,
    /// The server functions (`/functions/v1`); without them those paths answer 404.
    pub functions: Option<Arc<kanisa_functions::Functions>>,
    /// Realtime (`/realtime/v1/websocket`); without it that path answers 404.
    pub realtime: Option<Realtime>,
    apps: Arc<apps::Apps>,
}

impl AppState {
    /// `apps_dir` holds `public/dist` and `admin/dist` (the Vite builds).
    pub fn new(
        pool: Pool,
        rest: Arc<kanisa_rest::Rest>,
        jwt: Arc<kanisa_auth::JwtKeys>,
        auth: Arc<kanisa_auth::Auth>,
        apps_dir: PathBuf,
    ) -> Self {
        Self {
            pool,
            rest,
            jwt,
            auth,
            trusted_proxies: Arc::new(Vec::new()),
            storage: None,
            functions: None,
            realtime: None,
            apps: Arc::new(apps::Apps::new(&apps_dir, None)),
        }
    }

    /// Serve `/storage/v1` from this storage service.
    pub fn with_storage(mut self, storage: Arc<kanisa_storage::Storage>) -> Self {
        self.storage = Some(storage);
        self
    }

    /// Serve `/functions/v1` with these functions.
    pub fn with_functions(mut self, functions: Arc<kanisa_functions::Functions>) -> Self {
        self.functions = Some(functions);
        self
    }

    /// Serve `/realtime/v1/websocket` from this hub, with these socket limits.
    pub fn with_realtime(
        mut self,
        hub: kanisa_realtime::Hub,
        limits: kanisa_realtime::Limits,
    ) -> Self {
        self.realtime = Some(Realtime::new(hub, limits));
        self
    }

    /// The site's public address (`KANISA_PUBLIC_URL`) for the canonical and Open Graph links
    /// of the public pages; without it they use the request's `Host`.
    pub fn with_public_url(mut self, url: &str) -> Self {
        self.apps = Arc::new(self.apps.with_public_url(url));
        self
    }

    /// Believe `X-Forwarded-For` from these proxies (`KANISA_TRUSTED_PROXIES`).
    pub fn with_trusted_proxies(mut self, proxies: Vec<kanisa_config::IpBlock>) -> Self {
        self.trusted_proxies = Arc::new(proxies);
        self
    }
}

/// The API prefixes; one that is not set up (storage without a store) answers a JSON 404.
const API_PREFIXES: &[&str] = &[
    "/rest/v1",
    "/auth/v1",
    "/storage/v1",
    "/functions/v1",
    "/realtime/v1",
];

/// The whole HTTP surface.
pub fn router(state: AppState) -> Router {
    let rest = Router::new()
        .route("/rest/v1/rpc/{function}", any(rest::rpc))
        .route("/rest/v1/{table}", any(rest::table))
        .route("/rest/v1/{table}/{*rest}", any(error::no_route))
        .route("/rest/v1", get(rest::openapi))
        .route("/rest/v1/", get(rest::openapi))
        .method_not_allowed_fallback(error::method_not_allowed)
        .layer(axum::extract::DefaultBodyLimit::max(1024 * 1024));
    let auth = Router::new()
        .route("/auth/v1/token", post(auth::token))
        .route("/auth/v1/logout", post(auth::logout))
        .route("/auth/v1/otp", post(auth::otp))
        .route("/auth/v1/verify", post(auth::verify))
        .route("/auth/v1/user", get(auth::get_user).put(auth::put_user))
        .route("/auth/v1/settings", get(auth::settings))
        .route("/auth/v1/signup", post(auth::signup))
        .route("/auth/v1/health", get(auth::health))
        .route(
            "/auth/v1/admin/users",
            get(auth::admin_list).post(auth::admin_create),
        )
        .route(
            "/auth/v1/admin/users/{id}",
            get(auth::admin_get)
                .put(auth::admin_update)
                .delete(auth::admin_delete),
        )
        .route(
            "/auth/v1/admin/users/{id}/lockout",
            axum::routing::delete(auth::admin_lift_lockout),
        )
        .method_not_allowed_fallback(error::method_not_allowed)
        .layer(axum::extract::DefaultBodyLimit::max(auth::BODY_LIMIT));
    let functions = Router::new()
        .route("/functions/v1/{*path}", any(functions::dispatch))
        .route("/functions/v1", any(error::no_route))
        .method_not_allowed_fallback(error::method_not_allowed)
        .layer(axum::extract::DefaultBodyLimit::max(functions::BODY_LIMIT));
    let realtime = Router::new()
        .route("/realtime/v1/websocket", get(realtime::websocket))
        .route("/realtime/v1", any(error::no_route))
        .route("/realtime/v1/{*rest}", any(error::no_route))
        .method_not_allowed_fallback(error::method_not_allowed);
    let mut api = rest.merge(auth).merge(functions).merge(realtime);
    let storage_limit = state.storage.as_ref().map(|s| s.max_request_bytes());
    if let Some(limit) = storage_limit {
        api = api.merge(storage_router(limit));
    }
    let served = |p: &str| {
        matches!(p, "/rest/v1" | "/functions/v1")
            || (p == "/storage/v1" && storage_limit.is_some())
            || p == "/realtime/v1"
    };
    for prefix in API_PREFIXES.iter().filter(|p| !served(p)) {
        api = api
            .route(prefix, any(error::no_route))
            .route(&format!("{prefix}/{{*rest}}"), any(error::no_route));
    }
    let api = Router::new()
        .route("/health", get(health::health))
        .merge(api.layer(middleware::cors()));
    let apps = Router::new()
        .route("/admin", get(apps::admin_redirect))
        .route("/admin/", get(apps::admin))
        .route("/admin/{*path}", get(apps::admin))
        .fallback(apps::public)
        .layer(axum::middleware::from_fn(middleware::static_cache_control));
    middleware::wrap(api.merge(apps).with_state(state))
}

/// `/storage/v1` (storage-js' paths). Upload bodies are streamed and counted against the
/// bucket's limit as they arrive; the body limit only bounds a multipart envelope (the upload
/// ceiling plus a margin), unlike the table and auth APIs' small buffered ones.
fn storage_router(max_body: u64) -> Router<AppState> {
    use axum::routing::{delete, get, post};
    const O: &str = "/storage/v1/object";
    let max_body = usize::try_from(max_body).unwrap_or(usize::MAX);
    Router::new()
        .route(
            &format!("{O}/{{bucket}}/{{*path}}"),
            post(storage::upload)
                .put(storage::upload)
                .get(storage::download)
                .head(storage::download)
                .delete(storage::remove_one),
        )
        .route(&format!("{O}/{{bucket}}"), delete(storage::remove_many))
        .route(
            &format!("{O}/public/{{bucket}}/{{*path}}"),
            get(storage::download_public).head(storage::download_public),
        )
        .route(
            &format!("{O}/authenticated/{{bucket}}/{{*path}}"),
            get(storage::download).head(storage::download),
        )
        .route(
            &format!("{O}/info/{{bucket}}/{{*path}}"),
            get(storage::info),
        )
        .route(
            &format!("{O}/sign/{{bucket}}/{{*path}}"),
            post(storage::sign)
                .get(storage::download_signed)
                .head(storage::download_signed),
        )
        .route(&format!("{O}/sign/{{bucket}}"), post(storage::sign_many))
        .route(
            &format!("{O}/upload/sign/{{bucket}}/{{*path}}"),
            post(storage::sign_upload).put(storage::upload_signed),
        )
        .route(&format!("{O}/list/{{bucket}}"), post(storage::list))
        .route("/storage/v1/bucket", get(storage::buckets))
        .route("/storage/v1/bucket/{id}", get(storage::bucket))
        .route("/storage/v1", axum::routing::any(error::no_route))
        .route("/storage/v1/{*rest}", axum::routing::any(error::no_route))
        .method_not_allowed_fallback(error::method_not_allowed)
        .layer(axum::extract::DefaultBodyLimit::max(max_body))
}
