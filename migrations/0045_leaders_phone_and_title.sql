-- 0045 Church leaders' phones in the stored form, and their titles apart from their names
-- (issue 41, the fourth browser audit).
--
-- Phones: church_leaders.phone is stored as members' are since 0032 (kanisa.stored_phone): a
-- Kenyan mobile number however typed ("0722 111 222") as +2547…, anything else as typed without
-- surrounding spaces, a blank one as NULL. kanisa.store_phone learns the table and a trigger
-- calls it; kanisa.restore_phones rewrites the rows stored before (updated_at kept), leaders'
-- included. The apps show the number in its local form ("0722 111 222").
--
-- Titles: a leader's title ("Pr.", "Elder", "Dr.") was typed into the name, so the Kiswahili site
-- read "Elder Ruth Odhiambo" beside its own "Mzee John Mwita". church_leaders.title holds it as
-- one of a fixed set, which the public site translates (its catalogues, en and sw) and the back
-- office picks from a list:
--
--   pastor     Pr.        Mchungaji      (also read from "Pastor", "Ps.")
--   elder      Elder      Mzee
--   deacon     Deacon     Shemasi
--   deaconess  Deaconess  Shemasi
--   dr         Dr.        Dkt.           (also "Daktari")
--   prof       Prof.      Prof.          (also "Professor")
--   mr         Mr.        Bw.
--   mrs        Mrs.       Bi.
--   ms         Ms.        Bi.
--
-- NULL is no title. Existing names that start with one of these words (English or Kiswahili,
-- any case, the dot optional where the short form has one) followed by a name lose it to the
-- column, once, below (kanisa.take_leader_titles). A name typed later is stored as typed.
--
-- The request forms still send the name a visitor read ("Elder Ruth Odhiambo", in English for
-- the office), and forms kept on a phone from before send the old names: the recipient lookup
-- (kanisa.resolve_recipient_email, 0014) matches a leader by the name without its title too.
--
-- Grants: policies/church_leaders.sql names the new column; no new row policy.

-- ---------------------------------------------------------------------------------------------
-- Phones
-- ---------------------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION kanisa.store_phone() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  CASE TG_TABLE_NAME
    WHEN 'members' THEN
      NEW.phone := kanisa.stored_phone(NEW.phone);
      IF jsonb_typeof(NEW.emergency_contact -> 'phone') = 'string' THEN
        NEW.emergency_contact := jsonb_set(NEW.emergency_contact, '{phone}',
          coalesce(to_jsonb(kanisa.stored_phone(NEW.emergency_contact ->> 'phone')), 'null'::jsonb));
      END IF;
    WHEN 'messages' THEN
      NEW.sender_phone := kanisa.stored_phone(NEW.sender_phone);
    WHEN 'prayer_requests' THEN
      NEW.submitter_phone := kanisa.stored_phone(NEW.submitter_phone);
    WHEN 'church_leaders' THEN
      NEW.phone := kanisa.stored_phone(NEW.phone);
  END CASE;
  RETURN NEW;
END
$$;

CREATE TRIGGER church_leaders_store_phone BEFORE INSERT OR UPDATE OF phone
  ON public.church_leaders FOR EACH ROW EXECUTE FUNCTION kanisa.store_phone();

CREATE OR REPLACE FUNCTION kanisa.restore_phones() RETURNS void
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  ALTER TABLE public.members DISABLE TRIGGER members_updated_at;
  ALTER TABLE public.messages DISABLE TRIGGER messages_updated_at;
  ALTER TABLE public.prayer_requests DISABLE TRIGGER prayer_requests_updated_at;
  ALTER TABLE public.church_leaders DISABLE TRIGGER church_leaders_updated_at;
  UPDATE public.members SET phone = phone, emergency_contact = emergency_contact
   WHERE phone IS DISTINCT FROM kanisa.stored_phone(phone)
      OR (jsonb_typeof(emergency_contact -> 'phone') = 'string'
          AND emergency_contact ->> 'phone'
              IS DISTINCT FROM kanisa.stored_phone(emergency_contact ->> 'phone'));
  UPDATE public.messages SET sender_phone = sender_phone
   WHERE sender_phone IS DISTINCT FROM kanisa.stored_phone(sender_phone);
  UPDATE public.prayer_requests SET submitter_phone = submitter_phone
   WHERE submitter_phone IS DISTINCT FROM kanisa.stored_phone(submitter_phone);
  UPDATE public.church_leaders SET phone = phone
   WHERE phone IS DISTINCT FROM kanisa.stored_phone(phone);
  ALTER TABLE public.members ENABLE TRIGGER members_updated_at;
  ALTER TABLE public.messages ENABLE TRIGGER messages_updated_at;
  ALTER TABLE public.prayer_requests ENABLE TRIGGER prayer_requests_updated_at;
  ALTER TABLE public.church_leaders ENABLE TRIGGER church_leaders_updated_at;
END
$$;
COMMENT ON FUNCTION kanisa.restore_phones() IS
  'Rewrites every stored phone number in its stored form (kanisa.stored_phone), keeping updated_at: members, messages, prayer requests (0032) and church leaders (0045).';

SELECT kanisa.restore_phones();

-- ---------------------------------------------------------------------------------------------
-- Titles
-- ---------------------------------------------------------------------------------------------
ALTER TABLE public.church_leaders
  ADD COLUMN title text,
  ADD CONSTRAINT church_leaders_title_check CHECK (title IN (
    'pastor', 'elder', 'deacon', 'deaconess', 'dr', 'prof', 'mr', 'mrs', 'ms'));
COMMENT ON COLUMN public.church_leaders.title IS
  'The title shown before the name, translated by the public site: pastor (Pr.), elder, deacon, deaconess, dr (Dr.), prof (Prof.), mr, mrs, ms; NULL for none. The name holds no title.';

-- A name that starts with a known title: {title, the rest of the name}; NULL otherwise (no
-- known title, or nothing after it).
CREATE FUNCTION kanisa.split_leader_title(name text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = '' AS $$
  SELECT CASE WHEN m IS NOT NULL THEN ARRAY[
           CASE lower(rtrim(m[1], '.'))
             WHEN 'pastor' THEN 'pastor' WHEN 'pr' THEN 'pastor' WHEN 'ps' THEN 'pastor'
             WHEN 'mchungaji' THEN 'pastor'
             WHEN 'elder' THEN 'elder' WHEN 'eld' THEN 'elder' WHEN 'mzee' THEN 'elder'
             WHEN 'deaconess' THEN 'deaconess'
             WHEN 'deacon' THEN 'deacon' WHEN 'shemasi' THEN 'deacon'
             WHEN 'dr' THEN 'dr' WHEN 'dkt' THEN 'dr' WHEN 'daktari' THEN 'dr'
             WHEN 'prof' THEN 'prof' WHEN 'professor' THEN 'prof'
             WHEN 'mrs' THEN 'mrs' WHEN 'mr' THEN 'mr' WHEN 'ms' THEN 'ms'
           END,
           btrim(m[2], E' \t\r\n')]
         END
    FROM (SELECT regexp_match(name,
            '^\s*(pastor|pr\.?|ps\.?|mchungaji|elder|eld\.|mzee|deaconess|deacon|shemasi|dr\.?|dkt\.?|daktari|prof\.?|professor|mrs\.?|mr\.?|ms\.?)\s+(\S.*)$',
            'i') AS m) AS found
$$;
REVOKE ALL ON FUNCTION kanisa.split_leader_title(text) FROM PUBLIC;
COMMENT ON FUNCTION kanisa.split_leader_title(text) IS
  'A leader''s name that starts with a known title (English or Kiswahili): {title value of church_leaders.title, the name without it}; NULL when it does not.';

-- Leaders stored before: a leading title moves to the column (updated_at kept). Called once
-- here; a function so that a test can plant old rows and hold it to its rule.
CREATE FUNCTION kanisa.take_leader_titles() RETURNS void
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  ALTER TABLE public.church_leaders DISABLE TRIGGER church_leaders_updated_at;
  UPDATE public.church_leaders l
     SET title = s.parts[1], name = s.parts[2]
    FROM (SELECT id, kanisa.split_leader_title(name) AS parts FROM public.church_leaders) s
   WHERE s.id = l.id AND l.title IS NULL AND s.parts IS NOT NULL;
  ALTER TABLE public.church_leaders ENABLE TRIGGER church_leaders_updated_at;
END
$$;
REVOKE ALL ON FUNCTION kanisa.take_leader_titles() FROM PUBLIC;
COMMENT ON FUNCTION kanisa.take_leader_titles() IS
  'Moves a known title at the start of a leader''s name (kanisa.split_leader_title) into church_leaders.title where none is set, keeping updated_at; run by migration 0045.';

SELECT kanisa.take_leader_titles();

-- The recipient lookup of the request forms (0014): a leader by their name as sent, or by the
-- name without its title ("Elder Ruth Odhiambo" is the leader Ruth Odhiambo); the rest as before.
CREATE OR REPLACE FUNCTION kanisa.resolve_recipient_email(recipient_name text, recipient_role text)
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
           lower(coalesce((kanisa.split_leader_title(recipient_name))[2], '')) AS untitled,
           lower(btrim(coalesce(recipient_role, ''))) AS role,
           replace(lower(coalesce(recipient_role, '') || ' ' || coalesce(recipient_name, '')),
                   '_', ' ') AS words
  )
  SELECT coalesce(
    (SELECT l.email FROM public.church_leaders l, wanted w
      WHERE l.is_active AND l.email IS NOT NULL AND w.name <> ''
        AND (lower(l.name) = w.name OR lower(l.name) = w.untitled)
      ORDER BY lower(l.name) = w.name DESC, l.display_order, l.created_at LIMIT 1),
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
