//! Snapshots of the generated SQL, one per plan kind: the statement text verbatim and its bound
//! values. Every case is also run against a real database (in a rolled-back transaction), and
//! built from two independently loaded schema caches to show the output does not depend on
//! hash-map order.

use kanisa_rest::{Conflict, CountMode, RestError, SchemaCache, Statement};
use serde_json::json;

use crate::harness::{
    Fresh, MAX_ROWS, cache, count_plan, delete, execute, guarded_read, insert, insert_minimal,
    insert_with, load_cache, read, render, rpc, update,
};

type Build = fn(&SchemaCache) -> Result<Statement, RestError>;

/// Ids the cases use; [`every_case_executes`] creates rows with them.
const MESSAGE_ID: &str = "00000000-0000-4000-8000-000000000001";
const SERMON_ID: &str = "00000000-0000-4000-8000-000000000002";
const MEMBER_ID: &str = "00000000-0000-4000-8000-000000000003";
const MINISTRY_ID: &str = "00000000-0000-4000-8000-000000000004";

macro_rules! cases {
    ($($name:ident => $build:expr;)*) => {
        /// Every case, for the tests that go over all of them.
        fn all_cases() -> Vec<(&'static str, Build)> {
            vec![$((stringify!($name), $build as Build)),*]
        }

        $(
            #[test]
            fn $name() {
                snapshot(stringify!($name), $build);
            }
        )*
    };
}

fn snapshot(name: &str, build: Build) {
    let stmt = build(cache()).unwrap_or_else(|e| panic!("{name}: {e:?}"));
    insta::assert_snapshot!(name, render(&stmt));
}

fn get(cache: &SchemaCache, table: &str, query: &str) -> Result<Statement, RestError> {
    read(cache, table, query, CountMode::None)
}

cases! {
    // -- select ----------------------------------------------------------------------------
    select_star => |c| get(c, "daily_verses", "");
    select_columns => |c| get(c, "sermons", "select=id,title,sermon_date");
    select_alias_cast_json_path => |c| get(
        c,
        "members",
        "select=full:full_name,born:date_of_birth::text,emergency_contact->>name,\
         kin_phone:emergency_contact->phone::text,first:emergency_contact->0,\
         emergency_contact->\"a.b\"->>-1",
    );
    select_empty => |c| get(c, "sermons", "select=&speaker=eq.John");

    // -- filters ---------------------------------------------------------------------------
    filter_compare => |c| get(
        c,
        "sermons",
        "select=id&speaker=eq.John&title=neq.Untitled&sermon_date=gt.2024-01-01\
         &sermon_date=gte.2024-01-02&sermon_date=lt.2025-01-01&sermon_date=lte.2024-12-31\
         &is_published=not.eq.false",
    );
    filter_pattern => |c| get(
        c,
        "sermons",
        "select=id&title=like.*Grace*&title=ilike.*HOPE*&speaker=match.^J&speaker=imatch.^j\
         &sermon_date=like.2024*",
    );
    filter_quantified => |c| get(
        c,
        "sermons",
        "select=id&title=like(any).{*Grace*,*Hope*}&speaker=eq(all).{John,\"Doe, Jane\"}\
         &sermon_date=gt(any).{2024-01-01}&series=not.eq(any).{A,B}&speaker=neq(all).{}",
    );
    filter_is => |c| get(
        c,
        "events",
        "select=id&end_date=is.null&location=not.is.null&requires_registration=is.true\
         &is_published=is.false&is_published=not.is.unknown",
    );
    filter_isdistinct => |c| get(
        c,
        "events",
        "select=id&location=isdistinct.Hall&max_attendees=not.isdistinct.10",
    );
    filter_in => |c| get(
        c,
        "sermons",
        "select=id&speaker=in.(John,\"Doe, Jane\")&series=not.in.(A,B)&title=in.()",
    );
    filter_array_ops => |c| get(
        c,
        "sermons",
        "select=id&tags=cs.{grace,hope}&tags=cd.{grace,hope,faith}&tags=ov.(grace,love)",
    );
    filter_range_ops => |c| get(
        c,
        "kanisa_test_slots",
        "select=id&during=sl.[2024-01-01,2024-02-01)&during=sr.[2023-01-01,2023-02-01)\
         &during=nxl.[2024-01-01,2024-02-01)&during=nxr.[2024-01-01,2024-02-01)\
         &during=adj.[2024-02-01,2024-03-01)&during=ov.[2024-01-01,2024-12-31]\
         &during=cs.[2024-01-10,2024-01-12)&during=not.cd.[2020-01-01,2030-01-01)",
    );
    filter_fts => |c| get(
        c,
        "sermons",
        "select=id&title=fts.grace&description=plfts(english).amazing+grace\
         &title=phfts.the+lord&speaker=wfts(simple).john+-doe&title=not.fts(english).law",
    );
    filter_json_path => |c| get(
        c,
        "members",
        "select=id&emergency_contact->>relationship=eq.spouse&emergency_contact->name=is.null",
    );
    logic_nesting => |c| get(
        c,
        "sermons",
        "select=id&or=(speaker.eq.John,and(title.like.*Grace*,not.or(sermon_date.lt.2020-01-01,\
         series.is.null)))&not.and=(is_published.is.true,tags.cs.{a,b})&title=neq.x",
    );

    // -- order and page --------------------------------------------------------------------
    order_nulls => |c| get(
        c,
        "sermons",
        "select=id&order=sermon_date.desc.nullslast,title.asc,speaker.nullsfirst,series,id.desc",
    );
    order_json_path => |c| get(
        c,
        "members",
        "select=id&order=emergency_contact->>name.asc.nullsfirst,last_name",
    );
    limit_offset => |c| get(c, "sermons", "select=id&limit=10&offset=20");
    limit_capped_to_max_rows => |c| get(c, "sermons", "select=id&limit=5000");
    count_exact => |c| read(
        c,
        "sermons",
        "select=id,title&speaker=eq.John&order=sermon_date.desc&limit=5&offset=5",
        CountMode::Exact,
    );
    count_exact_keeps_filtering_embeds => |c| read(
        c,
        "budgets",
        "select=category,expenses!inner(amount),users!budgets_created_by_fkey(full_name)&year=eq.2024\
         &users=not.is.null&limit=2",
        CountMode::Exact,
    );
    count_estimated => |c| read(
        c,
        "sermons",
        "select=id,title&speaker=eq.John&order=sermon_date.desc&limit=5",
        CountMode::Capped(MAX_ROWS),
    );
    // Where the policies may hide rows: the estimate only when the row-free policies hold for
    // the caller (here a stand-in condition), otherwise the exact count.
    count_estimated_guarded => |c| guarded_read(
        c,
        "sermons",
        "select=id,title&speaker=eq.John&limit=5",
        CountMode::Capped(MAX_ROWS),
        "(SELECT auth.uid() IS NOT NULL)",
    );
    count_planned_guarded => |c| guarded_read(
        c,
        "sermons",
        "select=id&limit=5",
        CountMode::None,
        "(SELECT auth.uid() IS NOT NULL)",
    );
    count_planned_explain => |c| count_plan(
        c,
        "budgets",
        "select=category,expenses!inner(amount),users!budgets_created_by_fkey(full_name)&year=eq.2024\
         &order=category&limit=2&offset=1",
    );

    // -- embeds ----------------------------------------------------------------------------
    embed_to_one => |c| get(c, "ministries", "select=name,church_leaders(name,position)");
    embed_to_one_alias_and_hint => |c| get(
        c,
        "expenses",
        "select=amount,approver:users!approved_by(full_name),\
         creator:users!expenses_created_by_fkey(full_name)",
    );
    embed_to_many_scoped => |c| get(
        c,
        "budgets",
        "select=category,expenses(amount,description)&year=eq.2024&expenses.amount=gt.100\
         &expenses.order=expense_date.desc.nullslast&expenses.limit=3&expenses.offset=1",
    );
    embed_many_to_many => |c| get(
        c,
        "members",
        "select=first_name,ministries(name,category)&ministries.order=name",
    );
    embed_nested => |c| get(
        c,
        "members",
        "select=first_name,giving_records(amount,users(full_name))\
         &giving_records.users.role=eq.ADMIN&giving_records.limit=2",
    );
    embed_inner_to_one => |c| get(
        c,
        "giving_records",
        "select=amount,members!inner(first_name)&members.is_active=is.true",
    );
    embed_inner_to_many => |c| get(c, "budgets", "select=category,expenses!inner(amount)");
    embed_spread => |c| get(
        c,
        "giving_records",
        "select=amount,...members(first_name,surname:last_name)",
    );
    embed_exists_to_many => |c| get(
        c,
        "budgets",
        "select=category,expenses(id)&expenses=not.is.null",
    );
    embed_missing_to_one => |c| get(
        c,
        "ministries",
        "select=name,church_leaders(name)&church_leaders=is.null",
    );

    // -- writes ----------------------------------------------------------------------------
    insert_single => |c| insert(
        c,
        "sermons",
        "",
        json!({"title": "Grace", "speaker": "John", "sermon_date": "2024-01-07"}),
        None,
    );
    insert_bulk_with_columns => |c| insert(
        c,
        "sermons",
        "columns=title,speaker,sermon_date&select=id,title",
        json!([
            {"title": "Grace", "speaker": "John", "sermon_date": "2024-01-07", "ignored": 1},
            {"title": "Hope", "speaker": "Jane", "sermon_date": "2024-01-14"}
        ]),
        None,
    );
    insert_read_back_with_embed => |c| insert(
        c,
        "giving_records",
        "select=amount,members(first_name)",
        json!({"amount": "100.00", "member_id": MEMBER_ID}),
        None,
    );
    insert_missing_default => |c| insert_with(
        c,
        "ministries",
        "columns=name,category,meeting_time,display_order,description",
        json!([
            {"name": "Worship team", "category": "worship", "display_order": 2},
            {"name": "Youth", "category": "age-groups", "meeting_time": "Fri 6pm"}
        ]),
        None,
        true,
    );
    // `{}` rows: no column list, every column's default (a list `()` is a syntax error).
    insert_defaults_only => |c| insert(c, "kanisa_test_defaulted", "", json!([{}, {}]), None);
    insert_defaults_only_minimal => |c| insert_minimal(
        c,
        "kanisa_test_defaulted",
        "",
        json!({}),
        None,
    );
    upsert_merge => |c| insert(
        c,
        "daily_verses",
        "on_conflict=day_index",
        json!({"day_index": 3, "text": "In the beginning", "reference": "Genesis 1:1"}),
        Some(Conflict::Merge),
    );
    upsert_merge_only_keys => |c| insert(
        c,
        "member_ministries",
        "",
        json!({"member_id": MEMBER_ID, "ministry_id": MINISTRY_ID}),
        Some(Conflict::Merge),
    );
    upsert_merge_minimal => |c| insert_minimal(
        c,
        "daily_verses",
        "on_conflict=day_index",
        json!({"day_index": 3, "text": "In the beginning", "reference": "Genesis 1:1"}),
        Some(Conflict::Merge),
    );
    insert_minimal_alone => |c| insert_minimal(
        c,
        "sermons",
        "",
        json!({"title": "Grace", "speaker": "John", "sermon_date": "2024-01-07"}),
        None,
    );
    upsert_ignore => |c| insert(
        c,
        "ministries",
        "on_conflict=name",
        json!({"name": "Youth", "category": "worship"}),
        Some(Conflict::Ignore),
    );
    update_with_filters => |c| update(
        c,
        "sermons",
        &format!("id=eq.{SERMON_ID}&is_published=is.false&select=id,title"),
        json!({"title": "New title", "is_published": true}),
    );
    delete_with_filters => |c| delete(
        c,
        "sermons",
        "speaker=eq.John&or=(series.is.null,sermon_date.lt.2000-01-01)&select=id",
    );

    // -- functions -------------------------------------------------------------------------
    rpc_scalar => |c| rpc(c, "kanisa_test_add", "", &[("a", Some("2")), ("b", Some("3"))]);
    rpc_scalar_default_argument => |c| rpc(c, "kanisa_test_add", "", &[("a", Some("2"))]);
    rpc_set_of_table_rows => |c| rpc(
        c,
        "get_messages",
        "select=id,subject&subject=neq.x&order=created_at.desc&limit=5",
        &[("status", Some("pending")), ("department", None)],
    );
    rpc_set_with_get_arguments => |c| rpc(c, "get_messages", "status=pending&select=id", &[]);
    rpc_returns_table => |c| rpc(
        c,
        "get_monthly_giving",
        "total=gt.0&order=month_key.desc",
        &[("from_date", Some("2024-01-01"))],
    );
    rpc_composite => |c| rpc(c, "get_message_stats", "", &[]);
    rpc_composite_volatile => |c| rpc(
        c,
        "update_message_status",
        "select=id,status",
        &[("message_id", Some(MESSAGE_ID))],
    );
    rpc_void => |c| rpc(c, "mark_message_read", "", &[("message_id", Some(MESSAGE_ID))]);
}

/// Every statement is valid SQL that PostgreSQL runs (types, placeholders, casts).
#[tokio::test]
async fn every_case_executes() {
    let mut fresh = Fresh::new().await;
    fresh
        .client
        .batch_execute(&format!(
            "INSERT INTO public.messages (id, subject, message, sender_name)
               VALUES ('{MESSAGE_ID}', 'Hello', 'Body', 'Ann');
             INSERT INTO public.sermons (id, title, speaker, sermon_date)
               VALUES ('{SERMON_ID}', 'Grace', 'John', '2024-01-07');
             INSERT INTO public.members (id, first_name, last_name)
               VALUES ('{MEMBER_ID}', 'Ann', 'Doe');
             INSERT INTO public.ministries (id, name, category)
               VALUES ('{MINISTRY_ID}', 'Choir', 'worship');"
        ))
        .await
        .expect("rows for the cases");
    let mut failures = Vec::new();
    for (name, build) in all_cases() {
        let stmt = build(&fresh.cache).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        match execute(&mut fresh.client, &stmt).await {
            Ok(out) => {
                // The body is JSON (null only for a void function).
                let body = out.json();
                assert!(
                    !body.is_null() || name == "rpc_void",
                    "{name}: body is null"
                );
            }
            Err(e) => failures.push(format!("{name}: {}", kanisa_pg::describe(&e))),
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// The writes change what they should: checked through what they return.
#[tokio::test]
async fn writes_return_the_rows_they_touched() {
    let mut fresh = Fresh::new().await;
    let c = &fresh.cache;
    let stmt = insert(
        c,
        "sermons",
        "columns=title,speaker,sermon_date&select=title",
        json!([
            {"title": "Grace", "speaker": "John", "sermon_date": "2024-01-07"},
            {"title": "Hope", "speaker": "Jane", "sermon_date": "2024-01-14"}
        ]),
        None,
    )
    .unwrap();
    let out = execute(&mut fresh.client, &stmt).await.unwrap();
    assert_eq!(out.page, 2);
    assert_eq!(out.json(), json!([{"title": "Grace"}, {"title": "Hope"}]));

    fresh
        .client
        .batch_execute(&format!(
            "INSERT INTO public.sermons (id, title, speaker, sermon_date)
               VALUES ('{SERMON_ID}', 'Grace', 'John', '2024-01-07')"
        ))
        .await
        .unwrap();
    let c = &fresh.cache;
    let stmt = update(
        c,
        "sermons",
        &format!("id=eq.{SERMON_ID}&select=title,is_published"),
        json!({"title": "New title", "is_published": true}),
    )
    .unwrap();
    let out = execute(&mut fresh.client, &stmt).await.unwrap();
    assert_eq!(
        out.json(),
        json!([{"title": "New title", "is_published": true}])
    );
    let stmt = delete(&fresh.cache, "sermons", "speaker=eq.Nobody").unwrap();
    let out = execute(&mut fresh.client, &stmt).await.unwrap();
    assert_eq!(out.page, 0);
    let stmt = rpc(
        &fresh.cache,
        "kanisa_test_add",
        "",
        &[("a", Some("2")), ("b", Some("3"))],
    )
    .unwrap();
    let out = execute(&mut fresh.client, &stmt).await.unwrap();
    assert_eq!(out.json(), json!(5));

    // missing=default: an absent key takes the column's default; without it, NULL (refused
    // here by NOT NULL).
    let rows = json!([{"name": "Choir", "category": "worship", "display_order": 2}]);
    let query =
        "columns=name,category,meeting_time,display_order&select=meeting_time,display_order";
    let stmt = insert_with(&fresh.cache, "ministries", query, rows.clone(), None, true).unwrap();
    let out = execute(&mut fresh.client, &stmt).await.unwrap();
    assert_eq!(
        out.json(),
        json!([{"meeting_time": "Contact for details", "display_order": 2}])
    );
    let stmt = insert(&fresh.cache, "ministries", query, rows, None).unwrap();
    let err = execute(&mut fresh.client, &stmt).await.unwrap_err();
    assert_eq!(
        err.as_db_error().map(|e| e.code().clone()),
        Some(kanisa_pg::tokio_postgres::error::SqlState::NOT_NULL_VIOLATION)
    );
}

/// The same request gives the same statement from a schema cache read separately (its hash
/// maps seeded differently), so snapshots cannot flake on hash order.
#[test]
fn statements_do_not_depend_on_hash_order() {
    let other = load_cache();
    for (name, build) in all_cases() {
        let a = build(cache()).unwrap();
        let b = build(&other).unwrap();
        assert_eq!(render(&a), render(&b), "{name}");
        // And twice from the same cache.
        assert_eq!(render(&a), render(&build(cache()).unwrap()), "{name}");
    }
}

/// A merge upsert counts the rows it inserted (`xmax = 0`), not those it updated: with rows
/// read back and without (return=minimal). Other writes carry no such count.
#[tokio::test]
async fn merge_counts_the_rows_it_inserted() {
    let mut fresh = Fresh::new().await;
    fresh
        .client
        .batch_execute(
            "INSERT INTO public.daily_verses (day_index, text, reference) \
             VALUES (3, 'Old', 'Gen 1:1')",
        )
        .await
        .unwrap();
    let verse = |day: i32| json!({"day_index": day, "text": "New", "reference": "Gen 1:1"});
    for (label, rows, inserted, page) in [
        ("existing", json!([verse(3)]), 0, 1),
        ("new", json!([verse(4)]), 1, 1),
        ("both", json!([verse(3), verse(5)]), 1, 2),
    ] {
        for minimal in [false, true] {
            let build = if minimal { insert_minimal } else { insert };
            let stmt = build(
                &fresh.cache,
                "daily_verses",
                "on_conflict=day_index&select=day_index,text",
                rows.clone(),
                Some(Conflict::Merge),
            )
            .unwrap();
            let out = execute(&mut fresh.client, &stmt).await.unwrap();
            assert_eq!(out.inserted, Some(inserted), "{label}, minimal: {minimal}");
            assert_eq!(out.page, page, "{label}, minimal: {minimal}");
        }
    }
    let stmt = insert(
        &fresh.cache,
        "daily_verses",
        "on_conflict=day_index",
        json!([verse(3)]),
        Some(Conflict::Ignore),
    )
    .unwrap();
    let out = execute(&mut fresh.client, &stmt).await.unwrap();
    assert_eq!((out.page, out.inserted), (0, None), "ignore: no count");
}
