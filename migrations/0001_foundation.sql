-- 0001 foundation: internal schemas, shared trigger functions, auth.users.
--
-- The API roles (anon, authenticated, service_role, authenticator) belong to the cluster and
-- are ensured by the migration runner before any migration (crates/kanisa-pg/sql/roles.sql).
-- Grants to anon/authenticated on tables are made by policy files (policies/), not here.

-- Internal schemas: never exposed by the table API.
CREATE SCHEMA IF NOT EXISTS kanisa;
CREATE SCHEMA IF NOT EXISTS auth;

REVOKE ALL ON SCHEMA kanisa FROM PUBLIC;
REVOKE ALL ON SCHEMA auth FROM PUBLIC;
-- Nobody but the owner creates objects in public; what the API roles may reach is granted by
-- the policy files (policies/), which are the whole truth of access.
REVOKE CREATE ON SCHEMA public FROM PUBLIC;

-- Keeps updated_at honest on every table that has one (attached per table by later migrations).
CREATE OR REPLACE FUNCTION kanisa.set_updated_at() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END
$$;

-- Sign-in identities. Password hashes (argon2id, PHC string) live here and nowhere else;
-- public.users holds the profile the apps read.
CREATE TABLE auth.users (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email              text NOT NULL,
  encrypted_password text NOT NULL,
  email_confirmed_at timestamptz DEFAULT now(),
  last_sign_in_at    timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT auth_users_email_lower CHECK (email = lower(email)),
  CONSTRAINT auth_users_email_shape CHECK (email ~ '^[^@\s]+@[^@\s]+$')
);
CREATE UNIQUE INDEX auth_users_email_key ON auth.users (email);
CREATE TRIGGER auth_users_updated_at BEFORE UPDATE ON auth.users
  FOR EACH ROW EXECUTE FUNCTION kanisa.set_updated_at();
