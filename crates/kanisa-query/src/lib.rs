//! The table API's request grammar, compatible with PostgREST: the query string (`select`,
//! filters, `or`/`and`, `order`, `limit`/`offset`, `columns`, `on_conflict`) and the `Prefer`
//! and `Range` headers, parsed into the typed request of [`ast`].
//!
//! Owns: syntax only — quoting, escapes, operators, nesting limits, and error messages that
//! point at the offending character. Must not know the schema (names stay unchecked strings),
//! SQL, or HTTP types (the server passes strings in).
#![forbid(unsafe_code)]

pub mod ast;
mod parse;

pub use parse::{
    MAX_DEPTH, MAX_PARAMS, MAX_VALUE_BYTES, ParseError, parse_columns, parse_filter, parse_logic,
    parse_order, parse_prefer, parse_query, parse_range, parse_select, range_header,
};
