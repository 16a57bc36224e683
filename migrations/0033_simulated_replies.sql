-- 0033 a simulated reply is recorded as simulated (issue 32; spec README point 19).
--
-- In demo mode (no SMTP settings) the reply_message job sends nothing: the mailer answers
-- Simulated. The reply was still recorded like a delivered one (status 'sent', replied_at), so
-- the back office's badge said "Sent". messages.reply_simulated says which: true when the last
-- reply recorded was only simulated. The server's column, like the other reply columns (0020):
-- the API reads it and grants no write on it.

ALTER TABLE public.messages
  ADD COLUMN reply_simulated boolean NOT NULL DEFAULT false;
COMMENT ON COLUMN public.messages.reply_simulated IS
  'True when the reply recorded in replied_at was only simulated (demo mode: nothing left the server).';
