//! File storage in the real binary: a 50 MB upload is refused at the 10 MB limit without the
//! server's memory growing by it, and a server killed in the middle of an upload leaves
//! nothing that `kanisa storage check --fix` cannot put right.

use std::path::Path;
use std::time::{Duration, Instant};

use bytes::Bytes;
use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;

use crate::{Site, read, wait_exit};

const MB: usize = 1024 * 1024;

fn pdf(len: usize) -> Vec<u8> {
    let mut bytes = b"%PDF-1.4\n".to_vec();
    bytes.resize(len, b'x');
    bytes
}

/// A `/proc/<pid>/status` figure in bytes (VmRSS, VmHWM).
fn vm(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status
        .lines()
        .find(|l| l.starts_with(&format!("{field}:")))
        .unwrap_or_else(|| panic!("no {field} in /proc/{pid}/status"));
    let kb: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    kb * 1024
}

/// Every file under `dir`, recursively.
fn files(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut dirs = vec![dir.to_owned()];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            if e.file_type().unwrap().is_dir() {
                dirs.push(e.path());
            } else {
                out.push(e.file_name().to_string_lossy().into_owned());
            }
        }
    }
    out.sort();
    out
}

#[tokio::test]
async fn storage_refuses_50_mb_in_little_memory_and_survives_a_kill_mid_upload() {
    let site = Site::new();
    let storage = site.root.path().join("storage");
    let (mut server, log) = site.serve("storage");
    site.wait_healthy(&mut server, &log).await;
    let pid = server.id().unwrap();
    let http = reqwest::Client::new();
    let upload = |name: &str| {
        site.url(&format!(
            "/storage/v1/object/church-files/submissions/{name}"
        ))
    };

    // Warm up: one accepted upload (an anonymous request attachment).
    let res = http
        .post(upload("warm.pdf"))
        .header("content-type", "application/pdf")
        .body(pdf(300_000))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200, "{}", read(&log));

    // 50 MB, streamed as a browser sends it: refused at 10 MB; the peak resident memory of the
    // server (reset just before) stays within 20 MB of where it was.
    std::fs::write(format!("/proc/{pid}/clear_refs"), "5").unwrap();
    let before = vm(pid, "VmRSS");
    let chunk = Bytes::from(pdf(64 * 1024));
    let body = futures_util::stream::iter(
        (0..50 * MB / (64 * 1024)).map(move |_| Ok::<_, std::io::Error>(chunk.clone())),
    );
    let res = http
        .post(upload("video.pdf"))
        .header("content-type", "application/pdf")
        .body(reqwest::Body::wrap_stream(body))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 413);
    let refusal: serde_json::Value = res.json().await.unwrap();
    assert_eq!(
        refusal["message"],
        "File 'video.pdf' is too large. Maximum size is 10MB."
    );
    let peak = vm(pid, "VmHWM");
    let growth = peak.saturating_sub(before);
    eprintln!(
        "50 MB upload refused: RSS before {} KiB, peak during {} KiB, growth {} KiB",
        before / 1024,
        peak / 1024,
        growth / 1024
    );
    assert!(growth < 20 * MB as u64, "RSS grew by {growth} bytes");

    // A slow upload: 2 MB arrive, then the sender waits; the server is killed meanwhile.
    let (tx, rx) = tokio::sync::mpsc::channel::<Result<Bytes, std::io::Error>>(8);
    let body = futures_util::stream::unfold(rx, |mut rx| async move {
        rx.recv().await.map(|item| (item, rx))
    });
    let request = http
        .post(upload("slow.pdf"))
        .header("content-type", "application/pdf")
        .body(reqwest::Body::wrap_stream(body))
        .send();
    let sending = tokio::spawn(request);
    tx.send(Ok(Bytes::from(pdf(64 * 1024)))).await.unwrap();
    for _ in 0..31 {
        tx.send(Ok(Bytes::from(vec![b'y'; 64 * 1024])))
            .await
            .unwrap();
    }
    let started = Instant::now();
    while !files(&storage).iter().any(|f| f.contains('#')) {
        assert!(
            started.elapsed() < kanisa_test_db::patient(Duration::from_secs(30)),
            "the upload never reached the disk: {:?}",
            files(&storage)
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    server.start_kill().unwrap();
    wait_exit(&mut server, Duration::from_secs(10)).await;
    drop(tx);
    let _ = sending.await;
    let left = files(&storage);
    assert_eq!(
        left.len(),
        2,
        "the warm-up's bytes and a half-written file: {left:?}"
    );

    // Restarted, the check names the half-written file; --fix removes it; then all agree.
    let (mut again, again_log) = site.serve("storage-again");
    site.wait_healthy(&mut again, &again_log).await;
    let (status, stdout, stderr) = site.run(&["storage", "check"], &[]).await;
    assert!(!status.success(), "{stdout}{stderr}");
    assert!(stdout.contains("unfinished write: "), "{stdout}");
    assert!(
        stdout.contains("1 objects, 1 stored files, 1 problems, 0 fixed"),
        "{stdout}"
    );
    let (status, stdout, stderr) = site.run(&["storage", "check", "--fix"], &[]).await;
    assert!(status.success(), "{stdout}{stderr}");
    assert!(stdout.contains("[fixed]"), "{stdout}");
    let (status, stdout, stderr) = site.run(&["storage", "check"], &[]).await;
    assert!(status.success(), "{stdout}{stderr}");
    assert!(
        stdout.contains("1 objects, 1 stored files, 0 problems, 0 fixed"),
        "{stdout}"
    );
    assert_eq!(files(&storage).len(), 1);

    // The server stops cleanly.
    kill(Pid::from_raw(again.id().unwrap() as i32), Signal::SIGINT).unwrap();
    let status = wait_exit(&mut again, Duration::from_secs(60)).await;
    assert!(status.success(), "{status}:\n{}", read(&again_log));
}
