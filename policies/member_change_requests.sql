-- member_change_requests: a member's asks to change their own phone, e-mail, address or next of
-- kin, and the clerk's decisions (issue 46, migration 0057).
--   member  a signed-in member reads their own requests (member_id = their register row), to
--           see "waiting for the clerk" and what was decided.
--   clerk   staff with manage_members, church-wide, read every request (the queue on the
--           Members screen).
-- Decisions:
-- - Nobody writes this table through the table API: a member asks through
--   request_details_change (which keeps only what differs and withdraws the one waiting) and
--   the clerk decides through decide_details_change (which applies the change to the register
--   and logs it), so a request can never be approved by its member or edited after it is sent.
-- - A scoped role (ministry leader, department head) neither reads nor decides requests: the
--   register is written by church-wide staff only (members.sql).

GRANT SELECT ON public.member_change_requests TO authenticated;

CREATE POLICY member_change_requests_read_own ON public.member_change_requests FOR SELECT
  TO authenticated
  USING (member_id = (SELECT auth.own_member()));

CREATE POLICY member_change_requests_clerk_read ON public.member_change_requests FOR SELECT
  TO authenticated
  USING ((SELECT auth.has_permission('manage_members')) AND NOT (SELECT auth.is_scoped()));
