-- 0025 one shape for jobs (issue 30): one way to add a job, periodic jobs that never end their
-- schedule, and the staff's view of the scheduled tasks.
--
-- * kanisa.enqueue(kind, unique_key, payload, run_at, max_attempts) is the only statement that
--   inserts into kanisa.jobs: kanisa-jobs' enqueue calls it, and so does every SQL function
--   that queues work (the submissions' deliveries, a paid gift's receipt, redefined below).
--   With a unique key that exists, nothing is inserted and the existing job is answered
--   (created = false), whatever its state.
-- * Periodic kinds (the payment reconciliation, the hourly sweep, the notifications, the backup
--   checks) are enqueued by a scheduler in every instance, one job per slot under the key
--   '{kind}:{slot}' (kanisa-jobs, periodic.rs); kanisa.periodic_kinds records each kind and its
--   interval. A slot that passed while no instance ran it ends as 'skipped' (the next slot ran
--   instead), so after downtime the missed slots run once, not once each.
-- * get_scheduled_tasks() shows a Super Admin each periodic kind: its last run, whether it
--   failed, the error, and the next run.

CREATE FUNCTION kanisa.enqueue(
  kind         text,
  unique_key   text DEFAULT NULL,
  payload      jsonb DEFAULT '{}'::jsonb,
  run_at       timestamptz DEFAULT NULL,
  max_attempts integer DEFAULT 10,
  OUT id       bigint,
  OUT created  boolean)
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  INSERT INTO kanisa.jobs (kind, unique_key, payload, run_at, max_attempts)
  VALUES (enqueue.kind, enqueue.unique_key, coalesce(enqueue.payload, '{}'::jsonb),
          coalesce(enqueue.run_at, now()), coalesce(enqueue.max_attempts, 10))
  ON CONFLICT ON CONSTRAINT jobs_unique_key_key DO NOTHING
  RETURNING jobs.id INTO enqueue.id;
  created := enqueue.id IS NOT NULL;
  IF NOT created THEN
    -- Only a unique key conflicts; this statement's snapshot is newer than the conflict.
    SELECT j.id INTO enqueue.id FROM kanisa.jobs j WHERE j.unique_key = enqueue.unique_key;
  END IF;
END
$$;
REVOKE ALL ON FUNCTION kanisa.enqueue(text, text, jsonb, timestamptz, integer) FROM PUBLIC;
COMMENT ON FUNCTION kanisa.enqueue(text, text, jsonb, timestamptz, integer) IS
  'The one way to add a job: kanisa-jobs and every SQL function that queues work call it.';

ALTER TABLE kanisa.jobs DROP CONSTRAINT jobs_state_check;
ALTER TABLE kanisa.jobs ADD CONSTRAINT jobs_state_check
  CHECK (state IN ('queued', 'running', 'done', 'failed', 'skipped'));

CREATE TABLE kanisa.periodic_kinds (
  kind        text        PRIMARY KEY CHECK (kind <> ''),
  every_secs  integer     NOT NULL CHECK (every_secs >= 1),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
REVOKE ALL ON kanisa.periodic_kinds FROM PUBLIC;
COMMENT ON TABLE kanisa.periodic_kinds IS
  'The periodic job kinds the instances schedule, with their interval (written by each scheduler at start).';

-- The newest finished runs of a kind, for get_scheduled_tasks.
CREATE INDEX jobs_kind_finished ON kanisa.jobs (kind, finished_at DESC)
  WHERE state IN ('done', 'failed');

-- The submissions' deliveries (0014), through kanisa.enqueue.
CREATE OR REPLACE FUNCTION kanisa.enqueue_submission_jobs(source_table text, row_id uuid, has_sender boolean)
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('kanisa.quiet_jobs', 'on', true);
  PERFORM kanisa.enqueue('notify_submission', source_table || '-notify:' || row_id,
                         jsonb_build_object('table', source_table, 'id', row_id));
  IF has_sender THEN
    PERFORM kanisa.enqueue('acknowledge_submission', source_table || '-ack:' || row_id,
                           jsonb_build_object('table', source_table, 'id', row_id));
  END IF;
END
$$;

-- A paid gift and its receipt (0015), the receipt through kanisa.enqueue.
CREATE OR REPLACE FUNCTION kanisa.record_gift(p public.payment_logs, paid_at timestamptz)
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
  PERFORM kanisa.enqueue('payment_receipt', 'payment-receipt:' || p.id,
                         jsonb_build_object('paymentId', p.id));
  RETURN gift;
END
$$;

CREATE FUNCTION public.get_scheduled_tasks()
RETURNS TABLE (kind text, every_secs integer, last_run_at timestamptz, last_ok boolean,
               last_error text, last_failed_at timestamptz, failures_last_day bigint,
               next_run_at timestamptz)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF auth.rank() < 6 OR NOT auth.has_permission('system_settings') THEN
    RAISE EXCEPTION 'The scheduled tasks need a Super Admin with the system_settings permission'
      USING ERRCODE = '42501';
  END IF;
  RETURN QUERY
  SELECT p.kind, p.every_secs, last.finished_at, last.state = 'done', failed.last_error,
         failed.finished_at,
         (SELECT count(*) FROM kanisa.jobs f
           WHERE f.kind = p.kind AND f.state = 'failed'
             AND f.finished_at > now() - interval '1 day'),
         (SELECT min(q.run_at) FROM kanisa.jobs q
           WHERE q.kind = p.kind AND q.state IN ('queued', 'running'))
    FROM kanisa.periodic_kinds p
    LEFT JOIN LATERAL (
      SELECT j.state, j.finished_at FROM kanisa.jobs j
       WHERE j.kind = p.kind AND j.state IN ('done', 'failed')
       ORDER BY j.finished_at DESC LIMIT 1) last ON true
    LEFT JOIN LATERAL (
      SELECT j.last_error, j.finished_at FROM kanisa.jobs j
       WHERE j.kind = p.kind AND j.state = 'failed'
       ORDER BY j.finished_at DESC LIMIT 1) failed ON true
   ORDER BY p.kind;
END
$$;
REVOKE ALL ON FUNCTION public.get_scheduled_tasks() FROM PUBLIC;
COMMENT ON FUNCTION public.get_scheduled_tasks() IS
  'The periodic tasks (payment reconciliation, hourly clean-up, notifications, backup checks) as a Super Admin sees them on the Dashboard: last run, whether it worked, the last failure and its error, failures in the last day, the next run.';

-- One rule for Kenyan mobile numbers (kanisa-phone, held to this function by a test in
-- kanisa-pg): spaces, tabs, line breaks, hyphens, dots and brackets ignored, then an optional
-- +254, 254 or 0 prefix and nine digits starting with 1 or 7. The old version also dropped a '+'
-- anywhere. The index over it is rebuilt for the new definition.
CREATE OR REPLACE FUNCTION kanisa.msisdn(phone text) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE SET search_path = '' AS $$
DECLARE
  compact text := translate(coalesce(phone, ''), E' \t\n\r-.()', '');
BEGIN
  IF compact ~ '^(\+254|254|0)?[17][0-9]{8}$' THEN
    RETURN '254' || right(compact, 9);
  END IF;
  RETURN NULL;
END
$$;
REINDEX INDEX public.members_msisdn_idx;
