-- 0055 Members sign in with their phone (issue 46): a six-digit code by SMS, GoTrue's wire
-- (POST /auth/v1/otp, POST /auth/v1/verify), safer than GoTrue.
--
-- * An account may be a phone alone: auth.users gains phone (E.164 digits without "+", as
--   GoTrue stores it) and phone_confirmed_at; e-mail and password become optional (an account
--   has an e-mail or a phone). The profile (public.users) of a phone account has no e-mail.
-- * auth.sign_in_codes is every code request, accepted or refused: the limits count it, the
--   Dashboard counts it, verify reads the newest. A code is never stored: only an HMAC of it
--   (kanisa-auth derives the code from the row's id with a key made from the signing secret, so
--   the job that texts it needs nothing stored either). member_id is the one active member the
--   phone belongs to, or NULL: a request for any other number is the same row, the same job
--   (which sends nothing) and the same answer, so nobody can tell a member's number from
--   another.
-- * auth.request_sign_in_code applies the limits (settings below, counted over the accepted
--   requests of the last minute, hour and day, rolling) and records the request; the caller's
--   clock is a parameter, so tests move it.
-- * auth.own_member() is the caller's own member row (members.user_id), for the policies that
--   let a member read their own gifts (policies/giving_records.sql).

-- ---------------------------------------------------------------------------------------------
-- Phone accounts
-- ---------------------------------------------------------------------------------------------
ALTER TABLE auth.users
  ALTER COLUMN email DROP NOT NULL,
  ALTER COLUMN encrypted_password DROP NOT NULL,
  ADD COLUMN phone text,
  ADD COLUMN phone_confirmed_at timestamptz,
  ADD CONSTRAINT auth_users_phone_shape CHECK (phone ~ '^[1-9][0-9]{6,14}$'),
  ADD CONSTRAINT auth_users_identified CHECK (email IS NOT NULL OR phone IS NOT NULL);
-- Not unique: an account is a member's through members.user_id, and a number can pass to
-- another member; the phone here is the one the account last signed in with.
CREATE INDEX auth_users_phone_idx ON auth.users (phone) WHERE phone IS NOT NULL;

ALTER TABLE public.users ALTER COLUMN email DROP NOT NULL;

-- The profile's e-mail follows the identity's (NULL for a phone account).
CREATE OR REPLACE FUNCTION kanisa.users_email_follows_identity() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  SELECT u.email INTO NEW.email FROM auth.users u WHERE u.id = NEW.id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'No sign-in identity exists for user %', NEW.id
      USING ERRCODE = '23503', CONSTRAINT = 'users_id_fkey';
  END IF;
  RETURN NEW;
END
$$;

-- What the token and the user object say of the account: a phone account's provider is
-- "phone"; a member's account names its member row.
CREATE OR REPLACE FUNCTION kanisa.app_metadata(uid uuid) RETURNS jsonb
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT jsonb_build_object(
           'provider', CASE WHEN a.email IS NULL THEN 'phone' ELSE 'email' END,
           'providers', jsonb_build_array(CASE WHEN a.email IS NULL THEN 'phone' ELSE 'email' END),
           'role', u.role,
           'role_label', r.label,
           'rank', r.rank,
           'permissions', to_jsonb(auth.effective_permissions(u.role, u.permissions)),
           'is_active', u.is_active)
         || CASE WHEN m.id IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('member_id', m.id) END
    FROM public.users u
    JOIN kanisa.roles r ON r.name = u.role
    JOIN auth.users a ON a.id = u.id
    LEFT JOIN public.members m ON m.user_id = u.id
   WHERE u.id = uid
$$;

-- ---------------------------------------------------------------------------------------------
-- Code requests
-- ---------------------------------------------------------------------------------------------
CREATE TABLE auth.sign_in_codes (
  id          uuid        PRIMARY KEY,
  -- E.164 digits without "+" (254712345678).
  phone       text        NOT NULL CHECK (phone ~ '^[1-9][0-9]{6,14}$'),
  -- The one active member the number belongs to; NULL for any other number.
  member_id   uuid        REFERENCES public.members (id) ON DELETE SET NULL,
  ip_address  inet,
  locale      text        NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'sw')),
  -- HMAC-SHA256 of the code; NULL for a refused request.
  code_hash   bytea,
  refused     text        CHECK (refused IN ('minute', 'phone_hour', 'phone_day',
                                              'address_hour', 'address_day', 'budget')),
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  wrong_tries integer     NOT NULL DEFAULT 0 CHECK (wrong_tries >= 0),
  used_at     timestamptz,
  CONSTRAINT sign_in_codes_code_or_refusal CHECK ((code_hash IS NULL) = (refused IS NOT NULL))
);
CREATE INDEX sign_in_codes_phone_idx ON auth.sign_in_codes (phone, created_at DESC);
CREATE INDEX sign_in_codes_address_idx ON auth.sign_in_codes (ip_address, created_at)
  WHERE refused IS NULL;
CREATE INDEX sign_in_codes_created_idx ON auth.sign_in_codes (created_at);
REVOKE ALL ON auth.sign_in_codes FROM PUBLIC;
COMMENT ON TABLE auth.sign_in_codes IS
  'Every phone sign-in code request, accepted (code_hash) or refused (refused): the limits, the Dashboard''s counts and /verify read it. Never the code itself.';

INSERT INTO public.system_settings (key, value, category, is_public, is_secret, description) VALUES
  ('sign_in_codes_per_phone_per_hour', '5', 'security', false, false,
   'Sign-in codes one phone number may be sent per hour (one a minute at most)'),
  ('sign_in_codes_per_phone_per_day', '10', 'security', false, false,
   'Sign-in codes one phone number may be sent per day'),
  ('sign_in_codes_per_address_per_hour', '10', 'security', false, false,
   'Sign-in codes one client address may ask for per hour'),
  ('sign_in_codes_per_address_per_day', '30', 'security', false, false,
   'Sign-in codes one client address may ask for per day'),
  ('sign_in_codes_per_day', '300', 'security', false, false,
   'Sign-in texts for the whole church per day (the budget against SMS fraud)'),
  ('sign_in_code_countries', '"254"', 'security', false, false,
   'Country calling codes sign-in codes may be sent to, separated by commas (254 = Kenya)')
ON CONFLICT (key) DO NOTHING;

INSERT INTO kanisa.setting_rules (key, label, kind, min, max) VALUES
  ('sign_in_codes_per_phone_per_hour', 'Sign-in codes per phone per hour', 'integer', 1, 60),
  ('sign_in_codes_per_phone_per_day', 'Sign-in codes per phone per day', 'integer', 1, 200),
  ('sign_in_codes_per_address_per_hour', 'Sign-in codes per address per hour', 'integer', 1, 1000),
  ('sign_in_codes_per_address_per_day', 'Sign-in codes per address per day', 'integer', 1, 10000),
  ('sign_in_codes_per_day', 'Sign-in texts per day', 'integer', 0, 100000)
ON CONFLICT (key) DO NOTHING;

-- A code request for `phone` (E.164 digits) from `client_ip` at `at`: refused when a limit is
-- reached (refused names it, retry_after the seconds until it lifts), else recorded with its
-- code's hash and the member the number belongs to, and the send_sign_in_code job queued.
-- Every request runs the same statements, whatever the number: the limits, the member lookup,
-- one insert, and (when not refused) one job.
CREATE FUNCTION auth.request_sign_in_code(
  p_id uuid, p_phone text, p_ip inet, p_locale text, p_hash bytea, p_at timestamptz,
  p_lifetime_secs integer,
  OUT refused text, OUT retry_after integer)
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  per_phone_hour integer := kanisa.int_setting('sign_in_codes_per_phone_per_hour', 5);
  per_phone_day integer := kanisa.int_setting('sign_in_codes_per_phone_per_day', 10);
  per_address_hour integer := kanisa.int_setting('sign_in_codes_per_address_per_hour', 10);
  per_address_day integer := kanisa.int_setting('sign_in_codes_per_address_per_day', 30);
  budget integer := kanisa.int_setting('sign_in_codes_per_day', 300);
  last_at timestamptz;
  phone_hour bigint;
  phone_hour_first timestamptz;
  phone_day bigint;
  phone_day_first timestamptz;
  address_hour bigint;
  address_hour_first timestamptz;
  address_day bigint;
  address_day_first timestamptz;
  church_day bigint;
  church_day_first timestamptz;
  found_member uuid;
  wait_until timestamptz;
BEGIN
  -- One request for a number at a time (the minute's limit holds between two at once).
  PERFORM pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('sign_in_code:' || p_phone));
  SELECT max(c.created_at),
         count(*) FILTER (WHERE c.created_at > p_at - interval '1 hour'),
         min(c.created_at) FILTER (WHERE c.created_at > p_at - interval '1 hour'),
         count(*), min(c.created_at)
    INTO last_at, phone_hour, phone_hour_first, phone_day, phone_day_first
    FROM auth.sign_in_codes c
   WHERE c.phone = p_phone AND c.refused IS NULL
     AND c.created_at > p_at - interval '1 day' AND c.created_at <= p_at;
  SELECT count(*) FILTER (WHERE c.created_at > p_at - interval '1 hour'),
         min(c.created_at) FILTER (WHERE c.created_at > p_at - interval '1 hour'),
         count(*), min(c.created_at)
    INTO address_hour, address_hour_first, address_day, address_day_first
    FROM auth.sign_in_codes c
   WHERE p_ip IS NOT NULL AND c.ip_address = p_ip AND c.refused IS NULL
     AND c.created_at > p_at - interval '1 day' AND c.created_at <= p_at;
  SELECT count(*), min(c.created_at) INTO church_day, church_day_first
    FROM auth.sign_in_codes c
   WHERE c.refused IS NULL AND c.created_at > p_at - interval '1 day' AND c.created_at <= p_at;

  IF last_at > p_at - interval '1 minute' THEN
    refused := 'minute';
    wait_until := last_at + interval '1 minute';
  ELSIF phone_hour >= per_phone_hour THEN
    refused := 'phone_hour';
    wait_until := phone_hour_first + interval '1 hour';
  ELSIF phone_day >= per_phone_day THEN
    refused := 'phone_day';
    wait_until := phone_day_first + interval '1 day';
  ELSIF address_hour >= per_address_hour THEN
    refused := 'address_hour';
    wait_until := address_hour_first + interval '1 hour';
  ELSIF address_day >= per_address_day THEN
    refused := 'address_day';
    wait_until := address_day_first + interval '1 day';
  ELSIF budget > 0 AND church_day >= budget THEN
    refused := 'budget';
    wait_until := church_day_first + interval '1 day';
  END IF;

  -- The one active member with this number whose account, if any, is a member's (staff keep
  -- their passwords); else nobody.
  SELECT CASE WHEN count(*) = 1 THEN (array_agg(m.id))[1] END INTO found_member
    FROM public.members m
    LEFT JOIN public.users p ON p.id = m.user_id
   WHERE kanisa.msisdn(m.phone) = p_phone
     AND kanisa.msisdn(m.phone) IS NOT NULL
     AND m.is_active
     AND (m.user_id IS NULL OR p.role = 'MEMBER');

  INSERT INTO auth.sign_in_codes
    (id, phone, member_id, ip_address, locale, code_hash, refused, created_at, expires_at)
  VALUES (p_id, p_phone, found_member, p_ip,
          CASE WHEN p_locale = 'sw' THEN 'sw' ELSE 'en' END,
          CASE WHEN refused IS NULL THEN p_hash END, refused, p_at,
          p_at + make_interval(secs => p_lifetime_secs));
  IF refused IS NULL THEN
    PERFORM kanisa.enqueue('send_sign_in_code', 'send_sign_in_code:' || p_id,
                           jsonb_build_object('code', p_id), NULL, 3);
  ELSE
    retry_after := greatest(ceil(extract(epoch FROM wait_until - p_at)), 1)::integer;
  END IF;
END
$$;
REVOKE ALL ON FUNCTION auth.request_sign_in_code(uuid, text, inet, text, bytea, timestamptz, integer)
  FROM PUBLIC;

-- Requests older than two days count for nothing: the hourly sweep removes them.
CREATE FUNCTION auth.sweep_sign_in_codes(p_at timestamptz) RETURNS bigint
LANGUAGE sql SET search_path = '' AS $$
  WITH gone AS (DELETE FROM auth.sign_in_codes c WHERE c.created_at < p_at - interval '2 days'
                RETURNING 1)
  SELECT count(*) FROM gone
$$;
REVOKE ALL ON FUNCTION auth.sweep_sign_in_codes(timestamptz) FROM PUBLIC;

-- The code's text message is recorded like every other (its spend counts), with the digits
-- masked: purpose sign_in.
ALTER TABLE kanisa.sms_deliveries DROP CONSTRAINT sms_deliveries_purpose_check;
ALTER TABLE kanisa.sms_deliveries ADD CONSTRAINT sms_deliveries_purpose_check
  CHECK (purpose IN ('receipt', 'message', 'test', 'sign_in'));

-- The Dashboard's figures: code requests of the last 24 hours, accepted (a text went out, or
-- would have for a member's number: counted apart) and refused by each limit.
CREATE FUNCTION public.get_sign_in_code_stats() RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF NOT (SELECT auth.has_any_permission('system_settings', 'view_audit_logs')) THEN
    RAISE EXCEPTION 'Only staff who manage settings or read the activity log see sign-in figures'
      USING ERRCODE = '42501';
  END IF;
  RETURN (SELECT jsonb_build_object(
    'sent', count(*) FILTER (WHERE c.refused IS NULL AND c.member_id IS NOT NULL),
    'not_members', count(*) FILTER (WHERE c.refused IS NULL AND c.member_id IS NULL),
    'refused', count(*) FILTER (WHERE c.refused IS NOT NULL),
    'signed_in', count(*) FILTER (WHERE c.used_at IS NOT NULL))
    FROM auth.sign_in_codes c
   WHERE c.created_at > pg_catalog.now() - interval '1 day');
END
$$;
REVOKE ALL ON FUNCTION public.get_sign_in_code_stats() FROM PUBLIC;

-- The caller's own member row (the register's link to their account), once per statement.
CREATE FUNCTION auth.own_member() RETURNS uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT m.id FROM public.members m
   WHERE m.user_id = auth.uid() AND auth.is_active()
$$;
REVOKE ALL ON FUNCTION auth.own_member() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth.own_member() TO authenticated;
