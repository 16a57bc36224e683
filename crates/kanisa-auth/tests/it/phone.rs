//! Phone sign-in codes (issue 46): the same answer and the same work for any number, a code's
//! life (five minutes, five wrong tries, used once, only the newest), the account a first
//! sign-in makes, and every limit — the minute, hour and day per number, the hour and day per
//! client address, the church's daily budget, the countries.

use chrono::Duration;
use kanisa_auth::{AuthError, ClientInfo, CodeLimit, Locale};
use serde_json::json;
use uuid::Uuid;

use crate::{Fixture, client};

const ANNE: &str = "0712 000 001";
const ANNE_DIGITS: &str = "254712000001";

async fn member(fx: &Fixture, first: &str, phone: &str) -> Uuid {
    fx.db
        .client()
        .await
        .query_one(
            "INSERT INTO public.members (first_name, last_name, phone) VALUES ($1, 'Wanjiru', $2) \
             RETURNING id",
            &[&first, &phone],
        )
        .await
        .unwrap()
        .get(0)
}

fn from(ip: &str) -> ClientInfo {
    ClientInfo {
        ip: Some(ip.parse().unwrap()),
        user_agent: None,
    }
}

async fn count(fx: &Fixture, sql: &str) -> i64 {
    fx.db
        .client()
        .await
        .query_one(sql, &[])
        .await
        .unwrap()
        .get(0)
}

#[tokio::test]
async fn a_member_s_number_and_any_other_get_the_same_answer_and_the_same_work() {
    let fx = Fixture::new().await;
    let anne = member(&fx, "Anne", ANNE).await;
    // Two members sharing a number, and a member whose account is staff's: no code for them.
    member(&fx, "Shared", "0712 000 002").await;
    member(&fx, "Shared Too", "+254712000002").await;
    let staff = fx
        .user("clerk@church.test", "MEMBER_ADMIN", "a long password")
        .await;
    let linked = member(&fx, "Staff", "0712 000 003").await;
    fx.db
        .client()
        .await
        .execute(
            "UPDATE public.members SET user_id = $2 WHERE id = $1",
            &[&linked, &staff],
        )
        .await
        .unwrap();

    let mut sent = Vec::new();
    for number in [ANNE, "0712 999 999", "0712 000 002", "0712 000 003"] {
        let request = fx
            .auth
            .request_sign_in_code(number, Locale::Sw, &client())
            .await
            .unwrap_or_else(|e| panic!("{number}: {e}"));
        let to_send = fx.auth.code_to_send(request.id).await.unwrap().unwrap();
        assert_eq!(to_send.locale, Locale::Sw);
        sent.push(to_send.member);
    }
    assert_eq!(sent, vec![Some(anne), None, None, None]);
    // Each request is one row and one queued job, whatever the number.
    assert_eq!(
        count(&fx, "SELECT count(*) FROM auth.sign_in_codes").await,
        4
    );
    assert_eq!(
        count(
            &fx,
            "SELECT count(*) FROM kanisa.jobs WHERE kind = 'send_sign_in_code' AND state = 'queued'"
        )
        .await,
        4
    );
    // Neither the rows nor the jobs hold a code.
    let rows = fx
        .db
        .client()
        .await
        .query(
            "SELECT c.id, row_to_json(c)::text, (SELECT j.payload::text FROM kanisa.jobs j \
               WHERE j.unique_key = 'send_sign_in_code:' || c.id) FROM auth.sign_in_codes c",
            &[],
        )
        .await
        .unwrap();
    for row in rows {
        let code = fx.auth.sign_in_code(row.get(0));
        let (stored, job): (String, String) = (row.get(1), row.get(2));
        assert!(
            !stored.contains(&code) && !job.contains(&code),
            "{stored} {job}"
        );
    }
}

#[tokio::test]
async fn the_code_signs_the_member_in_once_and_makes_their_account_linked_to_the_register() {
    let fx = Fixture::new().await;
    let anne = member(&fx, "Anne", ANNE).await;
    let request = fx
        .auth
        .request_sign_in_code("+254712000001", Locale::En, &client())
        .await
        .unwrap();
    let code = fx.auth.sign_in_code(request.id);
    assert_eq!(code.len(), 6);
    let session = fx
        .auth
        .verify_sign_in_code(ANNE, &code, &client())
        .await
        .unwrap();
    let user = session.user.to_json();
    assert_eq!(user["phone"], ANNE_DIGITS);
    assert_eq!(user["email"], "");
    assert!(user["phone_confirmed_at"].is_string(), "{user}");
    assert_eq!(user["app_metadata"]["role"], "MEMBER");
    assert_eq!(user["app_metadata"]["provider"], "phone");
    assert_eq!(user["app_metadata"]["member_id"], json!(anne));
    let claims: serde_json::Value =
        serde_json::from_str(fx.keys.verify(&session.access_token).unwrap().claims()).unwrap();
    assert_eq!(claims["phone"], ANNE_DIGITS);
    assert_eq!(claims["amr"][0]["method"], "otp");
    let linked: Option<Uuid> = fx
        .db
        .client()
        .await
        .query_one("SELECT user_id FROM public.members WHERE id = $1", &[&anne])
        .await
        .unwrap()
        .get(0);
    assert_eq!(linked, Some(session.user.id));

    // Used once.
    let again = fx.auth.verify_sign_in_code(ANNE, &code, &client()).await;
    assert!(matches!(again, Err(AuthError::OtpExpired)), "{again:?}");
    // The next sign-in finds the same account; refresh works for it.
    fx.advance(Duration::seconds(61));
    let request = fx
        .auth
        .request_sign_in_code(ANNE, Locale::En, &client())
        .await
        .unwrap();
    let second = fx
        .auth
        .verify_sign_in_code(ANNE, &fx.auth.sign_in_code(request.id), &client())
        .await
        .unwrap();
    assert_eq!(second.user.id, session.user.id);
    let refreshed = fx
        .auth
        .refresh(&second.refresh_token, &client())
        .await
        .unwrap();
    assert_eq!(refreshed.user.phone, ANNE_DIGITS);
    assert_eq!(
        count(
            &fx,
            "SELECT count(*) FROM auth.users WHERE phone IS NOT NULL"
        )
        .await,
        1
    );
    // A phone account has no password to sign in with or to change.
    let update = kanisa_auth::UserUpdate {
        password: Some("a new password".into()),
        current_password: Some("anything".into()),
        full_name: None,
    };
    let identity = fx.keys.verify(&second.access_token).unwrap();
    let refused = fx.auth.update_user(&identity, &update, &client()).await;
    assert!(
        matches!(&refused, Err(AuthError::Validation(m)) if m.contains("no password")),
        "{refused:?}"
    );
}

#[tokio::test]
async fn five_wrong_codes_kill_the_code_and_only_the_newest_counts() {
    let fx = Fixture::new().await;
    member(&fx, "Anne", ANNE).await;
    let request = fx
        .auth
        .request_sign_in_code(ANNE, Locale::En, &client())
        .await
        .unwrap();
    let code = fx.auth.sign_in_code(request.id);
    let wrong = if code == "000000" { "000001" } else { "000000" };
    for _ in 0..kanisa_auth::WRONG_TRIES {
        let r = fx.auth.verify_sign_in_code(ANNE, wrong, &client()).await;
        assert!(matches!(r, Err(AuthError::OtpExpired)), "{r:?}");
    }
    let dead = fx.auth.verify_sign_in_code(ANNE, &code, &client()).await;
    assert!(matches!(dead, Err(AuthError::OtpExpired)), "dead: {dead:?}");
    assert!(fx.auth.code_to_send(request.id).await.unwrap().is_none());

    // A newer code replaces an older one: the older no longer signs in.
    fx.advance(Duration::seconds(61));
    let older = fx
        .auth
        .request_sign_in_code(ANNE, Locale::En, &client())
        .await
        .unwrap();
    fx.advance(Duration::seconds(61));
    let newer = fx
        .auth
        .request_sign_in_code(ANNE, Locale::En, &client())
        .await
        .unwrap();
    let old_code = fx.auth.sign_in_code(older.id);
    if old_code != fx.auth.sign_in_code(newer.id) {
        let r = fx
            .auth
            .verify_sign_in_code(ANNE, &old_code, &client())
            .await;
        assert!(matches!(r, Err(AuthError::OtpExpired)), "{r:?}");
    }
    fx.auth
        .verify_sign_in_code(ANNE, &fx.auth.sign_in_code(newer.id), &client())
        .await
        .unwrap();
}

#[tokio::test]
async fn an_expired_code_is_refused() {
    let fx = Fixture::new().await;
    member(&fx, "Anne", ANNE).await;
    let request = fx
        .auth
        .request_sign_in_code(ANNE, Locale::En, &client())
        .await
        .unwrap();
    fx.advance(Duration::seconds(
        i64::from(kanisa_auth::CODE_LIFETIME_SECS) + 1,
    ));
    let r = fx
        .auth
        .verify_sign_in_code(ANNE, &fx.auth.sign_in_code(request.id), &client())
        .await;
    assert!(matches!(r, Err(AuthError::OtpExpired)), "{r:?}");
}

fn limit_of(r: Result<kanisa_auth::CodeRequest, AuthError>) -> (CodeLimit, u64) {
    match r {
        Err(AuthError::CodeLimit {
            limit,
            retry_after_secs,
        }) => (limit, retry_after_secs),
        other => panic!("expected a limit, got {other:?}"),
    }
}

#[tokio::test]
async fn a_number_gets_one_code_a_minute_and_its_hour_and_day_limits() {
    let fx = Fixture::new().await;
    member(&fx, "Anne", ANNE).await;
    fx.set_setting("sign_in_codes_per_phone_per_hour", json!(2))
        .await;
    fx.set_setting("sign_in_codes_per_phone_per_day", json!(3))
        .await;
    let ask = |ip: &'static str| {
        let fx = &fx;
        async move {
            fx.auth
                .request_sign_in_code(ANNE, Locale::En, &from(ip))
                .await
        }
    };
    ask("192.0.2.1").await.unwrap();
    // The minute holds from another address too; its answer says how long to wait.
    fx.advance(Duration::seconds(20));
    let (limit, wait) = limit_of(ask("192.0.2.2").await);
    assert_eq!((limit, wait), (CodeLimit::Minute, 40));
    let refused = AuthError::CodeLimit {
        limit,
        retry_after_secs: wait,
    };
    assert_eq!(refused.status_and_code(), (429, "over_sms_send_rate_limit"));
    assert_eq!(refused.retry_after(), Some(40));
    fx.advance(Duration::seconds(41));
    ask("192.0.2.2").await.unwrap();
    // Two in the hour: the third waits until the first is an hour old.
    fx.advance(Duration::seconds(61));
    let (limit, wait) = limit_of(ask("192.0.2.3").await);
    assert_eq!(limit, CodeLimit::PhoneHour);
    assert_eq!(wait, 3600 - 20 - 41 - 61);
    // A refused request does not count: after the hour the third goes, the fourth meets the day.
    fx.advance(Duration::seconds(3600));
    ask("192.0.2.3").await.unwrap();
    fx.advance(Duration::seconds(3600));
    let (limit, wait) = limit_of(ask("192.0.2.4").await);
    assert_eq!(limit, CodeLimit::PhoneDay);
    assert_eq!(wait, 86_400 - (20 + 41 + 61 + 3600 + 3600));
    assert_eq!(
        count(
            &fx,
            "SELECT count(*) FROM auth.sign_in_codes WHERE refused IS NOT NULL"
        )
        .await,
        3
    );
    // Another number is not held by this one's limits.
    fx.auth
        .request_sign_in_code("0712 555 555", Locale::En, &from("192.0.2.4"))
        .await
        .unwrap();
}

#[tokio::test]
async fn an_address_has_its_hour_and_day_and_the_church_its_daily_budget() {
    let fx = Fixture::new().await;
    fx.set_setting("sign_in_codes_per_address_per_hour", json!(2))
        .await;
    fx.set_setting("sign_in_codes_per_address_per_day", json!(3))
        .await;
    let ask = |phone: String, ip: &'static str| {
        let fx = &fx;
        async move {
            fx.auth
                .request_sign_in_code(&phone, Locale::En, &from(ip))
                .await
        }
    };
    let number = |n: u32| format!("07120{n:05}");
    ask(number(1), "203.0.113.1").await.unwrap();
    ask(number(2), "203.0.113.1").await.unwrap();
    let (limit, _) = limit_of(ask(number(3), "203.0.113.1").await);
    assert_eq!(limit, CodeLimit::AddressHour);
    assert_eq!(
        AuthError::CodeLimit {
            limit,
            retry_after_secs: 1
        }
        .status_and_code(),
        (429, "over_request_rate_limit")
    );
    ask(number(3), "203.0.113.2").await.unwrap();
    fx.advance(Duration::seconds(3601));
    ask(number(4), "203.0.113.1").await.unwrap();
    let (limit, _) = limit_of(ask(number(5), "203.0.113.1").await);
    assert_eq!(limit, CodeLimit::AddressDay);

    // The budget: four accepted in the day so far (refused requests do not count); a budget of
    // five lets one more through.
    fx.set_setting("sign_in_codes_per_day", json!(5)).await;
    ask(number(6), "203.0.113.9").await.unwrap();
    let (limit, wait) = limit_of(ask(number(7), "203.0.113.10").await);
    assert_eq!(limit, CodeLimit::Budget);
    assert_eq!(wait, 86_400 - 3601);
    // 0 is no budget.
    fx.set_setting("sign_in_codes_per_day", json!(0)).await;
    ask(number(7), "203.0.113.10").await.unwrap();
}

#[tokio::test]
async fn numbers_of_countries_the_settings_do_not_allow_are_refused() {
    let fx = Fixture::new().await;
    let r = fx
        .auth
        .request_sign_in_code("+1 415 555 0100", Locale::En, &client())
        .await;
    assert!(
        matches!(&r, Err(AuthError::Validation(m)) if m.contains("+254")),
        "{r:?}"
    );
    let r = fx
        .auth
        .request_sign_in_code("not a number", Locale::En, &client())
        .await;
    assert!(matches!(&r, Err(AuthError::Validation(_))), "{r:?}");
    assert_eq!(
        count(&fx, "SELECT count(*) FROM auth.sign_in_codes").await,
        0
    );
    fx.set_setting("sign_in_code_countries", json!("254, 1"))
        .await;
    fx.auth
        .request_sign_in_code("+1 415 555 0100", Locale::En, &client())
        .await
        .unwrap();
}
