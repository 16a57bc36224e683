//! Shared helpers: a schema cache read from a migrated database, statements built through the
//! crate's public API the way `Rest` builds them, and running a statement in a transaction
//! that is rolled back.

use std::sync::OnceLock;

use kanisa_pg::tokio_postgres::{self, Client, types::Type};
use kanisa_query::ast::QueryParams;
use kanisa_rest::{
    Conflict, CountMode, ReadPlan, RestError, SchemaCache, Shape, Statement, Table, Write,
    bare_write_statement, count_plan_statement, guarded_read_statement, plan_read, plan_rpc,
    plan_write, read_statement, rpc_statement, write_statement,
};
use kanisa_test_db::TestDb;
use serde_json::Value;

/// The root's row cap, as `RestConfig::default().max_rows`.
pub const MAX_ROWS: u64 = 1000;

/// Objects the migrations lack and the tests need, created in each test database before its
/// schema cache is read: a function returning a scalar (0003 has none), a table with a
/// range column (for the range operators sl, sr, nxl, nxr, adj) and one whose every column has
/// a default (an insert of `{}`).
pub const FIXTURES: &str = "
CREATE FUNCTION public.kanisa_test_add(a integer, b integer DEFAULT 1) RETURNS integer
  LANGUAGE sql IMMUTABLE AS $$ SELECT a + b $$;
CREATE TABLE public.kanisa_test_slots (
  id     integer PRIMARY KEY,
  label  text,
  during daterange
);
GRANT ALL ON public.kanisa_test_slots TO service_role;
CREATE TABLE public.kanisa_test_defaulted (
  id    serial PRIMARY KEY,
  note  text NOT NULL DEFAULT 'by default'
);
GRANT ALL ON public.kanisa_test_defaulted TO service_role;
";

static CACHE: OnceLock<SchemaCache> = OnceLock::new();

/// The schema cache of a migrated database (with [`FIXTURES`]), read once per test process.
pub fn cache() -> &'static SchemaCache {
    CACHE.get_or_init(load_cache)
}

/// A schema cache read from a database of its own (so its hash maps are seeded afresh).
pub fn load_cache() -> SchemaCache {
    // A thread with its own runtime: callers may be plain tests or inside another runtime.
    std::thread::spawn(|| {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime");
        rt.block_on(async {
            let fresh = Fresh::new().await;
            fresh.cache
        })
    })
    .join()
    .expect("load the schema cache")
}

/// A test's own migrated database with [`FIXTURES`], a superuser connection and its cache.
pub struct Fresh {
    pub db: TestDb,
    pub client: Client,
    pub cache: SchemaCache,
}

impl Fresh {
    pub async fn new() -> Fresh {
        let db = TestDb::new().await;
        let client = db.client().await;
        client.batch_execute(FIXTURES).await.expect("fixtures");
        let cache = SchemaCache::load(&client).await.expect("schema cache");
        Fresh { db, client, cache }
    }
}

/// The query string parsed as `Rest` parses it for a table.
pub fn params(query: &str) -> Result<QueryParams, RestError> {
    kanisa_query::parse_query(query, |_| false).map_err(RestError::Parse)
}

/// A GET: parse, plan (root capped at [`MAX_ROWS`]), build.
pub fn read(
    cache: &SchemaCache,
    table: &str,
    query: &str,
    count: CountMode,
) -> Result<Statement, RestError> {
    let params = params(query)?;
    let plan = plan_read(cache, table, &params, Some(MAX_ROWS))?;
    Ok(read_statement(&plan, count))
}

/// A GET whose count is `count` only where `every_row` holds for the caller, exact otherwise
/// (`Rest` builds it for a planned or estimated count where the policies may hide rows).
pub fn guarded_read(
    cache: &SchemaCache,
    table: &str,
    query: &str,
    count: CountMode,
    every_row: &str,
) -> Result<Statement, RestError> {
    let params = params(query)?;
    let plan = plan_read(cache, table, &params, Some(MAX_ROWS))?;
    Ok(guarded_read_statement(&plan, count, every_row))
}

/// The EXPLAIN a planned or estimated count runs after a GET.
pub fn count_plan(cache: &SchemaCache, table: &str, query: &str) -> Result<Statement, RestError> {
    let params = params(query)?;
    let plan = plan_read(cache, table, &params, Some(MAX_ROWS))?;
    Ok(count_plan_statement(&plan))
}

/// As `Rest::write` plans a write: the select that reads the written rows back (without the
/// root's filters, order and page) and the root filters alone.
fn write_plans(
    cache: &SchemaCache,
    table: &str,
    params: &QueryParams,
) -> Result<(ReadPlan, ReadPlan), RestError> {
    plan_write(cache, table, params)
}

fn unknown_payload(table: &Table, column: &str) -> RestError {
    RestError::UnknownPayloadColumn {
        table: table.name.clone(),
        column: column.to_owned(),
    }
}

/// A POST (insert; an upsert with `conflict`), checked as `Rest::write` checks it.
pub fn insert(
    cache: &SchemaCache,
    table: &str,
    query: &str,
    body: Value,
    conflict: Option<Conflict>,
) -> Result<Statement, RestError> {
    insert_with(cache, table, query, body, conflict, false)
}

/// [`insert`], with `Prefer: missing=default` when `missing_default`.
pub fn insert_with(
    cache: &SchemaCache,
    table: &str,
    query: &str,
    body: Value,
    conflict: Option<Conflict>,
    missing_default: bool,
) -> Result<Statement, RestError> {
    build_insert(cache, table, query, body, conflict, missing_default, false)
}

/// [`insert`] with `Prefer: return=minimal` and nothing else to read back: the write alone.
pub fn insert_minimal(
    cache: &SchemaCache,
    table: &str,
    query: &str,
    body: Value,
    conflict: Option<Conflict>,
) -> Result<Statement, RestError> {
    build_insert(cache, table, query, body, conflict, false, true)
}

fn build_insert(
    cache: &SchemaCache,
    table: &str,
    query: &str,
    body: Value,
    conflict: Option<Conflict>,
    missing_default: bool,
    minimal: bool,
) -> Result<Statement, RestError> {
    let params = params(query)?;
    let t = cache.table(table)?.clone();
    let (read_plan, _) = write_plans(cache, table, &params)?;
    let rows = match body {
        Value::Array(rows) => rows,
        one => vec![one],
    };
    let columns = match &params.columns {
        Some(c) => c.clone(),
        None => {
            let mut keys: Vec<String> = rows
                .first()
                .and_then(Value::as_object)
                .map(|o| o.keys().cloned().collect())
                .unwrap_or_default();
            keys.sort();
            keys
        }
    };
    if let Some(c) = columns.iter().find(|c| t.column(c).is_none()) {
        return Err(unknown_payload(&t, c));
    }
    let keys = params
        .on_conflict
        .clone()
        .unwrap_or_else(|| t.primary_key.clone());
    if let Some(k) = keys.iter().find(|k| t.column(k).is_none()) {
        return Err(RestError::UnknownColumn {
            table: t.name.clone(),
            column: k.clone(),
            suggestion: None,
        });
    }
    let write = Write::Insert {
        columns: &columns,
        body: Value::Array(rows).to_string(),
        on_conflict: conflict.map(|c| (keys.as_slice(), c)),
        defaults: missing_default.then(|| {
            columns
                .iter()
                .map(|c| t.column(c).and_then(|c| c.default_expr.clone()))
                .collect()
        }),
    };
    if minimal {
        return Ok(bare_write_statement(&t.name, &write));
    }
    Ok(write_statement(&t.name, &write, &read_plan))
}

/// A PATCH of the rows the root filters choose.
pub fn update(
    cache: &SchemaCache,
    table: &str,
    query: &str,
    body: Value,
) -> Result<Statement, RestError> {
    let params = params(query)?;
    let t = cache.table(table)?.clone();
    let (read_plan, filter_plan) = write_plans(cache, table, &params)?;
    let Value::Object(object) = body else {
        panic!("a PATCH body is an object");
    };
    let columns: Vec<String> = object.keys().cloned().collect();
    if let Some(c) = columns.iter().find(|c| t.column(c).is_none()) {
        return Err(unknown_payload(&t, c));
    }
    let write = Write::Update {
        columns: &columns,
        body: Value::Object(object).to_string(),
        conditions: &filter_plan.conditions,
    };
    Ok(write_statement(&t.name, &write, &read_plan))
}

/// A DELETE of the rows the root filters choose.
pub fn delete(cache: &SchemaCache, table: &str, query: &str) -> Result<Statement, RestError> {
    let params = params(query)?;
    let t = cache.table(table)?.clone();
    let (read_plan, filter_plan) = write_plans(cache, table, &params)?;
    let write = Write::Delete {
        conditions: &filter_plan.conditions,
    };
    Ok(write_statement(&t.name, &write, &read_plan))
}

/// A function call with `args` (as a POST body gives them) plus any arguments named in the
/// query string (as a GET gives them), planned as `Rest::rpc` plans it.
pub fn rpc(
    cache: &SchemaCache,
    name: &str,
    query: &str,
    args: &[(&str, Option<&str>)],
) -> Result<Statement, RestError> {
    let function = cache.function(name)?.clone();
    let is_arg = |n: &str| function.args.iter().any(|a| a.name == n);
    let params = kanisa_query::parse_query(query, is_arg).map_err(RestError::Parse)?;
    let given: Vec<(String, Option<String>)> = args
        .iter()
        .map(|(k, v)| ((*k).to_owned(), v.map(str::to_owned)))
        .chain(
            params
                .rpc_args
                .iter()
                .map(|(k, v)| (k.clone(), Some(v.clone()))),
        )
        .collect();
    let (bound, plan) = plan_rpc(cache, &function, given, &params, Some(MAX_ROWS))?;
    Ok(rpc_statement(
        &function,
        &bound,
        plan.as_ref(),
        CountMode::None,
    ))
}

/// Parameter types as `Rest` declares them: sea-query-postgres declares u64 (LIMIT, OFFSET)
/// as numeric but sends int8.
pub fn param_types(values: &sea_query_postgres::PostgresValues) -> Vec<Type> {
    values
        .0
        .iter()
        .zip(values.as_types())
        .map(|(v, t)| match v.0 {
            sea_query::Value::BigUnsigned(_) => Type::INT8,
            _ => t,
        })
        .collect()
}

/// The statement as reviewed in a snapshot: the SQL verbatim, then each bound value with the
/// type it is declared as.
pub fn render(stmt: &Statement) -> String {
    let mut out = stmt.sql.clone();
    out.push_str("\n\n-- values\n");
    for (i, (v, t)) in stmt
        .values
        .0
        .iter()
        .zip(param_types(&stmt.values))
        .enumerate()
    {
        out.push_str(&format!("${} {}: {:?}\n", i + 1, t.name(), v.0));
    }
    out
}

/// What a statement returns: `(total, page, body)`, and a merge upsert's inserted rows. A
/// write without RETURNING gives only `page` (its row count); an EXPLAIN only `body` (the plan).
#[derive(Debug)]
pub struct Outcome {
    pub total: Option<i64>,
    pub page: i64,
    pub body: Option<String>,
    pub inserted: Option<i64>,
}

impl Outcome {
    /// The body as JSON.
    pub fn json(&self) -> Value {
        serde_json::from_str(self.body.as_deref().unwrap_or("null")).expect("the body is JSON")
    }
}

/// Runs `stmt` in a transaction that is rolled back, as the connection's user.
pub async fn execute(
    client: &mut Client,
    stmt: &Statement,
) -> Result<Outcome, tokio_postgres::Error> {
    let tx = client.transaction().await?;
    let prepared = tx
        .prepare_typed(&stmt.sql, &param_types(&stmt.values))
        .await?;
    let params = stmt.values.as_params();
    let out = match stmt.shape {
        Shape::Affected => Outcome {
            total: None,
            page: i64::try_from(tx.execute(&prepared, &params).await?).unwrap(),
            body: Some("[]".to_owned()),
            inserted: None,
        },
        Shape::Plan => {
            let row = tx.query_one(&prepared, &params).await?;
            Outcome {
                total: None,
                page: 0,
                body: Some(row.get::<_, Value>(0).to_string()),
                inserted: None,
            }
        }
        Shape::Row => {
            let row = tx.query_one(&prepared, &params).await?;
            Outcome {
                total: row.get(0),
                page: row.get(1),
                body: row.get(2),
                inserted: row
                    .columns()
                    .iter()
                    .any(|c| c.name() == "inserted")
                    .then(|| row.get("inserted")),
            }
        }
    };
    tx.rollback().await?;
    Ok(out)
}

/// The variant of an error, for table-driven assertions.
pub fn kind(e: &RestError) -> &'static str {
    match e {
        RestError::Parse(_) => "Parse",
        RestError::UnknownTable { .. } => "UnknownTable",
        RestError::UnknownColumn { .. } => "UnknownColumn",
        RestError::UnknownPayloadColumn { .. } => "UnknownPayloadColumn",
        RestError::UnknownFunction { .. } => "UnknownFunction",
        RestError::FunctionArgs { .. } => "FunctionArgs",
        RestError::NoRelationship { .. } => "NoRelationship",
        RestError::AmbiguousRelationship { .. } => "AmbiguousRelationship",
        RestError::Unsupported(_) => "Unsupported",
        RestError::BadCast(_) => "BadCast",
        RestError::InvalidBody(_) => "InvalidBody",
        RestError::MissingFilter { .. } => "MissingFilter",
        RestError::Db(_) => "Db",
        _ => "Other",
    }
}
