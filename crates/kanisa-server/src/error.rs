//! The one error envelope of the API: `{"code", "message", "details", "hint"}` (PostgREST's
//! shape), with the HTTP status chosen in one place.

use std::borrow::Cow;

use axum::Json;
use axum::extract::Request;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

#[derive(Debug, Clone, Serialize, thiserror::Error)]
#[error("{code}: {message}")]
pub struct ApiError {
    #[serde(skip)]
    pub status: StatusCode,
    /// Stable, machine-readable.
    pub code: Cow<'static, str>,
    /// For people.
    pub message: String,
    /// Usually text; PostgREST gives some errors structured details (PGRST201's candidates).
    pub details: Option<serde_json::Value>,
    pub hint: Option<String>,
    /// The methods the resource takes: the `Allow` header of a 405.
    #[serde(skip)]
    pub allow: Option<&'static str>,
}

impl ApiError {
    pub fn new(
        status: StatusCode,
        code: impl Into<Cow<'static, str>>,
        message: impl Into<String>,
    ) -> Self {
        Self {
            status,
            code: code.into(),
            message: message.into(),
            details: None,
            hint: None,
            allow: None,
        }
    }

    pub fn with_allow(mut self, methods: &'static str) -> Self {
        self.allow = Some(methods);
        self
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    /// A failure on our side: the response says only that something failed; the cause is
    /// logged once, here, with the request's span.
    pub fn internal(cause: &dyn std::fmt::Display) -> Self {
        tracing::error!(%cause, "request failed");
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal_error",
            "Something went wrong on the server. Please try again.",
        )
    }
}

impl From<kanisa_rest::ErrorParts> for ApiError {
    fn from(p: kanisa_rest::ErrorParts) -> Self {
        if p.internal {
            tracing::error!(code = %p.code, message = %p.message, "request failed");
        }
        Self {
            status: StatusCode::from_u16(p.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
            code: p.code.into(),
            message: p.message,
            details: p.details,
            hint: p.hint,
            allow: p.allow,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, Json(&self)).into_response();
        if let Some(allow) = self.allow {
            response
                .headers_mut()
                .insert(header::ALLOW, HeaderValue::from_static(allow));
        }
        response
    }
}

/// Any path under an API prefix that no handler serves.
pub async fn no_route(req: Request) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "not_found",
        format!("No API endpoint for {} {}", req.method(), req.uri().path()),
    )
    .with_hint("See README.md for the API's paths")
}

/// An API path that exists, asked with a method it does not take.
pub async fn method_not_allowed(req: Request) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        format!("{} is not allowed on {}", req.method(), req.uri().path()),
    )
}
