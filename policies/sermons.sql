-- sermons: anyone (anon and signed in) reads published sermons; staff with manage_sermons or
-- manage_content read every sermon, drafts included, and create, edit, publish and delete them.
--
-- created_by is written on insert only, and only as the caller's own id (or left NULL); an edit
-- never rewrites who created a sermon, so UPDATE is not granted on it.

GRANT SELECT ON public.sermons TO anon, authenticated;
GRANT INSERT (title, description, speaker, sermon_date, audio_url, video_url, notes_url, series,
              tags, title_sw, description_sw, is_published, created_by),
      UPDATE (title, description, speaker, sermon_date, audio_url, video_url, notes_url, series,
              tags, title_sw, description_sw, is_published),
      DELETE
  ON public.sermons TO authenticated;

CREATE POLICY sermons_read_published ON public.sermons FOR SELECT TO anon, authenticated
  USING (is_published);

CREATE POLICY sermons_staff_read ON public.sermons FOR SELECT TO authenticated
  USING ((SELECT auth.has_any_permission('manage_sermons', 'manage_content')));

CREATE POLICY sermons_staff_insert ON public.sermons FOR INSERT TO authenticated
  WITH CHECK ((SELECT auth.has_any_permission('manage_sermons', 'manage_content'))
              AND (created_by IS NULL OR created_by = (SELECT auth.uid())));

CREATE POLICY sermons_staff_update ON public.sermons FOR UPDATE TO authenticated
  USING ((SELECT auth.has_any_permission('manage_sermons', 'manage_content')))
  WITH CHECK ((SELECT auth.has_any_permission('manage_sermons', 'manage_content')));

CREATE POLICY sermons_staff_delete ON public.sermons FOR DELETE TO authenticated
  USING ((SELECT auth.has_any_permission('manage_sermons', 'manage_content')));
