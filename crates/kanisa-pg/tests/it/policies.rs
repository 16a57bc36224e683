//! The policy files (policies/) as a whole: every exposed table (and realtime.messages) is
//! closed by row-level security and opened only by its own file; the files keep the habits
//! policies/README.md asks for.
//! What each role may actually do is tested through HTTP in kanisa-server (tests/it/policies.rs).

use std::collections::BTreeSet;

use kanisa_test_db::TestDb;

fn policy_files() -> BTreeSet<String> {
    kanisa_pg::embedded_policies()
        .iter()
        .map(|(file, _)| file.strip_suffix(".sql").unwrap_or(file).to_owned())
        .collect()
}

#[tokio::test]
async fn every_exposed_table_has_forced_row_level_security_and_a_policy_file() {
    let db = TestDb::new().await;
    let client = db.client().await;
    let files = policy_files();
    let rows = client
        .query(
            "SELECT CASE WHEN n.nspname = 'public' THEN c.relname::text \
                         ELSE n.nspname || '.' || c.relname END, \
                    c.relkind::text, c.relrowsecurity, c.relforcerowsecurity \
             FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace \
             WHERE (n.nspname IN ('public', 'storage') AND c.relkind IN ('r', 'p', 'v', 'm', 'f')) \
                OR (n.nspname = 'realtime' AND c.relname = 'messages') \
             ORDER BY 1",
            &[],
        )
        .await
        .unwrap();
    assert!(
        rows.len() >= 20,
        "the schema has its tables: {}",
        rows.len()
    );
    let mut problems = Vec::new();
    let mut relations = BTreeSet::new();
    for row in &rows {
        let (name, kind): (String, String) = (row.get(0), row.get(1));
        let (rls, forced): (bool, bool) = (row.get(2), row.get(3));
        // realtime.messages' owner writes realtime.authorize's probes: enabled, not forced.
        let must_force = name != "realtime.messages";
        if matches!(kind.as_str(), "r" | "p") && !(rls && (forced || !must_force)) {
            problems.push(format!(
                "{name}: row-level security enabled {rls}, forced {forced}"
            ));
        }
        if !files.contains(&name) {
            problems.push(format!("{name}: no policies/{name}.sql"));
        }
        relations.insert(name);
    }
    for file in &files {
        if file != "functions" && !relations.contains(file) {
            problems.push(format!(
                "policies/{file}.sql names no exposed table or view"
            ));
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

#[tokio::test]
async fn a_table_without_a_policy_file_is_closed_to_the_api_roles() {
    let db = TestDb::new().await;
    let mut client = db.client().await;
    client
        .batch_execute(
            "CREATE TABLE public.forgotten (id int); INSERT INTO public.forgotten VALUES (1); \
             GRANT SELECT ON public.forgotten TO anon, authenticated;",
        )
        .await
        .unwrap();
    kanisa_pg::apply_policies(&mut client, &kanisa_pg::embedded_policies())
        .await
        .unwrap();
    for role in ["anon", "authenticated"] {
        let err = client
            .batch_execute(&format!(
                "BEGIN; SET LOCAL ROLE {role}; SELECT * FROM public.forgotten;"
            ))
            .await
            .unwrap_err();
        assert_eq!(
            err.as_db_error().map(|e| e.code().code()),
            Some("42501"),
            "{role}: the stray grant was revoked"
        );
        client.batch_execute("ROLLBACK").await.unwrap();
    }
    let rls: bool = client
        .query_one(
            "SELECT relrowsecurity AND relforcerowsecurity FROM pg_class \
             WHERE oid = 'public.forgotten'::regclass",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert!(rls);
}

#[tokio::test]
async fn applying_the_policies_again_changes_nothing() {
    let db = TestDb::new().await;
    let mut client = db.client().await;
    let snapshot = "SELECT string_agg(format('%s.%s %s %s %s %s', tablename, policyname, cmd, \
                    roles, qual, with_check), E'\\n' ORDER BY tablename, policyname) \
                    || (SELECT string_agg(format('%s.%s %s %s', table_name, column_name, \
                        grantee, privilege_type), E'\\n' \
                        ORDER BY table_name, column_name, grantee, privilege_type) \
                        FROM information_schema.column_privileges \
                        WHERE table_schema = 'public' AND grantee IN ('anon', 'authenticated')) \
                    FROM pg_policies WHERE schemaname = 'public'";
    let before: String = client.query_one(snapshot, &[]).await.unwrap().get(0);
    kanisa_pg::apply_policies(&mut client, &kanisa_pg::embedded_policies())
        .await
        .unwrap();
    kanisa_pg::apply_policies(&mut client, &kanisa_pg::embedded_policies())
        .await
        .unwrap();
    let after: String = client.query_one(snapshot, &[]).await.unwrap().get(0);
    assert_eq!(before, after);
}

/// The habits of policies/README.md, checked on what PostgreSQL actually holds.
#[tokio::test]
async fn policies_name_their_roles_and_call_helpers_once_per_statement() {
    let db = TestDb::new().await;
    let client = db.client().await;
    let rows = client
        .query(
            "SELECT tablename::text, policyname::text, roles::text[], \
                    coalesce(qual, ''), coalesce(with_check, '') \
             FROM pg_policies WHERE schemaname IN ('public', 'storage') ORDER BY 1, 2",
            &[],
        )
        .await
        .unwrap();
    assert!(rows.len() > 50, "policies are in place: {}", rows.len());
    let mut problems = Vec::new();
    for row in &rows {
        let (table, name): (String, String) = (row.get(0), row.get(1));
        let roles: Vec<String> = row.get(2);
        if roles.is_empty() || roles.iter().any(|r| r != "anon" && r != "authenticated") {
            problems.push(format!(
                "{table}.{name}: roles {roles:?} (want TO anon/authenticated)"
            ));
        }
        if !name.starts_with(&format!("{table}_")) {
            problems.push(format!("{table}.{name}: name it {table}_<what it allows>"));
        }
        for expr in [row.get::<_, String>(3), row.get::<_, String>(4)] {
            // PostgreSQL prints `(SELECT auth.uid())` as `( SELECT auth.uid() AS uid)`.
            let calls = expr.matches("auth.").count();
            let wrapped = expr.matches("SELECT auth.").count();
            if calls != wrapped {
                problems.push(format!(
                    "{table}.{name}: a helper call outside a sub-select in {expr}"
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

/// Views run as their reader (security_invoker), so the reader's own policies on the tables
/// apply. The one exception is staff_names (issue 31): it reads profiles with its owner's rights
/// for readers who may not read them, so it must stay a view of two columns, id and full_name,
/// behind a security barrier (policies/README.md, policies/staff_names.sql).
#[tokio::test]
async fn views_run_as_their_reader_except_the_names_only_view() {
    let db = TestDb::new().await;
    let client = db.client().await;
    let rows = client
        .query(
            "SELECT c.relname::text, coalesce(c.reloptions, '{}')::text[], \
                    ARRAY(SELECT a.attname::text FROM pg_attribute a \
                           WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped \
                           ORDER BY a.attnum) \
             FROM pg_class c \
             WHERE c.relnamespace IN ('public'::regnamespace, 'storage'::regnamespace) \
               AND c.relkind IN ('v', 'm') ORDER BY 1",
            &[],
        )
        .await
        .unwrap();
    let mut problems = Vec::new();
    let mut names_view = false;
    for row in &rows {
        let (name, options, columns): (String, Vec<String>, Vec<String>) =
            (row.get(0), row.get(1), row.get(2));
        if name == "staff_names" {
            names_view = true;
            if columns != ["id", "full_name"] {
                problems.push(format!(
                    "staff_names shows {columns:?}, not only id and full_name"
                ));
            }
            if !options.contains(&"security_barrier=true".to_owned()) {
                problems.push(format!(
                    "staff_names without a security barrier: {options:?}"
                ));
            }
        } else if !options.contains(&"security_invoker=true".to_owned()) {
            problems.push(format!("{name}: not security_invoker ({options:?})"));
        }
    }
    assert!(names_view, "the staff_names view exists");
    assert!(problems.is_empty(), "{problems:#?}");
}

/// Writes are granted column by column, never on the keys and timestamps the database keeps.
#[tokio::test]
async fn write_grants_are_column_grants_without_keys_or_timestamps() {
    let db = TestDb::new().await;
    let client = db.client().await;
    let table_wide = client
        .query(
            "SELECT table_name::text || ' ' || grantee::text || ' ' || privilege_type::text \
             FROM information_schema.table_privileges \
             WHERE table_schema = 'public' AND grantee IN ('anon', 'authenticated') \
               AND privilege_type IN ('INSERT', 'UPDATE', 'TRUNCATE', 'REFERENCES', 'TRIGGER') \
             ORDER BY 1",
            &[],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| r.get::<_, String>(0))
        .collect::<Vec<_>>();
    assert!(
        table_wide.is_empty(),
        "table-wide write grants: {table_wide:#?}"
    );

    // The one exception: the back office sends updated_at with a prayer request's status
    // (back-office §7.4); the updated_at trigger overwrites it.
    let keys = client
        .query(
            "SELECT table_name::text || '.' || column_name::text || ' ' || grantee::text || ' ' \
                    || privilege_type::text \
             FROM information_schema.column_privileges \
             WHERE table_schema = 'public' AND grantee IN ('anon', 'authenticated') \
               AND privilege_type IN ('INSERT', 'UPDATE') \
               AND (column_name IN ('id', 'created_at', 'updated_at', 'admin_id', \
                                    'ip_address', 'user_agent', 'is_secret', 'is_public', \
                                    'last_sign_in_at') \
                    OR (table_name = 'users' AND column_name = 'email') \
                    OR (table_name = 'messages' AND column_name IN \
                        ('status', 'read_at', 'email_sent_at', 'email_simulated', 'completed_at') \
                        AND grantee = 'anon') \
                    OR (table_name = 'prayer_requests' AND grantee = 'anon' \
                        AND column_name IN ('status', 'assigned_to'))) \
             ORDER BY 1",
            &[],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| r.get::<_, String>(0))
        .collect::<Vec<_>>();
    assert_eq!(keys, ["prayer_requests.updated_at authenticated UPDATE"]);

    // anon writes only the two public forms, and no anon write touches money.
    let anon_writes: BTreeSet<String> = client
        .query(
            "SELECT DISTINCT table_name::text || ' ' || privilege_type::text \
             FROM information_schema.column_privileges \
             WHERE table_schema = 'public' AND grantee = 'anon' AND privilege_type <> 'SELECT' \
             UNION \
             SELECT DISTINCT table_name::text || ' ' || privilege_type::text \
             FROM information_schema.table_privileges \
             WHERE table_schema = 'public' AND grantee = 'anon' AND privilege_type <> 'SELECT'",
            &[],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(
        anon_writes,
        BTreeSet::from([
            "messages INSERT".to_owned(),
            "prayer_requests INSERT".to_owned()
        ])
    );
}

/// anon may call no function in the exposed schema; signed-in users call the six RPC functions.
#[tokio::test]
async fn rpc_functions_are_granted_to_signed_in_users_only() {
    let db = TestDb::new().await;
    let client = db.client().await;
    let rows = client
        .query(
            "SELECT p.proname::text, has_function_privilege('anon', p.oid, 'EXECUTE'), \
                    has_function_privilege('authenticated', p.oid, 'EXECUTE') \
             FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace ORDER BY 1",
            &[],
        )
        .await
        .unwrap();
    let granted: Vec<(String, bool, bool)> = rows
        .iter()
        .map(|r| (r.get(0), r.get(1), r.get(2)))
        .collect();
    assert_eq!(
        granted,
        [
            ("confirm_backup_key", false, true),
            ("count_member_search", false, true),
            ("decide_details_change", false, true),
            ("get_backup_status", false, true),
            ("get_broadcast", false, true),
            ("get_broadcasts", false, true),
            ("get_budget_summary", false, true),
            ("get_donation_totals", false, true),
            ("get_failed_deliveries", false, true),
            ("get_finance_overview", false, true),
            ("get_financial_summary", false, true),
            ("get_giving_statement", false, true),
            ("get_giving_statements", false, true),
            ("get_message_audiences", false, true),
            ("get_message_stats", false, true),
            ("get_messages", false, true),
            ("get_monthly_giving", false, true),
            ("get_remittance", false, true),
            ("get_report", false, true),
            ("get_scheduled_tasks", false, true),
            ("get_sign_in_code_stats", false, true),
            ("get_ussd_report", false, true),
            ("import_members", false, true),
            ("mark_message_read", false, true),
            ("note_backup_recovery_sheet", false, true),
            ("reassign_gift", false, true),
            ("request_backup_drill", false, true),
            ("request_details_change", false, true),
            ("review_expense", false, true),
            ("search_members", false, true),
            ("update_message_status", false, true),
        ]
        .map(|(n, a, b)| (n.to_owned(), a, b))
    );
}

/// Fuzzing the policy-file runner's input (issue 21): sets of files with arbitrary names and
/// contents mixing real policy statements, broken SQL, quotes, dollar quotes and NUL-free
/// garbage. The runner never panics; a refused set names one of its files and leaves every
/// policy, grant and row-level security flag as it was (all files or none); and afterwards the
/// real files apply again. `KANISA_FUZZ_CASES` scales the run (`make soak`: thousands).
#[tokio::test]
async fn fuzz_policy_runner_input() {
    use proptest::prelude::*;
    use proptest::strategy::ValueTree;
    use proptest::test_runner::{Config, TestRunner};

    let cases: u32 = std::env::var("KANISA_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300)
        / 10;
    let cases = cases.max(20);
    let name = prop_oneof![
        Just("sermons".to_owned()),
        Just("functions".to_owned()),
        Just("storage.objects".to_owned()),
        Just("events".to_owned()),
        "[a-z_.]{0,12}",
        "\\PC{0,10}",
    ]
    .prop_flat_map(|stem| prop_oneof![Just(format!("{stem}.sql")), Just(stem.clone())]);
    let fragment = prop_oneof![
        Just("GRANT SELECT ON public.sermons TO anon;".to_owned()),
        Just(
            "CREATE POLICY fuzz_read ON public.sermons FOR SELECT TO anon USING (true);".to_owned()
        ),
        Just(
            "CREATE POLICY fuzz_read ON public.events FOR SELECT TO anon USING (is_published);"
                .to_owned()
        ),
        Just("GRANT EXECUTE ON FUNCTION public.get_monthly_giving(integer) TO anon;".to_owned()),
        Just("ALTER TABLE public.sermons DISABLE ROW LEVEL SECURITY;".to_owned()),
        Just("CREATE POLICY p ON public.no_such_table USING (true);".to_owned()),
        Just("SELEC * FRM;".to_owned()),
        Just("'".to_owned()),
        Just("$$".to_owned()),
        Just("$x$ unterminated".to_owned()),
        Just("/* open comment".to_owned()),
        Just("-- a comment\n".to_owned()),
        Just(";".to_owned()),
        Just("DO $$ BEGIN RAISE EXCEPTION 'fuzz'; END $$;".to_owned()),
        "[ -~\\n]{0,40}",
        "\\PC{0,20}".prop_map(|s: String| s.replace('\0', "")),
    ];
    let file = (
        name,
        prop::collection::vec(fragment, 0..6).prop_map(|f| f.join("\n")),
    );
    let files = prop::collection::vec(file, 1..4);

    let db = TestDb::new().await;
    let mut client = db.client().await;
    const STATE: &str = "
        SELECT concat_ws(' | ',
          (SELECT string_agg(concat_ws(':', schemaname, tablename, policyname, cmd, roles::text,
                                       qual, with_check), ',' ORDER BY schemaname, tablename, policyname)
             FROM pg_policies),
          (SELECT string_agg(concat_ws(':', table_schema, table_name, grantee, privilege_type), ','
                             ORDER BY table_schema, table_name, grantee, privilege_type)
             FROM information_schema.role_table_grants WHERE grantee IN ('anon', 'authenticated')),
          (SELECT string_agg(concat_ws(':', c.relname, c.relrowsecurity, c.relforcerowsecurity), ','
                             ORDER BY c.relname)
             FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname IN ('public', 'storage') AND c.relkind IN ('r', 'p')),
          (SELECT string_agg(p.oid::regprocedure::text, ',' ORDER BY p.oid::regprocedure::text)
             FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
            WHERE n.nspname = 'public' AND has_function_privilege('anon', p.oid, 'EXECUTE')))";
    let mut runner = TestRunner::new(Config {
        failure_persistence: None,
        ..Config::default()
    });
    let (mut applied, mut refused) = (0, 0);
    for _ in 0..cases {
        let input = files.new_tree(&mut runner).unwrap().current();
        let before: String = client.query_one(STATE, &[]).await.unwrap().get(0);
        let borrowed: Vec<(&str, &str)> = input
            .iter()
            .map(|(f, s)| (f.as_str(), s.as_str()))
            .collect();
        match kanisa_pg::apply_policies(&mut client, &borrowed).await {
            Ok(()) => applied += 1,
            Err(kanisa_pg::PgError::PolicyFailed { file, message }) => {
                refused += 1;
                assert!(
                    file == "(reset before the policy files)"
                        || input.iter().any(|(f, _)| *f == file),
                    "the refusal names a file of the set: {file:?} ({message}) for {input:?}"
                );
                assert!(!message.is_empty());
                let after: String = client.query_one(STATE, &[]).await.unwrap().get(0);
                assert_eq!(before, after, "a refused set changed nothing: {input:?}");
            }
            Err(other) => panic!("fuzz policy files: crash: {other} for {input:?}"),
        }
    }
    kanisa_pg::apply_policies(&mut client, &kanisa_pg::embedded_policies())
        .await
        .expect("the real policy files apply after the fuzzing");
    assert!(refused > 0, "the inputs exercise refusals");
    println!("fuzz policy files: {cases} cases, 0 crashes ({applied} applied, {refused} refused)");
}
