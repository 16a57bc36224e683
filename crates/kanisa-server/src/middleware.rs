//! Layers every response passes through.

use std::time::Duration;

use axum::Router;
use axum::extract::Request;
use axum::http::{HeaderName, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::compression::predicate::{DefaultPredicate, Predicate};
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;

use crate::error::ApiError;

const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// Content Security Policy for the apps: only our own scripts; the YouTube player and map
/// embeds the public site shows; nothing may frame us.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
img-src 'self' data: blob: https://i.ytimg.com; font-src 'self' data:; connect-src 'self'; \
frame-src https://www.youtube-nocookie.com https://www.youtube.com https://www.google.com \
https://maps.google.com; media-src 'self' https:; object-src 'none'; base-uri 'self'; \
form-action 'self'; frame-ancestors 'none'";

/// Marks a response that must go out as it is: a storage download (its `Content-Length`,
/// `ETag` and byte ranges describe the stored bytes, and it is streamed, never buffered), or a
/// table-API answer, which `rest.rs` compressed itself (its `ETag` names the bytes it chose).
#[derive(Debug, Clone, Copy)]
pub struct Uncompressed;

#[derive(Debug, Clone, Copy)]
struct NotMarkedUncompressed;

impl tower_http::compression::Predicate for NotMarkedUncompressed {
    fn should_compress<B>(&self, response: &axum::http::Response<B>) -> bool
    where
        B: axum::body::HttpBody,
    {
        response.extensions().get::<Uncompressed>().is_none()
    }
}

pub fn wrap(router: Router) -> Router {
    let security = [
        (header::CONTENT_SECURITY_POLICY, CSP),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "strict-origin-when-cross-origin"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (
            HeaderName::from_static("permissions-policy"),
            "camera=(), microphone=(), geolocation=(), interest-cohort=()",
        ),
        (
            HeaderName::from_static("cross-origin-opener-policy"),
            "same-origin",
        ),
    ];
    let mut router = router
        .layer(
            CompressionLayer::new()
                .gzip(true)
                .br(true)
                .compress_when(DefaultPredicate::new().and(NotMarkedUncompressed)),
        )
        .layer(CatchPanicLayer::custom(|_| {
            tracing::error!("a handler panicked");
            ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "internal_error",
                "Something went wrong on the server. Please try again.",
            )
            .into_response()
        }));
    for (name, value) in security {
        router = router.layer(SetResponseHeaderLayer::if_not_present(
            name,
            HeaderValue::from_static(value),
        ));
    }
    router
        .layer(PropagateRequestIdLayer::new(REQUEST_ID))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(|req: &Request| {
                    let id = req
                        .headers()
                        .get(REQUEST_ID)
                        .and_then(|v| v.to_str().ok())
                        .unwrap_or("-");
                    tracing::info_span!(
                        "request",
                        method = %req.method(),
                        path = %loggable_path(req.uri().path()),
                        request_id = %id,
                    )
                })
                .on_response(|res: &Response, latency: Duration, _span: &tracing::Span| {
                    tracing::info!(
                        status = res.status().as_u16(),
                        ms = latency.as_secs_f64() * 1000.0,
                        "served"
                    );
                }),
        )
        .layer(SetRequestIdLayer::new(REQUEST_ID, MakeRequestUuid))
}

/// The path as logs may show it: the secret segment of provider callbacks
/// (`/functions/v1/payments/callback/{provider}/{secret}`, `/functions/v1/payments/paybill/{secret}/…`,
/// `/functions/v1/sms/delivery-report/{secret}`, `/functions/v1/ussd/{secret}…`) is replaced by
/// `[secret]`.
pub fn loggable_path(path: &str) -> std::borrow::Cow<'_, str> {
    let secret_at = if path.starts_with("/functions/v1/payments/callback/") {
        6
    } else if path.starts_with("/functions/v1/ussd/") {
        4
    } else if path.starts_with("/functions/v1/payments/paybill/")
        || path.starts_with("/functions/v1/sms/delivery-report/")
    {
        5
    } else {
        return std::borrow::Cow::Borrowed(path);
    };
    let redacted: Vec<&str> = path
        .split('/')
        .enumerate()
        .map(|(i, part)| if i == secret_at { "[secret]" } else { part })
        .collect();
    std::borrow::Cow::Owned(redacted.join("/"))
}

/// Cross-origin use of the API (a developer's page, another client): any origin, no cookies
/// (credentials travel in headers), the headers supabase-js sends, and the response headers it
/// reads — `Content-Range` above all, without which counts break cross-origin.
pub fn cors() -> tower_http::cors::CorsLayer {
    use axum::http::Method;
    tower_http::cors::CorsLayer::new()
        .allow_origin(tower_http::cors::Any)
        .allow_methods([
            Method::GET,
            Method::HEAD,
            Method::POST,
            Method::PUT,
            Method::PATCH,
            Method::DELETE,
            Method::OPTIONS,
        ])
        .allow_headers(
            [
                "apikey",
                "authorization",
                "x-client-info",
                "content-type",
                "prefer",
                "range",
                "accept",
                "accept-profile",
                "content-profile",
                "x-upsert",
                "x-metadata",
                "cache-control",
                "x-retry-count",
                "x-supabase-api-version",
            ]
            .map(HeaderName::from_static),
        )
        .expose_headers(
            [
                "content-range",
                "preference-applied",
                "x-total-count",
                "location",
                "x-request-id",
                "link",
                "x-supabase-api-version",
                "retry-after",
                "etag",
                "content-disposition",
            ]
            .map(HeaderName::from_static),
        )
        .max_age(Duration::from_secs(86400))
}

/// Caching for the apps' files: content-hashed assets forever, HTML always revalidated,
/// anything else for an hour.
pub async fn static_cache_control(req: Request, next: Next) -> Response {
    let hashed =
        req.uri().path().starts_with("/assets/") || req.uri().path().starts_with("/admin/assets/");
    let mut res = next.run(req).await;
    if res.headers().contains_key(header::CACHE_CONTROL) {
        return res;
    }
    let is_html = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/html"));
    let value = if is_html {
        "no-cache"
    } else if hashed && matches!(res.status(), StatusCode::OK | StatusCode::PARTIAL_CONTENT) {
        "public, max-age=31536000, immutable"
    } else if res.status().is_success() {
        "public, max-age=3600"
    } else {
        "no-store"
    };
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    res
}

#[cfg(test)]
mod tests {
    use super::loggable_path;

    #[test]
    fn callback_secrets_never_reach_the_log() {
        assert_eq!(
            loggable_path("/functions/v1/payments/callback/mpesa/s3cret"),
            "/functions/v1/payments/callback/mpesa/[secret]"
        );
        assert_eq!(
            loggable_path("/functions/v1/payments/paybill/s3cret/confirmation"),
            "/functions/v1/payments/paybill/[secret]/confirmation"
        );
        assert_eq!(
            loggable_path("/functions/v1/sms/delivery-report/s3cret"),
            "/functions/v1/sms/delivery-report/[secret]"
        );
        assert_eq!(
            loggable_path("/functions/v1/ussd/s3cret/end"),
            "/functions/v1/ussd/[secret]/end"
        );
        assert_eq!(loggable_path("/rest/v1/sermons"), "/rest/v1/sermons");
    }
}
