-- 0050 Signed-in reads near the service role (issue 44): the caller looked up once per request,
-- not once per question, and an index for every column a policy filters on.
--
-- 1. One lookup of the caller per request. A signed-in statement's policies ask several
--    questions about the caller — auth.permissions() (through has_permission and
--    has_any_permission), auth.is_scoped(), auth.rank(), auth.is_active() — each wrapped in a
--    sub-select, so each is one init plan per statement, never one call per row. But the
--    permission cache of 0006 (kanisa.permissions_cache) held only the permissions: is_scoped,
--    rank and is_active were each a SECURITY DEFINER function with its own query on
--    public.users, run in every statement that asked. A Super Admin's list of donations with
--    the donor embedded looked the caller up twice (permissions, then the scope): almost a fifth
--    of the database's work for that request (callgrind, one backend).
--
--    Now the first question looks up everything at once — rank, scoped or not, effective
--    permissions — in one SECURITY DEFINER call, auth.lookup_caller(), and keeps the answer for
--    the transaction in kanisa.caller: `<rank>|<scoped t/f>|<permission,permission,…>` (rank -1,
--    not scoped and no permissions when there is no active profile), keyed by the caller's id
--    in kanisa.caller_sub. Every later question of the request reads it: auth.caller() (plain
--    SQL) compares kanisa.caller_sub with request.jwt.claim.sub, which the per-request context
--    statement sets and which names the caller whenever it is set (auth.uid() is that id), and
--    looks up again for any other caller (another caller later in the same transaction). A
--    caller named by request.jwt.claims alone (claims set by hand) is looked up at each question:
--    right, only not kept.
--    The questions themselves are small PL/pgSQL functions without SECURITY DEFINER: an init
--    plan is built on every execution whether it runs or not (most of a statement's do not —
--    a Super Admin's members embed has a dozen, runs three), and a call costs less to build than
--    the inlined expression, so the statements that ask least pay least.
--
--    The answers are unchanged (crates/kanisa-pg/tests/it/policy_plans.rs compares them with
--    0006's rules for every role): SUPER_ADMIN holds every permission, an own list replaces the
--    role's defaults, a deactivated profile (or none) has rank -1 and no permissions and is
--    neither active nor scoped. public.users.role is NOT NULL and references kanisa.roles, so
--    "active" is "rank >= 0". The answer is kept for the transaction, as the permission cache
--    was: a request is one transaction, and nobody changes their own role, permissions or active
--    state (users_guard_profile_change); a deactivation applies from the next request. Like
--    request.jwt.claims, the settings are trusted: API callers cannot run set_config.
--
--    The lookup is SECURITY DEFINER without a SET clause (which would cost as much as the
--    lookup, 0012): every name in it is schema-qualified, operators included.
--
--    The members of a scoped caller's ministries come from auth.scope_members() (below; see
--    policies/members.sql).
--
-- 2. Indexes for the policy columns that had none (policies/README.md: the leading column of a
--    btree, or the predicate of a partial index): announcements.target_audience (the audience of
--    a current announcement) and system_settings.is_secret (the public settings are the public,
--    non-secret ones). The policy_plans test checks every policy's columns against the indexes,
--    and every policy's plan for a claim lookup run per row.

-- ---------------------------------------------------------------------------------------------
-- 1. The caller, once per request
-- ---------------------------------------------------------------------------------------------

-- The current caller's facts, looked up, and kept for the rest of the transaction when the
-- caller is the one request.jwt.claim.sub names (as the per-request context statement sets it).
-- The rule of auth.effective_permissions and auth.lookup_permissions (0006), rank and scope of
-- auth.rank (0006) and auth.is_scoped (0028), in one query.
CREATE FUNCTION auth.lookup_caller() RETURNS text
LANGUAGE plpgsql STABLE SECURITY DEFINER AS $$
DECLARE
  caller uuid := auth.uid();
  sub text := pg_catalog.current_setting('request.jwt.claim.sub', true);
  facts text;
BEGIN
  IF caller IS NULL THEN
    RETURN '-1|f|';
  END IF;
  SELECT pg_catalog.concat_ws('|', r.rank, CASE WHEN r.scoped THEN 't' ELSE 'f' END,
           pg_catalog.array_to_string(CASE
             WHEN u.role OPERATOR(pg_catalog.=) 'SUPER_ADMIN'
               THEN ARRAY(SELECT p.name FROM kanisa.permissions p)
             WHEN u.permissions IS NOT NULL THEN u.permissions
             ELSE ARRAY(SELECT rp.permission FROM kanisa.role_permissions rp
                         WHERE rp.role OPERATOR(pg_catalog.=) u.role)
           END, ','))
    INTO facts
    FROM public.users u JOIN kanisa.roles r ON r.name OPERATOR(pg_catalog.=) u.role
   WHERE u.id OPERATOR(pg_catalog.=) caller AND u.is_active;
  facts := coalesce(facts, '-1|f|');
  IF sub OPERATOR(pg_catalog.<>) '' THEN
    PERFORM pg_catalog.set_config('kanisa.caller', facts, true),
            pg_catalog.set_config('kanisa.caller_sub', 'u:' OPERATOR(pg_catalog.||) sub, true);
  END IF;
  RETURN facts;
END
$$;

-- The current caller's facts: kanisa.caller when it was kept for the caller
-- request.jwt.claim.sub names, else looked up. (The `u:` prefix keeps a setting reverted to ''
-- at the end of an earlier transaction from matching an empty claim.)
CREATE FUNCTION auth.caller() RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT CASE
           WHEN pg_catalog.current_setting('kanisa.caller_sub', true)
                = 'u:' || pg_catalog.current_setting('request.jwt.claim.sub', true)
           THEN pg_catalog.current_setting('kanisa.caller', true)
           ELSE auth.lookup_caller()
         END
$$;

CREATE OR REPLACE FUNCTION auth.rank() RETURNS integer
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN pg_catalog.split_part(auth.caller(), '|', 1)::integer;
END
$$;

CREATE OR REPLACE FUNCTION auth.is_active() RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN pg_catalog.split_part(auth.caller(), '|', 1) <> '-1';
END
$$;

CREATE OR REPLACE FUNCTION auth.is_scoped() RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN pg_catalog.split_part(auth.caller(), '|', 2) = 't';
END
$$;

CREATE OR REPLACE FUNCTION auth.permissions() RETURNS text[]
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN pg_catalog.string_to_array(pg_catalog.split_part(auth.caller(), '|', 3), ',');
END
$$;

-- One permission: a search of the list's text, no array to build (a permission's name has no
-- comma: users_permissions_check, kanisa.permissions).
CREATE OR REPLACE FUNCTION auth.has_permission(permission text) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN pg_catalog.strpos(',' || pg_catalog.split_part(auth.caller(), '|', 3) || ',',
                           ',' || permission || ',') > 0
         AND pg_catalog.strpos(permission, ',') = 0 AND permission <> '';
END
$$;

CREATE OR REPLACE FUNCTION auth.has_any_permission(VARIADIC permissions text[]) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN permissions
         && pg_catalog.string_to_array(pg_catalog.split_part(auth.caller(), '|', 3), ',');
END
$$;

REVOKE ALL ON FUNCTION auth.caller(), auth.lookup_caller() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth.caller(), auth.lookup_caller()
  TO anon, authenticated, service_role;

-- The members of the ministries the caller's account is linked to (auth.scope_ministries): what
-- policies/members.sql's members_scoped_read reads them from, in place of a sub-select on
-- member_ministries. Run once per statement (the policy's `id IN (SELECT …)` is one hash table),
-- and declared small (ROWS) so that the planner prices it as that: a sub-select on the table
-- had it price the hash table into every lookup of a member by id, and scan the whole register
-- where a donation list embeds its donors (2.7 times the service role's work for that request
-- on the demo data, callgrind). Only reached behind the policy's own check that the caller is
-- scoped.
CREATE FUNCTION auth.scope_members() RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 100 AS $$
BEGIN
  RETURN QUERY
    SELECT mm.member_id FROM public.member_ministries mm
     WHERE mm.ministry_id OPERATOR(pg_catalog.=) ANY (auth.scope_ministries());
END
$$;
REVOKE ALL ON FUNCTION auth.scope_members() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth.scope_members() TO anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- 2. Indexes for the policy columns without one
-- ---------------------------------------------------------------------------------------------
-- announcements_read_current: a published announcement's audience.
CREATE INDEX IF NOT EXISTS announcements_published_audience_idx
  ON public.announcements (target_audience, start_date) WHERE is_published;
-- system_settings_read_public: the public settings that are not secrets.
CREATE INDEX IF NOT EXISTS system_settings_public_readable_idx
  ON public.system_settings (key) WHERE is_public AND NOT is_secret;
