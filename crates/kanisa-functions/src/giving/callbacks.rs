//! What payment providers post to us: prompt results and paybill gifts, at paths that hold the
//! callback secret (a wrong secret is a 404, logged). Every message is kept as received in
//! `kanisa.payment_events` with its verdict. The provider's wire is `kanisa-payments`': it reads
//! a post into a `PaymentResult` or a `PaybillGift` (once: the result is kept beside the
//! payload, migration 0049) and words the reply to an `Acknowledgement`; this module only
//! decides.
//!
//! When System Settings hold a `payment_callback_allowlist` (migration 0027), only those
//! addresses (the real client address, behind trusted proxies) may post to these paths; others
//! are refused with 403 before the secret is even compared, and logged. Without one, a post
//! from outside the addresses a provider publishes is logged, not refused: a proxy or a changed
//! list must not lose a donor's payment (the secret and the status query guard it).
//!
//! A prompt's result is only recorded here and answered at once; the `payment_callback` job
//! then re-asks the provider (a success is believed only when the provider's own status query
//! confirms it) and settles the payment. So a slow provider query never delays the provider's
//! callback, and a crash after the answer loses nothing: the job is in the same transaction as
//! the record.

use std::net::IpAddr;
use std::sync::Arc;

use kanisa_jobs::{Job, JobFailure, RunInfo};
use kanisa_payments::{
    Acknowledgement, Answer, Outcome, PaymentResult, Post, ProviderKind, parse_callback,
    parse_paybill,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

use super::payments::{Payments, kept_result, record_event, settle};
use crate::error::FunctionsError;

/// The job that settles a payment from a recorded callback.
pub const PAYMENT_CALLBACK: &str = "payment_callback";

/// The setting that limits who may post provider callbacks (migration 0027: a JSON list of
/// canonical ranges, `null` when off).
const ALLOWLIST_SQL: &str =
    "SELECT value FROM public.system_settings WHERE key = 'payment_callback_allowlist'";

/// One range of the allow-list: an address and how many of its leading bits must match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Range {
    addr: IpAddr,
    bits: u8,
}

/// An address as bits, and how many there are.
fn bits_of(ip: IpAddr) -> (u128, u8) {
    match ip {
        IpAddr::V4(a) => (u128::from(u32::from(a)), 32),
        IpAddr::V6(a) => (u128::from(a), 128),
    }
}

/// IPv4-mapped IPv6 (`::ffff:1.2.3.4`) as IPv4, as the server reports client addresses.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

impl Range {
    /// `192.0.2.7`, `192.0.2.0/24`, `2001:db8::/32`; None for anything else.
    fn parse(text: &str) -> Option<Range> {
        let text = text.trim();
        let (addr, bits) = match text.split_once('/') {
            Some((a, b)) => (a, Some(b.parse::<u8>().ok()?)),
            None => (text, None),
        };
        let addr: IpAddr = addr.parse().ok()?;
        let (_, width) = bits_of(addr);
        let bits = bits.unwrap_or(width);
        if bits > width {
            return None;
        }
        // A range of IPv4-mapped addresses is that IPv4 range.
        if let (IpAddr::V4(v4), true) = (canonical(addr), bits >= 96 && addr.is_ipv6()) {
            return Some(Range {
                addr: IpAddr::V4(v4),
                bits: bits - 96,
            });
        }
        Some(Range { addr, bits })
    }

    fn contains(&self, ip: IpAddr) -> bool {
        let (net, width) = bits_of(self.addr);
        let (got, got_width) = bits_of(canonical(ip));
        if width != got_width {
            return false;
        }
        if self.bits == 0 {
            return true;
        }
        let shift = u32::from(width - self.bits);
        net >> shift == got >> shift
    }
}

/// The addresses that may post provider callbacks; when the setting is empty, any address.
#[derive(Debug, Default)]
struct AllowList {
    ranges: Vec<Range>,
    /// Whether the setting lists anything: then only its ranges are allowed (an entry that
    /// cannot be read allows nothing; the database refuses such entries when they are saved).
    set: bool,
}

impl AllowList {
    /// From the setting's value: a list of ranges, or a text of them separated by commas or
    /// spaces; `null`, empty or absent is off.
    fn from_setting(value: Option<&Value>) -> AllowList {
        let entries: Vec<String> = match value {
            Some(Value::Array(items)) => items
                .iter()
                .filter_map(Value::as_str)
                .map(str::to_owned)
                .collect(),
            Some(Value::String(text)) => text
                .split(|c: char| c == ',' || c == ';' || c.is_whitespace())
                .map(str::to_owned)
                .collect(),
            _ => Vec::new(),
        };
        let entries: Vec<&str> = entries
            .iter()
            .map(|e| e.trim())
            .filter(|e| !e.is_empty())
            .collect();
        let ranges = entries
            .iter()
            .filter_map(|e| {
                let range = Range::parse(e);
                if range.is_none() {
                    tracing::warn!(
                        entry = *e,
                        "payment_callback_allowlist holds an entry that is no address; it allows nothing"
                    );
                }
                range
            })
            .collect();
        AllowList {
            ranges,
            set: !entries.is_empty(),
        }
    }

    /// Whether `remote` (the real client address) may post.
    fn allows(&self, remote: &str) -> bool {
        if !self.set {
            return true;
        }
        remote
            .parse::<IpAddr>()
            .is_ok_and(|ip| self.ranges.iter().any(|r| r.contains(ip)))
    }
}

use crate::secrets::same_secret;

impl Payments {
    /// Refuses (403, logged and kept as an event) a caller outside the allow-list, when there is
    /// one. Read at every callback: a change in System Settings applies to the next one.
    async fn check_address(
        &self,
        provider: ProviderKind,
        kind: &str,
        remote: &str,
        body: &Value,
    ) -> Result<(), FunctionsError> {
        let client = self.service.get().await?;
        let value: Option<Value> = client
            .query_opt(ALLOWLIST_SQL, &[])
            .await?
            .and_then(|r| r.get::<_, Option<Value>>(0));
        if AllowList::from_setting(value.as_ref()).allows(remote) {
            return Ok(());
        }
        tracing::warn!(
            remote,
            kind,
            "a provider callback from outside payment_callback_allowlist was refused"
        );
        record_event(
            &**client,
            None,
            provider,
            kind,
            "refused: address not on the allow-list",
            Some(remote),
            body,
        )
        .await?;
        Err(FunctionsError::Forbidden(
            "This address may not post payment callbacks.".into(),
        ))
    }

    async fn check_secret(
        &self,
        given: &str,
        provider: ProviderKind,
        kind: &str,
        remote: &str,
        body: &Value,
    ) -> Result<(), FunctionsError> {
        if same_secret(given, &self.callback_secret().await?) {
            return Ok(());
        }
        tracing::warn!(
            remote,
            kind,
            "a provider callback with a wrong secret was refused"
        );
        let client = self.service.get().await?;
        record_event(
            &**client,
            None,
            provider,
            kind,
            "refused: wrong secret",
            Some(remote),
            body,
        )
        .await?;
        Err(FunctionsError::NotFound("Not found".into()))
    }

    /// `POST /functions/v1/payments/callback/{provider}/{secret}`: a prompt's result.
    pub async fn callback(
        &self,
        provider: &str,
        secret: &str,
        body: &Value,
        remote: &str,
    ) -> Result<(u16, Value), FunctionsError> {
        let Some(kind) = ProviderKind::from_callback_name(provider) else {
            return Err(FunctionsError::NotFound("Not found".into()));
        };
        self.check_address(kind, "callback", remote, body).await?;
        self.check_secret(secret, kind, "callback", remote, body)
            .await?;
        if kind.published_sender(remote) == Some(false) {
            tracing::info!(
                remote,
                provider = kind.label(),
                "a payment callback from outside the provider's published addresses"
            );
        }
        let reply = |ack: Acknowledgement| {
            let r = kind.reply(Post::PromptResult, &ack);
            (r.status, r.body)
        };
        let mut client = self.service.get().await?;
        let cb = match parse_callback(kind, body) {
            Ok(cb) => cb,
            Err(e) => {
                tracing::warn!(remote, error = %e, "a malformed payment callback was refused");
                record_event(
                    &**client,
                    None,
                    kind,
                    "callback",
                    &format!("refused: {e}"),
                    Some(remote),
                    body,
                )
                .await?;
                return Ok(reply(Acknowledgement::Unreadable(e)));
            }
        };
        let tx = client.transaction().await?;
        let mut payment: Option<Uuid> = tx
            .query_opt(
                "SELECT id FROM public.payment_logs WHERE checkout_request_id = $1 AND source = 'prompt'",
                &[&cb.checkout_id],
            )
            .await?
            .map(|r| r.get(0));
        if payment.is_none() && cb.answer.outcome == Outcome::Completed {
            // The prompt's answer never reached us (a timeout): the one payment of this phone
            // and amount still waiting for its id is the one paid.
            payment = adopt_orphan(&tx, &cb.checkout_id, &cb.answer).await?;
        }
        let Some(id) = payment else {
            tracing::warn!(remote, checkout = %cb.checkout_id, "a callback for an unknown payment was refused");
            record_event(
                &*tx,
                None,
                kind,
                "callback",
                "refused: unknown reference",
                Some(remote),
                body,
            )
            .await?;
            tx.commit().await?;
            return Ok(reply(Acknowledgement::Accepted));
        };
        let event = record_result(&tx, id, kind, remote, body, &cb).await?;
        kanisa_jobs::enqueue(&*tx, &PaymentCallback { event_id: event }).await?;
        tx.commit().await?;
        Ok(reply(Acknowledgement::Accepted))
    }

    /// Settles a payment from a recorded callback (the `payment_callback` job): a success only
    /// once the provider's status query confirms it.
    async fn apply_callback(&self, event: i64) -> Result<(), JobFailure> {
        let retry = |e: FunctionsError| JobFailure::retry(e.to_string());
        let client = self
            .service
            .get()
            .await
            .map_err(|e| JobFailure::retry(e.to_string()))?;
        let row = client
            .query_opt(
                "SELECT payment_id, provider, result, payload FROM kanisa.payment_events WHERE id = $1",
                &[&event],
            )
            .await
            .map_err(|e| JobFailure::retry(kanisa_pg::describe(&e)))?
            .ok_or_else(|| JobFailure::permanent(format!("no payment event {event}")))?;
        let Some(id) = row.get::<_, Option<Uuid>>(0) else {
            return Err(JobFailure::permanent("the event names no payment"));
        };
        let cb = kept_result(row.get(1), row.get(2), row.get(3)).map_err(JobFailure::permanent)?;
        drop(client);
        let answer = cb.answer.clone();
        if answer.outcome == Outcome::Completed {
            let choice = self.choice().await.map_err(retry)?;
            match choice.provider.query(&cb.checkout_id).await {
                Ok(q) if q.outcome == Outcome::Completed => {}
                Ok(q) if q.outcome == Outcome::Pending => {
                    return Err(JobFailure::retry(
                        "the provider does not confirm the success yet",
                    ));
                }
                Ok(q) => {
                    let verdict = format!(
                        "refused: the provider's status is {} ({}), not a success",
                        q.code, q.description
                    );
                    tracing::warn!(payment = %id, %verdict, "a success callback was not confirmed");
                    self.set_verdict(event, &verdict).await.map_err(retry)?;
                    // The provider's word is applied as an answer of its own.
                    let client = self
                        .service
                        .get()
                        .await
                        .map_err(|e| JobFailure::retry(e.to_string()))?;
                    settle(&**client, id, &q).await.map_err(retry)?;
                    return Ok(());
                }
                Err(e) => return Err(JobFailure::retry(format!("status query: {e}"))),
            }
        }
        let client = self
            .service
            .get()
            .await
            .map_err(|e| JobFailure::retry(e.to_string()))?;
        let verdict = settle(&**client, id, &answer).await.map_err(retry)?;
        if matches!(verdict.as_str(), "mismatch" | "receipt_reused") {
            tracing::warn!(payment = %id, %verdict, "a payment callback was refused");
        }
        self.set_verdict(event, &verdict).await.map_err(retry)
    }

    async fn set_verdict(&self, event: i64, verdict: &str) -> Result<(), FunctionsError> {
        let client = self.service.get().await?;
        client
            .execute(
                "UPDATE kanisa.payment_events SET verdict = $2 WHERE id = $1",
                &[&event, &verdict],
            )
            .await?;
        Ok(())
    }

    /// `POST /functions/v1/payments/paybill/{secret}/{confirmation|validation}`: a gift paid
    /// to the paybill outside the prompt (M-Pesa's, the one provider with a paybill). The
    /// confirmation is recorded once per receipt; the validation accepts any whole gift of at
    /// least KES 1 to our shortcode.
    pub async fn paybill(
        &self,
        secret: &str,
        step: &str,
        body: &Value,
        remote: &str,
    ) -> Result<(u16, Value), FunctionsError> {
        let kind = ProviderKind::Mpesa;
        let (event_kind, post) = match step {
            "confirmation" => ("paybill_confirmation", Post::PaybillGift),
            "validation" => ("paybill_validation", Post::PaybillCheck),
            _ => return Err(FunctionsError::NotFound("Not found".into())),
        };
        let reply = |ack: Acknowledgement| {
            let r = kind.reply(post, &ack);
            (r.status, r.body)
        };
        self.check_address(kind, event_kind, remote, body).await?;
        self.check_secret(secret, kind, event_kind, remote, body)
            .await?;
        let client = self.service.get().await?;
        let gift = match parse_paybill(body) {
            Ok(g) => g,
            Err(e) => {
                record_event(
                    &**client,
                    None,
                    kind,
                    event_kind,
                    &format!("refused: {e}"),
                    Some(remote),
                    body,
                )
                .await?;
                return Ok(reply(Acknowledgement::Unreadable(e)));
            }
        };
        let shortcode = self.choice().await?.shortcode;
        if shortcode.as_deref().is_some_and(|s| s != gift.paybill) {
            record_event(
                &**client,
                None,
                kind,
                event_kind,
                "refused: another shortcode",
                Some(remote),
                body,
            )
            .await?;
            return Ok(reply(Acknowledgement::OtherPaybill));
        }
        let whole: f64 = gift.amount.parse().unwrap_or(0.0);
        if whole < 1.0 {
            record_event(
                &**client,
                None,
                kind,
                event_kind,
                "refused: amount below KES 1",
                Some(remote),
                body,
            )
            .await?;
            return Ok(reply(Acknowledgement::BelowMinimum));
        }
        if step == "validation" {
            record_event(
                &**client,
                None,
                kind,
                event_kind,
                "accepted",
                Some(remote),
                body,
            )
            .await?;
            return Ok(reply(Acknowledgement::Accepted));
        }
        let giving_type = kanisa_giving::type_from_account(&gift.account);
        let row = client
            .query_one(
                "SELECT kanisa.record_paybill_gift($1, $2, $3::text::numeric, $4, $5, $6, $7, $8, $9)",
                &[
                    &kind.stored(),
                    &gift.receipt,
                    &gift.amount,
                    &gift.phone,
                    &gift.account,
                    &giving_type.stored(),
                    &gift.paid_at,
                    &gift.payer_name,
                    body,
                ],
            )
            .await?;
        let payment: Option<Uuid> = row.get(0);
        let verdict = if payment.is_some() {
            "recorded"
        } else {
            "duplicate"
        };
        let known = match payment {
            Some(id) => Some(id),
            // A receipt stored before transaction ids were upper-cased is the same one.
            None => client
                .query_opt(
                    "SELECT id FROM public.payment_logs \
                      WHERE kanisa.receipt_key(receipt_number) = kanisa.receipt_key($1) LIMIT 1",
                    &[&gift.receipt],
                )
                .await?
                .map(|r| r.get(0)),
        };
        record_event(
            &**client,
            known,
            kind,
            event_kind,
            verdict,
            Some(remote),
            body,
        )
        .await?;
        Ok(reply(Acknowledgement::Accepted))
    }
}

/// Keeps a prompt's result to be applied: the payload as received and what was read from it.
async fn record_result(
    tx: &tokio_postgres::Transaction<'_>,
    payment: Uuid,
    provider: ProviderKind,
    remote: &str,
    payload: &Value,
    result: &PaymentResult,
) -> Result<i64, FunctionsError> {
    let read = serde_json::to_value(result)
        .map_err(|e| FunctionsError::Internal(format!("a payment result as JSON: {e}")))?;
    let row = tx
        .query_one(
            "INSERT INTO kanisa.payment_events (payment_id, provider, kind, verdict, remote_addr, payload, result) \
             VALUES ($1, $2, 'callback', 'received', $3, $4, $5) RETURNING id",
            &[&payment, &provider.stored(), &remote, payload, &read],
        )
        .await?;
    Ok(row.get(0))
}

/// The one payment of this phone and amount, made in the last 15 minutes, whose prompt never
/// told us its checkout id; it takes the callback's id.
async fn adopt_orphan(
    tx: &tokio_postgres::Transaction<'_>,
    checkout: &str,
    a: &Answer,
) -> Result<Option<Uuid>, FunctionsError> {
    let (Some(phone), Some(amount)) = (&a.phone, &a.amount) else {
        return Ok(None);
    };
    let rows = tx
        .query(
            "SELECT id FROM public.payment_logs \
              WHERE checkout_request_id IS NULL AND source = 'prompt' \
                AND status IN ('pending', 'error') AND phone_number = $1 \
                AND amount = $2::text::numeric AND created_at > now() - interval '15 minutes' \
              LIMIT 2 FOR UPDATE",
            &[phone, amount],
        )
        .await?;
    if rows.len() != 1 {
        return Ok(None);
    }
    let id: Uuid = rows[0].get(0);
    tx.execute(
        "UPDATE public.payment_logs SET checkout_request_id = $2, status = 'pending', \
           updated_at = now() WHERE id = $1",
        &[&id, &checkout],
    )
    .await?;
    Ok(Some(id))
}

/// `payment_callback` {eventId}: settles a payment from a recorded provider callback.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PaymentCallback {
    /// The callback's row in `kanisa.payment_events`.
    pub event_id: i64,
}

impl Job for PaymentCallback {
    const KIND: &'static str = PAYMENT_CALLBACK;
    type Context = Arc<Payments>;

    fn unique_key(&self) -> Option<String> {
        Some(format!("payment-event:{}", self.event_id))
    }

    async fn run(self, payments: &Arc<Payments>, _run: &RunInfo) -> Result<(), JobFailure> {
        payments.apply_callback(self.event_id).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_allow_list_admits_its_addresses_and_ranges_only() {
        let list = AllowList::from_setting(Some(&json!([
            "192.0.2.200/32",
            "198.51.100.0/24",
            "2001:db8::/32",
            "::ffff:10.1.0.0/112"
        ])));
        for ok in [
            "192.0.2.200",
            "198.51.100.44",
            "198.51.100.255",
            "2001:db8::1",
            "::ffff:198.51.100.114",
            "10.1.200.3",
        ] {
            assert!(list.allows(ok), "{ok}");
        }
        for refused in [
            "192.0.2.201",
            "203.0.113.44",
            "127.0.0.1",
            "2001:db9::1",
            "not an address",
            "",
        ] {
            assert!(!list.allows(refused), "{refused}");
        }
        // A text of entries, as a person may type it.
        let typed = AllowList::from_setting(Some(&json!("192.0.2.200, 192.0.2.206; 10.0.0.0/8")));
        assert!(typed.allows("192.0.2.206") && typed.allows("10.9.8.7"));
        assert!(!typed.allows("192.0.2.207"));
        // /0 is every address of its family.
        assert!(AllowList::from_setting(Some(&json!(["0.0.0.0/0"]))).allows("203.0.113.9"));
    }

    #[test]
    fn an_empty_allow_list_is_off_and_a_broken_one_allows_nothing() {
        for off in [
            None,
            Some(json!(null)),
            Some(json!([])),
            Some(json!("  ")),
            Some(json!(7)),
        ] {
            assert!(
                AllowList::from_setting(off.as_ref()).allows("203.0.113.9"),
                "{off:?}"
            );
        }
        for broken in [
            json!(["nonsense"]),
            json!(["10.0.0.0/33"]),
            json!("300.1.1.1"),
        ] {
            let list = AllowList::from_setting(Some(&broken));
            assert!(
                !list.allows("10.0.0.1") && !list.allows("300.1.1.1"),
                "{broken}"
            );
        }
    }
}
