//! Send Message's audiences from kanisa.member_recipients (migration 0051) answer as the rules
//! they replaced (0021's pickers over 0035's candidates, read from members): every group, every
//! ministry and a list of chosen members, one row per person, and the pickers' counts — on a
//! seeded register, then again after members, their ministries and a ministry change.

use kanisa_test_db::TestDb;
use tokio_postgres::Client;

const OLD_CANDIDATES: &str = include_str!("../../../../migrations/0035_audiences_at_scale.sql");
const OLD_PICKERS: &str = include_str!("../../../../migrations/0021_broadcasts.sql");

/// The statement of `file` that starts with `head`, up to its closing `$$;`.
fn statement<'a>(file: &'a str, head: &str) -> &'a str {
    let start = file
        .find(head)
        .unwrap_or_else(|| panic!("{head} is in its migration"));
    let body = &file[start..];
    let first = body.find("$$").unwrap() + 2;
    let end = first + body[first..].find("$$;").unwrap() + 3;
    &body[..end]
}

/// The rules as they were, as functions of this session: pg_temp.old_candidates,
/// pg_temp.old_audience and pg_temp.old_pickers.
async fn old_rules(client: &Client) {
    let candidates = statement(
        OLD_CANDIDATES,
        "CREATE FUNCTION kanisa.audience_candidates(",
    )
    .replace("kanisa.audience_candidates", "pg_temp.old_candidates");
    let audience = statement(
        OLD_CANDIDATES,
        "CREATE OR REPLACE FUNCTION kanisa.audience(",
    )
    .replace("kanisa.audience_candidates", "pg_temp.old_candidates")
    .replace(
        "FUNCTION kanisa.audience(",
        "FUNCTION pg_temp.old_audience(",
    );
    let pickers = statement(
        OLD_PICKERS,
        "CREATE FUNCTION public.get_message_audiences()",
    )
    .replace("public.get_message_audiences()", "pg_temp.old_pickers()")
    .replace("kanisa.audience(", "pg_temp.old_audience(");
    for sql in [candidates, audience, pickers] {
        client.batch_execute(&sql).await.unwrap();
    }
}

const SEED: &str = "
INSERT INTO public.ministries (id, name, category, is_active) VALUES
  ('00000000-0000-0000-0000-00000000a001', 'Youth Ministry', 'age-groups', true),
  ('00000000-0000-0000-0000-00000000a002', 'Music Ministry', 'worship', true),
  ('00000000-0000-0000-0000-00000000a003', 'Health', 'health', true),
  ('00000000-0000-0000-0000-00000000a004', 'Closed', 'support', false);
-- Birthdays on each side of the 16th and 36th birthdays (Nairobi's today), shared phones (in
-- two forms), shared e-mails in two cases, no contact at all, inactive members.
WITH today AS (SELECT (now() AT TIME ZONE 'Africa/Nairobi')::date AS d)
INSERT INTO public.members (first_name, last_name, phone, email, is_active, date_of_birth)
SELECT 'F' || i, 'L' || i,
       CASE WHEN i % 9 = 0 THEN NULL WHEN i % 7 = 0 THEN '+2547120' || lpad((i / 2)::text, 5, '0')
            WHEN i % 5 = 0 THEN '07120' || lpad((i / 2)::text, 5, '0') ELSE '07130' || lpad(i::text, 5, '0') END,
       CASE WHEN i % 4 = 0 THEN NULL WHEN i % 6 = 0 THEN 'Shared' || (i / 12) || '@Example.org'
            WHEN i % 6 = 1 THEN 'shared' || (i / 12) || '@example.org' ELSE 'm' || i || '@example.org' END,
       i % 8 <> 0,
       CASE WHEN i % 10 = 0 THEN NULL
            ELSE ((SELECT d FROM today) - make_interval(years => CASE WHEN i % 2 = 0 THEN 16 ELSE 36 END))::date
                 + (i % 5 - 2) END
  FROM generate_series(1, 400) AS i;
INSERT INTO public.members (first_name, last_name, date_of_birth, phone) VALUES
  ('Leap', 'Day', date '2008-02-29', NULL), ('Leap', 'Older', date '1988-02-29', '0711000001');
INSERT INTO public.member_ministries (member_id, ministry_id, role)
SELECT m.id, mi.id,
       (ARRAY[NULL, 'Elder', 'Deacon', 'Deaconess', 'Chorister', 'Head Elder', 'Member', 'choir leader'])
         [1 + abs(hashtext(m.id::text || mi.name)) % 8]
  FROM public.members m JOIN public.ministries mi ON abs(hashtext(m.last_name || mi.name)) % 3 = 0;
INSERT INTO public.church_leaders (name, position, category, phone, email, is_active) VALUES
  ('Elder One', 'Head Elder', 'elder', '0713000001', 'e1@example.org', true),
  ('Deacon Two', 'Deacon', 'ministry', '0712000011', NULL, true),
  ('Deaconess', 'Deaconess', 'ministry', NULL, 'SHARED3@example.org', true),
  ('Old Elder', 'Elder', 'elder', '0712000500', NULL, false),
  ('No Contact', 'Elder', 'ministry', NULL, NULL, true);
";

/// Changes after the migration: members added, changed in every field the audiences read,
/// deleted; ministries joined, left, re-roled, renamed and deleted.
const CHANGES: &str = "
WITH today AS (SELECT (now() AT TIME ZONE 'Africa/Nairobi')::date AS d)
INSERT INTO public.members (first_name, last_name, phone, email, date_of_birth)
SELECT 'N' || i, 'New', '07130' || lpad((i * 3)::text, 5, '0'),
       CASE WHEN i % 2 = 0 THEN 'M' || (i * 3) || '@EXAMPLE.org' END,
       ((SELECT d FROM today) - make_interval(years => 16))::date + (i - 3)
  FROM generate_series(1, 6) AS i;
UPDATE public.members SET phone = '0799 123 456' WHERE last_name IN ('L11', 'L12');
UPDATE public.members SET email = upper(email) WHERE last_name = 'L13';
UPDATE public.members SET email = NULL, phone = NULL WHERE last_name = 'L14';
UPDATE public.members SET is_active = NOT is_active WHERE last_name IN ('L15', 'L16');
UPDATE public.members SET date_of_birth = date_of_birth - 2 WHERE last_name LIKE 'L2%';
UPDATE public.members SET first_name = 'Renamed' WHERE last_name = 'L17';
DELETE FROM public.members WHERE last_name IN ('L18', 'L19');
INSERT INTO public.member_ministries (member_id, ministry_id, role)
SELECT id, '00000000-0000-0000-0000-00000000a003', 'Church Elder' FROM public.members
 WHERE last_name IN ('L21', 'L22', 'New')
ON CONFLICT (member_id, ministry_id) DO UPDATE SET role = EXCLUDED.role;
UPDATE public.member_ministries SET role = 'Deacon'
 WHERE ministry_id = '00000000-0000-0000-0000-00000000a002' AND role IS NULL;
DELETE FROM public.member_ministries
 WHERE ministry_id = '00000000-0000-0000-0000-00000000a001' AND member_id IN
       (SELECT id FROM public.members WHERE last_name LIKE 'L3%');
UPDATE public.ministries SET name = 'Youth and Choir' WHERE name = 'Health';
DELETE FROM public.ministries WHERE name = 'Music Ministry';
";

/// Every audience, new and old, as text rows in one order; and the pickers, new and old.
async fn answers(client: &Client) -> ((Vec<String>, Vec<String>), (String, String)) {
    let rows = |f: &'static str| {
        format!(
            "SELECT a.k || ' ' || coalesce(x.member_id::text, '-') || ' ' || x.first_name || ' ' \
                    || x.full_name || ' ' || coalesce(x.phone, '-') || ' ' || coalesce(x.email, '-') \
               FROM (SELECT g AS k, g, NULL::uuid AS mi, NULL::uuid[] AS ids \
                       FROM unnest(ARRAY['all', 'youth', 'elders', 'deacons', 'choir', 'none']) g \
                     UNION ALL SELECT id::text, NULL, id, NULL FROM public.ministries \
                     UNION ALL SELECT 'chosen', NULL, NULL, \
                       ARRAY(SELECT id FROM public.members WHERE last_name ~ '^L[0-9]*[05]$')) a, \
                    LATERAL {f}(a.g, a.mi, a.ids) x \
              ORDER BY 1"
        )
    };
    let read = |sql: String| async move {
        client
            .query(&sql, &[])
            .await
            .unwrap()
            .iter()
            .map(|r| r.get::<_, String>(0))
            .collect::<Vec<_>>()
    };
    // One transaction for the old rules and the new, so both read the same now() (today in
    // Nairobi) even across midnight.
    client.batch_execute("BEGIN").await.unwrap();
    let new = read(rows("kanisa.audience")).await;
    let old = read(rows("pg_temp.old_audience")).await;
    client
        .batch_execute(
            "SELECT set_config('request.jwt.claims', \
               '{\"sub\":\"00000000-0000-0000-0000-0000000000aa\",\"role\":\"authenticated\"}', true), \
             set_config('request.jwt.claim.sub', '00000000-0000-0000-0000-0000000000aa', true), \
             set_config('role', 'authenticated', true)",
        )
        .await
        .unwrap();
    let pickers = client
        .query_one(
            "SELECT public.get_message_audiences()::text, pg_temp.old_pickers()::text",
            &[],
        )
        .await
        .unwrap();
    client.batch_execute("ROLLBACK").await.unwrap();
    ((new, old), (pickers.get(0), pickers.get(1)))
}

async fn check(client: &Client, when: &str) {
    let ((new, old), (pickers, old_pickers)) = answers(client).await;
    assert!(
        new.len() > 500,
        "{when}: the seed reaches people ({})",
        new.len()
    );
    if new != old {
        let only_new: Vec<_> = new.iter().filter(|r| !old.contains(r)).take(5).collect();
        let only_old: Vec<_> = old.iter().filter(|r| !new.contains(r)).take(5).collect();
        panic!("{when}: audiences differ: new only {only_new:?}, old only {only_old:?}");
    }
    assert_eq!(pickers, old_pickers, "{when}: the pickers' counts");
    let recipients: i64 = client
        .query_one(
            "SELECT count(*) FROM kanisa.member_recipients r \
              FULL JOIN public.members m ON m.id = r.member_id \
              WHERE r.member_id IS NULL OR m.id IS NULL",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(recipients, 0, "{when}: one recipient row per member");
}

#[tokio::test]
async fn audiences_answer_as_the_rules_they_replaced_before_and_after_changes() {
    let db = TestDb::new().await;
    let client = db.client().await;
    client
        .batch_execute(
            "INSERT INTO auth.users (id, email, encrypted_password) \
               VALUES ('00000000-0000-0000-0000-0000000000aa', 'sa@example.org', 'x'); \
             INSERT INTO public.users (id, email, full_name, role) \
               VALUES ('00000000-0000-0000-0000-0000000000aa', 'sa@example.org', 'SA', 'SUPER_ADMIN');",
        )
        .await
        .unwrap();
    client.batch_execute(SEED).await.unwrap();
    old_rules(&client).await;
    check(&client, "seeded").await;
    client.batch_execute(CHANGES).await.unwrap();
    check(&client, "after changes").await;
    // The rows the triggers kept are those a rebuild from members makes.
    client
        .batch_execute(
            "BEGIN; CREATE TEMP TABLE kept AS SELECT * FROM kanisa.member_recipients; \
             DELETE FROM kanisa.member_recipients; \
             SELECT kanisa.refresh_member_recipients(ARRAY(SELECT id FROM public.members));",
        )
        .await
        .unwrap();
    let differ: i64 = client
        .query_one(
            "SELECT count(*) FROM ((TABLE kept EXCEPT ALL TABLE kanisa.member_recipients) \
              UNION ALL (TABLE kanisa.member_recipients EXCEPT ALL TABLE kept)) d",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    client.batch_execute("ROLLBACK").await.unwrap();
    assert_eq!(differ, 0, "the kept rows are a rebuild's");
}
