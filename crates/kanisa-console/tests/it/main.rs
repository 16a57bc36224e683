//! The console's core driven line by line, as a person types at it, against a real database
//! with the demo content and the real policies (kanisa-test-db); and the generated TypeScript
//! types compared with the committed file.

mod console;
mod types;
