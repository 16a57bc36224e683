-- 0056 The member portal's statement (issue 46): a member signed in by phone reads their own
-- giving statement with the very function the treasurer prints it with, so the figures are the
-- same by construction. get_giving_statements (and get_giving_statement over it) now also
-- answers a caller asking for their own member row (member_id = auth.own_member(),
-- migration 0055) without a finance permission; the row-level policies decide what is read as
-- before (a member reads their own member row and gifts: policies/members.sql,
-- policies/giving_records.sql). Any other call still needs view_financial_reports or
-- manage_donations. The body is 0040's, unchanged but for that check.

CREATE OR REPLACE FUNCTION public.get_giving_statements(from_date date, to_date date,
                                                       page_offset integer DEFAULT 0,
                                                       page_size integer DEFAULT 50,
                                                       member_id uuid DEFAULT NULL)
RETURNS jsonb
LANGUAGE plpgsql
STABLE
SECURITY INVOKER
SET search_path = ''
AS $$
DECLARE
  answer jsonb;
  page_ids uuid[];
  members_in_all bigint;
BEGIN
  -- A member's own statement, or a finance reader's.
  IF get_giving_statements.member_id IS NULL
     OR get_giving_statements.member_id IS DISTINCT FROM (SELECT auth.own_member()) THEN
    PERFORM auth.require_any_permission('Giving statements', 'view_financial_reports', 'manage_donations');
  END IF;
  IF get_giving_statements.from_date IS NULL OR get_giving_statements.to_date IS NULL THEN
    RAISE EXCEPTION 'from_date and to_date are required' USING ERRCODE = '22023';
  END IF;
  IF get_giving_statements.from_date > get_giving_statements.to_date THEN
    RAISE EXCEPTION 'The start date must not be after the end date'
      USING ERRCODE = '22023',
            DETAIL = format('from %s to %s', get_giving_statements.from_date, get_giving_statements.to_date);
  END IF;
  IF get_giving_statements.page_size IS NULL OR get_giving_statements.page_size NOT BETWEEN 1 AND 200 THEN
    RAISE EXCEPTION 'page_size must be between 1 and 200' USING ERRCODE = '22023';
  END IF;
  IF get_giving_statements.page_offset IS NULL OR get_giving_statements.page_offset < 0 THEN
    RAISE EXCEPTION 'page_offset must be 0 or more' USING ERRCODE = '22023';
  END IF;

  -- The page's members first: with member_id that one (whether or not they gave), otherwise
  -- those who gave in the range, read in name order until the page is full (one index probe
  -- each: 3 ms at 50,000 members, where reading every giver and sorting them took 50 ms); and
  -- how many there are in all.
  IF get_giving_statements.member_id IS NOT NULL THEN
    page_ids := ARRAY(SELECT m.id FROM public.members m WHERE m.id = get_giving_statements.member_id
                       OFFSET get_giving_statements.page_offset);
    members_in_all := (SELECT count(*) FROM public.members m WHERE m.id = get_giving_statements.member_id);
  ELSE
    WITH givers AS NOT MATERIALIZED (
      SELECT m.id, m.last_name, m.first_name FROM public.members m
       WHERE EXISTS (SELECT 1 FROM public.giving_records g
                      WHERE g.member_id = m.id AND g.is_verified AND NOT g.is_simulated
                        AND g.giving_date BETWEEN get_giving_statements.from_date
                                              AND get_giving_statements.to_date))
    SELECT ARRAY(SELECT v.id FROM givers v ORDER BY v.last_name, v.first_name, v.id
                 OFFSET get_giving_statements.page_offset LIMIT get_giving_statements.page_size),
           (SELECT count(*) FROM givers)
      INTO page_ids, members_in_all;
  END IF;

  WITH page AS (
    SELECT m.id, m.first_name, m.last_name, m.membership_number, m.phone, m.email, m.address
      FROM public.members m
     WHERE m.id = ANY (page_ids)
  ),
  statements AS (
    SELECT p.last_name, p.first_name, p.id,
           jsonb_build_object(
             'member', jsonb_build_object(
               'id', p.id, 'first_name', p.first_name, 'last_name', p.last_name,
               'membership_number', p.membership_number, 'phone', p.phone, 'email', p.email,
               'address', p.address),
             'from', get_giving_statements.from_date,
             'to', get_giving_statements.to_date,
             'total', coalesce(sums.total, 0),
             'gift_count', coalesce(sums.gift_count, 0),
             'by_type', coalesce(sums.by_type, '[]'),
             'gifts', coalesce(sums.gifts, '[]')) AS statement
      FROM page p
      LEFT JOIN LATERAL (
        SELECT sum(x.amount) AS total,
               count(*) AS gift_count,
               jsonb_agg(jsonb_build_object(
                 'id', x.id, 'giving_date', x.giving_date, 'receipt_no', x.receipt_no,
                 'giving_type', x.giving_type, 'payment_method', x.payment_method,
                 'transaction_id', x.transaction_id, 'amount', x.amount,
                 'reassigned_on', (x.reassigned_at AT TIME ZONE 'Africa/Nairobi')::date,
                 'reassign_reason', x.reassign_reason)
                 ORDER BY x.giving_date, x.receipt_no) AS gifts,
               (SELECT jsonb_agg(jsonb_build_object('giving_type', y.giving_type,
                                                    'total', y.total, 'gift_count', y.gift_count)
                                 ORDER BY y.position)
                  FROM (SELECT t.position, t.giving_type, sum(z.amount) AS total, count(*) AS gift_count
                          FROM public.giving_records z
                          JOIN (VALUES ('tithe', 1), ('offering', 2), ('special_project', 3),
                                       ('building_fund', 4), ('missions', 5)) AS t(giving_type, position)
                            ON t.giving_type = z.giving_type
                         WHERE z.member_id = p.id AND z.is_verified AND NOT z.is_simulated
                           AND z.giving_date BETWEEN get_giving_statements.from_date
                                                 AND get_giving_statements.to_date
                         GROUP BY t.position, t.giving_type) y) AS by_type
          FROM public.giving_records x
         WHERE x.member_id = p.id AND x.is_verified AND NOT x.is_simulated
           AND x.giving_date BETWEEN get_giving_statements.from_date AND get_giving_statements.to_date
      ) sums ON true
  )
  SELECT jsonb_build_object(
           'from', get_giving_statements.from_date,
           'to', get_giving_statements.to_date,
           'member_count', members_in_all,
           'statements', coalesce((SELECT jsonb_agg(s.statement ORDER BY s.last_name, s.first_name, s.id)
                                     FROM statements s), '[]'))
    INTO answer;
  RETURN answer;
END
$$;
