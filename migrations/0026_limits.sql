-- 0026 abuse and money limits every path holds (issue 31, from the second outside probe):
--
-- * Field lengths in the database, so the table API holds the forms' limits too (a 900 KB
--   message or a 50 KB name from anon was stored): CHECKs on the submissions' columns, and on
--   every column a message's placeholders are filled from ({name} from a member's or leader's
--   name, {event_name} from an event's title), so no filled text can grow without bound.
--   NOT VALID: rows written before are left alone; every new or changed row is checked.
-- * One counter for every rate limit (kanisa.hit): the public submissions, now for every caller
--   but the staff who handle them (a signed-in VISITOR skipped the limits and turned the forms
--   into an e-mail relay), the acknowledgements per recipient address, payment prompts per
--   client address and per phone, and staff's sends per hour.
-- * The SMS spend guard's settings: a monthly budget above which only a Super Admin sends, and
--   sends per sender per hour (kanisa-functions' broadcast.rs applies them; the preview shows
--   what the guard will do). kanisa.sms_spend(from) is the live spend since a day.
-- * Settings validated on save (kanisa.setting_rules): a number outside its field's range is
--   refused with the field's message instead of stored and silently clamped where it is read.
-- * A form's idempotency key is tied to its sender and content (a different submission reusing
--   a key is a conflict, not a silent "duplicate"), and an uploaded file is claimed by one
--   submission only (kanisa.attachment_claims).

-- ---------------------------------------------------------------------------------------------
-- Field lengths
-- ---------------------------------------------------------------------------------------------
ALTER TABLE public.messages
  ADD CONSTRAINT messages_subject_length CHECK (char_length(subject) <= 300) NOT VALID,
  ADD CONSTRAINT messages_message_length CHECK (char_length(message) <= 20000) NOT VALID,
  ADD CONSTRAINT messages_sender_name_length CHECK (char_length(sender_name) <= 120) NOT VALID,
  ADD CONSTRAINT messages_sender_email_length CHECK (char_length(sender_email) <= 254) NOT VALID,
  ADD CONSTRAINT messages_sender_phone_length CHECK (char_length(sender_phone) <= 32) NOT VALID,
  ADD CONSTRAINT messages_recipient_name_length CHECK (char_length(recipient_name) <= 120) NOT VALID,
  ADD CONSTRAINT messages_recipient_role_length CHECK (char_length(recipient_role) <= 120) NOT VALID,
  ADD CONSTRAINT messages_department_length CHECK (char_length(department) <= 120) NOT VALID,
  ADD CONSTRAINT messages_submission_type_length CHECK (char_length(submission_type) <= 120) NOT VALID,
  ADD CONSTRAINT messages_attachments_count CHECK (
    jsonb_typeof(attachments) <> 'array' OR jsonb_array_length(attachments) <= 10) NOT VALID;

ALTER TABLE public.prayer_requests
  ADD CONSTRAINT prayer_requests_title_length CHECK (char_length(title) <= 300) NOT VALID,
  ADD CONSTRAINT prayer_requests_description_length CHECK (char_length(description) <= 20000) NOT VALID,
  ADD CONSTRAINT prayer_requests_submitter_name_length CHECK (char_length(submitter_name) <= 120) NOT VALID,
  ADD CONSTRAINT prayer_requests_submitter_email_length CHECK (char_length(submitter_email) <= 254) NOT VALID,
  ADD CONSTRAINT prayer_requests_submitter_phone_length CHECK (char_length(submitter_phone) <= 32) NOT VALID;

-- What a message's placeholders are filled from.
ALTER TABLE public.events
  ADD CONSTRAINT events_title_length CHECK (char_length(title) <= 200) NOT VALID,
  ADD CONSTRAINT events_title_sw_length CHECK (char_length(title_sw) <= 200) NOT VALID;
ALTER TABLE public.members
  ADD CONSTRAINT members_first_name_length CHECK (char_length(first_name) <= 100) NOT VALID,
  ADD CONSTRAINT members_last_name_length CHECK (char_length(last_name) <= 100) NOT VALID;
ALTER TABLE public.church_leaders
  ADD CONSTRAINT church_leaders_name_length CHECK (char_length(name) <= 120) NOT VALID;

-- ---------------------------------------------------------------------------------------------
-- One counter for every rate limit
-- ---------------------------------------------------------------------------------------------
-- Counts one hit on `bucket` in the current window of `window_minutes`; when the count goes over
-- `max_hits` (0 = no limit) raises PT429 with `message` (where %s is "N minutes") and the
-- seconds to wait in the hint ("Retry after N seconds": the API's Retry-After). Old windows are
-- removed by the hourly sweep.
CREATE FUNCTION kanisa.hit(bucket text, max_hits integer, window_minutes integer, message text)
RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  minutes integer := greatest(coalesce(window_minutes, 1), 1);
  this_window timestamptz := date_bin(make_interval(mins => minutes), now(),
                                      timestamptz '2000-01-01 00:00:00+00');
  retry_after integer;
  counted integer;
BEGIN
  IF coalesce(max_hits, 0) <= 0 OR bucket IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO kanisa.submission_hits AS h (bucket, window_start, hits)
  VALUES (bucket, this_window, 1)
  ON CONFLICT ON CONSTRAINT submission_hits_pkey DO UPDATE SET hits = h.hits + 1
  RETURNING h.hits INTO counted;
  IF counted > max_hits THEN
    retry_after := greatest(ceil(extract(epoch FROM this_window
                                   + make_interval(mins => minutes) - now())), 1);
    RAISE EXCEPTION USING ERRCODE = 'PT429',
      MESSAGE = format(message, ceil(retry_after / 60.0)::text || ' minute'
                                || CASE WHEN retry_after > 60 THEN 's' ELSE '' END),
      HINT = format('Retry after %s seconds', retry_after);
  END IF;
END
$$;
REVOKE ALL ON FUNCTION kanisa.hit(text, integer, integer, text) FROM PUBLIC;

-- A whole-number setting, or `fallback` when it is unset or not a whole number.
CREATE FUNCTION kanisa.int_setting(setting text, fallback integer) RETURNS integer
LANGUAGE plpgsql STABLE AS $$
DECLARE
  found integer;
BEGIN
  SELECT CASE WHEN s.value #>> '{}' ~ '^\s*[0-9]{1,9}\s*$' THEN (s.value #>> '{}')::integer END
    INTO found
    FROM public.system_settings s WHERE s.key = setting;
  RETURN coalesce(found, fallback);
END
$$;
REVOKE ALL ON FUNCTION kanisa.int_setting(text, integer) FROM PUBLIC;

-- The public submissions' limits (0014), through kanisa.hit.
CREATE OR REPLACE FUNCTION kanisa.count_submission(email text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  minutes integer := kanisa.int_setting('submission_limit_window_minutes', 10);
  address text := nullif(current_setting('request.client_ip', true), '');
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

-- Who the submission limits spare: the server itself (the service key) and the staff who
-- handle what the forms bring in (they enter messages and prayer requests by hand). Everyone
-- else — anonymous visitors, signed-in visitors and members, staff of other screens — is
-- counted.
CREATE FUNCTION kanisa.handles_submissions(prayer boolean) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
DECLARE
  role text := coalesce(current_setting('request.jwt.claim.role', true), '');
BEGIN
  IF role = 'service_role' THEN
    RETURN true;
  END IF;
  IF role <> 'authenticated' THEN
    RETURN false;
  END IF;
  IF prayer THEN
    RETURN auth.has_any_permission('manage_prayer_requests');
  END IF;
  RETURN auth.has_any_permission('send_communications', 'manage_communications');
END
$$;
REVOKE ALL ON FUNCTION kanisa.handles_submissions(boolean) FROM PUBLIC;

INSERT INTO public.system_settings (key, value, category, is_public, is_secret, description) VALUES
  ('acknowledgements_per_address_per_day', '3', 'security', false, false,
   'Acknowledgement e-mails one address receives per day from the public forms (more submissions are stored, without one)'),
  ('payment_prompts_per_address', '10', 'security', false, false,
   'Payment prompts (M-Pesa PIN requests) one client address may start per hour'),
  ('payment_prompts_per_phone', '5', 'security', false, false,
   'Payment prompts one phone number may receive per 10 minutes'),
  ('sms_monthly_budget', '5000', 'communication', false, false,
   'KES of text messages sent per calendar month (at the SMS price per part) above which only a Super Admin may send; 0 = no budget'),
  ('broadcasts_per_hour', '10', 'communication', false, false,
   'Messages to members (Send Message) one staff member may send per hour; 0 = no limit')
ON CONFLICT (key) DO NOTHING;

-- The submissions' delivery jobs (0025): the acknowledgement only while the sender's address
-- has had fewer than acknowledgements_per_address_per_day today (church time).
DROP FUNCTION kanisa.enqueue_submission_jobs(text, uuid, boolean);
CREATE FUNCTION kanisa.enqueue_submission_jobs(source_table text, row_id uuid, sender_email text)
RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  address text := lower(btrim(coalesce(sender_email, '')));
  per_day integer := kanisa.int_setting('acknowledgements_per_address_per_day', 3);
  counted integer;
BEGIN
  PERFORM set_config('kanisa.quiet_jobs', 'on', true);
  PERFORM kanisa.enqueue('notify_submission', source_table || '-notify:' || row_id,
                         jsonb_build_object('table', source_table, 'id', row_id));
  IF address = '' THEN
    RETURN;
  END IF;
  IF per_day > 0 THEN
    INSERT INTO kanisa.submission_hits AS h (bucket, window_start, hits)
    VALUES ('ack:' || address,
            (date_trunc('day', now() AT TIME ZONE 'Africa/Nairobi')) AT TIME ZONE 'Africa/Nairobi', 1)
    ON CONFLICT ON CONSTRAINT submission_hits_pkey DO UPDATE SET hits = h.hits + 1
    RETURNING h.hits INTO counted;
    IF counted > per_day THEN
      RETURN;
    END IF;
  END IF;
  PERFORM kanisa.enqueue('acknowledge_submission', source_table || '-ack:' || row_id,
                         jsonb_build_object('table', source_table, 'id', row_id));
END
$$;
REVOKE ALL ON FUNCTION kanisa.enqueue_submission_jobs(text, uuid, text) FROM PUBLIC;

CREATE OR REPLACE FUNCTION kanisa.before_message_insert() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF NEW.source = 'website' THEN
    IF kanisa.in_api_request() AND NOT kanisa.handles_submissions(false) THEN
      PERFORM kanisa.count_submission(NEW.sender_email);
    END IF;
    NEW.recipient_email := kanisa.resolve_recipient_email(NEW.recipient_name, NEW.recipient_role);
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE FUNCTION kanisa.after_message_insert() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF NEW.source = 'website' AND kanisa.in_api_request() THEN
    PERFORM kanisa.enqueue_submission_jobs('messages', NEW.id, NEW.sender_email);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION kanisa.before_prayer_request_insert() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF kanisa.in_api_request() AND NOT kanisa.handles_submissions(true) THEN
    PERFORM kanisa.count_submission(NEW.submitter_email);
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE FUNCTION kanisa.after_prayer_request_insert() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF kanisa.in_api_request() THEN
    PERFORM kanisa.enqueue_submission_jobs('prayer_requests', NEW.id, NEW.submitter_email);
  END IF;
  RETURN NULL;
END
$$;

-- A payment prompt from the request's client address to `phone` (254…): counted per address
-- (payment_prompts_per_address an hour) and per phone (payment_prompts_per_phone per 10
-- minutes); PT429 when either is over. Called by the server (kanisa-functions, payments.rs).
CREATE FUNCTION kanisa.count_payment_prompt(client_ip text, phone text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF nullif(btrim(coalesce(client_ip, '')), '') IS NOT NULL THEN
    PERFORM kanisa.hit('pay-address:' || btrim(client_ip),
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

-- The live SMS spend since `since` (KES at the SMS price per part): every text queued, sent or
-- delivered (simulated and failed ones cost nothing), 160 characters a part.
CREATE FUNCTION kanisa.sms_spend(since timestamptz) RETURNS TABLE (parts bigint, cost numeric)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  price numeric := coalesce((SELECT (s.value #>> '{}')::numeric FROM public.system_settings s
                              WHERE s.key = 'sms_price_per_part' AND jsonb_typeof(s.value) = 'number'
                                AND (s.value #>> '{}')::numeric BETWEEN 0 AND 100), 0.8);
BEGIN
  RETURN QUERY
  SELECT coalesce(sum(greatest(ceil(char_length(d.body) / 160.0), 1)), 0)::bigint,
         round(coalesce(sum(greatest(ceil(char_length(d.body) / 160.0), 1)), 0) * price, 2)
    FROM kanisa.sms_deliveries d
   WHERE d.created_at >= since AND d.status IN ('queued', 'sent', 'delivered');
END
$$;
REVOKE ALL ON FUNCTION kanisa.sms_spend(timestamptz) FROM PUBLIC;
CREATE INDEX sms_deliveries_created_at_live ON kanisa.sms_deliveries (created_at)
  WHERE status IN ('queued', 'sent', 'delivered');
CREATE INDEX broadcasts_sent_by_created ON kanisa.broadcasts (sent_by, created_at)
  WHERE sent_by IS NOT NULL;

-- ---------------------------------------------------------------------------------------------
-- Settings validated on save
-- ---------------------------------------------------------------------------------------------
CREATE TABLE kanisa.setting_rules (
  key      text    PRIMARY KEY,
  label    text    NOT NULL,
  kind     text    NOT NULL CHECK (kind IN ('integer', 'number')),
  min      numeric NOT NULL,
  max      numeric NOT NULL,
  CHECK (min <= max)
);
REVOKE ALL ON kanisa.setting_rules FROM PUBLIC;
COMMENT ON TABLE kanisa.setting_rules IS
  'The range of every numeric setting; a value outside it is refused on save (kanisa.check_setting) with the field''s message. The back office''s fields have the same ranges.';

INSERT INTO kanisa.setting_rules (key, label, kind, min, max) VALUES
  ('session_timeout_minutes', 'Session timeout', 'integer', 5, 10080),
  ('min_password_length', 'Minimum password length', 'integer', 6, 128),
  ('max_login_attempts', 'Max login attempts', 'integer', 1, 100),
  ('lockout_duration_minutes', 'Lockout duration', 'integer', 1, 1440),
  ('backup_keep', 'Backups kept', 'integer', 1, 100),
  ('submission_limit_per_address', 'Submissions per connection', 'integer', 0, 100000),
  ('submission_limit_per_email', 'Submissions per sender email', 'integer', 0, 100000),
  ('submission_limit_window_minutes', 'Submission limit window', 'integer', 1, 1440),
  ('acknowledgements_per_address_per_day', 'Acknowledgements per address per day', 'integer', 0, 1000),
  ('payment_prompts_per_address', 'Payment prompts per connection per hour', 'integer', 0, 10000),
  ('payment_prompts_per_phone', 'Payment prompts per phone per 10 minutes', 'integer', 0, 100),
  ('event_reminder_hours', 'Event reminder', 'integer', 1, 336),
  ('service_duration_minutes', 'Average service duration', 'integer', 1, 720),
  ('smtp_port', 'SMTP port', 'integer', 1, 65535),
  ('sms_price_per_part', 'SMS price per part', 'number', 0, 100),
  ('sms_monthly_budget', 'Monthly SMS budget', 'number', 0, 10000000),
  ('broadcasts_per_hour', 'Messages per staff member per hour', 'integer', 0, 1000)
ON CONFLICT (key) DO NOTHING;

-- Refuses a numeric setting outside its range (22023, the field's label and range in the
-- message, the key in the detail). Unset (JSON null) is allowed: the default applies.
CREATE FUNCTION kanisa.check_setting() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  rule kanisa.setting_rules;
  raw text;
  pattern text;
  n numeric;
BEGIN
  SELECT * INTO rule FROM kanisa.setting_rules r WHERE r.key = NEW.key;
  IF NOT FOUND OR NEW.value IS NULL OR jsonb_typeof(NEW.value) = 'null' THEN
    RETURN NEW;
  END IF;
  raw := btrim(NEW.value #>> '{}');
  pattern := CASE rule.kind WHEN 'integer' THEN '^-?[0-9]{1,12}$'
                            ELSE '^-?[0-9]{1,12}(\.[0-9]{1,6})?$' END;
  IF jsonb_typeof(NEW.value) NOT IN ('number', 'string') OR raw !~ pattern THEN
    RAISE EXCEPTION USING ERRCODE = '22023',
      MESSAGE = format('%s must be %s from %s to %s', rule.label,
                       CASE rule.kind WHEN 'integer' THEN 'a whole number' ELSE 'a number' END,
                       rule.min, rule.max),
      DETAIL = format('setting %s', rule.key);
  END IF;
  n := raw::numeric;
  IF n < rule.min OR n > rule.max THEN
    RAISE EXCEPTION USING ERRCODE = '22023',
      MESSAGE = format('%s must be %s from %s to %s', rule.label,
                       CASE rule.kind WHEN 'integer' THEN 'a whole number' ELSE 'a number' END,
                       rule.min, rule.max),
      DETAIL = format('setting %s', rule.key);
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER system_settings_check_value BEFORE INSERT OR UPDATE OF value ON public.system_settings
  FOR EACH ROW EXECUTE FUNCTION kanisa.check_setting();

-- ---------------------------------------------------------------------------------------------
-- Idempotency keys tied to their submission; one claim per uploaded file
-- ---------------------------------------------------------------------------------------------
ALTER TABLE kanisa.submission_keys ADD COLUMN fingerprint text;
COMMENT ON COLUMN kanisa.submission_keys.fingerprint IS
  'A digest of who sent the submission and what it said: the same key with another fingerprint is another submission reusing the key (a conflict).';

DROP FUNCTION auth.claim_submission_key(text);
-- 'claimed' the first time; 'duplicate' when this key was used for this same submission (sent
-- again: store nothing more); 'conflict' when it was used for a different one.
CREATE FUNCTION auth.claim_submission_key(submission_key text, submission_fingerprint text)
RETURNS text
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  stored text;
BEGIN
  INSERT INTO kanisa.submission_keys (key, fingerprint)
  VALUES (submission_key, submission_fingerprint) ON CONFLICT DO NOTHING;
  IF FOUND THEN
    RETURN 'claimed';
  END IF;
  SELECT k.fingerprint INTO stored FROM kanisa.submission_keys k WHERE k.key = submission_key;
  IF stored IS NULL OR stored = submission_fingerprint THEN
    RETURN 'duplicate';
  END IF;
  RETURN 'conflict';
END
$$;
REVOKE ALL ON FUNCTION auth.claim_submission_key(text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth.claim_submission_key(text, text) TO anon, authenticated;
COMMENT ON FUNCTION auth.claim_submission_key(text, text) IS
  'Claims a public form''s idempotency key for one submission (its fingerprint) in the caller''s transaction: claimed, duplicate (the same submission sent again) or conflict (another submission with this key).';

CREATE TABLE kanisa.attachment_claims (
  path       text        PRIMARY KEY,
  claimed_at timestamptz NOT NULL DEFAULT now()
);
REVOKE ALL ON kanisa.attachment_claims FROM PUBLIC;
COMMENT ON TABLE kanisa.attachment_claims IS
  'Request-folder files a stored submission names: each is claimed once (a second submission naming it is refused).';
INSERT INTO kanisa.attachment_claims (path)
SELECT DISTINCT a ->> 'path' FROM public.messages m, jsonb_array_elements(m.attachments) a
 WHERE jsonb_typeof(m.attachments) = 'array' AND a ->> 'path' IS NOT NULL
ON CONFLICT DO NOTHING;

-- Claims the files a submission names in the caller's transaction (rolled back with it);
-- PT409 naming the first file another submission holds.
CREATE FUNCTION auth.claim_attachments(paths text[]) RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  p text;
BEGIN
  FOREACH p IN ARRAY coalesce(paths, '{}') LOOP
    INSERT INTO kanisa.attachment_claims (path) VALUES (p) ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      RAISE EXCEPTION USING ERRCODE = 'PT409',
        MESSAGE = format('The file %s is already attached to another submission. Please upload it again.',
                         regexp_replace(p, '^.*/', '')),
        DETAIL = p;
    END IF;
  END LOOP;
END
$$;
REVOKE ALL ON FUNCTION auth.claim_attachments(text[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth.claim_attachments(text[]) TO anon, authenticated;
