-- members: the membership register is personal data (birth dates, addresses, phones, emergency
-- contacts).
--   read   staff with manage_members or view_member_details (the Members screen), or
--          view_member_reports (the Reports' membership figures are computed from these rows);
--          and a signed-in member reads their own record (user_id = their profile).
--   scoped a MINISTRY_LEADER or DEPARTMENT_HEAD (a scoped role, migration 0028) holding one of
--          those permissions reads only the members of the ministries their account is linked
--          to (public.user_ministries, through member_ministries): "members within the
--          ministry" (back-office §6.2; issue 31, finding 5).
--   write  staff with manage_members add, edit, activate/deactivate and delete members; never
--          a scoped role, whatever its list says.
-- A member does not edit their own record through the table API: membership number, dates
-- and status are the church's records, kept by the clerk.
-- user_id (linking a member to a sign-in profile) is set by staff with manage_members.
-- Decisions:
-- - Members belong to ministries (member_ministries), not to departments: there is no such
--   relation. A department head sees the members of the ministries a Super Admin links their
--   account to (the ministries the department oversees), and no others.
-- - Scoped roles only read: adding a member (who belongs to no ministry yet) or adding anyone
--   to one's own ministry would reach beyond the scope, so the register and its ministry lists
--   are written by church-wide staff (MEMBER_ADMIN and up).
-- - ELDER keeps the whole register ("ELDER: read members", back-office §6.2).

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
                                         'view_member_reports'))
         AND NOT (SELECT auth.is_scoped()));

-- The members of the caller's ministries come from auth.scope_members() (migration 0050), not
-- a sub-select on member_ministries: the same rows (under this policy's own conditions
-- member_ministries' policies let a scoped reader see exactly those links), one hash table per
-- statement, and a plan the planner prices right. With the sub-select it priced that hash table
-- into every lookup of a member by id, so where another table embeds members (a donation's
-- donor) it scanned and hashed the whole register on every request, even for staff who are not
-- scoped (issue 44); written as EXISTS it priced the lookup per row instead and crossed the JIT
-- threshold on a count of 50,000 members.
CREATE POLICY members_scoped_read ON public.members FOR SELECT TO authenticated
  USING ((SELECT auth.has_any_permission('manage_members', 'view_member_details',
                                         'view_member_reports'))
         AND (SELECT auth.is_scoped())
         AND id IN (SELECT auth.scope_members()));

CREATE POLICY members_read_own ON public.members FOR SELECT TO authenticated
  USING (user_id = (SELECT auth.uid()) AND (SELECT auth.is_active()));

CREATE POLICY members_staff_insert ON public.members FOR INSERT TO authenticated
  WITH CHECK ((SELECT auth.has_permission('manage_members')) AND NOT (SELECT auth.is_scoped()));

CREATE POLICY members_staff_update ON public.members FOR UPDATE TO authenticated
  USING ((SELECT auth.has_permission('manage_members')) AND NOT (SELECT auth.is_scoped()))
  WITH CHECK ((SELECT auth.has_permission('manage_members')) AND NOT (SELECT auth.is_scoped()));

CREATE POLICY members_staff_delete ON public.members FOR DELETE TO authenticated
  USING ((SELECT auth.has_permission('manage_members')) AND NOT (SELECT auth.is_scoped()));
