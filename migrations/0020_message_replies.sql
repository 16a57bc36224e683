-- 0020 replies to messages by real e-mail from the back office (issue 19, first part).
--
-- Staff answer a request with POST /functions/v1/reply-message; the reply is a job
-- (reply_message) that sends the e-mail — reply-to the church, threaded under the visitor's
-- acknowledgement — and only then records it on the message: status 'sent', replied_at,
-- replied_by, reply_error cleared. A reply that fails for good keeps its reason in
-- reply_error. These columns are the server's: the API grants none of them.

ALTER TABLE public.messages
  ADD COLUMN replied_at  timestamptz,
  ADD COLUMN replied_by  uuid,
  ADD COLUMN reply_error text,
  ADD CONSTRAINT messages_replied_by_fkey FOREIGN KEY (replied_by)
    REFERENCES public.users (id) ON DELETE SET NULL;
COMMENT ON COLUMN public.messages.replied_at IS
  'When staff''s e-mail reply to the sender was sent (the reply_message job); null = not answered by e-mail from the back office.';
COMMENT ON COLUMN public.messages.replied_by IS 'The staff member whose reply was sent.';
COMMENT ON COLUMN public.messages.reply_error IS
  'Why the last e-mail reply could not be sent (null once one is sent).';
CREATE INDEX messages_replied_by_idx ON public.messages (replied_by);
