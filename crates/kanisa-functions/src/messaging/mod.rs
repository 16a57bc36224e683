//! Messaging: staff's messages to members by SMS and e-mail with their history
//! (`broadcast.rs`: the plan each recipient gets, the spend guard, the `send_broadcast_email`
//! job), the automatic event reminders and birthday wishes (`notifications.rs`), and the SMS
//! providers' delivery reports: `kanisa-notify` reads the form into a `DeliveryReport` and
//! words the reply, the shared `sms` module records it.
//!
//! Owns: [`Messaging`], the texts of a send and its jobs. Must not speak a provider's wire
//! (`kanisa-notify`) or decide who belongs to a group (`kanisa.audience`, in the database).

pub mod broadcast;
mod notifications;

use std::sync::Arc;
use std::time::Duration;

use kanisa_jobs::Registry;
use kanisa_notify::{DeliveryReport, Mailer};
use kanisa_pg::Pool;

use crate::capabilities::Mailing;
use crate::channels::Channels;
use crate::error::FunctionsError;
use crate::routes::{BodyKind, Route};
use crate::secrets::same_secret;

pub use broadcast::{SEND_BROADCAST_EMAIL, SendBroadcastEmail};
pub use notifications::{NOTIFICATION_SWEEP, NotificationSweep};

/// The messaging feature: sends to members, the SMS delivery reports, and their jobs.
pub struct Messaging {
    /// API connections: who may send is checked as the caller.
    pub(crate) api: Pool,
    /// Owner connections: the audience, the queue, the delivery rows.
    pub(crate) service: Pool,
    pub(crate) channels: Arc<Channels>,
    /// `KANISA_SMS_REPORT_SECRET`, else made once and kept in the database.
    report_secret: Option<String>,
    kept_secret: tokio::sync::OnceCell<String>,
}

impl Messaging {
    pub fn new(api: Pool, service: Pool, channels: Arc<Channels>) -> Messaging {
        Messaging {
            api,
            service,
            channels,
            report_secret: None,
            kept_secret: tokio::sync::OnceCell::new(),
        }
    }

    /// Delivery reports are posted under `secret` (`KANISA_SMS_REPORT_SECRET`).
    pub fn with_report_secret(mut self, secret: Option<String>) -> Messaging {
        self.report_secret = secret.filter(|s| !s.is_empty());
        self
    }

    /// The secret path segment of `/functions/v1/sms/delivery-report/{secret}`: the SMS
    /// providers' own, apart from the payment providers' (a leaked one opens only its door).
    pub async fn report_secret(&self) -> Result<String, FunctionsError> {
        if let Some(s) = &self.report_secret {
            return Ok(s.clone());
        }
        self.kept_secret
            .get_or_try_init(|| crate::secrets::kept_secret(&self.service, "sms_report_secret"))
            .await
            .cloned()
    }

    /// `POST /functions/v1/sms/delivery-report/{secret}`: whether the report (its provider's
    /// form, read by `kanisa-notify`) matched a sent message. A wrong secret is a 404, as for
    /// any path that is not there.
    pub async fn delivery_report(
        &self,
        secret: &str,
        form: &[(String, String)],
    ) -> Result<bool, FunctionsError> {
        if !same_secret(secret, &self.report_secret().await?) {
            tracing::warn!("an SMS delivery report with a wrong secret was refused");
            return Err(FunctionsError::NotFound("Not found".into()));
        }
        let report =
            DeliveryReport::read(form).map_err(|e| FunctionsError::BadBody(e.to_string()))?;
        let client = self.service.get().await?;
        crate::sms::record_report(&**client, &report).await
    }

    /// The feature's endpoints: staff's send to members, and the SMS providers' delivery
    /// reports (under their own secret).
    pub fn routes(self: &Arc<Self>) -> Vec<Route> {
        vec![
            Route::to("POST", "send-broadcast", BodyKind::Json, self, |m, r| {
                Box::pin(async move { m.send_broadcast(r.caller()?, &r.body).await })
            }),
            Route::to(
                "POST",
                "sms/delivery-report/{secret}",
                BodyKind::Form,
                self,
                |m, r| {
                    Box::pin(async move {
                        let found = m.delivery_report(r.param(0), &r.form).await?;
                        Ok((200, DeliveryReport::reply(found)))
                    })
                },
            ),
        ]
    }

    /// Registers the feature's jobs: a send's e-mails, and the look for due reminders and
    /// birthday wishes every `notify_every` (periodic).
    pub fn jobs(
        &self,
        registry: Registry,
        mailer: Arc<dyn Mailer>,
        notify_every: Duration,
    ) -> Registry {
        registry
            .job::<SendBroadcastEmail>(Mailing {
                mailer,
                service: self.service.clone(),
            })
            .job::<NotificationSweep>(self.service.clone())
            .every::<NotificationSweep>(notify_every)
    }
}
