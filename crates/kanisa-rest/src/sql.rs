//! SQL: plans turned into sea-query statements. Identifiers come only from plans (checked
//! against the schema cache) and are quoted by sea-query; every value is a bound parameter.
//! The fixed SQL around them (json_agg, lateral joins, casts to catalog types) is written here.

use kanisa_query::ast::{
    CompareOp, Direction, FtsOp, IsValue, JsonKey, JsonStep, LogicOp, Nulls, Operation, Quantifier,
    RangeOp,
};
use sea_query::{
    Alias, CommonTableExpression, Cond, Condition, Expr, ExprTrait, JoinType, NullOrdering,
    OnConflict, Order, PostgresQueryBuilder, Query, SelectStatement, WithClause, WithQuery,
};
use sea_query_postgres::{PostgresBinder, PostgresValues};

use crate::plan::{ColRef, EmbedPlan, JoinPlan, OutItem, PlannedCondition, ReadPlan};
use crate::schema::EXPOSED_SCHEMA;

/// The CTE a write's rows are read back from.
pub const SOURCE: &str = "pgrst_source";

/// The column a merge upsert's written rows carry besides their own: whether the row was
/// inserted (`xmax = 0`: no earlier version) rather than updated.
pub const INSERTED: &str = "pgrst_inserted";

/// One SQL statement with its bound values, and what it returns.
#[derive(Debug)]
pub struct Statement {
    pub sql: String,
    pub values: PostgresValues,
    pub shape: Shape,
}

/// What a statement returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// One row: the total count (or NULL), the rows in this page, the JSON body — and for a
    /// merge upsert a fourth column, how many of the rows were inserted (`inserted`), for a
    /// guarded read whether its count could be an estimate ([`EVERY_ROW`]).
    Row,
    /// No rows: what counts is the command tag's row count (a write without RETURNING).
    Affected,
    /// `EXPLAIN (FORMAT JSON)`: one row, one JSON column holding the plan.
    Plan,
}

fn ident(name: &str) -> Alias {
    Alias::new(name)
}

fn col(qualifier: &str, name: &str) -> Expr {
    Expr::col((ident(qualifier), ident(name)))
}

/// `"schema"."table"` for the catalog name `table` (for casts like `NULL::"public"."t"`).
fn quoted_table(table: &str) -> String {
    format!("{}.{}", quote_ident(EXPOSED_SCHEMA), quote_ident(table))
}

/// Double-quotes an identifier taken from the schema cache.
pub fn quote_ident(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// A column with its JSON path and cast.
fn col_expr(qualifier: &str, c: &ColRef) -> Expr {
    let mut expr = col(qualifier, &c.column);
    for step in &c.json_path {
        let (op, key) = match step {
            JsonStep::Arrow(k) => ("->", k),
            JsonStep::DoubleArrow(k) => ("->>", k),
        };
        let key = match key {
            JsonKey::Key(k) => Expr::val(k.clone()),
            // The planner refuses indices outside i32.
            JsonKey::Index(i) => Expr::val(i32::try_from(*i).unwrap_or(i32::MAX)),
        };
        expr = Expr::cust_with_exprs(format!("($1 {op} $2)"), [expr, key]);
    }
    if let Some(cast) = &c.cast {
        // `cast` is one of plan::ALLOWED_CASTS.
        expr = Expr::cust_with_exprs(format!("CAST($1 AS {cast})"), [expr]);
    }
    expr
}

/// A value bound as text and cast to the column's catalog type.
fn typed_value(value: &str, type_name: &str) -> Expr {
    Expr::cust_with_exprs(
        format!("CAST($1 AS {type_name})"),
        [Expr::val(value.to_owned())],
    )
}

fn cond_expr(qualifier: &str, cond: &PlannedCondition) -> Condition {
    match cond {
        PlannedCondition::Filter { col, negated, op } => {
            let expr = filter_expr(qualifier, col, op);
            if *negated {
                Cond::all().not().add(expr)
            } else {
                Cond::all().add(expr)
            }
        }
        PlannedCondition::Logic {
            op,
            negated,
            children,
        } => {
            let mut c = match op {
                LogicOp::And => Cond::all(),
                LogicOp::Or => Cond::any(),
            };
            for child in children {
                c = c.add(cond_expr(qualifier, child));
            }
            if *negated { c.not() } else { c }
        }
        PlannedCondition::EmbedExists {
            lateral,
            to_one,
            exists,
        } => {
            let body = col(lateral, "body");
            let expr = match (to_one, exists) {
                (true, true) => body.is_not_null(),
                (true, false) => body.is_null(),
                (false, true) => Expr::cust_with_exprs("json_array_length($1) > 0", [body]),
                (false, false) => Expr::cust_with_exprs("json_array_length($1) = 0", [body]),
            };
            Cond::all().add(expr)
        }
    }
}

fn filter_expr(qualifier: &str, c: &ColRef, op: &Operation) -> Expr {
    let lhs = col_expr(qualifier, c);
    let ty = c.type_name.as_str();
    match op {
        Operation::Compare {
            op,
            quantifier,
            values,
        } => {
            let (sym, rhs_type) = match op {
                CompareOp::Eq => ("=", ty),
                CompareOp::Neq => ("<>", ty),
                CompareOp::Gt => (">", ty),
                CompareOp::Gte => (">=", ty),
                CompareOp::Lt => ("<", ty),
                CompareOp::Lte => ("<=", ty),
                CompareOp::Like => ("LIKE", "text"),
                CompareOp::Ilike => ("ILIKE", "text"),
                CompareOp::Match => ("~", "text"),
                CompareOp::Imatch => ("~*", "text"),
            };
            let lhs = if rhs_type == "text" && ty != "text" {
                Expr::cust_with_exprs("CAST($1 AS text)", [lhs])
            } else {
                lhs
            };
            match quantifier {
                None => {
                    let v = values.first().map_or("", String::as_str);
                    Expr::cust_with_exprs(format!("$1 {sym} $2"), [lhs, typed_value(v, rhs_type)])
                }
                Some(q) => {
                    let q = match q {
                        Quantifier::Any => "ANY",
                        Quantifier::All => "ALL",
                    };
                    if values.is_empty() {
                        return Expr::cust(if q == "ANY" { "false" } else { "true" });
                    }
                    let (list, mut exprs) = list_of(values, rhs_type);
                    let rows: Vec<String> = list.iter().map(|v| format!("({v})")).collect();
                    exprs.insert(0, lhs);
                    Expr::cust_with_exprs(
                        format!(
                            "$1 {sym} {q} (SELECT _v FROM (VALUES {}) AS _q(_v))",
                            rows.join(", ")
                        ),
                        exprs,
                    )
                }
            }
        }
        Operation::Is(v) => {
            let test = match v {
                IsValue::Null => "IS NULL",
                IsValue::NotNull => "IS NOT NULL",
                IsValue::True => "IS TRUE",
                IsValue::False => "IS FALSE",
                IsValue::Unknown => "IS UNKNOWN",
            };
            Expr::cust_with_exprs(format!("$1 {test}"), [lhs])
        }
        Operation::IsDistinct(v) => {
            Expr::cust_with_exprs("$1 IS DISTINCT FROM $2", [lhs, typed_value(v, ty)])
        }
        Operation::In(values) => {
            if values.is_empty() {
                return Expr::cust("false");
            }
            let (list, mut exprs) = list_of(values, ty);
            exprs.insert(0, lhs);
            Expr::cust_with_exprs(format!("$1 IN ({})", list.join(", ")), exprs)
        }
        Operation::Range { op, value } => {
            let sym = match op {
                RangeOp::Contains => "@>",
                RangeOp::ContainedIn => "<@",
                RangeOp::Overlap => "&&",
                RangeOp::StrictlyLeft => "<<",
                RangeOp::StrictlyRight => ">>",
                RangeOp::NotExtendRight => "&<",
                RangeOp::NotExtendLeft => "&>",
                RangeOp::Adjacent => "-|-",
            };
            Expr::cust_with_exprs(format!("$1 {sym} $2"), [lhs, typed_value(value, ty)])
        }
        Operation::Fts { op, config, value } => {
            let func = match op {
                FtsOp::Fts => "to_tsquery",
                FtsOp::Plfts => "plainto_tsquery",
                FtsOp::Phfts => "phraseto_tsquery",
                FtsOp::Wfts => "websearch_to_tsquery",
            };
            let vector = if ty == "tsvector" {
                lhs
            } else {
                match config {
                    Some(cfg) => Expr::cust_with_exprs(
                        "to_tsvector(CAST($1 AS regconfig), CAST($2 AS text))",
                        [Expr::val(cfg.clone()), lhs],
                    ),
                    None => Expr::cust_with_exprs("to_tsvector(CAST($1 AS text))", [lhs]),
                }
            };
            let query = match config {
                Some(cfg) => Expr::cust_with_exprs(
                    format!("{func}(CAST($1 AS regconfig), $2)"),
                    [Expr::val(cfg.clone()), Expr::val(value.clone())],
                ),
                None => Expr::cust_with_exprs(format!("{func}($1)"), [Expr::val(value.clone())]),
            };
            Expr::cust_with_exprs("$1 @@ $2", [vector, query])
        }
    }
}

/// `CAST($2 AS t), CAST($3 AS t), …` for a list of values (placeholders from $2 on, as the
/// caller puts the left-hand side at $1). No square brackets: sea-query's template tokenizer
/// reads `[…]` as a quoted name and would not bind placeholders inside it.
fn list_of(values: &[String], type_name: &str) -> (Vec<String>, Vec<Expr>) {
    let placeholders = (0..values.len())
        .map(|i| format!("CAST(${} AS {type_name})", i + 2))
        .collect();
    let exprs = values.iter().map(|v| Expr::val(v.clone())).collect();
    (placeholders, exprs)
}

/// Which source a read plan's root reads from.
#[derive(Clone, Copy)]
pub enum Source {
    /// The table itself.
    Table,
    /// The rows a write returned (the `pgrst_source` CTE).
    Written,
}

/// The SELECT for a plan node: its columns, its embeds as lateral joins, its filters, order and
/// page. `parent` is the parent's alias for an embed.
fn select_node(
    plan: &ReadPlan,
    source: Source,
    parent: Option<(&str, &EmbedPlan)>,
) -> SelectStatement {
    let mut q = Query::select();
    match source {
        Source::Table => {
            q.from_as(
                (ident(EXPOSED_SCHEMA), ident(&plan.table.name)),
                ident(&plan.alias),
            );
        }
        Source::Written => {
            q.from_as(ident(SOURCE), ident(&plan.alias));
        }
    }
    for item in &plan.items {
        match item {
            OutItem::Column { col: c, name } => {
                q.expr_as(col_expr(&plan.alias, c), ident(name));
            }
            OutItem::Embed(embed) => add_embed(&mut q, plan, embed),
        }
    }
    // `select=` with nothing to select: rows without columns (PostgreSQL allows an empty
    // select list), each an empty object `{}` in the body, as PostgREST answers.
    if let Some((parent_alias, embed)) = parent {
        q.cond_where(join_condition(parent_alias, &plan.alias, &embed.join));
    }
    for c in &plan.conditions {
        q.cond_where(cond_expr(&plan.alias, c));
    }
    for o in &plan.order {
        let expr = col_expr(&plan.alias, &o.col);
        let order = match o.term.direction {
            Some(Direction::Desc) => Order::Desc,
            _ => Order::Asc,
        };
        match o.term.nulls {
            Some(Nulls::First) => q.order_by_expr_with_nulls(expr, order, NullOrdering::First),
            Some(Nulls::Last) => q.order_by_expr_with_nulls(expr, order, NullOrdering::Last),
            None => q.order_by_expr(expr, order),
        };
    }
    if let Some(limit) = plan.limit {
        q.limit(limit);
    }
    if let Some(offset) = plan.offset {
        q.offset(offset);
    }
    q
}

fn add_embed(q: &mut SelectStatement, plan: &ReadPlan, embed: &EmbedPlan) {
    let child = select_node(&embed.plan, Source::Table, Some((&plan.alias, embed)));
    let mut sub = Query::select();
    let row = Expr::col(ident("_c"));
    if embed.to_one {
        sub.expr_as(
            Expr::cust_with_exprs("row_to_json($1)", [row]),
            ident("body"),
        );
    } else {
        sub.expr_as(
            Expr::cust_with_exprs("coalesce(json_agg($1), '[]'::json)", [row]),
            ident("body"),
        );
    }
    sub.from_subquery(child, ident("_c"));
    let join = if embed.inner && embed.to_one {
        JoinType::InnerJoin
    } else {
        JoinType::LeftJoin
    };
    q.join_lateral(join, sub, ident(&embed.lateral), Expr::cust("true"));
    if embed.inner && !embed.to_one {
        q.and_where(Expr::cust_with_exprs(
            "json_array_length($1) > 0",
            [col(&embed.lateral, "body")],
        ));
    }
    if embed.spread {
        for item in &embed.plan.items {
            if let OutItem::Column { name, .. } = item {
                q.expr_as(
                    Expr::cust_with_exprs(
                        "($1 -> $2)",
                        [col(&embed.lateral, "body"), Expr::val(name.clone())],
                    ),
                    ident(name),
                );
            }
        }
    } else {
        q.expr_as(col(&embed.lateral, "body"), ident(&embed.name));
    }
}

fn join_condition(parent: &str, child: &str, join: &JoinPlan) -> Condition {
    match join {
        JoinPlan::Direct {
            child_cols,
            parent_cols,
        } => {
            let mut c = Cond::all();
            for (cc, pc) in child_cols.iter().zip(parent_cols) {
                c = c.add(col(child, cc).equals((ident(parent), ident(pc))));
            }
            c
        }
        JoinPlan::Junction {
            junction,
            j_child,
            child_cols,
            j_parent,
            parent_cols,
        } => {
            let mut exists = Query::select();
            exists
                .expr(Expr::cust("1"))
                .from_as((ident(EXPOSED_SCHEMA), ident(junction)), ident("_j"));
            for (jc, cc) in j_child.iter().zip(child_cols) {
                exists.and_where(col("_j", jc).equals((ident(child), ident(cc))));
            }
            for (jp, pc) in j_parent.iter().zip(parent_cols) {
                exists.and_where(col("_j", jp).equals((ident(parent), ident(pc))));
            }
            Cond::all().add(Expr::exists(exists))
        }
    }
}

/// Whether and how to count all rows matching the root's filters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CountMode {
    None,
    Exact,
    /// Count at most `n + 1` rows (`Prefer: count=estimated`: exact up to `n`, the planner's
    /// estimate above — see [`count_plan_statement`]).
    Capped(u64),
}

/// The final statement for a read: `(total, page, body)` in one round trip.
pub fn read_statement(plan: &ReadPlan, count: CountMode) -> Statement {
    let source = select_node(plan, Source::Table, None);
    wrap(
        source.into(),
        None,
        total_expr(plan, Source::Table, count),
        None,
    )
}

/// The CTE holding whether the caller may read every counted row (a guarded read's
/// [`EVERY_ROW`]).
const EVERY_ROW_CTE: &str = "pgrst_every";

/// The fourth column of a guarded read: whether the caller may read every row it counts.
pub const EVERY_ROW: &str = "every_row";

/// A read whose count is `count` (`None` for a planned count, `Capped` for an estimated one)
/// only when `every_row` — the row-free policies of the counted tables, as SQL
/// ([`crate::schema::EveryRow::When`]) — holds for the caller, and an exact count otherwise:
/// an estimate (the planner's, from statistics of the whole table) may only be given to a
/// caller who may read every row it is about. `every_row` is evaluated once, in the same
/// statement and as the caller, as the policies themselves are; a fourth column
/// ([`EVERY_ROW`]) says which count was taken. PostgreSQL evaluates only the chosen branch.
pub fn guarded_read_statement(plan: &ReadPlan, count: CountMode, every_row: &str) -> Statement {
    let source = select_node(plan, Source::Table, None);
    let mut every = Query::select();
    every.expr_as(
        Expr::cust(format!("coalesce(({every_row}), false)")),
        ident(EVERY_ROW),
    );
    let mut cte = CommonTableExpression::new();
    cte.query(every).table_name(ident(EVERY_ROW_CTE));
    let flag = format!(
        "(SELECT {} FROM {})",
        quote_ident(EVERY_ROW),
        quote_ident(EVERY_ROW_CTE)
    );
    let total = Expr::cust_with_exprs(
        format!("CASE WHEN {flag} THEN $1 ELSE $2 END"),
        [
            total_expr(plan, Source::Table, count),
            total_expr(plan, Source::Table, CountMode::Exact),
        ],
    );
    wrap(
        source.into(),
        Some(cte),
        total,
        Some((Expr::cust(flag), EVERY_ROW)),
    )
}

/// The tables a count reads: the root and the embeds that filter it (with their junctions).
/// Its estimate is only given to a caller who may read every row of each.
pub fn counted_tables(plan: &ReadPlan) -> Vec<String> {
    counted_plan(plan, None).tables()
}

/// `EXPLAIN (FORMAT JSON)` of the rows a count would count (the root's filters, no page): the
/// planner's row estimate is `Prefer: count=planned`, as in PostgREST. It runs in the
/// request's transaction, after the read, so the caller's role and policies shape the plan.
pub fn count_plan_statement(plan: &ReadPlan) -> Statement {
    let (sql, values) =
        counted_rows(plan, Source::Table, None).build_postgres(PostgresQueryBuilder);
    Statement {
        sql: format!("EXPLAIN (FORMAT JSON) {sql}"),
        values,
        shape: Shape::Plan,
    }
}

/// `(SELECT count(*) …)` of every row the plan's root filters let through (no page), or NULL.
fn total_expr(plan: &ReadPlan, source: Source, count: CountMode) -> Expr {
    let cap = match count {
        CountMode::None => return Expr::cust("NULL::bigint"),
        CountMode::Exact => None,
        CountMode::Capped(n) => Some(n.saturating_add(1)),
    };
    let inner = counted_rows(plan, source, cap);
    let mut q = Query::select();
    q.expr(Expr::cust("count(*)"))
        .from_subquery(inner, ident("_n"));
    Expr::SubQuery(None, Box::new(q.into()))
}

/// The rows a count counts: the root's filters (and the embeds that filter), no page, no
/// order, at most `cap` rows.
fn counted_rows(plan: &ReadPlan, source: Source, cap: Option<u64>) -> SelectStatement {
    select_node(&counted_plan(plan, cap), source, None)
}

/// The plan of the rows a count counts (see [`counted_rows`]).
fn counted_plan(plan: &ReadPlan, cap: Option<u64>) -> ReadPlan {
    let mut counted = plan.clone();
    counted.limit = cap;
    counted.offset = None;
    counted.order.clear();
    // Only embeds that filter rows matter to the count.
    counted.items.retain(|i| match i {
        OutItem::Embed(e) => {
            e.inner
                || plan.conditions.iter().any(|c| {
                    matches!(c, PlannedCondition::EmbedExists { lateral, .. } if *lateral == e.lateral)
                })
        }
        OutItem::Column { .. } => false,
    });
    counted
}

/// `(total, page, body)` over the rows of `source`, and a fourth column (`extra`, by name)
/// when given: how many written rows are flagged [`INSERTED`], or a guarded read's
/// [`EVERY_ROW`].
fn wrap(
    source: sea_query::SubQueryStatement,
    extra_cte: Option<CommonTableExpression>,
    total: Expr,
    extra: Option<(Expr, &str)>,
) -> Statement {
    let mut outer = Query::select();
    outer
        .expr_as(total, ident("total"))
        .expr_as(Expr::cust("count(*)"), ident("page"))
        .expr_as(
            Expr::cust("coalesce(json_agg(\"_s\"), '[]'::json)::text"),
            ident("body"),
        );
    if let Some((expr, name)) = extra {
        outer.expr_as(expr, ident(name));
    }
    outer.from_as(ident("pgrst_result"), ident("_s"));
    let mut with = WithClause::new();
    if let Some(cte) = extra_cte {
        with.cte(cte);
    }
    let mut result = CommonTableExpression::new();
    result.query(source).table_name(ident("pgrst_result"));
    with.cte(result);
    finish(outer.with(with))
}

/// A statement as a person reads it: the SQL, then one comment line per bound value as a SQL
/// literal (`-- $1 = 'true'`).
pub fn explained(stmt: &Statement) -> String {
    use sea_query::QueryBuilder;
    let mut out = stmt.sql.clone();
    for (i, v) in stmt.values.0.iter().enumerate() {
        let literal = PostgresQueryBuilder.value_to_string(&v.0);
        // A literal may span lines (a JSON body); each line stays inside the comment.
        out.push_str(&format!(
            "\n-- ${} = {}",
            i + 1,
            literal.replace('\n', "\n--   ")
        ));
    }
    out
}

fn finish(q: WithQuery) -> Statement {
    let (sql, values) = q.build_postgres(PostgresQueryBuilder);
    Statement {
        sql,
        values,
        shape: Shape::Row,
    }
}

/// What a write does to the table, before the rows it touched are read back through `plan`.
pub enum Write<'a> {
    Insert {
        columns: &'a [String],
        /// JSON array of row objects.
        body: String,
        on_conflict: Option<(&'a [String], Conflict)>,
        /// With `missing=default`: each column's DEFAULT (catalog SQL), used where a row lacks
        /// the key.
        defaults: Option<Vec<Option<String>>>,
    },
    Update {
        columns: &'a [String],
        /// One JSON object.
        body: String,
        conditions: &'a [PlannedCondition],
    },
    Delete {
        conditions: &'a [PlannedCondition],
    },
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Conflict {
    Merge,
    Ignore,
}

/// The final statement for a write: the write as a CTE, its rows read back through `plan`
/// (whose root reads the CTE), `(NULL, affected, body)` — and for a merge upsert how many rows
/// it inserted.
pub fn write_statement(table: &str, write: &Write<'_>, plan: &ReadPlan) -> Statement {
    let merge = write.is_merge();
    let returning = if merge {
        Returning::RowsAndInserted
    } else {
        Returning::Rows
    };
    let written = write_query(table, write, returning);
    let mut cte = CommonTableExpression::new();
    cte.query(written).table_name(ident(SOURCE));
    let read = select_node(plan, Source::Written, None);
    let inserted = merge.then(|| {
        (
            Expr::cust(format!(
                "(SELECT count(*) FROM {} WHERE {})",
                quote_ident(SOURCE),
                quote_ident(INSERTED)
            )),
            "inserted",
        )
    });
    let mut stmt = wrap(read.into(), Some(cte), Expr::cust("NULL::bigint"), inserted);
    stmt.sql = without_empty_column_list(stmt.sql, table, write);
    stmt
}

/// sea-query always writes an INSERT's column list, but rows without keys (`{}`) have none:
/// `INSERT INTO t SELECT FROM …` (no list) gives each row every column's default — PostgREST's
/// statement for such a body — where `INSERT INTO t () …` is a syntax error. The text replaced
/// is built from the table's name in the schema cache, nothing from the request.
fn without_empty_column_list(sql: String, table: &str, write: &Write<'_>) -> String {
    match write {
        Write::Insert { columns: [], .. } => {
            let target = quoted_table(table);
            sql.replacen(
                &format!("INSERT INTO {target} () "),
                &format!("INSERT INTO {target} "),
                1,
            )
        }
        _ => sql,
    }
}

/// The write alone, without RETURNING, for `return=minimal`: it needs only the write's own
/// privilege and policies (RETURNING would demand SELECT rights and a read policy too — an
/// anonymous contact form may insert a message it can never read). The affected row count
/// comes from the command tag.
///
/// A merge upsert is the exception: its status depends on whether it inserted a row, so it
/// returns only that flag per row, counted as `(NULL, affected, '[]', inserted)`. That asks
/// nothing new of the caller: ON CONFLICT DO UPDATE already checks the SELECT policies on the
/// rows it inserts and updates, and needs the SELECT right for the conflict.
pub fn bare_write_statement(table: &str, write: &Write<'_>) -> Statement {
    if write.is_merge() {
        let written = write_query(table, write, Returning::InsertedOnly);
        let mut cte = CommonTableExpression::new();
        cte.query(written).table_name(ident(SOURCE));
        let mut outer = Query::select();
        outer
            .expr_as(Expr::cust("NULL::bigint"), ident("total"))
            .expr_as(Expr::cust("count(*)"), ident("page"))
            .expr_as(Expr::cust("'[]'::text"), ident("body"))
            .expr_as(
                Expr::cust(format!("count(*) FILTER (WHERE {})", quote_ident(INSERTED))),
                ident("inserted"),
            )
            .from(ident(SOURCE));
        let mut with = WithClause::new();
        with.cte(cte);
        let mut stmt = finish(outer.with(with));
        stmt.sql = without_empty_column_list(stmt.sql, table, write);
        return stmt;
    }
    let (sql, values) = match write_query(table, write, Returning::Nothing) {
        sea_query::SubQueryStatement::InsertStatement(q) => q.build_postgres(PostgresQueryBuilder),
        sea_query::SubQueryStatement::UpdateStatement(q) => q.build_postgres(PostgresQueryBuilder),
        sea_query::SubQueryStatement::DeleteStatement(q) => q.build_postgres(PostgresQueryBuilder),
        other => other_statement(other),
    };
    Statement {
        sql: without_empty_column_list(sql, table, write),
        values,
        shape: Shape::Affected,
    }
}

impl Write<'_> {
    /// An insert that updates the rows it conflicts with (`resolution=merge-duplicates`).
    pub fn is_merge(&self) -> bool {
        matches!(
            self,
            Write::Insert {
                on_conflict: Some((_, Conflict::Merge)),
                ..
            }
        )
    }
}

/// What a write returns.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Returning {
    Nothing,
    /// `RETURNING *`.
    Rows,
    /// `RETURNING *` and the [`INSERTED`] flag.
    RowsAndInserted,
    /// Only the [`INSERTED`] flag.
    InsertedOnly,
}

fn other_statement(_: sea_query::SubQueryStatement) -> (String, PostgresValues) {
    unreachable!("write_query builds only INSERT, UPDATE and DELETE")
}

fn write_query(
    table: &str,
    write: &Write<'_>,
    returning: Returning,
) -> sea_query::SubQueryStatement {
    let target = (ident(EXPOSED_SCHEMA), ident(table));
    match write {
        Write::Insert {
            columns,
            body,
            on_conflict,
            defaults,
        } => {
            let mut rows = Query::select();
            match defaults {
                None => {
                    for c in *columns {
                        rows.column(ident(c));
                    }
                    rows.from_function(
                        sea_query::Func::cust("json_populate_recordset").args([
                            Expr::cust(format!("NULL::{}", quoted_table(table))),
                            Expr::cust_with_exprs("CAST($1 AS json)", [Expr::val(body.clone())]),
                        ]),
                        ident("_b"),
                    );
                }
                Some(defaults) => {
                    for (c, default) in columns.iter().zip(defaults) {
                        let value = format!(
                            "(json_populate_record(NULL::{}, \"_e\".\"value\")).{}",
                            quoted_table(table),
                            quote_ident(c)
                        );
                        let expr = match default {
                            // The default is SQL text from the catalog, not input.
                            Some(d) => Expr::cust_with_exprs(
                                format!(
                                    "CASE WHEN jsonb_exists(CAST(\"_e\".\"value\" AS jsonb), $1) \
                                     THEN {value} ELSE ({d}) END"
                                ),
                                [Expr::val(c.clone())],
                            ),
                            None => Expr::cust(value),
                        };
                        rows.expr_as(expr, ident(c));
                    }
                    rows.from_function(
                        sea_query::Func::cust("json_array_elements").arg(Expr::cust_with_exprs(
                            "CAST($1 AS json)",
                            [Expr::val(body.clone())],
                        )),
                        ident("_e"),
                    );
                }
            }
            let mut insert = Query::insert();
            insert
                .into_table(target)
                .columns(columns.iter().map(|c| ident(c)))
                .select_from(rows)
                .expect("columns and select have the same length");
            // xmax is 0 on a row version no transaction has touched since it was inserted: a
            // row this statement inserted, not one its ON CONFLICT updated.
            let inserted = format!("(xmax = 0) AS {}", quote_ident(INSERTED));
            match returning {
                Returning::Nothing => {}
                Returning::Rows => {
                    insert.returning_all();
                }
                Returning::RowsAndInserted => {
                    insert.returning(Query::returning().expr(Expr::cust(format!("*, {inserted}"))));
                }
                Returning::InsertedOnly => {
                    insert.returning(Query::returning().expr(Expr::cust(inserted)));
                }
            }
            if let Some((keys, mode)) = on_conflict {
                let mut oc = OnConflict::columns(keys.iter().map(|k| ident(k)));
                match mode {
                    Conflict::Ignore => {
                        oc.do_nothing();
                    }
                    Conflict::Merge => {
                        let updates: Vec<Alias> = columns
                            .iter()
                            .filter(|c| !keys.contains(c))
                            .map(|c| ident(c))
                            .collect();
                        if updates.is_empty() {
                            oc.do_nothing();
                        } else {
                            oc.update_columns(updates);
                        }
                    }
                }
                insert.on_conflict(oc);
            }
            insert.into()
        }
        Write::Update {
            columns,
            body,
            conditions,
        } => {
            let mut update = Query::update();
            update.table(target);
            for c in *columns {
                update.value(
                    ident(c),
                    Expr::cust_with_exprs(
                        format!(
                            "(json_populate_record(NULL::{}, CAST($1 AS json))).{}",
                            quoted_table(table),
                            quote_ident(c)
                        ),
                        [Expr::val(body.clone())],
                    ),
                );
            }
            for c in *conditions {
                update.cond_where(cond_expr(table, c));
            }
            if returning != Returning::Nothing {
                update.returning_all();
            }
            update.into()
        }
        Write::Delete { conditions } => {
            let mut delete = Query::delete();
            delete.from_table(target);
            for c in *conditions {
                delete.cond_where(cond_expr(table, c));
            }
            if returning != Returning::Nothing {
                delete.returning_all();
            }
            delete.into()
        }
    }
}

/// A call of `function` with named arguments; `set` functions are read like a table
/// (filters/order/page apply to their rows through `plan`), scalars return one value.
pub fn rpc_statement(
    function: &crate::schema::Function,
    args: &[(String, String, Option<String>)],
    plan: Option<&ReadPlan>,
    count: CountMode,
) -> Statement {
    // name => CAST($n AS type): names and types from the catalog, values bound.
    let call = sea_query::Func::cust(ident(&format!(
        "{}.{}",
        quote_ident(EXPOSED_SCHEMA),
        quote_ident(&function.name)
    )))
    .args(args.iter().map(|(name, type_name, value)| {
        Expr::cust_with_exprs(
            format!("{} => CAST($1 AS {type_name})", quote_ident(name)),
            [Expr::val(value.clone())],
        )
    }));
    match plan {
        Some(plan) if function.returns_set || function.returns_composite => {
            let mut rows = Query::select();
            rows.expr(Expr::cust("*")).from_function(call, ident("_f"));
            let mut cte = CommonTableExpression::new();
            cte.query(rows).table_name(ident(SOURCE));
            let read = select_node(plan, Source::Written, None);
            wrap(
                read.into(),
                Some(cte),
                total_expr(plan, Source::Written, count),
                None,
            )
        }
        _ => {
            let body = if function.returns_void() {
                Expr::cust_with_exprs(
                    "(SELECT NULL::text FROM (SELECT $1) AS _v)",
                    [Expr::from(call)],
                )
            } else {
                Expr::cust_with_exprs("to_json($1)::text", [Expr::from(call)])
            };
            let mut q = Query::select();
            q.expr_as(Expr::cust("NULL::bigint"), ident("total"))
                .expr_as(Expr::cust("1::bigint"), ident("page"))
                .expr_as(body, ident("body"));
            let (sql, values) = q.build_postgres(PostgresQueryBuilder);
            Statement {
                sql,
                values,
                shape: Shape::Row,
            }
        }
    }
}
