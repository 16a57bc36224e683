//! Console sessions: lines in, the text a person would see out.

use std::sync::Arc;

use kanisa_console::{Console, Reply, complete};
use kanisa_rest::{Rest, RestConfig};
use kanisa_test_db::TestDb;

struct Session {
    // Dropped last: the database outlives the console's pools.
    console: Console,
    db: TestDb,
}

impl Session {
    async fn new() -> Session {
        let db = TestDb::with_demo().await;
        let rest = Rest::new(
            db.api_pool(),
            RestConfig {
                anon_cache_entries: 0,
                ..RestConfig::default()
            },
        )
        .await
        .expect("schema cache");
        let console = Console::new(Arc::new(rest), db.pool());
        Session { console, db }
    }

    /// A staff account (see kanisa-auth's roles) that the console can then ask as.
    async fn user(&self, email: &str, role: &str) {
        let mut client = self.db.client().await;
        kanisa_auth::create_user(
            &mut client,
            &kanisa_auth::NewUser {
                email: email.into(),
                full_name: format!("Test {role}"),
                role: role.into(),
                password: "correct horse battery".into(),
            },
        )
        .await
        .expect("create a user");
    }

    /// Types a line; the reply must not be a failure.
    async fn ok(&mut self, line: &str) -> String {
        let reply = self.console.run(line).await;
        assert!(!reply.failed(), "{line}\n{}", reply.text);
        reply.text
    }

    /// Types a line whose reply must be a failure.
    async fn fails(&mut self, line: &str) -> Reply {
        let reply = self.console.run(line).await;
        assert!(reply.failed(), "{line} should fail:\n{}", reply.text);
        reply
    }
}

const DRAFT: &str = r#"post sermons {"title": "A Draft Sermon", "speaker": "Pr. Test", "sermon_date": "2026-10-03", "is_published": false}"#;

/// `\as` switches who asks: a draft sermon is invisible to anon (only published sermons are
/// public) and visible to the service key; the prompt and `\as` say who is asking.
#[tokio::test]
async fn identity_switch_changes_what_a_read_sees() {
    let mut s = Session::new().await;
    assert_eq!(s.console.prompt(), "kanisa(anon)> ");
    let who = s.ok("\\as service").await;
    assert!(who.contains("service_role"), "{who}");
    let created = s.ok(DRAFT).await;
    assert!(created.contains("201 Created"), "{created}");

    let read = "get sermons?select=title,speaker&is_published=eq.false";
    let as_service = s.ok(read).await;
    assert!(as_service.contains("A Draft Sermon"), "{as_service}");
    assert!(as_service.contains("200 OK, 1 row"), "{as_service}");

    s.ok("\\as anon").await;
    assert_eq!(s.console.prompt(), "kanisa(anon)> ");
    let as_anon = s.ok(read).await;
    assert!(as_anon.starts_with("(no rows)"), "{as_anon}");
    assert!(as_anon.contains("200 OK, 0 rows"), "{as_anon}");
    // Published sermons are public: the table shows them, aligned under their header.
    let published = s
        .ok("get sermons?select=title,speaker&order=sermon_date.asc&limit=2")
        .await;
    let lines: Vec<&str> = published.lines().collect();
    assert_eq!(lines[0].trim_end(), format!(" {:<25} | speaker", "title"));
    assert!(
        lines[1].starts_with("---------------------------+"),
        "{published}"
    );
    assert!(
        lines[4].starts_with("200 OK, 2 rows, range 0-1/*, "),
        "{published}"
    );

    // A signed-in content admin sees drafts too; a member does not.
    s.user("editor@example.org", "CONTENT_ADMIN").await;
    s.user("member@example.org", "MEMBER").await;
    let who = s.ok("\\as editor@example.org").await;
    assert!(who.contains("CONTENT_ADMIN"), "{who}");
    assert!(who.contains("manage_sermons"), "{who}");
    assert_eq!(s.console.prompt(), "kanisa(editor@example.org)> ");
    assert!(s.ok(read).await.contains("A Draft Sermon"));
    s.ok("\\as Member@Example.org").await;
    assert!(s.ok(read).await.starts_with("(no rows)"));

    let unknown = s.fails("\\as nobody@example.org").await;
    assert!(
        unknown.text.contains("no user has the e-mail"),
        "{}",
        unknown.text
    );
    assert_eq!(s.console.prompt(), "kanisa(member@example.org)> ");
}

/// A write refused by row-level security names the policies for that command and role, and
/// who asked; one refused by privileges names the columns the role may write.
#[tokio::test]
async fn a_denied_write_shows_the_policy() {
    let mut s = Session::new().await;
    s.user("member@example.org", "MEMBER").await;
    s.ok("\\as member@example.org").await;
    // A member may send the public form's message (source website), not an admin-entered one.
    let line = r#"post messages {"sender_name": "Jane", "subject": "Hello", "message": "Hi", "source": "admin"}"#;
    let denied = s.fails(line).await;
    assert_eq!(denied.status, Some(403));
    let text = denied.text;
    assert!(
        text.contains(
            "error 42501: new row violates row-level security policy for table \"messages\""
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "denied by row-level security on messages: INSERT policies for authenticated:"
        ),
        "{text}"
    );
    assert!(
        text.contains("  messages_member_insert WITH CHECK ("),
        "{text}"
    );
    assert!(
        text.contains("  messages_staff_insert WITH CHECK ("),
        "{text}"
    );
    assert!(text.contains("source = 'website'"), "{text}");
    assert!(
        !text.contains("messages_public_insert"),
        "anon's policy is not listed: {text}"
    );
    assert!(
        text.contains("as member@example.org (role authenticated; MEMBER; permissions:"),
        "{text}"
    );
    assert!(text.contains("403 Forbidden"), "{text}");
    // The same message from the website is allowed.
    let sent = s
        .ok(r#"post messages {"sender_name": "Jane", "subject": "Hello", "message": "Hi"}"#)
        .await;
    assert!(sent.contains("201 Created"), "{sent}");

    // anon may not set a message's status at all: a privilege, not a policy.
    s.ok("\\as anon").await;
    let denied = s
        .fails(r#"post messages {"sender_name": "Jane", "subject": "Hello", "message": "Hi", "status": "read"}"#)
        .await;
    assert_eq!(denied.status, Some(401));
    assert!(
        denied
            .text
            .contains("denied by privileges on messages: anon may INSERT only the columns"),
        "{}",
        denied.text
    );
    assert!(
        denied.text.contains("  not granted: status"),
        "{}",
        denied.text
    );

    // A delete anon holds no privilege for is explained too (DELETE has no column privileges).
    let denied = s
        .fails("delete sermons?id=eq.00000000-0000-4000-8000-005000000001")
        .await;
    assert!(
        denied
            .text
            .contains("denied by privileges on sermons: anon has no DELETE privilege on it"),
        "{}",
        denied.text
    );

    // An update that its USING clauses hide changes nothing, and the console says why.
    s.ok("\\as member@example.org").await;
    let none = s
        .ok(r#"patch sermons?title=eq.Walking%20in%20the%20Spirit {"title": "Renamed"}"#)
        .await;
    assert!(none.contains("no row changed"), "{none}");
    assert!(none.contains("sermons_staff_update USING ("), "{none}");
}

/// `\sql` shows the statement each request runs, with its values; a second `\sql` hides it.
#[tokio::test]
async fn sql_shows_the_generated_statement() {
    let mut s = Session::new().await;
    assert!(s.ok("\\sql").await.contains("showing the SQL"));
    let out = s
        .ok("get sermons?select=title&speaker=eq.Pr. Grace Mwangi&limit=1")
        .await;
    let first = out.lines().next().unwrap();
    assert!(
        first.starts_with("WITH \"pgrst_result\" AS (SELECT"),
        "{out}"
    );
    assert!(
        first.contains("FROM \"public\".\"sermons\" AS \"t0\""),
        "{out}"
    );
    assert!(out.contains("\n-- $1 = 'Pr. Grace Mwangi'"), "{out}");
    assert!(out.contains("Walking in the Spirit"), "{out}");

    // Writes and calls too; the SQL is shown even when the request then fails.
    s.ok("\\as service").await;
    let call = s
        .ok(r#"rpc get_monthly_giving {"from_date": "2026-01-01"}"#)
        .await;
    assert!(
        call.contains("\"public\".\"get_monthly_giving\"("),
        "{call}"
    );
    assert!(call.contains("-- $1 = '2026-01-01'"), "{call}");
    s.ok("\\as anon").await;
    let refused = s
        .fails("delete sermons?id=eq.00000000-0000-4000-8000-005000000001")
        .await;
    assert!(
        refused
            .text
            .starts_with("DELETE FROM \"public\".\"sermons\""),
        "{}",
        refused.text
    );

    assert!(s.ok("\\sql").await.contains("not showing SQL"));
    assert!(s.ok("get sermons?limit=1").await.starts_with(" id "));
}

/// Completion of tables, columns and commands from the live schema cache.
#[tokio::test]
async fn completion_from_the_schema_cache() {
    let s = Session::new().await;
    let cache = s.console.rest().cache();
    let at_end = |line: &str| complete(&cache, line, line.len());
    assert_eq!(
        at_end("ser"),
        (0, vec!["sermon_series".to_owned(), "sermons".to_owned()])
    );
    assert_eq!(
        at_end("get ser"),
        (4, vec!["sermon_series".to_owned(), "sermons".to_owned()])
    );
    assert_eq!(
        at_end("get sermons?select=title,spe"),
        (25, vec!["speaker".to_owned()])
    );
    assert_eq!(
        at_end("get sermons?is_pub").1,
        vec!["is_published".to_owned()]
    );
    assert_eq!(
        at_end("get sermons?order=sermon_d").1,
        vec!["sermon_date".to_owned()]
    );
    assert_eq!(
        at_end(r#"post messages {"sender_"#).1,
        vec![
            "\"sender_email\"".to_owned(),
            "\"sender_id\"".to_owned(),
            "\"sender_name\"".to_owned(),
            "\"sender_phone\"".to_owned()
        ]
    );
    assert_eq!(
        at_end("rpc get_month").1,
        vec!["get_monthly_giving".to_owned()]
    );
    assert_eq!(at_end("\\s").1, vec!["\\sql".to_owned()]);
}

/// What `kanisa query` runs: one request, its answer as a table or JSON, a status to exit on.
#[tokio::test]
async fn one_off_queries_and_their_errors() {
    let mut s = Session::new().await;
    let answer = s
        .console
        .query("get sermons?select=title&order=sermon_date.asc&limit=1")
        .await
        .unwrap();
    assert_eq!(answer.status, 200);
    assert_eq!(answer.rows(), Some(1));
    assert_eq!(
        answer.body_value(),
        Some(serde_json::json!([{"title": "The Vine and the Branches"}]))
    );

    let missing = s.console.query("get sermon?limit=1").await.unwrap();
    assert_eq!(missing.status, 404);
    let text = missing.render(kanisa_console::Format::Table);
    assert!(
        text.contains("error PGRST205: Could not find the table 'public.sermon'"),
        "{text}"
    );
    assert!(
        text.contains("hint: Perhaps you meant the table 'public.sermons'"),
        "{text}"
    );
    assert!(text.ends_with(" ms"), "{text}");
    assert_eq!(
        missing.body_value().map(|b| b["code"].clone()),
        Some(serde_json::json!("PGRST205"))
    );
    assert!(s.console.query("\\sql").await.is_err());

    // JSON output, and commands that are not understood.
    s.ok("\\json").await;
    let json = s
        .ok("get sermons?select=title&order=sermon_date.asc&limit=1")
        .await;
    assert!(
        json.starts_with("[\n  {\n    \"title\": \"The Vine and the Branches\"\n  }\n]\n200 OK"),
        "{json}"
    );
    let bad = s.fails("\\frobnicate").await;
    assert!(bad.text.contains("\\help"), "{}", bad.text);
    assert!(s.ok("\\help").await.contains("\\as"));
    assert!(s.console.run("\\q").await.quit);
}

/// A table created while the console is open (a migration, psql) is found on first use: a
/// name the schema cache does not know reloads it.
#[tokio::test]
async fn a_table_created_meanwhile_is_found() {
    let mut s = Session::new().await;
    s.ok("\\as service").await;
    let client = s.db.client().await;
    client
        .batch_execute(
            "CREATE TABLE public.kanisa_test_notes (id integer PRIMARY KEY, body text);
             INSERT INTO public.kanisa_test_notes VALUES (1, 'hello');
             GRANT SELECT ON public.kanisa_test_notes TO service_role;",
        )
        .await
        .unwrap();
    let out = s.ok("get kanisa_test_notes?select=body").await;
    assert!(out.contains(" hello"), "{out}");
    assert!(s.ok("\\d").await.contains("kanisa_test_notes"));
    let cache = s.console.rest().cache();
    assert_eq!(
        complete(&cache, "kanisa_test_n", 13).1,
        vec!["kanisa_test_notes".to_owned()]
    );
    // A name that is still unknown is a 404 with a hint, after one reload.
    let missing = s.fails("get kanisa_test_note").await;
    assert!(
        missing
            .text
            .contains("Perhaps you meant the table 'public.kanisa_test_notes'")
    );
}

/// `\listen` streams a published table's changes as the console's caller: anon sees a
/// published sermon, never a draft; a table anon may not read is refused with the reason.
#[tokio::test]
async fn listen_shows_the_changes_the_caller_may_see() {
    let Session { console, db } = Session::new().await;
    let hub = kanisa_realtime::Hub::new(db.pool(), db.api_pool());
    let feed = kanisa_realtime::feed::Feed::start(db.pool(), db.config().clone())
        .await
        .expect("the change feed starts");
    hub.deliver_from(feed);
    let mut s = Session {
        console: console.with_realtime(hub),
        db,
    };

    let refused = s
        .console
        .listen("giving_records", None)
        .await
        .err()
        .unwrap();
    assert!(refused.to_string().contains("giving_records"), "{refused}");
    let bad = s
        .console
        .listen("sermons", Some("nope"))
        .await
        .err()
        .unwrap();
    assert!(bad.to_string().contains("filter"), "{bad}");

    let mut listening = s.console.listen("sermons", None).await.expect("listening");
    let client = s.db.client().await;
    for (title, published) in [("Listen draft", false), ("Listen published", true)] {
        client
            .execute(
                "INSERT INTO public.sermons (title, speaker, sermon_date, is_published) \
                 VALUES ($1, 'Pastor', '2026-01-04', $2)",
                &[&title, &published],
            )
            .await
            .unwrap();
    }
    let line = tokio::time::timeout(
        kanisa_test_db::patient(std::time::Duration::from_secs(10)),
        listening.next(),
    )
    .await
    .expect("a change within the wait")
    .expect("the channel lives");
    assert!(line.contains(" INSERT sermons {"), "{line}");
    assert!(
        line.contains("\"title\":\"Listen published\""),
        "the draft is not shown: {line}"
    );

    // The line parser and the console's own answer for it.
    let reply = s.console.run("\\listen").await;
    assert!(
        reply.failed() && reply.text.contains("\\listen sermons"),
        "{}",
        reply.text
    );
}
