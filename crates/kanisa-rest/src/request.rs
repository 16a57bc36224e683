//! The request stage, as PostgREST's `ApiRequest`: what a request to `/rest/v1` asks, read from
//! its method, query string, headers and body before anything is planned — the method the
//! resource takes, the schema profiles, the media type it accepts and the one its body is in,
//! `Prefer`, `Range`, the query string's length. The server and the developers' console build
//! every table-API request through [`ApiRequest::from_parts`], so the two cannot read a header
//! differently.
//!
//! HTTP types stay in the server: the parts arrive as strings.

use std::borrow::Cow;

use kanisa_pg::Caller;
use kanisa_query::ast::{Preferences, RangeHeader};

use crate::cache::AnonKey;
use crate::error::RestError;

/// Query strings longer than this are refused (414).
pub const MAX_QUERY: usize = 8 * 1024;

/// The table API's methods.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    Get,
    Head,
    Post,
    Patch,
    Delete,
}

impl Method {
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Head => "HEAD",
            Method::Post => "POST",
            Method::Patch => "PATCH",
            Method::Delete => "DELETE",
        }
    }
}

/// The media type of the answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Accept {
    Json,
    /// `application/vnd.pgrst.object+json`: exactly one row, as an object.
    Object,
    /// `text/csv`: a header line and one line per row.
    Csv,
}

impl Accept {
    /// The answer's `Content-Type`.
    pub fn content_type(self) -> &'static str {
        match self {
            Accept::Object => "application/vnd.pgrst.object+json; charset=utf-8",
            Accept::Csv => "text/csv; charset=utf-8",
            Accept::Json => "application/json; charset=utf-8",
        }
    }
}

/// A request to `/rest/v1/{target}` (or `/rest/v1/rpc/{target}`) as it arrived.
#[derive(Debug, Clone)]
pub struct RequestParts<'a> {
    /// The HTTP method, as sent (`GET`, `PATCH`, …).
    pub method: &'a str,
    /// The table, or the function when `rpc`.
    pub target: &'a str,
    pub rpc: bool,
    /// The raw query string (percent-encoded, without `?`).
    pub query: &'a str,
    /// The headers as (name, value); names in any case, a name may repeat (`Prefer`).
    pub headers: Vec<(&'a str, &'a str)>,
    pub body: &'a [u8],
    /// Who asks (the server verified the token) with the request's context; its method and path
    /// are set here from the request.
    pub caller: Caller,
}

/// A table-API request with its HTTP parts read.
#[derive(Debug, Clone)]
pub struct ApiRequest<'a> {
    pub method: Method,
    /// Table name, or function name when `rpc` is true.
    pub target: &'a str,
    pub rpc: bool,
    /// Raw query string (percent-encoded, without `?`).
    pub query: &'a str,
    pub prefer: Preferences,
    pub range: Option<RangeHeader>,
    pub accept: Accept,
    /// The body as JSON (a CSV body is turned into rows); `None` when empty.
    pub body: Option<Cow<'a, [u8]>>,
    /// Who asks, with the request's context (role, claims, method, path, headers, client
    /// address): what the transaction runs as.
    pub caller: Caller,
    /// Where the anonymous cache keeps this request's answer: set by
    /// [`ApiRequest::from_parts`] for an `anon` GET or HEAD of a table (the key the server
    /// probes with, [`crate::Rest::cached`]); `None` is never cached.
    pub anon_key: Option<AnonKey>,
}

impl<'a> ApiRequest<'a> {
    /// Reads a request's parts, refusing what the table API does not take with PostgREST's
    /// codes: another method (405 with `Allow`), another schema profile (406), a media type it
    /// cannot answer in (406), a query string over [`MAX_QUERY`] (414), a backwards `Range`
    /// (416), a body it cannot read (400).
    ///
    /// A header read here for a GET or HEAD must be one of [`crate::cache::KEY_HEADERS`]: the
    /// anonymous cache tells requests apart by those alone.
    pub fn from_parts(parts: RequestParts<'a>) -> Result<ApiRequest<'a>, RestError> {
        let RequestParts {
            method,
            target,
            rpc,
            query,
            headers,
            body,
            caller,
        } = parts;
        let header = |name: &str| {
            headers
                .iter()
                .find(|(k, _)| k.eq_ignore_ascii_case(name))
                .map(|(_, v)| *v)
        };
        if query.len() > MAX_QUERY {
            return Err(RestError::QueryTooLong);
        }
        let method = match method.to_ascii_uppercase().as_str() {
            "GET" => Method::Get,
            "HEAD" => Method::Head,
            "POST" => Method::Post,
            "PATCH" if !rpc => Method::Patch,
            "DELETE" if !rpc => Method::Delete,
            other if rpc => return Err(RestError::RpcMethod(other.to_owned())),
            other => return Err(RestError::UnsupportedMethod(other.to_owned())),
        };
        for profile in ["accept-profile", "content-profile"] {
            if let Some(p) = header(profile)
                && p != "public"
            {
                return Err(RestError::SchemaNotExposed(p.to_owned()));
            }
        }
        let accept = match header("accept") {
            Some(a) if a.contains("application/vnd.pgrst.object+json") => Accept::Object,
            Some(a) if a.contains("text/csv") => Accept::Csv,
            Some(a)
                if !(a.contains("json") || a.contains("*/*") || a.contains("application/*")) =>
            {
                return Err(RestError::NotAcceptable(a.to_owned()));
            }
            _ => Accept::Json,
        };
        let prefer_values: Vec<&str> = headers
            .iter()
            .filter(|(k, _)| k.eq_ignore_ascii_case("prefer"))
            .map(|(_, v)| *v)
            .collect();
        let prefer = kanisa_query::parse_prefer(&prefer_values);
        // As PostgREST: a Range header that is not `first-last` is ignored; a backwards one is 416.
        let range = match header("range") {
            Some(r) if matches!(method, Method::Get | Method::Head) => {
                kanisa_query::range_header(r)
                    .map_err(|e| RestError::InvalidRange(e.details.unwrap_or(e.message)))?
            }
            _ => None,
        };
        // POST and PATCH bodies in the media types PostgREST reads (JSON, CSV) become JSON.
        let body: Cow<'a, [u8]> = if matches!(method, Method::Post | Method::Patch) {
            crate::body::json_body(header("content-type"), body)?
        } else {
            Cow::Borrowed(body)
        };
        let anon_key =
            (matches!(method, Method::Get | Method::Head) && !rpc && caller.role == "anon")
                .then(|| AnonKey::new(target, query, headers.iter().copied()));
        let caller = caller.with_method(method.as_str()).with_path(format!(
            "/rest/v1/{}{target}",
            if rpc { "rpc/" } else { "" }
        ));
        Ok(ApiRequest {
            method,
            target,
            rpc,
            query,
            prefer,
            range,
            accept,
            body: (!body.is_empty()).then_some(body),
            caller,
            anon_key,
        })
    }

    /// The body's bytes, if any.
    pub fn body(&self) -> Option<&[u8]> {
        self.body.as_deref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts<'a>(
        method: &'a str,
        headers: Vec<(&'a str, &'a str)>,
        body: &'a [u8],
    ) -> RequestParts<'a> {
        RequestParts {
            method,
            target: "sermons",
            rpc: false,
            query: "select=title",
            headers,
            body,
            caller: Caller::anon(),
        }
    }

    #[test]
    fn the_headers_are_read_once_here() {
        let req = ApiRequest::from_parts(parts(
            "get",
            vec![
                ("Accept", "text/csv"),
                ("Prefer", "count=exact"),
                ("prefer", "return=representation"),
                ("Range", "0-9"),
            ],
            b"",
        ))
        .unwrap();
        assert_eq!(req.method, Method::Get);
        assert_eq!(req.accept, Accept::Csv);
        assert!(req.prefer.count.is_some() && req.prefer.return_.is_some());
        assert!(req.range.is_some());
        assert_eq!(req.caller.method, "GET");
        assert_eq!(req.caller.path, "/rest/v1/sermons");
        assert!(req.body.is_none());
    }

    #[test]
    fn what_the_table_api_does_not_take_is_refused_with_postgrests_codes() {
        let code = |p: RequestParts<'_>| ApiRequest::from_parts(p).unwrap_err().parts(true).code;
        assert_eq!(code(parts("PUT", vec![], b"")), "PGRST117");
        assert_eq!(
            code(parts("GET", vec![("accept-profile", "kanisa")], b"")),
            "PGRST106"
        );
        assert_eq!(
            code(parts("GET", vec![("accept", "image/png")], b"")),
            "PGRST107"
        );
        assert_eq!(code(parts("GET", vec![("range", "9-0")], b"")), "PGRST103");
        assert_eq!(
            code(parts(
                "POST",
                vec![("content-type", "application/xml")],
                b"<x/>"
            )),
            "PGRST102"
        );
        let mut long = parts("GET", vec![], b"");
        let query = "a".repeat(MAX_QUERY + 1);
        long.query = &query;
        assert_eq!(code(long), "PGRST414");
        let mut rpc = parts("DELETE", vec![], b"");
        rpc.rpc = true;
        assert_eq!(code(rpc), "PGRST101");
    }

    #[test]
    fn a_csv_body_becomes_json_rows() {
        let req = ApiRequest::from_parts(parts(
            "POST",
            vec![("Content-Type", "text/csv")],
            b"title,speaker\nGrace,Pr. Mwangi\n",
        ))
        .unwrap();
        let rows: serde_json::Value = serde_json::from_slice(req.body().unwrap()).unwrap();
        assert_eq!(rows[0]["speaker"], "Pr. Mwangi");
    }
}
