-- 0038 The member search on one index (issue 35).
--
-- 0034/0036 searched each word in six columns of members, each with its trigram index: a search
-- was a BitmapOr of six index scans and, wherever the planner chose to read rows instead, seven
-- ILIKEs per row (p95 184 ms at 50,000 members against 32 ms at 5,000 under load; a word in a
-- thousand membership numbers was counted by reading the whole register, 54 ms on its own).
--
-- Now each member has one row in kanisa.member_search: the list's order (last name, first
-- name, id), whether active, and the searchable text, lower-cased — names, membership number,
-- e-mail, phone, and a +254 phone's local form (0712…) so a local number is found as typed. It
-- is narrow (reading it in order costs a fraction of reading members), kept by statement
-- triggers on members (and removed with the member), and has one trigram index: a word is one
-- LIKE on stored text, every word ANDed in one index scan, and ANALYZE's statistics on the text
-- tell the planner how common a word is. Words are split on white space and the parts are
-- joined with a space, so a word never matches across two fields (full_name is first and last
-- name with a space, so it adds nothing a word can match).
--
-- The count follows PostgREST's count=estimated: the planner's estimate first; only when it is
-- at most 1,000 is the exact count taken (and still stopped at 1,001). Staff see "about 48,000"
-- for a broad search without the register being read to say so.

CREATE FUNCTION auth.member_search_text(first_name text, last_name text, membership_number text,
                                        email text, phone text)
RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' '
               || coalesce(membership_number, '') || ' ' || coalesce(email, '') || ' '
               || coalesce(phone, '') || ' '
               || CASE WHEN phone LIKE '+254%' THEN '0' || substr(phone, 5) ELSE '' END)
$$;
REVOKE ALL ON FUNCTION auth.member_search_text(text, text, text, text, text) FROM PUBLIC;
COMMENT ON FUNCTION auth.member_search_text(text, text, text, text, text) IS
  'A member''s searchable text, lower-cased: names, membership number, e-mail, phone and a +254 phone''s local form (0038).';

-- No SET search_path, so that PostgreSQL inlines it into the trigger's one statement instead of
-- calling it row by row; everything it names is in pg_catalog, searched first whatever the path.

CREATE TABLE kanisa.member_search (
  id         uuid    NOT NULL,
  last_name  text    NOT NULL,
  first_name text    NOT NULL,
  is_active  boolean NOT NULL,
  doc        text    NOT NULL,
  CONSTRAINT member_search_pkey PRIMARY KEY (id),
  CONSTRAINT member_search_id_fkey FOREIGN KEY (id) REFERENCES public.members (id)
    ON DELETE CASCADE ON UPDATE CASCADE
);
REVOKE ALL ON kanisa.member_search FROM PUBLIC;
COMMENT ON TABLE kanisa.member_search IS
  'The member search''s copy of each member: the list''s order, is_active and the searchable text (auth.member_search_text). Kept by triggers on members; read only by auth.member_search_page and auth.member_search_count.';

INSERT INTO kanisa.member_search (id, last_name, first_name, is_active, doc)
SELECT m.id, m.last_name, m.first_name, m.is_active,
       auth.member_search_text(m.first_name, m.last_name, m.membership_number, m.email, m.phone)
  FROM public.members m;

CREATE FUNCTION kanisa.sync_member_search() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  INSERT INTO kanisa.member_search AS s (id, last_name, first_name, is_active, doc)
  SELECT n.id, n.last_name, n.first_name, n.is_active,
         auth.member_search_text(n.first_name, n.last_name, n.membership_number, n.email, n.phone)
    FROM new_rows n
   ORDER BY n.id
  ON CONFLICT (id) DO UPDATE
     SET last_name = EXCLUDED.last_name, first_name = EXCLUDED.first_name,
         is_active = EXCLUDED.is_active, doc = EXCLUDED.doc
   WHERE (s.last_name, s.first_name, s.is_active, s.doc)
         IS DISTINCT FROM (EXCLUDED.last_name, EXCLUDED.first_name, EXCLUDED.is_active, EXCLUDED.doc);
  RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION kanisa.sync_member_search() FROM PUBLIC;
CREATE TRIGGER members_search_insert AFTER INSERT ON public.members
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kanisa.sync_member_search();
CREATE TRIGGER members_search_update AFTER UPDATE ON public.members
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kanisa.sync_member_search();

CREATE INDEX member_search_order_idx ON kanisa.member_search (last_name, first_name, id);
-- fastupdate off: a member added is in the index at once, not in a pending list that every
-- search would read through until the next vacuum (an import of thousands stays quick enough).
CREATE INDEX member_search_doc_trgm_idx ON kanisa.member_search
  USING gin (doc extensions.gin_trgm_ops) WITH (fastupdate = off);
DROP INDEX public.members_first_name_trgm_idx, public.members_last_name_trgm_idx,
  public.members_full_name_trgm_idx, public.members_membership_number_trgm_idx,
  public.members_email_trgm_idx, public.members_phone_trgm_idx;
ANALYZE kanisa.member_search;

-- The WHERE of a search with n words: $1 everyone, $2 own ids, $3 scope ministries, $4 the
-- words' patterns (lower-cased), $5 active members only. The visibility and the words are
-- separate pieces so that a page can read the list in order and test the words on the way.
CREATE FUNCTION auth.member_search_visible() RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = '' AS $$
  SELECT ' WHERE ($1 OR m.id = ANY ($2) OR m.id IN (SELECT mm.member_id FROM public.member_ministries mm'
         || ' WHERE mm.ministry_id = ANY ($3))) AND (m.is_active OR NOT $5)'
$$;
REVOKE ALL ON FUNCTION auth.member_search_visible() FROM PUBLIC;

CREATE FUNCTION auth.member_search_words(n integer) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = '' AS $$
  SELECT coalesce(string_agg(format(
           ' AND m.doc LIKE $4[%s]', i), ''), '')
    FROM generate_series(1, n) AS i
$$;
REVOKE ALL ON FUNCTION auth.member_search_words(integer) FROM PUBLIC;

CREATE OR REPLACE FUNCTION auth.member_search_where(n integer) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = '' AS $$
  SELECT auth.member_search_visible() || auth.member_search_words(n)
$$;

DROP FUNCTION auth.member_search_terms(text);
CREATE FUNCTION auth.member_search_terms(search text,
  OUT everyone boolean, OUT own uuid[], OUT scope uuid[], OUT patterns text[], OUT indexed boolean,
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
      SELECT DISTINCT ON (w) left(lower(w), 100) AS w, o
        FROM regexp_split_to_table(btrim(coalesce(search, '')), '\s+') WITH ORDINALITY AS t (w, o)
       WHERE w <> '' ORDER BY w, o) d
     ORDER BY o LIMIT 6);
  -- A word of one or two letters has no trigram: the index cannot narrow a search of only those.
  indexed := EXISTS (SELECT FROM unnest(words) AS w WHERE length(w) >= 3);
  patterns := ARRAY(SELECT '%' || replace(replace(replace(w, '\', '\\'), '%', '\%'), '_', '\_') || '%'
                      FROM unnest(words) WITH ORDINALITY AS t (w, o) ORDER BY o);
END
$$;
REVOKE ALL ON FUNCTION auth.member_search_terms(text) FROM PUBLIC;

-- One page. A common word's members are spread through the list, and reading the list in order,
-- testing each row, fills a page after a few hundred rows; but a word that is a common last name
-- (Ochieng, a tenth of a register) sits in one stretch of the list, and the planner, which
-- assumes an even spread, reads tens of thousands of rows to reach it (40 ms at 50,000). So the
-- list is read in order in windows of 2,000 rows from the page's start or key, each window's
-- matches taken in order until the page is full (they are then the first matches in order):
--
-- * with a word of three letters or more, one window; if it does not hold the page, the matches
--   are found on the trigram index alone (the OFFSET 0 keeps the planner from reading the order
--   index instead) and sorted — also straight away for a far page (offset + size above 200);
-- * with only shorter words (no trigram) or none, window after window until the page is full or
--   the list ends: never more rows than the list has, and the planner cannot choose to compute
--   every member's text and sort them all (65 ms at 50,000 for "72", whose page the first
--   window holds).
CREATE OR REPLACE FUNCTION auth.member_search_page(search text, active_only boolean, after text[], before text[],
                                                   from_end boolean, skip integer, take integer)
RETURNS TABLE (id uuid, ord bigint)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  t record;
  descending boolean := coalesce(from_end, false) OR before IS NOT NULL;
  key text[] := coalesce(after, before);
  offset_rows integer := greatest(coalesce(skip, 0), 0);
  page_rows integer := least(greatest(coalesce(take, 50), 0), 1000);
  wanted integer;
  from_key text;
  ordered text;
  window_ids uuid[];
  ids uuid[] := '{}';
BEGIN
  t := auth.member_search_terms(search);
  IF NOT t.allowed THEN
    RETURN;
  END IF;
  IF key IS NOT NULL AND (cardinality(key) <> 3 OR key[3] !~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$') THEN
    RAISE EXCEPTION 'A page key is a last name, a first name and a member id'
      USING ERRCODE = '22023';
  END IF;
  -- Rows after (or, descending, before) the key $6.
  from_key := CASE WHEN descending
                   THEN ' AND m.last_name <= $6[1] AND (m.last_name, m.first_name, m.id) < ($6[1], $6[2], $6[3]::uuid)'
                   ELSE ' AND m.last_name >= $6[1] AND (m.last_name, m.first_name, m.id) > ($6[1], $6[2], $6[3]::uuid)' END;
  ordered := CASE WHEN descending THEN ' ORDER BY m.last_name DESC, m.first_name DESC, m.id DESC'
                  ELSE ' ORDER BY m.last_name, m.first_name, m.id' END;
  wanted := offset_rows + page_rows;
  IF NOT t.indexed OR wanted <= 200 THEN
    LOOP
      EXECUTE 'SELECT array_agg(q.id) FROM (SELECT m.id FROM (SELECT m.* FROM kanisa.member_search m'
        || auth.member_search_visible() || CASE WHEN key IS NULL THEN '' ELSE from_key END || ordered
        || ' LIMIT 2000) m WHERE true' || auth.member_search_words(cardinality(t.patterns)) || ordered
        || ' LIMIT $7) q'
        INTO window_ids
        USING t.everyone, t.own, t.scope, t.patterns, coalesce(active_only, false), key,
              wanted - cardinality(ids);
      ids := ids || coalesce(window_ids, '{}');
      EXIT WHEN cardinality(ids) >= wanted OR t.indexed;
      -- The window's last row is the next window's key; none: the list has ended.
      EXECUTE 'SELECT ARRAY[m.last_name, m.first_name, m.id::text] FROM kanisa.member_search m'
        || auth.member_search_visible() || CASE WHEN key IS NULL THEN '' ELSE from_key END || ordered
        || ' OFFSET 1999 LIMIT 1'
        INTO key
        USING t.everyone, t.own, t.scope, t.patterns, coalesce(active_only, false), key;
      EXIT WHEN key IS NULL;
    END LOOP;
    IF NOT t.indexed OR cardinality(ids) >= wanted THEN
      RETURN QUERY SELECT u.id, u.ord FROM unnest(ids[offset_rows + 1 : wanted]) WITH ORDINALITY AS u (id, ord);
      RETURN;
    END IF;
    key := coalesce(after, before);
  END IF;
  EXECUTE 'SELECT array_agg(q.id) FROM (SELECT m.id FROM (SELECT m.id, m.last_name, m.first_name'
    || ' FROM kanisa.member_search m' || auth.member_search_where(cardinality(t.patterns))
    || CASE WHEN key IS NULL THEN '' ELSE from_key END
    || ' OFFSET 0) m' || ordered || ' OFFSET $7 LIMIT $8) q'
    INTO ids
    USING t.everyone, t.own, t.scope, t.patterns, coalesce(active_only, false), key, offset_rows, page_rows;
  RETURN QUERY SELECT u.id, u.ord FROM unnest(ids) WITH ORDINALITY AS u (id, ord);
END
$$;

-- A page is at most a few dozen ids: planned as such, search_members joins them to members by
-- key (with the default guess of 1,000 rows it hashed the whole register, policies and all:
-- 10 ms of every search at 50,000 members).
ALTER FUNCTION auth.member_search_page(text, boolean, text[], text[], boolean, integer, integer) ROWS 50;

-- PostgREST's count=estimated: the planner's estimate when it is above 1,000, otherwise the
-- exact count (read up to 1,001 rows; past 1,000 it is reported as an estimate of at least 1,001).
CREATE OR REPLACE FUNCTION auth.member_search_count(search text, active_only boolean)
RETURNS jsonb
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  t record;
  stmt text;
  n bigint;
  planned bigint;
  plan jsonb;
BEGIN
  t := auth.member_search_terms(search);
  IF NOT t.allowed THEN
    RETURN jsonb_build_object('count', 0, 'estimated', false);
  END IF;
  stmt := 'SELECT m.id FROM kanisa.member_search m' || auth.member_search_where(cardinality(t.patterns));
  EXECUTE 'EXPLAIN (FORMAT JSON) ' || stmt INTO plan
    USING t.everyone, t.own, t.scope, t.patterns, coalesce(active_only, false);
  planned := (plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric::bigint;
  IF planned > 1000 THEN
    RETURN jsonb_build_object('count', planned, 'estimated', true);
  END IF;
  EXECUTE 'SELECT count(*) FROM (' || stmt || ' LIMIT 1001) q' INTO n
    USING t.everyone, t.own, t.scope, t.patterns, coalesce(active_only, false);
  IF n <= 1000 THEN
    RETURN jsonb_build_object('count', n, 'estimated', false);
  END IF;
  RETURN jsonb_build_object('count', greatest(1001, planned), 'estimated', true);
END
$$;

COMMENT ON FUNCTION public.search_members(text, boolean, text[], text[], boolean, integer, integer) IS
  'One page of the Members screen''s search: the members whose names, membership number, e-mail or phone contain every word (any case; "0712" finds +254712…), in the list''s order (last name, first name, id) after or before a page key, from the end, or from an offset (skip, take up to 1,000), on one trigram index at any register size (0038). Rows as the members policies allow.';
COMMENT ON FUNCTION public.count_member_search(text, boolean) IS
  'How many members the search finds among those the caller may read: {"count", "estimated"}: the planner''s estimate when it is above 1,000 (PostgREST''s count=estimated), otherwise exact.';
