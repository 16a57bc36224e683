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
