-- realtime.messages: who may join which private realtime channel, send broadcasts and track
-- presence there (migration 0054; Supabase's Realtime Authorization). No message is stored:
-- realtime.authorize asks these policies about a probe row for the channel's topic
-- (realtime.topic(), the channel name without "realtime:") and undoes it. SELECT: may join
-- and receive; INSERT: may send and track.
--   staff          an active user holding any permission (the back office's users) joins the
--                  `staff:*` channels, sends on them and is present there: who else has a
--                  screen open ("staff:prayer-requests"), a heads-up to the office.
--   signed in      every active user joins and sends on their own `user:{their id}` channel
--                  (their other devices).
--   anon           nothing: private channels need a signed-in user. Public channels (private:
--                  false) are not asked: broadcast and presence there are for signed-in
--                  callers, and for anon only with KANISA_REALTIME_ANON_BROADCAST.
-- Decisions:
-- - A topic is a name, not a row: a policy compares realtime.topic() with a prefix and the
--   caller, never reads a table by it.
-- - Rights are checked at join and again when the channel's token changes (access_token); a
--   right removed meanwhile takes effect at the next join or token refresh, as on Supabase.

GRANT SELECT, INSERT ON realtime.messages TO authenticated;

CREATE POLICY messages_staff_read ON realtime.messages FOR SELECT TO authenticated
  USING (realtime.topic() LIKE 'staff:%' AND (SELECT auth.is_active() AND auth.permissions() <> '{}'));

CREATE POLICY messages_staff_send ON realtime.messages FOR INSERT TO authenticated
  WITH CHECK (topic = realtime.topic() AND realtime.topic() LIKE 'staff:%'
              AND (SELECT auth.is_active() AND auth.permissions() <> '{}'));

CREATE POLICY messages_own_read ON realtime.messages FOR SELECT TO authenticated
  USING (realtime.topic() = 'user:' || (SELECT auth.uid())::text AND (SELECT auth.is_active()));

CREATE POLICY messages_own_send ON realtime.messages FOR INSERT TO authenticated
  WITH CHECK (topic = realtime.topic() AND realtime.topic() = 'user:' || (SELECT auth.uid())::text
              AND (SELECT auth.is_active()));
