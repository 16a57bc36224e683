-- 0053 Realtime delivery (issue 45): the WebSocket consumer of realtime.changes exists
-- (kanisa-realtime's hub and socket, kanisa-server's /realtime/v1/websocket), so the tables the
-- back office watches are published, and a subscriber's policies are asked whether it may see
-- a changed row.
--
-- realtime.visible_rows(tbl, rows) answers, for a JSON array of rows of `tbl` (each needs only
-- its primary-key columns; more are ignored), which of them — by 1-based position — the CALLER
-- may select now: SECURITY INVOKER, so the caller's role, grants and row-level policies decide,
-- exactly as for a table-API read. The server calls it once per change batch, table and group
-- of subscribers with the same role and policy-relevant claims (kanisa-realtime/src/check.rs),
-- inside the per-request context statement that sets role and claims. The primary key is read
-- from pg_index; the statement is built with format(): %s of a regclass (quoted and
-- schema-qualified by PostgreSQL) and %I of catalog column names, never text a caller wrote.
-- jsonb_populate_record casts each key value to its column's type.
--
-- realtime.subscribable_columns(schema, table, role) lists the columns `role` may select, in
-- table order, with their type names (pg_type.typname, as realtime-js reads `columns`), type
-- category and whether each is part of the primary key; no rows when the table is not published
-- or the role may not select from it. The server asks it, as the owner, when a binding joins.
--
-- Published here (a statement trigger each, realtime.publish of 0052): prayer_requests,
-- messages, giving_records, members, sermons, events and announcements. Each of their writing
-- statements now writes its changed rows to realtime.changes and notifies once; the public
-- forms pay that NOTIFY (0052 says why it costs).

CREATE FUNCTION realtime.visible_rows(tbl regclass, rows jsonb) RETURNS SETOF int
LANGUAGE plpgsql STABLE SET search_path = '' AS $$
DECLARE
  cond text;
BEGIN
  SELECT pg_catalog.string_agg(pg_catalog.format('t.%1$I = r.%1$I', a.attname), ' AND ')
    INTO cond
    FROM pg_catalog.pg_index AS i
   CROSS JOIN LATERAL pg_catalog.unnest(i.indkey::int2[]) AS k(attnum)
    JOIN pg_catalog.pg_attribute AS a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
   WHERE i.indrelid = tbl AND i.indisprimary;
  IF cond IS NULL THEN
    RAISE EXCEPTION 'realtime.visible_rows: table % has no primary key', tbl
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  RETURN QUERY EXECUTE pg_catalog.format(
    'SELECT k.i::int FROM pg_catalog.jsonb_array_elements($1) WITH ORDINALITY AS k(row, i) '
    'CROSS JOIN LATERAL pg_catalog.jsonb_populate_record(NULL::%s, k.row) AS r '
    'WHERE EXISTS (SELECT 1 FROM %s AS t WHERE %s) ORDER BY 1',
    tbl, tbl, cond) USING rows;
END
$$;

CREATE FUNCTION realtime.subscribable_columns(schema_name text, table_name text, role_name text)
RETURNS TABLE (name text, type_name text, category text, is_key boolean)
LANGUAGE sql STABLE SET search_path = '' AS $$
  SELECT a.attname::text, t.typname::text, t.typcategory::text,
         EXISTS (SELECT 1 FROM pg_catalog.pg_index AS i
                  WHERE i.indrelid = c.oid AND i.indisprimary AND a.attnum = ANY (i.indkey::int2[]))
    FROM pg_catalog.pg_class AS c
    JOIN pg_catalog.pg_namespace AS n ON n.oid = c.relnamespace
    JOIN pg_catalog.pg_attribute AS a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    JOIN pg_catalog.pg_type AS t ON t.oid = a.atttypid
   WHERE n.nspname = schema_name AND c.relname = table_name
     AND EXISTS (SELECT 1 FROM realtime.published_tables() AS p
                  WHERE p.schema_name = n.nspname AND p.table_name = c.relname)
     AND pg_catalog.has_column_privilege(role_name, c.oid, a.attnum, 'SELECT')
   ORDER BY a.attnum
$$;

-- The API roles run visible_rows as themselves; nothing else in the schema is theirs.
GRANT USAGE ON SCHEMA realtime TO anon, authenticated, service_role;
REVOKE ALL ON FUNCTION realtime.visible_rows(regclass, jsonb) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION realtime.visible_rows(regclass, jsonb)
  TO anon, authenticated, service_role;
REVOKE ALL ON FUNCTION realtime.subscribable_columns(text, text, text) FROM PUBLIC;

SELECT realtime.publish(t::regclass)
  FROM pg_catalog.unnest(ARRAY['public.prayer_requests', 'public.messages',
                               'public.giving_records', 'public.members', 'public.sermons',
                               'public.events', 'public.announcements']) AS t;
