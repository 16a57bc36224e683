-- 0027 a paid gift stays the record of its payment (issue 31, an outside security probe).
--
-- Decisions
-- * A provider gift is a giving_records row with payment_id: an online prompt's, a paybill
--   gift, or a demo payment's (is_simulated). Through the API — staff, and the service key too,
--   as 0015 already held for the amount — it cannot be deleted, and its member, date and giving
--   type cannot be changed by PATCH (besides its amount, method, receipt and verification, as
--   since 0015). Refusals are 42501 (HTTP 403) with the reason and what to do instead. The
--   server's own work (payments, seeds, imports, psql) runs on owner connections without API
--   claims and is not held to these rules.
-- * Its member and type are corrected with public.reassign_gift(gift, reason, member,
--   giving_type): manage_donations, a reason required; member is the member the gift is on
--   afterwards (absent or NULL: anonymous), giving_type unchanged when absent. The gift keeps
--   who re-assigned it, when,
--   from which member and why (reassigned_by, reassigned_at, reassigned_from, reassign_reason:
--   the latest correction; every one is in the activity log as donation_reassigned with both
--   members, both types and the reason, logged whatever the audit_logging setting says, since
--   it moves money between statements). The member's giving statement shows the correction on
--   the gift. The guard tells reassign_gift's update apart by a transaction-local marker
--   (kanisa.gift_correction = the gift's id) that only SQL running in the database can set.
-- * A provider's receipt is never reused by a gift entered by hand: a hand-entered gift whose
--   transaction id equals, ignoring case and surrounding spaces, a payment's receipt number,
--   transaction id, checkout id or reference, or the transaction id of another provider gift, is
--   refused with PT409 (HTTP 409). So a paid gift deleted before this migration, or a demo
--   gift, cannot come back as a counted one under its real receipt. The check runs only for a
--   caller who may record gifts (manage_donations) or the service key, so nobody else learns
--   which receipts exist. The other way round — a gift entered by hand first, the provider's
--   confirmation of the same receipt after — is one gift: record_gift adopts the hand-entered
--   row (the payment's amount, method, receipt, date and verification; the member and type the
--   person gave, else the payment's), notes what was entered and logs it (before, the exact
--   receipt made the payment fail for ever on the unique key, and another case made two gifts).
-- * What staff enter through the API is checked with clear messages (23514, HTTP 400): an
--   amount must be at least KES 0.01 after rounding to cents (0.001 used to be stored as 0.00;
--   the spec's "minimum 0" admitted a gift of nothing), a gift's date between 1900-01-01 and a
--   year from today in Nairobi (a post-dated cheque is fine, 2999 is not), an expense's date
--   between 1900-01-01 and 2100-12-31 (budget years run to 2030). Rows already stored are not
--   re-checked until their amount or date is changed. A provider's payment time over a day
--   ahead or a year back is not believed either: the gift gets the day it was recorded.
-- * Paybill transaction ids (M-Pesa TransID) are one receipt whatever their case or spaces:
--   upper-cased and trimmed (also by the parser, kanisa-payments wire.rs), and a receipt stored
--   before this migration in another case counts as the same one.
-- * payment_callback_allowlist (System Settings, Financial, not public): the addresses allowed
--   to post payment callbacks and paybill confirmations, as IP addresses or CIDR ranges; empty
--   means any address (the secret in the path still guards). Saved as a JSON list of canonical
--   ranges ('196.201.214.200/32'); anything that is not an address is refused when saved.
--   Checked by kanisa-functions (callbacks.rs) against the real client address.

-- ---------------------------------------------------------------------------------------------
-- Receipts compared as one: upper case, no surrounding spaces.
-- ---------------------------------------------------------------------------------------------
CREATE FUNCTION kanisa.receipt_key(receipt text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = '' AS $$
  SELECT nullif(upper(btrim(receipt, E' \t\r\n')), '')
$$;
-- Index expressions below call it as whoever writes the row (staff entering a gift too), as
-- kanisa.msisdn (0015) in the members' phone index: EXECUTE stays with PUBLIC. It reads nothing.
GRANT EXECUTE ON FUNCTION kanisa.receipt_key(text) TO PUBLIC;
COMMENT ON FUNCTION kanisa.receipt_key(text) IS
  'A receipt or transaction id as it is compared: upper case, surrounding spaces removed, NULL when empty.';

CREATE INDEX payment_logs_receipt_key_idx ON public.payment_logs (kanisa.receipt_key(receipt_number));
CREATE INDEX payment_logs_transaction_key_idx ON public.payment_logs (kanisa.receipt_key(transaction_id));
CREATE INDEX payment_logs_checkout_key_idx ON public.payment_logs (kanisa.receipt_key(checkout_request_id));
CREATE INDEX payment_logs_reference_key_idx ON public.payment_logs (kanisa.receipt_key(account_reference));
CREATE INDEX giving_records_transaction_key_idx ON public.giving_records (kanisa.receipt_key(transaction_id));

-- Whether a receipt belongs to a payment, or to a provider gift other than `gift`.
CREATE FUNCTION kanisa.is_provider_receipt(receipt text, gift uuid DEFAULT NULL) RETURNS boolean
LANGUAGE sql STABLE SET search_path = '' AS $$
  SELECT kanisa.receipt_key(is_provider_receipt.receipt) IS NOT NULL
     AND (EXISTS (SELECT 1 FROM public.payment_logs p
                   WHERE kanisa.receipt_key(p.receipt_number) = kanisa.receipt_key(is_provider_receipt.receipt)
                      OR kanisa.receipt_key(p.transaction_id) = kanisa.receipt_key(is_provider_receipt.receipt)
                      OR kanisa.receipt_key(p.checkout_request_id) = kanisa.receipt_key(is_provider_receipt.receipt)
                      OR kanisa.receipt_key(p.account_reference) = kanisa.receipt_key(is_provider_receipt.receipt))
          OR EXISTS (SELECT 1 FROM public.giving_records g
                      WHERE kanisa.receipt_key(g.transaction_id) = kanisa.receipt_key(is_provider_receipt.receipt)
                        AND (g.payment_id IS NOT NULL OR g.is_simulated)
                        AND g.id IS DISTINCT FROM is_provider_receipt.gift))
$$;
REVOKE ALL ON FUNCTION kanisa.is_provider_receipt(text, uuid) FROM PUBLIC;
COMMENT ON FUNCTION kanisa.is_provider_receipt(text, uuid) IS
  'True when the receipt (any case, spaces ignored) is a payment''s receipt number, transaction id, checkout id or reference, or the transaction id of a provider or demo gift other than gift.';

-- ---------------------------------------------------------------------------------------------
-- The latest correction of a gift.
-- ---------------------------------------------------------------------------------------------
-- No foreign keys on reassigned_by and reassigned_from: a second key to members (or users)
-- would make the table API's embed `members(...)` of a gift ambiguous (PGRST201) for every
-- screen that reads gifts with their member. They are the record of who and from whom at the
-- time (the activity log has them too), kept even if that account or member is later removed.
ALTER TABLE public.giving_records
  ADD COLUMN reassigned_at   timestamptz,
  ADD COLUMN reassigned_by   uuid,
  ADD COLUMN reassigned_from uuid,
  ADD COLUMN reassign_reason text,
  ADD CONSTRAINT giving_records_reassign_reason_check CHECK (
    (reassigned_at IS NULL) = (reassign_reason IS NULL) AND btrim(reassign_reason) <> '');
COMMENT ON COLUMN public.giving_records.reassigned_at IS
  'When the gift''s member or type was last corrected with reassign_gift (written by that function only).';
COMMENT ON COLUMN public.giving_records.reassigned_by IS
  'Who made the last correction (reassign_gift; a public.users id). No foreign key: see migration 0027.';
COMMENT ON COLUMN public.giving_records.reassigned_from IS
  'The member the gift was on before the last correction (NULL: anonymous). No foreign key: see migration 0027.';
COMMENT ON COLUMN public.giving_records.reassign_reason IS
  'Why the gift was last corrected, as given to reassign_gift; shown on the member''s giving statement.';

-- ---------------------------------------------------------------------------------------------
-- The guard of paid gifts (0015), now for deletes, inserts and every column a payment decides.
-- ---------------------------------------------------------------------------------------------
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
    receipt_changed := true;
  ELSE
    provider_gift := OLD.payment_id IS NOT NULL;
    correcting := coalesce(current_setting('kanisa.gift_correction', true), '') = OLD.id::text;
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
  IF NEW.payment_id IS NULL AND NOT NEW.is_simulated AND receipt_changed
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
REVOKE ALL ON FUNCTION kanisa.guard_paid_gift() FROM PUBLIC;
DROP TRIGGER giving_records_guard_paid ON public.giving_records;
CREATE TRIGGER giving_records_guard_paid BEFORE INSERT OR UPDATE OR DELETE ON public.giving_records
  FOR EACH ROW EXECUTE FUNCTION kanisa.guard_paid_gift();

-- ---------------------------------------------------------------------------------------------
-- Amounts and dates as staff enter them (gifts and expenses).
-- ---------------------------------------------------------------------------------------------
-- Trigger arguments: the date column, what the row is called ('gift', 'expense'), and the
-- latest date allowed: 'year_ahead' (a year from today in Nairobi) or a date.
CREATE FUNCTION kanisa.check_entered_money() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  day_column text := TG_ARGV[0];
  what text := TG_ARGV[1];
  latest date;
  day date;
  amount_changed boolean;
  day_changed boolean;
BEGIN
  IF NOT kanisa.in_api_request() THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'INSERT' THEN
    amount_changed := true;
    day_changed := true;
  ELSE
    amount_changed := NEW.amount IS DISTINCT FROM OLD.amount;
    day_changed := (to_jsonb(NEW) -> day_column) IS DISTINCT FROM (to_jsonb(OLD) -> day_column);
  END IF;

  -- The amount is already rounded to cents here: 0.001 arrives as 0.00.
  IF amount_changed AND NEW.amount IS NOT NULL AND NEW.amount < 0.01 THEN
    RAISE EXCEPTION 'The amount must be at least KES 0.01'
      USING ERRCODE = '23514',
            DETAIL = format('The %s''s amount was %s once rounded to cents.', what, NEW.amount),
            HINT = 'Amounts are kept in shillings and cents; an amount that rounds to zero is no ' || what || '.';
  END IF;

  IF day_changed THEN
    day := (to_jsonb(NEW) ->> day_column)::date;
    latest := CASE TG_ARGV[2]
                WHEN 'year_ahead' THEN ((now() AT TIME ZONE 'Africa/Nairobi')::date + interval '1 year')::date
                ELSE TG_ARGV[2]::date
              END;
    IF day IS NOT NULL AND (day < DATE '1900-01-01' OR day > latest) THEN
      RAISE EXCEPTION 'The %''s date must be between 1900-01-01 and %', what,
                      CASE TG_ARGV[2] WHEN 'year_ahead' THEN format('%s (a year from today)', latest)
                                      ELSE latest::text END
        USING ERRCODE = '23514',
              DETAIL = format('%s was %s.', day_column, day);
    END IF;
  END IF;
  RETURN NEW;
END
$$;
REVOKE ALL ON FUNCTION kanisa.check_entered_money() FROM PUBLIC;
CREATE TRIGGER giving_records_check_entry BEFORE INSERT OR UPDATE ON public.giving_records
  FOR EACH ROW EXECUTE FUNCTION kanisa.check_entered_money('giving_date', 'gift', 'year_ahead');
CREATE TRIGGER expenses_check_entry BEFORE INSERT OR UPDATE ON public.expenses
  FOR EACH ROW EXECUTE FUNCTION kanisa.check_entered_money('expense_date', 'expense', '2100-12-31');

-- ---------------------------------------------------------------------------------------------
-- Correcting a gift's member or type: the one way for a provider gift.
-- ---------------------------------------------------------------------------------------------
CREATE FUNCTION public.reassign_gift(gift uuid, reason text, member uuid DEFAULT NULL,
                                     giving_type text DEFAULT NULL)
RETURNS jsonb
LANGUAGE plpgsql
VOLATILE
SECURITY DEFINER
SET search_path = ''
AS $$
DECLARE
  g public.giving_records;
  why text := btrim(coalesce(reassign_gift.reason, ''), E' \t\r\n');
  new_type text;
  changed jsonb;
BEGIN
  PERFORM auth.require_any_permission('Re-assigning a gift', 'manage_donations');
  IF why = '' THEN
    RAISE EXCEPTION 'Please give the reason for re-assigning the gift'
      USING ERRCODE = '22023',
            HINT = 'The reason is kept with the gift, shown on the giving statement and logged.';
  END IF;
  IF length(why) > 500 THEN
    RAISE EXCEPTION 'The reason can be at most 500 characters' USING ERRCODE = '22023';
  END IF;
  SELECT * INTO g FROM public.giving_records r WHERE r.id = reassign_gift.gift FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Gift not found'
      USING ERRCODE = '22023', DETAIL = format('No gift has id %s.', reassign_gift.gift);
  END IF;
  IF reassign_gift.member IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM public.members m WHERE m.id = reassign_gift.member) THEN
    RAISE EXCEPTION 'Member not found'
      USING ERRCODE = '22023', DETAIL = format('No member has id %s.', reassign_gift.member);
  END IF;
  new_type := coalesce(nullif(btrim(reassign_gift.giving_type), ''), g.giving_type);
  IF new_type NOT IN ('tithe', 'offering', 'special_project', 'building_fund', 'missions') THEN
    RAISE EXCEPTION 'giving_type must be tithe, offering, special_project, building_fund or missions'
      USING ERRCODE = '22023', DETAIL = format('giving_type was %s.', reassign_gift.giving_type);
  END IF;
  IF reassign_gift.member IS NOT DISTINCT FROM g.member_id AND new_type = g.giving_type THEN
    RAISE EXCEPTION 'The gift already has this member and giving type' USING ERRCODE = '22023';
  END IF;

  PERFORM set_config('kanisa.gift_correction', g.id::text, true);
  UPDATE public.giving_records r
     SET member_id = reassign_gift.member,
         giving_type = new_type,
         reassigned_at = now(),
         reassigned_by = auth.uid(),
         reassigned_from = g.member_id,
         reassign_reason = why
   WHERE r.id = g.id
  RETURNING to_jsonb(r.*) INTO changed;
  PERFORM set_config('kanisa.gift_correction', '', true);

  INSERT INTO public.admin_activity_logs (admin_id, action, details)
  VALUES (auth.uid(), 'donation_reassigned', jsonb_build_object(
            'id', g.id,
            'giving_type', new_type,
            'amount', g.amount,
            'transaction_id', g.transaction_id,
            'from_member_id', g.member_id,
            'to_member_id', reassign_gift.member,
            'from_giving_type', g.giving_type,
            'reason', why));
  RETURN changed;
END
$$;
REVOKE ALL ON FUNCTION public.reassign_gift(uuid, text, uuid, text) FROM PUBLIC;
COMMENT ON FUNCTION public.reassign_gift(uuid, text, uuid, text) IS
  'Moves a gift to member (absent or NULL: anonymous; to correct only the type, pass its member) and, with giving_type, corrects its type, with the reason (required, at most 500 characters); needs manage_donations. The one way to change the member or type of an online, paybill or demo gift. Records who, when, from which member and why on the gift, logs donation_reassigned, and returns the gift.';

-- ---------------------------------------------------------------------------------------------
-- Giving statements (0018) show the correction of a gift.
-- ---------------------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION public.get_giving_statements(from_date date, to_date date,
                                                       page_offset integer DEFAULT 0,
                                                       page_size integer DEFAULT 50,
                                                       member_id uuid DEFAULT NULL)
RETURNS jsonb
LANGUAGE plpgsql
STABLE
SECURITY INVOKER
SET search_path = ''
AS $$
DECLARE
  answer jsonb;
BEGIN
  PERFORM auth.require_any_permission('Giving statements', 'view_financial_reports', 'manage_donations');
  IF get_giving_statements.from_date IS NULL OR get_giving_statements.to_date IS NULL THEN
    RAISE EXCEPTION 'from_date and to_date are required' USING ERRCODE = '22023';
  END IF;
  IF get_giving_statements.from_date > get_giving_statements.to_date THEN
    RAISE EXCEPTION 'The start date must not be after the end date'
      USING ERRCODE = '22023',
            DETAIL = format('from %s to %s', get_giving_statements.from_date, get_giving_statements.to_date);
  END IF;
  IF get_giving_statements.page_size IS NULL OR get_giving_statements.page_size NOT BETWEEN 1 AND 200 THEN
    RAISE EXCEPTION 'page_size must be between 1 and 200' USING ERRCODE = '22023';
  END IF;
  IF get_giving_statements.page_offset IS NULL OR get_giving_statements.page_offset < 0 THEN
    RAISE EXCEPTION 'page_offset must be 0 or more' USING ERRCODE = '22023';
  END IF;

  WITH chosen AS (
    SELECT m.id, m.first_name, m.last_name, m.membership_number, m.phone, m.email, m.address
      FROM public.members m
     WHERE CASE WHEN get_giving_statements.member_id IS NOT NULL
                THEN m.id = get_giving_statements.member_id
                ELSE EXISTS (SELECT 1 FROM public.giving_records g
                              WHERE g.member_id = m.id AND g.is_verified AND NOT g.is_simulated
                                AND g.giving_date BETWEEN get_giving_statements.from_date
                                                      AND get_giving_statements.to_date) END
  ),
  page AS (
    SELECT c.* FROM chosen c
     ORDER BY c.last_name, c.first_name, c.id
     OFFSET get_giving_statements.page_offset LIMIT get_giving_statements.page_size
  ),
  statements AS (
    SELECT p.last_name, p.first_name, p.id,
           jsonb_build_object(
             'member', jsonb_build_object(
               'id', p.id, 'first_name', p.first_name, 'last_name', p.last_name,
               'membership_number', p.membership_number, 'phone', p.phone, 'email', p.email,
               'address', p.address),
             'from', get_giving_statements.from_date,
             'to', get_giving_statements.to_date,
             'total', coalesce(sums.total, 0),
             'gift_count', coalesce(sums.gift_count, 0),
             'by_type', coalesce(sums.by_type, '[]'),
             'gifts', coalesce(sums.gifts, '[]')) AS statement
      FROM page p
      LEFT JOIN LATERAL (
        SELECT sum(x.amount) AS total,
               count(*) AS gift_count,
               jsonb_agg(jsonb_build_object(
                 'id', x.id, 'giving_date', x.giving_date, 'receipt_no', x.receipt_no,
                 'giving_type', x.giving_type, 'payment_method', x.payment_method,
                 'transaction_id', x.transaction_id, 'amount', x.amount,
                 'reassigned_on', (x.reassigned_at AT TIME ZONE 'Africa/Nairobi')::date,
                 'reassign_reason', x.reassign_reason)
                 ORDER BY x.giving_date, x.receipt_no) AS gifts,
               (SELECT jsonb_agg(jsonb_build_object('giving_type', y.giving_type,
                                                    'total', y.total, 'gift_count', y.gift_count)
                                 ORDER BY y.position)
                  FROM (SELECT t.position, t.giving_type, sum(z.amount) AS total, count(*) AS gift_count
                          FROM public.giving_records z
                          JOIN (VALUES ('tithe', 1), ('offering', 2), ('special_project', 3),
                                       ('building_fund', 4), ('missions', 5)) AS t(giving_type, position)
                            ON t.giving_type = z.giving_type
                         WHERE z.member_id = p.id AND z.is_verified AND NOT z.is_simulated
                           AND z.giving_date BETWEEN get_giving_statements.from_date
                                                 AND get_giving_statements.to_date
                         GROUP BY t.position, t.giving_type) y) AS by_type
          FROM public.giving_records x
         WHERE x.member_id = p.id AND x.is_verified AND NOT x.is_simulated
           AND x.giving_date BETWEEN get_giving_statements.from_date AND get_giving_statements.to_date
      ) sums ON true
  )
  SELECT jsonb_build_object(
           'from', get_giving_statements.from_date,
           'to', get_giving_statements.to_date,
           'member_count', (SELECT count(*) FROM chosen),
           'statements', coalesce((SELECT jsonb_agg(s.statement ORDER BY s.last_name, s.first_name, s.id)
                                     FROM statements s), '[]'))
    INTO answer;
  RETURN answer;
END
$$;
COMMENT ON FUNCTION public.get_giving_statements(date, date, integer, integer, uuid) IS
  'Giving statements (counted gifts: verified, not demo, dates inclusive) of every member who gave in the range, by name, a page at a time (page_size 1-200; member_count is how many in all); with member_id, only that member''s. Each: the member, every gift with its receipt number and, when it was re-assigned with reassign_gift, the day (reassigned_on, Nairobi) and the reason, totals by type and in all.';

-- ---------------------------------------------------------------------------------------------
-- A paid gift (0015, 0025): a hand-entered gift of the same receipt is adopted; the paid day is
-- believed within a year back and a day ahead.
-- ---------------------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION kanisa.record_gift(p public.payment_logs, paid_at timestamptz)
RETURNS uuid
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  gift uuid;
  receipt text := coalesce(p.receipt_number, p.checkout_request_id, p.account_reference);
  method text := CASE p.payment_provider WHEN 'mpesa' THEN 'mpesa' ELSE 'equity_bank' END;
  paid timestamptz := CASE WHEN record_gift.paid_at BETWEEN now() - interval '1 year' AND now() + interval '1 day'
                           THEN record_gift.paid_at ELSE now() END;
  day date := (paid AT TIME ZONE 'Africa/Nairobi')::date;
  note text := CASE
       WHEN p.is_simulated THEN 'Demo payment (nothing was charged)'
       WHEN p.source = 'paybill' THEN
         'Paybill gift' || coalesce(' from ' || nullif(btrim(p.payer_name), ''), '')
         || coalesce(', account ' || nullif(btrim(p.account), ''), '')
         || CASE WHEN p.member_id IS NULL THEN ' (not matched to a member)' ELSE '' END
       ELSE 'Online gift via ' || CASE p.payment_provider WHEN 'mpesa' THEN 'M-Pesa' ELSE 'Equity Bank' END
     END;
  hand public.giving_records;
BEGIN
  SELECT g.* INTO hand FROM public.giving_records g
   WHERE g.payment_id IS NULL AND kanisa.receipt_key(g.transaction_id) = kanisa.receipt_key(receipt)
   ORDER BY g.created_at, g.id
   LIMIT 1
   FOR UPDATE;
  IF FOUND THEN
    -- Entered by hand before the provider's word came: that gift is this payment's.
    UPDATE public.giving_records g
       SET payment_id = p.id, amount = p.amount, payment_method = method, transaction_id = receipt,
           giving_date = day, is_verified = true, is_simulated = p.is_simulated,
           member_id = coalesce(g.member_id, p.member_id),
           notes = concat_ws(' · ', nullif(btrim(g.notes), ''), note,
                             CASE WHEN g.amount = p.amount
                                  THEN 'entered by hand before the payment was confirmed'
                                  ELSE format('entered by hand as KES %s before the payment confirmed KES %s',
                                              g.amount, p.amount) END)
     WHERE g.id = hand.id;
    gift := hand.id;
    INSERT INTO public.admin_activity_logs (admin_id, action, details)
    VALUES (NULL, 'donation_updated', jsonb_build_object(
              'id', hand.id, 'giving_type', hand.giving_type, 'amount', p.amount,
              'entered_amount', hand.amount, 'payment_id', p.id, 'transaction_id', receipt,
              'matched_payment', true));
  ELSE
    INSERT INTO public.giving_records
      (member_id, amount, giving_type, payment_method, transaction_id, giving_date, notes,
       is_verified, payment_id, is_simulated)
    VALUES
      (p.member_id, p.amount, p.giving_type, method, receipt, day, note, true, p.id, p.is_simulated)
    RETURNING id INTO gift;
  END IF;

  PERFORM set_config('kanisa.quiet_jobs', 'on', true);
  PERFORM kanisa.enqueue('payment_receipt', 'payment-receipt:' || p.id,
                         jsonb_build_object('paymentId', p.id));
  RETURN gift;
END
$$;

-- Paybill gifts (0015): once per transaction id, whatever its case or spaces.
CREATE OR REPLACE FUNCTION kanisa.record_paybill_gift(
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
  receipt text := kanisa.receipt_key(trans_id);
BEGIN
  IF receipt IS NULL THEN
    RAISE EXCEPTION 'A paybill gift needs its transaction id' USING ERRCODE = '22023';
  END IF;
  -- A receipt stored before transaction ids were upper-cased counts as the same one.
  IF EXISTS (SELECT 1 FROM public.payment_logs x WHERE kanisa.receipt_key(x.receipt_number) = receipt) THEN
    RETURN NULL;
  END IF;
  INSERT INTO public.payment_logs
    (account_reference, transaction_id, receipt_number, amount, phone_number, giving_type,
     status, result_code, result_desc, payment_provider, provider_payload, source, account,
     payer_name, member_id, completed_at)
  VALUES
    ('PAYBILL_' || receipt, receipt, receipt, record_paybill_gift.amount, number,
     record_paybill_gift.giving_type, 'completed', '0', 'Paybill payment confirmed',
     record_paybill_gift.provider, record_paybill_gift.payload, 'paybill', record_paybill_gift.account,
     record_paybill_gift.payer_name, kanisa.member_by_phone(number), now())
  ON CONFLICT (receipt_number) DO NOTHING
  RETURNING * INTO p;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  PERFORM kanisa.record_gift(p, record_paybill_gift.paid_at);
  RETURN p.id;
END
$$;

-- ---------------------------------------------------------------------------------------------
-- The callback allow-list.
-- ---------------------------------------------------------------------------------------------
INSERT INTO public.system_settings (key, value, category, is_public, is_secret, description) VALUES
  ('payment_callback_allowlist', 'null', 'financial', false, false,
   'Addresses allowed to post payment callbacks and paybill confirmations: IP addresses or CIDR ranges, e.g. ["196.201.214.0/24", "196.201.213.114"]. Empty: any address (the secret in the callback address still guards). Safaricom publishes the addresses its M-Pesa callbacks come from: 196.201.214.200, 196.201.214.206, 196.201.214.207, 196.201.214.208, 196.201.213.114, 196.201.213.44, 196.201.212.127, 196.201.212.129, 196.201.212.136, 196.201.212.138, 196.201.212.69, 196.201.212.74 (check its current list). Behind a proxy, set KANISA_TRUSTED_PROXIES so the real address is seen.')
ON CONFLICT (key) DO NOTHING;

-- Saves the list as canonical ranges ('196.201.214.0/24', a single address as /32 or /128); a
-- list, a text of entries separated by commas or spaces, or null/empty (off) are read. Anything
-- that is not an address or range is refused (22023, HTTP 400), naming it.
CREATE FUNCTION kanisa.check_callback_allowlist() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  entries text[];
  entry text;
  ranges text[] := '{}';
  address inet;
BEGIN
  CASE jsonb_typeof(NEW.value)
    WHEN 'array' THEN
      IF EXISTS (SELECT 1 FROM jsonb_array_elements(NEW.value) e WHERE jsonb_typeof(e) <> 'string') THEN
        RAISE EXCEPTION 'payment_callback_allowlist must be a list of addresses as text'
          USING ERRCODE = '22023';
      END IF;
      SELECT coalesce(array_agg(btrim(e)), '{}') INTO entries
        FROM jsonb_array_elements_text(NEW.value) e WHERE btrim(e) <> '';
    WHEN 'string' THEN
      SELECT coalesce(array_agg(e), '{}') INTO entries
        FROM regexp_split_to_table(btrim(NEW.value #>> '{}'), '[\s,;]+') e WHERE e <> '';
    WHEN 'null' THEN
      entries := '{}';
    ELSE
      RAISE EXCEPTION 'payment_callback_allowlist must be a list of IP addresses or ranges'
        USING ERRCODE = '22023';
  END CASE;
  FOREACH entry IN ARRAY entries LOOP
    IF entry !~ '^[0-9A-Fa-f:.]+(/[0-9]{1,3})?$' THEN
      RAISE EXCEPTION 'payment_callback_allowlist: "%" is not an IP address or range such as 196.201.214.0/24', entry
        USING ERRCODE = '22023';
    END IF;
    BEGIN
      address := entry::inet;
    EXCEPTION WHEN invalid_text_representation OR invalid_binary_representation THEN
      RAISE EXCEPTION 'payment_callback_allowlist: "%" is not an IP address or range such as 196.201.214.0/24', entry
        USING ERRCODE = '22023';
    END;
    ranges := ranges || format('%s/%s', host(network(address)), masklen(address));
  END LOOP;
  NEW.value := CASE WHEN cardinality(ranges) = 0 THEN 'null'::jsonb
                    ELSE (SELECT to_jsonb(array_agg(DISTINCT r ORDER BY r)) FROM unnest(ranges) r) END;
  RETURN NEW;
END
$$;
REVOKE ALL ON FUNCTION kanisa.check_callback_allowlist() FROM PUBLIC;
-- Runs as the caller (a Super Admin saving settings), as kanisa.guard_expense_review (0018).
GRANT EXECUTE ON FUNCTION kanisa.check_callback_allowlist() TO anon, authenticated;
CREATE TRIGGER system_settings_check_callback_allowlist BEFORE INSERT OR UPDATE ON public.system_settings
  FOR EACH ROW WHEN (NEW.key = 'payment_callback_allowlist')
  EXECUTE FUNCTION kanisa.check_callback_allowlist();
