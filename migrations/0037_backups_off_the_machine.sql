-- Backups off the machine (issue 34): the managed cluster archives its write-ahead log
-- continuously and kanisa-backup ships it, base backups and the stored files to the backup
-- destination (KANISA_BACKUP_URL: a folder or an S3 bucket), from which `kanisa restore --at`
-- rebuilds any moment.
--
-- kanisa.backups now records base backups too (kind 'base': `file` names base/<label> at the
-- destination, `details` its WAL range); kanisa.backup_archive is the shipper's one row of
-- state (the loss a crash now would cause is the time since its last segment was stored);
-- kanisa.backup_file_copies remembers which stored file versions are at which destination;
-- kanisa.backup_drills records each drill (a restore into a scratch cluster compared with the
-- live database). None of them is reachable by an API role; get_backup_status() reads them
-- for Settings, request_backup_drill() queues a drill on demand.

ALTER TABLE kanisa.backups
  ADD COLUMN kind text NOT NULL DEFAULT 'dump',
  ADD COLUMN details jsonb,
  ADD CONSTRAINT backups_kind_check CHECK (kind IN ('dump', 'base'));

CREATE TABLE kanisa.backup_archive (
  id               boolean     NOT NULL DEFAULT true,
  destination      text        NOT NULL,
  on_this_machine  boolean     NOT NULL,
  encrypted        boolean     NOT NULL,
  last_segment     text,
  last_shipped_at  timestamptz,
  last_pass_at     timestamptz,
  last_error       text,
  last_error_at    timestamptz,
  CONSTRAINT backup_archive_pkey PRIMARY KEY (id),
  CONSTRAINT backup_archive_one_row CHECK (id)
);
COMMENT ON TABLE kanisa.backup_archive IS
  'The WAL shipper''s state (one row): where it ships, the last segment stored and when, its last pass and its last error.';

CREATE TABLE kanisa.backup_file_copies (
  destination text        NOT NULL,
  version     uuid        NOT NULL,
  copied_at   timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT backup_file_copies_pkey PRIMARY KEY (destination, version)
);
COMMENT ON TABLE kanisa.backup_file_copies IS
  'Which stored file versions (storage.objects.version) have been copied to which backup destination.';

CREATE TABLE kanisa.backup_drills (
  id          bigint      GENERATED ALWAYS AS IDENTITY,
  started_at  timestamptz NOT NULL,
  finished_at timestamptz NOT NULL DEFAULT now(),
  ok          boolean     NOT NULL,
  report      jsonb,
  error       text,
  CONSTRAINT backup_drills_pkey PRIMARY KEY (id),
  CONSTRAINT backup_drills_failure_says_why CHECK (ok OR error IS NOT NULL)
);
CREATE INDEX backup_drills_finished_at_idx ON kanisa.backup_drills (finished_at DESC);
COMMENT ON TABLE kanisa.backup_drills IS
  'Every backup drill: when, whether the restored database equalled the live one, its report (base backup, tables, rows, files, mismatches) or why it failed.';

-- A drill now, from Settings: the backup_drill job (kanisa-functions' backups feature), one
-- waiting at a time.
CREATE FUNCTION public.request_backup_drill()
RETURNS jsonb
LANGUAGE plpgsql
VOLATILE
SECURITY DEFINER
SET search_path = ''
AS $$
DECLARE
  queued record;
BEGIN
  IF auth.rank() < 6 OR NOT auth.has_permission('system_settings') THEN
    RAISE EXCEPTION 'A backup drill needs a Super Admin with the system_settings permission'
      USING ERRCODE = '42501';
  END IF;
  -- A drill due now or running (the periodic check's next slot, queued for later, is not one).
  IF EXISTS (SELECT 1 FROM kanisa.jobs j
              WHERE j.kind = 'backup_drill'
                AND (j.state = 'running' OR (j.state = 'queued' AND j.run_at <= now()))) THEN
    RETURN jsonb_build_object('queued', false);
  END IF;
  SELECT * INTO queued
    FROM kanisa.enqueue('backup_drill', 'backup_drill:requested:' || clock_timestamp()::text,
                        '{"requested": true}'::jsonb, NULL, 1);
  INSERT INTO public.admin_activity_logs (admin_id, action, details)
  VALUES (auth.uid(), 'system_maintenance',
          jsonb_build_object('task', 'backup_drill', 'requested', true));
  RETURN jsonb_build_object('queued', queued.created);
END
$$;
REVOKE ALL ON FUNCTION public.request_backup_drill() FROM PUBLIC;
COMMENT ON FUNCTION public.request_backup_drill() IS
  'Queues a backup drill now (Settings → Backups; a Super Admin with system_settings). queued is false when one is already waiting.';

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
  RETURN jsonb_build_object(
    'frequency', coalesce(frequency, 'daily'),
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
  'The backups as a Super Admin sees them on Settings: frequency, how many are kept, the last attempt (time, kind, file, size, ok or its error), the last success, when the next is due, the continuous archive (destination, on this machine or not, encrypted, the last segment stored and when, the last error), the last drill and whether one is waiting.';
