-- 0022 Reports and Analytics (issue 20): every figure of the five tabs computed in SQL from the
-- real rows, so the browser never pulls raw rows.
--
-- public.get_report(tab, period) answers one tab for one period; it refuses (42501) a caller
-- without view_reports, then reads as its owner (SECURITY DEFINER: the figures are aggregates
-- for the report readers, whatever their table permissions).
--
-- Periods (back-office §9), in church time (Africa/Nairobi): week = the last 7 days, month =
-- the last month (the default), quarter = the last 3 months, year = the last year; each runs
-- from that day to today, both included. "Change" figures compare with the equal period just
-- before.
--
-- Counted money: gifts that are verified and not demo gifts; expenses that were approved. The
-- original's net income was always its income: here it is income minus approved expenses.

-- The sends of a period (the overview's Messages Sent, the Communication tab).
CREATE INDEX email_deliveries_created_idx ON kanisa.email_deliveries (created_at DESC);

CREATE FUNCTION kanisa.report_money(p_from date, p_to date)
RETURNS TABLE (income numeric, gifts bigint, expenses numeric)
LANGUAGE sql STABLE SET search_path = '' AS $$
  SELECT (SELECT coalesce(sum(g.amount), 0) FROM public.giving_records g
           WHERE g.is_verified AND NOT g.is_simulated
             AND g.giving_date BETWEEN p_from AND p_to),
         (SELECT count(*) FROM public.giving_records g
           WHERE g.is_verified AND NOT g.is_simulated
             AND g.giving_date BETWEEN p_from AND p_to),
         (SELECT coalesce(sum(e.amount), 0) FROM public.expenses e
           WHERE e.status = 'approved' AND e.expense_date BETWEEN p_from AND p_to)
$$;

-- The start of a church day as an instant.
CREATE FUNCTION kanisa.church_instant(p_day date) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = '' AS $$
  SELECT p_day::timestamp AT TIME ZONE 'Africa/Nairobi'
$$;

-- Percent change from prev to cur, 1 decimal; NULL when there is nothing to compare with.
CREATE FUNCTION kanisa.percent_change(cur numeric, prev numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = '' AS $$
  SELECT CASE WHEN prev IS NULL OR prev = 0 OR cur IS NULL THEN NULL
              ELSE round((cur - prev) / prev * 100, 1) END
$$;

-- part / whole as a percentage, 1 decimal; NULL when whole is 0.
CREATE FUNCTION kanisa.percent(part numeric, whole numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = '' AS $$
  SELECT CASE WHEN coalesce(whole, 0) = 0 THEN NULL ELSE round(part / whole * 100, 1) END
$$;

-- The §9 labels of giving types (unknown ones keep their name, a missing one is 'other').
CREATE FUNCTION kanisa.giving_label(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = '' AS $$
  SELECT CASE t
    WHEN 'tithe' THEN 'Tithes' WHEN 'offering' THEN 'Offerings'
    WHEN 'special_project' THEN 'Special Projects' WHEN 'building_fund' THEN 'Building Fund'
    WHEN 'missions' THEN 'Missions' ELSE coalesce(nullif(btrim(t), ''), 'other') END
$$;

-- Messages (the website's forms and the admin panel's) of a period: the §9 formulas.
--   delivery rate = (sent + read) / total; engagement = read / (sent + read); 1 decimal.
CREATE FUNCTION kanisa.report_channel(p_source text, p_from date, p_to date) RETURNS jsonb
LANGUAGE sql STABLE SET search_path = '' AS $$
  SELECT jsonb_build_object(
    'channel', CASE p_source WHEN 'website' THEN 'Website Forms' ELSE 'Admin Panel' END,
    'source', p_source, 'total', c.total, 'sent', c.sent, 'read', c.read,
    'delivery_rate', kanisa.percent(c.sent + c.read, c.total),
    'engagement', kanisa.percent(c.read, c.sent + c.read))
    FROM (SELECT count(*) AS total,
                 count(*) FILTER (WHERE m.status = 'sent') AS sent,
                 count(*) FILTER (WHERE m.status = 'read') AS read
            FROM public.messages m
           WHERE (p_source IS NULL OR m.source = p_source)
             AND m.created_at >= kanisa.church_instant(p_from)
             AND m.created_at < kanisa.church_instant(p_to + 1)) c
$$;

CREATE FUNCTION kanisa.report_overview(p_from date, p_to date) RETURNS jsonb
LANGUAGE plpgsql STABLE SET search_path = '' AS $$
DECLARE
  span integer := p_to - p_from + 1;
  cur record;
  prev record;
  att numeric;
  att_prev numeric;
  att_records bigint;
  all_messages jsonb;
BEGIN
  SELECT * INTO cur FROM kanisa.report_money(p_from, p_to);
  SELECT * INTO prev FROM kanisa.report_money(p_from - span, p_from - 1);
  SELECT round(avg(a.divine_total), 1), count(*) INTO att, att_records
    FROM public.attendance_aggregates a WHERE a.attendance_date BETWEEN p_from AND p_to;
  SELECT round(avg(a.divine_total), 1) INTO att_prev
    FROM public.attendance_aggregates a
   WHERE a.attendance_date BETWEEN p_from - span AND p_from - 1;
  all_messages := kanisa.report_channel(NULL, p_from, p_to);
  RETURN jsonb_build_object(
    'income', cur.income, 'expenses', cur.expenses, 'net_income', cur.income - cur.expenses,
    'income_change', kanisa.percent_change(cur.income, prev.income),
    'total_members', (SELECT count(*) FROM public.members m WHERE m.is_active),
    'new_members', (SELECT count(*) FROM public.members m
                     WHERE m.created_at >= kanisa.church_instant(p_from)
                       AND m.created_at < kanisa.church_instant(p_to + 1)),
    'avg_attendance', att, 'attendance_records', att_records,
    'attendance_change', kanisa.percent_change(att, att_prev),
    'messages_sent',
      (SELECT count(*) FROM kanisa.sms_deliveries d
        WHERE d.broadcast_id IS NOT NULL AND d.status IN ('sent', 'delivered')
          AND d.created_at >= kanisa.church_instant(p_from)
          AND d.created_at < kanisa.church_instant(p_to + 1))
      + (SELECT count(*) FROM kanisa.email_deliveries d
          WHERE d.status = 'sent'
            AND d.created_at >= kanisa.church_instant(p_from)
            AND d.created_at < kanisa.church_instant(p_to + 1)),
    'messages_simulated',
      (SELECT count(*) FROM kanisa.sms_deliveries d
        WHERE d.broadcast_id IS NOT NULL AND d.status = 'simulated'
          AND d.created_at >= kanisa.church_instant(p_from)
          AND d.created_at < kanisa.church_instant(p_to + 1))
      + (SELECT count(*) FROM kanisa.email_deliveries d
          WHERE d.status = 'simulated'
            AND d.created_at >= kanisa.church_instant(p_from)
            AND d.created_at < kanisa.church_instant(p_to + 1)),
    'delivery_rate', all_messages -> 'delivery_rate',
    'engagement', all_messages -> 'engagement');
END
$$;

CREATE FUNCTION kanisa.report_financial(p_from date, p_to date, p_today date) RETURNS jsonb
LANGUAGE plpgsql STABLE SET search_path = '' AS $$
DECLARE
  cur record;
  first_month date := (date_trunc('month', p_today) - interval '5 months')::date;
BEGIN
  SELECT * INTO cur FROM kanisa.report_money(p_from, p_to);
  RETURN jsonb_build_object(
    'income', cur.income, 'expenses', cur.expenses, 'net_income', cur.income - cur.expenses,
    'gifts', cur.gifts,
    'by_category', coalesce((
      SELECT jsonb_agg(jsonb_build_object(
               'giving_type', c.giving_type, 'label', kanisa.giving_label(c.giving_type),
               'amount', c.amount, 'count', c.n, 'percent', kanisa.percent(c.amount, cur.income))
             ORDER BY c.amount DESC, c.giving_type)
        FROM (SELECT g.giving_type, sum(g.amount) AS amount, count(*) AS n
                FROM public.giving_records g
               WHERE g.is_verified AND NOT g.is_simulated
                 AND g.giving_date BETWEEN p_from AND p_to
               GROUP BY g.giving_type) c), '[]'::jsonb),
    'trend', (
      SELECT jsonb_agg(jsonb_build_object(
               'month', to_char(m.month, 'YYYY-MM'),
               'income', (SELECT coalesce(sum(g.amount), 0) FROM public.giving_records g
                           WHERE g.is_verified AND NOT g.is_simulated
                             AND g.giving_date >= m.month
                             AND g.giving_date < m.month + interval '1 month'),
               'expenses', (SELECT coalesce(sum(e.amount), 0) FROM public.expenses e
                             WHERE e.status = 'approved' AND e.expense_date >= m.month
                               AND e.expense_date < m.month + interval '1 month'))
             ORDER BY m.month)
        FROM (SELECT (first_month + make_interval(months => k))::date AS month
                FROM generate_series(0, 5) k) m));
END
$$;

CREATE FUNCTION kanisa.report_membership(p_from date, p_to date, p_today date) RETURNS jsonb
LANGUAGE sql STABLE SET search_path = '' AS $$
  SELECT jsonb_build_object(
    'total_members', (SELECT count(*) FROM public.members),
    'active_members', (SELECT count(*) FROM public.members m WHERE m.is_active),
    'new_members', (SELECT count(*) FROM public.members m
                     WHERE m.created_at >= kanisa.church_instant(p_from)
                       AND m.created_at < kanisa.church_instant(p_to + 1)),
    -- Age = the difference of the years only (§9), active members.
    'ages', (
      SELECT jsonb_agg(jsonb_build_object('bucket', b.bucket, 'count', coalesce(c.n, 0))
                       ORDER BY b.ord)
        FROM (VALUES (1, '0-17'), (2, '18-30'), (3, '31-50'), (4, '51-70'), (5, '70+'),
                     (6, 'Unknown')) AS b (ord, bucket)
        LEFT JOIN (
          SELECT CASE
                   WHEN m.date_of_birth IS NULL THEN 'Unknown'
                   WHEN a.age <= 17 THEN '0-17' WHEN a.age <= 30 THEN '18-30'
                   WHEN a.age <= 50 THEN '31-50' WHEN a.age <= 70 THEN '51-70'
                   ELSE '70+' END AS bucket,
                 count(*) AS n
            FROM public.members m,
                 LATERAL (SELECT extract(year FROM p_today)::integer
                                 - extract(year FROM m.date_of_birth)::integer AS age) a
           WHERE m.is_active
           GROUP BY 1) c ON c.bucket = b.bucket
       WHERE b.bucket <> 'Unknown' OR c.n > 0),
    'ministries', coalesce((
      SELECT jsonb_agg(jsonb_build_object('id', mi.id, 'name', mi.name, 'members', c.n)
                       ORDER BY c.n DESC, mi.name)
        FROM public.ministries mi,
        LATERAL (SELECT count(*) AS n FROM public.member_ministries mm
                   JOIN public.members m ON m.id = mm.member_id AND m.is_active
                  WHERE mm.ministry_id = mi.id) c
       WHERE mi.is_active), '[]'::jsonb),
    -- Active members who had joined by each of the last 12 month ends.
    'growth', (
      SELECT jsonb_agg(jsonb_build_object(
               'month_end', e.month_end,
               'members', (SELECT count(*) FROM public.members m
                            WHERE m.is_active
                              AND m.created_at < kanisa.church_instant(e.month_end + 1)))
             ORDER BY e.month_end)
        FROM (SELECT (date_trunc('month', p_today) - make_interval(months => k)
                      + interval '1 month' - interval '1 day')::date AS month_end
                FROM generate_series(0, 11) k) e))
$$;

CREATE FUNCTION kanisa.report_attendance(p_from date, p_to date, p_today date) RETURNS jsonb
LANGUAGE sql STABLE SET search_path = '' AS $$
  WITH period AS (
    SELECT * FROM public.attendance_aggregates a
     WHERE a.attendance_date BETWEEN p_from AND p_to
  ), last5 AS (
    SELECT a.attendance_date, a.divine_total, a.sabbath_school_count,
           lag(a.divine_total) OVER (ORDER BY a.attendance_date) AS previous
      FROM (SELECT * FROM public.attendance_aggregates a
             WHERE a.attendance_date <= p_to
             ORDER BY a.attendance_date DESC LIMIT 5) a
  )
  SELECT jsonb_build_object(
    'records', (SELECT count(*) FROM period),
    'average', (SELECT round(avg(divine_total), 1) FROM period),
    'services', (
      SELECT jsonb_build_array(
        jsonb_build_object('service', 'Sabbath School',
                           'average', round(avg(sabbath_school_count), 1),
                           'total', coalesce(sum(sabbath_school_count), 0)),
        jsonb_build_object('service', 'Divine Service', 'average', round(avg(divine_total), 1),
                           'total', coalesce(sum(divine_total), 0)),
        jsonb_build_object('service', 'Children', 'average', round(avg(divine_children_count), 1),
                           'total', coalesce(sum(divine_children_count), 0)),
        jsonb_build_object('service', 'Youth', 'average', round(avg(divine_youth_count), 1),
                           'total', coalesce(sum(divine_youth_count), 0)),
        jsonb_build_object('service', 'Adults', 'average', round(avg(divine_adults_count), 1),
                           'total', coalesce(sum(divine_adults_count), 0)))
        FROM period),
    'recent', coalesce((
      SELECT jsonb_agg(jsonb_build_object(
               'date', l.attendance_date, 'divine_total', l.divine_total,
               'sabbath_school_count', l.sabbath_school_count,
               'change', kanisa.percent_change(l.divine_total, l.previous))
             ORDER BY l.attendance_date DESC)
        FROM (SELECT * FROM last5 ORDER BY attendance_date DESC LIMIT 4) l), '[]'::jsonb),
    -- Q1-Q4: calendar quarters of the last 12 months.
    'seasonal', (
      SELECT jsonb_agg(jsonb_build_object('quarter', 'Q' || s.n, 'average', s.average,
                                          'records', s.records) ORDER BY s.n)
        FROM (SELECT q.n, round(avg(a.divine_total), 1) AS average, count(a.id) AS records
                FROM generate_series(1, 4) AS q (n)
                LEFT JOIN public.attendance_aggregates a
                  ON extract(quarter FROM a.attendance_date) = q.n
                 AND a.attendance_date > (p_today - interval '1 year')::date
                 AND a.attendance_date <= p_today
               GROUP BY q.n) s))
$$;

CREATE FUNCTION kanisa.report_communication(p_from date, p_to date) RETURNS jsonb
LANGUAGE sql STABLE SET search_path = '' AS $$
  WITH sms AS (
    SELECT count(*) AS total,
           count(*) FILTER (WHERE d.status = 'sent') AS sent,
           count(*) FILTER (WHERE d.status = 'delivered') AS delivered,
           count(*) FILTER (WHERE d.status = 'failed') AS failed,
           count(*) FILTER (WHERE d.status = 'simulated') AS simulated
      FROM kanisa.sms_deliveries d
     WHERE d.broadcast_id IS NOT NULL
       AND d.created_at >= kanisa.church_instant(p_from)
       AND d.created_at < kanisa.church_instant(p_to + 1)
  ), email AS (
    SELECT count(*) AS total,
           count(*) FILTER (WHERE d.status = 'sent') AS sent,
           count(*) FILTER (WHERE d.status = 'failed') AS failed,
           count(*) FILTER (WHERE d.status = 'simulated') AS simulated
      FROM kanisa.email_deliveries d
     WHERE d.created_at >= kanisa.church_instant(p_from)
       AND d.created_at < kanisa.church_instant(p_to + 1)
  ), replies AS (
    SELECT count(*) AS answered,
           round((avg(extract(epoch FROM m.replied_at - m.created_at)) / 60)::numeric, 1)
             AS minutes
      FROM public.messages m
     WHERE m.replied_at >= kanisa.church_instant(p_from)
       AND m.replied_at < kanisa.church_instant(p_to + 1)
  )
  SELECT jsonb_build_object(
    'channels', jsonb_build_array(kanisa.report_channel('website', p_from, p_to),
                                  kanisa.report_channel('admin', p_from, p_to)),
    'sends', jsonb_build_object(
      'sms', (SELECT jsonb_build_object('total', total, 'sent', sent, 'delivered', delivered,
                                        'failed', failed, 'simulated', simulated,
                                        'delivery_rate',
                                        kanisa.percent(sent + delivered, total - simulated))
                FROM sms),
      'email', (SELECT jsonb_build_object('total', total, 'sent', sent, 'failed', failed,
                                          'simulated', simulated,
                                          'delivery_rate', kanisa.percent(sent, total - simulated))
                  FROM email)),
    'replies', (SELECT jsonb_build_object('answered', answered, 'avg_response_minutes', minutes)
                  FROM replies))
$$;

CREATE FUNCTION public.get_report(p_tab text, p_period text DEFAULT 'month')
RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  today date := (now() AT TIME ZONE 'Africa/Nairobi')::date;
  since date;
  answer jsonb;
BEGIN
  PERFORM auth.require_any_permission('Reports', 'view_reports');
  since := CASE p_period
    WHEN 'week' THEN today - 7
    WHEN 'month' THEN (today - interval '1 month')::date
    WHEN 'quarter' THEN (today - interval '3 months')::date
    WHEN 'year' THEN (today - interval '1 year')::date END;
  IF since IS NULL THEN
    RAISE EXCEPTION 'Unknown period %', p_period USING ERRCODE = '22023',
      HINT = 'The periods are week, month, quarter and year.';
  END IF;
  answer := CASE p_tab
    WHEN 'overview' THEN kanisa.report_overview(since, today)
    WHEN 'financial' THEN kanisa.report_financial(since, today, today)
    WHEN 'membership' THEN kanisa.report_membership(since, today, today)
    WHEN 'attendance' THEN kanisa.report_attendance(since, today, today)
    WHEN 'communication' THEN kanisa.report_communication(since, today) END;
  IF answer IS NULL THEN
    RAISE EXCEPTION 'Unknown report tab %', p_tab USING ERRCODE = '22023',
      HINT = 'The tabs are overview, financial, membership, attendance and communication.';
  END IF;
  RETURN jsonb_build_object('tab', p_tab, 'period', p_period, 'from', since, 'to', today)
         || answer;
END
$$;
COMMENT ON FUNCTION public.get_report(text, text) IS
  'Reports and Analytics: one tab (overview, financial, membership, attendance, communication) for one period (week, month, quarter, year: back to that day, to today, church time), every figure from the real rows. Needs view_reports.';

DO $$
DECLARE
  f text;
BEGIN
  FOREACH f IN ARRAY ARRAY[
    'kanisa.report_money(date, date)', 'kanisa.report_channel(text, date, date)',
    'kanisa.report_overview(date, date)', 'kanisa.report_financial(date, date, date)',
    'kanisa.report_membership(date, date, date)', 'kanisa.report_attendance(date, date, date)',
    'kanisa.report_communication(date, date)'] LOOP
    EXECUTE format('REVOKE ALL ON FUNCTION %s FROM PUBLIC', f);
  END LOOP;
END
$$;
