-- 0011 auth hardening (issue 13): rank-3 roles inherit the elders' defaults, the profile guard
-- refuses acting on an account that holds more than the caller, and sign-in lockouts are kept
-- per account and client address.

-- ---------------------------------------------------------------------------------------------
-- Ranks inherit defaults: MINISTRY_LEADER and DEPARTMENT_HEAD (rank 3) sit above ELDER (rank
-- 2) and hold at least ELDER's default permissions (they held none before).
-- ---------------------------------------------------------------------------------------------
INSERT INTO kanisa.role_permissions (role, permission)
  SELECT r.role, rp.permission
    FROM (VALUES ('MINISTRY_LEADER'), ('DEPARTMENT_HEAD')) AS r (role)
    CROSS JOIN kanisa.role_permissions rp
   WHERE rp.role = 'ELDER'
  ON CONFLICT DO NOTHING;

-- ---------------------------------------------------------------------------------------------
-- Staff editing profiles through the table API. The rules of 0006, plus:
--   - another account's profile is changed only by a SUPER_ADMIN ("data follows the screen":
--     Admin Users is a Super Admin screen; policies/users.sql says the same for the rows);
--   - nobody changes an account holding a permission or a rank they lack (the same rule the
--     auth API applies to passwords, e-mails, active state and deletes, kanisa-auth admin.rs).
-- The server's own work (service_role, owner) is not restricted here.
-- ---------------------------------------------------------------------------------------------
-- The rank of a role name (NULL when unknown). SECURITY DEFINER like the other helpers that
-- read the vocabulary: the trigger below runs with the caller's rights, which do not reach
-- schema kanisa.
CREATE FUNCTION auth.role_rank(role_name text) RETURNS integer
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  RETURN (SELECT r.rank FROM kanisa.roles r WHERE r.name = role_name);
END
$$;
REVOKE ALL ON FUNCTION auth.role_rank(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth.role_rank(text) TO anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION kanisa.guard_profile_change() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  caller_rank integer;
  target_rank integer;
BEGIN
  IF current_user NOT IN ('anon', 'authenticated') THEN
    RETURN NEW;
  END IF;
  caller_rank := (SELECT auth.rank());
  IF TG_OP = 'UPDATE' AND NEW.id = (SELECT auth.uid())
     AND (NEW.role IS DISTINCT FROM OLD.role
          OR NEW.permissions IS DISTINCT FROM OLD.permissions
          OR NEW.is_active IS DISTINCT FROM OLD.is_active) THEN
    RAISE EXCEPTION 'You cannot change your own role, permissions or active state'
      USING ERRCODE = '42501';
  END IF;
  IF (NEW.role = 'SUPER_ADMIN' OR (TG_OP = 'UPDATE' AND OLD.role = 'SUPER_ADMIN'))
     AND caller_rank < 6 THEN
    RAISE EXCEPTION 'Only a Super Admin can create or change a Super Admin'
      USING ERRCODE = '42501';
  END IF;
  IF (TG_OP = 'INSERT' OR NEW.id IS DISTINCT FROM (SELECT auth.uid())) AND caller_rank < 6 THEN
    RAISE EXCEPTION 'Only a Super Admin manages staff accounts'
      USING ERRCODE = '42501';
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.id IS DISTINCT FROM (SELECT auth.uid()) THEN
    target_rank := auth.role_rank(OLD.role);
    IF coalesce(target_rank, 0) > caller_rank
       OR NOT auth.effective_permissions(OLD.role, OLD.permissions)
              <@ (SELECT auth.permissions()) THEN
      RAISE EXCEPTION 'You cannot change an account that holds a permission or rank you lack'
        USING ERRCODE = '42501';
    END IF;
  END IF;
  IF caller_rank < 6
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

-- ---------------------------------------------------------------------------------------------
-- Lockout per account and client address. The Security settings keep their meaning
-- (max_login_attempts failures within lockout_duration_minutes lock for
-- lockout_duration_minutes), but counted for one e-mail from one client address, so a stranger
-- guessing from elsewhere no longer locks the owner out. auth.lockouts (0006) now holds the
-- account-wide lock, reached only at a much higher count of failures from all addresses
-- together (ACCOUNT_LOCKOUT_FACTOR in kanisa-auth session.rs), and lifted early by a Super
-- Admin (DELETE /auth/v1/admin/users/{id}/lockout), which also restarts every count.
-- ---------------------------------------------------------------------------------------------
CREATE TABLE auth.address_lockouts (
  email        text        NOT NULL,
  ip_address   inet        NOT NULL,
  locked_until timestamptz NOT NULL,
  CONSTRAINT address_lockouts_pkey PRIMARY KEY (email, ip_address)
);

CREATE INDEX sign_in_attempts_email_ip_idx
  ON auth.sign_in_attempts (email, ip_address, attempted_at DESC);
