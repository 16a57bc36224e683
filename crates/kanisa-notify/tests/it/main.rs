//! E-mail against the test SMTP sink — accepted, refused for good (550), unreachable, and the
//! `send_email` job's mapping of those to job failures — and text messages against fake
//! Africa's Talking and Twilio servers. No external service.

mod sms;
mod smtp;
