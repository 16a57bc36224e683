//! argon2id hashing for the server: a few worker threads, each reusing its own memory block.
//!
//! argon2 needs `m_cost` KiB per hash. Allocated afresh for every sign-in on tokio's blocking
//! pool, that memory stays with the allocator (glibc raises its mmap threshold after the first
//! large free and keeps the chunks per thread arena): a burst of sign-ins grew the process by
//! hundreds of megabytes. Here the memory is allocated once per worker — at most
//! `workers × m_cost` (2 × 12 MiB on this machine) — and sign-ins queue for a worker, which is
//! also the right concurrency for work that is pure CPU.

use std::sync::mpsc;
use std::sync::{Arc, Mutex};

use argon2::password_hash::phc::{Output, ParamsString, PasswordHash, Salt};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use rand::Rng;
use tokio::sync::oneshot;

use crate::AuthError;

/// OWASP's second argon2id configuration (12 MiB, 3 passes, 1 lane): the same strength as
/// 19 MiB × 2 passes with less memory held per worker.
pub const M_COST_KIB: u32 = 12 * 1024;
pub const T_COST: u32 = 3;
pub const P_COST: u32 = 1;
const OUTPUT_LEN: usize = 32;
const SALT_LEN: usize = 16;

enum Job {
    Hash(String, oneshot::Sender<Result<String, AuthError>>),
    Verify(String, String, oneshot::Sender<bool>),
}

/// The hashing workers (they stop when the last `Hasher` handle is dropped).
pub struct Hasher {
    jobs: Mutex<mpsc::Sender<Job>>,
}

impl Hasher {
    /// One worker per core, at most four.
    pub fn new() -> Hasher {
        let workers = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
        let (tx, rx) = mpsc::channel::<Job>();
        let rx = Arc::new(Mutex::new(rx));
        for i in 0..workers {
            let rx = rx.clone();
            std::thread::Builder::new()
                .name(format!("kanisa-argon2-{i}"))
                .spawn(move || {
                    let mut memory: Vec<Block> = Vec::new();
                    loop {
                        let job = match rx.lock().unwrap_or_else(|p| p.into_inner()).recv() {
                            Ok(job) => job,
                            Err(_) => return,
                        };
                        match job {
                            Job::Hash(password, reply) => {
                                let _ = reply.send(hash_with(&mut memory, &password));
                            }
                            Job::Verify(password, phc, reply) => {
                                let _ = reply.send(verify_with(&mut memory, &password, &phc));
                            }
                        }
                    }
                })
                .expect("spawn a hashing thread");
        }
        Hasher {
            jobs: Mutex::new(tx),
        }
    }

    fn send(&self, job: Job) -> Result<(), AuthError> {
        self.jobs
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .send(job)
            .map_err(|_| AuthError::Hash)
    }

    pub async fn hash(&self, password: &str) -> Result<String, AuthError> {
        let (tx, rx) = oneshot::channel();
        self.send(Job::Hash(password.to_owned(), tx))?;
        rx.await.map_err(|_| AuthError::Hash)?
    }

    /// True when `password` matches the stored PHC string; a malformed hash never matches.
    pub async fn verify(&self, password: &str, phc: String) -> Result<bool, AuthError> {
        let (tx, rx) = oneshot::channel();
        self.send(Job::Verify(password.to_owned(), phc, tx))?;
        rx.await.map_err(|_| AuthError::Hash)
    }
}

impl Default for Hasher {
    fn default() -> Self {
        Self::new()
    }
}

fn params() -> Params {
    Params::new(M_COST_KIB, T_COST, P_COST, Some(OUTPUT_LEN)).expect("valid argon2 parameters")
}

/// Hashes with a fresh salt into a PHC string, using (and growing when needed) `memory`.
pub(crate) fn hash_with(memory: &mut Vec<Block>, password: &str) -> Result<String, AuthError> {
    let mut salt = [0u8; SALT_LEN];
    rand::rng().fill(&mut salt);
    let params = params();
    let mut out = [0u8; OUTPUT_LEN];
    fill(memory, params.m_cost());
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params.clone())
        .hash_password_into_with_memory(password.as_bytes(), &salt, &mut out, &mut memory[..])
        .map_err(|_| AuthError::Hash)?;
    let phc = PasswordHash {
        algorithm: argon2::ARGON2ID_IDENT,
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(&params).map_err(|_| AuthError::Hash)?,
        salt: Some(Salt::new(&salt).map_err(|_| AuthError::Hash)?),
        hash: Some(Output::new(&out).map_err(|_| AuthError::Hash)?),
    };
    Ok(phc.to_string())
}

/// Verifies against a PHC string with its own parameters (older hashes keep working).
pub(crate) fn verify_with(memory: &mut Vec<Block>, password: &str, phc: &str) -> bool {
    let Ok(hash) = PasswordHash::new(phc) else {
        return false;
    };
    let (Ok(algorithm), Ok(params), Some(salt), Some(expected)) = (
        Algorithm::try_from(hash.algorithm.as_str()),
        Params::try_from(&hash),
        hash.salt,
        hash.hash,
    ) else {
        return false;
    };
    let version = hash
        .version
        .and_then(|v| Version::try_from(v).ok())
        .unwrap_or_default();
    // Refuse absurd parameters from a tampered row rather than allocate gigabytes.
    if params.m_cost() > 256 * 1024 || params.t_cost() > 16 {
        return false;
    }
    let mut out = vec![0u8; expected.as_bytes().len()];
    fill(memory, params.m_cost());
    if Argon2::new(algorithm, version, params)
        .hash_password_into_with_memory(password.as_bytes(), &salt, &mut out, &mut memory[..])
        .is_err()
    {
        return false;
    }
    Output::new(&out).is_ok_and(|computed| computed == expected)
}

fn fill(memory: &mut Vec<Block>, m_cost: u32) {
    let blocks = m_cost as usize;
    if memory.len() < blocks {
        memory.resize(blocks, Block::default());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn hashes_verify_and_older_hashes_still_do() {
        let hasher = Hasher::new();
        let phc = hasher.hash("correct horse").await.unwrap();
        assert!(phc.starts_with("$argon2id$v=19$m=12288,t=3,p=1$"), "{phc}");
        assert_ne!(phc, hasher.hash("correct horse").await.unwrap(), "salted");
        assert!(hasher.verify("correct horse", phc.clone()).await.unwrap());
        assert!(!hasher.verify("correct hors", phc).await.unwrap());
        assert!(!hasher.verify("x", "not a hash".into()).await.unwrap());
        // A hash made by the argon2 crate's defaults (19 MiB, 2 passes) verifies too.
        use argon2::PasswordHasher;
        let old = Argon2::default()
            .hash_password(b"sabbath")
            .unwrap()
            .to_string();
        assert!(old.contains("m=19456,t=2"), "{old}");
        assert!(hasher.verify("sabbath", old.clone()).await.unwrap());
        assert!(!hasher.verify("sunday", old).await.unwrap());
    }

    #[test]
    fn absurd_parameters_are_refused_without_allocating() {
        let mut memory = Vec::new();
        assert!(!verify_with(
            &mut memory,
            "x",
            "$argon2id$v=19$m=4000000,t=3,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g"
        ));
        assert!(memory.is_empty());
    }
}
