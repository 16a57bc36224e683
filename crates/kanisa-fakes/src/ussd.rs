//! A fake of Africa's Talking's USSD gateway: it drives sessions against a callback URL as the
//! gateway does (`../shared/reference/ussd-otp-realtime.md`). Each step is a form POST with
//! `sessionId`, `serviceCode`, `phoneNumber`, `networkCode` and `text` — every answer so far
//! joined with `*`, empty on the first step — and the reply must be 200 `text/plain` starting
//! with `CON ` (the gateway shows it and waits) or `END ` (it shows it and closes). Anything
//! else ends the session with an error, as the gateway would. When a session ends the gateway
//! posts its notification (`status`, `durationInMillis`, `errorMessage`, …) to a second URL.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// The gateway, calling the church's URLs.
#[derive(Clone, Debug)]
pub struct FakeUssd {
    http: reqwest::Client,
    callback: String,
    service_code: String,
}

/// One screen the caller saw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UssdScreen {
    pub status: u16,
    pub content_type: String,
    /// The whole reply, `CON `/`END ` included.
    pub body: String,
}

impl UssdScreen {
    /// Whether the gateway would show it: 200, plain text, `CON ` or `END `.
    pub fn valid(&self) -> bool {
        self.status == 200
            && self.content_type.starts_with("text/plain")
            && (self.body.starts_with("CON ") || self.body.starts_with("END "))
    }

    /// The session waits for an answer.
    pub fn waits(&self) -> bool {
        self.valid() && self.body.starts_with("CON ")
    }

    /// The screen's text, without `CON `/`END `.
    pub fn text(&self) -> &str {
        self.body.get(4..).unwrap_or("")
    }
}

/// A session of one phone, as the gateway keeps it.
#[derive(Debug)]
pub struct UssdSession {
    gateway: FakeUssd,
    pub id: String,
    pub phone: String,
    pub network_code: String,
    answers: Vec<String>,
    started: Instant,
    ended: bool,
}

static SESSIONS: AtomicU64 = AtomicU64::new(1);

impl FakeUssd {
    /// A gateway calling `callback` (`…/functions/v1/ussd/{secret}`) for `service_code`.
    pub fn new(callback: impl Into<String>, service_code: impl Into<String>) -> FakeUssd {
        FakeUssd {
            http: reqwest::Client::new(),
            callback: callback.into(),
            service_code: service_code.into(),
        }
    }

    /// A new session from `phone` (`+2547…`), on Safaricom's network code.
    pub fn dial(&self, phone: &str) -> UssdSession {
        let n = SESSIONS.fetch_add(1, Ordering::Relaxed);
        UssdSession {
            gateway: self.clone(),
            id: format!("ATUid_{:x}_{n}", std::process::id()),
            phone: phone.to_owned(),
            network_code: "63902".to_owned(),
            answers: Vec::new(),
            started: Instant::now(),
            ended: false,
        }
    }

    /// The same gateway calling another URL (another instance behind the balancer).
    pub fn to(&self, callback: impl Into<String>) -> FakeUssd {
        FakeUssd {
            callback: callback.into(),
            ..self.clone()
        }
    }

    async fn post(&self, session: &UssdSession, text: &str) -> UssdScreen {
        let res = self
            .http
            .post(&self.callback)
            .form(&[
                ("sessionId", session.id.as_str()),
                ("serviceCode", self.service_code.as_str()),
                ("phoneNumber", session.phone.as_str()),
                ("networkCode", session.network_code.as_str()),
                ("text", text),
            ])
            .send()
            .await
            .expect("the callback answers");
        let status = res.status().as_u16();
        let content_type = res
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned();
        UssdScreen {
            status,
            content_type,
            body: res.text().await.unwrap_or_default(),
        }
    }
}

impl UssdSession {
    /// The text of the next step with `answer`: every answer so far joined with `*`.
    fn text_with(&self, answer: Option<&str>) -> String {
        let mut all: Vec<&str> = self.answers.iter().map(String::as_str).collect();
        all.extend(answer);
        all.join("*")
    }

    /// The first step (`text` empty).
    pub async fn start(&mut self) -> UssdScreen {
        let screen = self.gateway.post(self, "").await;
        self.ended = !screen.waits();
        screen
    }

    /// The caller types `answer`. Panics once the session has ended: the gateway sends nothing
    /// after an `END` (or a reply it could not show).
    pub async fn answer(&mut self, answer: &str) -> UssdScreen {
        assert!(!self.ended, "the session {} has ended", self.id);
        let text = self.text_with(Some(answer));
        let screen = self.gateway.post(self, &text).await;
        self.answers.push(answer.to_owned());
        self.ended = !screen.waits();
        screen
    }

    /// The last step posted again, as the gateway does when an answer was slow to come.
    pub async fn repeat(&self) -> UssdScreen {
        self.gateway.post(self, &self.text_with(None)).await
    }

    /// The next answer posted through `other` (another instance).
    pub async fn answer_via(&mut self, other: &FakeUssd, answer: &str) -> UssdScreen {
        let mine = std::mem::replace(&mut self.gateway, other.clone());
        let screen = self.answer(answer).await;
        self.gateway = mine;
        screen
    }

    /// The end-of-session notification to `url` (`…/ussd/{secret}/end`).
    pub async fn notify_end(&self, url: &str, status: &str, error: Option<&str>) -> u16 {
        let duration = self.started.elapsed().as_millis().to_string();
        let last = self.text_with(None);
        let hops = (self.answers.len() + 1).to_string();
        let mut form = vec![
            ("sessionId", self.id.as_str()),
            ("serviceCode", self.gateway.service_code.as_str()),
            ("phoneNumber", self.phone.as_str()),
            ("networkCode", self.network_code.as_str()),
            ("status", status),
            ("durationInMillis", duration.as_str()),
            ("hopsCount", hops.as_str()),
            ("input", last.as_str()),
            ("cost", "KES 0.0000"),
        ];
        if let Some(e) = error {
            form.push(("errorMessage", e));
        }
        self.gateway
            .http
            .post(url)
            .form(&form)
            .send()
            .await
            .map(|r| r.status().as_u16())
            .unwrap_or(0)
    }
}
