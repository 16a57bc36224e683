-- 0012: guards every API request runs under (issue 13, the outside probe).
--
-- 1. A token's session must still be alive. Access tokens name their session (the
--    `session_id` claim); signing out, an ended session elsewhere and a reused refresh token
--    delete the auth.sessions row. auth.require_session() is called by the per-request context
--    statement (kanisa-pg's CONTEXT_SQL) of every table-API and storage request, so such a token
--    is refused at once with 401 — not only by /auth/v1/user — instead of working until it
--    expires. Tokens without the claim (the API keys) are not sessions and pass.
--    SECURITY DEFINER (no API role reads auth.sessions) but without a SET clause, which would
--    cost as much as the lookup: every name is schema-qualified instead.
--
-- 2. get_monthly_giving's from_date is bounded to 1900-01-01 … 2100-12-31 (22023 otherwise),
--    and its month series never runs past December 2100 whatever a stored giving_date says:
--    '-infinity' made it count months for the whole statement timeout.

CREATE FUNCTION auth.require_session(session_id text) RETURNS boolean
LANGUAGE plpgsql STABLE SECURITY DEFINER AS $$
BEGIN
  IF session_id IS NULL OR session_id OPERATOR(pg_catalog.=) '' THEN
    RETURN true;
  END IF;
  IF EXISTS (SELECT 1 FROM auth.sessions s
              WHERE s.id OPERATOR(pg_catalog.=) session_id::pg_catalog.uuid) THEN
    RETURN true;
  END IF;
  RAISE EXCEPTION 'JWT session has ended'
    USING ERRCODE = 'PT401',
          DETAIL = 'The session was signed out, ended on another device, or ended because a refresh token was used twice.',
          HINT = 'Sign in again.';
END
$$;
REVOKE ALL ON FUNCTION auth.require_session(text) FROM PUBLIC;
-- The context statement starts as the login role, before it switches to the caller's: the
-- login role may name the schema (it holds no right on anything in it but this function).
GRANT USAGE ON SCHEMA auth TO authenticator;
GRANT EXECUTE ON FUNCTION auth.require_session(text)
  TO authenticator, anon, authenticated, service_role;

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
  'Verified giving per calendar month from from_date (inclusive) on: rows {month_key ''YYYY-MM'', total KES}, oldest first. Every month up to the current one (Africa/Nairobi) is present, empty months with total 0. from_date is required, between 1900-01-01 and 2100-12-31.';
