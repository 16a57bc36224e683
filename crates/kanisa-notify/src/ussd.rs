//! Africa's Talking's USSD wire (`../shared/reference/ussd-otp-realtime.md`): the form fields of
//! a session's step and of its end-of-session notification, and the reply's shape — plain text
//! starting with `CON ` (show, wait for an answer) or `END ` (show, close).

/// One step of a session, as the gateway posts it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UssdStep {
    pub session_id: String,
    /// As the gateway sends it (`+2547…`).
    pub phone: String,
    pub service_code: Option<String>,
    pub network_code: Option<String>,
    /// Every answer so far joined with `*`; empty on the first step.
    pub text: String,
}

/// How a session ended, from the gateway's notification.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UssdEnd {
    pub session_id: String,
    pub phone: String,
    pub status: Option<String>,
    pub duration_ms: Option<i64>,
    pub error: Option<String>,
}

fn field<'a>(form: &'a [(String, String)], name: &str) -> Option<&'a str> {
    form.iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

fn kept(value: Option<&str>, max: usize) -> Option<String> {
    value
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(|v| v.chars().take(max).collect())
}

/// A session id the gateway could have sent: 1 to 200 characters.
fn session_id(form: &[(String, String)]) -> Option<String> {
    let id = field(form, "sessionId")?.trim();
    (!id.is_empty() && id.len() <= 200).then(|| id.to_owned())
}

impl UssdStep {
    /// The step in `form`; None without a session id or a phone number (not the gateway's).
    pub fn from_form(form: &[(String, String)]) -> Option<UssdStep> {
        let phone = field(form, "phoneNumber")?.trim();
        if phone.is_empty() || phone.len() > 40 {
            return None;
        }
        Some(UssdStep {
            session_id: session_id(form)?,
            phone: phone.to_owned(),
            service_code: kept(field(form, "serviceCode"), 40),
            network_code: kept(field(form, "networkCode"), 20),
            text: field(form, "text").unwrap_or("").to_owned(),
        })
    }
}

impl UssdEnd {
    /// The notification in `form`; None without a session id.
    pub fn from_form(form: &[(String, String)]) -> Option<UssdEnd> {
        Some(UssdEnd {
            session_id: session_id(form)?,
            phone: field(form, "phoneNumber")
                .unwrap_or("")
                .trim()
                .chars()
                .take(40)
                .collect(),
            status: kept(field(form, "status"), 100),
            duration_ms: field(form, "durationInMillis").and_then(|d| d.trim().parse().ok()),
            error: kept(field(form, "errorMessage"), 500),
        })
    }
}

/// The reply's body: `CON text` (the gateway waits for an answer) or `END text` (it closes).
pub fn ussd_reply(end: bool, text: &str) -> String {
    format!("{}{text}", if end { "END " } else { "CON " })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    #[test]
    fn a_step_and_an_end_are_read_from_the_gateways_fields() {
        let step = UssdStep::from_form(&form(&[
            ("sessionId", "ATUid_1"),
            ("serviceCode", "*384*1#"),
            ("phoneNumber", "+254712345678"),
            ("networkCode", "63902"),
            ("text", "1*2"),
        ]))
        .unwrap();
        assert_eq!(
            (step.text.as_str(), step.network_code.as_deref()),
            ("1*2", Some("63902"))
        );
        assert_eq!(UssdStep::from_form(&form(&[("text", "")])), None);
        assert_eq!(
            UssdStep::from_form(&form(&[("sessionId", "x"), ("phoneNumber", " ")])),
            None
        );
        let end = UssdEnd::from_form(&form(&[
            ("sessionId", "ATUid_1"),
            ("status", "Failed"),
            ("durationInMillis", "4500"),
            ("errorMessage", "Timeout"),
        ]))
        .unwrap();
        assert_eq!(
            (end.duration_ms, end.error.as_deref()),
            (Some(4500), Some("Timeout"))
        );
        assert_eq!(ussd_reply(false, "Hi"), "CON Hi");
        assert_eq!(ussd_reply(true, "Bye"), "END Bye");
    }
}
