//! Supabase-compatible Realtime: Phoenix channels over a WebSocket, as `@supabase/realtime-js`
//! (and the `@supabase/phoenix` client under it) speaks them, and the feed of row changes they
//! carry.
//!
//! Owns: the wire ([`wire`]) — both serializers (`vsn=1.0.0` JSON objects, `vsn=2.0.0` JSON
//! arrays and binary broadcast frames), the `phx_join` payload, the `postgres_changes` filter
//! grammar, and the server's messages (replies, `system`, changes, broadcasts, close/error) —
//! which does no I/O; and the change feed ([`feed`]), which reads `realtime.changes` (written
//! by the triggers of the tables `realtime.publish` published, migration 0052) on the owner's
//! connections when `NOTIFY kanisa_realtime` says something committed, and its periodic prune
//! job.
//! Delivery: the [`hub`] holds every `postgres_changes` binding of this instance's sockets and
//! delivers the feed's batches to them, checked once per group of equal rights ([`check`]) and
//! filtered ([`eval`]), into each socket's [`outbox`] (a message for many sockets is built and
//! encoded once); a [`socket::Session`] is one socket's conversation. Broadcast and
//! presence: the [`rooms`] (relayed between instances through the database). `WIRE.md` beside
//! this crate holds the researched protocol details (the client and server sources read).
//!
//! Must not touch: HTTP and the WebSocket upgrade (those belong to `kanisa-server`, which hands
//! this crate frames as strings and bytes), nor the application tables (the feed reads only
//! `realtime.changes`; what a subscriber may see is decided by its own policies, not here).
#![forbid(unsafe_code)]

pub mod check;
pub mod eval;
pub mod feed;
pub mod hub;
pub mod outbox;
pub mod rooms;
pub mod sessions;
pub mod socket;
pub mod wire;

pub use hub::Hub;
pub use outbox::{Outbox, Shared};
pub use socket::{Limits, Session};
