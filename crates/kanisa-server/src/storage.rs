//! `/storage/v1`: Supabase Storage's wire format over kanisa-storage, so storage-js works
//! unchanged. Reads bodies (multipart or raw, streamed), headers and tokens; writes the
//! object's bytes with the headers a download needs, and Storage's error envelope
//! `{"statusCode", "code", "error", "message"}` with the real HTTP status. Every decision is
//! kanisa-storage's (and the policies').

use std::collections::HashMap;

use std::ops::Range;
use std::sync::Arc;
use std::time::Duration;

use axum::Json;
use axum::body::{Body, Bytes};
use axum::extract::{FromRequest, Path, Query, Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use base64::Engine;
use futures_util::{Stream, StreamExt};
use kanisa_storage::{Caller, ListOptions, ObjectInfo, SortColumn, Storage, StorageError};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::AppState;
use crate::context::RequestCtx;
use crate::middleware::Uncompressed;

/// Largest JSON body of the non-upload endpoints (sign, list, delete).
const MAX_JSON_BODY: usize = 256 * 1024;

/// A refusal in Storage's envelope.
struct Failure(StorageError);

impl From<StorageError> for Failure {
    fn from(e: StorageError) -> Self {
        Failure(e)
    }
}

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        let (status, code, label) = self.0.status_code_label();
        if self.0.is_internal() {
            tracing::error!(error = %self.0, "storage request failed");
        }
        let mut response = failure(status, code, label, &self.0.public_message());
        if let Some(secs) = self.0.retry_after() {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        response
    }
}

fn failure(status: u16, code: &str, label: &str, message: &str) -> Response {
    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    (
        status,
        Json(json!({
            "statusCode": status.as_u16().to_string(),
            "code": code,
            "error": label,
            "message": message,
        })),
    )
        .into_response()
}

type Reply = Result<Response, Failure>;

fn respond(reply: Reply) -> Response {
    reply.unwrap_or_else(IntoResponse::into_response)
}

/// The storage service and the caller, or the answer that stops here.
struct Ctx {
    storage: Arc<Storage>,
    caller: Caller,
}

impl Ctx {
    fn new(state: &AppState, req: &RequestCtx, public: bool) -> Result<Ctx, Box<Response>> {
        let Some(storage) = state.storage.clone() else {
            return Err(Box::new(failure(
                404,
                "NotFound",
                "not_found",
                "File storage is not set up",
            )));
        };
        let caller = if public {
            req.anon()
        } else {
            req.caller().map_err(|e| {
                let mut r = failure(401, "InvalidJWT", "Unauthorized", &e.to_string());
                r.headers_mut().insert(
                    header::WWW_AUTHENTICATE,
                    HeaderValue::from_static("Bearer error=\"invalid_token\""),
                );
                Box::new(r)
            })?
        };
        Ok(Ctx { storage, caller })
    }
}

// ---------------------------------------------------------------------------------------------
// Uploads
// ---------------------------------------------------------------------------------------------

/// `POST` (create; `x-upsert: true` to replace) and `PUT` (replace) of
/// `/object/{bucket}/{*path}`: a multipart body (a `cacheControl` field, an optional
/// `metadata` JSON field, and the file part) or a raw body (`content-type`, `cache-control`,
/// `x-metadata` base64 JSON). Answers `{"Id", "Key"}`.
pub async fn upload(
    State(state): State<AppState>,
    req: RequestCtx,
    Path((bucket, path)): Path<(String, String)>,
    method: Method,
    headers: HeaderMap,
    request: Request,
) -> Response {
    let ctx = match Ctx::new(&state, &req, false) {
        Ok(c) => c,
        Err(r) => return *r,
    };
    let upsert = method == Method::PUT || header_str(&headers, "x-upsert") == Some("true");
    receive(&state, ctx, &bucket, &path, upsert, &headers, request).await
}

/// `POST /object/upload/sign/{bucket}/{*path}` (`x-upsert: true` to let it replace) →
/// `{"url", "token"}`: a signed upload URL, made only for a caller the policies let upload
/// there now.
pub async fn sign_upload(
    State(state): State<AppState>,
    req: RequestCtx,
    Path((bucket, path)): Path<(String, String)>,
    headers: HeaderMap,
) -> Response {
    let ctx = match Ctx::new(&state, &req, false) {
        Ok(c) => c,
        Err(r) => return *r,
    };
    let upsert = header_str(&headers, "x-upsert") == Some("true");
    respond(
        async {
            let (url, token) = ctx
                .storage
                .sign_upload(&ctx.caller, &bucket, &path, upsert)
                .await?;
            Ok(Json(json!({"url": url, "token": token})).into_response())
        }
        .await,
    )
}

/// `PUT /object/upload/sign/{bucket}/{*path}?token=…`: an upload through a signed upload
/// URL, with or without a bearer token (it is not read): the upload runs as the caller who
/// signed the URL, replacing an object only if they asked for that when signing. Bodies as
/// [`upload`]'s; answers `{"Id", "Key"}`.
pub async fn upload_signed(
    State(state): State<AppState>,
    req: RequestCtx,
    Path((bucket, path)): Path<(String, String)>,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
    request: Request,
) -> Response {
    let mut ctx = match Ctx::new(&state, &req, true) {
        Ok(c) => c,
        Err(r) => return *r,
    };
    let token = query.get("token").map(String::as_str).unwrap_or("");
    let upsert = if token.is_empty() {
        Err(StorageError::InvalidSignature(
            "The upload URL has no token".into(),
        ))
    } else {
        ctx.storage
            .signed_uploader(token, &bucket, &path, &ctx.caller)
            .map(|(caller, upsert)| {
                ctx.caller = caller;
                upsert
            })
    };
    match upsert {
        Ok(upsert) => receive(&state, ctx, &bucket, &path, upsert, &headers, request).await,
        Err(e) => {
            let mut body = request.into_body().into_data_stream();
            drain(&mut body, ctx.storage.max_request_bytes()).await;
            Failure(e).into_response()
        }
    }
}

/// Reads an upload's body (multipart or raw) into the store as `ctx`'s caller.
async fn receive(
    state: &AppState,
    ctx: Ctx,
    bucket: &str,
    path: &str,
    upsert: bool,
    headers: &HeaderMap,
    request: Request,
) -> Response {
    let multipart = header_str(headers, header::CONTENT_TYPE.as_str())
        .is_some_and(|t| t.to_ascii_lowercase().starts_with("multipart/form-data"));
    let drain_cap = ctx.storage.max_request_bytes();
    let reply = if multipart {
        let mut form = match axum::extract::Multipart::from_request(request, state).await {
            Ok(m) => m,
            Err(e) => {
                return Failure(StorageError::InvalidRequest(e.body_text())).into_response();
            }
        };
        let reply = upload_multipart(&ctx, bucket, path, upsert, &mut form).await;
        if reply.is_err() {
            // Read what the client still sends, so it gets to read our answer.
            while let Ok(Ok(Some(mut field))) =
                tokio::time::timeout(DRAIN_IDLE, form.next_field()).await
            {
                drain(&mut field, drain_cap).await;
            }
        }
        reply
    } else {
        let content_length = header_str(headers, header::CONTENT_LENGTH.as_str())
            .and_then(|v| v.parse::<u64>().ok());
        let mut body = request.into_body().into_data_stream();
        let reply = upload_raw(
            &ctx,
            bucket,
            path,
            upsert,
            headers,
            content_length,
            &mut body,
        )
        .await;
        if reply.is_err() {
            drain(&mut body, drain_cap).await;
        }
        reply
    };
    respond(reply)
}

/// How long a refused upload's remaining body is waited for, per chunk.
const DRAIN_IDLE: Duration = Duration::from_secs(5);

/// Reads and drops the rest of a body (up to `cap` bytes): a client still sending when the
/// answer comes may otherwise never read it. Nothing is kept.
async fn drain<S, E>(body: &mut S, cap: u64)
where
    S: Stream<Item = Result<Bytes, E>> + Unpin,
{
    let mut read = 0u64;
    while let Ok(Some(Ok(chunk))) = tokio::time::timeout(DRAIN_IDLE, body.next()).await {
        read += chunk.len() as u64;
        if read > cap {
            break;
        }
    }
}

async fn upload_raw<S>(
    ctx: &Ctx,
    bucket: &str,
    path: &str,
    upsert: bool,
    headers: &HeaderMap,
    content_length: Option<u64>,
    body: &mut S,
) -> Reply
where
    S: Stream<Item = Result<Bytes, axum::Error>> + Unpin + Send,
{
    let metadata = match header_str(headers, "x-metadata") {
        Some(b64) => Some(metadata_from_base64(b64)?),
        None => None,
    };
    let pending = ctx
        .storage
        .begin_upload(kanisa_storage::UploadRequest {
            caller: &ctx.caller,
            bucket,
            path,
            upsert,
            content_type: header_str(headers, header::CONTENT_TYPE.as_str()),
            content_length,
        })
        .await?;
    let written = ctx.storage.write(pending, body).await?;
    let cache_control = header_str(headers, header::CACHE_CONTROL.as_str());
    let uploaded = ctx.storage.commit(written, cache_control, metadata).await?;
    Ok(Json(json!({"Id": uploaded.id, "Key": uploaded.key})).into_response())
}

async fn upload_multipart(
    ctx: &Ctx,
    bucket: &str,
    path: &str,
    upsert: bool,
    form: &mut axum::extract::Multipart,
) -> Reply {
    let mut cache_control = None;
    let mut metadata = None;
    let mut written = None;
    loop {
        let field = match form.next_field().await {
            Ok(Some(f)) => f,
            Ok(None) => break,
            Err(e) => return Err(StorageError::InvalidRequest(e.body_text()).into()),
        };
        match field.name() {
            Some("cacheControl") => {
                cache_control = Some(
                    field
                        .text()
                        .await
                        .map_err(|e| Failure(StorageError::InvalidRequest(e.body_text())))?,
                );
            }
            Some("metadata") => {
                let text = field
                    .text()
                    .await
                    .map_err(|e| Failure(StorageError::InvalidRequest(e.body_text())))?;
                metadata = Some(serde_json::from_str(&text).map_err(|e| {
                    Failure(StorageError::InvalidRequest(format!(
                        "metadata is not JSON: {e}"
                    )))
                })?);
            }
            _ if written.is_none() => {
                let content_type = field.content_type().map(str::to_owned);
                let pending = ctx
                    .storage
                    .begin_upload(kanisa_storage::UploadRequest {
                        caller: &ctx.caller,
                        bucket,
                        path,
                        upsert,
                        content_type: content_type.as_deref(),
                        content_length: None,
                    })
                    .await?;
                written = Some(ctx.storage.write(pending, field).await?);
            }
            // Anything after the file is read and dropped.
            _ => {}
        }
    }
    let Some(written) = written else {
        return Err(StorageError::InvalidRequest("The form has no file".into()).into());
    };
    let uploaded = ctx
        .storage
        .commit(written, cache_control.as_deref(), metadata)
        .await?;
    Ok(Json(json!({"Id": uploaded.id, "Key": uploaded.key})).into_response())
}

fn metadata_from_base64(b64: &str) -> Result<Value, Failure> {
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(b64.trim())
        .map_err(|_| StorageError::InvalidRequest("x-metadata is not base64".into()))?;
    serde_json::from_slice(&bytes).map_err(|e| {
        Failure(StorageError::InvalidRequest(format!(
            "x-metadata is not base64 JSON: {e}"
        )))
    })
}

// ---------------------------------------------------------------------------------------------
// Downloads
// ---------------------------------------------------------------------------------------------

/// `GET|HEAD /object/{bucket}/{*path}` (storage-js `download()` and `exists()`) and
/// `/object/authenticated/{bucket}/{*path}`: as the caller.
pub async fn download(
    State(state): State<AppState>,
    req: RequestCtx,
    Path((bucket, path)): Path<(String, String)>,
    Query(query): Query<HashMap<String, String>>,
    method: Method,
    headers: HeaderMap,
) -> Response {
    let ctx = match Ctx::new(&state, &req, false) {
        Ok(c) => c,
        Err(r) => return *r,
    };
    respond(
        async {
            let info = ctx.storage.find(&ctx.caller, &bucket, &path).await?;
            serve(&ctx.storage, &info, &method, &headers, &query, false).await
        }
        .await,
    )
}

/// `GET|HEAD /object/public/{bucket}/{*path}` (`getPublicUrl`): with the public's rights,
/// whatever token comes with it.
pub async fn download_public(
    State(state): State<AppState>,
    req: RequestCtx,
    Path((bucket, path)): Path<(String, String)>,
    Query(query): Query<HashMap<String, String>>,
    method: Method,
    headers: HeaderMap,
) -> Response {
    let ctx = match Ctx::new(&state, &req, true) {
        Ok(c) => c,
        Err(r) => return *r,
    };
    respond(
        async {
            let info = ctx.storage.find(&ctx.caller, &bucket, &path).await?;
            serve(&ctx.storage, &info, &method, &headers, &query, true).await
        }
        .await,
    )
}

/// `GET|HEAD /object/sign/{bucket}/{*path}?token=…`: a signed link.
pub async fn download_signed(
    State(state): State<AppState>,
    Path((bucket, path)): Path<(String, String)>,
    Query(query): Query<HashMap<String, String>>,
    method: Method,
    headers: HeaderMap,
) -> Response {
    let Some(storage) = state.storage.clone() else {
        return failure(404, "NotFound", "not_found", "File storage is not set up");
    };
    respond(
        async {
            let token = query.get("token").map(String::as_str).unwrap_or("");
            if token.is_empty() {
                return Err(StorageError::InvalidSignature("The link has no token".into()).into());
            }
            let info = storage.find_signed(token, &bucket, &path).await?;
            serve(&storage, &info, &method, &headers, &query, false).await
        }
        .await,
    )
}

/// `GET /object/info/{bucket}/{*path}`: the object's row.
pub async fn info(
    State(state): State<AppState>,
    req: RequestCtx,
    Path((bucket, path)): Path<(String, String)>,
) -> Response {
    let ctx = match Ctx::new(&state, &req, false) {
        Ok(c) => c,
        Err(r) => return *r,
    };
    respond(
        async {
            let info = ctx.storage.find(&ctx.caller, &bucket, &path).await?;
            Ok(Json(info.to_json()).into_response())
        }
        .await,
    )
}

/// The object's bytes (or a range of them) with the headers of a safe download.
async fn serve(
    storage: &Storage,
    info: &ObjectInfo,
    method: &Method,
    headers: &HeaderMap,
    query: &HashMap<String, String>,
    public: bool,
) -> Reply {
    let etag = format!("\"{}\"", info.etag);
    let mut out = HeaderMap::new();
    out.insert(header::ETAG, value(&etag));
    out.insert(
        header::LAST_MODIFIED,
        value(
            &info
                .updated_at
                .format("%a, %d %b %Y %H:%M:%S GMT")
                .to_string(),
        ),
    );
    // Shared caches may keep only what the public may read.
    let scope = if public { "public" } else { "private" };
    out.insert(
        header::CACHE_CONTROL,
        value(&format!("{scope}, {}", info.cache_control)),
    );
    out.insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
    out.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    let content_type = if info.mime_type.starts_with("text/") {
        format!("{}; charset=utf-8", info.mime_type)
    } else {
        info.mime_type.clone()
    };
    out.insert(header::CONTENT_TYPE, value(&content_type));
    out.insert(
        header::CONTENT_DISPOSITION,
        value(&disposition(info, query)),
    );

    let not_modified = header_str(headers, header::IF_NONE_MATCH.as_str()).is_some_and(|v| {
        v == "*"
            || v.split(',')
                .any(|t| t.trim().trim_start_matches("W/") == etag)
    });
    if not_modified {
        let mut r = StatusCode::NOT_MODIFIED.into_response();
        r.headers_mut().extend(out);
        return Ok(r);
    }
    let range = match header_str(headers, header::RANGE.as_str()) {
        Some(r) => parse_range(r, info.size)
            .map_err(|_| StorageError::RangeNotSatisfiable { size: info.size })?,
        None => None,
    };
    let (status, length) = match &range {
        Some(r) => {
            out.insert(
                header::CONTENT_RANGE,
                value(&format!("bytes {}-{}/{}", r.start, r.end - 1, info.size)),
            );
            (StatusCode::PARTIAL_CONTENT, r.end - r.start)
        }
        None => (StatusCode::OK, info.size),
    };
    out.insert(header::CONTENT_LENGTH, HeaderValue::from(length));
    let body = if method == Method::HEAD || length == 0 {
        Body::empty()
    } else {
        Body::from_stream(storage.open(info, range).await?)
    };
    let mut response = (status, body).into_response();
    response.headers_mut().extend(out);
    response.extensions_mut().insert(Uncompressed);
    Ok(response)
}

/// `inline` for images and PDFs (they are shown in the page), `attachment` for anything else
/// or when `?download` asks; the client's own file name either way.
fn disposition(info: &ObjectInfo, query: &HashMap<String, String>) -> String {
    let shown = info.mime_type.starts_with("image/") || info.mime_type == "application/pdf";
    let (kind, name) = match query.get("download") {
        Some(name) if !name.is_empty() => ("attachment", name.as_str()),
        Some(_) => ("attachment", info.display_name()),
        None if shown => ("inline", info.display_name()),
        None => ("attachment", info.display_name()),
    };
    let ascii: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_graphic() && c != '"' && c != '\\' || c == ' ' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let encoded = percent_encoding::utf8_percent_encode(name, percent_encoding::NON_ALPHANUMERIC);
    format!("{kind}; filename=\"{ascii}\"; filename*=UTF-8''{encoded}")
}

/// One `bytes=` range against `size`: `Ok(None)` when the header is not one we serve as a
/// range (several ranges, another unit, nonsense: the whole object is sent), `Err` when it
/// starts past the end.
fn parse_range(header: &str, size: u64) -> Result<Option<Range<u64>>, ()> {
    let Some(spec) = header.trim().strip_prefix("bytes=") else {
        return Ok(None);
    };
    if spec.contains(',') {
        return Ok(None);
    }
    let Some((start, end)) = spec.trim().split_once('-') else {
        return Ok(None);
    };
    let range = match (start.trim(), end.trim()) {
        ("", "") => return Ok(None),
        ("", suffix) => {
            let Ok(n) = suffix.parse::<u64>() else {
                return Ok(None);
            };
            if n == 0 {
                return Err(());
            }
            size.saturating_sub(n)..size
        }
        (start, end) => {
            let Ok(start) = start.parse::<u64>() else {
                return Ok(None);
            };
            let end = match end {
                "" => size,
                e => match e.parse::<u64>() {
                    Ok(e) if e >= start => (e + 1).min(size),
                    _ => return Ok(None),
                },
            };
            start..end
        }
    };
    if range.start >= size {
        return Err(());
    }
    Ok(Some(range))
}

// ---------------------------------------------------------------------------------------------
// Signed links, listing, deleting, buckets
// ---------------------------------------------------------------------------------------------

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SignBody {
    expires_in: Option<i64>,
    paths: Option<Vec<String>>,
}

/// `POST /object/sign/{bucket}/{*path}` `{expiresIn}` → `{"signedURL"}` (default an hour).
pub async fn sign(
    State(state): State<AppState>,
    req: RequestCtx,
    Path((bucket, path)): Path<(String, String)>,
    request: Request,
) -> Response {
    let ctx = match Ctx::new(&state, &req, false) {
        Ok(c) => c,
        Err(r) => return *r,
    };
    respond(
        async {
            let body: SignBody = json_body(request).await?;
            let url = ctx
                .storage
                .sign(&ctx.caller, &bucket, &path, body.expires_in)
                .await?;
            Ok(Json(json!({"signedURL": url})).into_response())
        }
        .await,
    )
}

/// `POST /object/sign/{bucket}` `{expiresIn, paths}` → `[{"error", "path", "signedURL"}]`.
pub async fn sign_many(
    State(state): State<AppState>,
    req: RequestCtx,
    Path(bucket): Path<String>,
    request: Request,
) -> Response {
    let ctx = match Ctx::new(&state, &req, false) {
        Ok(c) => c,
        Err(r) => return *r,
    };
    respond(
        async {
            let body: SignBody = json_body(request).await?;
            let paths = body.paths.unwrap_or_default();
            let entries = ctx
                .storage
                .sign_many(&ctx.caller, &bucket, &paths, body.expires_in)
                .await?;
            let out: Vec<Value> = entries
                .into_iter()
                .map(|e| json!({"error": e.error, "path": e.path, "signedURL": e.signed_url}))
                .collect();
            Ok(Json(out).into_response())
        }
        .await,
    )
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ListBody {
    prefix: Option<String>,
    limit: Option<i64>,
    offset: Option<i64>,
    sort_by: Option<SortBy>,
    search: Option<String>,
}

#[derive(Deserialize)]
struct SortBy {
    column: Option<String>,
    order: Option<String>,
}

/// `POST /object/list/{bucket}` `{prefix, limit, offset, sortBy, search}`.
pub async fn list(
    State(state): State<AppState>,
    req: RequestCtx,
    Path(bucket): Path<String>,
    request: Request,
) -> Response {
    let ctx = match Ctx::new(&state, &req, false) {
        Ok(c) => c,
        Err(r) => return *r,
    };
    respond(
        async {
            let body: ListBody = json_body(request).await?;
            let defaults = ListOptions::default();
            let sort = body.sort_by.unwrap_or(SortBy {
                column: None,
                order: None,
            });
            let options = ListOptions {
                prefix: body.prefix.unwrap_or_default(),
                limit: body.limit.unwrap_or(defaults.limit),
                offset: body.offset.unwrap_or(defaults.offset),
                sort: match sort.column.as_deref() {
                    Some(c) => SortColumn::parse(c)?,
                    None => defaults.sort,
                },
                descending: sort
                    .order
                    .as_deref()
                    .is_some_and(|o| o.eq_ignore_ascii_case("desc")),
                search: body.search.unwrap_or_default(),
            };
            let listed = ctx.storage.list(&ctx.caller, &bucket, &options).await?;
            Ok(Json(listed).into_response())
        }
        .await,
    )
}

#[derive(Deserialize)]
struct RemoveBody {
    prefixes: Vec<String>,
}

/// `DELETE /object/{bucket}` `{prefixes: [names]}` (storage-js `remove()`): the deleted
/// objects.
pub async fn remove_many(
    State(state): State<AppState>,
    req: RequestCtx,
    Path(bucket): Path<String>,
    request: Request,
) -> Response {
    let ctx = match Ctx::new(&state, &req, false) {
        Ok(c) => c,
        Err(r) => return *r,
    };
    respond(
        async {
            let body: RemoveBody = json_body(request).await?;
            let gone = ctx
                .storage
                .remove(&ctx.caller, &bucket, &body.prefixes)
                .await?;
            Ok(Json(gone).into_response())
        }
        .await,
    )
}

/// `DELETE /object/{bucket}/{*path}`: one object; 404 when nothing the caller may delete
/// has that name.
pub async fn remove_one(
    State(state): State<AppState>,
    req: RequestCtx,
    Path((bucket, path)): Path<(String, String)>,
) -> Response {
    let ctx = match Ctx::new(&state, &req, false) {
        Ok(c) => c,
        Err(r) => return *r,
    };
    respond(
        async {
            let gone = ctx.storage.remove(&ctx.caller, &bucket, &[path]).await?;
            if gone.as_array().is_some_and(Vec::is_empty) {
                return Err(StorageError::NoSuchKey.into());
            }
            Ok(Json(json!({"message": "Successfully deleted"})).into_response())
        }
        .await,
    )
}

/// `GET /bucket`: the buckets the caller may read (staff).
pub async fn buckets(State(state): State<AppState>, req: RequestCtx) -> Response {
    let ctx = match Ctx::new(&state, &req, false) {
        Ok(c) => c,
        Err(r) => return *r,
    };
    respond(async { Ok(Json(ctx.storage.buckets(&ctx.caller).await?).into_response()) }.await)
}

/// `GET /bucket/{id}`.
pub async fn bucket(
    State(state): State<AppState>,
    req: RequestCtx,
    Path(id): Path<String>,
) -> Response {
    let ctx = match Ctx::new(&state, &req, false) {
        Ok(c) => c,
        Err(r) => return *r,
    };
    respond(async { Ok(Json(ctx.storage.bucket(&ctx.caller, &id).await?).into_response()) }.await)
}

/// A small JSON body (an empty one reads as `{}`).
async fn json_body<T: serde::de::DeserializeOwned>(request: Request) -> Result<T, Failure> {
    let bytes = axum::body::to_bytes(request.into_body(), MAX_JSON_BODY)
        .await
        .map_err(|_| {
            StorageError::InvalidRequest(format!(
                "The request body is larger than {} KiB",
                MAX_JSON_BODY / 1024
            ))
        })?;
    let bytes: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) {
        b"{}"
    } else {
        &bytes
    };
    serde_json::from_slice(bytes).map_err(|e| {
        Failure(StorageError::InvalidRequest(format!(
            "The body is not the JSON this endpoint takes: {e}"
        )))
    })
}

fn header_str<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers.get(name).and_then(|v| v.to_str().ok())
}

fn value(text: &str) -> HeaderValue {
    HeaderValue::from_str(text).unwrap_or_else(|_| HeaderValue::from_static("invalid"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges() {
        assert_eq!(parse_range("bytes=0-9", 100), Ok(Some(0..10)));
        assert_eq!(parse_range("bytes=90-", 100), Ok(Some(90..100)));
        assert_eq!(parse_range("bytes=-10", 100), Ok(Some(90..100)));
        assert_eq!(parse_range("bytes=-1000", 100), Ok(Some(0..100)));
        assert_eq!(parse_range("bytes=95-1000", 100), Ok(Some(95..100)));
        assert_eq!(parse_range("bytes=100-", 100), Err(()));
        assert_eq!(parse_range("bytes=0-1,5-6", 100), Ok(None));
        assert_eq!(parse_range("items=0-1", 100), Ok(None));
        assert_eq!(parse_range("bytes=5-1", 100), Ok(None));
    }
}
