//! The table API's SQL, tested through the crate's public API over a real migrated database
//! (kanisa-test-db): snapshots of the statement of every plan kind, hostile text in every
//! position of a request, and the handler's transactions (pipelined ends, what a failure
//! leaves behind, upsert statuses, planned counts).

mod explain;
mod findings;
mod hardening;
mod harness;
mod injection;
mod sql_snapshots;
mod transactions;
