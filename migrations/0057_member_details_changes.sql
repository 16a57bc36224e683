-- 0057 A member keeps their details current (issue 46, "My details"): from the portal a signed-in
-- member asks for a change to their phone, e-mail, address or next of kin; the clerk (staff with
-- manage_members, church-wide) approves or declines it from the Members screen; an approved
-- change is applied to the register and both the request and the decision are in the activity
-- log. The register itself stays the church's record: a member never writes public.members.
--
-- * public.member_change_requests keeps each request: only the fields that differ from the
--   register when it was asked (`changes`), the register's values then (`previous`, so the clerk
--   sees from → to even after other edits), its status and the decision. One request waits per
--   member: a new one replaces (withdraws) the one waiting.
-- * public.request_details_change(...) is the member's door (auth.own_member()); values are put
--   in their stored form first (kanisa.stored_phone), so "no change" is judged as the register
--   would store it. Ten requests a member a day (kanisa.hit).
-- * public.decide_details_change(request_id, approve, note) is the clerk's; approving writes the
--   register (its own triggers store the phone in the one form) and, for a phone, the linked
--   account's sign-in number, so the member signs in with the new number at once.

CREATE TABLE public.member_change_requests (
  id            uuid        NOT NULL DEFAULT gen_random_uuid(),
  member_id     uuid        NOT NULL,
  requested_by  uuid,
  changes       jsonb       NOT NULL,
  previous      jsonb       NOT NULL,
  note          text,
  status        text        NOT NULL DEFAULT 'pending',
  decided_by    uuid,
  decided_at    timestamptz,
  decision_note text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT member_change_requests_pkey PRIMARY KEY (id),
  CONSTRAINT member_change_requests_member_id_fkey FOREIGN KEY (member_id)
    REFERENCES public.members (id) ON DELETE CASCADE,
  CONSTRAINT member_change_requests_requested_by_fkey FOREIGN KEY (requested_by)
    REFERENCES public.users (id) ON DELETE SET NULL,
  CONSTRAINT member_change_requests_decided_by_fkey FOREIGN KEY (decided_by)
    REFERENCES public.users (id) ON DELETE SET NULL,
  CONSTRAINT member_change_requests_status_check
    CHECK (status IN ('pending', 'approved', 'declined', 'withdrawn')),
  CONSTRAINT member_change_requests_changes_check
    CHECK (jsonb_typeof(changes) = 'object' AND changes <> '{}'::jsonb
           AND changes - ARRAY['phone', 'email', 'address', 'emergency_contact'] = '{}'::jsonb),
  CONSTRAINT member_change_requests_previous_check CHECK (jsonb_typeof(previous) = 'object'),
  CONSTRAINT member_change_requests_note_check CHECK (char_length(note) <= 500),
  CONSTRAINT member_change_requests_decision_note_check CHECK (char_length(decision_note) <= 500),
  CONSTRAINT member_change_requests_decided_check
    CHECK ((status IN ('pending', 'withdrawn')) = (decided_at IS NULL))
);
CREATE UNIQUE INDEX member_change_requests_one_waiting
  ON public.member_change_requests (member_id) WHERE status = 'pending';
CREATE INDEX member_change_requests_member ON public.member_change_requests (member_id, created_at DESC);
CREATE INDEX member_change_requests_waiting
  ON public.member_change_requests (created_at) WHERE status = 'pending';
CREATE TRIGGER member_change_requests_updated_at BEFORE UPDATE ON public.member_change_requests
  FOR EACH ROW EXECUTE FUNCTION kanisa.set_updated_at();
COMMENT ON TABLE public.member_change_requests IS
  'Changes to their own phone, e-mail, address or next of kin that members asked for from the portal, waiting for or decided by the clerk (issue 46).';

-- A member's details as the register would store them: the fields a request may change.
CREATE FUNCTION kanisa.member_details(m public.members) RETURNS jsonb
LANGUAGE sql STABLE SET search_path = '' AS $$
  SELECT jsonb_build_object('phone', m.phone, 'email', m.email, 'address', m.address,
                            'emergency_contact', m.emergency_contact)
$$;
REVOKE ALL ON FUNCTION kanisa.member_details(public.members) FROM PUBLIC;

CREATE FUNCTION public.request_details_change(phone text DEFAULT NULL, email text DEFAULT NULL,
                                              address text DEFAULT NULL,
                                              emergency_contact jsonb DEFAULT NULL,
                                              note text DEFAULT NULL)
RETURNS jsonb
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  member_id uuid := auth.own_member();
  m public.members;
  current jsonb;
  wanted jsonb := '{}'::jsonb;
  diff jsonb := '{}'::jsonb;
  k text;
  contact jsonb;
  made public.member_change_requests;
BEGIN
  IF member_id IS NULL THEN
    RAISE EXCEPTION 'Only a signed-in member can ask for a change to their details'
      USING ERRCODE = '42501';
  END IF;
  SELECT * INTO m FROM public.members WHERE id = member_id FOR UPDATE;
  current := kanisa.member_details(m);

  IF phone IS NOT NULL THEN
    IF kanisa.msisdn(phone) IS NULL THEN
      RAISE EXCEPTION 'Enter a Kenyan mobile number, such as 0712 345 678'
        USING ERRCODE = '22023', HINT = 'phone';
    END IF;
    wanted := wanted || jsonb_build_object('phone', kanisa.stored_phone(phone));
  END IF;
  IF email IS NOT NULL THEN
    email := nullif(lower(btrim(email)), '');
    IF email IS NOT NULL AND (char_length(email) > 254 OR email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$') THEN
      RAISE EXCEPTION 'Enter an e-mail address such as name@example.com, or leave it empty'
        USING ERRCODE = '22023', HINT = 'email';
    END IF;
    wanted := wanted || jsonb_build_object('email', email);
  END IF;
  IF address IS NOT NULL THEN
    address := nullif(btrim(address), '');
    IF char_length(address) > 500 THEN
      RAISE EXCEPTION 'The address is longer than 500 letters' USING ERRCODE = '22023', HINT = 'address';
    END IF;
    wanted := wanted || jsonb_build_object('address', address);
  END IF;
  IF emergency_contact IS NOT NULL THEN
    IF jsonb_typeof(emergency_contact) <> 'object'
       OR emergency_contact - ARRAY['name', 'phone', 'relationship'] <> '{}'::jsonb
       OR EXISTS (SELECT FROM jsonb_each(emergency_contact) e
                   WHERE jsonb_typeof(e.value) NOT IN ('string', 'null')
                      OR char_length(e.value #>> '{}') > 200) THEN
      RAISE EXCEPTION 'The next of kin is a name, a phone number and how they are related, each at most 200 letters'
        USING ERRCODE = '22023', HINT = 'emergency_contact';
    END IF;
    SELECT coalesce(jsonb_object_agg(e.key, btrim(e.value #>> '{}')), '{}'::jsonb) INTO contact
      FROM jsonb_each(emergency_contact) e WHERE nullif(btrim(e.value #>> '{}'), '') IS NOT NULL;
    IF contact ? 'phone' THEN
      contact := jsonb_set(contact, '{phone}', to_jsonb(kanisa.stored_phone(contact ->> 'phone')));
    END IF;
    wanted := wanted || jsonb_build_object('emergency_contact',
                                           CASE WHEN contact = '{}'::jsonb THEN 'null'::jsonb ELSE contact END);
  END IF;

  FOR k IN SELECT jsonb_object_keys(wanted) LOOP
    IF (wanted -> k) IS DISTINCT FROM coalesce(current -> k, 'null'::jsonb) THEN
      diff := diff || jsonb_build_object(k, wanted -> k);
    END IF;
  END LOOP;
  IF diff = '{}'::jsonb THEN
    RAISE EXCEPTION 'Nothing to change: these are the details the church already holds'
      USING ERRCODE = '22023', HINT = 'unchanged';
  END IF;
  note := nullif(btrim(note), '');
  IF char_length(note) > 500 THEN
    RAISE EXCEPTION 'The note is longer than 500 letters' USING ERRCODE = '22023', HINT = 'note';
  END IF;

  PERFORM kanisa.hit('details_change:' || member_id::text, 10, 1440,
                     'You have asked for many changes today: try again tomorrow, or speak to the clerk');
  UPDATE public.member_change_requests r SET status = 'withdrawn'
   WHERE r.member_id = m.id AND r.status = 'pending';
  INSERT INTO public.member_change_requests (member_id, requested_by, changes, previous, note)
  VALUES (m.id, auth.uid(), diff,
          (SELECT jsonb_object_agg(c.key, coalesce(current -> c.key, 'null'::jsonb))
             FROM jsonb_each(diff) c),
          request_details_change.note)
  RETURNING * INTO made;
  INSERT INTO public.admin_activity_logs (admin_id, action, details)
  VALUES (auth.uid(), 'member_change_requested',
          jsonb_build_object('member_id', m.id, 'request_id', made.id,
                             'fields', (SELECT jsonb_agg(c ORDER BY c) FROM jsonb_object_keys(diff) c)));
  RETURN to_jsonb(made);
END
$$;
REVOKE ALL ON FUNCTION public.request_details_change(text, text, text, jsonb, text) FROM PUBLIC;
COMMENT ON FUNCTION public.request_details_change(text, text, text, jsonb, text) IS
  'A signed-in member asks the clerk to change their phone, e-mail, address or next of kin (only what differs is kept; a new request replaces the one waiting); logged.';

CREATE FUNCTION public.decide_details_change(request_id uuid, approve boolean, note text DEFAULT NULL)
RETURNS jsonb
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  r public.member_change_requests;
  m public.members;
BEGIN
  IF NOT auth.has_permission('manage_members') OR auth.is_scoped() THEN
    RAISE EXCEPTION 'Deciding a member''s change of details needs the manage_members permission'
      USING ERRCODE = '42501';
  END IF;
  note := nullif(btrim(note), '');
  IF char_length(note) > 500 THEN
    RAISE EXCEPTION 'The note is longer than 500 letters' USING ERRCODE = '22023', HINT = 'note';
  END IF;
  SELECT * INTO r FROM public.member_change_requests c WHERE c.id = request_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'There is no such change request' USING ERRCODE = 'P0002';
  END IF;
  IF r.status <> 'pending' THEN
    RAISE EXCEPTION 'This change was already %: reload the list', r.status USING ERRCODE = '22023';
  END IF;
  IF approve THEN
    UPDATE public.members x SET
      phone = CASE WHEN r.changes ? 'phone' THEN r.changes ->> 'phone' ELSE x.phone END,
      email = CASE WHEN r.changes ? 'email' THEN r.changes ->> 'email' ELSE x.email END,
      address = CASE WHEN r.changes ? 'address' THEN r.changes ->> 'address' ELSE x.address END,
      emergency_contact = CASE WHEN r.changes ? 'emergency_contact'
                               THEN nullif(r.changes -> 'emergency_contact', 'null'::jsonb)
                               ELSE x.emergency_contact END
     WHERE x.id = r.member_id
     RETURNING * INTO m;
    IF r.changes ? 'phone' AND m.user_id IS NOT NULL THEN
      UPDATE auth.users u SET phone = kanisa.msisdn(m.phone)
       WHERE u.id = m.user_id AND u.phone IS NOT NULL;
    END IF;
  END IF;
  UPDATE public.member_change_requests c
     SET status = CASE WHEN approve THEN 'approved' ELSE 'declined' END,
         decided_by = auth.uid(), decided_at = now(), decision_note = decide_details_change.note
   WHERE c.id = r.id
  RETURNING * INTO r;
  INSERT INTO public.admin_activity_logs (admin_id, action, details)
  VALUES (auth.uid(), CASE WHEN approve THEN 'member_change_approved' ELSE 'member_change_declined' END,
          jsonb_build_object('member_id', r.member_id, 'request_id', r.id,
                             'fields', (SELECT jsonb_agg(c ORDER BY c) FROM jsonb_object_keys(r.changes) c)));
  RETURN to_jsonb(r);
END
$$;
REVOKE ALL ON FUNCTION public.decide_details_change(uuid, boolean, text) FROM PUBLIC;
COMMENT ON FUNCTION public.decide_details_change(uuid, boolean, text) IS
  'The clerk (manage_members, church-wide) approves a member''s change of details, which is then applied to the register (and a new phone to their sign-in), or declines it; logged.';
