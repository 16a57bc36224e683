-- system_settings: the church's configuration by key.
--   read    anyone (anon and signed in) reads the public rows (is_public: church identity,
--           contacts, service times, office hours, giving details). SUPER_ADMIN rank with the
--           system_settings permission (Settings, back-office §2.16) reads every row: the
--           Settings screen is a Super Admin screen and its data follows the screen (decision
--           of issue 13), so system_settings in a lower profile's own list opens nothing.
--           Secret rows (is_secret: SMTP password, SMS key, payment keys) are never public, and
--           their values are not in this table at all: the trigger
--           system_settings_divert_secret (migration 0006) moves them to
--           kanisa.secret_settings, which no API role can read, and leaves a marker
--           (null = not configured, "********" = configured). Saving the marker back keeps
--           the stored secret.
--   write   SUPER_ADMIN rank with system_settings saves settings as the back office does: an upsert on
--           key with {key, value, updated_by} (INSERT + SELECT + UPDATE). Only value and
--           updated_by change on an existing key; category, is_public, is_secret and
--           description are fixed by the settings registry (migration 0002) and not granted,
--           so a key's visibility can never be changed through the API. A new key starts
--           private and not secret.
--   delete  nobody through the API (every key belongs to the registry).
-- updated_by must be the caller (or NULL) when a row is inserted; the upsert's insert check
-- covers the back office's save.

GRANT SELECT ON public.system_settings TO anon, authenticated;
GRANT INSERT (key, value, updated_by),
      UPDATE (value, updated_by)
  ON public.system_settings TO authenticated;

CREATE POLICY system_settings_read_public ON public.system_settings FOR SELECT
  TO anon, authenticated
  USING (is_public AND NOT is_secret);

CREATE POLICY system_settings_staff_read ON public.system_settings FOR SELECT TO authenticated
  USING ((SELECT auth.rank()) >= 6 AND (SELECT auth.has_permission('system_settings')));

CREATE POLICY system_settings_staff_insert ON public.system_settings FOR INSERT TO authenticated
  WITH CHECK ((SELECT auth.rank()) >= 6 AND (SELECT auth.has_permission('system_settings'))
              AND (updated_by IS NULL OR updated_by = (SELECT auth.uid())));

CREATE POLICY system_settings_staff_update ON public.system_settings FOR UPDATE TO authenticated
  USING ((SELECT auth.rank()) >= 6 AND (SELECT auth.has_permission('system_settings')))
  WITH CHECK ((SELECT auth.rank()) >= 6 AND (SELECT auth.has_permission('system_settings')));
