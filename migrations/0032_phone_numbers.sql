-- 0032 One stored form for phone numbers (issue 32): a Kenyan mobile number that people typed
-- ("0711 222 333", "254711222333", "+254 711-222-333") is stored as +2547… (kanisa-phone's
-- `Msisdn::e164`), whoever writes it: the back office, a CSV import, a public form, the table
-- API. A number that is not a Kenyan mobile one (a landline, a number abroad) is kept as typed,
-- without surrounding spaces; a blank one is stored as NULL. The rule is kanisa.msisdn (0025),
-- held to the Rust rule by a test in kanisa-pg.
--
-- Columns: members.phone and the phone of members.emergency_contact; messages.sender_phone;
-- prayer_requests.submitter_phone. Rows already stored are rewritten once, below, where they
-- parse (updated_at is left as it was: the number is the same).

-- The stored form of a typed phone number.
CREATE FUNCTION kanisa.stored_phone(phone text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = '' AS $$
  SELECT coalesce('+' || kanisa.msisdn(phone), nullif(btrim(phone, E' \t\r\n'), ''))
$$;
REVOKE ALL ON FUNCTION kanisa.stored_phone(text) FROM PUBLIC;
COMMENT ON FUNCTION kanisa.stored_phone(text) IS
  'A phone number as stored: +254 and nine digits for a Kenyan mobile number (kanisa.msisdn), otherwise as typed without surrounding spaces; NULL when blank.';

-- The trigger: one function for the three tables, told the column by its argument. SECURITY
-- DEFINER because anonymous writers (the public forms) have no USAGE on schema kanisa.
CREATE FUNCTION kanisa.store_phone() RETURNS trigger
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
  END CASE;
  RETURN NEW;
END
$$;
REVOKE ALL ON FUNCTION kanisa.store_phone() FROM PUBLIC;

CREATE TRIGGER members_store_phone BEFORE INSERT OR UPDATE OF phone, emergency_contact
  ON public.members FOR EACH ROW EXECUTE FUNCTION kanisa.store_phone();
CREATE TRIGGER messages_store_phone BEFORE INSERT OR UPDATE OF sender_phone
  ON public.messages FOR EACH ROW EXECUTE FUNCTION kanisa.store_phone();
CREATE TRIGGER prayer_requests_store_phone BEFORE INSERT OR UPDATE OF submitter_phone
  ON public.prayer_requests FOR EACH ROW EXECUTE FUNCTION kanisa.store_phone();

-- Rows stored before: rewritten in the stored form, where it differs. Called once here; a
-- function so that a test can hold it to the trigger's rule.
CREATE FUNCTION kanisa.restore_phones() RETURNS void
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  ALTER TABLE public.members DISABLE TRIGGER members_updated_at;
  ALTER TABLE public.messages DISABLE TRIGGER messages_updated_at;
  ALTER TABLE public.prayer_requests DISABLE TRIGGER prayer_requests_updated_at;
  UPDATE public.members SET phone = phone, emergency_contact = emergency_contact
   WHERE phone IS DISTINCT FROM kanisa.stored_phone(phone)
      OR (jsonb_typeof(emergency_contact -> 'phone') = 'string'
          AND emergency_contact ->> 'phone'
              IS DISTINCT FROM kanisa.stored_phone(emergency_contact ->> 'phone'));
  UPDATE public.messages SET sender_phone = sender_phone
   WHERE sender_phone IS DISTINCT FROM kanisa.stored_phone(sender_phone);
  UPDATE public.prayer_requests SET submitter_phone = submitter_phone
   WHERE submitter_phone IS DISTINCT FROM kanisa.stored_phone(submitter_phone);
  ALTER TABLE public.members ENABLE TRIGGER members_updated_at;
  ALTER TABLE public.messages ENABLE TRIGGER messages_updated_at;
  ALTER TABLE public.prayer_requests ENABLE TRIGGER prayer_requests_updated_at;
END
$$;
REVOKE ALL ON FUNCTION kanisa.restore_phones() FROM PUBLIC;
COMMENT ON FUNCTION kanisa.restore_phones() IS
  'Rewrites every stored phone number in its stored form (kanisa.stored_phone), keeping updated_at; run by migration 0032.';

SELECT kanisa.restore_phones();
