//! The anonymous read cache: answers to `anon` GET/HEAD requests, kept until a table they read
//! changes (NOTIFY from row triggers, so every instance hears every write) or a short TTL runs
//! out (policies may depend on the date, e.g. an announcement's window). Only the anon role is
//! ever cached: a signed-in caller's rows are never stored, so they are never served to anyone.
//! A hit shares the entry's [`crate::Body`], so the entry's validator and each compressed form
//! the server asks for are made once in its life, not once per hit.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::ApiResponse;

pub struct AnonCache {
    inner: Mutex<Inner>,
    max_entries: usize,
    max_body: usize,
    ttl: Duration,
}

struct Inner {
    entries: HashMap<String, Entry>,
    /// Bumped by every invalidation: an answer computed across one is not stored.
    generation: u64,
}

struct Entry {
    response: ApiResponse,
    tables: Vec<String>,
    stored: Instant,
}

impl AnonCache {
    pub fn new(max_entries: usize, max_body: usize, ttl: Duration) -> Self {
        Self {
            inner: Mutex::new(Inner {
                entries: HashMap::new(),
                generation: 0,
            }),
            max_entries,
            max_body,
            ttl,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A fresh answer for `key`, if any.
    pub fn get(&self, key: &str) -> Option<ApiResponse> {
        let inner = self.lock();
        let entry = inner.entries.get(key)?;
        (entry.stored.elapsed() < self.ttl).then(|| entry.response.clone())
    }

    /// The generation to hand back to [`AnonCache::put`].
    pub fn generation(&self) -> u64 {
        self.lock().generation
    }

    pub fn put(&self, key: String, response: &ApiResponse, tables: Vec<String>, generation: u64) {
        if response
            .body
            .as_ref()
            .is_some_and(|b| b.len() > self.max_body)
        {
            return;
        }
        let mut inner = self.lock();
        if inner.generation != generation {
            return;
        }
        if inner.entries.len() >= self.max_entries {
            let ttl = self.ttl;
            inner.entries.retain(|_, e| e.stored.elapsed() < ttl);
            if inner.entries.len() >= self.max_entries {
                // Still full of live entries: start afresh rather than track recency.
                inner.entries.clear();
            }
        }
        inner.entries.insert(
            key,
            Entry {
                response: response.clone(),
                tables,
                stored: Instant::now(),
            },
        );
    }

    /// Drops every answer that read `table`.
    pub fn table_changed(&self, table: &str) {
        let mut inner = self.lock();
        inner.generation += 1;
        inner
            .entries
            .retain(|_, e| !e.tables.iter().any(|t| t == table));
    }

    pub fn clear(&self) {
        let mut inner = self.lock();
        inner.generation += 1;
        inner.entries.clear();
    }

    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.lock().entries.len()
    }

    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn response(body: &str) -> ApiResponse {
        ApiResponse {
            status: 200,
            body: Some(body.to_owned().into()),
            object: false,
            content_range: None,
            preference_applied: Vec::new(),
            cache: None,
        }
    }

    #[test]
    fn answers_live_until_a_table_they_read_changes() {
        let cache = AnonCache::new(10, 1000, Duration::from_secs(60));
        let g = cache.generation();
        cache.put("a".into(), &response("[1]"), vec!["sermons".into()], g);
        cache.put(
            "b".into(),
            &response("[2]"),
            vec!["events".into(), "users".into()],
            g,
        );
        assert_eq!(cache.get("a").unwrap().body.as_deref(), Some("[1]"));
        cache.table_changed("users");
        assert!(cache.get("b").is_none());
        assert!(cache.get("a").is_some());
    }

    #[test]
    fn a_hit_shares_the_entry_s_validator_and_compressed_forms() {
        use crate::Compression;
        let cache = AnonCache::new(10, 100_000, Duration::from_secs(60));
        let g = cache.generation();
        let text = format!("[{}]", vec!["{\"title\":\"Grace\"}"; 100].join(","));
        cache.put("a".into(), &response(&text), vec![], g);
        let first = cache.get("a").unwrap();
        let body = first.body.as_ref().unwrap();
        assert!(
            !body.has_compressed(Compression::Brotli),
            "made on first ask, not at store"
        );
        let tag = first.etag().unwrap().to_owned();
        let brotli = body.compressed(Compression::Brotli);
        assert!(brotli.len() < text.len() / 4, "{} bytes", brotli.len());

        // A later hit finds the form and the tag made: it compresses and hashes nothing, and
        // goes out with the very bytes (shared, not copied).
        let second = cache.get("a").unwrap();
        let body = second.body.as_ref().unwrap();
        assert!(body.has_compressed(Compression::Brotli));
        assert!(!body.has_compressed(Compression::Gzip));
        assert_eq!(
            body.compressed(Compression::Brotli).as_ptr(),
            brotli.as_ptr()
        );
        assert_eq!(second.etag(), Some(tag.as_str()));
        assert_eq!(
            body.bytes().as_ptr(),
            first.body.as_ref().unwrap().bytes().as_ptr()
        );
    }

    #[test]
    fn an_answer_computed_across_an_invalidation_is_not_stored() {
        let cache = AnonCache::new(10, 1000, Duration::from_secs(60));
        let g = cache.generation();
        cache.table_changed("sermons");
        cache.put("a".into(), &response("[1]"), vec!["sermons".into()], g);
        assert!(cache.get("a").is_none());
    }

    #[test]
    fn large_bodies_expired_entries_and_overflow() {
        let cache = AnonCache::new(2, 4, Duration::from_millis(0));
        let g = cache.generation();
        cache.put("big".into(), &response("[1,2,3]"), vec![], g);
        assert!(cache.is_empty());
        cache.put("a".into(), &response("[1]"), vec![], g);
        assert!(cache.get("a").is_none(), "expired at once with a zero TTL");
        let cache = AnonCache::new(2, 100, Duration::from_secs(60));
        for k in ["a", "b", "c"] {
            cache.put(k.into(), &response("[]"), vec![], g);
        }
        assert!(cache.len() <= 2);
        assert!(cache.get("c").is_some());
    }
}
