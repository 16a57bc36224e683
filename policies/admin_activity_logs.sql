-- admin_activity_logs: the audit trail, append-only through the API.
--   insert  any active signed-in user with a role (rank >= 1: MEMBER and up) records an action:
--           only action and details are theirs to give. The trigger
--           admin_activity_logs_stamp (migration 0006) stamps admin_id (the caller), ip_address
--           (the real client IP) and user_agent, so a log line cannot be forged in anyone's
--           name. Insert with Prefer: return=minimal unless you can also read the log.
--           Every caller's actions are logged (by these inserts, by the content triggers of
--           migration 0010 and by the server), whoever may read them.
--   read    SUPER_ADMIN rank with view_audit_logs. Activity Logs is a Super Admin screen
--           (back-office §2.15, the admin route table) and its data follows the screen
--           (decision of issue 13): an ADMIN holding view_audit_logs by the §6.3 defaults, or a
--           profile given it in its own list, does not read the log below rank 6.
--   update, delete
--           nobody: no grant and no policy, for SUPER_ADMIN too. Only the server (owner or
--           service_role) can touch a written line, e.g. a retention job.

GRANT INSERT (action, details) ON public.admin_activity_logs TO authenticated;
GRANT SELECT ON public.admin_activity_logs TO authenticated;

CREATE POLICY admin_activity_logs_staff_insert ON public.admin_activity_logs FOR INSERT
  TO authenticated
  WITH CHECK ((SELECT auth.rank()) >= 1 AND admin_id = (SELECT auth.uid()));

CREATE POLICY admin_activity_logs_auditor_read ON public.admin_activity_logs FOR SELECT
  TO authenticated
  USING ((SELECT auth.rank()) >= 6 AND (SELECT auth.has_permission('view_audit_logs')));
