//! One request-context extractor for the handlers of `/functions/v1`, `/auth/v1` and
//! `/storage/v1`: who is calling (the verified token, or anon), from which real address
//! (behind trusted proxies), with which user agent — computed once, in one
//! place, instead of each handler re-reading the same headers.

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::{HeaderMap, Method, header};
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
}

impl RequestCtx {
    /// The caller as the database will see them: the bearer token's (or `apikey`'s) verified
    /// role and claims, or anon without a token; an invalid token is an error.
    pub fn caller(&self, state: &AppState) -> Result<Caller, kanisa_auth::JwtError> {
        let identity = state.caller(&self.headers)?;
        Ok(self.as_caller(identity.role, identity.claims))
    }

    /// The same request as the public (public URLs, whatever token came with them).
    pub fn anon(&self) -> Caller {
        let anon = Caller::anon();
        self.as_caller(anon.role, anon.claims)
    }

    fn as_caller(&self, role: String, claims: String) -> Caller {
        Caller {
            role,
            claims,
            headers: crate::rest::headers_json(&self.headers),
            client_ip: self.client_ip.to_string(),
            method: self.method.as_str().to_owned(),
            path: self.path.clone(),
        }
    }
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
        Ok(RequestCtx {
            client_ip: crate::client::client_ip(peer, &parts.headers, &state.trusted_proxies),
            user_agent: text(header::USER_AGENT.as_str()),
            method: parts.method.clone(),
            path: parts.uri.path().to_owned(),
            headers: parts.headers.clone(),
        })
    }
}
