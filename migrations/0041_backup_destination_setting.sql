-- 0041 The backup destination set in System Settings (issue 34).
--
-- `backup_destination` (Settings → Backups): file:///path (a folder on another disk) or
-- s3://bucket/prefix; empty = the folder beside the data dir. KANISA_BACKUP_URL, when the
-- server has it, comes first (kanisa-backup's Destinations). The encryption key and any S3
-- credentials stay in the server's environment. Every instance reads the setting on each
-- shipping pass, so a change is followed without a restart:
-- * kanisa.backups.destination: where each backup went. The scheduled check counts only the
--   backups at the destination in use, so a new destination gets its first base backup at
--   once; a change of the setting queues that check now (kanisa.backup_destination_changed).
-- * kanisa.backup_archive.source: where the destination in use was named, for Settings.
-- Moments before the change stay restorable from the old destination (`kanisa restore --from`).

ALTER TABLE kanisa.backups ADD COLUMN destination text;
COMMENT ON COLUMN kanisa.backups.destination IS
  'Where the backup went (the destination''s address); NULL for a dump kept in the local folder before 0039.';
-- What is known of earlier backups: a dump's details say where it went; base backups went to
-- where the archive ships (there was one destination before this migration).
UPDATE kanisa.backups b
   SET destination = coalesce(b.details ->> 'destination',
                              CASE WHEN b.kind = 'base'
                                   THEN (SELECT a.destination FROM kanisa.backup_archive a) END);

ALTER TABLE kanisa.backup_archive ADD COLUMN source text NOT NULL DEFAULT 'default'
  CONSTRAINT backup_archive_source_check CHECK (source IN ('environment', 'settings', 'default'));
COMMENT ON COLUMN kanisa.backup_archive.source IS
  'Where the destination in use was named: KANISA_BACKUP_URL (environment), System Settings (settings), or neither (default: beside the data dir).';

INSERT INTO public.system_settings (key, value, category, is_public, is_secret, description) VALUES
  ('backup_destination', 'null', 'security', false, false,
   'Where backups go: file:///path (a folder on another disk) or s3://bucket/prefix; empty: a folder beside the data dir. KANISA_BACKUP_URL, when set on the server, comes first')
ON CONFLICT (key) DO NOTHING;

-- Refuses an address that names no destination, with the field's message (22023, as the
-- numeric settings' rules). The server checks the rest (a folder inside the data dir, whether
-- the place answers) and Settings shows what it found.
CREATE FUNCTION kanisa.check_backup_destination() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  raw text := btrim(NEW.value #>> '{}');
BEGIN
  IF NEW.value IS NULL OR jsonb_typeof(NEW.value) = 'null' OR raw = '' THEN
    NEW.value := 'null'::jsonb;
    RETURN NEW;
  END IF;
  IF jsonb_typeof(NEW.value) <> 'string' OR length(raw) > 500
     OR raw !~ '^(file:///[^[:space:]]+|s3://[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](/[^[:space:]]*)?)$' THEN
    RAISE EXCEPTION USING ERRCODE = '22023',
      MESSAGE = 'Backup destination must be a folder as file:///path or a bucket as s3://bucket/prefix',
      DETAIL = 'setting backup_destination';
  END IF;
  NEW.value := to_jsonb(raw);
  RETURN NEW;
END
$$;
CREATE TRIGGER system_settings_check_backup_destination
  BEFORE INSERT OR UPDATE OF value ON public.system_settings
  FOR EACH ROW WHEN (NEW.key = 'backup_destination')
  EXECUTE FUNCTION kanisa.check_backup_destination();

-- A new destination: the backup check runs now (it finds no base backup there and takes one),
-- and the change is in the activity log.
CREATE FUNCTION kanisa.backup_destination_changed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.value IS NOT DISTINCT FROM NEW.value THEN
    RETURN NULL;
  END IF;
  PERFORM kanisa.enqueue('scheduled_backup',
                         'scheduled_backup:destination:' || clock_timestamp()::text);
  INSERT INTO public.admin_activity_logs (admin_id, action, details)
  VALUES (auth.uid(), 'system_maintenance',
          jsonb_build_object('task', 'backup_destination',
                             'from', CASE WHEN TG_OP = 'UPDATE' THEN OLD.value #>> '{}' END,
                             'to', NEW.value #>> '{}'));
  RETURN NULL;
END
$$;
CREATE TRIGGER system_settings_backup_destination_changed
  AFTER INSERT OR UPDATE OF value ON public.system_settings
  FOR EACH ROW WHEN (NEW.key = 'backup_destination')
  EXECUTE FUNCTION kanisa.backup_destination_changed();

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
                            'kind', b.kind, 'destination', b.destination)
    INTO last_one
    FROM kanisa.backups b ORDER BY b.started_at DESC, b.id DESC LIMIT 1;
  SELECT max(b.finished_at) INTO last_good FROM kanisa.backups b WHERE b.ok;
  SELECT coalesce(s.value #>> '{}', 'daily') INTO frequency
    FROM public.system_settings s WHERE s.key = 'backup_frequency';
  SELECT jsonb_build_object('destination', a.destination, 'on_this_machine', a.on_this_machine,
                            'encrypted', a.encrypted, 'source', a.source,
                            'base_here', EXISTS (SELECT 1 FROM kanisa.backups b
                                                  WHERE b.ok AND b.kind = 'base'
                                                    AND b.destination = a.destination),
                            'last_segment', a.last_segment,
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
  'The backups as a Super Admin sees them on Settings: frequency, how many are kept and for how many days, the last attempt (time, kind, file, size, ok or its error), the last success, when the next is due, the continuous archive (destination, where it was named: environment, settings or default, whether a base backup is there yet, on this machine or not, encrypted, the last segment stored and when, the last error), with DATABASE_URL the last dump stored at the destination, the last drill and whether one is waiting.';
