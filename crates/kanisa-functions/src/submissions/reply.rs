//! Staff's e-mail reply to a message (issue 19): `POST /functions/v1/reply-message
//! {messageId, subject, body, complete?}` checks the caller may answer it (the Communication staff, by
//! the policies of `messages`) and queues a `reply_message` job; the job sends the e-mail —
//! to the sender, reply-to the church, threaded under the acknowledgement the sender got — and
//! only then records the reply on the message (status `sent`, `replied_at`, `replied_by`,
//! `reply_error` cleared, `reply_simulated` when demo mode only simulated it: migration 0033);
//! with `complete: true` ("Send and mark complete", issue 32) the message is then completed
//! too, so it leaves the secretary's open list. A reply that fails for good leaves its reason in
//! `reply_error` and the message as it was.
//!
//! Owns the `reply_message` job and the reply columns of `messages` (migrations 0020, 0033).

use chrono::Utc;
use kanisa_jobs::{Job, JobFailure, RunInfo};
use kanisa_notify::{Delivery, Email};
use kanisa_pg::context::begin_as;
use kanisa_pg::{Caller, Pool};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use uuid::Uuid;

use super::Submissions;
use crate::capabilities::Mailing;
use crate::error::FieldErrors;
use crate::error::FunctionsError;

pub const REPLY_MESSAGE: &str = "reply_message";

/// The longest subject and body a reply may have.
const SUBJECT_MAX: usize = 200;
const BODY_MAX: usize = 10_000;

/// What a reply says, read from the request.
#[derive(Debug, PartialEq, Eq)]
pub struct ReplyForm {
    pub message_id: Uuid,
    pub subject: String,
    pub body: String,
    /// Complete the message once the reply is sent.
    pub complete: bool,
}

/// Reads `{messageId, subject, body}`: every problem at once, by field.
pub fn read_reply(body: &Value) -> Result<ReplyForm, FunctionsError> {
    let mut fields = FieldErrors::new();
    let text = |name: &str| {
        body.get(name)
            .and_then(Value::as_str)
            .map(str::trim)
            .unwrap_or_default()
            .to_owned()
    };
    let message_id = body
        .get("messageId")
        .and_then(Value::as_str)
        .and_then(|s| Uuid::parse_str(s.trim()).ok());
    if message_id.is_none() {
        fields.insert("messageId", "A message id (uuid) is required".into());
    }
    let subject = text("subject");
    if subject.is_empty() {
        fields.insert("subject", "Please enter a subject".into());
    } else if subject.chars().count() > SUBJECT_MAX {
        fields.insert(
            "subject",
            format!("The subject can be at most {SUBJECT_MAX} characters"),
        );
    }
    let reply = text("body");
    if reply.is_empty() {
        fields.insert("body", "Please write the reply".into());
    } else if reply.chars().count() > BODY_MAX {
        fields.insert(
            "body",
            format!("The reply can be at most {BODY_MAX} characters"),
        );
    }
    let complete = match body.get("complete") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => {
            fields.insert("complete", "complete must be true or false".into());
            false
        }
    };
    match message_id {
        Some(message_id) if fields.is_empty() => Ok(ReplyForm {
            message_id,
            subject,
            body: reply,
            complete,
        }),
        _ => Err(FunctionsError::Invalid(fields)),
    }
}

/// The `Message-ID` of the acknowledgement a sender got for their message, which a reply
/// answers.
pub fn acknowledgement_id(message: Uuid) -> String {
    super::deliver::acknowledgement_id(super::deliver::Table::Messages, message)
}

impl Submissions {
    /// `POST /functions/v1/reply-message`: 202 `{queued, jobId}` once the reply is queued.
    pub async fn reply_message(
        &self,
        caller: &Caller,
        body: &Value,
    ) -> Result<Value, FunctionsError> {
        if caller.role == "anon" {
            return Err(FunctionsError::Unauthorized(
                "Sign in to reply to a message".into(),
            ));
        }
        let form = read_reply(body)?;
        let tx = begin_as(&self.api, &caller.context(), true).await?;
        crate::capabilities::require_sender(&tx, "Replying to a message").await?;
        let found = tx
            .client()
            .query_opt(
                "SELECT sender_email, auth.uid() FROM public.messages WHERE id = $1",
                &[&form.message_id],
            )
            .await?;
        tx.commit().await?;
        let Some(row) = found else {
            return Err(FunctionsError::NotFound("Message not found".into()));
        };
        let Some(to) = row
            .get::<_, Option<String>>(0)
            .filter(|e| !e.trim().is_empty())
        else {
            let mut fields = FieldErrors::new();
            fields.insert(
                "messageId",
                "This message has no e-mail address to reply to".into(),
            );
            return Err(FunctionsError::Invalid(fields));
        };
        let job = ReplyMessage {
            message_id: form.message_id,
            to,
            subject: form.subject,
            body: form.body,
            by: row.get(1),
            complete: form.complete,
        };
        let client = self.service.get().await?;
        let queued = kanisa_jobs::enqueue(&**client, &job).await?;
        Ok(json!({"queued": true, "jobId": queued.id}))
    }
}

/// `reply_message`: sends the reply and records it on the message.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReplyMessage {
    pub message_id: Uuid,
    pub to: String,
    pub subject: String,
    pub body: String,
    /// The staff member who replied.
    pub by: Option<Uuid>,
    /// Complete the message once sent (absent in jobs queued before issue 32: false).
    #[serde(default)]
    pub complete: bool,
}

/// Records the reply (or why it failed) on the message, and whether it was only simulated (demo
/// mode); a sent reply with `complete` completes the message too (unless it already is).
async fn record(
    service: &Pool,
    id: Uuid,
    by: Option<Uuid>,
    complete: bool,
    simulated: bool,
    error: Option<&str>,
) -> Result<(), JobFailure> {
    let client = service
        .get()
        .await
        .map_err(|e| JobFailure::retry(e.to_string()))?;
    let done = match error {
        None => {
            client
                .execute(
                    "UPDATE public.messages SET replied_at = now(), replied_by = $2, \
                     reply_error = NULL, reply_simulated = $4, \
                     status = CASE WHEN status = 'completed' THEN status \
                                   WHEN $3 THEN 'completed' ELSE 'sent' END, \
                     completed_at = CASE WHEN status <> 'completed' AND $3 THEN now() \
                                         ELSE completed_at END \
                     WHERE id = $1",
                    &[&id, &by, &complete, &simulated],
                )
                .await
        }
        Some(reason) => {
            client
                .execute(
                    "UPDATE public.messages SET reply_error = $2 WHERE id = $1",
                    &[&id, &reason],
                )
                .await
        }
    };
    done.map_err(|e| JobFailure::retry(kanisa_pg::describe(&e)))?;
    Ok(())
}

impl Job for ReplyMessage {
    const KIND: &'static str = REPLY_MESSAGE;
    const MAX_ATTEMPTS: i32 = 5;
    type Context = Mailing;

    /// One reply per message and minute: a double click sends once.
    fn unique_key(&self) -> Option<String> {
        let minute = Utc::now().timestamp() / 60;
        Some(format!("reply:{}:{minute}", self.message_id))
    }

    async fn run(self, mailing: &Mailing, run: &RunInfo) -> Result<(), JobFailure> {
        let ReplyMessage {
            message_id: id,
            to,
            subject,
            body,
            by,
            complete,
        } = self;
        let client = mailing
            .service
            .get()
            .await
            .map_err(|e| JobFailure::retry(e.to_string()))?;
        let church_email: Option<String> = client
            .query_one(
                "SELECT (SELECT nullif(btrim(value #>> '{}'), '') FROM public.system_settings \
                 WHERE key = 'church_email')",
                &[],
            )
            .await
            .map_err(|e| JobFailure::retry(kanisa_pg::describe(&e)))?
            .get(0);
        drop(client);
        let email = Email {
            to: vec![to],
            reply_to: church_email,
            subject,
            text: body,
            html: None,
            message_id: Some(format!("job-{}@kanisa", run.id)),
            in_reply_to: Some(acknowledgement_id(id)),
        };
        let service = &mailing.service;
        match mailing.mailer.send(&email).await {
            Ok(delivery) => {
                let simulated = matches!(delivery, Delivery::Simulated);
                record(service, id, by, complete, simulated, None).await
            }
            Err(e) => {
                let reason = e.to_string();
                let last = run.attempt >= run.max_attempts;
                if e.is_permanent() || last {
                    record(service, id, by, complete, false, Some(&reason)).await?;
                }
                Err(if e.is_permanent() {
                    JobFailure::permanent(reason)
                } else {
                    JobFailure::retry(reason)
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_needs_a_message_a_subject_and_a_body() {
        let id = Uuid::new_v4();
        let ok = read_reply(
            &json!({"messageId": id.to_string(), "subject": " Re: Visit ",
                                   "body": " We will come on Sunday. "}),
        )
        .unwrap();
        assert_eq!(
            ok,
            ReplyForm {
                message_id: id,
                subject: "Re: Visit".into(),
                body: "We will come on Sunday.".into(),
                complete: false,
            }
        );
        let both = read_reply(
            &json!({"messageId": id.to_string(), "subject": "Re", "body": "Yes", "complete": true}),
        )
        .unwrap();
        assert!(both.complete, "Send and mark complete");
        let Err(FunctionsError::Invalid(fields)) = read_reply(
            &json!({"messageId": id.to_string(), "subject": "Re", "body": "Yes", "complete": "yes"}),
        ) else {
            panic!("refused");
        };
        assert_eq!(
            fields.get("complete").map(String::as_str),
            Some("complete must be true or false")
        );
        let Err(FunctionsError::Invalid(fields)) =
            read_reply(&json!({"messageId": "nope", "subject": "  ", "body": ""}))
        else {
            panic!("refused");
        };
        assert_eq!(
            fields.keys().copied().collect::<Vec<_>>(),
            ["body", "messageId", "subject"]
        );
        let Err(FunctionsError::Invalid(fields)) = read_reply(
            &json!({"messageId": id.to_string(), "subject": "x".repeat(201), "body": "y"}),
        ) else {
            panic!("refused");
        };
        assert_eq!(
            fields.get("subject").map(String::as_str),
            Some("The subject can be at most 200 characters")
        );
    }

    #[test]
    fn a_reply_answers_the_acknowledgement_the_sender_got() {
        let id = Uuid::parse_str("00000000-0000-4000-8000-000000000042").unwrap();
        assert_eq!(
            acknowledgement_id(id),
            "message-00000000-0000-4000-8000-000000000042-ack@kanisa"
        );
    }
}
