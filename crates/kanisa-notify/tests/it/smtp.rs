use std::sync::Arc;

use kanisa_jobs::{Job, JobFailure, RunInfo};
use kanisa_notify::{
    Delivery, DemoMailer, Email, MailError, Mailer, SendEmail, SmtpMailer, mailer_from_config,
};

use kanisa_test_db::smtp::Sink;

fn email() -> Email {
    Email {
        to: vec!["Pastor <pastor@church.test>".into()],
        reply_to: Some("visitor@example.test".into()),
        subject: "Prayer request".into(),
        text: "Please pray for my family.".into(),
        html: None,
        message_id: Some("message-42@kanisa".into()),
        in_reply_to: None,
    }
}

fn plain(port: u16) -> SmtpMailer {
    SmtpMailer::new(
        &format!("smtp://127.0.0.1:{port}?tls=none"),
        "Kanisa <church@church.test>",
    )
    .unwrap()
}

fn run() -> RunInfo {
    RunInfo {
        id: 7,
        unique_key: None,
        attempt: 1,
        max_attempts: 5,
        created_at: Default::default(),
        run_at: Default::default(),
    }
}

/// Runs the `send_email` job for `email` with `mailer`, as a worker does.
async fn send_job(mailer: SmtpMailer, email: &Email) -> Result<(), JobFailure> {
    let mailer: Arc<dyn Mailer> = Arc::new(mailer);
    SendEmail::new(email.clone(), None)
        .run(&mailer, &run())
        .await
}

#[tokio::test]
async fn an_accepted_email_is_delivered_with_its_headers() {
    let sink = Sink::start("250 OK").await;
    let delivery = plain(sink.port).send(&email()).await.unwrap();
    assert_eq!(
        delivery,
        Delivery::Sent {
            reply: "250 2.0.0 queued as 1".into()
        }
    );
    let received = sink.received();
    assert_eq!(received.len(), 1);
    let message = &received[0];
    for header in [
        "From: Kanisa <church@church.test>",
        "To: Pastor <pastor@church.test>",
        "Reply-To: visitor@example.test",
        "Subject: Prayer request",
        "Message-ID: <message-42@kanisa>",
    ] {
        assert!(message.contains(header), "{header} missing:\n{message}");
    }
    assert!(message.contains("Please pray for my family."), "{message}");
}

#[tokio::test]
async fn a_reply_names_the_message_it_answers_so_it_is_threaded() {
    let sink = Sink::start("250 OK").await;
    let reply = Email {
        in_reply_to: Some("messages-42-ack@kanisa".into()),
        ..email()
    };
    plain(sink.port).send(&reply).await.unwrap();
    let message = &sink.received()[0];
    for header in [
        "In-Reply-To: <messages-42-ack@kanisa>",
        "References: <messages-42-ack@kanisa>",
    ] {
        assert!(message.contains(header), "{header} missing:\n{message}");
    }
    plain(sink.port).send(&email()).await.unwrap();
    assert!(
        !sink.received()[1].contains("In-Reply-To"),
        "only a reply says so"
    );
}

#[tokio::test]
async fn a_550_refusal_is_permanent_and_fails_the_job_at_once() {
    let sink = Sink::start("550 5.1.1 mailbox unavailable").await;
    let err = plain(sink.port).send(&email()).await.unwrap_err();
    assert!(
        matches!(err, MailError::Permanent(ref m) if m.contains("mailbox unavailable")),
        "{err:?}"
    );
    assert!(sink.received().is_empty());

    let failure = send_job(plain(sink.port), &email()).await.unwrap_err();
    assert!(failure.permanent, "{failure:?}");
}

#[tokio::test]
async fn a_4xx_reply_is_transient() {
    let sink = Sink::start("451 4.3.0 try again later").await;
    let err = plain(sink.port).send(&email()).await.unwrap_err();
    assert!(matches!(err, MailError::Transient(_)), "{err:?}");
}

#[tokio::test]
async fn a_server_that_is_down_is_transient_and_the_job_retries() {
    let port = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap().port()
    };
    let err = plain(port).send(&email()).await.unwrap_err();
    assert!(matches!(err, MailError::Transient(_)), "{err:?}");
    let failure = send_job(plain(port), &email()).await.unwrap_err();
    assert!(!failure.permanent, "{failure:?}");
}

/// `smtp://` means STARTTLS: a server that does not offer it gets nothing in plain text.
#[tokio::test]
async fn smtp_without_starttls_sends_nothing_in_plain_text() {
    let sink = Sink::start("250 OK").await;
    let mailer = SmtpMailer::new(
        &format!("smtp://127.0.0.1:{}", sink.port),
        "church@church.test",
    )
    .unwrap();
    assert!(mailer.send(&email()).await.is_err());
    assert!(sink.received().is_empty());
}

#[tokio::test]
async fn the_send_email_job_sets_a_message_id_from_the_job() {
    let sink = Sink::start("250 OK").await;
    let mut email = email();
    email.message_id = None;
    send_job(plain(sink.port), &email).await.unwrap();
    assert!(sink.received()[0].contains("Message-ID: <job-7@kanisa>"));

    // The payload is the e-mail itself, and one that is not an e-mail never runs.
    let payload = serde_json::to_value(SendEmail::new(email.clone(), Some("key".into()))).unwrap();
    assert_eq!(payload, serde_json::to_value(&email).unwrap());
    let failure =
        kanisa_jobs::decode::<SendEmail>(&serde_json::json!({"to": "not a list"})).unwrap_err();
    assert!(
        failure.permanent
            && failure
                .message
                .starts_with("the send_email job's payload does not decode"),
        "{failure:?}"
    );
}

#[tokio::test]
async fn without_smtp_settings_email_is_simulated() {
    let demo = DemoMailer::new();
    assert_eq!(demo.send(&email()).await.unwrap(), Delivery::Simulated);
    assert_eq!(demo.sent(), vec![email()]);
    assert!(demo.simulated());
    assert!(mailer_from_config(None, None).unwrap().simulated());
    // With a server, a sender address is required; a bad URL never echoes its password.
    let err = mailer_from_config(Some("smtps://u:hunter2@mail.test"), None)
        .err()
        .unwrap();
    assert!(err.to_string().starts_with("KANISA_SMTP_FROM"), "{err}");
    let err = SmtpMailer::new("smtps://u:hunter2@mail.test?tls=none", "a@b.test").unwrap_err();
    assert!(!err.to_string().contains("hunter2"), "{err}");
    assert!(
        !mailer_from_config(Some("smtps://u:hunter2@mail.test"), Some("a@b.test"))
            .unwrap()
            .simulated()
    );
}
