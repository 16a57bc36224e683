-- BENCHMARK-ONLY STAND-IN, applied by scripts/bench-rest.sh only when an anon insert with
-- `Prefer: return=minimal` is refused without it: the table API writes as a CTE with
-- `RETURNING *` and reads the rows back even for return=minimal, so PostgreSQL wants SELECT on
-- every column and a SELECT policy the new row passes (PostgREST needs neither). The policy lets
-- anon see only rows written in its own transaction (created_at defaults to now()), never the
-- inbox. Drop this file once the API stops reading back for return=minimal.
BEGIN;
GRANT SELECT ON public.messages TO anon;
DROP POLICY IF EXISTS bench_anon_read_back_own_insert ON public.messages;
CREATE POLICY bench_anon_read_back_own_insert ON public.messages FOR SELECT TO anon
  USING (created_at = now());
COMMIT;
