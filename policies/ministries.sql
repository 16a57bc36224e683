-- ministries: anyone reads active ministries (/ministries); staff with manage_content read every
-- ministry, inactive ones included, and create, edit and delete them (church content, like
-- leaders and departments).

GRANT SELECT ON public.ministries TO anon, authenticated;
GRANT INSERT (name, category, description, leader, leader_id, contact, phone, meeting_time,
              location, activities, icon, color, image, detailed_description, mission,
              volunteer_opportunities, resources, photo_gallery, schedule, display_order,
              is_active, name_sw, description_sw, meeting_time_sw, location_sw, activities_sw),
      UPDATE (name, category, description, leader, leader_id, contact, phone, meeting_time,
              location, activities, icon, color, image, detailed_description, mission,
              volunteer_opportunities, resources, photo_gallery, schedule, display_order,
              is_active, name_sw, description_sw, meeting_time_sw, location_sw, activities_sw),
      DELETE
  ON public.ministries TO authenticated;

CREATE POLICY ministries_read_active ON public.ministries FOR SELECT TO anon, authenticated
  USING (is_active);

CREATE POLICY ministries_staff_read ON public.ministries FOR SELECT TO authenticated
  USING ((SELECT auth.has_permission('manage_content')));

CREATE POLICY ministries_staff_insert ON public.ministries FOR INSERT TO authenticated
  WITH CHECK ((SELECT auth.has_permission('manage_content')));

CREATE POLICY ministries_staff_update ON public.ministries FOR UPDATE TO authenticated
  USING ((SELECT auth.has_permission('manage_content')))
  WITH CHECK ((SELECT auth.has_permission('manage_content')));

CREATE POLICY ministries_staff_delete ON public.ministries FOR DELETE TO authenticated
  USING ((SELECT auth.has_permission('manage_content')));
