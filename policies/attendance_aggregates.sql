-- attendance_aggregates: Sabbath head counts.
--   read   staff with manage_attendance (the Attendance screens) or view_reports (the Reports'
--          attendance tab and overview).
--   write  staff with manage_attendance record, correct and delete a date's counts. Saving is
--          an upsert on attendance_date, which needs INSERT, SELECT and UPDATE together: all
--          three are granted to the same permission.
-- The original's only visible policy hint ("SUPER_ADMIN and ADMIN only") is expressed through
-- the permission: ADMIN and SUPER_ADMIN hold manage_attendance by default, and so does
-- MEMBER_ADMIN, whose Members group it belongs to (back-office §6.3).

GRANT SELECT ON public.attendance_aggregates TO authenticated;
GRANT INSERT (attendance_date, sabbath_school_count, divine_children_count, divine_youth_count,
              divine_adults_count, notes),
      UPDATE (attendance_date, sabbath_school_count, divine_children_count, divine_youth_count,
              divine_adults_count, notes),
      DELETE
  ON public.attendance_aggregates TO authenticated;

CREATE POLICY attendance_aggregates_staff_read ON public.attendance_aggregates FOR SELECT
  TO authenticated
  USING ((SELECT auth.has_any_permission('manage_attendance', 'view_reports')));

CREATE POLICY attendance_aggregates_staff_insert ON public.attendance_aggregates FOR INSERT
  TO authenticated
  WITH CHECK ((SELECT auth.has_permission('manage_attendance')));

CREATE POLICY attendance_aggregates_staff_update ON public.attendance_aggregates FOR UPDATE
  TO authenticated
  USING ((SELECT auth.has_permission('manage_attendance')))
  WITH CHECK ((SELECT auth.has_permission('manage_attendance')));

CREATE POLICY attendance_aggregates_staff_delete ON public.attendance_aggregates FOR DELETE
  TO authenticated
  USING ((SELECT auth.has_permission('manage_attendance')));
