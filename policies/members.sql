-- members: the membership register is personal data.
--   read   staff with manage_members or view_member_details (the Members screen), or
--          view_member_reports (the Reports' membership figures are computed from these rows);
--          and a signed-in member reads their own record (user_id = their profile).
--   write  staff with manage_members add, edit, activate/deactivate and delete members.
-- A member does not edit their own record through the table API: membership number, dates
-- and status are the church's records, kept by the clerk.
-- user_id (linking a member to a sign-in profile) is set by staff with manage_members.

GRANT SELECT ON public.members TO authenticated;
GRANT INSERT (membership_number, first_name, last_name, date_of_birth, address, phone, email,
              marital_status, baptism_date, membership_date, emergency_contact, user_id,
              is_active),
      UPDATE (membership_number, first_name, last_name, date_of_birth, address, phone, email,
              marital_status, baptism_date, membership_date, emergency_contact, user_id,
              is_active),
      DELETE
  ON public.members TO authenticated;

CREATE POLICY members_staff_read ON public.members FOR SELECT TO authenticated
  USING ((SELECT auth.has_any_permission('manage_members', 'view_member_details',
                                         'view_member_reports')));

CREATE POLICY members_read_own ON public.members FOR SELECT TO authenticated
  USING (user_id = (SELECT auth.uid()) AND (SELECT auth.is_active()));

CREATE POLICY members_staff_insert ON public.members FOR INSERT TO authenticated
  WITH CHECK ((SELECT auth.has_permission('manage_members')));

CREATE POLICY members_staff_update ON public.members FOR UPDATE TO authenticated
  USING ((SELECT auth.has_permission('manage_members')))
  WITH CHECK ((SELECT auth.has_permission('manage_members')));

CREATE POLICY members_staff_delete ON public.members FOR DELETE TO authenticated
  USING ((SELECT auth.has_permission('manage_members')));
