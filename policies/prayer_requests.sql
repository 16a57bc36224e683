-- prayer_requests: sent from the public request form, handled by the prayer team.
--   anon           inserts a request with the public form's columns only (requester_id must be
--                  NULL); it cannot read any request back, its own included, and cannot set
--                  status or assigned_to (the columns are not granted: new requests are open
--                  and unassigned by their defaults).
--   signed in      an active user inserts the same columns, with requester_id NULL or their own
--                  id ("write own prayer requests", back-office §6.2), and reads their own
--                  requests (requester_id = their id).
--   staff          manage_prayer_requests reads every request that is not private and
--                  triages it: status, assigned_to (Assign to Me), urgency and privacy level;
--                  and may delete one (spam, duplicates). The requester's title and description
--                  are not edited.
--   prayer team    a private request ("pastor and prayer team only", public-site §5) is read,
--                  triaged and deleted only by those who also hold view_private_prayer_requests:
--                  the pastor's and the prayer team's accounts (a Super Admin ticks it in Admin
--                  Users; nobody holds it by default but a SUPER_ADMIN). Issue 31, finding 5.
-- Decisions:
-- - privacy_level 'private' is the form's default, so most requests are the prayer team's.
--   'leadership_only' (the form's "leadership") is read by every holder of
--   manage_prayer_requests: elders, ministry leaders, department heads and the admins who hold
--   it are the church's leadership. 'public' may be shared with the congregation.
-- - view_private_prayer_requests adds the private requests to what manage_prayer_requests
--   reads; alone it opens nothing (there is no screen for it without the other).
-- - Prayer staff outside the team may still mark a request they see private (handing it to the
--   pastor); it then leaves their list. They cannot make a private one anything else: they
--   never see it. The requester always reads their own request, private or not.
-- - Being assigned a private request gives no access by itself: only the team assigns them.
-- - The counts of the back office (dashboard, the list's total) are counts of the rows each
--   reader may read, so they agree with the list.
-- updated_at is granted for UPDATE because the back office sends it with a status change
-- (back-office §7.4); the updated_at trigger overwrites the value with now() anyway.
-- A new request is inserted with Prefer: return=minimal: anon has no read right to return it.

GRANT INSERT (requester_id, title, description, urgency, privacy_level, submitter_name,
              submitter_email, submitter_phone)
  ON public.prayer_requests TO anon, authenticated;
GRANT SELECT,
      UPDATE (status, assigned_to, urgency, privacy_level, updated_at),
      DELETE
  ON public.prayer_requests TO authenticated;

CREATE POLICY prayer_requests_public_insert ON public.prayer_requests FOR INSERT TO anon
  WITH CHECK (requester_id IS NULL AND status = 'open' AND assigned_to IS NULL);

CREATE POLICY prayer_requests_member_insert ON public.prayer_requests FOR INSERT TO authenticated
  WITH CHECK ((SELECT auth.is_active())
              AND (requester_id IS NULL OR requester_id = (SELECT auth.uid()))
              AND status = 'open' AND assigned_to IS NULL);

CREATE POLICY prayer_requests_read_own ON public.prayer_requests FOR SELECT TO authenticated
  USING (requester_id = (SELECT auth.uid()) AND (SELECT auth.is_active()));

CREATE POLICY prayer_requests_staff_read ON public.prayer_requests FOR SELECT TO authenticated
  USING ((SELECT auth.has_permission('manage_prayer_requests')) AND privacy_level <> 'private');

CREATE POLICY prayer_requests_team_read ON public.prayer_requests FOR SELECT TO authenticated
  USING ((SELECT auth.has_permission('manage_prayer_requests'))
         AND (SELECT auth.has_permission('view_private_prayer_requests')));

CREATE POLICY prayer_requests_staff_update ON public.prayer_requests FOR UPDATE TO authenticated
  USING ((SELECT auth.has_permission('manage_prayer_requests')) AND privacy_level <> 'private')
  WITH CHECK ((SELECT auth.has_permission('manage_prayer_requests')));

CREATE POLICY prayer_requests_team_update ON public.prayer_requests FOR UPDATE TO authenticated
  USING ((SELECT auth.has_permission('manage_prayer_requests'))
         AND (SELECT auth.has_permission('view_private_prayer_requests')))
  WITH CHECK ((SELECT auth.has_permission('manage_prayer_requests'))
              AND (SELECT auth.has_permission('view_private_prayer_requests')));

CREATE POLICY prayer_requests_staff_delete ON public.prayer_requests FOR DELETE TO authenticated
  USING ((SELECT auth.has_permission('manage_prayer_requests')) AND privacy_level <> 'private');

CREATE POLICY prayer_requests_team_delete ON public.prayer_requests FOR DELETE TO authenticated
  USING ((SELECT auth.has_permission('manage_prayer_requests'))
         AND (SELECT auth.has_permission('view_private_prayer_requests')));
