//! The member search RPCs (migrations 0036 and 0038, issue 35) through HTTP: `search_members`
//! pages the members whose fields contain every word, in the list's order, by offset, key or from
//! the end; `count_member_search` counts them (the planner's estimate past 1,000, as PostgREST's
//! count=estimated); both answer only what the members policies let the caller read.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::TestApp;
use crate::policies::{Caller, user};

/// The last names a search answered, in order (a refusal panics with its body).
async fn search(app: &TestApp, who: &Caller, args: Value) -> Vec<String> {
    let a = app
        .call(
            who,
            Method::POST,
            "rpc/search_members?select=last_name,member_ministries(ministry_id)",
            "",
            Some(&args),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{args}: {}", a.body);
    a.body
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["last_name"].as_str().unwrap().to_owned())
        .collect()
}

/// The id and first name of the member with this last name: the rest of their page key.
async fn key_of(sql: &kanisa_pg::tokio_postgres::Client, last_name: &str) -> (String, String) {
    sql.query_one(
        "SELECT id::text, first_name FROM members WHERE last_name = $1",
        &[&last_name],
    )
    .await
    .map(|r| (r.get::<_, String>(0), r.get::<_, String>(1)))
    .unwrap()
}

async fn count(app: &TestApp, who: &Caller, args: Value) -> Value {
    let a = app
        .call(
            who,
            Method::POST,
            "rpc/count_member_search",
            "",
            Some(&args),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{args}: {}", a.body);
    a.body
}

#[tokio::test]
async fn a_search_pages_every_word_in_the_lists_order_within_the_callers_scope() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    // Twelve members "Srch00"…"Srch11"; the even ones are Graces with a gmail address, number 3
    // has a local phone, number 5 is inactive, and 0–3 are in the choir.
    sql.batch_execute(
        "INSERT INTO members (first_name, last_name, email, phone, is_active, membership_number)
         SELECT CASE WHEN i % 2 = 0 THEN 'Grace' ELSE 'Peter' END, 'Srch' || lpad(i::text, 2, '0'),
                'm' || i || CASE WHEN i % 2 = 0 THEN '@gmail.com' ELSE '@example.org' END,
                CASE WHEN i = 3 THEN '0712 345 678' END, i <> 5, 'SR-' || i
           FROM generate_series(0, 11) AS i;
         INSERT INTO ministries (name, category) VALUES ('Search Choir', 'worship');
         INSERT INTO member_ministries (member_id, ministry_id, role)
         SELECT m.id, mi.id, 'member' FROM members m, ministries mi
          WHERE mi.name = 'Search Choir' AND m.last_name IN ('Srch00', 'Srch01', 'Srch02', 'Srch03');",
    )
    .await
    .unwrap();
    let admin = user(&sql, "MEMBER_ADMIN", true, None).await;

    // Every word must match, each in any of the fields, in any case.
    let all = search(&app, &admin, json!({ "search": "srch", "take": 100 })).await;
    assert_eq!(all.len(), 12);
    assert!(all.windows(2).all(|w| w[0] < w[1]), "{all:?}");
    let graces = search(&app, &admin, json!({ "search": "GRACE gmail srch" })).await;
    assert_eq!(
        graces,
        ["Srch00", "Srch02", "Srch04", "Srch06", "Srch08", "Srch10"]
    );
    assert_eq!(
        search(&app, &admin, json!({ "search": "grace example.org" })).await,
        Vec::<String>::new()
    );
    // A local number finds the stored +254 form; % and _ are letters, not wildcards.
    assert_eq!(
        search(&app, &admin, json!({ "search": "0712345" })).await,
        ["Srch03"]
    );
    assert_eq!(
        search(&app, &admin, json!({ "search": "srch%" })).await,
        Vec::<String>::new()
    );
    assert_eq!(
        search(&app, &admin, json!({ "search": "SR-1_" })).await,
        Vec::<String>::new()
    );
    // Active members only (the donation picker).
    let active = search(
        &app,
        &admin,
        json!({ "search": "peter", "active_only": true }),
    )
    .await;
    assert_eq!(active, ["Srch01", "Srch03", "Srch07", "Srch09", "Srch11"]);

    // Paging: by offset, after a key, before a key (descending), from the end.
    let page = |args: Value| search(&app, &admin, args);
    assert_eq!(
        page(json!({ "search": "srch", "skip": 4, "take": 3 })).await,
        ["Srch04", "Srch05", "Srch06"]
    );
    let (id6, first6) = key_of(&sql, "Srch06").await;
    assert_eq!(
        page(json!({ "search": "srch", "after": ["Srch06", first6, id6], "take": 2 })).await,
        ["Srch07", "Srch08"]
    );
    assert_eq!(
        page(json!({ "search": "srch", "before": ["Srch06", first6, id6], "take": 2 })).await,
        ["Srch05", "Srch04"]
    );
    assert_eq!(
        page(json!({ "search": "srch", "from_end": true, "take": 2 })).await,
        ["Srch11", "Srch10"]
    );
    // A key that is not a name, a name and an id is the caller's mistake.
    let bad = app
        .call(
            &admin,
            Method::POST,
            "rpc/search_members",
            "",
            Some(&json!({ "search": "srch", "after": ["Srch06"] })),
        )
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{}", bad.body);

    // Counts: exact here.
    assert_eq!(
        count(&app, &admin, json!({ "search": "grace srch" })).await,
        json!({ "count": 6, "estimated": false })
    );
    assert_eq!(
        count(
            &app,
            &admin,
            json!({ "search": "peter srch", "active_only": true })
        )
        .await,
        json!({ "count": 5, "estimated": false })
    );

    // A ministry leader linked to the choir finds only the choir's members.
    let leader = user(&sql, "MINISTRY_LEADER", true, None).await;
    sql.execute(
        "INSERT INTO user_ministries (user_id, ministry_id)
         SELECT $1::text::uuid, id FROM ministries WHERE name = 'Search Choir'",
        &[leader.id.as_ref().unwrap()],
    )
    .await
    .unwrap();
    assert_eq!(
        search(&app, &leader, json!({ "search": "srch" })).await,
        ["Srch00", "Srch01", "Srch02", "Srch03"]
    );
    assert_eq!(
        count(&app, &leader, json!({ "search": "srch" })).await,
        json!({ "count": 4, "estimated": false })
    );

    // A member without a members permission finds only their own record.
    let member = user(&sql, "MEMBER", true, None).await;
    sql.execute(
        "UPDATE members SET user_id = $1::text::uuid WHERE last_name = 'Srch09'",
        &[member.id.as_ref().unwrap()],
    )
    .await
    .unwrap();
    assert_eq!(
        search(&app, &member, json!({ "search": "srch" })).await,
        ["Srch09"]
    );
    let visitor = user(&sql, "VISITOR", true, None).await;
    assert_eq!(
        search(&app, &visitor, json!({ "search": "srch" })).await,
        Vec::<String>::new()
    );
    assert_eq!(
        count(&app, &visitor, json!({ "search": "srch" })).await,
        json!({ "count": 0, "estimated": false })
    );

    // anon may not call either.
    let anon = Caller {
        id: None,
        token: None,
    };
    for path in ["rpc/search_members", "rpc/count_member_search"] {
        let a = app
            .call(
                &anon,
                Method::POST,
                path,
                "",
                Some(&json!({ "search": "srch" })),
            )
            .await;
        assert!(
            matches!(a.status, StatusCode::UNAUTHORIZED | StatusCode::FORBIDDEN),
            "{path}: {} {}",
            a.status,
            a.body
        );
    }
}

#[tokio::test]
async fn a_count_past_a_thousand_is_the_planners_estimate() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    sql.batch_execute(
        "INSERT INTO members (first_name, last_name)
         SELECT 'Many', 'Counted' || i FROM generate_series(1, 1500) AS i;
         ANALYZE members;",
    )
    .await
    .unwrap();
    let admin = user(&sql, "MEMBER_ADMIN", true, None).await;
    let counted = count(&app, &admin, json!({ "search": "counted" })).await;
    assert_eq!(counted["estimated"], json!(true), "{counted}");
    assert!(counted["count"].as_i64().unwrap() > 1000, "{counted}");
    assert_eq!(
        count(&app, &admin, json!({ "search": "counted1" })).await,
        json!({ "count": 612, "estimated": false })
    );
    // The last page, read from the end, costs what the first does.
    let last = search(
        &app,
        &admin,
        json!({ "search": "counted", "from_end": true, "take": 1 }),
    )
    .await;
    assert_eq!(last, ["Counted999"]);
}

/// A page first reads up to 2,000 rows of the list in order (migration 0038); a word whose
/// members all sit beyond them — a last name late in the alphabet — is answered from the trigram
/// index instead, and a word too short for trigrams by reading on in order. All three ways give
/// the same rows in the same order, by offset and by key.
#[tokio::test]
async fn a_word_whose_members_sit_late_in_the_list_pages_as_a_common_one_does() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    sql.batch_execute(
        "INSERT INTO members (first_name, last_name)
         SELECT 'Early', 'Aaron' || lpad(i::text, 4, '0') FROM generate_series(1, 2500) AS i;
         INSERT INTO members (first_name, last_name)
         SELECT CASE WHEN i % 2 = 0 THEN 'Even' ELSE 'Odd' END, 'Zulu' || lpad(i::text, 3, '0')
           FROM generate_series(1, 120) AS i;
         ANALYZE members;",
    )
    .await
    .unwrap();
    let admin = user(&sql, "MEMBER_ADMIN", true, None).await;
    let zulus = |from: usize, to: usize| -> Vec<String> {
        (from..=to).map(|i| format!("Zulu{i:03}")).collect()
    };
    // Beyond the first 2,000 rows: from the index.
    assert_eq!(
        search(&app, &admin, json!({ "search": "zulu" })).await,
        zulus(1, 50)
    );
    assert_eq!(
        search(
            &app,
            &admin,
            json!({ "search": "ZULU", "skip": 50, "take": 20 })
        )
        .await,
        zulus(51, 70)
    );
    // Two letters: no trigram, read on in order.
    assert_eq!(
        search(&app, &admin, json!({ "search": "zu", "take": 10 })).await,
        zulus(1, 10)
    );
    // Two words, one of them short.
    let odd = search(&app, &admin, json!({ "search": "od zulu", "take": 3 })).await;
    assert_eq!(odd, ["Zulu001", "Zulu003", "Zulu005"]);
    // After a key, before a key and from the end, as in the list.
    let (id60, first60) = key_of(&sql, "Zulu060").await;
    assert_eq!(
        search(
            &app,
            &admin,
            json!({ "search": "zulu", "after": ["Zulu060", first60, id60], "take": 3 })
        )
        .await,
        zulus(61, 63)
    );
    assert_eq!(
        search(
            &app,
            &admin,
            json!({ "search": "zulu", "before": ["Zulu060", first60, id60], "take": 2 })
        )
        .await,
        ["Zulu059", "Zulu058"]
    );
    assert_eq!(
        search(
            &app,
            &admin,
            json!({ "search": "aaron", "from_end": true, "take": 2 })
        )
        .await,
        ["Aaron2500", "Aaron2499"]
    );
    // A common word early in the list: the first rows read hold the page.
    assert_eq!(
        search(&app, &admin, json!({ "search": "early", "take": 2 })).await,
        ["Aaron0001", "Aaron0002"]
    );
}

/// The search reads its own copy of each member (migration 0038): an edit, a deactivation and a
/// deletion show in the next search.
#[tokio::test]
async fn the_search_follows_changes_to_members() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    sql.batch_execute(
        "INSERT INTO members (first_name, last_name, phone, email)
         VALUES ('Ruth', 'Follow1', '0722 000 111', 'ruth@example.org'),
                ('Ruth', 'Follow2', NULL, NULL);",
    )
    .await
    .unwrap();
    let admin = user(&sql, "MEMBER_ADMIN", true, None).await;
    assert_eq!(
        search(&app, &admin, json!({ "search": "0722000" })).await,
        ["Follow1"]
    );
    sql.batch_execute(
        "UPDATE members SET phone = '0733 000 222', email = 'ruth.f@example.org'
          WHERE last_name = 'Follow1';
         UPDATE members SET last_name = 'Moved2' WHERE last_name = 'Follow2';",
    )
    .await
    .unwrap();
    assert_eq!(
        search(&app, &admin, json!({ "search": "0722000" })).await,
        Vec::<String>::new()
    );
    assert_eq!(
        search(&app, &admin, json!({ "search": "0733000 RUTH.F" })).await,
        ["Follow1"]
    );
    assert_eq!(
        search(&app, &admin, json!({ "search": "ruth" })).await,
        ["Follow1", "Moved2"]
    );
    sql.batch_execute("UPDATE members SET is_active = false WHERE last_name = 'Moved2'")
        .await
        .unwrap();
    assert_eq!(
        search(
            &app,
            &admin,
            json!({ "search": "ruth", "active_only": true })
        )
        .await,
        ["Follow1"]
    );
    sql.batch_execute("DELETE FROM members WHERE last_name = 'Follow1'")
        .await
        .unwrap();
    assert_eq!(
        search(&app, &admin, json!({ "search": "ruth" })).await,
        ["Moved2"]
    );
}
