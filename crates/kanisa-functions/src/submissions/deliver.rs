//! The delivery jobs of a submission, enqueued by the insert triggers of migration 0014:
//! `notify_submission` mails the recipient's church mailbox (reply-to the sender, the detail
//! sections, attachments as signed links that expire) and records the outcome on the message
//! (`email_sent_at`, `email_error`, `email_simulated`); `acknowledge_submission` tells the
//! sender it arrived and when to expect a reply. Both are plain functions over a loaded row
//! ([`staff_email`], [`acknowledgement`]) plus the job glue.

use std::sync::Arc;

use chrono::{DateTime, FixedOffset, Utc};
use kanisa_jobs::{Job, JobFailure, RunInfo};
use kanisa_notify::{Delivery, Email, Mailer};
use kanisa_pg::{Caller, Pool};
use kanisa_storage::Storage;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

use super::submit::BUCKET;

pub const NOTIFY_SUBMISSION: &str = "notify_submission";
pub const ACKNOWLEDGE_SUBMISSION: &str = "acknowledge_submission";

/// How long the attachment links in a staff e-mail work (the storage API's longest).
pub const LINK_SECS: i64 = 7 * 24 * 3600;

/// The response promise (public-site §9).
pub const RESPONSE_PROMISE: &str = "24-48 hours";

/// What the delivery jobs share.
pub struct Deliveries {
    service: Pool,
    mailer: Arc<dyn Mailer>,
    storage: Option<Arc<Storage>>,
    /// The site's address, for the links in e-mails (no trailing slash).
    public_url: String,
}

impl Deliveries {
    pub fn new(
        service: Pool,
        mailer: Arc<dyn Mailer>,
        storage: Option<Arc<Storage>>,
        public_url: &str,
    ) -> Arc<Deliveries> {
        Arc::new(Deliveries {
            service,
            mailer,
            storage,
            public_url: public_url.trim_end_matches('/').to_owned(),
        })
    }
}

/// Which table a submission is in (`messages`, `prayer_requests` in a job's payload).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Table {
    Messages,
    PrayerRequests,
}

impl Table {
    /// The table's name (as in the triggers' unique keys).
    pub fn as_str(self) -> &'static str {
        match self {
            Table::Messages => "messages",
            Table::PrayerRequests => "prayer_requests",
        }
    }
}

/// A stored submission, as the e-mails need it.
#[derive(Clone, Debug, PartialEq)]
pub struct Stored {
    pub table: Table,
    pub id: Uuid,
    pub kind: String,
    pub subject: String,
    pub body: String,
    pub sender_name: String,
    pub sender_email: Option<String>,
    pub sender_phone: Option<String>,
    pub recipient_name: String,
    pub recipient_role: Option<String>,
    pub recipient_email: Option<String>,
    pub department: Option<String>,
    pub priority: String,
    pub privacy: Option<String>,
    pub attachments: Vec<Value>,
    pub created_at: DateTime<Utc>,
    pub sent_at: Option<DateTime<Utc>>,
}

/// The church, as its e-mails sign.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Church {
    pub name: String,
    pub phone: Option<String>,
    pub email: Option<String>,
}

/// A link to one attachment in a staff e-mail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    pub name: String,
    pub size: i64,
    /// None when the file can no longer be reached.
    pub url: Option<String>,
}

const LOAD_MESSAGE: &str = "\
SELECT coalesce(submission_type, 'Message'), subject, message, sender_name, sender_email, \
  sender_phone, coalesce(recipient_name, 'Church Leadership'), recipient_role, recipient_email, \
  department, priority, NULL::text, attachments, created_at, email_sent_at \
FROM public.messages WHERE id = $1";

const LOAD_PRAYER: &str = "\
SELECT 'Prayer Request', title, description, coalesce(submitter_name, 'Anonymous'), \
  submitter_email, submitter_phone, 'Prayer Ministry Team', 'Prayer Coordinator', \
  kanisa.resolve_recipient_email('Prayer Ministry Team', 'Prayer Coordinator'), NULL::text, \
  urgency, privacy_level, '[]'::jsonb, created_at, NULL::timestamptz \
FROM public.prayer_requests WHERE id = $1";

const LOAD_CHURCH: &str = "\
SELECT \
  (SELECT nullif(btrim(value #>> '{}'), '') FROM public.system_settings WHERE key = 'church_name'), \
  (SELECT nullif(btrim(value #>> '{}'), '') FROM public.system_settings WHERE key = 'branch_name'), \
  (SELECT nullif(btrim(value #>> '{}'), '') FROM public.system_settings WHERE key = 'church_phone'), \
  (SELECT nullif(btrim(value #>> '{}'), '') FROM public.system_settings WHERE key = 'church_email')";

impl Deliveries {
    async fn load(&self, table: Table, id: Uuid) -> Result<Option<(Stored, Church)>, JobFailure> {
        let db = |e: String| JobFailure::retry(format!("database: {e}"));
        let client = self.service.get().await.map_err(|e| db(e.to_string()))?;
        let sql = match table {
            Table::Messages => LOAD_MESSAGE,
            Table::PrayerRequests => LOAD_PRAYER,
        };
        let Some(r) = client
            .query_opt(sql, &[&id])
            .await
            .map_err(|e| db(kanisa_pg::describe(&e)))?
        else {
            return Ok(None);
        };
        let attachments = match r.get::<_, Value>(12) {
            Value::Array(a) => a,
            _ => Vec::new(),
        };
        let stored = Stored {
            table,
            id,
            kind: r.get(0),
            subject: r.get(1),
            body: r.get(2),
            sender_name: r.get(3),
            sender_email: r.get(4),
            sender_phone: r.get(5),
            recipient_name: r.get(6),
            recipient_role: r.get(7),
            recipient_email: r.get(8),
            department: r.get(9),
            priority: r.get(10),
            privacy: r.get(11),
            attachments,
            created_at: r.get(13),
            sent_at: r.get(14),
        };
        let c = client
            .query_one(LOAD_CHURCH, &[])
            .await
            .map_err(|e| db(kanisa_pg::describe(&e)))?;
        let name: Option<String> = c.get(0);
        let branch: Option<String> = c.get(1);
        let church = Church {
            name: match (name, branch) {
                (Some(n), Some(b)) => format!("{n} {b}"),
                (Some(n), None) => n,
                (None, _) => "The church office".to_owned(),
            },
            phone: c.get(2),
            email: c.get(3),
        };
        Ok(Some((stored, church)))
    }

    async fn record(&self, id: Uuid, outcome: Result<bool, &str>) {
        let result = async {
            let client = self.service.get().await.map_err(|e| e.to_string())?;
            let done = match outcome {
                Ok(simulated) => {
                    client
                        .execute(
                            "UPDATE public.messages SET email_sent_at = now(), \
                             email_error = NULL, email_simulated = $2 WHERE id = $1",
                            &[&id, &simulated],
                        )
                        .await
                }
                Err(error) => {
                    client
                        .execute(
                            "UPDATE public.messages SET email_error = $2 WHERE id = $1",
                            &[&id, &error],
                        )
                        .await
                }
            };
            done.map_err(|e| kanisa_pg::describe(&e))
        }
        .await;
        if let Err(e) = result {
            tracing::warn!(error = %e, message = %id, "could not record the e-mail's outcome");
        }
    }

    async fn links(&self, attachments: &[Value]) -> Vec<Link> {
        let mut links = Vec::with_capacity(attachments.len());
        for a in attachments {
            let path = a.get("path").and_then(Value::as_str).unwrap_or_default();
            let name = a
                .get("originalName")
                .or_else(|| a.get("name"))
                .and_then(Value::as_str)
                .unwrap_or(path)
                .to_owned();
            let url = match &self.storage {
                Some(storage) if !path.is_empty() => storage
                    .sign(&Caller::service(), BUCKET, path, Some(LINK_SECS))
                    .await
                    .map(|rel| format!("{}/storage/v1{rel}", self.public_url))
                    .map_err(
                        |e| tracing::warn!(error = %e, path, "no signed link for an attachment"),
                    )
                    .ok(),
                _ => None,
            };
            links.push(Link {
                name,
                size: a.get("size").and_then(Value::as_i64).unwrap_or(0),
                url,
            });
        }
        links
    }

    /// Sends `email`; the job's verdict. `last` says whether a retry-able failure is the last
    /// attempt (then it is recorded too).
    async fn send(&self, email: &Email) -> Result<bool, (bool, String)> {
        match self.mailer.send(email).await {
            Ok(Delivery::Sent { .. }) => Ok(false),
            Ok(Delivery::Simulated) => Ok(true),
            Err(e) => Err((e.is_permanent(), e.to_string())),
        }
    }
}

/// `notify_submission`: the church mailbox's e-mail of a submission, queued by the insert
/// triggers (migration 0014) or, `again`, by staff (`send-message`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct NotifySubmission {
    pub table: Table,
    pub id: Uuid,
    /// Staff asked for it again: sent even when it went out before, with a new `Message-ID`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub again: bool,
}

impl Job for NotifySubmission {
    const KIND: &'static str = NOTIFY_SUBMISSION;
    type Context = Arc<Deliveries>;

    /// The triggers key the first e-mail (`messages-notify:<id>`); staff's "send again" is one
    /// per message and minute (a double click sends once).
    fn unique_key(&self) -> Option<String> {
        let minute = Utc::now().timestamp() / 60;
        Some(if self.again {
            format!("{}-again:{}:{minute}", self.table.as_str(), self.id)
        } else {
            format!("{}-notify:{}", self.table.as_str(), self.id)
        })
    }

    async fn run(self, d: &Arc<Deliveries>, run: &RunInfo) -> Result<(), JobFailure> {
        let NotifySubmission { table, id, again } = self;
        let Some((stored, church)) = d.load(table, id).await? else {
            tracing::info!(%id, "the submission was deleted before its e-mail went out");
            return Ok(());
        };
        if stored.sent_at.is_some() && !again {
            // Delivered by an earlier run whose job did not get marked done.
            return Ok(());
        }
        let messages = table == Table::Messages;
        let Some(to) = stored.recipient_email.clone() else {
            let error = "No church mailbox to send to: set the request mailboxes or the church \
                         e-mail in System Settings";
            if messages {
                d.record(id, Err(error)).await;
            }
            return Err(JobFailure::permanent(error));
        };
        let links = d.links(&stored.attachments).await;
        let mut email = staff_email(&stored, &church, &links, &to);
        email.message_id = Some(if again {
            format!("job-{}@kanisa", run.id)
        } else {
            format!("{}-{}@kanisa", table_name(table), id)
        });
        match d.send(&email).await {
            Ok(simulated) => {
                if messages {
                    d.record(id, Ok(simulated)).await;
                }
                Ok(())
            }
            Err((permanent, error)) => {
                let last = permanent || run.attempt >= run.max_attempts;
                if messages && last {
                    d.record(id, Err(&error)).await;
                }
                Err(if permanent {
                    JobFailure::permanent(error)
                } else {
                    JobFailure::retry(error)
                })
            }
        }
    }
}

/// `acknowledge_submission`: the sender's "we received it", queued by the insert triggers.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct AcknowledgeSubmission {
    pub table: Table,
    pub id: Uuid,
}

impl Job for AcknowledgeSubmission {
    const KIND: &'static str = ACKNOWLEDGE_SUBMISSION;
    type Context = Arc<Deliveries>;

    fn unique_key(&self) -> Option<String> {
        Some(format!("{}-ack:{}", self.table.as_str(), self.id))
    }

    async fn run(self, d: &Arc<Deliveries>, _run: &RunInfo) -> Result<(), JobFailure> {
        let AcknowledgeSubmission { table, id } = self;
        let Some((stored, church)) = d.load(table, id).await? else {
            return Ok(());
        };
        let Some(mut email) = acknowledgement(&stored, &church) else {
            return Ok(());
        };
        email.message_id = Some(acknowledgement_id(table, id));
        match d.send(&email).await {
            Ok(_) => Ok(()),
            Err((true, error)) => Err(JobFailure::permanent(error)),
            Err((false, error)) => Err(JobFailure::retry(error)),
        }
    }
}

/// The `Message-ID` of the acknowledgement a sender gets for what they sent: a staff reply
/// answers it, so mail clients thread the two.
pub(crate) fn acknowledgement_id(table: Table, id: Uuid) -> String {
    format!("{}-{}-ack@kanisa", table_name(table), id)
}

fn table_name(t: Table) -> &'static str {
    match t {
        Table::Messages => "message",
        Table::PrayerRequests => "prayer-request",
    }
}

/// A time as people in the church read it: Africa/Nairobi (UTC+3 all year), e.g.
/// `24 Nov 2026, 19:05 EAT`.
pub fn nairobi(at: DateTime<Utc>) -> String {
    let eat = FixedOffset::east_opt(3 * 3600).expect("a valid offset");
    at.with_timezone(&eat)
        .format("%-d %b %Y, %H:%M EAT")
        .to_string()
}

fn size(bytes: i64) -> String {
    if bytes >= 1024 * 1024 {
        format!("{:.1} MB", bytes as f64 / (1024.0 * 1024.0))
    } else {
        format!("{} KB", (bytes + 1023) / 1024)
    }
}

/// The e-mail to the church mailbox `to`.
pub fn staff_email(s: &Stored, church: &Church, links: &[Link], to: &str) -> Email {
    let urgent = matches!(s.priority.as_str(), "urgent" | "high");
    let subject = format!(
        "{}{}: {}",
        if urgent {
            format!("[{}] ", s.priority.to_uppercase())
        } else {
            String::new()
        },
        s.kind,
        s.subject
    );
    let mut text = format!(
        "A new {} has come in through the church website.\n\n",
        s.kind.to_lowercase()
    );
    let from = match &s.sender_email {
        Some(e) => format!("{} <{e}>", s.sender_name),
        None => format!("{} (no e-mail given)", s.sender_name),
    };
    text.push_str(&format!("From:       {from}\n"));
    if let Some(p) = &s.sender_phone {
        text.push_str(&format!("Phone:      {p}\n"));
    }
    let to_line = match &s.recipient_role {
        Some(role) if !role.is_empty() && role != &s.recipient_name => {
            format!("{} ({role})", s.recipient_name)
        }
        _ => s.recipient_name.clone(),
    };
    text.push_str(&format!("For:        {to_line}\n"));
    if let Some(d) = &s.department {
        text.push_str(&format!("Department: {d}\n"));
    }
    text.push_str(&format!("Priority:   {}\n", s.priority));
    if let Some(p) = &s.privacy {
        text.push_str(&format!("Privacy:    {}\n", p.replace('_', " ")));
    }
    text.push_str(&format!("Received:   {}\n\n", nairobi(s.created_at)));
    text.push_str(&format!("Subject: {}\n\n{}\n", s.subject, s.body));
    if !links.is_empty() {
        text.push_str(&format!(
            "\nAttachments (links work for {} days):\n",
            LINK_SECS / 86_400
        ));
        for l in links {
            match &l.url {
                Some(url) => text.push_str(&format!("- {} ({}): {url}\n", l.name, size(l.size))),
                None => text.push_str(&format!(
                    "- {} ({}): no longer available\n",
                    l.name,
                    size(l.size)
                )),
            }
        }
    }
    text.push_str(&match &s.sender_email {
        Some(_) => format!(
            "\nReply to this e-mail to answer {} directly. They were told to expect a reply within {RESPONSE_PROMISE}.\n",
            s.sender_name
        ),
        None => "\nThe sender chose to stay anonymous: there is no address to reply to.\n".to_owned(),
    });
    text.push_str(&format!("\n— {} website\n", church.name));
    Email {
        to: vec![to.to_owned()],
        reply_to: s.sender_email.clone(),
        subject,
        text,
        html: None,
        message_id: None,
        in_reply_to: None,
    }
}

/// The acknowledgement to the sender; none without an e-mail address (anonymous).
pub fn acknowledgement(s: &Stored, church: &Church) -> Option<Email> {
    let to = s.sender_email.clone()?;
    let what = if s.table == Table::PrayerRequests {
        "prayer request".to_owned()
    } else {
        s.kind.to_lowercase()
    };
    let mut text = format!(
        "Dear {},\n\nThank you for contacting {}. We have received your {what} \"{}\" and \
         passed it to the {}.\n\nYou can expect a reply within {RESPONSE_PROMISE}.",
        s.sender_name, church.name, s.subject, s.recipient_name
    );
    match &church.phone {
        Some(phone) => text.push_str(&format!(
            " For urgent matters, please call the church office on {phone}."
        )),
        None => text.push_str(" For urgent matters, please call the church office."),
    }
    text.push_str(&format!(
        "\n\nGod bless you,\n{}\n\nThis is an automatic acknowledgement of a form sent on our website. \
         If you did not send it, you can ignore this e-mail.\n",
        church.name
    ));
    Some(Email {
        to: vec![to],
        reply_to: church.email.clone(),
        subject: format!("We received your {what}: {}", s.subject),
        text,
        html: None,
        message_id: None,
        in_reply_to: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stored() -> Stored {
        Stored {
            table: Table::Messages,
            id: Uuid::nil(),
            kind: "Maintenance Request".into(),
            subject: "Leaking roof".into(),
            body: "Water in the vestry\n\n--- MAINTENANCE DETAILS ---\nLocation: Sanctuary\nPriority: Urgent".into(),
            sender_name: "Grace".into(),
            sender_email: Some("grace@example.org".into()),
            sender_phone: Some("0712 345 678".into()),
            recipient_name: "Facilities Team".into(),
            recipient_role: Some("Facilities Manager".into()),
            recipient_email: Some("facilities@example.org".into()),
            department: None,
            priority: "urgent".into(),
            privacy: None,
            attachments: Vec::new(),
            created_at: DateTime::parse_from_rfc3339("2026-11-24T16:05:00Z")
                .expect("a date")
                .with_timezone(&Utc),
            sent_at: None,
        }
    }

    fn church() -> Church {
        Church {
            name: "Kisii Central SDA Church".into(),
            phone: Some("+254 700 000 000".into()),
            email: Some("info@example.org".into()),
        }
    }

    #[test]
    fn the_staff_email_replies_to_the_sender_with_sections_and_links() {
        let links = [Link {
            name: "roof.jpg".into(),
            size: 2_400_000,
            url: Some("https://church.example/storage/v1/object/sign/church-files/maintenance/1.jpg?token=t".into()),
        }];
        let e = staff_email(&stored(), &church(), &links, "facilities@example.org");
        assert_eq!(e.to, ["facilities@example.org"]);
        assert_eq!(e.reply_to.as_deref(), Some("grace@example.org"));
        assert_eq!(e.subject, "[URGENT] Maintenance Request: Leaking roof");
        assert!(
            e.text.contains("From:       Grace <grace@example.org>"),
            "{}",
            e.text
        );
        assert!(
            e.text.contains("Received:   24 Nov 2026, 19:05 EAT"),
            "{}",
            e.text
        );
        assert!(
            e.text
                .contains("--- MAINTENANCE DETAILS ---\nLocation: Sanctuary")
        );
        assert!(
            e.text
                .contains("- roof.jpg (2.3 MB): https://church.example/storage/v1/object/sign/")
        );
    }

    #[test]
    fn an_anonymous_sender_gets_no_acknowledgement_and_staff_are_told() {
        let mut s = stored();
        s.sender_name = "Anonymous".into();
        s.sender_email = None;
        assert_eq!(acknowledgement(&s, &church()), None);
        let e = staff_email(&s, &church(), &[], "facilities@example.org");
        assert_eq!(e.reply_to, None);
        assert!(e.text.contains("stay anonymous"));
    }

    #[test]
    fn the_acknowledgement_promises_a_reply_within_24_to_48_hours() {
        let e = acknowledgement(&stored(), &church()).expect("an e-mail");
        assert_eq!(e.to, ["grace@example.org"]);
        assert_eq!(
            e.subject,
            "We received your maintenance request: Leaking roof"
        );
        assert!(e.text.contains("within 24-48 hours"));
        assert!(
            e.text
                .contains("call the church office on +254 700 000 000")
        );
        assert_eq!(e.reply_to.as_deref(), Some("info@example.org"));
    }
}
