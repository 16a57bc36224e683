//! The database's `kanisa.msisdn()` follows Kanisa's one phone rule (`kanisa-phone`): the same
//! answer for the forms people type and for thousands of generated near-misses.

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

#[tokio::test]
async fn the_database_reads_phone_numbers_by_the_same_rule_as_rust() {
    let db = TestDb::new().await;
    let client = db.client().await;
    let mut inputs: Vec<String> = [
        "0712345678",
        "712345678",
        "254712345678",
        "+254712345678",
        "+254 712 345 678",
        "0712-345-678",
        " 0712 345 678 ",
        "(0712) 345.678",
        "+254-712-345-678\n",
        "\t0112345678\r",
        "",
        "   ",
        "0812345678",
        "071234567",
        "07123456789",
        "+255712345678",
        "2540712345678",
        "0254712345678",
        "0712 345 67a",
        "254+712345678",
        "+ 254712345678",
        "07\u{a0}12345678",
        "０712345678",
    ]
    .map(String::from)
    .to_vec();
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
