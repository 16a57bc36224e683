-- 0021 messages to members: group sends by SMS and e-mail, their history, and the automatic
-- event reminders and birthday wishes (issue 19).
--
-- * kanisa.broadcasts: one row per send — a staff member's (kind 'manual') or an automatic one
--   ('event_reminder', 'birthday'). An automatic send names its occasion
--   ('event-reminder:<event id>:<start>', 'birthday:<day>'), unique: two instances that both
--   decide to remind insert one broadcast, and only the winner queues the recipients.
-- * Each recipient is one delivery row with its own outcome: kanisa.sms_deliveries (0015, now
--   with broadcast_id, member and name) and kanisa.email_deliveries (new). A recipient is
--   queued once per broadcast and channel (unique phone / address).
-- * kanisa.audience(group, ministry, members): who a send reaches, from the real member and
--   leader lists; public.get_message_audiences() gives the pickers their counts.
-- * public.get_broadcasts / get_broadcast: the History view and the Recent Messages panel,
--   with counts and performance computed from the deliveries.
-- * message_stats.avg_response_time_minutes now measures receipt to staff's e-mail reply
--   (replied_at, 0020), not to the staff notification.
-- * The four built-in templates the automatic notifications use, as editable rows.

-- ---------------------------------------------------------------------------------------------
-- Settings and built-in templates
-- ---------------------------------------------------------------------------------------------
INSERT INTO public.system_settings (key, value, category, is_public, is_secret, description) VALUES
  ('sms_price_per_part', '0.8', 'communication', false, false,
   'Price of one SMS part (160 characters) in KES, for the cost estimate before a send')
ON CONFLICT (key) DO NOTHING;

INSERT INTO public.message_templates (name, type, category, content) VALUES
  ('Payment Confirmation', 'sms', 'payment',
   'Dear {name}, thank you for your faithful giving received on {date}. May God bless you abundantly.'),
  ('Event Reminder', 'sms', 'event',
   'Hello {name}, this is a reminder of {event_name} on {date}. We look forward to seeing you!'),
  ('Birthday Wishes', 'sms', 'birthday',
   'Happy birthday, {name}! Your church family thanks God for you. The LORD bless thee, and keep thee (Numbers 6:24).'),
  ('Attendance Follow-up', 'sms', 'attendance',
   'Dear {name}, we missed you in church on {date}. We are praying for you. Call the church office if you need anything.')
ON CONFLICT (name) DO NOTHING;

-- ---------------------------------------------------------------------------------------------
-- Broadcasts and their deliveries
-- ---------------------------------------------------------------------------------------------
CREATE TABLE kanisa.broadcasts (
  id             uuid        NOT NULL DEFAULT gen_random_uuid(),
  kind           text        NOT NULL DEFAULT 'manual',
  occasion       text,
  channels       text[]      NOT NULL,
  audience       jsonb       NOT NULL,
  audience_label text        NOT NULL,
  subject        text,
  body           text        NOT NULL,
  template_id    uuid,
  event_id       uuid,
  sent_by        uuid,
  created_at     timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT broadcasts_pkey PRIMARY KEY (id),
  CONSTRAINT broadcasts_kind_check CHECK (kind IN ('manual', 'event_reminder', 'birthday')),
  CONSTRAINT broadcasts_occasion_key UNIQUE (occasion),
  CONSTRAINT broadcasts_occasion_check CHECK ((kind = 'manual') = (occasion IS NULL)),
  CONSTRAINT broadcasts_channels_check CHECK (
    cardinality(channels) > 0 AND channels <@ ARRAY['sms', 'email']),
  CONSTRAINT broadcasts_body_check CHECK (btrim(body) <> ''),
  CONSTRAINT broadcasts_template_id_fkey FOREIGN KEY (template_id)
    REFERENCES public.message_templates (id) ON DELETE SET NULL,
  CONSTRAINT broadcasts_event_id_fkey FOREIGN KEY (event_id)
    REFERENCES public.events (id) ON DELETE SET NULL,
  CONSTRAINT broadcasts_sent_by_fkey FOREIGN KEY (sent_by)
    REFERENCES public.users (id) ON DELETE SET NULL
);
COMMENT ON TABLE kanisa.broadcasts IS
  'One send to members (manual, or an automatic event reminder / birthday wishes): the text as written (placeholders unfilled), who it was for and who sent it. Recipients are its sms_deliveries and email_deliveries.';
CREATE INDEX broadcasts_created_idx ON kanisa.broadcasts (created_at DESC, id DESC);
CREATE INDEX broadcasts_template_id_idx ON kanisa.broadcasts (template_id);
CREATE INDEX broadcasts_event_id_idx ON kanisa.broadcasts (event_id);
CREATE INDEX broadcasts_sent_by_idx ON kanisa.broadcasts (sent_by);
REVOKE ALL ON kanisa.broadcasts FROM PUBLIC;

ALTER TABLE kanisa.sms_deliveries
  ADD COLUMN broadcast_id   uuid,
  ADD COLUMN member_id      uuid,
  ADD COLUMN recipient_name text,
  ADD CONSTRAINT sms_deliveries_broadcast_id_fkey FOREIGN KEY (broadcast_id)
    REFERENCES kanisa.broadcasts (id) ON DELETE CASCADE,
  ADD CONSTRAINT sms_deliveries_member_id_fkey FOREIGN KEY (member_id)
    REFERENCES public.members (id) ON DELETE SET NULL;
CREATE UNIQUE INDEX sms_deliveries_broadcast_phone_key
  ON kanisa.sms_deliveries (broadcast_id, phone) WHERE broadcast_id IS NOT NULL;
CREATE INDEX sms_deliveries_member_id_idx ON kanisa.sms_deliveries (member_id)
  WHERE member_id IS NOT NULL;

CREATE TABLE kanisa.email_deliveries (
  id             uuid        NOT NULL DEFAULT gen_random_uuid(),
  broadcast_id   uuid        NOT NULL,
  member_id      uuid,
  recipient_name text        NOT NULL,
  email          text        NOT NULL,
  subject        text        NOT NULL,
  body           text        NOT NULL,
  status         text        NOT NULL DEFAULT 'queued',
  server_reply   text,
  failure_reason text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  sent_at        timestamptz,
  updated_at     timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT email_deliveries_pkey PRIMARY KEY (id),
  CONSTRAINT email_deliveries_status_check CHECK (
    status IN ('queued', 'sent', 'failed', 'simulated')),
  CONSTRAINT email_deliveries_email_check CHECK (email ~ '^[^@\s]+@[^@\s]+$'),
  CONSTRAINT email_deliveries_broadcast_id_fkey FOREIGN KEY (broadcast_id)
    REFERENCES kanisa.broadcasts (id) ON DELETE CASCADE,
  CONSTRAINT email_deliveries_member_id_fkey FOREIGN KEY (member_id)
    REFERENCES public.members (id) ON DELETE SET NULL
);
COMMENT ON TABLE kanisa.email_deliveries IS
  'One e-mail of a broadcast to one person, with its text as sent (placeholders filled) and its outcome.';
CREATE UNIQUE INDEX email_deliveries_broadcast_email_key
  ON kanisa.email_deliveries (broadcast_id, lower(email));
CREATE INDEX email_deliveries_member_id_idx ON kanisa.email_deliveries (member_id)
  WHERE member_id IS NOT NULL;
REVOKE ALL ON kanisa.email_deliveries FROM PUBLIC;

-- ---------------------------------------------------------------------------------------------
-- Who a send reaches
-- ---------------------------------------------------------------------------------------------
-- The groups, from the real lists:
--   all      every active member;
--   youth    active members aged 16 to 35 (the Adventist Youth age), or in a youth ministry;
--   elders   active members whose ministry role names an elder, and the elders on the
--            leaders list;
--   deacons  active members whose ministry role names a deacon or deaconess, and the deacons
--            and deaconesses on the leaders list;
--   choir    active members of a music or choir ministry, or whose role names the choir.
-- A ministry: its active members. Chosen members: those members, active or not (staff chose
-- them). One row per person: a leader who is also a member (same phone or address) counts once,
-- as the member. phone is +254… when it is a Kenyan mobile number, else NULL.
CREATE FUNCTION kanisa.audience(p_group text, p_ministry uuid, p_members uuid[])
RETURNS TABLE (member_id uuid, first_name text, full_name text, phone text, email text)
LANGUAGE sql STABLE SET search_path = '' AS $$
  WITH today AS (SELECT (now() AT TIME ZONE 'Africa/Nairobi')::date AS d),
  roles AS (
    SELECT mm.member_id, mm.role, mi.name AS ministry
      FROM public.member_ministries mm JOIN public.ministries mi ON mi.id = mm.ministry_id
  ),
  people AS (
    SELECT m.id AS member_id, m.first_name, m.full_name,
           '+' || kanisa.msisdn(m.phone) AS phone, nullif(btrim(m.email), '') AS email
      FROM public.members m, today
     WHERE (p_members IS NOT NULL AND m.id = ANY (p_members))
        OR (m.is_active AND (
              (p_ministry IS NOT NULL AND EXISTS (
                 SELECT 1 FROM public.member_ministries mm
                  WHERE mm.member_id = m.id AND mm.ministry_id = p_ministry))
           OR p_group = 'all'
           OR (p_group = 'youth' AND (
                 extract(year FROM age(today.d, m.date_of_birth)) BETWEEN 16 AND 35
                 OR EXISTS (SELECT 1 FROM roles r WHERE r.member_id = m.id
                             AND r.ministry ~* '\myouth\M')))
           OR (p_group = 'elders' AND EXISTS (
                 SELECT 1 FROM roles r WHERE r.member_id = m.id AND r.role ~* '\melder'))
           OR (p_group = 'deacons' AND EXISTS (
                 SELECT 1 FROM roles r WHERE r.member_id = m.id AND r.role ~* '\mdeacon'))
           OR (p_group = 'choir' AND EXISTS (
                 SELECT 1 FROM roles r WHERE r.member_id = m.id
                    AND (r.ministry ~* '\m(music|choir)' OR r.role ~* '\m(choir|chorister)')))))
    UNION ALL
    SELECT NULL, l.name, l.name, '+' || kanisa.msisdn(l.phone), nullif(btrim(l.email), '')
      FROM public.church_leaders l
     WHERE l.is_active
       AND ((p_group = 'elders' AND (l.category = 'elder' OR l.position ~* '\melder'))
         OR (p_group = 'deacons' AND l.position ~* '\mdeacon'))
  )
  SELECT DISTINCT ON (coalesce(p.phone, lower(p.email), p.member_id::text, p.full_name))
         p.member_id, p.first_name, p.full_name, p.phone, p.email
    FROM people p
   ORDER BY coalesce(p.phone, lower(p.email), p.member_id::text, p.full_name),
            p.member_id NULLS LAST
$$;
REVOKE ALL ON FUNCTION kanisa.audience(text, uuid, uuid[]) FROM PUBLIC;
COMMENT ON FUNCTION kanisa.audience(text, uuid, uuid[]) IS
  'The people a send reaches: a group (all, youth, elders, deacons, choir), a ministry''s active members, or chosen members; one row per person with a +254 phone and an e-mail when they have them.';

CREATE FUNCTION public.get_message_audiences()
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
          SELECT count(*) AS members, count(a.phone) AS with_phone, count(a.email) AS with_email
            FROM kanisa.audience(g.id, NULL, NULL) a
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
COMMENT ON FUNCTION public.get_message_audiences() IS
  'Send Message''s pickers: each group (all, youth, elders, deacons, choir) and each active ministry, with how many people it reaches and how many of them have a phone and an e-mail address. Needs send_communications.';

-- ---------------------------------------------------------------------------------------------
-- History
-- ---------------------------------------------------------------------------------------------
-- One broadcast as the History view and Recent Messages show it: counts per channel and
-- outcome, an overall status, and its performance:
--   * 'simulated' when nothing left the server (demo mode);
--   * 'delivered': SMS recipients whose delivery report said delivered, out of all SMS
--     recipients — once any report has come in;
--   * 'accepted' otherwise: recipients the provider or mail server accepted, out of all live
--     recipients. (E-mail opens are not tracked: no tracking pixels in members' mail.)
CREATE FUNCTION kanisa.broadcast_json(b kanisa.broadcasts)
RETURNS jsonb
LANGUAGE plpgsql STABLE SET search_path = '' AS $$
DECLARE
  s record;
  e record;
  total integer;
  queued integer;
  failed integer;
  simulated integer;
  status text;
  performance jsonb;
BEGIN
  SELECT count(*)::integer AS total,
         count(*) FILTER (WHERE d.status = 'queued')::integer AS queued,
         count(*) FILTER (WHERE d.status = 'sent')::integer AS sent,
         count(*) FILTER (WHERE d.status = 'delivered')::integer AS delivered,
         count(*) FILTER (WHERE d.status = 'failed')::integer AS failed,
         count(*) FILTER (WHERE d.status = 'simulated')::integer AS simulated
    INTO s FROM kanisa.sms_deliveries d WHERE d.broadcast_id = b.id;
  SELECT count(*)::integer AS total,
         count(*) FILTER (WHERE d.status = 'queued')::integer AS queued,
         count(*) FILTER (WHERE d.status = 'sent')::integer AS sent,
         count(*) FILTER (WHERE d.status = 'failed')::integer AS failed,
         count(*) FILTER (WHERE d.status = 'simulated')::integer AS simulated
    INTO e FROM kanisa.email_deliveries d WHERE d.broadcast_id = b.id;
  total := s.total + e.total;
  queued := s.queued + e.queued;
  failed := s.failed + e.failed;
  simulated := s.simulated + e.simulated;
  status := CASE
    WHEN queued > 0 THEN 'sending'
    WHEN total > 0 AND failed = total THEN 'failed'
    WHEN failed > 0 THEN 'partly_failed'
    WHEN total > 0 AND simulated = total THEN 'simulated'
    ELSE 'sent' END;
  performance := CASE
    WHEN total = 0 OR total = queued THEN NULL
    WHEN simulated = total THEN jsonb_build_object('percent', 100, 'measure', 'simulated')
    WHEN s.delivered > 0 OR (s.failed > 0 AND s.sent = 0 AND s.queued = 0 AND s.total > 0
                             AND EXISTS (SELECT 1 FROM kanisa.sms_deliveries d
                                          WHERE d.broadcast_id = b.id
                                            AND d.provider_message_id IS NOT NULL))
      THEN jsonb_build_object('percent', round(100.0 * s.delivered / s.total, 1),
                              'measure', 'delivered')
    ELSE jsonb_build_object(
      'percent', round(100.0 * (s.sent + s.delivered + e.sent) / (total - simulated), 1),
      'measure', 'accepted') END;
  RETURN jsonb_build_object(
    'id', b.id, 'created_at', b.created_at, 'kind', b.kind, 'channels', to_jsonb(b.channels),
    'audience_label', b.audience_label, 'subject', b.subject, 'body', b.body,
    'sent_by_name', CASE WHEN b.kind <> 'manual' THEN 'System'
                         ELSE (SELECT u.full_name FROM public.users u WHERE u.id = b.sent_by) END,
    'recipients', total,
    'sms', jsonb_build_object('total', s.total, 'queued', s.queued, 'sent', s.sent,
                              'delivered', s.delivered, 'failed', s.failed,
                              'simulated', s.simulated),
    'email', jsonb_build_object('total', e.total, 'queued', e.queued, 'sent', e.sent,
                                'failed', e.failed, 'simulated', e.simulated),
    'status', status, 'performance', performance);
END
$$;
REVOKE ALL ON FUNCTION kanisa.broadcast_json(kanisa.broadcasts) FROM PUBLIC;

CREATE FUNCTION public.get_broadcasts(p_limit integer DEFAULT 20, p_offset integer DEFAULT 0)
RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  PERFORM auth.require_any_permission('The message history', 'send_communications',
                                      'manage_communications', 'send_sms', 'send_emails');
  IF p_limit IS NULL OR p_limit NOT BETWEEN 1 AND 100 OR p_offset IS NULL OR p_offset < 0 THEN
    RAISE EXCEPTION 'p_limit must be 1 to 100 and p_offset 0 or more' USING ERRCODE = '22023';
  END IF;
  RETURN jsonb_build_object(
    'total', (SELECT count(*) FROM kanisa.broadcasts),
    'items', coalesce((
      SELECT jsonb_agg(kanisa.broadcast_json(b) ORDER BY b.created_at DESC, b.id DESC)
        FROM (SELECT * FROM kanisa.broadcasts
               ORDER BY created_at DESC, id DESC LIMIT p_limit OFFSET p_offset) b), '[]'::jsonb));
END
$$;
COMMENT ON FUNCTION public.get_broadcasts(integer, integer) IS
  'The message history, newest first, one page (1-100) with the total: each send''s counts per channel and outcome, status and performance.';

CREATE FUNCTION public.get_broadcast(p_id uuid, p_limit integer DEFAULT 100, p_offset integer DEFAULT 0)
RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  b kanisa.broadcasts;
BEGIN
  PERFORM auth.require_any_permission('The message history', 'send_communications',
                                      'manage_communications', 'send_sms', 'send_emails');
  IF p_limit IS NULL OR p_limit NOT BETWEEN 1 AND 500 OR p_offset IS NULL OR p_offset < 0 THEN
    RAISE EXCEPTION 'p_limit must be 1 to 500 and p_offset 0 or more' USING ERRCODE = '22023';
  END IF;
  SELECT * INTO b FROM kanisa.broadcasts WHERE id = p_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'This message was not found.' USING ERRCODE = 'PT404';
  END IF;
  RETURN jsonb_build_object(
    'broadcast', kanisa.broadcast_json(b),
    'recipients_total', (SELECT count(*) FROM kanisa.sms_deliveries WHERE broadcast_id = p_id)
                      + (SELECT count(*) FROM kanisa.email_deliveries WHERE broadcast_id = p_id),
    'recipients', coalesce((
      SELECT jsonb_agg(to_jsonb(r) - 'sort_failed' ORDER BY r.sort_failed, r.name, r.channel, r.address)
        FROM (
          SELECT * FROM (
            SELECT 'sms' AS channel, coalesce(d.recipient_name, d.phone) AS name,
                   d.phone AS address, d.status, d.status_code, d.provider_status,
                   d.failure_reason, d.cost, d.sent_at, (d.status <> 'failed') AS sort_failed
              FROM kanisa.sms_deliveries d WHERE d.broadcast_id = p_id
            UNION ALL
            SELECT 'email', d.recipient_name, d.email, d.status, NULL, d.server_reply,
                   d.failure_reason, NULL, d.sent_at, (d.status <> 'failed')
              FROM kanisa.email_deliveries d WHERE d.broadcast_id = p_id
          ) x
          ORDER BY x.sort_failed, x.name, x.channel, x.address
          LIMIT p_limit OFFSET p_offset
        ) r), '[]'::jsonb));
END
$$;
COMMENT ON FUNCTION public.get_broadcast(uuid, integer, integer) IS
  'One send of the message history with a page of its recipients (failed first, then by name): channel, address, outcome, provider status code and reason, cost.';

-- ---------------------------------------------------------------------------------------------
-- message_stats: response time = receipt to staff's e-mail reply
-- ---------------------------------------------------------------------------------------------
CREATE OR REPLACE VIEW public.message_stats WITH (security_invoker = true) AS
SELECT
  count(m.id)::integer                                           AS total_messages,
  count(m.id) FILTER (WHERE m.status = 'pending')::integer       AS pending_messages,
  count(m.id) FILTER (WHERE m.status = 'sent')::integer          AS sent_messages,
  count(m.id) FILTER (WHERE m.status = 'failed')::integer        AS failed_messages,
  count(m.id) FILTER (WHERE m.created_at >= b.month_start)::integer AS messages_this_month,
  count(m.id) FILTER (WHERE m.created_at >= b.week_start)::integer  AS messages_this_week,
  count(m.id) FILTER (WHERE m.created_at >= b.day_start)::integer   AS messages_today,
  round((avg(extract(epoch FROM m.replied_at - m.created_at) / 60)
          FILTER (WHERE m.replied_at IS NOT NULL))::numeric, 1) AS avg_response_time_minutes
FROM (
  SELECT date_trunc('month', now() AT TIME ZONE 'Africa/Nairobi') AT TIME ZONE 'Africa/Nairobi' AS month_start,
         date_trunc('week',  now() AT TIME ZONE 'Africa/Nairobi') AT TIME ZONE 'Africa/Nairobi' AS week_start,
         date_trunc('day',   now() AT TIME ZONE 'Africa/Nairobi') AT TIME ZONE 'Africa/Nairobi' AS day_start
) AS b
LEFT JOIN public.messages AS m ON true;
COMMENT ON VIEW public.message_stats IS
  'One row: total, pending, sent, failed, this month/week/today (Africa/Nairobi calendar) and the average minutes from receipt to staff''s e-mail reply (replied_at).';
