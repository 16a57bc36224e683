//! Integration tests of kanisa-pg against a real PostgreSQL (kanisa-test-db).

mod audiences;
mod cluster;
mod constraints;
mod migrations;
mod phone;
mod policies;
mod policy_plans;
mod rpc;
mod seed;
