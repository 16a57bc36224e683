-- 0046 Backups that cannot be turned against the server (issue 42).
--
-- * kanisa.backup_wal_runs: which WAL each destination holds, as runs of consecutive segments
--   (kanisa-backup's runs.rs). A destination used again after another gets the segments it
--   missed copied in; when they cannot be, kanisa.backup_wal_gap starts a new run and queues a
--   backup check, which finds no base backup in that run and takes one at once.
-- * kanisa.backups.pruned_at: a base backup whose files the retention removed.
-- * The backup key: kanisa.backup_archive says which key seals what is written (its fingerprint,
--   never the key) and whether Kanisa generated it; kanisa.backup_key_confirmations records the
--   Super Admin's word that the recovery sheet of that key is stored away from the server
--   (confirm_backup_key); Settings warns until then.
-- * Pace: destination changes (each takes a base backup at the new place) and drills asked
--   for from Settings are counted per day (backup_destination_changes_per_day,
--   backup_drills_per_day; kanisa.hit, PT429 with the time to wait).
-- * get_backup_status() adds each destination's restorable windows, the key and the limits.

CREATE TABLE kanisa.backup_wal_runs (
  destination   text        NOT NULL,
  first_segment text        NOT NULL,
  last_segment  text        NOT NULL,
  first_at      timestamptz NOT NULL DEFAULT now(),
  last_at       timestamptz NOT NULL DEFAULT now(),
  filled        integer     NOT NULL DEFAULT 0,
  CONSTRAINT backup_wal_runs_pkey PRIMARY KEY (destination, first_segment),
  CONSTRAINT backup_wal_runs_order CHECK (first_segment <= last_segment)
);
CREATE INDEX backup_wal_runs_newest ON kanisa.backup_wal_runs (destination, last_at DESC);
REVOKE ALL ON kanisa.backup_wal_runs FROM PUBLIC;
COMMENT ON TABLE kanisa.backup_wal_runs IS
  'Runs of consecutive WAL segments each backup destination holds (first and last segment, when each was stored, how many were copied in from another destination to close a gap).';

-- A new run at `destination` from `first_segment` to `last_segment`; after_gap: an earlier run
-- there ended before a gap that could not be closed, so the base backups there no longer reach
-- the present: a backup check is queued now, and the gap is logged.
CREATE FUNCTION kanisa.backup_wal_gap(destination text, first_segment text, last_segment text,
                                      after_gap boolean)
RETURNS void
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  INSERT INTO kanisa.backup_wal_runs AS r (destination, first_segment, last_segment)
  VALUES (destination, first_segment, last_segment)
  ON CONFLICT ON CONSTRAINT backup_wal_runs_pkey DO UPDATE
    SET last_segment = greatest(r.last_segment, EXCLUDED.last_segment), last_at = now();
  IF after_gap THEN
    PERFORM kanisa.enqueue('scheduled_backup',
                           'scheduled_backup:gap:' || md5(destination) || ':' || first_segment);
    INSERT INTO public.admin_activity_logs (admin_id, action, details)
    VALUES (NULL, 'system_maintenance',
            jsonb_build_object('task', 'backup_wal_gap', 'destination', destination,
                               'from_segment', first_segment));
  END IF;
END
$$;
REVOKE ALL ON FUNCTION kanisa.backup_wal_gap(text, text, text, boolean) FROM PUBLIC;

ALTER TABLE kanisa.backups ADD COLUMN pruned_at timestamptz;

ALTER TABLE kanisa.backup_archive
  ADD COLUMN key_fingerprint text,
  ADD COLUMN key_generated boolean NOT NULL DEFAULT false;

CREATE TABLE kanisa.backup_key_confirmations (
  fingerprint  text        NOT NULL,
  confirmed_by uuid,
  confirmed_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT backup_key_confirmations_pkey PRIMARY KEY (fingerprint)
);
REVOKE ALL ON kanisa.backup_key_confirmations FROM PUBLIC;
COMMENT ON TABLE kanisa.backup_key_confirmations IS
  'Which backup keys (by fingerprint, never the key) a Super Admin confirmed storing away from the server, from the recovery sheet.';

CREATE FUNCTION public.confirm_backup_key(fingerprint text)
RETURNS jsonb
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  current text;
BEGIN
  IF auth.rank() < 6 OR NOT auth.has_permission('system_settings') THEN
    RAISE EXCEPTION 'Confirming the backup key needs a Super Admin with the system_settings permission'
      USING ERRCODE = '42501';
  END IF;
  SELECT a.key_fingerprint INTO current FROM kanisa.backup_archive a;
  IF current IS NULL OR current IS DISTINCT FROM confirm_backup_key.fingerprint THEN
    RAISE EXCEPTION 'This is not the key the backups are sealed with now: open the recovery sheet again'
      USING ERRCODE = '22023';
  END IF;
  INSERT INTO kanisa.backup_key_confirmations (fingerprint, confirmed_by)
  VALUES (current, auth.uid())
  ON CONFLICT ON CONSTRAINT backup_key_confirmations_pkey DO NOTHING;
  INSERT INTO public.admin_activity_logs (admin_id, action, details)
  VALUES (auth.uid(), 'system_maintenance',
          jsonb_build_object('task', 'backup_key_confirmed', 'fingerprint', current));
  RETURN jsonb_build_object('confirmed', true, 'fingerprint', current);
END
$$;
REVOKE ALL ON FUNCTION public.confirm_backup_key(text) FROM PUBLIC;
COMMENT ON FUNCTION public.confirm_backup_key(text) IS
  'A Super Admin confirms the recovery sheet of the backup key with that fingerprint is stored away from the server (Settings → Backups); logged.';

INSERT INTO public.system_settings (key, value, category, is_public, is_secret, description) VALUES
  ('backup_destination_changes_per_day', '4', 'security', false, false,
   'How many times a day the backup destination may be changed (each change takes a full backup at the new place; 0 = no limit)'),
  ('backup_drills_per_day', '3', 'security', false, false,
   'How many backup drills a day may be asked for from Settings (each restores the whole database; 0 = no limit)')
ON CONFLICT (key) DO NOTHING;

INSERT INTO kanisa.setting_rules (key, label, kind, min, max) VALUES
  ('backup_destination_changes_per_day', 'Destination changes a day', 'integer', 0, 100),
  ('backup_drills_per_day', 'Drills asked for a day', 'integer', 0, 100)
ON CONFLICT (key) DO NOTHING;

-- A new destination: counted against the day's changes (each takes a base backup there), then
-- the backup check runs now and the change is in the activity log.
CREATE OR REPLACE FUNCTION kanisa.backup_destination_changed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.value IS NOT DISTINCT FROM NEW.value THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    PERFORM kanisa.hit('backup-destination-changes',
                       kanisa.int_setting('backup_destination_changes_per_day', 4), 1440,
                       'The backup destination has been changed as often today as System Settings allow (each change takes a full backup at the new place): try again in %s.');
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

CREATE OR REPLACE FUNCTION public.request_backup_drill()
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
  PERFORM kanisa.hit('backup-drills-requested', kanisa.int_setting('backup_drills_per_day', 3), 1440,
                     'As many backup drills have been asked for today as System Settings allow (each restores the whole database): try again in %s.');
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

-- Each destination's restorable windows, newest first: for each run of WAL there, from when the
-- oldest base backup kept in that run finished (none: no full backup in the run, nothing to
-- restore from) to when its last segment was stored.
CREATE FUNCTION kanisa.backup_windows()
RETURNS jsonb
LANGUAGE sql STABLE SET search_path = '' AS $$
  SELECT coalesce(jsonb_agg(w ORDER BY (w ->> 'current')::boolean DESC, w ->> 'to' DESC), '[]'::jsonb)
    FROM (
      SELECT jsonb_build_object(
               'destination', r.destination,
               'from', (SELECT min(b.finished_at) FROM kanisa.backups b
                         WHERE b.ok AND b.kind = 'base' AND b.destination = r.destination
                           AND b.pruned_at IS NULL
                           AND b.details ->> 'start_segment' >= r.first_segment
                           AND b.details ->> 'start_segment' <= r.last_segment),
               'to', r.last_at,
               'first_segment', r.first_segment,
               'last_segment', r.last_segment,
               'filled', r.filled,
               'current', r.last_at = max(r.last_at) OVER (PARTITION BY r.destination)) AS w
        FROM kanisa.backup_wal_runs r
       ORDER BY r.last_at DESC
       LIMIT 20
    ) windows;
$$;
REVOKE ALL ON FUNCTION kanisa.backup_windows() FROM PUBLIC;

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
                                                    AND b.destination = a.destination
                                                    AND b.pruned_at IS NULL),
                            'key_fingerprint', a.key_fingerprint,
                            'key_generated', a.key_generated,
                            'key_confirmed', a.key_fingerprint IS NOT NULL
                                             AND EXISTS (SELECT 1 FROM kanisa.backup_key_confirmations c
                                                          WHERE c.fingerprint = a.key_fingerprint),
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
    'windows', kanisa.backup_windows(),
    'last_drill', drill,
    'drill_waiting', EXISTS (SELECT 1 FROM kanisa.jobs j
                              WHERE j.kind = 'backup_drill'
                                AND (j.state = 'running'
                                     OR (j.state = 'queued' AND j.run_at <= now()))));
END
$$;
COMMENT ON FUNCTION public.get_backup_status() IS
  'The backups as a Super Admin sees them on Settings: frequency, how many are kept and for how many days, the last attempt (time, kind, file, size, ok or its error), the last success, when the next is due, the continuous archive (destination, where it was named: environment, settings or default, whether a base backup is there yet, on this machine or not, encrypted, the key''s fingerprint, whether Kanisa generated it and whether its recovery sheet was confirmed stored, the last segment stored and when, the last error), each destination''s restorable windows, with DATABASE_URL the last dump stored at the destination, the last drill and whether one is waiting.';

-- The recovery sheet is being opened (kanisa-functions' backups/sheet.rs calls this as the
-- caller before it answers): only a Super Admin with system_settings (42501 for anyone else);
-- logged, never the key.
CREATE FUNCTION public.note_backup_recovery_sheet()
RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF auth.rank() < 6 OR NOT auth.has_permission('system_settings') THEN
    RAISE EXCEPTION 'The backup key''s recovery sheet needs a Super Admin with the system_settings permission'
      USING ERRCODE = '42501';
  END IF;
  INSERT INTO public.admin_activity_logs (admin_id, action, details)
  VALUES (auth.uid(), 'system_maintenance',
          jsonb_build_object('task', 'backup_recovery_sheet',
                             'fingerprint', (SELECT a.key_fingerprint FROM kanisa.backup_archive a)));
END
$$;
REVOKE ALL ON FUNCTION public.note_backup_recovery_sheet() FROM PUBLIC;
COMMENT ON FUNCTION public.note_backup_recovery_sheet() IS
  'Checks that the caller may see the backup key''s recovery sheet (a Super Admin with system_settings) and logs that it was opened; the server answers the sheet itself (GET /functions/v1/backup-recovery-sheet).';
