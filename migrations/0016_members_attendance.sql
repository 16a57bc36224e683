-- 0016 members, attendance and prayer requests in the back office (issue 16).
--
-- * Activity log: member, attendance and prayer-request changes made through the API are
--   logged by the same trigger as content (0010): member_created/_updated/_deleted,
--   attendance_created/_updated/_deleted, prayer_request_updated/_deleted — with the real
--   address and user agent (0011).
-- * The members list is paged by name on the server.
-- * public.import_members(rows, apply): a CSV import checked row by row on the server — each
--   row is to be added, updated (its membership number exists) or refused with its reason
--   (missing name, bad date, unknown marital status, bad e-mail, a membership number twice in
--   the file) — and, with apply, written in the same call: one transaction, so an import is
--   applied whole or not at all. SECURITY INVOKER: the members policies decide who may.

CREATE TRIGGER members_log_change AFTER INSERT OR UPDATE OR DELETE ON public.members
  FOR EACH ROW EXECUTE FUNCTION kanisa.log_content_change('member', 'full_name');
CREATE TRIGGER attendance_log_change AFTER INSERT OR UPDATE OR DELETE ON public.attendance_aggregates
  FOR EACH ROW EXECUTE FUNCTION kanisa.log_content_change('attendance', 'attendance_date');
CREATE TRIGGER prayer_requests_log_change AFTER UPDATE OR DELETE ON public.prayer_requests
  FOR EACH ROW EXECUTE FUNCTION kanisa.log_content_change('prayer_request', 'title');

-- The members list pages by name (members_last_name_idx of 0002); the search's ilike filters
-- scan, which over 5,000 members takes a few milliseconds (measured in `make bench`).

-- ---------------------------------------------------------------------------------------------
-- import_members
-- ---------------------------------------------------------------------------------------------
-- rows: a JSON array of objects with text values, as the CSV template names its columns:
--   membership_number, first_name, last_name, date_of_birth, phone, email, address,
--   marital_status, baptism_date, membership_date, emergency_contact_name,
--   emergency_contact_phone, emergency_contact_relationship, is_active
-- Empty values are NULL. Dates are YYYY-MM-DD. is_active: true/false/yes/no/1/0 (empty: true).
-- Returns {added, updated, refused, applied, rows: [{line, action, name, membership_number,
-- reason}]} where line counts from 2 (line 1 is the header).
CREATE FUNCTION public.import_members(rows jsonb, apply boolean DEFAULT false)
RETURNS jsonb
LANGUAGE plpgsql
VOLATILE
SECURITY INVOKER
SET search_path = ''
AS $$
DECLARE
  r jsonb;
  i integer := 0;
  v jsonb;
  reason text;
  action text;
  number text;
  first text;
  last text;
  dob date;
  baptism date;
  joined date;
  marital text;
  mail text;
  active boolean;
  contact jsonb;
  seen text[] := '{}';
  report jsonb := '[]';
  added integer := 0;
  updated integer := 0;
  refused integer := 0;
  field text;
  parsed date;
BEGIN
  IF jsonb_typeof(import_members.rows) IS DISTINCT FROM 'array' THEN
    RAISE EXCEPTION 'rows must be a JSON array of members'
      USING ERRCODE = '22023', HINT = 'Send the CSV''s rows as objects keyed by the template''s column names.';
  END IF;
  IF jsonb_array_length(import_members.rows) > 5000 THEN
    RAISE EXCEPTION 'An import takes at most 5,000 members'
      USING ERRCODE = '22023', HINT = 'Split the file and import it in parts.';
  END IF;

  FOR r IN SELECT value FROM jsonb_array_elements(import_members.rows) LOOP
    i := i + 1;
    reason := NULL;
    v := CASE WHEN jsonb_typeof(r) = 'object' THEN r ELSE '{}'::jsonb END;
    number := nullif(btrim(v ->> 'membership_number'), '');
    first := nullif(btrim(v ->> 'first_name'), '');
    last := nullif(btrim(v ->> 'last_name'), '');
    marital := lower(nullif(btrim(v ->> 'marital_status'), ''));
    mail := nullif(btrim(v ->> 'email'), '');
    dob := NULL; baptism := NULL; joined := NULL;

    IF first IS NULL OR last IS NULL THEN
      reason := 'First name and last name are required';
    END IF;
    IF reason IS NULL THEN
      FOREACH field IN ARRAY ARRAY['date_of_birth', 'baptism_date', 'membership_date'] LOOP
        CONTINUE WHEN nullif(btrim(v ->> field), '') IS NULL;
        BEGIN
          IF btrim(v ->> field) !~ '^\d{4}-\d{2}-\d{2}$' THEN
            RAISE invalid_datetime_format;
          END IF;
          parsed := (btrim(v ->> field))::date;
        EXCEPTION WHEN invalid_datetime_format OR datetime_field_overflow THEN
          reason := format('Bad date in %s: "%s" (use YYYY-MM-DD)', field, btrim(v ->> field));
          EXIT;
        END;
        CASE field
          WHEN 'date_of_birth' THEN dob := parsed;
          WHEN 'baptism_date' THEN baptism := parsed;
          ELSE joined := parsed;
        END CASE;
      END LOOP;
    END IF;
    IF reason IS NULL AND marital IS NOT NULL
       AND marital NOT IN ('single', 'married', 'divorced', 'widowed') THEN
      reason := format('Unknown marital status "%s" (single, married, divorced or widowed)', marital);
    END IF;
    IF reason IS NULL AND mail IS NOT NULL AND mail !~ '^[^@\s]+@[^@\s]+$' THEN
      reason := format('Not an e-mail address: "%s"', mail);
    END IF;
    IF reason IS NULL THEN
      active := CASE lower(coalesce(nullif(btrim(v ->> 'is_active'), ''), 'true'))
                  WHEN 'true' THEN true WHEN 'yes' THEN true WHEN '1' THEN true
                  WHEN 'false' THEN false WHEN 'no' THEN false WHEN '0' THEN false
                END;
      IF active IS NULL THEN
        reason := format('is_active must be true or false, not "%s"', v ->> 'is_active');
      END IF;
    END IF;
    IF reason IS NULL AND number IS NOT NULL THEN
      IF number = ANY (seen) THEN
        reason := format('Duplicate membership number %s in the file', number);
      ELSE
        seen := seen || number;
      END IF;
    END IF;

    IF reason IS NOT NULL THEN
      action := 'refused';
      refused := refused + 1;
    ELSIF number IS NOT NULL
          AND EXISTS (SELECT 1 FROM public.members m WHERE m.membership_number = number) THEN
      action := 'update';
      updated := updated + 1;
    ELSE
      action := 'add';
      added := added + 1;
    END IF;

    report := report || jsonb_build_object(
      'line', i + 1, 'action', action, 'reason', reason, 'membership_number', number,
      'name', btrim(coalesce(first, '') || ' ' || coalesce(last, '')));

    IF import_members.apply AND action <> 'refused' THEN
      contact := NULL;
      IF coalesce(nullif(btrim(v ->> 'emergency_contact_name'), ''),
                  nullif(btrim(v ->> 'emergency_contact_phone'), ''),
                  nullif(btrim(v ->> 'emergency_contact_relationship'), '')) IS NOT NULL THEN
        contact := jsonb_strip_nulls(jsonb_build_object(
          'name', nullif(btrim(v ->> 'emergency_contact_name'), ''),
          'phone', nullif(btrim(v ->> 'emergency_contact_phone'), ''),
          'relationship', nullif(btrim(v ->> 'emergency_contact_relationship'), '')));
      END IF;
      IF action = 'update' THEN
        UPDATE public.members AS m
           SET first_name = first, last_name = last, date_of_birth = dob,
               phone = nullif(btrim(v ->> 'phone'), ''), email = mail,
               address = nullif(btrim(v ->> 'address'), ''), marital_status = marital,
               baptism_date = baptism, membership_date = joined, emergency_contact = contact,
               is_active = active
         WHERE m.membership_number = number;
      ELSE
        INSERT INTO public.members (membership_number, first_name, last_name, date_of_birth,
          phone, email, address, marital_status, baptism_date, membership_date,
          emergency_contact, is_active)
        VALUES (number, first, last, dob, nullif(btrim(v ->> 'phone'), ''), mail,
          nullif(btrim(v ->> 'address'), ''), marital, baptism, joined, contact, active);
      END IF;
    END IF;
  END LOOP;

  RETURN jsonb_build_object('added', added, 'updated', updated, 'refused', refused,
                            'applied', import_members.apply, 'rows', report);
END
$$;
COMMENT ON FUNCTION public.import_members(jsonb, boolean) IS
  'CSV import of members: each row to be added, updated (known membership number) or refused with its reason; with apply=true the valid rows are written in the same transaction. rows: objects keyed by the template''s columns. At most 5,000 rows.';
