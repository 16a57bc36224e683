//! Signed-in reads near the service role (issue 44): the policies' plans, as PostgreSQL makes
//! them for a request.
//!
//! - No policy looks the caller up once per row: every policy in `pg_policies` (so a new one is
//!   covered without naming it here) is planned as each of its roles would run it — through
//!   kanisa-pg's own per-request context statement — and a claim reader found in a per-row
//!   expression of the plan (a scan's filter or index condition, a join's condition, anything in
//!   a sub-plan run per row) rather than in an init plan (once per statement) fails the test,
//!   naming the policy and its table.
//! - Every column a policy filters on is indexed (policies/README.md).
//! - The one lookup of the caller per request (migration 0050) answers every question as the
//!   rules of migrations 0006 and 0028 do, for every role.

use std::collections::{BTreeMap, BTreeSet};

use kanisa_pg::Caller;
use kanisa_pg::context::CONTEXT_SQL;
use kanisa_pg::tokio_postgres::types::ToSql;
use kanisa_pg::tokio_postgres::{Client, SimpleQueryMessage};
use kanisa_test_db::TestDb;
use serde_json::Value;

/// A function that reads the caller's claims or facts: found in the plan's text as it prints
/// it under the request's search path (`public`): `auth.uid(`, `current_setting(`.
struct Reader {
    printed: String,
    /// Unqualified in plans (pg_catalog and public functions), so a boundary is checked
    /// before the name.
    bare: bool,
}

/// Every claim reader, from the catalog: the functions of schema `auth`, `current_setting`, and
/// any function of the application's schemas whose body reads a setting or calls an `auth`
/// helper.
async fn claim_readers(client: &Client) -> Vec<Reader> {
    let rows = client
        .query(
            "SELECT n.nspname::text, p.proname::text FROM pg_proc p \
               JOIN pg_namespace n ON n.oid = p.pronamespace \
              WHERE n.nspname = 'auth' \
                 OR (n.nspname = 'pg_catalog' AND p.proname = 'current_setting') \
                 OR (n.nspname IN ('public', 'kanisa', 'storage') \
                     AND (p.prosrc ~ 'current_setting\\s*\\(' OR p.prosrc ~ '\\mauth\\.')) \
              ORDER BY 1, 2",
            &[],
        )
        .await
        .unwrap();
    let mut readers: Vec<Reader> = rows
        .iter()
        .map(|r| {
            let (schema, name): (String, String) = (r.get(0), r.get(1));
            let bare = schema == "pg_catalog" || schema == "public";
            Reader {
                printed: if bare {
                    format!("{name}(")
                } else {
                    format!("{schema}.{name}(")
                },
                bare,
            }
        })
        .collect();
    // Overloads print alike.
    readers.dedup_by(|a, b| a.printed == b.printed);
    for wanted in ["auth.uid(", "auth.has_permission(", "current_setting("] {
        assert!(
            readers.iter().any(|r| r.printed == wanted),
            "the claim readers include {wanted}"
        );
    }
    readers
}

/// The claim readers `expr` calls (an inlined SQL helper shows as what it calls: `auth.uid()`
/// as `current_setting('request.jwt.claim.sub', …)`).
fn readers_in<'a>(expr: &str, readers: &'a [Reader]) -> Vec<&'a str> {
    readers
        .iter()
        .filter(|r| {
            expr.match_indices(&r.printed).any(|(at, _)| {
                !r.bare
                    || !expr[..at]
                        .chars()
                        .next_back()
                        .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.')
            })
        })
        .map(|r| r.printed.trim_end_matches('('))
        .collect()
}

/// The expressions of a plan node PostgreSQL evaluates once per row it handles.
const PER_ROW: &[&str] = &[
    "Filter",
    "Index Cond",
    "Recheck Cond",
    "Join Filter",
    "Hash Cond",
    "Merge Cond",
    "TID Cond",
    "Order By",
];

/// Where in `plan` (EXPLAIN FORMAT JSON, VERBOSE) a claim reader runs per row: each as
/// "<node> on <relation>: <key>: <expression>". Init plans run once per statement and are not
/// looked into; a sub-plan runs per row of its parent, so everything in it counts, its one-time
/// filters too. With `gating_counts`, a top-level one-time filter counts as well (a WITH CHECK
/// has none: it is evaluated for every row written).
fn per_row_readers(plan: &Value, readers: &[Reader], gating_counts: bool) -> Vec<String> {
    fn walk(
        node: &Value,
        in_subplan: bool,
        gating_counts: bool,
        readers: &[Reader],
        out: &mut Vec<String>,
    ) {
        let relationship = node["Parent Relationship"].as_str().unwrap_or("");
        if relationship == "InitPlan" {
            return;
        }
        let in_subplan = in_subplan || relationship == "SubPlan";
        let mut keys: Vec<&str> = PER_ROW.to_vec();
        if in_subplan || gating_counts {
            keys.push("One-Time Filter");
        }
        for key in keys {
            let Some(expr) = node[key].as_str() else {
                continue;
            };
            let found = readers_in(expr, readers);
            if !found.is_empty() {
                let relation = node["Relation Name"]
                    .as_str()
                    .map(|r| format!(" on {r}"))
                    .unwrap_or_default();
                out.push(format!(
                    "{} in {}{relation} ({key}: {expr})",
                    found.join(", "),
                    node["Node Type"].as_str().unwrap_or("?"),
                ));
            }
        }
        for child in node["Plans"].as_array().into_iter().flatten() {
            walk(child, in_subplan, gating_counts, readers, out);
        }
    }
    let mut out = Vec::new();
    walk(&plan[0]["Plan"], false, gating_counts, readers, &mut out);
    out
}

struct Policy {
    schema: String,
    table: String,
    name: String,
    cmd: String,
    roles: Vec<String>,
    with_check: Option<String>,
}

impl Policy {
    fn relation(&self) -> String {
        format!("\"{}\".\"{}\"", self.schema, self.table)
    }

    fn label(&self) -> String {
        if self.schema == "public" {
            format!("{}.{}", self.table, self.name)
        } else {
            format!("{}.{}.{}", self.schema, self.table, self.name)
        }
    }

    /// The statements whose plans apply this policy's USING: as PostgreSQL applies policies by
    /// command (a SELECT reads under SELECT policies; an UPDATE setting a column to its default
    /// and a DELETE without a filter under their own command's only).
    fn using_commands(&self) -> &'static [&'static str] {
        match self.cmd.as_str() {
            "SELECT" => &["SELECT"],
            "UPDATE" => &["UPDATE"],
            "DELETE" => &["DELETE"],
            "ALL" => &["SELECT", "UPDATE", "DELETE"],
            _ => &[],
        }
    }
}

async fn policies(client: &Client) -> Vec<Policy> {
    // Deparsed under the request's search path, as the probes run.
    client
        .batch_execute("SET search_path = public")
        .await
        .unwrap();
    let rows = client
        .query(
            "SELECT schemaname::text, tablename::text, policyname::text, cmd, roles::text[], \
                    with_check \
               FROM pg_policies WHERE schemaname IN ('public', 'storage') ORDER BY 1, 2, 3",
            &[],
        )
        .await
        .unwrap();
    rows.iter()
        .map(|r| Policy {
            schema: r.get(0),
            table: r.get(1),
            name: r.get(2),
            cmd: r.get(3),
            roles: r.get(4),
            with_check: r.get(5),
        })
        .collect()
}

/// The statement of `command` on `policy`'s table that `role` may run (its grants), if any.
async fn statement(client: &Client, policy: &Policy, command: &str, role: &str) -> Option<String> {
    let relation = policy.relation();
    match command {
        "SELECT" | "DELETE" => {
            let granted: bool = client
                .query_one(
                    "SELECT has_table_privilege($1, $2::text::regclass, $3)",
                    &[&role, &relation, &command],
                )
                .await
                .unwrap()
                .get(0);
            granted.then(|| match command {
                "SELECT" => format!("SELECT * FROM {relation}"),
                _ => format!("DELETE FROM {relation}"),
            })
        }
        _ => {
            let column: Option<String> = client
                .query_opt(
                    "SELECT a.attname::text FROM pg_attribute a \
                      WHERE a.attrelid = $2::text::regclass \
                        AND a.attnum > 0 AND NOT a.attisdropped \
                        AND has_column_privilege($1, a.attrelid, a.attnum, 'UPDATE') \
                      ORDER BY a.attnum LIMIT 1",
                    &[&role, &relation],
                )
                .await
                .unwrap()
                .map(|r| r.get(0));
            column.map(|c| format!("UPDATE {relation} SET \"{c}\" = DEFAULT"))
        }
    }
}

/// `role`'s caller: anon, or a signed-in Super Admin (the plans do not depend on who).
fn caller(role: &str, user: &str) -> Caller {
    if role == "anon" {
        Caller::anon()
    } else {
        Caller::new(
            role,
            serde_json::json!({ "sub": user, "role": role, "aud": "authenticated" }).to_string(),
        )
    }
}

/// The plan of `sql` as `caller`, after the per-request context statement, in a transaction
/// that first drops `dropped` (policies of the same table) and is rolled back.
async fn plan_as(
    client: &Client,
    caller: &Caller,
    relation: &str,
    dropped: &[&str],
    sql: &str,
) -> Value {
    client.batch_execute("BEGIN").await.unwrap();
    for name in dropped {
        client
            .batch_execute(&format!("DROP POLICY \"{name}\" ON {relation}"))
            .await
            .unwrap();
    }
    let ctx = caller.context();
    client.execute(CONTEXT_SQL, &ctx.params()).await.unwrap();
    let plan = explain(client, &format!("EXPLAIN (FORMAT JSON, VERBOSE) {sql}")).await;
    client.batch_execute("ROLLBACK").await.unwrap();
    plan
}

/// The JSON of an EXPLAIN (its one row, as text).
async fn explain(client: &Client, sql: &str) -> Value {
    let messages = client
        .simple_query(sql)
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
    let text = messages
        .iter()
        .find_map(|m| match m {
            SimpleQueryMessage::Row(row) => row.get(0).map(str::to_owned),
            _ => None,
        })
        .unwrap_or_else(|| panic!("{sql}: no plan"));
    serde_json::from_str(&text).unwrap()
}

/// The plan of `SELECT 1 FROM <table> WHERE <with_check>`: the check as a per-row condition,
/// planned with the caller's claims but the owner's rights (so no policy of the table hides
/// the condition).
async fn check_plan(client: &Client, caller: &Caller, policy: &Policy, check: &str) -> Value {
    client.batch_execute("BEGIN").await.unwrap();
    let ctx = caller.context();
    client.execute(CONTEXT_SQL, &ctx.params()).await.unwrap();
    client.batch_execute("RESET ROLE").await.unwrap();
    let sql = format!(
        "EXPLAIN (FORMAT JSON, VERBOSE) SELECT 1 FROM {} WHERE ({check})",
        policy.relation()
    );
    let plan = explain(client, &sql).await;
    client.batch_execute("ROLLBACK").await.unwrap();
    plan
}

/// A signed-in Super Admin's id (a real profile, as a request would name).
async fn super_admin(client: &Client) -> String {
    client
        .query_one(
            "WITH a AS (INSERT INTO auth.users (email, encrypted_password) \
                        VALUES ('plans@example.org', 'not a hash') RETURNING id, email) \
             INSERT INTO public.users (id, email, full_name, role) \
             SELECT id, email, 'Plan Checker', 'SUPER_ADMIN' FROM a RETURNING id::text",
            &[],
        )
        .await
        .unwrap()
        .get(0)
}

/// Every place a policy's claim lookup runs per row, as "<table>.<policy> (<command> as
/// <role>): …"; and the policies no statement of their roles can reach (no grant).
async fn per_row_lookups(client: &Client) -> (Vec<String>, Vec<String>) {
    let readers = claim_readers(client).await;
    let user = super_admin(client).await;
    let policies = policies(client).await;
    assert!(
        policies.len() > 50,
        "the policies are in place: {}",
        policies.len()
    );
    let mut by_table: BTreeMap<(String, String), Vec<&Policy>> = BTreeMap::new();
    for p in &policies {
        by_table
            .entry((p.schema.clone(), p.table.clone()))
            .or_default()
            .push(p);
    }
    let mut problems = Vec::new();
    let mut planned: BTreeSet<String> = BTreeSet::new();
    for table_policies in by_table.values() {
        // USING: each command each role may run on the table, with all of the table's policies
        // (as a request plans it); a finding is put down to the policies without which it is
        // gone.
        let mut runs: BTreeSet<(&str, &str)> = BTreeSet::new();
        for p in table_policies {
            for command in p.using_commands() {
                for role in &p.roles {
                    runs.insert((command, role.as_str()));
                }
            }
        }
        let relation = table_policies[0].relation();
        for (command, role) in runs {
            let applying: Vec<&Policy> = table_policies
                .iter()
                .copied()
                .filter(|p| {
                    p.using_commands().contains(&command) && p.roles.iter().any(|r| r == role)
                })
                .collect();
            let Some(sql) = statement(client, applying[0], command, role).await else {
                continue;
            };
            let who = caller(role, &user);
            let plan = plan_as(client, &who, &relation, &[], &sql).await;
            for p in &applying {
                planned.insert(p.label());
            }
            let found = per_row_readers(&plan, &readers, false);
            if found.is_empty() {
                continue;
            }
            let mut blamed = Vec::new();
            for p in &applying {
                let without = plan_as(client, &who, &relation, &[&p.name], &sql).await;
                if per_row_readers(&without, &readers, false).len() < found.len() {
                    blamed.push(p.label());
                }
            }
            if blamed.is_empty() {
                blamed = applying.iter().map(|p| p.label()).collect();
            }
            problems.push(format!(
                "{} ({command} as {role}, `{sql}`): the claim lookup runs per row: {}",
                blamed.join(" + "),
                found.join(" | ")
            ));
        }
        // WITH CHECK: evaluated for every row written.
        for p in table_policies {
            let Some(check) = &p.with_check else {
                continue;
            };
            for role in &p.roles {
                let plan = check_plan(client, &caller(role, &user), p, check).await;
                planned.insert(p.label());
                let found = per_row_readers(&plan, &readers, true);
                if !found.is_empty() {
                    problems.push(format!(
                        "{} (WITH CHECK as {role}): the claim lookup runs per row written: {}",
                        p.label(),
                        found.join(" | ")
                    ));
                }
            }
        }
    }
    let unplanned = policies
        .iter()
        .map(Policy::label)
        .filter(|l| !planned.contains(l))
        .collect();
    (problems, unplanned)
}

/// Acceptance 2 of issue 44: no policy's claim lookup runs per row in its plan.
#[tokio::test]
async fn no_policy_looks_the_caller_up_once_per_row() {
    let db = TestDb::new().await;
    let client = db.client().await;
    let (problems, unplanned) = per_row_lookups(&client).await;
    assert!(
        problems.is_empty(),
        "claim lookups that run per row (wrap the call in a sub-select, `(SELECT \
         auth.uid())`, or turn a per-row function into a join):\n{}",
        problems.join("\n")
    );
    assert!(
        unplanned.is_empty(),
        "policies no statement of their roles reaches (a grant is missing?): {unplanned:?}"
    );
}

/// The test above can fail: policies written as they commonly are elsewhere — the claim
/// readers called bare, `USING (auth.uid() = user_id)` — are each named, with their table, and
/// the correctly written ones beside them are not.
#[tokio::test]
async fn a_claim_lookup_called_bare_is_named_with_its_policy_and_table() {
    let db = TestDb::new().await;
    let client = db.client().await;
    client
        .batch_execute(
            "DROP POLICY members_read_own ON public.members;
             CREATE POLICY members_read_own ON public.members FOR SELECT TO authenticated
               USING (auth.uid() = user_id AND auth.is_active());
             DROP POLICY messages_scoped_read ON public.messages;
             CREATE POLICY messages_scoped_read ON public.messages FOR SELECT TO authenticated
               USING ((SELECT auth.has_any_permission('send_communications'))
                      AND (SELECT auth.is_scoped())
                      AND department = ANY (auth.scope_names()));
             DROP POLICY prayer_requests_member_insert ON public.prayer_requests;
             CREATE POLICY prayer_requests_member_insert ON public.prayer_requests
               FOR INSERT TO authenticated
               WITH CHECK (auth.is_active() AND requester_id = auth.uid());",
        )
        .await
        .unwrap();
    let (problems, _) = per_row_lookups(&client).await;
    let named = |label: &str, reader: &str| {
        problems
            .iter()
            .any(|p| p.split(" (").next().unwrap_or("").contains(label) && p.contains(reader))
    };
    // auth.uid() is plain SQL, inlined: it shows as the setting it reads.
    assert!(
        named(
            "members.members_read_own",
            "current_setting('request.jwt.claim.sub'"
        ),
        "{problems:#?}"
    );
    assert!(
        named("members.members_read_own", "auth.is_active()"),
        "{problems:#?}"
    );
    assert!(
        named("messages.messages_scoped_read", "auth.scope_names()"),
        "{problems:#?}"
    );
    assert!(
        named(
            "prayer_requests.prayer_requests_member_insert",
            "current_setting('request.jwt.claim.sub'"
        ),
        "{problems:#?}"
    );
    assert!(
        named(
            "prayer_requests.prayer_requests_member_insert",
            "auth.is_active()"
        ),
        "{problems:#?}"
    );
    assert!(
        problems
            .iter()
            .all(|p| p.starts_with("members.members_read_own")
                || p.starts_with("messages.messages_scoped_read")
                || p.starts_with("prayer_requests.prayer_requests_member_insert")),
        "only the bare ones are named: {problems:#?}"
    );
}

/// policies/README.md: every column a row-level policy filters on (its USING; an INSERT's WITH
/// CHECK reads no stored row) leads a btree of its table, follows columns the same policy also
/// filters on, or is in a partial index's predicate. Read from the catalog: the columns each
/// policy depends on (pg_depend), so a new policy is covered.
#[tokio::test]
async fn every_column_a_policy_filters_on_is_indexed() {
    let db = TestDb::new().await;
    let client = db.client().await;
    let columns = client
        .query(
            "SELECT pol.polname::text, d.refobjid::regclass::text, a.attname::text, a.attnum \
               FROM pg_policy pol \
               JOIN pg_class pc ON pc.oid = pol.polrelid \
               JOIN pg_depend d ON d.classid = 'pg_policy'::regclass AND d.objid = pol.oid \
                AND d.refclassid = 'pg_class'::regclass AND d.refobjsubid > 0 \
               JOIN pg_attribute a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid \
              WHERE pc.relnamespace IN ('public'::regnamespace, 'storage'::regnamespace) \
                AND pol.polcmd <> 'a' \
              ORDER BY 1, 2, 3",
            &[],
        )
        .await
        .unwrap();
    assert!(
        columns.len() > 20,
        "policies name columns: {}",
        columns.len()
    );
    let indexes = client
        .query(
            "SELECT indrelid::regclass::text, indkey::int2[], \
                    coalesce(pg_get_expr(indpred, indrelid), '') \
               FROM pg_index",
            &[],
        )
        .await
        .unwrap();
    let mut by_relation: BTreeMap<String, Vec<(Vec<i16>, String)>> = BTreeMap::new();
    for r in &indexes {
        by_relation
            .entry(r.get(0))
            .or_default()
            .push((r.get(1), r.get(2)));
    }
    // The columns each policy filters on, by table.
    let mut filtered: BTreeMap<(String, String), BTreeSet<i16>> = BTreeMap::new();
    for r in &columns {
        filtered
            .entry((r.get(0), r.get(1)))
            .or_default()
            .insert(r.get(3));
    }
    let mut problems = Vec::new();
    for r in &columns {
        let (policy, relation, column, attnum): (String, String, String, i16) =
            (r.get(0), r.get(1), r.get(2), r.get(3));
        let same_policy = &filtered[&(policy.clone(), relation.clone())];
        let covered = by_relation
            .get(&relation)
            .into_iter()
            .flatten()
            .any(|(keys, pred)| {
                let leads = keys
                    .iter()
                    .position(|k| *k == attnum)
                    .is_some_and(|at| keys[..at].iter().all(|k| same_policy.contains(k)));
                let in_predicate = pred
                    .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .any(|word| word == column);
                leads || in_predicate
            });
        if !covered {
            problems.push(format!("{relation}.{column} (policy {policy})"));
        }
    }
    assert!(
        problems.is_empty(),
        "policy columns without an index (add one in a migration): {problems:#?}"
    );
}

/// What the caller's questions answer, asked in one transaction after the per-request context
/// statement (or, with `by_hand`, after claims set without it: the lookup without the kept
/// answer).
async fn answers(client: &Client, claims: &str, by_hand: bool) -> (i32, bool, bool, Vec<String>) {
    let every: Vec<String> = client
        .query("SELECT name FROM kanisa.permissions ORDER BY name", &[])
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    client.batch_execute("BEGIN").await.unwrap();
    if by_hand {
        client
            .execute(
                "SELECT set_config('role', 'authenticated', true), \
                        set_config('request.jwt.claims', $1, true)",
                &[&claims],
            )
            .await
            .unwrap();
    } else {
        let caller = Caller::new("authenticated", claims);
        let ctx = caller.context();
        client.execute(CONTEXT_SQL, &ctx.params()).await.unwrap();
    }
    let row = client
        .query_one(
            "SELECT (SELECT auth.rank()), (SELECT auth.is_active()), (SELECT auth.is_scoped()), \
                    (SELECT ARRAY(SELECT p FROM unnest(auth.permissions()) p ORDER BY p))",
            &[],
        )
        .await
        .unwrap();
    // Each permission asked on its own agrees with the list.
    let list: Vec<String> = row.get(3);
    for p in every
        .iter()
        .map(String::as_str)
        .chain(["", "manage_members,manage_admins", "nope"])
    {
        let (one, any): (Option<bool>, Option<bool>) = {
            let r = client
                .query_one(
                    "SELECT auth.has_permission($1), \
                            auth.has_any_permission(VARIADIC ARRAY[$1, 'nope'])",
                    &[&p],
                )
                .await
                .unwrap();
            (r.get(0), r.get(1))
        };
        let held = list.iter().any(|x| x == p);
        assert_eq!(one, Some(held), "has_permission({p:?}) for {claims}");
        assert_eq!(any, Some(held), "has_any_permission({p:?}) for {claims}");
    }
    client.batch_execute("ROLLBACK").await.unwrap();
    (row.get(0), row.get(1), row.get(2), list)
}

/// The questions answer as the rules of 0006 and 0028: every role's rank, scope and default
/// permissions (auth.effective_permissions), an own list in place of the defaults, nothing for
/// a deactivated profile, an unknown id or anon — through the per-request context and with
/// claims set by hand; and a second caller later in the same transaction gets their own answers.
#[tokio::test]
async fn one_lookup_of_the_caller_answers_as_the_rules() {
    let db = TestDb::new().await;
    let client = db.client().await;
    let roles = client
        .query(
            "SELECT name, rank, scoped FROM kanisa.roles ORDER BY rank, name",
            &[],
        )
        .await
        .unwrap();
    assert_eq!(roles.len(), 10);
    let mut cases: Vec<(String, String, Option<Vec<String>>, bool)> = Vec::new();
    for r in &roles {
        let role: String = r.get(0);
        cases.push((role.to_lowercase(), role, None, true));
    }
    cases.push((
        "own-list".into(),
        "MEMBER".into(),
        Some(vec!["manage_content".into(), "view_reports".into()]),
        true,
    ));
    cases.push(("empty-list".into(), "ADMIN".into(), Some(vec![]), true));
    cases.push(("deactivated".into(), "SUPER_ADMIN".into(), None, false));
    cases.push((
        "deactivated-leader".into(),
        "MINISTRY_LEADER".into(),
        None,
        false,
    ));
    for (label, role, own, active) in &cases {
        let id: String = client
            .query_one(
                "WITH a AS (INSERT INTO auth.users (email, encrypted_password) \
                            VALUES ($1 || '@answers.test', 'not a hash') RETURNING id, email) \
                 INSERT INTO public.users (id, email, full_name, role, permissions, is_active) \
                 SELECT id, email, $1, $2, $3, $4 FROM a RETURNING id::text",
                &[label as &(dyn ToSql + Sync), role, own, active],
            )
            .await
            .unwrap()
            .get(0);
        let expected: (i32, bool, bool, Vec<String>) = if *active {
            let r = client
                .query_one(
                    "SELECT r.rank::int, r.scoped, \
                            ARRAY(SELECT p FROM unnest(auth.effective_permissions($1, $2)) p \
                                  ORDER BY p) \
                       FROM kanisa.roles r WHERE r.name = $1",
                    &[role, own],
                )
                .await
                .unwrap();
            (r.get(0), true, r.get(1), r.get(2))
        } else {
            (-1, false, false, vec![])
        };
        let claims = serde_json::json!({ "sub": id, "role": "authenticated" }).to_string();
        assert_eq!(answers(&client, &claims, false).await, expected, "{label}");
        assert_eq!(
            answers(&client, &claims, true).await,
            expected,
            "{label} by hand"
        );
    }
    let nobody = (-1, false, false, vec![]);
    for claims in [
        r#"{"sub":"00000000-0000-4000-8000-000000000001","role":"authenticated"}"#,
        r#"{"role":"anon"}"#,
        "{}",
    ] {
        assert_eq!(answers(&client, claims, false).await, nobody, "{claims}");
        assert_eq!(
            answers(&client, claims, true).await,
            nobody,
            "{claims} by hand"
        );
    }

    // Two callers, one after the other, in one transaction: each gets their own answers.
    let ids: Vec<String> = client
        .query(
            "SELECT id::text FROM public.users WHERE full_name IN ('super_admin', 'member') \
             ORDER BY full_name DESC",
            &[],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    client.batch_execute("BEGIN").await.unwrap();
    let mut seen = Vec::new();
    for id in &ids {
        let caller = Caller::new(
            "authenticated",
            serde_json::json!({ "sub": id, "role": "authenticated" }).to_string(),
        );
        let ctx = caller.context();
        client.execute(CONTEXT_SQL, &ctx.params()).await.unwrap();
        let r = client
            .query_one(
                "SELECT (SELECT auth.rank()), (SELECT auth.has_permission('manage_admins')), \
                        current_setting('kanisa.caller_sub', true)",
                &[],
            )
            .await
            .unwrap();
        let (rank, admin, kept): (i32, bool, Option<String>) = (r.get(0), r.get(1), r.get(2));
        assert_eq!(
            kept,
            Some(format!("u:{id}")),
            "the answer is kept for the caller"
        );
        seen.push((rank, admin));
    }
    client.batch_execute("ROLLBACK").await.unwrap();
    assert_eq!(seen, [(6, true), (1, false)]);
}
