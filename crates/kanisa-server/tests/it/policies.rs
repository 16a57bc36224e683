//! Row-level policies (policies/) through the HTTP API, as the apps reach them: who may read,
//! insert, update and delete which rows of every table, and the cases that matter most
//! (public forms, secrets, deactivation, the audit trail, escalation).

use std::collections::HashMap;
use std::time::{SystemTime, UNIX_EPOCH};

use kanisa_pg::tokio_postgres::Client;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::{TEST_SECRET, TestApp};

// ---------------------------------------------------------------------------------------------
// Who asks
// ---------------------------------------------------------------------------------------------

/// The identities of the matrix, in its column order: (label, role, active, own permission
/// list). anon has no profile; every other one is a profile with its role's default
/// permissions, except:
/// - "ELDER+team", an ELDER whose own list adds view_private_prayer_requests: the pastor and
///   the prayer team, who alone read private prayer requests (issue 31);
/// - "ADMIN+all", an ADMIN whose own list holds every permission: what it still cannot do shows
///   what needs SUPER_ADMIN rank (the System screens' data follows the screen);
/// - "MEMBER by phone", the member portal's caller (issue 46): an account made at a first phone
///   sign-in, with a phone and no e-mail address, linked to a register row of its own.
///
/// Every profile, whatever its role, is linked to a ministry and a department of its own where
/// a row tests the scopes of MINISTRY_LEADER and DEPARTMENT_HEAD; only those two roles are
/// narrowed by the links.
type Identity = (
    &'static str,
    Option<&'static str>,
    bool,
    Option<&'static [&'static str]>,
);
const PHONE_MEMBER: &str = "MEMBER by phone";
const PRAYER_TEAM: &[&str] = &[
    "manage_prayer_requests",
    "send_communications",
    "view_member_details",
    "view_private_prayer_requests",
];
const IDENTITIES: [Identity; 15] = [
    ("anon", None, true, None),
    ("VISITOR", Some("VISITOR"), true, None),
    ("MEMBER", Some("MEMBER"), true, None),
    (PHONE_MEMBER, Some("MEMBER"), true, None),
    ("ELDER", Some("ELDER"), true, None),
    ("ELDER+team", Some("ELDER"), true, Some(PRAYER_TEAM)),
    ("MINISTRY_LEADER", Some("MINISTRY_LEADER"), true, None),
    ("DEPARTMENT_HEAD", Some("DEPARTMENT_HEAD"), true, None),
    ("CONTENT_ADMIN", Some("CONTENT_ADMIN"), true, None),
    ("FINANCE_ADMIN", Some("FINANCE_ADMIN"), true, None),
    ("MEMBER_ADMIN", Some("MEMBER_ADMIN"), true, None),
    ("ADMIN", Some("ADMIN"), true, None),
    (
        "ADMIN+all",
        Some("ADMIN"),
        true,
        Some(kanisa_auth::PERMISSIONS),
    ),
    ("SUPER_ADMIN", Some("SUPER_ADMIN"), true, None),
    ("deactivated ADMIN", Some("ADMIN"), false, None),
];

/// A caller: no token (anon), or a signed-in user's access token.
#[derive(Clone)]
pub(crate) struct Caller {
    pub(crate) id: Option<String>,
    pub(crate) token: Option<String>,
}

impl Caller {
    fn anon() -> Caller {
        Caller {
            id: None,
            token: None,
        }
    }

    /// The caller's id as a SQL literal (NULL for anon).
    fn sql_id(&self) -> String {
        self.id
            .as_ref()
            .map_or_else(|| "NULL".to_owned(), |id| format!("'{id}'::uuid"))
    }
}

/// A profile straight in SQL (as /auth/v1/admin/users would make it; no password hashing, so
/// the matrix stays fast), and an access token for it as the server would sign it.
pub(crate) async fn user(
    sql: &Client,
    role: &str,
    active: bool,
    permissions: Option<&[&str]>,
) -> Caller {
    let n = next();
    let email = format!(
        "{}-{n}@policies.test",
        role.to_lowercase().replace('_', "-")
    );
    let permissions: Option<Vec<String>> =
        permissions.map(|p| p.iter().map(|s| (*s).to_owned()).collect());
    let id: String = sql
        .query_one(
            "WITH a AS (INSERT INTO auth.users (email, encrypted_password) \
                        VALUES ($1, 'not a hash') RETURNING id, email) \
             INSERT INTO public.users (id, email, full_name, role, is_active, permissions) \
             SELECT id, email, $2, $3, $4, $5 FROM a RETURNING id::text",
            &[&email, &format!("{role} {n}"), &role, &active, &permissions],
        )
        .await
        .unwrap()
        .get(0);
    let exp = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs()
        + 3600;
    let token = kanisa_auth::JwtKeys::new(TEST_SECRET)
        .sign(&json!({
            "sub": id, "role": "authenticated", "aud": "authenticated", "exp": exp,
            "email": email,
        }))
        .unwrap();
    Caller {
        id: Some(id),
        token: Some(token),
    }
}

/// The member portal's caller as a first phone sign-in makes it (kanisa-auth's phone.rs): an
/// account with a phone and no e-mail address, role MEMBER, linked to a register row of its own,
/// and an access token as the server signs it for such an account (a phone, no e-mail).
pub(crate) async fn phone_member(sql: &Client) -> Caller {
    let n = next();
    let phone = format!("254712{:06}", n % 1_000_000);
    let id: String = sql
        .query_one(
            "WITH a AS (INSERT INTO auth.users (phone, phone_confirmed_at) VALUES ($1, now()) \
                        RETURNING id), \
                  p AS (INSERT INTO public.users (id, full_name, role) \
                        SELECT id, $2, 'MEMBER' FROM a RETURNING id) \
             INSERT INTO members (first_name, last_name, phone, user_id) \
             SELECT 'Phone', $2, '+' || $1, id FROM p RETURNING user_id::text",
            &[&phone, &format!("Member {n}")],
        )
        .await
        .unwrap()
        .get(0);
    let exp = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs()
        + 3600;
    let token = kanisa_auth::JwtKeys::new(TEST_SECRET)
        .sign(&json!({
            "sub": id, "role": "authenticated", "aud": "authenticated", "exp": exp,
            "phone": phone, "email": "",
        }))
        .unwrap();
    Caller {
        id: Some(id),
        token: Some(token),
    }
}

/// A number no other fixture row has used (unique names, dates, keys).
fn next() -> u64 {
    static N: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    N.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

pub(crate) struct Answer {
    pub(crate) status: StatusCode,
    pub(crate) body: Value,
}

impl TestApp {
    pub(crate) async fn call(
        &self,
        who: &Caller,
        method: Method,
        path: &str,
        prefer: &str,
        body: Option<&Value>,
    ) -> Answer {
        let mut req = self
            .http
            .request(method, self.url(&format!("/rest/v1/{path}")))
            .header("user-agent", "policy-matrix/1.0");
        if let Some(token) = &who.token {
            req = req.bearer_auth(token);
        }
        if !prefer.is_empty() {
            req = req.header("prefer", prefer);
        }
        if let Some(body) = body {
            req = req.json(body);
        }
        let res = req.send().await.unwrap();
        let status = res.status();
        let text = res.text().await.unwrap();
        let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
        Answer { status, body }
    }
}

/// Rows of a JSON array answer (0 for anything else, such as a refusal).
fn rows(a: &Answer) -> usize {
    if a.status.is_success() {
        a.body.as_array().map_or(0, Vec::len)
    } else {
        0
    }
}

// ---------------------------------------------------------------------------------------------
// The matrix
// ---------------------------------------------------------------------------------------------

/// What each identity may do to each table. One letter per operation:
///
///   S I U D   select / insert / update / delete: allowed on every row seeded for the test
///   s   u d   allowed only on the open row — the public one (published, active, public), the
///             caller's own (their profile, request, member record, link) or the one inside
///             the caller's scope (a member of their ministry, a message to their department) —
///             and refused on the other row
///   -         refused: an error (401/403, 42501) or, under row-level security, no row seen or
///             changed
///   ?         (never expected) allowed on the other row but refused on the public or own one
///
/// "Allowed" means it happened: a select returns the seeded row; an insert answers 201 and the
/// table has one row more; an update or delete answers 2xx and the row (read by the owner
/// afterwards) changed or is gone. Each cell gets freshly seeded rows. A row is a table, or a
/// table and the case it tests (`members:ministry`: a member of a ministry the caller's account
/// is linked to, and one of another ministry).
#[rustfmt::skip]
const EXPECTED: &[(&str, [&str; 15])] = &[
    //                           anon    VISITOR MEMBER  MEMBER  ELDER   ELDER   MINIST  DEPART  CONTENT FINANCE MEMBER_ ADMIN   ADMIN   SUPER_  deactiv
    //                                           by phone        +team   RY_LEAD MENT_HE _ADMIN  _ADMIN  ADMIN           +all    ADMIN   ated
    ("sermons",                  ["s---", "s---", "s---", "s---", "s---", "s---", "s---", "s---", "SIUD", "s---", "s---", "SIUD", "SIUD", "SIUD", "s---"]),
    ("sermon_series",            ["s---", "s---", "s---", "s---", "s---", "s---", "s---", "s---", "SIUD", "s---", "s---", "SIUD", "SIUD", "SIUD", "s---"]),
    ("events",                   ["s---", "s---", "s---", "s---", "s---", "s---", "s---", "s---", "SIUD", "s---", "s---", "SIUD", "SIUD", "SIUD", "s---"]),
    ("announcements",            ["s---", "s---", "s---", "s---", "s---", "s---", "s---", "s---", "SIUD", "s---", "s---", "SIUD", "SIUD", "SIUD", "s---"]),
    ("church_leaders",           ["s---", "s---", "s---", "s---", "s---", "s---", "s---", "s---", "SIUD", "s---", "s---", "SIUD", "SIUD", "SIUD", "s---"]),
    ("departments",              ["s---", "s---", "s---", "s---", "s---", "s---", "s---", "s---", "SIUD", "s---", "s---", "SIUD", "SIUD", "SIUD", "s---"]),
    ("ministries",               ["s---", "s---", "s---", "s---", "s---", "s---", "s---", "s---", "SIUD", "s---", "s---", "SIUD", "SIUD", "SIUD", "s---"]),
    ("daily_verses",             ["S---", "S---", "S---", "S---", "S---", "S---", "S---", "S---", "SIUD", "S---", "S---", "SIUD", "SIUD", "SIUD", "S---"]),
    ("members",                  ["----", "s---", "s---", "s---", "S---", "S---", "s---", "s---", "S---", "S---", "SIUD", "SIUD", "SIUD", "SIUD", "----"]),
    ("members:ministry",         ["----", "----", "----", "----", "S---", "S---", "s---", "s---", "S---", "S---", "SIUD", "SIUD", "SIUD", "SIUD", "----"]),
    ("member_ministries",        ["----", "----", "----", "----", "S---", "S---", "----", "----", "S---", "S---", "SIUD", "SIUD", "SIUD", "SIUD", "----"]),
    ("member_ministries:ministry",["----", "----", "----", "----", "S---", "S---", "s---", "s---", "S---", "S---", "SIUD", "SIUD", "SIUD", "SIUD", "----"]),
    ("attendance_aggregates",    ["----", "----", "----", "----", "----", "----", "----", "----", "----", "----", "SIUD", "SIUD", "SIUD", "SIUD", "----"]),
    ("prayer_requests",          ["-I--", "sI--", "sI--", "sI--", "SIUD", "SIUD", "SIUD", "SIUD", "sI--", "sI--", "sI--", "SIUD", "SIUD", "SIUD", "----"]),
    ("prayer_requests:private",  ["-I--", "sI--", "sI--", "sI--", "sI--", "SIUD", "sI--", "sI--", "sI--", "sI--", "sI--", "sI--", "SIUD", "SIUD", "----"]),
    ("giving_records",           ["----", "s---", "s---", "s---", "s---", "s---", "s---", "s---", "s---", "SIUD", "s---", "SIUD", "SIUD", "SIUD", "----"]),
    ("member_change_requests",   ["----", "s---", "s---", "s---", "s---", "s---", "s---", "s---", "s---", "s---", "S---", "S---", "S---", "S---", "----"]),
    ("payment_logs",             ["----", "----", "----", "----", "----", "----", "----", "----", "----", "S---", "----", "S---", "S---", "S---", "----"]),
    ("giving_monthly_totals",    ["----", "----", "----", "----", "----", "----", "----", "----", "----", "S---", "----", "S---", "S---", "S---", "----"]),
    ("budgets",                  ["----", "----", "----", "----", "----", "----", "----", "----", "----", "SIUD", "----", "SIUD", "SIUD", "SIUD", "----"]),
    ("expenses",                 ["----", "----", "----", "----", "----", "----", "----", "----", "----", "SIUD", "----", "SIUD", "SIUD", "SIUD", "----"]),
    ("messages",                 ["-I--", "-I--", "-I--", "-I--", "SIU-", "SIU-", "-I--", "-I--", "-I--", "-I--", "SIUD", "SIUD", "SIUD", "SIUD", "----"]),
    ("messages:own",             ["-I--", "sI--", "sI--", "sI--", "SIU-", "SIU-", "sI--", "sI--", "sI--", "sI--", "SIUD", "SIUD", "SIUD", "SIUD", "----"]),
    ("messages:department",      ["-I--", "-I--", "-I--", "-I--", "SIU-", "SIU-", "sIu-", "sIu-", "-I--", "-I--", "SIUD", "SIUD", "SIUD", "SIUD", "----"]),
    ("message_templates",        ["----", "----", "----", "----", "SIUD", "SIUD", "SIUD", "SIUD", "----", "----", "SIUD", "SIUD", "SIUD", "SIUD", "----"]),
    ("admin_activity_logs",      ["----", "----", "-I--", "-I--", "-I--", "-I--", "-I--", "-I--", "-I--", "-I--", "-I--", "-I--", "-I--", "SI--", "----"]),
    ("system_settings",          ["s---", "s---", "s---", "s---", "s---", "s---", "s---", "s---", "s---", "s---", "s---", "s---", "s---", "SIU-", "s---"]),
    ("users",                    ["----", "s-u-", "s-u-", "s-u-", "s-u-", "s-u-", "s-u-", "s-u-", "s-u-", "s-u-", "s-u-", "s-u-", "s-u-", "S-U-", "----"]),
    ("user_ministries",          ["----", "s---", "s---", "s---", "s---", "s---", "s---", "s---", "s---", "s---", "s---", "s---", "s---", "SI-D", "----"]),
    ("user_departments",         ["----", "s---", "s---", "s---", "s---", "s---", "s---", "s---", "s---", "s---", "s---", "s---", "s---", "SI-D", "----"]),
];

/// How to seed and write one table. SQL runs as the owner (the reset too); `{n}` is replaced by
/// a fresh number, `{uid}` by the caller's id (NULL for anon) and `{today}` by the church's calendar
/// day (Africa/Nairobi). Seeds return the key of their row.
struct Fixture {
    /// The matrix row: the table, or `table:case` for a second row of the same table.
    name: &'static str,
    table: &'static str,
    /// The column that names a row in filters.
    key: &'static str,
    /// Run before each cell (rows that would collide with the next cell's).
    reset: &'static str,
    /// A row public readers, or the caller as its owner, should see; None when the table has no
    /// such row.
    open: Option<&'static str>,
    /// A row only staff see (for tables without a public notion: just a row).
    other: &'static str,
    /// The row to insert: JSON, or SQL returning it as text.
    insert: &'static str,
    /// The change an update makes.
    update: &'static str,
}

const NAIROBI_TODAY: &str = "(now() AT TIME ZONE 'Africa/Nairobi')::date";

/// A sign-in identity for a profile fixture (the profile's id and e-mail must be its own).
macro_rules! new_identity {
    ($name:literal) => {
        concat!(
            "WITH a AS (INSERT INTO auth.users (email, encrypted_password) VALUES ('",
            $name,
            "{n}@policies.test', 'x') RETURNING id, email) "
        )
    };
}

fn fixtures() -> Vec<Fixture> {
    vec![
        Fixture {
            name: "sermons",
            table: "sermons",
            key: "id",
            reset: "",
            open: Some(
                "INSERT INTO sermons (title, speaker, sermon_date, is_published) \
                 VALUES ('Open {n}', 'Pastor', '2025-01-04', true) RETURNING id::text",
            ),
            other: "INSERT INTO sermons (title, speaker, sermon_date) \
                    VALUES ('Draft {n}', 'Pastor', '2025-01-11') RETURNING id::text",
            insert: r#"{"title": "New {n}", "speaker": "Guest", "sermon_date": "2025-02-01"}"#,
            update: r#"{"title": "Changed {n}"}"#,
        },
        Fixture {
            name: "sermon_series",
            table: "sermon_series",
            key: "id",
            reset: "",
            open: Some("INSERT INTO sermon_series (title) VALUES ('Open {n}') RETURNING id::text"),
            other: "INSERT INTO sermon_series (title, is_active) VALUES ('Old {n}', false) \
                    RETURNING id::text",
            insert: r#"{"title": "New {n}", "message_count": 4}"#,
            update: r#"{"subtitle": "Changed {n}"}"#,
        },
        Fixture {
            name: "events",
            table: "events",
            key: "id",
            reset: "",
            open: Some(
                "INSERT INTO events (title, start_date, is_published) \
                 VALUES ('Open {n}', now(), true) RETURNING id::text",
            ),
            other: "INSERT INTO events (title, start_date) VALUES ('Draft {n}', now()) \
                    RETURNING id::text",
            insert: r#"{"title": "New {n}", "start_date": "2025-03-01T10:00:00Z"}"#,
            update: r#"{"location": "Hall {n}"}"#,
        },
        Fixture {
            name: "announcements",
            table: "announcements",
            key: "id",
            reset: "",
            open: Some(
                "INSERT INTO announcements (title, content, start_date, end_date, is_published) \
                 VALUES ('Open {n}', 'c', {today} - 1, {today} + 1, true) RETURNING id::text",
            ),
            other: "INSERT INTO announcements (title, content, start_date) \
                    VALUES ('Draft {n}', 'c', {today}) RETURNING id::text",
            insert: r#"{"title": "New {n}", "content": "c", "start_date": "2025-01-01"}"#,
            update: r#"{"content": "Changed {n}"}"#,
        },
        Fixture {
            name: "church_leaders",
            table: "church_leaders",
            key: "id",
            reset: "",
            open: Some(
                "INSERT INTO church_leaders (name, position) VALUES ('Open {n}', 'Elder') \
                 RETURNING id::text",
            ),
            other: "INSERT INTO church_leaders (name, position, is_active) \
                    VALUES ('Removed {n}', 'Elder', false) RETURNING id::text",
            insert: r#"{"name": "New {n}", "position": "Deacon", "category": "officer"}"#,
            update: r#"{"bio": "Changed {n}"}"#,
        },
        Fixture {
            name: "departments",
            table: "departments",
            key: "id",
            reset: "",
            open: Some(
                "INSERT INTO departments (name, category) VALUES ('Open {n}', 'ministry') \
                 RETURNING id::text",
            ),
            other: "INSERT INTO departments (name, category, is_active) \
                    VALUES ('Old {n}', 'ministry', false) RETURNING id::text",
            insert: r#"{"name": "New {n}", "category": "administrative"}"#,
            update: r#"{"description": "Changed {n}"}"#,
        },
        Fixture {
            name: "ministries",
            table: "ministries",
            key: "id",
            reset: "",
            open: Some(
                "INSERT INTO ministries (name, category) VALUES ('Open {n}', 'worship') \
                 RETURNING id::text",
            ),
            other: "INSERT INTO ministries (name, category, is_active) \
                    VALUES ('Old {n}', 'worship', false) RETURNING id::text",
            insert: r#"{"name": "New {n}", "category": "health"}"#,
            update: r#"{"location": "Changed {n}"}"#,
        },
        Fixture {
            name: "daily_verses",
            table: "daily_verses",
            key: "id",
            // day_index is unique and only 0..32.
            reset: "DELETE FROM daily_verses",
            open: None,
            other: "INSERT INTO daily_verses (day_index, text, reference) \
                    VALUES (1, 'In the beginning', 'Genesis 1:1') RETURNING id::text",
            insert: r#"{"day_index": 2, "text": "New {n}", "reference": "Psalm 23:1"}"#,
            update: r#"{"reflection": "Changed {n}"}"#,
        },
        Fixture {
            name: "members",
            table: "members",
            key: "id",
            reset: "UPDATE members SET user_id = NULL WHERE user_id = {uid}",
            open: Some(
                "INSERT INTO members (first_name, last_name, user_id) \
                 VALUES ('Own', 'Record {n}', {uid}) RETURNING id::text",
            ),
            other: "INSERT INTO members (first_name, last_name) VALUES ('Other', 'Member {n}') \
                    RETURNING id::text",
            insert: r#"{"first_name": "New", "last_name": "Member {n}"}"#,
            update: r#"{"phone": "0700{n}"}"#,
        },
        Fixture {
            name: "member_ministries",
            table: "member_ministries",
            key: "member_id",
            reset: "",
            open: None,
            other: "WITH m AS (INSERT INTO members (first_name, last_name) \
                               VALUES ('In', 'Ministry {n}') RETURNING id), \
                         mi AS (INSERT INTO ministries (name, category) \
                                VALUES ('Ministry {n}', 'worship') RETURNING id) \
                    INSERT INTO member_ministries (member_id, ministry_id, role) \
                    SELECT m.id, mi.id, 'member' FROM m, mi RETURNING member_id::text",
            insert: "WITH m AS (INSERT INTO members (first_name, last_name) \
                                VALUES ('Joining', 'Ministry {n}') RETURNING id), \
                          mi AS (INSERT INTO ministries (name, category) \
                                 VALUES ('New ministry {n}', 'support') RETURNING id) \
                     SELECT json_build_object('member_id', m.id, 'ministry_id', mi.id, \
                                              'role', 'member')::text FROM m, mi",
            update: r#"{"role": "leader {n}"}"#,
        },
        Fixture {
            // A member of a ministry the caller's account is linked to, and a member of another
            // ministry: MINISTRY_LEADER and DEPARTMENT_HEAD read the first only.
            name: "members:ministry",
            table: "members",
            key: "id",
            reset: "",
            open: Some(
                "WITH mi AS (INSERT INTO ministries (name, category) \
                             VALUES ('Mine {n}', 'worship') RETURNING id), \
                      l AS (INSERT INTO user_ministries (user_id, ministry_id) \
                            SELECT ({uid})::uuid, mi.id FROM mi WHERE ({uid})::uuid IS NOT NULL), \
                      m AS (INSERT INTO members (first_name, last_name) \
                            VALUES ('In', 'My Ministry {n}') RETURNING id), \
                      mm AS (INSERT INTO member_ministries (member_id, ministry_id, role) \
                             SELECT m.id, mi.id, 'member' FROM m, mi) \
                 SELECT id::text FROM m",
            ),
            other: "WITH mi AS (INSERT INTO ministries (name, category) \
                                VALUES ('Theirs {n}', 'worship') RETURNING id), \
                         m AS (INSERT INTO members (first_name, last_name) \
                               VALUES ('In', 'Their Ministry {n}') RETURNING id), \
                         mm AS (INSERT INTO member_ministries (member_id, ministry_id, role) \
                                SELECT m.id, mi.id, 'member' FROM m, mi) \
                    SELECT id::text FROM m",
            insert: r#"{"first_name": "New", "last_name": "Member {n}"}"#,
            update: r#"{"phone": "0700{n}"}"#,
        },
        Fixture {
            name: "member_ministries:ministry",
            table: "member_ministries",
            key: "member_id",
            reset: "",
            open: Some(
                "WITH mi AS (INSERT INTO ministries (name, category) \
                             VALUES ('Mine MM {n}', 'worship') RETURNING id), \
                      l AS (INSERT INTO user_ministries (user_id, ministry_id) \
                            SELECT ({uid})::uuid, mi.id FROM mi WHERE ({uid})::uuid IS NOT NULL), \
                      m AS (INSERT INTO members (first_name, last_name) \
                            VALUES ('In', 'My Ministry MM {n}') RETURNING id) \
                 INSERT INTO member_ministries (member_id, ministry_id, role) \
                 SELECT m.id, mi.id, 'member' FROM m, mi RETURNING member_id::text",
            ),
            other: "WITH m AS (INSERT INTO members (first_name, last_name) \
                               VALUES ('In', 'Their Ministry MM {n}') RETURNING id), \
                         mi AS (INSERT INTO ministries (name, category) \
                                VALUES ('Theirs MM {n}', 'worship') RETURNING id) \
                    INSERT INTO member_ministries (member_id, ministry_id, role) \
                    SELECT m.id, mi.id, 'member' FROM m, mi RETURNING member_id::text",
            insert: "WITH m AS (INSERT INTO members (first_name, last_name) \
                                VALUES ('Joining', 'Ministry MM {n}') RETURNING id), \
                          mi AS (INSERT INTO ministries (name, category) \
                                 VALUES ('New ministry MM {n}', 'support') RETURNING id) \
                     SELECT json_build_object('member_id', m.id, 'ministry_id', mi.id, \
                                              'role', 'member')::text FROM m, mi",
            update: r#"{"role": "leader {n}"}"#,
        },
        Fixture {
            name: "attendance_aggregates",
            table: "attendance_aggregates",
            key: "id",
            reset: "",
            open: None,
            other: "INSERT INTO attendance_aggregates (attendance_date, sabbath_school_count) \
                    VALUES (DATE '2000-01-01' + {n}, 80) RETURNING id::text",
            insert: "SELECT json_build_object('attendance_date', DATE '2010-01-01' + {n}, \
                                              'sabbath_school_count', 95)::text",
            update: r#"{"notes": "Changed {n}"}"#,
        },
        Fixture {
            name: "prayer_requests",
            table: "prayer_requests",
            key: "id",
            reset: "",
            // For the leadership (the form's "leadership"); private ones have their own row.
            open: Some(
                "INSERT INTO prayer_requests (title, description, requester_id, privacy_level) \
                 VALUES ('Own {n}', 'Please pray', {uid}, 'leadership_only') RETURNING id::text",
            ),
            other: "INSERT INTO prayer_requests (title, description, submitter_name, privacy_level) \
                    VALUES ('Other {n}', 'Please pray', 'Someone', 'leadership_only') \
                    RETURNING id::text",
            insert: r#"{"title": "New {n}", "description": "Please pray", "urgency": "normal",
                        "privacy_level": "private", "submitter_name": "Visitor",
                        "submitter_email": "visitor@example.org"}"#,
            update: r#"{"status": "in_progress"}"#,
        },
        Fixture {
            // "Pastor and prayer team only" (public-site §5): the caller's own private request,
            // and someone else's.
            name: "prayer_requests:private",
            table: "prayer_requests",
            key: "id",
            reset: "",
            open: Some(
                "INSERT INTO prayer_requests (title, description, requester_id, privacy_level) \
                 VALUES ('Own private {n}', 'Please pray', {uid}, 'private') RETURNING id::text",
            ),
            other: "INSERT INTO prayer_requests (title, description, submitter_name, privacy_level) \
                    VALUES ('Private {n}', 'Please pray for my marriage', 'Someone', 'private') \
                    RETURNING id::text",
            insert: r#"{"title": "New {n}", "description": "Please pray", "urgency": "normal",
                        "privacy_level": "private", "submitter_name": "Visitor",
                        "submitter_email": "visitor@example.org"}"#,
            update: r#"{"status": "in_progress"}"#,
        },
        Fixture {
            name: "giving_records",
            table: "giving_records",
            key: "id",
            // The caller's own member row (a member signed in by phone, issue 46) is made anew.
            reset: "UPDATE members SET user_id = NULL WHERE user_id = {uid}",
            open: Some(
                "WITH m AS (INSERT INTO members (first_name, last_name, user_id) \
                   VALUES ('Giver', 'Own {n}', {uid}) RETURNING id) \
                 INSERT INTO giving_records (member_id, amount, payment_method) \
                 SELECT id, 100, 'cash' FROM m RETURNING id::text",
            ),
            other: "INSERT INTO giving_records (amount, payment_method) VALUES (100, 'cash') \
                    RETURNING id::text",
            insert: r#"{"amount": 50, "giving_type": "offering", "payment_method": "cash",
                        "giving_date": "2025-01-04"}"#,
            update: r#"{"notes": "Changed {n}", "is_verified": true}"#,
        },
        Fixture {
            // A member's ask to change their details (issue 46): their own, and another
            // member's. Nobody writes the table (the two functions do).
            name: "member_change_requests",
            table: "member_change_requests",
            key: "id",
            reset: "UPDATE members SET user_id = NULL WHERE user_id = {uid}",
            open: Some(
                "WITH m AS (INSERT INTO members (first_name, last_name, user_id) \
                   VALUES ('Asker', 'Own {n}', {uid}) RETURNING id) \
                 INSERT INTO member_change_requests (member_id, changes, previous) \
                 SELECT id, '{\"address\": \"New {n}\"}', '{\"address\": null}' FROM m \
                 RETURNING id::text",
            ),
            other: "WITH m AS (INSERT INTO members (first_name, last_name) \
                      VALUES ('Asker', 'Other {n}') RETURNING id) \
                    INSERT INTO member_change_requests (member_id, changes, previous) \
                    SELECT id, '{\"address\": \"Other {n}\"}', '{\"address\": null}' FROM m \
                    RETURNING id::text",
            insert: r#"{"changes": {"address": "Mine {n}"}, "previous": {"address": null}}"#,
            update: r#"{"status": "approved"}"#,
        },
        Fixture {
            name: "payment_logs",
            table: "payment_logs",
            key: "id",
            reset: "",
            open: None,
            other: "INSERT INTO payment_logs (amount, phone_number) VALUES (10, '254712345678') \
                    RETURNING id::text",
            insert: r#"{"amount": 10, "phone_number": "254712345678"}"#,
            update: r#"{"status": "failed"}"#,
        },
        Fixture {
            name: "giving_monthly_totals",
            table: "giving_monthly_totals",
            key: "month",
            reset: "",
            open: None,
            other: "INSERT INTO giving_monthly_totals (month, giving_type, anonymous, total, gift_count) \
                    VALUES (DATE '1990-01-01' + {n}, 'tithe', false, 10, 1) RETURNING month::text",
            insert: r#"{"month": "1980-01-01", "giving_type": "tithe", "anonymous": false, "total": 1, "gift_count": 1}"#,
            update: r#"{"total": 99}"#,
        },
        Fixture {
            name: "budgets",
            table: "budgets",
            key: "id",
            // One line per (year, category).
            reset: "DELETE FROM expenses; DELETE FROM budgets",
            open: None,
            other: "INSERT INTO budgets (category, allocated_amount, year) \
                    VALUES ('utilities', 1000, 2026) RETURNING id::text",
            insert: r#"{"category": "missions", "allocated_amount": 500, "year": 2026}"#,
            update: r#"{"description": "Changed {n}"}"#,
        },
        Fixture {
            name: "expenses",
            table: "expenses",
            key: "id",
            reset: "",
            open: None,
            other: "INSERT INTO expenses (amount, description) VALUES (10, 'Other {n}') \
                    RETURNING id::text",
            insert: r#"{"amount": 5, "description": "New {n}", "category": "other"}"#,
            update: r#"{"description": "Changed {n}"}"#,
        },
        Fixture {
            name: "messages",
            table: "messages",
            key: "id",
            reset: "",
            open: None,
            other: "INSERT INTO messages (subject, message, sender_name) \
                    VALUES ('Other {n}', 'Hello', 'Sender') RETURNING id::text",
            insert: r#"{"subject": "New {n}", "message": "Hello", "sender_name": "Visitor",
                        "sender_email": "visitor@example.org", "recipient_name": "Pastor"}"#,
            update: r#"{"status": "read"}"#,
        },
        Fixture {
            // A message the caller sent signed in (sender_id from their token, migration
            // 0058), and someone else's.
            name: "messages:own",
            table: "messages",
            key: "id",
            reset: "",
            open: Some(
                "INSERT INTO messages (subject, message, sender_name, sender_id) \
                 VALUES ('Own {n}', 'Hello', 'Sender', {uid}) RETURNING id::text",
            ),
            other: "INSERT INTO messages (subject, message, sender_name) \
                    VALUES ('Other {n}', 'Hello', 'Sender') RETURNING id::text",
            insert: r#"{"subject": "New {n}", "message": "Hello", "sender_name": "Visitor",
                        "sender_email": "visitor@example.org", "recipient_name": "Pastor"}"#,
            update: r#"{"status": "read"}"#,
        },
        Fixture {
            // A message to a department the caller's account is linked to (the Contact
            // Department form), and a counselling request for the pastor.
            name: "messages:department",
            table: "messages",
            key: "id",
            reset: "",
            open: Some(
                "WITH d AS (INSERT INTO departments (name, category) \
                            VALUES ('Department {n}', 'ministry') RETURNING id, name), \
                      l AS (INSERT INTO user_departments (user_id, department_id) \
                            SELECT ({uid})::uuid, d.id FROM d WHERE ({uid})::uuid IS NOT NULL) \
                 INSERT INTO messages (subject, message, sender_name, recipient_role, department) \
                 SELECT 'To my department {n}', 'Hello', 'Sender', 'Department Head', d.name \
                   FROM d RETURNING id::text",
            ),
            other: "INSERT INTO messages (subject, message, sender_name, recipient_name, \
                                          recipient_role, submission_type) \
                    VALUES ('Counselling {n}', 'Please call me', 'Sender', 'Pastor', \
                            'Senior Pastor', 'Counseling Request') RETURNING id::text",
            insert: r#"{"subject": "New {n}", "message": "Hello", "sender_name": "Visitor",
                        "sender_email": "visitor@example.org", "recipient_name": "Pastor"}"#,
            update: r#"{"status": "read"}"#,
        },
        Fixture {
            name: "message_templates",
            table: "message_templates",
            key: "id",
            reset: "",
            open: None,
            other: "INSERT INTO message_templates (name, type, content) \
                    VALUES ('Other {n}', 'sms', 'Hello') RETURNING id::text",
            insert: r#"{"name": "New {n}", "type": "email", "content": "Hello"}"#,
            update: r#"{"content": "Changed {n}"}"#,
        },
        Fixture {
            name: "admin_activity_logs",
            table: "admin_activity_logs",
            key: "id",
            reset: "",
            open: None,
            other: "INSERT INTO admin_activity_logs (action, details) \
                    VALUES ('seeded_{n}', '{\"n\": {n}}') RETURNING id::text",
            insert: r#"{"action": "sermon_created", "details": {"n": {n}}}"#,
            update: r#"{"action": "tampered_{n}"}"#,
        },
        Fixture {
            name: "system_settings",
            table: "system_settings",
            key: "id",
            reset: "",
            open: Some(
                "INSERT INTO system_settings (key, value, is_public) \
                 VALUES ('open_{n}', '\"shown\"', true) RETURNING id::text",
            ),
            other: "INSERT INTO system_settings (key, value) VALUES ('other_{n}', '\"kept\"') \
                    RETURNING id::text",
            insert: r#"{"key": "new_{n}", "value": "added"}"#,
            update: r#"{"value": "changed {n}"}"#,
        },
        Fixture {
            name: "users",
            table: "users",
            key: "id",
            reset: "",
            // The caller's own profile.
            open: Some("SELECT id::text FROM users WHERE id = {uid}"),
            other: concat!(
                new_identity!("other"),
                "INSERT INTO users (id, email, full_name) \
                 SELECT id, email, 'Other {n}' FROM a RETURNING id::text"
            ),
            insert: concat!(
                new_identity!("new"),
                "SELECT json_build_object('id', id, 'email', email, 'full_name', 'New {n}')::text \
                 FROM a"
            ),
            update: r#"{"full_name": "Changed {n}"}"#,
        },
        Fixture {
            name: "user_ministries",
            table: "user_ministries",
            key: "ministry_id",
            reset: "",
            // The caller's own link (none for anon).
            open: Some(
                "WITH mi AS (INSERT INTO ministries (name, category) \
                             VALUES ('Led {n}', 'worship') RETURNING id) \
                 INSERT INTO user_ministries (user_id, ministry_id) \
                 SELECT ({uid})::uuid, mi.id FROM mi WHERE ({uid})::uuid IS NOT NULL \
                 RETURNING ministry_id::text",
            ),
            other: concat!(
                new_identity!("leader"),
                ", u AS (INSERT INTO users (id, email, full_name, role) \
                         SELECT id, email, 'Leader {n}', 'MINISTRY_LEADER' FROM a RETURNING id), \
                   mi AS (INSERT INTO ministries (name, category) \
                          VALUES ('Led by another {n}', 'worship') RETURNING id) \
                 INSERT INTO user_ministries (user_id, ministry_id) \
                 SELECT u.id, mi.id FROM u, mi RETURNING ministry_id::text"
            ),
            insert: concat!(
                new_identity!("newleader"),
                ", u AS (INSERT INTO users (id, email, full_name, role) \
                         SELECT id, email, 'New leader {n}', 'MINISTRY_LEADER' FROM a RETURNING id), \
                   mi AS (INSERT INTO ministries (name, category) \
                          VALUES ('To be led {n}', 'worship') RETURNING id) \
                 SELECT json_build_object('user_id', u.id, 'ministry_id', mi.id)::text FROM u, mi"
            ),
            // Links are added and removed, never changed: no column is granted for UPDATE.
            update: r#"{"user_id": "00000000-0000-0000-0000-000000000000"}"#,
        },
        Fixture {
            name: "user_departments",
            table: "user_departments",
            key: "department_id",
            reset: "",
            open: Some(
                "WITH d AS (INSERT INTO departments (name, category) \
                            VALUES ('Headed {n}', 'administrative') RETURNING id) \
                 INSERT INTO user_departments (user_id, department_id) \
                 SELECT ({uid})::uuid, d.id FROM d WHERE ({uid})::uuid IS NOT NULL \
                 RETURNING department_id::text",
            ),
            other: concat!(
                new_identity!("head"),
                ", u AS (INSERT INTO users (id, email, full_name, role) \
                         SELECT id, email, 'Head {n}', 'DEPARTMENT_HEAD' FROM a RETURNING id), \
                   d AS (INSERT INTO departments (name, category) \
                         VALUES ('Headed by another {n}', 'administrative') RETURNING id) \
                 INSERT INTO user_departments (user_id, department_id) \
                 SELECT u.id, d.id FROM u, d RETURNING department_id::text"
            ),
            insert: concat!(
                new_identity!("newhead"),
                ", u AS (INSERT INTO users (id, email, full_name, role) \
                         SELECT id, email, 'New head {n}', 'DEPARTMENT_HEAD' FROM a RETURNING id), \
                   d AS (INSERT INTO departments (name, category) \
                         VALUES ('To be headed {n}', 'administrative') RETURNING id) \
                 SELECT json_build_object('user_id', u.id, 'department_id', d.id)::text FROM u, d"
            ),
            update: r#"{"user_id": "00000000-0000-0000-0000-000000000000"}"#,
        },
    ]
}

fn fill(template: &str, n: u64, who: &Caller) -> String {
    template
        .replace("{n}", &n.to_string())
        .replace("{uid}", &who.sql_id())
        .replace("{today}", NAIROBI_TODAY)
}

/// The row as the owner sees it (row-level security does not apply to it), or None.
async fn snapshot(sql: &Client, f: &Fixture, key: &str) -> Option<String> {
    sql.query_opt(
        &format!(
            "SELECT to_jsonb(t)::text FROM public.{} t WHERE {}::text = $1",
            f.table, f.key
        ),
        &[&key],
    )
    .await
    .unwrap()
    .map(|r| r.get(0))
}

async fn count(sql: &Client, table: &str) -> i64 {
    sql.query_one(&format!("SELECT count(*) FROM public.{table}"), &[])
        .await
        .unwrap()
        .get(0)
}

/// A refusal must look like one: 401/403 (42501), or a 2xx that changed nothing. Anything else
/// means the fixture is wrong, not the policy.
fn refused_or_panic(what: &str, a: &Answer) {
    assert!(
        a.status.is_success()
            || a.status == StatusCode::UNAUTHORIZED
            || a.status == StatusCode::FORBIDDEN,
        "{what}: unexpected {} {}",
        a.status,
        a.body
    );
    if !a.status.is_success() {
        assert_eq!(a.body["code"], "42501", "{what}: {}", a.body);
    }
}

/// One cell of the matrix: what `who` could do to `f`'s table, as the four letters.
async fn probe(app: &TestApp, sql: &Client, f: &Fixture, label: &str, who: &Caller) -> String {
    let n = next();
    if !f.reset.is_empty() {
        sql.batch_execute(&fill(f.reset, n, who)).await.unwrap();
    }
    let seed = |template: &'static str| {
        let q = fill(template, n, who);
        async move {
            sql.query_opt(&q, &[])
                .await
                .unwrap_or_else(|e| panic!("{q}: {}", kanisa_pg::describe(&e)))
                .map(|r| r.get::<_, String>(0))
        }
    };
    let open = match f.open {
        Some(t) => seed(t).await,
        None => None,
    };
    let other = seed(f.other).await.expect("the other row");
    let rows_to_try: Vec<(bool, String)> = open
        .iter()
        .map(|k| (true, k.clone()))
        .chain(std::iter::once((false, other)))
        .collect();
    let what = |op: &str| format!("{label} {op} {}", f.name);
    // Upper case when allowed on every row; lower case when only on the open one.
    let letter = |upper: char, results: &[(bool, bool)]| -> char {
        let on_open = results.iter().find(|(o, _)| *o).map(|(_, ok)| *ok);
        let on_other = results.iter().any(|(o, ok)| !*o && *ok);
        match (on_open, on_other) {
            (Some(true) | None, true) => upper,
            (Some(true), false) => upper.to_ascii_lowercase(),
            (Some(false) | None, false) => '-',
            (Some(false), true) => '?',
        }
    };

    let mut selected = Vec::new();
    for (is_open, key) in &rows_to_try {
        let a = app
            .call(
                who,
                Method::GET,
                &format!("{}?select={k}&{k}=eq.{key}", f.table, k = f.key),
                "",
                None,
            )
            .await;
        refused_or_panic(&what("select"), &a);
        selected.push((*is_open, rows(&a) == 1));
    }

    let mut updated = Vec::new();
    let body: Value = serde_json::from_str(&fill(f.update, n, who)).unwrap();
    for (is_open, key) in &rows_to_try {
        let before = snapshot(sql, f, key).await;
        let a = app
            .call(
                who,
                Method::PATCH,
                &format!("{}?{}=eq.{key}", f.table, f.key),
                "return=minimal",
                Some(&body),
            )
            .await;
        refused_or_panic(&what("update"), &a);
        let after = snapshot(sql, f, key).await;
        updated.push((*is_open, a.status.is_success() && before != after));
    }

    let mut deleted = Vec::new();
    for (is_open, key) in &rows_to_try {
        let a = app
            .call(
                who,
                Method::DELETE,
                &format!("{}?{}=eq.{key}", f.table, f.key),
                "return=minimal",
                None,
            )
            .await;
        refused_or_panic(&what("delete"), &a);
        let gone = snapshot(sql, f, key).await.is_none();
        deleted.push((*is_open, a.status.is_success() && gone));
    }

    let body = fill(f.insert, n, who);
    let body: Value = if body.trim_start().starts_with('{') {
        serde_json::from_str(&body).unwrap()
    } else {
        let text: String = sql.query_one(&body, &[]).await.unwrap().get(0);
        serde_json::from_str(&text).unwrap()
    };
    let before = count(sql, f.table).await;
    let a = app
        .call(who, Method::POST, f.table, "return=minimal", Some(&body))
        .await;
    refused_or_panic(&what("insert"), &a);
    let inserted = a.status == StatusCode::CREATED && count(sql, f.table).await == before + 1;

    [
        letter('S', &selected),
        if inserted { 'I' } else { '-' },
        letter('U', &updated),
        letter('D', &deleted),
    ]
    .iter()
    .collect()
}

/// The matrix as found, in the layout of EXPECTED.
fn render(found: &[(&str, Vec<String>)]) -> String {
    let mut out = format!(
        "{:<27} anon VISI MEMB M+ph ELDE E+tm MINI DEPA CONT FINA M_AD ADMI A+al SUPE deac\n",
        ""
    );
    for (row, cells) in found {
        out += &format!("{row:<27} {}\n", cells.join(" "));
    }
    out
}

#[tokio::test]
async fn the_policy_matrix_holds_for_every_table_and_identity() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    // The matrix sends the public forms dozens of times from one address and e-mail; the abuse
    // limits have their own tests (functions.rs), and 0 switches them off.
    sql.batch_execute(
        "UPDATE system_settings SET value = '0' \
          WHERE key IN ('submission_limit_per_address', 'submission_limit_per_email')",
    )
    .await
    .unwrap();
    let mut callers = Vec::new();
    for (label, role, active, permissions) in IDENTITIES {
        callers.push(match role {
            None => Caller::anon(),
            Some(_) if label == PHONE_MEMBER => phone_member(&sql).await,
            Some(role) => user(&sql, role, active, permissions).await,
        });
    }
    let fixtures = fixtures();
    let expected: HashMap<&str, [&str; 15]> = EXPECTED.iter().copied().collect();
    // Every exposed table is in the matrix (the view message_stats and the functions have
    // their own tests below).
    let tables: Vec<String> = sql
        .query(
            "SELECT relname::text FROM pg_class WHERE relnamespace = 'public'::regnamespace \
             AND relkind IN ('r', 'p') ORDER BY 1",
            &[],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    let mut covered: Vec<String> = fixtures.iter().map(|f| f.table.to_owned()).collect();
    covered.sort();
    covered.dedup();
    assert_eq!(covered, tables, "a fixture for every table");
    let mut names: Vec<&str> = fixtures.iter().map(|f| f.name).collect();
    names.sort_unstable();
    let mut in_table: Vec<&str> = EXPECTED.iter().map(|(t, _)| *t).collect();
    in_table.sort_unstable();
    assert_eq!(in_table, names, "one EXPECTED row per fixture");

    let mut found = Vec::new();
    let mut wrong = Vec::new();
    for f in &fixtures {
        let mut cells = Vec::new();
        for (i, who) in callers.iter().enumerate() {
            let cell = probe(&app, &sql, f, IDENTITIES[i].0, who).await;
            let want = expected[f.name][i];
            if cell != want {
                wrong.push(format!(
                    "{} as {}: expected {want}, found {cell}",
                    f.name, IDENTITIES[i].0
                ));
            }
            cells.push(cell);
        }
        found.push((f.name, cells));
    }
    assert!(
        wrong.is_empty(),
        "{}\nthe matrix as found:\n{}",
        wrong.join("\n"),
        render(&found)
    );
}

// ---------------------------------------------------------------------------------------------
// The cases that matter most, one by one
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn anon_sends_a_message_it_can_neither_read_back_nor_triage() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    let anon = Caller::anon();
    let message = json!({
        "subject": "Visitation", "message": "Please visit my mother", "sender_name": "Wanjiru",
        "sender_email": "wanjiru@example.org", "recipient_name": "Pastoral Care Team",
        "submission_type": "Visitation Request", "priority": "high",
        "attachments": [{"name": "map.png", "size": 1024, "type": "image/png"}],
    });
    let a = app
        .call(
            &anon,
            Method::POST,
            "messages",
            "return=minimal",
            Some(&message),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    let stored = sql
        .query_one(
            "SELECT status, source, read_at IS NULL AND email_sent_at IS NULL \
             FROM messages WHERE sender_name = 'Wanjiru'",
            &[],
        )
        .await
        .unwrap();
    assert_eq!(
        (
            stored.get::<_, String>(0),
            stored.get::<_, String>(1),
            stored.get::<_, bool>(2)
        ),
        ("pending".to_owned(), "website".to_owned(), true)
    );

    // Not readable back: neither with the insert nor afterwards.
    let a = app
        .call(
            &anon,
            Method::POST,
            "messages",
            "return=representation",
            Some(&message),
        )
        .await;
    assert_eq!(a.status, StatusCode::UNAUTHORIZED, "{}", a.body);
    assert_eq!(a.body["code"], "42501");
    let a = app
        .call(&anon, Method::GET, "messages?select=subject", "", None)
        .await;
    assert_eq!(a.status, StatusCode::UNAUTHORIZED, "{}", a.body);

    // The handling columns are not the sender's to set, whatever the value.
    for (column, value) in [
        ("status", json!("pending")),
        ("status", json!("completed")),
        ("source", json!("admin")),
        ("read_at", json!("2025-01-01T00:00:00Z")),
        ("email_sent_at", json!("2025-01-01T00:00:00Z")),
        ("email_simulated", json!(true)),
        ("completed_at", json!("2025-01-01T00:00:00Z")),
    ] {
        let mut body = message.clone();
        body[column] = value;
        let a = app
            .call(
                &anon,
                Method::POST,
                "messages",
                "return=minimal",
                Some(&body),
            )
            .await;
        assert_eq!(a.status, StatusCode::UNAUTHORIZED, "{column}: {}", a.body);
        assert_eq!(a.body["code"], "42501", "{column}");
    }
    // Nor can anon change or delete the message it sent.
    let a = app
        .call(
            &anon,
            Method::PATCH,
            "messages?sender_name=eq.Wanjiru",
            "",
            Some(&json!({"status": "read"})),
        )
        .await;
    assert_eq!(a.status, StatusCode::UNAUTHORIZED, "{}", a.body);
    let a = app
        .call(
            &anon,
            Method::DELETE,
            "messages?sender_name=eq.Wanjiru",
            "",
            None,
        )
        .await;
    assert_eq!(a.status, StatusCode::UNAUTHORIZED, "{}", a.body);
    assert_eq!(count(&sql, "messages").await, 1);

    // The prayer form: the same story, and the request starts open and unassigned.
    let prayer = json!({
        "requester_id": null, "title": "Prayer Request - health", "description": "Healing",
        "urgency": "urgent", "privacy_level": "leadership_only", "submitter_name": null,
        "submitter_email": null, "submitter_phone": null,
    });
    let a = app
        .call(
            &anon,
            Method::POST,
            "prayer_requests",
            "return=minimal",
            Some(&prayer),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    for (column, value) in [
        ("status", json!("answered")),
        ("assigned_to", json!(null)),
        ("id", json!("00000000-0000-0000-0000-000000000001")),
    ] {
        let mut body = prayer.clone();
        body[column] = value;
        let a = app
            .call(
                &anon,
                Method::POST,
                "prayer_requests",
                "return=minimal",
                Some(&body),
            )
            .await;
        assert_eq!(a.status, StatusCode::UNAUTHORIZED, "{column}: {}", a.body);
    }
    // A request in a signed-in user's name is not anon's to make.
    let member = user(&sql, "MEMBER", true, None).await;
    let mut forged = prayer.clone();
    forged["requester_id"] = json!(member.id);
    let a = app
        .call(
            &anon,
            Method::POST,
            "prayer_requests",
            "return=minimal",
            Some(&forged),
        )
        .await;
    assert_eq!(a.status, StatusCode::UNAUTHORIZED, "{}", a.body);
    let a = app
        .call(&anon, Method::GET, "prayer_requests?select=title", "", None)
        .await;
    assert_eq!(a.status, StatusCode::UNAUTHORIZED);
    let open: (String, bool) = {
        let r = sql
            .query_one(
                "SELECT status, assigned_to IS NULL FROM prayer_requests",
                &[],
            )
            .await
            .unwrap();
        (r.get(0), r.get(1))
    };
    assert_eq!(open, ("open".to_owned(), true));

    // Money is written by the server only.
    for (table, row) in [
        (
            "giving_records",
            json!({"amount": 1000, "giving_type": "tithe", "payment_method": "equity_bank",
                   "transaction_id": "EQ_FAKE", "is_verified": true}),
        ),
        (
            "payment_logs",
            json!({"amount": 1000, "phone_number": "254712345678", "status": "completed",
                   "completed_at": "2025-01-01T00:00:00Z"}),
        ),
    ] {
        for who in [&anon, &member] {
            let a = app
                .call(who, Method::POST, table, "return=minimal", Some(&row))
                .await;
            assert!(
                a.status == StatusCode::UNAUTHORIZED || a.status == StatusCode::FORBIDDEN,
                "{table}: {} {}",
                a.status,
                a.body
            );
            assert_eq!(a.body["code"], "42501");
        }
        assert_eq!(count(&sql, table).await, 0, "{table}");
    }
}

#[tokio::test]
async fn settings_show_the_public_rows_and_never_a_secret() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    // A configured secret, as the Settings screen saves it.
    sql.batch_execute(
        "UPDATE system_settings SET value = '\"smtp-hunter2\"' WHERE key = 'smtp_password'; \
         UPDATE system_settings SET value = '\"Kanisa SDA\"' WHERE key = 'church_name';",
    )
    .await
    .unwrap();
    let public_keys: Vec<String> = sql
        .query(
            "SELECT key FROM system_settings WHERE is_public ORDER BY key",
            &[],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert!(public_keys.contains(&"church_name".to_owned()));
    let keys = |a: &Answer| -> Vec<String> {
        a.body
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["key"].as_str().unwrap().to_owned())
            .collect()
    };

    let member = user(&sql, "MEMBER", true, None).await;
    let admin = user(&sql, "ADMIN", true, None).await;
    // Given system_settings in its own list, an ADMIN is still below the Settings screen's
    // rank, and the screen's data follows it.
    let full_admin = user(&sql, "ADMIN", true, Some(kanisa_auth::PERMISSIONS)).await;
    for who in [&Caller::anon(), &member, &admin, &full_admin] {
        let a = app
            .call(
                who,
                Method::GET,
                "system_settings?select=key,value&order=key",
                "",
                None,
            )
            .await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.body);
        assert_eq!(keys(&a), public_keys, "only the public rows");
        assert!(!a.body.to_string().contains("hunter2"));
        for key in ["smtp_password", "session_timeout_minutes"] {
            let a = app
                .call(
                    who,
                    Method::GET,
                    &format!("system_settings?key=eq.{key}"),
                    "",
                    None,
                )
                .await;
            assert_eq!(a.body, json!([]), "{key}");
        }
    }

    // The Super Admin reads every row; a secret only as its marker.
    let super_admin = user(&sql, "SUPER_ADMIN", true, None).await;
    let a = app
        .call(
            &super_admin,
            Method::GET,
            "system_settings?select=key,value,is_secret",
            "",
            None,
        )
        .await;
    assert_eq!(a.status, StatusCode::OK);
    let all = a.body.as_array().unwrap();
    assert!(all.len() > public_keys.len());
    assert!(!a.body.to_string().contains("hunter2"), "{}", a.body);
    let smtp = all.iter().find(|r| r["key"] == "smtp_password").unwrap();
    assert_eq!(smtp["value"], "********");
    // The secret store is not exposed at all.
    let a = app
        .call(&super_admin, Method::GET, "secret_settings", "", None)
        .await;
    assert_eq!(a.status, StatusCode::NOT_FOUND);

    // Saving as the back office does (upsert on key with value and updated_by: INSERT, SELECT
    // and UPDATE together) replaces the stored secret and answers with the marker.
    let a = app
        .call(
            &super_admin,
            Method::POST,
            "system_settings?on_conflict=key",
            "resolution=merge-duplicates,return=representation",
            Some(&json!([
                {"key": "smtp_password", "value": "smtp-new-secret", "updated_by": super_admin.id},
                {"key": "church_name", "value": "Kanisa Central", "updated_by": super_admin.id},
            ])),
        )
        .await;
    assert!(a.status.is_success(), "{} {}", a.status, a.body);
    assert!(!a.body.to_string().contains("new-secret"), "{}", a.body);
    let stored: Value = sql
        .query_one("SELECT kanisa.secret_setting('smtp_password')", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(stored, json!("smtp-new-secret"));
    // A key's visibility is fixed by the registry: it cannot be made public through the API.
    let a = app
        .call(
            &super_admin,
            Method::PATCH,
            "system_settings?key=eq.smtp_password",
            "",
            Some(&json!({"is_public": true})),
        )
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.body);
    // An ADMIN changes nothing, with or without the system_settings permission.
    for who in [&admin, &full_admin] {
        let a = app
            .call(
                who,
                Method::PATCH,
                "system_settings?key=eq.church_name",
                "return=representation",
                Some(&json!({"value": "Hijacked"})),
            )
            .await;
        assert_eq!(a.body, json!([]), "{}", a.status);
    }
    let name: Value = sql
        .query_one(
            "SELECT value FROM system_settings WHERE key = 'church_name'",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(name, json!("Kanisa Central"));
}

#[tokio::test]
async fn a_deactivated_admin_sees_nothing_on_the_next_request() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    sql.batch_execute(
        "INSERT INTO members (first_name, last_name) VALUES ('Amani', 'Otieno'); \
         INSERT INTO giving_records (amount, payment_method) VALUES (500, 'cash'); \
         INSERT INTO sermons (title, speaker, sermon_date, is_published) \
           VALUES ('Draft', 'Pastor', '2025-01-04', false), \
                  ('Published', 'Pastor', '2025-01-11', true);",
    )
    .await
    .unwrap();
    let admin = user(&sql, "ADMIN", true, None).await;
    let id = admin.id.clone().unwrap();
    let seen = |path: &'static str| {
        let (app, admin) = (&app, &admin);
        async move { rows(&app.call(admin, Method::GET, path, "", None).await) }
    };
    assert_eq!(seen("members?select=id").await, 1);
    assert_eq!(seen("giving_records?select=id").await, 1);
    assert_eq!(seen("sermons?select=id").await, 2);
    assert_eq!(seen("users?select=id").await, 1, "their own profile");

    sql.execute(
        "UPDATE users SET is_active = false WHERE id = $1::text::uuid",
        &[&id],
    )
    .await
    .unwrap();

    // The same, still unexpired token.
    assert_eq!(seen("members?select=id").await, 0);
    assert_eq!(seen("giving_records?select=id").await, 0);
    assert_eq!(seen("sermons?select=title").await, 1, "public content only");
    assert_eq!(
        seen("users?select=id").await,
        0,
        "not even their own profile"
    );
    let a = app
        .call(
            &admin,
            Method::PATCH,
            "members?first_name=eq.Amani",
            "return=representation",
            Some(&json!({"phone": "0700000000"})),
        )
        .await;
    assert_eq!(a.body, json!([]));
    let a = app
        .call(
            &admin,
            Method::POST,
            "admin_activity_logs",
            "return=minimal",
            Some(&json!({"action": "still_here"})),
        )
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.body);
    let a = app
        .call(
            &admin,
            Method::POST,
            "rpc/get_monthly_giving",
            "",
            Some(&json!({"from_date": "2000-01-01"})),
        )
        .await;
    assert!(
        a.body
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["total"].as_f64() == Some(0.0)),
        "{}",
        a.body
    );
    let phone: Option<String> = sql
        .query_one("SELECT phone FROM members", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(phone, None);
}

#[tokio::test]
async fn activity_logs_are_stamped_and_append_only_even_for_a_super_admin() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    let super_admin = user(&sql, "SUPER_ADMIN", true, None).await;
    let member = user(&sql, "MEMBER", true, None).await;
    let a = app
        .call(
            &super_admin,
            Method::POST,
            "admin_activity_logs",
            "return=representation",
            Some(&json!({"action": "settings_updated", "details": {"tab": "security"}})),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    let log = &a.body[0];
    assert_eq!(log["admin_id"].as_str(), super_admin.id.as_deref());
    assert_eq!(log["user_agent"], "policy-matrix/1.0");
    let id = log["id"].as_str().unwrap().to_owned();

    // Someone else's name (or a made-up address) is not the caller's to give.
    for (column, value) in [
        ("admin_id", json!(member.id)),
        ("ip_address", json!("10.0.0.1")),
        ("user_agent", json!("forged")),
    ] {
        let mut body = json!({"action": "forged_entry"});
        body[column] = value;
        let a = app
            .call(
                &member,
                Method::POST,
                "admin_activity_logs",
                "return=minimal",
                Some(&body),
            )
            .await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{column}: {}", a.body);
    }

    let before = sql
        .query_one(
            "SELECT to_jsonb(l)::text FROM admin_activity_logs l WHERE id::text = $1",
            &[&id],
        )
        .await
        .unwrap()
        .get::<_, String>(0);
    for body in [
        json!({"action": "nothing_happened"}),
        json!({"details": {}}),
    ] {
        let a = app
            .call(
                &super_admin,
                Method::PATCH,
                &format!("admin_activity_logs?id=eq.{id}"),
                "",
                Some(&body),
            )
            .await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.body);
        assert_eq!(a.body["code"], "42501");
    }
    let a = app
        .call(
            &super_admin,
            Method::DELETE,
            &format!("admin_activity_logs?id=eq.{id}"),
            "",
            None,
        )
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.body);
    let after = sql
        .query_one(
            "SELECT to_jsonb(l)::text FROM admin_activity_logs l WHERE id::text = $1",
            &[&id],
        )
        .await
        .unwrap()
        .get::<_, String>(0);
    assert_eq!(before, after);

    // A member records their own sign-in-style action but cannot read the trail.
    let a = app
        .call(
            &member,
            Method::POST,
            "admin_activity_logs",
            "return=minimal",
            Some(&json!({"action": "profile_viewed"})),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    let a = app
        .call(
            &member,
            Method::GET,
            "admin_activity_logs?select=id",
            "",
            None,
        )
        .await;
    assert_eq!(a.body, json!([]));
    let member_id: String = sql
        .query_one(
            "SELECT admin_id::text FROM admin_activity_logs WHERE action = 'profile_viewed'",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(Some(member_id), member.id);
}

#[tokio::test]
async fn a_member_cannot_raise_their_own_role_or_permissions() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    let member = user(&sql, "MEMBER", true, None).await;
    let other = user(&sql, "MEMBER", true, None).await;
    let me = format!("users?id=eq.{}", member.id.as_deref().unwrap());
    for body in [
        json!({"role": "SUPER_ADMIN"}),
        json!({"role": "ELDER"}),
        json!({"permissions": ["manage_admins"]}),
        json!({"permissions": []}),
        json!({"is_active": false}),
        json!({"full_name": "Me", "role": "ADMIN"}),
    ] {
        let a = app.call(&member, Method::PATCH, &me, "", Some(&body)).await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{body}: {}", a.body);
        assert_eq!(a.body["code"], "42501");
    }
    // Columns that are nobody's to write through the API.
    for body in [
        json!({"email": "me@elsewhere.test"}),
        json!({"last_sign_in_at": "2030-01-01T00:00:00Z"}),
        json!({"id": other.id}),
    ] {
        let a = app.call(&member, Method::PATCH, &me, "", Some(&body)).await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{body}: {}", a.body);
    }
    // Their name is theirs to change.
    let a = app
        .call(
            &member,
            Method::PATCH,
            &me,
            "return=representation",
            Some(&json!({"full_name": "Grace Wambui"})),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert_eq!(a.body[0]["full_name"], "Grace Wambui");
    assert_eq!(a.body[0]["role"], "MEMBER");
    // Someone else's profile is out of sight, so out of reach.
    let a = app
        .call(
            &member,
            Method::PATCH,
            &format!("users?id=eq.{}", other.id.as_deref().unwrap()),
            "return=representation",
            Some(&json!({"role": "SUPER_ADMIN"})),
        )
        .await;
    assert_eq!(a.body, json!([]));
    // Nor can anyone create a profile through the table API (accounts come from /auth/v1).
    let a = app
        .call(
            &member,
            Method::POST,
            "users",
            "return=minimal",
            Some(
                &json!({"id": member.id, "email": "x@y.test", "full_name": "X",
                          "role": "SUPER_ADMIN"}),
            ),
        )
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.body);
    let roles: Vec<String> = sql
        .query("SELECT role FROM users ORDER BY role", &[])
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(roles, ["MEMBER", "MEMBER"]);
}

/// Staff accounts are a Super Admin screen, and its data follows the screen (issue 13): an
/// ADMIN trusted with manage_admins changes no other profile through the table API.
#[tokio::test]
async fn only_a_super_admin_changes_other_profiles() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    let super_admin = user(&sql, "SUPER_ADMIN", true, None).await;
    // An ADMIN trusted with Admin Users (an explicit permissions list).
    let admin = user(
        &sql,
        "ADMIN",
        true,
        Some(&[
            "manage_admins",
            "manage_members",
            "view_audit_logs",
            "manage_prayer_requests",
            "send_communications",
            "view_member_details",
        ]),
    )
    .await;
    let member = user(&sql, "MEMBER", true, None).await;
    let path = |c: &Caller| format!("users?id=eq.{}", c.id.as_deref().unwrap());

    // They read no other profile (issue 31: names only, through staff_names)...
    let a = app
        .call(
            &admin,
            Method::GET,
            &format!("{}&select=role", path(&super_admin)),
            "",
            None,
        )
        .await;
    assert_eq!(a.body, json!([]));
    // ...and change none: not an ordinary account, not a Super Admin, not to Super Admin.
    for (target, body) in [
        (
            &member,
            json!({"role": "ELDER", "full_name": "Elder Kamau"}),
        ),
        (&member, json!({"permissions": ["manage_members"]})),
        (&member, json!({"is_active": false})),
        (&member, json!({"role": "SUPER_ADMIN"})),
        (&super_admin, json!({"full_name": "Renamed"})),
        (&super_admin, json!({"is_active": false})),
    ] {
        let a = app
            .call(
                &admin,
                Method::PATCH,
                &path(target),
                "return=representation",
                Some(&body),
            )
            .await;
        assert_eq!(a.status, StatusCode::OK, "{body}: {}", a.body);
        assert_eq!(a.body, json!([]), "{body}");
    }
    // Nor create accounts through the table API (that is /auth/v1/admin/users).
    let a = app
        .call(
            &admin,
            Method::POST,
            "users",
            "return=minimal",
            Some(
                &json!({"id": admin.id, "email": "new@x.test", "full_name": "New",
                          "role": "SUPER_ADMIN"}),
            ),
        )
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.body);
    // Nor deactivate or re-role themselves.
    let a = app
        .call(
            &admin,
            Method::PATCH,
            &path(&admin),
            "",
            Some(&json!({"is_active": false})),
        )
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.body);

    // The Super Admin can do all of that to others.
    let a = app
        .call(
            &super_admin,
            Method::PATCH,
            &path(&member),
            "return=representation",
            Some(&json!({"role": "SUPER_ADMIN"})),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    let a = app
        .call(
            &super_admin,
            Method::PATCH,
            &path(&admin),
            "return=representation",
            Some(&json!({"is_active": false})),
        )
        .await;
    assert_eq!(a.body[0]["is_active"], false, "{}", a.body);
    let state: Vec<(String, bool)> = sql
        .query("SELECT role, is_active FROM users ORDER BY full_name", &[])
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    assert_eq!(
        state,
        [
            ("ADMIN".to_owned(), false),
            ("SUPER_ADMIN".to_owned(), true),
            ("SUPER_ADMIN".to_owned(), true)
        ]
    );
}

#[tokio::test]
async fn announcements_show_only_inside_their_window() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    sql.batch_execute(&format!(
        "INSERT INTO announcements (title, content, start_date, end_date, is_published) VALUES \
           ('current', 'c', {t} - 2, {t} + 2, true), \
           ('ends today', 'c', {t} - 2, {t}, true), \
           ('starts today', 'c', {t}, NULL, true), \
           ('open-ended', 'c', {t} - 30, NULL, true), \
           ('expired', 'c', {t} - 5, {t} - 1, true), \
           ('future', 'c', {t} + 1, {t} + 5, true), \
           ('draft', 'c', {t} - 2, {t} + 2, false)",
        t = NAIROBI_TODAY
    ))
    .await
    .unwrap();
    let titles = |a: Answer| -> Vec<String> {
        a.body
            .as_array()
            .unwrap_or_else(|| panic!("{}", a.body))
            .iter()
            .map(|r| r["title"].as_str().unwrap().to_owned())
            .collect()
    };
    let public = ["current", "ends today", "open-ended", "starts today"];
    let path = "announcements?select=title&order=title";
    let member = user(&sql, "MEMBER", true, None).await;
    for who in [&Caller::anon(), &member] {
        assert_eq!(
            titles(app.call(who, Method::GET, path, "", None).await),
            public
        );
    }
    // Staff see all of them, to edit drafts and the past and future.
    let content_admin = user(&sql, "CONTENT_ADMIN", true, None).await;
    assert_eq!(
        titles(app.call(&content_admin, Method::GET, path, "", None).await).len(),
        7
    );
}

/// The audience decides who reads an announcement (issue 32): the public site (anon) and
/// VISITOR accounts see "All Welcome" and "Visitors Welcome" only; members, elders and ministry
/// leaders see theirs too; staff who manage announcements see every one.
#[tokio::test]
async fn announcements_reach_only_their_audience() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    sql.batch_execute(&format!(
        "INSERT INTO announcements (title, content, start_date, target_audience, is_published) \
         VALUES ('all', 'c', {t}, 'all', true), ('visitors', 'c', {t}, 'visitors', true), \
           ('members', 'c', {t}, 'members', true), ('elders', 'c', {t}, 'elders', true), \
           ('ministry_leaders', 'c', {t}, 'ministry_leaders', true)",
        t = NAIROBI_TODAY
    ))
    .await
    .unwrap();
    let path = "announcements?select=title&order=title";
    let titles = |a: Answer| -> Vec<String> {
        a.body
            .as_array()
            .unwrap_or_else(|| panic!("{}", a.body))
            .iter()
            .map(|r| r["title"].as_str().unwrap().to_owned())
            .collect()
    };
    let all = ["all", "elders", "members", "ministry_leaders", "visitors"];
    let cases: [(&str, Caller, &[&str]); 8] = [
        ("anon", Caller::anon(), &["all", "visitors"]),
        (
            "visitor",
            user(&sql, "VISITOR", true, None).await,
            &["all", "visitors"],
        ),
        (
            "deactivated member",
            user(&sql, "MEMBER", false, None).await,
            &["all", "visitors"],
        ),
        (
            "member",
            user(&sql, "MEMBER", true, None).await,
            &["all", "members", "visitors"],
        ),
        (
            "elder",
            user(&sql, "ELDER", true, None).await,
            &["all", "elders", "members", "visitors"],
        ),
        (
            "ministry leader",
            user(&sql, "MINISTRY_LEADER", true, None).await,
            &all,
        ),
        (
            "finance admin",
            user(&sql, "FINANCE_ADMIN", true, None).await,
            &all,
        ),
        (
            "content admin",
            user(&sql, "CONTENT_ADMIN", true, None).await,
            &all,
        ),
    ];
    for (who, caller, expected) in &cases {
        assert_eq!(
            titles(app.call(caller, Method::GET, path, "", None).await),
            *expected,
            "{who}"
        );
    }
    // The back office lists drafts of every audience to the staff who write them.
    sql.batch_execute(&format!(
        "INSERT INTO announcements (title, content, start_date, target_audience, is_published) \
         VALUES ('draft', 'c', {t}, 'members', false)",
        t = NAIROBI_TODAY
    ))
    .await
    .unwrap();
    let content_admin = user(&sql, "CONTENT_ADMIN", true, None).await;
    assert_eq!(
        titles(app.call(&content_admin, Method::GET, path, "", None).await).len(),
        6
    );
}

/// The Kiswahili fields of announcements and events (issue 22) are written by the staff who
/// write the English ones, through the same column grants, and read by visitors; a blank one is
/// refused (NULL means "not translated").
#[tokio::test]
async fn staff_write_the_kiswahili_fields_and_visitors_read_them() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    let editor = user(&sql, "CONTENT_ADMIN", true, None).await;
    let member = user(&sql, "MEMBER", true, None).await;
    let prefer = "return=representation";
    let announcement = app
        .call(
            &editor,
            Method::POST,
            "announcements?select=id,title_sw",
            prefer,
            Some(
                &json!({"title": "Harvest", "content": "Bring it", "start_date": "2020-01-01",
                         "is_published": true, "title_sw": "Mavuno", "content_sw": "Leteni"}),
            ),
        )
        .await;
    assert_eq!(announcement.status, 201, "{}", announcement.body);
    let id = announcement.body[0]["id"].as_str().unwrap().to_owned();
    let edited = app
        .call(
            &editor,
            Method::PATCH,
            &format!("announcements?id=eq.{id}&select=title_sw,content_sw"),
            prefer,
            Some(&json!({"title_sw": "Sabato ya Mavuno", "content_sw": null})),
        )
        .await;
    assert_eq!(edited.status, 200, "{}", edited.body);
    let event = app
        .call(
            &editor,
            Method::POST,
            "events?select=id",
            prefer,
            Some(
                &json!({"title": "Vespers", "start_date": "2030-01-01T18:00:00+03:00",
                         "is_published": true, "title_sw": "Ibada ya Jioni",
                         "description_sw": "Nyimbo na maombi"}),
            ),
        )
        .await;
    assert_eq!(event.status, 201, "{}", event.body);
    for who in [&Caller::anon(), &member] {
        let read = app
            .call(
                who,
                Method::GET,
                &format!("announcements?id=eq.{id}&select=title_sw,content_sw"),
                "",
                None,
            )
            .await;
        assert_eq!(
            read.body,
            json!([{"title_sw": "Sabato ya Mavuno", "content_sw": null}])
        );
        let read = app
            .call(
                who,
                Method::GET,
                "events?title=eq.Vespers&select=title_sw,description_sw",
                "",
                None,
            )
            .await;
        assert_eq!(
            read.body,
            json!([{"title_sw": "Ibada ya Jioni", "description_sw": "Nyimbo na maombi"}])
        );
    }
    // A member writes neither; a blank Kiswahili title is refused with the constraint's code.
    let refused = app
        .call(
            &member,
            Method::PATCH,
            &format!("announcements?id=eq.{id}"),
            prefer,
            Some(&json!({"title_sw": "x"})),
        )
        .await;
    assert!(
        refused.status == 403 || rows(&refused) == 0,
        "{}",
        refused.body
    );
    let blank = app
        .call(
            &editor,
            Method::PATCH,
            &format!("announcements?id=eq.{id}"),
            prefer,
            Some(&json!({"title_sw": "  "})),
        )
        .await;
    assert_eq!(blank.status, 400, "{}", blank.body);
    assert_eq!(blank.body["code"], "23514", "{}", blank.body);
}

#[tokio::test]
async fn the_message_functions_and_stats_follow_the_message_policies() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    let id: String = sql
        .query_one(
            "INSERT INTO messages (subject, message, sender_name) VALUES ('Hi', 'Hello', 'A') \
             RETURNING id::text",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    sql.batch_execute(
        "INSERT INTO messages (subject, message, sender_name, status) \
           VALUES ('Done', 'Hello', 'B', 'sent'); \
         INSERT INTO giving_records (amount, payment_method, is_verified, giving_date) \
           VALUES (700, 'cash', true, (now() AT TIME ZONE 'Africa/Nairobi')::date);",
    )
    .await
    .unwrap();
    let elder = user(&sql, "ELDER", true, None).await;
    let member = user(&sql, "MEMBER", true, None).await;
    let finance = user(&sql, "FINANCE_ADMIN", true, None).await;

    let stats = |who: &Caller| {
        let (app, who) = (&app, who.clone());
        async move {
            let a = app
                .call(&who, Method::GET, "rpc/get_message_stats", "", None)
                .await;
            let v = app.call(&who, Method::GET, "message_stats", "", None).await;
            assert_eq!(a.status, StatusCode::OK, "{}", a.body);
            assert_eq!(
                v.body[0]["total_messages"], a.body["total_messages"],
                "view = function"
            );
            a.body["total_messages"].as_i64().unwrap()
        }
    };
    assert_eq!(stats(&elder).await, 2);
    assert_eq!(
        stats(&member).await,
        0,
        "figures of the messages one may read"
    );
    let a = app
        .call(
            &Caller::anon(),
            Method::GET,
            "rpc/get_message_stats",
            "",
            None,
        )
        .await;
    assert_eq!(a.status, StatusCode::UNAUTHORIZED, "{}", a.body);
    let a = app
        .call(&Caller::anon(), Method::GET, "message_stats", "", None)
        .await;
    assert_eq!(a.status, StatusCode::UNAUTHORIZED, "{}", a.body);

    let listed = |who: &Caller| {
        let (app, who) = (&app, who.clone());
        async move {
            rows(
                &app.call(&who, Method::POST, "rpc/get_messages", "", Some(&json!({})))
                    .await,
            )
        }
    };
    assert_eq!(listed(&elder).await, 2);
    assert_eq!(listed(&member).await, 0);

    // Mark Complete: a message one may not see "does not exist".
    let complete = json!({"message_id": id});
    let a = app
        .call(
            &member,
            Method::POST,
            "rpc/update_message_status",
            "",
            Some(&complete),
        )
        .await;
    assert_eq!(a.status, StatusCode::NOT_FOUND, "{}", a.body);
    let a = app
        .call(
            &member,
            Method::POST,
            "rpc/mark_message_read",
            "",
            Some(&complete),
        )
        .await;
    assert_eq!(a.status, StatusCode::NOT_FOUND, "{}", a.body);
    let a = app
        .call(
            &elder,
            Method::POST,
            "rpc/mark_message_read",
            "",
            Some(&complete),
        )
        .await;
    assert!(a.status.is_success(), "{} {}", a.status, a.body);
    let a = app
        .call(
            &elder,
            Method::POST,
            "rpc/update_message_status",
            "",
            Some(&complete),
        )
        .await;
    assert_eq!(
        a.status,
        StatusCode::OK,
        "a read message completes: {}",
        a.body
    );
    assert_eq!(a.body["status"], "completed", "{}", a.body);
    let a = app
        .call(
            &elder,
            Method::POST,
            "rpc/update_message_status",
            "",
            Some(&complete),
        )
        .await;
    assert_eq!(
        a.status,
        StatusCode::BAD_REQUEST,
        "completed once: {}",
        a.body
    );
    assert_eq!(a.body["message"], "Message is already complete");

    // Monthly giving: the finance team sees the money, anyone else an empty trend.
    let monthly = |who: &Caller| {
        let (app, who) = (&app, who.clone());
        async move {
            let a = app
                .call(
                    &who,
                    Method::POST,
                    "rpc/get_monthly_giving",
                    "",
                    Some(&json!({"from_date": "2025-01-01"})),
                )
                .await;
            assert_eq!(a.status, StatusCode::OK, "{}", a.body);
            a.body
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m["total"].as_f64().unwrap())
                .sum::<f64>()
        }
    };
    assert_eq!(monthly(&finance).await, 700.0);
    assert_eq!(monthly(&elder).await, 0.0);
}

#[tokio::test]
async fn upserts_work_where_insert_select_and_update_are_all_granted() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    let member_admin = user(&sql, "MEMBER_ADMIN", true, None).await;
    let elder = user(&sql, "ELDER", true, None).await;
    let save = |who: &Caller, count: i32| {
        let (app, who) = (&app, who.clone());
        async move {
            app.call(
                &who,
                Method::POST,
                "attendance_aggregates?on_conflict=attendance_date",
                "resolution=merge-duplicates,return=representation",
                Some(
                    &json!({"attendance_date": "2025-03-01", "sabbath_school_count": count,
                             "divine_adults_count": 40}),
                ),
            )
            .await
        }
    };
    let a = save(&member_admin, 90).await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    let a = save(&member_admin, 95).await;
    assert!(a.status.is_success(), "{} {}", a.status, a.body);
    assert_eq!(a.body[0]["sabbath_school_count"], 95);
    assert_eq!(a.body[0]["divine_total"], 40);
    // Without the permission the insert half is refused.
    let a = save(&elder, 1).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.body);
    let stored: i32 = sql
        .query_one(
            "SELECT sabbath_school_count FROM attendance_aggregates",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(stored, 95);
}

/// Content changes log themselves (migration 0010): the back office never writes these rows, so
/// a change cannot happen without its entry, and the entry names the real caller and address.
#[tokio::test]
async fn content_changes_write_the_activity_log_with_the_caller_and_address() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    let editor = user(&sql, "CONTENT_ADMIN", true, None).await;
    let other = user(&sql, "ADMIN", true, None).await;

    // created_by is the caller, whatever the body says (the policy would refuse a forged one;
    // the stamp happens first, so a body naming someone else is simply overridden).
    let a = app
        .call(
            &editor,
            Method::POST,
            "sermons",
            "return=representation",
            Some(
                &json!({"title": "Audit", "speaker": "Pr. A", "sermon_date": "2026-11-21",
                         "created_by": other.id}),
            ),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    assert_eq!(a.body[0]["created_by"].as_str(), editor.id.as_deref());
    let id = a.body[0]["id"].as_str().unwrap().to_owned();

    for published in [true, false] {
        let a = app
            .call(
                &editor,
                Method::PATCH,
                &format!("sermons?id=eq.{id}"),
                "",
                Some(&json!({"is_published": published})),
            )
            .await;
        assert_eq!(a.status, StatusCode::NO_CONTENT, "{}", a.body);
    }
    // Saving the same values again changes nothing and logs nothing.
    let a = app
        .call(
            &editor,
            Method::PATCH,
            &format!("sermons?id=eq.{id}"),
            "",
            Some(&json!({"is_published": false})),
        )
        .await;
    assert_eq!(a.status, StatusCode::NO_CONTENT);
    let a = app
        .call(
            &editor,
            Method::DELETE,
            &format!("sermons?id=eq.{id}"),
            "",
            None,
        )
        .await;
    assert_eq!(a.status, StatusCode::NO_CONTENT, "{}", a.body);

    let logged = sql
        .query(
            "SELECT action, admin_id::text, host(ip_address), user_agent, details \
               FROM public.admin_activity_logs WHERE details ->> 'id' = $1 ORDER BY created_at, action",
            &[&id],
        )
        .await
        .unwrap();
    let actions: Vec<(String, Option<bool>)> = logged
        .iter()
        .map(|r| {
            let details: Value = r.get(4);
            (r.get(0), details["published"].as_bool())
        })
        .collect();
    assert_eq!(
        actions,
        [
            ("sermon_created".to_owned(), None),
            ("sermon_updated".to_owned(), Some(true)),
            ("sermon_updated".to_owned(), Some(false)),
            ("sermon_deleted".to_owned(), None),
        ]
    );
    for row in &logged {
        assert_eq!(
            row.get::<_, Option<String>>(1).as_deref(),
            editor.id.as_deref()
        );
        assert_eq!(
            row.get::<_, Option<String>>(2).as_deref(),
            Some("127.0.0.1")
        );
        assert_eq!(
            row.get::<_, Option<String>>(3).as_deref(),
            Some("policy-matrix/1.0")
        );
        let details: Value = row.get(4);
        assert_eq!(details["title"], "Audit");
    }

    // Leaders: a soft remove is named as such.
    let a = app
        .call(
            &editor,
            Method::POST,
            "church_leaders",
            "return=representation",
            Some(&json!({"name": "Elder Audit", "position": "Elder", "category": "elder"})),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    let leader = a.body[0]["id"].as_str().unwrap().to_owned();
    for change in [json!({"display_order": 7}), json!({"is_active": false})] {
        let a = app
            .call(
                &editor,
                Method::PATCH,
                &format!("church_leaders?id=eq.{leader}"),
                "",
                Some(&change),
            )
            .await;
        assert_eq!(a.status, StatusCode::NO_CONTENT, "{}", a.body);
    }
    let actions: Vec<String> = sql
        .query(
            "SELECT action FROM public.admin_activity_logs WHERE details ->> 'id' = $1 \
              ORDER BY created_at, action",
            &[&leader],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(
        actions,
        ["leader_created", "leader_updated", "leader_removed"]
    );

    // Audit logging switched off in Security settings: changes go unlogged.
    sql.execute(
        "UPDATE public.system_settings SET value = 'false' WHERE key = 'audit_logging'",
        &[],
    )
    .await
    .unwrap();
    let a = app
        .call(
            &editor,
            Method::POST,
            "events",
            "return=representation",
            Some(&json!({"title": "Unlogged", "start_date": "2026-12-01T10:00:00+03:00"})),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    let n: i64 = sql
        .query_one(
            "SELECT count(*) FROM public.admin_activity_logs WHERE action LIKE 'event_%'",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(n, 0);
}

#[tokio::test]
async fn member_and_attendance_changes_are_logged_with_the_real_address() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    let staff = user(&sql, "MEMBER_ADMIN", true, None).await;
    let a = app
        .call(
            &staff,
            Method::POST,
            "members",
            "return=representation",
            Some(&json!({"first_name": "Audit", "last_name": "Member"})),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    let id = a.body[0]["id"].as_str().unwrap().to_owned();
    for (method, body) in [
        (Method::PATCH, Some(json!({"is_active": false}))),
        (Method::DELETE, None),
    ] {
        let a = app
            .call(
                &staff,
                method,
                &format!("members?id=eq.{id}"),
                "",
                body.as_ref(),
            )
            .await;
        assert_eq!(a.status, StatusCode::NO_CONTENT, "{}", a.body);
    }
    let a = app
        .call(
            &staff,
            Method::POST,
            "attendance_aggregates?on_conflict=attendance_date",
            "resolution=merge-duplicates",
            Some(&json!({"attendance_date": "2026-11-21", "sabbath_school_count": 120})),
        )
        .await;
    assert!(a.status.is_success(), "{} {}", a.status, a.body);
    // (action, admin id, address, member name)
    type Logged = (String, Option<String>, Option<String>, Option<String>);
    let logged: Vec<Logged> = sql
        .query(
            "SELECT action, admin_id::text, host(ip_address), details ->> 'full_name' \
               FROM public.admin_activity_logs \
              WHERE details ->> 'id' = $1 OR action LIKE 'attendance_%' ORDER BY created_at, action",
            &[&id],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3)))
        .collect();
    let actions: Vec<&str> = logged.iter().map(|l| l.0.as_str()).collect();
    assert_eq!(
        actions,
        [
            "member_created",
            "member_updated",
            "member_deleted",
            "attendance_created"
        ]
    );
    for l in &logged {
        assert_eq!(l.1.as_deref(), staff.id.as_deref());
        assert_eq!(l.2.as_deref(), Some("127.0.0.1"));
    }
    assert_eq!(logged[0].3.as_deref(), Some("Audit Member"));
}

// ---------------------------------------------------------------------------------------------
// Scopes (issue 31, finding 5): personal data within each role's reach, one harm per test
// ---------------------------------------------------------------------------------------------

/// The values of one text column of a JSON array answer, in order.
fn column(a: &Answer, name: &str) -> Vec<String> {
    assert!(a.status.is_success(), "{} {}", a.status, a.body);
    a.body
        .as_array()
        .unwrap_or_else(|| panic!("{}", a.body))
        .iter()
        .map(|r| r[name].as_str().unwrap_or_default().to_owned())
        .collect()
}

/// Links `who` to the ministry or department named `name` (creating it), as Admin Users does.
async fn link(sql: &Client, who: &Caller, kind: &str, name: &str) -> String {
    let q = match kind {
        "ministry" => format!(
            "WITH m AS (INSERT INTO ministries (name, category) VALUES ($1, 'worship') \
                        ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING id) \
             INSERT INTO user_ministries (user_id, ministry_id) SELECT {}, id FROM m \
             RETURNING ministry_id::text",
            who.sql_id()
        ),
        _ => format!(
            "WITH d AS (INSERT INTO departments (name, category) VALUES ($1, 'administrative') \
                        ON CONFLICT (name, category) DO UPDATE SET name = EXCLUDED.name \
                        RETURNING id) \
             INSERT INTO user_departments (user_id, department_id) SELECT {}, id FROM d \
             RETURNING department_id::text",
            who.sql_id()
        ),
    };
    sql.query_one(&q, &[&name]).await.unwrap().get(0)
}

/// "MINISTRY_LEADER: members and events within the ministry" (back-office §6.2). The probe's
/// leader read every member's birth date, address, phone and emergency contact.
#[tokio::test]
async fn a_ministry_leader_cannot_read_members_outside_their_ministry() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    let leader = user(&sql, "MINISTRY_LEADER", true, None).await;
    let head = user(&sql, "DEPARTMENT_HEAD", true, None).await;
    let unlinked = user(&sql, "MINISTRY_LEADER", true, None).await;
    // A leader trusted with the register in their own list: still only their ministry, read only.
    let keen = user(
        &sql,
        "MINISTRY_LEADER",
        true,
        Some(&[
            "manage_members",
            "view_member_details",
            "view_member_reports",
        ]),
    )
    .await;
    let elder = user(&sql, "ELDER", true, None).await;
    let ministry = |name: &'static str| {
        let sql = &sql;
        async move {
            sql.query_one(
                "INSERT INTO ministries (name, category) VALUES ($1, 'worship') RETURNING id::text",
                &[&name],
            )
            .await
            .unwrap()
            .get::<_, String>(0)
        }
    };
    let youth = ministry("Youth Ministry").await;
    let music = ministry("Music Ministry").await;
    sql.batch_execute(&format!(
        "WITH a AS (INSERT INTO members (first_name, last_name, date_of_birth, address, phone, \
                                        emergency_contact) \
                    VALUES ('Amani', 'Youth', '2008-03-01', 'Nakuru', '0711000001', \
                            '{{\"name\": \"Mama Amani\"}}') RETURNING id), \
              b AS (INSERT INTO members (first_name, last_name, phone) \
                    VALUES ('Baraka', 'Choir', '0711000002') RETURNING id), \
              c AS (INSERT INTO members (first_name, last_name, phone, address) \
                    VALUES ('Chebet', 'Counselled', '0711000003', 'Mawanga') RETURNING id) \
         INSERT INTO member_ministries (member_id, ministry_id, role) \
         SELECT a.id, '{youth}'::uuid, 'member' FROM a \
         UNION ALL SELECT b.id, '{music}'::uuid, 'member' FROM b"
    ))
    .await
    .unwrap();
    let names = |who: &Caller, path: &'static str| {
        let (app, who) = (&app, who.clone());
        async move {
            column(
                &app.call(&who, Method::GET, path, "", None).await,
                "first_name",
            )
        }
    };
    let register = "members?select=first_name,phone,address,date_of_birth&order=first_name";
    // The probe's harm: a leader linked to no ministry read the whole register.
    assert!(
        names(&unlinked, register).await.is_empty(),
        "no links, no members"
    );

    link(&sql, &leader, "ministry", "Youth Ministry").await;
    link(&sql, &keen, "ministry", "Youth Ministry").await;
    // The head of a department sees the members of the ministries it oversees.
    link(&sql, &head, "ministry", "Music Ministry").await;
    link(&sql, &head, "department", "Music Department").await;
    assert_eq!(names(&leader, register).await, ["Amani"]);
    assert_eq!(names(&keen, register).await, ["Amani"]);
    assert_eq!(names(&head, register).await, ["Baraka"]);
    assert_eq!(
        names(&elder, register).await,
        ["Amani", "Baraka", "Chebet"],
        "ELDER: read members"
    );
    // Asked by name, the answer is the same.
    assert!(
        names(&leader, "members?select=first_name&first_name=eq.Chebet")
            .await
            .is_empty()
    );
    // Ministry participation: their ministry's rows only.
    let a = app
        .call(
            &leader,
            Method::GET,
            "member_ministries?select=ministry_id",
            "",
            None,
        )
        .await;
    assert_eq!(column(&a, "ministry_id"), std::slice::from_ref(&youth));

    // Nor can they reach further by writing: adding Chebet to their ministry, changing Amani,
    // adding a member.
    let chebet: String = sql
        .query_one(
            "SELECT id::text FROM members WHERE first_name = 'Chebet'",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    for who in [&leader, &keen] {
        let a = app
            .call(
                who,
                Method::POST,
                "member_ministries",
                "return=minimal",
                Some(&json!({"member_id": chebet, "ministry_id": youth, "role": "member"})),
            )
            .await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.body);
    }
    let a = app
        .call(
            &keen,
            Method::PATCH,
            "members?first_name=eq.Amani",
            "return=representation",
            Some(&json!({"phone": "0799999999"})),
        )
        .await;
    assert_eq!(a.body, json!([]), "{}", a.status);
    let a = app
        .call(
            &keen,
            Method::POST,
            "members",
            "return=minimal",
            Some(&json!({"first_name": "New", "last_name": "Member"})),
        )
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.body);
    let unchanged: (i64, i64) = {
        let r = sql
            .query_one(
                "SELECT (SELECT count(*) FROM members), (SELECT count(*) FROM member_ministries)",
                &[],
            )
            .await
            .unwrap();
        (r.get(0), r.get(1))
    };
    assert_eq!(unchanged, (3, 2));
}

/// "private (pastor and prayer team only)" (public-site §5). The probe found every holder of
/// manage_prayer_requests reading them: elders, ministry leaders, department heads, admins.
#[tokio::test]
async fn a_private_prayer_request_is_hidden_from_other_prayer_staff() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    let member = user(&sql, "MEMBER", true, None).await;
    let others = [
        user(&sql, "ELDER", true, None).await,
        user(&sql, "MINISTRY_LEADER", true, None).await,
        user(&sql, "DEPARTMENT_HEAD", true, None).await,
        user(&sql, "ADMIN", true, None).await,
    ];
    let private: String = sql
        .query_one(
            "INSERT INTO prayer_requests (title, description, privacy_level, submitter_name) \
             VALUES ('Marriage', 'Pray for my marriage', 'private', 'Wanjiru') \
             RETURNING id::text",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    sql.batch_execute(&format!(
        "INSERT INTO prayer_requests (title, description, privacy_level, requester_id) VALUES \
           ('Family', 'Reconciliation', 'leadership_only', NULL), \
           ('Exams', 'For the candidates', 'public', NULL), \
           ('My studies', 'Pray for me', 'private', {member}); \
         SELECT kanisa.enqueue('acknowledge_submission', NULL, \
                jsonb_build_object('table', 'prayer_requests', 'id', '{private}')); \
         UPDATE kanisa.jobs SET state = 'failed', attempts = 10, \
                last_error = '550 mailbox unavailable', finished_at = now() \
          WHERE kind = 'acknowledge_submission' AND payload ->> 'id' = '{private}';",
        member = member.sql_id()
    ))
    .await
    .unwrap();
    let titles = |who: &Caller| {
        let (app, who) = (&app, who.clone());
        async move {
            let a = app
                .call(
                    &who,
                    Method::GET,
                    "prayer_requests?select=title&order=title",
                    "",
                    None,
                )
                .await;
            column(&a, "title")
        }
    };
    let failed = |who: &Caller| {
        let (app, who) = (&app, who.clone());
        async move {
            let a = app
                .call(
                    &who,
                    Method::POST,
                    "rpc/get_failed_deliveries",
                    "",
                    Some(&json!({})),
                )
                .await;
            column(&a, "summary")
        }
    };
    for who in &others {
        assert_eq!(titles(who).await, ["Exams", "Family"]);
        // Not through the failed deliveries either (elders and leaders hold send_communications).
        assert!(failed(who).await.is_empty());
        // Nor can they triage or delete it.
        let a = app
            .call(
                who,
                Method::PATCH,
                &format!("prayer_requests?id=eq.{private}"),
                "return=representation",
                Some(&json!({"status": "closed", "privacy_level": "public"})),
            )
            .await;
        assert_eq!(a.body, json!([]), "{}", a.status);
        let a = app
            .call(
                who,
                Method::DELETE,
                &format!("prayer_requests?id=eq.{private}"),
                "",
                None,
            )
            .await;
        assert!(a.status.is_success(), "{}", a.body);
    }
    let stored: (String, String) = {
        let r = sql
            .query_one(
                "SELECT status, privacy_level FROM prayer_requests WHERE id::text = $1",
                &[&private],
            )
            .await
            .unwrap();
        (r.get(0), r.get(1))
    };
    assert_eq!(stored, ("open".to_owned(), "private".to_owned()));

    // The pastor and the prayer team read and triage it; the requester reads their own.
    let team = user(&sql, "ELDER", true, Some(PRAYER_TEAM)).await;
    let super_admin = user(&sql, "SUPER_ADMIN", true, None).await;
    for who in [&team, &super_admin] {
        assert_eq!(
            titles(who).await,
            ["Exams", "Family", "Marriage", "My studies"]
        );
    }
    assert_eq!(failed(&team).await, ["Marriage"]);
    assert_eq!(titles(&member).await, ["My studies"]);
    let a = app
        .call(
            &team,
            Method::PATCH,
            &format!("prayer_requests?id=eq.{private}"),
            "return=representation",
            Some(&json!({"status": "in_progress", "assigned_to": team.id})),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert_eq!(a.body[0]["status"], "in_progress");
}

/// "ELDER, MINISTRY_LEADER and DEPARTMENT_HEAD read the full staff users rows (e-mails, roles,
/// permission lists, last sign-in)": now a profile is its owner's and the Super Admin's, and
/// the staff read names only (staff_names).
#[tokio::test]
async fn an_elder_cannot_read_staff_emails_and_permissions() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    let super_admin = user(&sql, "SUPER_ADMIN", true, None).await;
    let member = user(&sql, "MEMBER", true, None).await;
    let staff = [
        user(&sql, "ELDER", true, None).await,
        user(&sql, "MINISTRY_LEADER", true, None).await,
        user(&sql, "DEPARTMENT_HEAD", true, None).await,
        user(&sql, "ADMIN", true, None).await,
    ];
    sql.execute(
        "UPDATE users SET last_sign_in_at = now() WHERE role = 'SUPER_ADMIN'",
        &[],
    )
    .await
    .unwrap();
    // The prayer list names the assignee.
    sql.execute(
        &format!(
            "INSERT INTO prayer_requests (title, description, privacy_level, assigned_to) \
             VALUES ('Assigned', 'Pray', 'public', {})",
            super_admin.sql_id()
        ),
        &[],
    )
    .await
    .unwrap();
    let everyone: i64 = sql
        .query_one("SELECT count(*) FROM users", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(everyone, 6);
    for who in &staff {
        let a = app
            .call(
                who,
                Method::GET,
                "users?select=id,email,role,permissions,last_sign_in_at",
                "",
                None,
            )
            .await;
        assert_eq!(
            column(&a, "id"),
            [who.id.clone().unwrap()],
            "only their own profile"
        );
        // The names, and only the names.
        let a = app
            .call(
                who,
                Method::GET,
                "staff_names?select=*&order=full_name",
                "",
                None,
            )
            .await;
        assert_eq!(column(&a, "full_name").len(), 6, "{}", a.body);
        let mut keys: Vec<&String> = a.body[0].as_object().unwrap().keys().collect();
        keys.sort();
        assert_eq!(keys, ["full_name", "id"]);
        for hidden in ["email", "role", "permissions", "last_sign_in_at"] {
            let a = app
                .call(
                    who,
                    Method::GET,
                    &format!("staff_names?select={hidden}"),
                    "",
                    None,
                )
                .await;
            assert_eq!(a.status, StatusCode::BAD_REQUEST, "{hidden}: {}", a.body);
        }
        // An embed of the profile (as the prayer list once read it) shows nothing.
        let a = app
            .call(
                who,
                Method::GET,
                "prayer_requests?select=title,assignee:users!prayer_requests_assigned_to_fkey(email,permissions)",
                "",
                None,
            )
            .await;
        assert_eq!(
            a.body,
            json!([{"title": "Assigned", "assignee": null}]),
            "{}",
            a.status
        );
    }
    // A member reads their own name; anon nothing.
    let a = app
        .call(&member, Method::GET, "staff_names?select=id", "", None)
        .await;
    assert_eq!(column(&a, "id"), [member.id.clone().unwrap()]);
    let a = app
        .call(
            &Caller::anon(),
            Method::GET,
            "staff_names?select=id",
            "",
            None,
        )
        .await;
    assert_eq!(a.status, StatusCode::UNAUTHORIZED, "{}", a.body);
    // Admin Users' data is the Super Admin's.
    let a = app
        .call(
            &super_admin,
            Method::GET,
            "users?select=email,permissions",
            "",
            None,
        )
        .await;
    assert_eq!(column(&a, "email").len(), 6);
}

/// "MINISTRY_LEADER and DEPARTMENT_HEAD read … every message (counselling included)": a
/// scoped role reads the messages to their ministries and departments only, in the table, the
/// figures and the functions.
#[tokio::test]
async fn a_ministry_leader_cannot_read_counselling_messages() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    let leader = user(&sql, "MINISTRY_LEADER", true, None).await;
    let head = user(&sql, "DEPARTMENT_HEAD", true, None).await;
    let elder = user(&sql, "ELDER", true, None).await;
    let counselling: String = sql
        .query_one(
            "INSERT INTO messages (subject, message, sender_name, recipient_name, recipient_role, \
                                   submission_type, priority) \
             VALUES ('Counselling', 'My marriage is in trouble', 'Akinyi', 'Pastor', \
                     'Senior Pastor', 'Counseling Request', 'urgent') RETURNING id::text",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    sql.batch_execute(
        "INSERT INTO messages (subject, message, sender_name, recipient_role, department) VALUES \
           ('Youth camp', 'When is camp?', 'Otieno', 'Department Head', 'Youth Ministry'), \
           ('Tithe envelopes', 'We need more', 'Njeri', 'Department Head', 'Stewardship'), \
           ('Office hours', 'When is the office open?', 'Kamau', 'Administrative Team', NULL);",
    )
    .await
    .unwrap();
    let subjects = |who: &Caller| {
        let (app, who) = (&app, who.clone());
        async move {
            let a = app
                .call(
                    &who,
                    Method::GET,
                    "messages?select=subject&order=subject",
                    "",
                    None,
                )
                .await;
            column(&a, "subject")
        }
    };
    // The probe's harm: a leader read every message, the counselling request included.
    assert!(subjects(&leader).await.is_empty(), "linked to nothing yet");
    link(&sql, &leader, "ministry", "Youth Ministry").await;
    link(&sql, &head, "department", "Stewardship").await;
    assert_eq!(subjects(&leader).await, ["Youth camp"]);
    assert_eq!(subjects(&head).await, ["Tithe envelopes"]);
    assert_eq!(subjects(&elder).await.len(), 4, "ELDER: pastoral care");
    // The Communication Hub's figures and list agree.
    let a = app
        .call(&leader, Method::GET, "rpc/get_message_stats", "", None)
        .await;
    assert_eq!(a.body["total_messages"], 1, "{}", a.body);
    let a = app
        .call(
            &leader,
            Method::POST,
            "rpc/get_messages",
            "",
            Some(&json!({})),
        )
        .await;
    assert_eq!(column(&a, "subject"), ["Youth camp"]);
    // A message out of scope "does not exist"; one in scope cannot be re-routed out of it.
    let a = app
        .call(
            &leader,
            Method::POST,
            "rpc/mark_message_read",
            "",
            Some(&json!({"message_id": counselling})),
        )
        .await;
    assert_eq!(a.status, StatusCode::NOT_FOUND, "{}", a.body);
    let a = app
        .call(
            &leader,
            Method::PATCH,
            "messages?subject=eq.Youth%20camp",
            "",
            Some(&json!({"department": "Music Ministry"})),
        )
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.body);
    let a = app
        .call(
            &leader,
            Method::PATCH,
            "messages?subject=eq.Youth%20camp",
            "return=representation",
            Some(&json!({"status": "read"})),
        )
        .await;
    assert_eq!(column(&a, "status"), ["read"]);
}

/// Events "within the ministry": a leader given manage_events in their own list reads and
/// changes the drafts of their ministry only.
#[tokio::test]
async fn a_ministry_leader_cannot_read_or_change_events_outside_their_ministry() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    let leader = user(&sql, "MINISTRY_LEADER", true, Some(&["manage_events"])).await;
    let editor = user(&sql, "CONTENT_ADMIN", true, None).await;
    sql.batch_execute(
        "INSERT INTO events (title, start_date, department, is_published) VALUES \
           ('Youth camp', now(), 'Youth Ministry', false), \
           ('Choir practice', now(), 'Music Ministry', false), \
           ('Church board', now(), NULL, false), \
           ('Open day', now(), NULL, true);",
    )
    .await
    .unwrap();
    let titles = |who: &Caller| {
        let (app, who) = (&app, who.clone());
        async move {
            let a = app
                .call(
                    &who,
                    Method::GET,
                    "events?select=title&order=title",
                    "",
                    None,
                )
                .await;
            column(&a, "title")
        }
    };
    // Linked to no ministry: the published events only, like everyone.
    assert_eq!(titles(&leader).await, ["Open day"]);
    link(&sql, &leader, "ministry", "Youth Ministry").await;
    assert_eq!(titles(&leader).await, ["Open day", "Youth camp"]);
    assert_eq!(titles(&editor).await.len(), 4);
    let a = app
        .call(
            &leader,
            Method::PATCH,
            "events?title=eq.Choir%20practice",
            "return=representation",
            Some(&json!({"location": "Moved"})),
        )
        .await;
    assert_eq!(a.body, json!([]));
    let a = app
        .call(
            &leader,
            Method::PATCH,
            "events?title=eq.Youth%20camp",
            "return=representation",
            Some(&json!({"location": "Camp site"})),
        )
        .await;
    assert_eq!(column(&a, "location"), ["Camp site"]);
    let event = |department: &str| {
        json!({"title": format!("New {department}"), "start_date": "2030-01-01T10:00:00Z",
               "department": department})
    };
    let a = app
        .call(
            &leader,
            Method::POST,
            "events",
            "return=minimal",
            Some(&event("Music Ministry")),
        )
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.body);
    let a = app
        .call(
            &leader,
            Method::POST,
            "events",
            "return=minimal",
            Some(&event("Youth Ministry")),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
}

/// "DEPARTMENT_HEAD: … budget … within the department": a budget line names no department, so
/// a department head reads none of the church's budget, whatever their list says.
#[tokio::test]
async fn a_department_head_cannot_read_the_church_budget() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    let head = user(
        &sql,
        "DEPARTMENT_HEAD",
        true,
        Some(&["manage_budget", "view_financial_reports"]),
    )
    .await;
    let finance = user(&sql, "FINANCE_ADMIN", true, None).await;
    sql.batch_execute(
        "INSERT INTO budgets (category, allocated_amount, year) VALUES ('utilities', 1000, 2026); \
         INSERT INTO expenses (amount, description) VALUES (10, 'Power');",
    )
    .await
    .unwrap();
    for table in ["budgets", "expenses"] {
        let a = app
            .call(&head, Method::GET, &format!("{table}?select=id"), "", None)
            .await;
        assert_eq!(a.body, json!([]), "{table}");
        let a = app
            .call(
                &finance,
                Method::GET,
                &format!("{table}?select=id"),
                "",
                None,
            )
            .await;
        assert_eq!(rows(&a), 1, "{table}");
    }
    // Nor once linked to a department: no budget line names one.
    link(&sql, &head, "department", "Stewardship").await;
    let a = app
        .call(&head, Method::GET, "budgets?select=id", "", None)
        .await;
    assert_eq!(a.body, json!([]));
    let a = app
        .call(
            &head,
            Method::POST,
            "budgets",
            "return=minimal",
            Some(&json!({"category": "missions", "allocated_amount": 5, "year": 2026})),
        )
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.body);
}

/// The message history lists each send's recipients (members' names, phones, addresses): a
/// scoped role sees its own sends only.
#[tokio::test]
async fn a_ministry_leader_cannot_read_other_sends_recipients_in_the_message_history() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    let leader = user(&sql, "MINISTRY_LEADER", true, None).await;
    let elder = user(&sql, "ELDER", true, None).await;
    let ids: Vec<String> = sql
        .query(
            &format!(
                "INSERT INTO kanisa.broadcasts (channels, audience, audience_label, body, sent_by) \
                 VALUES ('{{sms}}', '{{}}', 'Youth Ministry', 'Camp on Friday', {leader}), \
                        ('{{sms}}', '{{}}', 'All members', 'Church meeting', {elder}) \
                 RETURNING id::text",
                leader = leader.sql_id(),
                elder = elder.sql_id()
            ),
            &[],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    let history = |who: &Caller| {
        let (app, who) = (&app, who.clone());
        async move {
            let a = app
                .call(
                    &who,
                    Method::POST,
                    "rpc/get_broadcasts",
                    "",
                    Some(&json!({})),
                )
                .await;
            assert_eq!(a.status, StatusCode::OK, "{}", a.body);
            (
                a.body["total"].as_i64().unwrap(),
                a.body["items"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|b| b["body"].as_str().unwrap().to_owned())
                    .collect::<Vec<_>>(),
            )
        }
    };
    assert_eq!(
        history(&leader).await,
        (1, vec!["Camp on Friday".to_owned()])
    );
    assert_eq!(history(&elder).await.0, 2);
    let one = |who: &Caller, id: &str| {
        let (app, who, id) = (&app, who.clone(), id.to_owned());
        async move {
            app.call(
                &who,
                Method::POST,
                "rpc/get_broadcast",
                "",
                Some(&json!({"p_id": id})),
            )
            .await
            .status
        }
    };
    assert_eq!(one(&leader, &ids[0]).await, StatusCode::OK);
    assert_eq!(one(&leader, &ids[1]).await, StatusCode::NOT_FOUND);
    assert_eq!(one(&elder, &ids[0]).await, StatusCode::OK);
}

/// The links are access: only a Super Admin (rank 6 + manage_admins) sets them, each change is
/// in the activity log, and they take effect on the next request.
#[tokio::test]
async fn only_a_super_admin_links_staff_to_ministries() {
    let app = TestApp::spawn().await;
    let sql = app.db.as_ref().unwrap().client().await;
    let super_admin = user(&sql, "SUPER_ADMIN", true, None).await;
    let admin_all = user(&sql, "ADMIN", true, Some(kanisa_auth::PERMISSIONS)).await;
    let leader = user(&sql, "MINISTRY_LEADER", true, None).await;
    let ministry: String = sql
        .query_one(
            "WITH m AS (INSERT INTO ministries (name, category) VALUES ('Health Ministry', 'health') \
                        RETURNING id), \
                  a AS (INSERT INTO members (first_name, last_name) VALUES ('Daudi', 'Health') \
                        RETURNING id), \
                  mm AS (INSERT INTO member_ministries (member_id, ministry_id) \
                         SELECT a.id, m.id FROM a, m) \
             SELECT id::text FROM m",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    let body = json!({"user_id": leader.id, "ministry_id": ministry});
    let members = |who: &Caller| {
        let (app, who) = (&app, who.clone());
        async move {
            rows(
                &app.call(&who, Method::GET, "members?select=id", "", None)
                    .await,
            )
        }
    };
    assert_eq!(members(&leader).await, 0);
    for who in [&admin_all, &leader] {
        let a = app
            .call(
                who,
                Method::POST,
                "user_ministries",
                "return=minimal",
                Some(&body),
            )
            .await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.body);
    }
    let a = app
        .call(
            &super_admin,
            Method::POST,
            "user_ministries",
            "return=representation",
            Some(&body),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    assert_eq!(
        members(&leader).await,
        1,
        "the next request sees the ministry"
    );
    // The leader reads their own links; nobody else but the Super Admin does.
    let a = app
        .call(
            &leader,
            Method::GET,
            "user_ministries?select=ministry_id",
            "",
            None,
        )
        .await;
    assert_eq!(column(&a, "ministry_id"), std::slice::from_ref(&ministry));
    let a = app
        .call(
            &admin_all,
            Method::GET,
            "user_ministries?select=ministry_id",
            "",
            None,
        )
        .await;
    assert_eq!(a.body, json!([]));
    let a = app
        .call(
            &super_admin,
            Method::DELETE,
            &format!(
                "user_ministries?user_id=eq.{}&ministry_id=eq.{ministry}",
                leader.id.as_deref().unwrap()
            ),
            "",
            None,
        )
        .await;
    assert_eq!(a.status, StatusCode::NO_CONTENT, "{}", a.body);
    assert_eq!(members(&leader).await, 0);
    let logged: Vec<(String, Option<String>, Value)> = sql
        .query(
            "SELECT action, admin_id::text, details FROM admin_activity_logs \
              WHERE action LIKE 'staff_ministry_%' ORDER BY created_at, action",
            &[],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1), r.get(2)))
        .collect();
    assert_eq!(logged.len(), 2, "{logged:?}");
    assert_eq!(logged[0].0, "staff_ministry_linked");
    assert_eq!(logged[1].0, "staff_ministry_unlinked");
    for (_, admin, details) in &logged {
        assert_eq!(admin.as_deref(), super_admin.id.as_deref());
        assert_eq!(details["name"], "Health Ministry");
        assert_eq!(details["user_id"].as_str(), leader.id.as_deref());
    }
}
