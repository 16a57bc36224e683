//! The built React apps: the public site at `/` and the back office at `/admin/`, each with a
//! history fallback to its `index.html` for paths that are not files.

use std::path::{Component, Path, PathBuf};

use axum::extract::{Request, State};
use axum::http::{Method, StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use tower::ServiceExt;
use tower_http::services::ServeFile;

use crate::AppState;
use crate::error::ApiError;

pub struct Apps {
    public: PathBuf,
    admin: PathBuf,
}

impl Apps {
    pub fn new(apps_dir: &Path) -> Self {
        Self {
            public: apps_dir.join("public/dist"),
            admin: apps_dir.join("admin/dist"),
        }
    }
}

pub async fn public(State(state): State<AppState>, req: Request) -> Response {
    let path = req.uri().path().to_owned();
    serve(&state.apps.public, &path, req, "public site").await
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

    #[test]
    fn only_paths_with_an_extension_are_files() {
        assert!(looks_like_file(Path::new("assets/index-abc.js")));
        assert!(!looks_like_file(Path::new("sermons")));
        assert!(!looks_like_file(Path::new("events/2026")));
    }
}
