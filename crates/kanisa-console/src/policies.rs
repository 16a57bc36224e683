//! What the catalog says about access to a table — its row-level policies (`pg_policies`) and
//! a role's privileges — to explain a refusal. Read-only; the policies themselves live in
//! `policies/` and are PostgreSQL's to apply.

use kanisa_pg::Pool;

use crate::ConsoleError;
use kanisa_auth::Identity;

/// One row-level policy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Policy {
    pub name: String,
    /// `SELECT`, `INSERT`, `UPDATE`, `DELETE` or `ALL`.
    pub command: String,
    pub roles: Vec<String>,
    pub restrictive: bool,
    pub using: Option<String>,
    pub with_check: Option<String>,
}

impl Policy {
    /// `name  USING (…)  WITH CHECK (…)`, with `(restrictive)` when it is.
    pub fn summary(&self) -> String {
        let mut s = self.name.clone();
        if self.restrictive {
            s.push_str(" (restrictive)");
        }
        if let Some(u) = &self.using {
            s.push_str(&format!(" USING {}", parenthesized(u)));
        }
        if let Some(c) = &self.with_check {
            s.push_str(&format!(" WITH CHECK {}", parenthesized(c)));
        }
        s
    }
}

fn parenthesized(expr: &str) -> String {
    if expr.starts_with('(') && expr.ends_with(')') {
        expr.to_owned()
    } else {
        format!("({expr})")
    }
}

/// The policies of `public.<table>`: those for `command` (and `ALL`) when given, naming
/// `role` (or PUBLIC) when given.
pub async fn policies(
    service: &Pool,
    table: &str,
    command: Option<&str>,
    role: Option<&str>,
) -> Result<Vec<Policy>, ConsoleError> {
    let client = service
        .get()
        .await
        .map_err(|e| ConsoleError::Database(e.to_string()))?;
    let rows = client
        .query(
            "SELECT policyname::text, cmd, roles::text[], permissive = 'RESTRICTIVE', qual, \
                    with_check \
               FROM pg_policies \
              WHERE schemaname = 'public' AND tablename = $1 \
                AND ($2::text IS NULL OR cmd IN ($2, 'ALL')) \
                AND ($3::text IS NULL OR roles::text[] && ARRAY[$3, 'public']) \
              ORDER BY policyname",
            &[&table, &command, &role],
        )
        .await
        .map_err(|e| ConsoleError::Database(kanisa_pg::describe(&e)))?;
    Ok(rows
        .iter()
        .map(|r| Policy {
            name: r.get(0),
            command: r.get(1),
            roles: r.get(2),
            restrictive: r.get(3),
            using: r.get(4),
            with_check: r.get(5),
        })
        .collect())
}

/// `role`'s privilege `privilege` on `public.<table>`: `None` when the table does not exist,
/// otherwise whether it holds it on the whole table, and the columns it holds it on.
pub async fn privileges(
    service: &Pool,
    table: &str,
    role: &str,
    privilege: &str,
) -> Result<Option<(bool, Vec<String>)>, ConsoleError> {
    let client = service
        .get()
        .await
        .map_err(|e| ConsoleError::Database(e.to_string()))?;
    let row = client
        .query_opt(
            // Column privileges exist for SELECT, INSERT, UPDATE and REFERENCES only: asking
            // has_column_privilege about DELETE is an error.
            "SELECT has_table_privilege($2::name, c.oid, $3::text), \
                    CASE WHEN $3::text IN ('SELECT', 'INSERT', 'UPDATE', 'REFERENCES') \
                    THEN array(SELECT a.attname::text FROM pg_attribute a \
                           WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped \
                             AND has_column_privilege($2::name, c.oid, a.attnum, $3::text) \
                           ORDER BY a.attnum) \
                    ELSE '{}'::text[] END \
               FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace \
              WHERE n.nspname = 'public' AND c.relname = $1",
            &[&table, &role, &privilege],
        )
        .await
        .map_err(|e| ConsoleError::Database(kanisa_pg::describe(&e)))?;
    Ok(row.map(|r| (r.get(0), r.get(1))))
}

/// The table a PostgreSQL permission message names: `… for table "messages"` or
/// `permission denied for table messages`.
pub fn table_in_message(message: &str) -> Option<String> {
    let rest = &message[message.find("for table ")? + "for table ".len()..];
    let name = match rest.strip_prefix('"') {
        Some(quoted) => quoted.split('"').next()?,
        None => rest.split(|c: char| c.is_whitespace() || c == ',').next()?,
    };
    (!name.is_empty()).then(|| name.to_owned())
}

/// Explains a refusal (SQLSTATE 42501) of `command` (SELECT/INSERT/UPDATE/DELETE; `None` for
/// a function call, whose statements may be any) for `identity`: the policies that decided
/// it, or the privileges the role holds. `columns` are the columns the request wrote.
pub async fn explain_denial(
    service: &Pool,
    message: &str,
    command: Option<&str>,
    identity: &Identity,
    columns: &[String],
) -> Result<Option<String>, ConsoleError> {
    let role = identity.role();
    let Some(table) = table_in_message(message) else {
        if let Some(function) = message.strip_prefix("permission denied for function ") {
            return Ok(Some(format!(
                "denied by privileges: {role} may not EXECUTE {function}\nas {}",
                crate::identity::describe(identity)
            )));
        }
        return Ok(None);
    };
    let mut out = Vec::new();
    if message.contains("row-level security") {
        let found = policies(service, &table, command, Some(role)).await?;
        let what = command.unwrap_or("the");
        if found.is_empty() {
            out.push(format!(
                "denied by row-level security on {table}: no {what} policy names {role}, so \
                 no row may pass"
            ));
        } else {
            out.push(format!(
                "denied by row-level security on {table}: {what} policies for {role}:"
            ));
            for p in &found {
                let cmd = if command.is_none() || p.command == "ALL" {
                    format!("[{}] ", p.command)
                } else {
                    String::new()
                };
                out.push(format!("  {cmd}{}", p.summary()));
            }
        }
    } else {
        let privilege = command.unwrap_or("SELECT");
        match privileges(service, &table, role, privilege).await? {
            Some((true, _)) => out.push(format!(
                "denied by privileges on {table}, though {role} holds {privilege} on it \
                 (another table or function the statement touches may be the one refused)"
            )),
            Some((false, granted)) if granted.is_empty() => out.push(format!(
                "denied by privileges on {table}: {role} has no {privilege} privilege on it"
            )),
            Some((false, granted)) => {
                out.push(format!(
                    "denied by privileges on {table}: {role} may {privilege} only the columns \
                     {}",
                    granted.join(", ")
                ));
                let refused: Vec<&str> = columns
                    .iter()
                    .filter(|c| !granted.contains(c))
                    .map(String::as_str)
                    .collect();
                if !refused.is_empty() {
                    out.push(format!("  not granted: {}", refused.join(", ")));
                }
            }
            None => return Ok(None),
        }
    }
    out.push(format!("as {}", crate::identity::describe(identity)));
    Ok(Some(out.join("\n")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_named_in_messages() {
        assert_eq!(
            table_in_message("new row violates row-level security policy for table \"messages\""),
            Some("messages".into())
        );
        assert_eq!(
            table_in_message("permission denied for table payment_logs"),
            Some("payment_logs".into())
        );
        assert_eq!(table_in_message("permission denied for schema x"), None);
    }

    #[test]
    fn summaries() {
        let p = Policy {
            name: "messages_staff_insert".into(),
            command: "INSERT".into(),
            roles: vec!["authenticated".into()],
            restrictive: false,
            using: None,
            with_check: Some("(status = 'pending'::text)".into()),
        };
        assert_eq!(
            p.summary(),
            "messages_staff_insert WITH CHECK (status = 'pending'::text)"
        );
        let p = Policy {
            restrictive: true,
            using: Some("is_published".into()),
            with_check: None,
            ..p
        };
        assert_eq!(
            p.summary(),
            "messages_staff_insert (restrictive) USING (is_published)"
        );
    }
}
