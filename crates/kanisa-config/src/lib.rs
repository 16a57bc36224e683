//! Kanisa's configuration: every setting the service takes, read once from the environment
//! (and an optional `.env` file) into typed, per-concern structs.
//!
//! Owns: variable names, defaults, parsing and validation, redaction of secrets.
//! Must not: open files other than `.env`, touch the network or the database, or log. A bad
//! value is returned as a [`ConfigError`] naming the variable; the binary decides what to do.
#![forbid(unsafe_code)]

use std::collections::HashMap;
use std::fmt;
use std::net::SocketAddr;
use std::path::PathBuf;

use url::Url;

/// A value that must never be printed: `Debug` and `Display` show `[redacted]`.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Self(value.into())
    }

    /// The secret itself. Call sites are easy to grep for.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ConfigError {
    #[error("{var}: {reason} (got {shown:?})")]
    Invalid {
        var: &'static str,
        reason: String,
        /// The offending value, or "[redacted]" for secrets.
        shown: String,
    },
    #[error("could not read .env: {0}")]
    DotEnv(String),
}

/// Where the database comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DatabaseConfig {
    /// Kanisa creates and runs its own cluster under `<data_dir>/postgres`.
    Managed(ManagedPostgres),
    /// An external PostgreSQL (`DATABASE_URL`).
    External { url: Secret },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ManagedPostgres {
    /// Folder holding `initdb`, `postgres`, `pg_dump`… (`KANISA_PG_BIN`); found on PATH or
    /// under `/usr/lib/postgresql/*/bin` when unset.
    pub bin_dir: Option<PathBuf>,
    /// System user that runs postgres when Kanisa runs as root (`KANISA_PG_USER`).
    pub os_user: String,
    /// `KANISA_ARCHIVE_TIMEOUT` (seconds, 60): a WAL segment is finished and archived at least
    /// this often while anything is written — the most work a lost machine can lose.
    pub archive_timeout_secs: u64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SmtpConfig {
    /// `smtp://user:pass@host:port` or `smtps://…` (`KANISA_SMTP_URL`).
    pub url: Option<Secret>,
    /// Sender address (`KANISA_SMTP_FROM`).
    pub from: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SmsConfig {
    /// `africastalking` or `twilio` (`KANISA_SMS_PROVIDER`).
    pub provider: Option<String>,
    pub username: Option<String>,
    pub api_key: Option<Secret>,
    pub sender_id: Option<String>,
    /// `KANISA_SMS_BASE_URL`: the provider's API address (its live address by default).
    pub base_url: Option<String>,
    /// `KANISA_SMS_REPORT_SECRET`: the secret path segment of delivery reports (else one is
    /// made and kept in the database).
    pub report_secret: Option<Secret>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentsConfig {
    /// `equity` or `mpesa` (`KANISA_PAYMENT_PROVIDER`).
    pub provider: Option<String>,
    pub consumer_key: Option<Secret>,
    pub consumer_secret: Option<Secret>,
    pub callback_secret: Option<Secret>,
    /// `KANISA_PAYMENT_SHORTCODE`: the paybill (else System Settings).
    pub shortcode: Option<String>,
    /// `KANISA_PAYMENT_PASSKEY` (M-Pesa; else System Settings).
    pub passkey: Option<Secret>,
    /// `KANISA_PAYMENT_BASE_URL`: the provider's API address (its sandbox by default).
    pub base_url: Option<String>,
    /// `KANISA_PAYMENT_PRIVATE_KEY` (Equity Bank: the PEM signing key) and
    /// `KANISA_PAYMENT_ACCOUNT` (the account gifts settle to).
    pub private_key: Option<Secret>,
    pub account_number: Option<String>,
    /// `KANISA_PAYMENT_RECONCILE_AFTER` (seconds, 120) and `KANISA_PAYMENT_EXPIRE_AFTER`
    /// (seconds, 900): when pending prompts are asked about again, and closed.
    pub reconcile_after_secs: u64,
    pub expire_after_secs: u64,
    /// `KANISA_PAYMENT_RECONCILE_EVERY` (seconds, 30): how often the reconciliation runs.
    pub reconcile_every_secs: u64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FirstAdmin {
    pub email: Option<String>,
    pub password: Option<Secret>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    Text,
    Json,
}

/// Scheduled backups (`kanisa serve`): where they go and how often the server looks whether
/// one is due; how often one is due is the backup_frequency setting unless `every_secs` says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BackupConfig {
    /// `KANISA_BACKUP_DIR` (`<data dir>/backups`).
    pub dir: PathBuf,
    /// `KANISA_BACKUP_CHECK` (seconds, 3600).
    pub check_secs: u64,
    /// `KANISA_BACKUP_EVERY` (seconds; unset = the backup_frequency setting).
    pub every_secs: Option<u64>,
    /// `KANISA_BACKUP_URL`: where base backups, the archived WAL and copies of the stored files
    /// go — `file:///path` (another disk) or `s3://bucket/prefix`; default `backups/` beside
    /// the data dir (on this machine, as the banner and Settings say).
    pub url: Url,
    /// True when `url` is the default (not chosen by the operator).
    pub url_is_default: bool,
    /// `KANISA_BACKUP_KEY`: everything written to the destination is encrypted with it.
    pub key: Option<Secret>,
    /// `KANISA_BACKUP_ROOTS`: the folders (and `s3://` prefixes) a destination typed in System
    /// Settings must lie under; empty: the default folder, `/mnt`, `/media` and `/srv`.
    pub roots: Vec<Url>,
    /// `KANISA_ARCHIVE_EVERY` (seconds, 5): how often finished WAL segments and new files are
    /// shipped to the destination.
    pub ship_every_secs: u64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// `KANISA_ADDR`, default `127.0.0.1:8080`.
    pub addr: SocketAddr,
    /// `DATABASE_URL`; unset means the managed cluster.
    pub database: DatabaseConfig,
    /// `KANISA_DATA_DIR`, default `./data`.
    pub data_dir: PathBuf,
    /// `KANISA_STORAGE_URL`, default `file://./storage`.
    pub storage_url: Url,
    /// `KANISA_JWT_SECRET`; generated once and kept in the data dir when unset.
    pub jwt_secret: Option<Secret>,
    /// `KANISA_PUBLIC_URL`: the address people use (links in e-mails, callbacks).
    pub public_url: Option<Url>,
    /// `KANISA_APPS_DIR`, default `./apps`: holds `public/dist` and `admin/dist`.
    pub apps_dir: PathBuf,
    /// `KANISA_DB_POOL_SIZE`, default 16.
    pub pool_size: usize,
    /// `KANISA_LOG_FORMAT`: `text` (default) or `json`.
    pub log_format: LogFormat,
    /// `KANISA_TRUSTED_PROXIES`: addresses or CIDR blocks of reverse proxies whose
    /// `X-Forwarded-For` is believed (none by default: the peer address is the client).
    pub trusted_proxies: Vec<IpBlock>,
    /// `KANISA_SIGNIN_LIMIT`: password sign-ins allowed per client address per 5 minutes, and as
    /// many phone code requests and code checks each (30; 0 turns these limits off, e.g. for a
    /// load benchmark; the phone codes' own limits in the settings still hold).
    pub sign_in_limit: u32,
    /// `KANISA_JOB_WORKERS`: jobs (e-mail, SMS…) this instance runs at the same time (8; 0 runs
    /// none here, leaving the queue to other instances). Jobs wait on providers, not on the
    /// CPU: an e-mail spends ~40 ms in TCP's delayed acknowledgement alone (lettre writes the
    /// body and its end marker separately), so 2 workers drained 1,000 e-mails in 25 s and 8 in
    /// 7 s (scripts/bench-submissions.sh).
    pub job_workers: usize,
    /// `KANISA_JOB_LEASE` (seconds, 300): how long a job may run; a job whose worker died is
    /// run again this long after it was claimed.
    pub job_lease_secs: u64,
    /// `KANISA_NOTIFY_CHECK` (seconds, 600): how often the server looks for event reminders
    /// and birthday wishes that are due.
    pub notify_check_secs: u64,
    pub backups: BackupConfig,
    /// How connections are held: header/idle and body timeouts, connection caps.
    pub http: HttpLimits,
    /// Realtime sockets' limits (`/realtime/v1/websocket`).
    pub realtime: RealtimeLimits,
    pub smtp: SmtpConfig,
    pub sms: SmsConfig,
    pub payments: PaymentsConfig,
    pub first_admin: FirstAdmin,
}

/// How long a connection may keep the server waiting, and how many it may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HttpLimits {
    /// `KANISA_HEADER_TIMEOUT` (seconds, 20): a request's head must arrive whole within this,
    /// which is also how long an idle keep-alive connection is kept.
    pub header_timeout_secs: u64,
    /// `KANISA_BODY_TIMEOUT` (seconds, 30): the longest pause while a request body arrives.
    pub body_timeout_secs: u64,
    /// `KANISA_MAX_CONNECTIONS` (10000, and never more than the open-file limit allows): open
    /// connections in all; more are answered 503 and closed.
    pub max_connections: usize,
    /// `KANISA_MAX_CONNECTIONS_PER_CLIENT` (512): open connections from one address (trusted
    /// proxies exempt); more are answered 503 and closed.
    pub max_connections_per_client: usize,
}

impl Default for HttpLimits {
    fn default() -> Self {
        HttpLimits {
            header_timeout_secs: 20,
            body_timeout_secs: 30,
            max_connections: 10_000,
            max_connections_per_client: 512,
        }
    }
}

/// What one client may hold of realtime (`/realtime/v1/websocket`). A refusal is the API's
/// JSON before the upgrade (sockets) or a `phx_reply` error on the socket (the rest).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RealtimeLimits {
    /// `KANISA_REALTIME_SOCKETS_PER_CLIENT` (100): open sockets from one address (behind a
    /// trusted proxy, the forwarded address); more are answered 429.
    pub sockets_per_client: usize,
    /// `KANISA_REALTIME_CHANNELS_PER_SOCKET` (100): channels joined at once on one socket.
    pub channels_per_socket: usize,
    /// `KANISA_REALTIME_JOINS_PER_SECOND` (10): joins one socket may make per second.
    pub joins_per_second: u32,
    /// `KANISA_REALTIME_MAX_MESSAGE` (bytes, 262144): the largest frame a client may send.
    pub max_message_bytes: usize,
    /// `KANISA_REALTIME_ANON_BROADCAST` (false): anon may broadcast and track presence on
    /// public channels (signed-in users always may; private channels follow their policies).
    pub anon_broadcast: bool,
}

impl Default for RealtimeLimits {
    fn default() -> Self {
        RealtimeLimits {
            sockets_per_client: 100,
            channels_per_socket: 100,
            joins_per_second: 10,
            max_message_bytes: 256 * 1024,
            anon_broadcast: false,
        }
    }
}

/// Every variable Kanisa reads, for documentation and the start-up banner.
pub const VARIABLES: &[(&str, &str)] = &[
    ("KANISA_ADDR", "address to listen on (127.0.0.1:8080)"),
    (
        "DATABASE_URL",
        "external PostgreSQL; unset = managed cluster in the data dir",
    ),
    ("KANISA_DATA_DIR", "data folder (./data)"),
    (
        "KANISA_STORAGE_URL",
        "file store (file://./storage, or s3://bucket)",
    ),
    ("KANISA_JWT_SECRET", "JWT signing secret, ≥ 32 characters"),
    ("KANISA_PUBLIC_URL", "public address of the site"),
    ("KANISA_APPS_DIR", "folder with the built apps (./apps)"),
    ("KANISA_DB_POOL_SIZE", "database connections (16)"),
    ("KANISA_LOG_FORMAT", "text or json (text)"),
    (
        "KANISA_JOB_WORKERS",
        "jobs run at the same time by this instance (2; 0 = none)",
    ),
    (
        "KANISA_JOB_LEASE",
        "seconds a job may run; a dead worker's jobs run again after it (300)",
    ),
    (
        "KANISA_NOTIFY_CHECK",
        "seconds between looks for due event reminders and birthday wishes (600)",
    ),
    (
        "KANISA_BACKUP_DIR",
        "folder where a scheduled dump is written before it goes to KANISA_BACKUP_URL (<data dir>/backups)",
    ),
    (
        "KANISA_BACKUP_CHECK",
        "seconds between checks whether a backup is due (3600)",
    ),
    (
        "KANISA_BACKUP_EVERY",
        "seconds between backups, instead of the backup_frequency setting (unset)",
    ),
    (
        "KANISA_BACKUP_URL",
        "where backups, the archived WAL and file copies go: file:///path or s3://bucket/prefix (backups/ beside the data dir)",
    ),
    (
        "KANISA_BACKUP_ROOTS",
        "comma-separated folders (and s3://bucket/prefix) a backup destination set in System Settings must lie under (the default folder, /mnt, /media, /srv)",
    ),
    (
        "KANISA_S3_INSTANCE_ROLE",
        "true: an s3:// file store or backup destination without AWS_ACCESS_KEY_ID may use this machine's cloud role (unset: such a bucket is refused, and the metadata service never asked)",
    ),
    (
        "KANISA_BACKUP_KEY",
        "encrypt everything written to the backup destination with this secret (unset: not encrypted)",
    ),
    (
        "KANISA_ARCHIVE_TIMEOUT",
        "seconds after which a written WAL segment is archived even when not full: the most work a lost machine can lose (60)",
    ),
    (
        "KANISA_ARCHIVE_EVERY",
        "seconds between shipments of finished WAL segments and new files to the backup destination (5)",
    ),
    (
        "KANISA_SIGNIN_LIMIT",
        "password sign-ins (and phone code requests and checks, each) per client address per 5 minutes (30; 0 = no limit)",
    ),
    (
        "KANISA_HEADER_TIMEOUT",
        "seconds for a request's head to arrive; also the keep-alive idle limit (20)",
    ),
    (
        "KANISA_BODY_TIMEOUT",
        "longest pause in seconds while a request body arrives (30)",
    ),
    (
        "KANISA_MAX_CONNECTIONS",
        "open connections in all (10000, within the open-file limit)",
    ),
    (
        "KANISA_MAX_CONNECTIONS_PER_CLIENT",
        "open connections from one address, trusted proxies exempt (512)",
    ),
    (
        "KANISA_REALTIME_SOCKETS_PER_CLIENT",
        "realtime sockets open from one address (100)",
    ),
    (
        "KANISA_REALTIME_CHANNELS_PER_SOCKET",
        "realtime channels joined at once on one socket (100)",
    ),
    (
        "KANISA_REALTIME_JOINS_PER_SECOND",
        "realtime joins one socket may make per second (10)",
    ),
    (
        "KANISA_REALTIME_MAX_MESSAGE",
        "the largest realtime frame a client may send, in bytes (262144)",
    ),
    (
        "KANISA_REALTIME_ANON_BROADCAST",
        "true: visitors (anon) may broadcast and track presence on public realtime channels (false)",
    ),
    (
        "KANISA_TRUSTED_PROXIES",
        "proxies whose X-Forwarded-For is believed, e.g. 127.0.0.1,10.0.0.0/8 (none)",
    ),
    (
        "KANISA_PG_BIN",
        "PostgreSQL binaries for the managed cluster",
    ),
    (
        "KANISA_PG_USER",
        "system user running the managed cluster as root (postgres)",
    ),
    ("KANISA_SMTP_URL", "smtp[s]://user:pass@host:port"),
    ("KANISA_SMTP_FROM", "sender address for e-mail"),
    ("KANISA_SMS_PROVIDER", "africastalking or twilio"),
    ("KANISA_SMS_USERNAME", "SMS account user name"),
    ("KANISA_SMS_API_KEY", "SMS API key"),
    ("KANISA_SMS_SENDER_ID", "SMS sender id"),
    ("KANISA_SMS_BASE_URL", "SMS provider API address"),
    (
        "KANISA_SMS_REPORT_SECRET",
        "secret path segment of SMS delivery reports",
    ),
    ("KANISA_PAYMENT_PROVIDER", "equity or mpesa"),
    ("KANISA_PAYMENT_CONSUMER_KEY", "payment API key"),
    ("KANISA_PAYMENT_CONSUMER_SECRET", "payment API secret"),
    ("KANISA_PAYMENT_SHORTCODE", "paybill / business shortcode"),
    ("KANISA_PAYMENT_PASSKEY", "M-Pesa passkey"),
    ("KANISA_PAYMENT_BASE_URL", "payment provider API address"),
    (
        "KANISA_PAYMENT_PRIVATE_KEY",
        "Equity Bank signing key (PEM)",
    ),
    ("KANISA_PAYMENT_ACCOUNT", "Equity Bank settlement account"),
    (
        "KANISA_PAYMENT_RECONCILE_AFTER",
        "seconds before a pending payment is re-queried (120)",
    ),
    (
        "KANISA_PAYMENT_RECONCILE_EVERY",
        "seconds between two payment reconciliations (30)",
    ),
    (
        "KANISA_PAYMENT_EXPIRE_AFTER",
        "seconds before a pending payment expires (900)",
    ),
    (
        "KANISA_PAYMENT_CALLBACK_SECRET",
        "secret path segment of payment callbacks",
    ),
    ("KANISA_ADMIN_EMAIL", "first Super Admin's e-mail"),
    ("KANISA_ADMIN_PASSWORD", "first Super Admin's password"),
];

impl Config {
    /// Reads `.env` (when present, without overriding the real environment), then the
    /// process environment.
    pub fn from_env() -> Result<Self, ConfigError> {
        match dotenvy::dotenv() {
            Ok(_) => {}
            Err(e) if e.not_found() => {}
            Err(e) => return Err(ConfigError::DotEnv(e.to_string())),
        }
        let vars: HashMap<String, String> = std::env::vars().collect();
        Self::from_vars(&vars)
    }

    /// Parses configuration from a map of variables (the environment, or a test's map).
    pub fn from_vars(vars: &HashMap<String, String>) -> Result<Self, ConfigError> {
        let env = Env(vars);
        let addr = match env.get("KANISA_ADDR") {
            None => SocketAddr::from(([127, 0, 0, 1], 8080)),
            Some(v) => v
                .parse()
                .map_err(|_| invalid("KANISA_ADDR", "expected host:port, e.g. 0.0.0.0:8080", v))?,
        };
        let database = match env.get("DATABASE_URL") {
            Some(v) => {
                let parsed = Url::parse(v).map_err(|e| ConfigError::Invalid {
                    var: "DATABASE_URL",
                    reason: format!("not a URL ({e})"),
                    shown: "[redacted]".into(),
                })?;
                if !matches!(parsed.scheme(), "postgres" | "postgresql") {
                    return Err(ConfigError::Invalid {
                        var: "DATABASE_URL",
                        reason: "expected postgres://user:password@host:port/database".into(),
                        shown: "[redacted]".into(),
                    });
                }
                DatabaseConfig::External {
                    url: Secret::new(v),
                }
            }
            None => DatabaseConfig::Managed(ManagedPostgres {
                bin_dir: env.get("KANISA_PG_BIN").map(PathBuf::from),
                os_user: env.get("KANISA_PG_USER").unwrap_or("postgres").to_owned(),
                archive_timeout_secs: env.number("KANISA_ARCHIVE_TIMEOUT", 1, 3600)?.unwrap_or(60),
            }),
        };
        let data_dir = PathBuf::from(env.get("KANISA_DATA_DIR").unwrap_or("./data"));
        let storage_url = parse_storage_url(env.get("KANISA_STORAGE_URL"))?;
        let jwt_secret = match env.get("KANISA_JWT_SECRET") {
            Some(v) if v.chars().count() < 32 => {
                return Err(ConfigError::Invalid {
                    var: "KANISA_JWT_SECRET",
                    reason: "must be at least 32 characters".into(),
                    shown: "[redacted]".into(),
                });
            }
            other => other.map(Secret::new),
        };
        let public_url = match env.get("KANISA_PUBLIC_URL") {
            None => None,
            Some(v) => {
                let url = Url::parse(v)
                    .map_err(|_| invalid("KANISA_PUBLIC_URL", "expected https://host[/path]", v))?;
                if !matches!(url.scheme(), "http" | "https") {
                    return Err(invalid("KANISA_PUBLIC_URL", "expected http or https", v));
                }
                Some(url)
            }
        };
        let pool_size = match env.get("KANISA_DB_POOL_SIZE") {
            None => 16,
            Some(v) => match v.parse::<usize>() {
                Ok(n) if (1..=1000).contains(&n) => n,
                _ => return Err(invalid("KANISA_DB_POOL_SIZE", "expected 1 to 1000", v)),
            },
        };
        let log_format = match env.get("KANISA_LOG_FORMAT") {
            None | Some("text") => LogFormat::Text,
            Some("json") => LogFormat::Json,
            Some(v) => return Err(invalid("KANISA_LOG_FORMAT", "expected text or json", v)),
        };
        let trusted_proxies = match env.get("KANISA_TRUSTED_PROXIES") {
            None => Vec::new(),
            Some(v) => v
                .split(',')
                .map(str::trim)
                .filter(|p| !p.is_empty())
                .map(|p| {
                    p.parse::<IpBlock>().map_err(|_| {
                        invalid(
                            "KANISA_TRUSTED_PROXIES",
                            "expected addresses or CIDR blocks separated by commas, e.g. 127.0.0.1,10.0.0.0/8",
                            v,
                        )
                    })
                })
                .collect::<Result<_, _>>()?,
        };
        let sign_in_limit = match env.get("KANISA_SIGNIN_LIMIT") {
            None => 30,
            Some(v) => v
                .parse::<u32>()
                .ok()
                .filter(|n| *n <= 100_000)
                .ok_or_else(|| invalid("KANISA_SIGNIN_LIMIT", "expected 0 to 100000", v))?,
        };
        let defaults = HttpLimits::default();
        let http = HttpLimits {
            header_timeout_secs: env
                .number("KANISA_HEADER_TIMEOUT", 1, 3600)?
                .unwrap_or(defaults.header_timeout_secs),
            body_timeout_secs: env
                .number("KANISA_BODY_TIMEOUT", 1, 3600)?
                .unwrap_or(defaults.body_timeout_secs),
            max_connections: env
                .number("KANISA_MAX_CONNECTIONS", 16, 1_000_000)?
                .map_or(defaults.max_connections, |n| n as usize),
            max_connections_per_client: env
                .number("KANISA_MAX_CONNECTIONS_PER_CLIENT", 1, 1_000_000)?
                .map_or(defaults.max_connections_per_client, |n| n as usize),
        };
        let defaults = RealtimeLimits::default();
        let realtime = RealtimeLimits {
            sockets_per_client: env
                .number("KANISA_REALTIME_SOCKETS_PER_CLIENT", 1, 1_000_000)?
                .map_or(defaults.sockets_per_client, |n| n as usize),
            channels_per_socket: env
                .number("KANISA_REALTIME_CHANNELS_PER_SOCKET", 1, 10_000)?
                .map_or(defaults.channels_per_socket, |n| n as usize),
            joins_per_second: env
                .number("KANISA_REALTIME_JOINS_PER_SECOND", 1, 10_000)?
                .map_or(defaults.joins_per_second, |n| n as u32),
            max_message_bytes: env
                .number("KANISA_REALTIME_MAX_MESSAGE", 1024, 16 * 1024 * 1024)?
                .map_or(defaults.max_message_bytes, |n| n as usize),
            anon_broadcast: env
                .one_of("KANISA_REALTIME_ANON_BROADCAST", &["true", "false"])?
                .map_or(defaults.anon_broadcast, |v| v == "true"),
        };
        let job_workers = env
            .number("KANISA_JOB_WORKERS", 0, 64)?
            .map_or(8, |n| n as usize);
        let job_lease_secs = env.number("KANISA_JOB_LEASE", 1, 86_400)?.unwrap_or(300);
        let notify_check_secs = env.number("KANISA_NOTIFY_CHECK", 1, 86_400)?.unwrap_or(600);
        let backups = BackupConfig {
            dir: env
                .get("KANISA_BACKUP_DIR")
                .map_or_else(|| data_dir.join("backups"), PathBuf::from),
            check_secs: env
                .number("KANISA_BACKUP_CHECK", 1, 86_400)?
                .unwrap_or(3600),
            every_secs: env.number("KANISA_BACKUP_EVERY", 1, 400 * 86_400)?,
            url: match env.get("KANISA_BACKUP_URL") {
                Some(raw) => parse_store_url("KANISA_BACKUP_URL", raw)?,
                None => default_backup_url(&data_dir)?,
            },
            url_is_default: env.get("KANISA_BACKUP_URL").is_none(),
            key: env.get("KANISA_BACKUP_KEY").map(Secret::new),
            roots: match env.get("KANISA_BACKUP_ROOTS") {
                None => Vec::new(),
                Some(raw) => parse_backup_roots(raw)?,
            },
            ship_every_secs: env.number("KANISA_ARCHIVE_EVERY", 1, 3600)?.unwrap_or(5),
        };
        let smtp = SmtpConfig {
            url: match env.get("KANISA_SMTP_URL") {
                None => None,
                Some(v) => {
                    let ok = Url::parse(v)
                        .map(|u| matches!(u.scheme(), "smtp" | "smtps") && u.host().is_some())
                        .unwrap_or(false);
                    if !ok {
                        return Err(ConfigError::Invalid {
                            var: "KANISA_SMTP_URL",
                            reason: "expected smtp://user:password@host:port or smtps://…".into(),
                            shown: "[redacted]".into(),
                        });
                    }
                    Some(Secret::new(v))
                }
            },
            from: env.get("KANISA_SMTP_FROM").map(str::to_owned),
        };
        let sms = SmsConfig {
            provider: env.one_of("KANISA_SMS_PROVIDER", &["africastalking", "twilio"])?,
            username: env.get("KANISA_SMS_USERNAME").map(str::to_owned),
            api_key: env.get("KANISA_SMS_API_KEY").map(Secret::new),
            sender_id: env.get("KANISA_SMS_SENDER_ID").map(str::to_owned),
            base_url: env.get("KANISA_SMS_BASE_URL").map(str::to_owned),
            report_secret: env.get("KANISA_SMS_REPORT_SECRET").map(Secret::new),
        };
        let payments = PaymentsConfig {
            provider: env.one_of(
                "KANISA_PAYMENT_PROVIDER",
                &["equity", "mpesa", "equity_bank"],
            )?,
            consumer_key: env.get("KANISA_PAYMENT_CONSUMER_KEY").map(Secret::new),
            consumer_secret: env.get("KANISA_PAYMENT_CONSUMER_SECRET").map(Secret::new),
            callback_secret: env.get("KANISA_PAYMENT_CALLBACK_SECRET").map(Secret::new),
            shortcode: env.get("KANISA_PAYMENT_SHORTCODE").map(str::to_owned),
            passkey: env.get("KANISA_PAYMENT_PASSKEY").map(Secret::new),
            base_url: env.get("KANISA_PAYMENT_BASE_URL").map(str::to_owned),
            private_key: env.get("KANISA_PAYMENT_PRIVATE_KEY").map(Secret::new),
            account_number: env.get("KANISA_PAYMENT_ACCOUNT").map(str::to_owned),
            reconcile_after_secs: env
                .number("KANISA_PAYMENT_RECONCILE_AFTER", 1, 86_400)?
                .unwrap_or(120),
            expire_after_secs: env
                .number("KANISA_PAYMENT_EXPIRE_AFTER", 1, 86_400)?
                .unwrap_or(900),
            reconcile_every_secs: env
                .number("KANISA_PAYMENT_RECONCILE_EVERY", 1, 3600)?
                .unwrap_or(30),
        };
        let first_admin = FirstAdmin {
            email: match env.get("KANISA_ADMIN_EMAIL") {
                Some(v) if !looks_like_email(v) => {
                    return Err(invalid(
                        "KANISA_ADMIN_EMAIL",
                        "expected an e-mail address",
                        v,
                    ));
                }
                other => other.map(str::to_lowercase),
            },
            password: env.get("KANISA_ADMIN_PASSWORD").map(Secret::new),
        };
        Ok(Config {
            addr,
            database,
            data_dir,
            storage_url,
            jwt_secret,
            public_url,
            apps_dir: PathBuf::from(env.get("KANISA_APPS_DIR").unwrap_or("./apps")),
            pool_size,
            log_format,
            trusted_proxies,
            sign_in_limit,
            job_workers,
            job_lease_secs,
            notify_check_secs,
            backups,
            http,
            realtime,
            smtp,
            sms,
            payments,
            first_admin,
        })
    }

    /// True when a send to the outside world would be simulated (no credentials).
    pub fn demo_mode(&self) -> DemoMode {
        DemoMode {
            email: self.smtp.url.is_none(),
            sms: self.sms.api_key.is_none(),
            payments: self.payments.consumer_secret.is_none(),
        }
    }

    /// Lines for the start-up banner; secrets appear only as "set" or "not set".
    pub fn banner(&self) -> Vec<String> {
        let database = match &self.database {
            DatabaseConfig::Managed(_) => format!(
                "managed cluster in {}",
                self.data_dir.join("postgres").display()
            ),
            DatabaseConfig::External { url } => format!("external ({})", redact_url(url.expose())),
        };
        let demo = self.demo_mode();
        vec![
            format!("address      {}", self.addr),
            format!("database     {database}"),
            format!("data dir     {}", self.data_dir.display()),
            format!("storage      {}", self.storage_url),
            match &self.database {
                DatabaseConfig::Managed(_) => format!(
                    "backups      {}{}{}",
                    self.backups.url,
                    if self.backups.key.is_some() {
                        ", encrypted with KANISA_BACKUP_KEY"
                    } else {
                        ", encrypted with a key kept in the data dir (print its recovery sheet: Settings → Backups)"
                    },
                    match (self.backups.url_is_default, self.backups.url.scheme()) {
                        (true, _) => {
                            " (on this machine, unless System Settings → Backup destination names another disk or an S3 bucket)"
                        }
                        (false, "file") => {
                            " (on this machine: set KANISA_BACKUP_URL to another disk or an S3 bucket)"
                        }
                        _ => "",
                    }
                ),
                DatabaseConfig::External { .. } => format!(
                    "backups      scheduled dumps and the stored files to {}{}{} (point-in-time recovery is the database provider's)",
                    self.backups.url,
                    if self.backups.key.is_some() {
                        ", encrypted"
                    } else {
                        ""
                    },
                    if self.backups.url.scheme() == "file" {
                        ", on this machine"
                    } else {
                        ""
                    }
                ),
            },
            format!(
                "jwt secret   {}",
                if self.jwt_secret.is_some() {
                    "from KANISA_JWT_SECRET"
                } else {
                    "kept in the data dir"
                }
            ),
            format!(
                "public url   {}",
                self.public_url
                    .as_ref()
                    .map_or("not set".to_owned(), Url::to_string)
            ),
            format!(
                "e-mail       {}",
                if demo.email {
                    NOT_IN_ENVIRONMENT
                } else {
                    "set (environment)"
                }
            ),
            format!(
                "sms          {}",
                if demo.sms {
                    NOT_IN_ENVIRONMENT
                } else {
                    "set (environment)"
                }
            ),
            format!(
                "payments     {}",
                if demo.payments {
                    NOT_IN_ENVIRONMENT
                } else {
                    "set (environment)"
                }
            ),
        ]
    }
}

/// The banner's line for a channel the environment does not configure: System Settings may
/// (the server's one answer is `GET /functions/v1/service-modes` and `/health`).
const NOT_IN_ENVIRONMENT: &str = "from System Settings if set there, else simulated (demo mode)";

/// Which outside services are simulated because their credentials are missing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DemoMode {
    pub email: bool,
    pub sms: bool,
    pub payments: bool,
}

/// `postgres://user:secret@host/db` → `postgres://user:[redacted]@host/db`.
pub fn redact_url(raw: &str) -> String {
    match Url::parse(raw) {
        Ok(mut url) => {
            if url.password().is_some() {
                // Setting a password only fails for URLs that cannot have one.
                let _ = url.set_password(Some("[redacted]"));
            }
            // Query strings may carry passwords too (`?password=`).
            if url.query().is_some() {
                url.set_query(Some("[redacted]"));
            }
            url.to_string()
        }
        Err(_) => "[redacted]".to_owned(),
    }
}

fn parse_storage_url(raw: Option<&str>) -> Result<Url, ConfigError> {
    parse_store_url("KANISA_STORAGE_URL", raw.unwrap_or("file://./storage"))
}

/// `backups/` beside the data dir (`./backups` for `./data`).
fn default_backup_url(data_dir: &std::path::Path) -> Result<Url, ConfigError> {
    let abs = std::path::absolute(data_dir).map_err(|e| {
        invalid(
            "KANISA_DATA_DIR",
            &format!("cannot resolve ({e})"),
            &data_dir.display().to_string(),
        )
    })?;
    let dir = abs.parent().unwrap_or(&abs).join("backups");
    Url::from_directory_path(&dir).map_err(|_| {
        invalid(
            "KANISA_DATA_DIR",
            "not a usable folder",
            &data_dir.display().to_string(),
        )
    })
}

/// A `file://` or `s3://` URL of the store behind `var`; a relative `file://./x` is resolved
/// against the working directory.
/// `KANISA_BACKUP_ROOTS`: comma-separated absolute folders, `file:///…` or `s3://bucket/…`.
fn parse_backup_roots(raw: &str) -> Result<Vec<Url>, ConfigError> {
    const VAR: &str = "KANISA_BACKUP_ROOTS";
    raw.split(',')
        .map(str::trim)
        .filter(|entry| !entry.is_empty())
        .map(|entry| {
            if entry.starts_with('/') {
                Url::from_directory_path(entry)
                    .map_err(|_| invalid(VAR, "not a usable folder", entry))
            } else if entry.starts_with("file:///") || entry.starts_with("s3://") {
                parse_store_url(VAR, entry)
            } else {
                Err(invalid(
                    VAR,
                    "expected absolute folders, file:///path or s3://bucket/prefix, separated by commas",
                    entry,
                ))
            }
        })
        .collect()
}

fn parse_store_url(var: &'static str, raw: &str) -> Result<Url, ConfigError> {
    // `file://./storage` is relative to the working directory; Url cannot hold that, so it is
    // resolved here once.
    if let Some(rel) = raw.strip_prefix("file://")
        && !rel.starts_with('/')
    {
        let cwd = std::env::current_dir()
            .map_err(|e| invalid(var, &format!("cannot resolve ({e})"), raw))?;
        let abs = cwd.join(rel.trim_start_matches("./"));
        return Url::from_directory_path(&abs)
            .map_err(|_| invalid(var, "not a usable folder", raw));
    }
    let url =
        Url::parse(raw).map_err(|_| invalid(var, "expected file:///path or s3://bucket", raw))?;
    match url.scheme() {
        "file" => Ok(url),
        "s3" if url.host_str().is_some_and(|h| !h.is_empty()) => Ok(url),
        _ => Err(invalid(var, "expected file:///path or s3://bucket", raw)),
    }
}

fn looks_like_email(v: &str) -> bool {
    match v.split_once('@') {
        Some((local, domain)) => {
            !local.is_empty()
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
                && !v.chars().any(char::is_whitespace)
        }
        None => false,
    }
}

fn invalid(var: &'static str, reason: &str, value: &str) -> ConfigError {
    ConfigError::Invalid {
        var,
        reason: reason.to_owned(),
        shown: value.to_owned(),
    }
}

struct Env<'a>(&'a HashMap<String, String>);

impl Env<'_> {
    /// A variable's value; set-but-empty counts as unset, as most shells and .env files mean it.
    fn get(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(|v| v.trim()).filter(|v| !v.is_empty())
    }

    /// A whole number within `min..=max`, or an error naming the variable.
    fn number(&self, name: &'static str, min: u64, max: u64) -> Result<Option<u64>, ConfigError> {
        self.get(name)
            .map(|v| {
                v.parse::<u64>()
                    .ok()
                    .filter(|n| (min..=max).contains(n))
                    .ok_or_else(|| invalid(name, &format!("expected {min} to {max}"), v))
            })
            .transpose()
    }

    fn one_of(&self, name: &'static str, allowed: &[&str]) -> Result<Option<String>, ConfigError> {
        match self.get(name) {
            None => Ok(None),
            Some(v) if allowed.contains(&v) => Ok(Some(v.to_owned())),
            Some(v) => Err(invalid(
                name,
                &format!("expected one of {}", allowed.join(", ")),
                v,
            )),
        }
    }
}

/// An address block (`10.0.0.0/8`, `::1`, `192.168.1.7`): one entry of KANISA_TRUSTED_PROXIES.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IpBlock {
    addr: std::net::IpAddr,
    prefix: u8,
}

impl IpBlock {
    /// True when `ip` lies inside the block (IPv4-mapped IPv6 addresses count as IPv4).
    pub fn contains(&self, ip: std::net::IpAddr) -> bool {
        use std::net::IpAddr;
        let ip = match ip {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
            v4 => v4,
        };
        match (self.addr, ip) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                let mask = u32::MAX
                    .checked_shl(32 - u32::from(self.prefix))
                    .unwrap_or(0);
                u32::from(net) & mask == u32::from(ip) & mask
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => {
                let mask = u128::MAX
                    .checked_shl(128 - u32::from(self.prefix))
                    .unwrap_or(0);
                u128::from(net) & mask == u128::from(ip) & mask
            }
            _ => false,
        }
    }
}

impl std::str::FromStr for IpBlock {
    type Err = ();

    fn from_str(s: &str) -> Result<Self, ()> {
        let (addr, prefix) = match s.split_once('/') {
            Some((a, p)) => (a, Some(p)),
            None => (s, None),
        };
        let addr: std::net::IpAddr = addr.parse().map_err(|_| ())?;
        let max = if addr.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            None => max,
            Some(p) => p.parse::<u8>().ok().filter(|p| *p <= max).ok_or(())?,
        };
        Ok(IpBlock { addr, prefix })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vars(pairs: &[(&str, &str)]) -> HashMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    #[test]
    fn defaults_give_a_managed_single_server() {
        let c = Config::from_vars(&vars(&[])).unwrap();
        assert_eq!(c.addr.to_string(), "127.0.0.1:8080");
        assert_eq!(c.data_dir, PathBuf::from("./data"));
        assert!(matches!(c.database, DatabaseConfig::Managed(ref m) if m.os_user == "postgres"));
        assert_eq!(c.storage_url.scheme(), "file");
        assert!(c.storage_url.path().ends_with("/storage/"));
        assert_eq!(c.pool_size, 16);
        assert_eq!(c.http, HttpLimits::default());
        assert_eq!(c.http.header_timeout_secs, 20);
        assert_eq!(c.job_workers, 8);
        assert_eq!(c.job_lease_secs, 300);
        assert_eq!(c.notify_check_secs, 600);
        assert_eq!(
            c.demo_mode(),
            DemoMode {
                email: true,
                sms: true,
                payments: true
            }
        );
    }

    #[test]
    fn connection_limits_are_read_and_bounded() {
        let c = Config::from_vars(&vars(&[
            ("KANISA_HEADER_TIMEOUT", "2"),
            ("KANISA_MAX_CONNECTIONS_PER_CLIENT", "300"),
        ]))
        .unwrap();
        assert_eq!(c.http.header_timeout_secs, 2);
        assert_eq!(c.http.max_connections_per_client, 300);
        assert_eq!(c.http.max_connections, 10_000);
        for (var, value) in [
            ("KANISA_HEADER_TIMEOUT", "0"),
            ("KANISA_BODY_TIMEOUT", "soon"),
            ("KANISA_MAX_CONNECTIONS", "3"),
        ] {
            let e = Config::from_vars(&vars(&[(var, value)]))
                .unwrap_err()
                .to_string();
            assert!(e.contains(var), "{e}");
        }
    }

    #[test]
    fn realtime_limits_are_read_and_bounded() {
        let c = Config::from_vars(&vars(&[])).unwrap();
        assert_eq!(c.realtime, RealtimeLimits::default());
        let c = Config::from_vars(&vars(&[
            ("KANISA_REALTIME_SOCKETS_PER_CLIENT", "3"),
            ("KANISA_REALTIME_JOINS_PER_SECOND", "2"),
        ]))
        .unwrap();
        assert_eq!(c.realtime.sockets_per_client, 3);
        assert_eq!(c.realtime.joins_per_second, 2);
        assert_eq!(c.realtime.channels_per_socket, 100);
        assert!(!c.realtime.anon_broadcast);
        let c = Config::from_vars(&vars(&[("KANISA_REALTIME_ANON_BROADCAST", "true")])).unwrap();
        assert!(c.realtime.anon_broadcast);
        for (var, value) in [
            ("KANISA_REALTIME_ANON_BROADCAST", "yes"),
            ("KANISA_REALTIME_SOCKETS_PER_CLIENT", "0"),
            ("KANISA_REALTIME_CHANNELS_PER_SOCKET", "many"),
            ("KANISA_REALTIME_MAX_MESSAGE", "10"),
        ] {
            let e = Config::from_vars(&vars(&[(var, value)]))
                .unwrap_err()
                .to_string();
            assert!(e.contains(var), "{e}");
        }
    }

    #[test]
    fn job_workers_and_lease_are_read_and_bounded() {
        let c = Config::from_vars(&vars(&[("KANISA_JOB_WORKERS", "0")])).unwrap();
        assert_eq!(c.job_workers, 0);
        let c = Config::from_vars(&vars(&[("KANISA_JOB_WORKERS", "8")])).unwrap();
        assert_eq!(c.job_workers, 8);
        for value in ["65", "-1", "many"] {
            let e = Config::from_vars(&vars(&[("KANISA_JOB_WORKERS", value)]))
                .unwrap_err()
                .to_string();
            assert!(e.starts_with("KANISA_JOB_WORKERS"), "{e}");
        }
        let c = Config::from_vars(&vars(&[("KANISA_JOB_LEASE", "5")])).unwrap();
        assert_eq!(c.job_lease_secs, 5);
        for value in ["0", "86401"] {
            let e = Config::from_vars(&vars(&[("KANISA_JOB_LEASE", value)]))
                .unwrap_err()
                .to_string();
            assert!(e.starts_with("KANISA_JOB_LEASE"), "{e}");
        }
    }

    #[test]
    fn bad_values_name_the_variable() {
        let cases = [
            ("KANISA_ADDR", "localhost"),
            ("DATABASE_URL", "mysql://x@y/z"),
            ("KANISA_STORAGE_URL", "ftp://x"),
            ("KANISA_JWT_SECRET", "short"),
            ("KANISA_PUBLIC_URL", "not a url"),
            ("KANISA_DB_POOL_SIZE", "0"),
            ("KANISA_LOG_FORMAT", "xml"),
            ("KANISA_SMTP_URL", "http://mail"),
            ("KANISA_SMS_PROVIDER", "pigeon"),
            ("KANISA_PAYMENT_PROVIDER", "cash"),
            ("KANISA_ADMIN_EMAIL", "admin"),
        ];
        for (var, value) in cases {
            let err = Config::from_vars(&vars(&[(var, value)])).unwrap_err();
            let text = err.to_string();
            assert!(text.starts_with(var), "{var}: {text}");
        }
    }

    #[test]
    fn secrets_never_print() {
        let c = Config::from_vars(&vars(&[
            (
                "DATABASE_URL",
                "postgres://kanisa:hunter2hunter2@db.internal/kanisa",
            ),
            (
                "KANISA_JWT_SECRET",
                "0123456789abcdef0123456789abcdef-very-secret",
            ),
            (
                "KANISA_SMTP_URL",
                "smtps://mailer:mailpass@smtp.example.org:465",
            ),
            ("KANISA_SMS_API_KEY", "atsk_smskey"),
            ("KANISA_PAYMENT_CONSUMER_SECRET", "paysecret"),
            ("KANISA_ADMIN_PASSWORD", "adminpass"),
        ]))
        .unwrap();
        let printed = format!("{c:?}\n{}", c.banner().join("\n"));
        for secret in [
            "hunter2hunter2",
            "very-secret",
            "mailpass",
            "smskey",
            "paysecret",
            "adminpass",
        ] {
            assert!(!printed.contains(secret), "{secret} leaked:\n{printed}");
        }
        assert!(printed.contains("db.internal"), "host stays visible");
        // A secret's own error message does not echo it either.
        let err = Config::from_vars(&vars(&[("KANISA_JWT_SECRET", "tooshort-secret")]))
            .unwrap_err()
            .to_string();
        assert!(!err.contains("tooshort"), "{err}");
    }

    #[test]
    fn empty_values_count_as_unset() {
        let c = Config::from_vars(&vars(&[("DATABASE_URL", ""), ("KANISA_ADDR", " ")])).unwrap();
        assert!(matches!(c.database, DatabaseConfig::Managed(_)));
        assert_eq!(c.addr.port(), 8080);
    }

    #[test]
    fn storage_urls() {
        let s3 = Config::from_vars(&vars(&[("KANISA_STORAGE_URL", "s3://church-bucket")]))
            .unwrap()
            .storage_url;
        assert_eq!(s3.host_str(), Some("church-bucket"));
        let abs = Config::from_vars(&vars(&[("KANISA_STORAGE_URL", "file:///srv/kanisa")]))
            .unwrap()
            .storage_url;
        assert_eq!(abs.path(), "/srv/kanisa");
        assert!(Config::from_vars(&vars(&[("KANISA_STORAGE_URL", "s3://")])).is_err());
    }

    #[test]
    fn redacts_url_passwords_and_queries() {
        assert_eq!(
            redact_url("postgres://u:p@h:5432/d?password=x"),
            "postgres://u:%5Bredacted%5D@h:5432/d?[redacted]"
        );
        assert_eq!(redact_url("nonsense"), "[redacted]");
    }

    #[test]
    fn trusted_proxies_are_blocks() {
        let c = Config::from_vars(&vars(&[(
            "KANISA_TRUSTED_PROXIES",
            "127.0.0.1, 10.0.0.0/8,::1",
        )]))
        .unwrap();
        let ip = |s: &str| s.parse::<std::net::IpAddr>().unwrap();
        assert_eq!(c.trusted_proxies.len(), 3);
        assert!(c.trusted_proxies[0].contains(ip("127.0.0.1")));
        assert!(c.trusted_proxies[0].contains(ip("::ffff:127.0.0.1")));
        assert!(!c.trusted_proxies[0].contains(ip("127.0.0.2")));
        assert!(c.trusted_proxies[1].contains(ip("10.200.3.4")));
        assert!(!c.trusted_proxies[1].contains(ip("11.0.0.1")));
        assert!(c.trusted_proxies[2].contains(ip("::1")));
        let all: IpBlock = "0.0.0.0/0".parse().unwrap();
        assert!(all.contains(ip("8.8.8.8")));
        for bad in ["10.0.0.0/33", "example.org", "10.0.0.0/x"] {
            let err = Config::from_vars(&vars(&[("KANISA_TRUSTED_PROXIES", bad)])).unwrap_err();
            assert!(err.to_string().contains("KANISA_TRUSTED_PROXIES"), "{err}");
        }
    }

    #[test]
    fn backup_roots_are_folders_or_buckets_separated_by_commas() {
        let c = Config::from_vars(&vars(&[(
            "KANISA_BACKUP_ROOTS",
            " /mnt/usb , file:///srv/disk2,s3://church-backups/kanisa ",
        )]))
        .unwrap();
        let roots: Vec<&str> = c.backups.roots.iter().map(Url::as_str).collect();
        assert_eq!(
            roots,
            [
                "file:///mnt/usb/",
                "file:///srv/disk2",
                "s3://church-backups/kanisa"
            ]
        );
        assert!(
            Config::from_vars(&vars(&[]))
                .unwrap()
                .backups
                .roots
                .is_empty()
        );
        for bad in ["mnt/usb", "https://x.example/y", "s3://"] {
            let e = Config::from_vars(&vars(&[("KANISA_BACKUP_ROOTS", bad)])).unwrap_err();
            assert!(e.to_string().contains("KANISA_BACKUP_ROOTS"), "{bad}: {e}");
        }
    }
}
