//! A donor's phone number (public-site §5): an optional `+254`, `254` or `0` prefix and nine
//! digits starting with 1 or 7, spaces and hyphens (and, more forgiving than the original,
//! dots and brackets) ignored — `kanisa-phone`'s rule, the one every part of Kanisa uses. The
//! bank and Daraja take them as `2547…` / `2541…`.

pub use kanisa_phone::Msisdn;

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

/// Reads a donor's phone number with Kanisa's one rule (`kanisa-phone`).
pub fn parse_phone(input: &str) -> Result<Msisdn, PhoneError> {
    if kanisa_phone::is_blank(input) {
        return Err(PhoneError::Missing);
    }
    kanisa_phone::msisdn(input).ok_or(PhoneError::Invalid)
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
            "(0712) 345678",
            "+254 712.345.678",
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
