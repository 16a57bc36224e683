//! `GET /rest/v1/`: an OpenAPI 3 description of the exposed tables and functions, generated
//! from the schema cache (so it is never out of date) and limited to what the caller's role
//! was granted.

use serde_json::{Map, Value, json};

use crate::schema::{Column, Function, Grants, SchemaCache, Table};

pub fn document(cache: &SchemaCache, server_url: &str, role: &str) -> Value {
    let everything = Grants {
        select: true,
        insert: true,
        update: true,
        delete: true,
    };
    // Each caller sees what it was granted: anon the public reads and the two forms, a
    // signed-in user the staff tables, service_role everything.
    let mut tables: Vec<(&Table, Grants)> = cache
        .tables
        .values()
        .map(|t| (t.as_ref(), t.grants.of(role).unwrap_or(everything)))
        .filter(|(_, g)| g.any())
        .collect();
    tables.sort_by(|a, b| a.0.name.cmp(&b.0.name));
    let mut functions: Vec<&Function> = cache
        .functions
        .values()
        .map(AsRef::as_ref)
        .filter(|f| match role {
            "anon" => f.anon_execute,
            "authenticated" => f.authenticated_execute,
            _ => true,
        })
        .collect();
    functions.sort_by(|a, b| a.name.cmp(&b.name));

    let mut paths = Map::new();
    let mut schemas = Map::new();
    schemas.insert(ERROR_SCHEMA.to_owned(), error_schema());
    for (t, grants) in &tables {
        schemas.insert(t.name.clone(), table_schema(t));
        schemas.insert(selected_name(&t.name), selected_schema(t));
        paths.insert(format!("/{}", t.name), table_path(t, grants));
    }
    for f in &functions {
        paths.insert(format!("/rpc/{}", f.name), function_path(f));
    }
    json!({
        "openapi": "3.0.3",
        "info": {
            "title": "Kanisa table API",
            "description": "PostgREST-compatible access to the church's tables and functions. \
                            Rows a caller may see or change are decided by row-level policies.",
            "version": env!("CARGO_PKG_VERSION"),
        },
        "servers": [{"url": server_url}],
        "paths": paths,
        "components": {
            "schemas": schemas,
            "parameters": common_parameters(),
            "securitySchemes": {
                "bearer": {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"},
                "apikey": {"type": "apiKey", "in": "header", "name": "apikey"},
            },
        },
        "security": [{"bearer": []}, {"apikey": []}],
    })
}

/// The error envelope every failure answers with (`kanisa-server`'s `ApiError`).
const ERROR_SCHEMA: &str = "Error";

/// Every status an error of the table API may have (kanisa-rest's `error.rs`, the server's
/// limits and token checks): 300 an ambiguous embed, 400 the request or a value a CHECK
/// refuses (a line break in a one-line field, a length), 401/403 privileges and policies, 404
/// an unknown table or function, 405 a method, 406 `Accept` or a single object, 409 a
/// conflict, 413 the body, 414 the query string, 415 a media type, 416 a range, 500, 503, 504
/// the server or database.
const ERROR_STATUSES: &[(&str, &str)] = &[
    (
        "300",
        "More than one relationship matches an embed (PGRST201)",
    ),
    (
        "400",
        "The request is malformed, names something that does not exist, or holds a value a \
         field refuses (its message names the field)",
    ),
    ("401", "Anonymous, without the right; or a bad token"),
    (
        "403",
        "Signed in, without the right (privileges or row-level policies)",
    ),
    ("404", "No such table or function"),
    ("405", "The method is not allowed here"),
    (
        "406",
        "The Accept header or the single-object contract cannot be met",
    ),
    ("409", "A unique or foreign key conflict"),
    ("413", "The body is too large"),
    ("414", "The query string is too long"),
    ("415", "The body's media type is not accepted"),
    ("416", "The range cannot be satisfied"),
    (
        "429",
        "Too many public submissions from this address or e-mail: try again after Retry-After",
    ),
    ("500", "The server failed"),
    ("503", "The database is not available"),
    ("504", "The statement took too long"),
];

fn error_schema() -> Value {
    json!({
        "type": "object",
        "required": ["code", "message"],
        "properties": {
            "code": {"type": "string", "description": "PostgREST's code, or the SQLSTATE"},
            "message": {"type": "string"},
            "details": {"nullable": true,
                        "description": "Text; for PGRST201 the candidate relationships"},
            "hint": {"type": "string", "nullable": true},
        },
    })
}

/// `responses` of an operation: its successes, then every error status.
fn with_errors(successes: Value) -> Value {
    let mut responses = match successes {
        Value::Object(map) => map,
        _ => Map::new(),
    };
    for (status, description) in ERROR_STATUSES {
        responses.insert(
            (*status).to_owned(),
            json!({
                "description": description,
                "content": {"application/json": {"schema": {
                    "$ref": format!("#/components/schemas/{ERROR_SCHEMA}")
                }}},
            }),
        );
    }
    Value::Object(responses)
}

/// The name of a table's row as a read returns it.
fn selected_name(table: &str) -> String {
    format!("{table}.selected")
}

/// A row as an answer carries it: `select=` picks, renames and embeds, so any of the columns
/// may be there and others may be added; none is required.
fn selected_schema(t: &Table) -> Value {
    let properties: Map<String, Value> = t
        .columns
        .iter()
        .map(|c| (c.name.clone(), column_schema(c)))
        .collect();
    json!({"type": "object", "properties": properties,
           "description": format!("A row of {} as select= shapes it", t.name)})
}

fn column_schema(c: &Column) -> Value {
    let mut s = type_schema(&c.type_name);
    let obj = s.as_object_mut().expect("type_schema returns an object");
    if let Some(values) = &c.enum_values {
        obj.insert("enum".into(), json!(values));
    }
    if let Some(d) = &c.description {
        obj.insert("description".into(), json!(d));
    }
    if c.nullable {
        obj.insert("nullable".into(), json!(true));
    }
    if c.generated {
        obj.insert("readOnly".into(), json!(true));
    }
    s
}

fn type_schema(type_name: &str) -> Value {
    if let Some(element) = type_name.strip_suffix("[]") {
        return json!({"type": "array", "items": type_schema(element)});
    }
    let base = type_name.split('(').next().unwrap_or(type_name).trim();
    match base {
        "smallint" | "integer" | "bigint" => json!({"type": "integer"}),
        "numeric" | "real" | "double precision" => json!({"type": "number"}),
        "boolean" => json!({"type": "boolean"}),
        "uuid" => json!({"type": "string", "format": "uuid"}),
        "date" => json!({"type": "string", "format": "date"}),
        // RFC 3339 needs an offset: a timestamp without time zone has none.
        "timestamp with time zone" => json!({"type": "string", "format": "date-time"}),
        "json" | "jsonb" => json!({}),
        _ => json!({"type": "string", "x-postgres-type": type_name}),
    }
}

fn table_schema(t: &Table) -> Value {
    let properties: Map<String, Value> = t
        .columns
        .iter()
        .map(|c| (c.name.clone(), column_schema(c)))
        .collect();
    let required: Vec<&str> = t
        .columns
        .iter()
        .filter(|c| !c.nullable && !c.has_default && !c.generated)
        .map(|c| c.name.as_str())
        .collect();
    let mut s = json!({"type": "object", "properties": properties});
    if !required.is_empty() {
        s["required"] = json!(required);
    }
    if let Some(d) = &t.description {
        s["description"] = json!(d);
    }
    s
}

fn common_parameters() -> Value {
    json!({
        "select": {"name": "select", "in": "query", "schema": {"type": "string"},
                   "description": "Columns and embedded resources, e.g. title,speaker"},
        "order": {"name": "order", "in": "query", "schema": {"type": "string"},
                  "description": "e.g. sermon_date.desc.nullslast"},
        "limit": {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 0}},
        "offset": {"name": "offset", "in": "query", "schema": {"type": "integer", "minimum": 0}},
        "prefer": {"name": "Prefer", "in": "header", "schema": {"type": "string"},
                   "description": "return=…, count=…, resolution=…, tx=…, max-affected=…"},
        "range": {"name": "Range", "in": "header", "schema": {"type": "string"},
                  "description": "e.g. 0-19"},
    })
}

fn param_ref(name: &str) -> Value {
    json!({"$ref": format!("#/components/parameters/{name}")})
}

fn table_path(t: &Table, grants: &Grants) -> Value {
    let schema_ref = json!({"$ref": format!("#/components/schemas/{}", t.name)});
    let selected_ref = json!({"$ref": format!("#/components/schemas/{}", selected_name(&t.name))});
    let rows = json!({"type": "array", "items": selected_ref});
    let mut filters: Vec<Value> = t
        .columns
        .iter()
        .map(|c| {
            json!({"name": c.name, "in": "query", "required": false,
                   "schema": {"type": "string"},
                   "description": format!("Filter on {}, e.g. eq.value", c.name)})
        })
        .collect();
    let mut read_params = vec![
        param_ref("select"),
        param_ref("order"),
        param_ref("limit"),
        param_ref("offset"),
        param_ref("range"),
        param_ref("prefer"),
    ];
    read_params.append(&mut filters.clone());
    let ok = |description: &str| {
        json!({"description": description,
               "content": {"application/json": {"schema": rows}}})
    };
    let body = json!({"content": {"application/json": {"schema": {
        "oneOf": [schema_ref, {"type": "array", "items": schema_ref}]
    }}}});
    let mut write_params = vec![param_ref("select"), param_ref("prefer")];
    write_params.append(&mut filters);
    // An insert answers 201 (200: an upsert that inserted nothing) with the rows under
    // Prefer: return=representation and without a body otherwise, so no schema is promised.
    let written = |description: &str| {
        json!({"description": format!("{description}; the rows with Prefer: return=representation"),
               "content": {"application/json": {}}})
    };
    let mut item = json!({});
    if grants.select {
        item["get"] = json!({"summary": format!("Read {}", t.name), "parameters": read_params,
                "responses": with_errors(json!({"200": ok("The rows"), "206": ok("A partial page")}))});
    }
    if !t.is_view {
        if grants.insert {
            item["post"] = json!({"summary": format!("Insert into {}", t.name),
                "parameters": [param_ref("select"), param_ref("prefer")],
                "requestBody": body,
                "responses": with_errors(json!({"201": written("Created"),
                                                "200": written("An upsert that inserted no row")}))});
        }
        if grants.update {
            item["patch"] = json!({"summary": format!("Update rows of {} (a filter is required)", t.name),
                "parameters": write_params.clone(),
                "requestBody": {"content": {"application/json": {"schema": schema_ref}}},
                "responses": with_errors(json!({"200": ok("The updated rows"), "204": {"description": "Updated"}}))});
        }
        if grants.delete {
            item["delete"] = json!({"summary": format!("Delete rows of {} (a filter is required)", t.name),
                "parameters": write_params,
                "responses": with_errors(json!({"200": ok("The deleted rows"), "204": {"description": "Deleted"}}))});
        }
    }
    item
}

fn function_path(f: &Function) -> Value {
    let properties: Map<String, Value> = f
        .args
        .iter()
        .map(|a| (a.name.clone(), type_schema(&a.type_name)))
        .collect();
    let required: Vec<&str> = f
        .args
        .iter()
        .filter(|a| !a.has_default)
        .map(|a| a.name.as_str())
        .collect();
    let mut args = json!({"type": "object", "properties": properties});
    if !required.is_empty() {
        args["required"] = json!(required);
    }
    let result = with_errors(if f.returns_void() {
        json!({"204": {"description": "Done"}})
    } else {
        json!({"200": {"description": "The result", "content": {"application/json": {}}},
               "206": {"description": "A partial page of a set", "content": {"application/json": {}}}})
    });
    let mut item = json!({
        "post": {
            "summary": f.description.clone().unwrap_or_else(|| format!("Call {}", f.name)),
            "requestBody": {"content": {"application/json": {"schema": args}}},
            "responses": result,
        }
    });
    if f.volatility != 'v' {
        let params: Vec<Value> = f
            .args
            .iter()
            .map(|a| {
                json!({"name": a.name, "in": "query", "required": !a.has_default,
                            "schema": type_schema(&a.type_name)})
            })
            .collect();
        item["get"] = json!({
            "summary": f.description.clone().unwrap_or_else(|| format!("Call {}", f.name)),
            "parameters": params,
            "responses": result,
        });
    }
    item
}
