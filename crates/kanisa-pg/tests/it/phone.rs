//! The database's `kanisa.msisdn()` and `kanisa.stored_phone()` follow Kanisa's one phone rule
//! (`kanisa-phone`): the shared table of cases (crates/kanisa-phone/cases.json, which the Rust
//! and TypeScript tests run too), and the same answer as Rust for thousands of generated
//! near-misses.

use kanisa_test_db::TestDb;

/// Strings near a phone number: digits, prefixes and separators in every order.
fn near_misses(n: usize) -> Vec<String> {
    const PIECES: [&str; 16] = [
        "0", "1", "7", "2", "5", "4", "8", "9", "+", "+254", "254", " ", "-", "(", ")", ".",
    ];
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    (0..n)
        .map(|_| {
            // Most of them phone-shaped: a prefix, nine digits starting with 1 or 7, noise.
            let mut s = String::new();
            match next() % 4 {
                0 => s.push('0'),
                1 => s.push_str("+254"),
                2 => s.push_str("254"),
                _ => {}
            }
            let len = 7 + (next() % 5) as usize;
            for i in 0..len {
                let piece = if i == 0 && next() % 3 > 0 {
                    ["7", "1"][(next() % 2) as usize]
                } else if next() % 6 == 0 {
                    PIECES[(next() % PIECES.len() as u64) as usize]
                } else {
                    ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"][(next() % 10) as usize]
                };
                s.push_str(piece);
            }
            s
        })
        .collect()
}

/// The shared table of cases (crates/kanisa-phone/cases.json): `(input, msisdn, stored)`, the
/// normal form and the stored form as the table gives them. The Rust and TypeScript tests run
/// the same file.
fn shared_cases() -> Vec<(String, Option<String>, Option<String>)> {
    let table: serde_json::Value =
        serde_json::from_str(include_str!("../../../kanisa-phone/cases.json")).unwrap();
    let field = |case: &serde_json::Value, name: &str| case[name].as_str().map(str::to_owned);
    table["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|case| {
            let input = field(case, "input").expect("every case has an input");
            (input, field(case, "msisdn"), field(case, "stored"))
        })
        .collect()
}

/// Issue 43: the database reads and stores every case of the shared table as the table says:
/// `kanisa.msisdn` (the normal form, or NULL), `kanisa.stored_phone`, and the trigger that
/// stores a typed phone (`kanisa.store_phone`, here members.phone and a message's sender_phone).
#[tokio::test]
async fn the_database_follows_the_shared_phone_cases() {
    let db = TestDb::new().await;
    let client = db.client().await;
    let cases = shared_cases();
    let inputs: Vec<String> = cases.iter().map(|(input, _, _)| input.clone()).collect();
    let rows = client
        .query(
            "SELECT kanisa.msisdn(i), kanisa.stored_phone(i) \
               FROM unnest($1::text[]) WITH ORDINALITY AS u(i, n) ORDER BY n",
            &[&inputs],
        )
        .await
        .unwrap();
    assert_eq!(rows.len(), cases.len());
    for ((input, msisdn, stored), row) in cases.iter().zip(&rows) {
        assert_eq!(
            &row.get::<_, Option<String>>(0),
            msisdn,
            "kanisa.msisdn({input:?})"
        );
        assert_eq!(
            &row.get::<_, Option<String>>(1),
            stored,
            "kanisa.stored_phone({input:?})"
        );
    }
    // What a write stores, through the triggers.
    let stored = client
        .query(
            "WITH typed AS (SELECT i, n FROM unnest($1::text[]) WITH ORDINALITY AS u(i, n)), \
                  member AS (INSERT INTO public.members (first_name, last_name, phone) \
                             SELECT 'Case', n::text, i FROM typed RETURNING last_name, phone), \
                  message AS (INSERT INTO public.messages (subject, message, sender_name, sender_phone) \
                              SELECT n::text, 'm', 'n', i FROM typed RETURNING subject, sender_phone) \
             SELECT member.phone, message.sender_phone \
               FROM typed JOIN member ON member.last_name = typed.n::text \
                          JOIN message ON message.subject = typed.n::text ORDER BY typed.n",
            &[&inputs],
        )
        .await
        .unwrap();
    assert_eq!(stored.len(), cases.len());
    for ((input, _, want), row) in cases.iter().zip(&stored) {
        assert_eq!(
            &row.get::<_, Option<String>>(0),
            want,
            "members.phone {input:?}"
        );
        assert_eq!(
            &row.get::<_, Option<String>>(1),
            want,
            "messages.sender_phone {input:?}"
        );
    }
}

/// `kanisa.msisdn()` gives the same answer as Rust's rule for thousands of generated near-misses
/// of a phone number (the shared table's cases too).
#[tokio::test]
async fn the_database_reads_phone_numbers_by_the_same_rule_as_rust() {
    let db = TestDb::new().await;
    let client = db.client().await;
    let mut inputs: Vec<String> = shared_cases()
        .into_iter()
        .map(|(input, _, _)| input)
        .collect();
    inputs.extend(near_misses(5_000));
    let rows = client
        .query(
            "SELECT i, kanisa.msisdn(i) FROM unnest($1::text[]) i",
            &[&inputs],
        )
        .await
        .unwrap();
    let mut accepted = 0;
    for row in rows {
        let input: String = row.get(0);
        let sql: Option<String> = row.get(1);
        let rust = kanisa_phone::msisdn(&input).map(|n| n.as_str().to_owned());
        assert_eq!(sql, rust, "{input:?}");
        accepted += usize::from(rust.is_some());
    }
    // The generated set holds both kinds in numbers.
    assert!(accepted > 500 && accepted < 4_500, "{accepted} accepted");
}

/// Issue 32: phones are stored in one form, `+254…` (`Msisdn::e164`), however they were typed
/// and whoever writes them — the anonymous public forms too; a number that is not a Kenyan
/// mobile one is kept as typed, a blank one is NULL. Rows stored before migration 0032 are
/// rewritten by the same rule.
#[tokio::test]
async fn phones_are_stored_in_one_form() {
    let db = TestDb::new().await;
    let client = db.client().await;
    let typed = [
        "0711 222 333",
        "254711222333",
        "+254 711-222-333",
        "(0711) 222.333 ",
        "+44 20 7946 0958",
        "   ",
    ];
    let stored = |t: &str| -> Option<String> {
        match kanisa_phone::msisdn(t) {
            Some(n) => Some(n.e164()),
            None => Some(t.trim().to_owned()).filter(|s| !s.is_empty()),
        }
    };
    assert_eq!(stored(typed[0]).as_deref(), Some("+254711222333"));
    for t in typed {
        let row = client
            .query_one(
                "INSERT INTO public.members (first_name, last_name, phone, emergency_contact) \
                 VALUES ('A', 'B', $1, jsonb_build_object('name', 'C', 'phone', $1::text)) \
                 RETURNING phone, emergency_contact ->> 'phone'",
                &[&t],
            )
            .await
            .unwrap();
        assert_eq!(row.get::<_, Option<String>>(0), stored(t), "{t:?}");
        assert_eq!(row.get::<_, Option<String>>(1), stored(t), "{t:?}");
    }
    // The public forms write as anon: messages and prayer requests.
    client
        .batch_execute(
            "GRANT INSERT ON public.messages, public.prayer_requests TO anon; \
             SET ROLE anon; \
             INSERT INTO public.messages (subject, message, sender_name, sender_phone) \
               VALUES ('s', 'm', 'n', '0722 333 444'); \
             INSERT INTO public.prayer_requests (title, description, submitter_phone) \
               VALUES ('t', 'd', '722-333-444'); \
             RESET ROLE;",
        )
        .await
        .unwrap();
    let row = client
        .query_one(
            "SELECT (SELECT sender_phone FROM public.messages), \
                    (SELECT submitter_phone FROM public.prayer_requests)",
            &[],
        )
        .await
        .unwrap();
    assert_eq!(row.get::<_, String>(0), "+254722333444");
    assert_eq!(row.get::<_, String>(1), "+254722333444");
    // An edit is stored in the same form.
    client
        .batch_execute("UPDATE public.messages SET sender_phone = '0733 444 555'")
        .await
        .unwrap();
    let phone: String = client
        .query_one("SELECT sender_phone FROM public.messages", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(phone, "+254733444555");

    // Rows from before: the migration's rewrite, with the trigger out of the way to plant them.
    client
        .batch_execute(
            "ALTER TABLE public.members DISABLE TRIGGER members_store_phone; \
             DELETE FROM public.members; \
             INSERT INTO public.members (first_name, last_name, phone, updated_at) VALUES \
               ('Old', 'One', '0711 222 333', '2020-01-01'), \
               ('Old', 'Two', '+44 20 7946 0958', '2020-01-01'); \
             ALTER TABLE public.members ENABLE TRIGGER members_store_phone; \
             SELECT kanisa.restore_phones();",
        )
        .await
        .unwrap();
    let rows = client
        .query(
            "SELECT phone, updated_at = '2020-01-01' FROM public.members ORDER BY last_name",
            &[],
        )
        .await
        .unwrap();
    let got: Vec<(String, bool)> = rows.iter().map(|r| (r.get(0), r.get(1))).collect();
    assert_eq!(
        got,
        [
            ("+254711222333".to_owned(), true),
            ("+44 20 7946 0958".to_owned(), true)
        ]
    );
}

/// Issue 41: leaders' phones are stored in the same one form as members' (migration 0045),
/// whoever writes them, and the leaders stored before are rewritten by the same rule with their
/// updated_at kept.
#[tokio::test]
async fn leaders_phones_are_stored_in_one_form() {
    let db = TestDb::new().await;
    let client = db.client().await;
    for (typed, stored) in [
        ("0722 111 222", Some("+254722111222")),
        ("254722111222", Some("+254722111222")),
        ("+254 722-111-222", Some("+254722111222")),
        (" +44 20 7946 0958 ", Some("+44 20 7946 0958")),
        ("  ", None),
    ] {
        let phone: Option<String> = client
            .query_one(
                "INSERT INTO public.church_leaders (name, position, phone) \
                 VALUES ('A Leader', 'Elder', $1) RETURNING phone",
                &[&typed],
            )
            .await
            .unwrap()
            .get(0);
        assert_eq!(phone.as_deref(), stored, "{typed:?}");
    }
    // An edit is stored in the same form.
    client
        .batch_execute(
            "DELETE FROM public.church_leaders; \
             INSERT INTO public.church_leaders (name, position) VALUES ('Ruth Odhiambo', 'Elder'); \
             UPDATE public.church_leaders SET phone = '0733 444 555';",
        )
        .await
        .unwrap();
    let phone: String = client
        .query_one("SELECT phone FROM public.church_leaders", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(phone, "+254733444555");

    // Leaders from before: planted as typed with the trigger out of the way, then rewritten.
    client
        .batch_execute(
            "ALTER TABLE public.church_leaders DISABLE TRIGGER church_leaders_store_phone; \
             DELETE FROM public.church_leaders; \
             INSERT INTO public.church_leaders (name, position, phone, updated_at) VALUES \
               ('Old One', 'Elder', '0722 111 222', '2020-01-01'), \
               ('Old Two', 'Elder', '+44 20 7946 0958', '2020-01-01'); \
             ALTER TABLE public.church_leaders ENABLE TRIGGER church_leaders_store_phone; \
             SELECT kanisa.restore_phones();",
        )
        .await
        .unwrap();
    let rows = client
        .query(
            "SELECT phone, updated_at = '2020-01-01' FROM public.church_leaders ORDER BY name",
            &[],
        )
        .await
        .unwrap();
    let got: Vec<(String, bool)> = rows.iter().map(|r| (r.get(0), r.get(1))).collect();
    assert_eq!(
        got,
        [
            ("+254722111222".to_owned(), true),
            ("+44 20 7946 0958".to_owned(), true)
        ]
    );
}

/// Issue 41: a leader's title is stored apart from the name (church_leaders.title, migration
/// 0045). Names stored before with a known title in front lose it to the column; a name that
/// only looks like one keeps it; the request forms' recipient lookup finds a leader by the
/// titled name a visitor read ("Elder Ruth Odhiambo").
#[tokio::test]
async fn leaders_titles_are_stored_apart_from_their_names() {
    let db = TestDb::new().await;
    let client = db.client().await;
    client
        .batch_execute(
            "INSERT INTO public.church_leaders (name, position, email, display_order, updated_at) VALUES \
               ('Pr. Samuel Langat', 'Senior Pastor', NULL, 1, '2020-01-01'), \
               ('Elder Ruth Odhiambo', 'Elder', 'ruth@example.org', 2, '2020-01-01'), \
               ('elder Paul Musyoka', 'Elder', 'paul@example.org', 1, '2020-01-01'), \
               ('Mzee John Mwita', 'Elder', NULL, 3, '2020-01-01'), \
               ('Dr Catherine Ndung''u', 'Health', NULL, 4, '2020-01-01'), \
               ('Deaconess Lucy Karanja', 'Head Deaconess', NULL, 5, '2020-01-01'), \
               ('Mrs. Jane Kosgei', 'Women', NULL, 6, '2020-01-01'), \
               ('Prof. Ann Were', 'Education', NULL, 7, '2020-01-01'), \
               ('Elderine Achieng', 'Clerk', NULL, 8, '2020-01-01'), \
               ('Mary Githinji', 'Clerk', NULL, 9, '2020-01-01'), \
               ('Elder', 'Elder', NULL, 10, '2020-01-01'); \
             SELECT kanisa.take_leader_titles();",
        )
        .await
        .unwrap();
    let rows = client
        .query(
            "SELECT title, name, updated_at = '2020-01-01' FROM public.church_leaders \
             ORDER BY display_order, name",
            &[],
        )
        .await
        .unwrap();
    let got: Vec<(Option<String>, String, bool)> = rows
        .iter()
        .map(|r| (r.get(0), r.get(1), r.get(2)))
        .collect();
    let want = |title: Option<&str>, name: &str| (title.map(str::to_owned), name.to_owned(), true);
    assert_eq!(
        got,
        [
            want(Some("elder"), "Paul Musyoka"),
            want(Some("pastor"), "Samuel Langat"),
            want(Some("elder"), "Ruth Odhiambo"),
            want(Some("elder"), "John Mwita"),
            want(Some("dr"), "Catherine Ndung'u"),
            want(Some("deaconess"), "Lucy Karanja"),
            want(Some("mrs"), "Jane Kosgei"),
            want(Some("prof"), "Ann Were"),
            want(None, "Elderine Achieng"),
            want(None, "Mary Githinji"),
            want(None, "Elder"),
        ]
    );
    // Only the fixed set is stored.
    let refused = client
        .execute(
            "INSERT INTO public.church_leaders (name, position, title) VALUES ('X Y', 'Elder', 'bishop')",
            &[],
        )
        .await
        .unwrap_err();
    assert_eq!(
        refused.as_db_error().and_then(|e| e.constraint()),
        Some("church_leaders_title_check"),
        "{refused}"
    );
    // The request forms send the name the visitor read, title and all.
    for (sent, mailbox) in [
        ("Elder Ruth Odhiambo", "ruth@example.org"),
        ("ruth odhiambo", "ruth@example.org"),
        ("Elder Paul Musyoka", "paul@example.org"),
    ] {
        let email: Option<String> = client
            .query_one("SELECT kanisa.resolve_recipient_email($1, NULL)", &[&sent])
            .await
            .unwrap()
            .get(0);
        assert_eq!(email.as_deref(), Some(mailbox), "{sent:?}");
    }
}
