-- 0044 The member figures, one meaning per name (issue 41).
--
-- A browser audit found the Dashboard's "Total members" (the active ones) beside the Members
-- screen's register (active and inactive) and Reports saying both under one name. The back
-- office now shows three figures, in the same words on every screen: "All members on the
-- register", "Active members" and "Inactive members" (apps/admin/src/lib/member-figures.ts).
-- get_report's answers named two meanings alike: the overview's total_members counts the
-- active members (back-office §2.18 "Total Members", §7.7 "members … where active"), the
-- membership tab's total_members the whole register.
--
-- kanisa.member_figures() is the one definition of the three, read in one pass (so they always
-- add up: inactive = all - active), and get_report adds them to the two tabs that count members
-- under names that say what they count:
--
--   all_members       every member on the register, active and inactive
--   active_members    members marked active (is_active)
--   inactive_members  the rest of the register
--
-- total_members stays in both answers as it was (the overview's = active_members, the
-- membership tab's = all_members) for readers of the old names; the back office reads the new
-- ones. get_report is otherwise as in 0029 (same checks, periods, errors and privileges).

CREATE FUNCTION kanisa.member_figures() RETURNS jsonb
LANGUAGE sql STABLE SET search_path = '' AS $$
  SELECT jsonb_build_object(
           'all_members', c.all_members,
           'active_members', c.active_members,
           'inactive_members', c.all_members - c.active_members)
    FROM (SELECT count(*) AS all_members,
                 count(*) FILTER (WHERE m.is_active) AS active_members
            FROM public.members m) c
$$;
COMMENT ON FUNCTION kanisa.member_figures() IS
  'The member figures of the back office, counted together so they add up: all_members (the whole register, active and inactive), active_members (is_active) and inactive_members (all_members - active_members). Every member, whoever calls: used by get_report (SECURITY DEFINER), whose permission checks come first.';

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
  -- The tabs that count members name each figure by what it counts (issue 41).
  IF p_tab IN ('overview', 'membership') THEN
    answer := answer || kanisa.member_figures();
  END IF;
  RETURN jsonb_build_object('tab', p_tab, 'period', p_period, 'from', since, 'to', today)
         || answer;
END
$$;
COMMENT ON FUNCTION public.get_report(text, text) IS
  'Reports and Analytics: one tab (overview, financial, membership, attendance, communication) for one period (week, month, quarter, year: back to that day, to today, church time), every figure from the real rows. Each tab needs one of kanisa.report_tab_permissions(tab): view_reports opens all five, view_financial_reports the financial tab, view_member_reports membership and attendance. The overview and membership tabs carry all_members, active_members and inactive_members (kanisa.member_figures); their total_members keeps its old meaning (overview: active, membership: all).';
