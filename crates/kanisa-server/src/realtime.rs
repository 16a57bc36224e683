//! `GET /realtime/v1/websocket?apikey=…&vsn=…`: the WebSocket of Supabase Realtime.
//!
//! The upgrade is refused before it happens, with the API's JSON envelope, when the `apikey`
//! (query, else the `apikey` or bearer header) does not verify (401) or `vsn` is not one
//! realtime speaks (400). Afterwards this module only moves frames: each text or binary frame
//! is decoded with the socket's serializer and handed to kanisa-realtime's [`Session`], whose
//! answers and the hub's queued changes are encoded and written back. A frame that does not
//! decode is logged and skipped (realtime's server does the same), a socket silent past the
//! heartbeat window is closed, and one whose queue overflowed is closed with 1013 ("try again
//! later"), as its client reconnects and refetches.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use axum::Extension;
use axum::extract::ws::{CloseFrame, Message as WsMessage, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use kanisa_auth::Identity;
use kanisa_realtime::wire::{self, Frame, Vsn};
use kanisa_realtime::{Hub, Limits, Outbox, Session, Shared};

use crate::AppState;
use crate::context::RequestCtx;
use crate::error::ApiError;
use crate::listen::HeldSlot;

/// The read buffer a socket starts with, in bytes; each message is written as it is sent.
const SOCKET_BUFFER: usize = 4 * 1024;

/// What the realtime route needs: the hub of this instance, the socket limits, and how many
/// sockets each client address holds open.
#[derive(Clone)]
pub struct Realtime {
    hub: Hub,
    limits: Limits,
    clients: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

impl Realtime {
    pub fn new(hub: Hub, limits: Limits) -> Realtime {
        Realtime {
            hub,
            limits,
            clients: Arc::default(),
        }
    }

    /// A socket's place for `ip`, or `None` when the address holds its most already.
    fn place(&self, ip: IpAddr) -> Option<Place> {
        let mut clients = self.clients.lock().unwrap_or_else(|e| e.into_inner());
        let open = clients.entry(ip).or_insert(0);
        if *open >= self.limits.sockets_per_client {
            return None;
        }
        *open += 1;
        Some(Place {
            ip,
            clients: self.clients.clone(),
        })
    }
}

/// One open socket of one address: counted until dropped.
struct Place {
    ip: IpAddr,
    clients: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut clients = self.clients.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(open) = clients.get_mut(&self.ip) {
            *open -= 1;
            if *open == 0 {
                clients.remove(&self.ip);
            }
        }
    }
}

pub(crate) async fn websocket(
    State(state): State<AppState>,
    Query(query): Query<HashMap<String, String>>,
    ctx: RequestCtx,
    held: Option<Extension<HeldSlot>>,
    upgrade: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Response {
    let Some(realtime) = state.realtime.clone() else {
        return ApiError::new(
            StatusCode::NOT_FOUND,
            "not_found",
            "Realtime is not served by this server",
        )
        .into_response();
    };
    let vsn = match Vsn::from_query(query.get("vsn").map(String::as_str)) {
        Ok(vsn) => vsn,
        Err(e) => {
            return ApiError::new(StatusCode::BAD_REQUEST, "realtime_vsn", e.to_string())
                .into_response();
        }
    };
    let identity: Result<Identity, _> = match query.get("apikey").map(|k| k.trim()) {
        Some(key) if !key.is_empty() => state.jwt.verify(key),
        _ => ctx.identity.clone(),
    };
    let identity = match identity {
        Ok(identity) => identity,
        Err(e) => {
            return ApiError::new(
                StatusCode::UNAUTHORIZED,
                "invalid_jwt",
                format!("The apikey was refused: {e}"),
            )
            .into_response();
        }
    };
    let upgrade = match upgrade {
        Ok(upgrade) => upgrade,
        Err(e) => {
            return ApiError::new(
                StatusCode::BAD_REQUEST,
                "websocket_required",
                format!("This address speaks WebSocket only: {e}"),
            )
            .into_response();
        }
    };
    let Some(place) = realtime.place(ctx.client_ip) else {
        return ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many_sockets",
            format!(
                "This address already has {} realtime sockets open, the most allowed: close one \
                 and try again",
                realtime.limits.sockets_per_client
            ),
        )
        .into_response();
    };
    let keys = state.jwt.clone();
    // Small buffers that grow for a large frame: tungstenite's defaults (128 KiB to read and
    // 128 KiB to write) would make 10,000 idle sockets cost 1.5 GiB (`make bench`).
    upgrade
        .read_buffer_size(SOCKET_BUFFER)
        .write_buffer_size(0)
        .max_message_size(realtime.limits.max_message_bytes)
        .max_frame_size(realtime.limits.max_message_bytes)
        .on_upgrade(move |socket| async move {
            // The connection's place and the address's socket place, held while it is open.
            let _held = (held, place);
            run(socket, vsn, realtime, keys, identity).await;
        })
}

async fn run(
    mut socket: WebSocket,
    vsn: Vsn,
    realtime: Realtime,
    keys: Arc<kanisa_auth::JwtKeys>,
    identity: Identity,
) {
    let (outbox, mut queued) = Outbox::new();
    let overflow = outbox.clone();
    let limits = realtime.limits;
    let mut session = Session::new(realtime.hub, keys, identity, limits, outbox);
    let mut deadline = tokio::time::Instant::now() + limits.heartbeat_timeout;
    loop {
        let out = tokio::select! {
            frame = socket.recv() => {
                let message = match frame {
                    Some(Ok(WsMessage::Text(text))) => wire::decode_text(vsn, text.as_str()),
                    Some(Ok(WsMessage::Binary(bytes))) => wire::decode_binary(&bytes),
                    Some(Ok(WsMessage::Ping(_) | WsMessage::Pong(_))) => continue,
                    Some(Ok(WsMessage::Close(_)) | Err(_)) | None => break,
                };
                deadline = tokio::time::Instant::now() + limits.heartbeat_timeout;
                match message {
                    Ok(message) => session.handle(message).await.into_iter().map(Shared::new).collect(),
                    Err(e) => {
                        tracing::debug!(error = %e, "a realtime frame was skipped");
                        continue;
                    }
                }
            }
            Some(message) = queued.recv() => vec![message],
            () = overflow.overflowed() => {
                close(&mut socket, 1013, "too far behind: reconnect").await;
                break;
            }
            () = tokio::time::sleep_until(deadline) => {
                close(&mut socket, 1000, "heartbeat timeout").await;
                break;
            }
        };
        for message in out {
            // A message bound for many sockets is encoded by the first; the rest copy its text.
            let frame = match message.frame(vsn) {
                Ok(Frame::Text(text)) => WsMessage::Text(Utf8Bytes::from(text.clone())),
                Ok(Frame::Binary(bytes)) => WsMessage::Binary(bytes.clone().into()),
                Err(e) => {
                    tracing::warn!(error = %e, "a realtime message could not be encoded");
                    continue;
                }
            };
            if socket.send(frame).await.is_err() {
                return;
            }
        }
    }
}

async fn close(socket: &mut WebSocket, code: u16, reason: &'static str) {
    let _ = socket
        .send(WsMessage::Close(Some(CloseFrame {
            code,
            reason: Utf8Bytes::from_static(reason),
        })))
        .await;
}
