//! Plan: the parsed request checked against the schema cache. Every table, column, relationship
//! and cast in a plan exists; nothing unchecked leaves this module.

use std::sync::Arc;

use kanisa_query::ast::{
    Condition, Field, JoinKind, JsonKey, JsonStep, LogicOp, Operation, OrderTerm, QueryParams,
    Scoped, SelectItem,
};

use crate::error::RestError;
use crate::schema::{Column, Function, SchemaCache, Table, closest};

/// Casts a `select=col::type` may ask for.
const ALLOWED_CASTS: &[&str] = &[
    "text",
    "varchar",
    "int",
    "int2",
    "int4",
    "int8",
    "integer",
    "smallint",
    "bigint",
    "numeric",
    "float4",
    "float8",
    "real",
    "double precision",
    "boolean",
    "bool",
    "date",
    "time",
    "timestamp",
    "timestamptz",
    "json",
    "jsonb",
    "uuid",
];

/// A column (with its JSON path and cast) of a planned table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColRef {
    pub column: String,
    pub json_path: Vec<JsonStep>,
    pub cast: Option<String>,
    /// The column's type, or `text`/`jsonb` for a JSON path ending in `->>`/`->`.
    pub type_name: String,
}

#[derive(Debug, Clone)]
pub enum OutItem {
    Column { col: ColRef, name: String },
    Embed(Box<EmbedPlan>),
}

#[derive(Debug, Clone)]
pub struct EmbedPlan {
    pub plan: ReadPlan,
    /// The key in the parent's JSON object.
    pub name: String,
    pub to_one: bool,
    pub inner: bool,
    pub spread: bool,
    /// SQL alias of the lateral join holding the embed's JSON (`body` column).
    pub lateral: String,
    pub join: JoinPlan,
}

/// How an embedded table's rows relate to their parent row.
#[derive(Debug, Clone)]
pub enum JoinPlan {
    /// child.child_cols = parent.parent_cols (many-to-one or one-to-many).
    Direct {
        child_cols: Vec<String>,
        parent_cols: Vec<String>,
    },
    /// Through a junction table: junction.j_child = child.child_cols and
    /// junction.j_parent = parent.parent_cols.
    Junction {
        junction: String,
        j_child: Vec<String>,
        child_cols: Vec<String>,
        j_parent: Vec<String>,
        parent_cols: Vec<String>,
    },
}

#[derive(Debug, Clone)]
pub enum PlannedCondition {
    Filter {
        col: ColRef,
        negated: bool,
        op: Operation,
    },
    Logic {
        op: LogicOp,
        negated: bool,
        children: Vec<PlannedCondition>,
    },
    /// `rel=is.null` / `rel=not.is.null` on an embed.
    EmbedExists {
        lateral: String,
        to_one: bool,
        exists: bool,
    },
}

#[derive(Debug, Clone)]
pub struct PlannedOrder {
    pub col: ColRef,
    pub term: OrderTerm,
}

#[derive(Debug, Clone)]
pub struct ReadPlan {
    pub table: Arc<Table>,
    /// SQL alias of this table in the statement (`t0`, `t1`, …).
    pub alias: String,
    pub items: Vec<OutItem>,
    pub conditions: Vec<PlannedCondition>,
    pub order: Vec<PlannedOrder>,
    pub limit: Option<u64>,
    pub offset: Option<u64>,
}

impl ReadPlan {
    /// Every table this plan reads (embeds and junctions included).
    pub fn tables(&self) -> Vec<String> {
        let mut out = vec![self.table.name.clone()];
        for e in self.embeds() {
            if let JoinPlan::Junction { junction, .. } = &e.join {
                out.push(junction.clone());
            }
            out.extend(e.plan.tables());
        }
        out.sort();
        out.dedup();
        out
    }

    pub fn embeds(&self) -> impl Iterator<Item = &EmbedPlan> {
        self.items.iter().filter_map(|i| match i {
            OutItem::Embed(e) => Some(e.as_ref()),
            OutItem::Column { .. } => None,
        })
    }
}

/// Builds the read plan for `table` from the query parameters. `max_rows` caps the root.
pub fn plan_read(
    cache: &SchemaCache,
    table: &str,
    params: &QueryParams,
    max_rows: Option<u64>,
) -> Result<ReadPlan, RestError> {
    let table = cache.table(table)?.clone();
    let star = vec![SelectItem::Star];
    let select = params.select.as_deref().unwrap_or(&star);
    let mut counter = 0;
    let mut plan = plan_node(cache, table, select, &[], params, &mut counter)?;
    if let Some(max) = max_rows {
        plan.limit = Some(plan.limit.map_or(max, |l| l.min(max)));
    }
    check_scoped_paths(&plan, params)?;
    Ok(plan)
}

fn plan_node(
    cache: &SchemaCache,
    table: Arc<Table>,
    select: &[SelectItem],
    path: &[String],
    params: &QueryParams,
    counter: &mut usize,
) -> Result<ReadPlan, RestError> {
    let alias = format!("t{counter}");
    *counter += 1;
    let mut items = Vec::new();
    for item in select {
        match item {
            SelectItem::Star => {
                for c in &table.columns {
                    items.push(OutItem::Column {
                        col: ColRef {
                            column: c.name.clone(),
                            json_path: Vec::new(),
                            cast: None,
                            type_name: c.type_name.clone(),
                        },
                        name: c.name.clone(),
                    });
                }
            }
            SelectItem::Field { field, alias, cast } => {
                let mut col = col_ref(&table, field)?;
                if let Some(cast) = cast {
                    let lower = cast.to_ascii_lowercase();
                    if !ALLOWED_CASTS.contains(&lower.as_str()) {
                        return Err(RestError::BadCast(cast.clone()));
                    }
                    col.cast = Some(lower);
                }
                let name = alias.clone().unwrap_or_else(|| output_name(field));
                check_key(&name)?;
                items.push(OutItem::Column { col, name });
            }
            SelectItem::Embed {
                relation,
                alias: embed_alias,
                hint,
                join,
                spread,
                select,
            } => {
                let rel = resolve(cache, &table, relation, hint.as_deref())?;
                let name = embed_alias.clone().unwrap_or_else(|| relation.clone());
                check_key(&name)?;
                let mut child_path = path.to_vec();
                child_path.push(name.clone());
                let child_table = cache.table(&rel.target)?.clone();
                let child = plan_node(cache, child_table, select, &child_path, params, counter)?;
                if *spread && !rel.to_one {
                    return Err(RestError::Unsupported(format!(
                        "A spread ('...{relation}') needs a to-one relationship"
                    )));
                }
                let lateral = format!("e{}", *counter);
                *counter += 1;
                items.push(OutItem::Embed(Box::new(EmbedPlan {
                    plan: child,
                    name,
                    to_one: rel.to_one,
                    inner: *join == Some(JoinKind::Inner),
                    spread: *spread,
                    lateral,
                    join: rel.join,
                })));
            }
        }
    }
    let mut plan = ReadPlan {
        table,
        alias,
        items,
        conditions: Vec::new(),
        order: Vec::new(),
        limit: scoped_last(&params.limit, path),
        offset: scoped_last(&params.offset, path),
    };
    for c in params.conditions.iter().filter(|c| c.path == path) {
        let planned = plan_condition(&plan, &c.value)?;
        plan.conditions.push(planned);
    }
    for o in params.order.iter().filter(|o| o.path == path) {
        for term in &o.value {
            plan.order.push(PlannedOrder {
                col: col_ref(&plan.table, &term.field)?,
                term: term.clone(),
            });
        }
    }
    Ok(plan)
}

fn scoped_last(values: &[Scoped<u64>], path: &[String]) -> Option<u64> {
    values
        .iter()
        .rev()
        .find(|v| v.path == path)
        .map(|v| v.value)
}

/// Every embed-scoped parameter must name an embed of the select.
fn check_scoped_paths(root: &ReadPlan, params: &QueryParams) -> Result<(), RestError> {
    let paths = params
        .conditions
        .iter()
        .map(|c| &c.path)
        .chain(params.order.iter().map(|o| &o.path))
        .chain(params.limit.iter().map(|l| &l.path))
        .chain(params.offset.iter().map(|l| &l.path));
    for path in paths {
        let mut node = root;
        for name in path {
            match node.embeds().find(|e| &e.name == name) {
                Some(e) => node = &e.plan,
                None => {
                    return Err(RestError::Unsupported(format!(
                        "'{}' is not an embedded resource in this request",
                        path.join(".")
                    )));
                }
            }
        }
    }
    Ok(())
}

fn plan_condition(plan: &ReadPlan, cond: &Condition) -> Result<PlannedCondition, RestError> {
    match cond {
        Condition::Filter { field, negated, op } => {
            // `rel=is.null` on an embedded resource tests its presence.
            if field.json_path.is_empty()
                && plan.table.column(&field.name).is_none()
                && let Some(embed) = plan.embeds().find(|e| e.name == field.name)
                && let Operation::Is(v) = op
            {
                use kanisa_query::ast::IsValue;
                let null = match v {
                    IsValue::Null => true,
                    IsValue::NotNull => false,
                    _ => {
                        return Err(RestError::Unsupported(
                            "An embedded resource can only be filtered with is.null or not.is.null"
                                .into(),
                        ));
                    }
                };
                return Ok(PlannedCondition::EmbedExists {
                    lateral: embed.lateral.clone(),
                    to_one: embed.to_one,
                    exists: null == *negated,
                });
            }
            Ok(PlannedCondition::Filter {
                col: col_ref(&plan.table, field)?,
                negated: *negated,
                op: op.clone(),
            })
        }
        Condition::Logic {
            op,
            negated,
            children,
        } => Ok(PlannedCondition::Logic {
            op: *op,
            negated: *negated,
            children: children
                .iter()
                .map(|c| plan_condition(plan, c))
                .collect::<Result<_, _>>()?,
        }),
    }
}

/// A field of `table`, checked.
pub fn col_ref(table: &Table, field: &Field) -> Result<ColRef, RestError> {
    let column = table
        .column(&field.name)
        .ok_or_else(|| RestError::UnknownColumn {
            table: table.name.clone(),
            column: field.name.clone(),
            suggestion: closest(&field.name, table.columns.iter().map(|c| c.name.as_str())),
        })?;
    for step in &field.json_path {
        let (JsonStep::Arrow(key) | JsonStep::DoubleArrow(key)) = step;
        match key {
            JsonKey::Index(i) if i32::try_from(*i).is_err() => {
                return Err(RestError::Unsupported(format!(
                    "The JSON array index {i} is out of range"
                )));
            }
            JsonKey::Key(k) if k.contains('\0') => {
                return Err(RestError::Unsupported(
                    "A JSON key cannot hold a NUL byte".into(),
                ));
            }
            _ => {}
        }
    }
    let type_name = match field.json_path.last() {
        None => column.type_name.clone(),
        Some(JsonStep::Arrow(_)) => "jsonb".to_owned(),
        Some(JsonStep::DoubleArrow(_)) => "text".to_owned(),
    };
    Ok(ColRef {
        column: column.name.clone(),
        json_path: field.json_path.clone(),
        cast: None,
        type_name,
    })
}

/// An output key becomes a quoted SQL alias: PostgreSQL refuses empty ones and NUL bytes and
/// cuts names after 63 bytes (two long keys would collide), so such keys are refused here.
fn check_key(name: &str) -> Result<(), RestError> {
    if name.is_empty() || name.contains('\0') || name.len() > 63 {
        return Err(RestError::Unsupported(format!(
            "The name {name:?} cannot be an output key: it must be 1 to 63 bytes without NUL"
        )));
    }
    Ok(())
}

/// The JSON key of a selected field: its name, or the last key of its JSON path.
fn output_name(field: &Field) -> String {
    for step in field.json_path.iter().rev() {
        let (JsonStep::Arrow(key) | JsonStep::DoubleArrow(key)) = step;
        if let JsonKey::Key(k) = key {
            return k.clone();
        }
    }
    field.name.clone()
}

struct Relationship {
    target: String,
    to_one: bool,
    join: JoinPlan,
    /// How an ambiguity error describes this relationship.
    described: Candidate,
}

/// One of the relationships an ambiguous embed could mean, as the PGRST201 error lists it
/// (PostgREST's `details` entries).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    /// What to embed instead to choose this relationship: `<target>!<key name>`.
    pub hint: String,
    /// `many-to-one`, `one-to-many` or `many-to-many`.
    pub cardinality: &'static str,
    /// `<parent> with <target>`.
    pub embedding: String,
    /// `<key> using <table>(<cols>) and <table>(<cols>)`, or for many-to-many
    /// `<junction> using <key>(<cols>) and <key>(<cols>)`.
    pub relationship: String,
}

fn cols(names: &[String]) -> String {
    format!("({})", names.join(", "))
}

/// Finds how `parent` relates to the embedded name `rel` (a table, a foreign key's name or its
/// column), narrowed by `hint`.
fn resolve(
    cache: &SchemaCache,
    parent: &Table,
    rel: &str,
    hint: Option<&str>,
) -> Result<Relationship, RestError> {
    let mut found = Vec::new();
    let single_col = |cols: &[String], name: &str| cols.len() == 1 && cols[0] == name;
    for fk in &cache.foreign_keys {
        // Many-to-one: the parent holds the key.
        if fk.table == parent.name
            && (fk.ref_table == rel || fk.name == rel || single_col(&fk.columns, rel))
            && hint.is_none_or(|h| fk.name == h || single_col(&fk.columns, h))
        {
            found.push(Relationship {
                target: fk.ref_table.clone(),
                to_one: true,
                join: JoinPlan::Direct {
                    child_cols: fk.ref_columns.clone(),
                    parent_cols: fk.columns.clone(),
                },
                described: Candidate {
                    hint: format!("{}!{}", fk.ref_table, fk.name),
                    cardinality: "many-to-one",
                    embedding: format!("{} with {}", parent.name, fk.ref_table),
                    relationship: format!(
                        "{} using {}{} and {}{}",
                        fk.name,
                        parent.name,
                        cols(&fk.columns),
                        fk.ref_table,
                        cols(&fk.ref_columns)
                    ),
                },
            });
        }
        // One-to-many: the child holds the key.
        if fk.ref_table == parent.name
            && (fk.table == rel || fk.name == rel)
            && hint.is_none_or(|h| fk.name == h || single_col(&fk.columns, h))
        {
            found.push(Relationship {
                target: fk.table.clone(),
                to_one: false,
                join: JoinPlan::Direct {
                    child_cols: fk.columns.clone(),
                    parent_cols: fk.ref_columns.clone(),
                },
                described: Candidate {
                    hint: format!("{}!{}", fk.table, fk.name),
                    cardinality: "one-to-many",
                    embedding: format!("{} with {}", parent.name, fk.table),
                    relationship: format!(
                        "{} using {}{} and {}{}",
                        fk.name,
                        parent.name,
                        cols(&fk.ref_columns),
                        fk.table,
                        cols(&fk.columns)
                    ),
                },
            });
        }
    }
    // Many-to-many through a junction holding keys to both.
    if cache.tables.contains_key(rel) {
        for to_parent in cache
            .foreign_keys
            .iter()
            .filter(|fk| fk.ref_table == parent.name && fk.table != rel)
        {
            for to_child in cache.foreign_keys.iter().filter(|fk| {
                fk.table == to_parent.table && fk.ref_table == rel && fk.name != to_parent.name
            }) {
                if hint.is_some_and(|h| {
                    h != to_parent.table && h != to_child.name && h != to_parent.name
                }) {
                    continue;
                }
                found.push(Relationship {
                    target: rel.to_owned(),
                    to_one: false,
                    join: JoinPlan::Junction {
                        junction: to_parent.table.clone(),
                        j_child: to_child.columns.clone(),
                        child_cols: to_child.ref_columns.clone(),
                        j_parent: to_parent.columns.clone(),
                        parent_cols: to_parent.ref_columns.clone(),
                    },
                    // The junction's key to the embedded table names this path uniquely.
                    // PostgREST suggests the junction's name, which stays ambiguous when one
                    // junction holds two keys to the embedded table (budgets → users through
                    // expenses); the key's name always resolves.
                    described: Candidate {
                        hint: format!("{rel}!{}", to_child.name),
                        cardinality: "many-to-many",
                        embedding: format!("{} with {rel}", parent.name),
                        relationship: format!(
                            "{} using {}{} and {}{}",
                            to_parent.table,
                            to_parent.name,
                            cols(&to_parent.columns),
                            to_child.name,
                            cols(&to_child.columns)
                        ),
                    },
                });
            }
        }
    }
    match found.len() {
        0 => Err(RestError::NoRelationship {
            parent: parent.name.clone(),
            child: rel.to_owned(),
        }),
        1 => Ok(found.remove(0)),
        _ => Err(RestError::AmbiguousRelationship {
            parent: parent.name.clone(),
            child: rel.to_owned(),
            candidates: found.into_iter().map(|r| r.described).collect(),
        }),
    }
}

/// The two plans of a write: how the touched rows are read back (the select with its embeds,
/// but no root filters or page) and which rows a PATCH/DELETE touches (the root filters).
pub fn plan_write(
    cache: &SchemaCache,
    table: &str,
    params: &QueryParams,
) -> Result<(ReadPlan, ReadPlan), RestError> {
    let mut read_params = params.clone();
    read_params.conditions.retain(|c| !c.path.is_empty());
    read_params.limit.retain(|l| !l.path.is_empty());
    read_params.offset.retain(|l| !l.path.is_empty());
    read_params.order.retain(|o| !o.path.is_empty());
    let read_plan = plan_read(cache, table, &read_params, None)?;
    let filters = QueryParams {
        select: Some(Vec::new()),
        conditions: params
            .conditions
            .iter()
            .filter(|c| c.path.is_empty())
            .cloned()
            .collect(),
        ..QueryParams::default()
    };
    let filter_plan = plan_read(cache, table, &filters, None)?;
    Ok((read_plan, filter_plan))
}

/// A function call checked against the function's signature: each argument with its type and
/// value, in declaration order, and — for functions returning rows — the read plan over them.
pub type RpcPlan = (Vec<(String, String, Option<String>)>, Option<ReadPlan>);

/// Binds the given `name → value` arguments to `function` (every name must be an argument,
/// every argument without a default must be given) and plans the read of its rows.
pub fn plan_rpc(
    cache: &SchemaCache,
    function: &Function,
    mut given: Vec<(String, Option<String>)>,
    params: &QueryParams,
    max_rows: Option<u64>,
) -> Result<RpcPlan, RestError> {
    let mut args = Vec::new();
    for a in &function.args {
        if let Some(pos) = given.iter().position(|(k, _)| *k == a.name) {
            let (_, v) = given.remove(pos);
            args.push((a.name.clone(), a.type_name.clone(), v));
        } else if !a.has_default {
            return Err(signature_error(function, &given));
        }
    }
    if !given.is_empty() {
        return Err(signature_error(function, &given));
    }
    if !(function.returns_set || function.returns_composite) {
        return Ok((args, None));
    }
    let table = match &function.returns_table {
        Some(t) => cache.table(t)?.clone(),
        // RETURNS TABLE(…) / OUT columns: a table of their own for the planner.
        None => Arc::new(Table {
            name: function.name.clone(),
            is_view: true,
            columns: function
                .out_columns
                .iter()
                .map(|(n, t)| Column {
                    name: n.clone(),
                    type_name: t.clone(),
                    nullable: true,
                    has_default: false,
                    generated: false,
                    description: None,
                    enum_values: None,
                    default_expr: None,
                })
                .collect(),
            primary_key: Vec::new(),
            description: None,
            ..Table::default()
        }),
    };
    let mut scoped = cache.clone();
    scoped.tables.insert(table.name.clone(), table.clone());
    let plan = plan_read(&scoped, &table.name, params, max_rows)?;
    Ok((args, Some(plan)))
}

fn signature_error(function: &Function, given: &[(String, Option<String>)]) -> RestError {
    let mut names: Vec<&str> = given.iter().map(|(k, _)| k.as_str()).collect();
    names.sort_unstable();
    RestError::FunctionArgs {
        name: function.name.clone(),
        args: names.join(", "),
        expected: function
            .args
            .iter()
            .map(|a| a.name.as_str())
            .collect::<Vec<_>>()
            .join(", "),
    }
}
