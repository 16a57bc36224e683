//! The hub of one instance: every `postgres_changes` binding of its sockets, by table, and the
//! delivery of the change feed to them.
//!
//! For each batch the [`Feed`] hands over (one window of committed changes, in order):
//!
//! 1. The bindings of the batch's tables are taken from the registry (a short read lock).
//! 2. Each inserted or updated row is checked once per table and [`Group`] of those bindings
//!    (`check::visible`, as the group's role and claims; the groups' checks run side by side).
//!    A check that fails — a policy raising for that group's claims — is asked again row by
//!    row, so only the row that raised is affected, and only for that group: its subscribers
//!    get the change with an empty row and the reason in `errors`; every other group's are
//!    delivered as usual and no change is dropped. A deleted row is not checked: it is gone,
//!    and its change carries only the primary key, to the subscribers whose role may read the
//!    table (as Supabase does).
//! 3. Rows go out in the batch's order; each socket gets one message per channel and row,
//!    naming the ids of that channel's bindings the row matches (event, filter), with the row
//!    cut to the columns the subscriber's role may read.
//!
//! A socket's queue is bounded ([`crate::outbox::QUEUE`]): one that falls that far behind is told to close
//! ([`Outbox::overflowed`]) rather than held in memory; its client reconnects and refetches.

use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Instant;

use chrono::SecondsFormat;
use futures_util::future::join_all;
use kanisa_pg::{PgError, Pool};
use serde_json::{Map, Value};
use tokio::task::JoinHandle;
use uuid::Uuid;

use crate::check::{self, Group};
use crate::eval::{ColumnInfo, Compiled};
use crate::feed::{ChangeRow, Feed, Op};
use crate::outbox::{Outbox, Shared};
use crate::rooms::Rooms;
use crate::sessions::Sessions;
use crate::wire::{Change, ChangeKind, Column, Message, Payload, PostgresAction};

/// A socket's id within its instance.
pub type SocketId = u64;

/// One `postgres_changes` binding of a joined channel, on one table.
#[derive(Debug)]
pub struct Binding {
    pub socket: SocketId,
    pub topic: String,
    /// The id the join reply gave it.
    pub id: u32,
    pub action: PostgresAction,
    pub filter: Compiled,
    pub group: Arc<Group>,
    /// The columns the subscriber may read, in table order.
    pub columns: Arc<[ColumnInfo]>,
    pub out: Outbox,
}

impl Binding {
    fn wants(&self, op: Op) -> bool {
        matches!(
            (self.action, op),
            (PostgresAction::All, _)
                | (PostgresAction::Insert, Op::Insert)
                | (PostgresAction::Update, Op::Update)
                | (PostgresAction::Delete, Op::Delete)
        )
    }
}

type TableKey = (String, String);

/// The bindings of one instance's sockets and the task that delivers changes to them.
#[derive(Clone)]
pub struct Hub {
    inner: Arc<Inner>,
}

struct Inner {
    /// The owner's connections (columns at join, sessions).
    service: Pool,
    /// `authenticator` connections: checks run as each group.
    authenticator: Pool,
    tables: RwLock<HashMap<TableKey, Vec<Arc<Binding>>>>,
    next_socket: AtomicU64,
    /// The sessions behind the channels, read for all sockets at once.
    sessions: Sessions,
    /// Broadcast and presence.
    rooms: Rooms,
    delivery: std::sync::Mutex<Option<JoinHandle<()>>>,
}

impl Drop for Inner {
    fn drop(&mut self) {
        if let Ok(mut task) = self.delivery.lock()
            && let Some(task) = task.take()
        {
            task.abort();
        }
    }
}

/// What one row's check found for one group.
#[derive(Debug, Clone)]
enum Verdict {
    Visible,
    Hidden,
    Failed(String),
}

impl Hub {
    /// A hub checking on `authenticator` and reading the catalog on `service`; delivers nothing
    /// until [`Hub::deliver_from`] hands it a feed.
    pub fn new(service: Pool, authenticator: Pool) -> Hub {
        Hub {
            inner: Arc::new(Inner {
                service: service.clone(),
                authenticator,
                tables: RwLock::new(HashMap::new()),
                next_socket: AtomicU64::new(1),
                sessions: Sessions::default(),
                rooms: Rooms::new(service),
                delivery: std::sync::Mutex::new(None),
            }),
        }
    }

    /// Delivers every batch of `feed` to the bindings, for as long as the hub lives.
    pub fn deliver_from(&self, mut feed: Feed) {
        let weak = Arc::downgrade(&self.inner);
        let task = tokio::spawn(async move {
            while let Some(batch) = feed.recv().await {
                let Some(inner) = weak.upgrade() else { return };
                Hub { inner }.deliver(&batch).await;
            }
        });
        if let Ok(mut slot) = self.inner.delivery.lock() {
            *slot = Some(task);
        }
    }

    /// Broadcast and presence of this instance's sockets.
    pub fn rooms(&self) -> &Rooms {
        &self.inner.rooms
    }

    /// The `authenticator` connections (checks as a caller).
    pub fn authenticator(&self) -> &Pool {
        &self.inner.authenticator
    }

    /// The owner's connections.
    pub fn service(&self) -> &Pool {
        &self.inner.service
    }

    /// Which of `ids` (sessions behind channels) still exist: one read for every socket of the
    /// instance at most once per [`crate::sessions::FRESH`].
    pub async fn sessions_alive(&self, ids: &[Uuid]) -> Result<HashSet<Uuid>, PgError> {
        self.inner.sessions.alive(&self.inner.service, ids).await
    }

    /// A fresh socket id.
    pub fn socket_id(&self) -> SocketId {
        self.inner.next_socket.fetch_add(1, Ordering::Relaxed)
    }

    /// Adds bindings (each on its table).
    pub fn subscribe(&self, bindings: Vec<(String, String, Binding)>) {
        let mut tables = self.inner.tables.write().unwrap_or_else(|e| e.into_inner());
        for (schema, table, binding) in bindings {
            tables
                .entry((schema, table))
                .or_default()
                .push(Arc::new(binding));
        }
    }

    /// Removes the bindings of one channel of a socket.
    pub fn unsubscribe(&self, socket: SocketId, topic: &str) {
        self.retain(|b| !(b.socket == socket && b.topic == topic));
    }

    /// Removes every binding of a socket.
    pub fn drop_socket(&self, socket: SocketId) {
        self.retain(|b| b.socket != socket);
    }

    fn retain(&self, keep: impl Fn(&Binding) -> bool) {
        let mut tables = self.inner.tables.write().unwrap_or_else(|e| e.into_inner());
        tables.retain(|_, bindings| {
            bindings.retain(|b| keep(b));
            !bindings.is_empty()
        });
    }

    /// How many bindings are registered (all tables).
    pub fn bindings(&self) -> usize {
        let tables = self.inner.tables.read().unwrap_or_else(|e| e.into_inner());
        tables.values().map(Vec::len).sum()
    }

    /// Delivers one batch of changes (see the module doc).
    pub async fn deliver(&self, batch: &[ChangeRow]) {
        let wanted: HashSet<TableKey> = batch
            .iter()
            .map(|c| (c.schema.clone(), c.table.clone()))
            .collect();
        let bindings: HashMap<TableKey, Vec<Arc<Binding>>> = {
            let tables = self.inner.tables.read().unwrap_or_else(|e| e.into_inner());
            wanted
                .into_iter()
                .filter_map(|key| tables.get(&key).map(|b| (key, b.clone())))
                .collect()
        };
        if bindings.is_empty() {
            return;
        }
        let started = Instant::now();
        let verdicts = self.check(batch, &bindings).await;
        let checked = started.elapsed();
        for (index, change) in batch.iter().enumerate() {
            let key = (change.schema.clone(), change.table.clone());
            let Some(table_bindings) = bindings.get(&key) else {
                continue;
            };
            self.send_row(index, change, table_bindings, &verdicts);
        }
        // What `make bench` reads (scripts/bench-realtime.sh): the policy checks' cost per batch.
        tracing::debug!(
            rows = batch.len(),
            checks = verdicts.len(),
            bindings = bindings.values().map(Vec::len).sum::<usize>(),
            check_us = checked.as_micros() as u64,
            fanout_us = (started.elapsed() - checked).as_micros() as u64,
            "realtime batch delivered"
        );
    }

    /// Every group's verdict on every inserted or updated row of the batch that has bindings.
    async fn check(
        &self,
        batch: &[ChangeRow],
        bindings: &HashMap<TableKey, Vec<Arc<Binding>>>,
    ) -> HashMap<(usize, Arc<Group>), Verdict> {
        let mut checks = Vec::new();
        for (key, table_bindings) in bindings {
            let rows: Vec<(usize, &Value)> = batch
                .iter()
                .enumerate()
                .filter(|(_, c)| c.schema == key.0 && c.table == key.1 && c.op != Op::Delete)
                .filter_map(|(i, c)| c.record.as_ref().map(|r| (i, r)))
                .collect();
            if rows.is_empty() {
                continue;
            }
            let mut groups: Vec<Arc<Group>> = Vec::new();
            for b in table_bindings {
                if (b.wants(Op::Insert) || b.wants(Op::Update))
                    && !groups.iter().any(|g| g == &b.group)
                {
                    groups.push(b.group.clone());
                }
            }
            for group in groups {
                checks.push(self.check_group(key, group, rows.clone()));
            }
        }
        join_all(checks).await.into_iter().flatten().collect()
    }

    async fn check_group(
        &self,
        (schema, table): &TableKey,
        group: Arc<Group>,
        rows: Vec<(usize, &Value)>,
    ) -> Vec<((usize, Arc<Group>), Verdict)> {
        let pool = &self.inner.authenticator;
        let images: Vec<&Value> = rows.iter().map(|(_, r)| *r).collect();
        match check::visible(pool, &group, schema, table, &images).await {
            Ok(visible) => rows
                .iter()
                .enumerate()
                .map(|(n, (i, _))| {
                    let verdict = if visible.contains(&n) {
                        Verdict::Visible
                    } else {
                        Verdict::Hidden
                    };
                    ((*i, group.clone()), verdict)
                })
                .collect(),
            Err(batch_error) => {
                // One row's policy may have raised: ask row by row, so the others still go.
                let mut out = Vec::with_capacity(rows.len());
                for (i, row) in &rows {
                    let verdict = match check::visible(pool, &group, schema, table, &[row]).await {
                        Ok(v) if v.contains(&0) => Verdict::Visible,
                        Ok(_) => Verdict::Hidden,
                        Err(e) => {
                            tracing::warn!(
                                error = %e, table = %format!("{schema}.{table}"), role = %group.role,
                                "a subscriber's policies failed on a changed row"
                            );
                            Verdict::Failed(failure_text(schema, table, &e))
                        }
                    };
                    out.push(((*i, group.clone()), verdict));
                }
                if out.iter().all(|(_, v)| matches!(v, Verdict::Failed(_))) {
                    tracing::debug!(error = %batch_error, "the whole batch's check failed");
                }
                out
            }
        }
    }

    fn send_row(
        &self,
        index: usize,
        change: &ChangeRow,
        bindings: &[Arc<Binding>],
        verdicts: &HashMap<(usize, Arc<Group>), Verdict>,
    ) {
        // One message per (socket, topic): the ids of its matching bindings.
        let mut channels: Vec<Outgoing<'_>> = Vec::new();
        let mut at: HashMap<(SocketId, &str), usize> = HashMap::new();
        for binding in bindings {
            if !binding.wants(change.op) {
                continue;
            }
            let (matched, failure) = match change.op {
                Op::Delete => {
                    let keys = change.old_keys.as_ref().and_then(Value::as_object);
                    let matched = binding.filter.is_empty()
                        || (binding.filter.on_key_only()
                            && keys.is_some_and(|k| binding.filter.matches(k)));
                    (matched, None)
                }
                Op::Insert | Op::Update => match verdicts.get(&(index, binding.group.clone())) {
                    Some(Verdict::Visible) => {
                        let record = change.record.as_ref().and_then(Value::as_object);
                        (record.is_some_and(|r| binding.filter.matches(r)), None)
                    }
                    Some(Verdict::Failed(why)) => (true, Some(why.as_str())),
                    Some(Verdict::Hidden) | None => (false, None),
                },
            };
            if !matched {
                continue;
            }
            match at.entry((binding.socket, binding.topic.as_str())) {
                Entry::Occupied(place) => {
                    let outgoing = &mut channels[*place.get()];
                    if !outgoing.ids.contains(&binding.id) {
                        outgoing.ids.push(binding.id);
                    }
                }
                Entry::Vacant(place) => {
                    place.insert(channels.len());
                    channels.push(Outgoing {
                        binding,
                        ids: vec![binding.id],
                        failure,
                    });
                }
            }
        }
        // Channels whose matching ids, role (so columns) and verdict are the same get one
        // payload, serialized once; sockets on the same topic besides share the message, and
        // its frame is encoded once per serializer.
        type Seen<'b> = (Vec<u32>, &'b str, Option<&'b str>);
        let mut payloads: HashMap<Seen<'_>, Payload> = HashMap::new();
        let mut messages: HashMap<(&str, Seen<'_>), Arc<Shared>> = HashMap::new();
        for Outgoing {
            binding,
            ids,
            failure,
        } in channels
        {
            let seen: Seen<'_> = (ids, binding.group.role.as_str(), failure);
            let message = match messages.entry((binding.topic.as_str(), seen)) {
                Entry::Occupied(message) => message.into_mut(),
                Entry::Vacant(place) => {
                    let (topic, seen) = place.key();
                    let payload = payloads
                        .entry(seen.clone())
                        .or_insert_with(|| {
                            Message::postgres_changes_payload(
                                &seen.0,
                                &as_seen(change, binding, failure),
                            )
                        })
                        .clone();
                    let message = Shared::new(Message::postgres_changes_with(topic, payload));
                    place.insert(message)
                }
            };
            binding.out.push_shared(message.clone());
        }
    }
}

/// One message to be sent for a change: to the first matching binding's socket and topic, with
/// the ids of every binding of that channel that matched.
struct Outgoing<'a> {
    binding: &'a Arc<Binding>,
    ids: Vec<u32>,
    failure: Option<&'a str>,
}

/// The `errors` text of a failed check (the subscriber's own policy's message).
fn failure_text(schema: &str, table: &str, error: &kanisa_pg::PgError) -> String {
    format!("Error 500: the policies of {schema}.{table} failed for this subscriber: {error}")
}

/// The change as one binding's subscriber may see it: the row cut to its columns; on a failed
/// check no row at all, and the reason.
fn as_seen(change: &ChangeRow, binding: &Binding, failure: Option<&str>) -> Change {
    let cut = |image: Option<&Value>| -> Map<String, Value> {
        let Some(Value::Object(row)) = image else {
            return Map::new();
        };
        if failure.is_some() {
            return Map::new();
        }
        binding
            .columns
            .iter()
            .filter_map(|c| row.get(&c.name).map(|v| (c.name.clone(), v.clone())))
            .collect()
    };
    let kind = match change.op {
        Op::Insert => ChangeKind::Insert {
            record: cut(change.record.as_ref()),
        },
        Op::Update => ChangeKind::Update {
            record: cut(change.record.as_ref()),
            old_record: cut(change.old_keys.as_ref()),
        },
        Op::Delete => ChangeKind::Delete {
            old_record: cut(change.old_keys.as_ref()),
        },
    };
    Change {
        schema: change.schema.clone(),
        table: change.table.clone(),
        commit_timestamp: change
            .commit_ts
            .to_rfc3339_opts(SecondsFormat::Millis, true),
        columns: binding
            .columns
            .iter()
            .map(|c| Column {
                name: c.name.clone(),
                type_name: c.type_name.clone(),
            })
            .collect(),
        kind,
        errors: failure.map(|f| vec![f.to_owned()]).unwrap_or_default(),
    }
}
