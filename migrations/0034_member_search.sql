-- 0034 Member search and paging at conference scale (issue 35): the back office searches members
-- by every word typed, each word in first name, last name, full name, membership number, e-mail
-- or phone (`or=(first_name.ilike.*w*,…)` through the table API), and pages the list in its
-- order (last name, first name, id), by key from row 1,000 on and from the end for Last.
--
-- pg_trgm (shipped with the server package, a trusted extension) indexes the three-letter
-- pieces of each column, so ILIKE '%word%' with a word of three letters or more can read only the
-- rows that contain them. The extension lives in its own schema, `extensions`, which the API
-- roles cannot use: its functions are not RPCs and its operators are reached only through these
-- indexes (ILIKE itself is the core operator).
--
-- Known limit (measured, scripts/bench-members.sh): through the table API the members' row
-- policies apply, and ILIKE (texticlike) is not LEAKPROOF, so PostgreSQL will not evaluate it
-- before the policies — it cannot be an index condition, and the API's search still reads the
-- register in order or scans it. The trigram indexes serve the owner's functions now and a
-- leak-proof search later (issue 35); marking texticlike LEAKPROOF is not an option (a pattern
-- ending in an escape errors only on rows it reaches, a side channel past the policies).
--
-- The list's order with its tie-breaker has a btree of its own: a page reads it in order and stops
-- after its rows, and a page by key (`last_name >= x` with the rest of the key in `or=`; text
-- comparison is leak-proof, so this one is an index condition under the policies) starts at the
-- key, however deep in the list.

CREATE SCHEMA IF NOT EXISTS extensions;
COMMENT ON SCHEMA extensions IS 'Extensions whose objects are not part of the API (pg_trgm).';
REVOKE ALL ON SCHEMA extensions FROM PUBLIC;
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA extensions;

CREATE INDEX members_first_name_trgm_idx ON public.members
  USING gin (first_name extensions.gin_trgm_ops);
CREATE INDEX members_last_name_trgm_idx ON public.members
  USING gin (last_name extensions.gin_trgm_ops);
CREATE INDEX members_full_name_trgm_idx ON public.members
  USING gin (full_name extensions.gin_trgm_ops);
CREATE INDEX members_membership_number_trgm_idx ON public.members
  USING gin (membership_number extensions.gin_trgm_ops);
CREATE INDEX members_email_trgm_idx ON public.members
  USING gin (email extensions.gin_trgm_ops);
CREATE INDEX members_phone_trgm_idx ON public.members
  USING gin (phone extensions.gin_trgm_ops);

-- The list's order with its tie-breaker (it replaces 0002's (last_name, first_name)).
CREATE INDEX members_list_order_idx ON public.members (last_name, first_name, id);
DROP INDEX public.members_last_name_idx;
