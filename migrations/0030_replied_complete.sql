-- 0030 A replied request can be completed (issue 32): Mark Complete moves any message that is
-- not yet completed — pending, read, answered by e-mail (sent) or whose answer failed — to
-- completed, so a request the secretary answered leaves the open list. Before, only a pending
-- message could be completed and a replied one stayed open for ever. The reply itself can
-- complete the message too ("Send and mark complete", the reply_message job).

CREATE OR REPLACE FUNCTION public.update_message_status(message_id uuid)
RETURNS public.messages
LANGUAGE plpgsql
VOLATILE
SECURITY INVOKER
SET search_path = ''
AS $$
DECLARE
  completed      public.messages;
  current_status text;
  done_at        timestamptz;
BEGIN
  IF update_message_status.message_id IS NULL THEN
    RAISE EXCEPTION 'message_id is required' USING ERRCODE = '22023';
  END IF;

  UPDATE public.messages AS m
     SET status = 'completed',
         completed_at = now()
   WHERE m.id = update_message_status.message_id
     AND m.status <> 'completed'
  RETURNING m.* INTO completed;
  IF FOUND THEN
    RETURN completed;
  END IF;

  -- Nothing changed: say why.
  SELECT m.status, m.completed_at INTO current_status, done_at
  FROM public.messages AS m
  WHERE m.id = update_message_status.message_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Message not found'
      USING ERRCODE = 'PT404',
            DETAIL = format('No message has the id %s.', update_message_status.message_id);
  END IF;
  IF current_status <> 'completed' THEN
    -- Visible but not updatable: the caller's policies let it read the message only.
    RAISE EXCEPTION 'You may not change this message'
      USING ERRCODE = '42501',
            DETAIL = format('Message %s is %s, but the signed-in user may not update it.',
                            update_message_status.message_id, current_status);
  END IF;
  RAISE EXCEPTION 'Message is already complete'
    USING ERRCODE = 'P0001',
          DETAIL = format('Message %s was completed at %s.', update_message_status.message_id,
                          to_char(done_at AT TIME ZONE 'Africa/Nairobi', 'YYYY-MM-DD HH24:MI')),
          HINT = 'Refresh the list: someone may have handled it already.';
END
$$;
COMMENT ON FUNCTION public.update_message_status(uuid) IS
  'Mark Complete: moves a message that is not yet completed (pending, read, sent, failed) to completed (completed_at = now) and returns it. Errors: "Message is already complete" (P0001), "Message not found" (PT404) for an unknown id or a message the caller may not see, "You may not change this message" (42501).';
