-- messages: contact messages and request submissions for church leadership (Communication Hub).
--   anon        inserts a message with the public forms' columns only; it cannot read any
--               message back (send with Prefer: return=minimal) and cannot set status, source,
--               read_at, email_sent_at, email_error, email_simulated or completed_at: those
--               columns are not granted, so a new message is pending, from the website.
--   signed in   an active user may send the same public-form message (the public site can run
--               with a staff session in the browser), and reads the messages they sent
--               (sender_id, stamped from the token: the member portal's My requests).
--   staff       send_communications, manage_communications, send_sms or send_emails (the
--               Communication entry, back-office §2.4) read every message, record admin-entered
--               messages (source 'admin'), and update their handling: status, read_at,
--               email_sent_at, email_error, completed_at (Mark Complete, mark read, "sent"
--               after answering by e-mail), and priority and department (re-routing).
--               Only manage_communications deletes a message (spam).
--   scoped      a MINISTRY_LEADER or DEPARTMENT_HEAD (scoped roles, migration 0028) holding
--               one of those permissions reads, handles and deletes only the messages
--               addressed to their ministries and departments: department naming one of the
--               ministries or departments their account is linked to (the public Contact
--               Department form sends the department's name). Counselling, visitation, prayer
--               and the office's messages are not theirs (issue 31, finding 5). They may still
--               record an admin-entered message (they cannot read it back unless it is theirs).
--               A re-routed message must stay in their scope.
-- Decisions: the request forms' department codes (youth, womens, …) are not names and match
-- no scope: those messages are department reports to the Church Secretary, not to the head.
-- ELDER keeps every message (back-office §6.2: "pastoral care").
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

-- A signed-in sender reads their own messages with their status (the member portal's My
-- requests): sender_id is stamped from the token on insert (migration 0058).
CREATE POLICY messages_read_own ON public.messages FOR SELECT TO authenticated
  USING (sender_id = (SELECT auth.uid()) AND (SELECT auth.is_active()));

CREATE POLICY messages_staff_read ON public.messages FOR SELECT TO authenticated
  USING ((SELECT auth.has_any_permission('send_communications', 'manage_communications',
                                         'send_sms', 'send_emails'))
         AND NOT (SELECT auth.is_scoped()));

CREATE POLICY messages_scoped_read ON public.messages FOR SELECT TO authenticated
  USING ((SELECT auth.has_any_permission('send_communications', 'manage_communications',
                                         'send_sms', 'send_emails'))
         AND (SELECT auth.is_scoped())
         AND department = ANY ((SELECT auth.scope_names())::text[]));

CREATE POLICY messages_staff_update ON public.messages FOR UPDATE TO authenticated
  USING ((SELECT auth.has_any_permission('send_communications', 'manage_communications',
                                         'send_sms', 'send_emails'))
         AND (NOT (SELECT auth.is_scoped())
              OR department = ANY ((SELECT auth.scope_names())::text[])))
  WITH CHECK ((SELECT auth.has_any_permission('send_communications', 'manage_communications',
                                              'send_sms', 'send_emails'))
              AND (NOT (SELECT auth.is_scoped())
                   OR department = ANY ((SELECT auth.scope_names())::text[])));

CREATE POLICY messages_staff_delete ON public.messages FOR DELETE TO authenticated
  USING ((SELECT auth.has_permission('manage_communications'))
         AND (NOT (SELECT auth.is_scoped())
              OR department = ANY ((SELECT auth.scope_names())::text[])));
