-- 0052 Realtime's change feed (issue 45): every row change of the tables realtime serves is
-- written, in the changing statement's own transaction, to a durable change table that each
-- Kanisa instance reads on its own (kanisa-realtime/src/feed.rs), woken by NOTIFY.
--
-- Why triggers and a table, not logical decoding (pgoutput and a replication slot):
--
-- * It works unchanged on a DATABASE_URL database at a managed provider: no wal_level=logical,
--   no REPLICATION privilege, nothing but tables and triggers the owner already may create.
-- * No replication slot: a slot whose instance died holds back WAL until it is dropped, and on
--   a small server that fills the disk. A row here is only a row, pruned by a periodic job.
-- * Several instances read one table independently, each delivering to its own sockets; a slot
--   has one reader at a time.
--
-- realtime.changes holds one row per changed row: the new row as JSON (record, NULL for a
-- DELETE) and the primary key of the old row (old_keys, NULL for an INSERT), as Supabase sends
-- old_record without REPLICA IDENTITY FULL. xid is the writing transaction's id: readers take
-- rows by transaction-id horizon (pg_snapshot_xmin), not by id, because an identity value is
-- drawn before its transaction commits and a lower id can become visible after a higher one.
-- commit_ts is clock_timestamp() taken once per statement by the trigger, after the statement's
-- writes and before its commit: the commit's own time cannot be known inside the transaction,
-- and this is the nearest to it (statement_timestamp() would be the statement's start, now()
-- the transaction's).
--
-- The triggers are statement-level with transition tables: one INSERT … SELECT per statement
-- whatever its row count, then one pg_notify('kanisa_realtime', '') (delivered at commit, not
-- at all on rollback). A notifying commit takes the notification queue's database-wide lock, so
-- notifying commits do not share a WAL flush (0009, 0014: measured, it halves the public forms'
-- throughput).
--
-- So publication is explicit data, as Supabase's "enable realtime for a table" (ALTER
-- PUBLICATION supabase_realtime ADD TABLE): realtime.publish(tbl) creates the three triggers on
-- one table, realtime.unpublish(tbl) drops them, realtime.published_tables() lists the tables
-- that have them (read from pg_trigger: the triggers are the only record). Only the owner may
-- call them. THIS MIGRATION PUBLISHES NOTHING: no WebSocket consumer exists yet, and until one
-- does every insert of the public forms would pay the NOTIFY for nobody. The change that adds
-- the consumer will publish the tables the back office watches: prayer_requests, messages,
-- giving_records, members, sermons, events and announcements.
--
-- Nothing here is granted to an API role: the server reads it as the database owner (its
-- service connections), and what a subscriber may see is decided later, by its own policies on
-- the source table. realtime is an internal schema, as kanisa and auth are: no policy file.

CREATE SCHEMA IF NOT EXISTS realtime;
REVOKE ALL ON SCHEMA realtime FROM PUBLIC;

CREATE TABLE realtime.changes (
  id          bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  xid         xid8        NOT NULL DEFAULT pg_current_xact_id(),
  commit_ts   timestamptz NOT NULL DEFAULT clock_timestamp(),
  schema_name text        NOT NULL,
  table_name  text        NOT NULL,
  op          text        NOT NULL CHECK (op IN ('INSERT', 'UPDATE', 'DELETE')),
  record      jsonb,
  old_keys    jsonb,
  CHECK ((op = 'DELETE') = (record IS NULL)),
  CHECK (op <> 'INSERT' OR old_keys IS NULL)
);
CREATE INDEX changes_xid ON realtime.changes (xid);
CREATE INDEX changes_commit_ts ON realtime.changes (commit_ts);
REVOKE ALL ON realtime.changes FROM PUBLIC;

-- The primary-key columns of `r`, as a JSON object named by `pk` (NULL when `pk` is empty).
CREATE FUNCTION realtime.key_of(r jsonb, pk text[]) RETURNS jsonb
LANGUAGE sql IMMUTABLE SET search_path = '' AS $$
  SELECT pg_catalog.jsonb_object_agg(e.key, e.value)
    FROM pg_catalog.jsonb_each(r) AS e
   WHERE e.key = ANY (pk)
$$;

-- The trigger of every published table (AFTER … FOR EACH STATEMENT, with transition tables
-- old_rows / new_rows; created by realtime.publish). The primary key is read from pg_index,
-- once per statement.
-- An UPDATE's old row is paired with its new row by primary key; an update that changed a
-- primary key (no API role may: ids are never granted) is recorded with old_keys NULL.
CREATE FUNCTION realtime.record_changes() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  pk      text[];
  stamped timestamptz := pg_catalog.clock_timestamp();
  written bigint;
BEGIN
  SELECT pg_catalog.array_agg(a.attname::text ORDER BY k.ord) INTO pk
    FROM pg_catalog.pg_index AS i
   CROSS JOIN LATERAL pg_catalog.unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
    JOIN pg_catalog.pg_attribute AS a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
   WHERE i.indrelid = TG_RELID AND i.indisprimary;
  pk := coalesce(pk, '{}');

  IF TG_OP = 'INSERT' THEN
    INSERT INTO realtime.changes (commit_ts, schema_name, table_name, op, record)
    SELECT stamped, TG_TABLE_SCHEMA, TG_TABLE_NAME, 'INSERT', pg_catalog.to_jsonb(n)
      FROM new_rows AS n;
  ELSIF TG_OP = 'UPDATE' THEN
    WITH o AS (SELECT realtime.key_of(pg_catalog.to_jsonb(o), pk) AS k FROM old_rows AS o),
         n AS (SELECT pg_catalog.to_jsonb(n) AS r FROM new_rows AS n)
    INSERT INTO realtime.changes (commit_ts, schema_name, table_name, op, record, old_keys)
    SELECT stamped, TG_TABLE_SCHEMA, TG_TABLE_NAME, 'UPDATE', n.r, o.k
      FROM n LEFT JOIN o ON o.k = realtime.key_of(n.r, pk);
  ELSE
    INSERT INTO realtime.changes (commit_ts, schema_name, table_name, op, old_keys)
    SELECT stamped, TG_TABLE_SCHEMA, TG_TABLE_NAME, 'DELETE',
           realtime.key_of(pg_catalog.to_jsonb(o), pk)
      FROM old_rows AS o;
  END IF;
  GET DIAGNOSTICS written = ROW_COUNT;
  IF written > 0 THEN
    PERFORM pg_catalog.pg_notify('kanisa_realtime', '');
  END IF;
  RETURN NULL;
END
$$;

-- The published tables: those with a trigger that runs realtime.record_changes.
CREATE FUNCTION realtime.published_tables()
RETURNS TABLE (schema_name text, table_name text)
LANGUAGE sql STABLE SET search_path = '' AS $$
  SELECT DISTINCT n.nspname::text, c.relname::text
    FROM pg_catalog.pg_trigger AS t
    JOIN pg_catalog.pg_class AS c ON c.oid = t.tgrelid
    JOIN pg_catalog.pg_namespace AS n ON n.oid = c.relnamespace
   WHERE t.tgfoid = 'realtime.record_changes()'::pg_catalog.regprocedure
   ORDER BY 1, 2
$$;

-- Publishes one table: creates its realtime_insert, realtime_update and realtime_delete
-- triggers (those it lacks; publishing twice changes nothing). Refused for a table outside
-- schema public (realtime serves the API's tables) and for one without a primary key (an
-- update's or delete's old row is identified by it). The names in the DDL come from pg_class
-- and pg_namespace of the regclass, quoted with %I, never from text the caller wrote.
-- Not SECURITY DEFINER: the caller must own the table, and only the owner may call it.
CREATE FUNCTION realtime.publish(tbl regclass) RETURNS void
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  nsp  text;
  rel  text;
  trig record;
BEGIN
  SELECT n.nspname, c.relname INTO nsp, rel
    FROM pg_catalog.pg_class AS c
    JOIN pg_catalog.pg_namespace AS n ON n.oid = c.relnamespace
   WHERE c.oid = tbl;
  IF nsp IS DISTINCT FROM 'public' THEN
    RAISE EXCEPTION 'realtime.publish: table %.% is not in schema public', nsp, rel
      USING ERRCODE = 'invalid_parameter_value',
            HINT = 'Realtime serves only the API''s tables, in schema public.';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_index AS i
                  WHERE i.indrelid = tbl AND i.indisprimary) THEN
    RAISE EXCEPTION 'realtime.publish: table %.% has no primary key', nsp, rel
      USING ERRCODE = 'invalid_parameter_value',
            HINT = 'A change''s old row is identified by its primary key: add one first.';
  END IF;
  FOR trig IN
    SELECT * FROM (VALUES
      ('realtime_insert', 'INSERT', 'REFERENCING NEW TABLE AS new_rows'),
      ('realtime_update', 'UPDATE', 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows'),
      ('realtime_delete', 'DELETE', 'REFERENCING OLD TABLE AS old_rows')
    ) AS v(name, event, refs)
  LOOP
    IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_trigger AS t
                    WHERE t.tgrelid = tbl AND t.tgname = trig.name) THEN
      EXECUTE pg_catalog.format(
        'CREATE TRIGGER %I AFTER %s ON %I.%I %s '
        'FOR EACH STATEMENT EXECUTE FUNCTION realtime.record_changes()',
        trig.name, trig.event, nsp, rel, trig.refs);
    END IF;
  END LOOP;
END
$$;

-- Unpublishes one table: drops its three triggers (a table not published is left as it is).
CREATE FUNCTION realtime.unpublish(tbl regclass) RETURNS void
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  nsp  text;
  rel  text;
  name text;
BEGIN
  SELECT n.nspname, c.relname INTO nsp, rel
    FROM pg_catalog.pg_class AS c
    JOIN pg_catalog.pg_namespace AS n ON n.oid = c.relnamespace
   WHERE c.oid = tbl;
  FOREACH name IN ARRAY ARRAY['realtime_insert', 'realtime_update', 'realtime_delete'] LOOP
    EXECUTE pg_catalog.format('DROP TRIGGER IF EXISTS %I ON %I.%I', name, nsp, rel);
  END LOOP;
END
$$;

-- Deletes the changes older than `keep` that every reader has passed: a row whose transaction
-- is at or above the current horizon (held back by an older open transaction) is kept however
-- old, so a long transaction never costs a reader a change. Also deleted: rows whose xid this
-- cluster has not yet assigned (at or past pg_snapshot_xmax), which only a dump restored into
-- another cluster can bring; readers ignore them too. Returns how many were deleted.
-- Run by the realtime_prune_changes periodic job.
CREATE FUNCTION realtime.prune_changes(keep interval) RETURNS bigint
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  snapshot pg_catalog.pg_snapshot := pg_catalog.pg_current_snapshot();
  deleted  bigint;
BEGIN
  DELETE FROM realtime.changes AS c
   WHERE (c.commit_ts < pg_catalog.clock_timestamp() - keep
          AND c.xid < pg_catalog.pg_snapshot_xmin(snapshot))
      OR c.xid >= pg_catalog.pg_snapshot_xmax(snapshot);
  GET DIAGNOSTICS deleted = ROW_COUNT;
  RETURN deleted;
END
$$;

-- Owner only: publish, unpublish and the rest are granted to no API role.
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA realtime FROM PUBLIC;
