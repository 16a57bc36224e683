//! The finance screens' server side (migration 0018, issue 17) through the HTTP API: every
//! figure equals an independent SQL aggregate over the same rows, budgets rate their lines
//! under, at and over, expenses are reviewed only by manage_finances, receipts are numbered
//! per year, statements and the remittance add up, and staff without the finance permissions
//! are refused by the server.

use kanisa_pg::tokio_postgres::Client;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::TestApp;
use crate::policies::{Answer, Caller, user};

async fn rpc(app: &TestApp, who: &Caller, name: &str, args: Value) -> Answer {
    app.call(who, Method::POST, &format!("rpc/{name}"), "", Some(&args))
        .await
}

/// The answer's body when it is a success, else a failure naming the answer.
fn ok(a: Answer, what: &str) -> Value {
    assert!(
        a.status.is_success(),
        "{what}: HTTP {} {}",
        a.status,
        a.body
    );
    a.body
}

/// A JSON number (or a numeric sent as text) as f64.
fn num(v: &Value) -> f64 {
    v.as_f64()
        .or_else(|| v.as_str().and_then(|s| s.parse().ok()))
        .unwrap_or_else(|| panic!("not a number: {v}"))
}

/// One SQL figure, as f64 (numeric sums are exact in f64 at these sizes).
async fn figure(sql: &Client, query: &str) -> f64 {
    let text: Option<String> = sql
        .query_one(&format!("SELECT ({query})::text"), &[])
        .await
        .unwrap()
        .get(0);
    text.map_or(0.0, |t| t.parse().unwrap())
}

async fn today(sql: &Client) -> String {
    sql.query_one(
        "SELECT ((now() AT TIME ZONE 'Africa/Nairobi')::date)::text",
        &[],
    )
    .await
    .unwrap()
    .get(0)
}

#[tokio::test]
async fn the_dashboards_figures_equal_independent_sql_over_5000_gifts() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    let finance = user(&sql, "FINANCE_ADMIN", true, None).await;
    let day = today(&sql).await;
    // 5,000 gifts over two years from 40 members and anonymous givers: verified and not, demo
    // and not, every type; budgets and expenses of this year and last.
    sql.batch_execute(&format!(
        "INSERT INTO public.members (first_name, last_name, membership_number)
         SELECT 'Giver', 'Number ' || i, 'FIN-' || i FROM generate_series(1, 40) AS i;
         INSERT INTO public.giving_records
           (member_id, amount, giving_type, payment_method, giving_date, is_verified, is_simulated)
         SELECT CASE WHEN i % 4 = 0 THEN NULL
                     ELSE (SELECT id FROM public.members WHERE membership_number = 'FIN-' || (i % 40 + 1)) END,
                (i % 97) + 1 + (i % 3) * 0.25,
                (ARRAY['tithe','offering','special_project','building_fund','missions'])[i % 5 + 1],
                'cash', DATE '{day}' - (i % 730), i % 6 <> 0, i % 11 = 0
           FROM generate_series(1, 5000) AS i;
         INSERT INTO public.budgets (category, allocated_amount, year)
         VALUES ('utilities', 10000, extract(year FROM DATE '{day}')::int),
                ('missions', 5000, extract(year FROM DATE '{day}')::int),
                ('other', 999, extract(year FROM DATE '{day}')::int - 1);
         INSERT INTO public.expenses (description, amount, expense_date, is_approved, category)
         VALUES ('light', 1200, DATE '{day}', true, 'utilities'),
                ('not yet', 800, DATE '{day}', false, 'utilities'),
                ('last year', 300, DATE '{day}' - 400, true, 'utilities');"
    ))
    .await
    .unwrap();

    let counted = "public.giving_records WHERE is_verified AND NOT is_simulated";
    for (period, start) in [
        ("month", format!("date_trunc('month', DATE '{day}')::date")),
        ("year", format!("date_trunc('year', DATE '{day}')::date")),
    ] {
        let got = ok(
            rpc(
                &app,
                &finance,
                "get_financial_summary",
                json!({ "period": period }),
            )
            .await,
            period,
        );
        let range = format!("giving_date BETWEEN {start} AND DATE '{day}'");
        let total = figure(
            &sql,
            &format!("SELECT sum(amount) FROM {counted} AND {range}"),
        )
        .await;
        assert!(total > 0.0, "{period}: the seed has gifts in the period");
        assert_eq!(num(&got["total"]), total, "{period} total");
        assert_eq!(
            num(&got["gift_count"]),
            figure(&sql, &format!("SELECT count(*) FROM {counted} AND {range}")).await,
            "{period} count"
        );
        assert_eq!(
            num(&got["anonymous_total"]),
            figure(
                &sql,
                &format!("SELECT sum(amount) FROM {counted} AND {range} AND member_id IS NULL")
            )
            .await,
            "{period} anonymous"
        );
        assert_eq!(
            num(&got["named_total"]) + num(&got["anonymous_total"]),
            total,
            "{period}: named and anonymous make the total"
        );
        let types = got["by_type"].as_array().unwrap();
        assert_eq!(
            types
                .iter()
                .map(|t| t["giving_type"].as_str().unwrap())
                .collect::<Vec<_>>(),
            [
                "tithe",
                "offering",
                "special_project",
                "building_fund",
                "missions"
            ]
        );
        for t in types {
            let kind = t["giving_type"].as_str().unwrap();
            assert_eq!(
                num(&t["total"]),
                figure(
                    &sql,
                    &format!(
                        "SELECT coalesce(sum(amount), 0) FROM {counted} AND {range} AND giving_type = '{kind}'"
                    )
                )
                .await,
                "{period} {kind}"
            );
        }
        // The top five named givers, independently ranked.
        let top: Vec<(String, f64)> = sql
            .query(
                &format!(
                    "SELECT m.membership_number, sum(g.amount)::text \
                       FROM public.giving_records g JOIN public.members m ON m.id = g.member_id \
                      WHERE g.is_verified AND NOT g.is_simulated \
                        AND g.giving_date BETWEEN {start} AND DATE '{day}' \
                      GROUP BY m.id ORDER BY sum(g.amount) DESC, m.id LIMIT 5"
                ),
                &[],
            )
            .await
            .unwrap()
            .iter()
            .map(|r| (r.get(0), r.get::<_, String>(1).parse().unwrap()))
            .collect();
        let shown: Vec<(String, f64)> = got["top_donors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| {
                (
                    d["membership_number"].as_str().unwrap().to_owned(),
                    num(&d["total"]),
                )
            })
            .collect();
        assert_eq!(shown, top, "{period} top donors");
        assert_eq!(num(&got["allocated"]), 15000.0);
        assert_eq!(num(&got["spent"]), 1200.0);
        assert_eq!(num(&got["budget_percent"]), 8.0, "1,200 of 15,000 is 8 %");
    }

    // The Dashboard's card (0017) agrees with the financial dashboard.
    let overview = ok(
        rpc(&app, &finance, "get_finance_overview", json!({})).await,
        "overview",
    );
    let year = ok(
        rpc(
            &app,
            &finance,
            "get_financial_summary",
            json!({ "period": "year" }),
        )
        .await,
        "year",
    );
    assert_eq!(num(&overview[0]["giving_this_year"]), num(&year["total"]));
    assert_eq!(
        num(&overview[0]["giving_all_time"]),
        figure(&sql, &format!("SELECT sum(amount) FROM {counted}")).await
    );

    // The chart: twelve months, zero-filled, equal to per-month sums.
    let from: String = sql
        .query_one(
            &format!(
                "SELECT (date_trunc('month', DATE '{day}') - interval '11 months')::date::text"
            ),
            &[],
        )
        .await
        .unwrap()
        .get(0);
    let months = ok(
        rpc(
            &app,
            &finance,
            "get_monthly_giving",
            json!({ "from_date": from }),
        )
        .await,
        "monthly",
    );
    let months = months.as_array().unwrap();
    assert_eq!(months.len(), 12);
    for m in months {
        let key = m["month_key"].as_str().unwrap();
        assert_eq!(
            num(&m["total"]),
            figure(
                &sql,
                &format!(
                    "SELECT coalesce(sum(amount), 0) FROM {counted} AND to_char(giving_date, 'YYYY-MM') = '{key}'"
                )
            )
            .await,
            "{key}"
        );
    }

    // The Donations screen's totals: every non-demo gift of the filter, verified or not.
    let totals = ok(
        rpc(
            &app,
            &finance,
            "get_donation_totals",
            json!({ "from_date": from, "to_date": day, "giving_type": "offering" }),
        )
        .await,
        "donation totals",
    );
    let filter = format!(
        "public.giving_records WHERE NOT is_simulated AND giving_type = 'offering' \
         AND giving_date BETWEEN DATE '{from}' AND DATE '{day}'"
    );
    let t = &totals[0];
    assert_eq!(
        num(&t["total"]),
        figure(&sql, &format!("SELECT sum(amount) FROM {filter}")).await
    );
    assert_eq!(
        num(&t["verified_total"]),
        figure(
            &sql,
            &format!("SELECT sum(amount) FROM {filter} AND is_verified")
        )
        .await
    );
    assert_eq!(
        num(&t["pending_count"]),
        figure(
            &sql,
            &format!("SELECT count(*) FROM {filter} AND NOT is_verified")
        )
        .await
    );
    assert_eq!(
        num(&t["gift_count"]),
        num(&t["verified_count"]) + num(&t["pending_count"])
    );
    let bad = rpc(
        &app,
        &finance,
        "get_donation_totals",
        json!({ "from_date": day, "to_date": from }),
    )
    .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{}", bad.body);
    assert_eq!(
        bad.body["message"],
        "The start date must not be after the end date"
    );
    let bad = rpc(
        &app,
        &finance,
        "get_financial_summary",
        json!({ "period": "week" }),
    )
    .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{}", bad.body);
    assert_eq!(bad.body["message"], "period must be month or year");
}

/// Creates a budget line through the API as `who`; its id.
async fn budget(app: &TestApp, who: &Caller, category: &str, allocated: f64, year: i32) -> String {
    let a = app
        .call(
            who,
            Method::POST,
            "budgets",
            "return=representation",
            Some(&json!({ "category": category, "allocated_amount": allocated, "year": year })),
        )
        .await;
    ok(a, "budget")[0]["id"].as_str().unwrap().to_owned()
}

/// Records an expense through the API as `who` (asking for it approved: the server ignores that).
async fn expense(app: &TestApp, who: &Caller, budget_id: &str, amount: f64, day: &str) -> Value {
    let a = app
        .call(
            who,
            Method::POST,
            "expenses",
            "return=representation",
            Some(&json!({
                "budget_id": budget_id, "category": "other", "amount": amount,
                "description": format!("expense of {amount}"), "expense_date": day,
                "is_approved": true,
            })),
        )
        .await;
    ok(a, "expense")[0].clone()
}

#[tokio::test]
async fn budget_lines_rate_under_at_and_over_and_only_approved_spending_counts() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    let finance = user(&sql, "FINANCE_ADMIN", true, None).await;
    let content = user(&sql, "CONTENT_ADMIN", true, None).await;
    let day = "2029-03-15";

    let under = budget(&app, &finance, "utilities", 1000.0, 2029).await;
    let at = budget(&app, &finance, "missions", 500.0, 2029).await;
    let over = budget(&app, &finance, "youth_ministry", 800.0, 2029).await;
    let empty = budget(&app, &finance, "other", 0.0, 2029).await;
    let twice = app
        .call(
            &finance,
            Method::POST,
            "budgets",
            "",
            Some(&json!({ "category": "utilities", "allocated_amount": 1, "year": 2029 })),
        )
        .await;
    assert_eq!(
        twice.status,
        StatusCode::CONFLICT,
        "one line per category and year: {}",
        twice.body
    );

    let mut approve = Vec::new();
    for (line, amount) in [
        (&under, 400.0),
        (&at, 500.0),
        (&over, 600.0),
        (&over, 400.0),
    ] {
        let e = expense(&app, &finance, line, amount, day).await;
        assert_eq!(e["status"], "pending", "saved unapproved: {e}");
        assert_eq!(e["is_approved"], false);
        approve.push(e["id"].as_str().unwrap().to_owned());
    }
    let rejected = expense(&app, &finance, &under, 900.0, day).await;
    // Left pending: it counts as pending on its line, never as spent.
    expense(&app, &finance, &at, 70.0, day).await;

    // Approving is review_expense's, for manage_finances only.
    let direct = app
        .call(
            &finance,
            Method::PATCH,
            &format!("expenses?id=eq.{}", approve[0]),
            "",
            Some(&json!({ "is_approved": true })),
        )
        .await;
    assert_eq!(direct.status, StatusCode::FORBIDDEN, "{}", direct.body);
    assert_eq!(
        direct.body["message"],
        "Approve or reject an expense with review_expense"
    );
    let refused = rpc(
        &app,
        &content,
        "review_expense",
        json!({ "expense_id": approve[0], "approve": true }),
    )
    .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.body);
    for id in &approve {
        let e = ok(
            rpc(
                &app,
                &finance,
                "review_expense",
                json!({ "expense_id": id, "approve": true }),
            )
            .await,
            "approve",
        );
        assert_eq!(e["status"], "approved");
        assert_eq!(e["is_approved"], true);
        assert_eq!(e["approved_by"].as_str(), finance.id.as_deref());
    }
    let r = ok(
        rpc(
            &app,
            &finance,
            "review_expense",
            json!({ "expense_id": rejected["id"], "approve": false, "note": " no receipt " }),
        )
        .await,
        "reject",
    );
    assert_eq!(
        (r["status"].as_str(), r["review_note"].as_str()),
        (Some("rejected"), Some("no receipt"))
    );
    let missing = rpc(
        &app,
        &finance,
        "review_expense",
        json!({ "expense_id": "00000000-0000-4000-8000-000000000000", "approve": true }),
    )
    .await;
    assert_eq!(missing.status, StatusCode::BAD_REQUEST);
    assert_eq!(missing.body["message"], "Expense not found");

    let summary = ok(
        rpc(
            &app,
            &finance,
            "get_budget_summary",
            json!({ "budget_year": 2029 }),
        )
        .await,
        "summary",
    );
    let line = |id: &str| -> Value {
        summary["categories"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["budget_id"] == id)
            .unwrap()
            .clone()
    };
    let rate = |c: &Value| {
        (
            num(&c["spent"]),
            num(&c["remaining"]),
            num(&c["percent"]),
            num(&c["bar_percent"]),
            c["over_budget"].as_bool().unwrap(),
        )
    };
    assert_eq!(
        rate(&line(&under)),
        (400.0, 600.0, 40.0, 40.0, false),
        "under"
    );
    assert_eq!(
        rate(&line(&at)),
        (500.0, 0.0, 100.0, 100.0, false),
        "exactly at"
    );
    assert_eq!(
        rate(&line(&over)),
        (1000.0, -200.0, 125.0, 100.0, true),
        "over"
    );
    assert_eq!(
        rate(&line(&empty)),
        (0.0, 0.0, 0.0, 0.0, false),
        "nothing allocated"
    );
    assert_eq!(num(&line(&at)["pending"]), 70.0, "pending apart");
    assert_eq!(
        num(&line(&under)["pending"]),
        0.0,
        "rejected counts nowhere"
    );
    assert_eq!(num(&summary["allocated"]), 2300.0);
    assert_eq!(num(&summary["spent"]), 1900.0);
    assert_eq!(num(&summary["remaining"]), 400.0);
    assert_eq!(num(&summary["percent"]), 83.0, "1,900 / 2,300 = 82.6 %");
    assert_eq!(
        summary["categories"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["category"].as_str().unwrap())
            .collect::<Vec<_>>(),
        ["missions", "other", "utilities", "youth_ministry"],
        "by category"
    );

    // Editing the amount of an approved expense sends it back for review.
    let edited = app
        .call(
            &finance,
            Method::PATCH,
            &format!("expenses?id=eq.{}", approve[0]),
            "return=representation",
            Some(&json!({ "amount": 450 })),
        )
        .await;
    let edited = ok(edited, "edit");
    assert_eq!(edited[0]["status"], "pending");
    assert_eq!(edited[0]["approved_by"], Value::Null);
    // A description fix keeps the review.
    let fixed = ok(
        app.call(
            &finance,
            Method::PATCH,
            &format!("expenses?id=eq.{}", approve[1]),
            "return=representation",
            Some(&json!({ "description": "Mission offering forwarded" })),
        )
        .await,
        "fix",
    );
    assert_eq!(fixed[0]["status"], "approved");

    let bad = rpc(
        &app,
        &finance,
        "get_budget_summary",
        json!({ "budget_year": 2019 }),
    )
    .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad.body["message"], "Year must be between 2020 and 2030");

    // The activity log names what happened, by whom.
    let actions: Vec<String> = sql
        .query(
            "SELECT action FROM public.admin_activity_logs WHERE admin_id = $1::text::uuid ORDER BY created_at, id",
            &[&finance.id.clone().unwrap()],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    for action in [
        "budget_created",
        "expense_recorded",
        "expense_approved",
        "expense_rejected",
        "expense_updated",
    ] {
        assert!(
            actions.iter().any(|a| a == action),
            "{action} in {actions:?}"
        );
    }
}

#[tokio::test]
async fn receipts_are_numbered_per_year_when_first_verified_and_kept() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    let finance = user(&sql, "FINANCE_ADMIN", true, None).await;
    let gift = |day: &str, verified: bool| {
        json!({ "amount": 100, "giving_type": "tithe", "payment_method": "cash",
                "giving_date": day, "is_verified": verified })
    };
    let insert = |body: Value| {
        let app = &app;
        let finance = &finance;
        async move {
            ok(
                app.call(
                    finance,
                    Method::POST,
                    "giving_records",
                    "return=representation",
                    Some(&body),
                )
                .await,
                "gift",
            )[0]["id"]
                .as_str()
                .unwrap()
                .to_owned()
        }
    };
    let receipt = |id: String| {
        let sql = &sql;
        async move {
            sql.query_one(
                "SELECT receipt_no FROM public.giving_records WHERE id = $1::text::uuid",
                &[&id],
            )
            .await
            .unwrap()
            .get::<_, Option<String>>(0)
        }
    };

    let a = insert(gift("2025-02-01", true)).await;
    let b = insert(gift("2026-01-05", true)).await;
    let c = insert(gift("2025-12-31", false)).await;
    let d = insert(gift("2025-06-30", true)).await;
    assert_eq!(receipt(a.clone()).await.as_deref(), Some("2025-000001"));
    assert_eq!(receipt(b.clone()).await.as_deref(), Some("2026-000001"));
    assert_eq!(
        receipt(c.clone()).await,
        None,
        "not verified: no receipt yet"
    );
    assert_eq!(receipt(d.clone()).await.as_deref(), Some("2025-000002"));

    // Verifying later gives the next number; unverifying and verifying again keeps it.
    let patch = |id: String, body: Value| {
        let app = &app;
        let finance = &finance;
        async move {
            app.call(
                finance,
                Method::PATCH,
                &format!("giving_records?id=eq.{id}"),
                "",
                Some(&body),
            )
            .await
        }
    };
    assert!(
        patch(c.clone(), json!({ "is_verified": true }))
            .await
            .status
            .is_success()
    );
    assert_eq!(receipt(c.clone()).await.as_deref(), Some("2025-000003"));
    assert!(
        patch(c.clone(), json!({ "is_verified": false }))
            .await
            .status
            .is_success()
    );
    assert!(
        patch(c.clone(), json!({ "is_verified": true }))
            .await
            .status
            .is_success()
    );
    assert_eq!(receipt(c.clone()).await.as_deref(), Some("2025-000003"));

    // Nobody writes a number through the API.
    let forged = patch(a.clone(), json!({ "receipt_no": "2025-999999" })).await;
    assert!(forged.status.is_client_error(), "{}", forged.status);
    assert_eq!(receipt(a.clone()).await.as_deref(), Some("2025-000001"));

    // A demo gift never gets one; an upsert that updates does not use one up.
    sql.batch_execute(
        "INSERT INTO public.giving_records (amount, giving_date, is_verified, is_simulated) \
         VALUES (5, '2025-03-01', true, true)",
    )
    .await
    .unwrap();
    sql.execute(
        "INSERT INTO public.giving_records (id, amount, giving_type, giving_date, is_verified) \
         VALUES ($1::text::uuid, 100, 'offering', '2025-06-30', true) \
         ON CONFLICT (id) DO UPDATE SET giving_type = EXCLUDED.giving_type",
        &[&d],
    )
    .await
    .unwrap();
    let e = insert(gift("2025-07-01", true)).await;
    assert_eq!(receipt(e).await.as_deref(), Some("2025-000004"));
}

#[tokio::test]
async fn statements_and_the_remittance_add_up_to_the_records() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    let finance = user(&sql, "FINANCE_ADMIN", true, None).await;
    sql.batch_execute(
        "INSERT INTO public.members (id, first_name, last_name, membership_number) VALUES
           ('00000000-0000-4000-8000-0000000000a1', 'Amani', 'Otieno', 'ST-1'),
           ('00000000-0000-4000-8000-0000000000a2', 'Baraka', 'Wanjiru', 'ST-2'),
           ('00000000-0000-4000-8000-0000000000a3', 'Chebet', 'Kamau', 'ST-3');
         INSERT INTO public.giving_records (member_id, amount, giving_type, giving_date, is_verified, is_simulated) VALUES
           ('00000000-0000-4000-8000-0000000000a1', 1000, 'tithe', '2025-01-10', true, false),
           ('00000000-0000-4000-8000-0000000000a1', 250.50, 'offering', '2025-03-10', true, false),
           ('00000000-0000-4000-8000-0000000000a1', 999, 'offering', '2025-03-11', false, false),
           ('00000000-0000-4000-8000-0000000000a1', 777, 'tithe', '2025-03-12', true, true),
           ('00000000-0000-4000-8000-0000000000a1', 400, 'missions', '2024-12-31', true, false),
           ('00000000-0000-4000-8000-0000000000a2', 300, 'building_fund', '2025-03-20', true, false),
           (NULL, 120, 'offering', '2025-03-21', true, false),
           ('00000000-0000-4000-8000-0000000000a3', 50, 'tithe', '2024-05-01', true, false);",
    )
    .await
    .unwrap();

    let one = ok(
        rpc(
            &app,
            &finance,
            "get_giving_statement",
            json!({ "member_id": "00000000-0000-4000-8000-0000000000a1",
                    "from_date": "2025-01-01", "to_date": "2025-12-31" }),
        )
        .await,
        "statement",
    );
    assert_eq!(num(&one["total"]), 1250.5, "verified, not demo, in range");
    assert_eq!(num(&one["gift_count"]), 2.0);
    assert_eq!(one["member"]["membership_number"], "ST-1");
    let gifts = one["gifts"].as_array().unwrap();
    assert_eq!(gifts[0]["giving_date"], "2025-01-10");
    assert!(gifts.iter().all(|g| {
        g["receipt_no"]
            .as_str()
            .is_some_and(|r| r.starts_with("2025-"))
    }));
    assert_eq!(
        one["by_type"],
        json!([{ "giving_type": "tithe", "total": 1000.00, "gift_count": 1 },
               { "giving_type": "offering", "total": 250.50, "gift_count": 1 }])
    );
    // A member who gave nothing in the range gets an empty statement; an unknown one a 400.
    let none = ok(
        rpc(
            &app,
            &finance,
            "get_giving_statement",
            json!({ "member_id": "00000000-0000-4000-8000-0000000000a3",
                    "from_date": "2025-01-01", "to_date": "2025-12-31" }),
        )
        .await,
        "empty statement",
    );
    assert_eq!(
        (num(&none["total"]), none["gifts"].clone()),
        (0.0, json!([]))
    );
    let unknown = rpc(
        &app,
        &finance,
        "get_giving_statement",
        json!({ "member_id": "00000000-0000-4000-8000-0000000000ff",
                "from_date": "2025-01-01", "to_date": "2025-12-31" }),
    )
    .await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST);
    assert_eq!(unknown.body["message"], "Member not found");

    // The batch: everyone who gave in 2025, by name, a page at a time.
    let page = |offset: i64| {
        let app = &app;
        let finance = &finance;
        async move {
            ok(
                rpc(
                    app,
                    finance,
                    "get_giving_statements",
                    json!({ "from_date": "2025-01-01", "to_date": "2025-12-31",
                            "page_offset": offset, "page_size": 1 }),
                )
                .await,
                "batch",
            )
        }
    };
    let first = page(0).await;
    let second = page(1).await;
    assert_eq!(num(&first["member_count"]), 2.0);
    assert_eq!(first["statements"][0]["member"]["last_name"], "Otieno");
    assert_eq!(second["statements"][0]["member"]["last_name"], "Wanjiru");
    assert_eq!(page(2).await["statements"], json!([]));
    let too_big = rpc(
        &app,
        &finance,
        "get_giving_statements",
        json!({ "from_date": "2025-01-01", "to_date": "2025-12-31", "page_size": 500 }),
    )
    .await;
    assert_eq!(too_big.status, StatusCode::BAD_REQUEST);

    // March 2025's remittance with the default split (tithe 100 %, offering 40 %, missions 100 %).
    let r = ok(
        rpc(
            &app,
            &finance,
            "get_remittance",
            json!({ "month": "2025-03-17" }),
        )
        .await,
        "remittance",
    );
    assert_eq!(r["month"], "2025-03");
    assert_eq!(
        (r["from"].as_str(), r["to"].as_str()),
        (Some("2025-03-01"), Some("2025-03-31"))
    );
    let lines: Vec<(String, f64, f64, f64)> = r["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["giving_type"].as_str().unwrap().to_owned(),
                num(&l["total"]),
                num(&l["conference_amount"]),
                num(&l["local_amount"]),
            )
        })
        .collect();
    assert_eq!(
        lines,
        [
            ("tithe".to_owned(), 0.0, 0.0, 0.0),
            ("offering".to_owned(), 370.5, 148.2, 222.3),
            ("special_project".to_owned(), 0.0, 0.0, 0.0),
            ("building_fund".to_owned(), 300.0, 0.0, 300.0),
            ("missions".to_owned(), 0.0, 0.0, 0.0),
        ]
    );
    assert_eq!(
        (
            num(&r["total"]),
            num(&r["conference_total"]),
            num(&r["local_total"])
        ),
        (670.5, 148.2, 522.3)
    );
    // The split follows the setting.
    sql.batch_execute(
        "UPDATE public.system_settings SET value = '{\"tithe\": 100, \"offering\": 50, \"building_fund\": 10}' \
         WHERE key = 'remittance_shares'",
    )
    .await
    .unwrap();
    let r = ok(
        rpc(
            &app,
            &finance,
            "get_remittance",
            json!({ "month": "2025-03-01" }),
        )
        .await,
        "remittance",
    );
    assert_eq!(num(&r["conference_total"]), 185.25 + 30.0);
    assert_eq!(
        num(&r["shares"]["missions"]),
        0.0,
        "a type the setting leaves out keeps it all"
    );
}

#[tokio::test]
async fn staff_without_the_finance_permissions_are_refused_by_the_server() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    let finance = user(&sql, "FINANCE_ADMIN", true, None).await;
    let content = user(&sql, "CONTENT_ADMIN", true, None).await;
    let elder = user(&sql, "ELDER", true, None).await;
    let calls = [
        (
            "get_donation_totals",
            json!({ "from_date": "2025-01-01", "to_date": "2025-12-31" }),
        ),
        ("get_financial_summary", json!({ "period": "year" })),
        ("get_budget_summary", json!({ "budget_year": 2025 })),
        (
            "get_giving_statements",
            json!({ "from_date": "2025-01-01", "to_date": "2025-12-31" }),
        ),
        ("get_remittance", json!({ "month": "2025-03-01" })),
    ];
    for (name, args) in &calls {
        let a = rpc(&app, &finance, name, args.clone()).await;
        assert_eq!(a.status, StatusCode::OK, "finance admin: {name} {}", a.body);
        for (label, who) in [("content admin", &content), ("elder", &elder)] {
            let a = rpc(&app, who, name, args.clone()).await;
            assert_eq!(
                a.status,
                StatusCode::FORBIDDEN,
                "{label}: {name} {}",
                a.body
            );
            assert_eq!(a.body["code"], "42501");
            assert!(
                a.body["message"].as_str().unwrap().contains("permission"),
                "{}",
                a.body
            );
        }
    }
    for (label, who) in [("content admin", &content), ("elder", &elder)] {
        for (table, body) in [
            ("giving_records", json!({ "amount": 10 })),
            (
                "budgets",
                json!({ "category": "other", "allocated_amount": 10, "year": 2025 }),
            ),
            ("expenses", json!({ "amount": 10, "description": "x" })),
        ] {
            let a = app.call(who, Method::POST, table, "", Some(&body)).await;
            assert_eq!(
                a.status,
                StatusCode::FORBIDDEN,
                "{label}: insert into {table} {}",
                a.body
            );
        }
    }
}

/// The monthly totals as the trigger keeps them and as the gifts say they should be.
async fn monthly_totals(sql: &Client) -> (Vec<String>, Vec<String>) {
    let rows = |q: &'static str| async move {
        sql.query(q, &[])
            .await
            .unwrap()
            .iter()
            .map(|r| r.get::<_, String>(0))
            .collect::<Vec<_>>()
    };
    let kept = rows(
        "SELECT concat_ws(' ', month, giving_type, anonymous, total, gift_count) \
           FROM public.giving_monthly_totals ORDER BY month, giving_type, anonymous",
    )
    .await;
    let counted = rows(
        "SELECT concat_ws(' ', date_trunc('month', giving_date)::date, giving_type, member_id IS NULL, \
                          sum(amount), count(*)) \
           FROM public.giving_records WHERE is_verified AND NOT is_simulated \
          GROUP BY date_trunc('month', giving_date), giving_type, member_id IS NULL \
          ORDER BY date_trunc('month', giving_date), giving_type, member_id IS NULL",
    )
    .await;
    (kept, counted)
}

#[tokio::test]
async fn the_monthly_totals_follow_every_insert_update_and_delete() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    let finance = user(&sql, "FINANCE_ADMIN", true, None).await;
    sql.batch_execute(
        "INSERT INTO public.members (first_name, last_name) VALUES ('Roll', 'Up');
         INSERT INTO public.giving_records (member_id, amount, giving_type, giving_date, is_verified, is_simulated)
         SELECT CASE WHEN i % 3 = 0 THEN NULL ELSE (SELECT id FROM public.members LIMIT 1) END,
                i % 50 + 0.5, (ARRAY['tithe','offering','missions'])[i % 3 + 1],
                DATE '2025-01-01' + (i % 400), i % 4 <> 0, i % 13 = 0
           FROM generate_series(1, 3000) AS i;",
    )
    .await
    .unwrap();
    let (kept, counted) = monthly_totals(&sql).await;
    assert!(!kept.is_empty());
    assert_eq!(kept, counted, "after a bulk insert");

    // Through the API as staff do it: verify, unverify, retype, redate, delete.
    for (filter, body) in [
        (
            "is_verified=eq.false&amount=lt.10",
            json!({ "is_verified": true }),
        ),
        (
            "is_verified=eq.true&amount=gt.45",
            json!({ "is_verified": false }),
        ),
        (
            "giving_type=eq.missions&amount=lt.20",
            json!({ "giving_type": "building_fund" }),
        ),
        (
            "giving_date=gte.2025-12-01&amount=lt.30",
            json!({ "giving_date": "2026-02-14" }),
        ),
        ("amount=gt.30&amount=lt.35", json!({ "member_id": null })),
    ] {
        let a = app
            .call(
                &finance,
                Method::PATCH,
                &format!("giving_records?{filter}"),
                "",
                Some(&body),
            )
            .await;
        assert!(a.status.is_success(), "{filter}: {} {}", a.status, a.body);
        let (kept, counted) = monthly_totals(&sql).await;
        assert_eq!(kept, counted, "after PATCH {filter}");
    }
    let a = app
        .call(
            &finance,
            Method::DELETE,
            "giving_records?amount=lt.5",
            "",
            None,
        )
        .await;
    assert!(a.status.is_success(), "{}", a.body);
    let (kept, counted) = monthly_totals(&sql).await;
    assert_eq!(kept, counted, "after DELETE");
    // Staff read the totals; nobody writes them.
    let read = app
        .call(
            &finance,
            Method::GET,
            "giving_monthly_totals?select=total",
            "",
            None,
        )
        .await;
    assert_eq!(read.status, StatusCode::OK);
    let write = app
        .call(
            &finance,
            Method::POST,
            "giving_monthly_totals",
            "",
            Some(&json!({ "month": "2025-01-01", "giving_type": "tithe", "anonymous": false, "total": 1, "gift_count": 1 })),
        )
        .await;
    assert!(write.status.is_client_error(), "{}", write.status);
}

// ---------------------------------------------------------------------------------------------
// Issue 31: a paid gift stays the record of its payment.
// ---------------------------------------------------------------------------------------------

/// A paybill gift recorded by the server (as a confirmation would: kanisa.record_paybill_gift)
/// from `phone`; its id.
async fn paid_gift(sql: &Client, receipt: &str, amount: i32, phone: &str) -> String {
    let payment: String = sql
        .query_one(
            "SELECT kanisa.record_paybill_gift('mpesa', $1, $2::int4::numeric, $3, 'TITHE', \
                    'tithe', now(), 'Jane Doe', '{}'::jsonb)::text",
            &[&receipt, &amount, &phone],
        )
        .await
        .unwrap()
        .get(0);
    sql.query_one(
        "SELECT id::text FROM public.giving_records WHERE payment_id = $1::text::uuid",
        &[&payment],
    )
    .await
    .unwrap()
    .get(0)
}

/// How many gifts hold this receipt, in any case.
async fn gifts_with_receipt(sql: &Client, receipt: &str) -> i64 {
    sql.query_one(
        "SELECT count(*) FROM public.giving_records \
          WHERE upper(btrim(transaction_id)) = upper(btrim($1))",
        &[&receipt],
    )
    .await
    .unwrap()
    .get(0)
}

/// A gift as staff record it by hand.
fn hand_gift(amount: Value, transaction_id: &str) -> Value {
    json!({ "amount": amount, "giving_type": "tithe", "payment_method": "mpesa",
            "transaction_id": transaction_id, "is_verified": true })
}

#[tokio::test]
async fn the_service_key_can_neither_unlink_a_paid_gift_nor_make_it_a_demo() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    let gift = paid_gift(&sql, "RKT4UNLINK", 250, "254712345679").await;
    let path = format!("giving_records?id=eq.{gift}");
    let service = Caller {
        id: None,
        token: Some(app.service_key.clone()),
    };
    let counted = "SELECT count(*) FROM public.giving_records \
                    WHERE transaction_id = 'RKT4UNLINK' AND payment_id IS NOT NULL \
                      AND NOT is_simulated AND is_verified AND amount = 250";
    // The probe: unlinked (204), then deleted (204); or marked a demo, out of every total.
    for change in [json!({"payment_id": null}), json!({"is_simulated": true})] {
        let patch = app
            .call(&service, Method::PATCH, &path, "", Some(&change))
            .await;
        assert_eq!(
            patch.status,
            StatusCode::FORBIDDEN,
            "{change}: {}",
            patch.body
        );
        assert_eq!(patch.body["code"], "42501");
        assert_eq!(
            patch.body["message"],
            "A gift's payment and demo mark are recorded by the server"
        );
        assert_eq!(app.count(counted).await, 1, "{change}: the gift is as paid");
    }
    // Nor is a "demo" gift entered under its receipt, nor a gift claiming its payment.
    let mut demo = hand_gift(json!(10), "rkt4unlink ");
    demo["is_simulated"] = json!(true);
    let again = app
        .call(&service, Method::POST, "giving_records", "", Some(&demo))
        .await;
    assert_eq!(again.status, StatusCode::CONFLICT, "{}", again.body);
    assert_eq!(again.body["code"], "PT409");
    let payment: String = sql
        .query_one(
            "SELECT payment_id::text FROM public.giving_records WHERE id = $1::text::uuid",
            &[&gift],
        )
        .await
        .unwrap()
        .get(0);
    let mut claiming = hand_gift(json!(10), "ANOTHER-RECEIPT");
    claiming["payment_id"] = json!(payment);
    let again = app
        .call(
            &service,
            Method::POST,
            "giving_records",
            "",
            Some(&claiming),
        )
        .await;
    assert_eq!(again.status, StatusCode::FORBIDDEN, "{}", again.body);
    assert_eq!(
        again.body["message"],
        "The gift of a payment is recorded by the server"
    );
    assert_eq!(gifts_with_receipt(&sql, "RKT4UNLINK").await, 1);
    // A note is still the way to say something about it.
    let note = app
        .call(
            &service,
            Method::PATCH,
            &path,
            "",
            Some(&json!({"notes": "Confirmed by phone"})),
        )
        .await;
    assert!(note.status.is_success(), "{}", note.body);
}

#[tokio::test]
async fn a_paid_gift_can_neither_be_deleted_nor_entered_again_under_its_receipt() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    let finance = user(&sql, "FINANCE_ADMIN", true, None).await;
    let gift = paid_gift(&sql, "RKT4PAID01", 100, "254712345678").await;
    let path = format!("giving_records?id=eq.{gift}");

    // Its amount was already kept (0015).
    let patch = app
        .call(
            &finance,
            Method::PATCH,
            &path,
            "",
            Some(&json!({ "amount": 10 })),
        )
        .await;
    assert_eq!(patch.status, StatusCode::FORBIDDEN, "{}", patch.body);

    // It cannot be deleted (the probe: 204, and then entered again at 10).
    let delete = app.call(&finance, Method::DELETE, &path, "", None).await;
    assert_eq!(delete.status, StatusCode::FORBIDDEN, "{}", delete.body);
    assert_eq!(delete.body["code"], "42501");
    assert_eq!(
        delete.body["message"],
        "An online or paybill gift cannot be deleted"
    );
    assert_eq!(gifts_with_receipt(&sql, "RKT4PAID01").await, 1);
    // Nor by the service key through the API.
    let service = Caller {
        id: None,
        token: Some(app.service_key.clone()),
    };
    let delete = app.call(&service, Method::DELETE, &path, "", None).await;
    assert_eq!(delete.status, StatusCode::FORBIDDEN, "{}", delete.body);
    assert_eq!(gifts_with_receipt(&sql, "RKT4PAID01").await, 1);

    // Its receipt is never entered again by hand, in whatever case or with spaces.
    for receipt in ["RKT4PAID01", "rkt4paid01", " Rkt4Paid01 "] {
        let again = app
            .call(
                &finance,
                Method::POST,
                "giving_records",
                "",
                Some(&hand_gift(json!(10), receipt)),
            )
            .await;
        assert_eq!(
            again.status,
            StatusCode::CONFLICT,
            "{receipt:?}: {}",
            again.body
        );
    }
    let again = app
        .call(
            &finance,
            Method::POST,
            "giving_records",
            "",
            Some(&hand_gift(json!(10), "rkt4paid01")),
        )
        .await;
    assert_eq!(again.body["code"], "PT409");
    assert_eq!(
        again.body["message"],
        "Transaction ID rkt4paid01 is the receipt of an online or paybill payment"
    );
    assert_eq!(gifts_with_receipt(&sql, "RKT4PAID01").await, 1);

    // A paid gift deleted before this fix cannot come back either: the payment keeps its receipt.
    sql.execute(
        "DELETE FROM public.giving_records WHERE id = $1::text::uuid",
        &[&gift],
    )
    .await
    .unwrap();
    for who in [&finance, &service] {
        let again = app
            .call(
                who,
                Method::POST,
                "giving_records",
                "",
                Some(&hand_gift(json!(10), "RKT4PAID01")),
            )
            .await;
        assert_eq!(again.status, StatusCode::CONFLICT, "{}", again.body);
    }
    assert_eq!(gifts_with_receipt(&sql, "RKT4PAID01").await, 0);

    // Nor is a gift entered by hand edited to take it.
    let hand = ok(
        app.call(
            &finance,
            Method::POST,
            "giving_records",
            "return=representation",
            Some(&hand_gift(json!(50), "CASH-0001")),
        )
        .await,
        "hand gift",
    )[0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let taken = app
        .call(
            &finance,
            Method::PATCH,
            &format!("giving_records?id=eq.{hand}"),
            "",
            Some(&json!({ "transaction_id": "rkt4PAID01" })),
        )
        .await;
    assert_eq!(taken.status, StatusCode::CONFLICT, "{}", taken.body);
    assert_eq!(gifts_with_receipt(&sql, "CASH-0001").await, 1);
}

#[tokio::test]
async fn a_paid_gift_moves_to_another_member_only_by_a_logged_reassignment_shown_on_the_statement()
{
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    let finance = user(&sql, "FINANCE_ADMIN", true, None).await;
    let content = user(&sql, "CONTENT_ADMIN", true, None).await;
    let jane = "00000000-0000-4000-8000-0000000031a1";
    let mary = "00000000-0000-4000-8000-0000000031a2";
    sql.batch_execute(&format!(
        "INSERT INTO public.members (id, first_name, last_name, phone) VALUES
           ('{jane}', 'Jane', 'Wanjiru', '0712 345 678'),
           ('{mary}', 'Mary', 'Akinyi', NULL);"
    ))
    .await
    .unwrap();
    let gift = paid_gift(&sql, "RKT4MOVE01", 2500, "254712345678").await;
    let path = format!("giving_records?id=eq.{gift}");
    let stored = || {
        let sql = &sql;
        let gift = &gift;
        async move {
            let r = sql
                .query_one(
                    "SELECT member_id::text, giving_type, giving_date::text, reassign_reason \
                       FROM public.giving_records WHERE id = $1::text::uuid",
                    &[gift],
                )
                .await
                .unwrap();
            (
                r.get::<_, Option<String>>(0),
                r.get::<_, String>(1),
                r.get::<_, String>(2),
                r.get::<_, Option<String>>(3),
            )
        }
    };
    let before = stored().await;
    assert_eq!(before.0.as_deref(), Some(jane), "matched by her phone");

    // Its member, date and type are not changed by PATCH (the probe moved it onto another
    // member's statement).
    for body in [
        json!({ "member_id": mary }),
        json!({ "member_id": null }),
        json!({ "giving_date": "2025-01-01" }),
        json!({ "giving_type": "missions" }),
    ] {
        let a = app
            .call(&finance, Method::PATCH, &path, "", Some(&body))
            .await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{body}: {}", a.body);
        assert_eq!(a.body["code"], "42501");
    }
    assert_eq!(stored().await, before);
    // Notes still may.
    let noted = app
        .call(
            &finance,
            Method::PATCH,
            &path,
            "",
            Some(&json!({ "notes": "Mary's envelope" })),
        )
        .await;
    assert!(noted.status.is_success(), "{}", noted.body);
    // The correction's own columns are not the table API's.
    let forged = app
        .call(
            &finance,
            Method::PATCH,
            &path,
            "",
            Some(&json!({ "reassign_reason": "because" })),
        )
        .await;
    assert!(forged.status.is_client_error(), "{}", forged.body);
    assert_eq!(stored().await.3, None);

    // reassign_gift: manage_donations only, and a reason.
    let refused = rpc(
        &app,
        &content,
        "reassign_gift",
        json!({ "gift": gift, "member": mary, "reason": "Her envelope" }),
    )
    .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.body);
    let no_reason = rpc(
        &app,
        &finance,
        "reassign_gift",
        json!({ "gift": gift, "member": mary, "reason": "  " }),
    )
    .await;
    assert_eq!(
        no_reason.status,
        StatusCode::BAD_REQUEST,
        "{}",
        no_reason.body
    );
    assert_eq!(
        no_reason.body["message"],
        "Please give the reason for re-assigning the gift"
    );
    assert_eq!(stored().await, before);
    let reason = "Paid from Jane's phone for Mary (her envelope)";
    let moved = ok(
        rpc(
            &app,
            &finance,
            "reassign_gift",
            json!({ "gift": gift, "member": mary, "reason": format!(" {reason} ") }),
        )
        .await,
        "reassign",
    );
    assert_eq!(moved["member_id"], mary);
    assert_eq!(moved["reassigned_from"], jane);
    assert_eq!(moved["reassign_reason"], reason);
    assert_eq!(moved["reassigned_by"].as_str(), finance.id.as_deref());
    assert_eq!(
        num(&moved["amount"]),
        2500.0,
        "the amount stays the payment's"
    );
    let same = rpc(
        &app,
        &finance,
        "reassign_gift",
        json!({ "gift": gift, "member": mary, "reason": "again" }),
    )
    .await;
    assert_eq!(same.status, StatusCode::BAD_REQUEST, "{}", same.body);

    // Logged with who, both members and the reason.
    let log: Value = sql
        .query_one(
            "SELECT details FROM public.admin_activity_logs \
              WHERE action = 'donation_reassigned' AND admin_id = $1::text::uuid",
            &[&finance.id.clone().unwrap()],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(log["id"], gift.as_str());
    assert_eq!(log["from_member_id"], jane);
    assert_eq!(log["to_member_id"], mary);
    assert_eq!(log["reason"], reason);

    // Mary's statement shows the gift with its correction; Jane's no longer lists it.
    let day = today(&sql).await;
    let year = &day[..4];
    let statement = |member: &'static str| {
        let app = &app;
        let finance = &finance;
        async move {
            ok(
                rpc(
                    app,
                    finance,
                    "get_giving_statement",
                    json!({ "member_id": member, "from_date": format!("{year}-01-01"),
                            "to_date": format!("{year}-12-31") }),
                )
                .await,
                "statement",
            )
        }
    };
    let marys = statement(mary).await;
    assert_eq!(num(&marys["total"]), 2500.0);
    assert_eq!(marys["gifts"][0]["id"], gift.as_str());
    assert_eq!(marys["gifts"][0]["reassign_reason"], reason);
    assert_eq!(marys["gifts"][0]["reassigned_on"], day.as_str());
    assert_eq!(num(&statement(jane).await["gift_count"]), 0.0);

    // The type is corrected the same way (a payer who typed no account gave an offering).
    let retyped = ok(
        rpc(
            &app,
            &finance,
            "reassign_gift",
            json!({ "gift": gift, "member": mary, "reason": "Her tithe envelope",
                    "giving_type": "offering" }),
        )
        .await,
        "retype",
    );
    assert_eq!(retyped["giving_type"], "offering");
    assert_eq!(retyped["reassigned_from"], mary);
    assert_eq!(
        stored().await.2,
        before.2,
        "the date stays the day it was paid"
    );
}

#[tokio::test]
async fn a_demo_gift_cannot_be_deleted_and_entered_again_as_a_counted_one() {
    let app = TestApp::spawn_demo().await;
    let sql = app.db.as_ref().unwrap().client().await;
    let finance = user(&sql, "FINANCE_ADMIN", true, None).await;
    let row = sql
        .query_one(
            "SELECT id::text, transaction_id FROM public.giving_records \
              WHERE is_simulated ORDER BY giving_date LIMIT 1",
            &[],
        )
        .await
        .unwrap();
    let (gift, receipt): (String, String) = (row.get(0), row.get(1));
    let delete = app
        .call(
            &finance,
            Method::DELETE,
            &format!("giving_records?id=eq.{gift}"),
            "",
            None,
        )
        .await;
    assert_eq!(delete.status, StatusCode::FORBIDDEN, "{}", delete.body);
    assert_eq!(gifts_with_receipt(&sql, &receipt).await, 1);
    let counted = "SELECT count(*) FROM public.giving_records \
                    WHERE upper(transaction_id) = upper($1) AND is_verified AND NOT is_simulated";
    for receipt in [receipt.to_lowercase(), format!(" {receipt}")] {
        let again = app
            .call(
                &finance,
                Method::POST,
                "giving_records",
                "",
                Some(&hand_gift(json!(3000), &receipt)),
            )
            .await;
        assert_eq!(
            again.status,
            StatusCode::CONFLICT,
            "{receipt:?}: {}",
            again.body
        );
    }
    // Had it been deleted before this fix, it still could not be entered again as counted.
    sql.execute(
        "DELETE FROM public.giving_records WHERE id = $1::text::uuid",
        &[&gift],
    )
    .await
    .unwrap();
    let again = app
        .call(
            &finance,
            Method::POST,
            "giving_records",
            "",
            Some(&hand_gift(json!(3000), &receipt)),
        )
        .await;
    assert_eq!(again.status, StatusCode::CONFLICT, "{}", again.body);
    let n: i64 = sql.query_one(counted, &[&receipt]).await.unwrap().get(0);
    assert_eq!(n, 0, "no counted gift under the demo receipt");
}

#[tokio::test]
async fn gifts_dated_1800_or_2999_or_rounding_to_zero_are_refused_with_clear_messages() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    let finance = user(&sql, "FINANCE_ADMIN", true, None).await;
    let day = |sql_expr: &str| {
        let sql = &sql;
        let q = format!(
            "SELECT ((now() AT TIME ZONE 'Africa/Nairobi')::date + interval '{sql_expr}')::date::text"
        );
        async move { sql.query_one(&q, &[]).await.unwrap().get::<_, String>(0) }
    };
    let two_years_ahead = day("2 years").await;
    let three_months_ahead = day("3 months").await;
    let gift = |amount: Value, date: &str| {
        json!({ "amount": amount, "giving_type": "offering", "payment_method": "cash",
                "giving_date": date })
    };
    let before = figure(&sql, "SELECT count(*) FROM public.giving_records").await;
    let amount_text = "The amount must be at least KES 0.01";
    for (body, message) in [
        (gift(json!(0.001), "2025-03-01"), amount_text),
        (gift(json!("0.004"), "2025-03-01"), amount_text),
        (gift(json!(0), "2025-03-01"), amount_text),
        (gift(json!(-5), "2025-03-01"), amount_text),
        (
            gift(json!(100), "1800-01-01"),
            "The gift's date must be between 1900-01-01 and ",
        ),
        (
            gift(json!(100), "2999-01-01"),
            "The gift's date must be between 1900-01-01 and ",
        ),
        (
            gift(json!(100), &two_years_ahead),
            "The gift's date must be between 1900-01-01 and ",
        ),
    ] {
        let a = app
            .call(&finance, Method::POST, "giving_records", "", Some(&body))
            .await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{body}: {}", a.body);
        assert_eq!(a.body["code"], "23514", "{body}");
        assert!(
            a.body["message"].as_str().unwrap().starts_with(message),
            "{body}: {}",
            a.body
        );
    }
    assert_eq!(
        figure(&sql, "SELECT count(*) FROM public.giving_records").await,
        before,
        "nothing was stored"
    );
    // A cent, and a post-dated cheque a few months ahead, are gifts.
    for body in [
        gift(json!(0.01), "1900-01-01"),
        gift(json!(0.005), "2025-03-01"),
        gift(json!(100), &three_months_ahead),
    ] {
        let a = app
            .call(&finance, Method::POST, "giving_records", "", Some(&body))
            .await;
        assert_eq!(a.status, StatusCode::CREATED, "{body}: {}", a.body);
    }
    // Edits are held to the same rules.
    let edit = app
        .call(
            &finance,
            Method::PATCH,
            "giving_records?amount=eq.0.01",
            "",
            Some(&json!({ "amount": 0.001 })),
        )
        .await;
    assert_eq!(edit.status, StatusCode::BAD_REQUEST, "{}", edit.body);
    let edit = app
        .call(
            &finance,
            Method::PATCH,
            "giving_records?amount=eq.0.01",
            "",
            Some(&json!({ "giving_date": "2999-12-31" })),
        )
        .await;
    assert_eq!(edit.status, StatusCode::BAD_REQUEST, "{}", edit.body);

    // Expenses too.
    for (body, message) in [
        (
            json!({ "amount": 0.001, "description": "x", "expense_date": "2025-03-01" }),
            amount_text,
        ),
        (
            json!({ "amount": 10, "description": "x", "expense_date": "2999-01-01" }),
            "The expense's date must be between 1900-01-01 and 2100-12-31",
        ),
        (
            json!({ "amount": 10, "description": "x", "expense_date": "1800-01-01" }),
            "The expense's date must be between 1900-01-01 and 2100-12-31",
        ),
    ] {
        let a = app
            .call(&finance, Method::POST, "expenses", "", Some(&body))
            .await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{body}: {}", a.body);
        assert_eq!(a.body["message"], message, "{body}");
    }
}
