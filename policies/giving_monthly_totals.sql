-- giving_monthly_totals: counted gifts per month, type and anonymity (migration 0018), kept by
-- triggers on giving_records. Financial figures, staff only.
--   read   whoever reads giving_records' figures: manage_donations or view_financial_reports.
--   write  nobody through the API (the triggers keep it).

GRANT SELECT ON public.giving_monthly_totals TO authenticated;

CREATE POLICY giving_monthly_totals_staff_read ON public.giving_monthly_totals FOR SELECT
  TO authenticated
  USING ((SELECT auth.has_any_permission('manage_donations', 'view_financial_reports')));
