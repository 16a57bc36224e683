-- 0006 auth: sessions and refresh tokens, sign-in attempts (lockout), the role and permission
-- vocabulary (one source of truth for the server, the policies and the apps), the helper
-- functions row-level policies call, the activity-log stamp, and secret settings kept out of
-- every API role's reach.
--
-- Nothing here is exposed by the table API: schemas auth and kanisa are not in its search path
-- and the API roles get EXECUTE on the helper functions only (USAGE on schema auth is needed to
-- call them; it gives no access to auth's tables, which have no grants).

-- ---------------------------------------------------------------------------------------------
-- Roles and permissions (back-office.md §6.1, §6.3; spec README point 10).
-- ---------------------------------------------------------------------------------------------
CREATE TABLE kanisa.roles (
  name  text     NOT NULL,
  rank  smallint NOT NULL,
  label text     NOT NULL,
  CONSTRAINT roles_pkey PRIMARY KEY (name),
  CONSTRAINT roles_rank_check CHECK (rank BETWEEN 0 AND 6)
);
INSERT INTO kanisa.roles (name, rank, label) VALUES
  ('SUPER_ADMIN', 6, 'Super Admin'),
  ('ADMIN', 5, 'Admin'),
  ('FINANCE_ADMIN', 4, 'Finance Admin'),
  ('CONTENT_ADMIN', 4, 'Content Admin'),
  ('MEMBER_ADMIN', 4, 'Member Admin'),
  ('MINISTRY_LEADER', 3, 'Ministry Leader'),
  ('DEPARTMENT_HEAD', 3, 'Department Head'),
  ('ELDER', 2, 'Elder'),
  ('MEMBER', 1, 'Member'),
  ('VISITOR', 0, 'Visitor');

-- The menu permission vocabulary, by group. The users_permissions_check constraint (0002)
-- admits exactly these names.
CREATE TABLE kanisa.permissions (
  name       text NOT NULL,
  grp        text NOT NULL,
  CONSTRAINT permissions_pkey PRIMARY KEY (name),
  CONSTRAINT permissions_grp_check CHECK (grp IN (
    'system', 'content', 'members', 'financial', 'ministry', 'communication', 'reports'))
);
INSERT INTO kanisa.permissions (name, grp) VALUES
  ('manage_users', 'system'), ('manage_admins', 'system'), ('view_audit_logs', 'system'),
  ('system_settings', 'system'),
  ('manage_content', 'content'), ('manage_sermons', 'content'), ('manage_events', 'content'),
  ('manage_announcements', 'content'),
  ('manage_members', 'members'), ('view_member_details', 'members'),
  ('manage_attendance', 'members'),
  ('manage_finances', 'financial'), ('view_financial_reports', 'financial'),
  ('manage_donations', 'financial'), ('manage_budget', 'financial'),
  ('manage_prayer_requests', 'ministry'),
  ('send_communications', 'communication'), ('manage_communications', 'communication'),
  ('send_sms', 'communication'), ('send_emails', 'communication'),
  ('view_reports', 'reports'), ('view_member_reports', 'reports');

-- Default permissions of each role; a profile's own list, when set, replaces them (except for
-- SUPER_ADMIN, who always holds every permission).
--   SUPER_ADMIN    all
--   ADMIN          all except manage_admins and system_settings
--   FINANCE_ADMIN  the financial ones + view_member_details
--   CONTENT_ADMIN  the content ones + view_member_details
--   MEMBER_ADMIN   the members and communication ones
--   ELDER          manage_prayer_requests, send_communications, view_member_details
--   others         none
CREATE TABLE kanisa.role_permissions (
  role       text NOT NULL,
  permission text NOT NULL,
  CONSTRAINT role_permissions_pkey PRIMARY KEY (role, permission),
  CONSTRAINT role_permissions_role_fkey FOREIGN KEY (role) REFERENCES kanisa.roles (name),
  CONSTRAINT role_permissions_permission_fkey FOREIGN KEY (permission)
    REFERENCES kanisa.permissions (name)
);
INSERT INTO kanisa.role_permissions (role, permission)
  SELECT 'SUPER_ADMIN', name FROM kanisa.permissions
  UNION ALL
  SELECT 'ADMIN', name FROM kanisa.permissions WHERE name NOT IN ('manage_admins', 'system_settings')
  UNION ALL
  SELECT 'FINANCE_ADMIN', name FROM kanisa.permissions WHERE grp = 'financial' OR name = 'view_member_details'
  UNION ALL
  SELECT 'CONTENT_ADMIN', name FROM kanisa.permissions WHERE grp = 'content' OR name = 'view_member_details'
  UNION ALL
  SELECT 'MEMBER_ADMIN', name FROM kanisa.permissions WHERE grp IN ('members', 'communication')
  UNION ALL
  SELECT 'ELDER', name FROM kanisa.permissions
   WHERE name IN ('manage_prayer_requests', 'send_communications', 'view_member_details');

ALTER TABLE public.users
  ADD CONSTRAINT users_role_fkey FOREIGN KEY (role) REFERENCES kanisa.roles (name);

-- ---------------------------------------------------------------------------------------------
-- Sessions, refresh tokens, sign-in attempts.
-- ---------------------------------------------------------------------------------------------
-- One session per sign-in. refreshed_at is the last time tokens were issued: a session idle
-- for longer than the Security setting session_timeout_minutes can no longer be refreshed.
CREATE TABLE auth.sessions (
  id           uuid        NOT NULL DEFAULT gen_random_uuid(),
  user_id      uuid        NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  refreshed_at timestamptz NOT NULL DEFAULT now(),
  ip_address   inet,
  user_agent   text,
  CONSTRAINT sessions_pkey PRIMARY KEY (id),
  CONSTRAINT sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users (id) ON DELETE CASCADE
);
CREATE INDEX sessions_user_id_idx ON auth.sessions (user_id);

-- Refresh tokens, stored as SHA-256 digests only. Each refresh revokes the presented token
-- and issues its child; a session's tokens form one family. Presenting a revoked token
-- revokes the family (the session is deleted), except the parent of the active token within a
-- short grace interval (a client that lost the previous response).
CREATE TABLE auth.refresh_tokens (
  id          bigint      GENERATED ALWAYS AS IDENTITY,
  token_hash  bytea       NOT NULL,
  session_id  uuid        NOT NULL,
  parent_id   bigint,
  revoked_at  timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT refresh_tokens_pkey PRIMARY KEY (id),
  CONSTRAINT refresh_tokens_token_hash_key UNIQUE (token_hash),
  CONSTRAINT refresh_tokens_session_id_fkey FOREIGN KEY (session_id)
    REFERENCES auth.sessions (id) ON DELETE CASCADE,
  CONSTRAINT refresh_tokens_parent_id_fkey FOREIGN KEY (parent_id)
    REFERENCES auth.refresh_tokens (id) ON DELETE CASCADE
);
CREATE INDEX refresh_tokens_session_id_idx ON auth.refresh_tokens (session_id);
CREATE INDEX refresh_tokens_parent_id_idx ON auth.refresh_tokens (parent_id);

-- Every password sign-in attempt, for the lockout (max_login_attempts failures for one e-mail
-- within lockout_duration_minutes). E-mails are stored lower-cased as typed, known or not.
CREATE TABLE auth.sign_in_attempts (
  id           bigint      GENERATED ALWAYS AS IDENTITY,
  email        text        NOT NULL,
  succeeded    boolean     NOT NULL,
  ip_address   inet,
  attempted_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT sign_in_attempts_pkey PRIMARY KEY (id)
);
CREATE INDEX sign_in_attempts_email_idx ON auth.sign_in_attempts (email, attempted_at DESC);

-- An e-mail locked by too many failures, until when.
CREATE TABLE auth.lockouts (
  email        text        NOT NULL,
  locked_until timestamptz NOT NULL,
  CONSTRAINT lockouts_pkey PRIMARY KEY (email)
);

-- The profile's e-mail follows the identity's (it is never edited in the profile).
CREATE FUNCTION kanisa.users_email_follows_identity() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  NEW.email := (SELECT u.email FROM auth.users u WHERE u.id = NEW.id);
  IF NEW.email IS NULL THEN
    RAISE EXCEPTION 'No sign-in identity exists for user %', NEW.id
      USING ERRCODE = '23503', CONSTRAINT = 'users_id_fkey';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER users_email_follows_identity BEFORE INSERT OR UPDATE OF email ON public.users
  FOR EACH ROW EXECUTE FUNCTION kanisa.users_email_follows_identity();

-- ---------------------------------------------------------------------------------------------
-- Policy helpers. Policies call them wrapped in a sub-select, `(select auth.uid())`, so each
-- runs once per statement. The ones reading profiles are SECURITY DEFINER with an empty
-- search_path: they see public.users whatever the caller's rights, and nothing a caller puts on
-- the search path can change what they call.
-- ---------------------------------------------------------------------------------------------

-- Cost matters: these run in every signed-in request. The ones that read profiles are
-- PL/pgSQL (its statements' plans are cached for the session, where a SQL function that cannot
-- be inlined — SECURITY DEFINER, SET search_path — is parsed and planned on every call: 0.6 ms
-- per auth.permissions() call when measured). The thin ones that read no table (auth.jwt(),
-- auth.uid(), auth.has_permission(), auth.has_any_permission()) are plain SQL with invoker
-- rights and schema-qualified calls, so PostgreSQL inlines them into the policy's sub-select:
-- one call with a SET clause per policy instead of three.

-- The request's JWT claims ({} when none).
CREATE FUNCTION auth.jwt() RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT coalesce(nullif(pg_catalog.current_setting('request.jwt.claims', true), ''), '{}')::jsonb
$$;

-- The signed-in user's id (the JWT's sub), or NULL.
CREATE FUNCTION auth.uid() RETURNS uuid
LANGUAGE sql STABLE AS $$
  SELECT nullif(coalesce(
    nullif(pg_catalog.current_setting('request.jwt.claim.sub', true), ''),
    coalesce(nullif(pg_catalog.current_setting('request.jwt.claims', true), ''), '{}')::jsonb
      ->> 'sub'), '')::uuid
$$;

-- The permissions a role and an own list amount to: SUPER_ADMIN always holds every one; an own
-- list, when set, replaces the role's defaults.
CREATE FUNCTION auth.effective_permissions(role_name text, own_list text[]) RETURNS text[]
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF role_name = 'SUPER_ADMIN' THEN
    RETURN ARRAY(SELECT p.name FROM kanisa.permissions p ORDER BY p.name);
  ELSIF own_list IS NOT NULL THEN
    RETURN ARRAY(SELECT DISTINCT x FROM unnest(own_list) x ORDER BY x);
  END IF;
  RETURN ARRAY(SELECT rp.permission FROM kanisa.role_permissions rp
                WHERE rp.role = role_name ORDER BY rp.permission);
END
$$;

-- True when the caller is signed in with an active profile.
CREATE FUNCTION auth.is_active() RETURNS boolean
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM public.users u WHERE u.id = auth.uid() AND u.is_active);
END
$$;

-- The caller's role rank (SUPER_ADMIN 6 … VISITOR 0); -1 when not signed in or deactivated.
CREATE FUNCTION auth.rank() RETURNS integer
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  found_rank integer;
BEGIN
  SELECT r.rank INTO found_rank
    FROM public.users u JOIN kanisa.roles r ON r.name = u.role
   WHERE u.id = auth.uid() AND u.is_active;
  RETURN coalesce(found_rank, -1);
END
$$;

-- The caller's effective permissions ({} when not signed in or deactivated). Looked up once per
-- transaction by auth.lookup_permissions(), which keeps the answer in the transaction-local
-- setting kanisa.permissions_cache (keyed by the user id); auth.permissions() itself is plain
-- SQL that PostgreSQL inlines, so the later policies of the same request read that setting
-- without calling a SECURITY DEFINER function at all (its SET clause alone costs as much as a
-- small query). A request is one transaction of one statement, and nobody can change their own
-- profile's rights (users_guard_profile_change), so the cache cannot go stale within it. Like
-- request.jwt.claims, the setting is trusted: API callers cannot run set_config.
CREATE FUNCTION auth.lookup_permissions() RETURNS text[]
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  caller uuid := auth.uid();
  result text[];
BEGIN
  IF caller IS NULL THEN
    RETURN '{}';
  END IF;
  -- The rule of auth.effective_permissions, inlined: one statement instead of a second call.
  SELECT CASE
           WHEN u.role = 'SUPER_ADMIN' THEN ARRAY(SELECT p.name FROM kanisa.permissions p)
           WHEN u.permissions IS NOT NULL THEN u.permissions
           ELSE ARRAY(SELECT rp.permission FROM kanisa.role_permissions rp
                       WHERE rp.role = u.role)
         END
    INTO result
    FROM public.users u WHERE u.id = caller AND u.is_active;
  result := coalesce(result, '{}');
  PERFORM set_config('kanisa.permissions_cache', caller::text || '|' || result::text, true);
  RETURN result;
END
$$;

CREATE FUNCTION auth.permissions() RETURNS text[]
LANGUAGE sql STABLE AS $$
  SELECT CASE
           WHEN pg_catalog.split_part(
                  pg_catalog.current_setting('kanisa.permissions_cache', true), '|', 1)
                = auth.uid()::text
           THEN pg_catalog.split_part(
                  pg_catalog.current_setting('kanisa.permissions_cache', true), '|', 2)::text[]
           ELSE auth.lookup_permissions()
         END
$$;

-- True when the caller holds `permission`.
CREATE FUNCTION auth.has_permission(permission text) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT permission = ANY (auth.permissions())
$$;

-- True when the caller holds at least one of `permissions`.
CREATE FUNCTION auth.has_any_permission(VARIADIC permissions text[]) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT permissions && auth.permissions()
$$;

-- What the server puts in a user's app_metadata (JWT and GET /auth/v1/user): the church role,
-- its rank and label, the effective permissions, and whether the account is active.
CREATE FUNCTION kanisa.app_metadata(uid uuid) RETURNS jsonb
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT jsonb_build_object(
           'provider', 'email',
           'providers', jsonb_build_array('email'),
           'role', u.role,
           'role_label', r.label,
           'rank', r.rank,
           'permissions', to_jsonb(auth.effective_permissions(u.role, u.permissions)),
           'is_active', u.is_active)
    FROM public.users u
    JOIN kanisa.roles r ON r.name = u.role
   WHERE u.id = uid
$$;

REVOKE ALL ON ALL FUNCTIONS IN SCHEMA auth FROM PUBLIC;
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA kanisa FROM PUBLIC;
GRANT USAGE ON SCHEMA auth TO anon, authenticated, service_role;
GRANT EXECUTE ON FUNCTION auth.jwt(), auth.uid(), auth.is_active(), auth.rank(),
  auth.permissions(), auth.lookup_permissions(), auth.has_permission(text),
  auth.has_any_permission(text[]), auth.effective_permissions(text, text[])
  TO anon, authenticated, service_role;

-- Staff editing profiles through the table API (policies decide whose rows they reach):
-- nobody changes their own role, permissions or active state; only a Super Admin creates or
-- changes a Super Admin; and nobody else gives an account a permission they do not hold
-- themselves (a manage_admins holder cannot hand out system_settings). The server's own work
-- (service_role, owner) is not restricted here; the auth API applies the same rules in Rust
-- (kanisa-auth/src/admin.rs) using auth.effective_permissions.
CREATE FUNCTION kanisa.guard_profile_change() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  IF current_user NOT IN ('anon', 'authenticated') THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.id = (SELECT auth.uid())
     AND (NEW.role IS DISTINCT FROM OLD.role
          OR NEW.permissions IS DISTINCT FROM OLD.permissions
          OR NEW.is_active IS DISTINCT FROM OLD.is_active) THEN
    RAISE EXCEPTION 'You cannot change your own role, permissions or active state'
      USING ERRCODE = '42501';
  END IF;
  IF (NEW.role = 'SUPER_ADMIN' OR (TG_OP = 'UPDATE' AND OLD.role = 'SUPER_ADMIN'))
     AND (SELECT auth.rank()) < 6 THEN
    RAISE EXCEPTION 'Only a Super Admin can create or change a Super Admin'
      USING ERRCODE = '42501';
  END IF;
  IF (SELECT auth.rank()) < 6
     AND (TG_OP = 'INSERT' OR NEW.role IS DISTINCT FROM OLD.role
          OR NEW.permissions IS DISTINCT FROM OLD.permissions)
     AND NOT auth.effective_permissions(NEW.role, NEW.permissions)
             <@ (SELECT auth.permissions()) THEN
    RAISE EXCEPTION 'You can only give permissions you hold yourself'
      USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER users_guard_profile_change BEFORE INSERT OR UPDATE ON public.users
  FOR EACH ROW EXECUTE FUNCTION kanisa.guard_profile_change();

-- ---------------------------------------------------------------------------------------------
-- Activity logs: who, from where, with what, is stamped by the database, not taken from the
-- request body. The server puts the real client IP (X-Forwarded-For honoured only from trusted
-- proxies) in request.client_ip; the user agent comes from request.headers.
-- ---------------------------------------------------------------------------------------------
CREATE FUNCTION kanisa.stamp_activity_log() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  ip text := nullif(current_setting('request.client_ip', true), '');
  headers jsonb := nullif(current_setting('request.headers', true), '')::jsonb;
BEGIN
  IF current_user IN ('anon', 'authenticated') THEN
    NEW.admin_id := auth.uid();
    NEW.ip_address := ip::inet;
    NEW.user_agent := left(headers ->> 'user-agent', 512);
  ELSE
    NEW.ip_address := coalesce(NEW.ip_address, ip::inet);
    NEW.user_agent := coalesce(NEW.user_agent, left(headers ->> 'user-agent', 512));
  END IF;
  NEW.details := coalesce(NEW.details, '{}'::jsonb);
  RETURN NEW;
END
$$;
CREATE TRIGGER admin_activity_logs_stamp BEFORE INSERT ON public.admin_activity_logs
  FOR EACH ROW EXECUTE FUNCTION kanisa.stamp_activity_log();

-- ---------------------------------------------------------------------------------------------
-- Secret settings (SMTP password, SMS key, payment keys). Their values never stay in
-- public.system_settings: a trigger moves them to kanisa.secret_settings, which no API role
-- can read (not even service_role), and leaves a marker: JSON null = not configured,
-- "********" = configured. Saving the marker back keeps the stored secret.
-- ---------------------------------------------------------------------------------------------
CREATE TABLE kanisa.secret_settings (
  key        text        NOT NULL,
  value      jsonb       NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT secret_settings_pkey PRIMARY KEY (key)
);

CREATE FUNCTION kanisa.divert_secret_setting() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  -- An insert of a key that already exists is an upsert about to conflict: storing here would
  -- overwrite the secret even under ON CONFLICT DO NOTHING. A merge reaches the UPDATE branch
  -- of this trigger, which stores it then.
  IF TG_OP = 'INSERT'
     AND EXISTS (SELECT 1 FROM public.system_settings s WHERE s.key = NEW.key) THEN
    RETURN NEW;
  END IF;
  IF NOT (NEW.is_secret OR EXISTS (
      SELECT 1 FROM public.system_settings s WHERE s.key = NEW.key AND s.is_secret)) THEN
    RETURN NEW;
  END IF;
  IF NEW.value = '"********"'::jsonb THEN
    RETURN NEW;
  ELSIF NEW.value = 'null'::jsonb OR NEW.value = '""'::jsonb THEN
    DELETE FROM kanisa.secret_settings WHERE key = NEW.key;
    NEW.value := 'null'::jsonb;
  ELSE
    INSERT INTO kanisa.secret_settings (key, value) VALUES (NEW.key, NEW.value)
      ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now();
    NEW.value := '"********"'::jsonb;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER system_settings_divert_secret BEFORE INSERT OR UPDATE ON public.system_settings
  FOR EACH ROW EXECUTE FUNCTION kanisa.divert_secret_setting();

-- Secrets already stored in the table move out now.
UPDATE public.system_settings SET value = value WHERE is_secret;

-- The server (owner connection) reads a secret with this; no API role may call it.
CREATE FUNCTION kanisa.secret_setting(setting_key text) RETURNS jsonb
LANGUAGE sql STABLE SET search_path = '' AS $$
  SELECT s.value FROM kanisa.secret_settings s WHERE s.key = setting_key
$$;
REVOKE ALL ON FUNCTION kanisa.secret_setting(text) FROM PUBLIC;
