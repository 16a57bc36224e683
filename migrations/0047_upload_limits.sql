-- 0047 anonymous uploads bounded (issue 42, from the third outside probe: fifteen 10 MB and
-- sixty 1 MB uploads to church-files/submissions/ from one address were all stored in seconds,
-- and copied to the backup destination with them).
--
-- * Uploads into the request folders (submissions/, reports/, maintenance/: the only folders
--   the public may upload to) are limited per client address (an IPv6 client by its /64, as
--   migration 0042 counts) and in total, per hour and per day, by files and by megabytes — eight
--   settings (System Settings, Security tab, "Public upload limits"; 0 = no limit). Spared, as
--   for the submissions (0026): the server itself and the staff who handle what the forms bring
--   in.
-- * The counts are the one rate-limit counter's (kanisa.hit, 0026; kanisa.submission_hits),
--   now by any amount (kanisa.hit_by): megabytes are counted in KiB. Fixed windows, as every
--   limit's: the clock hour and the UTC day (date_bin from 2000-01-01 UTC).
-- * The storage API (crates/kanisa-storage, upload.rs) asks before the body is read
--   (auth.begin_upload): the file is counted then, in its own committed statement, and the
--   declared length (a raw body's Content-Length) is checked against the bytes left — over a
--   limit, PT429 with 'Retry after N seconds' in the hint (HTTP 429, Retry-After) and nothing
--   is read or stored. While the body streams, the bytes left bound it (a body of unknown
--   length, multipart); when the row is written, a trigger counts its size for good
--   (kanisa.count_upload_bytes), so the byte limits hold whatever path inserts the row, and a
--   refused row rolls back with its count.
-- * An index on messages.attachments (jsonb_path_ops) serves "does a stored message name this
--   file?": the backup copies only request files a message names (kanisa-backup, files.rs).

-- ---------------------------------------------------------------------------------------------
-- The one counter, by any amount
-- ---------------------------------------------------------------------------------------------

-- How long to wait, as a person reads it: '1 minute', 'N minutes' up to two hours, else
-- 'N hours'.
CREATE FUNCTION kanisa.wait_text(seconds integer) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF seconds > 7200 THEN
    RETURN ceil(seconds / 3600.0)::text || ' hours';
  END IF;
  RETURN ceil(seconds / 60.0)::text || ' minute' || CASE WHEN seconds > 60 THEN 's' ELSE '' END;
END
$$;
REVOKE ALL ON FUNCTION kanisa.wait_text(integer) FROM PUBLIC;

-- The current window of `window_minutes` and the seconds left in it.
CREATE FUNCTION kanisa.hit_window(window_minutes integer, OUT window_start timestamptz,
                                  OUT retry_after integer)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  minutes integer := greatest(coalesce(window_minutes, 1), 1);
BEGIN
  window_start := date_bin(make_interval(mins => minutes), now(),
                           timestamptz '2000-01-01 00:00:00+00');
  retry_after := greatest(ceil(extract(epoch FROM window_start
                                 + make_interval(mins => minutes) - now())), 1);
END
$$;
REVOKE ALL ON FUNCTION kanisa.hit_window(integer) FROM PUBLIC;

-- kanisa.hit by `amount` (>= 0): adds it to `bucket`'s current window of `window_minutes`; when
-- the count goes over `max_hits` (0 = no limit) raises PT429 with `message` (%s: the wait) and
-- 'Retry after N seconds' in the hint. A raise rolls the addition back with the statement.
CREATE FUNCTION kanisa.hit_by(bucket text, amount integer, max_hits integer,
                              window_minutes integer, message text)
RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  w record;
  counted integer;
BEGIN
  IF coalesce(max_hits, 0) <= 0 OR bucket IS NULL OR coalesce(amount, 0) <= 0 THEN
    RETURN;
  END IF;
  w := kanisa.hit_window(window_minutes);
  INSERT INTO kanisa.submission_hits AS h (bucket, window_start, hits)
  VALUES (bucket, w.window_start, amount)
  ON CONFLICT ON CONSTRAINT submission_hits_pkey DO UPDATE SET hits = h.hits + amount
  RETURNING h.hits INTO counted;
  IF counted > max_hits THEN
    RAISE EXCEPTION USING ERRCODE = 'PT429',
      MESSAGE = format(message, kanisa.wait_text(w.retry_after)),
      HINT = format('Retry after %s seconds', w.retry_after);
  END IF;
END
$$;
REVOKE ALL ON FUNCTION kanisa.hit_by(text, integer, integer, integer, text) FROM PUBLIC;

-- What is left of `bucket`'s current window (NULL: no limit), after PT429 when `amount` more
-- would go over. Counts nothing.
CREATE FUNCTION kanisa.hits_left(bucket text, amount integer, max_hits integer,
                                 window_minutes integer, message text)
RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  w record;
  counted integer;
BEGIN
  IF coalesce(max_hits, 0) <= 0 OR bucket IS NULL THEN
    RETURN NULL;
  END IF;
  w := kanisa.hit_window(window_minutes);
  SELECT h.hits INTO counted FROM kanisa.submission_hits h
   WHERE h.bucket = hits_left.bucket AND h.window_start = w.window_start;
  counted := coalesce(counted, 0);
  IF counted + greatest(coalesce(amount, 0), 0) > max_hits THEN
    RAISE EXCEPTION USING ERRCODE = 'PT429',
      MESSAGE = format(message, kanisa.wait_text(w.retry_after)),
      HINT = format('Retry after %s seconds', w.retry_after);
  END IF;
  RETURN max_hits - counted;
END
$$;
REVOKE ALL ON FUNCTION kanisa.hits_left(text, integer, integer, integer, text) FROM PUBLIC;

-- Every limit now counts through kanisa.hit_by (one hit each); the messages of waits over two
-- hours (the day's limits) read in hours.
CREATE OR REPLACE FUNCTION kanisa.hit(bucket text, max_hits integer, window_minutes integer, message text)
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kanisa.hit_by(bucket, 1, max_hits, window_minutes, message);
END
$$;

-- ---------------------------------------------------------------------------------------------
-- The upload limits
-- ---------------------------------------------------------------------------------------------
INSERT INTO public.system_settings (key, value, category, is_public, is_secret, description) VALUES
  ('upload_files_per_address_per_hour', '20', 'security', false, false,
   'Files the public may upload from one client address per hour (request attachments; 0 = no limit)'),
  ('upload_files_per_address_per_day', '50', 'security', false, false,
   'Files the public may upload from one client address per day (0 = no limit)'),
  ('upload_mb_per_address_per_hour', '50', 'security', false, false,
   'Megabytes of files the public may upload from one client address per hour (0 = no limit)'),
  ('upload_mb_per_address_per_day', '150', 'security', false, false,
   'Megabytes of files the public may upload from one client address per day (0 = no limit)'),
  ('upload_files_per_hour', '200', 'security', false, false,
   'Files the public may upload in all per hour, from every address together (0 = no limit)'),
  ('upload_files_per_day', '500', 'security', false, false,
   'Files the public may upload in all per day (0 = no limit)'),
  ('upload_mb_per_hour', '500', 'security', false, false,
   'Megabytes of files the public may upload in all per hour (0 = no limit)'),
  ('upload_mb_per_day', '1000', 'security', false, false,
   'Megabytes of files the public may upload in all per day (0 = no limit)')
ON CONFLICT (key) DO NOTHING;

INSERT INTO kanisa.setting_rules (key, label, kind, min, max) VALUES
  ('upload_files_per_address_per_hour', 'Files per connection per hour', 'integer', 0, 100000),
  ('upload_files_per_address_per_day', 'Files per connection per day', 'integer', 0, 100000),
  ('upload_mb_per_address_per_hour', 'Megabytes per connection per hour', 'integer', 0, 1000000),
  ('upload_mb_per_address_per_day', 'Megabytes per connection per day', 'integer', 0, 1000000),
  ('upload_files_per_hour', 'Files in all per hour', 'integer', 0, 100000),
  ('upload_files_per_day', 'Files in all per day', 'integer', 0, 100000),
  ('upload_mb_per_hour', 'Megabytes in all per hour', 'integer', 0, 1000000),
  ('upload_mb_per_day', 'Megabytes in all per day', 'integer', 0, 1000000)
ON CONFLICT (key) DO NOTHING;

-- The limits an upload of `object_name` into `bucket_id` by this request's caller is held to:
-- one row per counter (files counts one per upload, bytes counts KiB), none for the server and
-- the staff who handle the submissions, or outside the request folders. The client address is
-- the request's (request.client_ip); without one only the totals apply. Messages carry one %s,
-- the wait.
CREATE FUNCTION kanisa.upload_limits(bucket_id text, object_name text)
RETURNS TABLE (counter text, in_kib boolean, max_hits integer, window_minutes integer, message text)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  address text := kanisa.client_key(current_setting('request.client_ip', true));
  tail constant text := ' Please try again in %s, or call the church office.';
BEGIN
  IF bucket_id IS DISTINCT FROM 'church-files'
     OR coalesce(object_name, '') !~ '^(submissions|reports|maintenance)/'
     OR kanisa.handles_submissions(false) THEN
    RETURN;
  END IF;
  RETURN QUERY
  SELECT l.counter, l.in_kib,
         CASE WHEN l.in_kib THEN kanisa.int_setting(l.setting, l.fallback) * 1024
              ELSE kanisa.int_setting(l.setting, l.fallback) END,
         l.minutes,
         format(l.said, kanisa.int_setting(l.setting, l.fallback)) || tail
    FROM (VALUES
      ('upload-files-hour:' || address, false, 'upload_files_per_address_per_hour', 20, 60,
       'Files from your connection are limited to %s an hour, and that many have been uploaded.'),
      ('upload-files-day:' || address, false, 'upload_files_per_address_per_day', 50, 1440,
       'Files from your connection are limited to %s a day, and that many have been uploaded.'),
      ('upload-kib-hour:' || address, true, 'upload_mb_per_address_per_hour', 50, 60,
       'Files from your connection may add up to %s MB an hour, and this one would go past that.'),
      ('upload-kib-day:' || address, true, 'upload_mb_per_address_per_day', 150, 1440,
       'Files from your connection may add up to %s MB a day, and this one would go past that.'),
      ('upload-files-hour:all', false, 'upload_files_per_hour', 200, 60,
       'The site accepts %s uploaded files an hour from the public, and that many have arrived.'),
      ('upload-files-day:all', false, 'upload_files_per_day', 500, 1440,
       'The site accepts %s uploaded files a day from the public, and that many have arrived.'),
      ('upload-kib-hour:all', true, 'upload_mb_per_hour', 500, 60,
       'The site accepts %s MB of uploaded files an hour from the public, and this one would go past that.'),
      ('upload-kib-day:all', true, 'upload_mb_per_day', 1000, 1440,
       'The site accepts %s MB of uploaded files a day from the public, and this one would go past that.'))
      AS l(counter, in_kib, setting, fallback, minutes, said)
   WHERE l.counter IS NOT NULL;
END
$$;
REVOKE ALL ON FUNCTION kanisa.upload_limits(text, text) FROM PUBLIC;

-- Bytes as the byte limits count them: whole KiB, a started one counted.
CREATE FUNCTION kanisa.upload_kib(bytes bigint) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT least(ceil(greatest(coalesce(bytes, 0), 0) / 1024.0), 2147483647)::integer
$$;
REVOKE ALL ON FUNCTION kanisa.upload_kib(bigint) FROM PUBLIC;

-- The bytes this caller may still upload into `object_name` (NULL: no byte limit), after
-- PT429 when `bytes` (what is declared or already sent; NULL: not known yet, at least one
-- byte) would go over a byte limit. Counts nothing.
CREATE FUNCTION kanisa.upload_bytes_left(bucket_id text, object_name text, bytes bigint)
RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  l record;
  left_kib integer;
  smallest bigint;
  wanted integer := CASE WHEN bytes IS NULL THEN 1 ELSE kanisa.upload_kib(bytes) END;
BEGIN
  FOR l IN SELECT * FROM kanisa.upload_limits(bucket_id, object_name) WHERE in_kib LOOP
    left_kib := kanisa.hits_left(l.counter, wanted, l.max_hits, l.window_minutes, l.message);
    IF left_kib IS NOT NULL THEN
      smallest := least(coalesce(smallest, left_kib::bigint * 1024), left_kib::bigint * 1024);
    END IF;
  END LOOP;
  RETURN smallest;
END
$$;
REVOKE ALL ON FUNCTION kanisa.upload_bytes_left(text, text, bigint) FROM PUBLIC;

-- Before an upload's body is read (the storage API, as the caller, after the policies let the
-- row in): counts the file on every file counter and checks `declared` bytes (NULL: unknown)
-- against the byte limits; PT429 when over, with nothing counted. Returns the bytes the body
-- may have (NULL: no byte limit), which the storage API holds it to while it streams.
CREATE FUNCTION auth.begin_upload(bucket_id text, object_name text, declared bigint)
RETURNS bigint
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  l record;
BEGIN
  FOR l IN SELECT * FROM kanisa.upload_limits(bucket_id, object_name) WHERE NOT in_kib LOOP
    PERFORM kanisa.hit_by(l.counter, 1, l.max_hits, l.window_minutes, l.message);
  END LOOP;
  RETURN kanisa.upload_bytes_left(bucket_id, object_name, declared);
END
$$;
REVOKE ALL ON FUNCTION auth.begin_upload(text, text, bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth.begin_upload(text, text, bigint) TO anon, authenticated, service_role;
COMMENT ON FUNCTION auth.begin_upload(text, text, bigint) IS
  'Counts an upload against the public upload limits before its body is read (PT429 when over) and returns the bytes its body may have (NULL: no byte limit).';

-- While a body of unknown length streams: has `sent` gone past what is left? PT429 if so,
-- else the bytes left now (NULL: no byte limit). Counts nothing.
CREATE FUNCTION auth.upload_bytes_left(bucket_id text, object_name text, sent bigint)
RETURNS bigint
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  RETURN kanisa.upload_bytes_left(bucket_id, object_name, sent);
END
$$;
REVOKE ALL ON FUNCTION auth.upload_bytes_left(text, text, bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth.upload_bytes_left(text, text, bigint) TO anon, authenticated, service_role;
COMMENT ON FUNCTION auth.upload_bytes_left(text, text, bigint) IS
  'The bytes the caller may still upload into a request folder (NULL: no byte limit); PT429 when the bytes sent already go past a limit.';

-- The row of an upload, as it is written: its size counted on every byte counter (PT429 when
-- over: the row is refused and its bytes removed by the storage API). Only in API requests.
CREATE FUNCTION kanisa.count_upload_bytes() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  l record;
BEGIN
  IF NOT kanisa.in_api_request() OR NEW.size <= 0 THEN
    RETURN NEW;
  END IF;
  FOR l IN SELECT * FROM kanisa.upload_limits(NEW.bucket_id, NEW.name) WHERE in_kib LOOP
    PERFORM kanisa.hit_by(l.counter, kanisa.upload_kib(NEW.size), l.max_hits, l.window_minutes,
                          l.message);
  END LOOP;
  RETURN NEW;
END
$$;
REVOKE ALL ON FUNCTION kanisa.count_upload_bytes() FROM PUBLIC;
CREATE TRIGGER objects_count_upload_bytes BEFORE INSERT ON storage.objects
  FOR EACH ROW EXECUTE FUNCTION kanisa.count_upload_bytes();

-- ---------------------------------------------------------------------------------------------
-- Which stored message names a file
-- ---------------------------------------------------------------------------------------------
CREATE INDEX messages_attachments_paths ON public.messages USING gin (attachments jsonb_path_ops);
