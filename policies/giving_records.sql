-- giving_records: donations. Financial data: staff, and each member their own.
--   read   manage_donations (Donations) or view_financial_reports (Financial Dashboard, Reports);
--          a signed-in member (phone sign-in, issue 46) reads the gifts recorded against their
--          own member row (auth.own_member(): members.user_id is the caller) and no other.
--   write  manage_donations records, edits, verifies and deletes donations.
--   anon   nothing: online gifts are written by the server (service_role) once the payment is
--          confirmed, in the same transaction as their payment_logs row (spec README item 3).
-- created_by is written on insert only, and only as the caller's own id (or left NULL).

GRANT SELECT ON public.giving_records TO authenticated;
GRANT INSERT (member_id, amount, giving_type, payment_method, transaction_id, giving_date, notes,
              is_verified, created_by),
      UPDATE (member_id, amount, giving_type, payment_method, transaction_id, giving_date, notes,
              is_verified),
      DELETE
  ON public.giving_records TO authenticated;

CREATE POLICY giving_records_staff_read ON public.giving_records FOR SELECT TO authenticated
  USING ((SELECT auth.has_any_permission('manage_donations', 'view_financial_reports')));

CREATE POLICY giving_records_read_own ON public.giving_records FOR SELECT TO authenticated
  USING (member_id = (SELECT auth.own_member()));

CREATE POLICY giving_records_staff_insert ON public.giving_records FOR INSERT TO authenticated
  WITH CHECK ((SELECT auth.has_permission('manage_donations'))
              AND (created_by IS NULL OR created_by = (SELECT auth.uid())));

CREATE POLICY giving_records_staff_update ON public.giving_records FOR UPDATE TO authenticated
  USING ((SELECT auth.has_permission('manage_donations')))
  WITH CHECK ((SELECT auth.has_permission('manage_donations')));

CREATE POLICY giving_records_staff_delete ON public.giving_records FOR DELETE TO authenticated
  USING ((SELECT auth.has_permission('manage_donations')));
