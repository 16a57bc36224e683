-- 0015 online giving that never loses a shilling (issue 15): payments settled exactly once,
-- paybill gifts, SMS deliveries per recipient, and the audit trail of every provider message.
--
-- Decisions
-- * A payment_logs row is written (pending) before any provider is called. Its final state
--   arrives by callback, by a status query (the donor's poll or the reconciliation job) or by
--   replay, in any order and any number of times: kanisa.settle_payment is the one place that
--   moves it, under a row lock, so the move to completed, its giving_records row and its
--   receipt job happen together once. Unique keys back that up: giving_records.payment_id,
--   giving_records.transaction_id, payment_logs.receipt_number.
-- * A stored success is final: no later failure, query answer or replay changes it. A success
--   that arrives after the row was marked failed or expired wins (the money was taken).
-- * Paybill gifts (M-Pesa C2B confirmations) are payment_logs rows with source 'paybill',
--   keyed by the provider's transaction id, settled as they are recorded.
-- * Demo payments (no credentials) write real rows with is_simulated; their giving records are
--   simulated too and no financial total counts them.
-- * kanisa.payment_events keeps every provider message as received (raw jsonb), accepted or
--   not, with what was done with it: the audit trail of forged or replayed callbacks.
-- * kanisa.sms_deliveries holds one row per recipient of every text message (receipts now,
--   the Communication Hub's group messages later): provider status code, message id, cost,
--   and the delivery report's final word.

-- ---------------------------------------------------------------------------------------------
-- Phone numbers as the providers write them: 254 and nine digits (NULL when not a Kenyan
-- mobile number). IMMUTABLE so members can be matched through an index.
-- ---------------------------------------------------------------------------------------------
CREATE FUNCTION kanisa.msisdn(phone text) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE SET search_path = '' AS $$
DECLARE
  compact text := regexp_replace(coalesce(phone, ''), '[\s()+-]', '', 'g');
BEGIN
  IF compact ~ '^0[17][0-9]{8}$' THEN
    RETURN '254' || substr(compact, 2);
  ELSIF compact ~ '^254[17][0-9]{8}$' THEN
    RETURN compact;
  ELSIF compact ~ '^[17][0-9]{8}$' THEN
    RETURN '254' || compact;
  END IF;
  RETURN NULL;
END
$$;

CREATE INDEX members_msisdn_idx ON public.members (kanisa.msisdn(phone))
  WHERE kanisa.msisdn(phone) IS NOT NULL;

-- The member a payment comes from: the one member whose phone is this number, else NULL
-- (no member, or several sharing a number: finance staff match those by hand).
CREATE FUNCTION kanisa.member_by_phone(msisdn text) RETURNS uuid
LANGUAGE plpgsql STABLE SET search_path = '' AS $$
DECLARE
  found uuid[];
BEGIN
  IF msisdn IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT array_agg(m.id) INTO found
    FROM (SELECT id FROM public.members
           WHERE kanisa.msisdn(phone) = member_by_phone.msisdn LIMIT 2) AS m;
  IF cardinality(found) = 1 THEN
    RETURN found[1];
  END IF;
  RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION kanisa.member_by_phone(text) FROM PUBLIC;

-- ---------------------------------------------------------------------------------------------
-- payment_logs: prompts and paybill gifts.
-- ---------------------------------------------------------------------------------------------
ALTER TABLE public.payment_logs
  ADD COLUMN source         text        NOT NULL DEFAULT 'prompt',
  ADD COLUMN receipt_number text,
  ADD COLUMN member_id      uuid,
  ADD COLUMN account        text,
  ADD COLUMN payer_name     text,
  ADD COLUMN checks         integer     NOT NULL DEFAULT 0,
  ADD COLUMN next_check_at  timestamptz,
  ADD COLUMN expires_at     timestamptz,
  ALTER COLUMN phone_number DROP NOT NULL,
  DROP CONSTRAINT payment_logs_phone_number_check,
  ADD CONSTRAINT payment_logs_source_check CHECK (source IN ('prompt', 'paybill')),
  -- A prompt always has the donor's number; a paybill confirmation may carry a masked one.
  ADD CONSTRAINT payment_logs_phone_number_check CHECK (
    phone_number ~ '^254[17][0-9]{8}$' OR (phone_number IS NULL AND source = 'paybill')),
  ADD CONSTRAINT payment_logs_receipt_number_key UNIQUE (receipt_number),
  ADD CONSTRAINT payment_logs_receipt_number_check CHECK (btrim(receipt_number) <> ''),
  ADD CONSTRAINT payment_logs_member_id_fkey FOREIGN KEY (member_id)
    REFERENCES public.members (id) ON DELETE SET NULL;

COMMENT ON COLUMN public.payment_logs.source IS
  'prompt: a phone prompt from the giving page; paybill: a gift paid to the paybill (M-Pesa C2B)';
COMMENT ON COLUMN public.payment_logs.receipt_number IS
  'The provider''s receipt (M-Pesa receipt, C2B TransID, bank reference; EQ_… in demo mode)';
COMMENT ON COLUMN public.payment_logs.next_check_at IS
  'When the provider may next be asked about this pending payment (polls and reconciliation)';
COMMENT ON COLUMN public.payment_logs.expires_at IS
  'A payment still pending then is asked one last time and closed as expired';

CREATE INDEX payment_logs_pending_idx ON public.payment_logs (next_check_at)
  WHERE status = 'pending';
CREATE INDEX payment_logs_member_idx ON public.payment_logs (member_id) WHERE member_id IS NOT NULL;
CREATE INDEX payment_logs_created_idx ON public.payment_logs (created_at DESC);

-- ---------------------------------------------------------------------------------------------
-- giving_records: the gift a payment became.
-- ---------------------------------------------------------------------------------------------
ALTER TABLE public.giving_records
  ADD COLUMN payment_id   uuid,
  ADD COLUMN is_simulated boolean NOT NULL DEFAULT false,
  ADD CONSTRAINT giving_records_payment_id_key UNIQUE (payment_id),
  ADD CONSTRAINT giving_records_payment_id_fkey FOREIGN KEY (payment_id)
    REFERENCES public.payment_logs (id) ON DELETE RESTRICT;
COMMENT ON COLUMN public.giving_records.payment_id IS
  'The online or paybill payment this gift came from (written by the server only)';
COMMENT ON COLUMN public.giving_records.is_simulated IS
  'A demo-mode gift: shown to staff as demo, never counted in financial totals';

-- Staff may match a paybill gift to a member, correct its type or add notes, but a gift that
-- came from a payment keeps the amount, method and receipt the provider confirmed.
CREATE FUNCTION kanisa.guard_paid_gift() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF OLD.payment_id IS NOT NULL
     AND (NEW.amount IS DISTINCT FROM OLD.amount
          OR NEW.payment_method IS DISTINCT FROM OLD.payment_method
          OR NEW.transaction_id IS DISTINCT FROM OLD.transaction_id
          OR NEW.is_verified IS DISTINCT FROM OLD.is_verified)
     AND kanisa.in_api_request() THEN
    RAISE EXCEPTION 'An online or paybill gift keeps the amount, method and receipt its payment confirmed'
      USING ERRCODE = '42501',
            HINT = 'Record a separate gift or correction instead.';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER giving_records_guard_paid BEFORE UPDATE ON public.giving_records
  FOR EACH ROW EXECUTE FUNCTION kanisa.guard_paid_gift();

-- Financial totals never count demo gifts.
CREATE OR REPLACE FUNCTION public.get_monthly_giving(from_date date)
RETURNS TABLE (month_key text, total numeric)
LANGUAGE plpgsql
STABLE
SECURITY INVOKER
SET search_path = ''
AS $$
BEGIN
  IF get_monthly_giving.from_date IS NULL THEN
    RAISE EXCEPTION 'from_date is required'
      USING ERRCODE = '22023',
            HINT = 'Pass the first day to count, e.g. the first of the month eleven months ago.';
  END IF;
  IF get_monthly_giving.from_date NOT BETWEEN DATE '1900-01-01' AND DATE '2100-12-31' THEN
    RAISE EXCEPTION 'from_date must be a date between 1900-01-01 and 2100-12-31'
      USING ERRCODE = '22023',
            DETAIL = format('from_date was %s.', get_monthly_giving.from_date),
            HINT = 'Pass the first day to count, e.g. the first of the month eleven months ago.';
  END IF;

  RETURN QUERY
  WITH sums AS (
    SELECT date_trunc('month', g.giving_date::timestamp)::date AS month_start,
           sum(g.amount) AS month_total
    FROM public.giving_records AS g
    WHERE g.is_verified
      AND NOT g.is_simulated
      AND g.giving_date >= get_monthly_giving.from_date
      AND g.giving_date <= DATE '2100-12-31'
    GROUP BY 1
  ),
  months AS (
    SELECT s.month_start::date AS month_start
    FROM generate_series(
           date_trunc('month', get_monthly_giving.from_date::timestamp),
           greatest(date_trunc('month', now() AT TIME ZONE 'Africa/Nairobi'),
                    (SELECT max(x.month_start)::timestamp FROM sums AS x)),
           interval '1 month') AS s (month_start)
  )
  SELECT to_char(mo.month_start, 'YYYY-MM'),
         coalesce(su.month_total, 0.00)::numeric
  FROM months AS mo
  LEFT JOIN sums AS su ON su.month_start = mo.month_start
  ORDER BY mo.month_start;
END
$$;
COMMENT ON FUNCTION public.get_monthly_giving(date) IS
  'Verified giving per calendar month from from_date (inclusive) on, demo gifts left out: rows {month_key ''YYYY-MM'', total KES}, oldest first. Every month up to the current one (Africa/Nairobi) is present, empty months with total 0. from_date is required, between 1900-01-01 and 2100-12-31.';

-- ---------------------------------------------------------------------------------------------
-- The audit trail of provider messages.
-- ---------------------------------------------------------------------------------------------
CREATE TABLE kanisa.payment_events (
  id          bigserial   PRIMARY KEY,
  payment_id  uuid        REFERENCES public.payment_logs (id) ON DELETE SET NULL,
  provider    text        NOT NULL,
  kind        text        NOT NULL,
  verdict     text        NOT NULL,
  remote_addr text,
  payload     jsonb,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_events_payment_idx ON kanisa.payment_events (payment_id, id);
CREATE INDEX payment_events_created_idx ON kanisa.payment_events (created_at);
REVOKE ALL ON kanisa.payment_events FROM PUBLIC;
COMMENT ON TABLE kanisa.payment_events IS
  'Every callback, query answer and paybill confirmation as received, with what was done with it (applied, duplicate, or why refused)';

-- ---------------------------------------------------------------------------------------------
-- Text messages, one row per recipient.
-- ---------------------------------------------------------------------------------------------
CREATE TABLE kanisa.sms_deliveries (
  id                  uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
  purpose             text        NOT NULL CHECK (purpose IN ('receipt', 'message', 'test')),
  payment_id          uuid        REFERENCES public.payment_logs (id) ON DELETE SET NULL,
  message_id          uuid,
  phone               text        NOT NULL CHECK (phone ~ '^\+254[17][0-9]{8}$'),
  body                text        NOT NULL CHECK (body <> ''),
  allow_long          boolean     NOT NULL DEFAULT false,
  status              text        NOT NULL DEFAULT 'queued'
                      CHECK (status IN ('queued', 'sent', 'delivered', 'failed', 'simulated')),
  provider            text,
  status_code         integer,
  provider_status     text,
  provider_message_id text,
  cost                text,
  failure_reason      text,
  is_simulated        boolean     NOT NULL DEFAULT false,
  created_at          timestamptz NOT NULL DEFAULT now(),
  sent_at             timestamptz,
  updated_at          timestamptz NOT NULL DEFAULT now()
);
-- One receipt per payment, whatever re-runs.
CREATE UNIQUE INDEX sms_deliveries_receipt_key ON kanisa.sms_deliveries (payment_id)
  WHERE purpose = 'receipt';
CREATE UNIQUE INDEX sms_deliveries_provider_message_key
  ON kanisa.sms_deliveries (provider, provider_message_id) WHERE provider_message_id IS NOT NULL;
CREATE INDEX sms_deliveries_created_idx ON kanisa.sms_deliveries (created_at DESC);
REVOKE ALL ON kanisa.sms_deliveries FROM PUBLIC;

-- ---------------------------------------------------------------------------------------------
-- Settling a payment: the one way a payment_logs row leaves pending.
-- ---------------------------------------------------------------------------------------------
-- Records the gift of a completed payment (the row already locked and updated) and queues its
-- receipt. Returns the giving record's id.
CREATE FUNCTION kanisa.record_gift(p public.payment_logs, paid_at timestamptz)
RETURNS uuid
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  gift uuid;
BEGIN
  INSERT INTO public.giving_records
    (member_id, amount, giving_type, payment_method, transaction_id, giving_date, notes,
     is_verified, payment_id, is_simulated)
  VALUES
    (p.member_id, p.amount, p.giving_type,
     CASE p.payment_provider WHEN 'mpesa' THEN 'mpesa' ELSE 'equity_bank' END,
     coalesce(p.receipt_number, p.checkout_request_id, p.account_reference),
     (coalesce(paid_at, now()) AT TIME ZONE 'Africa/Nairobi')::date,
     CASE
       WHEN p.is_simulated THEN 'Demo payment (nothing was charged)'
       WHEN p.source = 'paybill' THEN
         'Paybill gift' || coalesce(' from ' || nullif(btrim(p.payer_name), ''), '')
         || coalesce(', account ' || nullif(btrim(p.account), ''), '')
         || CASE WHEN p.member_id IS NULL THEN ' (not matched to a member)' ELSE '' END
       ELSE 'Online gift via ' || CASE p.payment_provider WHEN 'mpesa' THEN 'M-Pesa' ELSE 'Equity Bank' END
     END,
     true, p.id, p.is_simulated)
  RETURNING id INTO gift;

  PERFORM set_config('kanisa.quiet_jobs', 'on', true);
  INSERT INTO kanisa.jobs (kind, unique_key, payload)
  VALUES ('payment_receipt', 'payment-receipt:' || p.id, jsonb_build_object('paymentId', p.id))
  ON CONFLICT (unique_key) DO NOTHING;
  RETURN gift;
END
$$;
REVOKE ALL ON FUNCTION kanisa.record_gift(public.payment_logs, timestamptz) FROM PUBLIC;

-- Applies one provider answer to a prompt payment. outcome: completed, pending, cancelled,
-- expired or failed. Returns what happened:
--   completed          the payment completed now (gift recorded, receipt queued)
--   already_completed  it had completed before: nothing changed (a receipt may be added)
--   settled            it ended now without money (cancelled, expired, failed)
--   already_final      it had ended before without money and this was no success: unchanged
--   pending            still in flight: only the answer was noted
--   mismatch           amount or phone differ from the payment: refused
--   receipt_reused     the receipt belongs to another payment (a replay): refused
--   unknown            no such payment
CREATE FUNCTION kanisa.settle_payment(
  payment   uuid,
  outcome   text,
  code      text,
  descr     text,
  receipt   text,
  paid      numeric,
  phone     text,
  paid_at   timestamptz,
  params    jsonb
) RETURNS text
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  p public.payment_logs;
BEGIN
  SELECT * INTO p FROM public.payment_logs WHERE id = settle_payment.payment FOR UPDATE;
  IF NOT FOUND THEN
    RETURN 'unknown';
  END IF;

  IF p.status = 'completed' THEN
    -- A query may have completed it without the receipt the callback now brings.
    IF outcome = 'completed' AND receipt IS NOT NULL AND p.receipt_number IS NULL
       AND (paid IS NULL OR paid = p.amount)
       AND NOT EXISTS (SELECT 1 FROM public.payment_logs x WHERE x.receipt_number = settle_payment.receipt) THEN
      UPDATE public.payment_logs SET receipt_number = settle_payment.receipt, updated_at = now()
       WHERE id = p.id;
      UPDATE public.giving_records SET transaction_id = settle_payment.receipt
       WHERE payment_id = p.id;
    END IF;
    RETURN 'already_completed';
  END IF;

  IF outcome = 'completed' THEN
    IF (paid IS NOT NULL AND paid <> p.amount)
       OR (phone IS NOT NULL AND kanisa.msisdn(phone) IS DISTINCT FROM p.phone_number) THEN
      RETURN 'mismatch';
    END IF;
    IF receipt IS NOT NULL
       AND EXISTS (SELECT 1 FROM public.payment_logs x
                    WHERE x.receipt_number = settle_payment.receipt AND x.id <> p.id) THEN
      RETURN 'receipt_reused';
    END IF;
    UPDATE public.payment_logs
       SET status = 'completed', completed_at = now(), result_code = settle_payment.code,
           result_desc = settle_payment.descr, receipt_number = settle_payment.receipt,
           transaction_id = coalesce(settle_payment.receipt, transaction_id),
           result_parameters = coalesce(settle_payment.params, result_parameters),
           member_id = coalesce(member_id, kanisa.member_by_phone(phone_number)),
           next_check_at = NULL, updated_at = now()
     WHERE id = p.id
    RETURNING * INTO p;
    PERFORM kanisa.record_gift(p, settle_payment.paid_at);
    RETURN 'completed';
  END IF;

  IF outcome = 'pending' THEN
    UPDATE public.payment_logs
       SET result_code = coalesce(settle_payment.code, result_code),
           result_desc = coalesce(settle_payment.descr, result_desc), updated_at = now()
     WHERE id = p.id AND status = 'pending';
    RETURN 'pending';
  END IF;

  IF p.status <> 'pending' THEN
    RETURN 'already_final';
  END IF;
  UPDATE public.payment_logs
     SET status = CASE settle_payment.outcome WHEN 'cancelled' THEN 'cancelled'
                                              WHEN 'expired' THEN 'expired'
                                              ELSE 'failed' END,
         result_code = settle_payment.code, result_desc = settle_payment.descr,
         next_check_at = NULL, updated_at = now()
   WHERE id = p.id;
  RETURN 'settled';
END
$$;
REVOKE ALL ON FUNCTION kanisa.settle_payment(uuid, text, text, text, text, numeric, text, timestamptz, jsonb) FROM PUBLIC;

-- Records a paybill gift (M-Pesa C2B confirmation) once per provider transaction id. Returns
-- the payment's id, or NULL when that transaction was recorded before.
CREATE FUNCTION kanisa.record_paybill_gift(
  provider    text,
  trans_id    text,
  amount      numeric,
  phone       text,
  account     text,
  giving_type text,
  paid_at     timestamptz,
  payer_name  text,
  payload     jsonb
) RETURNS uuid
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  p public.payment_logs;
  number text := kanisa.msisdn(phone);
BEGIN
  INSERT INTO public.payment_logs
    (account_reference, transaction_id, receipt_number, amount, phone_number, giving_type,
     status, result_code, result_desc, payment_provider, provider_payload, source, account,
     payer_name, member_id, completed_at)
  VALUES
    ('PAYBILL_' || trans_id, trans_id, trans_id, amount, number, giving_type,
     'completed', '0', 'Paybill payment confirmed', provider, payload, 'paybill', account,
     payer_name, kanisa.member_by_phone(number), now())
  ON CONFLICT (receipt_number) DO NOTHING
  RETURNING * INTO p;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  PERFORM kanisa.record_gift(p, paid_at);
  RETURN p.id;
END
$$;
REVOKE ALL ON FUNCTION kanisa.record_paybill_gift(text, text, numeric, text, text, text, timestamptz, text, jsonb) FROM PUBLIC;

-- The shared secret in the payment callbacks' path when KANISA_PAYMENT_CALLBACK_SECRET is not
-- set: made once (by the first instance to start), the same for every instance.
COMMENT ON TABLE kanisa.secret_settings IS
  'Secret settings (moved here from system_settings) and server-made secrets such as payment_callback_secret';

-- Equity Bank (Jenga) also needs the account gifts settle to and the RSA key whose public half
-- is registered with JengaHQ (secret: moved to kanisa.secret_settings by the 0006 trigger).
INSERT INTO public.system_settings (key, value, category, is_public, is_secret, description) VALUES
  ('payment_account_number',    'null', 'financial', false, false, 'Equity Bank account online gifts settle to (Jenga)'),
  ('mobile_money_private_key',  'null', 'financial', false, true,  'Equity Bank (Jenga) signing key, PEM')
ON CONFLICT (key) DO NOTHING;
