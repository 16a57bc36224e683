//! Storing a submission: one transaction as the caller (the policies of `messages` and
//! `prayer_requests` decide; the insert triggers of migration 0014 count the abuse limits,
//! resolve the recipient's mailbox and enqueue the delivery jobs), after the attachments the
//! visitor uploaded are checked. A refused submission deletes the files it was given, so a
//! failed attempt leaves nothing behind.

use chrono::{DateTime, SecondsFormat, Utc};
use kanisa_pg::Caller;
use kanisa_pg::context::begin_as;
use serde::Serialize;
use serde_json::{Value, json};
use uuid::Uuid;

use super::Submissions;
use super::form::{self, AttachmentRef, ContactForm, Refusal, RequestForm, Submission};
use crate::error::FunctionsError;

/// The bucket the request forms' files go to.
pub const BUCKET: &str = "church-files";

/// What a stored submission answers.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Receipt {
    pub received: bool,
    /// `message` or `prayer_request`.
    pub kind: &'static str,
    /// `queued` (e-mail is live) or `simulated` (demo mode: stored, nothing sent).
    pub delivery: &'static str,
    /// The form's idempotency key had been used: this send stored nothing (the first did).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub duplicate: bool,
}

/// A form's `idempotencyKey`: 8 to 100 letters, digits, `-` or `_` (the offline queue makes
/// one per form, a UUID), or none.
pub fn read_key(body: &Value) -> Result<Option<String>, FunctionsError> {
    match body.get("idempotencyKey") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(k))
            if (8..=100).contains(&k.len())
                && k.chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') =>
        {
            Ok(Some(k.clone()))
        }
        Some(_) => {
            let mut fields = form::FieldErrors::new();
            fields.insert(
                "idempotencyKey",
                "The idempotency key must be 8 to 100 letters, digits, - or _".into(),
            );
            Err(FunctionsError::Invalid(fields))
        }
    }
}

const INSERT_MESSAGE: &str = "\
INSERT INTO public.messages (subject, message, sender_name, sender_email, sender_phone, \
  recipient_name, recipient_role, department, submission_type, attachments, priority) \
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)";

/// A signed-in caller's request carries their id (`requester_id`, NULL for anon), so they read
/// it back with its status (the member portal's My requests; policies/prayer_requests.sql).
const INSERT_PRAYER: &str = "\
INSERT INTO public.prayer_requests (title, description, urgency, privacy_level, \
  submitter_name, submitter_email, submitter_phone, requester_id) \
VALUES ($1, $2, $3, $4, $5, $6, $7, auth.uid())";

/// The uploaded objects a submission names, as the server sees them (owner connection: the
/// uploader cannot read request folders back). Uploaded within the last day, into a request
/// folder.
const FIND_UPLOADS: &str = "\
SELECT name, size, mime_type, coalesce(metadata ->> 'originalName', ''), created_at \
FROM storage.objects \
WHERE bucket_id = $1 AND name = ANY($2) \
  AND name ~ '^(submissions|reports|maintenance)/' AND created_at > now() - interval '1 day'";

/// A signed-in caller is known by their id, which the stored row keeps (requester_id,
/// sender_id); the public must give an e-mail address to be answered.
fn sender(caller: &Caller) -> form::Sender {
    if caller.role == "authenticated" {
        form::Sender::SignedIn
    } else {
        form::Sender::Public
    }
}

fn refusal(r: Refusal) -> FunctionsError {
    match r {
        Refusal::Bot => FunctionsError::Bot,
        Refusal::Invalid(fields) => FunctionsError::Invalid(fields),
    }
}

/// `church-files/reports/x.pdf` or `reports/x.pdf` → `reports/x.pdf`.
fn object_name(path: &str) -> &str {
    let path = path.trim().trim_start_matches('/');
    path.strip_prefix(BUCKET)
        .and_then(|p| p.strip_prefix('/'))
        .unwrap_or(path)
}

impl Submissions {
    /// `POST /functions/v1/submit-request`.
    pub async fn submit_request(
        &self,
        caller: &Caller,
        body: &Value,
    ) -> Result<Receipt, FunctionsError> {
        let form: RequestForm = read_body(body)?;
        let names = attachment_names(&form.attachments);
        let result = async {
            let key = read_key(body)?;
            let (_, submission) =
                form::read_request_from(&form, sender(caller)).map_err(refusal)?;
            self.store(caller, submission, &form.attachments, key).await
        }
        .await;
        if result.is_err() {
            self.discard_uploads(&names).await;
        }
        result
    }

    /// `POST /functions/v1/contact-message`.
    pub async fn contact_message(
        &self,
        caller: &Caller,
        body: &Value,
    ) -> Result<Receipt, FunctionsError> {
        let form: ContactForm = read_body(body)?;
        let key = read_key(body)?;
        let submission = form::read_contact_from(&form, sender(caller)).map_err(refusal)?;
        self.store(caller, submission, &[], key).await
    }

    async fn store(
        &self,
        caller: &Caller,
        submission: Submission,
        attachments: &[AttachmentRef],
        key: Option<String>,
    ) -> Result<Receipt, FunctionsError> {
        let attachments = self.check_uploads(attachments).await?;
        let tx = begin_as(&self.api, &caller.context(), false).await?;
        let live = self.channels.modes().await.email.live;
        let receipt = |kind, duplicate| Receipt {
            received: true,
            kind,
            delivery: if live { "queued" } else { "simulated" },
            duplicate,
        };
        if let Some(key) = &key {
            let print = fingerprint(caller, &submission, &attachments);
            let claim: String = tx
                .client()
                .query_one("SELECT auth.claim_submission_key($1, $2)", &[key, &print])
                .await?
                .get(0);
            match claim.as_str() {
                "claimed" => {}
                "duplicate" => {
                    // Sent before and stored then: nothing more (the transaction rolls back).
                    let kind = match submission {
                        Submission::Message(_) => "message",
                        Submission::PrayerRequest(_) => "prayer_request",
                    };
                    return Ok(receipt(kind, true));
                }
                _ => {
                    return Err(FunctionsError::Conflict {
                        message: "This form's idempotency key was already used for a different \
                                  submission. Please send the form again (it gets a new key)."
                            .into(),
                        field: Some("idempotencyKey"),
                    });
                }
            }
        }
        let paths: Vec<String> = attachments
            .iter()
            .filter_map(|a| a.get("path").and_then(Value::as_str).map(str::to_owned))
            .collect();
        if !paths.is_empty() {
            // One submission per file: a second one naming it is refused (PT409).
            tx.client()
                .execute("SELECT auth.claim_attachments($1)", &[&paths])
                .await?;
        }
        let kind = match submission {
            Submission::Message(m) => {
                let attachments = Value::Array(attachments);
                tx.client()
                    .execute(
                        INSERT_MESSAGE,
                        &[
                            &m.subject,
                            &m.message,
                            &m.sender_name,
                            &m.sender_email,
                            &m.sender_phone,
                            &m.recipient_name,
                            &m.recipient_role,
                            &m.department,
                            &m.submission_type,
                            &attachments,
                            &m.priority,
                        ],
                    )
                    .await?;
                "message"
            }
            Submission::PrayerRequest(p) => {
                if !attachments.is_empty() {
                    let mut fields = form::FieldErrors::new();
                    fields.insert(
                        "attachments",
                        "A prayer request takes no attachments".into(),
                    );
                    return Err(FunctionsError::Invalid(fields));
                }
                tx.client()
                    .execute(
                        INSERT_PRAYER,
                        &[
                            &p.title,
                            &p.description,
                            &p.urgency,
                            &p.privacy_level,
                            &p.submitter_name,
                            &p.submitter_email,
                            &p.submitter_phone,
                        ],
                    )
                    .await?;
                "prayer_request"
            }
        };
        tx.commit().await?;
        Ok(receipt(kind, false))
    }

    /// The stored attachments' descriptions (public-site §3 "Attachment"), in the form's
    /// order; an error naming the first file that was not uploaded.
    async fn check_uploads(&self, refs: &[AttachmentRef]) -> Result<Vec<Value>, FunctionsError> {
        if refs.is_empty() {
            return Ok(Vec::new());
        }
        let names = attachment_names(refs);
        let client = self.service.get().await?;
        let rows = client.query(FIND_UPLOADS, &[&BUCKET, &names]).await?;
        let mut out = Vec::with_capacity(refs.len());
        for (r, name) in refs.iter().zip(&names) {
            let Some(row) = rows.iter().find(|row| row.get::<_, &str>(0) == name) else {
                let shown = r
                    .name
                    .as_ref()
                    .map_or_else(|| name.clone(), |t| t.0.clone());
                return Err(FunctionsError::AttachmentNotFound(format!(
                    "Failed to upload '{shown}': the file did not arrive. Please attach it again."
                )));
            };
            let original: String = row.get(3);
            let original = if original.is_empty() {
                r.name
                    .as_ref()
                    .map_or_else(|| name.clone(), |t| t.0.clone())
            } else {
                original
            };
            let uploaded: DateTime<Utc> = row.get(4);
            out.push(json!({
                "name": name.rsplit('/').next().unwrap_or(name),
                "originalName": original,
                "url": format!("/storage/v1/object/authenticated/{BUCKET}/{name}"),
                "path": name,
                "size": row.get::<_, i64>(1),
                "type": row.get::<_, String>(2),
                "uploadedAt": uploaded.to_rfc3339_opts(SecondsFormat::Millis, true),
            }));
        }
        Ok(out)
    }

    /// Deletes the files of a refused submission (as the server: the uploader may not delete
    /// from the request folders). Only files from the last day, in request folders and not
    /// attached to a stored message, so a crafted list cannot remove anyone else's.
    async fn discard_uploads(&self, names: &[String]) {
        let Some(storage) = &self.storage else { return };
        if names.is_empty() {
            return;
        }
        let since = chrono::Utc::now() - chrono::Duration::days(1);
        if let Err(e) =
            super::sweep::remove_unclaimed(&self.service, storage, Some(names), Some(since), None)
                .await
        {
            tracing::warn!(error = %e, "could not remove the files of a refused submission");
        }
    }

    /// `POST /functions/v1/send-message {messageId}`: staff send a stored message's e-mail
    /// again. The caller must be able to read the message (the Communication staff, by the
    /// policies of `messages`); the send is queued once per message and minute, so a double
    /// click sends once.
    pub async fn send_message_again(
        &self,
        caller: &Caller,
        body: &Value,
    ) -> Result<Value, FunctionsError> {
        if caller.role == "anon" {
            return Err(FunctionsError::Unauthorized(
                "Sign in to send a message again".into(),
            ));
        }
        let id = body
            .get("messageId")
            .and_then(Value::as_str)
            .and_then(|s| Uuid::parse_str(s.trim()).ok())
            .ok_or_else(|| {
                let mut fields = form::FieldErrors::new();
                fields.insert("messageId", "A message id (uuid) is required".into());
                FunctionsError::Invalid(fields)
            })?;
        let tx = begin_as(&self.api, &caller.context(), true).await?;
        crate::capabilities::require_sender(&tx, "Sending a message again").await?;
        let found = tx
            .client()
            .query_opt("SELECT 1 FROM public.messages WHERE id = $1", &[&id])
            .await?;
        tx.commit().await?;
        if found.is_none() {
            return Err(FunctionsError::NotFound("Message not found".into()));
        }
        let job = super::deliver::NotifySubmission {
            table: super::deliver::Table::Messages,
            id,
            again: true,
        };
        let client = self.service.get().await?;
        let queued = kanisa_jobs::enqueue(&**client, &job).await?;
        Ok(json!({"queued": true, "jobId": queued.id}))
    }
}

/// Who sent a submission and what it said, as a digest: a form's idempotency key belongs to
/// this (the same form sent again has the same digest; another submission reusing the key has
/// another).
fn fingerprint(caller: &Caller, submission: &Submission, attachments: &[Value]) -> String {
    use sha2::{Digest, Sha256};
    let sender = caller.user_id().unwrap_or_else(|| caller.role.clone());
    let body = json!({"sender": sender, "submission": submission, "attachments": attachments
        .iter()
        .map(|a| a.get("path").cloned().unwrap_or(Value::Null))
        .collect::<Vec<_>>()});
    hex::encode(Sha256::digest(body.to_string().as_bytes()))
}

fn attachment_names(refs: &[AttachmentRef]) -> Vec<String> {
    refs.iter()
        .map(|r| object_name(r.path.as_ref().map_or("", |t| t.0.as_str())).to_owned())
        .collect()
}

fn read_body<T: serde::de::DeserializeOwned>(body: &Value) -> Result<T, FunctionsError> {
    if !body.is_object() {
        return Err(FunctionsError::BadBody(
            "The request body must be a JSON object".into(),
        ));
    }
    serde_json::from_value(body.clone())
        .map_err(|e| FunctionsError::BadBody(format!("Could not read the form: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attachment_paths_are_accepted_with_or_without_the_bucket() {
        assert_eq!(object_name("church-files/reports/1.pdf"), "reports/1.pdf");
        assert_eq!(object_name("/reports/1.pdf"), "reports/1.pdf");
        assert_eq!(object_name("reports/1.pdf"), "reports/1.pdf");
    }
}
