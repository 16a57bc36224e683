//! E-mail against a tiny SMTP server written here (no external service): accepted, refused
//! for good (550), unreachable; and the `send_email` job's mapping of those to job failures.

mod smtp;
