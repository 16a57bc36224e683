-- 0004 service_role: the trusted server-side role (payments, e-mail, SMS, the developers'
-- console as "service") may read and change everything in the exposed schema. It has
-- BYPASSRLS, so row-level policies do not restrict it; these grants give it the table rights
-- policies would otherwise not. anon and authenticated get their rights from policies/ only.

GRANT ALL ON ALL TABLES IN SCHEMA public TO service_role;
GRANT ALL ON ALL SEQUENCES IN SCHEMA public TO service_role;
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO service_role;

-- Tables and functions added by later migrations are covered too.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ALL ON TABLES TO service_role;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ALL ON SEQUENCES TO service_role;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT EXECUTE ON FUNCTIONS TO service_role;
