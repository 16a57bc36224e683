-- storage.objects: the files of the church-files bucket, folder by folder (spec README points
-- 12 and 13; public-site §5 and §7). The storage API (crates/kanisa-storage) runs every
-- metadata statement as the caller, so these policies decide every upload, download, signed
-- link, listing and delete; the bytes are only ever reached through a row they let through.
--
--   public/       anyone (anon and signed in) reads: sermon notes, hero images, leader photos.
--                 Staff with a content permission (manage_content, manage_sermons,
--                 manage_events, manage_announcements) upload, replace (x-upsert) and delete.
--   submissions/, reports/, maintenance/
--                 the request forms' attachments. Anyone uploads — anon, or a signed-in user
--                 with an active profile (as messages_member_insert) — but only under a
--                 server-made name (13-digit milliseconds, '-', 12 characters [0-9a-z], '.',
--                 the original extension), checked here as well as by the storage API; the
--                 client's own file name is kept in metadata.originalName. Those names never
--                 repeat, so nobody replaces one (no UPDATE policy).
--                 Read only by the staff who read the messages the attachments belong to
--                 (send_communications, manage_communications, send_sms, send_emails: the
--                 Communication Hub, exactly as messages_staff_read), in the back office through
--                 short-lived signed links; anyone else gets 403, even with the exact path.
--                 Deleted only by manage_communications (as messages_staff_delete).
--                 Scoped roles (MINISTRY_LEADER, DEPARTMENT_HEAD; migration 0028) read and
--                 delete none: the messages they read (Contact Department) carry no
--                 attachments, and the folders hold every request's files (issue 31,
--                 finding 5). Should that change, map an object through its message.
--   anything else in church-files, and any other bucket: the server only (service_role).
--
-- Decisions the specifications leave open:
-- - One mapping for the three request folders: they all arrive as Communication Hub messages
--   (reports as Department Reports, maintenance as Facility Issues), so whoever reads the
--   message reads its attachments.
-- - Any content permission covers all of public/ (no per-subfolder split between sermon notes,
--   event and leader images): the content staff share one library.
-- - Limits (10 MB; maintenance photos 5 MB and images only) live in storage.buckets and
--   storage.folders and are enforced by the storage API while it streams the bytes.
-- - The public's uploads into the request folders are also limited per client address and in
--   all, per hour and per day (files and megabytes; migration 0047): counted before the body by
--   auth.begin_upload, and the row's size by a trigger on this table, as the caller.
--
-- INSERT needs no SELECT policy here: the storage API never reads a new row back (the object's
-- id is its first version, see migration 0008). An upsert (x-upsert: true) is INSERT … ON
-- CONFLICT DO UPDATE and needs the SELECT and UPDATE policies too: only content staff on
-- public/ have all three.
-- id, owner (auth.uid() by default), created_at, updated_at are stamped by the database and
-- never granted.

GRANT SELECT ON storage.objects TO anon, authenticated;
GRANT INSERT (bucket_id, name, version, size, mime_type, cache_control, etag, metadata)
  ON storage.objects TO anon, authenticated;
GRANT UPDATE (version, size, mime_type, cache_control, etag, metadata),
      DELETE
  ON storage.objects TO authenticated;

CREATE POLICY objects_read_public ON storage.objects FOR SELECT TO anon, authenticated
  USING (bucket_id = 'church-files' AND name LIKE 'public/%');

CREATE POLICY objects_request_insert ON storage.objects FOR INSERT TO anon
  WITH CHECK (bucket_id = 'church-files'
              AND name ~ '^(submissions|reports|maintenance)/[0-9]{13}-[0-9a-z]{12}\.[0-9a-z]{1,10}$');

CREATE POLICY objects_member_request_insert ON storage.objects FOR INSERT TO authenticated
  WITH CHECK ((SELECT auth.is_active())
              AND bucket_id = 'church-files'
              AND name ~ '^(submissions|reports|maintenance)/[0-9]{13}-[0-9a-z]{12}\.[0-9a-z]{1,10}$');

CREATE POLICY objects_staff_request_read ON storage.objects FOR SELECT TO authenticated
  USING (bucket_id = 'church-files'
         AND name ~ '^(submissions|reports|maintenance)/'
         AND (SELECT auth.has_any_permission('send_communications', 'manage_communications',
                                             'send_sms', 'send_emails'))
         AND NOT (SELECT auth.is_scoped()));

CREATE POLICY objects_staff_request_delete ON storage.objects FOR DELETE TO authenticated
  USING (bucket_id = 'church-files'
         AND name ~ '^(submissions|reports|maintenance)/'
         AND (SELECT auth.has_permission('manage_communications'))
         AND NOT (SELECT auth.is_scoped()));

CREATE POLICY objects_content_insert ON storage.objects FOR INSERT TO authenticated
  WITH CHECK (bucket_id = 'church-files' AND name LIKE 'public/%'
              AND (SELECT auth.has_any_permission('manage_content', 'manage_sermons',
                                                  'manage_events', 'manage_announcements')));

CREATE POLICY objects_content_update ON storage.objects FOR UPDATE TO authenticated
  USING (bucket_id = 'church-files' AND name LIKE 'public/%'
         AND (SELECT auth.has_any_permission('manage_content', 'manage_sermons',
                                             'manage_events', 'manage_announcements')))
  WITH CHECK (bucket_id = 'church-files' AND name LIKE 'public/%'
              AND (SELECT auth.has_any_permission('manage_content', 'manage_sermons',
                                                  'manage_events', 'manage_announcements')));

CREATE POLICY objects_content_delete ON storage.objects FOR DELETE TO authenticated
  USING (bucket_id = 'church-files' AND name LIKE 'public/%'
         AND (SELECT auth.has_any_permission('manage_content', 'manage_sermons',
                                             'manage_events', 'manage_announcements')));
