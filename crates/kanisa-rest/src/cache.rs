//! The anonymous read cache: answers to `anon` GET/HEAD requests, kept until a table they read
//! changes (NOTIFY from row triggers, so every instance hears every write) or a short TTL runs
//! out (policies may depend on the date, e.g. an announcement's window). Only the anon role is
//! ever cached: a signed-in caller's rows are never stored, so they are never served to anyone.
//! A hit shares the entry's [`crate::Body`], so the entry's validator and each compressed form
//! the server asks for are made once in its life, not once per hit.
//!
//! An entry is found by its [`AnonKey`]: the table, the raw query string and the raw values
//! of every header the request stage reads for a read ([`KEY_HEADERS`]), as they came. The
//! server can so probe the cache ([`crate::Rest::cached`]) before the request is read at all,
//! with the very key [`crate::ApiRequest::from_parts`] stores the answer under: two requests
//! share an entry only when everything the answer depends on is the same text.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::{Accept, ApiResponse};

/// The request headers an anonymous read's answer depends on: every header
/// [`crate::ApiRequest::from_parts`] reads for a GET or HEAD (a header read there must be named
/// here). `Accept-Encoding` and `If-None-Match` are not: the server applies them to the entry.
pub const KEY_HEADERS: &[&str] = &[
    "accept",
    "accept-profile",
    "content-profile",
    "prefer",
    "range",
];

/// What an anonymous read of a table is kept under: its table, its raw query string and the
/// [`KEY_HEADERS`] in the order they came, each part length-prefixed (so no two requests
/// differing in any of them share a key). GET and HEAD share it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct AnonKey(Vec<u8>);

impl AnonKey {
    /// The key of a read of `table` with `query`; `headers` as (name in any case, value).
    pub fn new<'a>(
        table: &str,
        query: &str,
        headers: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> AnonKey {
        let mut key = Vec::with_capacity(table.len() + query.len() + 16);
        let part = |key: &mut Vec<u8>, bytes: &[u8]| {
            key.extend_from_slice(&(bytes.len() as u32).to_le_bytes());
            key.extend_from_slice(bytes);
        };
        part(&mut key, table.as_bytes());
        part(&mut key, query.as_bytes());
        for (name, value) in headers {
            if let Some(at) = KEY_HEADERS
                .iter()
                .position(|h| h.eq_ignore_ascii_case(name))
            {
                key.push(at as u8);
                part(&mut key, value.as_bytes());
            }
        }
        AnonKey(key)
    }
}

pub struct AnonCache {
    inner: Mutex<Inner>,
    max_entries: usize,
    max_body: usize,
    ttl: Duration,
}

struct Inner {
    entries: HashMap<AnonKey, Entry>,
    /// Bumped by every invalidation: an answer computed across one is not stored.
    generation: u64,
}

struct Entry {
    response: ApiResponse,
    accept: Accept,
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

    /// A fresh answer for `key`, if any, with the media type it is in.
    pub fn get(&self, key: &AnonKey) -> Option<(ApiResponse, Accept)> {
        let inner = self.lock();
        let entry = inner.entries.get(key)?;
        (entry.stored.elapsed() < self.ttl).then(|| (entry.response.clone(), entry.accept))
    }

    /// The generation to hand back to [`AnonCache::put`].
    pub fn generation(&self) -> u64 {
        self.lock().generation
    }

    pub fn put(
        &self,
        key: AnonKey,
        response: &ApiResponse,
        accept: Accept,
        tables: Vec<String>,
        generation: u64,
    ) {
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
                accept,
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

    fn key(k: &str) -> AnonKey {
        AnonKey::new(k, "", [])
    }

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
        cache.put(
            key("a"),
            &response("[1]"),
            Accept::Json,
            vec!["sermons".into()],
            g,
        );
        cache.put(
            key("b"),
            &response("[2]"),
            Accept::Json,
            vec!["events".into(), "users".into()],
            g,
        );
        assert_eq!(cache.get(&key("a")).unwrap().0.body.as_deref(), Some("[1]"));
        cache.table_changed("users");
        assert!(cache.get(&key("b")).is_none());
        assert!(cache.get(&key("a")).is_some());
    }

    #[test]
    fn a_hit_shares_the_entry_s_validator_and_compressed_forms() {
        use crate::Compression;
        let cache = AnonCache::new(10, 100_000, Duration::from_secs(60));
        let g = cache.generation();
        let text = format!("[{}]", vec!["{\"title\":\"Grace\"}"; 100].join(","));
        cache.put(key("a"), &response(&text), Accept::Json, vec![], g);
        let first = cache.get(&key("a")).unwrap().0;
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
        let second = cache.get(&key("a")).unwrap().0;
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
        cache.put(
            key("a"),
            &response("[1]"),
            Accept::Json,
            vec!["sermons".into()],
            g,
        );
        assert!(cache.get(&key("a")).is_none());
    }

    #[test]
    fn large_bodies_expired_entries_and_overflow() {
        let cache = AnonCache::new(2, 4, Duration::from_millis(0));
        let g = cache.generation();
        cache.put(key("big"), &response("[1,2,3]"), Accept::Json, vec![], g);
        assert!(cache.is_empty());
        cache.put(key("a"), &response("[1]"), Accept::Json, vec![], g);
        assert!(
            cache.get(&key("a")).is_none(),
            "expired at once with a zero TTL"
        );
        let cache = AnonCache::new(2, 100, Duration::from_secs(60));
        for k in ["a", "b", "c"] {
            cache.put(key(k), &response("[]"), Accept::Json, vec![], g);
        }
        assert!(cache.len() <= 2);
        assert!(cache.get(&key("c")).is_some());
    }

    #[test]
    fn keys_differ_whenever_a_part_the_answer_depends_on_differs() {
        let base = [("accept", "application/json"), ("prefer", "count=exact")];
        let k = |table: &str, query: &str, headers: &[(&str, &str)]| {
            AnonKey::new(table, query, headers.iter().copied())
        };
        let reference = k("sermons", "select=id", &base);
        // Names in any case and headers the answer does not depend on change nothing.
        assert_eq!(
            k(
                "sermons",
                "select=id",
                &[
                    ("Accept", "application/json"),
                    ("user-agent", "x"),
                    ("apikey", "y"),
                    ("PREFER", "count=exact"),
                    ("accept-encoding", "br"),
                ]
            ),
            reference
        );
        for (table, query, headers) in [
            ("sermon", "select=id", &base[..]),
            ("sermons", "select=id,title", &base[..]),
            ("sermons", "select=i", &base[..]),
            ("sermonsselect=id", "", &base[..]),
            ("sermons", "select=id", &base[..1]),
            (
                "sermons",
                "select=id",
                &[("accept", "text/csv"), base[1]][..],
            ),
            (
                "sermons",
                "select=id",
                &[base[0], ("prefer", "count=planned")][..],
            ),
            (
                "sermons",
                "select=id",
                &[base[0], base[1], ("prefer", "x")][..],
            ),
            ("sermons", "select=id", &[base[1], base[0]][..]),
            (
                "sermons",
                "select=id",
                &[base[0], base[1], ("range", "0-1")][..],
            ),
            (
                "sermons",
                "select=id",
                &[base[0], base[1], ("accept-profile", "x")][..],
            ),
            (
                "sermons",
                "select=id",
                &[base[0], base[1], ("content-profile", "x")][..],
            ),
            // A value cannot pass for a name, nor one header for two.
            (
                "sermons",
                "select=id",
                &[("accept", "application/jsonprefer"), ("prefer", "")][..],
            ),
        ] {
            assert_ne!(
                k(table, query, headers),
                reference,
                "{table} {query} {headers:?}"
            );
        }
    }
}
