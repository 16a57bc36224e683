-- events: anyone reads published events; staff with manage_events or manage_content read every
-- event, drafts included, and create, edit, publish and delete them.
--
-- created_by is written on insert only, and only as the caller's own id (or left NULL).
--
-- Scoped roles (MINISTRY_LEADER, DEPARTMENT_HEAD; migration 0028): "events within the
-- ministry" (back-office §6.2). Holding manage_events or manage_content (only ever from an own
-- list: their defaults hold neither), they read, create, edit and delete the events of their
-- ministries and departments only: an event whose department names one of the ministries or
-- departments their account is linked to (public.user_ministries, public.user_departments).
-- Like everyone, they read every published event. Issue 31, finding 5.
-- Decision: events.department is text (the organising department, as the public site shows
-- it), so an event belongs to a ministry or department by its exact name; an event without a
-- department is church-wide and belongs to no scope.

GRANT SELECT ON public.events TO anon, authenticated;
GRANT INSERT (title, description, title_sw, description_sw, location_sw, attendees_sw, start_date, end_date, location,
              event_type, category, department, attendees, max_attendees, cost,
              requires_registration, is_published, created_by),
      UPDATE (title, description, title_sw, description_sw, location_sw, attendees_sw, start_date, end_date, location,
              event_type, category, department, attendees, max_attendees, cost,
              requires_registration, is_published),
      DELETE
  ON public.events TO authenticated;

CREATE POLICY events_read_published ON public.events FOR SELECT TO anon, authenticated
  USING (is_published);

CREATE POLICY events_staff_read ON public.events FOR SELECT TO authenticated
  USING ((SELECT auth.has_any_permission('manage_events', 'manage_content'))
         AND NOT (SELECT auth.is_scoped()));

CREATE POLICY events_scoped_read ON public.events FOR SELECT TO authenticated
  USING ((SELECT auth.has_any_permission('manage_events', 'manage_content'))
         AND (SELECT auth.is_scoped())
         AND department = ANY ((SELECT auth.scope_names())::text[]));

CREATE POLICY events_staff_insert ON public.events FOR INSERT TO authenticated
  WITH CHECK ((SELECT auth.has_any_permission('manage_events', 'manage_content'))
              AND (NOT (SELECT auth.is_scoped())
                   OR department = ANY ((SELECT auth.scope_names())::text[]))
              AND (created_by IS NULL OR created_by = (SELECT auth.uid())));

CREATE POLICY events_staff_update ON public.events FOR UPDATE TO authenticated
  USING ((SELECT auth.has_any_permission('manage_events', 'manage_content'))
         AND (NOT (SELECT auth.is_scoped())
              OR department = ANY ((SELECT auth.scope_names())::text[])))
  WITH CHECK ((SELECT auth.has_any_permission('manage_events', 'manage_content'))
              AND (NOT (SELECT auth.is_scoped())
                   OR department = ANY ((SELECT auth.scope_names())::text[])));

CREATE POLICY events_staff_delete ON public.events FOR DELETE TO authenticated
  USING ((SELECT auth.has_any_permission('manage_events', 'manage_content'))
         AND (NOT (SELECT auth.is_scoped())
              OR department = ANY ((SELECT auth.scope_names())::text[])));
