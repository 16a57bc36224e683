-- users: staff and member profiles (the sign-in identity itself is auth.users, never exposed).
--   read    an active user reads their own profile. Admin Users (manage_admins) and Activity
--           Logs (view_audit_logs, which names the admin) are Super Admin screens, and their data
--           follows the screen: those two permissions read every profile only with SUPER_ADMIN
--           rank. Nobody else reads another profile: a profile is an e-mail, a role, a list of
--           permissions and a last sign-in (issue 31, finding 5: elders and leaders read them
--           all because the prayer list named requesters and assignees). Lists and pickers
--           that name people read public.staff_names (id and full name only; its own file).
--   update  an active user updates their own profile; a SUPER_ADMIN (rank 6, manage_admins)
--           updates anyone's. A manage_admins holder below SUPER_ADMIN rank manages nobody:
--           staff accounts are a Super Admin screen (decision of issue 13, "data follows the
--           screen"). Columns: full_name, role, permissions, is_active. The trigger
--           users_guard_profile_change (migrations 0006, 0011) refuses, with 42501, anyone
--           changing their own role, permissions or active state, anyone below SUPER_ADMIN
--           changing another account at all, and anyone changing an account that holds a
--           permission or rank they lack; so below SUPER_ADMIN a user edits only their own
--           full_name. email follows auth.users (trigger) and last_sign_in_at is the server's.
--   insert, delete
--           nobody through the table API: accounts are created and removed with their
--           identity by /auth/v1/admin/users (the server), which keeps auth.users and the
--           profile in step.
-- A deactivated user (is_active false) matches no policy: the helpers return no permissions
-- and auth.is_active() is false, so even their own row disappears on the next request.

GRANT SELECT,
      UPDATE (full_name, role, permissions, is_active)
  ON public.users TO authenticated;

CREATE POLICY users_read_own ON public.users FOR SELECT TO authenticated
  USING (id = (SELECT auth.uid()) AND (SELECT auth.is_active()));

CREATE POLICY users_admin_read ON public.users FOR SELECT TO authenticated
  USING ((SELECT auth.rank()) >= 6
         AND (SELECT auth.has_any_permission('manage_admins', 'view_audit_logs')));

CREATE POLICY users_update_own ON public.users FOR UPDATE TO authenticated
  USING (id = (SELECT auth.uid()) AND (SELECT auth.is_active()))
  WITH CHECK (id = (SELECT auth.uid()) AND (SELECT auth.is_active()));

CREATE POLICY users_admin_update ON public.users FOR UPDATE TO authenticated
  USING ((SELECT auth.rank()) >= 6 AND (SELECT auth.has_permission('manage_admins')))
  WITH CHECK ((SELECT auth.rank()) >= 6 AND (SELECT auth.has_permission('manage_admins')));
