-- 0054 Realtime broadcast and presence (issue 45).
--
-- Who may join a private channel, send on it and track presence there is decided by policies on
-- realtime.messages, as Supabase's Realtime Authorization does: its file is
-- policies/realtime.messages.sql, and a policy reads the channel's topic with realtime.topic().
-- A SELECT policy that lets the caller see a message of the topic lets it join and receive
-- (broadcasts and presence); an INSERT policy lets it send broadcasts and track presence.
-- Nothing is ever stored in realtime.messages: realtime.authorize asks the policies with probe
-- rows that it undoes before it returns.
--
-- realtime.authorize(topic, extension) answers (can_read, can_write) for the CALLER (SECURITY
-- INVOKER: the channel's token's role and claims, set by the server's context statement):
--   read:  realtime.probe, as the owner, inserts a row for the topic; the caller's SELECT on it
--          says whether the policies show it; the subtransaction is then undone.
--   write: the caller inserts a row for the topic; a refusal (no grant, or a policy's WITH
--          CHECK: SQLSTATE 42501) means no; the subtransaction is undone either way.
-- A policy that raises some other error raises out of authorize: the server refuses the join
-- with that error's message. Row-level security on realtime.messages is enabled but not forced
-- (the reset in kanisa-pg's apply_policies), so the owner's probe is not itself filtered.
--
-- realtime.instances and realtime.presences hold presence across instances: each instance
-- records its sockets' tracked presences under its own id and touches its row every 15 s; an
-- instance not seen for 45 s is gone (crashed, or cut off), and the first live instance to
-- notice deletes it, its presences with it, and tells the channels they left. The owner's
-- connections read and write them; no API role may.

CREATE TABLE realtime.messages (
  id          bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  topic       text        NOT NULL,
  extension   text        NOT NULL CHECK (extension IN ('broadcast', 'presence')),
  event       text,
  payload     jsonb,
  private     boolean     NOT NULL DEFAULT true,
  inserted_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE realtime.messages ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON realtime.messages FROM PUBLIC;

-- The topic a check is about (without "realtime:"), for policies.
CREATE FUNCTION realtime.topic() RETURNS text
LANGUAGE sql STABLE SET search_path = '' AS $$
  SELECT NULLIF(pg_catalog.current_setting('realtime.topic', true), '')
$$;

CREATE FUNCTION realtime.probe(topic text, extension text) RETURNS bigint
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  INSERT INTO realtime.messages (topic, extension) VALUES (topic, extension) RETURNING id
$$;

CREATE FUNCTION realtime.authorize(topic text, extension text,
                                   OUT can_read boolean, OUT can_write boolean)
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  probe bigint;
BEGIN
  can_read := false;
  can_write := false;
  PERFORM pg_catalog.set_config('realtime.topic', topic, true);
  BEGIN
    probe := realtime.probe(topic, extension);
    SELECT EXISTS (SELECT 1 FROM realtime.messages AS m WHERE m.id = probe) INTO can_read;
    RAISE EXCEPTION 'undo the probe' USING ERRCODE = 'P0K01';
  EXCEPTION WHEN SQLSTATE 'P0K01' THEN NULL;
  END;
  BEGIN
    INSERT INTO realtime.messages (topic, extension) VALUES (topic, extension);
    can_write := true;
    RAISE EXCEPTION 'undo the probe' USING ERRCODE = 'P0K01';
  EXCEPTION
    WHEN SQLSTATE 'P0K01' THEN NULL;
    WHEN insufficient_privilege THEN can_write := false;
  END;
END
$$;

REVOKE ALL ON FUNCTION realtime.topic(), realtime.probe(text, text),
                       realtime.authorize(text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION realtime.topic(), realtime.probe(text, text),
                          realtime.authorize(text, text) TO anon, authenticated, service_role;

CREATE TABLE realtime.instances (
  id      uuid        PRIMARY KEY,
  seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE realtime.presences (
  instance uuid        NOT NULL REFERENCES realtime.instances ON DELETE CASCADE,
  topic    text        NOT NULL,
  key      text        NOT NULL,
  ref      text        NOT NULL,
  meta     jsonb       NOT NULL,
  PRIMARY KEY (instance, ref)
);
CREATE INDEX presences_topic ON realtime.presences (topic);
REVOKE ALL ON realtime.instances, realtime.presences FROM PUBLIC;
