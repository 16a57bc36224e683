//! The automatic notifications (issue 19), governed by the Notifications settings:
//!
//! - **event reminders**: a published event starting within `event_reminder_hours` gets one
//!   reminder to every active member, with the Event Reminder template (`event_notifications`);
//! - **birthday wishes**: from 8:00 church time, members whose birthday is today get the
//!   Birthday Wishes template (`birthday_notifications`; 29 February birthdays on 28 February
//!   in other years).
//!
//! Each goes by SMS when `sms_notifications` is on and by e-mail when `email_notifications` is.
//! A periodic `notification_sweep` job looks for due ones every `KANISA_NOTIFY_CHECK` (one run
//! per slot whichever instance enqueues it: kanisa-jobs' scheduler). Each notification is a broadcast whose occasion key is
//! unique (`event-reminder:<event>:<start>`, `birthday:<day>`): however many sweeps or
//! instances find it due, it is queued once, and each recipient once. They show in History.

use chrono::{DateTime, FixedOffset, NaiveDate, Timelike, Utc};
use kanisa_jobs::{Job, JobFailure, RunInfo};
use kanisa_pg::Pool;
use serde::{Deserialize, Serialize};
use serde_json::json;
use uuid::Uuid;

use super::broadcast::{self, Audience, Broadcast, Occasion, Person};

pub const NOTIFICATION_SWEEP: &str = "notification_sweep";

/// The texts used when the built-in templates were deleted or switched off.
const EVENT_REMINDER: &str =
    "Hello {name}, this is a reminder of {event_name} on {date}. We look forward to seeing you!";
const BIRTHDAY_WISHES: &str = "Happy birthday, {name}! Your church family thanks God for you.";
/// Birthday wishes are not sent before this hour, church time.
const BIRTHDAY_HOUR: u32 = 8;

/// The Notifications switches that matter here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Switches {
    pub sms: bool,
    pub email: bool,
    pub events: bool,
    pub birthdays: bool,
    pub reminder_hours: i32,
}

async fn switches(client: &tokio_postgres::Client) -> Result<Switches, tokio_postgres::Error> {
    let row = client
        .query_one(
            "SELECT \
               coalesce(max(CASE WHEN key = 'sms_notifications' THEN value::text END), 'true'), \
               coalesce(max(CASE WHEN key = 'email_notifications' THEN value::text END), 'true'), \
               coalesce(max(CASE WHEN key = 'event_notifications' THEN value::text END), 'true'), \
               coalesce(max(CASE WHEN key = 'birthday_notifications' THEN value::text END), 'true'), \
               coalesce(max(CASE WHEN key = 'event_reminder_hours' AND jsonb_typeof(value) = 'number' \
                                  AND (value #>> '{}')::numeric BETWEEN 1 AND 336 \
                                 THEN (value #>> '{}')::numeric::integer END), 24) \
             FROM public.system_settings WHERE key IN ('sms_notifications', \
               'email_notifications', 'event_notifications', 'birthday_notifications', \
               'event_reminder_hours')",
            &[],
        )
        .await?;
    let on = |i: usize| row.get::<_, String>(i) != "false";
    Ok(Switches {
        sms: on(0),
        email: on(1),
        events: on(2),
        birthdays: on(3),
        reminder_hours: row.get(4),
    })
}

/// The active template of `category` (the built-in one by `name` first), else `fallback`.
async fn template(
    client: &tokio_postgres::Client,
    category: &str,
    name: &str,
    fallback: &str,
) -> Result<(Option<Uuid>, String), tokio_postgres::Error> {
    let row = client
        .query_opt(
            "SELECT id, content FROM public.message_templates \
              WHERE category = $1 AND type = 'sms' AND is_active \
              ORDER BY (name = $2) DESC, created_at, id LIMIT 1",
            &[&category, &name],
        )
        .await?;
    Ok(match row {
        Some(r) => (Some(r.get(0)), r.get(1)),
        None => (None, fallback.to_owned()),
    })
}

/// `notification_sweep` (periodic, no arguments): queues the reminders and wishes that are due.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct NotificationSweep {}

impl NotificationSweep {
    /// Queues what is due at `now`; how many broadcasts were recorded.
    pub async fn run_once(service: &Pool, now: DateTime<Utc>) -> Result<usize, String> {
        let mut client = service.get().await.map_err(|e| e.to_string())?;
        let db = |e: tokio_postgres::Error| kanisa_pg::describe(&e);
        let on = switches(&client).await.map_err(db)?;
        if !on.sms && !on.email {
            return Ok(0);
        }
        let mut recorded = 0;
        if on.events {
            let (template_id, text) = template(&client, "event", "Event Reminder", EVENT_REMINDER)
                .await
                .map_err(db)?;
            let due = client
                .query(
                    "SELECT id, title, start_date FROM public.events \
                      WHERE is_published AND start_date > $1 \
                        AND start_date <= $1 + make_interval(hours => $2) \
                      ORDER BY start_date, id",
                    &[&now, &on.reminder_hours],
                )
                .await
                .map_err(db)?;
            for event in due {
                let id: Uuid = event.get(0);
                let title: String = event.get(1);
                let start: DateTime<Utc> = event.get(2);
                let occasion = Occasion::event(&title, start);
                let people = broadcast::audience_people(&**client, &Audience::Group("all"))
                    .await
                    .map_err(db)?;
                let key = format!("event-reminder:{id}:{}", start.timestamp());
                let subject = format!("Reminder: {title}");
                let tx = client.transaction().await.map_err(db)?;
                let done = record(
                    &tx,
                    Broadcast {
                        kind: "event_reminder",
                        occasion: Some(key),
                        sms: on.sms,
                        email: on.email,
                        audience: json!({"group": "all", "eventId": id}),
                        audience_label: "All members",
                        subject: Some(&subject),
                        body: &text,
                        template_id,
                        event_id: Some(id),
                        sent_by: None,
                    },
                    &people,
                    &occasion,
                )
                .await?;
                tx.commit().await.map_err(db)?;
                recorded += usize::from(done);
            }
        }
        let eat = FixedOffset::east_opt(3 * 3600).expect("a valid offset");
        let local = now.with_timezone(&eat);
        if on.birthdays && local.hour() >= BIRTHDAY_HOUR {
            let today = local.date_naive();
            let people = birthdays(&client, today).await.map_err(db)?;
            if !people.is_empty() {
                let (template_id, text) =
                    template(&client, "birthday", "Birthday Wishes", BIRTHDAY_WISHES)
                        .await
                        .map_err(db)?;
                let tx = client.transaction().await.map_err(db)?;
                let done = record(
                    &tx,
                    Broadcast {
                        kind: "birthday",
                        occasion: Some(format!("birthday:{today}")),
                        sms: on.sms,
                        email: on.email,
                        audience: json!({"birthdays": today}),
                        audience_label: "Birthdays today",
                        subject: Some("Happy birthday, {name}!"),
                        body: &text,
                        template_id,
                        event_id: None,
                        sent_by: None,
                    },
                    &people,
                    &Occasion::day(today),
                )
                .await?;
                tx.commit().await.map_err(db)?;
                recorded += usize::from(done);
            }
        }
        Ok(recorded)
    }
}

/// Plans and queues one automatic broadcast; whether it was recorded (false: already done, or
/// nobody to send to).
async fn record(
    tx: &tokio_postgres::Transaction<'_>,
    b: Broadcast<'_>,
    people: &[Person],
    occasion: &Occasion,
) -> Result<bool, String> {
    let plan = broadcast::plan(people, b.sms, b.email, b.subject, b.body, occasion);
    if plan.sms.is_empty() && plan.email.is_empty() {
        return Ok(false);
    }
    broadcast::queue(tx, &b, &plan)
        .await
        .map(|id| id.is_some())
        .map_err(|e| e.to_string())
}

/// Active members whose birthday is `today` (29 February ones on 28 February in other years).
async fn birthdays(
    client: &tokio_postgres::Client,
    today: NaiveDate,
) -> Result<Vec<Person>, tokio_postgres::Error> {
    let ids: Vec<Uuid> = client
        .query(
            "SELECT id FROM public.members \
              WHERE is_active AND date_of_birth IS NOT NULL AND date_of_birth < $1 \
                AND (to_char(date_of_birth, 'MM-DD') = to_char($1::date, 'MM-DD') \
                  OR (to_char(date_of_birth, 'MM-DD') = '02-29' \
                      AND to_char($1::date, 'MM-DD') = '02-28' \
                      AND NOT (extract(year FROM $1::date)::integer % 4 = 0 \
                           AND (extract(year FROM $1::date)::integer % 100 <> 0 \
                             OR extract(year FROM $1::date)::integer % 400 = 0))))",
            &[&today],
        )
        .await?
        .iter()
        .map(|r| r.get(0))
        .collect();
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    broadcast::audience_people(client, &Audience::Members(ids)).await
}

impl Job for NotificationSweep {
    const KIND: &'static str = NOTIFICATION_SWEEP;
    type Context = Pool;

    async fn run(self, service: &Pool, _run: &RunInfo) -> Result<(), JobFailure> {
        let recorded = NotificationSweep::run_once(service, Utc::now())
            .await
            .map_err(JobFailure::retry)?;
        if recorded > 0 {
            tracing::info!(recorded, "queued automatic notifications");
        }
        Ok(())
    }
}
