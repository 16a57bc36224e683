-- message_templates: the senders' own tools (saved, listed, edited and used: spec README item
-- 6). Staff with send_communications, manage_communications, send_sms or send_emails read,
-- create, edit and delete them; nobody else sees them.
-- created_by is written on insert only, and only as the caller's own id (or left NULL).

GRANT SELECT ON public.message_templates TO authenticated;
GRANT INSERT (name, type, content, category, is_active, created_by),
      UPDATE (name, type, content, category, is_active),
      DELETE
  ON public.message_templates TO authenticated;

CREATE POLICY message_templates_staff_read ON public.message_templates FOR SELECT TO authenticated
  USING ((SELECT auth.has_any_permission('send_communications', 'manage_communications',
                                         'send_sms', 'send_emails')));

CREATE POLICY message_templates_staff_insert ON public.message_templates FOR INSERT
  TO authenticated
  WITH CHECK ((SELECT auth.has_any_permission('send_communications', 'manage_communications',
                                              'send_sms', 'send_emails'))
              AND (created_by IS NULL OR created_by = (SELECT auth.uid())));

CREATE POLICY message_templates_staff_update ON public.message_templates FOR UPDATE
  TO authenticated
  USING ((SELECT auth.has_any_permission('send_communications', 'manage_communications',
                                         'send_sms', 'send_emails')))
  WITH CHECK ((SELECT auth.has_any_permission('send_communications', 'manage_communications',
                                              'send_sms', 'send_emails')));

CREATE POLICY message_templates_staff_delete ON public.message_templates FOR DELETE
  TO authenticated
  USING ((SELECT auth.has_any_permission('send_communications', 'manage_communications',
                                         'send_sms', 'send_emails')));
