//! The lows of the third outside probe (issue 42), through HTTP:
//!
//! * counts never reveal rows the caller cannot read: `Prefer: count=planned` and
//!   `count=estimated` give the planner's estimate only to a caller whose policies let it read
//!   every counted row (a Super Admin reading members), and anyone else the exact count of what
//!   it can read (a VISITOR 0 gifts and 0 messages, a ministry leader its 3 members) — and so
//!   does `count_member_search`;
//! * single-line text refuses line breaks in the database itself, whoever writes it, with a 400
//!   naming the field;
//! * the OpenAPI document's server is the configured public address or relative, never the
//!   request's `Host`.
//!
//! The tables' statistics are inflated twentyfold after ANALYZE, so an estimate is never the
//! exact count by chance: a count equal to what the caller can read is a count, not a guess.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::policies::{Caller, user};
use crate::{TEST_SECRET, TestApp};

/// The total of a `Content-Range` (`0-0/42` or `*/42`).
fn total_of(range: &str) -> i64 {
    range
        .rsplit('/')
        .next()
        .and_then(|t| t.parse().ok())
        .unwrap_or_else(|| panic!("no total in {range:?}"))
}

/// `GET /rest/v1/{table}?select=id&limit=1` with `Prefer: count=…`: the total and the
/// `Preference-Applied` header.
async fn counted(app: &TestApp, who: &Caller, table: &str, count: &str) -> (i64, String) {
    let mut req = app
        .http
        .get(app.url(&format!("/rest/v1/{table}?select=id&limit=1")))
        .header("prefer", format!("count={count}"));
    if let Some(token) = &who.token {
        req = req.bearer_auth(token);
    }
    let res = req.send().await.unwrap();
    let status = res.status();
    let headers = res.headers().clone();
    let body = res.text().await.unwrap();
    assert!(
        status == StatusCode::OK || status == StatusCode::PARTIAL_CONTENT,
        "{table} count={count}: {status} {body}"
    );
    let header = |name: &str| {
        headers
            .get(name)
            .map(|v| v.to_str().unwrap().to_owned())
            .unwrap_or_default()
    };
    (
        total_of(&header("content-range")),
        header("preference-applied"),
    )
}

/// VACUUM ANALYZE, then the statistics say each table is twenty times its size: the planner's
/// estimates are then far from any exact count.
async fn inflate_statistics(sql: &kanisa_pg::tokio_postgres::Client, tables: &[&str]) {
    for table in tables {
        sql.batch_execute(&format!("VACUUM ANALYZE {table}"))
            .await
            .unwrap();
        sql.batch_execute(&format!(
            "UPDATE pg_class SET reltuples = reltuples * 20 WHERE oid = '{table}'::regclass"
        ))
        .await
        .unwrap();
    }
}

/// A church of 3,003 members (3 in the Counted Choir), 1,502 messages (2 to the choir), 1,500
/// gifts and 1,502 sermons (2 published), with inflated statistics; a Super Admin, the choir's
/// ministry leader, and a VISITOR whose own member record is the one member it may read.
struct Church {
    app: TestApp,
    admin: Caller,
    leader: Caller,
    visitor: Caller,
}

async fn church() -> Church {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    sql.batch_execute(
        "INSERT INTO members (first_name, last_name)
         SELECT 'Many', 'Member' || i FROM generate_series(1, 3000) AS i;
         INSERT INTO ministries (name, category) VALUES ('Counted Choir', 'worship');
         WITH m AS (INSERT INTO members (first_name, last_name)
                    SELECT 'Choir', 'Singer' || i FROM generate_series(1, 3) AS i RETURNING id)
         INSERT INTO member_ministries (member_id, ministry_id, role)
         SELECT m.id, mi.id, 'member' FROM m, ministries mi WHERE mi.name = 'Counted Choir';
         INSERT INTO messages (subject, message, sender_name, source, status, department)
         SELECT 'Note ' || i, 'Text', 'Sender', 'admin', 'read',
                CASE WHEN i <= 2 THEN 'Counted Choir' END
           FROM generate_series(1, 1502) AS i;
         INSERT INTO giving_records (amount, giving_type, payment_method)
         SELECT 100, 'offering', 'cash' FROM generate_series(1, 1500);
         INSERT INTO sermons (title, speaker, sermon_date, is_published)
         SELECT 'Sermon ' || i, 'Pastor', date '2026-01-01' + i, i <= 2
           FROM generate_series(1, 1502) AS i;",
    )
    .await
    .unwrap();
    inflate_statistics(
        &sql,
        &[
            "public.members",
            "kanisa.member_search",
            "public.messages",
            "public.giving_records",
            "public.sermons",
        ],
    )
    .await;

    let admin = user(&sql, "SUPER_ADMIN", true, None).await;
    let leader = user(&sql, "MINISTRY_LEADER", true, None).await;
    sql.execute(
        "INSERT INTO user_ministries (user_id, ministry_id)
         SELECT $1::text::uuid, id FROM ministries WHERE name = 'Counted Choir'",
        &[leader.id.as_ref().unwrap()],
    )
    .await
    .unwrap();
    let visitor = user(&sql, "VISITOR", true, None).await;
    sql.execute(
        "UPDATE members SET user_id = $1::text::uuid WHERE last_name = 'Member1'",
        &[visitor.id.as_ref().unwrap()],
    )
    .await
    .unwrap();
    Church {
        app,
        admin,
        leader,
        visitor,
    }
}

#[tokio::test]
async fn counts_and_estimates_never_reveal_rows_the_caller_cannot_read() {
    let Church {
        app,
        admin,
        leader,
        visitor,
    } = church().await;
    let anon = Caller {
        id: None,
        token: None,
    };

    // Whoever may not read every row gets the exact count of what it can read, whichever count
    // it asks for — and Preference-Applied still answers the count asked for.
    for count in ["planned", "estimated"] {
        for (who, name, table, expected) in [
            (&visitor, "a VISITOR", "members", 1),
            (&visitor, "a VISITOR", "messages", 0),
            (&visitor, "a VISITOR", "giving_records", 0),
            (&leader, "a ministry leader", "members", 3),
            (&leader, "a ministry leader", "messages", 2),
            (&leader, "a ministry leader", "giving_records", 0),
            (&anon, "anon", "sermons", 2),
            (&visitor, "a VISITOR", "sermons", 2),
        ] {
            let (total, applied) = counted(&app, who, table, count).await;
            assert_eq!(total, expected, "{name} asking {table} count={count}");
            assert_eq!(applied, format!("count={count}"), "{name} {table}");
        }
    }

    // A Super Admin reads every member, message and gift: the fast estimate, from the (here
    // inflated) statistics, not a count.
    for table in ["members", "messages", "giving_records"] {
        let (exact, _) = counted(&app, &admin, table, "exact").await;
        for count in ["planned", "estimated"] {
            let (estimate, applied) = counted(&app, &admin, table, count).await;
            assert_eq!(applied, format!("count={count}"));
            assert!(
                estimate > 1000 && estimate != exact,
                "a Super Admin's {table} count={count} is the planner's estimate: \
                 {estimate} (exact {exact})"
            );
        }
    }
}

/// `count_member_search` follows the same rule: a ministry leader who may read 3 members is
/// told 3, not the register's estimate; a Super Admin still gets the fast estimate.
#[tokio::test]
async fn the_member_search_count_is_exact_unless_every_member_is_readable() {
    let Church {
        app,
        admin,
        leader,
        visitor,
    } = church().await;
    // The member search's count: the leader's 3 exactly, the Super Admin's register estimated.
    let search_count = |who: &Caller, search: &str| {
        let who = who.clone();
        let search = search.to_owned();
        let app = &app;
        async move {
            let a = app
                .call(
                    &who,
                    Method::POST,
                    "rpc/count_member_search",
                    "",
                    Some(&json!({ "search": search })),
                )
                .await;
            assert_eq!(a.status, StatusCode::OK, "{}", a.body);
            a.body
        }
    };
    assert_eq!(
        search_count(&leader, "").await,
        json!({ "count": 3, "estimated": false })
    );
    assert_eq!(
        search_count(&leader, "singer").await,
        json!({ "count": 3, "estimated": false })
    );
    assert_eq!(
        search_count(&visitor, "").await,
        json!({ "count": 1, "estimated": false })
    );
    let register = search_count(&admin, "").await;
    assert_eq!(register["estimated"], json!(true), "{register}");
    assert!(register["count"].as_i64().unwrap() > 3003, "{register}");
}

/// A write through the table API and what it answered.
async fn write(
    app: &TestApp,
    who: &Caller,
    method: Method,
    path: &str,
    body: Value,
) -> (StatusCode, Value) {
    let a = app
        .call(who, method, path, "return=minimal", Some(&body))
        .await;
    (a.status, a.body)
}

fn assert_refused(answer: &(StatusCode, Value), message: &str, what: &str) {
    let (status, body) = answer;
    assert_eq!(*status, StatusCode::BAD_REQUEST, "{what}: {body}");
    assert_eq!(body["code"], "23514", "{what}: {body}");
    assert_eq!(body["message"], message, "{what}: {body}");
}

#[tokio::test]
async fn single_line_fields_refuse_line_breaks_with_the_fields_name() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    let clerk = user(&sql, "MEMBER_ADMIN", true, None).await;
    let anon = Caller {
        id: None,
        token: None,
    };

    // Adding a member whose name would carry a header into an e-mail.
    let added = write(
        &app,
        &clerk,
        Method::POST,
        "members",
        json!({ "first_name": "Grace\r\nBcc: everyone@example.org", "last_name": "Wanjiru" }),
    )
    .await;
    assert_refused(
        &added,
        "First name must be on one line (no line breaks).",
        "a first name with CR LF",
    );
    // The Unicode line separator breaks a line too; a tab does not.
    let added = write(
        &app,
        &clerk,
        Method::POST,
        "members",
        json!({ "first_name": "Grace", "last_name": "Wan\u{2028}jiru" }),
    )
    .await;
    assert_refused(
        &added,
        "Last name must be on one line (no line breaks).",
        "a last name with U+2028",
    );
    let (status, body) = write(
        &app,
        &clerk,
        Method::POST,
        "members",
        json!({ "first_name": "Grace", "last_name": "Wanjiru", "address": "Box 1\tNairobi" }),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");

    // Changing one: the address, as the Members screen's one-line field.
    let changed = write(
        &app,
        &clerk,
        Method::PATCH,
        "members?last_name=eq.Wanjiru",
        json!({ "address": "Box 1\nNairobi" }),
    )
    .await;
    assert_refused(
        &changed,
        "Address must be on one line (no line breaks).",
        "an address with LF",
    );
    // The field lengths of 0026 say which field and how long, too.
    let long = write(
        &app,
        &clerk,
        Method::PATCH,
        "members?last_name=eq.Wanjiru",
        json!({ "first_name": "G".repeat(101) }),
    )
    .await;
    assert_refused(
        &long,
        "First name can be at most 100 characters.",
        "a first name of 101 characters",
    );

    // The public form's table, as anon: a subject on two lines is refused; the message body
    // keeps its lines.
    let message = |subject: &str| {
        json!({ "subject": subject, "message": "Line one\nLine two", "sender_name": "Visitor",
                "sender_email": "visitor@example.org" })
    };
    let sent = write(
        &app,
        &anon,
        Method::POST,
        "messages",
        message("Prayer\nBcc: x@example.org"),
    )
    .await;
    assert_refused(
        &sent,
        "Subject must be on one line (no line breaks).",
        "a subject with LF",
    );
    let (status, body) = write(&app, &anon, Method::POST, "messages", message("Prayer")).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");

    // A list's entries too (a sermon's tags), as staff writing content.
    let editor = user(&sql, "CONTENT_ADMIN", true, None).await;
    let tagged = write(
        &app,
        &editor,
        Method::POST,
        "sermons",
        json!({ "title": "Hope", "speaker": "Pastor", "sermon_date": "2026-05-02",
                "tags": ["faith", "hope\nlove"] }),
    )
    .await;
    assert_refused(
        &tagged,
        "Each tag must be on one line (no line breaks).",
        "a tag with LF",
    );

    // Nothing refused was stored; what was accepted kept its text.
    let stored: Vec<(String, Option<String>)> = sql
        .query(
            "SELECT last_name, address FROM members ORDER BY last_name",
            &[],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    assert_eq!(
        stored,
        [("Wanjiru".to_owned(), Some("Box 1\tNairobi".to_owned()))]
    );
    let subjects: Vec<String> = sql
        .query("SELECT subject FROM messages", &[])
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(subjects, ["Prayer"]);
    let sermons: i64 = sql
        .query_one("SELECT count(*) FROM sermons", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(sermons, 0);
}

/// `servers[0].url` of the OpenAPI document `app` serves at `url`, asked with `host`.
async fn server_url(http: &reqwest::Client, url: &str, host: &str) -> String {
    let res = http.get(url).header("host", host).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let doc: Value = res.json().await.unwrap();
    doc["servers"][0]["url"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn the_openapi_server_is_never_the_requests_host() {
    // Without KANISA_PUBLIC_URL: relative, whatever Host says.
    let app = TestApp::spawn().await;
    assert_eq!(
        server_url(&app.http, &app.url("/rest/v1/"), "evil.example").await,
        "/rest/v1"
    );

    // With it: that address, whatever Host says.
    let db = kanisa_test_db::TestDb::new().await;
    let pool = db.api_pool();
    let rest = kanisa_rest::Rest::new(pool.clone(), kanisa_rest::RestConfig::default())
        .await
        .unwrap();
    let jwt = std::sync::Arc::new(kanisa_auth::JwtKeys::new(TEST_SECRET));
    let auth = kanisa_auth::Auth::new(
        db.pool(),
        jwt.clone(),
        kanisa_auth::AuthOptions::new(TEST_SECRET),
    )
    .unwrap();
    let apps = tempfile::tempdir().unwrap();
    let state = kanisa_server::AppState::new(
        pool,
        std::sync::Arc::new(rest),
        jwt,
        std::sync::Arc::new(auth),
        apps.path().to_owned(),
    )
    .with_public_url("https://church.example/");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(kanisa_server::serve(
        listener,
        kanisa_server::router(state),
        kanisa_server::ServeOptions::default(),
        std::future::pending(),
    ));
    assert_eq!(
        server_url(
            &app.http,
            &format!("http://{addr}/rest/v1/"),
            "evil.example"
        )
        .await,
        "https://church.example/rest/v1"
    );
}
