//! The schema cache: tables, views, columns, keys and functions of the exposed schema, read
//! from pg_catalog. Every identifier that reaches SQL is looked up here first.
//!
//! It also holds what the counts need to know of the row-level policies ([`Table::every_row`]:
//! whether a role may read every row of a table, so that a planner's estimate reveals nothing
//! it could not count itself) and the messages of CHECK constraints (their comments), so a
//! refused value is explained by the field it is about.

use std::collections::HashMap;
use std::sync::Arc;

use kanisa_pg::tokio_postgres::Client;

use crate::error::RestError;

/// The only schema the table API exposes.
pub const EXPOSED_SCHEMA: &str = "public";

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column {
    pub name: String,
    /// `format_type` of the column, e.g. `numeric(12,2)`, `text[]`, `timestamp with time zone`.
    pub type_name: String,
    pub nullable: bool,
    pub has_default: bool,
    pub generated: bool,
    pub description: Option<String>,
    /// Allowed values, when a CHECK constraint lists them (`col IN ('a', 'b')`).
    pub enum_values: Option<Vec<String>>,
    /// The column's DEFAULT as SQL text (from the catalog), for `Prefer: missing=default`.
    pub default_expr: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Table {
    pub name: String,
    pub is_view: bool,
    pub columns: Vec<Column>,
    pub primary_key: Vec<String>,
    pub description: Option<String>,
    /// What `anon` and `authenticated` were granted (by the policy files). Row-level policies
    /// narrow it further; this only says which operations can succeed at all.
    pub grants: RoleGrants,
    /// Row-level security on the table, and its policies for reading.
    pub row_security: RowSecurity,
    /// CHECK constraints that explain themselves: constraint name → the message a refused value
    /// gets (the constraint's comment, e.g. "First name must be on one line").
    pub check_messages: HashMap<String, String>,
}

/// Row-level security of a table as the counts need it (see [`Table::every_row`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RowSecurity {
    /// `ENABLE ROW LEVEL SECURITY` (every table of the exposed schema has it: the policy files'
    /// reset enables it).
    pub enabled: bool,
    /// The policies that decide reads (`FOR SELECT` and `FOR ALL`).
    pub read_policies: Vec<ReadPolicy>,
}

/// One policy deciding reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadPolicy {
    pub name: String,
    /// Permissive (policies add up) or restrictive (each must hold).
    pub permissive: bool,
    /// The API roles (`anon`, `authenticated`) it applies to, directly, through PUBLIC or by
    /// membership.
    pub roles: Vec<String>,
    /// Its `USING` expression as SQL, when that does not depend on the row: it names no column
    /// of its table (nor the whole row, nor the table again in a sub-select) and calls no
    /// volatile function, so it holds for every row or for none — `(SELECT
    /// auth.has_permission('x'))`. Deparsed with an empty search path (every name qualified).
    /// `None`: it depends on the row, or has no `USING`.
    pub row_free_using: Option<String>,
}

/// Whether a caller may read every row of the tables a count counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EveryRow {
    /// Yes, whoever the caller is within the role (no row-level security, a policy `USING
    /// (true)`, or a role that bypasses row-level security).
    Yes,
    /// Not known to: some rows may be hidden (only policies that depend on the row let the
    /// role read anything).
    No,
    /// When this SQL condition holds as the caller (the row-free policies, evaluated once in the
    /// request's own statement, as the policies themselves would be).
    When(String),
}

impl EveryRow {
    /// Both `self` and `other`.
    fn and(self, other: EveryRow) -> EveryRow {
        match (self, other) {
            (EveryRow::No, _) | (_, EveryRow::No) => EveryRow::No,
            (EveryRow::Yes, x) | (x, EveryRow::Yes) => x,
            (EveryRow::When(a), EveryRow::When(b)) => EveryRow::When(format!("({a}) AND ({b})")),
        }
    }
}

/// Operations a role was granted on a table (any column counts for select/insert/update).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Grants {
    pub select: bool,
    pub insert: bool,
    pub update: bool,
    pub delete: bool,
}

impl Grants {
    pub fn any(&self) -> bool {
        self.select || self.insert || self.update || self.delete
    }
}

/// Grants of the two API roles that policies govern (`service_role` may do everything).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RoleGrants {
    pub anon: Grants,
    pub authenticated: Grants,
}

impl RoleGrants {
    /// The grants of `role`; `None` means everything (service_role).
    pub fn of(&self, role: &str) -> Option<Grants> {
        match role {
            "anon" => Some(self.anon),
            "authenticated" => Some(self.authenticated),
            _ => None,
        }
    }
}

impl Table {
    pub fn column(&self, name: &str) -> Option<&Column> {
        self.columns.iter().find(|c| c.name == name)
    }

    /// Whether `role` (`anon`, `authenticated`; not one that bypasses row-level security, see
    /// [`SchemaCache::every_row`]) reads every row of this table: PostgreSQL's rule for
    /// policies, read from the catalog. Every restrictive policy must hold and one permissive
    /// policy must; only policies that do not depend on the row can be known to hold for every
    /// row, so a table whose reads rest on a row's own columns (`user_id = auth.uid()`,
    /// `is_published`) is `No`. A view is `No` (its tables' policies apply, unseen here).
    pub fn every_row(&self, role: &str) -> EveryRow {
        if self.is_view {
            return EveryRow::No;
        }
        if !self.row_security.enabled {
            return EveryRow::Yes;
        }
        let mut permissive = Vec::new();
        let mut restrictive = Vec::new();
        for p in &self.row_security.read_policies {
            if !p.roles.iter().any(|r| r == role) {
                continue;
            }
            match (&p.row_free_using, p.permissive) {
                (Some(using), true) => permissive.push(using.as_str()),
                (Some(using), false) => restrictive.push(using.as_str()),
                (None, true) => {}
                // A restrictive policy on the row's columns may hide any row.
                (None, false) => return EveryRow::No,
            }
        }
        if permissive.is_empty() {
            return EveryRow::No;
        }
        let all = |parts: &[&str], op: &str| {
            parts
                .iter()
                .map(|p| format!("({p})"))
                .collect::<Vec<_>>()
                .join(op)
        };
        let some_permissive = if permissive.contains(&"true") {
            None
        } else {
            Some(all(&permissive, " OR "))
        };
        match (some_permissive, restrictive.is_empty()) {
            (None, true) => EveryRow::Yes,
            (None, false) => EveryRow::When(all(&restrictive, " AND ")),
            (Some(p), true) => EveryRow::When(p),
            (Some(p), false) => EveryRow::When(format!("({p}) AND {}", all(&restrictive, " AND "))),
        }
    }
}

/// A foreign key `table(columns) → ref_table(ref_columns)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ForeignKey {
    pub name: String,
    pub table: String,
    pub columns: Vec<String>,
    pub ref_table: String,
    pub ref_columns: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FunctionArg {
    pub name: String,
    pub type_name: String,
    pub has_default: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Function {
    pub name: String,
    pub args: Vec<FunctionArg>,
    pub returns_set: bool,
    pub return_type: String,
    /// `i`mmutable, `s`table or `v`olatile.
    pub volatility: char,
    /// The table whose row type the function returns, when it does.
    pub returns_table: Option<String>,
    /// Returns a composite or a table (a JSON object per row), not a scalar.
    pub returns_composite: bool,
    pub description: Option<String>,
    /// `RETURNS TABLE(…)` / OUT columns: (name, type).
    pub out_columns: Vec<(String, String)>,
    /// Whether `anon` / `authenticated` may execute it.
    pub anon_execute: bool,
    pub authenticated_execute: bool,
}

impl Function {
    pub fn returns_void(&self) -> bool {
        self.return_type == "void"
    }
}

#[derive(Debug, Clone, Default)]
pub struct SchemaCache {
    pub tables: HashMap<String, Arc<Table>>,
    pub foreign_keys: Vec<ForeignKey>,
    pub functions: HashMap<String, Arc<Function>>,
    /// Roles that bypass row-level security (`BYPASSRLS` or superuser: `service_role`).
    pub bypass_rls: Vec<String>,
}

impl SchemaCache {
    /// Reads the exposed schema from the catalog (a few queries, milliseconds).
    pub async fn load(client: &Client) -> Result<SchemaCache, RestError> {
        let mut tables: HashMap<String, Table> = HashMap::new();
        for row in client.query(TABLES_SQL, &[&EXPOSED_SCHEMA]).await? {
            let name: String = row.get(0);
            tables.insert(
                name.clone(),
                Table {
                    name,
                    is_view: row.get(1),
                    columns: Vec::new(),
                    primary_key: row.get::<_, Option<Vec<String>>>(2).unwrap_or_default(),
                    description: row.get(3),
                    grants: RoleGrants {
                        anon: Grants {
                            select: row.get(4),
                            insert: row.get(5),
                            update: row.get(6),
                            delete: row.get(7),
                        },
                        authenticated: Grants {
                            select: row.get(8),
                            insert: row.get(9),
                            update: row.get(10),
                            delete: row.get(11),
                        },
                    },
                    row_security: RowSecurity {
                        enabled: row.get(12),
                        read_policies: Vec::new(),
                    },
                    check_messages: HashMap::new(),
                },
            );
        }
        for row in read_policies(client).await? {
            let table: String = row.get(0);
            if let Some(t) = tables.get_mut(&table) {
                t.row_security.read_policies.push(ReadPolicy {
                    name: row.get(1),
                    permissive: row.get(2),
                    roles: row.get(3),
                    row_free_using: row.get(4),
                });
            }
        }
        for row in client.query(CHECK_MESSAGES_SQL, &[&EXPOSED_SCHEMA]).await? {
            let table: String = row.get(0);
            if let Some(t) = tables.get_mut(&table) {
                t.check_messages.insert(row.get(1), row.get(2));
            }
        }
        let bypass_rls = client
            .query(BYPASS_RLS_SQL, &[])
            .await?
            .iter()
            .map(|row| row.get(0))
            .collect();
        for row in client.query(COLUMNS_SQL, &[&EXPOSED_SCHEMA]).await? {
            let table: String = row.get(0);
            if let Some(t) = tables.get_mut(&table) {
                t.columns.push(Column {
                    name: row.get(1),
                    type_name: row.get(2),
                    nullable: row.get(3),
                    has_default: row.get(4),
                    generated: row.get(5),
                    description: row.get(6),
                    enum_values: None,
                    default_expr: row.get(7),
                });
            }
        }
        for row in client.query(CHECKS_SQL, &[&EXPOSED_SCHEMA]).await? {
            let table: String = row.get(0);
            let column: String = row.get(1);
            let definition: String = row.get(2);
            if let Some(values) = enum_values(&definition)
                && let Some(t) = tables.get_mut(&table)
                && let Some(c) = t.columns.iter_mut().find(|c| c.name == column)
            {
                c.enum_values = Some(values);
            }
        }
        let foreign_keys = client
            .query(FOREIGN_KEYS_SQL, &[&EXPOSED_SCHEMA])
            .await?
            .iter()
            .map(|row| ForeignKey {
                name: row.get(0),
                table: row.get(1),
                columns: row.get(2),
                ref_table: row.get(3),
                ref_columns: row.get(4),
            })
            .collect();
        let mut functions = HashMap::new();
        for row in client.query(FUNCTIONS_SQL, &[&EXPOSED_SCHEMA]).await? {
            let names: Vec<String> = row.get(1);
            let types: Vec<String> = row.get(2);
            let defaults: i16 = row.get(3);
            let n = names.len();
            let args = names
                .into_iter()
                .zip(types)
                .enumerate()
                .map(|(i, (name, type_name))| FunctionArg {
                    name,
                    type_name,
                    has_default: i + usize::from(defaults.max(0) as u16) >= n,
                })
                .collect();
            let name: String = row.get(0);
            // Overloads are not supported by the API (as in PostgREST without hints): the
            // first definition wins and a warning names the rest.
            if functions.contains_key(&name) {
                tracing::warn!(function = %name, "overloaded function: only one is callable");
                continue;
            }
            functions.insert(
                name.clone(),
                Arc::new(Function {
                    name,
                    args,
                    returns_set: row.get(4),
                    return_type: row.get(5),
                    volatility: char::from(row.get::<_, i8>(6) as u8),
                    returns_table: row.get(7),
                    returns_composite: row.get(8),
                    description: row.get(9),
                    out_columns: row
                        .get::<_, Vec<String>>(10)
                        .into_iter()
                        .zip(row.get::<_, Vec<String>>(11))
                        .collect(),
                    anon_execute: row.get(12),
                    authenticated_execute: row.get(13),
                }),
            );
        }
        Ok(SchemaCache {
            tables: tables.into_iter().map(|(k, v)| (k, Arc::new(v))).collect(),
            foreign_keys,
            functions,
            bypass_rls,
        })
    }

    /// Whether `role` may read every row of `tables` (the tables a count reads: see
    /// `sql::counted_tables`). A role that bypasses row-level security may; a role the cache
    /// knows no policies for (any but `anon` and `authenticated`) is `No`.
    pub fn every_row(&self, tables: &[String], role: &str) -> EveryRow {
        if self.bypass_rls.iter().any(|r| r == role) {
            return EveryRow::Yes;
        }
        if !API_ROLES.contains(&role) {
            return EveryRow::No;
        }
        tables.iter().fold(EveryRow::Yes, |every, name| {
            every.and(
                self.tables
                    .get(name)
                    .map_or(EveryRow::No, |t| t.every_row(role)),
            )
        })
    }

    pub fn table(&self, name: &str) -> Result<&Arc<Table>, RestError> {
        self.tables
            .get(name)
            .ok_or_else(|| RestError::UnknownTable {
                name: name.to_owned(),
                suggestion: closest(name, self.tables.keys().map(String::as_str)),
            })
    }

    pub fn function(&self, name: &str) -> Result<&Arc<Function>, RestError> {
        self.functions
            .get(name)
            .ok_or_else(|| RestError::UnknownFunction {
                name: name.to_owned(),
                suggestion: closest(name, self.functions.keys().map(String::as_str)),
            })
    }
}

/// The candidate nearest to `name` by edit distance, when it is near enough to be a typo.
pub fn closest<'a>(name: &str, candidates: impl Iterator<Item = &'a str>) -> Option<String> {
    candidates
        .map(|c| (levenshtein(name, c), c))
        .filter(|(d, c)| *d <= 3.max(c.len() / 3))
        .min()
        .map(|(_, c)| c.to_owned())
}

fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

const TABLES_SQL: &str = "
SELECT c.relname::text,
       c.relkind IN ('v', 'm'),
       (SELECT array_agg(a.attname::text ORDER BY k.ord)
          FROM pg_constraint con
          CROSS JOIN LATERAL unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord)
          JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum
         WHERE con.conrelid = c.oid AND con.contype = 'p'),
       obj_description(c.oid, 'pg_class'),
       has_any_column_privilege('anon', c.oid, 'SELECT'),
       has_any_column_privilege('anon', c.oid, 'INSERT'),
       has_any_column_privilege('anon', c.oid, 'UPDATE'),
       has_table_privilege('anon', c.oid, 'DELETE'),
       has_any_column_privilege('authenticated', c.oid, 'SELECT'),
       has_any_column_privilege('authenticated', c.oid, 'INSERT'),
       has_any_column_privilege('authenticated', c.oid, 'UPDATE'),
       has_table_privilege('authenticated', c.oid, 'DELETE'),
       c.relrowsecurity
  FROM pg_class c
  JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'v', 'm', 'f')";

const COLUMNS_SQL: &str = "
SELECT c.relname::text, a.attname::text, format_type(a.atttypid, a.atttypmod),
       NOT a.attnotnull, a.atthasdef OR a.attidentity <> '', a.attgenerated <> '',
       col_description(c.oid, a.attnum),
       pg_get_expr(d.adbin, d.adrelid)
  FROM pg_attribute a
  JOIN pg_class c ON c.oid = a.attrelid
  LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
  JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
   AND a.attnum > 0 AND NOT a.attisdropped
 ORDER BY c.relname, a.attnum";

/// The roles whose policies the cache reads ([`Table::every_row`]); any other role either
/// bypasses row-level security or is counted exactly.
const API_ROLES: [&str; 2] = ["anon", "authenticated"];

/// The policies deciding reads (`FOR SELECT`, `FOR ALL`) of the exposed schema: the table, the
/// name, permissive or not, the API roles it applies to, and its `USING` when it does not
/// depend on the row. The dependencies PostgreSQL recorded for the policy tell: an expression
/// naming a column of its table (or the whole row, or the table again in a sub-select) depends
/// on the table, and so does one calling a volatile function. Read inside a transaction with an
/// empty search path, so the deparsed expression qualifies every name and means the same under
/// the request's search path.
async fn read_policies(client: &Client) -> Result<Vec<kanisa_pg::tokio_postgres::Row>, RestError> {
    client
        .batch_execute("BEGIN READ ONLY; SET LOCAL search_path = ''")
        .await?;
    let roles: Vec<String> = API_ROLES.iter().map(|r| (*r).to_owned()).collect();
    let rows = client.query(POLICIES_SQL, &[&EXPOSED_SCHEMA, &roles]).await;
    let end = client
        .batch_execute(if rows.is_ok() { "COMMIT" } else { "ROLLBACK" })
        .await;
    let rows = rows?;
    end?;
    Ok(rows)
}

const POLICIES_SQL: &str = "
SELECT c.relname::text, p.polname::text, p.polpermissive,
       array(SELECT r.rolname::text FROM pg_catalog.pg_roles r
              WHERE r.rolname = ANY ($2::text[])
                AND (0::oid = ANY (p.polroles)
                     OR EXISTS (SELECT FROM unnest(p.polroles) AS pr (oid)
                                 WHERE pr.oid <> 0 AND pg_catalog.pg_has_role(r.oid, pr.oid, 'USAGE')))
              ORDER BY r.rolname),
       CASE WHEN p.polqual IS NOT NULL AND NOT EXISTS (
              SELECT FROM pg_catalog.pg_depend d
               WHERE d.classid = 'pg_catalog.pg_policy'::pg_catalog.regclass AND d.objid = p.oid
                 AND d.deptype = 'n'
                 AND ((d.refclassid = 'pg_catalog.pg_class'::pg_catalog.regclass
                       AND d.refobjid = p.polrelid)
                      OR (d.refclassid = 'pg_catalog.pg_proc'::pg_catalog.regclass
                          AND EXISTS (SELECT FROM pg_catalog.pg_proc f
                                       WHERE f.oid = d.refobjid AND f.provolatile = 'v'))))
            THEN pg_catalog.pg_get_expr(p.polqual, p.polrelid) END
  FROM pg_catalog.pg_policy p
  JOIN pg_catalog.pg_class c ON c.oid = p.polrelid
  JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = $1 AND p.polcmd IN ('r', '*')
 ORDER BY c.relname, p.polname";

/// Comments of CHECK constraints: the message a value the constraint refuses gets.
const CHECK_MESSAGES_SQL: &str = "
SELECT c.relname::text, con.conname::text, d.description
  FROM pg_constraint con
  JOIN pg_class c ON c.oid = con.conrelid
  JOIN pg_namespace n ON n.oid = c.relnamespace
  JOIN pg_description d ON d.objoid = con.oid AND d.classoid = 'pg_constraint'::regclass
                       AND d.objsubid = 0
 WHERE con.contype = 'c' AND n.nspname = $1";

/// Roles row-level security does not apply to.
const BYPASS_RLS_SQL: &str = "SELECT rolname::text FROM pg_roles WHERE rolsuper OR rolbypassrls";

/// Single-column CHECK constraints, for the value sets they list.
const CHECKS_SQL: &str = "
SELECT c.relname::text, a.attname::text, pg_get_constraintdef(con.oid)
  FROM pg_constraint con
  JOIN pg_class c ON c.oid = con.conrelid
  JOIN pg_namespace n ON n.oid = c.relnamespace
  JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = con.conkey[1]
 WHERE con.contype = 'c' AND n.nspname = $1 AND array_length(con.conkey, 1) = 1";

/// The quoted strings of `CHECK ((col = ANY (ARRAY['a'::text, 'b'::text])))`, when the
/// constraint is exactly such a list.
fn enum_values(definition: &str) -> Option<Vec<String>> {
    let start = definition.find("= ANY (ARRAY[")? + "= ANY (ARRAY[".len();
    let end = start + definition[start..].find("])")?;
    let mut values = Vec::new();
    let mut rest = &definition[start..end];
    while let Some(open) = rest.find('\'') {
        let after = &rest[open + 1..];
        // '' inside a literal is a quote.
        let mut value = String::new();
        let mut chars = after.char_indices().peekable();
        let mut close = None;
        while let Some((i, ch)) = chars.next() {
            if ch == '\'' {
                if chars.peek().is_some_and(|(_, c)| *c == '\'') {
                    value.push('\'');
                    chars.next();
                } else {
                    close = Some(i);
                    break;
                }
            } else {
                value.push(ch);
            }
        }
        let close = close?;
        values.push(value);
        rest = &after[close + 1..];
    }
    (!values.is_empty()).then_some(values)
}

const FOREIGN_KEYS_SQL: &str = "
SELECT con.conname::text, c.relname::text,
       (SELECT array_agg(a.attname::text ORDER BY k.ord)
          FROM unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord)
          JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum),
       rc.relname::text,
       (SELECT array_agg(a.attname::text ORDER BY k.ord)
          FROM unnest(con.confkey) WITH ORDINALITY AS k(attnum, ord)
          JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum)
  FROM pg_constraint con
  JOIN pg_class c ON c.oid = con.conrelid
  JOIN pg_namespace n ON n.oid = c.relnamespace
  JOIN pg_class rc ON rc.oid = con.confrelid
  JOIN pg_namespace rn ON rn.oid = rc.relnamespace
 WHERE con.contype = 'f' AND n.nspname = $1 AND rn.nspname = $1
 ORDER BY con.conname";

const FUNCTIONS_SQL: &str = "
SELECT p.proname::text,
       coalesce(array(SELECT coalesce(a.name, '') FROM unnest(
           coalesce(p.proallargtypes, p.proargtypes::oid[]),
           coalesce(p.proargmodes, array_fill('i'::\"char\", ARRAY[p.pronargs::int])),
           coalesce(p.proargnames, array_fill(''::text, ARRAY[p.pronargs::int]))
         ) WITH ORDINALITY AS a(type, mode, name, ord)
         WHERE a.mode IN ('i', 'b', 'v') ORDER BY a.ord), '{}'),
       coalesce(array(SELECT format_type(a.type, NULL) FROM unnest(
           coalesce(p.proallargtypes, p.proargtypes::oid[]),
           coalesce(p.proargmodes, array_fill('i'::\"char\", ARRAY[p.pronargs::int]))
         ) WITH ORDINALITY AS a(type, mode, ord)
         WHERE a.mode IN ('i', 'b', 'v') ORDER BY a.ord), '{}'),
       p.pronargdefaults,
       p.proretset,
       format_type(p.prorettype, NULL),
       p.provolatile,
       (SELECT rc.relname::text FROM pg_class rc
          JOIN pg_namespace rn ON rn.oid = rc.relnamespace
         WHERE rc.reltype = p.prorettype AND rn.nspname = $1),
       t.typtype = 'c' OR (p.proargmodes IS NOT NULL AND 't' = ANY(p.proargmodes)),
       obj_description(p.oid, 'pg_proc'),
       coalesce(array(SELECT coalesce(a.name, '') FROM unnest(
           coalesce(p.proallargtypes, p.proargtypes::oid[]),
           coalesce(p.proargmodes, array_fill('i'::\"char\", ARRAY[p.pronargs::int])),
           coalesce(p.proargnames, array_fill(''::text, ARRAY[p.pronargs::int]))
         ) WITH ORDINALITY AS a(type, mode, name, ord)
         WHERE a.mode IN ('o', 'b', 't') ORDER BY a.ord), '{}'),
       coalesce(array(SELECT format_type(a.type, NULL) FROM unnest(
           coalesce(p.proallargtypes, p.proargtypes::oid[]),
           coalesce(p.proargmodes, array_fill('i'::\"char\", ARRAY[p.pronargs::int]))
         ) WITH ORDINALITY AS a(type, mode, ord)
         WHERE a.mode IN ('o', 'b', 't') ORDER BY a.ord), '{}'),
       has_function_privilege('anon', p.oid, 'EXECUTE'),
       has_function_privilege('authenticated', p.oid, 'EXECUTE')
  FROM pg_proc p
  JOIN pg_namespace n ON n.oid = p.pronamespace
  JOIN pg_type t ON t.oid = p.prorettype
 WHERE n.nspname = $1 AND p.prokind = 'f'
 ORDER BY p.proname, p.oid";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_constraints_give_value_sets() {
        assert_eq!(
            enum_values(
                "CHECK ((priority = ANY (ARRAY['low'::text, 'normal'::text, 'it''s'::text])))"
            ),
            Some(vec!["low".into(), "normal".into(), "it's".into()])
        );
        assert_eq!(enum_values("CHECK ((amount >= (0)::numeric))"), None);
    }

    fn policy(name: &str, permissive: bool, roles: &[&str], using: Option<&str>) -> ReadPolicy {
        ReadPolicy {
            name: name.into(),
            permissive,
            roles: roles.iter().map(|r| (*r).to_owned()).collect(),
            row_free_using: using.map(str::to_owned),
        }
    }

    fn table(policies: Vec<ReadPolicy>) -> Table {
        Table {
            name: "t".into(),
            row_security: RowSecurity {
                enabled: true,
                read_policies: policies,
            },
            ..Table::default()
        }
    }

    #[test]
    fn every_row_follows_the_policies_that_do_not_depend_on_the_row() {
        let staff = "SELECT auth.has_permission('x')";
        // As members: staff read all, scoped staff and owners their rows.
        let members = table(vec![
            policy("staff", true, &["authenticated"], Some(staff)),
            policy("scoped", true, &["authenticated"], None),
            policy("own", true, &["authenticated"], None),
        ]);
        assert_eq!(
            members.every_row("authenticated"),
            EveryRow::When(format!("({staff})"))
        );
        assert_eq!(
            members.every_row("anon"),
            EveryRow::No,
            "no policy for anon"
        );
        // Only policies on the row: never known to be every row.
        let owned = table(vec![policy("own", true, &["anon", "authenticated"], None)]);
        assert_eq!(owned.every_row("anon"), EveryRow::No);
        // USING (true): every row, without asking.
        let open = table(vec![
            policy("published", true, &["anon", "authenticated"], None),
            policy("all", true, &["anon"], Some("true")),
        ]);
        assert_eq!(open.every_row("anon"), EveryRow::Yes);
        assert_eq!(open.every_row("authenticated"), EveryRow::No);
        // Restrictive policies must all hold; one on the row may hide any row.
        let restricted = table(vec![
            policy("staff", true, &["authenticated"], Some(staff)),
            policy(
                "other",
                true,
                &["authenticated"],
                Some("SELECT auth.rank() > 3"),
            ),
            policy(
                "active",
                false,
                &["authenticated"],
                Some("SELECT auth.is_active()"),
            ),
        ]);
        assert_eq!(
            restricted.every_row("authenticated"),
            EveryRow::When(format!(
                "(({staff}) OR (SELECT auth.rank() > 3)) AND (SELECT auth.is_active())"
            ))
        );
        let hidden = table(vec![
            policy("all", true, &["authenticated"], Some("true")),
            policy("mine", false, &["authenticated"], None),
        ]);
        assert_eq!(hidden.every_row("authenticated"), EveryRow::No);
        // No row-level security: every row; a view: its tables' policies, unseen here.
        let plain = Table::default();
        assert_eq!(plain.every_row("anon"), EveryRow::Yes);
        let view = Table {
            is_view: true,
            ..Table::default()
        };
        assert_eq!(view.every_row("authenticated"), EveryRow::No);
    }

    #[test]
    fn every_row_of_several_tables_and_roles() {
        let staff = table(vec![policy("staff", true, &["authenticated"], Some("a"))]);
        let open = table(vec![policy("all", true, &["authenticated"], Some("true"))]);
        let cache = SchemaCache {
            tables: HashMap::from([
                ("staff".to_owned(), Arc::new(staff)),
                ("open".to_owned(), Arc::new(open)),
            ]),
            bypass_rls: vec!["service_role".into()],
            ..SchemaCache::default()
        };
        let names = |n: &[&str]| n.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        assert_eq!(
            cache.every_row(&names(&["staff", "open"]), "authenticated"),
            EveryRow::When("(a)".into())
        );
        assert_eq!(
            cache.every_row(&names(&["staff", "staff"]), "authenticated"),
            EveryRow::When("((a)) AND ((a))".into())
        );
        assert_eq!(
            cache.every_row(&names(&["open", "missing"]), "authenticated"),
            EveryRow::No
        );
        assert_eq!(
            cache.every_row(&names(&["staff"]), "service_role"),
            EveryRow::Yes
        );
        assert_eq!(cache.every_row(&names(&["open"]), "postgres"), EveryRow::No);
    }

    #[test]
    fn suggestions_catch_typos_not_strangers() {
        let names = ["sermons", "events", "announcements"];
        assert_eq!(closest("sermon", names.into_iter()), Some("sermons".into()));
        assert_eq!(
            closest("anouncements", names.into_iter()),
            Some("announcements".into())
        );
        assert_eq!(closest("payroll", names.into_iter()), None);
    }
}
