-- events: anyone reads published events; staff with manage_events or manage_content read every
-- event, drafts included, and create, edit, publish and delete them.
--
-- created_by is written on insert only, and only as the caller's own id (or left NULL).

GRANT SELECT ON public.events TO anon, authenticated;
GRANT INSERT (title, description, title_sw, description_sw, start_date, end_date, location,
              event_type, category, department, attendees, max_attendees, cost,
              requires_registration, is_published, created_by),
      UPDATE (title, description, title_sw, description_sw, start_date, end_date, location,
              event_type, category, department, attendees, max_attendees, cost,
              requires_registration, is_published),
      DELETE
  ON public.events TO authenticated;

CREATE POLICY events_read_published ON public.events FOR SELECT TO anon, authenticated
  USING (is_published);

CREATE POLICY events_staff_read ON public.events FOR SELECT TO authenticated
  USING ((SELECT auth.has_any_permission('manage_events', 'manage_content')));

CREATE POLICY events_staff_insert ON public.events FOR INSERT TO authenticated
  WITH CHECK ((SELECT auth.has_any_permission('manage_events', 'manage_content'))
              AND (created_by IS NULL OR created_by = (SELECT auth.uid())));

CREATE POLICY events_staff_update ON public.events FOR UPDATE TO authenticated
  USING ((SELECT auth.has_any_permission('manage_events', 'manage_content')))
  WITH CHECK ((SELECT auth.has_any_permission('manage_events', 'manage_content')));

CREATE POLICY events_staff_delete ON public.events FOR DELETE TO authenticated
  USING ((SELECT auth.has_any_permission('manage_events', 'manage_content')));
