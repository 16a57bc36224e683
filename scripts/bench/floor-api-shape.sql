-- pgbench, second floor line: the list of (a) in the transaction the table API runs for every
-- request (kanisa-rest `execute`): BEGIN READ ONLY, one set_config of role, claims, method,
-- path, headers, search_path and statement timeout, the statement, COMMIT. Run with
-- `-M prepared` at the API's pool size: what PostgreSQL can give the API's connections.
BEGIN READ ONLY;
SELECT set_config('role', 'anon', true), set_config('request.jwt.claims', '{"iss":"kanisa","role":"anon"}', true), set_config('request.method', 'GET', true), set_config('request.path', '/rest/v1/sermons', true), set_config('request.headers', '{"host":"127.0.0.1","accept":"*/*"}', true), set_config('search_path', 'public', true), set_config('statement_timeout', '3s', true);
SELECT coalesce(json_agg(t), '[]') FROM (SELECT id, title, speaker, sermon_date FROM public.sermons WHERE is_published ORDER BY sermon_date DESC LIMIT 20) t;
COMMIT;
