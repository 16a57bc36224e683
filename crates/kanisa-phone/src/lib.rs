//! Kenyan mobile numbers: the one rule every part of Kanisa reads a phone number with — a
//! donor's number (kanisa-giving), an SMS recipient (kanisa-notify), a form's contact number
//! (kanisa-functions) — and that the database's `kanisa.msisdn()` and `kanisa.stored_phone()`
//! (migrations 0032, 0035) and the apps' `@kanisa/client/phone` (apps/client/src/phone.ts)
//! follow. `cases.json` beside this crate is the rule as a table of cases, run by the tests of
//! all three: this crate's, kanisa-pg's (tests/it/phone.rs) and the apps' (vitest).
//!
//! The rule: spaces, tabs, line breaks, hyphens, dots and parentheses are ignored; then an
//! optional `+254`, `254` or `0` prefix; then nine digits starting with 1 or 7 (Safaricom,
//! Airtel and Telkom mobile ranges). `0712 345 678`, `712345678`, `+254 712-345-678` and
//! `(0712) 345.678` are the same number.
//!
//! Owns: the rule and the number's three forms (`254…` for providers, `+254…` stored and sent,
//! `0712 345 678` for people). Must not know HTTP, the database, or any message text.
#![forbid(unsafe_code)]

/// A Kenyan mobile number, held as providers take it: `254` and nine digits.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Msisdn(String);

impl Msisdn {
    /// `2547…` (M-Pesa, Equity Bank).
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// `+2547…`: how numbers are stored and how SMS providers take them.
    pub fn e164(&self) -> String {
        format!("+{}", self.0)
    }

    /// The local form people read: `0712 345 678`.
    pub fn local(&self) -> String {
        let n = &self.0[3..];
        format!("0{} {} {}", &n[..3], &n[3..6], &n[6..])
    }
}

impl std::fmt::Display for Msisdn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The characters ignored in a typed number.
pub const IGNORED: [char; 8] = [' ', '\t', '\n', '\r', '-', '.', '(', ')'];

/// Reads a Kenyan mobile number; `None` when `input` is not one.
pub fn msisdn(input: &str) -> Option<Msisdn> {
    let compact: String = input.chars().filter(|c| !IGNORED.contains(c)).collect();
    let rest = compact
        .strip_prefix("+254")
        .or_else(|| compact.strip_prefix("254"))
        .or_else(|| compact.strip_prefix('0'))
        .unwrap_or(&compact);
    let valid = rest.len() == 9
        && rest.bytes().all(|b| b.is_ascii_digit())
        && matches!(rest.as_bytes()[0], b'1' | b'7');
    valid.then(|| Msisdn(format!("254{rest}")))
}

/// True when `input` has nothing but ignored characters.
pub fn is_blank(input: &str) -> bool {
    input.chars().all(|c| IGNORED.contains(&c))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    /// The shared table of cases (`cases.json`): the SQL tests (kanisa-pg) and the TypeScript
    /// tests (apps/client, apps/public) run the same file.
    fn cases() -> Vec<Value> {
        let table: Value =
            serde_json::from_str(include_str!("../cases.json")).expect("cases.json is JSON");
        table["cases"]
            .as_array()
            .expect("cases.json has a list of cases")
            .clone()
    }

    fn text<'a>(case: &'a Value, field: &str) -> Option<&'a str> {
        case.get(field).and_then(Value::as_str)
    }

    #[test]
    fn the_shared_cases_hold() {
        let cases = cases();
        for case in &cases {
            let input = text(case, "input").expect("every case has an input");
            let got = msisdn(input);
            assert_eq!(
                got.as_ref().map(Msisdn::as_str),
                text(case, "msisdn"),
                "{input:?}"
            );
            if let Some(n) = &got {
                // The three forms: providers', stored and sent, read by people.
                assert_eq!(Some(n.e164().as_str()), text(case, "stored"), "{input:?}");
                assert_eq!(Some(n.local().as_str()), text(case, "local"), "{input:?}");
                assert_eq!(n.to_string(), n.as_str());
            }
            let blank = case.get("blank").and_then(Value::as_bool).unwrap_or(false);
            assert_eq!(is_blank(input), blank, "{input:?}");
        }
        // Both kinds in numbers, and every spelling this module's documentation names.
        let accepted = cases.iter().filter(|c| text(c, "msisdn").is_some()).count();
        assert!(
            accepted >= 20 && cases.len() - accepted >= 20,
            "{accepted} of {}",
            cases.len()
        );
        for named in [
            "0712 345 678",
            "712345678",
            "+254 712-345-678",
            "(0712) 345.678",
        ] {
            let listed = cases.iter().any(|c| text(c, "input") == Some(named));
            assert!(listed, "{named:?} is not in cases.json");
        }
    }
}
