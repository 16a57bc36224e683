-- 0039 Backups kept by days, and dumps off the machine (issue 34).
--
-- Besides the newest `backup_keep`, every backup needed to restore any moment of the last
-- `backup_keep_days` days stays (0, the default: by count alone); kanisa-backup's Retention
-- applies both when a scheduled backup prunes.
--
-- With DATABASE_URL the scheduled dumps go to the backup destination (dumps/…) with copies of
-- the stored files, and kanisa.backups.details says where; get_backup_status() adds the last
-- such dump (`dumps`) and `keep_days` for Settings.

INSERT INTO public.system_settings (key, value, category, is_public, is_secret, description) VALUES
  ('backup_keep_days', '0', 'security', false, false,
   'Days any moment of which stays restorable (0-3650; 0 keeps by count alone); backups older than that, beyond the newest kept, are deleted')
ON CONFLICT (key) DO NOTHING;

INSERT INTO kanisa.setting_rules (key, label, kind, min, max) VALUES
  ('backup_keep_days', 'Days of backups kept', 'integer', 0, 3650)
ON CONFLICT (key) DO NOTHING;

CREATE OR REPLACE FUNCTION public.get_backup_status()
RETURNS jsonb
LANGUAGE plpgsql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
DECLARE
  last_one jsonb;
  last_good timestamptz;
  frequency text;
  archive jsonb;
  drill jsonb;
  dumps jsonb;
BEGIN
  IF auth.rank() < 6 OR NOT auth.has_permission('system_settings') THEN
    RAISE EXCEPTION 'The backup status needs a Super Admin with the system_settings permission'
      USING ERRCODE = '42501';
  END IF;
  SELECT jsonb_build_object('started_at', b.started_at, 'finished_at', b.finished_at, 'ok', b.ok,
                            'file', b.file, 'size_bytes', b.size_bytes, 'error', b.error,
                            'kind', b.kind)
    INTO last_one
    FROM kanisa.backups b ORDER BY b.started_at DESC, b.id DESC LIMIT 1;
  SELECT max(b.finished_at) INTO last_good FROM kanisa.backups b WHERE b.ok;
  SELECT coalesce(s.value #>> '{}', 'daily') INTO frequency
    FROM public.system_settings s WHERE s.key = 'backup_frequency';
  SELECT jsonb_build_object('destination', a.destination, 'on_this_machine', a.on_this_machine,
                            'encrypted', a.encrypted, 'last_segment', a.last_segment,
                            'last_shipped_at', a.last_shipped_at, 'last_pass_at', a.last_pass_at,
                            'last_error', a.last_error, 'last_error_at', a.last_error_at)
    INTO archive
    FROM kanisa.backup_archive a;
  SELECT jsonb_build_object('started_at', d.started_at, 'finished_at', d.finished_at, 'ok', d.ok,
                            'error', d.error, 'tables', d.report -> 'tables',
                            'rows', d.report -> 'rows', 'files', d.report -> 'files',
                            'base', d.report ->> 'base')
    INTO drill
    FROM kanisa.backup_drills d ORDER BY d.finished_at DESC, d.id DESC LIMIT 1;
  -- With DATABASE_URL: where the last stored dump went (kanisa-functions' DumpBackups).
  SELECT b.details || jsonb_build_object('file', b.file, 'finished_at', b.finished_at)
    INTO dumps
    FROM kanisa.backups b
   WHERE b.kind = 'dump' AND b.ok AND b.details ? 'destination'
   ORDER BY b.finished_at DESC, b.id DESC LIMIT 1;
  RETURN jsonb_build_object(
    'frequency', coalesce(frequency, 'daily'),
    'keep_days', (SELECT (s.value #>> '{}')::integer FROM public.system_settings s
                   WHERE s.key = 'backup_keep_days' AND jsonb_typeof(s.value) = 'number'),
    'dumps', dumps,
    'keep', (SELECT (s.value #>> '{}')::integer FROM public.system_settings s
              WHERE s.key = 'backup_keep' AND jsonb_typeof(s.value) = 'number'),
    'last', last_one,
    'last_success_at', last_good,
    'next_due_at', CASE WHEN last_good IS NULL THEN NULL
                        ELSE last_good + CASE coalesce(frequency, 'daily')
                                           WHEN 'weekly' THEN interval '7 days'
                                           WHEN 'monthly' THEN interval '30 days'
                                           ELSE interval '1 day' END END,
    'archive', archive,
    'last_drill', drill,
    'drill_waiting', EXISTS (SELECT 1 FROM kanisa.jobs j
                              WHERE j.kind = 'backup_drill'
                                AND (j.state = 'running'
                                     OR (j.state = 'queued' AND j.run_at <= now()))));
END
$$;
COMMENT ON FUNCTION public.get_backup_status() IS
  'The backups as a Super Admin sees them on Settings: frequency, how many are kept and for how many days, the last attempt (time, kind, file, size, ok or its error), the last success, when the next is due, the continuous archive (destination, on this machine or not, encrypted, the last segment stored and when, the last error), with DATABASE_URL the last dump stored at the destination, the last drill and whether one is waiting.';
