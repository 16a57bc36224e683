//! `/rest/v1`: the HTTP side of the table API. Reads the request's parts, hands them with the
//! caller the request extractor verified to kanisa-rest, and writes its answer; nothing here
//! decides what a caller may see.
//!
//! How an answer goes out (tables, RPCs and the OpenAPI document alike; errors are left as
//! they are):
//!
//! - **Compression.** A body over [`COMPRESS_ABOVE`] bytes goes out in the coding the
//!   request's `Accept-Encoding` prefers ([`negotiate`]: q-values, `*`, `q=0`; `br` before
//!   `gzip` at equal q), made by kanisa-rest's [`Body`](kanisa_rest::Body) once per answer
//!   and kept with it, so a hit of the anonymous cache compresses nothing. Every answer with a body carries
//!   `Vary: Accept-Encoding` (a small one too: the choice depends on it). Done here rather than
//!   by the outer `CompressionLayer`, which passes over anything with a `Content-Range` — every
//!   table read — and would compress every hit again; the answer is marked
//!   [`Uncompressed`] so that layer leaves it alone.
//! - **Revalidation.** A GET or HEAD answer with a body (200, 206) carries a strong `ETag`:
//!   [`kanisa_rest::ApiResponse::etag`] (status, `Content-Range` and body, hashed), with `-br`
//!   or `-gz` added for a compressed form, since a strong validator names exact bytes. An
//!   `If-None-Match` naming it ([`none_match`]: a list, `*`, weak comparison as RFC 9110
//!   §13.1.2 asks) gets a 304 without a body, with the `ETag`, `Vary`, `Cache-Control` and
//!   `Content-Range` the answer would have had. Writes carry none.
//! - **Cache-Control** on reads: `no-cache` for anon (stored, but checked every time: the
//!   public site shows news), `private, no-cache` for anyone else, so no shared cache keeps a
//!   signed-in answer. A 304 cannot hand one caller another's rows: the tag is a hash of the
//!   bytes this caller would get, so it matches only when those bytes are the ones the client
//!   holds; and the anonymous cache only ever holds anon's answers.
//! - HEAD: the headers GET would send (the `Content-Length` of the chosen form), no body.

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use kanisa_rest::{Accept, AnonKey, ApiRequest, ApiResponse, Compression, RequestParts};

use crate::AppState;
use crate::context::RequestCtx;
use crate::error::ApiError;
use crate::middleware::Uncompressed;

/// Bodies up to this many bytes go out as they are: compressing them saves little (gzip's
/// frame alone is 18 bytes) and costs a pass over them.
pub const COMPRESS_ABOVE: usize = 512;

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
    let role = identity.role();
    answer(
        &state.rest.openapi(&url, role),
        "application/openapi+json; charset=utf-8",
        &ctx.method,
        &ctx.headers,
        role == "anon",
    )
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
/// answer written with its headers. An anonymous read the anonymous cache holds is answered
/// first, by its [`AnonKey`], before any of that: no query parsed, no request context (headers
/// and claims for PostgreSQL) built.
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
    let anon = match &ctx.identity {
        Ok(identity) => identity.is_anon(),
        Err(e) => return unauthorized(e),
    };
    let query = query.unwrap_or_default();
    let headers: Vec<(&str, &str)> = ctx
        .headers
        .iter()
        .filter_map(|(k, v)| Some((k.as_str(), v.to_str().ok()?)))
        .collect();
    // An anonymous read the cache holds is answered before the request is read: the key is
    // made from the very parts `ApiRequest::from_parts` makes it from on a miss.
    if anon
        && !rpc
        && (ctx.method == Method::GET || ctx.method == Method::HEAD)
        && let Some((out, accept)) =
            state
                .rest
                .cached(&AnonKey::new(target, &query, headers.iter().copied()))
    {
        return written(&out, accept, ctx, anon);
    }
    let caller = match ctx.caller() {
        Ok(c) => c,
        Err(e) => return unauthorized(&e),
    };
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
    // Boxed: the table API's future is large (planning, the transaction), and held inline it
    // would make this handler's future as large, copied whole at every step a request takes
    // through the router and layers — a cache hit, which never reaches it, included.
    let out = match Box::pin(state.rest.handle(req)).await {
        Ok(out) => out,
        Err(e) => return refusal(e, anon),
    };
    written(&out, accept, ctx, anon)
}

/// A table or RPC answer as it goes out: [`answer`], with whether it came from the anonymous
/// cache and the preferences applied.
fn written(out: &ApiResponse, accept: Accept, ctx: &RequestCtx, anon: bool) -> Response {
    let mut response = answer(out, accept.content_type(), &ctx.method, &ctx.headers, anon);
    let not_modified = response.status() == StatusCode::NOT_MODIFIED;
    let h = response.headers_mut();
    if let Some(hit) = out.cache {
        h.insert(
            "x-kanisa-cache",
            HeaderValue::from_static(if hit { "hit" } else { "miss" }),
        );
    }
    if !not_modified
        && !out.preference_applied.is_empty()
        && let Ok(v) = HeaderValue::from_str(&out.preference_applied.join(", "))
    {
        h.insert("preference-applied", v);
    }
    response
}

/// `out` as it goes over the wire to a request with `method` and `headers` (see the module
/// docs): its body in the coding asked for, its validator and caching rules on a read, or a
/// 304 when the client holds it already.
fn answer(
    out: &ApiResponse,
    content_type: &'static str,
    method: &Method,
    headers: &HeaderMap,
    anon: bool,
) -> Response {
    let status = StatusCode::from_u16(out.status).unwrap_or(StatusCode::OK);
    let read = method == Method::GET || method == Method::HEAD;
    let mut h = HeaderMap::new();
    if let Some(range) = &out.content_range
        && let Ok(v) = HeaderValue::from_str(range)
    {
        h.insert(header::CONTENT_RANGE, v);
    }
    if read {
        h.insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static(if anon {
                "no-cache"
            } else {
                "private, no-cache"
            }),
        );
    }
    let Some(body) = &out.body else {
        let mut response = status.into_response();
        h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
        response.headers_mut().extend(h);
        response.extensions_mut().insert(Uncompressed);
        return response;
    };
    h.insert(
        header::VARY,
        HeaderValue::from_static(header::ACCEPT_ENCODING.as_str()),
    );
    let form = if body.len() > COMPRESS_ABOVE {
        negotiate(values(headers, header::ACCEPT_ENCODING))
    } else {
        None
    };
    if read
        && matches!(status, StatusCode::OK | StatusCode::PARTIAL_CONTENT)
        && let Some(tag) = out.etag()
    {
        let etag = entity_tag(tag, form);
        if let Ok(v) = HeaderValue::from_str(&etag) {
            h.insert(header::ETAG, v);
        }
        if none_match(values(headers, header::IF_NONE_MATCH), &etag) {
            let mut response = StatusCode::NOT_MODIFIED.into_response();
            response.headers_mut().extend(h);
            response.extensions_mut().insert(Uncompressed);
            return response;
        }
    }
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    let bytes = match form {
        Some(form) => {
            h.insert(
                header::CONTENT_ENCODING,
                HeaderValue::from_static(coding(form)),
            );
            body.compressed(form)
        }
        None => body.bytes(),
    };
    // HEAD: axum gives the Content-Length of these bytes and sends none of them.
    let mut response = (status, bytes).into_response();
    response.headers_mut().extend(h);
    response.extensions_mut().insert(Uncompressed);
    response
}

/// Every value of the request header `name` that is text.
fn values(headers: &HeaderMap, name: header::HeaderName) -> impl Iterator<Item = &str> {
    headers
        .get_all(name)
        .into_iter()
        .filter_map(|v| v.to_str().ok())
}

/// The `Content-Encoding` of a form.
fn coding(form: Compression) -> &'static str {
    match form {
        Compression::Brotli => "br",
        Compression::Gzip => "gzip",
    }
}

/// The quoted strong entity-tag of an answer in `form`: its validator, and what tells its
/// compressed forms apart (each is other bytes).
fn entity_tag(tag: &str, form: Option<Compression>) -> String {
    match form {
        None => format!("\"{tag}\""),
        Some(Compression::Brotli) => format!("\"{tag}-br\""),
        Some(Compression::Gzip) => format!("\"{tag}-gz\""),
    }
}

/// The coding an answer goes out in, from the request's `Accept-Encoding` values (RFC 9110
/// §12.5.3); `None` for identity. The highest q-value among `br`, `gzip` (or `x-gzip`) and
/// `identity` wins, `br` before `gzip` before identity at equal q; `*` gives its q to the
/// codings not named; `q=0` refuses one. Identity needs no asking: unnamed, it is what goes
/// out when nothing else is acceptable (so `gzip;q=0.1` still gets gzip). An item with a
/// q-value that is not one is passed over; unknown codings are too.
pub(crate) fn negotiate<'a>(values: impl Iterator<Item = &'a str>) -> Option<Compression> {
    let (mut br, mut gzip, mut identity, mut any) = (None, None, None, None);
    for item in values.flat_map(|v| v.split(',')) {
        let mut params = item.split(';');
        let coding = params.next().unwrap_or("").trim();
        let mut q = Some(1000);
        for param in params {
            let (name, value) = param.split_once('=').unwrap_or((param, ""));
            if name.trim().eq_ignore_ascii_case("q") {
                q = qvalue(value.trim());
            }
        }
        let Some(q) = q else { continue };
        let slot = if coding.eq_ignore_ascii_case("br") {
            &mut br
        } else if coding.eq_ignore_ascii_case("gzip") || coding.eq_ignore_ascii_case("x-gzip") {
            &mut gzip
        } else if coding.eq_ignore_ascii_case("identity") {
            &mut identity
        } else if coding == "*" {
            &mut any
        } else {
            continue;
        };
        *slot = Some(q);
    }
    let br = br.or(any).unwrap_or(0);
    let gzip = gzip.or(any).unwrap_or(0);
    let identity = identity.or(any).unwrap_or(0);
    if br == 0 && gzip == 0 {
        None
    } else if br >= gzip && br >= identity {
        Some(Compression::Brotli)
    } else if gzip >= identity {
        Some(Compression::Gzip)
    } else {
        None
    }
}

/// A q-value (`0` to `1`, at most three decimals) in thousandths; `None` if it is not one.
fn qvalue(text: &str) -> Option<u16> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if fraction.len() > 3 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let thousandths = match whole {
        "0" => format!("{fraction:0<3}").parse::<u16>().ok()?,
        "1" if fraction.bytes().all(|b| b == b'0') => 1000,
        _ => return None,
    };
    Some(thousandths)
}

/// Whether the request's `If-None-Match` values name `etag` (quoted, as sent in `ETag`): `*`,
/// or a list of entity-tags one of which matches by the weak comparison (RFC 9110 §8.8.3.2:
/// `W/` set aside, the quoted tags equal), as §13.1.2 asks of this header. A malformed item is
/// passed over.
pub(crate) fn none_match<'a>(values: impl Iterator<Item = &'a str>, etag: &str) -> bool {
    for value in values {
        if value.trim() == "*" {
            return true;
        }
        let mut rest = value;
        loop {
            rest = rest.trim_start_matches(|c: char| c == ',' || c.is_ascii_whitespace());
            if rest.is_empty() {
                break;
            }
            let opaque = rest.strip_prefix("W/").unwrap_or(rest);
            let end = opaque
                .strip_prefix('"')
                .and_then(|tail| tail.find('"'))
                .map(|at| at + 2);
            match end {
                Some(end) => {
                    if &opaque[..end] == etag {
                        return true;
                    }
                    rest = &opaque[end..];
                }
                // Not an entity-tag: on to the next item.
                None => match rest.find(',') {
                    Some(comma) => rest = &rest[comma + 1..],
                    None => break,
                },
            }
        }
    }
    false
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

#[cfg(test)]
mod tests {
    use super::*;

    fn pick(header: &str) -> Option<Compression> {
        negotiate(std::iter::once(header))
    }

    #[test]
    fn accept_encoding_picks_by_q_value_br_first() {
        use Compression::{Brotli, Gzip};
        for (header, expected) in [
            ("", None),
            ("identity", None),
            ("gzip", Some(Gzip)),
            ("x-gzip", Some(Gzip)),
            ("GZIP", Some(Gzip)),
            ("br", Some(Brotli)),
            ("gzip, deflate, br", Some(Brotli)),
            ("gzip, deflate, br, zstd", Some(Brotli)),
            ("br;q=0.5, gzip", Some(Gzip)),
            ("br;q=0.5, gzip;q=0.5", Some(Brotli)),
            ("gzip;q=1.0, br;q=0.999", Some(Gzip)),
            ("br;q=0, gzip", Some(Gzip)),
            ("br;q=0, gzip;q=0", None),
            ("gzip;q=0", None),
            ("gzip;q=0.001", Some(Gzip)),
            ("gzip;q=0.5, identity", None),
            ("gzip, identity;q=0.5", Some(Gzip)),
            ("*", Some(Brotli)),
            ("*;q=0", None),
            ("br;q=0, *", Some(Gzip)),
            ("br;q=0, *;q=0.2, identity;q=0.3", None),
            ("identity;q=0, gzip;q=0.2", Some(Gzip)),
            ("deflate, zstd", None),
            (" gzip ; q = 0.8 , br ; q=0.7", Some(Gzip)),
            // Not q-values: those items are passed over.
            ("br;q=2, gzip", Some(Gzip)),
            ("br;q=abc, gzip;q=0.5", Some(Gzip)),
            ("br;q=0.5555", None),
            ("gzip;q=", None),
        ] {
            assert_eq!(pick(header), expected, "{header:?}");
        }
        // Several header lines count as one list.
        assert_eq!(
            negotiate(["br;q=0.1", "gzip;q=0.9"].into_iter()),
            Some(Gzip)
        );
    }

    #[test]
    fn q_values() {
        for (text, expected) in [
            ("1", Some(1000)),
            ("1.000", Some(1000)),
            ("1.", Some(1000)),
            ("0", Some(0)),
            ("0.5", Some(500)),
            ("0.05", Some(50)),
            ("0.123", Some(123)),
            ("1.001", None),
            ("0.1234", None),
            ("2", None),
            ("-0.5", None),
            ("0.x", None),
            ("", None),
        ] {
            assert_eq!(qvalue(text), expected, "{text:?}");
        }
    }

    #[test]
    fn if_none_match_lists_star_and_weak_comparison() {
        let tag = "\"abc-gz\"";
        let matches = |header: &str| none_match(std::iter::once(header), tag);
        for header in [
            "\"abc-gz\"",
            "W/\"abc-gz\"",
            "*",
            " * ",
            "\"x\", \"abc-gz\"",
            "\"x\",W/\"abc-gz\"",
            "\"a,b\", \"abc-gz\"",
            "garbage, \"abc-gz\"",
        ] {
            assert!(matches(header), "{header:?} should match");
        }
        for header in [
            "",
            "\"abc\"",
            "\"abc-br\"",
            "abc-gz",
            "\"ABC-GZ\"",
            "w/\"abc-gz\"x",
            "\"abc-gz",
            "\"x\" \"y\"",
            "\"a,\"abc-gz\"",
        ] {
            assert!(!matches(header), "{header:?} should not match");
        }
        assert!(none_match(["\"x\"", "\"abc-gz\""].into_iter(), tag));
    }

    #[test]
    fn entity_tags_tell_the_forms_apart() {
        assert_eq!(entity_tag("f00", None), "\"f00\"");
        assert_eq!(entity_tag("f00", Some(Compression::Brotli)), "\"f00-br\"");
        assert_eq!(entity_tag("f00", Some(Compression::Gzip)), "\"f00-gz\"");
    }
}
