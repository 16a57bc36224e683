-- Send Message's audiences at conference scale (issue 35).
--
-- With 50,000 members, get_message_audiences() (the pickers' counts: five groups and every active
-- ministry) ran past the statement timeout: kanisa.audience was one query whose WHERE joined
-- every case with OR, so each call scanned the whole register and probed the ministry roles
-- once per member (about 0.5 s a call, seventeen calls), and kanisa.msisdn, a PL/pgSQL function
-- with its own search_path, cost 4 µs a row.
--
-- * kanisa.msisdn becomes one SQL expression PostgreSQL inlines (same answers; the index on it
--   is rebuilt).
-- * kanisa.audience_candidates picks the people of one audience with a query of its own per
--   case (chosen members by key, a ministry through its index, each group as a semi-join);
--   kanisa.audience keeps the one rule that makes a person one recipient (one row per phone,
--   else e-mail), over those candidates. What a send reaches does not change.

CREATE OR REPLACE FUNCTION kanisa.msisdn(phone text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
           WHEN pg_catalog.translate(COALESCE(phone, ''), E' \t\n\r-.()', '')
                OPERATOR(pg_catalog.~) '^(\+254|254|0)?[17][0-9]{8}$'
           THEN '254' OPERATOR(pg_catalog.||)
                pg_catalog.right(pg_catalog.translate(phone, E' \t\n\r-.()', ''), 9)
         END
$$;
REINDEX INDEX public.members_msisdn_idx;

CREATE FUNCTION kanisa.audience_candidates(p_group text, p_ministry uuid, p_members uuid[])
RETURNS TABLE (member_id uuid, first_name text, full_name text, phone text, email text)
LANGUAGE plpgsql STABLE SET search_path = '' AS $$
DECLARE
  today date := (now() AT TIME ZONE 'Africa/Nairobi')::date;
BEGIN
  IF p_members IS NOT NULL THEN
    RETURN QUERY
      SELECT m.id, m.first_name, m.full_name, '+' || kanisa.msisdn(m.phone), nullif(btrim(m.email), '')
        FROM public.members m
       WHERE m.id = ANY (p_members);
  END IF;
  IF p_ministry IS NOT NULL THEN
    RETURN QUERY
      SELECT m.id, m.first_name, m.full_name, '+' || kanisa.msisdn(m.phone), nullif(btrim(m.email), '')
        FROM public.member_ministries mm JOIN public.members m ON m.id = mm.member_id
       WHERE mm.ministry_id = p_ministry AND m.is_active;
  END IF;
  IF p_group = 'all' THEN
    RETURN QUERY
      SELECT m.id, m.first_name, m.full_name, '+' || kanisa.msisdn(m.phone), nullif(btrim(m.email), '')
        FROM public.members m
       WHERE m.is_active;
  ELSIF p_group IS NOT NULL THEN
    RETURN QUERY
      WITH roles AS (
        SELECT mm.member_id, mm.role, mi.name AS ministry
          FROM public.member_ministries mm JOIN public.ministries mi ON mi.id = mm.ministry_id
      ),
      chosen AS (
        SELECT m.id FROM public.members m
         WHERE p_group = 'youth' AND extract(year FROM age(today, m.date_of_birth)) BETWEEN 16 AND 35
        UNION
        SELECT r.member_id FROM roles r WHERE p_group = 'youth' AND r.ministry ~* '\myouth\M'
        UNION
        SELECT r.member_id FROM roles r WHERE p_group = 'elders' AND r.role ~* '\melder'
        UNION
        SELECT r.member_id FROM roles r WHERE p_group = 'deacons' AND r.role ~* '\mdeacon'
        UNION
        SELECT r.member_id FROM roles r
         WHERE p_group = 'choir' AND (r.ministry ~* '\m(music|choir)' OR r.role ~* '\m(choir|chorister)')
      )
      SELECT m.id, m.first_name, m.full_name, '+' || kanisa.msisdn(m.phone), nullif(btrim(m.email), '')
        FROM public.members m
       WHERE m.is_active AND m.id IN (SELECT c.id FROM chosen c)
      UNION ALL
      SELECT NULL, l.name, l.name, '+' || kanisa.msisdn(l.phone), nullif(btrim(l.email), '')
        FROM public.church_leaders l
       WHERE l.is_active
         AND ((p_group = 'elders' AND (l.category = 'elder' OR l.position ~* '\melder'))
           OR (p_group = 'deacons' AND l.position ~* '\mdeacon'));
  END IF;
END
$$;
REVOKE ALL ON FUNCTION kanisa.audience_candidates(text, uuid, uuid[]) FROM PUBLIC;
COMMENT ON FUNCTION kanisa.audience_candidates(text, uuid, uuid[]) IS
  'Everyone a send to this group, ministry or list of members is for, before kanisa.audience makes each person one recipient: chosen members whatever their status, a ministry''s active members, a group''s active members (and, for elders and deacons, the active leaders listed).';

CREATE OR REPLACE FUNCTION kanisa.audience(p_group text, p_ministry uuid, p_members uuid[])
RETURNS TABLE (member_id uuid, first_name text, full_name text, phone text, email text)
LANGUAGE sql STABLE SET search_path = '' AS $$
  SELECT DISTINCT ON (coalesce(p.phone, lower(p.email), p.member_id::text, p.full_name))
         p.member_id, p.first_name, p.full_name, p.phone, p.email
    FROM kanisa.audience_candidates(p_group, p_ministry, p_members) p
   ORDER BY coalesce(p.phone, lower(p.email), p.member_id::text, p.full_name),
            p.member_id NULLS LAST
$$;
