//! The change feed: where row changes come from (migration `0052_realtime_changes.sql`).
//!
//! Statement-level triggers on the *published* tables write every changed row, in the changing
//! transaction, to `realtime.changes`, and send `NOTIFY kanisa_realtime` (delivered at commit,
//! never on rollback). Each instance LISTENs and reads the table on its own.
//!
//! Publication is explicit data, as Supabase's "enable realtime for a table": the owner calls
//! `realtime.publish('public.t')` (creates the three triggers; refused without a primary key or
//! outside schema public), `realtime.unpublish(...)` drops them, and
//! `realtime.published_tables()` lists them. No API role may call them. Migration 0052
//! published nothing (no consumer existed); 0053, with the hub, publishes the tables the back
//! office watches: prayer_requests, messages, giving_records, members, sermons, events and
//! announcements.
//!
//! Why triggers, a durable table and NOTIFY rather than logical decoding (`pgoutput` and a
//! replication slot):
//!
//! - It works unchanged on a `DATABASE_URL` database at a managed provider: no
//!   `wal_level=logical`, no REPLICATION privilege.
//! - No replication slot: a slot whose instance died holds back WAL until someone drops it, and
//!   on a small server that fills the disk. Here an old change is only a row, pruned by a job.
//! - Several instances read one table independently, each delivering to its own sockets; a slot
//!   has one reader at a time.
//!
//! The price: a notifying commit takes the notification queue's database-wide lock, so
//! notifying commits do not share a WAL flush (migrations 0009 and 0014 keep the public forms
//! quiet for that reason: measured, it halves their throughput). Only published tables notify,
//! once per statement.
//!
//! **Reading without losing or reordering a change.** Rows are read by transaction-id horizon,
//! not by an id watermark: an identity value is drawn when the row is written, before its
//! transaction commits, so a lower id can become visible after a higher one, and a reader that
//! remembered "the last id I saw" would skip it. The horizon is
//! `pg_snapshot_xmin(pg_current_snapshot())`: every transaction with an id below it has ended,
//! committed or rolled back, so the rows below it that are visible now are all that will ever be.
//! A read ([`read`]) returns the rows with `prev_horizon <= xid < horizon`, ordered by id, and
//! the new horizon, in one statement (one snapshot). Rows of a transaction at or above the
//! horizon that already committed are *held back* behind an older open transaction; the read
//! says so and the [`Feed`] reads again after a short back-off (20 ms doubling to 1 s) until
//! they are out. When nothing is held back it waits for the next notification: no polling
//! while idle. An instance starts at the current horizon: it delivers what commits after it
//! starts (a subscriber that reconnects elsewhere is served by that instance from then on).
//! Each window's changes go to the one consumer as a batch ([`Feed::recv`], a bounded
//! channel): a slow consumer slows the reads, never drops a change.
//!
//! The horizon is cluster-wide: any transaction that holds a transaction id (a write) holds
//! every reader's horizon while it stays open, wherever it writes. API requests are bounded by
//! their statement timeouts; a session left idle in a writing transaction delays delivery (never
//! loses it) until it ends.
//!
//! **Pruning.** The periodic job `realtime_prune_changes` ([`PruneChanges`], every five
//! minutes, registered by [`jobs`]) deletes the changes older than ten minutes that every reader
//! has passed (`realtime.prune_changes(keep)`: a row at or above the current horizon is kept however
//! old, so a long transaction never costs a reader a change).

use std::time::Duration;

use chrono::{DateTime, Utc};
use kanisa_jobs::{Job, JobFailure, Registry, RunInfo};
use kanisa_pg::{PgError, Pool};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

/// The channel the triggers notify on (`pg_notify('kanisa_realtime', '')`).
pub const CHANNEL: &str = "kanisa_realtime";

/// The kind of the prune job.
pub const PRUNE_CHANGES: &str = "realtime_prune_changes";

/// How often the prune job runs: a change is read within moments of its commit, so keeping it
/// up to [`KEEP`] plus this is ample, and a server with nothing published pays one cheap run in
/// five minutes, not one a minute.
pub const PRUNE_EVERY: Duration = Duration::from_secs(5 * 60);

/// How long a change is kept once every reader has passed it.
pub const KEEP: Duration = Duration::from_secs(10 * 60);

/// The first wait before reading again while committed changes are held back, doubled up to
/// [`MAX_BACKOFF`].
const FIRST_BACKOFF: Duration = Duration::from_millis(20);
const MAX_BACKOFF: Duration = Duration::from_secs(1);

/// Batches waiting for the consumer before the feed waits for it.
const BATCHES: usize = 64;

/// What happened to a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Insert,
    Update,
    Delete,
}

impl Op {
    /// As PostgreSQL and Supabase name it (`INSERT`, `UPDATE`, `DELETE`).
    pub fn as_str(self) -> &'static str {
        match self {
            Op::Insert => "INSERT",
            Op::Update => "UPDATE",
            Op::Delete => "DELETE",
        }
    }

    fn parse(s: &str) -> Option<Op> {
        match s {
            "INSERT" => Some(Op::Insert),
            "UPDATE" => Some(Op::Update),
            "DELETE" => Some(Op::Delete),
            _ => None,
        }
    }
}

/// One changed row, as `realtime.changes` holds it.
#[derive(Clone, Debug, PartialEq)]
pub struct ChangeRow {
    /// Its row in `realtime.changes` (order within a window; not a watermark).
    pub id: i64,
    pub schema: String,
    pub table: String,
    pub op: Op,
    /// The new row (`to_jsonb`); `None` for a DELETE.
    pub record: Option<Value>,
    /// The old row's primary-key columns, for an UPDATE or DELETE; `None` for an INSERT.
    pub old_keys: Option<Value>,
    /// When the changing statement's trigger ran, just before its commit.
    pub commit_ts: DateTime<Utc>,
}

/// A transaction-id horizon: every transaction below it has ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Horizon(pub i64);

/// What one read found.
#[derive(Clone, Debug)]
pub struct Window {
    /// The changes of transactions in `[since, horizon)`, ordered by id.
    pub rows: Vec<ChangeRow>,
    /// Where the next read starts.
    pub horizon: Horizon,
    /// Committed changes exist at or above `horizon`, held back by an older open transaction:
    /// read again soon, even without a notification.
    pub held_back: bool,
}

/// The horizon now: where a reader that starts now begins.
pub async fn horizon(client: &impl tokio_postgres::GenericClient) -> Result<Horizon, PgError> {
    let row = client
        .query_one(
            "SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint",
            &[],
        )
        .await?;
    Ok(Horizon(row.get(0)))
}

/// The one statement of a read: horizon, window and the held-back check share its snapshot.
/// A row whose xid this cluster has not assigned yet (`>= pg_snapshot_xmax`: only a dump
/// restored into another cluster brings one) is not counted as held back; the prune deletes it.
const READ: &str = "\
WITH s AS (SELECT pg_current_snapshot() AS snapshot), \
     h AS (SELECT pg_snapshot_xmin(s.snapshot) AS horizon, \
                  pg_snapshot_xmax(s.snapshot) AS next FROM s), \
     w AS (SELECT c.id, c.schema_name, c.table_name, c.op, c.record, c.old_keys, c.commit_ts \
             FROM realtime.changes c, h \
            WHERE c.xid >= $1::text::xid8 AND c.xid < h.horizon) \
SELECT h.horizon::text::bigint, \
       EXISTS (SELECT 1 FROM realtime.changes c WHERE c.xid >= h.horizon AND c.xid < h.next), \
       w.id, w.schema_name, w.table_name, w.op, w.record, w.old_keys, w.commit_ts \
  FROM h LEFT JOIN w ON true \
 ORDER BY w.id";

/// The changes committed by transactions in `[since, now's horizon)`, and the new horizon.
pub async fn read(
    client: &impl tokio_postgres::GenericClient,
    since: Horizon,
) -> Result<Window, PgError> {
    let rows = client.query(READ, &[&since.0.to_string()]).await?;
    let mut window = Window {
        rows: Vec::with_capacity(rows.len()),
        horizon: since,
        held_back: false,
    };
    for row in &rows {
        window.horizon = Horizon(row.get(0));
        window.held_back = row.get(1);
        let Some(id) = row.get::<_, Option<i64>>(2) else {
            continue;
        };
        let op: String = row.get(5);
        window.rows.push(ChangeRow {
            id,
            schema: row.get(3),
            table: row.get(4),
            // The table's CHECK allows only the three.
            op: Op::parse(&op).unwrap_or(Op::Update),
            record: row.get(6),
            old_keys: row.get(7),
            commit_ts: row.get(8),
        });
    }
    Ok(window)
}

/// The feed of one instance: reads `realtime.changes` whenever `NOTIFY kanisa_realtime` says
/// something committed (and after every reconnect of the listening connection), and again
/// after a back-off while changes are held back; hands each window's changes, in order, to
/// [`Feed::recv`]. Stops when dropped.
pub struct Feed {
    batches: mpsc::Receiver<Vec<ChangeRow>>,
    task: JoinHandle<()>,
}

impl Feed {
    /// Starts at the current horizon (read on `service`, the owner's connections) and listens
    /// with `listen` (a dedicated connection, as `kanisa_pg::listen` makes).
    pub async fn start(service: Pool, listen: tokio_postgres::Config) -> Result<Feed, PgError> {
        let start = horizon(&**service.get().await?).await?;
        let notes = kanisa_pg::listen(listen, CHANNEL);
        let (tx, batches) = mpsc::channel(BATCHES);
        let task = tokio::spawn(run(service, notes, start, tx));
        Ok(Feed { batches, task })
    }

    /// The next batch of changes (one window, ordered by id); `None` once the feed stopped.
    pub async fn recv(&mut self) -> Option<Vec<ChangeRow>> {
        self.batches.recv().await
    }
}

impl Drop for Feed {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn run(
    service: Pool,
    mut notes: mpsc::Receiver<String>,
    mut at: Horizon,
    tx: mpsc::Sender<Vec<ChangeRow>>,
) {
    // Some(wait) while changes are held back (or a read failed): read again after `wait`.
    let mut again: Option<Duration> = None;
    loop {
        let woken = match again {
            Some(wait) => tokio::select! {
                note = notes.recv() => note.is_some(),
                () = tokio::time::sleep(wait) => true,
            },
            None => notes.recv().await.is_some(),
        };
        if !woken {
            return;
        }
        // A burst of commits is one read.
        while notes.try_recv().is_ok() {}
        let result = match service.get().await {
            Ok(client) => read(&**client, at).await,
            Err(e) => Err(PgError::from(e)),
        };
        match result {
            Ok(window) => {
                at = window.horizon;
                again = window
                    .held_back
                    .then(|| again.map_or(FIRST_BACKOFF, |w| (w * 2).min(MAX_BACKOFF)));
                if !window.rows.is_empty() && tx.send(window.rows).await.is_err() {
                    return;
                }
            }
            Err(e) => {
                tracing::warn!(error = %e, "cannot read realtime changes; trying again");
                again = Some(again.map_or(FIRST_BACKOFF, |w| (w * 2).min(MAX_BACKOFF)));
            }
        }
    }
}

/// `realtime_prune_changes` (periodic every [`PRUNE_EVERY`], no arguments): deletes the changes
/// older than [`KEEP`] that every reader has passed.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct PruneChanges {}

impl Job for PruneChanges {
    const KIND: &'static str = PRUNE_CHANGES;
    const MAX_ATTEMPTS: i32 = 1;
    /// The owner's connections (the service pool).
    type Context = Pool;

    async fn run(self, service: &Pool, _run: &RunInfo) -> Result<(), JobFailure> {
        let client = service.get().await.map_err(|e| JobFailure::pool(&e))?;
        let deleted = prune(&**client, KEEP)
            .await
            .map_err(|e| JobFailure::database(&e))?;
        if deleted > 0 {
            tracing::debug!(deleted, "old realtime changes pruned");
        }
        Ok(())
    }
}

/// Deletes the changes older than `keep` below the current horizon; how many.
pub async fn prune(
    client: &impl tokio_postgres::GenericClient,
    keep: Duration,
) -> Result<i64, tokio_postgres::Error> {
    let row = client
        .query_one(
            "SELECT realtime.prune_changes(make_interval(secs => $1))",
            &[&keep.as_secs_f64()],
        )
        .await?;
    Ok(row.get(0))
}

/// Registers the prune job, periodic every [`PRUNE_EVERY`], on the owner's connections.
pub fn jobs(registry: Registry, service: Pool) -> Registry {
    registry
        .job::<PruneChanges>(service)
        .every::<PruneChanges>(PRUNE_EVERY)
}
