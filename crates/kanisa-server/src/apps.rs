//! The built React apps: the public site at `/` and the back office at `/admin/`, each with a
//! history fallback to its `index.html` for paths that are not files. The public site's
//! `index.html` gets each route's head (title, description, Open Graph, JSON-LD; see `seo`)
//! from the build's route table (`routes.json`) and the public System Settings, read as `anon`
//! and kept for a short while.

use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

use axum::extract::{Request, State};
use axum::http::{Method, StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use tower::ServiceExt;
use tower_http::services::ServeFile;

use crate::error::ApiError;
use crate::{AppState, seo};

pub struct Apps {
    public: PathBuf,
    admin: PathBuf,
    /// The site's address for canonical and Open Graph links (`KANISA_PUBLIC_URL`); without
    /// it, the website in the settings, or none.
    public_url: Option<String>,
    church: Mutex<Option<(Instant, Arc<seo::Church>)>>,
    /// The public build's route table as last read.
    routes: Mutex<Option<ReadRoutes>>,
}

/// When a file was last written and its size: a new build shows as a new stamp.
type FileStamp = (Option<SystemTime>, u64);

/// The route table read from `routes.json` (`None`: missing or unusable), and the file's stamp
/// then (`None`: no file).
type ReadRoutes = (Option<FileStamp>, Option<Arc<seo::RouteTable>>);

/// How long the church's details are reused before the settings are read again. A staff edit
/// shows in shared links within this time, on every instance.
const CHURCH_TTL: Duration = Duration::from_secs(30);

impl Apps {
    pub fn new(apps_dir: &Path, public_url: Option<String>) -> Self {
        Self {
            public: apps_dir.join("public/dist"),
            admin: apps_dir.join("admin/dist"),
            public_url: public_url.map(|u| u.trim_end_matches('/').to_owned()),
            church: Mutex::new(None),
            routes: Mutex::new(None),
        }
    }

    /// The configured public address (`KANISA_PUBLIC_URL`), without a trailing slash.
    pub(crate) fn public_url(&self) -> Option<&str> {
        self.public_url.as_deref()
    }

    pub fn with_public_url(&self, url: &str) -> Self {
        Self {
            public: self.public.clone(),
            admin: self.admin.clone(),
            public_url: Some(url.trim_end_matches('/').to_owned()),
            church: Mutex::new(None),
            routes: Mutex::new(None),
        }
    }
}

pub async fn public(State(state): State<AppState>, req: Request) -> Response {
    let path = req.uri().path().to_owned();
    if req.method() == Method::GET || req.method() == Method::HEAD {
        let index = state.apps.public.join("index.html");
        if let Some(relative) = safe_relative_path(&path)
            && !looks_like_file(&relative)
            && !state.apps.public.join(&relative).is_file()
            && let Ok(html) = tokio::fs::read_to_string(&index).await
        {
            return public_page(&state, &path, &html, req.headers()).await;
        }
    }
    serve(&state.apps.public, &path, req, "public site").await
}

/// The public site's `index.html` with the route's head; 404 (still the app, which shows its
/// "Page not found") for a path the site does not have.
async fn public_page(
    state: &AppState,
    path: &str,
    html: &str,
    headers: &axum::http::HeaderMap,
) -> Response {
    let church = church(state).await;
    let routes = route_table(&state.apps).await;
    // `/sw/...` is the same page in Kiswahili (issue 22).
    let (lang, app_path) = seo::split_language(path);
    let page = seo::page_for(routes.as_deref(), app_path, lang);
    // The site's address: configured, or the church's website from the settings; never the
    // request's Host, which a client chooses (it would be reflected into shared links).
    let base = state
        .apps
        .public_url
        .clone()
        .or_else(|| church.site_address());
    // A browser in data-saver mode (`Save-Data: on`) gets the page marked, so the app starts
    // light before any script could ask (no hero rotation, smallest images).
    let save_data = headers
        .get("save-data")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("on"));
    let at = seo::PageAt {
        base: base.as_deref(),
        path: app_path,
        lang,
        save_data,
    };
    let mut head = seo::head(&church, page, &at);
    // The route's lazy chunks, from the build's manifest (absent in a build without one).
    if let Some(routes) = &routes
        && let Ok(bytes) = tokio::fs::read(state.apps.public.join(".vite/manifest.json")).await
        && let Ok(manifest) = serde_json::from_slice::<serde_json::Value>(&bytes)
    {
        head.push_str(&seo::preload_links(
            &manifest,
            &routes.modules(app_path, lang),
        ));
    }
    let body = seo::mark_html(&seo::inject(html, &head), lang, save_data);
    let status = match page {
        seo::Page::NotFound(_) => StatusCode::NOT_FOUND,
        seo::Page::Found(_) | seo::Page::Unknown => StatusCode::OK,
    };
    (status, [(header::VARY, "Save-Data")], Html(body)).into_response()
}

/// The public build's route table (`routes.json`, written by the build next to `index.html`),
/// read again when the file changes (a new build under a running server). `None` when it is
/// missing or unreadable: then pages are served with the church's name as title and no tags of
/// their own, and a warning is logged once for that state of the file.
async fn route_table(apps: &Apps) -> Option<Arc<seo::RouteTable>> {
    let path = apps.public.join("routes.json");
    let stamp = tokio::fs::metadata(&path)
        .await
        .ok()
        .map(|m| (m.modified().ok(), m.len()));
    if let Ok(slot) = apps.routes.lock()
        && let Some((seen, table)) = &*slot
        && *seen == stamp
    {
        return table.clone();
    }
    let table = match tokio::fs::read(&path).await {
        Ok(bytes) => seo::RouteTable::from_json(&bytes)
            .inspect_err(|e| {
                tracing::warn!(
                    path = %path.display(),
                    error = %e,
                    "the public site's route table is unusable: pages get the church's name as \
                     title and no description; rebuild the apps"
                );
            })
            .ok()
            .map(Arc::new),
        Err(e) => {
            tracing::warn!(
                path = %path.display(),
                error = %e,
                "the public site's build has no route table: pages get the church's name as \
                 title and no description; rebuild the apps"
            );
            None
        }
    };
    if let Ok(mut slot) = apps.routes.lock() {
        *slot = Some((stamp, table.clone()));
    }
    table
}

/// The church's public details, from the settings at most [`CHURCH_TTL`] old. When the
/// database cannot answer, the last known details (or the defaults) serve, and the next
/// request tries again.
async fn church(state: &AppState) -> Arc<seo::Church> {
    let cached = state.apps.church.lock().map(|c| c.clone()).unwrap_or(None);
    if let Some((at, church)) = &cached
        && at.elapsed() < CHURCH_TTL
    {
        return church.clone();
    }
    match public_settings(&state.pool).await {
        Ok(settings) => {
            let church = Arc::new(seo::Church::from_settings(&settings));
            if let Ok(mut slot) = state.apps.church.lock() {
                *slot = Some((Instant::now(), church.clone()));
            }
            church
        }
        Err(e) => {
            tracing::warn!(error = %e, "reading the public settings for the page head failed");
            cached.map_or_else(
                || Arc::new(seo::Church::from_settings(&HashMap::new())),
                |(_, church)| church,
            )
        }
    }
}

/// The public settings as anon reads them (the same policies as `/rest/v1/system_settings`).
async fn public_settings(
    pool: &kanisa_pg::Pool,
) -> Result<HashMap<String, serde_json::Value>, kanisa_pg::PgError> {
    let caller = kanisa_pg::Caller::anon().with_path("/");
    let tx = kanisa_pg::context::begin_as(pool, &caller.context(), true).await?;
    let rows = tx
        .client()
        .query(
            "SELECT key, value FROM public.system_settings WHERE is_public",
            &[],
        )
        .await;
    let settings = match rows {
        Ok(rows) => rows.iter().map(|r| (r.get(0), r.get(1))).collect(),
        Err(e) => {
            tx.rollback().await.ok();
            return Err(e.into());
        }
    };
    tx.commit().await?;
    Ok(settings)
}

pub async fn admin(State(state): State<AppState>, req: Request) -> Response {
    let path = req
        .uri()
        .path()
        .strip_prefix("/admin")
        .unwrap_or("/")
        .to_owned();
    serve(&state.apps.admin, &path, req, "back office").await
}

pub async fn admin_redirect() -> Redirect {
    Redirect::permanent("/admin/")
}

async fn serve(dist: &Path, path: &str, req: Request, label: &str) -> Response {
    if req.method() != Method::GET && req.method() != Method::HEAD {
        return ApiError::new(
            StatusCode::METHOD_NOT_ALLOWED,
            "method_not_allowed",
            format!("{} is not allowed on {}", req.method(), req.uri().path()),
        )
        .into_response();
    }
    let Some(relative) = safe_relative_path(path) else {
        return ApiError::new(
            StatusCode::BAD_REQUEST,
            "bad_path",
            "That path is not allowed",
        )
        .into_response();
    };
    let index = dist.join("index.html");
    if !index.is_file() {
        return not_built(label);
    }
    let candidate = dist.join(&relative);
    let file = if !relative.as_os_str().is_empty() && candidate.is_file() {
        candidate
    } else if looks_like_file(&relative) {
        // A missing asset is a 404, never the app's HTML (a script tag must not get HTML).
        return (StatusCode::NOT_FOUND, "Not found").into_response();
    } else {
        index
    };
    match ServeFile::new(file)
        .precompressed_br()
        .precompressed_gzip()
        .oneshot(req)
        .await
    {
        Ok(response) => response.into_response(),
        Err(never) => match never {},
    }
}

/// The URL path as a relative file path, or `None` when it tries to leave the folder.
fn safe_relative_path(path: &str) -> Option<PathBuf> {
    let decoded = percent_encoding::percent_decode_str(path)
        .decode_utf8()
        .ok()?;
    if decoded.contains(['\\', '\0']) {
        return None;
    }
    let mut out = PathBuf::new();
    for part in decoded.split('/').filter(|p| !p.is_empty()) {
        let mut components = Path::new(part).components();
        match (components.next(), components.next()) {
            (Some(Component::Normal(c)), None) => out.push(c),
            _ => return None,
        }
    }
    Some(out)
}

/// Paths whose last segment has an extension name a file, not a page of the app.
fn looks_like_file(relative: &Path) -> bool {
    relative.extension().is_some()
}

fn not_built(label: &str) -> Response {
    (
        StatusCode::SERVICE_UNAVAILABLE,
        [(header::CACHE_CONTROL, "no-store")],
        Html(format!(
            "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\"><title>Kanisa</title>\
             <p>Kanisa is running, but the {label} has not been built. Run <code>make run</code>, \
             or <code>npm run build</code> in <code>apps/</code>.</p></html>"
        )),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_cannot_escape_the_app_folder() {
        assert_eq!(
            safe_relative_path("/assets/a.js"),
            Some(PathBuf::from("assets/a.js"))
        );
        assert_eq!(safe_relative_path("/"), Some(PathBuf::new()));
        assert_eq!(
            safe_relative_path("//sermons//"),
            Some(PathBuf::from("sermons"))
        );
        for bad in [
            "/../etc/passwd",
            "/a/%2e%2e/b",
            "/a\\b",
            "/%00",
            "/./x",
            "/%ff",
        ] {
            assert_eq!(safe_relative_path(bad), None, "{bad}");
        }
    }

    /// Writes into a shared buffer: the log lines of a test.
    #[derive(Clone, Default)]
    struct Log(Arc<Mutex<Vec<u8>>>);

    impl std::io::Write for Log {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Log {
        fn take(&self) -> String {
            String::from_utf8(std::mem::take(&mut *self.0.lock().unwrap())).unwrap()
        }
    }

    /// A build without routes.json, or with a broken one, still serves the site (with the
    /// church's name as title, `seo::Page::Unknown`) and says so in the log, once; a new
    /// build's table is read when the file changes.
    #[tokio::test]
    async fn a_missing_or_broken_route_table_is_logged_and_a_new_one_is_read() {
        let log = Log::default();
        let writer = log.clone();
        let _logging = tracing::subscriber::set_default(
            tracing_subscriber::fmt()
                .with_writer(move || writer.clone())
                .with_ansi(false)
                .finish(),
        );
        let dir = tempfile::tempdir().unwrap();
        let dist = dir.path().join("public/dist");
        std::fs::create_dir_all(&dist).unwrap();
        let apps = Apps::new(dir.path(), None);

        assert!(route_table(&apps).await.is_none());
        assert!(route_table(&apps).await.is_none());
        let logged = log.take();
        assert_eq!(
            logged.matches("has no route table").count(),
            1,
            "once: {logged}"
        );

        std::fs::write(dist.join("routes.json"), "{\"routes\": [").unwrap();
        assert!(route_table(&apps).await.is_none());
        let logged = log.take();
        assert!(
            logged.contains("WARN") && logged.contains("route table is unusable"),
            "{logged}"
        );
        let text = |title: &str| serde_json::json!({"title": title, "description": "d"});
        let table = serde_json::json!({
            "routes": [{"path": "/events", "en": text("Events"), "sw": text("Matukio")}],
            "notFound": {"en": text("Page not found"), "sw": text("Ukurasa haupatikani")},
        });
        std::fs::write(dist.join("routes.json"), table.to_string()).unwrap();
        let routes = route_table(&apps).await.expect("the new build's table");
        assert!(matches!(
            seo::page_for(Some(&routes), "/events", seo::Lang::Sw),
            seo::Page::Found(text) if text.title.as_deref() == Some("Matukio")
        ));
        assert!(
            Arc::ptr_eq(&routes, &route_table(&apps).await.unwrap()),
            "kept while the file is unchanged"
        );
        assert_eq!(log.take(), "");
    }

    #[test]
    fn only_paths_with_an_extension_are_files() {
        assert!(looks_like_file(Path::new("assets/index-abc.js")));
        assert!(!looks_like_file(Path::new("sermons")));
        assert!(!looks_like_file(Path::new("events/2026")));
    }
}
