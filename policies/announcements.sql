-- announcements: anyone reads published announcements inside their date window: from
-- start_date (the announcement is not shown before it starts) through end_date (no end date =
-- open-ended), both counted in the church's own calendar day, Africa/Nairobi. Staff with
-- manage_announcements or manage_content read every announcement (drafts, future and expired
-- ones) and create, edit, publish and delete them.
--
-- The audience (target_audience) decides who reads one (issue 32): 'all' and 'visitors' are
-- public; 'members' needs a signed-in account with a role (MEMBER and up, rank >= 1); 'elders'
-- ELDER and up (rank >= 2); 'ministry_leaders' MINISTRY_LEADER, DEPARTMENT_HEAD and up (rank
-- >= 3). Anonymous readers, VISITOR accounts and deactivated ones see only the public two.
--
-- The window is whole days: start_time/end_time are display values on the day, not filters.
-- created_by is written on insert only, and only as the caller's own id (or left NULL).

GRANT SELECT ON public.announcements TO anon, authenticated;
GRANT INSERT (title, content, title_sw, content_sw, priority, start_date, start_time, end_date,
              end_time, target_audience, is_published, created_by),
      UPDATE (title, content, title_sw, content_sw, priority, start_date, start_time, end_date,
              end_time, target_audience, is_published),
      DELETE
  ON public.announcements TO authenticated;

CREATE POLICY announcements_read_current ON public.announcements FOR SELECT TO anon, authenticated
  USING (is_published
         AND start_date <= (SELECT (now() AT TIME ZONE 'Africa/Nairobi')::date)
         AND (end_date IS NULL OR end_date >= (SELECT (now() AT TIME ZONE 'Africa/Nairobi')::date))
         AND (target_audience IN ('all', 'visitors')
              OR (target_audience = 'members' AND (SELECT auth.rank()) >= 1)
              OR (target_audience = 'elders' AND (SELECT auth.rank()) >= 2)
              OR (target_audience = 'ministry_leaders' AND (SELECT auth.rank()) >= 3)));

CREATE POLICY announcements_staff_read ON public.announcements FOR SELECT TO authenticated
  USING ((SELECT auth.has_any_permission('manage_announcements', 'manage_content')));

CREATE POLICY announcements_staff_insert ON public.announcements FOR INSERT TO authenticated
  WITH CHECK ((SELECT auth.has_any_permission('manage_announcements', 'manage_content'))
              AND (created_by IS NULL OR created_by = (SELECT auth.uid())));

CREATE POLICY announcements_staff_update ON public.announcements FOR UPDATE TO authenticated
  USING ((SELECT auth.has_any_permission('manage_announcements', 'manage_content')))
  WITH CHECK ((SELECT auth.has_any_permission('manage_announcements', 'manage_content')));

CREATE POLICY announcements_staff_delete ON public.announcements FOR DELETE TO authenticated
  USING ((SELECT auth.has_any_permission('manage_announcements', 'manage_content')));
