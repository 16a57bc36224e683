//! Function calls (`/rpc/{name}`): who may execute, the arguments from the query string (GET)
//! or the body (POST), the statement over the function's result, and the answer — a value, one
//! object, rows with `Content-Range`, or 204 for a void function.

use std::sync::Arc;

use serde_json::Value;

use crate::response::{Body, content_range, shape_body};
use crate::sql::{self, CountMode, Statement};
use crate::write::body_value;
use crate::{
    Accept, ApiRequest, ApiResponse, Function, Method, ReadPlan, Rest, RestError, SchemaCache,
    apply_range_header, count_name, parse, plan,
};

impl Rest {
    /// A function call's statement, with the function, its read plan and count mode.
    pub(crate) fn plan_rpc_request(
        &self,
        cache: &SchemaCache,
        req: &ApiRequest<'_>,
    ) -> Result<PlannedRpc, RestError> {
        let function = cache.function(req.target)?.clone();
        let is_arg = |name: &str| function.args.iter().any(|a| a.name == name);
        let params = parse(req, is_arg)?;
        let given: Vec<(String, Option<String>)> = match req.method {
            Method::Get | Method::Head => {
                if function.volatility == 'v' {
                    return Err(RestError::VolatileGet(function.name.clone()));
                }
                params
                    .rpc_args
                    .iter()
                    .map(|(k, v)| (k.clone(), Some(v.clone())))
                    .collect()
            }
            Method::Post => match req
                .body()
                .filter(|b| !b.iter().all(u8::is_ascii_whitespace))
            {
                None => Vec::new(),
                Some(_) => match body_value(req.body())? {
                    Value::Object(map) => map
                        .into_iter()
                        .map(|(k, v)| {
                            let array = function
                                .args
                                .iter()
                                .any(|a| a.name == k && a.type_name.ends_with("[]"));
                            let text = match v {
                                Value::Array(items) if array => Some(array_literal(&items)),
                                v => json_to_text(v),
                            };
                            (k, text)
                        })
                        .collect(),
                    _ => {
                        return Err(RestError::InvalidBody(
                            "The arguments of a function call are one JSON object".into(),
                        ));
                    }
                },
            },
            Method::Patch | Method::Delete => {
                return Err(RestError::RpcMethod(req.method.as_str().to_owned()));
            }
        };
        let mut params = params.clone();
        apply_range_header(&mut params, req.range);
        let (args, plan) =
            plan::plan_rpc(cache, &function, given, &params, Some(self.config.max_rows))?;
        let count = match req.prefer.count {
            Some(_) if function.returns_set => CountMode::Exact,
            _ => CountMode::None,
        };
        let stmt = sql::rpc_statement(&function, &args, plan.as_ref(), count);
        Ok(PlannedRpc {
            function,
            plan,
            count,
            stmt,
        })
    }

    pub(crate) async fn rpc(
        &self,
        cache: &SchemaCache,
        req: ApiRequest<'_>,
    ) -> Result<ApiResponse, RestError> {
        let function = cache.function(req.target)?;
        let executable = match req.caller.role.as_str() {
            "anon" => function.anon_execute,
            "authenticated" => function.authenticated_execute,
            _ => true,
        };
        if !executable {
            return Err(RestError::PermissionDenied {
                kind: "function",
                name: function.name.clone(),
            });
        }
        let PlannedRpc {
            function,
            plan,
            count,
            stmt,
        } = self.plan_rpc_request(cache, &req)?;
        let table_like = function.returns_set || function.returns_composite;
        let read_only = function.volatility != 'v';
        let out = self.execute(&stmt, None, &req, read_only, None).await?;
        if function.returns_void() {
            return Ok(ApiResponse {
                status: 204,
                body: None,
                object: false,
                content_range: None,
                preference_applied: Vec::new(),
                cache: None,
            });
        }
        let body = if table_like && !function.returns_set {
            // A single composite: the object itself, not a one-element array.
            let rows: Vec<Value> = serde_json::from_str(&out.body).unwrap_or_default();
            Body::new(rows.into_iter().next().unwrap_or(Value::Null).to_string())
        } else if table_like {
            shape_body(out.body, req.accept, out.page)?
        } else {
            Body::new(out.body)
        };
        Ok(ApiResponse {
            status: if out.total.is_some_and(|t| t > out.page) {
                206
            } else {
                200
            },
            body: Some(body),
            object: req.accept == Accept::Object,
            content_range: table_like.then(|| {
                content_range(
                    plan.as_ref().and_then(|p| p.offset).unwrap_or(0),
                    out.page,
                    out.total,
                )
            }),
            preference_applied: match (count, req.prefer.count) {
                (CountMode::Exact, Some(c)) => vec![format!("count={}", count_name(c))],
                _ => Vec::new(),
            },
            cache: None,
        })
    }
}

/// A function call's statement, and what its response needs to know.
pub(crate) struct PlannedRpc {
    function: Arc<Function>,
    plan: Option<ReadPlan>,
    count: CountMode,
    pub(crate) stmt: Statement,
}

/// A JSON array given for an array argument (`text[]`, `uuid[]`…) as PostgreSQL's array literal,
/// as PostgREST accepts it: `["a", "b,c", null]` → `{"a","b,c",NULL}`; nested arrays nest.
fn array_literal(items: &[Value]) -> String {
    let quoted = |s: &str| format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""));
    let parts: Vec<String> = items
        .iter()
        .map(|item| match item {
            Value::Null => "NULL".to_owned(),
            Value::String(s) => quoted(s),
            Value::Array(inner) => array_literal(inner),
            other => quoted(&other.to_string()),
        })
        .collect();
    format!("{{{}}}", parts.join(","))
}

/// A JSON argument as the text PostgreSQL casts to the argument's type.
fn json_to_text(v: Value) -> Option<String> {
    match v {
        Value::Null => None,
        Value::String(s) => Some(s),
        other => Some(other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::array_literal;
    use serde_json::json;

    #[test]
    fn a_json_array_becomes_an_array_literal_with_every_element_quoted() {
        let items = json!([
            "Otieno",
            "a,b",
            "say \"hi\"",
            "back\\slash",
            null,
            3,
            true,
            ["x"]
        ]);
        assert_eq!(
            array_literal(items.as_array().unwrap()),
            r#"{"Otieno","a,b","say \"hi\"","back\\slash",NULL,"3","true",{"x"}}"#
        );
        assert_eq!(array_literal(&[]), "{}");
    }
}
