//! What the database says about a subscriber: which columns of a published table its role may
//! read (asked once, when a binding joins, on the owner's connections), and which changed rows
//! its policies let it see (asked per change batch, table and [`Group`], as the group's own
//! role and claims: migration 0053's `realtime.visible_rows`).
//!
//! **Groups.** Subscribers whose role and policy-relevant claims are equal see the same rows,
//! so a change is checked once per group, not once per subscriber: 1,000 staff sockets of ten
//! people cost ten checks. The group key is the role and the token's claims without those that
//! differ per token but mean nothing to a policy — `exp`, `iat`, `nbf`, `jti` and `session_id`
//! (a session's end is checked on its own: [`crate::sessions`]). No policy in `policies/` reads
//! them (`auth.uid()`, `auth.jwt()` and `auth.caller()` read `sub`, `role`, `email` and the
//! caller's rows); a policy that did would have to be written with this in mind.

use std::collections::BTreeMap;
use std::collections::HashSet;

use kanisa_pg::context::begin_as;
use kanisa_pg::{Caller, PgError, Pool};
use serde_json::Value;
use uuid::Uuid;

use crate::eval::ColumnInfo;

/// Claims that differ between two tokens of the same person and that no policy reads.
const PER_TOKEN_CLAIMS: [&str; 5] = ["exp", "iat", "nbf", "jti", "session_id"];

/// The rights a change is checked with: a role and the claims policies may read.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Group {
    pub role: String,
    /// Canonical JSON text of the claims without [`PER_TOKEN_CLAIMS`].
    pub claims: String,
}

impl Group {
    /// The group of a verified token's role and claims (JSON text).
    pub fn new(role: &str, claims: &str) -> Group {
        let claims = match serde_json::from_str::<Value>(claims) {
            Ok(Value::Object(map)) => {
                let sorted: BTreeMap<String, Value> = map
                    .into_iter()
                    .filter(|(k, _)| !PER_TOKEN_CLAIMS.contains(&k.as_str()))
                    .collect();
                serde_json::to_string(&sorted).unwrap_or_else(|_| "{}".into())
            }
            _ => "{}".to_owned(),
        };
        Group {
            role: role.to_owned(),
            claims,
        }
    }

    fn caller(&self) -> Caller {
        Caller::new(self.role.clone(), self.claims.clone())
    }
}

/// The columns of `schema.table` that `role` may read, in table order; empty when the table is
/// not published or `role` may read none of it.
pub async fn columns(
    service: &Pool,
    schema: &str,
    table: &str,
    role: &str,
) -> Result<Vec<ColumnInfo>, PgError> {
    let client = service.get().await?;
    let rows = client
        .query(
            "SELECT name, type_name, category, is_key \
               FROM realtime.subscribable_columns($1, $2, $3)",
            &[&schema, &table, &role],
        )
        .await?;
    Ok(rows
        .iter()
        .map(|r| ColumnInfo {
            name: r.get(0),
            type_name: r.get(1),
            category: r.get::<_, String>(2).chars().next().unwrap_or('X'),
            is_key: r.get(3),
        })
        .collect())
}

/// The published tables of `schema` (for a binding on every table of a schema).
pub async fn published(service: &Pool, schema: &str) -> Result<Vec<String>, PgError> {
    let client = service.get().await?;
    let rows = client
        .query(
            "SELECT table_name FROM realtime.published_tables() WHERE schema_name = $1",
            &[&schema],
        )
        .await?;
    Ok(rows.iter().map(|r| r.get(0)).collect())
}

/// Which of `rows` (row images holding at least the primary key) `group` may select now, by
/// index; one statement in one read-only transaction as the group. A policy's error is the
/// error of the whole check: the caller then asks row by row to find the one that raised.
pub async fn visible(
    authenticator: &Pool,
    group: &Group,
    schema: &str,
    table: &str,
    rows: &[&Value],
) -> Result<HashSet<usize>, PgError> {
    let caller = group.caller();
    let tx = begin_as(authenticator, &caller.context(), true).await?;
    let rows_json = Value::Array(rows.iter().map(|r| (*r).clone()).collect()).to_string();
    let result = tx
        .client()
        .query(
            "SELECT i FROM realtime.visible_rows(\
               (pg_catalog.quote_ident($1) || '.' || pg_catalog.quote_ident($2))::regclass, \
               $3::text::jsonb) AS i",
            &[&schema, &table, &rows_json],
        )
        .await;
    match result {
        Ok(found) => {
            tx.commit().await?;
            Ok(found
                .iter()
                .filter_map(|r| usize::try_from(r.get::<_, i32>(0) - 1).ok())
                .collect())
        }
        Err(e) => {
            // The transaction failed; dropping it closes the connection (a rollback).
            drop(tx);
            Err(e.into())
        }
    }
}

/// Whether `identity` may read (join, receive) and write (send, track) on the private channel
/// `topic` (its name, without `realtime:`): the policies of `realtime.messages`, asked by
/// migration 0054's `realtime.authorize` as the caller; the probes it makes are undone inside
/// it, so the transaction commits nothing.
pub async fn authorize(
    authenticator: &Pool,
    identity: &kanisa_auth::Identity,
    topic: &str,
) -> Result<(bool, bool), PgError> {
    let tx = begin_as(authenticator, &identity.caller().context(), false).await?;
    let result = tx
        .client()
        .query_one(
            "SELECT can_read, can_write FROM realtime.authorize($1, 'broadcast')",
            &[&topic],
        )
        .await;
    match result {
        Ok(row) => {
            tx.commit().await?;
            Ok((row.get(0), row.get(1)))
        }
        Err(e) => {
            drop(tx);
            Err(e.into())
        }
    }
}

/// Which of `sessions` still exist (a signed-out or ended session has no `auth.sessions` row).
pub async fn sessions_alive(service: &Pool, sessions: &[Uuid]) -> Result<HashSet<Uuid>, PgError> {
    if sessions.is_empty() {
        return Ok(HashSet::new());
    }
    let client = service.get().await?;
    let rows = client
        .query(
            "SELECT id FROM auth.sessions WHERE id = ANY($1)",
            &[&sessions],
        )
        .await?;
    Ok(rows.iter().map(|r| r.get(0)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_of_one_person_share_a_group_and_other_claims_part_them() {
        let a = Group::new(
            "authenticated",
            r#"{"sub":"u1","role":"authenticated","exp":10,"iat":1,"session_id":"s1","email":"a@x"}"#,
        );
        let b = Group::new(
            "authenticated",
            r#"{"email":"a@x","session_id":"s2","iat":5,"exp":99,"role":"authenticated","sub":"u1"}"#,
        );
        assert_eq!(a, b);
        assert_eq!(
            a.claims,
            r#"{"email":"a@x","role":"authenticated","sub":"u1"}"#
        );
        let other = Group::new("authenticated", r#"{"sub":"u2","role":"authenticated"}"#);
        assert_ne!(a, other);
        assert_ne!(Group::new("anon", "{}"), Group::new("service_role", "{}"));
    }
}
