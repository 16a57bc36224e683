//! One truth about demo mode for messages: whether e-mail and SMS are live, and with which
//! credentials. The environment comes first (`KANISA_SMTP_URL` + `KANISA_SMTP_FROM`, and the
//! `KANISA_SMS_*` variables), then System Settings (the Communication tab; the secrets in
//! `kanisa.secret_settings`); with neither, the channel is simulated. Payments have their own
//! answer in `payments.rs`, from the provider it would call. Senders, the
//! public and staff banners (`GET /functions/v1/service-modes`) and `/health` all ask
//! [`Channels`], which re-reads the settings at most every [`REFRESH`], so a change in System
//! Settings takes effect without a restart.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use kanisa_notify::{
    AfricasTalking, DemoMailer, DemoSms, Email, MailError, Mailer, SendFuture, SmsSender,
    SmtpMailer, Twilio,
};
use kanisa_pg::Pool;
use percent_encoding::{NON_ALPHANUMERIC, utf8_percent_encode};
use serde::Serialize;

/// How long a reading of the settings is trusted.
pub const REFRESH: Duration = Duration::from_secs(10);

/// What the environment configures (read once at start by `kanisa-config`).
#[derive(Clone, Debug, Default)]
pub struct ChannelsConfig {
    /// `KANISA_SMTP_URL` (holds a password: never logged).
    pub smtp_url: Option<String>,
    /// `KANISA_SMTP_FROM`.
    pub smtp_from: Option<String>,
    /// The SMS provider from the environment (`KANISA_SMS_*`), when its key is set.
    pub sms_env: Option<SmsSettings>,
    /// `KANISA_SMS_BASE_URL`: the SMS provider's API (its live address by default).
    pub sms_base_url: Option<String>,
}

/// Where a channel's credentials come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Source {
    Environment,
    Settings,
    /// Not configured: simulated (demo mode).
    None,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Channel {
    pub live: bool,
    pub source: Source,
}

impl Channel {
    fn from(source: Source) -> Channel {
        Channel {
            live: source != Source::None,
            source,
        }
    }
}

/// The message channels, as `GET /functions/v1/service-modes` and `/health` show them
/// (payments beside them come from [`Payments`](crate::Payments), which owns that answer).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ServiceModes {
    pub email: Channel,
    pub sms: Channel,
}

struct Reading {
    at: Instant,
    modes: ServiceModes,
    /// The SMTP settings this reading's mailer was built from (none from the environment).
    smtp: SmtpSettings,
    mailer: Arc<dyn Mailer>,
    /// The SMS settings this reading's sender was built from.
    sms_settings: Option<SmsSettings>,
    sms: Arc<dyn SmsSender>,
}

/// An SMS provider's settings (the Communication tab, or `KANISA_SMS_*`).
#[derive(Default, Clone, PartialEq, Eq)]
pub struct SmsSettings {
    /// `africas_talking` (default) or `twilio`.
    pub provider: Option<String>,
    /// Africa's Talking user name, or the Twilio account SID.
    pub username: Option<String>,
    /// The API key (Twilio: the auth token). Never printed.
    pub api_key: Option<String>,
    pub sender_id: Option<String>,
}

impl std::fmt::Debug for SmsSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SmsSettings")
            .field("provider", &self.provider)
            .field("username", &self.username)
            .field("api_key", &self.api_key.as_ref().map(|_| "[redacted]"))
            .field("sender_id", &self.sender_id)
            .finish()
    }
}

/// The sender for `s`: none without a user name and key, or for an unknown provider.
fn sms_sender(s: &SmsSettings, base_url: Option<&str>) -> Option<Arc<dyn SmsSender>> {
    let (username, key) = (s.username.as_deref()?, s.api_key.as_deref()?);
    match s.provider.as_deref().unwrap_or("africas_talking") {
        "africas_talking" | "africastalking" => Some(Arc::new(AfricasTalking::new(
            base_url.unwrap_or(AfricasTalking::default_url(username)),
            username,
            key,
            s.sender_id.as_deref(),
        ))),
        "twilio" => Some(Arc::new(Twilio::new(
            base_url.unwrap_or(Twilio::API_URL),
            username,
            key,
            s.sender_id.as_deref().unwrap_or_default(),
        ))),
        other => {
            tracing::warn!(
                provider = other,
                "unsupported SMS provider; text messages are simulated"
            );
            None
        }
    }
}

/// The live channels and the mailer they imply. Itself a [`Mailer`]: each send goes through
/// the sender the current settings choose.
pub struct Channels {
    config: ChannelsConfig,
    service: Pool,
    env_mailer: Option<Arc<dyn Mailer>>,
    env_sms: Option<Arc<dyn SmsSender>>,
    demo: DemoMailer,
    reading: Mutex<Option<Arc<Reading>>>,
}

/// The SMTP settings of the Communication tab.
#[derive(Default, Clone, PartialEq, Eq)]
struct SmtpSettings {
    host: Option<String>,
    port: Option<String>,
    username: Option<String>,
    password: Option<String>,
    from_email: Option<String>,
    from_name: Option<String>,
}

impl std::fmt::Debug for SmtpSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The password is never printed.
        f.debug_struct("SmtpSettings")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("username", &self.username)
            .field("password", &self.password.as_ref().map(|_| "[redacted]"))
            .field("from_email", &self.from_email)
            .field("from_name", &self.from_name)
            .finish()
    }
}

const SETTINGS_SQL: &str = "\
SELECT \
  (SELECT nullif(btrim(value #>> '{}'), '') FROM public.system_settings WHERE key = 'smtp_host'), \
  (SELECT nullif(btrim(value #>> '{}'), '') FROM public.system_settings WHERE key = 'smtp_port'), \
  (SELECT nullif(btrim(value #>> '{}'), '') FROM public.system_settings WHERE key = 'smtp_username'), \
  nullif(kanisa.secret_setting('smtp_password') #>> '{}', ''), \
  (SELECT nullif(btrim(value #>> '{}'), '') FROM public.system_settings WHERE key = 'smtp_from_email'), \
  (SELECT nullif(btrim(value #>> '{}'), '') FROM public.system_settings WHERE key = 'smtp_from_name'), \
  (SELECT nullif(btrim(value #>> '{}'), '') FROM public.system_settings WHERE key = 'sms_provider'), \
  (SELECT nullif(btrim(value #>> '{}'), '') FROM public.system_settings WHERE key = 'sms_username'), \
  nullif(kanisa.secret_setting('sms_api_key') #>> '{}', ''), \
  (SELECT nullif(btrim(value #>> '{}'), '') FROM public.system_settings WHERE key = 'sms_sender_id')";

impl Channels {
    /// `service` is an owner pool (the secrets are readable by no API role). Fails when the
    /// environment's mail settings are wrong, so a bad `KANISA_SMTP_URL` stops the start.
    pub fn new(config: ChannelsConfig, service: Pool) -> Result<Channels, MailError> {
        let env_mailer = match &config.smtp_url {
            Some(url) => Some(kanisa_notify::mailer_from_config(
                Some(url),
                config.smtp_from.as_deref(),
            )?),
            None => None,
        };
        let env_sms = config
            .sms_env
            .as_ref()
            .and_then(|s| sms_sender(s, config.sms_base_url.as_deref()));
        Ok(Channels {
            config,
            service,
            env_mailer,
            env_sms,
            demo: DemoMailer::new(),
            reading: Mutex::new(None),
        })
    }

    /// The demo sender (what simulated sends went through; tests read it).
    pub fn demo_mailer(&self) -> &DemoMailer {
        &self.demo
    }

    /// Which channels are live now.
    pub async fn modes(&self) -> ServiceModes {
        self.current().await.modes
    }

    /// The text-message sender the settings choose now (demo mode without credentials).
    pub async fn sms(&self) -> Arc<dyn SmsSender> {
        self.current().await.sms.clone()
    }

    /// Forget the last reading (after a settings change).
    pub fn refresh(&self) {
        *self.reading.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }

    async fn current(&self) -> Arc<Reading> {
        let fresh = self
            .reading
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .as_ref()
            .filter(|r| r.at.elapsed() < REFRESH)
            .cloned();
        if let Some(r) = fresh {
            return r;
        }
        let previous = self
            .reading
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        let reading = Arc::new(self.read(previous.as_deref()).await);
        *self.reading.lock().unwrap_or_else(|e| e.into_inner()) = Some(reading.clone());
        reading
    }

    /// A new reading; the previous one's mailer (and its open connections) is kept when the
    /// SMTP settings did not change.
    async fn read(&self, previous: Option<&Reading>) -> Reading {
        let (settings, sms_settings) = match self.read_settings().await {
            Ok(r) => r,
            Err(e) => {
                // The environment still answers; the settings are read again next time.
                tracing::warn!(error = %e, "could not read the channel settings");
                (SmtpSettings::default(), SmsSettings::default())
            }
        };
        let (sms_source, sms): (Source, Arc<dyn SmsSender>) = if let Some(s) = &self.env_sms {
            (Source::Environment, s.clone())
        } else if let Some(p) = previous.filter(|p| {
            p.sms_settings.as_ref() == Some(&sms_settings) && p.modes.sms.source == Source::Settings
        }) {
            (Source::Settings, p.sms.clone())
        } else {
            match sms_sender(&sms_settings, self.config.sms_base_url.as_deref()) {
                Some(s) => (Source::Settings, s),
                None => (Source::None, Arc::new(DemoSms::default())),
            }
        };
        let unchanged =
            previous.filter(|p| p.smtp == settings && p.modes.email.source == Source::Settings);
        let (email, mailer): (Source, Arc<dyn Mailer>) = if let Some(m) = &self.env_mailer {
            (Source::Environment, m.clone())
        } else if let Some(p) = unchanged {
            (Source::Settings, p.mailer.clone())
        } else {
            match smtp_from_settings(&settings) {
                Some(Ok(m)) => (Source::Settings, Arc::new(m)),
                Some(Err(e)) => {
                    tracing::warn!(error = %e, "the SMTP settings are not usable; e-mail is simulated");
                    (Source::None, Arc::new(self.demo.clone()))
                }
                None => (Source::None, Arc::new(self.demo.clone())),
            }
        };
        Reading {
            at: Instant::now(),
            modes: ServiceModes {
                email: Channel::from(email),
                sms: Channel::from(sms_source),
            },
            smtp: settings,
            mailer,
            sms_settings: Some(sms_settings),
            sms,
        }
    }

    async fn read_settings(&self) -> Result<(SmtpSettings, SmsSettings), String> {
        let client = self.service.get().await.map_err(|e| e.to_string())?;
        let row = client
            .query_one(SETTINGS_SQL, &[])
            .await
            .map_err(|e| kanisa_pg::describe(&e))?;
        Ok((
            SmtpSettings {
                host: row.get(0),
                port: row.get(1),
                username: row.get(2),
                password: row.get(3),
                from_email: row.get(4),
                from_name: row.get(5),
            },
            SmsSettings {
                provider: row.get(6),
                username: row.get(7),
                api_key: row.get(8),
                sender_id: row.get(9),
            },
        ))
    }
}

/// An SMTP sender from the Communication tab: none without a host and a from address. Port
/// 465 is TLS from the first byte; any other port requires STARTTLS.
fn smtp_from_settings(s: &SmtpSettings) -> Option<Result<SmtpMailer, MailError>> {
    let host = s.host.as_deref()?;
    let from_email = s.from_email.as_deref()?;
    let port: u16 = match s.port.as_deref().map(str::parse) {
        None => 587,
        Some(Ok(p)) => p,
        Some(Err(_)) => {
            return Some(Err(MailError::Config(
                "smtp_port is not a port number".into(),
            )));
        }
    };
    let scheme = if port == 465 { "smtps" } else { "smtp" };
    let enc = |v: &str| utf8_percent_encode(v, NON_ALPHANUMERIC).to_string();
    let credentials = match (&s.username, &s.password) {
        (Some(u), Some(p)) => format!("{}:{}@", enc(u), enc(p)),
        (Some(u), None) => format!("{}@", enc(u)),
        _ => String::new(),
    };
    let url = format!("{scheme}://{credentials}{host}:{port}");
    let from = match &s.from_name {
        Some(name) => format!("{} <{from_email}>", name.replace(['<', '>', '"'], "")),
        None => from_email.to_owned(),
    };
    Some(SmtpMailer::new(&url, &from))
}

impl Mailer for Channels {
    fn send<'a>(&'a self, email: &'a Email) -> SendFuture<'a> {
        Box::pin(async move {
            let reading = self.current().await;
            reading.mailer.send(email).await
        })
    }
}

/// A shared [`Channels`] as a mailer for the `send_email` job.
pub fn mailer(channels: &Arc<Channels>) -> Arc<dyn Mailer> {
    channels.clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (A runtime: the SMTP transport starts its connection pool's task when built.)
    #[tokio::test]
    async fn smtp_settings_need_a_host_and_a_sender() {
        let mut s = SmtpSettings {
            host: Some("smtp.example.org".into()),
            ..SmtpSettings::default()
        };
        assert!(smtp_from_settings(&s).is_none(), "no from address");
        s.from_email = Some("office@example.org".into());
        s.username = Some("office@example.org".into());
        s.password = Some("p@ss:word/1".into());
        s.from_name = Some("Kisii <Central>".into());
        assert!(matches!(smtp_from_settings(&s), Some(Ok(_))));
        s.port = Some("four-six-five".into());
        assert!(matches!(
            smtp_from_settings(&s),
            Some(Err(MailError::Config(_)))
        ));
        s.port = Some("465".into());
        assert!(matches!(smtp_from_settings(&s), Some(Ok(_))));
    }
}
