//! The developers' tools over the table API: `kanisa console` (an interactive console),
//! `kanisa query` (one request, for scripts) and `kanisa gen types` (TypeScript types of the
//! schema for the apps' client).
//!
//! A console line is a request in the table API's own grammar (`get sermons?select=title`,
//! `post messages {…}`, `rpc get_monthly_giving {…}`) or a backslash command (`\as`, `\sql`,
//! `\json`, …). Requests run through [`kanisa_rest::Rest::handle`] in-process — no HTTP — as
//! `anon`, `service_role`, or a user picked by e-mail with the claims their access token would
//! carry, so PostgreSQL's policies decide exactly as they do for the apps. A refusal is
//! explained from the catalog (the table's policies for that command and role, or the role's
//! privileges).
//!
//! Owns: line parsing (`line.rs`), who asks (`identity.rs`: kanisa-auth's `Identity` made
//! from a user's claims, and how the prompt shows it), rendering (`render.rs`),
//! completion from the schema cache (`complete.rs`), policy look-ups (`policies.rs`), the
//! console's state (`console.rs`), the line editor (`terminal.rs`, the only module that knows
//! the terminal), `\listen` (`listen.rs`: a realtime session of kanisa-realtime's hub, as the
//! console's caller) and the TypeScript generator (`types.rs`).
//! Must not: decide access (it only reports what the policies decided), know HTTP, open
//! database connections of its own (it is handed the table API and a pool of owner
//! connections), or write anything but what a request asks for.
#![forbid(unsafe_code)]

mod complete;
mod console;
mod identity;
mod line;
mod listen;
mod policies;
mod render;
pub mod terminal;
mod types;

pub use complete::complete;
pub use console::{Answer, Console, Format, Reply, help};
pub use line::{COMMANDS, Command, Line, LineError, Request, VERBS, parse_line};
pub use listen::Listening;
pub use policies::{Policy, explain_denial, policies, privileges, table_in_message};
pub use render::{Json, json as render_json, table as render_table};
pub use types::{scalar as typescript_type, typescript};

/// Why the console could not do something (a request's own failure is an [`Answer`]).
#[derive(Debug, thiserror::Error)]
pub enum ConsoleError {
    /// A line that is not a request or command the console understands.
    #[error("{0}")]
    Line(String),
    /// `\as` with an unknown user or a word that is no identity.
    #[error("{0}")]
    Identity(String),
    /// The owner connections failed (looking up a user or the policies).
    #[error("database: {0}")]
    Database(String),
    /// `\listen` was refused (no realtime, a table not published or not readable, a bad
    /// filter).
    #[error("{0}")]
    Listen(String),
    /// The terminal (line editor, history file, standard input) failed.
    #[error("terminal: {0}")]
    Terminal(String),
}
