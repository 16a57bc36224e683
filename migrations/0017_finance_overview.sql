-- 0017 the Dashboard's money figures in SQL (issue 17, first part).
--
-- The Dashboard summed every verified gift, budget and expense in the browser, from reads the
-- API caps at 1,000 rows: silently wrong past 1,000 gifts. get_finance_overview answers the
-- figures from aggregates instead. SECURITY INVOKER: the caller's policies decide which gifts,
-- budgets and expenses are counted (staff without the finance permissions get zeros).
--
-- Decisions
-- * Giving counts verified gifts only, and never demo-mode gifts (is_simulated, 0015).
-- * This month and this year run from their first day to on_day (today in Africa/Nairobi when
--   NULL), like the dashboard's "this month" did; all time counts every verified gift.
-- * The anonymous total (gifts with no member) is given apart from the rest.
-- * Spent = approved expenses dated in on_day's year up to on_day; allocated = that year's
--   budgets.

CREATE FUNCTION public.get_finance_overview(on_day date DEFAULT NULL)
RETURNS TABLE (
  giving_all_time     numeric,
  giving_this_month   numeric,
  giving_this_year    numeric,
  anonymous_this_year numeric,
  gifts_this_month    bigint,
  allocated_this_year numeric,
  spent_this_year     numeric
)
LANGUAGE sql
STABLE
SECURITY INVOKER
SET search_path = ''
AS $$
  WITH d AS (
    SELECT coalesce(get_finance_overview.on_day, (now() AT TIME ZONE 'Africa/Nairobi')::date) AS today
  ),
  b AS (
    SELECT d.today, date_trunc('month', d.today)::date AS month_start,
           date_trunc('year', d.today)::date AS year_start
      FROM d
  ),
  g AS (
    SELECT coalesce(sum(r.amount), 0) AS all_time,
           coalesce(sum(r.amount) FILTER (WHERE r.giving_date BETWEEN b.month_start AND b.today), 0) AS month,
           coalesce(sum(r.amount) FILTER (WHERE r.giving_date BETWEEN b.year_start AND b.today), 0) AS year,
           coalesce(sum(r.amount) FILTER (WHERE r.giving_date BETWEEN b.year_start AND b.today
                                            AND r.member_id IS NULL), 0) AS anonymous,
           count(*) FILTER (WHERE r.giving_date BETWEEN b.month_start AND b.today) AS month_count
      FROM b
      LEFT JOIN public.giving_records r ON r.is_verified AND NOT r.is_simulated
     GROUP BY b.month_start
  )
  SELECT g.all_time, g.month, g.year, g.anonymous, g.month_count,
         (SELECT coalesce(sum(x.allocated_amount), 0) FROM public.budgets x, b
           WHERE x.year = extract(year FROM b.today)::integer),
         (SELECT coalesce(sum(e.amount), 0) FROM public.expenses e, b
           WHERE e.is_approved AND e.expense_date BETWEEN b.year_start AND b.today)
    FROM g
$$;
COMMENT ON FUNCTION public.get_finance_overview(date) IS
  'The Dashboard''s money figures from SQL aggregates: verified giving all time, this month and this year (demo gifts left out), the anonymous part of this year, this month''s gift count, and this year''s budgets allocated and approved expenses spent. on_day defaults to today in Africa/Nairobi. Rows the caller may not read are not counted.';
