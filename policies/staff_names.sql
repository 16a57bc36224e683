-- staff_names (view): the display names of profiles, id and full_name and nothing else, for
-- the lists and pickers that name people (the prayer list's requester and assignee). Staff
-- profiles themselves — e-mail, role, permissions, last sign-in — are read only by their owner
-- and by a Super Admin (policies/users.sql); issue 31, finding 5.
--   read   active staff (anyone holding at least one permission) read every name; any other
--          signed-in user reads their own. anon reads nothing (no grant).
--   write  nobody: names change in Your Profile and Admin Users.
-- Decisions:
-- - Unlike message_stats this view is not security_invoker: the reader may not read the
--   profiles it names, so it reads public.users with its owner's rights and its WHERE clause
--   (migration 0028) is its row rule. security_barrier keeps a caller's filters from running
--   before that clause.
-- - Every profile's name, not only staff's: a prayer request's requester may be a member's
--   account, and a name is what the church shows of anyone anyway.

GRANT SELECT ON public.staff_names TO authenticated;
