-- member_ministries: who takes part in which ministry. Personal data like the register itself:
-- read by staff who read members (manage_members, view_member_details, view_member_reports),
-- written by staff with manage_members.
-- A scoped role (MINISTRY_LEADER, DEPARTMENT_HEAD; migration 0028) with one of the reading
-- permissions reads the rows of the ministries its account is linked to only, and writes none
-- (adding someone to one's own ministry would open their record: see members.sql).

GRANT SELECT ON public.member_ministries TO authenticated;
GRANT INSERT (member_id, ministry_id, role, joined_at),
      UPDATE (role, joined_at),
      DELETE
  ON public.member_ministries TO authenticated;

CREATE POLICY member_ministries_staff_read ON public.member_ministries FOR SELECT TO authenticated
  USING ((SELECT auth.has_any_permission('manage_members', 'view_member_details',
                                         'view_member_reports'))
         AND NOT (SELECT auth.is_scoped()));

CREATE POLICY member_ministries_scoped_read ON public.member_ministries FOR SELECT
  TO authenticated
  USING ((SELECT auth.has_any_permission('manage_members', 'view_member_details',
                                         'view_member_reports'))
         AND (SELECT auth.is_scoped())
         AND ministry_id = ANY ((SELECT auth.scope_ministries())::uuid[]));

CREATE POLICY member_ministries_staff_insert ON public.member_ministries FOR INSERT TO authenticated
  WITH CHECK ((SELECT auth.has_permission('manage_members')) AND NOT (SELECT auth.is_scoped()));

CREATE POLICY member_ministries_staff_update ON public.member_ministries FOR UPDATE TO authenticated
  USING ((SELECT auth.has_permission('manage_members')) AND NOT (SELECT auth.is_scoped()))
  WITH CHECK ((SELECT auth.has_permission('manage_members')) AND NOT (SELECT auth.is_scoped()));

CREATE POLICY member_ministries_staff_delete ON public.member_ministries FOR DELETE TO authenticated
  USING ((SELECT auth.has_permission('manage_members')) AND NOT (SELECT auth.is_scoped()));
