//! The secret path segments of the endpoints providers call (payment callbacks, SMS delivery
//! reports): made, kept and compared.

use kanisa_pg::Pool;

use crate::error::FunctionsError;

/// 32 random characters for a secret path segment.
pub(crate) fn random_token() -> String {
    use rand::Rng;
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    let mut rng = rand::rng();
    (0..32)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect()
}

/// Compares secrets in constant time.
pub(crate) fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// The secret kept under `key` in `kanisa.secret_settings`, made the first time it is asked
/// for (by whichever instance asks first; every instance then reads the same one).
pub(crate) async fn kept_secret(service: &Pool, key: &str) -> Result<String, FunctionsError> {
    let made = random_token();
    let client = service.get().await?;
    client
        .execute(
            "INSERT INTO kanisa.secret_settings (key, value) VALUES ($1, to_jsonb($2::text)) \
             ON CONFLICT (key) DO NOTHING",
            &[&key, &made],
        )
        .await?;
    let row = client
        .query_one(
            "SELECT value #>> '{}' FROM kanisa.secret_settings WHERE key = $1",
            &[&key],
        )
        .await?;
    Ok(row.get::<_, String>(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_compare_whole() {
        assert!(same_secret("abc", "abc"));
        assert!(!same_secret("abc", "abd"));
        assert!(!same_secret("abc", "abcd"));
        assert!(!same_secret("", "a"));
        let (a, b) = (random_token(), random_token());
        assert_eq!(a.len(), 32);
        assert_ne!(a, b);
    }
}
