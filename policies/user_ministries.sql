-- user_ministries: the ministries a staff account leads (migration 0028). It decides what a
-- scoped role (MINISTRY_LEADER, DEPARTMENT_HEAD) reads of members, events and messages, so it
-- is access data, and Admin Users' like the rest of a staff account (issue 31, finding 5).
--   read    a Super Admin (SUPER_ADMIN rank + manage_admins) reads every link; an active user
--           reads their own (which ministries are theirs).
--   insert, delete
--           a Super Admin (SUPER_ADMIN rank + manage_admins) links and unlinks, in Admin Users.
--           Each change is logged (staff_ministry_linked / staff_ministry_unlinked).
--   update  nobody: a link is added or removed, never changed.
-- Decisions:
-- - ministries.leader_id (a church_leaders card for the public site, edited by content staff)
--   is not used for access: who reads whose personal data is the Super Admin's decision, and
--   a ministry may have more than one staff account.
-- - A link of an account whose role is not scoped opens nothing; it is kept (the role may
--   become scoped again) and the Admin Users screen shows it only for scoped roles.

GRANT SELECT,
      INSERT (user_id, ministry_id),
      DELETE
  ON public.user_ministries TO authenticated;

CREATE POLICY user_ministries_read_own ON public.user_ministries FOR SELECT TO authenticated
  USING (user_id = (SELECT auth.uid()) AND (SELECT auth.is_active()));

CREATE POLICY user_ministries_admin_read ON public.user_ministries FOR SELECT TO authenticated
  USING ((SELECT auth.rank()) >= 6 AND (SELECT auth.has_permission('manage_admins')));

CREATE POLICY user_ministries_admin_insert ON public.user_ministries FOR INSERT TO authenticated
  WITH CHECK ((SELECT auth.rank()) >= 6 AND (SELECT auth.has_permission('manage_admins')));

CREATE POLICY user_ministries_admin_delete ON public.user_ministries FOR DELETE TO authenticated
  USING ((SELECT auth.rank()) >= 6 AND (SELECT auth.has_permission('manage_admins')));
