-- 0014 public submissions: abuse limits, the recipient's address, and delivery as jobs.
--
-- A message or prayer request from the public site can arrive two ways: through
-- /functions/v1/submit-request and /functions/v1/contact-message (validated, routed, the
-- priority set; the apps use these), or inserted directly through the table API (the original
-- client's call, still allowed by the policies). Both end in the same INSERT, run as the
-- caller, so the rules below live in triggers and hold for both:
--
-- * Abuse limits (anon only): at most submission_limit_per_address rows per client address
--   and submission_limit_per_email per sender e-mail in a window of
--   submission_limit_window_minutes (System Settings, Security tab; shared by every Kanisa
--   instance). Over the limit the insert fails with SQLSTATE PT429 (HTTP 429); its HINT says
--   'Retry after N seconds'. A bulk insert counts every row.
-- * The recipient's e-mail of a website message is always resolved here — a client cannot
--   make the server mail an address of its choosing: a leader by name, then a leader whose
--   position matches the role, then the church mailbox for the role (request_mailboxes:
--   pastor, secretary, admin, pastoral_care, visitation, events, facilities, maintenance),
--   then the default mailbox (the clerk), then the church e-mails.
-- * Delivery is enqueued in the inserting transaction (transactional outbox), without a
--   NOTIFY (see kanisa.notify_jobs below; the workers poll every 250 ms): the staff
--   e-mail ('notify_submission', unique key '<table>-notify:<id>') and, when the sender left
--   an e-mail, the acknowledgement ('acknowledge_submission', '<table>-ack:<id>'). Messages
--   entered by staff (source 'admin') are not mailed, nor rows written outside an API request
--   (seeds, restores).

CREATE TABLE kanisa.submission_hits (
  bucket       text        NOT NULL,
  window_start timestamptz NOT NULL,
  hits         integer     NOT NULL,
  CONSTRAINT submission_hits_pkey PRIMARY KEY (bucket, window_start)
);
REVOKE ALL ON kanisa.submission_hits FROM PUBLIC;

INSERT INTO public.system_settings (key, value, category, is_public, is_secret, description) VALUES
  ('submission_limit_per_address', '20', 'security', false, false,
   'Public submissions (requests, contact messages) accepted per client address per window'),
  ('submission_limit_per_email', '5', 'security', false, false,
   'Public submissions accepted per sender e-mail per window'),
  ('submission_limit_window_minutes', '10', 'security', false, false,
   'The window of the public submission limits, in minutes')
ON CONFLICT (key) DO NOTHING;

-- The functions below have no SET search_path of their own: they are called only by the
-- SECURITY DEFINER triggers (which set it to '') and by the server's owner connections, and
-- name everything with its schema. They are PL/pgSQL, not SQL, even where one statement
-- would do: a session keeps a PL/pgSQL function's plans, whereas a SQL function called from
-- a trigger is planned again on every call — for the mailbox look-up that tripled the cost of
-- a public insert (scripts/bench-submissions.sh). A SET clause would add a configuration
-- change to every call as well.

-- Counts one anonymous submission from the request's client address and `email`; raises
-- PT429 when either is over its limit (0 = no limit). Old windows are pruned by the hourly
-- sweep (kanisa-functions, uploads.rs).
CREATE FUNCTION kanisa.count_submission(email text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  limits record;
  this_window timestamptz;
  retry_after integer;
  address text := nullif(current_setting('request.client_ip', true), '');
  counted integer;
BEGIN
  SELECT greatest(coalesce(max(v) FILTER (WHERE k = 'submission_limit_window_minutes'), 10), 1) AS minutes,
         coalesce(max(v) FILTER (WHERE k = 'submission_limit_per_address'), 20) AS per_address,
         coalesce(max(v) FILTER (WHERE k = 'submission_limit_per_email'), 5) AS per_email
    INTO limits
    FROM (SELECT s.key, CASE WHEN s.value #>> '{}' ~ '^\s*[0-9]{1,9}\s*$'
                             THEN (s.value #>> '{}')::integer END
            FROM public.system_settings s
           WHERE s.key IN ('submission_limit_window_minutes', 'submission_limit_per_address',
                           'submission_limit_per_email')) AS t(k, v);
  this_window := date_bin(make_interval(mins => limits.minutes), now(),
                          timestamptz '2000-01-01 00:00:00+00');
  retry_after := greatest(ceil(extract(epoch FROM this_window
                                 + make_interval(mins => limits.minutes) - now())), 1);
  IF limits.per_address > 0 AND address IS NOT NULL THEN
    INSERT INTO kanisa.submission_hits AS h (bucket, window_start, hits)
    VALUES ('address:' || address, this_window, 1)
    ON CONFLICT ON CONSTRAINT submission_hits_pkey DO UPDATE SET hits = h.hits + 1
    RETURNING h.hits INTO counted;
    IF counted > limits.per_address THEN
      RAISE EXCEPTION USING ERRCODE = 'PT429',
        MESSAGE = format('Too many requests have been sent from your connection. Please try again in %s minute%s, or call the church office.',
                         ceil(retry_after / 60.0), CASE WHEN retry_after > 60 THEN 's' ELSE '' END),
        HINT = format('Retry after %s seconds', retry_after);
    END IF;
  END IF;
  IF limits.per_email > 0 AND email IS NOT NULL AND btrim(email) <> '' THEN
    INSERT INTO kanisa.submission_hits AS h (bucket, window_start, hits)
    VALUES ('email:' || lower(btrim(email)), this_window, 1)
    ON CONFLICT ON CONSTRAINT submission_hits_pkey DO UPDATE SET hits = h.hits + 1
    RETURNING h.hits INTO counted;
    IF counted > limits.per_email THEN
      RAISE EXCEPTION USING ERRCODE = 'PT429',
        MESSAGE = format('Too many requests have been sent from %s. Please try again in %s minute%s, or call the church office.',
                         btrim(email), ceil(retry_after / 60.0), CASE WHEN retry_after > 60 THEN 's' ELSE '' END),
        HINT = format('Retry after %s seconds', retry_after);
    END IF;
  END IF;
END
$$;
REVOKE ALL ON FUNCTION kanisa.count_submission(text) FROM PUBLIC;

-- The church mailbox for a recipient (the order is public-site §5's).
CREATE FUNCTION kanisa.resolve_recipient_email(recipient_name text, recipient_role text)
RETURNS text
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (WITH mailboxes AS (
    SELECT CASE WHEN jsonb_typeof(s.value) = 'object' THEN s.value ELSE '{}'::jsonb END AS m
      FROM public.system_settings s WHERE s.key = 'request_mailboxes'
    UNION ALL SELECT '{}'::jsonb LIMIT 1
  ),
  wanted AS (
    SELECT lower(btrim(coalesce(recipient_name, ''))) AS name,
           lower(btrim(coalesce(recipient_role, ''))) AS role,
           replace(lower(coalesce(recipient_role, '') || ' ' || coalesce(recipient_name, '')),
                   '_', ' ') AS words
  )
  SELECT coalesce(
    (SELECT l.email FROM public.church_leaders l, wanted w
      WHERE l.is_active AND l.email IS NOT NULL AND w.name <> '' AND lower(l.name) = w.name
      ORDER BY l.display_order, l.created_at LIMIT 1),
    (SELECT l.email FROM public.church_leaders l, wanted w
      WHERE l.is_active AND l.email IS NOT NULL AND length(w.role) >= 4
        AND (lower(l.position) = w.role OR strpos(lower(l.position), w.role) > 0)
      ORDER BY lower(l.position) = w.role DESC, l.display_order, l.created_at LIMIT 1),
    (SELECT nullif(btrim(mb.m ->> k.key), '')
       FROM mailboxes mb, wanted w,
            (VALUES (1, 'pastoral_care', 'pastoral care'), (2, 'pastor', 'pastor'),
                    (3, 'secretary', 'secretary'), (4, 'visitation', 'visitation'),
                    (5, 'events', 'event'), (6, 'facilities', 'facilit'),
                    (7, 'maintenance', 'maintenance'), (8, 'admin', 'admin')) AS k(rank, key, word)
      WHERE strpos(w.words, k.word) > 0 AND nullif(btrim(mb.m ->> k.key), '') IS NOT NULL
      ORDER BY k.rank LIMIT 1),
    (SELECT nullif(btrim(mb.m ->> 'default'), '') FROM mailboxes mb),
    (SELECT s.value #>> '{}' FROM public.system_settings s
      WHERE s.key = 'church_email_secondary' AND jsonb_typeof(s.value) = 'string'
        AND s.value #>> '{}' ~ '^[^@\s]+@[^@\s]+$'),
    (SELECT s.value #>> '{}' FROM public.system_settings s
      WHERE s.key = 'church_email' AND jsonb_typeof(s.value) = 'string'
        AND s.value #>> '{}' ~ '^[^@\s]+@[^@\s]+$')));
END
$$;
REVOKE ALL ON FUNCTION kanisa.resolve_recipient_email(text, text) FROM PUBLIC;

-- Public submissions are many, and a commit that notifies holds a database-wide lock while its
-- WAL is flushed, so concurrent submissions could no longer share a flush (a third of their
-- throughput, scripts/bench-submissions.sh). Their jobs are therefore not announced: the
-- workers find them on their next poll (every 250 ms). kanisa.quiet_jobs silences the rest of
-- the transaction's enqueues too.
CREATE OR REPLACE FUNCTION kanisa.notify_jobs() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('kanisa.quiet_jobs', true) IS DISTINCT FROM 'on' THEN
    PERFORM pg_notify('kanisa_jobs', '');
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION kanisa.enqueue_submission_jobs(source_table text, row_id uuid, has_sender boolean)
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('kanisa.quiet_jobs', 'on', true);
  INSERT INTO kanisa.jobs (kind, unique_key, payload)
  SELECT j.kind, j.unique_key, jsonb_build_object('table', source_table, 'id', row_id)
    FROM (VALUES ('notify_submission', source_table || '-notify:' || row_id, true),
                 ('acknowledge_submission', source_table || '-ack:' || row_id, has_sender))
         AS j(kind, unique_key, wanted)
   WHERE j.wanted
  ON CONFLICT (unique_key) DO NOTHING;
END
$$;
REVOKE ALL ON FUNCTION kanisa.enqueue_submission_jobs(text, uuid, boolean) FROM PUBLIC;

-- True inside an API request (every API transaction sets request.jwt.claims); seeds,
-- migrations and maintenance commands insert demo or restored rows that are not mailed.
CREATE FUNCTION kanisa.in_api_request() RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce(current_setting('request.jwt.claims', true), '') <> '';
END
$$;
REVOKE ALL ON FUNCTION kanisa.in_api_request() FROM PUBLIC;

-- SECURITY DEFINER: the API roles have no right on the counters, the mailboxes or the queue.
CREATE FUNCTION kanisa.before_message_insert() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF NEW.source = 'website' THEN
    IF current_setting('request.jwt.claim.role', true) = 'anon' THEN
      PERFORM kanisa.count_submission(NEW.sender_email);
    END IF;
    NEW.recipient_email := kanisa.resolve_recipient_email(NEW.recipient_name, NEW.recipient_role);
  END IF;
  RETURN NEW;
END
$$;

CREATE FUNCTION kanisa.after_message_insert() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF NEW.source = 'website' AND kanisa.in_api_request() THEN
    PERFORM kanisa.enqueue_submission_jobs('messages', NEW.id, NEW.sender_email IS NOT NULL);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER messages_before_insert BEFORE INSERT ON public.messages
  FOR EACH ROW EXECUTE FUNCTION kanisa.before_message_insert();
CREATE TRIGGER messages_after_insert AFTER INSERT ON public.messages
  FOR EACH ROW EXECUTE FUNCTION kanisa.after_message_insert();

CREATE FUNCTION kanisa.before_prayer_request_insert() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF current_setting('request.jwt.claim.role', true) = 'anon' THEN
    PERFORM kanisa.count_submission(NEW.submitter_email);
  END IF;
  RETURN NEW;
END
$$;

CREATE FUNCTION kanisa.after_prayer_request_insert() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF kanisa.in_api_request() THEN
    PERFORM kanisa.enqueue_submission_jobs('prayer_requests', NEW.id, NEW.submitter_email IS NOT NULL);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER prayer_requests_before_insert BEFORE INSERT ON public.prayer_requests
  FOR EACH ROW EXECUTE FUNCTION kanisa.before_prayer_request_insert();
CREATE TRIGGER prayer_requests_after_insert AFTER INSERT ON public.prayer_requests
  FOR EACH ROW EXECUTE FUNCTION kanisa.after_prayer_request_insert();

-- Staff see deliveries that did not go out (spec: a job that keeps failing is never silently
-- dropped). SECURITY DEFINER over kanisa.jobs, filtered to the Communication staff.
CREATE FUNCTION public.get_failed_deliveries(max_rows integer DEFAULT 50)
RETURNS TABLE (job_id bigint, kind text, source_table text, source_id uuid, summary text,
               attempts integer, last_error text, failed_at timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT j.id, j.kind, j.payload ->> 'table',
         CASE WHEN j.payload ->> 'id' ~ '^[0-9a-f-]{36}$' THEN (j.payload ->> 'id')::uuid END,
         coalesce(m.subject, p.title, j.payload ->> 'subject', j.kind),
         j.attempts, j.last_error, j.finished_at
    FROM kanisa.jobs j
    LEFT JOIN public.messages m
      ON j.payload ->> 'table' = 'messages' AND m.id::text = j.payload ->> 'id'
    LEFT JOIN public.prayer_requests p
      ON j.payload ->> 'table' = 'prayer_requests' AND p.id::text = j.payload ->> 'id'
   WHERE j.state = 'failed'
     AND auth.has_any_permission('send_communications', 'manage_communications',
                                 'send_sms', 'send_emails')
   ORDER BY j.finished_at DESC NULLS LAST, j.id DESC
   LIMIT least(greatest(coalesce(max_rows, 50), 1), 200)
$$;
REVOKE ALL ON FUNCTION public.get_failed_deliveries(integer) FROM PUBLIC;
COMMENT ON FUNCTION public.get_failed_deliveries(integer) IS
  'Deliveries (e-mail, later SMS) that failed for good, newest first, for Communication staff; empty for anyone else.';

-- One truth about demo mode: whether e-mail, SMS and payments are live is answered by the
-- server (environment first, then System Settings; GET /functions/v1/service-modes and
-- /health), which this settings-only function contradicted when the environment configured a
-- channel.
DROP FUNCTION public.get_service_modes();
