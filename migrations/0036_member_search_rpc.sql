-- 0036 Member search on its indexes through the API (issue 35).
--
-- 0034 built trigram indexes for the member search, but through the table API the members'
-- row policies come first and ILIKE is not leak-proof, so the search scanned the register
-- (p95 476 ms at 50,000 members against 58 ms at 5,000). A search page is now chosen by the
-- owner, where the planner may use every index, and read through the policies:
--
-- * auth.member_search_page(search, after, before, from_end, skip, take): the ids of one page of
--   the members whose name, full name, membership number, e-mail or phone contains every word
--   of the search (any case; a word typed as a local number, "0712…", is also looked for as the
--   stored "+254712…"), in the list's order (last name, first name, id), after or before a key,
--   from the end, or from an offset. SECURITY DEFINER, so PostgreSQL picks per search between the
--   trigram indexes (a rare word) and the list's order index (a common one, read until the page
--   is full); it answers only within what the caller may read, with the members policies' own
--   tests: nothing without manage_members, view_member_details or view_member_reports, a scoped
--   role only its ministries' members, anyone their own record.
-- * auth.member_search_count(search): how many: exact up to 1,000, beyond it the planner's
--   estimate, as the table API's count=estimated.
-- * public.search_members(…) and public.count_member_search(search): SECURITY INVOKER, the RPCs;
--   the members policies still decide every row returned.
--
-- The statement is built from fixed text and the number of words; every value typed is bound.
-- A word is at most 100 characters and a search at most 6 words (the Members screen's limit);
-- an empty search matches every member the caller may read.

-- The WHERE of a search with n words: $1 everyone, $2 own ids, $3 scope ministries, $4 the
-- words' patterns, $5 their stored-phone patterns (NULL when the word is not a local number),
-- $6 active members only.
CREATE FUNCTION auth.member_search_where(n integer) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = '' AS $$
  SELECT ' WHERE ($1 OR m.id = ANY ($2) OR m.id IN (SELECT mm.member_id FROM public.member_ministries mm'
         || ' WHERE mm.ministry_id = ANY ($3))) AND (m.is_active OR NOT $6)'
         || coalesce(string_agg(format(
              ' AND (m.first_name ILIKE $4[%1$s] OR m.last_name ILIKE $4[%1$s]'
              ' OR m.full_name ILIKE $4[%1$s] OR m.membership_number ILIKE $4[%1$s]'
              ' OR m.email ILIKE $4[%1$s] OR m.phone ILIKE $4[%1$s] OR m.phone ILIKE $5[%1$s])', i), ''), '')
    FROM generate_series(1, n) AS i
$$;
REVOKE ALL ON FUNCTION auth.member_search_where(integer) FROM PUBLIC;

-- What a caller's search is over: visibility (as the members policies) and the words' patterns.
CREATE FUNCTION auth.member_search_terms(search text,
  OUT everyone boolean, OUT own uuid[], OUT scope uuid[], OUT patterns text[], OUT phones text[],
  OUT allowed boolean)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  staff boolean := auth.has_any_permission('manage_members', 'view_member_details', 'view_member_reports');
  words text[];
BEGIN
  everyone := staff AND NOT auth.is_scoped();
  scope := CASE WHEN staff AND NOT everyone THEN coalesce(auth.scope_ministries(), '{}') ELSE '{}' END;
  own := ARRAY(SELECT m.id FROM public.members m
                WHERE auth.uid() IS NOT NULL AND m.user_id = auth.uid() AND auth.is_active());
  allowed := staff OR cardinality(own) > 0;
  words := ARRAY(
    SELECT w FROM (
      SELECT DISTINCT ON (w) left(w, 100) AS w, o
        FROM regexp_split_to_table(btrim(coalesce(search, '')), '\s+') WITH ORDINALITY AS t (w, o)
       WHERE w <> '' ORDER BY w, o) d
     ORDER BY o LIMIT 6);
  patterns := ARRAY(SELECT '%' || replace(replace(replace(w, '\', '\\'), '%', '\%'), '_', '\_') || '%'
                      FROM unnest(words) WITH ORDINALITY AS t (w, o) ORDER BY o);
  phones := ARRAY(SELECT CASE WHEN w ~ '^0[17][0-9]*$' THEN '%+254' || substr(w, 2) || '%' END
                    FROM unnest(words) WITH ORDINALITY AS t (w, o) ORDER BY o);
END
$$;
REVOKE ALL ON FUNCTION auth.member_search_terms(text) FROM PUBLIC;

CREATE FUNCTION auth.member_search_page(search text, active_only boolean, after text[], before text[],
                                        from_end boolean, skip integer, take integer)
RETURNS TABLE (id uuid, ord bigint)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  t record;
  descending boolean := coalesce(from_end, false) OR before IS NOT NULL;
  key text[] := coalesce(after, before);
  stmt text;
  ids uuid[];
BEGIN
  t := auth.member_search_terms(search);
  IF NOT t.allowed THEN
    RETURN;
  END IF;
  IF key IS NOT NULL AND (cardinality(key) <> 3 OR key[3] !~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$') THEN
    RAISE EXCEPTION 'A page key is a last name, a first name and a member id'
      USING ERRCODE = '22023';
  END IF;
  stmt := 'SELECT m.id FROM public.members m' || auth.member_search_where(cardinality(t.patterns))
    || CASE WHEN after IS NOT NULL
            THEN ' AND m.last_name >= $7[1] AND (m.last_name, m.first_name, m.id) > ($7[1], $7[2], $7[3]::uuid)'
            WHEN before IS NOT NULL
            THEN ' AND m.last_name <= $7[1] AND (m.last_name, m.first_name, m.id) < ($7[1], $7[2], $7[3]::uuid)'
            ELSE '' END
    || CASE WHEN descending THEN ' ORDER BY m.last_name DESC, m.first_name DESC, m.id DESC'
            ELSE ' ORDER BY m.last_name, m.first_name, m.id' END
    || ' OFFSET $8 LIMIT $9';
  EXECUTE 'SELECT array_agg(q.id) FROM (' || stmt || ') q'
    INTO ids
    USING t.everyone, t.own, t.scope, t.patterns, t.phones, coalesce(active_only, false), key,
          greatest(coalesce(skip, 0), 0), least(greatest(coalesce(take, 50), 0), 1000);
  RETURN QUERY SELECT u.id, u.ord FROM unnest(ids) WITH ORDINALITY AS u (id, ord);
END
$$;
REVOKE ALL ON FUNCTION auth.member_search_page(text, boolean, text[], text[], boolean, integer, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth.member_search_page(text, boolean, text[], text[], boolean, integer, integer) TO authenticated;
COMMENT ON FUNCTION auth.member_search_page(text, boolean, text[], text[], boolean, integer, integer) IS
  'One page of the member search (ids in the list''s order), within what the members policies let the caller read; the owner plans it, so the trigram and order indexes serve it (0034, 0036).';

-- VOLATILE only because PL/pgSQL allows EXPLAIN (the estimate) in volatile functions alone; it
-- changes nothing.
CREATE FUNCTION auth.member_search_count(search text, active_only boolean)
RETURNS jsonb
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  t record;
  stmt text;
  n bigint;
  plan jsonb;
BEGIN
  t := auth.member_search_terms(search);
  IF NOT t.allowed THEN
    RETURN jsonb_build_object('count', 0, 'estimated', false);
  END IF;
  stmt := 'SELECT m.id FROM public.members m' || auth.member_search_where(cardinality(t.patterns));
  EXECUTE 'SELECT count(*) FROM (' || stmt || ' LIMIT 1001) q' INTO n
    USING t.everyone, t.own, t.scope, t.patterns, t.phones, coalesce(active_only, false);
  IF n <= 1000 THEN
    RETURN jsonb_build_object('count', n, 'estimated', false);
  END IF;
  EXECUTE 'EXPLAIN (FORMAT JSON) ' || stmt INTO plan
    USING t.everyone, t.own, t.scope, t.patterns, t.phones, coalesce(active_only, false);
  RETURN jsonb_build_object('count', greatest(1001, (plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric::bigint),
                            'estimated', true);
END
$$;
REVOKE ALL ON FUNCTION auth.member_search_count(text, boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth.member_search_count(text, boolean) TO authenticated;
COMMENT ON FUNCTION auth.member_search_count(text, boolean) IS
  'How many members a search finds among those the caller may read: exact up to 1,000, the planner''s estimate beyond.';

CREATE FUNCTION public.search_members(search text DEFAULT '', active_only boolean DEFAULT false,
                                      after text[] DEFAULT NULL, before text[] DEFAULT NULL,
                                      from_end boolean DEFAULT false, skip integer DEFAULT 0,
                                      take integer DEFAULT 50)
RETURNS SETOF public.members
LANGUAGE sql STABLE AS $$
  SELECT m.*
    FROM auth.member_search_page(search, active_only, after, before, from_end, skip, take) p
    JOIN public.members m ON m.id = p.id
   ORDER BY p.ord
$$;
COMMENT ON FUNCTION public.search_members(text, boolean, text[], text[], boolean, integer, integer) IS
  'One page of the Members screen''s search: the members whose names, membership number, e-mail or phone contain every word (any case; "0712" finds +254712…), in the list''s order (last name, first name, id) after or before a page key, from the end, or from an offset (skip, take up to 1,000), on indexes at any register size. Rows as the members policies allow.';

CREATE FUNCTION public.count_member_search(search text DEFAULT '', active_only boolean DEFAULT false)
RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT auth.member_search_count(search, active_only)
$$;
COMMENT ON FUNCTION public.count_member_search(text, boolean) IS
  'How many members the search finds among those the caller may read: {"count", "estimated"}, exact up to 1,000.';
