-- 0019 settings and backups that govern the whole system (issue 18).
--
-- * settings_updated: every save of System Settings through the API writes one activity-log
--   row naming the keys whose value changed (a secret counts as changed when a new value was
--   stored); never a value. Statement-level triggers, so a save of forty fields is one row.
--   An upsert that both inserts a new key and updates others writes one row per part.
-- * Backups: `kanisa serve` checks every hour (scheduled_backup job, one per slot across
--   instances) whether a backup is due by backup_frequency, writes it with pg_dump into the
--   backup folder, keeps the newest backup_keep files, and records each attempt in
--   kanisa.backups. A backup that worked is logged as backup_created, one that failed as
--   system_maintenance with the error; get_backup_status() shows the last one to a Super Admin.

-- ---------------------------------------------------------------------------------------------
-- settings_updated
-- ---------------------------------------------------------------------------------------------
CREATE FUNCTION kanisa.log_settings_change() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  keys text[];
BEGIN
  IF coalesce(current_setting('request.jwt.claims', true), '') = '' THEN
    RETURN NULL;
  END IF;
  IF EXISTS (SELECT 1 FROM public.system_settings s
             WHERE s.key = 'audit_logging' AND s.value = 'false'::jsonb) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.key ORDER BY n.key) INTO keys FROM new_rows n;
  ELSE
    -- A secret's visible value stays the marker; it changed when its stored value was written
    -- by this transaction (kanisa.divert_secret_setting).
    SELECT array_agg(n.key ORDER BY n.key) INTO keys
      FROM new_rows n JOIN old_rows o ON o.key = n.key
     WHERE n.value IS DISTINCT FROM o.value
        OR (n.is_secret AND EXISTS (SELECT 1 FROM kanisa.secret_settings x
                                     WHERE x.key = n.key AND x.updated_at = now()));
  END IF;
  IF cardinality(keys) > 0 THEN
    INSERT INTO public.admin_activity_logs (admin_id, action, details)
    VALUES (auth.uid(), 'settings_updated', jsonb_build_object('keys', to_jsonb(keys)));
  END IF;
  RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION kanisa.log_settings_change() FROM PUBLIC;
CREATE TRIGGER system_settings_log_insert AFTER INSERT ON public.system_settings
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kanisa.log_settings_change();
CREATE TRIGGER system_settings_log_update AFTER UPDATE ON public.system_settings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kanisa.log_settings_change();

-- ---------------------------------------------------------------------------------------------
-- Backups
-- ---------------------------------------------------------------------------------------------
INSERT INTO public.system_settings (key, value, category, is_public, is_secret, description) VALUES
  ('backup_keep', '7', 'security', false, false, 'How many scheduled backups to keep (1-100); older ones are deleted')
ON CONFLICT (key) DO NOTHING;

CREATE TABLE kanisa.backups (
  id          bigint      GENERATED ALWAYS AS IDENTITY,
  started_at  timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  ok          boolean,
  file        text        NOT NULL,
  size_bytes  bigint,
  error       text,
  CONSTRAINT backups_pkey PRIMARY KEY (id),
  CONSTRAINT backups_finished_check CHECK ((finished_at IS NULL) = (ok IS NULL))
);
COMMENT ON TABLE kanisa.backups IS
  'Every scheduled backup attempt: when, which file, its size, and whether it worked (error when not).';
CREATE INDEX backups_started_at_idx ON kanisa.backups (started_at DESC);

CREATE FUNCTION public.get_backup_status()
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
BEGIN
  IF auth.rank() < 6 OR NOT auth.has_permission('system_settings') THEN
    RAISE EXCEPTION 'The backup status needs a Super Admin with the system_settings permission'
      USING ERRCODE = '42501';
  END IF;
  SELECT jsonb_build_object('started_at', b.started_at, 'finished_at', b.finished_at, 'ok', b.ok,
                            'file', b.file, 'size_bytes', b.size_bytes, 'error', b.error)
    INTO last_one
    FROM kanisa.backups b ORDER BY b.started_at DESC, b.id DESC LIMIT 1;
  SELECT max(b.finished_at) INTO last_good FROM kanisa.backups b WHERE b.ok;
  SELECT coalesce(s.value #>> '{}', 'daily') INTO frequency
    FROM public.system_settings s WHERE s.key = 'backup_frequency';
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
                                           ELSE interval '1 day' END END);
END
$$;
COMMENT ON FUNCTION public.get_backup_status() IS
  'The scheduled backups as a Super Admin sees them on Settings: frequency, how many are kept, the last attempt (time, file, size, ok or its error), the last success and when the next is due.';
