//! Gift amounts: whole Kenyan shillings, at least KES 1 (public-site §5), sent to providers as
//! whole numbers.

/// The smallest gift.
pub const MIN_AMOUNT: u64 = 1;
/// The largest single prompt we send (M-Pesa's per-transaction ceiling).
pub const MAX_AMOUNT: u64 = 250_000;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AmountError {
    /// Public-site §8 "Service guards".
    #[error("Phone number and amount are required")]
    Missing,
    /// Public-site §8 "Invalid amount": not a number of shillings.
    #[error("Please enter a valid amount (minimum KES 1)")]
    Invalid,
    /// Public-site §8 "Service guards": below KES 1.
    #[error("Amount must be at least KES 1")]
    TooSmall,
    #[error("The largest amount one payment can take is KES 250,000")]
    TooLarge,
}

/// Reads an amount as a donor types it: digits with optional thousands separators
/// (`1,000`), an optional `KES`/`Ksh` prefix and optional zero cents (`1000.00`). Cents that
/// are not zero are refused (payments are whole shillings).
pub fn parse_amount(input: &str) -> Result<u64, AmountError> {
    let mut s = input.trim();
    for prefix in [
        "KShs", "Kshs", "KSHS", "KES", "Kes", "kes", "KSH", "Ksh", "ksh",
    ] {
        if let Some(rest) = s.strip_prefix(prefix) {
            s = rest.trim_start_matches(['.', ' ']);
            break;
        }
    }
    if s.is_empty() {
        return Err(AmountError::Missing);
    }
    let digits: String = s.chars().filter(|c| *c != ',' && *c != ' ').collect();
    let whole = match digits.split_once('.') {
        Some((w, cents)) if !cents.is_empty() && cents.bytes().all(|b| b == b'0') => w,
        Some(_) => return Err(AmountError::Invalid),
        None => &digits,
    };
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return Err(AmountError::Invalid);
    }
    let amount: u64 = whole.parse().map_err(|_| AmountError::TooLarge)?;
    if amount < MIN_AMOUNT {
        Err(AmountError::TooSmall)
    } else if amount > MAX_AMOUNT {
        Err(AmountError::TooLarge)
    } else {
        Ok(amount)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_shillings_in_the_forms_people_type() {
        for (input, want) in [
            ("1", 1),
            ("500", 500),
            ("1,000", 1000),
            ("10 000", 10000),
            ("1000.00", 1000),
            ("KES 2,500", 2500),
            ("Ksh.750", 750),
            ("Kshs 300", 300),
            ("250000", 250_000),
        ] {
            assert_eq!(parse_amount(input), Ok(want), "{input}");
        }
    }

    #[test]
    fn refused_amounts_name_the_rule() {
        assert_eq!(parse_amount(""), Err(AmountError::Missing));
        assert_eq!(parse_amount("KES "), Err(AmountError::Missing));
        assert_eq!(parse_amount("0"), Err(AmountError::TooSmall));
        assert_eq!(parse_amount("-5"), Err(AmountError::Invalid));
        assert_eq!(parse_amount("99.50"), Err(AmountError::Invalid));
        assert_eq!(parse_amount("ten"), Err(AmountError::Invalid));
        assert_eq!(parse_amount("1e3"), Err(AmountError::Invalid));
        assert_eq!(parse_amount("250001"), Err(AmountError::TooLarge));
        assert_eq!(
            parse_amount("99999999999999999999999"),
            Err(AmountError::TooLarge)
        );
        assert_eq!(
            AmountError::Invalid.to_string(),
            "Please enter a valid amount (minimum KES 1)"
        );
        assert_eq!(
            AmountError::TooSmall.to_string(),
            "Amount must be at least KES 1"
        );
    }
}
