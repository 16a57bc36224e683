//! `/functions/v1`: the server-side functions (kanisa-functions) over HTTP. Reads a JSON body
//! (bounded, no NUL), hands it with the caller to the function, and writes its answer or its
//! error as `{"code", "message", "fields"?}` with the error's status (and `Retry-After` when
//! trying later can help).

use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use kanisa_functions::{Functions, FunctionsError};
use serde_json::{Value, json};

use crate::AppState;
use crate::context::RequestCtx;

/// The largest body a function reads (a form is a few kB; files are uploaded to storage).
pub(crate) const BODY_LIMIT: usize = 256 * 1024;

fn failure(e: &FunctionsError) -> Response {
    let (status, code) = e.status_code();
    if e.is_internal() {
        tracing::error!(error = ?e, "function failed");
    }
    let mut body = json!({"code": code, "message": e.to_string()});
    if let Some(fields) = e.fields() {
        body["fields"] = fields;
    }
    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut response = (status, Json(body)).into_response();
    if let Some(secs) = e.retry_after() {
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(secs));
    }
    response
}

fn functions(state: &AppState) -> Result<&Arc<Functions>, FunctionsError> {
    state
        .functions
        .as_ref()
        .ok_or_else(|| FunctionsError::NotFound("The server functions are not set up".into()))
}

/// The body as a JSON object: too large, not JSON or holding a NUL character is refused with
/// a message.
fn json_body(body: Result<Bytes, BytesRejection>) -> Result<Value, FunctionsError> {
    let bytes = body.map_err(|rejection| {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            FunctionsError::BodyTooLarge(BODY_LIMIT)
        } else {
            FunctionsError::BadBody(format!("Could not read the request body: {rejection}"))
        }
    })?;
    let value: Value = serde_json::from_slice(if bytes.is_empty() { b"{}" } else { &bytes })
        .map_err(|e| FunctionsError::BadBody(format!("The request body is not valid JSON: {e}")))?;
    if crate::auth::contains_nul(&value) {
        return Err(FunctionsError::BadBody(
            "The form holds a NUL character, which cannot be stored".into(),
        ));
    }
    Ok(value)
}

/// `POST /functions/v1/{name}` for each of `kanisa_functions::FUNCTIONS`: the function with
/// the request's JSON body, as the caller (`Functions::invoke` gives the success status).
pub async fn invoke(
    State(state): State<AppState>,
    ctx: RequestCtx,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let result = async {
        let body = json_body(body)?;
        let functions = functions(&state)?;
        let caller = ctx
            .caller(&state)
            .map_err(|e| FunctionsError::Unauthorized(e.to_string()))?;
        let name = ctx.path.rsplit('/').next().unwrap_or_default();
        functions.invoke(name, &caller, &body).await
    }
    .await;
    match result {
        Ok((status, value)) => (
            StatusCode::from_u16(status).unwrap_or(StatusCode::OK),
            Json(value),
        )
            .into_response(),
        Err(e) => failure(&e),
    }
}

/// `GET /functions/v1/service-modes`: which channels are live (booleans and where their
/// credentials come from; never a credential).
pub async fn service_modes(State(state): State<AppState>) -> Response {
    match functions(&state) {
        Ok(f) => Json(f.service_modes().await).into_response(),
        Err(e) => failure(&e),
    }
}

fn answer<T: serde::Serialize>(result: Result<(u16, T), FunctionsError>) -> Response {
    match result {
        Ok((status, value)) => (
            StatusCode::from_u16(status).unwrap_or(StatusCode::OK),
            Json(value),
        )
            .into_response(),
        Err(e) => failure(&e),
    }
}

/// `POST /functions/v1/payments`: a donor's gift `{phone, amount, givingType}` → 201 the
/// pending payment (the prompt is on its way to the phone).
pub async fn payment_create(
    State(state): State<AppState>,
    ctx: RequestCtx,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    answer(
        async {
            let body = json_body(body)?;
            let view = functions(&state)?
                .payments()?
                .create(&body, &ctx.client_ip.to_string())
                .await?;
            Ok((201, view))
        }
        .await,
    )
}

/// `GET /functions/v1/payments/{id}`: where the payment stands.
pub async fn payment_status(State(state): State<AppState>, Path(id): Path<String>) -> Response {
    answer(
        async {
            let view = functions(&state)?.payments()?.status(&id).await?;
            Ok((200, view))
        }
        .await,
    )
}

/// `POST /functions/v1/payments/callback/{provider}/{secret}`: a prompt's result.
pub async fn payment_callback(
    State(state): State<AppState>,
    Path((provider, secret)): Path<(String, String)>,
    ctx: RequestCtx,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    answer(
        async {
            let body = json_body(body)?;
            let remote = ctx.client_ip.to_string();
            functions(&state)?
                .payments()?
                .callback(&provider, &secret, &body, &remote)
                .await
        }
        .await,
    )
}

/// `POST /functions/v1/payments/paybill/{secret}/{confirmation|validation}`: a paybill gift.
pub async fn paybill(
    State(state): State<AppState>,
    Path((secret, step)): Path<(String, String)>,
    ctx: RequestCtx,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    answer(
        async {
            let body = json_body(body)?;
            let remote = ctx.client_ip.to_string();
            functions(&state)?
                .payments()?
                .paybill(&secret, &step, &body, &remote)
                .await
        }
        .await,
    )
}

/// `POST /functions/v1/sms/delivery-report/{secret}`: an SMS provider's delivery report (form
/// fields, as Africa's Talking and Twilio post them).
pub async fn sms_report(
    State(state): State<AppState>,
    Path(secret): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    answer(
        async {
            let bytes = body.map_err(|e| FunctionsError::BadBody(e.to_string()))?;
            let form: Vec<(String, String)> = url::form_urlencoded::parse(&bytes)
                .map(|(k, v)| (k.into_owned(), v.into_owned()))
                .collect();
            let found = functions(&state)?
                .payments()?
                .delivery_report(&secret, &form)
                .await?;
            Ok((200, kanisa_functions::sms::report_answer(found)))
        }
        .await,
    )
}
