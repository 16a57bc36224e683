-- 0007 policy indexes: an index for every column a row-level policy filters on (policies/),
-- where migration 0002 did not already provide one.
--
-- Already covered by 0002 (the leading column of a btree, or the predicate of a partial index):
--   sermons.is_published, events.is_published     *_published_*_idx WHERE is_published
--   church_leaders, departments, ministries,
--   sermon_series .is_active                      *_idx ... WHERE is_active
--   system_settings.is_public                     system_settings_public_idx WHERE is_public
--   members.user_id                               members_user_id_key (unique)
--   prayer_requests.requester_id                  prayer_requests_requester_id_idx
--   users.id                                      users_pkey
--   announcements.end_date                        announcements_end_date_idx WHERE is_published
-- New here:
--   announcements.start_date: the public read policy shows a published announcement only from
--   its start_date (Africa/Nairobi) on.

CREATE INDEX announcements_start_date_idx ON public.announcements (start_date)
  WHERE is_published;
