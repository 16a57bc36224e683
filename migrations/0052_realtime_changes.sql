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
-- notifying commits do not share a WAL flush (0009, 0014: a third of the public forms'
-- throughput); only the tables realtime serves notify, and this is the price of pushing a
-- prayer request or a message to staff without polling.
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

-- The trigger of every table realtime serves (AFTER … FOR EACH STATEMENT, with transition
-- tables old_rows / new_rows). The primary key is read from pg_index, once per statement.
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

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['prayer_requests', 'messages', 'giving_records', 'members', 'sermons',
                           'events', 'announcements'] LOOP
    EXECUTE format('CREATE TRIGGER realtime_insert AFTER INSERT ON public.%I '
                   'REFERENCING NEW TABLE AS new_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION realtime.record_changes()', t);
    EXECUTE format('CREATE TRIGGER realtime_update AFTER UPDATE ON public.%I '
                   'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION realtime.record_changes()', t);
    EXECUTE format('CREATE TRIGGER realtime_delete AFTER DELETE ON public.%I '
                   'REFERENCING OLD TABLE AS old_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION realtime.record_changes()', t);
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

REVOKE ALL ON ALL FUNCTIONS IN SCHEMA realtime FROM PUBLIC;
