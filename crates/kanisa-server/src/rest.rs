//! `/rest/v1`: the HTTP side of the table API. Reads the request's parts, hands them to
//! kanisa-rest, and writes its answer; nothing here decides what a caller may see.

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{ConnectInfo, Path, RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use kanisa_rest::{Accept, ApiRequest, Caller};

use crate::AppState;
use crate::error::ApiError;

/// Query strings longer than this are refused (414).
const MAX_QUERY: usize = 8 * 1024;

pub async fn table(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    Path(table): Path<String>,
    method: Method,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    handle(state, peer, &table, false, method, headers, query, body).await
}

/// `GET /rest/v1/`: the OpenAPI document, as the caller's role sees it.
pub async fn openapi(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let caller = match state.caller(&headers) {
        Ok(c) => c,
        Err(e) => return unauthorized(&e),
    };
    let host = header_str(&headers, "host").unwrap_or("localhost");
    let url = format!("http://{host}/rest/v1");
    (
        [(
            header::CONTENT_TYPE,
            "application/openapi+json; charset=utf-8",
        )],
        state.rest.openapi(&url, &caller.role),
    )
        .into_response()
}

pub async fn rpc(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    Path(function): Path<String>,
    method: Method,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    handle(state, peer, &function, true, method, headers, query, body).await
}

#[allow(clippy::too_many_arguments)]
async fn handle(
    state: AppState,
    peer: std::net::SocketAddr,
    target: &str,
    rpc: bool,
    method: Method,
    headers: HeaderMap,
    query: Option<String>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    match respond(state, peer, target, rpc, method, headers, query, body).await {
        Ok(r) => r,
        Err(e) => e.into_response(),
    }
}

#[allow(clippy::too_many_arguments)]
async fn respond(
    state: AppState,
    peer: std::net::SocketAddr,
    target: &str,
    rpc: bool,
    method: Method,
    headers: HeaderMap,
    query: Option<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let body = body.map_err(|e| {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "PGRST413",
            format!("The request body is too large ({e}); the limit is 1 MiB"),
        )
    })?;
    let query = query.unwrap_or_default();
    if query.len() > MAX_QUERY {
        return Err(ApiError::new(
            StatusCode::URI_TOO_LONG,
            "PGRST414",
            "The query string is longer than 8 KiB",
        ));
    }
    let allow = if rpc {
        kanisa_rest::RPC_METHODS
    } else {
        kanisa_rest::TABLE_METHODS
    };
    let api_method = match method {
        Method::GET => kanisa_rest::Method::Get,
        Method::HEAD => kanisa_rest::Method::Head,
        Method::POST => kanisa_rest::Method::Post,
        Method::PATCH if !rpc => kanisa_rest::Method::Patch,
        Method::DELETE if !rpc => kanisa_rest::Method::Delete,
        other if rpc => {
            return Err(kanisa_rest::RestError::RpcMethod(other.to_string())
                .parts(true)
                .into());
        }
        other => {
            return Err(ApiError::new(
                StatusCode::METHOD_NOT_ALLOWED,
                "PGRST117",
                format!("Unsupported HTTP method: {other}"),
            )
            .with_allow(allow));
        }
    };
    for profile in ["accept-profile", "content-profile"] {
        if let Some(p) = headers.get(profile).and_then(|v| v.to_str().ok())
            && p != "public"
        {
            return Err(kanisa_rest::RestError::SchemaNotExposed(p.to_owned())
                .parts(true)
                .into());
        }
    }
    let accept = match header_str(&headers, header::ACCEPT.as_str()) {
        Some(a) if a.contains("application/vnd.pgrst.object+json") => Accept::Object,
        Some(a) if a.contains("text/csv") => Accept::Csv,
        Some(a) if !(a.contains("json") || a.contains("*/*") || a.contains("application/*")) => {
            return Err(kanisa_rest::RestError::NotAcceptable(a.to_owned())
                .parts(true)
                .into());
        }
        _ => Accept::Json,
    };
    let prefer_values: Vec<&str> = headers
        .get_all("prefer")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .collect();
    let prefer = kanisa_query::parse_prefer(&prefer_values);
    // As PostgREST: a Range header that is not `first-last` is ignored; a backwards one is 416.
    let range = match header_str(&headers, "range") {
        Some(r) if method == Method::GET || method == Method::HEAD => kanisa_query::range_header(r)
            .map_err(|e| {
                kanisa_rest::RestError::InvalidRange(e.details.unwrap_or(e.message)).parts(true)
            })?,
        _ => None,
    };
    let caller = match state.caller(&headers) {
        Ok(c) => c,
        Err(e) => return Ok(unauthorized(&e)),
    };
    let anon = caller.role == "anon";
    // POST and PATCH bodies in the media types PostgREST reads (JSON, CSV) become JSON.
    let body = if method == Method::POST || method == Method::PATCH {
        let content_type = header_str(&headers, header::CONTENT_TYPE.as_str());
        match kanisa_rest::json_body(content_type, &body) {
            Ok(std::borrow::Cow::Borrowed(_)) => body.clone(),
            Ok(std::borrow::Cow::Owned(json)) => Bytes::from(json),
            Err(e) => return Err(e.parts(anon).into()),
        }
    } else {
        body
    };
    let headers_json = headers_json(&headers);
    let path = format!("/rest/v1/{}{target}", if rpc { "rpc/" } else { "" });
    let req = ApiRequest {
        method: api_method,
        target,
        rpc,
        query: &query,
        prefer,
        range,
        accept,
        body: (!body.is_empty()).then_some(&body[..]),
        caller,
        path: &path,
        headers_json,
        client_ip: crate::client::client_ip(peer, &headers, &state.trusted_proxies).to_string(),
    };
    let out = match state.rest.handle(req).await {
        Ok(out) => out,
        Err(e) => {
            let parts = e.parts(anon);
            let content_range = parts.content_range.clone();
            let mut response = ApiError::from(parts).into_response();
            if let Some(range) = content_range
                && let Ok(v) = HeaderValue::from_str(&range)
            {
                response.headers_mut().insert(header::CONTENT_RANGE, v);
            }
            if response.status() == StatusCode::UNAUTHORIZED {
                // An anonymous caller without the right: signing in may help.
                response
                    .headers_mut()
                    .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
            }
            return Ok(response);
        }
    };
    let status = StatusCode::from_u16(out.status).unwrap_or(StatusCode::OK);
    let mut response = match out.body {
        Some(body) => (status, body).into_response(),
        None => status.into_response(),
    };
    let h = response.headers_mut();
    let content_type = match accept {
        Accept::Object => "application/vnd.pgrst.object+json; charset=utf-8",
        Accept::Csv => "text/csv; charset=utf-8",
        Accept::Json => "application/json; charset=utf-8",
    };
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
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
    Ok(response)
}

/// 401 for a token that does not verify, with the challenge clients expect.
fn unauthorized(e: &kanisa_auth::JwtError) -> Response {
    let description = e.to_string();
    let mut response =
        ApiError::new(StatusCode::UNAUTHORIZED, "PGRST301", &description).into_response();
    let challenge = format!(
        "Bearer error=\"invalid_token\", error_description=\"{}\"",
        description.replace('"', "'")
    );
    if let Ok(v) = HeaderValue::from_str(&challenge) {
        response.headers_mut().insert(header::WWW_AUTHENTICATE, v);
    }
    response
}

/// The token of an `Authorization: Bearer …` header (trimmed; `None` when absent or empty).
pub(crate) fn bearer_token(headers: &HeaderMap) -> Option<&str> {
    header_str(headers, "authorization")
        .and_then(|v| {
            v.strip_prefix("Bearer ")
                .or_else(|| v.strip_prefix("bearer "))
        })
        .map(str::trim)
        .filter(|t| !t.is_empty())
}

fn header_str<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers.get(name).and_then(|v| v.to_str().ok())
}

/// The request's headers as a JSON object for `request.headers` (credentials left out).
pub(crate) fn headers_json(headers: &HeaderMap) -> String {
    let map: serde_json::Map<String, serde_json::Value> = headers
        .iter()
        .filter(|(k, _)| !matches!(k.as_str(), "authorization" | "apikey" | "cookie"))
        .filter_map(|(k, v)| Some((k.as_str().to_owned(), v.to_str().ok()?.into())))
        .collect();
    serde_json::Value::Object(map).to_string()
}

impl AppState {
    /// Who is asking: the bearer token (a user's session or an API key), else the `apikey`
    /// header, else nobody (`anon`). A token that does not verify is refused, never downgraded.
    pub(crate) fn caller(&self, headers: &HeaderMap) -> Result<Caller, kanisa_auth::JwtError> {
        let token = bearer_token(headers).or_else(|| header_str(headers, "apikey").map(str::trim));
        let Some(token) = token.filter(|t| !t.is_empty()) else {
            return Ok(Caller {
                role: "anon".to_owned(),
                claims: "{\"role\":\"anon\"}".to_owned(),
            });
        };
        let v = self.jwt.verify(token)?;
        Ok(Caller {
            role: v.role,
            claims: v.claims,
        })
    }
}
