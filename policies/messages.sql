-- messages: contact messages and request submissions for church leadership (Communication Hub).
--   anon        inserts a message with the public forms' columns only; it cannot read any
--               message back (send with Prefer: return=minimal) and cannot set status, source,
--               read_at, email_sent_at, email_error, email_simulated or completed_at: those
--               columns are not granted, so a new message is pending, from the website.
--   signed in   an active user may send the same public-form message (the public site can run
--               with a staff session in the browser).
--   staff       send_communications, manage_communications, send_sms or send_emails (the
--               Communication entry, back-office §2.4) read every message, record admin-entered
--               messages (source 'admin'), and update their handling: status, read_at,
--               email_sent_at, email_error, completed_at (Mark Complete, mark read, "sent"
--               after answering by e-mail), and priority and department (re-routing).
--               Only manage_communications deletes a message (spam).
-- email_simulated is set by the server's mailer alone (demo mode, spec README item 19).
-- The RPC functions get_messages, get_message_stats, update_message_status and
-- mark_message_read are SECURITY INVOKER: these same policies decide what they see and change.

GRANT INSERT (subject, message, sender_name, sender_email, sender_phone, recipient_name,
              recipient_role, recipient_email, department, submission_type, attachments,
              priority)
  ON public.messages TO anon;
GRANT INSERT (subject, message, sender_name, sender_email, sender_phone, recipient_name,
              recipient_role, recipient_email, department, submission_type, attachments,
              priority, source),
      SELECT,
      UPDATE (status, read_at, email_sent_at, email_error, completed_at, priority, department),
      DELETE
  ON public.messages TO authenticated;

CREATE POLICY messages_public_insert ON public.messages FOR INSERT TO anon
  WITH CHECK (status = 'pending' AND source = 'website');

CREATE POLICY messages_member_insert ON public.messages FOR INSERT TO authenticated
  WITH CHECK ((SELECT auth.is_active()) AND status = 'pending' AND source = 'website');

CREATE POLICY messages_staff_insert ON public.messages FOR INSERT TO authenticated
  WITH CHECK ((SELECT auth.has_any_permission('send_communications', 'manage_communications',
                                              'send_sms', 'send_emails'))
              AND status = 'pending');

CREATE POLICY messages_staff_read ON public.messages FOR SELECT TO authenticated
  USING ((SELECT auth.has_any_permission('send_communications', 'manage_communications',
                                         'send_sms', 'send_emails')));

CREATE POLICY messages_staff_update ON public.messages FOR UPDATE TO authenticated
  USING ((SELECT auth.has_any_permission('send_communications', 'manage_communications',
                                         'send_sms', 'send_emails')))
  WITH CHECK ((SELECT auth.has_any_permission('send_communications', 'manage_communications',
                                              'send_sms', 'send_emails')));

CREATE POLICY messages_staff_delete ON public.messages FOR DELETE TO authenticated
  USING ((SELECT auth.has_permission('manage_communications')));
