//! The job queue over a real database (kanisa-test-db): each test has its own database.

mod periodic;
mod queue;
