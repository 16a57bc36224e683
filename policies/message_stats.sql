-- message_stats (view, security_invoker): the Communication Hub's summary figures, computed
-- from messages under the reader's own policies. Granted to signed-in users only; someone who
-- may not read messages gets a row of zeros (and NULL average), never other people's figures.
-- anon has no use for it and no grant.

GRANT SELECT ON public.message_stats TO authenticated;
