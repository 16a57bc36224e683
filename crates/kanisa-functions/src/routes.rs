//! How `/functions/v1` finds what a request asks for (issue 43): each feature registers its
//! routes — method, path pattern (`{x}` is one segment), how its body is read, and its handler
//! — beside its jobs, and [`Router`] matches a request against every feature's routes. There is
//! no route table outside the features: adding an endpoint touches one feature folder. The
//! server has a single route that hands every request here ([`crate::Functions::handle`]).

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use kanisa_auth::JwtError;
use kanisa_pg::Caller;
use serde_json::Value;

use crate::error::FunctionsError;

/// What a JSON endpoint answers: its success status and body.
pub type Answer = Result<(u16, Value), FunctionsError>;

/// What a plain-text endpoint answers (the USSD gateway reads `text/plain`).
pub type TextAnswer = Result<(u16, String), FunctionsError>;

/// An endpoint's answer on its way.
pub type Pending = Pin<Box<dyn Future<Output = Answer> + Send>>;

/// A plain-text endpoint's answer on its way.
pub type PendingText = Pin<Box<dyn Future<Output = TextAnswer> + Send>>;

/// A success, as the server writes it: JSON, or plain text.
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    Json(u16, Value),
    Text(u16, String),
}

/// How an endpoint's body is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BodyKind {
    /// No body is read.
    None,
    /// A JSON object (an empty body is `{}`).
    Json,
    /// Form fields (`application/x-www-form-urlencoded`), as SMS providers post them.
    Form,
}

/// One request, as its route reads it.
#[derive(Debug)]
pub struct Request {
    /// The values of the route's `{x}` segments, in order.
    pub params: Vec<String>,
    /// The JSON body (a JSON route), else `null`.
    pub body: Value,
    /// The form fields (a form route), else none.
    pub form: Vec<(String, String)>,
    /// Who asks (the token verified), or why the token was refused: only the endpoints that
    /// act as the caller need one.
    pub caller: Result<Caller, JwtError>,
    /// The real client address.
    pub client_ip: String,
}

impl Request {
    /// The caller, or the token's refusal as a 401 (`FunctionsError::BadToken`).
    pub fn caller(&self) -> Result<&Caller, FunctionsError> {
        self.caller
            .as_ref()
            .map_err(|e| FunctionsError::BadToken(e.clone()))
    }

    /// The value of the `i`th `{x}` segment.
    pub fn param(&self, i: usize) -> &str {
        self.params.get(i).map_or("", String::as_str)
    }
}

type Handler = Arc<
    dyn Fn(Request) -> Pin<Box<dyn Future<Output = Result<Reply, FunctionsError>> + Send>>
        + Send
        + Sync,
>;

/// One endpoint of a feature.
#[derive(Clone)]
pub struct Route {
    pub method: &'static str,
    pub pattern: &'static str,
    pub body: BodyKind,
    handler: Handler,
}

impl std::fmt::Debug for Route {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.method, self.pattern)
    }
}

impl Route {
    /// `method pattern`, its body read as `body`, answered by `handler`.
    pub fn new<F, Fut>(
        method: &'static str,
        pattern: &'static str,
        body: BodyKind,
        handler: F,
    ) -> Route
    where
        F: Fn(Request) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Answer> + Send + 'static,
    {
        let handler = Arc::new(handler);
        Route {
            method,
            pattern,
            body,
            handler: Arc::new(move |request| {
                let answer = handler(request);
                Box::pin(async move {
                    answer
                        .await
                        .map(|(status, value)| Reply::Json(status, value))
                })
            }),
        }
    }

    /// `method pattern` answered in plain text by `answer` with the feature's `service`.
    pub fn text_to<S: Send + Sync + 'static>(
        method: &'static str,
        pattern: &'static str,
        body: BodyKind,
        service: &Arc<S>,
        answer: fn(Arc<S>, Request) -> PendingText,
    ) -> Route {
        let service = service.clone();
        Route {
            method,
            pattern,
            body,
            handler: Arc::new(move |request| {
                let answer = answer(service.clone(), request);
                Box::pin(
                    async move { answer.await.map(|(status, text)| Reply::Text(status, text)) },
                )
            }),
        }
    }

    /// `method pattern` answered by `answer` with the feature's `service`: the shape every
    /// feature registers its endpoints in.
    pub fn to<S: Send + Sync + 'static>(
        method: &'static str,
        pattern: &'static str,
        body: BodyKind,
        service: &Arc<S>,
        answer: fn(Arc<S>, Request) -> Pending,
    ) -> Route {
        let service = service.clone();
        Route::new(method, pattern, body, move |request| {
            answer(service.clone(), request)
        })
    }

    /// Answers `request`.
    pub async fn answer(&self, request: Request) -> Result<Reply, FunctionsError> {
        (self.handler)(request).await
    }
}

/// The values of `pattern`'s `{x}` segments in `path`, if the path matches it.
fn matches<'a>(pattern: &str, path: &'a str) -> Option<Vec<&'a str>> {
    let mut given = path.split('/');
    let mut values = Vec::new();
    for part in pattern.split('/') {
        let segment = given.next()?;
        if part.starts_with('{') {
            if segment.is_empty() {
                return None;
            }
            values.push(segment);
        } else if part != segment {
            return None;
        }
    }
    given.next().is_none().then_some(values)
}

/// Every feature's routes, matched in the order registered.
#[derive(Clone, Debug, Default)]
pub struct Router {
    routes: Vec<Route>,
}

impl Router {
    /// The routes of every feature. Two features registering the same method and pattern is a
    /// mistake of wiring, refused at start.
    pub fn new(routes: impl IntoIterator<Item = Route>) -> Result<Router, FunctionsError> {
        let mut router = Router::default();
        for route in routes {
            if router
                .routes
                .iter()
                .any(|r| r.method == route.method && r.pattern == route.pattern)
            {
                return Err(FunctionsError::Internal(format!(
                    "two features register {} {}",
                    route.method, route.pattern
                )));
            }
            router.routes.push(route);
        }
        Ok(router)
    }

    /// Every route: method and pattern.
    pub fn routes(&self) -> impl Iterator<Item = &Route> {
        self.routes.iter()
    }

    /// The route of `method` on `path` (after `/functions/v1/`, no leading slash) and its
    /// segments' values: 404 for a path no route has, 405 (with the methods it takes) for a
    /// method it does not take.
    pub fn find(&self, method: &str, path: &str) -> Result<(&Route, Vec<String>), FunctionsError> {
        let path = path.trim_matches('/');
        let mut allowed = Vec::new();
        for route in &self.routes {
            if let Some(values) = matches(route.pattern, path) {
                if route.method.eq_ignore_ascii_case(method) {
                    return Ok((route, values.into_iter().map(str::to_owned).collect()));
                }
                allowed.push(route.method);
            }
        }
        if allowed.is_empty() {
            return Err(FunctionsError::NotFound(format!(
                "No function at /functions/v1/{path}: the functions are {}",
                self.routes
                    .iter()
                    .filter(|r| !r.pattern.contains('{'))
                    .map(|r| format!("{} {}", r.method, r.pattern))
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        Err(FunctionsError::MethodNotAllowed {
            method: method.to_ascii_uppercase(),
            allowed: allowed.join(", "),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn router() -> Router {
        let ok = |request: Request| async move {
            Ok((
                200,
                Value::Array(request.params.into_iter().map(Value::String).collect()),
            ))
        };
        Router::new([
            Route::new("POST", "submit-request", BodyKind::Json, ok),
            Route::new("GET", "service-modes", BodyKind::None, ok),
            Route::new("POST", "payments", BodyKind::Json, ok),
            Route::new("GET", "payments/{id}", BodyKind::None, ok),
            Route::new(
                "POST",
                "payments/callback/{provider}/{secret}",
                BodyKind::Json,
                ok,
            ),
        ])
        .unwrap()
    }

    #[test]
    fn a_path_finds_its_route_and_the_values_of_its_segments() {
        let router = router();
        let found = |method, path| router.find(method, path).map(|(r, v)| (r.pattern, v)).ok();
        assert_eq!(
            found("POST", "submit-request"),
            Some(("submit-request", vec![]))
        );
        assert_eq!(
            found("get", "/service-modes/"),
            Some(("service-modes", vec![]))
        );
        assert_eq!(
            found("GET", "payments/abc"),
            Some(("payments/{id}", vec!["abc".into()]))
        );
        assert_eq!(
            found("POST", "payments/callback/mpesa/s3cret"),
            Some((
                "payments/callback/{provider}/{secret}",
                vec!["mpesa".into(), "s3cret".into()]
            ))
        );
        assert_eq!(
            found("POST", "payments/"),
            Some(("payments", vec![])),
            "payments (create)"
        );
    }

    #[test]
    fn an_unknown_path_is_404_and_a_wrong_method_405_with_the_methods() {
        let router = router();
        let Err(FunctionsError::NotFound(m)) = router.find("POST", "send-fax") else {
            panic!("404");
        };
        assert!(
            m.contains("POST submit-request") && !m.contains("{id}"),
            "{m}"
        );
        assert!(router.find("POST", "payments/a/b/c/d").is_err());
        let Err(FunctionsError::MethodNotAllowed { method, allowed }) =
            router.find("GET", "submit-request")
        else {
            panic!("405");
        };
        assert_eq!((method.as_str(), allowed.as_str()), ("GET", "POST"));
        let Err(FunctionsError::MethodNotAllowed { allowed, .. }) =
            router.find("DELETE", "payments/p1")
        else {
            panic!("405");
        };
        assert_eq!(allowed, "GET");
    }

    #[test]
    fn two_features_cannot_register_one_route() {
        let ok = |_: Request| async { Ok((200, Value::Null)) };
        let twice = Router::new([
            Route::new("GET", "service-modes", BodyKind::None, ok),
            Route::new("GET", "service-modes", BodyKind::None, ok),
        ]);
        assert!(twice.is_err());
    }
}
