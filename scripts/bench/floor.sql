-- pgbench floor for scenario (a): the same list, straight to PostgreSQL (one statement, JSON
-- built in the database like the table API does). Run with PGOPTIONS='-c role=anon', so the
-- stand-in row-level policy is checked as in the API path.
SELECT coalesce(json_agg(t), '[]') FROM (SELECT id, title, speaker, sermon_date FROM public.sermons WHERE is_published ORDER BY sermon_date DESC LIMIT 20) t;
