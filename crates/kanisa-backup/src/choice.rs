//! Which destination the backups go to now: `KANISA_BACKUP_URL` when the server has it, else
//! the `backup_destination` setting (System Settings → Backups), else the default folder beside
//! the data dir. Read again on every use, so a Super Admin's change reaches every instance
//! within one shipping pass, with no restart; the encryption key and any S3 credentials stay in
//! the environment (a setting is a database row, and a backup of the database must not hold
//! the key that opens it).
//!
//! What a change means is decided elsewhere: the WAL shipper records the new destination (and
//! copies every stored file there, as `kanisa.backup_file_copies` is per destination); the
//! scheduled backup finds no base backup there yet and takes one at once (the setting's
//! trigger asks for a check); moments before that stay restorable from the old destination.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use kanisa_pg::Pool;
use serde::Serialize;
use url::Url;

use crate::destination::Destination;
use crate::error::BackupError;

/// The setting a Super Admin edits.
pub const SETTING: &str = "backup_destination";

/// Where the destination in use was named.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Source {
    /// `KANISA_BACKUP_URL`: the operator's choice comes first.
    Environment,
    /// The `backup_destination` setting.
    Settings,
    /// Neither: the folder beside the data dir.
    Default,
}

impl Source {
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Environment => "environment",
            Source::Settings => "settings",
            Source::Default => "default",
        }
    }
}

/// The destination's address for `setting` (the setting's text, if any), and where it came
/// from. A setting naming a folder inside the live data dir is refused: a restore could not
/// leave the data dir untouched, and a dead disk would take both.
pub fn choose(
    environment: Option<&Url>,
    setting: Option<&str>,
    default: &Url,
    data_dir: Option<&Path>,
) -> Result<(Url, Source), BackupError> {
    if let Some(url) = environment {
        return Ok((url.clone(), Source::Environment));
    }
    let Some(text) = setting.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok((default.clone(), Source::Default));
    };
    let unusable = |why: &str| {
        BackupError::Destination(format!(
            "the backup destination in System Settings ({text}) {why}"
        ))
    };
    let url = Url::parse(text).map_err(|e| unusable(&format!("is not an address: {e}")))?;
    match url.scheme() {
        "s3" if url.host_str().is_some_and(|h| !h.is_empty()) => {}
        "file" => {
            let path = url
                .to_file_path()
                .map_err(|()| unusable("is not a folder (file:///path)"))?;
            if let Some(data_dir) = data_dir.and_then(|d| std::path::absolute(d).ok())
                && (path.starts_with(&data_dir) || data_dir.starts_with(&path))
            {
                return Err(unusable(
                    "is the data dir or inside it: choose another disk",
                ));
            }
        }
        _ => return Err(unusable("must be file:///path or s3://bucket/prefix")),
    }
    Ok((url, Source::Settings))
}

/// The destination in use, and where it was named.
#[derive(Clone, Debug)]
pub struct Chosen {
    pub destination: Destination,
    pub source: Source,
}

/// Chooses the destination on each use (see the module doc).
#[derive(Clone)]
pub struct Destinations {
    environment: Option<Url>,
    default: Url,
    key: Option<String>,
    data_dir: Option<PathBuf>,
    service: Option<Pool>,
    /// The last destination opened, reused while its address stays the same.
    opened: Arc<Mutex<Option<Destination>>>,
}

impl std::fmt::Debug for Destinations {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Destinations")
            .field("environment", &self.environment.as_ref().map(Url::as_str))
            .field("default", &self.default.as_str())
            .field("encrypted", &self.key.is_some())
            .finish()
    }
}

impl Destinations {
    /// `environment` is `KANISA_BACKUP_URL` (None when unset), `default` the folder used when
    /// nothing names one, `key` `KANISA_BACKUP_KEY`.
    pub fn new(environment: Option<Url>, default: Url, key: Option<String>) -> Destinations {
        Destinations {
            environment,
            default,
            key,
            data_dir: None,
            service: None,
            opened: Arc::new(Mutex::new(None)),
        }
    }

    /// Reads the setting from this database (without it, the environment or the default).
    pub fn with_settings(mut self, service: Pool, data_dir: PathBuf) -> Destinations {
        self.service = Some(service);
        self.data_dir = Some(data_dir);
        self
    }

    /// The destination to use now.
    pub async fn current(&self) -> Result<Chosen, BackupError> {
        let setting = match (&self.environment, &self.service) {
            (None, Some(service)) => read_setting(service).await?,
            _ => None,
        };
        let (url, source) = choose(
            self.environment.as_ref(),
            setting.as_deref(),
            &self.default,
            self.data_dir.as_deref(),
        )?;
        let mut opened = self.opened.lock().unwrap_or_else(|e| e.into_inner());
        let destination = match opened.as_ref() {
            Some(d) if *d.url() == url => d.clone(),
            _ => {
                let d = Destination::open(&url, self.key.as_deref())?;
                *opened = Some(d.clone());
                d
            }
        };
        Ok(Chosen {
            destination,
            source,
        })
    }
}

async fn read_setting(service: &Pool) -> Result<Option<String>, BackupError> {
    let client = service
        .get()
        .await
        .map_err(|e| BackupError::Database(e.to_string()))?;
    let row = client
        .query_opt(
            "SELECT s.value #>> '{}' FROM public.system_settings s WHERE s.key = $1",
            &[&SETTING],
        )
        .await
        .map_err(|e| BackupError::Database(kanisa_pg::describe(&e)))?;
    Ok(row.and_then(|r| r.get::<_, Option<String>>(0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url(s: &str) -> Url {
        Url::parse(s).unwrap()
    }

    #[test]
    fn the_environment_comes_first_then_the_setting_then_the_default() {
        let default = url("file:///srv/kanisa/backups/");
        let env = url("s3://ops-bucket/kanisa");
        assert_eq!(
            choose(Some(&env), Some("s3://other/x"), &default, None).unwrap(),
            (env.clone(), Source::Environment)
        );
        assert_eq!(
            choose(None, Some(" s3://church-backups/kanisa "), &default, None).unwrap(),
            (url("s3://church-backups/kanisa"), Source::Settings)
        );
        assert_eq!(
            choose(None, Some("file:///mnt/usb/kanisa"), &default, None).unwrap(),
            (url("file:///mnt/usb/kanisa"), Source::Settings)
        );
        assert_eq!(
            choose(None, None, &default, None).unwrap(),
            (default.clone(), Source::Default)
        );
        assert_eq!(
            choose(None, Some("  "), &default, None).unwrap(),
            (default, Source::Default),
            "an emptied field is the default again"
        );
    }

    #[test]
    fn a_setting_that_names_no_usable_place_says_why() {
        let default = url("file:///srv/kanisa/backups/");
        let refused = |text: &str| {
            choose(
                None,
                Some(text),
                &default,
                Some(Path::new("/srv/kanisa/data")),
            )
            .unwrap_err()
            .to_string()
        };
        assert!(refused("backups").contains("is not an address"));
        assert!(refused("https://example.org/x").contains("must be file:///path or s3://"));
        assert!(refused("s3:///nobucket").contains("must be file:///path or s3://"));
        assert!(refused("file:///srv/kanisa/data/backups").contains("inside it"));
        assert!(
            refused("file:///srv/kanisa").contains("inside it"),
            "a parent holds it too"
        );
        assert!(
            choose(
                None,
                Some("file:///srv/other-disk"),
                &default,
                Some(Path::new("/srv/kanisa/data"))
            )
            .is_ok()
        );
    }
}
