//! `/rest/v1`: the HTTP side of the table API. Reads the request's parts, hands them with the
//! caller the request extractor verified to kanisa-rest, and writes its answer; nothing here
//! decides what a caller may see.

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use kanisa_rest::{ApiRequest, RequestParts};

use crate::AppState;
use crate::context::RequestCtx;
use crate::error::ApiError;

pub async fn table(
    State(state): State<AppState>,
    ctx: RequestCtx,
    Path(table): Path<String>,
    RawQuery(query): RawQuery,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    respond(&state, &ctx, &table, false, query, body).await
}

/// `GET /rest/v1/`: the OpenAPI document, as the caller's role sees it. Its server is the
/// configured public address (`KANISA_PUBLIC_URL`) or, without one, the relative `/rest/v1`
/// (a reader resolves it against the document's own address) — never the request's `Host`,
/// which the client chooses and a cache or a shared link would pass on to others.
pub async fn openapi(State(state): State<AppState>, ctx: RequestCtx) -> Response {
    let identity = match &ctx.identity {
        Ok(identity) => identity,
        Err(e) => return unauthorized(e),
    };
    let url = format!("{}/rest/v1", state.apps.public_url().unwrap_or(""));
    (
        [(
            header::CONTENT_TYPE,
            "application/openapi+json; charset=utf-8",
        )],
        state.rest.openapi(&url, identity.role()),
    )
        .into_response()
}

pub async fn rpc(
    State(state): State<AppState>,
    ctx: RequestCtx,
    Path(function): Path<String>,
    RawQuery(query): RawQuery,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    respond(&state, &ctx, &function, true, query, body).await
}

/// One table-API request: its caller (the shared request context), its parts read by
/// kanisa-rest's request stage (`ApiRequest::from_parts`, as the console reads them), the
/// answer written with its headers.
async fn respond(
    state: &AppState,
    ctx: &RequestCtx,
    target: &str,
    rpc: bool,
    query: Option<String>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let body = match body {
        Ok(b) => b,
        Err(e) => {
            return ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "PGRST413",
                format!("The request body is too large ({e}); the limit is 1 MiB"),
            )
            .into_response();
        }
    };
    let caller = match ctx.caller() {
        Ok(c) => c,
        Err(e) => return unauthorized(&e),
    };
    let anon = caller.role == "anon";
    let query = query.unwrap_or_default();
    let headers: Vec<(&str, &str)> = ctx
        .headers
        .iter()
        .filter_map(|(k, v)| Some((k.as_str(), v.to_str().ok()?)))
        .collect();
    let parts = RequestParts {
        method: ctx.method.as_str(),
        target,
        rpc,
        query: &query,
        headers,
        body: &body,
        caller,
    };
    let req = match ApiRequest::from_parts(parts) {
        Ok(req) => req,
        Err(e) => return refusal(e, anon),
    };
    let accept = req.accept;
    let out = match state.rest.handle(req).await {
        Ok(out) => out,
        Err(e) => return refusal(e, anon),
    };
    let status = StatusCode::from_u16(out.status).unwrap_or(StatusCode::OK);
    let mut response = match out.body {
        Some(body) => (status, body).into_response(),
        None => status.into_response(),
    };
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(accept.content_type()),
    );
    if let Some(range) = out.content_range
        && let Ok(v) = HeaderValue::from_str(&range)
    {
        h.insert(header::CONTENT_RANGE, v);
    }
    if let Some(hit) = out.cache {
        h.insert(
            "x-kanisa-cache",
            HeaderValue::from_static(if hit { "hit" } else { "miss" }),
        );
    }
    if !out.preference_applied.is_empty()
        && let Ok(v) = HeaderValue::from_str(&out.preference_applied.join(", "))
    {
        h.insert("preference-applied", v);
    }
    response
}

/// A refusal in PostgREST's envelope, with its `Content-Range` (416), `Allow` (405) and, for
/// an anonymous caller without the right, the `WWW-Authenticate` challenge (signing in may help).
fn refusal(e: kanisa_rest::RestError, anon: bool) -> Response {
    let parts = e.parts(anon);
    let content_range = parts.content_range.clone();
    let mut response = ApiError::from(parts).into_response();
    if let Some(range) = content_range
        && let Ok(v) = HeaderValue::from_str(&range)
    {
        response.headers_mut().insert(header::CONTENT_RANGE, v);
    }
    if response.status() == StatusCode::UNAUTHORIZED {
        response
            .headers_mut()
            .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
    }
    response
}

/// 401 for a token that does not verify (PostgREST's `PGRST301`, the token's refusal as the
/// message), with the challenge clients expect.
fn unauthorized(e: &kanisa_auth::JwtError) -> Response {
    let description = e.to_string();
    let mut response =
        ApiError::new(StatusCode::UNAUTHORIZED, "PGRST301", &description).into_response();
    if let Some(challenge) = crate::context::invalid_token(&description) {
        response
            .headers_mut()
            .insert(header::WWW_AUTHENTICATE, challenge);
    }
    response
}
