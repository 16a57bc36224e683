//! E-mail over SMTP with `lettre`: `smtps://` is TLS from the first byte (port 465 by
//! default), `smtp://` requires STARTTLS (port 587 by default); `smtp://…?tls=none` sends in
//! plain text, for a relay on the same machine only.

use std::time::Duration;

use lettre::message::{Mailbox, MultiPart, SinglePart, header::ContentType};
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Tls, TlsParameters};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use url::Url;

use crate::{Delivery, Email, MailError, Mailer, SendFuture};

/// Sends through one SMTP server, keeping a few connections open for the next e-mails
/// (lettre's pool: a TLS handshake per e-mail would be most of a send's time).
pub struct SmtpMailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl std::fmt::Debug for SmtpMailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The transport holds the credentials: never printed.
        f.debug_struct("SmtpMailer")
            .field("from", &self.from.to_string())
            .finish_non_exhaustive()
    }
}

impl SmtpMailer {
    /// `url` as `KANISA_SMTP_URL` (`smtp[s]://user:password@host[:port]`), `from` as
    /// `KANISA_SMTP_FROM` (`Name <address>` or an address).
    pub fn new(url: &str, from: &str) -> Result<SmtpMailer, MailError> {
        // The URL holds a password: errors never repeat it.
        let bad = |why: &str| MailError::Config(format!("KANISA_SMTP_URL: {why}"));
        let url = Url::parse(url).map_err(|_| bad("expected smtp[s]://user:password@host:port"))?;
        let host = url
            .host_str()
            .ok_or_else(|| bad("no host"))?
            .trim_matches(['[', ']'])
            .to_owned();
        let tls_param = url
            .query_pairs()
            .find(|(k, _)| k == "tls")
            .map(|(_, v)| v.into_owned());
        let params = || TlsParameters::new(host.clone()).map_err(|e| bad(&format!("TLS: {e}")));
        let (tls, default_port) = match (url.scheme(), tls_param.as_deref()) {
            ("smtps", None) => (Tls::Wrapper(params()?), 465),
            ("smtp", None | Some("required")) => (Tls::Required(params()?), 587),
            ("smtp", Some("opportunistic")) => (Tls::Opportunistic(params()?), 587),
            ("smtp", Some("none")) => (Tls::None, 25),
            ("smtp" | "smtps", Some(_)) => {
                return Err(bad(
                    "tls= must be required, opportunistic or none (smtp:// only)",
                ));
            }
            _ => return Err(bad("the scheme must be smtp or smtps")),
        };
        let mut builder = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host.clone())
            .port(url.port().unwrap_or(default_port))
            .tls(tls)
            .timeout(Some(Duration::from_secs(30)));
        if !url.username().is_empty() {
            let decode = |s: &str| {
                percent_decode(s).ok_or_else(|| bad("user name or password is not valid UTF-8"))
            };
            builder = builder.credentials(Credentials::new(
                decode(url.username())?,
                decode(url.password().unwrap_or(""))?,
            ));
        }
        let from = from
            .parse::<Mailbox>()
            .map_err(|e| MailError::Config(format!("KANISA_SMTP_FROM: {e}")))?;
        Ok(SmtpMailer {
            transport: builder.build(),
            from,
        })
    }

    fn message(&self, email: &Email) -> Result<Message, MailError> {
        let address = |s: &str| {
            s.parse::<Mailbox>()
                .map_err(|e| MailError::Permanent(format!("bad address {s:?}: {e}")))
        };
        if email.to.is_empty() {
            return Err(MailError::Permanent("no recipient".into()));
        }
        let mut builder = Message::builder()
            .from(self.from.clone())
            .subject(email.subject.clone())
            .message_id(email.message_id.as_ref().map(|id| format!("<{id}>")));
        for to in &email.to {
            builder = builder.to(address(to)?);
        }
        if let Some(reply_to) = &email.reply_to {
            builder = builder.reply_to(address(reply_to)?);
        }
        if let Some(original) = &email.in_reply_to {
            builder = builder
                .in_reply_to(format!("<{original}>"))
                .references(format!("<{original}>"));
        }
        let text = SinglePart::builder()
            .header(ContentType::TEXT_PLAIN)
            .body(email.text.clone());
        let built = match &email.html {
            None => builder.singlepart(text),
            Some(html) => builder.multipart(
                MultiPart::alternative().singlepart(text).singlepart(
                    SinglePart::builder()
                        .header(ContentType::TEXT_HTML)
                        .body(html.clone()),
                ),
            ),
        };
        built.map_err(|e| MailError::Permanent(format!("cannot build the e-mail: {e}")))
    }
}

impl Mailer for SmtpMailer {
    fn send<'a>(&'a self, email: &'a Email) -> SendFuture<'a> {
        Box::pin(async move {
            let message = self.message(email)?;
            match self.transport.send(message).await {
                Ok(reply) => Ok(Delivery::Sent {
                    reply: format!(
                        "{} {}",
                        reply.code(),
                        reply.message().collect::<Vec<_>>().join(" ")
                    ),
                }),
                // A 5xx reply: the server refused for good.
                Err(e) if e.is_permanent() => Err(MailError::Permanent(e.to_string())),
                // 4xx, connection trouble, timeouts, TLS handshakes: try again later.
                Err(e) => Err(MailError::Transient(e.to_string())),
            }
        })
    }
}

/// `%XX` sequences of a URL's user name or password, decoded.
fn percent_decode(s: &str) -> Option<String> {
    percent_encoding::percent_decode_str(s)
        .decode_utf8()
        .ok()
        .map(|s| s.into_owned())
}
