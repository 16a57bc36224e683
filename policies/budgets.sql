-- budgets: yearly allocations. Financial data, staff only.
--   read   manage_budget (Budget) or view_financial_reports (dashboards, Reports).
--   write  manage_budget creates, edits and deletes budget lines (a line with expenses cannot
--          be deleted: expenses_budget_id_fkey is RESTRICT).
-- created_by is written on insert only, and only as the caller's own id (or left NULL).
-- Scoped roles (MINISTRY_LEADER, DEPARTMENT_HEAD; migration 0028) read and write none, whatever
-- their list says: back-office §6.2 gives a department head "budget … within the department",
-- but a budget line is a church-wide category and year with no ministry or department, so
-- nothing here is within anyone's scope (issue 31, finding 5). Department budgets would need
-- that link first.

GRANT SELECT ON public.budgets TO authenticated;
GRANT INSERT (category, allocated_amount, year, description, created_by),
      UPDATE (category, allocated_amount, year, description),
      DELETE
  ON public.budgets TO authenticated;

CREATE POLICY budgets_staff_read ON public.budgets FOR SELECT TO authenticated
  USING ((SELECT auth.has_any_permission('manage_budget', 'view_financial_reports'))
         AND NOT (SELECT auth.is_scoped()));

CREATE POLICY budgets_staff_insert ON public.budgets FOR INSERT TO authenticated
  WITH CHECK ((SELECT auth.has_permission('manage_budget')) AND NOT (SELECT auth.is_scoped())
              AND (created_by IS NULL OR created_by = (SELECT auth.uid())));

CREATE POLICY budgets_staff_update ON public.budgets FOR UPDATE TO authenticated
  USING ((SELECT auth.has_permission('manage_budget')) AND NOT (SELECT auth.is_scoped()))
  WITH CHECK ((SELECT auth.has_permission('manage_budget')) AND NOT (SELECT auth.is_scoped()));

CREATE POLICY budgets_staff_delete ON public.budgets FOR DELETE TO authenticated
  USING ((SELECT auth.has_permission('manage_budget')) AND NOT (SELECT auth.is_scoped()));
