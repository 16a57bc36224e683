-- 0029 Reports by permission (issue 32): back-office §2.4 opens Reports to view_reports,
-- view_financial_reports or view_member_reports, and each reader gets the tabs those allow.
--
--   overview, communication   view_reports (the overview mixes money, members and messages)
--   financial                 view_reports or view_financial_reports (the treasurer)
--   membership, attendance    view_reports or view_member_reports (the clerk, member admins)
--
-- kanisa.report_tab_permissions(tab) is that table, read by get_report's check; the back office
-- keeps the same table (apps/admin/src/features/reports/report-rules.ts, reportTabPermissions)
-- to show only the tabs a caller may open, and the server refuses the rest (42501).

CREATE FUNCTION kanisa.report_tab_permissions(p_tab text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = '' AS $$
  SELECT CASE p_tab
    WHEN 'overview' THEN ARRAY['view_reports']
    WHEN 'financial' THEN ARRAY['view_reports', 'view_financial_reports']
    WHEN 'membership' THEN ARRAY['view_reports', 'view_member_reports']
    WHEN 'attendance' THEN ARRAY['view_reports', 'view_member_reports']
    WHEN 'communication' THEN ARRAY['view_reports'] END
$$;
COMMENT ON FUNCTION kanisa.report_tab_permissions(text) IS
  'The permissions that open one Reports tab (any of them); NULL for a tab that does not exist.';

CREATE OR REPLACE FUNCTION public.get_report(p_tab text, p_period text DEFAULT 'month')
RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  today date := (now() AT TIME ZONE 'Africa/Nairobi')::date;
  allowed text[] := kanisa.report_tab_permissions(p_tab);
  since date;
  answer jsonb;
BEGIN
  -- Who may read anything of Reports first, so an unknown tab tells nothing to a stranger.
  PERFORM auth.require_any_permission('Reports', 'view_reports', 'view_financial_reports',
                                      'view_member_reports');
  IF allowed IS NULL THEN
    RAISE EXCEPTION 'Unknown report tab %', p_tab USING ERRCODE = '22023',
      HINT = 'The tabs are overview, financial, membership, attendance and communication.';
  END IF;
  PERFORM auth.require_any_permission(format('The %s report', p_tab), VARIADIC allowed);
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
  RETURN jsonb_build_object('tab', p_tab, 'period', p_period, 'from', since, 'to', today)
         || answer;
END
$$;
COMMENT ON FUNCTION public.get_report(text, text) IS
  'Reports and Analytics: one tab (overview, financial, membership, attendance, communication) for one period (week, month, quarter, year: back to that day, to today, church time), every figure from the real rows. Each tab needs one of kanisa.report_tab_permissions(tab): view_reports opens all five, view_financial_reports the financial tab, view_member_reports membership and attendance.';
