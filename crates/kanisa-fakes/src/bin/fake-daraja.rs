//! `fake-daraja [PORT]`: the fake M-Pesa Daraja for browser tests (test support only). The
//! account comes from `FAKE_DARAJA_KEY`, `FAKE_DARAJA_SECRET`, `FAKE_DARAJA_SHORTCODE` and
//! `FAKE_DARAJA_PASSKEY` (defaults: `kanisa_fakes::Account::default()`). Prints
//! `fake-daraja listening on http://…` once it accepts connections.

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let port: u16 = std::env::args()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .unwrap_or(0);
    let d = kanisa_fakes::Account::default();
    let var = |k: &str, default: String| std::env::var(k).unwrap_or(default);
    let account = kanisa_fakes::Account {
        consumer_key: var("FAKE_DARAJA_KEY", d.consumer_key),
        consumer_secret: var("FAKE_DARAJA_SECRET", d.consumer_secret),
        shortcode: var("FAKE_DARAJA_SHORTCODE", d.shortcode),
        passkey: var("FAKE_DARAJA_PASSKEY", d.passkey),
    };
    let fake = kanisa_fakes::FakeDaraja::start(account, port).await;
    println!("fake-daraja listening on {}", fake.url());
    std::future::pending::<()>().await;
}
