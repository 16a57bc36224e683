//! One truth about demo mode: whether e-mail, SMS and payments are live, and with which
//! credentials. The environment comes first (`KANISA_SMTP_URL` + `KANISA_SMTP_FROM`, and the
//! SMS and payment variables), then System Settings (the Communication and Payments tabs; the
//! secrets in `kanisa.secret_settings`); with neither, the channel is simulated. Senders, the
//! public and staff banners (`GET /functions/v1/service-modes`) and `/health` all ask
//! [`Channels`], which re-reads the settings at most every [`REFRESH`], so a change in System
//! Settings takes effect without a restart.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use kanisa_notify::{DemoMailer, Email, MailError, Mailer, SendFuture, SmtpMailer};
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
    /// The SMS provider's variables are set.
    pub sms: bool,
    /// A payment provider's variables are set.
    pub payments: bool,
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

/// The three channels, as `GET /functions/v1/service-modes` and `/health` show them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ServiceModes {
    pub email: Channel,
    pub sms: Channel,
    pub payments: Channel,
}

struct Reading {
    at: Instant,
    modes: ServiceModes,
    /// The SMTP settings this reading's mailer was built from (none from the environment).
    smtp: SmtpSettings,
    mailer: Arc<dyn Mailer>,
}

/// The live channels and the mailer they imply. Itself a [`Mailer`]: each send goes through
/// the sender the current settings choose.
pub struct Channels {
    config: ChannelsConfig,
    service: Pool,
    env_mailer: Option<Arc<dyn Mailer>>,
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
  kanisa.setting_is_set('sms_username') AND kanisa.setting_is_set('sms_api_key'), \
  kanisa.setting_is_set('mobile_money_key') AND kanisa.setting_is_set('mobile_money_secret')";

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
        Ok(Channels {
            config,
            service,
            env_mailer,
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
        let (settings, sms, payments) = match self.read_settings().await {
            Ok(r) => r,
            Err(e) => {
                // The environment still answers; the settings are read again next time.
                tracing::warn!(error = %e, "could not read the channel settings");
                (SmtpSettings::default(), false, false)
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
        let pick = |env: bool, settings: bool| {
            Channel::from(if env {
                Source::Environment
            } else if settings {
                Source::Settings
            } else {
                Source::None
            })
        };
        Reading {
            at: Instant::now(),
            modes: ServiceModes {
                email: Channel::from(email),
                sms: pick(self.config.sms, sms),
                payments: pick(self.config.payments, payments),
            },
            smtp: settings,
            mailer,
        }
    }

    async fn read_settings(&self) -> Result<(SmtpSettings, bool, bool), String> {
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
            row.get::<_, Option<bool>>(6).unwrap_or(false),
            row.get::<_, Option<bool>>(7).unwrap_or(false),
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
