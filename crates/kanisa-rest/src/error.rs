//! Every way a table-API request can fail, each with its HTTP status and stable code
//! (PostgREST's codes where PostgREST has one) decided here, in one place.

use kanisa_pg::DbClass;
use kanisa_query::ParseError;
use serde_json::{Value, json};

use crate::plan::Candidate;

#[derive(Debug, thiserror::Error)]
pub enum RestError {
    #[error("{}", .0.message)]
    Parse(ParseError),
    #[error("Could not find the table 'public.{name}' in the schema cache")]
    UnknownTable {
        name: String,
        suggestion: Option<String>,
    },
    #[error("column {table}.{column} does not exist")]
    UnknownColumn {
        table: String,
        column: String,
        suggestion: Option<String>,
    },
    #[error("Could not find the '{column}' column of '{table}' in the schema cache")]
    UnknownPayloadColumn { table: String, column: String },
    #[error("Could not find the function public.{name} without parameters in the schema cache")]
    UnknownFunction {
        name: String,
        suggestion: Option<String>,
    },
    #[error("Could not find the function public.{name}({args}) in the schema cache")]
    FunctionArgs {
        name: String,
        args: String,
        /// The function's own argument names, for the hint.
        expected: String,
    },
    #[error("Could not find a relationship between '{parent}' and '{child}' in the schema cache")]
    NoRelationship { parent: String, child: String },
    #[error(
        "Could not embed because more than one relationship was found for '{parent}' and '{child}'"
    )]
    AmbiguousRelationship {
        parent: String,
        child: String,
        candidates: Vec<Candidate>,
    },
    #[error("Cannot coerce the result to a single JSON object")]
    NotSingle { rows: i64 },
    #[error("A filter is required: {method} without a filter would change every row of '{table}'")]
    MissingFilter { method: &'static str, table: String },
    #[error("Requested range not satisfiable")]
    RangeNotSatisfiable { total: i64, offset: u64 },
    #[error("{0}")]
    InvalidBody(String),
    #[error("Query result exceeds max-affected preference constraint")]
    MaxAffected { limit: u64, affected: i64 },
    #[error("The schema must be one of the following: public")]
    SchemaNotExposed(String),
    #[error("Invalid preferences given with handling=strict")]
    InvalidPreferences(Vec<String>),
    #[error("None of these media types are available: {0}")]
    NotAcceptable(String),
    #[error("{0}")]
    Unsupported(String),
    /// A table asked with a method it does not take.
    #[error("Unsupported HTTP method: {0}")]
    UnsupportedMethod(String),
    /// A query string over the limit.
    #[error("The query string is longer than 8 KiB")]
    QueryTooLong,
    /// A function called with a method other than GET, HEAD and POST.
    #[error("Cannot use the {0} method on RPC")]
    RpcMethod(String),
    /// The role was granted no right to do this to the table or function at all (checked
    /// against the schema cache's privileges before the request is planned any further, so a
    /// refused caller learns nothing of its columns).
    #[error("permission denied for {kind} {name}")]
    PermissionDenied { kind: &'static str, name: String },
    /// A `Range` header whose last item comes before its first.
    #[error("Requested range not satisfiable")]
    InvalidRange(String),
    /// A body in a media type the table API does not read.
    #[error("Content-Type not acceptable: {0}")]
    UnsupportedMediaType(String),
    #[error("Function public.{0} changes data and cannot be called with GET; use POST")]
    VolatileGet(String),
    #[error("cannot cast to {0}")]
    BadCast(String),
    /// A value a CHECK constraint refused, with the constraint's own message (its comment:
    /// the field and the rule). `details` is PostgreSQL's message, naming the constraint.
    #[error("{message}")]
    CheckViolation { message: String, details: String },
    #[error("database error")]
    Db(#[from] kanisa_pg::tokio_postgres::Error),
    #[error("database unavailable: {0}")]
    Pool(String),
}

/// The parts of the error envelope `{code, message, details, hint}` and the HTTP status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ErrorParts {
    pub status: u16,
    pub code: String,
    pub message: String,
    /// Mostly text; PGRST201 lists its candidate relationships as objects, as PostgREST does.
    pub details: Option<Value>,
    pub hint: Option<String>,
    /// True for failures on our side (logged once by the server, message kept generic).
    pub internal: bool,
    /// A `Content-Range` to send with the error (416 names the total).
    pub content_range: Option<String>,
    /// The methods the resource takes, for the `Allow` header of a 405.
    pub allow: Option<&'static str>,
}

impl RestError {
    /// Status, code and texts. `anon` decides 401 vs 403 for permission errors.
    pub fn parts(&self, anon: bool) -> ErrorParts {
        let p = |status: u16, code: &str| ErrorParts {
            status,
            code: code.to_owned(),
            message: self.to_string(),
            details: None,
            hint: None,
            internal: false,
            content_range: None,
            allow: None,
        };
        match self {
            RestError::Parse(e) => ErrorParts {
                details: e.details.clone().map(Value::String),
                ..p(400, "PGRST100")
            },
            RestError::UnknownTable { suggestion, .. } => ErrorParts {
                hint: suggestion
                    .as_ref()
                    .map(|s| format!("Perhaps you meant the table 'public.{s}'")),
                ..p(404, "PGRST205")
            },
            RestError::UnknownColumn { suggestion, .. } => ErrorParts {
                hint: suggestion
                    .as_ref()
                    .map(|s| format!("Perhaps you meant to reference the column \"{s}\".")),
                ..p(400, "42703")
            },
            RestError::UnknownPayloadColumn { .. } => p(400, "PGRST204"),
            RestError::UnknownFunction { name, suggestion } => ErrorParts {
                details: text(format!(
                    "Searched for the function public.{name} without parameters or with a \
                     single unnamed json/jsonb parameter, but no matches were found in the \
                     schema cache."
                )),
                hint: suggestion
                    .as_ref()
                    .map(|s| format!("Perhaps you meant to call the function public.{s}")),
                ..p(404, "PGRST202")
            },
            RestError::FunctionArgs {
                name,
                args,
                expected,
            } => ErrorParts {
                details: text(format!(
                    "Searched for the function public.{name} with parameters {} or with a \
                     single unnamed json/jsonb parameter, but no matches were found in the \
                     schema cache.",
                    if args.is_empty() { "none" } else { args }
                )),
                hint: Some(format!(
                    "Perhaps you meant to call the function public.{name}({expected})"
                )),
                ..p(404, "PGRST202")
            },
            RestError::NoRelationship { parent, child } => ErrorParts {
                details: text(format!(
                    "Searched for a foreign key relationship between '{parent}' and '{child}' \
                     in the schema 'public', but no matches were found."
                )),
                ..p(400, "PGRST200")
            },
            RestError::AmbiguousRelationship {
                child, candidates, ..
            } => ErrorParts {
                details: Some(Value::Array(
                    candidates
                        .iter()
                        .map(|c| {
                            json!({
                                "cardinality": c.cardinality,
                                "embedding": c.embedding,
                                "relationship": c.relationship,
                            })
                        })
                        .collect(),
                )),
                hint: Some(format!(
                    "Try changing '{child}' to one of the following: {}. Find the desired \
                     relationship in the 'details' key.",
                    candidates
                        .iter()
                        .map(|c| format!("'{}'", c.hint))
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
                ..p(300, "PGRST201")
            },
            RestError::NotSingle { rows } => ErrorParts {
                details: text(format!("The result contains {rows} rows")),
                ..p(406, "PGRST116")
            },
            RestError::MissingFilter { .. } => ErrorParts {
                hint: Some(
                    "Add a filter, e.g. id=eq.<id>; to mean every row, filter on a column that \
                     is never null, e.g. id=not.is.null"
                        .into(),
                ),
                ..p(400, "KANISA100")
            },
            RestError::RangeNotSatisfiable { total, offset } => ErrorParts {
                content_range: Some(format!("*/{total}")),
                details: text(format!(
                    "An offset of {offset} was requested, but there are only {total} rows."
                )),
                ..p(416, "PGRST103")
            },
            RestError::InvalidBody(_) => p(400, "PGRST102"),
            RestError::MaxAffected { affected, .. } => ErrorParts {
                details: text(format!("The query affects {affected} rows")),
                ..p(400, "PGRST124")
            },
            RestError::SchemaNotExposed(s) => ErrorParts {
                details: text(format!("'{s}' is not exposed")),
                ..p(406, "PGRST106")
            },
            RestError::InvalidPreferences(list) => ErrorParts {
                details: text(format!("Invalid preferences: {}", list.join(", "))),
                ..p(400, "PGRST122")
            },
            RestError::NotAcceptable(_) => p(406, "PGRST107"),
            RestError::Unsupported(_) => p(400, "PGRST100"),
            RestError::RpcMethod(_) => ErrorParts {
                allow: Some(RPC_METHODS),
                ..p(405, "PGRST101")
            },
            RestError::UnsupportedMethod(_) => ErrorParts {
                allow: Some(TABLE_METHODS),
                ..p(405, "PGRST117")
            },
            RestError::QueryTooLong => p(414, "PGRST414"),
            RestError::PermissionDenied { .. } => p(if anon { 401 } else { 403 }, "42501"),
            RestError::InvalidRange(details) => ErrorParts {
                details: text(details.clone()),
                ..p(416, "PGRST103")
            },
            RestError::UnsupportedMediaType(_) => p(400, "PGRST102"),
            RestError::VolatileGet(_) => ErrorParts {
                allow: Some("POST"),
                ..p(405, "25006")
            },
            RestError::BadCast(_) => p(400, "PGRST100"),
            RestError::Pool(_) => ErrorParts {
                message: "The database is not available right now. Please try again.".into(),
                internal: true,
                ..p(503, "PGRST000")
            },
            RestError::CheckViolation { details, .. } => ErrorParts {
                details: text(details.clone()),
                ..p(400, "23514")
            },
            RestError::Db(e) => db_error_parts(e, anon),
        }
    }
}

/// The methods a table takes (`Allow` of a 405 on a table).
pub const TABLE_METHODS: &str = "OPTIONS, GET, HEAD, POST, PATCH, DELETE";
/// The methods a function takes (`Allow` of a 405 on `/rpc/…`).
pub const RPC_METHODS: &str = "OPTIONS, GET, HEAD, POST";

fn text(details: String) -> Option<Value> {
    Some(Value::String(details))
}

/// PostgreSQL errors, mapped as PostgREST maps them (the class from `kanisa_pg::classify_code`).
fn db_error_parts(err: &kanisa_pg::tokio_postgres::Error, anon: bool) -> ErrorParts {
    let Some(db) = err.as_db_error() else {
        return ErrorParts {
            status: 503,
            code: "PGRST001".into(),
            message: "The database connection failed. Please try again.".into(),
            details: None,
            hint: None,
            internal: true,
            content_range: None,
            allow: None,
        };
    };
    let code = db.code().code();
    let class = kanisa_pg::classify_code(code);
    let status = match class {
        // PostgREST's convention: RAISE … USING ERRCODE = 'PT404' answers HTTP 404.
        DbClass::Raised(status) => status,
        DbClass::Duplicate | DbClass::Conflict => 409,
        DbClass::Forbidden if anon => 401,
        DbClass::Forbidden => 403,
        // A statement timeout (the database is busier than an interactive request can wait
        // for), a database restarting (crash recovery) or out of resources: try again shortly.
        DbClass::Timeout | DbClass::Unavailable => 503,
        DbClass::Internal => 500,
        DbClass::Undefined => 404,
        DbClass::NulCharacter | DbClass::Check | DbClass::Refused => 400,
    };
    let message = if class == DbClass::Timeout {
        "The request took too long and was cancelled (statement timeout). Narrow it with \
         filters or a smaller limit."
            .to_owned()
    } else {
        db.message().to_owned()
    };
    ErrorParts {
        status,
        code: code.to_owned(),
        message,
        details: db.detail().map(|d| Value::String(d.to_owned())),
        hint: db.hint().map(str::to_owned),
        internal: status >= 500 && class != DbClass::Timeout,
        content_range: None,
        allow: None,
    }
}
