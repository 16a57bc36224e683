//! Kenyan mobile numbers (public-site §5): after removing spaces and hyphens, an optional
//! `+254`, `254` or `0` prefix and nine digits starting with 1 or 7. The bank and Daraja take
//! them as `2547…` / `2541…` (strip spaces, hyphens and plus signs; a leading 0 becomes 254;
//! 254 is prefixed when missing).

/// A valid number, as the providers take it: `254` and nine digits.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Msisdn(String);

impl Msisdn {
    pub fn as_str(&self) -> &str {
        &self.0
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

/// The example shown in the invalid-number text.
pub const EXAMPLE: &str = "0712345678";

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PhoneError {
    /// Public-site §8 "Service guards".
    #[error("Phone number and amount are required")]
    Missing,
    /// Public-site §8 "Invalid phone".
    #[error("Please enter a valid Kenyan phone number (e.g., {EXAMPLE})")]
    Invalid,
}

/// Reads a donor's phone number.
pub fn parse_phone(input: &str) -> Result<Msisdn, PhoneError> {
    let compact: String = input
        .trim()
        .chars()
        .filter(|c| *c != ' ' && *c != '-')
        .collect();
    if compact.is_empty() {
        return Err(PhoneError::Missing);
    }
    let rest = compact
        .strip_prefix("+254")
        .or_else(|| compact.strip_prefix("254"))
        .or_else(|| compact.strip_prefix('0'))
        .unwrap_or(&compact);
    let valid = rest.len() == 9
        && rest.bytes().all(|b| b.is_ascii_digit())
        && matches!(rest.as_bytes()[0], b'1' | b'7');
    if valid {
        Ok(Msisdn(format!("254{rest}")))
    } else {
        Err(PhoneError::Invalid)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_accepted_form_becomes_254_and_nine_digits() {
        for input in [
            "0712345678",
            "712345678",
            "254712345678",
            "+254712345678",
            "+254 712 345 678",
            "0712-345-678",
            " 0712 345 678 ",
            "0112345678",
            "+254-112-345-678",
        ] {
            let n = parse_phone(input).unwrap_or_else(|e| panic!("{input}: {e}"));
            assert!(
                n.as_str() == "254712345678" || n.as_str() == "254112345678",
                "{input} → {n}"
            );
        }
        assert_eq!(parse_phone("0712345678").unwrap().local(), "0712 345 678");
    }

    #[test]
    fn every_refused_form_says_how_to_write_it() {
        for input in [
            "0812345678",    // starts with 8
            "071234567",     // eight digits
            "07123456789",   // ten digits
            "+255712345678", // Tanzania
            "2540712345678", // 254 and 0
            "0712 345 67a",  // a letter
            "(0712) 345678", // brackets
            "+254 712.345.678",
            "00254712345678",
        ] {
            assert_eq!(parse_phone(input), Err(PhoneError::Invalid), "{input}");
        }
        assert_eq!(parse_phone("  "), Err(PhoneError::Missing));
        assert_eq!(
            PhoneError::Invalid.to_string(),
            "Please enter a valid Kenyan phone number (e.g., 0712345678)"
        );
    }
}
