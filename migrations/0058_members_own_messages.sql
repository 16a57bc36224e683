-- 0058 A member's own messages (issue 46, "My requests"): a message sent while signed in keeps
-- its sender's account, so the member portal lists the member's messages with their status,
-- as prayer requests already keep requester_id (migration 0002; set by submit-request since
-- issue 46).
--
-- * messages.sender_id is stamped on insert from the caller's token by a trigger, never taken
--   from the request: the caller's id for a signed-in sender, NULL for the public. No API role
--   is granted the column, so it cannot be forged or changed; only the server's own work (the
--   owner, service_role) may name a sender where no token does.
-- * policies/messages.sql lets a signed-in sender read their own messages.

ALTER TABLE public.messages ADD COLUMN sender_id uuid;
ALTER TABLE public.messages ADD CONSTRAINT messages_sender_id_fkey FOREIGN KEY (sender_id)
  REFERENCES public.users (id) ON DELETE SET NULL;
CREATE INDEX messages_sender_id_idx ON public.messages (sender_id, created_at DESC)
  WHERE sender_id IS NOT NULL;
COMMENT ON COLUMN public.messages.sender_id IS
  'The signed-in account that sent the message (from its token, by messages_stamp_sender); NULL for the public.';

-- SECURITY DEFINER: the public forms' writers (anon) have no USAGE on schema kanisa.
CREATE FUNCTION kanisa.stamp_sender() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  NEW.sender_id := coalesce(auth.uid(), NEW.sender_id);
  RETURN NEW;
END
$$;
REVOKE ALL ON FUNCTION kanisa.stamp_sender() FROM PUBLIC;

CREATE TRIGGER messages_stamp_sender BEFORE INSERT ON public.messages
  FOR EACH ROW EXECUTE FUNCTION kanisa.stamp_sender();
