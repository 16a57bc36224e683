-- 0048 Two lows of the third outside probe (issue 42).
--
-- * Counts never reveal rows the caller cannot read. count_member_search answered a ministry
--   leader who may read 3 members with the whole register's estimate (10,008): the planner's
--   figure comes from statistics of every member. Now only a caller who may read every member
--   (staff holding a members permission, not a scoped role) gets the estimate past 1,000;
--   anyone else — a scoped role, a member reading their own record — gets the exact count of
--   what they may read. (The table API's count=planned and count=estimated follow the same rule,
--   in kanisa-rest: an estimate only where the caller's policies allow every row.)
-- * Single-line text refuses line breaks in the database itself. The public forms' function
--   puts names and subjects on one line, but the table API stored CR/LF in them (a name with a
--   line break ends up in an e-mail header or an SMS greeting). Every single-line text column
--   of the application tables — names, titles, subjects, phones, membership numbers, places,
--   roles, list entries — gets a CHECK named <table>_<column>_one_line refusing CR, LF, vertical
--   tab, form feed, NEL and the Unicode line and paragraph separators. Multi-line texts keep
--   theirs: message bodies, descriptions, bios, notes, verses and reflections, announcement
--   content, template content, review notes and reasons. Columns already held to a pattern or a
--   value set (e-mails, URLs, categories, statuses) refuse line breaks already. Left alone:
--   what only the server writes from a provider's answer (payment_logs; a gift's
--   transaction_id, which a payment's receipt fills — refusing a provider's odd receipt would
--   lose the gift's record) and settings' own texts (no API role writes them).
--   Existing values are put on one line first (each line break becomes a space; a value left
--   blank becomes NULL, or '-' where a value is required), so each constraint is validated at
--   once and an old row never stops an unrelated update of it.
-- * Each of those constraints, and the field lengths of 0026, has a comment: the message a
--   refused value gets, naming the field. kanisa-rest reads constraint comments into its schema
--   cache and answers a violation 400 (23514) with that message.

-- ---------------------------------------------------------------------------------------------
-- The member search's count
-- ---------------------------------------------------------------------------------------------
-- As 0038 for a caller who may read every member (t.everyone): the planner's estimate when it is
-- above 1,000, otherwise exact. Anyone else: exact, always — their rows are a part of the
-- register the statistics know nothing about.
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
  IF NOT t.everyone THEN
    EXECUTE 'SELECT count(*) FROM (' || stmt || ') q' INTO n
      USING t.everyone, t.own, t.scope, t.patterns, coalesce(active_only, false);
    RETURN jsonb_build_object('count', n, 'estimated', false);
  END IF;
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
COMMENT ON FUNCTION auth.member_search_count(text, boolean) IS
  'How many members a search finds among those the caller may read: for a caller who may read every member the planner''s estimate above 1,000 (PostgREST''s count=estimated), otherwise exact (0048).';

COMMENT ON FUNCTION public.count_member_search(text, boolean) IS
  'How many members the search finds among those the caller may read: {"count", "estimated"}. The planner''s estimate above 1,000 only for staff who may read every member; a scoped role or a member reading their own record always gets the exact count (0048).';

-- ---------------------------------------------------------------------------------------------
-- Single-line text
-- ---------------------------------------------------------------------------------------------
DO $$
DECLARE
  -- What breaks a line: LF, CR, vertical tab, form feed, NEL, line and paragraph separators.
  breaks constant text := chr(10) || chr(13) || chr(11) || chr(12) || chr(133) || chr(8232) || chr(8233);
  pattern constant text := '[\n\r\v\f\u0085\u2028\u2029]';
  f record;
  is_array boolean;
  required boolean;
  tested text;
  constraint_name text;
BEGIN
  FOR f IN
    SELECT * FROM (VALUES
      ('announcements', 'title', 'Title'),
      ('announcements', 'title_sw', 'Kiswahili title'),
      ('church_leaders', 'name', 'Name'),
      ('church_leaders', 'position', 'Position'),
      ('church_leaders', 'position_sw', 'Kiswahili position'),
      ('church_leaders', 'phone', 'Phone'),
      ('church_leaders', 'specialties', 'Each specialty'),
      ('church_leaders', 'specialties_sw', 'Each Kiswahili specialty'),
      ('daily_verses', 'reference', 'Reference'),
      ('daily_verses', 'reference_sw', 'Kiswahili reference'),
      ('daily_verses', 'translation', 'Translation'),
      ('daily_verses', 'translation_sw', 'Kiswahili translation'),
      ('departments', 'name', 'Name'),
      ('departments', 'name_sw', 'Kiswahili name'),
      ('departments', 'head', 'Head'),
      ('departments', 'phone', 'Phone'),
      ('departments', 'icon', 'Icon'),
      ('departments', 'color', 'Colour'),
      ('departments', 'responsibilities', 'Each responsibility'),
      ('departments', 'responsibilities_sw', 'Each Kiswahili responsibility'),
      ('events', 'title', 'Title'),
      ('events', 'title_sw', 'Kiswahili title'),
      ('events', 'location', 'Location'),
      ('events', 'location_sw', 'Kiswahili location'),
      ('events', 'category', 'Category'),
      ('events', 'department', 'Department'),
      ('events', 'attendees', 'Attendees'),
      ('events', 'attendees_sw', 'Kiswahili attendees'),
      ('member_ministries', 'role', 'Role'),
      ('members', 'membership_number', 'Membership number'),
      ('members', 'first_name', 'First name'),
      ('members', 'last_name', 'Last name'),
      ('members', 'phone', 'Phone'),
      ('members', 'address', 'Address'),
      ('message_templates', 'name', 'Template name'),
      ('messages', 'subject', 'Subject'),
      ('messages', 'sender_name', 'Name'),
      ('messages', 'sender_phone', 'Phone'),
      ('messages', 'recipient_name', 'Recipient name'),
      ('messages', 'recipient_role', 'Recipient role'),
      ('messages', 'department', 'Department'),
      ('messages', 'submission_type', 'Submission type'),
      ('ministries', 'name', 'Name'),
      ('ministries', 'name_sw', 'Kiswahili name'),
      ('ministries', 'leader', 'Leader'),
      ('ministries', 'phone', 'Phone'),
      ('ministries', 'meeting_time', 'Meeting time'),
      ('ministries', 'meeting_time_sw', 'Kiswahili meeting time'),
      ('ministries', 'location', 'Location'),
      ('ministries', 'location_sw', 'Kiswahili location'),
      ('ministries', 'icon', 'Icon'),
      ('ministries', 'color', 'Colour'),
      ('ministries', 'image', 'Image'),
      ('ministries', 'activities', 'Each activity'),
      ('ministries', 'activities_sw', 'Each Kiswahili activity'),
      ('prayer_requests', 'title', 'Title'),
      ('prayer_requests', 'submitter_name', 'Name'),
      ('prayer_requests', 'submitter_phone', 'Phone'),
      ('sermon_series', 'title', 'Title'),
      ('sermon_series', 'title_sw', 'Kiswahili title'),
      ('sermon_series', 'subtitle', 'Subtitle'),
      ('sermon_series', 'subtitle_sw', 'Kiswahili subtitle'),
      ('sermon_series', 'topics', 'Each topic'),
      ('sermon_series', 'topics_sw', 'Each Kiswahili topic'),
      ('sermons', 'title', 'Title'),
      ('sermons', 'title_sw', 'Kiswahili title'),
      ('sermons', 'speaker', 'Speaker'),
      ('sermons', 'series', 'Series'),
      ('sermons', 'tags', 'Each tag'),
      ('users', 'full_name', 'Full name')
    ) AS v (tbl, col, label)
  LOOP
    SELECT a.atttypid = 'text[]'::regtype, a.attnotnull INTO is_array, required
      FROM pg_attribute a
     WHERE a.attrelid = format('public.%I', f.tbl)::regclass AND a.attname = f.col
       AND NOT a.attisdropped AND a.atttypid IN ('text'::regtype, 'text[]'::regtype);
    IF NOT FOUND THEN
      RAISE EXCEPTION 'public.%.% is not a text column', f.tbl, f.col;
    END IF;
    tested := CASE WHEN is_array THEN format('array_to_string(%I, %L)', f.col, ' ')
                   ELSE quote_ident(f.col) END;
    -- Existing values on one line: each line break a space (nothing else changes, so two
    -- distinct values stay distinct); a value left blank is NULL, or '-' where one is required;
    -- a list's entry left blank is '-' (lists hold no blank entries).
    IF is_array THEN
      EXECUTE format(
        'UPDATE public.%1$I SET %2$I = ARRAY(SELECT CASE WHEN e ~ %8$L'
        '  THEN coalesce(nullif(btrim(translate(e, %3$L, %4$L)), %5$L), %6$L) ELSE e END'
        '  FROM unnest(%2$I) WITH ORDINALITY AS u (e, o) ORDER BY o)'
        ' WHERE %7$s ~ %8$L',
        f.tbl, f.col, breaks, repeat(' ', length(breaks)), '', '-', tested, pattern);
    ELSE
      EXECUTE format(
        'UPDATE public.%1$I SET %2$I = CASE WHEN btrim(translate(%2$I, %3$L, %4$L)) = %5$L THEN %6$s'
        ' ELSE translate(%2$I, %3$L, %4$L) END WHERE %2$I ~ %7$L',
        f.tbl, f.col, breaks, repeat(' ', length(breaks)), '',
        CASE WHEN required THEN quote_literal('-') ELSE 'NULL' END, pattern);
    END IF;
    constraint_name := f.tbl || '_' || f.col || '_one_line';
    EXECUTE format('ALTER TABLE public.%I ADD CONSTRAINT %I CHECK (%s !~ %L)',
                   f.tbl, constraint_name, tested, pattern);
    EXECUTE format('COMMENT ON CONSTRAINT %I ON public.%I IS %L', constraint_name, f.tbl,
                   f.label || ' must be on one line (no line breaks).');
  END LOOP;
END
$$;

-- The field lengths of 0026, explained.
COMMENT ON CONSTRAINT messages_subject_length ON public.messages IS 'Subject can be at most 300 characters.';
COMMENT ON CONSTRAINT messages_message_length ON public.messages IS 'Message can be at most 20,000 characters.';
COMMENT ON CONSTRAINT messages_sender_name_length ON public.messages IS 'Name can be at most 120 characters.';
COMMENT ON CONSTRAINT messages_sender_email_length ON public.messages IS 'E-mail can be at most 254 characters.';
COMMENT ON CONSTRAINT messages_sender_phone_length ON public.messages IS 'Phone can be at most 32 characters.';
COMMENT ON CONSTRAINT messages_recipient_name_length ON public.messages IS 'Recipient name can be at most 120 characters.';
COMMENT ON CONSTRAINT messages_recipient_role_length ON public.messages IS 'Recipient role can be at most 120 characters.';
COMMENT ON CONSTRAINT messages_department_length ON public.messages IS 'Department can be at most 120 characters.';
COMMENT ON CONSTRAINT messages_submission_type_length ON public.messages IS 'Submission type can be at most 120 characters.';
COMMENT ON CONSTRAINT messages_attachments_count ON public.messages IS 'A message can have at most 10 attachments.';
COMMENT ON CONSTRAINT prayer_requests_title_length ON public.prayer_requests IS 'Title can be at most 300 characters.';
COMMENT ON CONSTRAINT prayer_requests_description_length ON public.prayer_requests IS 'Prayer request can be at most 20,000 characters.';
COMMENT ON CONSTRAINT prayer_requests_submitter_name_length ON public.prayer_requests IS 'Name can be at most 120 characters.';
COMMENT ON CONSTRAINT prayer_requests_submitter_email_length ON public.prayer_requests IS 'E-mail can be at most 254 characters.';
COMMENT ON CONSTRAINT prayer_requests_submitter_phone_length ON public.prayer_requests IS 'Phone can be at most 32 characters.';
COMMENT ON CONSTRAINT events_title_length ON public.events IS 'Title can be at most 200 characters.';
COMMENT ON CONSTRAINT events_title_sw_length ON public.events IS 'Kiswahili title can be at most 200 characters.';
COMMENT ON CONSTRAINT members_first_name_length ON public.members IS 'First name can be at most 100 characters.';
COMMENT ON CONSTRAINT members_last_name_length ON public.members IS 'Last name can be at most 100 characters.';
COMMENT ON CONSTRAINT church_leaders_name_length ON public.church_leaders IS 'Name can be at most 120 characters.';
