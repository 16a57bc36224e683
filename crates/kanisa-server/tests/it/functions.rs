//! `/functions/v1` against a real server and database: the request forms and contact forms
//! stored as the back office reads them, refusals that name their fields, the honeypot, the
//! abuse limits, attachments (and no orphan files), the delivery jobs against a local SMTP
//! sink (staff e-mail, acknowledgement, the sink down for a while, a permanent refusal), staff
//! re-sending, and which channels are live.

use std::time::Duration;

use kanisa_jobs::{Registry, WorkerOptions, Workers};
use kanisa_test_db::smtp::Sink;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::TestApp;
use crate::policies::{Caller, user};

impl TestApp {
    pub(crate) async fn function(
        &self,
        name: &str,
        token: Option<&str>,
        body: &Value,
    ) -> (StatusCode, Value, Option<String>) {
        let mut req = self
            .http
            .post(self.url(&format!("/functions/v1/{name}")))
            .json(body);
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        let res = req.send().await.unwrap();
        let status = res.status();
        let retry = res
            .headers()
            .get("retry-after")
            .map(|v| v.to_str().unwrap().to_owned());
        (status, res.json().await.unwrap(), retry)
    }

    pub(crate) async fn as_staff(&self) -> Caller {
        let sql = self.db.as_ref().unwrap().client().await;
        user(&sql, "ADMIN", true, None).await
    }

    /// Rows read through the table API with `who`'s token.
    async fn read(&self, who: &Caller, path: &str) -> Value {
        let res = self
            .http
            .get(self.url(&format!("/rest/v1/{path}")))
            .bearer_auth(who.token.as_deref().unwrap())
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200);
        res.json().await.unwrap()
    }

    pub(crate) async fn sql(&self) -> kanisa_pg::tokio_postgres::Client {
        self.db.as_ref().unwrap().client().await
    }

    /// Runs the delivery jobs with this server's channels until none is due or running, with a
    /// short back-off so retries come quickly.
    pub(crate) async fn deliver(&self, until_idle: Duration) {
        let workers = self.workers(Duration::from_millis(200));
        self.wait_idle(until_idle).await;
        workers.stop(Duration::from_secs(5)).await.unwrap();
    }

    fn workers(&self, backoff: Duration) -> Workers {
        let db = self.db.as_ref().unwrap();
        let deliveries = kanisa_functions::Deliveries::new(
            db.pool(),
            kanisa_functions::mailer(&self.channels),
            Some(self.storage.clone()),
            &self.url(""),
        );
        let mailing = kanisa_functions::Mailing {
            mailer: kanisa_functions::mailer(&self.channels),
            service: db.pool(),
        };
        let registry = Registry::new()
            .job::<kanisa_functions::NotifySubmission>(deliveries.clone())
            .job::<kanisa_functions::AcknowledgeSubmission>(deliveries)
            .job::<kanisa_functions::ReplyMessage>(mailing.clone())
            .job::<kanisa_functions::SendSms>((self.channels.clone(), db.pool()))
            .job::<kanisa_functions::SendBroadcastEmail>(mailing);
        let registry = match self.functions.sign_in() {
            Some(sign_in) => registry.job::<kanisa_functions::SendSignInCode>(sign_in.clone()),
            None => registry,
        };
        let registry = match self.functions.ussd() {
            Some(ussd) => ussd.jobs(registry),
            None => registry,
        };
        Workers::start(
            db.pool(),
            registry,
            WorkerOptions {
                poll_interval: Duration::from_millis(50),
                backoff_base: backoff,
                backoff_cap: backoff,
                ..WorkerOptions::default()
            },
            None,
        )
        .unwrap()
    }

    /// Waits (up to `limit`) until no job is queued or running.
    pub(crate) async fn wait_idle(&self, limit: Duration) {
        let sql = self.sql().await;
        let sql = &sql;
        crate::eventually(limit, "the jobs done", || async move {
            let busy: i64 = sql
                .query_one(
                    "SELECT count(*) FROM kanisa.jobs WHERE state IN ('queued', 'running')",
                    &[],
                )
                .await
                .unwrap()
                .get(0);
            if busy == 0 {
                Ok(())
            } else {
                Err(format!("{busy} jobs still pending"))
            }
        })
        .await;
    }

    /// Uploads `bytes` as anon into a request folder; the server-made name.
    async fn upload(&self, folder: &str, file: &str, bytes: &[u8], ct: &str) -> String {
        let res = self
            .http
            .post(self.url(&format!("/storage/v1/object/church-files/{folder}/{file}")))
            .header("content-type", ct)
            .body(bytes.to_vec())
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200, "{}", res.text().await.unwrap());
        let body: Value = res.json().await.unwrap();
        body["Key"].as_str().unwrap().to_owned()
    }
}

fn named(category: &str, extra: Value) -> Value {
    let email = if category == "reports" {
        "grace@example.org".to_owned()
    } else {
        format!("grace.{category}@example.org")
    };
    let mut body = json!({
        "category": category, "anonymous": false, "name": "Grace Wanjiru",
        "email": email, "phone": "0712 345 678",
        "subject": format!("A {category} request"), "message": "Please help us.",
    });
    body.as_object_mut()
        .unwrap()
        .extend(extra.as_object().unwrap().clone());
    body
}

/// The category's required fields, filled.
fn required(category: &str) -> Value {
    match category {
        "prayer" => json!({"prayerType": "health", "prayerPrivacy": "private"}),
        "visitation" => json!({"visitationType": "hospital", "visitationAddress": "Ward 3"}),
        "reports" => {
            json!({"department": "youth", "reportType": "monthly", "reportPeriod": "October 2026"})
        }
        "counseling" => json!({"counselingType": "family", "counselingUrgency": "emergency"}),
        "events" => json!({
            "eventTitle": "Youth Rally", "eventDate": "2026-12-12", "eventTime": "14:00",
            "eventLocation": "Main Sanctuary", "eventBudget": 25000
        }),
        "maintenance" => json!({"maintenanceLocation": "kitchen", "maintenancePriority": "high"}),
        _ => json!({}),
    }
}

const CATEGORIES: [&str; 7] = [
    "prayer",
    "visitation",
    "reports",
    "counseling",
    "events",
    "maintenance",
    "general",
];

#[tokio::test]
async fn every_category_is_stored_as_the_back_office_reads_it() {
    let app = TestApp::spawn_demo().await;
    for category in CATEGORIES {
        let (status, body, _) = app
            .function("submit-request", None, &named(category, required(category)))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{category}: {body}");
        assert_eq!(body["delivery"], "simulated", "demo mode: nothing is sent");
    }
    // Anonymous: no name, e-mail or phone kept.
    let anonymous = json!({
        "category": "general", "anonymous": true, "name": "Not Me", "email": "x@example.org",
        "subject": "Anonymous note", "message": "Thank you."
    });
    assert_eq!(
        app.function("submit-request", None, &anonymous).await.0,
        201
    );

    let staff = app.as_staff().await;
    let messages = app
        .read(
            &staff,
            "messages?select=subject,message,sender_name,sender_email,sender_phone,recipient_name,\
             recipient_role,recipient_email,department,submission_type,priority,status,source\
             &subject=like.A*&order=subject",
        )
        .await;
    let by = |category: &str| {
        messages
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["subject"] == format!("A {category} request"))
            .unwrap_or_else(|| panic!("no {category} message in {messages}"))
            .clone()
    };
    let m = by("counseling");
    assert_eq!(m["priority"], "urgent", "counselling emergency is urgent");
    assert_eq!(m["recipient_name"], "Pastor");
    assert_eq!(m["recipient_role"], "Senior Pastor");
    assert_eq!(m["submission_type"], "Counseling Request");
    assert!(
        m["message"].as_str().unwrap().contains(
            "--- COUNSELING DETAILS ---\nType: Family Counseling\nUrgency: Emergency (same day)"
        ),
        "{m}"
    );
    assert_eq!(
        (m["status"].as_str(), m["source"].as_str()),
        (Some("pending"), Some("website"))
    );
    assert!(m["recipient_email"].as_str().unwrap().contains('@'), "{m}");

    let m = by("maintenance");
    assert_eq!(m["priority"], "high");
    assert_eq!(m["recipient_name"], "Facilities Team");
    assert_eq!(
        m["recipient_email"], "facilities@example.org",
        "the role's church mailbox"
    );
    assert!(
        m["message"]
            .as_str()
            .unwrap()
            .contains("--- MAINTENANCE DETAILS ---\nLocation: Kitchen\nPriority: High")
    );

    let m = by("events");
    assert!(
        m["message"]
            .as_str()
            .unwrap()
            .contains("--- EVENT DETAILS ---\nEvent Title: Youth Rally\nProposed Date: 2026-12-12")
    );
    assert!(
        m["message"]
            .as_str()
            .unwrap()
            .contains("Estimated Budget: KES 25,000")
    );
    let m = by("visitation");
    assert!(
        m["message"]
            .as_str()
            .unwrap()
            .contains("--- VISITATION DETAILS ---\nType: Hospital Visit")
    );
    assert_eq!(m["recipient_email"], "pastoralcare@example.org");
    let m = by("reports");
    assert_eq!(m["department"], "youth");
    assert_eq!(m["recipient_name"], "Church Secretary");
    assert_eq!(by("general")["recipient_name"], "Church Leadership");

    // The prayer request went to prayer_requests, per §7's mapping. It is private (the form's
    // default): the prayer team reads it (policies/prayer_requests.sql), the Super Admin too.
    let prayer_team = user(&app.sql().await, "SUPER_ADMIN", true, None).await;
    let prayers = app
        .read(&prayer_team, "prayer_requests?select=title,description,urgency,privacy_level,submitter_name,submitter_email,requester_id,status&title=eq.A%20prayer%20request")
        .await;
    assert_eq!(
        prayers,
        json!([{"title": "A prayer request", "description": "Please help us.", "urgency": "normal",
                "privacy_level": "private", "submitter_name": "Grace Wanjiru",
                "submitter_email": "grace.prayer@example.org", "requester_id": null, "status": "open"}])
    );

    let anon = app
        .read(
            &staff,
            "messages?select=sender_name,sender_email,sender_phone&subject=eq.Anonymous%20note",
        )
        .await;
    assert_eq!(
        anon,
        json!([{"sender_name": "Anonymous", "sender_email": null, "sender_phone": null}])
    );
}

#[tokio::test]
async fn a_refusal_names_each_field_and_stores_nothing() {
    let app = TestApp::spawn_demo().await;
    let sql = app.sql().await;
    let count = || async {
        sql.query_one(
            "SELECT (SELECT count(*) FROM messages) + (SELECT count(*) FROM prayer_requests)",
            &[],
        )
        .await
        .unwrap()
        .get::<_, i64>(0)
    };
    let before = count().await;
    let (status, body, _) = app
        .function(
            "submit-request",
            None,
            &json!({"category": "events", "email": "not-an-address", "subject": " "}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["code"], "validation_failed");
    assert_eq!(
        body["fields"]
            .as_object()
            .unwrap()
            .keys()
            .collect::<Vec<_>>(),
        [
            "email",
            "eventDate",
            "eventLocation",
            "eventTime",
            "eventTitle",
            "message",
            "name",
            "subject"
        ]
    );
    assert_eq!(
        body["fields"]["email"],
        "Please enter a valid email address"
    );

    let (status, body, _) = app.function("contact-message", None, &json!([1, 2])).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("invalid_body"))
    );
    let res = app
        .http
        .post(app.url("/functions/v1/contact-message"))
        .header("content-type", "application/json")
        .body("{\"name\": ")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 400);

    // The honeypot: a bot is refused with a message, nothing stored.
    let mut bot = named("general", json!({}));
    bot["website"] = json!("https://cheap-pills.example");
    let (status, body, _) = app.function("submit-request", None, &bot).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("submission_refused"))
    );
    assert_eq!(count().await, before);
}

#[tokio::test]
async fn flooding_beyond_the_limit_is_refused_with_a_message_and_retry_after() {
    let app = TestApp::spawn_demo().await;
    let sql = app.sql().await;
    sql.batch_execute(
        "UPDATE system_settings SET value = '3' WHERE key = 'submission_limit_per_address'; \
         UPDATE system_settings SET value = '2' WHERE key = 'submission_limit_per_email'",
    )
    .await
    .unwrap();
    let contact = |email: &str| json!({"name": "Otieno", "email": email, "subject": "Hello", "message": "Hi there"});
    // Per e-mail: the third from one address of e-mail is refused.
    for _ in 0..2 {
        assert_eq!(
            app.function("contact-message", None, &contact("a@example.org"))
                .await
                .0,
            201
        );
    }
    let (status, body, retry) = app
        .function("contact-message", None, &contact("A@Example.org"))
        .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert_eq!(body["code"], "too_many_submissions");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("Too many requests have been sent from A@Example.org."),
        "{body}"
    );
    let retry: u64 = retry.expect("Retry-After").parse().unwrap();
    assert!((1..=600).contains(&retry), "{retry}");

    // Per address: a refused submission is not counted (nothing was stored), so the third
    // stored one is accepted and the next, whatever its e-mail, refused — and the table API's
    // direct insert is held to the same limit.
    let (status, _, _) = app
        .function("contact-message", None, &contact("b@example.org"))
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let (status, body, _) = app
        .function("contact-message", None, &contact("c@example.org"))
        .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("from your connection"),
        "{body}"
    );
    let res = app
        .http
        .post(app.url("/rest/v1/messages"))
        .header("prefer", "return=minimal")
        .json(&json!({"subject": "s", "message": "m", "sender_name": "n"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 429);
    let stored: i64 = sql
        .query_one("SELECT count(*) FROM messages WHERE subject = 'Hello'", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(stored, 3, "refused submissions are not stored");

    // Staff are not limited.
    let staff = app.as_staff().await;
    let (status, _, _) = app
        .function(
            "contact-message",
            staff.token.as_deref(),
            &contact("a@example.org"),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
}

#[tokio::test]
async fn attachments_are_described_and_a_refused_submission_leaves_no_file() {
    let app = TestApp::spawn_demo().await;
    let pdf = b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n";
    let key = app
        .upload("reports", "October report.pdf", pdf, "application/pdf")
        .await;
    let path = key.strip_prefix("church-files/").unwrap().to_owned();
    let body = named(
        "reports",
        json!({"department": "youth", "reportType": "monthly", "reportPeriod": "October",
               "attachments": [{"path": key, "name": "October report.pdf"}]}),
    );
    assert_eq!(app.function("submit-request", None, &body).await.0, 201);
    let staff = app.as_staff().await;
    let stored = app
        .read(
            &staff,
            "messages?select=attachments&subject=eq.A%20reports%20request",
        )
        .await;
    let a = &stored[0]["attachments"][0];
    assert_eq!(a["path"], path.as_str());
    assert_eq!(a["originalName"], "October report.pdf");
    assert_eq!(a["size"], pdf.len());
    assert_eq!(a["type"], "application/pdf");
    assert!(a["uploadedAt"].is_string());

    // A submission refused after its upload: the file is removed.
    let key = app
        .upload(
            "maintenance",
            "roof.png",
            b"\x89PNG\r\n\x1a\n0000",
            "image/png",
        )
        .await;
    let refused = named(
        "maintenance",
        json!({"attachments": [{"path": key, "name": "roof.png"}]}),
    );
    let (status, body, _) = app.function("submit-request", None, &refused).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["fields"]["maintenanceLocation"],
        "Please choose where the problem is"
    );
    let sql = app.sql().await;
    let left: i64 = sql
        .query_one(
            "SELECT count(*) FROM storage.objects WHERE name = $1",
            &[&key.strip_prefix("church-files/").unwrap()],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(left, 0, "no orphan file");
    // The stored message's file was not touched by that clean-up.
    let kept: i64 = sql
        .query_one(
            "SELECT count(*) FROM storage.objects WHERE name = $1",
            &[&path],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(kept, 1);

    // A file uploaded for a form never sent: the hourly sweep removes it once a day old, and
    // leaves the stored message's file alone.
    let abandoned = app
        .upload("submissions", "draft.pdf", pdf, "application/pdf")
        .await;
    let abandoned = abandoned.strip_prefix("church-files/").unwrap().to_owned();
    sql.execute(
        "UPDATE storage.objects SET created_at = now() - interval '25 hours' WHERE name IN ($1, $2)",
        &[&abandoned, &path],
    )
    .await
    .unwrap();
    let removed = kanisa_functions::remove_unclaimed(
        &app.db.as_ref().unwrap().pool(),
        &app.storage,
        None,
        None,
        Some(chrono::Utc::now() - chrono::Duration::days(1)),
    )
    .await
    .unwrap();
    assert_eq!(removed, 1);
    let names: Vec<String> = sql
        .query(
            "SELECT name FROM storage.objects WHERE name IN ($1, $2)",
            &[&abandoned, &path],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(names, std::slice::from_ref(&path));

    // A file that was never uploaded is named.
    let ghost = named(
        "general",
        json!({"attachments": [{"path": "submissions/1732450000000-abcdefghijkl.pdf", "name": "ghost.pdf"}]}),
    );
    let (status, body, _) = app.function("submit-request", None, &ghost).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("attachment_not_found"))
    );
    assert!(
        body["fields"]["attachments"]
            .as_str()
            .unwrap()
            .contains("ghost.pdf")
    );
}

/// Undoes quoted-printable soft line breaks and `=3D`, as a mail reader shows the text.
fn readable(raw: &str) -> String {
    raw.replace("=\n", "").replace("=3D", "=")
}

#[tokio::test]
async fn staff_email_and_acknowledgement_arrive_with_working_attachment_links() {
    let sink = Sink::start("250 OK").await;
    let app = TestApp::spawn_demo_with_smtp(&sink.url()).await;
    let pdf = b"%PDF-1.4\nthe monthly report\n%%EOF\n".to_vec();
    let key = app
        .upload("reports", "report.pdf", &pdf, "application/pdf")
        .await;
    let body = named(
        "reports",
        json!({"department": "music", "reportType": "quarterly", "reportPeriod": "Q3 2026",
               "attachments": [{"path": key, "name": "report.pdf"}]}),
    );
    let (status, answer, _) = app.function("submit-request", None, &body).await;
    assert_eq!(
        (status, answer["delivery"].as_str()),
        (StatusCode::CREATED, Some("queued"))
    );
    app.deliver(Duration::from_secs(20)).await;

    let mail: Vec<String> = sink.received().iter().map(|m| readable(m)).collect();
    assert_eq!(mail.len(), 2, "staff e-mail and acknowledgement: {mail:#?}");
    let staff = mail
        .iter()
        .find(|m| m.contains("Subject: Department Report"))
        .expect("the staff e-mail");
    assert!(staff.contains("Reply-To: grace@example.org"), "{staff}");
    assert!(
        staff.contains("Subject: Department Report: A reports request"),
        "{staff}"
    );
    assert!(staff.contains("--- REPORT DETAILS ---\nDepartment: Music Ministry\nReport Type: Quarterly Report\nReport Period: Q3 2026"), "{staff}");
    let link = staff
        .lines()
        .find_map(|l| l.strip_prefix("- report.pdf (1 KB): "))
        .expect("the attachment's link")
        .trim()
        .to_owned();
    let res = app.http.get(&link).send().await.unwrap();
    assert_eq!(res.status(), 200, "{link}");
    assert_eq!(res.bytes().await.unwrap().to_vec(), pdf);

    let ack = mail
        .iter()
        .find(|m| m.contains("\nTo: grace@example.org"))
        .expect("the acknowledgement");
    assert!(
        ack.contains("Subject: We received your department report: A reports request"),
        "{ack}"
    );
    assert!(ack.contains("within 24-48 hours"), "{ack}");

    let sent = app
        .read(&app.as_staff().await, "messages?select=email_sent_at,email_error,email_simulated&subject=eq.A%20reports%20request")
        .await;
    assert!(sent[0]["email_sent_at"].is_string(), "{sent}");
    assert_eq!(
        (
            sent[0]["email_error"].clone(),
            sent[0]["email_simulated"].clone()
        ),
        (Value::Null, json!(false))
    );
}

#[tokio::test]
async fn with_the_mail_server_down_a_message_waits_and_is_delivered_once() {
    let mut sink = Sink::start("250 OK").await;
    let app = TestApp::spawn_demo_with_smtp(&sink.url()).await;
    sink.stop();
    let body = json!({"category": "general", "anonymous": true, "subject": "While down", "message": "Hello"});
    assert_eq!(app.function("submit-request", None, &body).await.0, 201);
    let workers = app.workers(Duration::from_millis(200));
    let sql = app.sql().await;
    // Tried at least twice while the server refuses connections, still queued, nothing sent.
    let start = std::time::Instant::now();
    loop {
        let row = sql
            .query_one(
                "SELECT attempts, state FROM kanisa.jobs WHERE kind = 'notify_submission'",
                &[],
            )
            .await
            .unwrap();
        let (attempts, state): (i32, String) = (row.get(0), row.get(1));
        if attempts >= 2 && state == "queued" {
            break;
        }
        assert!(
            start.elapsed() < kanisa_test_db::patient(Duration::from_secs(20)),
            "attempts {attempts}, {state}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let pending: Option<chrono::DateTime<chrono::Utc>> = sql
        .query_one(
            "SELECT email_sent_at FROM messages WHERE subject = 'While down'",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(pending, None);
    sink.restart().await;
    app.wait_idle(Duration::from_secs(20)).await;
    workers.stop(Duration::from_secs(5)).await.unwrap();
    let delivered: Vec<String> = sink
        .received()
        .into_iter()
        .filter(|m| m.contains("While down"))
        .collect();
    assert_eq!(delivered.len(), 1, "delivered once: {delivered:#?}");
    let state: String = sql
        .query_one(
            "SELECT state FROM kanisa.jobs WHERE kind = 'notify_submission'",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(state, "done");
}

#[tokio::test]
async fn a_permanent_refusal_ends_as_email_error_shown_to_staff() {
    let sink = Sink::start("550 5.1.1 mailbox unavailable").await;
    let app = TestApp::spawn_demo_with_smtp(&sink.url()).await;
    let body = json!({"name": "Otieno", "email": "otieno@example.org", "subject": "Bounce", "message": "Hi"});
    assert_eq!(app.function("contact-message", None, &body).await.0, 201);
    app.deliver(Duration::from_secs(20)).await;
    let staff = app.as_staff().await;
    let m = app
        .read(
            &staff,
            "messages?select=id,email_error,email_sent_at&subject=eq.Bounce",
        )
        .await;
    assert!(m[0]["email_error"].as_str().unwrap().contains("550"), "{m}");
    assert_eq!(m[0]["email_sent_at"], Value::Null);

    // Staff see the failed deliveries (the staff e-mail and the acknowledgement)…
    let failed = app
        .http
        .post(app.url("/rest/v1/rpc/get_failed_deliveries"))
        .bearer_auth(staff.token.as_deref().unwrap())
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    let failed: Value = failed.json().await.unwrap();
    let kinds: Vec<&str> = failed
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds.len(), 2, "{failed}");
    assert!(kinds.contains(&"notify_submission") && kinds.contains(&"acknowledge_submission"));
    assert_eq!(failed[0]["summary"], "Bounce");
    assert!(failed[0]["last_error"].as_str().unwrap().contains("550"));
    // …nobody else does.
    let sql = app.sql().await;
    let member = user(&sql, "MEMBER", true, None).await;
    let res = app
        .http
        .post(app.url("/rest/v1/rpc/get_failed_deliveries"))
        .bearer_auth(member.token.as_deref().unwrap())
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.json::<Value>().await.unwrap(), json!([]));

    // Staff send it again once the address is fixed: queued as a new job.
    let id = m[0]["id"].as_str().unwrap();
    let (status, body, _) = app
        .function(
            "send-message",
            staff.token.as_deref(),
            &json!({"messageId": id}),
        )
        .await;
    assert_eq!(
        (status, body["queued"].clone()),
        (StatusCode::ACCEPTED, json!(true)),
        "{body}"
    );
    let (status, _, _) = app
        .function("send-message", None, &json!({"messageId": id}))
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _, _) = app
        .function(
            "send-message",
            member.token.as_deref(),
            &json!({"messageId": id}),
        )
        .await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "a member may not send messages"
    );
}

#[tokio::test]
async fn channels_are_live_from_the_environment_first_then_settings() {
    let app = TestApp::spawn_demo().await;
    let modes = || async {
        let res = app
            .http
            .get(app.url("/functions/v1/service-modes"))
            .send()
            .await
            .unwrap();
        res.json::<Value>().await.unwrap()
    };
    let off = json!({"live": false, "source": "none"});
    let demo_payments = json!({"live": false, "source": "none", "provider": "equity_bank",
                               "label": "Equity Bank", "enabled": true});
    assert_eq!(
        modes().await,
        json!({"email": off, "sms": off, "payments": demo_payments})
    );

    let sql = app.sql().await;
    sql.batch_execute(
        "UPDATE system_settings SET value = '\"smtp.example.org\"' WHERE key = 'smtp_host'; \
         UPDATE system_settings SET value = '\"office@example.org\"' WHERE key = 'smtp_from_email'; \
         UPDATE system_settings SET value = '\"smtp-secret\"' WHERE key = 'smtp_password'; \
         UPDATE system_settings SET value = '\"church\"' WHERE key = 'sms_username'; \
         UPDATE system_settings SET value = '\"atsk_secret\"' WHERE key = 'sms_api_key'",
    )
    .await
    .unwrap();
    app.channels.refresh();
    let now = modes().await;
    assert_eq!(now["email"], json!({"live": true, "source": "settings"}));
    assert_eq!(now["sms"], json!({"live": true, "source": "settings"}));
    assert_eq!(now["payments"], demo_payments);
    let health: Value = app.get("/health").await.json().await.unwrap();
    assert_eq!(health["channels"], now);
    assert!(!health.to_string().contains("secret"));

    let sink = Sink::start("250 OK").await;
    let env = TestApp::spawn_demo_with_smtp(&sink.url()).await;
    let res: Value = env
        .get("/functions/v1/service-modes")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(res["email"], json!({"live": true, "source": "environment"}));
    let res = env
        .http
        .post(env.url("/functions/v1/nothing"))
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 404);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["code"], "not_found");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("/functions/v1/nothing")
    );
    let res = env
        .http
        .request(Method::GET, env.url("/functions/v1/submit-request"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 405);
}

#[tokio::test]
async fn staff_reply_by_email_threaded_under_the_acknowledgement_and_the_message_shows_sent() {
    let sink = Sink::start("250 OK").await;
    let app = TestApp::spawn_demo_with_smtp(&sink.url()).await;
    let body = named(
        "visitation",
        json!({"visitationType": "home", "visitationAddress": "Plot 12, Milimani"}),
    );
    let (status, answer, _) = app.function("submit-request", None, &body).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    app.deliver(Duration::from_secs(20)).await;
    let sql = app.sql().await;
    let id: uuid::Uuid = sql
        .query_one(
            "SELECT id FROM public.messages WHERE subject = 'A visitation request'",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    let ack = sink
        .received()
        .into_iter()
        .map(|m| readable(&m))
        .find(|m| m.contains("\nTo: grace.visitation@example.org"))
        .expect("the acknowledgement");
    assert!(
        ack.contains(&format!("Message-ID: <message-{id}-ack@kanisa>")),
        "{ack}"
    );

    let elder = user(&sql, "ELDER", true, None).await;
    let content = user(&sql, "CONTENT_ADMIN", true, None).await;
    let reply = json!({"messageId": id, "subject": "Re: A visitation request",
                       "body": "Pastor will visit on Saturday at 3 pm."});
    // Refused: no permission, a message that does not exist, an empty reply.
    let (status, _, _) = app
        .function("reply-message", content.token.as_deref(), &reply)
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _, _) = app
        .function(
            "reply-message",
            elder.token.as_deref(),
            &json!({"messageId": uuid::Uuid::new_v4(), "subject": "x", "body": "y"}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, refused, _) = app
        .function(
            "reply-message",
            elder.token.as_deref(),
            &json!({"messageId": id, "subject": "", "body": ""}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert!(
        refused.to_string().contains("Please write the reply"),
        "{refused}"
    );

    let (status, answer, _) = app
        .function("reply-message", elder.token.as_deref(), &reply)
        .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{answer}");
    assert_eq!(answer["queued"], true);
    // Not recorded before it is sent.
    let row = sql
        .query_one(
            "SELECT status, replied_at IS NULL FROM public.messages WHERE id = $1",
            &[&id],
        )
        .await
        .unwrap();
    assert!(row.get::<_, bool>(1));
    app.deliver(Duration::from_secs(20)).await;

    let mail: Vec<String> = sink.received().iter().map(|m| readable(m)).collect();
    let sent = mail
        .iter()
        .find(|m| m.contains("Subject: Re: A visitation request"))
        .expect("the reply");
    for header in [
        "To: grace.visitation@example.org".to_owned(),
        format!("In-Reply-To: <message-{id}-ack@kanisa>"),
        format!("References: <message-{id}-ack@kanisa>"),
        "Reply-To: ".to_owned(),
    ] {
        assert!(sent.contains(&header), "{header} missing:\n{sent}");
    }
    assert!(
        sent.contains("Pastor will visit on Saturday at 3 pm."),
        "{sent}"
    );
    let row = sql
        .query_one(
            "SELECT status, replied_at IS NOT NULL, replied_by::text, reply_error, reply_simulated \
             FROM public.messages WHERE id = $1",
            &[&id],
        )
        .await
        .unwrap();
    assert_eq!(row.get::<_, String>(0), "sent");
    assert!(row.get::<_, bool>(1));
    assert_eq!(row.get::<_, Option<String>>(2), elder.id.clone());
    assert_eq!(row.get::<_, Option<String>>(3), None);
    assert!(!row.get::<_, bool>(4), "a delivered reply is not simulated");

    // "Send and mark complete" (issue 32): once sent, the message is completed too.
    let other: uuid::Uuid = sql
        .query_one(
            "INSERT INTO public.messages (subject, message, sender_name, sender_email) \
             VALUES ('A question', 'When is choir practice?', 'Ruth', 'ruth@example.org') \
             RETURNING id",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    let (status, answer, _) = app
        .function(
            "reply-message",
            elder.token.as_deref(),
            &json!({"messageId": other, "subject": "Re: A question",
                    "body": "Thursdays at 6 pm.", "complete": true}),
        )
        .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{answer}");
    app.deliver(Duration::from_secs(20)).await;
    let row = sql
        .query_one(
            "SELECT status, replied_at IS NOT NULL, completed_at IS NOT NULL \
             FROM public.messages WHERE id = $1",
            &[&other],
        )
        .await
        .unwrap();
    assert_eq!(row.get::<_, String>(0), "completed");
    assert!(row.get::<_, bool>(1), "the reply is recorded");
    assert!(row.get::<_, bool>(2));
    assert!(
        sink.received()
            .iter()
            .any(|m| readable(m).contains("Thursdays at 6 pm.")),
        "the reply was sent"
    );

    // A message without an e-mail address cannot be answered by e-mail.
    sql.execute(
        "UPDATE public.messages SET sender_email = NULL WHERE id = $1",
        &[&id],
    )
    .await
    .unwrap();
    let (status, refused, _) = app
        .function("reply-message", elder.token.as_deref(), &reply)
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        refused
            .to_string()
            .contains("This message has no e-mail address to reply to"),
        "{refused}"
    );
}

#[tokio::test]
async fn a_form_sent_again_with_its_key_is_stored_once_even_when_racing() {
    let app = TestApp::spawn_demo().await;
    let key = uuid::Uuid::new_v4().to_string();
    let mut prayer = named(
        "prayer",
        json!({"prayerType": "health", "prayerPrivacy": "private",
               "message": "Please pray for my exams.", "idempotencyKey": key}),
    );
    let count = || async {
        app.sql()
            .await
            .query_one(
                "SELECT count(*) FROM prayer_requests WHERE description = 'Please pray for my exams.'",
                &[],
            )
            .await
            .unwrap()
            .get::<_, i64>(0)
    };
    // Refused first (no name): the key is not used up.
    let mut nameless = prayer.clone();
    nameless["name"] = json!("");
    let (status, _, _) = app.function("submit-request", None, &nameless).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    // Five copies at once (a phone that came back online on a flaky line): one stored.
    let sends = (0..5).map(|_| app.function("submit-request", None, &prayer));
    let answers = futures_util::future::join_all(sends).await;
    let fresh = answers
        .iter()
        .filter(|(s, a, _)| *s == StatusCode::CREATED && a.get("duplicate").is_none())
        .count();
    let repeats = answers
        .iter()
        .filter(|(s, a, _)| *s == StatusCode::CREATED && a["duplicate"] == true)
        .count();
    assert_eq!((fresh, repeats), (1, 4), "{answers:?}");
    assert_eq!(count().await, 1);
    // Later, after a reload: still once.
    let (status, again, _) = app.function("submit-request", None, &prayer).await;
    assert_eq!(
        (status, again["duplicate"].clone()),
        (StatusCode::CREATED, json!(true))
    );
    assert_eq!(count().await, 1);
    // The key with another form: 409 on the key's field (the rule is kanisa-functions' test).
    let mut other = prayer.clone();
    other["message"] = json!("Please pray for my family.");
    let (status, conflict, _) = app.function("submit-request", None, &other).await;
    assert_eq!(status, StatusCode::CONFLICT, "{conflict}");
    assert_eq!(conflict["code"], "conflict");
    assert!(
        conflict["fields"]["idempotencyKey"].is_string(),
        "{conflict}"
    );
    prayer["idempotencyKey"] = json!("not a key!");
    let (status, refused, _) = app.function("submit-request", None, &prayer).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(refused["fields"]["idempotencyKey"].is_string(), "{refused}");
}

/// Second probe: one uploaded attachment could be claimed by several submissions (each then
/// linked the same private file). One claim per file.
#[tokio::test]
async fn one_uploaded_file_cannot_be_claimed_by_two_submissions() {
    let app = TestApp::spawn_demo().await;
    let pdf = b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n";
    let key = app
        .upload("reports", "Budget.pdf", pdf, "application/pdf")
        .await;
    let report = |subject: &str| {
        let mut body = named(
            "reports",
            json!({"department": "youth", "reportType": "monthly", "reportPeriod": "October",
                   "attachments": [{"path": key, "name": "Budget.pdf"}]}),
        );
        body["subject"] = json!(subject);
        body
    };
    assert_eq!(
        app.function("submit-request", None, &report("First report"))
            .await
            .0,
        201
    );
    let (status, body, _) = app
        .function("submit-request", None, &report("Second report"))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("is already attached to another submission"),
        "{body}"
    );
    assert_eq!(
        app.count("SELECT count(*) FROM messages WHERE subject = 'Second report'")
            .await,
        0
    );
    // The first submission's file is still there.
    let path = key.strip_prefix("church-files/").unwrap();
    let sql = app.sql().await;
    let kept: i64 = sql
        .query_one(
            "SELECT count(*) FROM storage.objects WHERE name = $1",
            &[&path],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(kept, 1);
}

/// Second probe: 60 payment prompts from one address to 60 different phones were all accepted
/// — live, each a PIN request on a stranger's phone. Prompts are limited per client address and
/// per phone (Security settings), with the spec-style message and Retry-After.
#[tokio::test]
async fn payment_prompts_from_one_address_are_limited() {
    let app = TestApp::spawn_demo().await;
    let give =
        |n: usize| json!({"phone": format!("07{n:08}"), "amount": 10, "givingType": "offering"});
    let mut accepted = 0;
    let mut refusal = None;
    for n in 0..60 {
        let (status, body, retry) = app.function("payments", None, &give(n + 1)).await;
        match status {
            StatusCode::CREATED => accepted += 1,
            StatusCode::TOO_MANY_REQUESTS => {
                refusal = Some((body, retry));
                break;
            }
            other => panic!("{other}: {body}"),
        }
    }
    assert_eq!(accepted, 10, "the per-address default (10 an hour)");
    let (body, retry) = refusal.unwrap();
    assert!(
        body["message"].as_str().unwrap().starts_with(
            "Too many payment requests have been sent from your connection. Please try again in "
        ),
        "{body}"
    );
    let retry: u64 = retry.expect("Retry-After").parse().unwrap();
    assert!((1..=3600).contains(&retry), "{retry}");
    // Per phone: the sixth prompt to one number in ten minutes is refused, from any address.
    app.sql()
        .await
        .batch_execute("DELETE FROM kanisa.submission_hits WHERE bucket LIKE 'pay-address:%'")
        .await
        .unwrap();
    for _ in 0..5 {
        assert_eq!(
            app.function("payments", None, &give(99)).await.0,
            StatusCode::CREATED
        );
    }
    let (status, body, _) = app.function("payments", None, &give(99)).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("Too many payment requests for this phone number."),
        "{body}"
    );
}

/// The features own their routes (issue 43): every route they registered is listed by the
/// functions themselves, and each one answers from its feature — never the router's "no
/// function" nor a method refusal, never a server error — while a path no feature registered
/// is the router's 404 naming the functions.
#[tokio::test]
async fn every_route_the_features_register_answers_from_its_feature() {
    let app = TestApp::spawn().await;
    let routes = app.functions.routes();
    let listed: Vec<String> = routes.iter().map(|(m, p)| format!("{m} {p}")).collect();
    for expected in [
        "GET service-modes",
        "POST submit-request",
        "POST contact-message",
        "POST send-message",
        "POST reply-message",
        "POST send-broadcast",
        "POST sms/delivery-report/{secret}",
        "POST payments",
        "GET payments/{id}",
        "POST payments/callback/{provider}/{secret}",
        "POST payments/paybill/{secret}/{step}",
        "POST ussd/{secret}",
        "POST ussd/{secret}/end",
    ] {
        assert!(
            listed.contains(&expected.to_owned()),
            "{expected} is not registered: {listed:?}"
        );
    }
    for (method, pattern) in &routes {
        let path = pattern
            .split('/')
            .map(|s| if s.starts_with('{') { "x" } else { s })
            .collect::<Vec<_>>()
            .join("/");
        let answer = app
            .http
            .request(
                Method::from_bytes(method.as_bytes()).unwrap(),
                app.url(&format!("/functions/v1/{path}")),
            )
            .header(
                "apikey",
                kanisa_auth::JwtKeys::new(crate::TEST_SECRET)
                    .api_key("anon")
                    .unwrap(),
            )
            .json(&json!({}))
            .send()
            .await
            .unwrap();
        let status = answer.status();
        let body: Value = answer.json().await.unwrap_or(Value::Null);
        let routed = !body["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("No function at"));
        assert!(
            routed && status != StatusCode::METHOD_NOT_ALLOWED && !status.is_server_error(),
            "{method} {pattern}: {status} {body}"
        );
    }
    let (status, body, _) = app.function("send-fax", None, &json!({})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(
        body["message"].as_str().unwrap().starts_with(
            "No function at /functions/v1/send-fax: the functions are GET service-modes"
        ),
        "{body}"
    );
}
