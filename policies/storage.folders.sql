-- storage.folders: per-folder rules of a bucket (server-made names, narrower limits). Read by
-- the same staff as storage.buckets; changed only by migrations. The storage API reads them
-- with its own connection, so uploads need no right here.

GRANT SELECT ON storage.folders TO authenticated;

CREATE POLICY folders_staff_read ON storage.folders FOR SELECT TO authenticated
  USING ((SELECT auth.has_any_permission('manage_content', 'manage_sermons', 'manage_events',
                                         'manage_announcements', 'send_communications',
                                         'manage_communications', 'send_sms', 'send_emails')));
