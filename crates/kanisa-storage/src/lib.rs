//! File storage (`/storage/v1` without HTTP): buckets and objects in the shape of Supabase
//! Storage, bytes in object_store (a folder or an S3-compatible bucket).
//!
//! Owns: the backends (`store.rs`), object names and the server-made names of the request
//! folders (`names.rs`), the type of a file from its extension and first bytes (`sniff.rs`),
//! streaming uploads with their limits — a file's size, and the public's uploads per address
//! and in all, which the database counts (migration 0047) — and the row/bytes protocol
//! (`upload.rs`), downloads, signed links, listings, deletes and bucket reads (`read.rs`,
//! `signed.rs`), the consistency check behind `kanisa storage check` (`check.rs`), and one
//! error type with its HTTP status and Storage error code (`error.rs`).
//!
//! Must not know HTTP types (the server hands it strings, a byte stream and a [`Caller`]) and
//! never decides who may do what: every metadata statement runs as the caller (kanisa-pg's
//! per-request context), so the policies in `policies/storage.*.sql` decide. Its own connection
//! ([`Storage::new`]'s `service` pool) only reads bucket limits, tells a refused read (403)
//! from a missing object (404), serves signed links (the signature is the permission) and
//! runs the check.
//!
//! # Rows and bytes
//!
//! Each upload streams into a fresh key `{bucket}/{version}` (never overwriting anything), and
//! only when the bytes are complete commits the row that points at them, in one short
//! transaction as the caller; a replaced or deleted object's old bytes are removed after the
//! row's change commits. So a row always has its bytes, whatever fails or dies when; what can
//! be left behind is only unreferenced bytes, which [`check`] finds and removes.
#![forbid(unsafe_code)]

mod check;
mod error;
pub mod names;
mod read;
mod signed;
pub mod sniff;
mod store;
mod upload;

use std::time::Duration;

use kanisa_pg::Pool;

pub use check::{CheckReport, Orphan, check};
pub use error::StorageError;
pub use read::{ListOptions, ObjectInfo, SignedEntry, SortColumn};
pub use signed::{Clock, LinkSigner, UploadGrant};
pub use store::{Backend, Store};
pub use upload::{Pending, UPLOAD_URL_SECS, UploadRequest, Uploaded, Written};

/// Limits and timings of the storage API.
#[derive(Debug, Clone)]
pub struct StorageOptions {
    /// The most an upload may be anywhere (buckets without a limit get this one), in bytes.
    pub max_upload_bytes: u64,
    /// Bytes held in memory per upload before they go to the store: a file up to this size is
    /// written with one put, a larger one in parts of this size. `None`: 1 MiB for a folder,
    /// 5 MiB (S3's smallest part) for S3.
    pub part_bytes: Option<usize>,
    /// An upload that sends nothing for this long is refused (408).
    pub idle_timeout: Duration,
    /// No upload may take longer than this (408).
    pub upload_deadline: Duration,
    /// Longest validity of a signed link, in seconds.
    pub max_link_secs: i64,
    /// The clock of signed links and generated names (tests move a manual one).
    pub clock: Clock,
}

impl Default for StorageOptions {
    fn default() -> Self {
        Self {
            max_upload_bytes: 50 * 1024 * 1024,
            part_bytes: None,
            idle_timeout: Duration::from_secs(60),
            upload_deadline: Duration::from_secs(30 * 60),
            max_link_secs: 7 * 24 * 3600,
            clock: Clock::system(),
        }
    }
}

/// A signed link's validity when the request names none (Supabase: 1 hour as well).
pub const DEFAULT_LINK_SECS: i64 = 3600;

/// The storage service.
pub struct Storage {
    store: Store,
    api: Pool,
    service: Pool,
    links: LinkSigner,
    options: StorageOptions,
    part_bytes: usize,
}

impl Storage {
    /// `api` logs in as `authenticator` (requests run as their caller), `service` as the
    /// database owner; `secret` signs links (the server's JWT secret).
    pub fn new(
        store: Store,
        api: Pool,
        service: Pool,
        secret: &str,
        options: StorageOptions,
    ) -> Storage {
        let part_bytes = options.part_bytes.unwrap_or(match store.backend() {
            Backend::Local { .. } => 1024 * 1024,
            Backend::S3 { .. } => 5 * 1024 * 1024,
        });
        Storage {
            links: LinkSigner::new(secret, options.clock.clone()),
            store,
            api,
            service,
            options,
            part_bytes,
        }
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    pub fn options(&self) -> &StorageOptions {
        &self.options
    }

    /// The largest body an upload request may carry: the upload ceiling plus room for a
    /// multipart envelope. The server sizes its body limit with it.
    pub fn max_request_bytes(&self) -> u64 {
        self.options.max_upload_bytes + 1024 * 1024
    }
}

pub use kanisa_pg::Caller;
