-- departments: anyone reads active departments (/departments); staff with manage_content read
-- every department and create, edit and delete them. The specifications name no screen for
-- departments; they are church content like the leaders they link, so the same permission
-- governs them.

GRANT SELECT ON public.departments TO anon, authenticated;
GRANT INSERT (name, category, description, head, head_id, contact, phone, responsibilities, icon,
              color, display_order, is_active, name_sw, description_sw, responsibilities_sw),
      UPDATE (name, category, description, head, head_id, contact, phone, responsibilities, icon,
              color, display_order, is_active, name_sw, description_sw, responsibilities_sw),
      DELETE
  ON public.departments TO authenticated;

CREATE POLICY departments_read_active ON public.departments FOR SELECT TO anon, authenticated
  USING (is_active);

CREATE POLICY departments_staff_read ON public.departments FOR SELECT TO authenticated
  USING ((SELECT auth.has_permission('manage_content')));

CREATE POLICY departments_staff_insert ON public.departments FOR INSERT TO authenticated
  WITH CHECK ((SELECT auth.has_permission('manage_content')));

CREATE POLICY departments_staff_update ON public.departments FOR UPDATE TO authenticated
  USING ((SELECT auth.has_permission('manage_content')))
  WITH CHECK ((SELECT auth.has_permission('manage_content')));

CREATE POLICY departments_staff_delete ON public.departments FOR DELETE TO authenticated
  USING ((SELECT auth.has_permission('manage_content')));
