-- 0003 rpc functions: the remote functions the back office calls (back-office.md 7.5, 7.7; the
-- message states of 4 and public-site.md 4, 8). Called through the table API as
-- POST /rest/v1/rpc/<name> with named JSON arguments (GET too for the STABLE ones).
--
-- Conventions (hold for every function below)
--   * SECURITY INVOKER: the caller's own grants and row-level policies decide which rows a
--     function reads or changes. A caller who may not see a message gets "Message not found",
--     exactly as if it did not exist; one who may see it but not change it gets 42501.
--   * SET search_path = '' and fully qualified names, so no caller's search_path can redirect
--     a name (pg_catalog is always searched first).
--   * STABLE for reads, VOLATILE for writes.
--   * EXECUTE is revoked from PUBLIC (PostgreSQL grants it to PUBLIC by default) and granted to
--     service_role only. Granting anon/authenticated is the business of the policy files.
--
-- Errors (SQLSTATE -> HTTP status in PostgREST's mapping, which the API follows)
--   22023 invalid_parameter_value   400  a required argument missing, a limit out of range
--   P0001 raise_exception           400  "Message is not pending" (Mark Complete on a message
--                                        that is no longer pending)
--   PT404 (PostgREST's PTxyz form)  404  "Message not found". Not P0002 (no_data_found): in
--                                        PostgREST's table every P0* code but P0001 is a 500,
--                                        and an unknown id is the caller's mistake, not a fault.
--                                        A server that does not know the PTxyz form answers 400.
--   42501 insufficient_privilege    401/403  the caller sees the message but its policies do
--                                        not let it change it
--
-- Decisions where the specifications are silent
--   get_monthly_giving
--     * Counts verified gifts with giving_date >= from_date (the exact day, like the client
--       fallback's gte filter), keyed by the calendar month of giving_date as 'YYYY-MM'.
--     * Every month from from_date's month to the current month (Africa/Nairobi) is returned,
--       empty ones with total 0.00, so a 12-month trend has 12 rows. If verified gifts are
--       dated after the current month, the series runs on to the last of them (no verified
--       money is ever left out). The dashboard keys its rows by month_key, so the zero rows
--       change nothing for a caller that pre-fills the months itself.
--     * from_date NULL is refused (22023) rather than read as "all time".
--   get_messages
--     * NULL means "any" for status, department and recipient_name; a non-NULL value must match
--       exactly (case-sensitive, like the table API's eq filter, and served by the
--       (column, created_at DESC) indexes of 0002). Newest first: created_at DESC, then id DESC
--       so equal timestamps page stably.
--     * limit NULL means the default 50; outside 1..500 is refused (22023), not clamped, so a
--       caller never silently gets fewer rows than it asked for.
--   get_message_stats
--     * Returns the single row of the message_stats view (0002) as one composite value, so the
--       API answers a JSON object {total_messages, ..., avg_response_time_minutes} (the
--       "message_stats (summary)" entity), not an array. supabase-js' .single() works too.
--       Defined over the view so that the view and the function can never disagree.
--     * From the view: counts are integers; this month / this week (from Monday) / today are
--       calendar periods in Africa/Nairobi; avg_response_time_minutes is the mean of
--       (email_sent_at - created_at) in minutes over messages answered by e-mail, rounded to 1
--       decimal, and NULL when no message has been answered yet (no answers, no average).
--   update_message_status (Mark Complete)
--     * pending -> completed, completed_at = now(); returns the updated row (a JSON object),
--       so the caller has the new status and completed_at without a second read.
--     * Any other status is refused with 'Message is not pending' (P0001), including a message
--       already completed: of two staff completing the same message at once, exactly one wins
--       and the other is told (the UPDATE is guarded by status = 'pending').
--     * read_at is left as it is: completing is not reading.
--   mark_message_read
--     * read_at is set once (the first read time is kept); status becomes 'read' only from
--       'pending' (a sent, completed or failed message keeps its status). Marking a message
--       that is already read changes nothing (not even updated_at). Returns nothing (204).
--
-- Indexes: 0002 already has what these need (giving_records_verified_giving_date_idx for the
-- monthly totals; messages_{created_at,status_created_at,department_created_at,
-- recipient_name_created_at}_idx for the message list; the primary key for the updates).


-- ---------------------------------------------------------------------------------------------
-- get_monthly_giving: the financial dashboard's monthly trend.
-- ---------------------------------------------------------------------------------------------
CREATE FUNCTION public.get_monthly_giving(from_date date)
RETURNS TABLE (month_key text, total numeric)
LANGUAGE plpgsql
STABLE
SECURITY INVOKER
SET search_path = ''
AS $$
BEGIN
  IF get_monthly_giving.from_date IS NULL THEN
    RAISE EXCEPTION 'from_date is required'
      USING ERRCODE = '22023',
            HINT = 'Pass the first day to count, e.g. the first of the month eleven months ago.';
  END IF;

  RETURN QUERY
  WITH sums AS (
    SELECT date_trunc('month', g.giving_date::timestamp)::date AS month_start,
           sum(g.amount) AS month_total
    FROM public.giving_records AS g
    WHERE g.is_verified
      AND g.giving_date >= get_monthly_giving.from_date
    GROUP BY 1
  ),
  months AS (
    SELECT s.month_start::date AS month_start
    FROM generate_series(
           date_trunc('month', get_monthly_giving.from_date::timestamp),
           greatest(date_trunc('month', now() AT TIME ZONE 'Africa/Nairobi'),
                    (SELECT max(x.month_start)::timestamp FROM sums AS x)),
           interval '1 month') AS s (month_start)
  )
  SELECT to_char(mo.month_start, 'YYYY-MM'),
         coalesce(su.month_total, 0.00)::numeric
  FROM months AS mo
  LEFT JOIN sums AS su ON su.month_start = mo.month_start
  ORDER BY mo.month_start;
END
$$;
COMMENT ON FUNCTION public.get_monthly_giving(date) IS
  'Verified giving per calendar month from from_date (inclusive) on: rows {month_key ''YYYY-MM'', total KES}, oldest first. Every month up to the current one (Africa/Nairobi) is present, empty months with total 0. from_date is required.';


-- ---------------------------------------------------------------------------------------------
-- get_messages: the Communication Hub's message list.
-- ---------------------------------------------------------------------------------------------
CREATE FUNCTION public.get_messages(
  status         text    DEFAULT NULL,
  department     text    DEFAULT NULL,
  recipient_name text    DEFAULT NULL,
  "limit"        integer DEFAULT 50
)
RETURNS SETOF public.messages
LANGUAGE plpgsql
STABLE
SECURITY INVOKER
SET search_path = ''
AS $$
DECLARE
  row_limit integer := coalesce(get_messages."limit", 50);
BEGIN
  IF row_limit < 1 OR row_limit > 500 THEN
    RAISE EXCEPTION 'limit must be between 1 and 500 (got %)', row_limit
      USING ERRCODE = '22023',
            HINT = 'Leave limit out for the newest 50 messages.';
  END IF;

  RETURN QUERY
  SELECT m.*
  FROM public.messages AS m
  WHERE (get_messages.status IS NULL OR m.status = get_messages.status)
    AND (get_messages.department IS NULL OR m.department = get_messages.department)
    AND (get_messages.recipient_name IS NULL OR m.recipient_name = get_messages.recipient_name)
  ORDER BY m.created_at DESC, m.id DESC
  LIMIT row_limit;
END
$$;
COMMENT ON FUNCTION public.get_messages(text, text, text, integer) IS
  'Messages newest first. Each of status, department and recipient_name filters by exact match when given (NULL = any). limit: 1 to 500, default 50.';


-- ---------------------------------------------------------------------------------------------
-- get_message_stats: the Communication Hub summary (the eight figures of message_stats).
-- ---------------------------------------------------------------------------------------------
CREATE FUNCTION public.get_message_stats()
RETURNS public.message_stats
LANGUAGE sql
STABLE
SECURITY INVOKER
SET search_path = ''
AS $$
  SELECT s.total_messages, s.pending_messages, s.sent_messages, s.failed_messages,
         s.messages_this_month, s.messages_this_week, s.messages_today,
         s.avg_response_time_minutes
  FROM public.message_stats AS s
$$;
COMMENT ON FUNCTION public.get_message_stats() IS
  'One object: total_messages, pending_messages, sent_messages, failed_messages, messages_this_month, messages_this_week (from Monday), messages_today (calendar periods in Africa/Nairobi), avg_response_time_minutes (mean minutes from receipt to the e-mail answer, 1 decimal; null before any answer). Counts only the messages the caller may see.';


-- ---------------------------------------------------------------------------------------------
-- update_message_status: Mark Complete (pending -> completed).
-- ---------------------------------------------------------------------------------------------
CREATE FUNCTION public.update_message_status(message_id uuid)
RETURNS public.messages
LANGUAGE plpgsql
VOLATILE
SECURITY INVOKER
SET search_path = ''
AS $$
DECLARE
  completed      public.messages;
  current_status text;
BEGIN
  IF update_message_status.message_id IS NULL THEN
    RAISE EXCEPTION 'message_id is required' USING ERRCODE = '22023';
  END IF;

  UPDATE public.messages AS m
     SET status = 'completed',
         completed_at = now()
   WHERE m.id = update_message_status.message_id
     AND m.status = 'pending'
  RETURNING m.* INTO completed;
  IF FOUND THEN
    RETURN completed;
  END IF;

  -- Nothing changed: say why.
  SELECT m.status INTO current_status
  FROM public.messages AS m
  WHERE m.id = update_message_status.message_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Message not found'
      USING ERRCODE = 'PT404',
            DETAIL = format('No message has the id %s.', update_message_status.message_id);
  END IF;
  IF current_status = 'pending' THEN
    -- Visible but not updatable: the caller's policies let it read the message only.
    RAISE EXCEPTION 'You may not change this message'
      USING ERRCODE = '42501',
            DETAIL = format('Message %s is pending, but the signed-in user may not update it.',
                            update_message_status.message_id);
  END IF;
  RAISE EXCEPTION 'Message is not pending'
    USING ERRCODE = 'P0001',
          DETAIL = format('Message %s is %s; only a pending message can be marked complete.',
                          update_message_status.message_id, current_status),
          HINT = 'Refresh the list: someone may have handled it already.';
END
$$;
COMMENT ON FUNCTION public.update_message_status(uuid) IS
  'Mark Complete: moves a pending message to completed (completed_at = now) and returns the updated message. Errors: "Message is not pending" (P0001) for any other status, "Message not found" (PT404) for an unknown id or a message the caller may not see.';


-- ---------------------------------------------------------------------------------------------
-- mark_message_read: records that staff read a message.
-- ---------------------------------------------------------------------------------------------
CREATE FUNCTION public.mark_message_read(message_id uuid)
RETURNS void
LANGUAGE plpgsql
VOLATILE
SECURITY INVOKER
SET search_path = ''
AS $$
DECLARE
  current_status  text;
  current_read_at timestamptz;
BEGIN
  IF mark_message_read.message_id IS NULL THEN
    RAISE EXCEPTION 'message_id is required' USING ERRCODE = '22023';
  END IF;

  -- Touch the row only when something changes, so a second read keeps updated_at too.
  UPDATE public.messages AS m
     SET read_at = coalesce(m.read_at, now()),
         status  = CASE WHEN m.status = 'pending' THEN 'read' ELSE m.status END
   WHERE m.id = mark_message_read.message_id
     AND (m.read_at IS NULL OR m.status = 'pending');
  IF FOUND THEN
    RETURN;
  END IF;

  SELECT m.status, m.read_at INTO current_status, current_read_at
  FROM public.messages AS m
  WHERE m.id = mark_message_read.message_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Message not found'
      USING ERRCODE = 'PT404',
            DETAIL = format('No message has the id %s.', mark_message_read.message_id);
  END IF;
  IF current_read_at IS NULL OR current_status = 'pending' THEN
    RAISE EXCEPTION 'You may not change this message'
      USING ERRCODE = '42501',
            DETAIL = format('Message %s is visible, but the signed-in user may not update it.',
                            mark_message_read.message_id);
  END IF;
  -- Already read: nothing to do.
END
$$;
COMMENT ON FUNCTION public.mark_message_read(uuid) IS
  'Marks a message read: sets read_at the first time only, and moves status pending -> read (other statuses are kept). Marking it again changes nothing. Error "Message not found" (PT404) for an unknown id or a message the caller may not see.';


-- ---------------------------------------------------------------------------------------------
-- Who may call them: service_role here; anon/authenticated through the policy files.
-- ---------------------------------------------------------------------------------------------
REVOKE EXECUTE ON FUNCTION
  public.get_monthly_giving(date),
  public.get_messages(text, text, text, integer),
  public.get_message_stats(),
  public.update_message_status(uuid),
  public.mark_message_read(uuid)
FROM PUBLIC;
GRANT EXECUTE ON FUNCTION
  public.get_monthly_giving(date),
  public.get_messages(text, text, text, integer),
  public.get_message_stats(),
  public.update_message_status(uuid),
  public.mark_message_read(uuid)
TO service_role;
