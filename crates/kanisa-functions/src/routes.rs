//! The routes of `/functions/v1`, in one table: each path (after `/functions/v1/`) and method
//! names one [`Endpoint`] of one feature. The server has a single route that hands every
//! request here ([`crate::Functions::handle`]); nothing else decides what a path means.

use crate::error::FunctionsError;

/// What a request asks for, with the values its path carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Endpoint {
    /// `GET service-modes`: which channels are live (never a credential).
    ServiceModes,
    /// `POST submit-request`: a request form of the submissions page (submissions).
    SubmitRequest,
    /// `POST contact-message`: a contact form (submissions).
    ContactMessage,
    /// `POST send-message {messageId}`: staff send a stored message's e-mail again
    /// (submissions).
    SendMessage,
    /// `POST reply-message {messageId, subject, body}`: staff answer by e-mail (submissions).
    ReplyMessage,
    /// `POST send-broadcast`: staff's SMS / e-mail to members (messaging).
    SendBroadcast,
    /// `POST sms/delivery-report/{secret}`: a provider's delivery report (messaging).
    SmsReport { secret: String },
    /// `POST payments`: a donor's gift (giving).
    PaymentCreate,
    /// `GET payments/{id}`: where a payment stands (giving).
    PaymentStatus { id: String },
    /// `POST payments/callback/{provider}/{secret}`: a prompt's result (giving).
    PaymentCallback { provider: String, secret: String },
    /// `POST payments/paybill/{secret}/{step}`: a paybill validation or confirmation (giving).
    Paybill { secret: String, step: String },
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

/// Makes a route's endpoint from the values of its `{x}` segments, in order.
pub type MakeEndpoint = fn(&[&str]) -> Endpoint;

/// The value of the `i`th `{x}` segment.
fn segment(values: &[&str], i: usize) -> String {
    values.get(i).copied().unwrap_or_default().to_owned()
}

/// The route table: method, path pattern (`{x}` is one segment), and how the endpoint is made
/// from the segments — each row whole, so a path cannot be listed without its meaning. Read by
/// [`route`] and listed in refusals.
pub const ROUTES: &[(&str, &str, MakeEndpoint)] = &[
    ("GET", "service-modes", |_| Endpoint::ServiceModes),
    ("POST", "submit-request", |_| Endpoint::SubmitRequest),
    ("POST", "contact-message", |_| Endpoint::ContactMessage),
    ("POST", "send-message", |_| Endpoint::SendMessage),
    ("POST", "reply-message", |_| Endpoint::ReplyMessage),
    ("POST", "send-broadcast", |_| Endpoint::SendBroadcast),
    ("POST", "sms/delivery-report/{secret}", |v| {
        Endpoint::SmsReport {
            secret: segment(v, 0),
        }
    }),
    ("POST", "payments", |_| Endpoint::PaymentCreate),
    ("GET", "payments/{id}", |v| Endpoint::PaymentStatus {
        id: segment(v, 0),
    }),
    ("POST", "payments/callback/{provider}/{secret}", |v| {
        Endpoint::PaymentCallback {
            provider: segment(v, 0),
            secret: segment(v, 1),
        }
    }),
    ("POST", "payments/paybill/{secret}/{step}", |v| {
        Endpoint::Paybill {
            secret: segment(v, 0),
            step: segment(v, 1),
        }
    }),
];

/// The segments of `path` matched against `pattern`, or `None`.
fn matches<'a>(pattern: &str, path: &'a str) -> Option<Vec<&'a str>> {
    let mut values = Vec::new();
    let mut given = path.split('/');
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

/// The endpoint of `method` on `path` (after `/functions/v1/`, no leading slash): 404 for a
/// path no route has, 405 (with the methods it takes) for a method it does not take.
pub fn route(method: &str, path: &str) -> Result<Endpoint, FunctionsError> {
    let path = path.trim_matches('/');
    let mut allowed = Vec::new();
    for (m, pattern, make) in ROUTES {
        if let Some(values) = matches(pattern, path) {
            if m.eq_ignore_ascii_case(method) {
                return Ok(make(&values));
            }
            allowed.push(*m);
        }
    }
    if allowed.is_empty() {
        return Err(FunctionsError::NotFound(format!(
            "No function at /functions/v1/{path}: the functions are {}",
            ROUTES
                .iter()
                .filter(|(_, p, _)| !p.contains('{'))
                .map(|(m, p, _)| format!("{m} {p}"))
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    Err(FunctionsError::MethodNotAllowed {
        method: method.to_ascii_uppercase(),
        allowed: allowed.join(", "),
    })
}

impl Endpoint {
    /// How its body is read.
    pub fn body(&self) -> BodyKind {
        match self {
            Endpoint::ServiceModes | Endpoint::PaymentStatus { .. } => BodyKind::None,
            Endpoint::SmsReport { .. } => BodyKind::Form,
            _ => BodyKind::Json,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_path_names_one_endpoint() {
        assert_eq!(
            route("POST", "submit-request").ok(),
            Some(Endpoint::SubmitRequest)
        );
        assert_eq!(
            route("get", "/service-modes/").ok(),
            Some(Endpoint::ServiceModes)
        );
        assert_eq!(
            route("GET", "payments/abc").ok(),
            Some(Endpoint::PaymentStatus { id: "abc".into() })
        );
        assert_eq!(
            route("POST", "payments/callback/mpesa/s3cret").ok(),
            Some(Endpoint::PaymentCallback {
                provider: "mpesa".into(),
                secret: "s3cret".into()
            })
        );
        assert_eq!(
            route("POST", "payments/paybill/s3cret/confirmation").ok(),
            Some(Endpoint::Paybill {
                secret: "s3cret".into(),
                step: "confirmation".into()
            })
        );
        assert_eq!(
            route("POST", "sms/delivery-report/x").ok(),
            Some(Endpoint::SmsReport { secret: "x".into() })
        );
    }

    #[test]
    fn an_unknown_path_is_404_and_a_wrong_method_405_with_the_methods() {
        let Err(FunctionsError::NotFound(m)) = route("POST", "send-fax") else {
            panic!("404");
        };
        assert!(m.contains("POST submit-request"), "{m}");
        assert!(route("POST", "payments/a/b/c/d").is_err());
        assert!(route("POST", "payments/").is_ok(), "payments (create)");
        let Err(FunctionsError::MethodNotAllowed { method, allowed }) =
            route("GET", "submit-request")
        else {
            panic!("405");
        };
        assert_eq!((method.as_str(), allowed.as_str()), ("GET", "POST"));
        let Err(FunctionsError::MethodNotAllowed { allowed, .. }) = route("DELETE", "payments/p1")
        else {
            panic!("405");
        };
        assert_eq!(allowed, "GET");
    }
}
