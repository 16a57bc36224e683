-- 0059 USSD for feature phones (issue 47): Africa's Talking calls
-- POST /functions/v1/ussd/{secret} at every step of a session; kanisa-functions/src/ussd/
-- answers from the session's `text` (every answer so far), so any instance answers any step.
-- What must outlive one step is kept here, per session, and nothing else:
--
-- * kanisa.ussd_sessions: one row per sessionId, made at its first step. `chose_language`
--   says whether the session began on the language screen (a phone with no remembered
--   language), which decides how the rest of `text` reads even after the language is
--   remembered mid-session. `payment_id` / `prayer_id` are claimed once, so a repeated POST of
--   the confirming step (the gateway retrying, or the same step reaching two instances) gives
--   and files once and answers the same screen. The end-of-session notification fills status,
--   duration and error.
-- * kanisa.ussd_phones: the language each phone chose, remembered for its next session.
-- * payment_logs.channel and prayer_requests.source: 'ussd' for what came by USSD, so staff
--   see those gifts and requests like any other, marked USSD.
-- * Settings: ussd_enabled (off: a polite END), ussd_service_code (shown to staff and on the
--   site when set).
-- * public.get_ussd_report(from_date, to_date): Reports' USSD section (sessions, completed,
--   gifts and their total, prayer requests, by day), for view_financial_reports or
--   view_member_reports.

CREATE TABLE kanisa.ussd_sessions (
  session_id     text        NOT NULL,
  phone          text        NOT NULL,
  service_code   text,
  network_code   text,
  chose_language boolean     NOT NULL,
  locale         text        NOT NULL DEFAULT 'en',
  steps          integer     NOT NULL DEFAULT 1,
  give_claimed_at timestamptz,
  give_fund      text,
  give_amount    bigint,
  payment_id     uuid,
  prayer_id      uuid,
  completed      boolean     NOT NULL DEFAULT false,
  started_at     timestamptz NOT NULL DEFAULT now(),
  last_step_at   timestamptz NOT NULL DEFAULT now(),
  ended_at       timestamptz,
  end_status     text,
  duration_ms    bigint,
  error_message  text,
  CONSTRAINT ussd_sessions_pkey PRIMARY KEY (session_id),
  CONSTRAINT ussd_sessions_session_id_check CHECK (char_length(session_id) BETWEEN 1 AND 200),
  CONSTRAINT ussd_sessions_locale_check CHECK (locale IN ('en', 'sw')),
  CONSTRAINT ussd_sessions_payment_id_fkey FOREIGN KEY (payment_id)
    REFERENCES public.payment_logs (id) ON DELETE SET NULL,
  CONSTRAINT ussd_sessions_prayer_id_fkey FOREIGN KEY (prayer_id)
    REFERENCES public.prayer_requests (id) ON DELETE SET NULL
);
CREATE INDEX ussd_sessions_started ON kanisa.ussd_sessions (started_at);
REVOKE ALL ON kanisa.ussd_sessions FROM PUBLIC;
COMMENT ON TABLE kanisa.ussd_sessions IS
  'One row per USSD session (Africa''s Talking sessionId): how its text reads, what it gave or filed (claimed once), and how it ended.';

CREATE TABLE kanisa.ussd_phones (
  phone      text        NOT NULL,
  locale     text        NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ussd_phones_pkey PRIMARY KEY (phone),
  CONSTRAINT ussd_phones_locale_check CHECK (locale IN ('en', 'sw'))
);
REVOKE ALL ON kanisa.ussd_phones FROM PUBLIC;
COMMENT ON TABLE kanisa.ussd_phones IS 'The language each phone chose on the USSD menu, for its next session.';

ALTER TABLE public.payment_logs ADD COLUMN channel text NOT NULL DEFAULT 'website';
ALTER TABLE public.payment_logs ADD CONSTRAINT payment_logs_channel_check
  CHECK (channel IN ('website', 'ussd'));
COMMENT ON COLUMN public.payment_logs.channel IS
  'Where a prompted gift was asked for: the website (or the member portal) or the USSD menu.';

ALTER TABLE public.prayer_requests ADD COLUMN source text NOT NULL DEFAULT 'website';
ALTER TABLE public.prayer_requests ADD CONSTRAINT prayer_requests_source_check
  CHECK (source IN ('website', 'ussd'));
COMMENT ON COLUMN public.prayer_requests.source IS
  'Where the request came from: the website''s forms (and the member portal) or the USSD menu.';

INSERT INTO public.system_settings (key, value, category, is_public, is_secret, description) VALUES
  ('ussd_enabled', 'true', 'communication', false, false,
   'Answer the USSD menu (off: callers are told politely that it is closed)'),
  ('ussd_service_code', '""', 'communication', true, false,
   'The USSD code members dial, e.g. *384*1234# (as registered with Africa''s Talking)')
ON CONFLICT (key) DO NOTHING;

-- A member's giving in a period by fund: the gifts their statement counts (get_giving_statements,
-- migrations 0040 and 0056: verified, not simulated, giving_date in the range), for the USSD
-- menu, which is not signed in. Held equal to the statement by a test (kanisa-server's ussd.rs).
CREATE FUNCTION kanisa.member_giving(member uuid, from_date date, to_date date)
RETURNS TABLE (giving_type text, total numeric, gift_count bigint)
LANGUAGE sql STABLE SET search_path = '' AS $$
  SELECT g.giving_type, sum(g.amount), count(*)
    FROM public.giving_records g
   WHERE g.member_id = member_giving.member AND g.is_verified AND NOT g.is_simulated
     AND g.giving_date BETWEEN member_giving.from_date AND member_giving.to_date
   GROUP BY g.giving_type
   ORDER BY g.giving_type
$$;
REVOKE ALL ON FUNCTION kanisa.member_giving(uuid, date, date) FROM PUBLIC;

CREATE FUNCTION public.get_ussd_report(from_date date, to_date date)
RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  first_moment timestamptz := (from_date::timestamp AT TIME ZONE 'Africa/Nairobi');
  last_moment timestamptz := ((to_date + 1)::timestamp AT TIME ZONE 'Africa/Nairobi');
BEGIN
  IF NOT auth.has_any_permission('view_financial_reports', 'view_member_reports') THEN
    RAISE EXCEPTION 'The USSD report needs the view_financial_reports or view_member_reports permission'
      USING ERRCODE = '42501';
  END IF;
  IF from_date IS NULL OR to_date IS NULL OR from_date > to_date THEN
    RAISE EXCEPTION 'Choose a start date on or before the end date' USING ERRCODE = '22023';
  END IF;
  IF to_date - from_date > 3660 THEN
    RAISE EXCEPTION 'The USSD report covers at most ten years at a time' USING ERRCODE = '22023';
  END IF;
  RETURN (
    WITH s AS (
      SELECT (x.started_at AT TIME ZONE 'Africa/Nairobi')::date AS day, x.completed,
             p.status = 'completed' AND NOT p.is_simulated AS paid, p.amount, x.prayer_id
        FROM kanisa.ussd_sessions x
        LEFT JOIN public.payment_logs p ON p.id = x.payment_id
       WHERE x.started_at >= first_moment AND x.started_at < last_moment
    )
    SELECT jsonb_build_object(
      'from', from_date, 'to', to_date,
      'sessions', count(*),
      'completed', count(*) FILTER (WHERE s.completed),
      'gifts', count(*) FILTER (WHERE s.paid),
      'gift_total', coalesce(sum(s.amount) FILTER (WHERE s.paid), 0),
      'prayer_requests', count(s.prayer_id),
      'by_day', coalesce((
        SELECT jsonb_agg(jsonb_build_object('day', d.day, 'sessions', d.sessions,
                                            'completed', d.completed, 'gifts', d.gifts)
                         ORDER BY d.day)
          FROM (SELECT s2.day, count(*) AS sessions, count(*) FILTER (WHERE s2.completed) AS completed,
                       count(*) FILTER (WHERE s2.paid) AS gifts
                  FROM s s2 GROUP BY s2.day) d), '[]'::jsonb))
    FROM s
  );
END
$$;
REVOKE ALL ON FUNCTION public.get_ussd_report(date, date) FROM PUBLIC;
COMMENT ON FUNCTION public.get_ussd_report(date, date) IS
  'Reports'' USSD section for a period (Nairobi days): sessions, completed ones, gifts paid and their total, prayer requests, and the same by day.';
