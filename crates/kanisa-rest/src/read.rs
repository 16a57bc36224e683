//! Reads (GET, HEAD): the plan against the schema cache, the statement with its count, and the
//! answer — rows, `Content-Range`, 206 for a partial page, 416 past the end.

use kanisa_query::ast::{Count, QueryParams};

use crate::response::{content_range, shape_body};
use crate::sql::{self, CountMode, Statement};
use crate::{
    Accept, ApiRequest, ApiResponse, Method, ReadPlan, Rest, RestError, SchemaCache, allowed,
    apply_range_header, count_name, plan,
};

impl Rest {
    /// A read's plan, its statement and (for planned and estimated counts) the EXPLAIN of
    /// its counted rows.
    pub(crate) fn plan_read_request(
        &self,
        cache: &SchemaCache,
        req: &ApiRequest<'_>,
        params: &QueryParams,
    ) -> Result<(ReadPlan, Statement, Option<Statement>), RestError> {
        let mut params = params.clone();
        apply_range_header(&mut params, req.range);
        let plan = plan::plan_read(cache, req.target, &params, Some(self.config.max_rows))?;
        // As PostgREST: exact counts every row; planned takes the planner's estimate (EXPLAIN
        // of the counted rows, in the same transaction); estimated counts up to max_rows and
        // takes the larger of that and the estimate beyond.
        let count = match req.prefer.count {
            Some(Count::Exact) => CountMode::Exact,
            Some(Count::Estimated) => CountMode::Capped(self.config.max_rows),
            Some(Count::Planned) | None => CountMode::None,
        };
        let stmt = sql::read_statement(&plan, count);
        let explain = matches!(req.prefer.count, Some(Count::Planned | Count::Estimated))
            .then(|| sql::count_plan_statement(&plan));
        Ok((plan, stmt, explain))
    }

    pub(crate) async fn read(
        &self,
        cache: &SchemaCache,
        req: &ApiRequest<'_>,
        params: &QueryParams,
    ) -> Result<(ApiResponse, Vec<String>), RestError> {
        allowed(cache.table(req.target)?, req, |g| g.select)?;
        let (plan, stmt, explain) = self.plan_read_request(cache, req, params)?;
        let tables = plan.tables();
        let out = self
            .execute(&stmt, explain.as_ref(), req, true, None)
            .await?;
        let total = match req.prefer.count {
            Some(Count::Exact) => out.total,
            Some(Count::Planned) => out.planned,
            Some(Count::Estimated) => match (out.total, out.planned) {
                (Some(counted), planned) if counted > self.config.max_rows as i64 => {
                    Some(planned.map_or(counted, |p| p.max(counted)))
                }
                (counted, _) => counted,
            },
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
            body: (req.method != Method::Head).then_some(body),
            object: req.accept == Accept::Object,
            content_range: Some(content_range(offset, out.page, total)),
            preference_applied,
            cache: None,
        };
        Ok((response, tables))
    }
}
