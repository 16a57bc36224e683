//! Whether the sessions behind the instance's channels still exist, asked of the database once
//! for all sockets rather than once per socket.
//!
//! Every socket checks its channels' sessions at each heartbeat (realtime-js beats every 25 s),
//! so an instance with 1,000 signed-in sockets would ask `auth.sessions` 40 times a second
//! while nothing happens. [`Sessions`] answers from what it last read when that is younger
//! than [`FRESH`]; otherwise one caller reads every session asked about in the last
//! [`REMEMBER`] in one statement while the others wait for its answer. The database is then
//! asked at most once per [`FRESH`] whatever the number of sockets, and a signed-out session
//! stops its channels at the first heartbeat more than [`FRESH`] after the sign-out.

use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

use kanisa_pg::{PgError, Pool};
use tokio::sync::Mutex;
use uuid::Uuid;

use crate::check;

/// How old an answer may be and still be given.
pub const FRESH: Duration = Duration::from_secs(2);

/// How long a session nobody asks about is still read with the others.
pub const REMEMBER: Duration = Duration::from_secs(120);

#[derive(Debug, Clone, Copy)]
struct Known {
    alive: bool,
    asked: Instant,
}

#[derive(Default)]
struct Read {
    at: Option<Instant>,
    known: HashMap<Uuid, Known>,
    reads: u64,
}

/// The instance's shared answers (see the module doc).
pub struct Sessions {
    fresh: Duration,
    read: Mutex<Read>,
}

impl Default for Sessions {
    fn default() -> Sessions {
        Sessions::answering_for(FRESH)
    }
}

impl Sessions {
    /// Answers that stay good for `fresh` (the product uses [`FRESH`]).
    pub fn answering_for(fresh: Duration) -> Sessions {
        Sessions {
            fresh,
            read: Mutex::default(),
        }
    }

    /// Which of `ids` still exist, read afresh only when the last read is older than
    /// [`FRESH`] or did not cover one of them.
    pub async fn alive(&self, service: &Pool, ids: &[Uuid]) -> Result<HashSet<Uuid>, PgError> {
        let now = Instant::now();
        let mut read = self.read.lock().await;
        let fresh = read
            .at
            .is_some_and(|at| now.duration_since(at) < self.fresh)
            && ids.iter().all(|id| read.known.contains_key(id));
        if !fresh {
            read.known
                .retain(|_, k| now.duration_since(k.asked) < REMEMBER);
            let mut asking: Vec<Uuid> = read.known.keys().copied().collect();
            asking.extend(ids.iter().filter(|id| !read.known.contains_key(id)));
            let alive = check::sessions_alive(service, &asking).await?;
            for id in asking {
                let asked = read.known.get(&id).map_or(now, |k| k.asked);
                read.known.insert(
                    id,
                    Known {
                        alive: alive.contains(&id),
                        asked,
                    },
                );
            }
            read.at = Some(now);
            read.reads += 1;
        }
        let mut out = HashSet::new();
        for id in ids {
            if let Some(known) = read.known.get_mut(id) {
                known.asked = now;
                if known.alive {
                    out.insert(*id);
                }
            }
        }
        Ok(out)
    }

    /// How many times the database was read.
    pub async fn reads(&self) -> u64 {
        self.read.lock().await.reads
    }
}
