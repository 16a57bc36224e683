-- 0013 the durable job queue (kanisa-jobs): work SQL alone cannot do — e-mail, SMS, payments,
-- reminders — recorded in the same transaction as the row that causes it (transactional outbox)
-- and run by workers inside `kanisa serve`.
--
-- Lifecycle of a row in kanisa.jobs:
--
--   queued ──claim──▶ running ──success──────────────────────────▶ done
--     ▲                 │ ├──retry-able failure, attempts < max──▶ queued (run_at = now() + back-off)
--     │                 │ ├──retry-able failure, attempts = max──▶ failed (last_error)
--     │                 │ └──permanent failure / unknown kind────▶ failed (last_error)
--     │                 └──lease (locked_until) expired: the worker died──▶ claimed again
--     └──graceful stop: a job still running after the grace period is released (queued)
--
-- * Claiming is `FOR UPDATE SKIP LOCKED`, so any number of workers in any number of Kanisa
--   instances share the queue; a claim sets locked_by (the worker set) and locked_until (the
--   lease) and counts the attempt.
-- * unique_key names one effect (e.g. 'message-email:<id>'): enqueueing a key that exists is a
--   no-op returning the existing job, whatever its state, so an effect is queued at most once.
-- * Delivery is at-least-once: a worker that dies between a provider's accept and the `done`
--   commit leaves the job to be run again when its lease expires.
-- * Every insert wakes the workers of every instance: NOTIFY kanisa_jobs (delivered on commit).
-- * Finished rows (done, failed) are kept; failed ones are the record staff will see.
--
-- No API role has any right on this table.

CREATE TABLE kanisa.jobs (
  id           bigserial PRIMARY KEY,
  kind         text NOT NULL CHECK (kind <> ''),
  unique_key   text UNIQUE,
  payload      jsonb NOT NULL DEFAULT '{}'::jsonb,
  state        text NOT NULL DEFAULT 'queued'
               CHECK (state IN ('queued', 'running', 'done', 'failed')),
  attempts     integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  max_attempts integer NOT NULL DEFAULT 10 CHECK (max_attempts >= 1),
  run_at       timestamptz NOT NULL DEFAULT now(),
  locked_by    text,
  locked_until timestamptz,
  last_error   text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  finished_at  timestamptz,
  CHECK ((state = 'running') = (locked_until IS NOT NULL))
);

-- The claim: queued jobs due by run_at, and running jobs whose lease ran out. Finished rows,
-- the bulk of the table over time, are not in the index.
CREATE INDEX jobs_claim ON kanisa.jobs (run_at, id) WHERE state IN ('queued', 'running');
CREATE INDEX jobs_failed ON kanisa.jobs (finished_at) WHERE state = 'failed';

REVOKE ALL ON kanisa.jobs FROM PUBLIC;
REVOKE ALL ON SEQUENCE kanisa.jobs_id_seq FROM PUBLIC;

CREATE FUNCTION kanisa.notify_jobs() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kanisa_jobs', '');
  RETURN NULL;
END
$$;

CREATE TRIGGER jobs_enqueued AFTER INSERT ON kanisa.jobs
  FOR EACH STATEMENT EXECUTE FUNCTION kanisa.notify_jobs();
