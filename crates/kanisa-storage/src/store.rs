//! Where the bytes live: a folder on this machine (`file://`) or an S3-compatible bucket
//! (`s3://bucket[/prefix]` with the usual AWS_* variables), behind object_store.
//!
//! Layout: every stored version of an object is one key, `{bucket_id}/{version}` (a UUID),
//! written once and never overwritten. The object's name lives only in `storage.objects`, so
//! no client-chosen text ever becomes a file path.

use std::path::{Path as FsPath, PathBuf};
use std::sync::Arc;

use object_store::ObjectStore;
use object_store::path::Path;
use url::Url;
use uuid::Uuid;

use crate::error::StorageError;

/// An object store and what kind it is.
#[derive(Clone)]
pub struct Store {
    pub(crate) inner: Arc<dyn ObjectStore>,
    backend: Backend,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Backend {
    /// A folder; object_store stages each write as `<key>#<n>` and renames it into place.
    Local { root: PathBuf },
    /// An S3-compatible bucket.
    S3 { bucket: String },
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
            .field("backend", &self.backend)
            .finish()
    }
}

impl Store {
    /// The store `KANISA_STORAGE_URL` names: `file:///path` (created if missing) or
    /// `s3://bucket[/prefix]`. For S3, AWS_ENDPOINT_URL (or AWS_ENDPOINT), AWS_REGION,
    /// AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN and the other AWS_* settings
    /// object_store knows come from the environment; an `http://` endpoint (a local S3 server)
    /// is allowed.
    pub fn from_url(url: &Url) -> Result<Store, StorageError> {
        match url.scheme() {
            "file" => {
                let root = url.to_file_path().map_err(|()| {
                    StorageError::Config(format!("{url} is not a folder on this machine"))
                })?;
                Store::local(&root)
            }
            "s3" => Store::s3(url, std::env::vars()),
            other => Err(StorageError::Config(format!(
                "unknown scheme {other}:// (use file:///path or s3://bucket)"
            ))),
        }
    }

    /// A folder on this machine, created if missing.
    pub fn local(root: &FsPath) -> Result<Store, StorageError> {
        std::fs::create_dir_all(root).map_err(|e| {
            StorageError::Config(format!("cannot create the folder {}: {e}", root.display()))
        })?;
        let fs = object_store::local::LocalFileSystem::new_with_prefix(root)
            .map_err(|e| StorageError::Config(format!("{}: {e}", root.display())))?;
        let root = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_owned());
        Ok(Store {
            inner: Arc::new(fs),
            backend: Backend::Local { root },
        })
    }

    /// An S3-compatible bucket; settings from `env` (the process environment in production).
    ///
    /// Only credentials given to Kanisa explicitly are used (issue 42): an access key pair, a web
    /// identity token file or a container credentials address in `env`. Without any, the bucket
    /// is refused rather than the machine's metadata service asked for its role's credentials
    /// (an address typed in System Settings would otherwise upload under the machine's
    /// identity), unless the operator opts in with `KANISA_S3_INSTANCE_ROLE=true`.
    pub fn s3(
        url: &Url,
        env: impl IntoIterator<Item = (String, String)>,
    ) -> Result<Store, StorageError> {
        use object_store::aws::{AmazonS3Builder, AmazonS3ConfigKey};
        let bucket = url
            .host_str()
            .filter(|h| !h.is_empty())
            .ok_or_else(|| StorageError::Config(format!("{url} names no bucket")))?
            .to_owned();
        let env: Vec<(String, String)> = env.into_iter().filter(|(_, v)| !v.is_empty()).collect();
        let has = |name: &str| env.iter().any(|(k, _)| k == name);
        let explicit = (has("AWS_ACCESS_KEY_ID") && has("AWS_SECRET_ACCESS_KEY"))
            || has("AWS_WEB_IDENTITY_TOKEN_FILE")
            || has("AWS_CONTAINER_CREDENTIALS_RELATIVE_URI")
            || has("AWS_CONTAINER_CREDENTIALS_FULL_URI")
            || has("AWS_SKIP_SIGNATURE");
        let instance_role = env.iter().any(|(k, v)| {
            k == "KANISA_S3_INSTANCE_ROLE"
                && matches!(v.to_ascii_lowercase().as_str(), "1" | "true" | "yes")
        });
        if !explicit && !instance_role {
            return Err(StorageError::Config(format!(
                "{url}: no credentials were given to Kanisa for this bucket: set \
                 AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY in the server's environment \
                 (or KANISA_S3_INSTANCE_ROLE=true to use this machine's cloud role)"
            )));
        }
        let mut builder = AmazonS3Builder::new().with_bucket_name(&bucket);
        let mut endpoint = None;
        let mut allow_http_set = false;
        for (key, value) in env {
            if !key.starts_with("AWS_") {
                continue;
            }
            if let Ok(config_key) = key.to_ascii_lowercase().parse::<AmazonS3ConfigKey>() {
                if matches!(key.as_str(), "AWS_ENDPOINT_URL" | "AWS_ENDPOINT") {
                    endpoint = Some(value.clone());
                }
                if key == "AWS_ALLOW_HTTP" {
                    allow_http_set = true;
                }
                builder = builder.with_config(config_key, value);
            }
        }
        if !allow_http_set
            && endpoint
                .as_deref()
                .is_some_and(|e| e.starts_with("http://"))
        {
            builder = builder.with_allow_http(true);
        }
        let s3 = builder
            .build()
            .map_err(|e| StorageError::Config(format!("{url}: {e}")))?;
        let prefix = url.path().trim_matches('/');
        let inner: Arc<dyn ObjectStore> = if prefix.is_empty() {
            Arc::new(s3)
        } else {
            Arc::new(object_store::prefix::PrefixStore::new(s3, prefix))
        };
        Ok(Store {
            inner,
            backend: Backend::S3 { bucket },
        })
    }

    pub fn backend(&self) -> &Backend {
        &self.backend
    }

    /// The object store itself, for a consumer that keeps its own layout in it (kanisa-backup's
    /// destination). Objects of this crate's layout are read through [`Store::key`].
    pub fn object_store(&self) -> Arc<dyn ObjectStore> {
        self.inner.clone()
    }

    /// The key of one stored version of an object.
    pub fn key(bucket_id: &str, version: Uuid) -> Path {
        Path::from(format!("{bucket_id}/{version}"))
    }

    /// The bucket and version a key names, if it is one of ours.
    pub fn parse_key(key: &Path) -> Option<(String, Uuid)> {
        let mut parts = key.parts();
        let bucket = parts.next()?.as_ref().to_owned();
        let version = parts.next()?.as_ref().parse().ok()?;
        parts.next().is_none().then_some((bucket, version))
    }

    /// Files a local write left half-done when the process died (object_store's
    /// `<key>#<digits>` staging files, which its listings do not show). Empty for S3, where an
    /// unfinished multipart upload is invisible: a lifecycle rule
    /// (AbortIncompleteMultipartUpload) cleans those.
    pub fn staging_leftovers(&self) -> Vec<PathBuf> {
        let Backend::Local { root } = &self.backend else {
            return Vec::new();
        };
        let mut found = Vec::new();
        let mut dirs = vec![root.clone()];
        while let Some(dir) = dirs.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for entry in entries.flatten() {
                let path = entry.path();
                match entry.file_type() {
                    Ok(t) if t.is_dir() => dirs.push(path),
                    Ok(t) if t.is_file() => {
                        let name = entry.file_name();
                        let name = name.to_string_lossy();
                        if let Some((_, suffix)) = name.rsplit_once('#')
                            && !suffix.is_empty()
                            && suffix.bytes().all(|b| b.is_ascii_digit())
                        {
                            found.push(path);
                        }
                    }
                    _ => {}
                }
            }
        }
        found.sort();
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_round_trip() {
        let v = Uuid::new_v4();
        let key = Store::key("church-files", v);
        assert_eq!(key.as_ref(), format!("church-files/{v}"));
        assert_eq!(Store::parse_key(&key), Some(("church-files".into(), v)));
        assert_eq!(Store::parse_key(&Path::from("church-files/x")), None);
        assert_eq!(Store::parse_key(&Path::from(format!("a/{v}/b"))), None);
    }

    #[test]
    fn s3_from_url_and_environment() {
        let url = Url::parse("s3://church-bucket/kanisa").unwrap();
        let env = [
            ("AWS_ENDPOINT_URL", "http://127.0.0.1:5000"),
            ("AWS_REGION", "us-east-1"),
            ("AWS_ACCESS_KEY_ID", "test"),
            ("AWS_SECRET_ACCESS_KEY", "test"),
            ("HOME", "/root"),
        ]
        .map(|(k, v)| (k.to_owned(), v.to_owned()));
        let store = Store::s3(&url, env).unwrap();
        assert_eq!(
            store.backend(),
            &Backend::S3 {
                bucket: "church-bucket".into()
            }
        );
        assert!(Store::from_url(&Url::parse("ftp://x").unwrap()).is_err());
    }

    /// No credentials given: refused before any request, so the machine's metadata service
    /// (pointed here at a listener of the test's) is never asked (issue 42).
    #[tokio::test]
    async fn a_bucket_without_explicit_credentials_is_refused_and_the_metadata_service_never_asked()
    {
        let metadata = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let endpoint = format!("http://{}", metadata.local_addr().unwrap());
        let url = Url::parse("s3://attacker-bucket/kanisa").unwrap();
        let env = |extra: &[(&str, &str)]| {
            [
                ("AWS_REGION", "us-east-1"),
                ("AWS_METADATA_ENDPOINT", endpoint.as_str()),
            ]
            .iter()
            .chain(extra)
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect::<Vec<_>>()
        };
        let Err(refused) = Store::s3(&url, env(&[("AWS_ACCESS_KEY_ID", "only-half")])) else {
            panic!("a bucket without explicit credentials was opened")
        };
        assert!(
            refused
                .to_string()
                .contains("no credentials were given to Kanisa"),
            "{refused}"
        );
        // With the operator's opt-in, the role is used: the first request asks the listener.
        let store = Store::s3(&url, env(&[("KANISA_S3_INSTANCE_ROLE", "true")])).unwrap();
        let asked = tokio::spawn(async move { metadata.accept().await.is_ok() });
        let _ = tokio::time::timeout(
            std::time::Duration::from_secs(10),
            object_store::ObjectStoreExt::head(&*store.object_store(), &Path::from("x")),
        )
        .await;
        assert!(
            asked.await.unwrap(),
            "with the opt-in the metadata service is asked"
        );
    }
}
