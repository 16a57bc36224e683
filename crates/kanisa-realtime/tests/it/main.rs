//! kanisa-realtime against a real PostgreSQL (kanisa-test-db): each test has its own database.

mod channels;
mod delivery;
mod feed;
mod sessions;
