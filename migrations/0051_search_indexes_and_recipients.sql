-- 0051 Substring filters on indexes and Send Message's pickers from an index (issue 44).
--
-- Trigram indexes. The searchable text columns of the lists staff filter with `ilike` (messages'
-- sender, recipient and subject; prayer requests' submitter and title; donations' receipt number
-- and transaction reference) get a trigram index (pg_trgm, in schema `extensions` since 0034),
-- fastupdate off so that a row written is in the index at once and a search never reads a
-- pending list. The members' columns are not indexed again: 0038 gave the register one trigram
-- index of its own (kanisa.member_search, what search_members reads), and five more on members
-- would cost every insert of a register for no signed-in reader (below).
--
-- Who can use them. Under row-level security PostgreSQL evaluates a caller's filter after the
-- policies unless its function is LEAKPROOF, and only then can the filter be an index condition.
-- texticlike and textlike (ILIKE, LIKE) are not LEAKPROOF, so through the table API these
-- indexes serve the service role (which bypasses the policies) and the owner's functions, and a
-- signed-in caller's `ilike` is still tested row by row after the policies. Marking texticlike
-- and textlike LEAKPROOF was considered and NOT done:
--
-- * Their error is row-dependent: "LIKE pattern must not end with escape character" is raised
--   only when the matching reaches the trailing escape, i.e. only for a row whose text matched
--   the pattern's start. Planned ahead of the policies, `first_name like 'Wanj\'` would answer
--   "error" or "no rows" depending on whether a row the caller may not read starts with Wanj: a
--   side channel past the policies, one prefix at a time. A refusal in the table API's parser
--   closes that one door; but LEAKPROOF is a property of the core function for the whole
--   database, every table and view, every SECURITY INVOKER function a policy guards and every
--   path a pattern may take later, so it would rest on every such path refusing or escaping
--   forever, with no test able to find a new one. Other failures inside the match (the lower-
--   casing of the row's text for ILIKE under a non-C locale, allocation of a row's wide-character
--   copy) are implementation details of each server version we do not control.
-- * It needs a superuser (ALTER FUNCTION … LEAKPROOF on a pg_catalog function): a DATABASE_URL
--   database on a managed service refuses it, so the migration would fail there or have to be
--   skipped, and the two kinds of deployment would differ in a security property.
-- * pg_dump does not carry changed attributes of pg_catalog functions: `kanisa restore` and any
--   pg_upgrade would silently undo it.
--
-- Send Message's pickers. get_message_audiences() counted each group and ministry through
-- kanisa.audience, whose candidates came from members: at 50,000 members every call computed a
-- phone's +254 form per member and tested every ministry role with regular expressions per
-- group (about 475 ms a call). Now kanisa.member_recipients holds one row per member with what
-- the pickers and a send need, already computed: status, date of birth, names, the +254 phone,
-- the e-mail, the key that makes a person one recipient, and the four group flags that come from
-- the member's ministries and roles. Statement triggers on members, member_ministries and
-- ministries keep it (and the foreign key removes a deleted member's row);
-- kanisa.audience_candidates reads it with an index per case, and "All members" is counted on
-- one index in key order. Who a send reaches does not change (a test compares every audience
-- with the rules of 0035 on a seeded register, before and after changes).

CREATE INDEX IF NOT EXISTS messages_sender_name_trgm_idx ON public.messages
  USING gin (sender_name extensions.gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX IF NOT EXISTS messages_recipient_name_trgm_idx ON public.messages
  USING gin (recipient_name extensions.gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX IF NOT EXISTS messages_subject_trgm_idx ON public.messages
  USING gin (subject extensions.gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX IF NOT EXISTS prayer_requests_submitter_name_trgm_idx ON public.prayer_requests
  USING gin (submitter_name extensions.gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX IF NOT EXISTS prayer_requests_title_trgm_idx ON public.prayer_requests
  USING gin (title extensions.gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX IF NOT EXISTS giving_records_receipt_no_trgm_idx ON public.giving_records
  USING gin (receipt_no extensions.gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX IF NOT EXISTS giving_records_transaction_id_trgm_idx ON public.giving_records
  USING gin (transaction_id extensions.gin_trgm_ops) WITH (fastupdate = off);

-- ---------------------------------------------------------------------------------------------
-- kanisa.member_recipients
-- ---------------------------------------------------------------------------------------------
CREATE TABLE kanisa.member_recipients (
  member_id      uuid    NOT NULL,
  is_active      boolean NOT NULL,
  date_of_birth  date,
  first_name     text    NOT NULL,
  full_name      text    NOT NULL,
  phone          text,
  email          text,
  person_key     text    NOT NULL,
  youth_ministry boolean NOT NULL,
  elder          boolean NOT NULL,
  deacon         boolean NOT NULL,
  choir          boolean NOT NULL,
  CONSTRAINT member_recipients_pkey PRIMARY KEY (member_id),
  CONSTRAINT member_recipients_member_id_fkey FOREIGN KEY (member_id) REFERENCES public.members (id)
    ON DELETE CASCADE ON UPDATE CASCADE
);
REVOKE ALL ON kanisa.member_recipients FROM PUBLIC;
COMMENT ON TABLE kanisa.member_recipients IS
  'Each member as a recipient of a send: +254 phone (kanisa.msisdn), trimmed e-mail, the one-recipient key (phone, else lower-cased e-mail, else id) and the group flags from their ministries and roles (0021''s rules). Kept by triggers on members, member_ministries and ministries; read by kanisa.audience_candidates and get_message_audiences (0051).';

-- The rows of `ids` as members and member_ministries now say; a member gone has none (the
-- foreign key has removed it already).
CREATE FUNCTION kanisa.refresh_member_recipients(ids uuid[]) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  INSERT INTO kanisa.member_recipients AS r
    (member_id, is_active, date_of_birth, first_name, full_name, phone, email, person_key,
     youth_ministry, elder, deacon, choir)
  SELECT m.id, m.is_active, m.date_of_birth, m.first_name, m.full_name, c.phone, c.email,
         coalesce(c.phone, lower(c.email), m.id::text),
         coalesce(f.youth_ministry, false), coalesce(f.elder, false),
         coalesce(f.deacon, false), coalesce(f.choir, false)
    FROM public.members m
   CROSS JOIN LATERAL (SELECT '+' || kanisa.msisdn(m.phone) AS phone,
                              nullif(btrim(m.email), '') AS email) c
    LEFT JOIN LATERAL (
      SELECT bool_or(mi.name ~* '\myouth\M') AS youth_ministry,
             bool_or(mm.role ~* '\melder') AS elder,
             bool_or(mm.role ~* '\mdeacon') AS deacon,
             bool_or(mi.name ~* '\m(music|choir)' OR mm.role ~* '\m(choir|chorister)') AS choir
        FROM public.member_ministries mm JOIN public.ministries mi ON mi.id = mm.ministry_id
       WHERE mm.member_id = m.id) f ON true
   WHERE m.id = ANY (ids)
   ORDER BY m.id
  ON CONFLICT (member_id) DO UPDATE
     SET is_active = EXCLUDED.is_active, date_of_birth = EXCLUDED.date_of_birth,
         first_name = EXCLUDED.first_name, full_name = EXCLUDED.full_name,
         phone = EXCLUDED.phone, email = EXCLUDED.email, person_key = EXCLUDED.person_key,
         youth_ministry = EXCLUDED.youth_ministry, elder = EXCLUDED.elder,
         deacon = EXCLUDED.deacon, choir = EXCLUDED.choir
   WHERE (r.is_active, r.date_of_birth, r.first_name, r.full_name, r.phone, r.email, r.person_key,
          r.youth_ministry, r.elder, r.deacon, r.choir)
         IS DISTINCT FROM
         (EXCLUDED.is_active, EXCLUDED.date_of_birth, EXCLUDED.first_name, EXCLUDED.full_name,
          EXCLUDED.phone, EXCLUDED.email, EXCLUDED.person_key, EXCLUDED.youth_ministry,
          EXCLUDED.elder, EXCLUDED.deacon, EXCLUDED.choir)
$$;
REVOKE ALL ON FUNCTION kanisa.refresh_member_recipients(uuid[]) FROM PUBLIC;

SELECT kanisa.refresh_member_recipients(ARRAY(SELECT id FROM public.members));

CREATE FUNCTION kanisa.sync_member_recipients() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF TG_TABLE_NAME = 'members' THEN
    PERFORM kanisa.refresh_member_recipients(ARRAY(SELECT n.id FROM new_rows n));
  ELSIF TG_TABLE_NAME = 'member_ministries' AND TG_OP = 'INSERT' THEN
    PERFORM kanisa.refresh_member_recipients(ARRAY(SELECT DISTINCT n.member_id FROM new_rows n));
  ELSIF TG_TABLE_NAME = 'member_ministries' AND TG_OP = 'DELETE' THEN
    PERFORM kanisa.refresh_member_recipients(ARRAY(SELECT DISTINCT o.member_id FROM old_rows o));
  ELSIF TG_TABLE_NAME = 'member_ministries' THEN
    PERFORM kanisa.refresh_member_recipients(ARRAY(
      SELECT n.member_id FROM new_rows n UNION SELECT o.member_id FROM old_rows o));
  ELSE
    -- ministries renamed: their members' flags.
    PERFORM kanisa.refresh_member_recipients(ARRAY(
      SELECT DISTINCT mm.member_id FROM public.member_ministries mm
       WHERE mm.ministry_id IN (SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
                                 WHERE n.name IS DISTINCT FROM o.name)));
  END IF;
  RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION kanisa.sync_member_recipients() FROM PUBLIC;

CREATE TRIGGER members_recipients_insert AFTER INSERT ON public.members
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kanisa.sync_member_recipients();
CREATE TRIGGER members_recipients_update AFTER UPDATE ON public.members
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kanisa.sync_member_recipients();
CREATE TRIGGER member_ministries_recipients_insert AFTER INSERT ON public.member_ministries
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kanisa.sync_member_recipients();
CREATE TRIGGER member_ministries_recipients_update AFTER UPDATE ON public.member_ministries
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kanisa.sync_member_recipients();
CREATE TRIGGER member_ministries_recipients_delete AFTER DELETE ON public.member_ministries
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kanisa.sync_member_recipients();
CREATE TRIGGER ministries_recipients_update AFTER UPDATE ON public.ministries
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kanisa.sync_member_recipients();

-- "All members" in key order (get_message_audiences reads it without sorting).
CREATE INDEX member_recipients_active_key_idx ON kanisa.member_recipients (person_key, member_id)
  INCLUDE (phone, email) WHERE is_active;
CREATE INDEX member_recipients_active_birth_idx ON kanisa.member_recipients (date_of_birth)
  WHERE is_active;
CREATE INDEX member_recipients_groups_idx ON kanisa.member_recipients (member_id)
  WHERE is_active AND (youth_ministry OR elder OR deacon OR choir);
ANALYZE kanisa.member_recipients;

-- The same candidates as 0035's, read from kanisa.member_recipients. The youth's age test is
-- kept as it was; the date range before it (wider by a year each way) only lets the index pick
-- the rows it can be true for.
CREATE OR REPLACE FUNCTION kanisa.audience_candidates(p_group text, p_ministry uuid, p_members uuid[])
RETURNS TABLE (member_id uuid, first_name text, full_name text, phone text, email text)
LANGUAGE plpgsql STABLE SET search_path = '' AS $$
DECLARE
  today date := (now() AT TIME ZONE 'Africa/Nairobi')::date;
BEGIN
  IF p_members IS NOT NULL THEN
    RETURN QUERY
      SELECT r.member_id, r.first_name, r.full_name, r.phone, r.email
        FROM kanisa.member_recipients r
       WHERE r.member_id = ANY (p_members);
  END IF;
  IF p_ministry IS NOT NULL THEN
    RETURN QUERY
      SELECT r.member_id, r.first_name, r.full_name, r.phone, r.email
        FROM public.member_ministries mm JOIN kanisa.member_recipients r ON r.member_id = mm.member_id
       WHERE mm.ministry_id = p_ministry AND r.is_active;
  END IF;
  IF p_group = 'all' THEN
    RETURN QUERY
      SELECT r.member_id, r.first_name, r.full_name, r.phone, r.email
        FROM kanisa.member_recipients r
       WHERE r.is_active;
  ELSIF p_group IN ('youth', 'elders', 'deacons', 'choir') THEN
    RETURN QUERY
      SELECT r.member_id, r.first_name, r.full_name, r.phone, r.email
        FROM kanisa.member_recipients r
       WHERE r.is_active AND (youth_ministry OR elder OR deacon OR choir)
         AND CASE p_group WHEN 'youth' THEN r.youth_ministry WHEN 'elders' THEN r.elder
                          WHEN 'deacons' THEN r.deacon ELSE r.choir END
      UNION
      SELECT r.member_id, r.first_name, r.full_name, r.phone, r.email
        FROM kanisa.member_recipients r
       WHERE p_group = 'youth' AND r.is_active
         AND r.date_of_birth > today - interval '37 years' AND r.date_of_birth <= today - interval '15 years'
         AND extract(year FROM age(today, r.date_of_birth)) BETWEEN 16 AND 35
      UNION ALL
      SELECT NULL, l.name, l.name, '+' || kanisa.msisdn(l.phone), nullif(btrim(l.email), '')
        FROM public.church_leaders l
       WHERE l.is_active
         AND ((p_group = 'elders' AND (l.category = 'elder' OR l.position ~* '\melder'))
           OR (p_group = 'deacons' AND l.position ~* '\mdeacon'));
  END IF;
END
$$;

CREATE OR REPLACE FUNCTION public.get_message_audiences()
RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  answer jsonb;
BEGIN
  PERFORM auth.require_any_permission('Sending messages', 'send_communications');
  SELECT jsonb_build_object(
    'groups', (
      SELECT jsonb_agg(jsonb_build_object(
               'id', g.id, 'label', g.label, 'description', g.description,
               'members', c.members, 'with_phone', c.with_phone, 'with_email', c.with_email)
             ORDER BY g.ord)
        FROM (VALUES
          (1, 'all', 'All members', 'Every active member'),
          (2, 'youth', 'Youth', 'Active members aged 16 to 35, and members of a youth ministry'),
          (3, 'elders', 'Elders', 'The elders on the leaders list, and members serving as elders'),
          (4, 'deacons', 'Deacons', 'The deacons and deaconesses on the leaders list, and members serving as deacons'),
          (5, 'choir', 'Choir', 'Members of the music ministry or the choir')
        ) AS g (ord, id, label, description),
        LATERAL (
          -- All members: kanisa.audience's one row per person (the first member by id of each
          -- key), on the key index in order, without the candidates' tuplestore and a sort.
          SELECT count(*) AS members, count(a.phone) AS with_phone, count(a.email) AS with_email
            FROM (SELECT DISTINCT ON (r.person_key) r.phone, r.email
                    FROM kanisa.member_recipients r
                   WHERE g.id = 'all' AND r.is_active
                   ORDER BY r.person_key, r.member_id) a
          HAVING g.id = 'all'
          UNION ALL
          SELECT count(*), count(a.phone), count(a.email)
            FROM kanisa.audience(g.id, NULL, NULL) a
           WHERE g.id <> 'all'
          HAVING g.id <> 'all'
        ) c),
    'ministries', coalesce((
      SELECT jsonb_agg(jsonb_build_object(
               'id', mi.id, 'name', mi.name,
               'members', c.members, 'with_phone', c.with_phone, 'with_email', c.with_email)
             ORDER BY mi.display_order, mi.name)
        FROM public.ministries mi,
        LATERAL (
          SELECT count(*) AS members, count(a.phone) AS with_phone, count(a.email) AS with_email
            FROM kanisa.audience(NULL, mi.id, NULL) a
        ) c
       WHERE mi.is_active), '[]'::jsonb))
    INTO answer;
  RETURN answer;
END
$$;
