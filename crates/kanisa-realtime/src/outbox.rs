//! A socket's queue of messages from the hub, and the message shared by every socket it goes
//! to: a change or a broadcast bound for 1,000 sockets is built once and encoded once per
//! serializer ([`Shared::frame`]), not once per socket.

use std::ops::Deref;
use std::sync::{Arc, OnceLock};

use tokio::sync::{Notify, mpsc};

use crate::wire::{self, Frame, Message, Vsn, WireError};

/// Messages waiting for one socket before it is told to close.
pub const QUEUE: usize = 1024;

/// A message queued for one or more sockets, with its frames once encoded.
#[derive(Debug)]
pub struct Shared {
    message: Message,
    v1: OnceLock<Result<Frame, WireError>>,
    v2: OnceLock<Result<Frame, WireError>>,
}

impl Shared {
    pub fn new(message: Message) -> Arc<Shared> {
        Arc::new(Shared {
            message,
            v1: OnceLock::new(),
            v2: OnceLock::new(),
        })
    }

    /// The message as `vsn` frames it, encoded by the first socket that asks.
    pub fn frame(&self, vsn: Vsn) -> Result<&Frame, &WireError> {
        let cell = match vsn {
            Vsn::V1 => &self.v1,
            Vsn::V2 => &self.v2,
        };
        cell.get_or_init(|| wire::encode(vsn, &self.message))
            .as_ref()
    }
}

impl Deref for Shared {
    type Target = Message;

    fn deref(&self) -> &Message {
        &self.message
    }
}

/// Where a socket's messages go: a bounded queue its writer drains, and a signal for when it
/// overflowed.
#[derive(Clone, Debug)]
pub struct Outbox {
    tx: mpsc::Sender<Arc<Shared>>,
    overflow: Arc<Notify>,
}

impl Outbox {
    /// A new outbox and the receiving end of its queue.
    pub fn new() -> (Outbox, mpsc::Receiver<Arc<Shared>>) {
        let (tx, rx) = mpsc::channel(QUEUE);
        (
            Outbox {
                tx,
                overflow: Arc::new(Notify::new()),
            },
            rx,
        )
    }

    /// Queues `message` for this socket alone.
    pub fn push(&self, message: Message) {
        self.push_shared(Shared::new(message));
    }

    /// Queues a message shared with other sockets; when the queue is full the socket is told
    /// to close instead.
    pub fn push_shared(&self, message: Arc<Shared>) {
        if let Err(mpsc::error::TrySendError::Full(_)) = self.tx.try_send(message) {
            self.overflow.notify_one();
        }
    }

    /// Resolves once a message could not be queued: the socket should close.
    pub async fn overflowed(&self) {
        self.overflow.notified().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::Payload;
    use serde_json::json;

    #[test]
    fn a_shared_message_is_framed_per_serializer() {
        let shared = Shared::new(Message {
            join_ref: None,
            msg_ref: None,
            topic: "realtime:t".into(),
            event: "postgres_changes".into(),
            payload: Payload::Json(json!({"ids": [1]})),
        });
        let v1 = shared.frame(Vsn::V1).unwrap().clone();
        let v2 = shared.frame(Vsn::V2).unwrap().clone();
        assert_eq!(v1, wire::encode(Vsn::V1, &shared).unwrap());
        assert_eq!(v2, wire::encode(Vsn::V2, &shared).unwrap());
        assert_ne!(v1, v2);
        assert!(std::ptr::eq(
            shared.frame(Vsn::V2).unwrap(),
            shared.frame(Vsn::V2).unwrap()
        ));
    }
}
