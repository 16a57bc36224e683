-- sermon_series: anyone reads active series (the Current Series block of /sermons); staff with
-- manage_sermons or manage_content read every series and create, edit and delete them.
-- A series is retired by setting is_active false, as leaders are.

GRANT SELECT ON public.sermon_series TO anon, authenticated;
GRANT INSERT (title, subtitle, description, message_count, current_message, start_date, topics,
              is_active, title_sw, subtitle_sw, description_sw, topics_sw),
      UPDATE (title, subtitle, description, message_count, current_message, start_date, topics,
              is_active, title_sw, subtitle_sw, description_sw, topics_sw),
      DELETE
  ON public.sermon_series TO authenticated;

CREATE POLICY sermon_series_read_active ON public.sermon_series FOR SELECT TO anon, authenticated
  USING (is_active);

CREATE POLICY sermon_series_staff_read ON public.sermon_series FOR SELECT TO authenticated
  USING ((SELECT auth.has_any_permission('manage_sermons', 'manage_content')));

CREATE POLICY sermon_series_staff_insert ON public.sermon_series FOR INSERT TO authenticated
  WITH CHECK ((SELECT auth.has_any_permission('manage_sermons', 'manage_content')));

CREATE POLICY sermon_series_staff_update ON public.sermon_series FOR UPDATE TO authenticated
  USING ((SELECT auth.has_any_permission('manage_sermons', 'manage_content')))
  WITH CHECK ((SELECT auth.has_any_permission('manage_sermons', 'manage_content')));

CREATE POLICY sermon_series_staff_delete ON public.sermon_series FOR DELETE TO authenticated
  USING ((SELECT auth.has_any_permission('manage_sermons', 'manage_content')));
