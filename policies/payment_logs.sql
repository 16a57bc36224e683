-- payment_logs: online payment attempts, written only by the server (service_role): the row is
-- inserted as pending before the provider is called and settled by the callback or a status
-- query. No API role writes here, so a browser can never fabricate or settle a payment.
--   read   staff with manage_donations or view_financial_reports (reconciling gifts).

GRANT SELECT ON public.payment_logs TO authenticated;

CREATE POLICY payment_logs_staff_read ON public.payment_logs FOR SELECT TO authenticated
  USING ((SELECT auth.has_any_permission('manage_donations', 'view_financial_reports')));
