//! `fake-mail [SMTP_PORT]`: a local mail server for the browser tests (test support only).
//! Prints `fake-mail smtp 127.0.0.1:<port> http http://…` once both listen; the messages it
//! accepted are at `GET <http>/__fake/mail`.

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let port: u16 = std::env::args()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .unwrap_or(0);
    let fake = kanisa_fakes::FakeMail::start(port).await;
    println!(
        "fake-mail smtp 127.0.0.1:{} http {}",
        fake.smtp_port, fake.http_url
    );
    std::future::pending::<()>().await;
}
