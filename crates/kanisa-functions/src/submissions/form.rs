//! The public forms as they arrive (the spec's camelCase request fields), their validation
//! with a message per field, and what they become: a `messages` row or a `prayer_requests`
//! row (public-site §3, §5, §7, §9). Plain functions, no database.

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

/// Longest subject, name, e-mail, phone and message accepted (the columns are `text`: these
/// bound what one visitor can make staff read and the server mail).
const MAX_SUBJECT: usize = 200;
const MAX_NAME: usize = 120;
const MAX_EMAIL: usize = 254;
const MAX_PHONE: usize = 32;
const MAX_MESSAGE: usize = 10_000;
const MAX_FIELD: usize = 500;
/// Attachments per submission.
pub const MAX_ATTACHMENTS: usize = 10;

/// The request categories of the submission page, in its order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Category {
    Prayer,
    Visitation,
    Reports,
    Counseling,
    Events,
    Maintenance,
    General,
}

impl Category {
    pub fn parse(s: &str) -> Option<Category> {
        Some(match s {
            "prayer" => Category::Prayer,
            "visitation" => Category::Visitation,
            "reports" => Category::Reports,
            "counseling" => Category::Counseling,
            "events" => Category::Events,
            "maintenance" => Category::Maintenance,
            "general" => Category::General,
            _ => return None,
        })
    }

    /// The stored `submission_type` (the category's title).
    pub fn title(self) -> &'static str {
        match self {
            Category::Prayer => "Prayer Request",
            Category::Visitation => "Visitation Request",
            Category::Reports => "Department Report",
            Category::Counseling => "Counseling Request",
            Category::Events => "Event Proposal",
            Category::Maintenance => "Maintenance Request",
            Category::General => "General Request",
        }
    }

    /// Who receives it (public-site §9 "Request routing"): recipient name and role.
    pub fn recipient(self) -> (&'static str, &'static str) {
        match self {
            Category::Prayer => ("Prayer Ministry Team", "Prayer Coordinator"),
            Category::Visitation => ("Pastoral Care Team", "Pastoral Care"),
            Category::Reports => ("Church Secretary", "Secretary"),
            Category::Counseling => ("Pastor", "Senior Pastor"),
            Category::Events => ("Events Committee", "Events Coordinator"),
            Category::Maintenance => ("Facilities Team", "Facilities Manager"),
            Category::General => ("Church Leadership", "Administrative Team"),
        }
    }
}

/// The dropdown options of public-site §3: (value, label).
pub mod options {
    pub const PRAYER_TYPE: &[(&str, &str)] = &[
        ("health", "Health & Healing"),
        ("family", "Family & Relationships"),
        ("financial", "Financial Needs"),
        ("spiritual", "Spiritual Growth"),
        ("thanksgiving", "Thanksgiving & Praise"),
        ("church", "Church & Ministry"),
        ("community", "Community & World"),
        ("other", "Other"),
    ];
    pub const PRAYER_PRIVACY: &[(&str, &str)] = &[
        ("private", "Private (pastor and prayer team only)"),
        ("public", "Public (may be shared with the congregation)"),
        ("leadership", "Leadership only"),
        ("leadership_only", "Leadership only"),
    ];
    pub const VISITATION_TYPE: &[(&str, &str)] = &[
        ("hospital", "Hospital Visit"),
        ("home", "Home Visit"),
        ("newmember", "New Member Visit"),
        ("bereavement", "Bereavement Support"),
        ("elderly", "Elderly Care Visit"),
        ("sick", "Sick Visit"),
        ("encouragement", "Encouragement Visit"),
        ("other", "Other"),
    ];
    pub const VISIT_TIME: &[(&str, &str)] = &[
        ("any", "Any time"),
        ("morning", "Morning (8AM-12PM)"),
        ("afternoon", "Afternoon (12PM-5PM)"),
        ("evening", "Evening (5PM-8PM)"),
    ];
    pub const DEPARTMENT: &[(&str, &str)] = &[
        ("youth", "Youth Ministry"),
        ("womens", "Women's Ministry"),
        ("mens", "Men's Ministry"),
        ("children", "Children's Ministry"),
        ("music", "Music Ministry"),
        ("evangelism", "Evangelism"),
        ("stewardship", "Stewardship"),
        ("health", "Health Ministry"),
        ("education", "Education"),
        ("deacons", "Deacons"),
        ("deaconesses", "Deaconesses"),
        ("other", "Other"),
    ];
    pub const REPORT_TYPE: &[(&str, &str)] = &[
        ("monthly", "Monthly Report"),
        ("quarterly", "Quarterly Report"),
        ("annual", "Annual Report"),
        ("event", "Event Report"),
        ("financial", "Financial Report"),
        ("attendance", "Attendance Report"),
        ("project", "Project Report"),
        ("other", "Other"),
    ];
    pub const COUNSELING_TYPE: &[(&str, &str)] = &[
        ("marriage", "Marriage Counseling"),
        ("family", "Family Counseling"),
        ("youth", "Youth Counseling"),
        ("spiritual", "Spiritual Guidance"),
        ("grief", "Grief Counseling"),
        ("addiction", "Addiction Support"),
        ("financial", "Financial Counseling"),
        ("career", "Career Guidance"),
        ("other", "Other"),
    ];
    pub const COUNSELOR: &[(&str, &str)] = &[
        ("none", "No preference"),
        ("senior-pastor", "Senior Pastor"),
        ("associate-pastor", "Associate Pastor"),
        ("elder", "Church Elder"),
        ("female-counselor", "Female Counselor"),
        ("male-counselor", "Male Counselor"),
    ];
    pub const COUNSELING_URGENCY: &[(&str, &str)] = &[
        ("normal", "Normal (within a week)"),
        ("soon", "Soon (2-3 days)"),
        ("urgent", "Urgent (ASAP)"),
        ("emergency", "Emergency (same day)"),
    ];
    pub const MAINTENANCE_LOCATION: &[(&str, &str)] = &[
        ("sanctuary", "Sanctuary"),
        ("fellowship-hall", "Fellowship Hall"),
        ("kitchen", "Kitchen"),
        ("bathrooms", "Bathrooms"),
        ("classrooms", "Classrooms"),
        ("office", "Office"),
        ("parking", "Parking"),
        ("exterior", "Exterior"),
        ("grounds", "Grounds"),
        ("equipment", "Equipment"),
        ("other", "Other"),
    ];
    pub const PRIORITY: &[(&str, &str)] = &[
        ("low", "Low"),
        ("normal", "Normal"),
        ("high", "High"),
        ("urgent", "Urgent"),
    ];
    pub const CONTACT_METHOD: &[(&str, &str)] =
        &[("email", "Email"), ("phone", "Phone"), ("both", "Both")];
}

/// A file uploaded before the form was sent: its object name in `church-files` (as the upload
/// answered, with or without the bucket) and the visitor's file name.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
pub struct AttachmentRef {
    #[serde(default)]
    pub path: Option<Text>,
    #[serde(default)]
    pub name: Option<Text>,
}

/// The request form (`POST /functions/v1/submit-request`), as the page sends it. Unknown
/// fields are ignored; numbers are accepted where text is expected.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct RequestForm {
    pub category: Option<Text>,
    #[serde(deserialize_with = "flag")]
    pub anonymous: bool,
    pub name: Option<Text>,
    pub email: Option<Text>,
    pub phone: Option<Text>,
    pub subject: Option<Text>,
    pub message: Option<Text>,
    pub urgency: Option<Text>,
    pub preferred_contact_method: Option<Text>,
    pub request_type: Option<Text>,
    pub department: Option<Text>,
    pub prayer_type: Option<Text>,
    pub prayer_privacy: Option<Text>,
    pub visitation_type: Option<Text>,
    pub visitation_address: Option<Text>,
    pub visitation_date: Option<Text>,
    pub visitation_time: Option<Text>,
    pub report_type: Option<Text>,
    pub report_period: Option<Text>,
    pub counseling_type: Option<Text>,
    pub counseling_urgency: Option<Text>,
    pub preferred_counselor: Option<Text>,
    pub event_title: Option<Text>,
    pub event_date: Option<Text>,
    pub event_time: Option<Text>,
    pub event_location: Option<Text>,
    pub event_budget: Option<Text>,
    pub event_attendees: Option<Text>,
    pub maintenance_location: Option<Text>,
    pub maintenance_priority: Option<Text>,
    pub attachments: Vec<AttachmentRef>,
    /// The honeypot: a field people never see; bots fill it.
    pub website: Option<Text>,
}

/// A contact form (`POST /functions/v1/contact-message`): the contact-a-leader modal, the
/// departments' Send Message and the Contact page.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ContactForm {
    pub name: Option<Text>,
    pub email: Option<Text>,
    pub phone: Option<Text>,
    pub subject: Option<Text>,
    pub message: Option<Text>,
    pub recipient_name: Option<Text>,
    pub recipient_role: Option<Text>,
    pub department: Option<Text>,
    pub website: Option<Text>,
}

/// A `messages` row to insert (recipient_email is resolved by the database, migration 0014).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NewMessage {
    pub subject: String,
    pub message: String,
    pub sender_name: String,
    pub sender_email: Option<String>,
    pub sender_phone: Option<String>,
    pub recipient_name: String,
    pub recipient_role: String,
    pub department: Option<String>,
    pub submission_type: String,
    pub priority: &'static str,
    /// Filled from the uploaded objects once they are checked.
    pub attachments: Vec<Value>,
}

/// A `prayer_requests` row to insert (public-site §7 "Prayer request").
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NewPrayerRequest {
    pub title: String,
    pub description: String,
    pub urgency: &'static str,
    pub privacy_level: &'static str,
    pub submitter_name: Option<String>,
    pub submitter_email: Option<String>,
    pub submitter_phone: Option<String>,
}

/// What a valid form becomes.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Submission {
    Message(NewMessage),
    PrayerRequest(NewPrayerRequest),
}

pub use crate::error::FieldErrors;
pub(crate) use crate::text::thousands;

/// Why a form was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The honeypot was filled.
    Bot,
    /// Field by field.
    Invalid(FieldErrors),
}

/// The visitor's typed text, trimmed; `None` when empty.
fn clean(value: &Option<Text>) -> Option<String> {
    value
        .as_ref()
        .map(|t| t.0.trim())
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
}

/// The fields that keep their line breaks; every other field is one line (a name or subject
/// with a line break in it would end up in an e-mail header).
const MULTILINE: [&str; 1] = ["message"];

/// `text` on one line: control characters (CR, LF, tab, …) and Unicode line and paragraph
/// separators become spaces, and each run of white space one space.
pub fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() || c == '\u{2028}' || c == '\u{2029}' {
                ' '
            } else {
                c
            }
        })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// `text` with its lines kept: CR LF and a lone CR become LF, other control characters but the
/// tab are dropped.
pub fn multi_line(text: &str) -> String {
    text.replace("\r\n", "\n")
        .replace('\r', "\n")
        .chars()
        .filter(|c| !c.is_control() || *c == '\n' || *c == '\t')
        .collect::<String>()
        .trim()
        .to_owned()
}

/// Collects field errors while a form is read.
struct Check {
    errors: FieldErrors,
}

impl Check {
    fn new() -> Check {
        Check {
            errors: FieldErrors::new(),
        }
    }

    fn fail(&mut self, field: &'static str, message: impl Into<String>) {
        self.errors.entry(field).or_insert_with(|| message.into());
    }

    /// Optional text up to `max` characters: one line, except the message itself.
    fn text(&mut self, field: &'static str, value: &Option<Text>, max: usize) -> Option<String> {
        let v = clean(value)?;
        let v = if MULTILINE.contains(&field) {
            multi_line(&v)
        } else {
            one_line(&v)
        };
        if v.is_empty() {
            return None;
        }
        if v.chars().count() > max {
            self.fail(field, format!("Please keep this under {max} characters"));
            return None;
        }
        Some(v)
    }

    /// Required text: `missing` is the message when it is empty.
    fn required(
        &mut self,
        field: &'static str,
        value: &Option<Text>,
        max: usize,
        missing: &str,
    ) -> Option<String> {
        let v = self.text(field, value, max);
        if v.is_none() && !self.errors.contains_key(field) {
            self.fail(field, missing);
        }
        v
    }

    /// A value from an option list; `missing` makes it required.
    fn option(
        &mut self,
        field: &'static str,
        value: &Option<Text>,
        list: &'static [(&'static str, &'static str)],
        missing: Option<&str>,
    ) -> Option<(&'static str, &'static str)> {
        let Some(v) = clean(value) else {
            if let Some(m) = missing {
                self.fail(field, m);
            }
            return None;
        };
        let found = list.iter().copied().find(|(key, _)| *key == v);
        if found.is_none() {
            self.fail(field, "Please choose one of the listed options");
        }
        found
    }

    fn email(&mut self, value: &Option<Text>, required: bool) -> Option<String> {
        let v = if required {
            self.required("email", value, MAX_EMAIL, "Please enter your email address")
        } else {
            self.text("email", value, MAX_EMAIL)
        }?;
        if is_email(&v) {
            Some(v)
        } else {
            self.fail("email", "Please enter a valid email address");
            None
        }
    }

    fn phone(&mut self, value: &Option<Text>) -> Option<String> {
        let v = self.text("phone", value, MAX_PHONE)?;
        let digits = v.chars().filter(char::is_ascii_digit).count();
        let allowed = v
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '+' | ' ' | '-' | '(' | ')' | '.'));
        if let Some(mobile) = kanisa_phone::msisdn(&v) {
            // A Kenyan mobile is stored in one form (+254…), whatever way it was typed.
            Some(mobile.e164())
        } else if allowed && (7..=15).contains(&digits) {
            Some(v)
        } else {
            self.fail(
                "phone",
                "Please enter a valid phone number (e.g., 0712 345 678)",
            );
            None
        }
    }

    fn date(
        &mut self,
        field: &'static str,
        value: &Option<Text>,
        missing: Option<&str>,
    ) -> Option<String> {
        let Some(v) = clean(value) else {
            if let Some(m) = missing {
                self.fail(field, m);
            }
            return None;
        };
        if chrono::NaiveDate::parse_from_str(&v, "%Y-%m-%d").is_ok() {
            Some(v)
        } else {
            self.fail(field, "Please enter a valid date");
            None
        }
    }

    fn time(&mut self, field: &'static str, value: &Option<Text>, missing: &str) -> Option<String> {
        let Some(v) = clean(value) else {
            self.fail(field, missing);
            return None;
        };
        let ok = chrono::NaiveTime::parse_from_str(&v, "%H:%M").is_ok()
            || chrono::NaiveTime::parse_from_str(&v, "%H:%M:%S").is_ok();
        if ok {
            Some(v)
        } else {
            self.fail(field, "Please enter a valid time");
            None
        }
    }

    /// A whole number from 0 to `max`, optional.
    fn count(&mut self, field: &'static str, value: &Option<Text>, max: u64) -> Option<u64> {
        let v = clean(value)?;
        let digits: String = v.chars().filter(|c| *c != ',' && *c != ' ').collect();
        let parsed = digits
            .strip_suffix(".00")
            .or(digits.strip_suffix(".0"))
            .unwrap_or(&digits)
            .parse::<u64>()
            .ok()
            .filter(|n| *n <= max);
        if parsed.is_none() {
            self.fail(field, "Please enter a whole number");
        }
        parsed
    }

    /// The subject and message every form requires.
    fn subject_and_message(
        &mut self,
        subject: &Option<Text>,
        message: &Option<Text>,
    ) -> (Option<String>, Option<String>) {
        (
            self.required("subject", subject, MAX_SUBJECT, "Please enter a subject"),
            self.required("message", message, MAX_MESSAGE, "Please enter your message"),
        )
    }

    fn finish<T>(self, value: T) -> Result<T, Refusal> {
        if self.errors.is_empty() {
            Ok(value)
        } else {
            Err(Refusal::Invalid(self.errors))
        }
    }
}

/// An e-mail address as the `messages_sender_email_check` constraint and an SMTP server both
/// accept it: one `@`, a dotted domain, no spaces or angle brackets.
pub fn is_email(s: &str) -> bool {
    let Some((local, domain)) = s.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !domain.contains('@')
        && !s.chars().any(|c| c.is_whitespace() || "<>\",;".contains(c))
}

fn honeypot(website: &Option<Text>) -> Result<(), Refusal> {
    if clean(website).is_some() {
        Err(Refusal::Bot)
    } else {
        Ok(())
    }
}

/// The message priority rule (public-site §5).
pub fn priority(
    counseling_urgency: Option<&str>,
    maintenance_priority: Option<&str>,
) -> &'static str {
    if counseling_urgency == Some("emergency") || maintenance_priority == Some("urgent") {
        "urgent"
    } else if maintenance_priority == Some("high") {
        "high"
    } else {
        "normal"
    }
}

/// Who sends a form: the public (an e-mail address is required to answer a named sender) or a
/// signed-in account (known by its id, which the stored row keeps: a member who signed in by
/// phone may have no e-mail address, so it is optional, and checked when given).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sender {
    Public,
    SignedIn,
}

impl Sender {
    fn email_required(self) -> bool {
        self == Sender::Public
    }
}

/// Reads the request form: its category, the fields it requires (§5) and what it becomes.
pub fn read_request(form: &RequestForm) -> Result<(Category, Submission), Refusal> {
    read_request_from(form, Sender::Public)
}

/// [`read_request`] for `sender`.
pub fn read_request_from(
    form: &RequestForm,
    sender: Sender,
) -> Result<(Category, Submission), Refusal> {
    honeypot(&form.website)?;
    let mut c = Check::new();
    let category = match clean(&form.category) {
        Some(k) => Category::parse(&k).or_else(|| {
            c.fail("category", "Please choose one of the request categories");
            None
        }),
        None => {
            c.fail("category", "Please choose a request category");
            None
        }
    };
    let named = !form.anonymous;
    let name = if named {
        c.required("name", &form.name, MAX_NAME, "Please enter your full name")
    } else {
        None
    };
    let email = if named {
        c.email(&form.email, sender.email_required())
    } else {
        None
    };
    let phone = if named { c.phone(&form.phone) } else { None };
    let (subject, message) = c.subject_and_message(&form.subject, &form.message);
    let urgency = c
        .option("urgency", &form.urgency, options::PRIORITY, None)
        .map_or("normal", |o| o.0);
    let contact = c.option(
        "preferredContactMethod",
        &form.preferred_contact_method,
        options::CONTACT_METHOD,
        None,
    );
    let request_type = c.text("requestType", &form.request_type, MAX_FIELD);
    if form.attachments.len() > MAX_ATTACHMENTS {
        c.fail(
            "attachments",
            format!("Please attach at most {MAX_ATTACHMENTS} files"),
        );
    }
    let Some(category) = category else {
        return Err(Refusal::Invalid(c.errors));
    };

    // The category's own fields, as detail lines under its marker (back-office §3).
    let mut details: Vec<(&str, String)> = Vec::new();
    let mut department = None;
    let mut counseling_urgency = None;
    let mut maintenance_priority = None;
    let marker = match category {
        Category::Prayer => {
            let kind = c.option(
                "prayerType",
                &form.prayer_type,
                options::PRAYER_TYPE,
                Some("Please choose a prayer type"),
            );
            let privacy = c
                .option(
                    "prayerPrivacy",
                    &form.prayer_privacy,
                    options::PRAYER_PRIVACY,
                    None,
                )
                .map_or("private", |o| match o.0 {
                    "leadership" | "leadership_only" => "leadership_only",
                    other => other,
                });
            let (Some(subject), Some(message)) = (subject, message) else {
                return Err(Refusal::Invalid(c.errors));
            };
            let title = if subject.is_empty() {
                format!("Prayer Request - {}", kind.map_or("General", |k| k.1))
            } else {
                subject
            };
            return c.finish((
                category,
                Submission::PrayerRequest(NewPrayerRequest {
                    title,
                    description: message,
                    urgency,
                    privacy_level: privacy,
                    submitter_name: name,
                    submitter_email: email,
                    submitter_phone: phone,
                }),
            ));
        }
        Category::Visitation => {
            let kind = c.option(
                "visitationType",
                &form.visitation_type,
                options::VISITATION_TYPE,
                Some("Please choose the type of visit"),
            );
            let address = c.required(
                "visitationAddress",
                &form.visitation_address,
                MAX_FIELD,
                "Please enter the address for the visit",
            );
            let date = c.date("visitationDate", &form.visitation_date, None);
            let time = c.option(
                "visitationTime",
                &form.visitation_time,
                options::VISIT_TIME,
                None,
            );
            details.extend(kind.map(|k| ("Type", k.1.to_owned())));
            details.extend(address.map(|a| ("Address", a)));
            details.push(("Preferred Date", date.unwrap_or_else(|| "Flexible".into())));
            details.extend(time.map(|t| ("Preferred Time", t.1.to_owned())));
            Some("--- VISITATION DETAILS ---")
        }
        Category::Reports => {
            let dept = c.option(
                "department",
                &form.department,
                options::DEPARTMENT,
                Some("Please choose your department"),
            );
            let kind = c.option(
                "reportType",
                &form.report_type,
                options::REPORT_TYPE,
                Some("Please choose the report type"),
            );
            let period = c.required(
                "reportPeriod",
                &form.report_period,
                MAX_FIELD,
                "Please enter the period the report covers",
            );
            department = dept.map(|d| d.0.to_owned());
            details.extend(dept.map(|d| ("Department", d.1.to_owned())));
            details.extend(kind.map(|k| ("Report Type", k.1.to_owned())));
            details.extend(period.map(|p| ("Report Period", p)));
            Some("--- REPORT DETAILS ---")
        }
        Category::Counseling => {
            let kind = c.option(
                "counselingType",
                &form.counseling_type,
                options::COUNSELING_TYPE,
                Some("Please choose the type of counseling"),
            );
            let urgent = c.option(
                "counselingUrgency",
                &form.counseling_urgency,
                options::COUNSELING_URGENCY,
                None,
            );
            let counselor = c.option(
                "preferredCounselor",
                &form.preferred_counselor,
                options::COUNSELOR,
                None,
            );
            counseling_urgency = Some(urgent.map_or("normal", |u| u.0));
            details.extend(kind.map(|k| ("Type", k.1.to_owned())));
            details.push((
                "Urgency",
                urgent.map_or("Normal (within a week)", |u| u.1).to_owned(),
            ));
            details.extend(counselor.map(|p| ("Preferred Counselor", p.1.to_owned())));
            Some("--- COUNSELING DETAILS ---")
        }
        Category::Events => {
            let title = c.required(
                "eventTitle",
                &form.event_title,
                MAX_FIELD,
                "Please enter the event title",
            );
            let date = c.date(
                "eventDate",
                &form.event_date,
                Some("Please choose the event date"),
            );
            let time = c.time("eventTime", &form.event_time, "Please enter the event time");
            let location = c.required(
                "eventLocation",
                &form.event_location,
                MAX_FIELD,
                "Please enter where the event will be held",
            );
            let budget = c.count("eventBudget", &form.event_budget, 1_000_000_000);
            let attendees = c.count("eventAttendees", &form.event_attendees, 1_000_000);
            details.extend(title.map(|t| ("Event Title", t)));
            details.extend(date.map(|d| ("Proposed Date", d)));
            details.extend(time.map(|t| ("Time", t)));
            details.extend(location.map(|l| ("Location", l)));
            details.push((
                "Estimated Budget",
                budget.map_or("Not stated".into(), |b| format!("KES {}", thousands(b))),
            ));
            details.extend(attendees.map(|a| ("Expected Attendees", a.to_string())));
            Some("--- EVENT DETAILS ---")
        }
        Category::Maintenance => {
            let location = c.option(
                "maintenanceLocation",
                &form.maintenance_location,
                options::MAINTENANCE_LOCATION,
                Some("Please choose where the problem is"),
            );
            let prio = c.option(
                "maintenancePriority",
                &form.maintenance_priority,
                options::PRIORITY,
                None,
            );
            maintenance_priority = Some(prio.map_or("normal", |p| p.0));
            details.extend(location.map(|l| ("Location", l.1.to_owned())));
            details.push(("Priority", prio.map_or("Normal", |p| p.1).to_owned()));
            Some("--- MAINTENANCE DETAILS ---")
        }
        Category::General => {
            let dept = c.option("department", &form.department, options::DEPARTMENT, None);
            department = dept.map(|d| d.0.to_owned());
            details.extend(request_type.map(|t| ("Request Type", t)));
            details.extend(dept.map(|d| ("Department", d.1.to_owned())));
            if urgency != "normal" {
                details.push(("Urgency", capitalised(urgency)));
            }
            (!details.is_empty()).then_some("--- REQUEST DETAILS ---")
        }
    };
    if let Some((_, label)) = contact.filter(|_| named) {
        details.push(("Preferred Contact", label.to_owned()));
    }
    let (Some(subject), Some(mut message)) = (subject, message) else {
        return Err(Refusal::Invalid(c.errors));
    };
    if let Some(marker) = marker {
        message.push_str("\n\n");
        message.push_str(marker);
        for (label, value) in &details {
            message.push_str(&format!("\n{label}: {value}"));
        }
    }
    let (recipient_name, recipient_role) = category.recipient();
    c.finish((
        category,
        Submission::Message(NewMessage {
            subject,
            message,
            sender_name: name.unwrap_or_else(|| "Anonymous".into()),
            sender_email: email,
            sender_phone: phone,
            recipient_name: recipient_name.into(),
            recipient_role: recipient_role.into(),
            department,
            submission_type: category.title().into(),
            priority: priority(counseling_urgency, maintenance_priority),
            attachments: Vec::new(),
        }),
    ))
}

/// Reads a contact form. Without a recipient (the Contact page) it goes to the church office,
/// routed as a general request.
pub fn read_contact(form: &ContactForm) -> Result<Submission, Refusal> {
    read_contact_from(form, Sender::Public)
}

/// [`read_contact`] for `sender`.
pub fn read_contact_from(form: &ContactForm, sender: Sender) -> Result<Submission, Refusal> {
    honeypot(&form.website)?;
    let mut c = Check::new();
    let name = c.required("name", &form.name, MAX_NAME, "Please enter your name");
    let email = c.email(&form.email, sender.email_required());
    let phone = c.phone(&form.phone);
    let (subject, message) = c.subject_and_message(&form.subject, &form.message);
    let recipient_name = c.text("recipientName", &form.recipient_name, MAX_NAME);
    let recipient_role = c.text("recipientRole", &form.recipient_role, MAX_NAME);
    let department = c.text("department", &form.department, MAX_NAME);
    let (Some(name), Some(subject), Some(message)) = (name, subject, message) else {
        return Err(Refusal::Invalid(c.errors));
    };
    let (default_name, default_role) = Category::General.recipient();
    let submission_type = if recipient_name.is_some() {
        "Contact Message"
    } else {
        "Contact Form"
    };
    c.finish(Submission::Message(NewMessage {
        subject,
        message,
        sender_name: name,
        sender_email: email,
        sender_phone: phone,
        recipient_role: recipient_role
            .or_else(|| recipient_name.is_none().then(|| default_role.to_owned()))
            .unwrap_or_default(),
        recipient_name: recipient_name.unwrap_or_else(|| default_name.to_owned()),
        department,
        submission_type: submission_type.into(),
        priority: "normal",
        attachments: Vec::new(),
    }))
}

fn capitalised(s: &str) -> String {
    let mut chars = s.chars();
    chars
        .next()
        .map(|f| f.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// What a visitor typed in a text field. Forgiving: strings, numbers (a number input may send
/// 5000) and booleans are taken as text; null and absent are `None` (as `Option<Text>`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Text(pub String);

impl From<&str> for Text {
    fn from(s: &str) -> Text {
        Text(s.to_owned())
    }
}

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Text, D::Error> {
        match Value::deserialize(d)? {
            Value::String(s) => Ok(Text(s)),
            Value::Number(n) => Ok(Text(n.to_string())),
            Value::Bool(b) => Ok(Text(b.to_string())),
            Value::Null => Ok(Text(String::new())),
            Value::Array(_) => Err(serde::de::Error::custom("expected text, found a list")),
            Value::Object(_) => Err(serde::de::Error::custom("expected text, found an object")),
        }
    }
}

/// `true`, `"true"`, `"on"`, 1 are true.
fn flag<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::Bool(b) => b,
        Value::String(s) => matches!(s.trim(), "true" | "on" | "1" | "yes"),
        Value::Number(n) => n.as_i64() == Some(1),
        _ => false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_fields_lose_their_line_breaks_and_the_message_keeps_them() {
        assert_eq!(
            one_line("Visit\r\nBcc: everyone@example.org\u{2028}now\t!"),
            "Visit Bcc: everyone@example.org now !"
        );
        assert_eq!(
            multi_line(" Line one\r\nLine two\rthree\u{0007}\n"),
            "Line one\nLine two\nthree"
        );
        let mut f = form("general");
        f.subject = Some("Hello\r\nBcc: a@b.c".into());
        f.name = Some("Jane\nDoe".into());
        f.message = Some("First line\r\nSecond line".into());
        let Ok((_, Submission::Message(m))) = read_request(&f) else {
            panic!("expected a message");
        };
        assert_eq!(m.subject, "Hello Bcc: a@b.c");
        assert_eq!(m.sender_name, "Jane Doe");
        assert!(
            m.message.starts_with("First line\nSecond line"),
            "{}",
            m.message
        );
    }
    use serde_json::json;

    fn form(category: &str) -> RequestForm {
        RequestForm {
            category: Some(category.into()),
            name: Some("Grace Wanjiru".into()),
            email: Some("grace@example.org".into()),
            subject: Some("A request".into()),
            message: Some("Please help".into()),
            ..RequestForm::default()
        }
    }

    fn fields(r: Result<(Category, Submission), Refusal>) -> Vec<&'static str> {
        match r {
            Err(Refusal::Invalid(e)) => e.keys().copied().collect(),
            other => panic!("expected field errors, got {other:?}"),
        }
    }

    fn message(r: Result<(Category, Submission), Refusal>) -> NewMessage {
        match r {
            Ok((_, Submission::Message(m))) => m,
            other => panic!("expected a message, got {other:?}"),
        }
    }

    #[test]
    fn each_category_names_its_required_fields() {
        let cases: [(&str, &[&str]); 7] = [
            ("prayer", &["prayerType"]),
            ("visitation", &["visitationAddress", "visitationType"]),
            ("reports", &["department", "reportPeriod", "reportType"]),
            ("counseling", &["counselingType"]),
            (
                "events",
                &["eventDate", "eventLocation", "eventTime", "eventTitle"],
            ),
            ("maintenance", &["maintenanceLocation"]),
            ("general", &[]),
        ];
        for (category, required) in cases {
            let result = read_request(&form(category));
            if required.is_empty() {
                assert!(result.is_ok(), "{category}: {result:?}");
            } else {
                assert_eq!(fields(result), required.to_vec(), "{category}");
            }
        }
    }

    #[test]
    fn a_signed_in_sender_may_leave_the_email_out_but_not_give_a_bad_one() {
        let mut f = form("prayer");
        f.prayer_type = Some("other".into());
        f.email = None;
        assert_eq!(fields(read_request(&f)), ["email"]);
        let Ok((_, Submission::PrayerRequest(p))) = read_request_from(&f, Sender::SignedIn) else {
            panic!("a signed-in member's request without an e-mail is accepted");
        };
        assert_eq!(p.submitter_email, None);
        f.email = Some("not-an-address".into());
        assert_eq!(fields(read_request_from(&f, Sender::SignedIn)), ["email"]);
        let mut c = ContactForm {
            name: Some("Achieng".into()),
            subject: Some("Hello".into()),
            message: Some("A word for the office".into()),
            ..ContactForm::default()
        };
        assert!(read_contact(&c).is_err());
        let Ok(Submission::Message(m)) = read_contact_from(&c, Sender::SignedIn) else {
            panic!("a signed-in member's message without an e-mail is accepted");
        };
        assert_eq!(m.sender_email, None);
        c.email = Some("a b@c.org".into());
        assert!(read_contact_from(&c, Sender::SignedIn).is_err());
    }

    #[test]
    fn name_and_email_are_required_unless_anonymous() {
        let mut f = form("general");
        f.name = None;
        f.email = Some("not-an-address".into());
        assert_eq!(fields(read_request(&f)), ["email", "name"]);
        f.anonymous = true;
        f.phone = Some("0712345678".into());
        let m = message(read_request(&f));
        assert_eq!(m.sender_name, "Anonymous");
        assert_eq!(m.sender_email, None);
        assert_eq!(m.sender_phone, None, "anonymous mode drops the phone too");
    }

    #[test]
    fn subject_and_message_are_always_required() {
        let mut f = form("general");
        f.subject = Some("   ".into());
        f.message = None;
        assert_eq!(fields(read_request(&f)), ["message", "subject"]);
    }

    #[test]
    fn a_prayer_request_maps_as_section_7() {
        let mut f = form("prayer");
        f.prayer_type = Some("health".into());
        f.prayer_privacy = Some("leadership".into());
        f.urgency = Some("high".into());
        f.phone = Some("+254 712 345 678".into());
        let Ok((Category::Prayer, Submission::PrayerRequest(p))) = read_request(&f) else {
            panic!("expected a prayer request");
        };
        assert_eq!(p.title, "A request");
        assert_eq!(p.description, "Please help");
        assert_eq!(p.privacy_level, "leadership_only");
        assert_eq!(p.urgency, "high");
        assert_eq!(p.submitter_phone.as_deref(), Some("+254712345678"));
        f.anonymous = true;
        let Ok((_, Submission::PrayerRequest(p))) = read_request(&f) else {
            panic!("expected a prayer request");
        };
        assert_eq!(
            (p.submitter_name, p.submitter_email, p.submitter_phone),
            (None, None, None)
        );
    }

    #[test]
    fn the_priority_rule() {
        assert_eq!(priority(Some("emergency"), None), "urgent");
        assert_eq!(priority(None, Some("urgent")), "urgent");
        assert_eq!(priority(None, Some("high")), "high");
        assert_eq!(priority(Some("urgent"), None), "normal");
        assert_eq!(priority(None, Some("low")), "normal");
        let mut f = form("maintenance");
        f.maintenance_location = Some("kitchen".into());
        f.maintenance_priority = Some("high".into());
        assert_eq!(message(read_request(&f)).priority, "high");
    }

    #[test]
    fn detail_sections_sit_under_the_marker_lines_the_back_office_parses() {
        let mut f = form("events");
        f.event_title = Some("Youth Rally".into());
        f.event_date = Some("2026-12-12".into());
        f.event_time = Some("14:00".into());
        f.event_location = Some("Main Sanctuary".into());
        f.event_budget = Some("25000".into());
        let m = message(read_request(&f));
        assert_eq!(
            m.message,
            "Please help\n\n--- EVENT DETAILS ---\nEvent Title: Youth Rally\nProposed Date: 2026-12-12\n\
             Time: 14:00\nLocation: Main Sanctuary\nEstimated Budget: KES 25,000"
        );
        assert_eq!(m.recipient_name, "Events Committee");
        assert_eq!(m.submission_type, "Event Proposal");

        let mut f = form("visitation");
        f.visitation_type = Some("hospital".into());
        f.visitation_address = Some("Kisii Level 5 Hospital, Ward 3".into());
        f.visitation_time = Some("morning".into());
        f.preferred_contact_method = Some("phone".into());
        let m = message(read_request(&f));
        assert!(m.message.ends_with(
            "--- VISITATION DETAILS ---\nType: Hospital Visit\nAddress: Kisii Level 5 Hospital, Ward 3\n\
             Preferred Date: Flexible\nPreferred Time: Morning (8AM-12PM)\nPreferred Contact: Phone"
        ), "{}", m.message);
        assert_eq!(m.recipient_name, "Pastoral Care Team");
    }

    #[test]
    fn options_outside_the_lists_and_bad_values_are_named() {
        let mut f = form("events");
        f.event_title = Some("Rally".into());
        f.event_date = Some("12/12/2026".into());
        f.event_time = Some("2pm".into());
        f.event_location = Some("Hall".into());
        f.event_budget = Some("a lot".into());
        f.urgency = Some("whenever".into());
        assert_eq!(
            fields(read_request(&f)),
            ["eventBudget", "eventDate", "eventTime", "urgency"]
        );
        let mut f = form("nonsense");
        f.subject = None;
        assert_eq!(fields(read_request(&f)), ["category", "subject"]);
    }

    #[test]
    fn the_honeypot_refuses_bots() {
        let mut f = form("general");
        f.website = Some("http://spam.example".into());
        assert_eq!(read_request(&f), Err(Refusal::Bot));
        let c = ContactForm {
            website: Some("x".into()),
            ..ContactForm::default()
        };
        assert_eq!(read_contact(&c), Err(Refusal::Bot));
    }

    #[test]
    fn a_contact_form_without_recipient_goes_to_the_church_office() {
        let c = ContactForm {
            name: Some("Otieno".into()),
            email: Some("otieno@example.org".into()),
            subject: Some("Visiting".into()),
            message: Some("What time is the service?".into()),
            ..ContactForm::default()
        };
        let Ok(Submission::Message(m)) = read_contact(&c) else {
            panic!("expected a message")
        };
        assert_eq!(
            (m.recipient_name.as_str(), m.recipient_role.as_str()),
            ("Church Leadership", "Administrative Team")
        );
        let bad = ContactForm {
            phone: Some("call me maybe".into()),
            ..ContactForm::default()
        };
        let Err(Refusal::Invalid(e)) = read_contact(&bad) else {
            panic!("expected errors")
        };
        assert_eq!(
            e.keys().copied().collect::<Vec<_>>(),
            ["email", "message", "name", "phone", "subject"]
        );
    }

    #[test]
    fn forms_are_read_forgivingly() {
        let f: RequestForm = serde_json::from_value(json!({
            "category": "events", "anonymous": "true", "eventBudget": 5000,
            "eventAttendees": "120", "somethingElse": {"ignored": true}
        }))
        .expect("parses");
        assert!(f.anonymous);
        assert_eq!(f.event_budget, Some(Text::from("5000")));
        assert!(is_email("a.b@c.co.ke"));
        assert!(!is_email("a@b"));
        assert!(!is_email("a b@c.org"));
        assert!(!is_email("<a@c.org>"));
        assert_eq!(thousands(1_234_567), "1,234,567");
    }
}
