-- BENCHMARK-ONLY STAND-INS for the anon grants and row-level policies that policies/ will hold
-- (the auth and policy issue). scripts/bench-rest.sh applies this to its throwaway cluster so
-- the anonymous scenarios measure RLS-checked reads and inserts, as production will. It is not
-- the real access policy and is never applied by `kanisa serve`.
BEGIN;
GRANT USAGE ON SCHEMA public TO anon;
GRANT SELECT ON public.sermons, public.events TO anon;
GRANT INSERT ON public.messages TO anon;

ALTER TABLE public.sermons ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.events ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.messages ENABLE ROW LEVEL SECURITY;

DROP POLICY IF EXISTS bench_anon_read_published ON public.sermons;
CREATE POLICY bench_anon_read_published ON public.sermons FOR SELECT TO anon USING (is_published);
DROP POLICY IF EXISTS bench_anon_read_published ON public.events;
CREATE POLICY bench_anon_read_published ON public.events FOR SELECT TO anon USING (is_published);
DROP POLICY IF EXISTS bench_anon_send ON public.messages;
CREATE POLICY bench_anon_send ON public.messages FOR INSERT TO anon WITH CHECK (true);
COMMIT;
