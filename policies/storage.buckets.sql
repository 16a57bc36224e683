-- storage.buckets: the buckets and their limits. Staff who work with files read them (the
-- bucket endpoints GET /storage/v1/bucket[/{id}]): a content permission (they upload into
-- public/) or a communication permission (they read the request attachments). Nobody changes
-- a bucket through the API: buckets come from migrations (church-files: 0008).
--
-- The storage API reads a bucket's limits with its own connection before an upload, so
-- anonymous uploads need no right here.

GRANT SELECT ON storage.buckets TO authenticated;

CREATE POLICY buckets_staff_read ON storage.buckets FOR SELECT TO authenticated
  USING ((SELECT auth.has_any_permission('manage_content', 'manage_sermons', 'manage_events',
                                         'manage_announcements', 'send_communications',
                                         'manage_communications', 'send_sms', 'send_emails')));
