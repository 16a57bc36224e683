-- 0028 scopes (issue 31, finding 5 of the outside probe: personal data beyond each role's
-- scope). The decisions are written out in policies/README.md ("Scopes"); in short:
--
-- * Staff accounts are linked to the ministries and departments they lead:
--   public.user_ministries and public.user_departments, set by a Super Admin (manage_admins)
--   in Admin Users. ministries.leader_id and departments.head_id are not used for access: they
--   name a church_leaders card on the public site, are edited by content staff
--   (manage_content), and hold one leader each; who may read whose personal data is the Super
--   Admin's decision, and a ministry may have more than one staff account (an assistant).
-- * MINISTRY_LEADER and DEPARTMENT_HEAD are scoped roles (kanisa.roles.scoped): whatever
--   their permissions, they read members (and ministry participation) of their linked
--   ministries only, events and messages of their linked ministries and departments only (the
--   events' and messages' department text naming one of them), no budgets or expenses (those
--   carry no ministry or department), no request attachments, and of the message history only
--   their own sends. The auth.is_scoped(), auth.scope_ministries(), auth.scope_departments()
--   and auth.scope_names() helpers answer for the caller, like the other policy helpers.
-- * Private prayer requests ("pastor and prayer team only", public-site §5) need the new
--   permission view_private_prayer_requests beside manage_prayer_requests. Nobody holds it by
--   default but a SUPER_ADMIN (who holds every permission); the Super Admin ticks it for the
--   pastor's and the prayer team's accounts.
-- * Staff profiles (public.users: e-mails, roles, permission lists, last sign-in) are read
--   only by their owner and by a Super Admin with manage_admins or view_audit_logs; everyone
--   else on the staff reads names only, through the view public.staff_names.
-- * get_failed_deliveries, get_broadcasts and get_broadcast (SECURITY DEFINER, so the table
--   policies do not reach them) apply the same scopes.

-- ---------------------------------------------------------------------------------------------
-- The prayer team's permission
-- ---------------------------------------------------------------------------------------------
INSERT INTO kanisa.permissions (name, grp) VALUES ('view_private_prayer_requests', 'ministry');
INSERT INTO kanisa.role_permissions (role, permission)
VALUES ('SUPER_ADMIN', 'view_private_prayer_requests');

ALTER TABLE public.users DROP CONSTRAINT users_permissions_check;
ALTER TABLE public.users ADD CONSTRAINT users_permissions_check CHECK (permissions IS NULL OR (
    array_position(permissions, NULL) IS NULL AND permissions <@ ARRAY[
      -- System
      'manage_users', 'manage_admins', 'view_audit_logs', 'system_settings',
      -- Content
      'manage_content', 'manage_sermons', 'manage_events', 'manage_announcements',
      -- Members
      'manage_members', 'view_member_details', 'manage_attendance',
      -- Financial
      'manage_finances', 'view_financial_reports', 'manage_donations', 'manage_budget',
      -- Ministry
      'manage_prayer_requests', 'view_private_prayer_requests',
      -- Communication
      'send_communications', 'manage_communications', 'send_sms', 'send_emails',
      -- Reports (menu)
      'view_reports', 'view_member_reports'
    ]::text[]));
COMMENT ON COLUMN public.users.permissions IS
  'NULL = the role''s default permissions (back-office 6.3, plus ELDER: manage_prayer_requests, send_communications, view_member_details). A non-null list replaces the defaults. view_private_prayer_requests (the pastor and the prayer team) is nobody''s default but a SUPER_ADMIN''s.';

-- ---------------------------------------------------------------------------------------------
-- Scoped roles
-- ---------------------------------------------------------------------------------------------
ALTER TABLE kanisa.roles ADD COLUMN scoped boolean NOT NULL DEFAULT false;
UPDATE kanisa.roles SET scoped = true WHERE name IN ('MINISTRY_LEADER', 'DEPARTMENT_HEAD');
COMMENT ON COLUMN kanisa.roles.scoped IS
  'A scoped role holds its permissions within the ministries and departments its account is linked to (public.user_ministries, public.user_departments) only: MINISTRY_LEADER and DEPARTMENT_HEAD (back-office 6.2).';

-- ---------------------------------------------------------------------------------------------
-- Links: which ministries and departments a staff account leads
-- ---------------------------------------------------------------------------------------------
-- Rows are added and removed, never changed, so there is no updated_at.
CREATE TABLE public.user_ministries (
  user_id     uuid        NOT NULL,
  ministry_id uuid        NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT user_ministries_pkey PRIMARY KEY (user_id, ministry_id),
  CONSTRAINT user_ministries_user_id_fkey FOREIGN KEY (user_id)
    REFERENCES public.users (id) ON DELETE CASCADE,
  CONSTRAINT user_ministries_ministry_id_fkey FOREIGN KEY (ministry_id)
    REFERENCES public.ministries (id) ON DELETE CASCADE
);
COMMENT ON TABLE public.user_ministries IS
  'The ministries a staff account leads (set by a Super Admin in Admin Users). A MINISTRY_LEADER or DEPARTMENT_HEAD reads the members, events and messages of these ministries only.';
CREATE INDEX user_ministries_ministry_id_idx ON public.user_ministries (ministry_id);

CREATE TABLE public.user_departments (
  user_id       uuid        NOT NULL,
  department_id uuid        NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT user_departments_pkey PRIMARY KEY (user_id, department_id),
  CONSTRAINT user_departments_user_id_fkey FOREIGN KEY (user_id)
    REFERENCES public.users (id) ON DELETE CASCADE,
  CONSTRAINT user_departments_department_id_fkey FOREIGN KEY (department_id)
    REFERENCES public.departments (id) ON DELETE CASCADE
);
COMMENT ON TABLE public.user_departments IS
  'The departments a staff account heads (set by a Super Admin in Admin Users). A MINISTRY_LEADER or DEPARTMENT_HEAD reads the events and messages of these departments only; members belong to ministries, not departments.';
CREATE INDEX user_departments_department_id_idx ON public.user_departments (department_id);

-- A link added or removed through the API is a change of someone's access: it is logged like
-- the other staff-account changes (the audit_logging setting turns it off).
CREATE FUNCTION kanisa.log_scope_change() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  kind text := TG_ARGV[0];
  link jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
  target uuid := (link ->> (kind || '_id'))::uuid;
  label text;
BEGIN
  IF NOT kanisa.in_api_request() THEN
    RETURN NULL;
  END IF;
  IF EXISTS (SELECT 1 FROM public.system_settings s
             WHERE s.key = 'audit_logging' AND s.value = 'false'::jsonb) THEN
    RETURN NULL;
  END IF;
  IF kind = 'ministry' THEN
    label := (SELECT m.name FROM public.ministries m WHERE m.id = target);
  ELSE
    label := (SELECT d.name FROM public.departments d WHERE d.id = target);
  END IF;
  INSERT INTO public.admin_activity_logs (admin_id, action, details)
  VALUES (auth.uid(),
          'staff_' || kind || CASE WHEN TG_OP = 'DELETE' THEN '_unlinked' ELSE '_linked' END,
          jsonb_build_object('user_id', link -> 'user_id',
                             'email', (SELECT u.email FROM public.users u
                                        WHERE u.id = (link ->> 'user_id')::uuid),
                             kind || '_id', target, 'name', label));
  RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION kanisa.log_scope_change() FROM PUBLIC;
CREATE TRIGGER user_ministries_log_change AFTER INSERT OR DELETE ON public.user_ministries
  FOR EACH ROW EXECUTE FUNCTION kanisa.log_scope_change('ministry');
CREATE TRIGGER user_departments_log_change AFTER INSERT OR DELETE ON public.user_departments
  FOR EACH ROW EXECUTE FUNCTION kanisa.log_scope_change('department');

-- ---------------------------------------------------------------------------------------------
-- Policy helpers (called wrapped in a sub-select, once per statement, like those of 0006).
-- SECURITY DEFINER with an empty search_path: they read the profile and the links whatever the
-- caller's rights. All answer "nothing" for anon and for a deactivated profile.
-- ---------------------------------------------------------------------------------------------

-- True when the caller's role is scoped (MINISTRY_LEADER, DEPARTMENT_HEAD).
CREATE FUNCTION auth.is_scoped() RETURNS boolean
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM public.users u JOIN kanisa.roles r ON r.name = u.role
                  WHERE u.id = auth.uid() AND u.is_active AND r.scoped);
END
$$;

-- The ministries the caller is linked to.
CREATE FUNCTION auth.scope_ministries() RETURNS uuid[]
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  RETURN ARRAY(SELECT l.ministry_id
                 FROM public.user_ministries l JOIN public.users u ON u.id = l.user_id
                WHERE l.user_id = auth.uid() AND u.is_active
                ORDER BY 1);
END
$$;

-- The departments the caller is linked to.
CREATE FUNCTION auth.scope_departments() RETURNS uuid[]
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  RETURN ARRAY(SELECT l.department_id
                 FROM public.user_departments l JOIN public.users u ON u.id = l.user_id
                WHERE l.user_id = auth.uid() AND u.is_active
                ORDER BY 1);
END
$$;

-- The names of the caller's ministries and departments: what events.department and
-- messages.department hold (the public Contact Department form sends the department's name).
CREATE FUNCTION auth.scope_names() RETURNS text[]
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  RETURN ARRAY(SELECT m.name
                 FROM public.user_ministries l
                 JOIN public.users u ON u.id = l.user_id
                 JOIN public.ministries m ON m.id = l.ministry_id
                WHERE l.user_id = auth.uid() AND u.is_active
               UNION
               SELECT d.name
                 FROM public.user_departments l
                 JOIN public.users u ON u.id = l.user_id
                 JOIN public.departments d ON d.id = l.department_id
                WHERE l.user_id = auth.uid() AND u.is_active
                ORDER BY 1);
END
$$;

REVOKE ALL ON FUNCTION auth.is_scoped(), auth.scope_ministries(), auth.scope_departments(),
  auth.scope_names() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth.is_scoped(), auth.scope_ministries(), auth.scope_departments(),
  auth.scope_names() TO anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Indexes for the new policy filters (policies/README.md: index every filtered column)
-- ---------------------------------------------------------------------------------------------
-- events.department: a scoped reader's events.
CREATE INDEX events_department_idx ON public.events (department);
-- prayer_requests.privacy_level: the list of prayer staff outside the prayer team, newest first.
CREATE INDEX prayer_requests_shared_created_at_idx ON public.prayer_requests (created_at DESC)
  WHERE privacy_level <> 'private';

-- ---------------------------------------------------------------------------------------------
-- Names only: the view pickers and lists read instead of staff profiles
-- ---------------------------------------------------------------------------------------------
-- Not security_invoker, deliberately: it reads public.users with its owner's rights, so that it
-- can show a name the reader may not read the profile of, and it shows nothing but the id and
-- the name. Its WHERE clause is its policy: every profile's name to active staff (anyone
-- holding a permission), and one's own to oneself. A requester of a prayer request may be a
-- member's account, so members' account names are in it too; their e-mails, roles,
-- permissions and sign-ins are not.
CREATE VIEW public.staff_names WITH (security_invoker = false, security_barrier = true) AS
SELECT u.id, u.full_name
  FROM public.users u
 WHERE cardinality((SELECT auth.permissions())) > 0
    OR (u.id = (SELECT auth.uid()) AND (SELECT auth.is_active()));
COMMENT ON VIEW public.staff_names IS
  'Display names of profiles (id, full_name) for pickers and lists: every one to active staff, one''s own to oneself. Staff profiles themselves (e-mail, role, permissions, last sign-in) are Admin Users'' data.';

-- ---------------------------------------------------------------------------------------------
-- The SECURITY DEFINER functions that show messages, prayer requests and members' addresses
-- ---------------------------------------------------------------------------------------------
-- Failed deliveries (0014): only those of a message or prayer request the caller may read.
-- A scoped caller sees those of the messages of their ministries and departments; a private
-- prayer request's only with view_private_prayer_requests.
CREATE OR REPLACE FUNCTION public.get_failed_deliveries(max_rows integer DEFAULT 50)
RETURNS TABLE (job_id bigint, kind text, source_table text, source_id uuid, summary text,
               attempts integer, last_error text, failed_at timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT j.id, j.kind, j.payload ->> 'table',
         CASE WHEN j.payload ->> 'id' ~ '^[0-9a-f-]{36}$' THEN (j.payload ->> 'id')::uuid END,
         coalesce(m.subject, p.title, j.payload ->> 'subject', j.kind),
         j.attempts, j.last_error, j.finished_at
    FROM kanisa.jobs j
    LEFT JOIN public.messages m
      ON j.payload ->> 'table' = 'messages' AND m.id::text = j.payload ->> 'id'
    LEFT JOIN public.prayer_requests p
      ON j.payload ->> 'table' = 'prayer_requests' AND p.id::text = j.payload ->> 'id'
   WHERE j.state = 'failed'
     AND auth.has_any_permission('send_communications', 'manage_communications',
                                 'send_sms', 'send_emails')
     AND (NOT auth.is_scoped() OR m.department = ANY (auth.scope_names()))
     AND (p.id IS NULL OR p.privacy_level <> 'private'
          OR auth.has_permission('view_private_prayer_requests'))
   ORDER BY j.finished_at DESC NULLS LAST, j.id DESC
   LIMIT least(greatest(coalesce(max_rows, 50), 1), 200)
$$;

-- The message history (0021): a scoped caller sees their own sends only (a send's recipients
-- are members' names, phones and addresses).
CREATE OR REPLACE FUNCTION public.get_broadcasts(p_limit integer DEFAULT 20, p_offset integer DEFAULT 0)
RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  own_only boolean := auth.is_scoped();
  caller uuid := auth.uid();
BEGIN
  PERFORM auth.require_any_permission('The message history', 'send_communications',
                                      'manage_communications', 'send_sms', 'send_emails');
  IF p_limit IS NULL OR p_limit NOT BETWEEN 1 AND 100 OR p_offset IS NULL OR p_offset < 0 THEN
    RAISE EXCEPTION 'p_limit must be 1 to 100 and p_offset 0 or more' USING ERRCODE = '22023';
  END IF;
  RETURN jsonb_build_object(
    'total', (SELECT count(*) FROM kanisa.broadcasts b
               WHERE NOT own_only OR b.sent_by = caller),
    'items', coalesce((
      SELECT jsonb_agg(kanisa.broadcast_json(b) ORDER BY b.created_at DESC, b.id DESC)
        FROM (SELECT * FROM kanisa.broadcasts x
               WHERE NOT own_only OR x.sent_by = caller
               ORDER BY x.created_at DESC, x.id DESC LIMIT p_limit OFFSET p_offset) b), '[]'::jsonb));
END
$$;

CREATE OR REPLACE FUNCTION public.get_broadcast(p_id uuid, p_limit integer DEFAULT 100, p_offset integer DEFAULT 0)
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
  SELECT * INTO b FROM kanisa.broadcasts x
   WHERE x.id = p_id AND (NOT auth.is_scoped() OR x.sent_by = auth.uid());
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
