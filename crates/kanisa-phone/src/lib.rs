//! Kenyan mobile numbers: the one rule every part of Kanisa reads a phone number with — a
//! donor's number (kanisa-giving), an SMS recipient (kanisa-notify), a form's contact number
//! (kanisa-functions) — and that the database's `kanisa.msisdn()` (migration 0025) follows,
//! held to it by a test in kanisa-pg.
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

    #[test]
    fn every_accepted_form_is_the_same_number() {
        for input in [
            "0712345678",
            "712345678",
            "254712345678",
            "+254712345678",
            "+254 712 345 678",
            "0712-345-678",
            " 0712 345 678 ",
            "(0712) 345.678",
            "+254-712-345-678\n",
        ] {
            let n = msisdn(input).unwrap_or_else(|| panic!("{input:?} refused"));
            assert_eq!(n.as_str(), "254712345678", "{input:?}");
            assert_eq!(n.e164(), "+254712345678");
            assert_eq!(n.local(), "0712 345 678");
        }
        assert_eq!(msisdn("0112345678").unwrap().as_str(), "254112345678");
    }

    #[test]
    fn anything_else_is_not_a_kenyan_mobile() {
        for input in [
            "",
            "   ",
            "0812345678",
            "071234567",
            "07123456789",
            "+255712345678",
            "2540712345678",
            "0254712345678",
            "0712 345 67a",
            "+ 254712345678x",
            "254+712345678",
            "07\u{a0}12345678",
            "０712345678",
        ] {
            assert_eq!(msisdn(input), None, "{input:?}");
        }
        assert!(is_blank(" - ") && !is_blank("0"));
    }
}
