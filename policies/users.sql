-- users: staff and member profiles (the sign-in identity itself is auth.users, never exposed).
--   read    an active user reads their own profile. manage_admins (Admin Users) reads every
--           profile; so do manage_prayer_requests (the prayer list shows the requester and the
--           assignee) and view_audit_logs (the activity log names the admin), whose screens
--           join profiles.
--   update  an active user updates their own profile; manage_admins updates anyone's.
--           Columns: full_name, role, permissions, is_active. The trigger
--           users_guard_profile_change (migration 0006) refuses, with 42501, anyone changing
--           their own role, permissions or active state, and anyone below SUPER_ADMIN creating,
--           promoting to or changing a SUPER_ADMIN; so in effect a user edits only their own
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

CREATE POLICY users_staff_read ON public.users FOR SELECT TO authenticated
  USING ((SELECT auth.has_any_permission('manage_admins', 'manage_prayer_requests',
                                         'view_audit_logs')));

CREATE POLICY users_update_own ON public.users FOR UPDATE TO authenticated
  USING (id = (SELECT auth.uid()) AND (SELECT auth.is_active()))
  WITH CHECK (id = (SELECT auth.uid()) AND (SELECT auth.is_active()));

CREATE POLICY users_admin_update ON public.users FOR UPDATE TO authenticated
  USING ((SELECT auth.has_permission('manage_admins')))
  WITH CHECK ((SELECT auth.has_permission('manage_admins')));
