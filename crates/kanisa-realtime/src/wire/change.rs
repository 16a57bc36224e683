//! The `postgres_changes` message: one database change, for the bindings named by `ids`.
//!
//! realtime-js reads `payload.ids` (it delivers to a binding whose join-reply id is listed and
//! whose event is `*` or `data.type`, in any case) and `payload.data` =
//! `{schema, table, commit_timestamp, type, columns, record?, old_record?, errors}`. It renames
//! `type` to `eventType` and converts `record` → `new` (INSERT, UPDATE) and `old_record` → `old`
//! (UPDATE, DELETE) by each column's `type` (`lib/transformers.ts`). Its conversions leave typed
//! JSON alone, so values are sent as realtime sends them: `to_jsonb` of the typed value (numbers,
//! booleans, JSON, arrays; timestamps as ISO strings).

use super::{Message, Payload, event};
use serde::Serialize;
use serde_json::{Map, Value, json};

/// One change to one row, as one subscriber may see it.
#[derive(Debug, Clone, PartialEq)]
pub struct Change {
    pub schema: String,
    pub table: String,
    /// UTC, `YYYY-MM-DDTHH:MM:SS.mmmZ` (realtime's `to_char(…, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`).
    pub commit_timestamp: String,
    /// The columns the subscriber may read, in table order.
    pub columns: Vec<Column>,
    pub kind: ChangeKind,
    /// realtime's texts, e.g. "Error 413: Payload Too Large", "Error 401: Unauthorized"; sent
    /// as null when empty.
    pub errors: Vec<String>,
}

/// What happened, with the row images each kind carries.
#[derive(Debug, Clone, PartialEq)]
pub enum ChangeKind {
    Insert {
        record: Map<String, Value>,
    },
    /// `old_record` holds the key only, unless the table's REPLICA IDENTITY is FULL.
    Update {
        record: Map<String, Value>,
        old_record: Map<String, Value>,
    },
    /// On a table with row-level security `old_record` holds the primary key only.
    Delete {
        old_record: Map<String, Value>,
    },
}

impl ChangeKind {
    /// `INSERT`, `UPDATE` or `DELETE`.
    pub fn as_str(&self) -> &'static str {
        match self {
            ChangeKind::Insert { .. } => "INSERT",
            ChangeKind::Update { .. } => "UPDATE",
            ChangeKind::Delete { .. } => "DELETE",
        }
    }
}

/// A column of `data.columns`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Column {
    pub name: String,
    /// `pg_type.typname`: `int8`, `text`, `uuid`, `timestamptz`, `jsonb`, `_int4` for arrays…
    #[serde(rename = "type")]
    pub type_name: String,
}

impl Message {
    /// The change for the listed binding ids of a channel. Like realtime's fastlane it carries
    /// neither join_ref nor ref. The ids must have the JSON type the join reply gave them.
    pub fn postgres_changes(topic: &str, ids: &[u32], change: &Change) -> Message {
        Message::postgres_changes_with(topic, Payload::Json(change_payload(ids, change)))
    }

    /// The payload of [`Message::postgres_changes`], serialized once for many channels.
    pub fn postgres_changes_payload(ids: &[u32], change: &Change) -> Payload {
        Payload::encoded(&change_payload(ids, change))
    }

    /// A change whose payload was built for many channels.
    pub fn postgres_changes_with(topic: &str, payload: Payload) -> Message {
        Message {
            join_ref: None,
            msg_ref: None,
            topic: topic.to_owned(),
            event: event::POSTGRES_CHANGES.to_owned(),
            payload,
        }
    }
}

/// `{ids, data}` of a change.
fn change_payload(ids: &[u32], change: &Change) -> Value {
    let mut data = Map::new();
    data.insert("schema".into(), change.schema.as_str().into());
    data.insert("table".into(), change.table.as_str().into());
    data.insert(
        "commit_timestamp".into(),
        change.commit_timestamp.as_str().into(),
    );
    data.insert("type".into(), change.kind.as_str().into());
    data.insert("columns".into(), json!(change.columns));
    match &change.kind {
        ChangeKind::Insert { record } => {
            data.insert("record".into(), Value::Object(record.clone()));
        }
        ChangeKind::Update { record, old_record } => {
            data.insert("record".into(), Value::Object(record.clone()));
            data.insert("old_record".into(), Value::Object(old_record.clone()));
        }
        ChangeKind::Delete { old_record } => {
            data.insert("old_record".into(), Value::Object(old_record.clone()));
        }
    }
    let errors = if change.errors.is_empty() {
        Value::Null
    } else {
        json!(change.errors)
    };
    data.insert("errors".into(), errors);
    json!({"ids": ids, "data": data})
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::{Frame, Vsn, encode};

    fn row(value: Value) -> Map<String, Value> {
        match value {
            Value::Object(map) => map,
            _ => unreachable!("rows are objects"),
        }
    }

    fn change(kind: ChangeKind, errors: Vec<String>) -> Change {
        Change {
            schema: "public".into(),
            table: "gifts".into(),
            commit_timestamp: "2026-08-21T10:20:30.123Z".into(),
            columns: vec![
                Column {
                    name: "id".into(),
                    type_name: "int8".into(),
                },
                Column {
                    name: "tags".into(),
                    type_name: "_text".into(),
                },
            ],
            kind,
            errors,
        }
    }

    #[test]
    fn an_insert_carries_the_record_only() {
        let kind = ChangeKind::Insert {
            record: row(json!({"id": 7, "tags": ["a", "b"]})),
        };
        let msg = Message::postgres_changes("realtime:gifts", &[3, 9], &change(kind, vec![]));
        assert_eq!(
            encode(Vsn::V2, &msg).unwrap(),
            Frame::Text(
                concat!(
                    r#"[null,null,"realtime:gifts","postgres_changes",{"ids":[3,9],"data":{"#,
                    r#""schema":"public","table":"gifts","commit_timestamp":"2026-08-21T10:20:30.123Z","#,
                    r#""type":"INSERT","columns":[{"name":"id","type":"int8"},{"name":"tags","type":"_text"}],"#,
                    r#""record":{"id":7,"tags":["a","b"]},"errors":null}}]"#
                )
                .into()
            )
        );
    }

    #[test]
    fn an_update_carries_both_images_and_a_delete_the_old_one() {
        let update = ChangeKind::Update {
            record: row(json!({"id": 7, "tags": []})),
            old_record: row(json!({"id": 7})),
        };
        let msg = Message::postgres_changes("realtime:gifts", &[3], &change(update, vec![]));
        let data = &msg.json().unwrap()["data"];
        assert_eq!(data["type"], "UPDATE");
        assert_eq!(data["record"], json!({"id": 7, "tags": []}));
        assert_eq!(data["old_record"], json!({"id": 7}));

        let delete = ChangeKind::Delete {
            old_record: row(json!({"id": 7})),
        };
        let errors = vec!["Error 413: Payload Too Large".to_owned()];
        let msg = Message::postgres_changes("realtime:gifts", &[3], &change(delete, errors));
        let data = msg.json().unwrap()["data"].as_object().unwrap();
        assert_eq!(data["type"], "DELETE");
        assert!(!data.contains_key("record"));
        assert_eq!(data["old_record"], json!({"id": 7}));
        assert_eq!(data["errors"], json!(["Error 413: Payload Too Large"]));
        assert_eq!(msg.join_ref, None);
        assert_eq!(msg.msg_ref, None);
    }
}
