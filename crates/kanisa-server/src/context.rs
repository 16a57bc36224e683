//! One request-context extractor for every API handler (`/rest/v1`, `/functions/v1`,
//! `/auth/v1`, `/storage/v1`): who is asking — the token verified once, here, into
//! kanisa-auth's [`Identity`], or anon — from which real address (behind trusted proxies), with
//! which user agent; computed in one place instead of each handler re-reading the same headers.
//! The table API, storage and functions run as [`RequestCtx::caller`]; the auth endpoints take
//! [`RequestCtx::bearer_identity`]; a refused token stays a [`JwtError`] until each family
//! writes its 401.

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, Method, header};
use kanisa_auth::{Identity, JwtError};
use kanisa_pg::Caller;

use crate::AppState;

/// What every API handler knows about its request.
pub struct RequestCtx {
    /// The real client address (the peer, or `X-Forwarded-For` from a trusted proxy).
    pub client_ip: IpAddr,
    pub user_agent: Option<String>,
    pub method: Method,
    pub path: String,
    pub headers: HeaderMap,
    /// Who is asking: the `Authorization: Bearer` token (a user's session or an API key),
    /// else the `apikey` header, verified; anon without either; why the token was refused when
    /// it does not verify (a refusal, never a downgrade to anon).
    pub identity: Result<Identity, JwtError>,
    /// The identity came from a bearer token (not from `apikey`, nor anon).
    from_bearer: bool,
}

impl RequestCtx {
    /// The caller as the database will see them: the verified identity on this request (its
    /// method, path, headers and client address); the token's refusal when it did not verify.
    pub fn caller(&self) -> Result<Caller, JwtError> {
        match &self.identity {
            Ok(identity) => Ok(self.on_this_request(identity.caller())),
            Err(e) => Err(e.clone()),
        }
    }

    /// The same request as the public (public URLs, whatever token came with them).
    pub fn anon(&self) -> Caller {
        self.on_this_request(Caller::anon())
    }

    /// The identity of the bearer token, as GoTrue's endpoints take it (they read no `apikey`):
    /// `None` when no bearer token came.
    pub fn bearer_identity(&self) -> Option<Result<&Identity, &JwtError>> {
        self.from_bearer.then_some(self.identity.as_ref())
    }

    fn on_this_request(&self, caller: Caller) -> Caller {
        caller
            .with_method(self.method.as_str())
            .with_path(self.path.clone())
            .with_headers(headers_json(&self.headers))
            .with_client_ip(self.client_ip.to_string())
    }
}

/// The `WWW-Authenticate` challenge of a 401 for a token that did not verify, naming why (the
/// table and auth APIs send it; storage sends it without the description, as Supabase does).
pub(crate) fn invalid_token(description: &str) -> Option<HeaderValue> {
    HeaderValue::from_str(&format!(
        "Bearer error=\"invalid_token\", error_description=\"{}\"",
        description.replace('"', "'")
    ))
    .ok()
}

/// The token of an `Authorization: Bearer …` header (trimmed; `None` when absent or empty).
fn bearer_token(headers: &HeaderMap) -> Option<&str> {
    header_str(headers, header::AUTHORIZATION.as_str())
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
fn headers_json(headers: &HeaderMap) -> String {
    kanisa_pg::context::headers_json(
        headers
            .iter()
            .filter_map(|(k, v)| Some((k.as_str(), v.to_str().ok()?))),
    )
}

impl FromRequestParts<AppState> for RequestCtx {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or_else(|| SocketAddr::from(([127, 0, 0, 1], 0)), |c| c.0);
        let text = |name: &str| {
            parts
                .headers
                .get(name)
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned)
        };
        let bearer = bearer_token(&parts.headers);
        let token = bearer.or_else(|| {
            header_str(&parts.headers, "apikey")
                .map(str::trim)
                .filter(|t| !t.is_empty())
        });
        Ok(RequestCtx {
            identity: state.jwt.identify(token),
            from_bearer: bearer.is_some(),
            client_ip: crate::client::client_ip(peer, &parts.headers, &state.trusted_proxies),
            user_agent: text(header::USER_AGENT.as_str()),
            method: parts.method.clone(),
            path: parts.uri.path().to_owned(),
            headers: parts.headers.clone(),
        })
    }
}
