//! Messages to members (issue 19): `POST /functions/v1/send-broadcast` previews or sends an SMS
//! and/or e-mail to a group, a ministry or chosen members, with `{name}`, `{date}` and
//! `{event_name}` filled per recipient. A send is one `kanisa.broadcasts` row and one delivery
//! row per recipient and channel (`sms_deliveries`, `email_deliveries`), written with their
//! jobs in one transaction; the jobs record each recipient's outcome, which the History view
//! reads (`get_broadcast`, migration 0021). The automatic notifications (`notifications.rs`)
//! queue theirs through the same [`queue`].
//!
//! Owns: the send form's rules and texts, who is skipped and why, the preview's figures (the
//! same plan is what gets queued), and the `send_broadcast_email` job. Must not speak a
//! provider's wire (`kanisa-notify`) or decide who belongs to a group (`kanisa.audience`).

use std::collections::BTreeMap;

use chrono::{DateTime, FixedOffset, NaiveDate, Utc};
use kanisa_jobs::{Job, JobFailure, RunInfo};
use kanisa_notify::{Delivery, Email, SMS_PART, Sms};
use kanisa_pg::context::begin_as;
use kanisa_pg::{Caller, Pool};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use uuid::Uuid;

use super::Messaging;
use crate::capabilities::Mailing;
use crate::error::FieldErrors;
use crate::error::FunctionsError;
use crate::sms::SendSms;

pub const SEND_BROADCAST_EMAIL: &str = "send_broadcast_email";

/// The longest subject, SMS text (ten parts) and e-mail text a send may have.
const SUBJECT_MAX: usize = 200;
const SMS_MAX: usize = 10 * SMS_PART;
const EMAIL_MAX: usize = 10_000;
/// The most members one may choose by hand.
const CHOSEN_MAX: usize = 500;
/// The most numbers in one provider request (a text without `{name}` goes to many at once).
const SMS_BATCH: usize = 100;
/// Names of skipped people the preview lists.
const SKIPPED_NAMES: usize = 50;
/// The longest e-mail text once its placeholders are filled.
const FILLED_EMAIL_MAX: usize = 2 * EMAIL_MAX;

/// The member groups of Send Message.
pub const GROUPS: [(&str, &str); 5] = [
    ("all", "All members"),
    ("youth", "Youth"),
    ("elders", "Elders"),
    ("deacons", "Deacons"),
    ("choir", "Choir"),
];

/// Who a send is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Audience {
    Group(&'static str),
    Ministry(Uuid),
    Members(Vec<Uuid>),
}

impl Audience {
    fn stored(&self) -> Value {
        match self {
            Audience::Group(g) => json!({"group": g}),
            Audience::Ministry(id) => json!({"ministryId": id}),
            Audience::Members(ids) => json!({"memberIds": ids}),
        }
    }
}

/// A send as the form asks for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BroadcastForm {
    pub sms: bool,
    pub email: bool,
    pub audience: Audience,
    pub subject: Option<String>,
    pub body: String,
    pub event_id: Option<Uuid>,
    pub date: Option<NaiveDate>,
    pub allow_long: bool,
    pub template_id: Option<Uuid>,
    pub preview: bool,
}

fn uuid_of(v: &Value) -> Option<Uuid> {
    v.as_str().and_then(|s| Uuid::parse_str(s.trim()).ok())
}

/// Reads the send form: every problem at once, by field.
pub fn read_broadcast(body: &Value) -> Result<BroadcastForm, FunctionsError> {
    let mut fields = FieldErrors::new();
    let channels: Vec<&str> = body
        .get("channels")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let sms = channels.contains(&"sms");
    let email = channels.contains(&"email");
    if channels.iter().any(|c| *c != "sms" && *c != "email") {
        fields.insert("channels", "Channels are sms and email".into());
    } else if !sms && !email {
        fields.insert("channels", "Choose SMS, e-mail or both".into());
    }
    let a = body.get("audience").unwrap_or(&Value::Null);
    let audience = if let Some(g) = a.get("group").and_then(Value::as_str) {
        match GROUPS.iter().find(|(id, _)| *id == g) {
            Some((id, _)) => Some(Audience::Group(id)),
            None => {
                fields.insert(
                    "audience",
                    "The groups are all, youth, elders, deacons and choir".into(),
                );
                None
            }
        }
    } else if let Some(m) = a.get("ministryId") {
        let id = uuid_of(m);
        if id.is_none() {
            fields.insert("audience", "A ministry id (uuid) is required".into());
        }
        id.map(Audience::Ministry)
    } else if let Some(list) = a.get("memberIds").and_then(Value::as_array) {
        let ids: Option<Vec<Uuid>> = list.iter().map(uuid_of).collect();
        match ids {
            None => {
                fields.insert("audience", "Member ids must be uuids".into());
                None
            }
            Some(ids) if ids.is_empty() => {
                fields.insert(
                    "audience",
                    "Recipients array is required and cannot be empty".into(),
                );
                None
            }
            Some(ids) if ids.len() > CHOSEN_MAX => {
                fields.insert(
                    "audience",
                    format!("Choose at most {CHOSEN_MAX} members, or send to a group"),
                );
                None
            }
            Some(ids) => Some(Audience::Members(ids)),
        }
    } else {
        fields.insert(
            "audience",
            "Choose a group, a ministry or members to send to".into(),
        );
        None
    };
    let text = |name: &str| {
        body.get(name)
            .and_then(Value::as_str)
            .map(str::trim)
            .unwrap_or_default()
            .to_owned()
    };
    let subject = text("subject");
    if email && subject.is_empty() {
        fields.insert("subject", "An e-mail needs a subject".into());
    } else if subject.chars().count() > SUBJECT_MAX {
        fields.insert(
            "subject",
            format!("The subject can be at most {SUBJECT_MAX} characters"),
        );
    }
    let message = text("body");
    let max = if sms { SMS_MAX } else { EMAIL_MAX };
    if message.is_empty() {
        fields.insert("body", "Message cannot be empty".into());
    } else if message.chars().count() > max {
        fields.insert(
            "body",
            if sms {
                format!("An SMS can be at most {SMS_MAX} characters (ten parts)")
            } else {
                format!("The message can be at most {EMAIL_MAX} characters")
            },
        );
    }
    let event_id = match body.get("eventId") {
        None | Some(Value::Null) => None,
        Some(v) => {
            let id = uuid_of(v);
            if id.is_none() {
                fields.insert("eventId", "An event id (uuid) is required".into());
            }
            id
        }
    };
    let date = match body.get("date").and_then(Value::as_str).map(str::trim) {
        None | Some("") => None,
        Some(s) => {
            let d = NaiveDate::parse_from_str(s, "%Y-%m-%d").ok();
            if d.is_none() {
                fields.insert("date", "Enter the date as YYYY-MM-DD".into());
            }
            d
        }
    };
    if event_id.is_none() && message.contains("{event_name}") && !fields.contains_key("eventId") {
        fields.insert(
            "eventId",
            "Choose the event that {event_name} stands for".into(),
        );
    }
    let template_id = body.get("templateId").and_then(uuid_of);
    let flag = |name: &str| body.get(name).and_then(Value::as_bool).unwrap_or(false);
    match audience {
        Some(audience) if fields.is_empty() => Ok(BroadcastForm {
            sms,
            email,
            audience,
            subject: Some(subject).filter(|s| !s.is_empty()),
            body: message,
            event_id,
            date,
            allow_long: flag("allowLong"),
            template_id,
            preview: flag("preview"),
        }),
        _ => Err(FunctionsError::Invalid(fields)),
    }
}

/// What `{date}` and `{event_name}` stand for in one send.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Occasion {
    pub date: String,
    pub event_name: Option<String>,
}

fn eat() -> FixedOffset {
    FixedOffset::east_opt(3 * 3600).expect("a valid offset")
}

impl Occasion {
    /// An event's: its title, and its start in church time ("Sat 28 Nov 2026, 9:00 AM").
    pub fn event(title: &str, start: DateTime<Utc>) -> Occasion {
        Occasion {
            date: start
                .with_timezone(&eat())
                .format("%a %-d %b %Y, %-I:%M %p")
                .to_string(),
            event_name: Some(title.to_owned()),
        }
    }

    /// A day's ("Wed 25 Nov 2026").
    pub fn day(day: NaiveDate) -> Occasion {
        Occasion {
            date: day.format("%a %-d %b %Y").to_string(),
            event_name: None,
        }
    }

    /// The church's today.
    pub fn today() -> Occasion {
        Occasion::day(Utc::now().with_timezone(&eat()).date_naive())
    }
}

/// `text` with `{name}`, `{date}` and `{event_name}` filled in one pass over the text the
/// sender wrote: what a placeholder becomes is never read for placeholders again (a member
/// named "{event_name}" is greeted by that name, not with the event's title). An
/// `{event_name}` without an event stays as written; the form refuses that before it gets here.
pub fn fill(text: &str, name: &str, occasion: &Occasion) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('{') {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        let value = [
            ("{name}", Some(name)),
            ("{date}", Some(occasion.date.as_str())),
            ("{event_name}", occasion.event_name.as_deref()),
        ]
        .into_iter()
        .find_map(|(token, value)| Some((token, value?)).filter(|_| tail.starts_with(token)));
        match value {
            Some((token, value)) => {
                out.push_str(value);
                rest = &tail[token.len()..];
            }
            None => {
                out.push('{');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// One person a send reaches (a row of `kanisa.audience`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Person {
    pub member_id: Option<Uuid>,
    /// What `{name}` becomes: a member's first name, a leader's name as listed.
    pub first_name: String,
    pub full_name: String,
    /// `+254…`, when they have a Kenyan mobile number.
    pub phone: Option<String>,
    pub email: Option<String>,
}

impl Person {
    fn from_row(r: &tokio_postgres::Row) -> Person {
        Person {
            member_id: r.get("member_id"),
            first_name: r.get("first_name"),
            full_name: r.get("full_name"),
            phone: r.get("phone"),
            email: r.get("email"),
        }
    }
}

/// One message to one person on one channel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outgoing {
    pub member_id: Option<Uuid>,
    pub name: String,
    /// The phone number or e-mail address.
    pub address: String,
    pub text: String,
    /// An e-mail's subject with this recipient's values (none for a text message).
    pub subject: Option<String>,
}

/// What a send will do: the preview shows it and the send queues exactly it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Plan {
    pub sms: Vec<Outgoing>,
    pub email: Vec<Outgoing>,
    /// Names of people left out for want of a phone (when SMS is asked for) or an address.
    pub skipped_sms: Vec<String>,
    pub skipped_email: Vec<String>,
    /// The e-mail subject filled with the first recipient's values, for the preview's sample
    /// (each e-mail carries its own).
    pub subject: Option<String>,
}

impl Plan {
    /// SMS parts over all texts (160 characters a part).
    pub fn sms_parts(&self) -> usize {
        self.sms
            .iter()
            .map(|o| o.text.chars().count().div_ceil(SMS_PART).max(1))
            .sum()
    }
}

/// Who gets what: each person's texts with their values filled; people without a phone or
/// address for a chosen channel are listed as skipped for it.
pub fn plan(
    people: &[Person],
    sms: bool,
    email: bool,
    subject: Option<&str>,
    body: &str,
    occasion: &Occasion,
) -> Plan {
    let mut out = Plan::default();
    for p in people {
        let text = fill(body, &p.first_name, occasion);
        if sms {
            match &p.phone {
                Some(phone) => out.sms.push(Outgoing {
                    member_id: p.member_id,
                    name: p.full_name.clone(),
                    address: phone.clone(),
                    text: text.clone(),
                    subject: None,
                }),
                None => out.skipped_sms.push(p.full_name.clone()),
            }
        }
        if email {
            match &p.email {
                Some(address) => out.email.push(Outgoing {
                    member_id: p.member_id,
                    name: p.full_name.clone(),
                    address: address.clone(),
                    text,
                    subject: subject.map(|s| fill(s, &p.first_name, occasion)),
                }),
                None => out.skipped_email.push(p.full_name.clone()),
            }
        }
    }
    out.subject = subject.map(|s| {
        let first = people.first().map(|p| p.first_name.as_str()).unwrap_or("");
        fill(s, first, occasion)
    });
    out
}

/// A broadcast to record.
pub struct Broadcast<'a> {
    pub kind: &'a str,
    /// An automatic send's occasion key: a second broadcast for it is not recorded.
    pub occasion: Option<String>,
    pub sms: bool,
    pub email: bool,
    pub audience: Value,
    pub audience_label: &'a str,
    pub subject: Option<&'a str>,
    pub body: &'a str,
    pub template_id: Option<Uuid>,
    pub event_id: Option<Uuid>,
    pub sent_by: Option<Uuid>,
}

/// Records `broadcast`, one delivery row per planned message and their jobs, in the caller's
/// transaction. `None` when the occasion was already recorded (another instance won).
pub async fn queue<C: tokio_postgres::GenericClient + Sync>(
    client: &C,
    broadcast: &Broadcast<'_>,
    plan: &Plan,
) -> Result<Option<Uuid>, FunctionsError> {
    let mut channels = Vec::new();
    if broadcast.sms {
        channels.push("sms");
    }
    if broadcast.email {
        channels.push("email");
    }
    let Some(row) = client
        .query_opt(
            "INSERT INTO kanisa.broadcasts (kind, occasion, channels, audience, audience_label, \
               subject, body, template_id, event_id, sent_by) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, \
               (SELECT id FROM public.message_templates WHERE id = $8), \
               (SELECT id FROM public.events WHERE id = $9), $10) \
             ON CONFLICT (occasion) DO NOTHING RETURNING id",
            &[
                &broadcast.kind,
                &broadcast.occasion,
                &channels,
                &broadcast.audience,
                &broadcast.audience_label,
                &broadcast.subject,
                &broadcast.body,
                &broadcast.template_id,
                &broadcast.event_id,
                &broadcast.sent_by,
            ],
        )
        .await?
    else {
        return Ok(None);
    };
    let id: Uuid = row.get(0);
    let column = |list: &[Outgoing], f: fn(&Outgoing) -> String| -> Vec<String> {
        list.iter().map(f).collect()
    };
    let members =
        |list: &[Outgoing]| -> Vec<Option<Uuid>> { list.iter().map(|o| o.member_id).collect() };
    if !plan.sms.is_empty() {
        let rows = client
            .query(
                "INSERT INTO kanisa.sms_deliveries (purpose, broadcast_id, member_id, \
                   recipient_name, phone, body, allow_long) \
                 SELECT 'message', $1, m, n, p, b, true \
                   FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[]) AS u (m, n, p, b) \
                 ON CONFLICT DO NOTHING RETURNING id, body",
                &[
                    &id,
                    &members(&plan.sms),
                    &column(&plan.sms, |o| o.name.clone()),
                    &column(&plan.sms, |o| o.address.clone()),
                    &column(&plan.sms, |o| o.text.clone()),
                ],
            )
            .await?;
        // One job per text: a text without {name} goes to up to SMS_BATCH numbers at once.
        let mut by_text: BTreeMap<String, Vec<Uuid>> = BTreeMap::new();
        for r in &rows {
            by_text.entry(r.get(1)).or_default().push(r.get(0));
        }
        for ids in by_text.values() {
            for batch in ids.chunks(SMS_BATCH) {
                kanisa_jobs::enqueue(
                    client,
                    &SendSms {
                        deliveries: batch.to_vec(),
                    },
                )
                .await?;
            }
        }
    }
    if !plan.email.is_empty() {
        let subjects: Vec<String> = plan
            .email
            .iter()
            .map(|o| o.subject.clone().unwrap_or_default())
            .collect();
        let rows = client
            .query(
                "INSERT INTO kanisa.email_deliveries (broadcast_id, member_id, recipient_name, \
                   email, subject, body) \
                 SELECT $1, m, n, e, s, b \
                   FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[]) \
                        AS u (m, n, e, s, b) \
                 ON CONFLICT DO NOTHING RETURNING id",
                &[
                    &id,
                    &members(&plan.email),
                    &column(&plan.email, |o| o.name.clone()),
                    &column(&plan.email, |o| o.address.clone()),
                    &subjects,
                    &column(&plan.email, |o| o.text.clone()),
                ],
            )
            .await?;
        for r in &rows {
            let delivery: Uuid = r.get(0);
            kanisa_jobs::enqueue(client, &SendBroadcastEmail { delivery }).await?;
        }
    }
    Ok(Some(id))
}

/// The people of `audience`, by name.
pub async fn audience_people<C: tokio_postgres::GenericClient + Sync>(
    client: &C,
    audience: &Audience,
) -> Result<Vec<Person>, tokio_postgres::Error> {
    let (group, ministry, members): (Option<&str>, Option<Uuid>, Option<Vec<Uuid>>) = match audience
    {
        Audience::Group(g) => (Some(g), None, None),
        Audience::Ministry(id) => (None, Some(*id), None),
        Audience::Members(ids) => (None, None, Some(ids.clone())),
    };
    Ok(client
        .query(
            "SELECT * FROM kanisa.audience($1, $2, $3) ORDER BY full_name, phone, email",
            &[&group, &ministry, &members],
        )
        .await?
        .iter()
        .map(Person::from_row)
        .collect())
}

impl Messaging {
    /// `POST /functions/v1/send-broadcast`: 200 with the preview, or 202 `{broadcastId, sms,
    /// email}` once every message is queued.
    pub async fn send_broadcast(
        &self,
        caller: &Caller,
        body: &Value,
    ) -> Result<(u16, Value), FunctionsError> {
        if caller.role == "anon" {
            return Err(FunctionsError::Unauthorized(
                "Sign in to send messages".into(),
            ));
        }
        let form = read_broadcast(body)?;
        let tx = begin_as(&self.api, &caller.context(), true).await?;
        let sent_by = crate::capabilities::require_sender(&tx, "Sending messages").await?;
        tx.commit().await?;
        let mut client = self.service.get().await?;
        let mut fields = FieldErrors::new();
        let label = match &form.audience {
            Audience::Group(g) => GROUPS
                .iter()
                .find(|(id, _)| id == g)
                .map(|(_, l)| (*l).to_owned())
                .unwrap_or_default(),
            Audience::Ministry(id) => {
                let found = client
                    .query_opt(
                        "SELECT name FROM public.ministries WHERE id = $1 AND is_active",
                        &[id],
                    )
                    .await?;
                match found {
                    Some(r) => r.get(0),
                    None => {
                        fields.insert("audience", "This ministry was not found".into());
                        String::new()
                    }
                }
            }
            Audience::Members(ids) if ids.len() == 1 => "1 chosen member".into(),
            Audience::Members(ids) => format!("{} chosen members", ids.len()),
        };
        let occasion = match form.event_id {
            Some(id) => {
                let found = client
                    .query_opt(
                        "SELECT title, start_date FROM public.events WHERE id = $1",
                        &[&id],
                    )
                    .await?;
                match found {
                    Some(r) => Occasion::event(&r.get::<_, String>(0), r.get(1)),
                    None => {
                        fields.insert("eventId", "This event was not found".into());
                        Occasion::today()
                    }
                }
            }
            None => form.date.map(Occasion::day).unwrap_or_else(Occasion::today),
        };
        if !fields.is_empty() {
            return Err(FunctionsError::Invalid(fields));
        }
        let people = audience_people(&**client, &form.audience).await?;
        if people.is_empty() {
            fields.insert(
                "audience",
                match &form.audience {
                    Audience::Group(g) => format!("No members found in group: {g}"),
                    _ => format!("No members found in {label}"),
                },
            );
            return Err(FunctionsError::Invalid(fields));
        }
        let plan = plan(
            &people,
            form.sms,
            form.email,
            form.subject.as_deref(),
            &form.body,
            &occasion,
        );
        if plan.sms.is_empty() && plan.email.is_empty() {
            fields.insert(
                "audience",
                format!(
                    "None of the {} people in {label} has a phone number or e-mail address for \
                     the channels chosen",
                    people.len()
                ),
            );
            return Err(FunctionsError::Invalid(fields));
        }
        // The limits hold for the text each recipient gets, placeholders filled: the spec's
        // 160 characters unless long messages are allowed, and never more than ten parts.
        if let Some(longest) = plan.sms.iter().max_by_key(|o| o.text.chars().count()) {
            let length = longest.text.chars().count();
            if length > SMS_MAX {
                fields.insert(
                    "body",
                    format!(
                        "With the placeholders filled, the text for {} is {length} characters: \
                         at most {SMS_MAX} (ten parts). Please shorten the message.",
                        longest.name
                    ),
                );
                return Err(FunctionsError::Invalid(fields));
            }
            if let Err(e) = Sms::new(
                std::slice::from_ref(&longest.address),
                &longest.text,
                form.allow_long,
            ) {
                fields.insert("body", e.to_string());
                return Err(FunctionsError::Invalid(fields));
            }
        }
        if let Some(longest) = plan.email.iter().max_by_key(|o| o.text.chars().count())
            && longest.text.chars().count() > FILLED_EMAIL_MAX
        {
            fields.insert(
                "body",
                format!(
                    "With the placeholders filled, the e-mail for {} is longer than \
                     {FILLED_EMAIL_MAX} characters. Please shorten the message.",
                    longest.name
                ),
            );
            return Err(FunctionsError::Invalid(fields));
        }
        let guard = self.guard(&client, sent_by, &plan).await?;
        if form.preview {
            return Ok((200, self.preview(&label, &people, &plan, &guard).await?));
        }
        guard.check()?;
        let broadcast = Broadcast {
            kind: "manual",
            occasion: None,
            sms: form.sms,
            email: form.email,
            audience: form.audience.stored(),
            audience_label: &label,
            subject: form.subject.as_deref(),
            body: &form.body,
            template_id: form.template_id,
            event_id: form.event_id,
            sent_by,
        };
        let tx = client.transaction().await?;
        let id = queue(&*tx, &broadcast, &plan).await?;
        tx.commit().await?;
        Ok((
            202,
            json!({"broadcastId": id, "sms": plan.sms.len(), "email": plan.email.len()}),
        ))
    }

    async fn preview(
        &self,
        label: &str,
        people: &[Person],
        plan: &Plan,
        guard: &Guard,
    ) -> Result<Value, FunctionsError> {
        let price = guard.price;
        let modes = self.channels.modes().await;
        let parts = plan.sms_parts();
        let most_parts = plan
            .sms
            .iter()
            .map(|o| o.text.chars().count().div_ceil(SMS_PART).max(1))
            .max()
            .unwrap_or(0);
        let names =
            |list: &[String]| -> Vec<String> { list.iter().take(SKIPPED_NAMES).cloned().collect() };
        let first = plan.sms.first().or(plan.email.first());
        Ok(json!({
            "preview": true,
            "audience": {"label": label, "members": people.len()},
            "sms": (!plan.sms.is_empty() || !plan.skipped_sms.is_empty()).then(|| json!({
                "recipients": plan.sms.len(),
                "skipped": plan.skipped_sms.len(),
                "segments": parts,
                "partsEach": most_parts,
                "cost": (parts as f64 * price * 100.0).round() / 100.0,
                "currency": "KES",
                "pricePerPart": price,
                "live": modes.sms.live,
            })),
            "email": (!plan.email.is_empty() || !plan.skipped_email.is_empty()).then(|| json!({
                "recipients": plan.email.len(),
                "skipped": plan.skipped_email.len(),
                "live": modes.email.live,
            })),
            "sample": first.map(|o| json!({
                "name": o.name,
                "text": o.text,
                "subject": plan.subject,
            })),
            "skippedNames": {
                "sms": names(&plan.skipped_sms),
                "email": names(&plan.skipped_email),
            },
            "guard": guard.to_json(),
        }))
    }

    /// The spend guard for a send by `sent_by` of `plan`: the sender's sends in the last hour
    /// against `broadcasts_per_hour`, and this month's live SMS spend plus this send's against
    /// `sms_monthly_budget` (only a Super Admin sends over it).
    async fn guard(
        &self,
        client: &tokio_postgres::Client,
        sent_by: Option<Uuid>,
        plan: &Plan,
    ) -> Result<Guard, FunctionsError> {
        let row = client
            .query_one(
                "SELECT \
                   (SELECT count(*) FROM kanisa.broadcasts b WHERE b.kind = 'manual' \
                      AND b.sent_by = $1 AND b.created_at > now() - interval '1 hour'), \
                   (SELECT extract(epoch FROM min(b.created_at) + interval '1 hour' - now()) \
                      FROM kanisa.broadcasts b WHERE b.kind = 'manual' AND b.sent_by = $1 \
                       AND b.created_at > now() - interval '1 hour')::float8, \
                   kanisa.int_setting('broadcasts_per_hour', 10)::int8, \
                   coalesce((SELECT (value #>> '{}')::numeric FROM public.system_settings \
                      WHERE key = 'sms_monthly_budget' AND jsonb_typeof(value) = 'number' \
                        AND (value #>> '{}')::numeric >= 0), 5000)::float8, \
                   (SELECT cost FROM kanisa.sms_spend( \
                      date_trunc('month', now() AT TIME ZONE 'Africa/Nairobi') \
                        AT TIME ZONE 'Africa/Nairobi'))::float8, \
                   coalesce((SELECT (value #>> '{}')::numeric FROM public.system_settings \
                      WHERE key = 'sms_price_per_part' AND jsonb_typeof(value) = 'number' \
                        AND (value #>> '{}')::numeric BETWEEN 0 AND 100), 0.8)::float8, \
                   coalesce((SELECT u.role = 'SUPER_ADMIN' FROM public.users u \
                      WHERE u.id = $1), false)",
                &[&sent_by],
            )
            .await?;
        let price: f64 = row.get(5);
        let live = !plan.sms.is_empty() && self.channels.modes().await.sms.live;
        Ok(Guard {
            sends_last_hour: row.get(0),
            retry_after: row
                .get::<_, Option<f64>>(1)
                .map_or(60, |s| s.ceil().max(1.0) as u64),
            per_hour: row.get(2),
            budget: row.get(3),
            spent: row.get(4),
            this_send: if live {
                (plan.sms_parts() as f64 * price * 100.0).round() / 100.0
            } else {
                0.0
            },
            price,
            super_admin: row.get(6),
        })
    }
}

/// What the spend guard says of one send (the preview shows it; the send obeys it).
#[derive(Clone, Debug, PartialEq)]
pub struct Guard {
    /// The sender's sends in the last hour, the most allowed (0: no limit), and the seconds
    /// until the oldest of them is an hour old.
    pub sends_last_hour: i64,
    pub per_hour: i64,
    pub retry_after: u64,
    /// The monthly SMS budget in KES (0: none), this month's live spend so far and this
    /// send's (0 when SMS is not live: nothing is charged).
    pub budget: f64,
    pub spent: f64,
    pub this_send: f64,
    pub price: f64,
    pub super_admin: bool,
}

/// Whole shillings with thousands separators: "5,000".
fn kes(amount: f64) -> String {
    crate::text::thousands(amount.max(0.0).round() as u64)
}

impl Guard {
    /// True when this send would take the month's spend over the budget.
    pub fn over_budget(&self) -> bool {
        self.budget > 0.0 && self.this_send > 0.0 && self.spent + self.this_send > self.budget
    }

    /// True when the sender has used up their sends for the hour.
    pub fn rate_limited(&self) -> bool {
        self.per_hour > 0 && self.sends_last_hour >= self.per_hour
    }

    /// The send may go ahead, or why not.
    pub fn check(&self) -> Result<(), FunctionsError> {
        if self.rate_limited() {
            let minutes = self.retry_after.div_ceil(60).max(1);
            return Err(FunctionsError::TooMany {
                message: format!(
                    "You have sent {} messages in the last hour, the most allowed (System \
                     Settings). Please try again in {minutes} minute{}.",
                    self.sends_last_hour,
                    if minutes == 1 { "" } else { "s" }
                ),
                retry_after: self.retry_after,
            });
        }
        if self.over_budget() && !self.super_admin {
            return Err(FunctionsError::OverBudget(self.budget_text()));
        }
        Ok(())
    }

    fn budget_text(&self) -> String {
        format!(
            "This send (KES {}) would take this month's text messages to KES {}, over the \
             monthly SMS budget of KES {} (System Settings). A Super Admin can send it or raise \
             the budget.",
            kes(self.this_send),
            kes(self.spent + self.this_send),
            kes(self.budget)
        )
    }

    /// The preview's account of the guard: the figures, and what a send would do.
    pub fn to_json(&self) -> Value {
        let outcome = if self.rate_limited() {
            "rate_limited"
        } else if self.over_budget() && !self.super_admin {
            "needs_super_admin"
        } else if self.over_budget() {
            "over_budget_allowed"
        } else {
            "allowed"
        };
        json!({
            "outcome": outcome,
            "sendsLastHour": self.sends_last_hour,
            "perHour": self.per_hour,
            "monthlyBudget": self.budget,
            "spentThisMonth": self.spent,
            "thisSend": self.this_send,
            "message": match outcome {
                "rate_limited" => self.check().err().map(|e| e.to_string()),
                "needs_super_admin" => Some(self.budget_text()),
                "over_budget_allowed" => Some(format!(
                    "{} You are a Super Admin: it will be sent.",
                    self.budget_text()
                )),
                _ => None,
            },
        })
    }
}

/// `send_broadcast_email {delivery}`: sends one queued e-mail of a broadcast and records its
/// outcome (a failure for good, or the last attempt's, keeps its reason).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SendBroadcastEmail {
    /// The row in `kanisa.email_deliveries`.
    pub delivery: Uuid,
}

/// Records a broadcast e-mail's outcome.
async fn record(
    service: &Pool,
    id: Uuid,
    status: &str,
    reply: Option<&str>,
    reason: Option<&str>,
) -> Result<(), JobFailure> {
    {
        let client = service
            .get()
            .await
            .map_err(|e| JobFailure::retry(e.to_string()))?;
        client
            .execute(
                "UPDATE kanisa.email_deliveries SET status = $2, server_reply = $3, \
                   failure_reason = $4, updated_at = now(), \
                   sent_at = CASE WHEN $2 IN ('sent', 'simulated') THEN now() END \
                 WHERE id = $1 AND status = 'queued'",
                &[&id, &status, &reply, &reason],
            )
            .await
            .map_err(|e| JobFailure::retry(kanisa_pg::describe(&e)))?;
        Ok(())
    }
}

impl Job for SendBroadcastEmail {
    const KIND: &'static str = SEND_BROADCAST_EMAIL;
    const MAX_ATTEMPTS: i32 = 6;
    type Context = Mailing;

    fn unique_key(&self) -> Option<String> {
        Some(format!("broadcast-email:{}", self.delivery))
    }

    async fn run(self, mailing: &Mailing, run: &RunInfo) -> Result<(), JobFailure> {
        let id = self.delivery;
        let client = mailing
            .service
            .get()
            .await
            .map_err(|e| JobFailure::retry(e.to_string()))?;
        let found = client
            .query_opt(
                "SELECT d.email, d.subject, d.body, \
                   (SELECT nullif(btrim(value #>> '{}'), '') FROM public.system_settings \
                     WHERE key = 'church_email') \
                 FROM kanisa.email_deliveries d WHERE d.id = $1 AND d.status = 'queued'",
                &[&id],
            )
            .await
            .map_err(|e| JobFailure::retry(kanisa_pg::describe(&e)))?;
        drop(client);
        let Some(row) = found else {
            // Already sent (a re-run after the outcome was recorded) or removed.
            return Ok(());
        };
        let email = Email {
            to: vec![row.get(0)],
            reply_to: row.get(3),
            subject: row.get(1),
            text: row.get(2),
            html: None,
            message_id: Some(format!("broadcast-{id}@kanisa")),
            in_reply_to: None,
        };
        let service = &mailing.service;
        match mailing.mailer.send(&email).await {
            Ok(Delivery::Sent { reply }) => record(service, id, "sent", Some(&reply), None).await,
            Ok(Delivery::Simulated) => record(service, id, "simulated", None, None).await,
            Err(e) => {
                let reason = e.to_string();
                if e.is_permanent() || run.attempt >= run.max_attempts {
                    record(service, id, "failed", None, Some(&reason)).await?;
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

    fn person(first: &str, full: &str, phone: Option<&str>, email: Option<&str>) -> Person {
        Person {
            member_id: Some(Uuid::new_v4()),
            first_name: first.into(),
            full_name: full.into(),
            phone: phone.map(Into::into),
            email: email.map(Into::into),
        }
    }

    #[test]
    fn the_form_names_every_problem_at_once() {
        let Err(FunctionsError::Invalid(fields)) = read_broadcast(&json!({
            "channels": ["email", "fax"], "audience": {"group": "ushers"}, "body": "  ",
            "date": "25/11/2026"
        })) else {
            panic!("refused");
        };
        assert_eq!(
            fields.keys().copied().collect::<Vec<_>>(),
            ["audience", "body", "channels", "date", "subject"]
        );
        assert_eq!(fields["body"], "Message cannot be empty");
        let Err(FunctionsError::Invalid(fields)) = read_broadcast(&json!({
            "channels": ["sms"], "audience": {"memberIds": []}, "body": "Come to {event_name}"
        })) else {
            panic!("refused");
        };
        assert_eq!(
            fields["audience"],
            "Recipients array is required and cannot be empty"
        );
        assert_eq!(
            fields["eventId"],
            "Choose the event that {event_name} stands for"
        );
    }

    #[test]
    fn a_good_form_is_read_whole() {
        let ministry = Uuid::new_v4();
        let form = read_broadcast(&json!({
            "channels": ["sms", "email"], "audience": {"ministryId": ministry.to_string()},
            "subject": " Choir practice ", "body": " Hello {name} ", "date": "2026-11-28",
            "allowLong": true, "preview": true
        }))
        .unwrap();
        assert!(form.sms && form.email && form.allow_long && form.preview);
        assert_eq!(form.audience, Audience::Ministry(ministry));
        assert_eq!(form.subject.as_deref(), Some("Choir practice"));
        assert_eq!(form.body, "Hello {name}");
        assert_eq!(form.date, NaiveDate::from_ymd_opt(2026, 11, 28));
    }

    #[test]
    fn placeholders_are_filled_per_recipient() {
        let start = DateTime::parse_from_rfc3339("2026-11-28T06:00:00Z")
            .unwrap()
            .with_timezone(&Utc);
        let occasion = Occasion::event("Harvest Sabbath", start);
        assert_eq!(occasion.date, "Sat 28 Nov 2026, 9:00 AM");
        assert_eq!(
            fill(
                "Dear {name}, {event_name} is on {date}.",
                "Agnes",
                &occasion
            ),
            "Dear Agnes, Harvest Sabbath is on Sat 28 Nov 2026, 9:00 AM."
        );
        let day = Occasion::day(NaiveDate::from_ymd_opt(2026, 11, 25).unwrap());
        assert_eq!(
            fill("{name}: {date} {event_name}", "Jo", &day),
            "Jo: Wed 25 Nov 2026 {event_name}"
        );
        // A value is never filled again: a name that reads like a placeholder stays a name.
        assert_eq!(
            fill(
                "Hi {name}, see {event_name}",
                "{event_name}{date}",
                &occasion
            ),
            "Hi {event_name}{date}, see Harvest Sabbath"
        );
        assert_eq!(
            fill("{{name}} {Name} {nam {name", "Jo", &day),
            "{Jo} {Name} {nam {name"
        );
    }

    #[test]
    fn the_plan_skips_people_without_the_channel_and_counts_parts() {
        let people = [
            person("Agnes", "Agnes Chepkoech", Some("+254700200004"), None),
            person("John", "John Kariuki", None, Some("john@example.org")),
            person(
                "Ruth",
                "Ruth Mutua",
                Some("+254700200005"),
                Some("ruth@example.org"),
            ),
        ];
        let long = format!("Hi {{name}}. {}", "x".repeat(160));
        let p = plan(
            &people,
            true,
            true,
            Some("For {name}"),
            &long,
            &Occasion::today(),
        );
        assert_eq!(
            p.sms.iter().map(|o| o.name.as_str()).collect::<Vec<_>>(),
            ["Agnes Chepkoech", "Ruth Mutua"]
        );
        assert_eq!(p.skipped_sms, ["John Kariuki"]);
        assert_eq!(p.skipped_email, ["Agnes Chepkoech"]);
        assert!(p.email[0].text.starts_with("Hi John."));
        assert_eq!(p.subject.as_deref(), Some("For Agnes"));
        // Each e-mail carries its own recipient's subject.
        assert_eq!(
            p.email
                .iter()
                .map(|o| o.subject.as_deref())
                .collect::<Vec<_>>(),
            [Some("For John"), Some("For Ruth")]
        );
        assert!(p.sms.iter().all(|o| o.subject.is_none()));
        // "Hi Agnes. " + 160 = 170 characters: two parts each.
        assert_eq!(p.sms_parts(), 4);
    }
}
