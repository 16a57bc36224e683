-- church_leaders: anyone reads active leaders (About, Ministries, the recipient lookup of the
-- request forms); staff with manage_content (the Leaders entry of the back office) read every
-- leader, removed ones included, and add, edit, reorder, remove (is_active false) and delete
-- them.

GRANT SELECT ON public.church_leaders TO anon, authenticated;
GRANT INSERT (name, position, category, email, phone, bio, years_of_service, specialties,
              position_sw, bio_sw, specialties_sw, title,
              display_order, is_active),
      UPDATE (name, position, category, email, phone, bio, years_of_service, specialties,
              position_sw, bio_sw, specialties_sw, title,
              display_order, is_active),
      DELETE
  ON public.church_leaders TO authenticated;

CREATE POLICY church_leaders_read_active ON public.church_leaders FOR SELECT TO anon, authenticated
  USING (is_active);

CREATE POLICY church_leaders_staff_read ON public.church_leaders FOR SELECT TO authenticated
  USING ((SELECT auth.has_permission('manage_content')));

CREATE POLICY church_leaders_staff_insert ON public.church_leaders FOR INSERT TO authenticated
  WITH CHECK ((SELECT auth.has_permission('manage_content')));

CREATE POLICY church_leaders_staff_update ON public.church_leaders FOR UPDATE TO authenticated
  USING ((SELECT auth.has_permission('manage_content')))
  WITH CHECK ((SELECT auth.has_permission('manage_content')));

CREATE POLICY church_leaders_staff_delete ON public.church_leaders FOR DELETE TO authenticated
  USING ((SELECT auth.has_permission('manage_content')));
