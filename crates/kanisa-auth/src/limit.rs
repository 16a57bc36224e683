//! A per-address token bucket: `capacity` requests at once, refilled evenly over `period`.
//! Each instance counts its own requests (several instances behind a load balancer each allow
//! the full rate; the per-e-mail lockout, kept in the database, is the shared guard).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub struct RateLimiter {
    capacity: f64,
    per_second: f64,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

#[derive(Clone, Copy)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

/// Addresses tracked before idle ones are forgotten.
const MAX_TRACKED: usize = 10_000;

impl RateLimiter {
    pub fn new(capacity: u32, period: Duration) -> Self {
        RateLimiter {
            capacity: f64::from(capacity),
            per_second: f64::from(capacity) / period.as_secs_f64(),
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// A limiter of `capacity` a `period`, or none when `capacity` is 0 (the limit lifted, as a
    /// benchmark asks).
    pub fn optional(capacity: u32, period: Duration) -> Option<Self> {
        (capacity > 0).then(|| RateLimiter::new(capacity, period))
    }

    /// Takes one token for `ip`; when none is left, the seconds until one is.
    pub fn check(&self, ip: IpAddr, now: Instant) -> Result<(), u64> {
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        if buckets.len() >= MAX_TRACKED && !buckets.contains_key(&ip) {
            let full = self.capacity / self.per_second;
            buckets.retain(|_, b| now.duration_since(b.at).as_secs_f64() < full);
        }
        let bucket = buckets.entry(ip).or_insert(Bucket {
            tokens: self.capacity,
            at: now,
        });
        let elapsed = now.saturating_duration_since(bucket.at).as_secs_f64();
        bucket.tokens = (bucket.tokens + elapsed * self.per_second).min(self.capacity);
        bucket.at = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            Ok(())
        } else {
            Err(((1.0 - bucket.tokens) / self.per_second).ceil().max(1.0) as u64)
        }
    }
}

/// Takes one token for `ip` from `limiter`, when both are there (no limiter: the limit is
/// lifted; no address: the request did not come over the network).
pub fn admit(limiter: Option<&RateLimiter>, ip: Option<IpAddr>) -> Result<(), u64> {
    match (limiter, ip) {
        (Some(limiter), Some(ip)) => limiter.check(ip, Instant::now()),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_is_allowed_then_refused_until_refilled() {
        let limiter = RateLimiter::new(3, Duration::from_secs(60));
        let ip: IpAddr = "192.0.2.1".parse().unwrap();
        let other: IpAddr = "192.0.2.2".parse().unwrap();
        let t0 = Instant::now();
        for _ in 0..3 {
            assert!(limiter.check(ip, t0).is_ok());
        }
        assert_eq!(limiter.check(ip, t0), Err(20));
        assert!(
            limiter.check(other, t0).is_ok(),
            "addresses are counted apart"
        );
        assert!(limiter.check(ip, t0 + Duration::from_secs(19)).is_err());
        assert!(limiter.check(ip, t0 + Duration::from_secs(21)).is_ok());
    }
}
