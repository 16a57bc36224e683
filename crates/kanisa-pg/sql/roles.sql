-- The API roles. Roles belong to the cluster, not to one database, so they are ensured before
-- every migration run (and before a restore) rather than by a numbered migration.
--
--   anon           requests without a signed-in user
--   authenticated  requests carrying a user's JWT (role claim "authenticated")
--   service_role   trusted server-side work; bypasses row-level security
--   authenticator  the NOINHERIT login role the API connects as; it can only SET ROLE to the
--                  three above, for the duration of one transaction
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'anon') THEN
    CREATE ROLE anon NOLOGIN NOINHERIT;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'authenticated') THEN
    CREATE ROLE authenticated NOLOGIN NOINHERIT;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'service_role') THEN
    CREATE ROLE service_role NOLOGIN NOINHERIT BYPASSRLS;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'authenticator') THEN
    CREATE ROLE authenticator LOGIN NOINHERIT;
  END IF;
  IF NOT EXISTS (
    SELECT 1 FROM pg_auth_members m
    JOIN pg_roles r ON r.oid = m.roleid
    JOIN pg_roles a ON a.oid = m.member
    WHERE a.rolname = 'authenticator' AND r.rolname = 'service_role'
  ) THEN
    GRANT anon, authenticated, service_role TO authenticator;
  END IF;
END
$$;
