//! Reads (GET, HEAD): the plan against the schema cache, the statement with its count, and the
//! answer — rows, `Content-Range`, 206 for a partial page, 416 past the end.

use kanisa_query::ast::{Count, QueryParams};

use crate::response::{content_range, shape_body};
use crate::schema::EveryRow;
use crate::sql::{self, CountMode, Statement};
use crate::{
    Accept, ApiRequest, ApiResponse, ReadPlan, Rest, RestError, SchemaCache, allowed,
    apply_range_header, count_name, plan,
};

/// A read's plan and statement, with what its count needs.
pub(crate) struct PlannedRead {
    pub(crate) plan: ReadPlan,
    pub(crate) stmt: Statement,
    /// For a count that may be an estimate: the EXPLAIN of the counted rows.
    pub(crate) explain: Option<Statement>,
    /// The statement says whether the estimate may be given (`sql::guarded_read_statement`).
    pub(crate) guarded: bool,
}

impl Rest {
    /// A read's plan, its statement and (for planned and estimated counts) the EXPLAIN of
    /// its counted rows.
    ///
    /// As PostgREST: exact counts every row; planned takes the planner's estimate (EXPLAIN of
    /// the counted rows, in the same transaction); estimated counts up to max_rows and takes
    /// the larger of that and the estimate beyond. Unlike PostgREST, an estimate is only given
    /// to a caller who may read every row of the counted tables — the planner's figures come
    /// from statistics of the whole table, so they would tell a VISITOR how many members or
    /// gifts there are. Whether the caller may is the policies' answer ([`SchemaCache::every_row`]):
    /// known from the catalog (no row-level security, `USING (true)`, service_role), or found
    /// by the statement itself from the policies that do not depend on the row (a Super Admin
    /// reading members: `(SELECT auth.has_any_permission(…)) AND NOT (SELECT
    /// auth.is_scoped())`). Anyone else gets the exact count of what they can read.
    pub(crate) fn plan_read_request(
        &self,
        cache: &SchemaCache,
        req: &ApiRequest<'_>,
        params: &QueryParams,
    ) -> Result<PlannedRead, RestError> {
        let mut params = params.clone();
        apply_range_header(&mut params, req.range);
        let plan = plan::plan_read(cache, req.target, &params, Some(self.config.max_rows))?;
        let estimated = match req.prefer.count {
            Some(Count::Planned) => CountMode::None,
            Some(Count::Estimated) => CountMode::Capped(self.config.max_rows),
            Some(Count::Exact) => CountMode::Exact,
            None => {
                return Ok(PlannedRead {
                    stmt: sql::read_statement(&plan, CountMode::None),
                    plan,
                    explain: None,
                    guarded: false,
                });
            }
        };
        let every_row = match estimated {
            CountMode::Exact => EveryRow::No,
            _ => cache.every_row(&sql::counted_tables(&plan), &req.caller.role),
        };
        let (stmt, guarded) = match &every_row {
            EveryRow::No => (sql::read_statement(&plan, CountMode::Exact), false),
            EveryRow::Yes => (sql::read_statement(&plan, estimated), false),
            EveryRow::When(condition) => (
                sql::guarded_read_statement(&plan, estimated, condition),
                true,
            ),
        };
        let explain = (every_row != EveryRow::No).then(|| sql::count_plan_statement(&plan));
        Ok(PlannedRead {
            plan,
            stmt,
            explain,
            guarded,
        })
    }

    pub(crate) async fn read(
        &self,
        cache: &SchemaCache,
        req: &ApiRequest<'_>,
        params: &QueryParams,
    ) -> Result<(ApiResponse, Vec<String>), RestError> {
        allowed(cache.table(req.target)?, req, |g| g.select)?;
        let PlannedRead {
            plan,
            stmt,
            explain,
            guarded,
        } = self.plan_read_request(cache, req, params)?;
        let tables = plan.tables();
        let out = self
            .execute(&stmt, explain.as_ref(), req, true, None)
            .await?;
        // The estimate only where the caller may read every counted row; otherwise the
        // statement counted exactly.
        let may_estimate = explain.is_some() && (!guarded || out.every_row == Some(true));
        let total = match req.prefer.count {
            Some(Count::Planned) if may_estimate => out.planned,
            Some(Count::Estimated) if may_estimate => match (out.total, out.planned) {
                (Some(counted), planned) if counted > self.config.max_rows as i64 => {
                    Some(planned.map_or(counted, |p| p.max(counted)))
                }
                (counted, _) => counted,
            },
            Some(_) => out.total,
            None => None,
        };
        let offset = plan.offset.unwrap_or(0);
        if let Some(total) = total
            && total > 0
            && offset >= total as u64
            && out.page == 0
        {
            return Err(RestError::RangeNotSatisfiable { total, offset });
        }
        let partial = total.is_some_and(|t| t > out.page);
        let mut preference_applied = Vec::new();
        if total.is_some()
            && let Some(c) = req.prefer.count
        {
            preference_applied.push(format!("count={}", count_name(c)));
        }
        let body = shape_body(out.body, req.accept, out.page)?;
        let response = ApiResponse {
            status: if partial { 206 } else { 200 },
            body: Some(body),
            object: req.accept == Accept::Object,
            content_range: Some(content_range(offset, out.page, total)),
            preference_applied,
            cache: None,
        };
        Ok((response, tables))
    }
}
