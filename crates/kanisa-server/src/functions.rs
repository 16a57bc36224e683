//! `/functions/v1`: the server-side functions (kanisa-functions) over HTTP. One route: the
//! method, the path and the body (bounded) go with the caller and the client address to
//! `Functions::handle`, whose route table decides; the answer is written as JSON, an error as
//! the API's envelope `{"code", "message", "details", "hint"}` (with `fields` for a form's
//! fields) and its status (`Retry-After` when trying later can help,
//! `Allow` for a method the path does not take).

use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use kanisa_functions::{Call, Functions, FunctionsError, Reply};
use serde_json::json;

use crate::AppState;
use crate::context::RequestCtx;

/// The largest body a function reads (a form is a few kB; files are uploaded to storage).
pub(crate) const BODY_LIMIT: usize = 256 * 1024;

fn failure(e: &FunctionsError) -> Response {
    let (status, code) = e.status_code();
    if e.is_internal() {
        tracing::error!(error = ?e, "function failed");
    }
    let mut body = json!({"code": code, "message": e.to_string(), "details": null, "hint": null});
    if let Some(fields) = e.fields() {
        body["fields"] = fields;
    }
    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut response = (status, Json(body)).into_response();
    if let Some(secs) = e.retry_after() {
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(secs));
    }
    if let Some(allow) = e.allow()
        && let Ok(v) = HeaderValue::from_str(allow)
    {
        response.headers_mut().insert(header::ALLOW, v);
    }
    response
}

fn functions(state: &AppState) -> Result<&Arc<Functions>, FunctionsError> {
    state
        .functions
        .as_ref()
        .ok_or_else(|| FunctionsError::NotFound("The server functions are not set up".into()))
}

/// Every request under `/functions/v1/`: the route table of kanisa-functions names the
/// endpoint and its feature answers. The body is read bounded (too large is a 413 in the
/// functions' envelope); the caller is the identity the request extractor verified, or the
/// token's refusal (a [`kanisa_auth::JwtError`], answered 401 by the endpoints that act as the
/// caller).
pub async fn dispatch(
    State(state): State<AppState>,
    Path(path): Path<String>,
    ctx: RequestCtx,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let result = async {
        let bytes = body.map_err(|rejection| {
            if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                FunctionsError::BodyTooLarge(BODY_LIMIT)
            } else {
                FunctionsError::BadBody(format!("Could not read the request body: {rejection}"))
            }
        })?;
        let client_ip = ctx.client_ip.to_string();
        let call = Call {
            caller: ctx.caller(),
            client_ip: &client_ip,
            body: &bytes,
        };
        functions(&state)?
            .handle(ctx.method.as_str(), &path, call)
            .await
    }
    .await;
    match result {
        // A function's answer is for this request alone (a payment's state, a recovery sheet):
        // never stored by a browser or a proxy.
        Ok(Reply::Json(status, value)) => (
            StatusCode::from_u16(status).unwrap_or(StatusCode::OK),
            [(header::CACHE_CONTROL, "no-store")],
            Json(value),
        )
            .into_response(),
        // The USSD gateway reads plain text (`CON …` / `END …`).
        Ok(Reply::Text(status, text)) => (
            StatusCode::from_u16(status).unwrap_or(StatusCode::OK),
            [
                (header::CACHE_CONTROL, "no-store"),
                (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
            ],
            text,
        )
            .into_response(),
        Err(e) => failure(&e),
    }
}
