//! The table API's SQL, tested through the crate's public API over a real migrated database
//! (kanisa-test-db): snapshots of the statement of every plan kind, and hostile text in every
//! position of a request.

mod findings;
mod harness;
mod injection;
mod sql_snapshots;
