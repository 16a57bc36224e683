//! The storage service without HTTP, over a real database (kanisa-test-db, policies applied)
//! and a folder: who may upload and read what, limits and types while streaming, the row/bytes
//! protocol and the consistency check.

use std::path::{Path, PathBuf};
use std::time::Duration;

use bytes::Bytes;
use futures_util::{StreamExt, TryStreamExt};
use kanisa_storage::{
    Caller, Clock, ListOptions, Orphan, Storage, StorageError, StorageOptions, Store,
    UploadRequest, Uploaded,
};
use kanisa_test_db::TestDb;
use serde_json::{Value, json};

const SECRET: &str = "kanisa-test-secret-kanisa-test-secret";
const MB: usize = 1024 * 1024;

struct Env {
    db: TestDb,
    dir: tempfile::TempDir,
    storage: Storage,
    clock: Clock,
}

async fn env() -> Env {
    env_with(StorageOptions::default()).await
}

async fn env_with(mut options: StorageOptions) -> Env {
    let db = TestDb::new().await;
    let dir = tempfile::tempdir().unwrap();
    let clock = Clock::manual(1_750_000_000);
    options.clock = clock.clone();
    let store = Store::local(dir.path()).unwrap();
    let storage = Storage::new(store, db.api_pool(), db.pool(), SECRET, options);
    Env {
        db,
        dir,
        storage,
        clock,
    }
}

fn anon() -> Caller {
    Caller::anon()
}

/// A signed-in user with a profile of `role` (its default permissions, or `permissions`).
async fn user(db: &TestDb, role: &str, permissions: Option<&[&str]>) -> Caller {
    let client = db.client().await;
    let email = format!(
        "{}-{}@storage.test",
        role.to_lowercase(),
        uuid::Uuid::new_v4()
    );
    let permissions: Option<Vec<String>> =
        permissions.map(|p| p.iter().map(|s| (*s).to_owned()).collect());
    let id: String = client
        .query_one(
            "WITH a AS (INSERT INTO auth.users (email, encrypted_password) \
                        VALUES ($1, 'not a hash') RETURNING id, email) \
             INSERT INTO public.users (id, email, full_name, role, permissions) \
             SELECT id, email, 'Test', $2, $3 FROM a RETURNING id::text",
            &[&email, &role, &permissions],
        )
        .await
        .unwrap()
        .get(0);
    Caller::new(
        "authenticated",
        json!({"sub": id, "role": "authenticated"}).to_string(),
    )
    .with_client_ip("127.0.0.1")
    .with_method("POST")
    .with_path("/storage/v1/object")
}

fn pdf(len: usize) -> Vec<u8> {
    let mut bytes = b"%PDF-1.4\n".to_vec();
    bytes.resize(len.max(9), b'x');
    bytes
}

fn png(len: usize) -> Vec<u8> {
    let mut bytes = b"\x89PNG\r\n\x1a\n".to_vec();
    bytes.resize(len.max(8), 0);
    bytes
}

/// `bytes` as a body arriving in 64 KiB chunks.
fn body(bytes: Vec<u8>) -> impl futures_util::Stream<Item = Result<Bytes, std::io::Error>> {
    let bytes = Bytes::from(bytes);
    let chunks: Vec<Bytes> = (0..bytes.len().div_ceil(64 * 1024).max(1))
        .map(|i| bytes.slice(i * 64 * 1024..((i + 1) * 64 * 1024).min(bytes.len())))
        .collect();
    futures_util::stream::iter(chunks.into_iter().map(Ok))
}

impl Env {
    async fn upload(
        &self,
        caller: &Caller,
        path: &str,
        bytes: Vec<u8>,
        content_type: Option<&str>,
        upsert: bool,
    ) -> Result<Uploaded, StorageError> {
        let pending = self
            .storage
            .begin_upload(UploadRequest {
                caller,
                bucket: "church-files",
                path,
                upsert,
                content_type,
                content_length: None,
            })
            .await?;
        let written = self.storage.write(pending, body(bytes)).await?;
        self.storage.commit(written, Some("3600"), None).await
    }

    async fn read(&self, caller: &Caller, name: &str) -> Result<Vec<u8>, StorageError> {
        let info = self.storage.find(caller, "church-files", name).await?;
        let chunks: Vec<Bytes> = self.storage.open(&info, None).await?.try_collect().await?;
        Ok(chunks.concat())
    }

    /// Every file under the storage folder, staging files included.
    fn files(&self) -> Vec<PathBuf> {
        fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
            for e in std::fs::read_dir(dir).unwrap().flatten() {
                if e.file_type().unwrap().is_dir() {
                    walk(&e.path(), out);
                } else {
                    out.push(e.path());
                }
            }
        }
        let mut out = Vec::new();
        walk(self.dir.path(), &mut out);
        out
    }

    /// Waits (up to 10 s) until the storage folder holds `n` files, and returns them: the
    /// bytes of an upload refused, broken off or never committed are removed in the background.
    async fn files_settled(&self, n: usize) -> Vec<PathBuf> {
        let start = std::time::Instant::now();
        loop {
            let files = self.files();
            if files.len() == n {
                return files;
            }
            assert!(
                start.elapsed() < kanisa_test_db::patient(Duration::from_secs(10)),
                "{} files, not {n}: {files:?}",
                files.len()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    async fn rows(&self) -> i64 {
        self.db
            .client()
            .await
            .query_one("SELECT count(*) FROM storage.objects", &[])
            .await
            .unwrap()
            .get(0)
    }
}

fn name_of(up: &Uploaded) -> &str {
    up.key.strip_prefix("church-files/").unwrap()
}

#[tokio::test]
async fn content_staff_publish_into_public_and_anyone_reads_it() {
    let env = env().await;
    let editor = user(&env.db, "CONTENT_ADMIN", None).await;
    let up = env
        .upload(
            &editor,
            "public/sermons/notes.pdf",
            pdf(2000),
            Some("application/pdf"),
            false,
        )
        .await
        .unwrap();
    assert_eq!(up.key, "church-files/public/sermons/notes.pdf");
    assert_eq!(
        env.read(&anon(), "public/sermons/notes.pdf").await.unwrap(),
        pdf(2000)
    );
    let info = env
        .storage
        .find(&anon(), "church-files", "public/sermons/notes.pdf")
        .await
        .unwrap();
    assert_eq!(info.id, up.id);
    assert_eq!(info.mime_type, "application/pdf");
    assert_eq!(info.cache_control, "max-age=3600");
    assert_eq!(info.size, 2000);

    // Neither anon nor a member may publish; nothing is stored for them.
    for who in [anon(), user(&env.db, "MEMBER", None).await] {
        let err = env
            .upload(&who, "public/x.pdf", pdf(100), None, false)
            .await
            .unwrap_err();
        assert!(matches!(err, StorageError::AccessDenied(_)), "{err:?}");
        assert_eq!(
            err.to_string(),
            "You may not upload 'public/x.pdf' to church-files"
        );
        assert_eq!(err.status_code_label().0, 403);
    }
    assert_eq!(env.files().len(), 1);
    // Outside the four folders nobody but the server writes, not even content staff.
    let err = env
        .upload(&editor, "private/x.pdf", pdf(100), None, false)
        .await
        .unwrap_err();
    assert!(matches!(err, StorageError::AccessDenied(_)), "{err:?}");
}

#[tokio::test]
async fn request_attachments_get_server_names_and_only_communication_staff_read_them() {
    let env = env().await;
    let up = env
        .upload(&anon(), "submissions/My Report.PDF", pdf(500), None, false)
        .await
        .unwrap();
    let name = name_of(&up).to_owned();
    let (folder, rest) = name.split_once('/').unwrap();
    assert_eq!(folder, "submissions");
    assert!(
        rest.len() == 13 + 1 + 12 + 4
            && rest.ends_with(".pdf")
            && rest.starts_with("1750000000000-"),
        "{name}"
    );

    // Nobody but communication staff reads it, even with the exact name: 403, not 404.
    let content = user(&env.db, "CONTENT_ADMIN", None).await;
    let member = user(&env.db, "MEMBER", None).await;
    for who in [&anon(), &content, &member] {
        let err = env.read(who, &name).await.unwrap_err();
        assert!(matches!(err, StorageError::AccessDenied(_)), "{err:?}");
        assert_eq!(
            err.to_string(),
            format!("You may not read '{name}' in church-files")
        );
    }
    let missing = env
        .read(&anon(), "submissions/1750000000000-aaaaaaaaaaaa.pdf")
        .await
        .unwrap_err();
    assert!(matches!(missing, StorageError::NoSuchKey), "{missing:?}");

    for role in ["ELDER", "MEMBER_ADMIN", "ADMIN"] {
        let staff = user(&env.db, role, None).await;
        assert_eq!(env.read(&staff, &name).await.unwrap(), pdf(500), "{role}");
    }
    let info = env
        .storage
        .find(&user(&env.db, "ELDER", None).await, "church-files", &name)
        .await
        .unwrap();
    assert_eq!(info.metadata, json!({"originalName": "My Report.PDF"}));
    assert_eq!(info.display_name(), "My Report.PDF");

    // A signed link: only for those who may read; it opens the object until it expires.
    let err = env
        .storage
        .sign(&anon(), "church-files", &name, Some(60))
        .await
        .unwrap_err();
    assert!(matches!(err, StorageError::AccessDenied(_)), "{err:?}");
    let elder = user(&env.db, "ELDER", None).await;
    let link = env
        .storage
        .sign(&elder, "church-files", &name, Some(60))
        .await
        .unwrap();
    let prefix = format!("/object/sign/church-files/{name}?token=");
    assert!(link.starts_with(&prefix), "{link}");
    let token = &link[prefix.len()..];
    let found = env
        .storage
        .find_signed(token, "church-files", &name)
        .await
        .unwrap();
    assert_eq!(found.id, up.id);
    let other = env
        .storage
        .find_signed(
            token,
            "church-files",
            "submissions/1750000000000-bbbbbbbbbbbb.pdf",
        )
        .await
        .unwrap_err();
    assert_eq!(other.to_string(), "The signed link is for another object");
    env.clock.advance(60);
    let expired = env
        .storage
        .find_signed(token, "church-files", &name)
        .await
        .unwrap_err();
    assert_eq!(expired.to_string(), "The signed link has expired");
    assert_eq!(
        expired.status_code_label(),
        (400, "InvalidSignature", "Invalid Signature")
    );

    // The default validity is an hour; more than a week is refused.
    assert!(
        env.storage
            .sign(&elder, "church-files", &name, None)
            .await
            .is_ok()
    );
    let long = env
        .storage
        .sign(&elder, "church-files", &name, Some(8 * 24 * 3600))
        .await
        .unwrap_err();
    assert_eq!(
        long.to_string(),
        "expiresIn must be between 1 and 604800 seconds"
    );

    // Several at once: the caller's visible ones get links.
    let many = env
        .storage
        .sign_many(
            &elder,
            "church-files",
            &[name.clone(), "public/none.pdf".into()],
            Some(60),
        )
        .await
        .unwrap();
    assert!(many[0].signed_url.is_some() && many[0].error.is_none());
    assert!(many[1].signed_url.is_none());

    // A deactivated user is anon for uploads: refused.
    let gone = user(&env.db, "MEMBER", None).await;
    env.db
        .client()
        .await
        .execute(
            "UPDATE public.users SET is_active = false WHERE id = ($1::text::json ->> 'sub')::uuid",
            &[&gone.claims],
        )
        .await
        .unwrap();
    let err = env
        .upload(&gone, "reports/r.pdf", pdf(10), None, false)
        .await
        .unwrap_err();
    assert!(matches!(err, StorageError::AccessDenied(_)), "{err:?}");
}

#[tokio::test]
async fn limits_are_enforced_while_streaming_and_leave_nothing_behind() {
    let env = env().await;
    let err = env
        .upload(&anon(), "reports/big.pdf", pdf(10 * MB + 1), None, false)
        .await
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "File 'big.pdf' is too large. Maximum size is 10MB."
    );
    assert_eq!(
        err.status_code_label(),
        (413, "EntityTooLarge", "Payload too large")
    );

    // Exactly the limit passes.
    env.upload(&anon(), "reports/ok.pdf", pdf(10 * MB), None, false)
        .await
        .unwrap();

    let err = env
        .upload(
            &anon(),
            "maintenance/leak.png",
            png(5 * MB + 1),
            None,
            false,
        )
        .await
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "File 'leak.png' is too large. Maximum size is 5MB."
    );
    env.upload(
        &anon(),
        "maintenance/leak.png",
        png(5 * MB),
        Some("image/png"),
        false,
    )
    .await
    .unwrap();

    // A declared length over the limit is refused before a byte is read.
    let err = env
        .storage
        .begin_upload(UploadRequest {
            caller: &anon(),
            bucket: "church-files",
            path: "submissions/huge.pdf",
            upsert: false,
            content_type: Some("application/pdf"),
            content_length: Some(50 * MB as u64),
        })
        .await
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "File 'huge.pdf' is too large. Maximum size is 10MB."
    );

    // Two objects, two files: the refused ones left no bytes and no staging file.
    assert_eq!(env.rows().await, 2);
    env.files_settled(2).await;
}

#[tokio::test]
async fn the_type_comes_from_the_name_and_must_match_the_bytes() {
    let env = env().await;
    let editor = user(&env.db, "CONTENT_ADMIN", None).await;
    let cases: Vec<(&str, Vec<u8>, Option<&str>, String)> = vec![
        (
            "public/run.exe",
            b"MZ\x90\0".to_vec(),
            None,
            "File 'run.exe' is not an allowed type. Allowed here: pdf, doc, docx, xls, xlsx, \
             ppt, pptx, txt, jpg, jpeg, png, gif, webp."
                .into(),
        ),
        (
            "public/page.html",
            b"<script>alert(1)</script>".to_vec(),
            Some("text/html"),
            "File 'page.html' is not an allowed type. Allowed here: pdf, doc, docx, xls, xlsx, \
             ppt, pptx, txt, jpg, jpeg, png, gif, webp."
                .into(),
        ),
        (
            "public/fake.pdf",
            png(100),
            None,
            "File 'fake.pdf' is not a real PDF: it is a PNG image.".into(),
        ),
        (
            "public/notes.txt",
            vec![0, 1, 2, 3],
            None,
            "File 'notes.txt' is not a real text file.".into(),
        ),
        (
            "public/photo.png",
            png(100),
            Some("application/pdf"),
            "File 'photo.png' was sent as a PDF, but its name says it is a PNG image.".into(),
        ),
        (
            "maintenance/report.pdf",
            pdf(100),
            None,
            "File 'report.pdf' is not an allowed type. Allowed here: jpg, jpeg, png, gif, webp."
                .into(),
        ),
        (
            "submissions/README",
            b"hello".to_vec(),
            None,
            "File 'README' is not an allowed type. Allowed here: pdf, doc, docx, xls, xlsx, \
             ppt, pptx, txt, jpg, jpeg, png, gif, webp."
                .into(),
        ),
    ];
    for (path, bytes, declared, message) in cases {
        let err = env
            .upload(&editor, path, bytes, declared, false)
            .await
            .unwrap_err();
        assert_eq!(err.to_string(), message, "{path}");
        assert_eq!(
            err.status_code_label(),
            (415, "InvalidMimeType", "invalid_mime_type")
        );
    }
    // Generic declarations are fine; the stored type is the sniffed one.
    for (path, declared) in [
        ("public/a.png", Some("application/octet-stream")),
        ("public/b.png", None),
        ("public/c.png", Some("image/png")),
    ] {
        env.upload(&editor, path, png(100), declared, false)
            .await
            .unwrap();
        let info = env
            .storage
            .find(&anon(), "church-files", path)
            .await
            .unwrap();
        assert_eq!(info.mime_type, "image/png");
    }
    env.upload(
        &editor,
        "public/hello.txt",
        "Karibu!\n".into(),
        Some("text/plain;charset=UTF-8"),
        false,
    )
    .await
    .unwrap();
    env.files_settled(4).await;
}

#[tokio::test]
async fn bad_names_are_refused() {
    let env = env().await;
    let editor = user(&env.db, "CONTENT_ADMIN", None).await;
    let long = format!("public/{}.pdf", "a".repeat(1020));
    for (path, message) in [
        (
            "public/../etc/x.pdf",
            "Invalid key: the name has a '.' or '..' segment: 'public/../etc/x.pdf'",
        ),
        (
            "/public/x.pdf",
            "Invalid key: the name is an absolute path: '/public/x.pdf'",
        ),
        (
            "public\\x.pdf",
            "Invalid key: the name holds a backslash: 'public\\\\x.pdf'",
        ),
        (
            "public/x\n.pdf",
            "Invalid key: the name holds a control character: 'public/x\\n.pdf'",
        ),
        (
            long.as_str(),
            "Invalid key: the name is longer than 1024 bytes (1031 bytes)",
        ),
    ] {
        let err = env
            .upload(&editor, path, pdf(10), None, false)
            .await
            .unwrap_err();
        assert_eq!(err.to_string(), message);
        assert_eq!(
            err.status_code_label(),
            (400, "InvalidKey", "Invalid Input")
        );
        let err = env
            .storage
            .find(&editor, "church-files", path)
            .await
            .unwrap_err();
        assert!(matches!(err, StorageError::InvalidKey(_)));
    }
    let err = env
        .storage
        .begin_upload(UploadRequest {
            caller: &editor,
            bucket: "no-such-bucket",
            path: "x.pdf",
            upsert: false,
            content_type: None,
            content_length: None,
        })
        .await
        .unwrap_err();
    assert_eq!(
        err.status_code_label(),
        (404, "NoSuchBucket", "Bucket not found")
    );
}

#[tokio::test]
async fn no_overwrite_without_upsert_and_a_replacement_removes_the_old_bytes() {
    let env = env().await;
    let editor = user(&env.db, "CONTENT_ADMIN", None).await;
    let first = env
        .upload(&editor, "public/hero.png", png(100), None, false)
        .await
        .unwrap();
    let err = env
        .upload(&editor, "public/hero.png", png(200), None, false)
        .await
        .unwrap_err();
    assert_eq!(
        err.status_code_label(),
        (409, "KeyAlreadyExists", "Duplicate")
    );
    assert_eq!(err.to_string(), "The resource already exists");
    let second = env
        .upload(&editor, "public/hero.png", png(300), None, true)
        .await
        .unwrap();
    assert_eq!(second.id, first.id, "a replacement keeps the object's id");
    assert_eq!(
        env.read(&anon(), "public/hero.png").await.unwrap(),
        png(300)
    );
    // The old version's bytes are gone.
    env.files_settled(1).await;
    // Upsert where the caller may not update: refused, old bytes kept.
    let elder = user(&env.db, "ELDER", None).await;
    let err = env
        .upload(&elder, "public/hero.png", png(400), None, true)
        .await
        .unwrap_err();
    assert!(matches!(err, StorageError::AccessDenied(_)), "{err:?}");
    assert_eq!(
        env.read(&anon(), "public/hero.png").await.unwrap(),
        png(300)
    );
}

#[tokio::test]
async fn a_delete_removes_row_and_bytes_for_those_allowed() {
    let env = env().await;
    let editor = user(&env.db, "CONTENT_ADMIN", None).await;
    env.upload(&editor, "public/a.pdf", pdf(10), None, false)
        .await
        .unwrap();
    env.upload(&editor, "public/b.pdf", pdf(10), None, false)
        .await
        .unwrap();
    let names = vec!["public/a.pdf".to_owned(), "public/b.pdf".to_owned()];
    // anon and members delete nothing (no error: the policies just find no row).
    for who in [anon(), user(&env.db, "MEMBER", None).await] {
        let gone = env.storage.remove(&who, "church-files", &names).await;
        match gone {
            Ok(v) => assert_eq!(v, json!([])),
            Err(e) => assert!(matches!(e, StorageError::AccessDenied(_)), "{e:?}"),
        }
    }
    assert_eq!(env.rows().await, 2);
    let gone = env
        .storage
        .remove(&editor, "church-files", &names[..1])
        .await
        .unwrap();
    assert_eq!(gone[0]["name"], "public/a.pdf");
    assert_eq!(gone[0]["metadata"]["mimetype"], "application/pdf");
    assert_eq!(env.rows().await, 1);
    assert_eq!(env.files().len(), 1);
    let err = env.read(&anon(), "public/a.pdf").await.unwrap_err();
    assert!(matches!(err, StorageError::NoSuchKey));

    // A request attachment: only manage_communications deletes it.
    let up = env
        .upload(&anon(), "reports/r.pdf", pdf(10), None, false)
        .await
        .unwrap();
    let name = vec![name_of(&up).to_owned()];
    let elder = user(&env.db, "ELDER", None).await;
    assert_eq!(
        env.storage
            .remove(&elder, "church-files", &name)
            .await
            .unwrap(),
        json!([])
    );
    let admin = user(&env.db, "MEMBER_ADMIN", None).await;
    let gone = env
        .storage
        .remove(&admin, "church-files", &name)
        .await
        .unwrap();
    assert_eq!(gone.as_array().unwrap().len(), 1);
    assert_eq!(env.files().len(), 1);
}

#[tokio::test]
async fn listings_show_one_folder_level_of_what_the_caller_may_read() {
    let env = env().await;
    let editor = user(&env.db, "CONTENT_ADMIN", None).await;
    env.upload(&editor, "public/b.pdf", pdf(10), None, false)
        .await
        .unwrap();
    env.upload(&editor, "public/a.png", png(10), None, false)
        .await
        .unwrap();
    env.upload(&editor, "public/sermons/x.pdf", pdf(10), None, false)
        .await
        .unwrap();
    env.upload(&anon(), "submissions/s.pdf", pdf(10), None, false)
        .await
        .unwrap();

    let names = |v: &Value| -> Vec<String> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|e| e["name"].as_str().unwrap().to_owned())
            .collect()
    };
    let root = env
        .storage
        .list(&anon(), "church-files", &ListOptions::default())
        .await
        .unwrap();
    assert_eq!(names(&root), ["public"]);
    assert_eq!(root[0]["id"], Value::Null);
    let admin = user(&env.db, "ADMIN", None).await;
    let root = env
        .storage
        .list(&admin, "church-files", &ListOptions::default())
        .await
        .unwrap();
    assert_eq!(names(&root), ["public", "submissions"]);

    let public = ListOptions {
        prefix: "public".into(),
        ..Default::default()
    };
    let listed = env
        .storage
        .list(&anon(), "church-files", &public)
        .await
        .unwrap();
    assert_eq!(names(&listed), ["a.png", "b.pdf", "sermons"]);
    assert_eq!(listed[0]["metadata"]["mimetype"], "image/png");
    assert_eq!(listed[0]["metadata"]["size"], 10);
    assert_eq!(listed[2]["metadata"], Value::Null);
    let page = ListOptions {
        prefix: "public/".into(),
        limit: 1,
        offset: 1,
        descending: true,
        sort: kanisa_storage::SortColumn::Name,
        search: String::new(),
    };
    let listed = env
        .storage
        .list(&anon(), "church-files", &page)
        .await
        .unwrap();
    assert_eq!(names(&listed), ["b.pdf"]);
    let search = ListOptions {
        prefix: "public".into(),
        search: "B".into(),
        ..Default::default()
    };
    assert_eq!(
        names(
            &env.storage
                .list(&anon(), "church-files", &search)
                .await
                .unwrap()
        ),
        ["b.pdf"]
    );

    // Buckets are for staff.
    let err = env.storage.buckets(&anon()).await.unwrap_err();
    assert!(matches!(err, StorageError::AccessDenied(_)));
    assert_eq!(
        env.storage
            .buckets(&user(&env.db, "MEMBER", None).await)
            .await
            .unwrap(),
        json!([])
    );
    let bucket = env.storage.bucket(&editor, "church-files").await.unwrap();
    assert_eq!(bucket["file_size_limit"], 10 * MB);
    assert_eq!(bucket["allowed_mime_types"].as_array().unwrap().len(), 12);
}

#[tokio::test]
async fn large_files_go_in_parts() {
    let env = env_with(StorageOptions {
        part_bytes: Some(256 * 1024),
        ..Default::default()
    })
    .await;
    let editor = user(&env.db, "CONTENT_ADMIN", None).await;
    let mut bytes = pdf(3 * MB + 12345);
    for (i, b) in bytes.iter_mut().enumerate().skip(9) {
        *b = (i % 251) as u8;
    }
    env.upload(&editor, "public/big.pdf", bytes.clone(), None, false)
        .await
        .unwrap();
    assert_eq!(env.read(&anon(), "public/big.pdf").await.unwrap(), bytes);
    let info = env
        .storage
        .find(&anon(), "church-files", "public/big.pdf")
        .await
        .unwrap();
    let part: Vec<Bytes> = env
        .storage
        .open(&info, Some(1_000_000..1_000_010))
        .await
        .unwrap()
        .try_collect()
        .await
        .unwrap();
    assert_eq!(part.concat(), bytes[1_000_000..1_000_010]);
    // Refused midway through the parts: nothing stays.
    let err = env
        .upload(&editor, "public/huge.pdf", pdf(11 * MB), None, false)
        .await
        .unwrap_err();
    assert!(matches!(err, StorageError::EntityTooLarge { .. }));
    env.files_settled(1).await;
}

#[tokio::test]
async fn bytes_written_but_never_committed_are_removed() {
    let env = env().await;
    let pending = env
        .storage
        .begin_upload(UploadRequest {
            caller: &anon(),
            bucket: "church-files",
            path: "submissions/a.pdf",
            upsert: false,
            content_type: None,
            content_length: None,
        })
        .await
        .unwrap();
    let written = env.storage.write(pending, body(pdf(100))).await.unwrap();
    assert_eq!(env.files().len(), 1);
    drop(written);
    env.files_settled(0).await;
    assert_eq!(env.rows().await, 0);

    // A body that breaks off: nothing stored.
    let pending = env
        .storage
        .begin_upload(UploadRequest {
            caller: &anon(),
            bucket: "church-files",
            path: "submissions/b.pdf",
            upsert: false,
            content_type: None,
            content_length: None,
        })
        .await
        .unwrap();
    let broken = body(pdf(3 * MB))
        .take(20)
        .chain(futures_util::stream::iter([Err(std::io::Error::other(
            "connection reset",
        ))]));
    let err = env.storage.write(pending, broken).await.unwrap_err();
    assert_eq!(
        err.to_string(),
        "The upload of file 'b.pdf' was interrupted: connection reset"
    );
    env.files_settled(0).await;
}

#[tokio::test]
async fn the_check_finds_and_repairs_orphans_both_ways() {
    let env = env().await;
    let editor = user(&env.db, "CONTENT_ADMIN", None).await;
    env.upload(&editor, "public/keep.pdf", pdf(10), None, false)
        .await
        .unwrap();
    env.upload(&editor, "public/lost.pdf", pdf(10), None, false)
        .await
        .unwrap();
    // Bytes lost outside Kanisa; bytes nobody points at; a write that died halfway.
    let lost = env
        .storage
        .find(&anon(), "church-files", "public/lost.pdf")
        .await
        .unwrap();
    std::fs::remove_file(
        env.dir
            .path()
            .join(format!("church-files/{}", lost.version)),
    )
    .unwrap();
    let stray = uuid::Uuid::new_v4();
    std::fs::write(
        env.dir.path().join(format!("church-files/{stray}")),
        b"stray",
    )
    .unwrap();
    std::fs::write(
        env.dir
            .path()
            .join(format!("church-files/{}#3", uuid::Uuid::new_v4())),
        b"half",
    )
    .unwrap();

    let store = env.storage.store().clone();
    let service = env.db.pool();
    // A young stray is left alone within the grace period.
    let report = kanisa_storage::check(&store, &service, true, Duration::from_secs(3600))
        .await
        .unwrap();
    assert_eq!(report.problems.len(), 3, "{:#?}", report.problems);
    assert!(report.problems.contains(&Orphan::BytesWithoutRow {
        key: format!("church-files/{stray}"),
        young: true
    }));
    assert_eq!(report.fixed.len(), 2, "row without bytes and staging file");
    assert!(report.is_consistent());

    let report = kanisa_storage::check(&store, &service, false, Duration::ZERO)
        .await
        .unwrap();
    assert_eq!(
        report.problems,
        [Orphan::BytesWithoutRow {
            key: format!("church-files/{stray}"),
            young: false
        }]
    );
    assert!(!report.is_consistent());
    let report = kanisa_storage::check(&store, &service, true, Duration::ZERO)
        .await
        .unwrap();
    assert_eq!(report.fixed.len(), 1);
    let report = kanisa_storage::check(&store, &service, false, Duration::ZERO)
        .await
        .unwrap();
    assert!(report.problems.is_empty(), "{:#?}", report.problems);
    assert_eq!((report.rows, report.keys), (1, 1));
    assert_eq!(env.read(&anon(), "public/keep.pdf").await.unwrap(), pdf(10));
    let last = report.lines().pop().unwrap();
    assert_eq!(last, "1 objects, 1 stored files, 0 problems, 0 fixed");
}

/// The same protocol on S3: set `KANISA_TEST_S3_ENDPOINT` to an S3-compatible server with a
/// bucket `KANISA_TEST_S3_BUCKET` (default `kanisa-test`), e.g. `scripts/s3-server.sh`
/// (moto_server). Without it the test says so and passes.
#[tokio::test]
async fn s3_backend_round_trip() {
    let Ok(endpoint) = std::env::var("KANISA_TEST_S3_ENDPOINT") else {
        eprintln!("KANISA_TEST_S3_ENDPOINT is not set: the S3 backend is not exercised");
        return;
    };
    let bucket = std::env::var("KANISA_TEST_S3_BUCKET").unwrap_or_else(|_| "kanisa-test".into());
    let url = url::Url::parse(&format!("s3://{bucket}/{}", uuid::Uuid::new_v4())).unwrap();
    let env = [
        ("AWS_ENDPOINT_URL", endpoint.as_str()),
        ("AWS_REGION", "us-east-1"),
        ("AWS_ACCESS_KEY_ID", "test"),
        ("AWS_SECRET_ACCESS_KEY", "test"),
    ]
    .map(|(k, v)| (k.to_owned(), v.to_owned()));
    let store = Store::s3(&url, env).unwrap();
    let db = TestDb::new().await;
    let storage = Storage::new(
        store.clone(),
        db.api_pool(),
        db.pool(),
        SECRET,
        StorageOptions::default(),
    );
    let env = Env {
        db,
        dir: tempfile::tempdir().unwrap(),
        storage,
        clock: Clock::system(),
    };
    let editor = user(&env.db, "CONTENT_ADMIN", None).await;
    env.upload(&editor, "public/small.pdf", pdf(1000), None, false)
        .await
        .unwrap();
    // Over one 5 MiB part: a multipart upload.
    let mut big = pdf(6 * MB + 7);
    for (i, b) in big.iter_mut().enumerate().skip(9) {
        *b = (i % 253) as u8;
    }
    env.upload(&editor, "public/big.pdf", big.clone(), None, false)
        .await
        .unwrap();
    assert_eq!(
        env.read(&anon(), "public/small.pdf").await.unwrap(),
        pdf(1000)
    );
    assert_eq!(env.read(&anon(), "public/big.pdf").await.unwrap(), big);
    let info = env
        .storage
        .find(&anon(), "church-files", "public/big.pdf")
        .await
        .unwrap();
    let part: Vec<Bytes> = env
        .storage
        .open(&info, Some(6 * MB as u64..6 * MB as u64 + 7))
        .await
        .unwrap()
        .try_collect()
        .await
        .unwrap();
    assert_eq!(part.concat(), big[6 * MB..]);
    // Refused past the limit midway through the parts; replaced; deleted.
    let err = env
        .upload(&editor, "public/huge.pdf", pdf(11 * MB), None, false)
        .await
        .unwrap_err();
    assert!(matches!(err, StorageError::EntityTooLarge { .. }));
    env.upload(&editor, "public/small.pdf", pdf(2000), None, true)
        .await
        .unwrap();
    env.storage
        .remove(&editor, "church-files", &["public/big.pdf".to_owned()])
        .await
        .unwrap();
    let report = kanisa_storage::check(&store, &env.db.pool(), false, Duration::ZERO)
        .await
        .unwrap();
    assert!(report.problems.is_empty(), "{:#?}", report.problems);
    assert_eq!((report.rows, report.keys), (1, 1));
}

// ---------------------------------------------------------------------------------------------
// The public upload limits (issue 42; migration 0047)
// ---------------------------------------------------------------------------------------------

/// A visitor (anon) at `ip`, as the server hands one over.
fn visitor(ip: &str) -> Caller {
    anon()
        .with_client_ip(ip)
        .with_method("POST")
        .with_path("/storage/v1/object/church-files/submissions/x.pdf")
}

impl Env {
    /// Sets the upload limits given, every other upload limit off (0).
    async fn upload_limits(&self, limits: &[(&str, i32)]) {
        let client = self.db.client().await;
        client
            .execute(
                "UPDATE public.system_settings SET value = '0' WHERE key LIKE 'upload\\_%'",
                &[],
            )
            .await
            .unwrap();
        for (key, value) in limits {
            let n = client
                .execute(
                    "UPDATE public.system_settings SET value = to_jsonb($2::int) WHERE key = $1",
                    &[key, value],
                )
                .await
                .unwrap();
            assert_eq!(n, 1, "no setting {key}");
        }
    }

    /// Step 1 alone, for a PDF with `declared` bytes.
    async fn begin(
        &self,
        caller: &Caller,
        path: &str,
        declared: Option<u64>,
    ) -> Result<kanisa_storage::Pending, StorageError> {
        self.storage
            .begin_upload(UploadRequest {
                caller,
                bucket: "church-files",
                path,
                upsert: false,
                content_type: Some("application/pdf"),
                content_length: declared,
            })
            .await
    }
}

/// A refusal over an upload limit: 429, its message starting with `said`, a wait within the
/// window.
fn over_limit(err: &StorageError, said: &str, window_secs: u64) {
    assert_eq!(
        err.status_code_label(),
        (429, "TooManyRequests", "Too Many Requests"),
        "{err}"
    );
    let message = err.to_string();
    assert!(message.starts_with(said), "{message}");
    assert!(
        message.ends_with(", or call the church office."),
        "{message}"
    );
    let wait = err.retry_after().unwrap();
    assert!((1..=window_secs).contains(&wait), "{wait}");
}

#[tokio::test]
async fn public_uploads_are_counted_per_connection_before_their_body() {
    let env = env().await;
    env.upload_limits(&[("upload_files_per_address_per_hour", 3)])
        .await;
    let here = visitor("203.0.113.7");
    for i in 0..3 {
        env.upload(
            &here,
            &format!("submissions/{i}.pdf"),
            pdf(100),
            None,
            false,
        )
        .await
        .unwrap();
    }
    // The fourth is refused at step 1: before a byte of its body is read.
    let err = env
        .begin(&here, "reports/four.pdf", Some(100))
        .await
        .unwrap_err();
    over_limit(
        &err,
        "Files from your connection are limited to 3 an hour, and that many have been uploaded. \
         Please try again in ",
        3600,
    );
    // Refused attempts count nothing (below: the limit raised by one, exactly one more goes in).
    for _ in 0..3 {
        env.begin(&here, "submissions/again.pdf", None)
            .await
            .unwrap_err();
    }
    // Another connection has its own count; an IPv6 client is counted by its /64.
    env.upload(
        &visitor("198.51.100.2"),
        "submissions/b.pdf",
        pdf(100),
        None,
        false,
    )
    .await
    .unwrap();
    for host in ["2001:db8:5:6::1", "2001:db8:5:6:ffff::2", "2001:db8:5:6::3"] {
        env.upload(&visitor(host), "submissions/v6.pdf", pdf(100), None, false)
            .await
            .unwrap();
    }
    let err = env
        .begin(&visitor("2001:db8:5:6::abcd"), "submissions/v6.pdf", None)
        .await
        .unwrap_err();
    assert_eq!(err.status_code_label().0, 429);
    env.begin(&visitor("2001:db8:5:7::1"), "submissions/v6.pdf", None)
        .await
        .unwrap();

    // The staff who handle the submissions are not counted; anyone else signed in is.
    let elder = user(&env.db, "ELDER", None).await;
    for _ in 0..4 {
        env.upload(&elder, "submissions/staff.pdf", pdf(100), None, false)
            .await
            .unwrap();
    }
    // (Both at 127.0.0.1: the member's count starts at nothing.)
    let member = user(&env.db, "MEMBER", None).await;
    for _ in 0..3 {
        env.upload(&member, "submissions/member.pdf", pdf(100), None, false)
            .await
            .unwrap();
    }
    let err = env
        .begin(&member, "submissions/member.pdf", None)
        .await
        .unwrap_err();
    assert_eq!(err.status_code_label().0, 429, "{err}");

    // Nothing refused was stored: 3 + 1 + 3 + 4 + 3 rows, and their bytes only.
    assert_eq!(env.rows().await, 14);
    env.files_settled(14).await;

    // The limit in the settings is the limit now: raised by one, one more goes in.
    env.upload_limits(&[("upload_files_per_address_per_hour", 4)])
        .await;
    env.upload(&here, "submissions/five.pdf", pdf(100), None, false)
        .await
        .unwrap();
    env.begin(&here, "submissions/six.pdf", None)
        .await
        .unwrap_err();
}

#[tokio::test]
async fn public_upload_bytes_are_bounded_declared_streamed_and_stored() {
    let env = env().await;
    env.upload_limits(&[("upload_mb_per_address_per_hour", 1)])
        .await;
    let here = visitor("203.0.113.8");
    let said = "Files from your connection may add up to 1 MB an hour, and this one would go past \
                that. Please try again in ";

    // Declared over what is left: refused before the body.
    let err = env
        .begin(&here, "submissions/big.pdf", Some(MB as u64 + 1))
        .await
        .unwrap_err();
    over_limit(&err, said, 3600);
    // Of unknown length: refused while it streams, the moment it passes what is left, and
    // nothing of it stays.
    let err = env
        .upload(
            &here,
            "submissions/big.pdf",
            pdf(MB + 64 * 1024),
            None,
            false,
        )
        .await
        .unwrap_err();
    over_limit(&err, said, 3600);
    env.files_settled(0).await;

    // 600 KB fits; then 600 KB more does not, declared or not.
    env.upload(&here, "submissions/a.pdf", pdf(600 * 1024), None, false)
        .await
        .unwrap();
    let err = env
        .begin(&here, "submissions/b.pdf", Some(600 * 1024))
        .await
        .unwrap_err();
    over_limit(&err, said, 3600);
    let err = env
        .upload(&here, "submissions/b.pdf", pdf(600 * 1024), None, false)
        .await
        .unwrap_err();
    over_limit(&err, said, 3600);
    // What is left still fits.
    env.upload(&here, "submissions/c.pdf", pdf(400 * 1024), None, false)
        .await
        .unwrap();

    // Two uploads that each fit alone, sent at once: the row written second is refused when
    // its size is counted (the final check), and its bytes go.
    let there = visitor("203.0.113.9");
    let first = env
        .begin(&there, "submissions/one.pdf", Some(700 * 1024))
        .await
        .unwrap();
    let second = env
        .begin(&there, "submissions/two.pdf", Some(700 * 1024))
        .await
        .unwrap();
    let first = env
        .storage
        .write(first, body(pdf(700 * 1024)))
        .await
        .unwrap();
    let second = env
        .storage
        .write(second, body(pdf(700 * 1024)))
        .await
        .unwrap();
    env.storage.commit(first, None, None).await.unwrap();
    let err = env.storage.commit(second, None, None).await.unwrap_err();
    over_limit(&err, said, 3600);

    assert_eq!(env.rows().await, 3);
    env.files_settled(3).await;
}

#[tokio::test]
async fn public_uploads_are_bounded_in_total_and_per_day() {
    let env = env().await;
    env.upload_limits(&[("upload_files_per_hour", 2), ("upload_mb_per_day", 1)])
        .await;
    env.upload(
        &visitor("192.0.2.1"),
        "submissions/a.pdf",
        pdf(100),
        None,
        false,
    )
    .await
    .unwrap();
    env.upload(&anon(), "maintenance/b.png", png(100), None, false)
        .await
        .unwrap();
    // A third file from anywhere, with or without an address, in this hour: refused.
    for caller in [visitor("192.0.2.3"), anon()] {
        let err = env.begin(&caller, "reports/c.pdf", None).await.unwrap_err();
        over_limit(
            &err,
            "The site accepts 2 uploaded files an hour from the public, and that many have \
             arrived. Please try again in ",
            3600,
        );
    }
    // The day's megabyte: the hour's count lifted, the day's bytes still hold.
    env.upload_limits(&[("upload_mb_per_day", 1)]).await;
    let err = env
        .begin(&visitor("192.0.2.4"), "reports/c.pdf", Some(MB as u64))
        .await
        .unwrap_err();
    over_limit(
        &err,
        "The site accepts 1 MB of uploaded files a day from the public, and this one would go \
         past that. Please try again in ",
        24 * 3600,
    );
    // Content staff publishing into public/ are no public upload.
    env.upload_limits(&[("upload_files_per_hour", 1)]).await;
    let editor = user(&env.db, "CONTENT_ADMIN", None).await;
    for i in 0..2 {
        env.upload(&editor, &format!("public/{i}.pdf"), pdf(100), None, false)
            .await
            .unwrap();
    }
    assert_eq!(env.rows().await, 4);
}
