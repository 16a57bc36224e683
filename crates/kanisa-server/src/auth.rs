//! `/auth/v1`: the GoTrue wire format over kanisa-auth. Reads bodies, takes who asks from the
//! request extractor (the bearer token it verified, the client address) and writes GoTrue's
//! error envelope; every decision is kanisa-auth's.

use std::collections::HashMap;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use kanisa_auth::{
    AdminUserChange, AuthError, ClientInfo, Identity, Locale, NewAdminUser, UserUpdate, otp_answer,
};
use serde::Deserialize;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::AppState;
use crate::context::RequestCtx;

/// The API version header auth-js sends; with it, errors use the newer `{code, message}` shape.
const API_VERSION_HEADER: &str = "x-supabase-api-version";

type Params = Query<HashMap<String, String>>;

/// An auth failure with the request's preference for the error shape.
struct Failure {
    error: AuthError,
    versioned: Option<HeaderValue>,
}

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        let (status, code) = self.error.status_and_code();
        let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        if status.is_server_error() {
            tracing::error!(error = %self.error, "auth request failed");
        }
        let message = self.error.public_message();
        let body = match &self.versioned {
            Some(_) => json!({ "code": code, "message": message }),
            None => json!({ "code": status.as_u16(), "error_code": code, "msg": message }),
        };
        let mut response = (status, axum::Json(body)).into_response();
        let headers = response.headers_mut();
        if let Some(v) = self.versioned {
            headers.insert(API_VERSION_HEADER, v);
        }
        if let Some(secs) = self.error.retry_after() {
            headers.insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        if status == StatusCode::UNAUTHORIZED
            && let Some(challenge) = crate::context::invalid_token(&message)
        {
            headers.insert(header::WWW_AUTHENTICATE, challenge);
        }
        response
    }
}

/// What every handler needs from the request.
struct Ctx {
    client: ClientInfo,
    versioned: Option<HeaderValue>,
}

impl Ctx {
    fn new(req: &RequestCtx) -> Ctx {
        Ctx {
            client: ClientInfo {
                ip: Some(req.client_ip),
                user_agent: req.user_agent.clone(),
            },
            versioned: req.headers.get(API_VERSION_HEADER).cloned(),
        }
    }

    fn fail(&self, error: AuthError) -> Response {
        Failure {
            error,
            versioned: self.versioned.clone(),
        }
        .into_response()
    }

    fn ok(&self, status: StatusCode, body: Value) -> Response {
        let mut response = (status, axum::Json(body)).into_response();
        if let Some(v) = &self.versioned {
            response.headers_mut().insert(API_VERSION_HEADER, v.clone());
        }
        response
    }

    fn respond(&self, result: Result<Value, AuthError>) -> Response {
        match result {
            Ok(body) => self.ok(StatusCode::OK, body),
            Err(e) => self.fail(e),
        }
    }
}

/// Who asks, as the request extractor verified them, as GoTrue takes it: the bearer token's
/// identity only (an `apikey` alone names nobody here: `no_authorization`); a bearer token that
/// did not verify is `bad_jwt`. Whether that is a user or the service key, and whether it may
/// do what it asks, kanisa-auth decides.
fn identity(req: &RequestCtx) -> Result<&Identity, AuthError> {
    match req.bearer_identity() {
        None => Err(AuthError::NoAuthorization),
        Some(Err(e)) => Err(AuthError::BadJwt(e.clone())),
        Some(Ok(identity)) => Ok(identity),
    }
}

/// A request body as the handlers receive it: the bytes, or why they could not be read (too
/// large for the route's limit, or cut off).
type Body = Result<Bytes, BytesRejection>;

/// The one place JSON bodies of `/auth/v1` are read: an over-size body is a 413 and a NUL
/// character anywhere in the text (which PostgreSQL refuses in `text`) a 400, both in GoTrue's
/// envelope, before any field reaches the auth service.
fn parse_body<T: for<'de> Deserialize<'de>>(body: &Body) -> Result<T, AuthError> {
    let body = body.as_ref().map_err(|rejection| {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            AuthError::BodyTooLarge(BODY_LIMIT)
        } else {
            AuthError::Validation(format!("Could not read the request body: {rejection}"))
        }
    })?;
    let body: &[u8] = if body.is_empty() { b"{}" } else { body };
    let value: Value = serde_json::from_slice(body)
        .map_err(|e| AuthError::Validation(format!("Could not read the request body: {e}")))?;
    if contains_nul(&value) {
        return Err(AuthError::NulCharacter);
    }
    serde_json::from_value(value)
        .map_err(|e| AuthError::Validation(format!("Could not read the request body: {e}")))
}

/// True when a string or a key anywhere in `value` holds U+0000.
pub(crate) fn contains_nul(value: &Value) -> bool {
    match value {
        Value::String(s) => s.contains('\0'),
        Value::Array(items) => items.iter().any(contains_nul),
        Value::Object(map) => map.iter().any(|(k, v)| k.contains('\0') || contains_nul(v)),
        Value::Null | Value::Bool(_) | Value::Number(_) => false,
    }
}

/// The largest body `/auth/v1` reads (the router's limit for these routes).
pub(crate) const BODY_LIMIT: usize = 64 * 1024;

#[derive(Deserialize)]
struct TokenBody {
    email: Option<String>,
    password: Option<String>,
    refresh_token: Option<String>,
}

/// `POST /token?grant_type=password|refresh_token`.
pub async fn token(
    State(state): State<AppState>,
    req: RequestCtx,
    Query(params): Params,
    body: Body,
) -> Response {
    let ctx = Ctx::new(&req);
    let result = async {
        let body: TokenBody = parse_body(&body)?;
        let grant = params.get("grant_type").map(String::as_str).unwrap_or("");
        let session = match grant {
            "password" => {
                state
                    .auth
                    .sign_in(
                        body.email.as_deref().unwrap_or(""),
                        body.password.as_deref().unwrap_or(""),
                        &ctx.client,
                    )
                    .await?
            }
            "refresh_token" => {
                state
                    .auth
                    .refresh(body.refresh_token.as_deref().unwrap_or(""), &ctx.client)
                    .await?
            }
            other => return Err(AuthError::UnsupportedGrant(other.to_owned())),
        };
        Ok(session.to_json())
    }
    .await;
    ctx.respond(result)
}

#[derive(Deserialize)]
struct OtpBody {
    phone: Option<String>,
    email: Option<String>,
    channel: Option<String>,
    /// GoTrue's `options.data`; Kanisa reads `locale` ("sw" texts the code in Kiswahili).
    data: Option<Value>,
}

/// `POST /otp {phone, channel?: "sms", data?: {locale}}` → `{}`: a sign-in code by SMS for a
/// member's number, and the same answer for any other (kanisa-auth's `phone.rs`). In demo mode
/// (no SMS provider) the answer carries the code, marked as a demo. `create_user` is not read:
/// a member's first sign-in creates their account, and no other number gets one.
pub async fn otp(State(state): State<AppState>, req: RequestCtx, body: Body) -> Response {
    let ctx = Ctx::new(&req);
    let result = async {
        let body: OtpBody = parse_body(&body)?;
        let Some(sign_in) = state.functions.as_ref().and_then(|f| f.sign_in()) else {
            return Err(AuthError::PhoneSignInDisabled);
        };
        let phone = body.phone.as_deref().map(str::trim).unwrap_or("");
        if phone.is_empty() {
            return Err(AuthError::Validation(match body.email {
                Some(_) => "Sign-in links by e-mail are not offered: staff sign in with their \
                            password, members with a code sent to their phone"
                    .to_owned(),
                None => "Phone number is required".to_owned(),
            }));
        }
        if let Some(channel) = body.channel.as_deref().filter(|c| *c != "sms") {
            return Err(AuthError::Validation(format!(
                "Codes are sent by SMS only (channel \"sms\"), not {channel:?}"
            )));
        }
        let locale = Locale::parse(
            body.data
                .as_ref()
                .and_then(|d| d.get("locale"))
                .and_then(Value::as_str),
        );
        let request = state
            .auth
            .request_sign_in_code(phone, locale, &ctx.client)
            .await?;
        Ok(otp_answer(sign_in.demo_code(request.id).await))
    }
    .await;
    ctx.respond(result)
}

#[derive(Deserialize)]
struct VerifyBody {
    #[serde(rename = "type")]
    kind: Option<String>,
    phone: Option<String>,
    token: Option<String>,
}

/// `POST /verify {type: "sms", phone, token}` → GoTrue's session: the member signed in (their
/// account made at the first sign-in). A wrong, used or expired code is 403 `otp_expired`.
pub async fn verify(State(state): State<AppState>, req: RequestCtx, body: Body) -> Response {
    let ctx = Ctx::new(&req);
    let result = async {
        let body: VerifyBody = parse_body(&body)?;
        if state.functions.as_ref().and_then(|f| f.sign_in()).is_none() {
            return Err(AuthError::PhoneSignInDisabled);
        }
        match body.kind.as_deref() {
            Some("sms") => {}
            other => {
                return Err(AuthError::Validation(format!(
                    "Only codes sent by SMS are verified here (type \"sms\"), not {}",
                    other.map_or("none".to_owned(), |o| format!("{o:?}"))
                )));
            }
        }
        let (Some(phone), Some(token)) = (body.phone.as_deref(), body.token.as_deref()) else {
            return Err(AuthError::Validation(
                "Phone number and code are required".to_owned(),
            ));
        };
        Ok(state
            .auth
            .verify_sign_in_code(phone, token, &ctx.client)
            .await?
            .to_json())
    }
    .await;
    ctx.respond(result)
}

/// `POST /logout?scope=global|local|others` → 204.
pub async fn logout(
    State(state): State<AppState>,
    req: RequestCtx,
    Query(params): Params,
) -> Response {
    let ctx = Ctx::new(&req);
    let scope = params.get("scope").map(String::as_str).unwrap_or("global");
    let result = async {
        let who = identity(&req)?;
        state.auth.logout(who, scope, &ctx.client).await
    }
    .await;
    match result {
        Ok(()) => StatusCode::NO_CONTENT.into_response(),
        Err(e) => ctx.fail(e),
    }
}

/// `GET /user`.
pub async fn get_user(State(state): State<AppState>, req: RequestCtx) -> Response {
    let ctx = Ctx::new(&req);
    let result = async {
        let who = identity(&req)?;
        Ok(state.auth.user(who).await?.to_json())
    }
    .await;
    ctx.respond(result)
}

#[derive(Deserialize)]
struct UserBody {
    password: Option<String>,
    current_password: Option<String>,
    email: Option<String>,
    phone: Option<String>,
    data: Option<Value>,
}

/// `PUT /user`: password (with the current one) and `data.full_name`.
pub async fn put_user(State(state): State<AppState>, req: RequestCtx, body: Body) -> Response {
    let ctx = Ctx::new(&req);
    let result = async {
        let who = identity(&req)?;
        let body: UserBody = parse_body(&body)?;
        if body.email.is_some() || body.phone.is_some() {
            return Err(AuthError::Validation(
                "The e-mail and phone of an account cannot be changed here; ask a Super Admin"
                    .to_owned(),
            ));
        }
        let update = UserUpdate {
            password: body.password,
            current_password: body.current_password,
            full_name: body
                .data
                .as_ref()
                .and_then(|d| d.get("full_name"))
                .and_then(Value::as_str)
                .map(str::to_owned),
        };
        Ok(state
            .auth
            .update_user(who, &update, &ctx.client)
            .await?
            .to_json())
    }
    .await;
    ctx.respond(result)
}

/// `GET /settings`: what a client may offer (no sign-up; staff by e-mail and password,
/// members by phone when phone sign-in is set up).
pub async fn settings(State(state): State<AppState>, req: RequestCtx) -> Response {
    let ctx = Ctx::new(&req);
    let phone = state.functions.as_ref().and_then(|f| f.sign_in()).is_some();
    ctx.ok(
        StatusCode::OK,
        json!({
            "external": { "email": true, "phone": phone, "anonymous_users": false },
            "disable_signup": true,
            "mailer_autoconfirm": false,
            "phone_autoconfirm": false,
            "sms_provider": "",
            "saml_enabled": false,
        }),
    )
}

/// `POST /signup`: refused — accounts are created by a Super Admin.
pub async fn signup(req: RequestCtx) -> Response {
    Ctx::new(&req).fail(AuthError::SignupDisabled)
}

/// `GET /admin/users?page&per_page` → `{users, aud}` with `X-Total-Count`.
pub async fn admin_list(
    State(state): State<AppState>,
    req: RequestCtx,
    Query(params): Params,
) -> Response {
    let ctx = Ctx::new(&req);
    let int = |k: &str, d: i64| params.get(k).and_then(|v| v.parse().ok()).unwrap_or(d);
    let (page, per_page) = (int("page", 1).max(1), int("per_page", 50).clamp(1, 1000));
    let result = async {
        let who = identity(&req)?;
        state.auth.list_users(who, page, per_page).await
    }
    .await;
    match result {
        Ok((users, total)) => {
            let last = ((total + per_page - 1) / per_page).max(1);
            let users: Vec<Value> = users.iter().map(kanisa_auth::User::to_json).collect();
            let mut response = ctx.ok(
                StatusCode::OK,
                json!({ "users": users, "aud": "authenticated" }),
            );
            let headers = response.headers_mut();
            headers.insert("x-total-count", HeaderValue::from(total));
            if let Ok(link) = HeaderValue::from_str(&pagination_link(page, per_page, last)) {
                headers.insert(header::LINK, link);
            }
            response
        }
        Err(e) => ctx.fail(e),
    }
}

/// GoTrue's pagination header: the next page when there is one, and the last.
fn pagination_link(page: i64, per_page: i64, last: i64) -> String {
    let link = |p: i64, rel: &str| {
        format!("</auth/v1/admin/users?page={p}&per_page={per_page}>; rel=\"{rel}\"")
    };
    let mut links = Vec::new();
    if page < last {
        links.push(link(page + 1, "next"));
    }
    links.push(link(last, "last"));
    links.join(", ")
}

#[derive(Deserialize, Default)]
struct AdminBody {
    email: Option<String>,
    password: Option<String>,
    user_metadata: Option<Value>,
    app_metadata: Option<Value>,
    ban_duration: Option<String>,
}

impl AdminBody {
    fn full_name(&self) -> Option<String> {
        self.user_metadata
            .as_ref()
            .and_then(|m| m.get("full_name"))
            .and_then(Value::as_str)
            .map(str::to_owned)
    }

    fn app(&self, key: &str) -> Option<&Value> {
        self.app_metadata.as_ref().and_then(|m| m.get(key))
    }

    /// `app_metadata.is_active`, or GoTrue's `ban_duration` ("none" lifts a ban).
    fn is_active(&self) -> Option<bool> {
        self.app("is_active")
            .and_then(Value::as_bool)
            .or_else(|| self.ban_duration.as_deref().map(|d| d == "none"))
    }

    fn permissions(&self) -> Result<Option<Option<Vec<String>>>, AuthError> {
        match self.app("permissions") {
            None => Ok(None),
            Some(Value::Null) => Ok(Some(None)),
            Some(Value::Array(items)) => items
                .iter()
                .map(|p| {
                    p.as_str().map(str::to_owned).ok_or_else(|| {
                        AuthError::Validation("permissions must be a list of names".to_owned())
                    })
                })
                .collect::<Result<Vec<_>, _>>()
                .map(|list| Some(Some(list))),
            Some(_) => Err(AuthError::Validation(
                "permissions must be a list of names".to_owned(),
            )),
        }
    }
}

/// `POST /admin/users`.
pub async fn admin_create(State(state): State<AppState>, req: RequestCtx, body: Body) -> Response {
    let ctx = Ctx::new(&req);
    let result = async {
        let who = identity(&req)?;
        let body: AdminBody = parse_body(&body)?;
        let new = NewAdminUser {
            email: body.email.clone().unwrap_or_default(),
            password: body.password.clone().unwrap_or_default(),
            full_name: body.full_name().unwrap_or_default(),
            role: body
                .app("role")
                .and_then(Value::as_str)
                .unwrap_or("MEMBER")
                .to_owned(),
            permissions: body.permissions()?.flatten(),
            is_active: body.is_active(),
        };
        Ok(state
            .auth
            .create_user(who, &new, &ctx.client)
            .await?
            .to_json())
    }
    .await;
    match result {
        Ok(user) => ctx.ok(StatusCode::OK, user),
        Err(e) => ctx.fail(e),
    }
}

fn user_id(raw: &str) -> Result<Uuid, AuthError> {
    raw.parse().map_err(|_| AuthError::UserNotFound)
}

/// `GET /admin/users/{id}`.
pub async fn admin_get(
    State(state): State<AppState>,
    req: RequestCtx,
    Path(id): Path<String>,
) -> Response {
    let ctx = Ctx::new(&req);
    let result = async {
        let who = identity(&req)?;
        Ok(state.auth.get_user(who, user_id(&id)?).await?.to_json())
    }
    .await;
    ctx.respond(result)
}

/// `PUT /admin/users/{id}`.
pub async fn admin_update(
    State(state): State<AppState>,
    req: RequestCtx,
    Path(id): Path<String>,
    body: Body,
) -> Response {
    let ctx = Ctx::new(&req);
    let result = async {
        let who = identity(&req)?;
        let body: AdminBody = parse_body(&body)?;
        let change = AdminUserChange {
            email: body.email.clone(),
            password: body.password.clone(),
            full_name: body.full_name(),
            role: body.app("role").and_then(Value::as_str).map(str::to_owned),
            permissions: body.permissions()?,
            is_active: body.is_active(),
        };
        Ok(state
            .auth
            .update_user_admin(who, user_id(&id)?, &change, &ctx.client)
            .await?
            .to_json())
    }
    .await;
    ctx.respond(result)
}

/// `DELETE /admin/users/{id}`.
pub async fn admin_delete(
    State(state): State<AppState>,
    req: RequestCtx,
    Path(id): Path<String>,
) -> Response {
    let ctx = Ctx::new(&req);
    let result = async {
        let who = identity(&req)?;
        Ok(state
            .auth
            .delete_user(who, user_id(&id)?, &ctx.client)
            .await?
            .to_json())
    }
    .await;
    ctx.respond(result)
}

/// `DELETE /admin/users/{id}/lockout` → 204: a Super Admin ends the account's sign-in locks.
pub async fn admin_lift_lockout(
    State(state): State<AppState>,
    req: RequestCtx,
    Path(id): Path<String>,
) -> Response {
    let ctx = Ctx::new(&req);
    let result = async {
        let who = identity(&req)?;
        state
            .auth
            .lift_lockout(who, user_id(&id)?, &ctx.client)
            .await
    }
    .await;
    match result {
        Ok(_) => StatusCode::NO_CONTENT.into_response(),
        Err(e) => ctx.fail(e),
    }
}

/// `GET /health`.
pub async fn health() -> Response {
    axum::Json(json!({ "name": "Kanisa auth", "description": "GoTrue-compatible sign-in" }))
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::{contains_nul, pagination_link};
    use serde_json::json;

    #[test]
    fn a_nul_is_found_in_any_string_or_key() {
        assert!(!contains_nul(
            &json!({"email": "a@b.org", "n": [1, true, null]})
        ));
        assert!(contains_nul(&json!({"email": "a\u{0}@b.org"})));
        assert!(contains_nul(
            &json!({"data": {"full_name": ["x", "y\u{0}"]}})
        ));
        assert!(contains_nul(&json!({"da\u{0}ta": 1})));
    }

    #[test]
    fn pagination_names_the_next_and_last_pages() {
        assert_eq!(
            pagination_link(1, 50, 3),
            "</auth/v1/admin/users?page=2&per_page=50>; rel=\"next\", \
             </auth/v1/admin/users?page=3&per_page=50>; rel=\"last\""
        );
        assert_eq!(
            pagination_link(3, 50, 3),
            "</auth/v1/admin/users?page=3&per_page=50>; rel=\"last\""
        );
    }
}
