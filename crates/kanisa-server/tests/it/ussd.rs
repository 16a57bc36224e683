//! The USSD menu (issue 47) driven as Africa's Talking's gateway drives it (kanisa-fakes'
//! `FakeUssd`): whole sessions in both languages, a gift given exactly once though its
//! confirming step is repeated and the session's halves reach two instances, a member's total
//! equal to their statement, a prayer request stored private and acknowledged by SMS, and bad
//! input answered with a clear screen, never an error status.

use std::time::Duration;

use kanisa_fakes::{FakeUssd, UssdScreen};
use reqwest::StatusCode;
use serde_json::{Value, json};

use super::{TestApp, eventually};

const ACHIENG: &str = "00000000-0000-4000-8000-0d0000000001";

async fn gateway(app: &TestApp) -> (FakeUssd, String) {
    let secret = app.payments.callback_secret().await.unwrap();
    let base = app.url(&format!("/functions/v1/ussd/{secret}"));
    (
        FakeUssd::new(base.clone(), "*384*1234#"),
        format!("{base}/end"),
    )
}

/// A member with two gifts this year and one last year, and an event in the coming days.
async fn seed(app: &TestApp) {
    app.sql()
        .await
        .batch_execute(&format!(
            "INSERT INTO members (id, first_name, last_name, phone) VALUES \
               ('{ACHIENG}', 'Achieng', 'Otieno', '0712 500 001'); \
             INSERT INTO giving_records (member_id, amount, giving_type, payment_method, giving_date, is_verified) VALUES \
               ('{ACHIENG}', 1500, 'tithe', 'mpesa', (now() AT TIME ZONE 'Africa/Nairobi')::date, true), \
               ('{ACHIENG}', 700.5, 'offering', 'cash', (now() AT TIME ZONE 'Africa/Nairobi')::date, true), \
               ('{ACHIENG}', 9000, 'tithe', 'cash', (now() AT TIME ZONE 'Africa/Nairobi')::date - 400, true); \
             UPDATE events SET is_published = false \
              WHERE start_date BETWEEN now() - interval '1 day' AND now() + interval '8 days'; \
             INSERT INTO events (title, start_date, is_published) VALUES \
               ('Youth rally', now() + interval '1 day', true), \
               ('Draft event', now() + interval '1 day', false)"
        ))
        .await
        .unwrap();
}

fn screen_ok(s: &UssdScreen) {
    assert!(s.valid(), "not a screen the gateway shows: {s:?}");
    assert!(s.body.chars().count() <= 182, "too long: {}", s.body);
}

#[tokio::test]
async fn whole_sessions_in_english_and_kiswahili() {
    let app = TestApp::spawn_demo().await;
    seed(&app).await;
    let (gw, _) = gateway(&app).await;

    // A phone never seen: the language first; then home, services and this week's events.
    let mut s = gw.dial("+254712500001");
    let first = s.start().await;
    screen_ok(&first);
    assert!(
        first.waits() && first.text().contains("1 English\n2 Kiswahili"),
        "{first:?}"
    );
    let home = s.answer("1").await;
    assert!(home.text().contains("1 Services and events"), "{home:?}");
    let times = s.answer("1").await;
    screen_ok(&times);
    assert!(
        times.text().contains("Sat 9:00 AM Sabbath School"),
        "{times:?}"
    );
    let week = s.answer("1").await;
    screen_ok(&week);
    assert!(week.text().contains("Youth rally"), "{week:?}");
    assert!(!week.text().contains("Draft event"), "{week:?}");
    // My giving this year: the statement's total, for the member this phone belongs to.
    s.answer("00").await;
    let mine = s.answer("3").await;
    screen_ok(&mine);
    let treasurer = crate::policies::user(&app.sql().await, "FINANCE_ADMIN", true, None).await;
    let year: i32 = app
        .sql()
        .await
        .query_one(
            "SELECT extract(year FROM now() AT TIME ZONE 'Africa/Nairobi')::int",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    let res = app
        .http
        .post(app.url("/rest/v1/rpc/get_giving_statement"))
        .bearer_auth(treasurer.token.unwrap())
        .json(
            &json!({"member_id": ACHIENG, "from_date": format!("{year}-01-01"),
                      "to_date": format!("{year}-12-31")}),
        )
        .send()
        .await
        .unwrap();
    let statement: Value = res.json().await.unwrap();
    assert_eq!(statement["total"], 2200.5);
    assert!(
        mine.text().contains(&format!("Your giving in {year}:")),
        "{mine:?}"
    );
    assert!(
        mine.text()
            .contains("Offering KES 700.50\nTithe KES 1,500\nTotal KES 2,200.50"),
        "{mine:?}"
    );
    // A prayer request: stored private, from USSD, the caller's name from the register.
    s.answer("0").await;
    assert!(s.answer("4").await.waits());
    let done = s.answer("Please pray for my family*and my work").await;
    screen_ok(&done);
    assert!(
        !done.waits() && done.text().starts_with("Thank you."),
        "{done:?}"
    );
    let row = app
        .sql()
        .await
        .query_one(
            "SELECT description, privacy_level, source, submitter_name, submitter_phone \
               FROM prayer_requests WHERE source = 'ussd'",
            &[],
        )
        .await
        .unwrap();
    assert_eq!(
        row.get::<_, String>(0),
        "Please pray for my family*and my work"
    );
    assert_eq!(row.get::<_, String>(1), "private");
    assert_eq!(row.get::<_, String>(2), "ussd");
    assert_eq!(
        row.get::<_, Option<String>>(3).as_deref(),
        Some("Achieng Otieno")
    );
    assert_eq!(
        row.get::<_, Option<String>>(4).as_deref(),
        Some("+254712500001")
    );
    let acknowledged: i64 = app
        .sql()
        .await
        .query_one(
            "SELECT count(*) FROM kanisa.sms_deliveries WHERE phone = '+254712500001' \
               AND body LIKE '%prayer request%'",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(acknowledged, 1);

    // The next session of that phone starts at home, in English.
    let mut again = gw.dial("+254712500001");
    let home = again.start().await;
    assert!(home.text().contains("1 Services and events"), "{home:?}");

    // Kiswahili, chosen once and remembered; a phone that is no member's is told how to join.
    let mut sw = gw.dial("+254712500009");
    sw.start().await;
    let nyumbani = sw.answer("2").await;
    assert!(
        nyumbani.text().contains("1 Ibada na matukio"),
        "{nyumbani:?}"
    );
    let wangu = sw.answer("3").await;
    assert!(
        wangu.text().contains("Simu hii haiko kwenye daftari"),
        "{wangu:?}"
    );
    let wiki = sw.answer("0").await;
    assert!(wiki.text().contains("2 Toa sadaka"), "{wiki:?}");
    let ibada = sw.answer("1").await;
    assert!(
        ibada.text().contains("Jumamosi 9:00 AM Shule ya Sabato")
            && ibada.text().contains("1 Matukio ya wiki hii"),
        "{ibada:?}"
    );
    let mut next = gw.dial("+254712500009");
    assert!(next.start().await.text().contains("1 Ibada na matukio"));
    // "5" changes the language, from then on.
    next.answer("5").await;
    let english = next.answer("1").await;
    assert!(
        english.text().contains("1 Services and events"),
        "{english:?}"
    );
}

#[tokio::test]
async fn a_gift_is_given_once_though_its_step_is_repeated_and_crosses_instances() {
    let app = TestApp::spawn_demo().await;
    seed(&app).await;
    let other = app.beside().await;
    let (gw, end_url) = gateway(&app).await;
    let secret = app.payments.callback_secret().await.unwrap();
    let gw2 = gw.to(other.url(&format!("/functions/v1/ussd/{secret}")));

    let mut s = gw.dial("+254712500001");
    s.start().await;
    s.answer("2").await; // Kiswahili
    let fund = s.answer_via(&gw2, "2").await;
    assert!(fund.text().contains("1 Zaka"), "{fund:?}");
    let amount = s.answer("1").await;
    assert!(amount.text().contains("Zaka: andika kiasi"), "{amount:?}");
    let confirm = s.answer_via(&gw2, "500").await;
    screen_ok(&confirm);
    assert!(
        confirm.text().contains("KES 500") && confirm.text().contains("0712 500 001"),
        "{confirm:?}"
    );
    let done = s.answer("1").await;
    screen_ok(&done);
    assert!(
        !done.waits() && done.text().starts_with("Majaribio"),
        "{done:?}"
    );
    // The gateway posts the confirming step again, to this instance and to the other.
    assert_eq!(s.repeat().await, done);
    // The same session's steps again through the other instance, as a retry would carry them.
    let mut replay = gw2.dial("+254712500001");
    replay.id = s.id.clone();
    for answer in ["2", "2", "1", "500"] {
        replay.answer(answer).await;
    }
    let again = replay.answer("1").await;
    assert_eq!(again.body, done.body);

    // The prompt goes out from the queue once the session has closed: once.
    assert_eq!(
        app.sql()
            .await
            .query_one(
                "SELECT count(*) FROM kanisa.jobs WHERE kind = 'ussd_prompt'",
                &[],
            )
            .await
            .unwrap()
            .get::<_, i64>(0),
        1
    );
    app.deliver(Duration::from_secs(30)).await;
    let payments: Vec<(uuid::Uuid, String)> = app
        .sql()
        .await
        .query(
            "SELECT id, channel FROM payment_logs WHERE phone_number = '254712500001'",
            &[],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    assert_eq!(
        payments.len(),
        1,
        "one prompt for one confirmed gift: {payments:?}"
    );
    assert_eq!(payments[0].1, "ussd");
    let id = payments[0].0.to_string();
    // The demo prompt completes; the gift is recorded once, the member matched by phone.
    eventually(
        Duration::from_secs(20),
        "the demo payment completes",
        || async {
            let view = app.payments.status(&id).await.map_err(|e| e.to_string())?;
            (view.status == "completed")
                .then_some(())
                .ok_or(view.status)
        },
    )
    .await;
    let gifts: Vec<(Option<String>, f64)> = app
        .sql()
        .await
        .query(
            "SELECT member_id::text, amount::float8 FROM giving_records WHERE payment_id = $1",
            &[&payments[0].0],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    assert_eq!(gifts, vec![(Some(ACHIENG.to_owned()), 500.0)]);

    // The end of the session is recorded.
    assert_eq!(s.notify_end(&end_url, "Success", None).await, 200);
    let (status, completed): (Option<String>, bool) = {
        let r = app
            .sql()
            .await
            .query_one(
                "SELECT end_status, completed FROM kanisa.ussd_sessions WHERE session_id = $1",
                &[&s.id],
            )
            .await
            .unwrap();
        (r.get(0), r.get(1))
    };
    assert_eq!((status.as_deref(), completed), (Some("Success"), true));

    // Reports' USSD figures: one session, completed; a demo gift is not money paid.
    let treasurer = crate::policies::user(&app.sql().await, "FINANCE_ADMIN", true, None).await;
    let member = crate::policies::user(&app.sql().await, "MEMBER", true, None).await;
    let days = app
        .sql()
        .await
        .query_one(
            "SELECT ((now() AT TIME ZONE 'Africa/Nairobi')::date - 1)::text, \
                    ((now() AT TIME ZONE 'Africa/Nairobi')::date + 1)::text",
            &[],
        )
        .await
        .unwrap();
    let (from, to): (String, String) = (days.get(0), days.get(1));
    let report = |token: String| {
        let app = &app;
        let period = json!({"from_date": from, "to_date": to});
        async move {
            let res = app
                .http
                .post(app.url("/rest/v1/rpc/get_ussd_report"))
                .bearer_auth(token)
                .json(&period)
                .send()
                .await
                .unwrap();
            (res.status(), res.json::<Value>().await.unwrap())
        }
    };
    let (code, figures) = report(treasurer.token.unwrap()).await;
    assert_eq!(code, StatusCode::OK, "{figures}");
    assert_eq!(
        [
            &figures["sessions"],
            &figures["completed"],
            &figures["gifts"],
            &figures["prayer_requests"]
        ],
        [&json!(1), &json!(1), &json!(0), &json!(0)]
    );
    assert_eq!(report(member.token.unwrap()).await.0, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn bad_input_is_a_clear_screen_never_an_error() {
    let app = TestApp::spawn_demo().await;
    seed(&app).await;
    let (gw, _) = gateway(&app).await;
    let mut s = gw.dial("+254712500001");
    s.start().await;
    s.answer("1").await;
    let wrong = s.answer("9").await;
    screen_ok(&wrong);
    assert!(wrong.text().starts_with("Invalid choice.\n"), "{wrong:?}");
    assert!(s.answer("00").await.waits());
    s.answer("2").await;
    s.answer("1").await;
    for (amount, note) in [
        ("0", "The smallest gift is KES 1."),
        ("1000000", "The largest gift is KES 250,000."),
        ("12.5", "Enter whole shillings, digits only."),
        ("abc", "Enter whole shillings, digits only."),
    ] {
        let mut t = gw.dial("+254712500001");
        t.start().await;
        t.answer("2").await;
        t.answer("1").await;
        let refused = t.answer(amount).await;
        screen_ok(&refused);
        assert!(
            refused.waits() && refused.text().starts_with(note),
            "{amount}: {refused:?}"
        );
    }
    // 10,000 characters of text.
    let mut long = gw.dial("+254712500001");
    long.start().await;
    let huge = long.answer(&"9".repeat(10_000)).await;
    screen_ok(&huge);
    assert!(!huge.waits(), "{huge:?}");
    // No session id: the gateway's own mistake, still a screen.
    let secret = app.payments.callback_secret().await.unwrap();
    let res = app
        .http
        .post(app.url(&format!("/functions/v1/ussd/{secret}")))
        .form(&[("text", "")])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.text().await.unwrap().starts_with("END "));
    // A wrong secret is a 404.
    let res = app
        .http
        .post(app.url("/functions/v1/ussd/not-the-secret"))
        .form(&[
            ("sessionId", "x"),
            ("phoneNumber", "+254712500001"),
            ("text", ""),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    // Switched off: a polite END.
    app.sql()
        .await
        .execute(
            "UPDATE system_settings SET value = 'false' WHERE key = 'ussd_enabled'",
            &[],
        )
        .await
        .unwrap();
    let mut off = gw.dial("+254712500001");
    let closed = off.start().await;
    screen_ok(&closed);
    assert!(
        !closed.waits() && closed.text().contains("closed"),
        "{closed:?}"
    );
}
