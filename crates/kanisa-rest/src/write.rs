//! Writes (POST, PATCH, DELETE): the body's rows and columns checked against the table, the
//! statement (upsert, missing=default, read-back), the checks that may refuse it after it ran
//! (max-affected, a single object), and the answer with what was applied.

use kanisa_query::ast::{QueryParams, Resolution, Return};
use serde_json::Value;

use crate::execute::Outcome;
use crate::response::{shape_body, write_content_range};
use crate::sql::{self, Statement};
use crate::{
    Accept, ApiRequest, ApiResponse, Method, Rest, RestError, SchemaCache, allowed, count_name,
    plan,
};

impl Rest {
    /// A write's statement, and what its response needs to know.
    pub(crate) fn plan_write_request(
        &self,
        cache: &SchemaCache,
        req: &ApiRequest<'_>,
        params: &QueryParams,
    ) -> Result<PlannedWrite, RestError> {
        let table = cache.table(req.target)?.clone();
        let (read_plan, filter_plan) = plan::plan_write(cache, req.target, params)?;
        let mut preference_applied = Vec::new();
        // As in PostgREST, max-affected is a promise only under handling=strict.
        let strict = req.prefer.handling_strict == Some(true);
        let max_affected = req.prefer.max_affected.filter(|_| strict);
        let representation = req.prefer.return_ == Some(Return::Representation);
        // Nothing to read back: run the write alone (see sql::bare_write_statement).
        let bare = !representation
            && req.prefer.count.is_none()
            && max_affected.is_none()
            && req.accept != Accept::Object;
        let merge = req.method == Method::Post
            && req.prefer.resolution == Some(Resolution::MergeDuplicates);
        let build = |write: &sql::Write<'_>| {
            if bare {
                sql::bare_write_statement(&table.name, write)
            } else {
                sql::write_statement(&table.name, write, &read_plan)
            }
        };
        let (statement, status) = match req.method {
            Method::Post => {
                let rows = body_rows(req.body())?;
                let row_count = rows.len();
                let columns = match &params.columns {
                    Some(cols) => cols.clone(),
                    None => row_keys(&rows)?,
                };
                for c in &columns {
                    if table.column(c).is_none() {
                        return Err(RestError::UnknownPayloadColumn {
                            table: table.name.clone(),
                            column: c.clone(),
                        });
                    }
                }
                let keys = params
                    .on_conflict
                    .clone()
                    .unwrap_or_else(|| table.primary_key.clone());
                for k in &keys {
                    plan::col_ref(
                        &table,
                        &kanisa_query::ast::Field {
                            name: k.clone(),
                            json_path: Vec::new(),
                        },
                    )?;
                }
                let conflict = match req.prefer.resolution {
                    Some(Resolution::MergeDuplicates) => {
                        preference_applied.push("resolution=merge-duplicates".to_owned());
                        Some(sql::Conflict::Merge)
                    }
                    Some(Resolution::IgnoreDuplicates) => {
                        preference_applied.push("resolution=ignore-duplicates".to_owned());
                        Some(sql::Conflict::Ignore)
                    }
                    None => None,
                };
                let body = Value::Array(rows).to_string();
                // missing=default: a key absent from a row takes the column's default, not NULL.
                let defaults: Option<Vec<Option<String>>> = req.prefer.missing_default.then(|| {
                    columns
                        .iter()
                        .map(|c| table.column(c).and_then(|c| c.default_expr.clone()))
                        .collect()
                });
                if defaults.is_some() {
                    preference_applied.push("missing=default".to_owned());
                }
                let write = sql::Write::Insert {
                    columns: &columns,
                    body,
                    on_conflict: conflict.map(|c| (keys.as_slice(), c)),
                    defaults,
                };
                // As PostgREST: `[]` inserts nothing, and nothing needs to run.
                ((row_count > 0).then(|| build(&write)), 201)
            }
            Method::Patch => {
                if filter_plan.conditions.is_empty() {
                    return Err(RestError::MissingFilter {
                        method: "PATCH",
                        table: table.name.clone(),
                    });
                }
                let object = match body_value(req.body())? {
                    Value::Object(map) => map,
                    _ => {
                        return Err(RestError::InvalidBody(
                            "PATCH needs one JSON object with the columns to change".into(),
                        ));
                    }
                };
                let columns: Vec<String> = object.keys().cloned().collect();
                for c in &columns {
                    if table.column(c).is_none() {
                        return Err(RestError::UnknownPayloadColumn {
                            table: table.name.clone(),
                            column: c.clone(),
                        });
                    }
                }
                let write = sql::Write::Update {
                    columns: &columns,
                    body: Value::Object(object).to_string(),
                    conditions: &filter_plan.conditions,
                };
                // As PostgREST: `{}` changes nothing, and nothing needs to run.
                ((!columns.is_empty()).then(|| build(&write)), 204)
            }
            Method::Delete => {
                if filter_plan.conditions.is_empty() {
                    return Err(RestError::MissingFilter {
                        method: "DELETE",
                        table: table.name.clone(),
                    });
                }
                let write = sql::Write::Delete {
                    conditions: &filter_plan.conditions,
                };
                (Some(build(&write)), 204)
            }
            Method::Get | Method::Head => unreachable!("reads are handled by Rest::read"),
        };
        Ok(PlannedWrite {
            statement,
            status,
            preference_applied,
            strict,
            max_affected,
            representation,
            merge,
        })
    }

    pub(crate) async fn write(
        &self,
        cache: &SchemaCache,
        req: &ApiRequest<'_>,
        params: &QueryParams,
    ) -> Result<ApiResponse, RestError> {
        allowed(cache.table(req.target)?, req, |g| match req.method {
            Method::Post => g.insert,
            Method::Patch => g.update,
            Method::Delete => g.delete,
            Method::Get | Method::Head => g.select,
        })?;
        let PlannedWrite {
            statement,
            status,
            mut preference_applied,
            strict,
            max_affected,
            representation,
            merge,
        } = self.plan_write_request(cache, req, params)?;
        let accept = req.accept;
        let check = |out: &Outcome| {
            if let Some(limit) = max_affected
                && out.page > limit as i64
            {
                return Err(RestError::MaxAffected {
                    limit,
                    affected: out.page,
                });
            }
            if accept == Accept::Object && out.page != 1 {
                return Err(RestError::NotSingle { rows: out.page });
            }
            Ok(())
        };
        // Only these checks can refuse a write after it ran; without them the transaction's
        // end goes out with the statement (one round trip).
        let needs_check = max_affected.is_some() || accept == Accept::Object;
        let out = match &statement {
            Some(statement) => {
                self.execute(statement, None, req, false, needs_check.then_some(&check))
                    .await?
            }
            None => {
                let nothing = Outcome {
                    total: None,
                    page: 0,
                    body: "[]".to_owned(),
                    inserted: None,
                    every_row: None,
                    planned: None,
                };
                check(&nothing)?;
                nothing
            }
        };
        if strict {
            preference_applied.push("handling=strict".to_owned());
        }
        if let Some(n) = max_affected {
            preference_applied.push(format!("max-affected={n}"));
        }
        let counted = req.prefer.count.is_some();
        if let Some(c) = req.prefer.count {
            preference_applied.push(format!("count={}", count_name(c)));
        }
        if req.prefer.tx_rollback == Some(true) {
            preference_applied.push("tx=rollback".to_owned());
        }
        if let Some(r) = req.prefer.return_ {
            preference_applied.push(
                match r {
                    Return::Minimal => "return=minimal",
                    Return::HeadersOnly => "return=headers-only",
                    Return::Representation => "return=representation",
                }
                .to_owned(),
            );
        }
        let status = match (req.method, representation) {
            // As PostgREST: a merge upsert that inserted no row answers 200.
            (Method::Post, _) if merge && out.inserted == Some(0) => 200,
            (Method::Post, _) => status,
            (_, true) => 200,
            _ => status,
        };
        Ok(ApiResponse {
            status,
            body: if representation {
                Some(shape_body(out.body, req.accept, out.page)?)
            } else {
                None
            },
            object: req.accept == Accept::Object,
            content_range: Some(write_content_range(
                req.method,
                out.page,
                counted.then_some(out.page),
            )),
            preference_applied,
            cache: None,
        })
    }
}

/// A write's statement, and what its response needs to know.
pub(crate) struct PlannedWrite {
    /// `None` for an insert of no rows (`[]`) or an update of no columns (`{}`).
    pub(crate) statement: Option<Statement>,
    /// The status on success (before upsert and representation adjust it).
    status: u16,
    preference_applied: Vec<String>,
    strict: bool,
    max_affected: Option<u64>,
    representation: bool,
    merge: bool,
}

pub(crate) fn body_value(body: Option<&[u8]>) -> Result<Value, RestError> {
    let bytes = body.unwrap_or_default();
    serde_json::from_slice(bytes)
        .map_err(|e| RestError::InvalidBody(format!("Empty or invalid json: {e}")))
}

/// The rows of an insert: one object or an array of objects.
fn body_rows(body: Option<&[u8]>) -> Result<Vec<Value>, RestError> {
    let rows = match body_value(body)? {
        Value::Array(rows) => rows,
        obj @ Value::Object(_) => vec![obj],
        _ => {
            return Err(RestError::InvalidBody(
                "Insert a JSON object or an array of objects".into(),
            ));
        }
    };
    if rows.iter().any(|r| !r.is_object()) {
        return Err(RestError::InvalidBody(
            "Every element of the array must be a JSON object".into(),
        ));
    }
    Ok(rows)
}

/// Without `columns=`, every object must have the same keys (those of the first).
fn row_keys(rows: &[Value]) -> Result<Vec<String>, RestError> {
    let keys_of = |v: &Value| -> Vec<String> {
        let mut k: Vec<String> = v
            .as_object()
            .map(|o| o.keys().cloned().collect())
            .unwrap_or_default();
        k.sort();
        k
    };
    let first = rows.first().map(keys_of).unwrap_or_default();
    if rows.iter().any(|r| keys_of(r) != first) {
        return Err(RestError::InvalidBody("All object keys must match".into()));
    }
    Ok(first)
}
