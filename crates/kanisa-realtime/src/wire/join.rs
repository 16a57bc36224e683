//! The `phx_join` payload and its reply.
//!
//! realtime-js (`RealtimeChannel.subscribe`) sends
//! `{config: {broadcast: {ack, self, replay?, replication_ready?}, presence: {key, enabled},
//! postgres_changes: [{event, schema, table?, filter?, select?}], private}, access_token?,
//! version?}`. Read as realtime's server does (`payloads/*.ex`): every part may be missing or
//! null and takes its default, unknown keys are ignored, null entries of `postgres_changes` are
//! dropped, and booleans may also be the strings "true"/"false" in any case. A value of the
//! wrong type is refused (realtime only logs it).
//!
//! The reply echoes each `postgres_changes` entry with an `id`; realtime-js pairs them with its
//! own bindings by position, requiring `event` to be equal and `schema`, `table`, `filter` equal
//! with null and absent alike, and fails the subscription on a mismatch. The `ids` of each
//! change message name these ids, compared with `===`, so they must keep their JSON type.

use super::{Filter, Message, WireError, parse_filter};
use serde::de::{self, DeserializeOwned};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Value, json};

/// The whole `phx_join` payload.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct JoinPayload {
    #[serde(default, deserialize_with = "null_as_default")]
    pub config: JoinConfig,
    /// The caller's JWT (may be absent or null: then the socket's `apikey` stands).
    #[serde(default)]
    pub access_token: Option<String>,
}

impl JoinPayload {
    /// Reads a `phx_join` payload.
    pub fn from_json(payload: &Value) -> Result<JoinPayload, WireError> {
        from_object(payload.clone()).map_err(WireError::InvalidJoin)
    }
}

/// `config` of the join payload.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct JoinConfig {
    #[serde(default, deserialize_with = "null_as_default")]
    pub broadcast: BroadcastConfig,
    #[serde(default, deserialize_with = "null_as_default")]
    pub presence: PresenceConfig,
    #[serde(default, deserialize_with = "list_without_nulls")]
    pub postgres_changes: Vec<PostgresChangeParams>,
    /// Whether the channel is checked against `realtime.messages` policies.
    #[serde(default, deserialize_with = "flexible_bool")]
    pub private: bool,
}

/// `config.broadcast`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct BroadcastConfig {
    /// Reply `phx_reply` ok to each broadcast push.
    #[serde(default, deserialize_with = "flexible_bool")]
    pub ack: bool,
    /// Deliver the sender's own broadcasts back to it.
    #[serde(default, rename = "self", deserialize_with = "flexible_bool")]
    pub self_: bool,
    /// Replay stored broadcasts (private channels only).
    #[serde(default, deserialize_with = "optional_object")]
    pub replay: Option<Replay>,
    /// Send a `system` message once the database's change stream is ready.
    #[serde(default, deserialize_with = "flexible_bool")]
    pub replication_ready: bool,
}

/// `config.broadcast.replay`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Replay {
    /// Milliseconds since the epoch.
    #[serde(default)]
    pub since: i64,
    #[serde(default = "Replay::default_limit")]
    pub limit: i64,
}

impl Replay {
    fn default_limit() -> i64 {
        10
    }
}

/// `config.presence`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
pub struct PresenceConfig {
    /// The key this client's presence is tracked under; `None` when absent, null or empty
    /// (the server then picks one). realtime takes any JSON here: a number becomes its text.
    #[serde(default, deserialize_with = "presence_key")]
    pub key: Option<String>,
    /// Whether this client receives presence state and diffs.
    #[serde(default, deserialize_with = "flexible_bool")]
    pub enabled: bool,
}

/// One entry of `config.postgres_changes`, as the client wrote it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, Serialize)]
pub struct PostgresChangeParams {
    /// `*`, `INSERT`, `UPDATE` or `DELETE`; kept verbatim because the reply must echo it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<String>,
    /// `col=op.value[,…]`; see [`parse_filter`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub filter: Option<String>,
    /// Columns to send instead of the whole row (newer clients).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub select: Option<Vec<String>>,
}

/// Which changes a binding wants.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PostgresAction {
    All,
    Insert,
    Update,
    Delete,
}

impl PostgresChangeParams {
    /// The event as realtime reads it: INSERT, UPDATE or DELETE in any case, anything else
    /// (including none) all changes.
    pub fn action(&self) -> PostgresAction {
        match self
            .event
            .as_deref()
            .map(str::to_ascii_uppercase)
            .as_deref()
        {
            Some("INSERT") => PostgresAction::Insert,
            Some("UPDATE") => PostgresAction::Update,
            Some("DELETE") => PostgresAction::Delete,
            _ => PostgresAction::All,
        }
    }

    /// The filter's conditions (none when there is no filter).
    pub fn parsed_filter(&self) -> Result<Filter, WireError> {
        parse_filter(self.filter.as_deref().unwrap_or(""))
    }
}

impl Message {
    /// The ok reply to a join: `{postgres_changes: [{...params, id}]}` in the order the client
    /// sent them (an empty list when it asked for none).
    pub fn join_ok(request: &Message, bindings: &[(u32, &PostgresChangeParams)]) -> Message {
        let postgres_changes: Vec<Value> = bindings
            .iter()
            .map(|(id, params)| {
                let mut entry = serde_json::to_value(params).expect("strings serialize");
                if let Value::Object(map) = &mut entry {
                    map.insert("id".into(), (*id).into());
                }
                entry
            })
            .collect();
        Message::reply_ok(request, json!({ "postgres_changes": postgres_changes }))
    }
}

/// An object, or its default when absent or null. (serde would also read a struct from an
/// array; realtime would not.)
fn null_as_default<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Default + DeserializeOwned,
{
    Ok(optional_object(deserializer)?.unwrap_or_default())
}

fn optional_object<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: DeserializeOwned,
{
    Option::<Value>::deserialize(deserializer)?
        .filter(|value| !value.is_null())
        .map(from_object)
        .transpose()
}

fn from_object<T: DeserializeOwned, E: de::Error>(value: Value) -> Result<T, E> {
    if value.is_object() {
        T::deserialize(value).map_err(E::custom)
    } else {
        Err(E::custom(format!("expected an object, not {value}")))
    }
}

/// A list of objects; null entries are dropped and a null list is empty.
fn list_without_nulls<'de, D, T>(deserializer: D) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: DeserializeOwned,
{
    Option::<Vec<Value>>::deserialize(deserializer)?
        .unwrap_or_default()
        .into_iter()
        .filter(|value| !value.is_null())
        .map(from_object)
        .collect()
}

/// realtime's `FlexibleBoolean`: a boolean, or "true"/"false" in any case; null is false.
fn flexible_bool<'de, D: Deserializer<'de>>(deserializer: D) -> Result<bool, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Flexible {
        Bool(bool),
        Text(String),
    }
    match Option::<Flexible>::deserialize(deserializer) {
        Ok(None) => Ok(false),
        Ok(Some(Flexible::Bool(b))) => Ok(b),
        Ok(Some(Flexible::Text(text))) if text.eq_ignore_ascii_case("true") => Ok(true),
        Ok(Some(Flexible::Text(text))) if text.eq_ignore_ascii_case("false") => Ok(false),
        _ => Err(de::Error::custom(
            "expected a boolean (or \"true\"/\"false\")",
        )),
    }
}

fn presence_key<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
    match Option::<Value>::deserialize(deserializer)? {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(key)) => Ok((!key.is_empty()).then_some(key)),
        Some(Value::Number(number)) => Ok(Some(number.to_string())),
        Some(_) => Err(de::Error::custom(
            "expected the presence key to be a string or a number",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::{Vsn, decode_text};

    fn join(payload: Value) -> Result<JoinPayload, WireError> {
        JoinPayload::from_json(&payload)
    }

    #[test]
    fn reads_what_realtime_js_sends() {
        // RealtimeChannel.subscribe: config {broadcast, presence: {...presence, enabled},
        // postgres_changes: the bindings' filters, private}, access_token, and the `version`
        // that setAuth adds through updateJoinPayload.
        let payload = join(json!({
            "config": {
                "broadcast": {"ack": true, "self": false},
                "presence": {"key": "user-1", "enabled": true},
                "postgres_changes": [
                    {"event": "*", "schema": "public", "table": "sermons"},
                    {"event": "INSERT", "schema": "public", "table": "gifts", "filter": "church_id=eq.7"}
                ],
                "private": true
            },
            "access_token": "eyJ.x.y",
            "version": "realtime-js/2.112.2"
        }))
        .unwrap();
        assert_eq!(
            payload,
            JoinPayload {
                config: JoinConfig {
                    broadcast: BroadcastConfig {
                        ack: true,
                        ..BroadcastConfig::default()
                    },
                    presence: PresenceConfig {
                        key: Some("user-1".into()),
                        enabled: true
                    },
                    postgres_changes: vec![
                        PostgresChangeParams {
                            event: Some("*".into()),
                            schema: Some("public".into()),
                            table: Some("sermons".into()),
                            ..PostgresChangeParams::default()
                        },
                        PostgresChangeParams {
                            event: Some("INSERT".into()),
                            schema: Some("public".into()),
                            table: Some("gifts".into()),
                            filter: Some("church_id=eq.7".into()),
                            select: None,
                        },
                    ],
                    private: true,
                },
                access_token: Some("eyJ.x.y".into()),
            }
        );
        assert_eq!(
            payload.config.postgres_changes[1].action(),
            PostgresAction::Insert
        );
    }

    #[test]
    fn missing_and_null_parts_take_their_defaults() {
        assert_eq!(join(json!({})).unwrap(), JoinPayload::default());
        let nulls = join(json!({
            "config": {"broadcast": null, "presence": null, "postgres_changes": null, "private": null},
            "access_token": null
        }))
        .unwrap();
        assert_eq!(nulls, JoinPayload::default());
        assert_eq!(
            join(json!({"config": null})).unwrap(),
            JoinPayload::default()
        );
        let presence = join(json!({"config": {"presence": {"key": ""}}})).unwrap();
        assert_eq!(presence.config.presence.key, None);
    }

    #[test]
    fn reads_as_leniently_as_realtime() {
        let payload = join(json!({
            "config": {
                "broadcast": {"ack": "TRUE", "self": "false", "replay": {"since": 1_700_000_000_000_i64}, "future": 1},
                "presence": {"key": 42},
                "postgres_changes": [null, {"event": "update", "schema": "public", "select": ["id"]}],
                "private": "True"
            }
        }))
        .unwrap();
        let config = payload.config;
        assert!(config.broadcast.ack && !config.broadcast.self_ && config.private);
        assert_eq!(
            config.broadcast.replay,
            Some(Replay {
                since: 1_700_000_000_000,
                limit: 10
            })
        );
        assert_eq!(config.presence.key.as_deref(), Some("42"));
        assert_eq!(config.postgres_changes.len(), 1);
        assert_eq!(config.postgres_changes[0].action(), PostgresAction::Update);
        assert_eq!(
            config.postgres_changes[0].select,
            Some(vec!["id".to_owned()])
        );
    }

    #[test]
    fn refuses_values_of_the_wrong_type() {
        for bad in [
            json!({"config": {"private": 3}}),
            json!({"config": {"private": "yes"}}),
            json!({"config": {"broadcast": []}}),
            json!({"config": {"postgres_changes": {"event": "*"}}}),
            json!({"config": {"postgres_changes": [{"event": 1}]}}),
            json!({"config": {"presence": {"key": [1]}}}),
            json!({"access_token": 12}),
            json!({"config": {"broadcast": {"replay": []}}}),
            json!({"config": {"postgres_changes": ["*"]}}),
            json!([]),
        ] {
            let err = join(bad.clone()).unwrap_err();
            assert!(
                matches!(err, WireError::InvalidJoin(_)),
                "{bad} gave {err:?}"
            );
            assert!(err.to_string().starts_with("invalid phx_join payload: "));
        }
    }

    #[test]
    fn unknown_events_mean_all_changes() {
        let params = |event: Option<&str>| PostgresChangeParams {
            event: event.map(str::to_owned),
            ..PostgresChangeParams::default()
        };
        assert_eq!(params(Some("*")).action(), PostgresAction::All);
        assert_eq!(params(Some("delete")).action(), PostgresAction::Delete);
        assert_eq!(params(Some("TRUNCATE")).action(), PostgresAction::All);
        assert_eq!(params(None).action(), PostgresAction::All);
    }

    #[test]
    fn the_join_reply_echoes_the_bindings_with_their_ids() {
        let request = decode_text(
            Vsn::V2,
            r#"["1","1","realtime:room","phx_join",{"config":{"postgres_changes":[
                {"event":"*","schema":"public","table":"sermons"},
                {"event":"UPDATE","schema":"public","table":"gifts","filter":"id=eq.3"}]}}]"#,
        )
        .unwrap();
        let config = JoinPayload::from_json(request.json().unwrap())
            .unwrap()
            .config;
        let bindings: Vec<(u32, &PostgresChangeParams)> = config
            .postgres_changes
            .iter()
            .zip([11, 12])
            .map(|(params, id)| (id, params))
            .collect();
        let reply = Message::join_ok(&request, &bindings);
        assert_eq!(
            crate::wire::encode(Vsn::V2, &reply).unwrap(),
            crate::wire::Frame::Text(
                concat!(
                    r#"["1","1","realtime:room","phx_reply",{"status":"ok","response":{"postgres_changes":["#,
                    r#"{"event":"*","schema":"public","table":"sermons","id":11},"#,
                    r#"{"event":"UPDATE","schema":"public","table":"gifts","filter":"id=eq.3","id":12}]}}]"#
                )
                .into()
            )
        );
        let none = Message::join_ok(&request, &[]);
        assert_eq!(
            none.json().unwrap(),
            &json!({"status": "ok", "response": {"postgres_changes": []}})
        );
    }

    #[test]
    fn a_binding_parses_its_filter() {
        let params = PostgresChangeParams {
            filter: Some("id=eq.3".into()),
            ..PostgresChangeParams::default()
        };
        assert_eq!(params.parsed_filter().unwrap().conditions.len(), 1);
        assert!(
            PostgresChangeParams::default()
                .parsed_filter()
                .unwrap()
                .conditions
                .is_empty()
        );
    }
}
