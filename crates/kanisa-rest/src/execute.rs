//! Execution: one transaction per request under the caller's role and context, pipelined in
//! one round trip when nothing has to look at the outcome first; the outcome of the statement
//! (rows, counts, the planner's estimate).

use kanisa_pg::context::{CONTEXT_SQL, ConnectionGuard};
use serde_json::Value;

use crate::Rest;
use crate::error::RestError;
use crate::request::ApiRequest;
use crate::sql::{EVERY_ROW, Shape, Statement};

impl Rest {
    /// One transaction: the caller's role and request context, the statement, then (for
    /// planned and estimated counts) `explain`, the planner's estimate of the counted rows.
    ///
    /// Without a `check`, the transaction's end is known before anything runs (COMMIT, or
    /// ROLLBACK for `tx=rollback`), so BEGIN, the context, the statement(s) and the end go out
    /// together: one round trip. A `check` looks at the outcome first and may refuse it; the
    /// end follows it. The connection goes back to the pool only when the end was answered
    /// (or the failed transaction was rolled back): otherwise it is closed.
    pub(crate) async fn execute(
        &self,
        stmt: &Statement,
        explain: Option<&Statement>,
        req: &ApiRequest<'_>,
        read_only: bool,
        check: Option<&Check<'_>>,
    ) -> Result<Outcome, RestError> {
        let mut guard = ConnectionGuard::new(
            self.pool
                .get()
                .await
                .map_err(|e| RestError::Pool(e.to_string()))?,
        );
        let client = guard.client();
        let context_of = req.caller.context();
        // Prepared once per connection; later requests only bind. No transaction is open yet,
        // so a failure here (a type mismatch found while preparing) keeps the connection.
        // The SQL only is traced: values may carry personal data.
        tracing::trace!(sql = %stmt.sql, "statement");
        let prepared = async {
            let context = client.prepare_cached(CONTEXT_SQL).await?;
            let statement = client
                .prepare_typed_cached(&stmt.sql, &param_types(&stmt.values))
                .await?;
            let explain = match explain {
                Some(e) => Some(
                    client
                        .prepare_typed_cached(&e.sql, &param_types(&e.values))
                        .await?,
                ),
                None => None,
            };
            Ok::<_, kanisa_pg::tokio_postgres::Error>((context, statement, explain))
        };
        let (context, prepared, prepared_explain) = match prepared.await {
            Ok(p) => p,
            Err(e) => {
                guard.release();
                return Err(e.into());
            }
        };
        let context_params = context_of.params();
        let params = stmt.values.as_params();
        let explain_params = explain.map(|e| e.values.as_params());
        let begin = if read_only {
            "BEGIN ISOLATION LEVEL READ COMMITTED READ ONLY"
        } else {
            "BEGIN ISOLATION LEVEL READ COMMITTED"
        };
        let end = if !read_only && req.prefer.tx_rollback == Some(true) {
            "ROLLBACK"
        } else {
            "COMMIT"
        };
        let statement = async {
            match stmt.shape {
                Shape::Affected => {
                    let affected = client.execute(&prepared, &params).await?;
                    Ok(Outcome {
                        total: None,
                        page: i64::try_from(affected).unwrap_or(i64::MAX),
                        body: "[]".to_owned(),
                        inserted: None,
                        every_row: None,
                        planned: None,
                    })
                }
                Shape::Plan => unreachable!("an EXPLAIN only ever follows the statement"),
                Shape::Row => {
                    let row = client.query_one(&prepared, &params).await?;
                    Ok::<_, kanisa_pg::tokio_postgres::Error>(Outcome {
                        total: row.get(0),
                        page: row.get(1),
                        body: row
                            .get::<_, Option<String>>(2)
                            .unwrap_or_else(|| "null".into()),
                        inserted: column(&row, "inserted"),
                        every_row: column(&row, EVERY_ROW),
                        planned: None,
                    })
                }
            }
        };
        let planned = async {
            match (&prepared_explain, &explain_params) {
                (Some(p), Some(params)) => {
                    let row = client.query_one(p, params).await?;
                    Ok(plan_rows(&row.get::<_, Value>(0)))
                }
                _ => Ok::<_, kanisa_pg::tokio_postgres::Error>(None),
            }
        };
        let pipelined_end = async {
            if check.is_none() {
                client.batch_execute(end).await
            } else {
                Ok(())
            }
        };
        // Everything goes out together (one round trip): tokio-postgres sends each request
        // when its future is first polled, and join polls them in order. join, not try_join:
        // every request sent is also awaited, so after a failure we know whether the end was
        // answered. A failure aborts the transaction; a pipelined COMMIT then ends it as a
        // rollback. The first error (in order) is the one returned.
        let (began, set, out, planned, ended) = futures_util::future::join5(
            client.batch_execute(begin),
            client.execute(&context, &context_params),
            statement,
            planned,
            pipelined_end,
        )
        .await;
        let result = began.and(set).and(out).and_then(|out| Ok((out, planned?)));
        if check.is_none() {
            // The end was answered: the transaction is over (a pipelined COMMIT after a
            // failure answers as a rollback), so the connection is clean.
            let ended_cleanly = ended.is_ok();
            match result.and_then(|r| ended.map(|()| r)) {
                Ok((mut out, planned)) => {
                    out.planned = planned;
                    guard.release();
                    return Ok(out);
                }
                Err(e) => {
                    if ended_cleanly {
                        guard.release();
                    }
                    return Err(e.into());
                }
            }
        }
        let (mut out, planned) = match result {
            Ok(r) => r,
            Err(e) => {
                client.batch_execute("ROLLBACK").await?;
                guard.release();
                return Err(e.into());
            }
        };
        out.planned = planned;
        if let Some(check) = check
            && let Err(e) = check(&out)
        {
            client.batch_execute("ROLLBACK").await?;
            guard.release();
            return Err(e);
        }
        client.batch_execute(end).await?;
        guard.release();
        Ok(out)
    }
}

/// A look at a statement's outcome that may refuse it (and roll the transaction back).
pub(crate) type Check<'a> = dyn Fn(&Outcome) -> Result<(), RestError> + Sync + 'a;

/// Parameter types for the statement. sea-query-postgres declares unsigned 64-bit values (our
/// LIMIT and OFFSET) as numeric but sends them as int8, so they are declared int8 here.
fn param_types(
    values: &sea_query_postgres::PostgresValues,
) -> Vec<kanisa_pg::tokio_postgres::types::Type> {
    values
        .0
        .iter()
        .zip(values.as_types())
        .map(|(v, t)| match v.0 {
            sea_query::Value::BigUnsigned(_) => kanisa_pg::tokio_postgres::types::Type::INT8,
            _ => t,
        })
        .collect()
}

pub(crate) struct Outcome {
    pub(crate) total: Option<i64>,
    pub(crate) page: i64,
    pub(crate) body: String,
    /// Rows a merge upsert inserted (not updated).
    pub(crate) inserted: Option<i64>,
    /// A guarded read's answer: whether the caller may read every counted row, so that its
    /// count may be an estimate (see `sql::guarded_read_statement`).
    pub(crate) every_row: Option<bool>,
    /// The planner's estimate of the counted rows (planned and estimated counts).
    pub(crate) planned: Option<i64>,
}

/// The statement's column `name` (its fourth, when it has one), or None without it.
fn column<'a, T: kanisa_pg::tokio_postgres::types::FromSql<'a>>(
    row: &'a kanisa_pg::tokio_postgres::Row,
    name: &str,
) -> Option<T> {
    row.columns()
        .iter()
        .any(|c| c.name() == name)
        .then(|| row.get::<_, Option<T>>(name))
        .flatten()
}

/// The row estimate of the top plan node in `EXPLAIN (FORMAT JSON)` output.
fn plan_rows(explain: &Value) -> Option<i64> {
    let rows = explain.get(0)?.get("Plan")?.get("Plan Rows")?.as_f64()?;
    // A float of at most 2^53 from the planner: rounding it is the intent.
    Some(rows.round().clamp(0.0, i64::MAX as f64) as i64)
}
