-- expenses: spending against budget lines. Financial data, staff only.
--   read   manage_budget (Budget) or view_financial_reports (dashboards, net income).
--   write  manage_budget records, edits, approves and deletes expenses.
-- created_by is written on insert only, and only as the caller's own id (or left NULL).
-- approved_by names whoever approved; it is not forced to the caller, so correcting an
-- expense someone else approved does not fail.
-- Scoped roles (MINISTRY_LEADER, DEPARTMENT_HEAD; migration 0028) read and write none, whatever
-- their list says: back-office §6.2 gives a department head "budget … within the department",
-- but an expense is spent against a church-wide budget category, with no ministry or
-- department, so nothing here is within anyone's scope (issue 31, finding 5). Department
-- budgets would need that link first.

GRANT SELECT ON public.expenses TO authenticated;
GRANT INSERT (budget_id, category, amount, description, expense_date, receipt_url, approved_by,
              is_approved, created_by),
      UPDATE (budget_id, category, amount, description, expense_date, receipt_url, approved_by,
              is_approved),
      DELETE
  ON public.expenses TO authenticated;

CREATE POLICY expenses_staff_read ON public.expenses FOR SELECT TO authenticated
  USING ((SELECT auth.has_any_permission('manage_budget', 'view_financial_reports'))
         AND NOT (SELECT auth.is_scoped()));

CREATE POLICY expenses_staff_insert ON public.expenses FOR INSERT TO authenticated
  WITH CHECK ((SELECT auth.has_permission('manage_budget')) AND NOT (SELECT auth.is_scoped())
              AND (created_by IS NULL OR created_by = (SELECT auth.uid())));

CREATE POLICY expenses_staff_update ON public.expenses FOR UPDATE TO authenticated
  USING ((SELECT auth.has_permission('manage_budget')) AND NOT (SELECT auth.is_scoped()))
  WITH CHECK ((SELECT auth.has_permission('manage_budget')) AND NOT (SELECT auth.is_scoped()));

CREATE POLICY expenses_staff_delete ON public.expenses FOR DELETE TO authenticated
  USING ((SELECT auth.has_permission('manage_budget')) AND NOT (SELECT auth.is_scoped()));
