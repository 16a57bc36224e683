//! The schema cache: tables, views, columns, keys and functions of the exposed schema, read
//! from pg_catalog. Every identifier that reaches SQL is looked up here first.

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

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    pub name: String,
    pub is_view: bool,
    pub columns: Vec<Column>,
    pub primary_key: Vec<String>,
    pub description: Option<String>,
    /// What `anon` and `authenticated` were granted (by the policy files). Row-level policies
    /// narrow it further; this only says which operations can succeed at all.
    pub grants: RoleGrants,
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
                },
            );
        }
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
       has_table_privilege('authenticated', c.oid, 'DELETE')
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
