//! What a provider's result code means for a payment. Daraja's codes (STK callback and query)
//! and the spec's (0 success, 1037 pending, 1032 cancelled); codes may arrive as numbers or
//! text, and the query's "still processing" error is an in-flight answer, not a failure.

/// Where a payment stands after a provider's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Completed,
    /// Not final: ask again later.
    Pending,
    Cancelled,
    /// The prompt expired or the phone never answered.
    Expired,
    Failed,
}

/// Classifies a result code (`ResultCode`, `errorCode`, the spec's `responseCode`).
pub fn classify(code: &str) -> Outcome {
    match code.trim() {
        "0" | "00" | "SUCCESS" => Outcome::Completed,
        // In flight: the query's "transaction is being processed", busy systems, another
        // transaction in progress.
        "500.001.1001" | "17" | "26" | "1001" | "PENDING" => Outcome::Pending,
        "1032" | "CANCELLED" => Outcome::Cancelled,
        "1037" | "1019" | "1036" => Outcome::Expired,
        _ => Outcome::Failed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn result_codes() {
        assert_eq!(classify("0"), Outcome::Completed);
        assert_eq!(classify(" 0 "), Outcome::Completed);
        assert_eq!(classify("500.001.1001"), Outcome::Pending);
        assert_eq!(classify("1032"), Outcome::Cancelled);
        assert_eq!(classify("1037"), Outcome::Expired);
        assert_eq!(classify("1"), Outcome::Failed, "insufficient balance");
        assert_eq!(classify("2001"), Outcome::Failed, "wrong PIN");
        assert_eq!(
            classify("SFC_IC0003"),
            Outcome::Failed,
            "text codes are failures with their text"
        );
    }
}
