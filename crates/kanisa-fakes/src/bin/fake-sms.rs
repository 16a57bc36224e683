//! `fake-sms [PORT]`: the fake Africa's Talking and Twilio send APIs for the browser and
//! compatibility tests (test support only). Prints `fake-sms http://…` once it listens; the
//! texts it was sent are at `GET <url>/__fake/sms`.

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let port: u16 = std::env::args()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .unwrap_or(0);
    let fake = kanisa_fakes::FakeSms::start_on(port).await;
    println!("fake-sms {}", fake.url());
    std::future::pending::<()>().await;
}
