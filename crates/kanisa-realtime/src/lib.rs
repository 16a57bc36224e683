//! Supabase-compatible Realtime: Phoenix channels over a WebSocket, as `@supabase/realtime-js`
//! (and the `@supabase/phoenix` client under it) speaks them.
//!
//! Owns: the wire ([`wire`]) — both serializers (`vsn=1.0.0` JSON objects, `vsn=2.0.0` JSON
//! arrays and binary broadcast frames), the `phx_join` payload, the `postgres_changes` filter
//! grammar, and the server's messages (replies, `system`, changes, broadcasts, close/error).
//! Later: channel subscriptions, presence and delivery of database changes.
//!
//! Must not touch: HTTP and the WebSocket upgrade (those belong to `kanisa-server`, which hands
//! this crate frames as strings and bytes), nor the database (changes arrive already read and
//! already checked against the subscriber's policies). Nothing here does I/O.
#![forbid(unsafe_code)]

pub mod wire;
