-- 0042 What an outside-style probe in `make test` found (issue 31; crates/kanisa-server/tests/it/probe.rs).
--
-- * A receipt is compared by its letters and digits only: Unicode-normalised (NFKC: full-width
--   "ＲＫＴ４" is "RKT4"), upper-cased, and everything but A-Z and 0-9 dropped (a no-break or
--   ideographic space, a zero-width joiner, a byte-order mark, dashes). Before, only ASCII
--   spaces were trimmed, so "RKT4LOOK31" followed by a no-break space re-entered a paid receipt
--   as a second, counted gift. M-Pesa receipts and transaction ids are letters and digits.
--   The indexes on the key are rebuilt.
-- * Through the API — the service key too — a gift's payment_id is the server's (an insert
--   with one, or an update changing it, is refused), and so is a paid gift's demo mark; a demo
--   gift entered through the API is held to the provider-receipt check like any other. Before,
--   the service key could unlink a paid gift (then delete it) or mark it a demo (out of every
--   total), and enter a "demo" gift under a paid receipt.
-- * The per-connection limits (submissions, payment prompts) count an IPv6 client by its /64
--   network, which one subscriber holds whole (one address each would let a client rotate
--   through 2^64 of them); IPv4 addresses count one by one, as before.

CREATE OR REPLACE FUNCTION kanisa.receipt_key(receipt text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = '' AS $$
  SELECT nullif(regexp_replace(upper(normalize(receipt, NFKC)), '[^A-Z0-9]', '', 'g'), '')
$$;
COMMENT ON FUNCTION kanisa.receipt_key(text) IS
  'A receipt or transaction id as it is compared: Unicode-normalised (NFKC), upper case, letters A-Z and digits only, NULL when nothing is left.';
REINDEX INDEX public.payment_logs_receipt_key_idx;
REINDEX INDEX public.payment_logs_transaction_key_idx;
REINDEX INDEX public.payment_logs_checkout_key_idx;
REINDEX INDEX public.payment_logs_reference_key_idx;
REINDEX INDEX public.giving_records_transaction_key_idx;

CREATE OR REPLACE FUNCTION kanisa.guard_paid_gift() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  provider_gift boolean;
  correcting boolean;
  receipt_changed boolean;
BEGIN
  IF NOT kanisa.in_api_request() THEN
    IF TG_OP = 'DELETE' THEN
      RETURN OLD;
    END IF;
    RETURN NEW;
  END IF;

  IF TG_OP = 'DELETE' THEN
    IF OLD.payment_id IS NOT NULL THEN
      RAISE EXCEPTION 'An online or paybill gift cannot be deleted'
        USING ERRCODE = '42501',
              DETAIL = format('It is the record of a payment the provider confirmed (receipt %s).',
                              coalesce(OLD.transaction_id, 'unknown')),
              HINT = 'Add a note to it, or re-assign it to the member who gave it with reassign_gift and the reason.';
    END IF;
    RETURN OLD;
  END IF;

  IF TG_OP = 'INSERT' THEN
    IF (NEW.reassigned_at, NEW.reassigned_by, NEW.reassigned_from, NEW.reassign_reason)
       IS DISTINCT FROM (NULL::timestamptz, NULL::uuid, NULL::uuid, NULL::text) THEN
      RAISE EXCEPTION 'A gift''s correction is recorded by reassign_gift only'
        USING ERRCODE = '42501';
    END IF;
    -- A payment's gift is written by the server from the provider's answer; through the API
    -- (the service key too) a gift is one entered by hand.
    IF NEW.payment_id IS NOT NULL THEN
      RAISE EXCEPTION 'The gift of a payment is recorded by the server'
        USING ERRCODE = '42501',
              HINT = 'Enter the gift without payment_id; a gift received in person is entered by hand.';
    END IF;
    receipt_changed := true;
  ELSE
    provider_gift := OLD.payment_id IS NOT NULL;
    correcting := coalesce(current_setting('kanisa.gift_correction', true), '') = OLD.id::text;
    -- Which payment a gift records, and whether a paid gift was a demo, are the server's to
    -- say: a paid gift unlinked (then deletable) or turned into a demo (out of every total) is
    -- not a correction, and a hand-entered gift linked to a payment would take over its receipt.
    IF NEW.payment_id IS DISTINCT FROM OLD.payment_id
       OR (OLD.payment_id IS NOT NULL AND NEW.is_simulated IS DISTINCT FROM OLD.is_simulated) THEN
      RAISE EXCEPTION 'A gift''s payment and demo mark are recorded by the server'
        USING ERRCODE = '42501',
              HINT = 'Add a note to the gift, or re-assign it with reassign_gift and the reason.';
    END IF;
    IF OLD.payment_id IS NOT NULL
       AND (NEW.amount IS DISTINCT FROM OLD.amount
            OR NEW.payment_method IS DISTINCT FROM OLD.payment_method
            OR NEW.transaction_id IS DISTINCT FROM OLD.transaction_id
            OR NEW.is_verified IS DISTINCT FROM OLD.is_verified) THEN
      RAISE EXCEPTION 'An online or paybill gift keeps the amount, method and receipt its payment confirmed'
        USING ERRCODE = '42501',
              HINT = 'Record a separate gift or correction instead.';
    END IF;
    IF NOT correcting
       AND (NEW.reassigned_at, NEW.reassigned_by, NEW.reassigned_from, NEW.reassign_reason)
           IS DISTINCT FROM (OLD.reassigned_at, OLD.reassigned_by, OLD.reassigned_from, OLD.reassign_reason) THEN
      RAISE EXCEPTION 'A gift''s correction is recorded by reassign_gift only'
        USING ERRCODE = '42501';
    END IF;
    IF provider_gift AND NOT correcting
       AND (NEW.member_id, NEW.giving_type) IS DISTINCT FROM (OLD.member_id, OLD.giving_type) THEN
      RAISE EXCEPTION 'An online or paybill gift keeps the member and giving type it was recorded with'
        USING ERRCODE = '42501',
              HINT = 'Re-assign it with reassign_gift and the reason: the change is logged and shown on the member''s giving statement.';
    END IF;
    IF provider_gift AND NEW.giving_date IS DISTINCT FROM OLD.giving_date THEN
      RAISE EXCEPTION 'An online or paybill gift keeps the date it was paid'
        USING ERRCODE = '42501',
              HINT = 'Add a note to it if the date needs explaining.';
    END IF;
    receipt_changed := kanisa.receipt_key(NEW.transaction_id) IS DISTINCT FROM kanisa.receipt_key(OLD.transaction_id);
  END IF;

  -- A gift entered by hand never takes a provider's receipt. Asked only for those who may record
  -- gifts (anyone else is refused by the policies after this trigger, and learns nothing here).
  -- A demo gift entered through the API is held to it too: it could be turned into a counted
  -- one later.
  IF NEW.payment_id IS NULL AND receipt_changed
     AND kanisa.receipt_key(NEW.transaction_id) IS NOT NULL
     AND (coalesce(current_setting('request.jwt.claim.role', true), '') NOT IN ('anon', 'authenticated')
          OR auth.has_permission('manage_donations'))
     AND kanisa.is_provider_receipt(NEW.transaction_id, NEW.id) THEN
    RAISE EXCEPTION 'Transaction ID % is the receipt of an online or paybill payment', btrim(NEW.transaction_id)
      USING ERRCODE = 'PT409',
            DETAIL = 'The gift of that payment is recorded by the server; a gift entered by hand cannot use its receipt.',
            HINT = 'Find that gift in the list (it may be a demo gift), or check the transaction ID.';
  END IF;
  RETURN NEW;
END
$$;

-- The key a client address is counted by: an IPv6 address's /64 network, an IPv4 address
-- itself; NULL for none. An address that does not read as one counts as written.
CREATE FUNCTION kanisa.client_key(client_ip text) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE SET search_path = '' AS $$
DECLARE
  raw text := nullif(btrim(coalesce(client_ip, '')), '');
  address inet;
BEGIN
  IF raw IS NULL THEN
    RETURN NULL;
  END IF;
  BEGIN
    address := raw::inet;
  EXCEPTION WHEN invalid_text_representation THEN
    RETURN raw;
  END;
  IF family(address) = 6 THEN
    RETURN network(set_masklen(address, 64))::text;
  END IF;
  RETURN host(address);
END
$$;
-- Called by the limits as whoever makes the request (it reads nothing), as kanisa.receipt_key.
GRANT EXECUTE ON FUNCTION kanisa.client_key(text) TO PUBLIC;
COMMENT ON FUNCTION kanisa.client_key(text) IS
  'How a client address is counted by the per-connection limits: an IPv6 address by its /64 network, an IPv4 address by itself.';

CREATE OR REPLACE FUNCTION kanisa.count_submission(email text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  minutes integer := kanisa.int_setting('submission_limit_window_minutes', 10);
  address text := kanisa.client_key(current_setting('request.client_ip', true));
BEGIN
  IF address IS NOT NULL THEN
    PERFORM kanisa.hit('address:' || address,
                       kanisa.int_setting('submission_limit_per_address', 20), minutes,
                       'Too many requests have been sent from your connection. Please try again in %s, or call the church office.');
  END IF;
  IF email IS NOT NULL AND btrim(email) <> '' THEN
    PERFORM kanisa.hit('email:' || lower(btrim(email)),
                       kanisa.int_setting('submission_limit_per_email', 5), minutes,
                       'Too many requests have been sent from ' || replace(btrim(email), '%', '%%')
                       || '. Please try again in %s, or call the church office.');
  END IF;
END
$$;

CREATE OR REPLACE FUNCTION kanisa.count_payment_prompt(client_ip text, phone text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF kanisa.client_key(client_ip) IS NOT NULL THEN
    PERFORM kanisa.hit('pay-address:' || kanisa.client_key(client_ip),
                       kanisa.int_setting('payment_prompts_per_address', 10), 60,
                       'Too many payment requests have been sent from your connection. Please try again in %s.');
  END IF;
  IF nullif(btrim(coalesce(phone, '')), '') IS NOT NULL THEN
    PERFORM kanisa.hit('pay-phone:' || btrim(phone),
                       kanisa.int_setting('payment_prompts_per_phone', 5), 10,
                       'Too many payment requests for this phone number. Please try again in %s.');
  END IF;
END
$$;
REVOKE ALL ON FUNCTION kanisa.count_payment_prompt(text, text) FROM PUBLIC;
