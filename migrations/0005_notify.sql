-- 0005 notifications: every Kanisa instance LISTENs on the channel "kanisa".
--
--   'reload schema'   the exposed schema changed (DDL): reload the table API's schema cache
--   'changed <table>' rows of a public table changed: drop cached anonymous reads of it
--
-- Row changes are reported once per statement (not per row), so a bulk write costs one
-- notification; identical notifications within one transaction are folded by PostgreSQL.

CREATE OR REPLACE FUNCTION kanisa.notify_table_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kanisa', 'changed ' || TG_TABLE_NAME);
  RETURN NULL;
END
$$;

-- Attaches the change notification to one table (idempotent).
CREATE OR REPLACE FUNCTION kanisa.watch_table(target regclass) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DROP TRIGGER IF EXISTS kanisa_changed ON %s', target);
  EXECUTE format(
    'CREATE TRIGGER kanisa_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %s '
    'FOR EACH STATEMENT EXECUTE FUNCTION kanisa.notify_table_changed()', target);
END
$$;

DO $$
DECLARE t regclass;
BEGIN
  FOR t IN SELECT c.oid::regclass FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') LOOP
    PERFORM kanisa.watch_table(t);
  END LOOP;
END
$$;

-- On DDL: watch tables created in public, and ask every instance to reload its schema cache.
CREATE OR REPLACE FUNCTION kanisa.on_ddl() RETURNS event_trigger
LANGUAGE plpgsql AS $$
DECLARE cmd record;
BEGIN
  FOR cmd IN SELECT * FROM pg_event_trigger_ddl_commands()
             WHERE command_tag = 'CREATE TABLE' AND schema_name = 'public' LOOP
    PERFORM kanisa.watch_table(cmd.objid::regclass);
  END LOOP;
  PERFORM pg_notify('kanisa', 'reload schema');
END
$$;

CREATE OR REPLACE FUNCTION kanisa.on_drop() RETURNS event_trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kanisa', 'reload schema');
END
$$;

-- Event triggers need a superuser. On a managed database where Kanisa is not one, the schema
-- cache still reloads after `kanisa migrate` and on `NOTIFY kanisa, 'reload schema'`.
DO $$
BEGIN
  DROP EVENT TRIGGER IF EXISTS kanisa_ddl;
  DROP EVENT TRIGGER IF EXISTS kanisa_drop;
  CREATE EVENT TRIGGER kanisa_ddl ON ddl_command_end EXECUTE FUNCTION kanisa.on_ddl();
  CREATE EVENT TRIGGER kanisa_drop ON sql_drop EXECUTE FUNCTION kanisa.on_drop();
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'not a superuser: no event triggers; reload the schema cache with NOTIFY kanisa, ''reload schema''';
END
$$;
