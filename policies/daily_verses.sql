-- daily_verses: anyone reads every verse ("Today's Verse": the 33 verses have no draft or
-- inactive state, the day picks one); staff with manage_content add, edit and delete them.

GRANT SELECT ON public.daily_verses TO anon, authenticated;
GRANT INSERT (day_index, text, reference, translation, reflection, text_sw, reference_sw,
              translation_sw, reflection_sw),
      UPDATE (day_index, text, reference, translation, reflection, text_sw, reference_sw,
              translation_sw, reflection_sw),
      DELETE
  ON public.daily_verses TO authenticated;

CREATE POLICY daily_verses_read ON public.daily_verses FOR SELECT TO anon, authenticated
  USING (true);

CREATE POLICY daily_verses_staff_insert ON public.daily_verses FOR INSERT TO authenticated
  WITH CHECK ((SELECT auth.has_permission('manage_content')));

CREATE POLICY daily_verses_staff_update ON public.daily_verses FOR UPDATE TO authenticated
  USING ((SELECT auth.has_permission('manage_content')))
  WITH CHECK ((SELECT auth.has_permission('manage_content')));

CREATE POLICY daily_verses_staff_delete ON public.daily_verses FOR DELETE TO authenticated
  USING ((SELECT auth.has_permission('manage_content')));
