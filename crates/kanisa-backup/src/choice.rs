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
//!
//! A destination typed in System Settings is held to what the operator allows ([`Allowed`],
//! issue 42): a folder is resolved to its real path first (every symlink, `..` and encoded
//! separator followed, nothing created), must lie under one of the allowed roots
//! (`KANISA_BACKUP_ROOTS`; by default the default folder, `/mnt`, `/media` and `/srv`), and is
//! never the data dir, the file store's folder or a system folder, nor above one of them; a
//! bucket must lie under an allowed `s3://` root when the operator names any. The folder used
//! is the resolved one, so a symlink changed after the check changes nothing.

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

/// Where a destination named in System Settings may be (see the module doc).
#[derive(Clone, Debug, Default)]
pub struct Allowed {
    /// Folders a file destination must lie under.
    pub roots: Vec<PathBuf>,
    /// Buckets (with a prefix) an S3 destination must lie under; none: any bucket the
    /// credentials given to Kanisa reach.
    pub buckets: Vec<Url>,
    /// Folders a destination is never in or above: the data dir, the file store's folder.
    pub never: Vec<(PathBuf, &'static str)>,
}

/// Folders of the system a destination is never in, whatever the roots allow.
const SYSTEM: &[&str] = &[
    "/bin", "/boot", "/dev", "/etc", "/lib", "/lib32", "/lib64", "/libx32", "/proc", "/root",
    "/run", "/sbin", "/sys", "/usr", "/var/lib", "/var/log", "/var/run",
];

impl Allowed {
    /// The operator's roots (`KANISA_BACKUP_ROOTS`: folders and `s3://` prefixes; none given:
    /// `default_roots`), and the folders never to use.
    pub fn new(
        roots: &[Url],
        default_roots: &[PathBuf],
        data_dir: &Path,
        storage_root: Option<&Path>,
    ) -> Allowed {
        let mut allowed = Allowed::default();
        for root in roots {
            match root.scheme() {
                "s3" => allowed.buckets.push(root.clone()),
                _ => allowed.roots.extend(root.to_file_path().ok()),
            }
        }
        if roots.is_empty() {
            allowed.roots = default_roots.to_vec();
        }
        allowed.never.push((data_dir.to_owned(), "the data dir"));
        if let Some(storage) = storage_root {
            allowed
                .never
                .push((storage.to_owned(), "the file store's folder"));
        }
        allowed
    }

    /// The default roots beside `default` (the default destination's folder).
    pub fn default_roots(default: &Url) -> Vec<PathBuf> {
        default
            .to_file_path()
            .ok()
            .into_iter()
            .chain(["/mnt", "/media", "/srv"].map(PathBuf::from))
            .collect()
    }

    /// The resolved folder for `path`, or why it cannot be a destination.
    fn folder(&self, path: &Path) -> Result<PathBuf, String> {
        let real = resolve(path).map_err(|e| format!("cannot be checked ({e})"))?;
        let shown = if real == path {
            String::new()
        } else {
            format!(" (that is {})", real.display())
        };
        for (never, what) in &self.never {
            let never = resolve(never).unwrap_or_else(|_| never.clone());
            if real.starts_with(&never) || never.starts_with(&real) {
                return Err(format!(
                    "is {what}, inside it or above it{shown}: choose another disk"
                ));
            }
        }
        if let Some(system) = SYSTEM.iter().map(Path::new).find(|s| real.starts_with(s)) {
            return Err(format!(
                "is a system folder ({}){shown}: choose another disk",
                system.display()
            ));
        }
        let under = self.roots.iter().any(|root| {
            let root = resolve(root).unwrap_or_else(|_| root.clone());
            real.starts_with(&root) && real != Path::new("/")
        });
        if !under {
            let roots: Vec<String> = self.roots.iter().map(|r| r.display().to_string()).collect();
            return Err(format!(
                "is not under a folder this server allows for backups ({}){shown}; its operator \
                 can allow others with KANISA_BACKUP_ROOTS",
                roots.join(", ")
            ));
        }
        Ok(real)
    }

    /// Why `url` (an `s3://` address) cannot be a destination, if it cannot.
    fn bucket(&self, url: &Url) -> Result<(), String> {
        if self.buckets.is_empty() {
            return Ok(());
        }
        let prefix = |u: &Url| {
            format!(
                "{}/{}",
                u.host_str().unwrap_or(""),
                u.path().trim_matches('/')
            )
        };
        let wanted = prefix(url);
        let under = self.buckets.iter().any(|root| {
            let root = prefix(root);
            let root = root.trim_end_matches('/');
            wanted.trim_end_matches('/') == root || wanted.starts_with(&format!("{root}/"))
        });
        if under {
            return Ok(());
        }
        let roots: Vec<&str> = self.buckets.iter().map(Url::as_str).collect();
        Err(format!(
            "is not in a bucket this server allows for backups ({}); its operator can allow \
             others with KANISA_BACKUP_ROOTS",
            roots.join(", ")
        ))
    }
}

/// `path` with every symlink, `.` and `..` followed, as far as it exists (the rest as written,
/// with `..` taken lexically: a folder that does not exist holds no symlink). Creates nothing.
pub fn resolve(path: &Path) -> std::io::Result<PathBuf> {
    use std::path::Component;
    let path = std::path::absolute(path)?;
    let mut real = PathBuf::from("/");
    let mut exists = true;
    for part in path.components() {
        match part {
            Component::Prefix(_) | Component::RootDir => real = PathBuf::from("/"),
            Component::CurDir => {}
            Component::ParentDir => {
                real.pop();
            }
            Component::Normal(name) => {
                real.push(name);
                if !exists {
                    continue;
                }
                match std::fs::symlink_metadata(&real) {
                    Ok(meta) if meta.file_type().is_symlink() => {
                        real = std::fs::canonicalize(&real)?;
                    }
                    Ok(_) => {}
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => exists = false,
                    Err(e) => return Err(e),
                }
            }
        }
    }
    Ok(real)
}

/// The destination's address for `setting` (the setting's text, if any), and where it came
/// from; a setting is held to `allowed` (see the module doc), and a folder it names is used as
/// resolved.
pub fn choose(
    environment: Option<&Url>,
    setting: Option<&str>,
    default: &Url,
    allowed: &Allowed,
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
        "s3" if url.host_str().is_some_and(|h| !h.is_empty()) => {
            allowed.bucket(&url).map_err(|why| unusable(&why))?;
            Ok((url, Source::Settings))
        }
        "file" => {
            let path = url
                .to_file_path()
                .map_err(|()| unusable("is not a folder (file:///path)"))?;
            let real = allowed.folder(&path).map_err(|why| unusable(&why))?;
            if real == path {
                return Ok((url, Source::Settings));
            }
            let url = Url::from_directory_path(&real)
                .map_err(|()| unusable("is not a folder (file:///path)"))?;
            Ok((url, Source::Settings))
        }
        _ => Err(unusable("must be file:///path or s3://bucket/prefix")),
    }
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
    /// The key is the one Kanisa generated (no `KANISA_BACKUP_KEY`).
    key_generated: bool,
    allowed: Allowed,
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
            .field("key_generated", &self.key_generated)
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
            key_generated: false,
            allowed: Allowed::default(),
            service: None,
            opened: Arc::new(Mutex::new(None)),
        }
    }

    /// The key is the one Kanisa generated into the data dir (Settings asks for its recovery
    /// sheet to be stored away from the server).
    pub fn with_generated_key(mut self) -> Destinations {
        self.key_generated = self.key.is_some();
        self
    }

    /// Whether the key is the one Kanisa generated.
    pub fn key_generated(&self) -> bool {
        self.key_generated
    }

    /// The key that seals what is written, for the recovery sheet (never logged or stored).
    pub fn key(&self) -> Option<&str> {
        self.key.as_deref()
    }

    /// Reads the setting from this database (without it, the environment or the default),
    /// held to `allowed`.
    pub fn with_settings(mut self, service: Pool, allowed: Allowed) -> Destinations {
        self.service = Some(service);
        self.allowed = allowed;
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
            &self.allowed,
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

    /// The roots by default, for a data dir at /srv/kanisa/data.
    fn srv() -> Allowed {
        let default = url("file:///srv/kanisa/backups/");
        Allowed::new(
            &[],
            &Allowed::default_roots(&default),
            Path::new("/srv/kanisa/data"),
            Some(Path::new("/srv/kanisa/storage")),
        )
    }

    #[test]
    fn the_environment_comes_first_then_the_setting_then_the_default() {
        let default = url("file:///srv/kanisa/backups/");
        let env = url("s3://ops-bucket/kanisa");
        let allowed = srv();
        assert_eq!(
            choose(Some(&env), Some("s3://other/x"), &default, &allowed).unwrap(),
            (env.clone(), Source::Environment)
        );
        assert_eq!(
            choose(
                None,
                Some(" s3://church-backups/kanisa "),
                &default,
                &allowed
            )
            .unwrap(),
            (url("s3://church-backups/kanisa"), Source::Settings)
        );
        assert_eq!(
            choose(None, Some("file:///mnt/usb/kanisa"), &default, &allowed).unwrap(),
            (url("file:///mnt/usb/kanisa"), Source::Settings)
        );
        assert_eq!(
            choose(None, None, &default, &allowed).unwrap(),
            (default.clone(), Source::Default)
        );
        assert_eq!(
            choose(None, Some("  "), &default, &allowed).unwrap(),
            (default, Source::Default),
            "an emptied field is the default again"
        );
    }

    #[test]
    fn a_setting_that_names_no_usable_place_says_why() {
        let default = url("file:///srv/kanisa/backups/");
        let refused = |text: &str| {
            choose(None, Some(text), &default, &srv())
                .unwrap_err()
                .to_string()
        };
        assert!(refused("backups").contains("is not an address"));
        assert!(refused("https://example.org/x").contains("must be file:///path or s3://"));
        assert!(refused("s3:///nobucket").contains("must be file:///path or s3://"));
        assert!(refused("file:///srv/kanisa/data/backups").contains("the data dir, inside it"));
        assert!(
            refused("file:///srv/kanisa").contains("the data dir, inside it or above it"),
            "a parent holds it too"
        );
        assert!(refused("file:///srv/kanisa/storage/x").contains("the file store's folder"));
        assert!(refused("file:///srv/kanisa/x/../data").contains("the data dir"));
        assert!(refused("file:///etc/kanisa").contains("a system folder (/etc)"));
        assert!(refused("file:///opt/backups").contains("KANISA_BACKUP_ROOTS"));
        assert!(refused("file:///").contains("the data dir, inside it or above it"));
        assert!(choose(None, Some("file:///srv/other-disk"), &default, &srv()).is_ok());
    }

    #[test]
    fn buckets_are_held_to_the_operator_s3_roots_when_named() {
        let default = url("file:///srv/kanisa/backups/");
        let allowed = Allowed::new(
            &[url("s3://church-backups/kanisa"), url("file:///mnt/usb")],
            &[],
            Path::new("/srv/kanisa/data"),
            None,
        );
        assert!(
            choose(
                None,
                Some("s3://church-backups/kanisa/daily"),
                &default,
                &allowed
            )
            .is_ok()
        );
        assert!(choose(None, Some("s3://church-backups/kanisa"), &default, &allowed).is_ok());
        let refused = choose(
            None,
            Some("s3://church-backups/kanisa-other"),
            &default,
            &allowed,
        )
        .unwrap_err()
        .to_string();
        assert!(
            refused.contains("not in a bucket this server allows"),
            "{refused}"
        );
        assert!(choose(None, Some("s3://attacker/x"), &default, &allowed).is_err());
        assert!(choose(None, Some("file:///mnt/usb/kanisa"), &default, &allowed).is_ok());
        assert!(
            choose(None, Some("file:///srv/other"), &default, &allowed).is_err(),
            "the roots named replace the default ones"
        );
    }

    /// The outside probe's spellings (issue 42), on real folders: each is refused with its
    /// reason, and nothing is created.
    #[test]
    fn every_spelling_of_the_data_dir_or_a_system_folder_is_refused_and_nothing_is_written() {
        let top = tempfile::tempdir().unwrap();
        let top = std::fs::canonicalize(top.path()).unwrap();
        let data = top.join("data");
        let cluster = data.join("postgres").join("base").join("5");
        std::fs::create_dir_all(&cluster).unwrap();
        std::fs::create_dir_all(top.join("storage")).unwrap();
        std::os::unix::fs::symlink(&data, top.join("innocent")).unwrap();
        let default = Url::from_directory_path(top.join("backups")).unwrap();
        let allowed = Allowed::new(
            &[Url::from_directory_path(&top).unwrap()],
            &[],
            &data,
            Some(&top.join("storage")),
        );
        let before = listing(&top);
        let t = top.display();
        let spellings = [
            (format!("file://{t}/innocent/backups"), "the data dir"),
            (
                format!("file:///proc/self/root{t}/data/backups"),
                "the data dir",
            ),
            (format!("file://{t}/storage%2F..%2Fdata"), "the data dir"),
            (format!("file://{t}/storage/%2E%2E/data/x"), "the data dir"),
            (format!("file://{}", cluster.display()), "the data dir"),
            (
                format!("file://{t}/storage/backups"),
                "the file store's folder",
            ),
            (
                "file:///etc/kanisa-backups".to_owned(),
                "a system folder (/etc)",
            ),
            ("file:///root/kanisa".to_owned(), "a system folder (/root)"),
            (
                "file:///proc/self/root/etc/x".to_owned(),
                "a system folder (/etc)",
            ),
            (
                "file:///opt/kanisa".to_owned(),
                "not under a folder this server allows",
            ),
        ];
        for (spelling, reason) in &spellings {
            let refused = choose(None, Some(spelling), &default, &allowed)
                .expect_err(spelling)
                .to_string();
            assert!(refused.contains(reason), "{spelling}: {refused}");
        }
        assert_eq!(listing(&top), before, "nothing was created");
        assert!(!Path::new("/etc/kanisa-backups").exists());
        assert!(!Path::new("/opt/kanisa").exists());
        // Another folder under the root is used as resolved, symlinks followed.
        std::fs::create_dir_all(top.join("disk")).unwrap();
        std::os::unix::fs::symlink(top.join("disk"), top.join("usb")).unwrap();
        let (chosen, _) = choose(
            None,
            Some(&format!("file://{t}/usb/kanisa")),
            &default,
            &allowed,
        )
        .unwrap();
        assert_eq!(
            chosen.to_file_path().unwrap(),
            top.join("disk").join("kanisa")
        );
    }

    /// Every path under `dir`, sorted.
    fn listing(dir: &Path) -> Vec<PathBuf> {
        let mut out = Vec::new();
        let mut todo = vec![dir.to_owned()];
        while let Some(d) = todo.pop() {
            for entry in std::fs::read_dir(&d).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() && !path.is_symlink() {
                    todo.push(path.clone());
                }
                out.push(path);
            }
        }
        out.sort();
        out
    }

    #[test]
    fn resolving_follows_symlinks_and_dots_without_creating() {
        let top = tempfile::tempdir().unwrap();
        let top = std::fs::canonicalize(top.path()).unwrap();
        std::fs::create_dir(top.join("a")).unwrap();
        std::os::unix::fs::symlink(top.join("a"), top.join("link")).unwrap();
        assert_eq!(resolve(&top.join("link/b/../c")).unwrap(), top.join("a/c"));
        assert_eq!(resolve(&top.join("link/../x")).unwrap(), top.join("x"));
        assert_eq!(
            resolve(Path::new("/proc/self/root/etc")).unwrap(),
            PathBuf::from("/etc")
        );
        assert!(!top.join("a/c").exists());
    }
}
