-- 0018 the back office's finance screens (issue 17): donations, the financial dashboard, budget
-- and expenses, receipts, statements and the treasurer's remittance.
--
-- Every figure these screens show is an SQL aggregate here, never a sum of rows pulled into the
-- browser (the API caps reads at 1,000 rows). "Counted gifts" are verified, non-demo gifts
-- (is_verified AND NOT is_simulated), as in get_monthly_giving and get_finance_overview.
--
-- Decisions
-- * Permissions are checked first, by name: a caller without the screen's permission gets
--   42501 (HTTP 403) from every function here, not zeros that look like an empty church.
--   The functions over rows are SECURITY INVOKER, so the policies apply as well.
-- * Receipts: a gift gets the next number of its giving year ('2026-000042') when it is first
--   verified (a demo gift never does). The number is the church's record of an issued receipt:
--   it stays with the gift if the gift is unverified again, and is never reused. Numbers come
--   from kanisa.receipt_counters under a row lock, so two instances never hand out the same one.
-- * Expenses are reviewed, not just saved: status pending → approved | rejected, by
--   review_expense, which needs manage_finances (the original never approved any expense, so its
--   approved spending was always 0). Saving an expense through the table API always leaves it
--   pending (back-office §4); editing the amount, date, budget line or category of a reviewed
--   expense sends it back for review. is_approved stays, equal to status = 'approved'.
-- * The treasurer's remittance splits each type's counted gifts of a month between the
--   conference and the local church by the percentages in the remittance_shares setting
--   (SDA: tithe is passed on whole; offerings follow the Combined Offering Plan).
-- * Donation, budget and expense changes are logged by the content trigger (0010), with the
--   spec's action names: donation_created/_updated/_deleted, budget_created/_updated/_deleted,
--   expense_recorded/_updated/_deleted, expense_approved/_rejected.

-- ---------------------------------------------------------------------------------------------
-- auth.require_any_permission: the one refusal of these screens' functions.
-- ---------------------------------------------------------------------------------------------
CREATE FUNCTION auth.require_any_permission(what text, VARIADIC permissions text[]) RETURNS void
LANGUAGE plpgsql STABLE SET search_path = '' AS $$
BEGIN
  IF NOT auth.has_any_permission(VARIADIC require_any_permission.permissions) THEN
    RAISE EXCEPTION '% needs the % permission', require_any_permission.what,
                    array_to_string(require_any_permission.permissions, ' or ')
      USING ERRCODE = '42501',
            HINT = 'Ask a Super Admin to add the permission to your account.';
  END IF;
END
$$;
COMMENT ON FUNCTION auth.require_any_permission(text, text[]) IS
  'Raises 42501 "{what} needs the {a or b} permission" unless the caller holds one of them.';

-- ---------------------------------------------------------------------------------------------
-- Receipt numbers
-- ---------------------------------------------------------------------------------------------
CREATE TABLE kanisa.receipt_counters (
  year        integer NOT NULL,
  last_number integer NOT NULL,
  CONSTRAINT receipt_counters_pkey PRIMARY KEY (year),
  CONSTRAINT receipt_counters_last_number_check CHECK (last_number > 0)
);
COMMENT ON TABLE kanisa.receipt_counters IS
  'The last receipt number given per giving year (giving_records.receipt_no).';

ALTER TABLE public.giving_records
  ADD COLUMN receipt_no text,
  ADD CONSTRAINT giving_records_receipt_no_key UNIQUE (receipt_no);
COMMENT ON COLUMN public.giving_records.receipt_no IS
  'The church''s receipt number, {giving year}-{6 digits}, sequential per year; given when the gift is first verified (never to a demo gift) and kept after. Written by the server only.';

-- AFTER the write, not before it: an upsert's insert that turns into an update must not use up
-- a number (receipt numbers have no gaps but for deleted gifts).
CREATE FUNCTION kanisa.assign_receipt_no() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  gift_year integer := extract(year FROM NEW.giving_date)::integer;
  next_number integer;
BEGIN
  INSERT INTO kanisa.receipt_counters AS c (year, last_number) VALUES (gift_year, 1)
  ON CONFLICT (year) DO UPDATE SET last_number = c.last_number + 1
  RETURNING c.last_number INTO next_number;
  UPDATE public.giving_records g
     SET receipt_no = format('%s-%s', gift_year, lpad(next_number::text, 6, '0'))
   WHERE g.id = NEW.id;
  RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION kanisa.assign_receipt_no() FROM PUBLIC;
CREATE TRIGGER giving_records_receipt_no AFTER INSERT OR UPDATE OF is_verified ON public.giving_records
  FOR EACH ROW
  WHEN (NEW.is_verified AND NOT NEW.is_simulated AND NEW.receipt_no IS NULL
        AND isfinite(NEW.giving_date))
  EXECUTE FUNCTION kanisa.assign_receipt_no();

-- Gifts verified before this migration get their numbers in date order.
WITH numbered AS (
  SELECT g.id, extract(year FROM g.giving_date)::integer AS gift_year,
         row_number() OVER (PARTITION BY extract(year FROM g.giving_date)
                            ORDER BY g.giving_date, g.created_at, g.id) AS n
    FROM public.giving_records g
   WHERE g.is_verified AND NOT g.is_simulated
)
UPDATE public.giving_records g
   SET receipt_no = format('%s-%s', numbered.gift_year, lpad(numbered.n::text, 6, '0'))
  FROM numbered
 WHERE g.id = numbered.id;
INSERT INTO kanisa.receipt_counters (year, last_number)
SELECT extract(year FROM g.giving_date)::integer, count(*)
  FROM public.giving_records g
 WHERE g.receipt_no IS NOT NULL
 GROUP BY 1;

-- The counted gifts by date, with what the figures need, for index-only scans (10 years of a
-- 2,000-member church is about 150,000 gifts: `make bench`).
DROP INDEX public.giving_records_verified_giving_date_idx;
CREATE INDEX giving_records_counted_giving_date_idx
  ON public.giving_records (giving_date) INCLUDE (amount, giving_type, member_id)
  WHERE is_verified AND NOT is_simulated;
-- A member's statement.
CREATE INDEX giving_records_counted_member_idx
  ON public.giving_records (member_id, giving_date) INCLUDE (amount, giving_type)
  WHERE is_verified AND NOT is_simulated AND member_id IS NOT NULL;

-- ---------------------------------------------------------------------------------------------
-- giving_monthly_totals: counted gifts per month, type and anonymity, kept by a trigger
-- ---------------------------------------------------------------------------------------------
-- "All time" figures would otherwise sum every gift the church ever recorded on each Dashboard
-- visit (150,000 rows after ten years of a 2,000-member church). The statement-level triggers
-- below apply each statement's change as one delta per (month, type, anonymous), in key order
-- (concurrent writers lock the rows in the same order, so they cannot deadlock). Rows whose
-- count falls to 0 are removed. Read under policies (policies/giving_monthly_totals.sql):
-- Reports can use it too.
CREATE TABLE public.giving_monthly_totals (
  month       date          NOT NULL,
  giving_type text          NOT NULL,
  anonymous   boolean       NOT NULL,
  total       numeric(14,2) NOT NULL,
  gift_count  bigint        NOT NULL,
  CONSTRAINT giving_monthly_totals_pkey PRIMARY KEY (month, giving_type, anonymous)
);
COMMENT ON TABLE public.giving_monthly_totals IS
  'Counted gifts (verified, not demo) per month (its first day), giving type and anonymity (no member): total and count. Kept by triggers on giving_records; read only.';

CREATE FUNCTION kanisa.roll_up_giving() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  -- The statement's counted rows in and out, as [giving_date, giving_type, anonymous, amount].
  -- Each transition table is read only by the events that have it.
  added jsonb := '[]';
  removed jsonb := '[]';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT coalesce(jsonb_agg(jsonb_build_array(n.giving_date, n.giving_type, n.member_id IS NULL, n.amount)), '[]')
      INTO added
      FROM new_rows n WHERE n.is_verified AND NOT n.is_simulated;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT coalesce(jsonb_agg(jsonb_build_array(o.giving_date, o.giving_type, o.member_id IS NULL, o.amount)), '[]')
      INTO removed
      FROM old_rows o WHERE o.is_verified AND NOT o.is_simulated;
  END IF;

  WITH delta AS (
    SELECT date_trunc('month', (x.r ->> 0)::date)::date AS month, x.r ->> 1 AS giving_type,
           (x.r ->> 2)::boolean AS anonymous, x.sign * (x.r ->> 3)::numeric AS amount, x.sign
      FROM (SELECT a.r, 1 AS sign FROM jsonb_array_elements(added) AS a(r)
            UNION ALL
            SELECT d.r, -1 FROM jsonb_array_elements(removed) AS d(r)) x
  )
  INSERT INTO public.giving_monthly_totals AS t (month, giving_type, anonymous, total, gift_count)
  SELECT d.month, d.giving_type, d.anonymous, sum(d.amount), sum(d.sign)
    FROM delta d
   GROUP BY 1, 2, 3
  HAVING sum(d.amount) <> 0 OR sum(d.sign) <> 0
   ORDER BY 1, 2, 3
  ON CONFLICT (month, giving_type, anonymous) DO UPDATE
     SET total = t.total + EXCLUDED.total,
         gift_count = t.gift_count + EXCLUDED.gift_count;
  -- A separate statement: the upsert's own rows are not visible to a later part of it.
  DELETE FROM public.giving_monthly_totals t WHERE t.gift_count = 0;
  RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION kanisa.roll_up_giving() FROM PUBLIC;
CREATE TRIGGER giving_records_roll_up_insert AFTER INSERT ON public.giving_records
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kanisa.roll_up_giving();
CREATE TRIGGER giving_records_roll_up_update AFTER UPDATE ON public.giving_records
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kanisa.roll_up_giving();
CREATE TRIGGER giving_records_roll_up_delete AFTER DELETE ON public.giving_records
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kanisa.roll_up_giving();

INSERT INTO public.giving_monthly_totals (month, giving_type, anonymous, total, gift_count)
SELECT date_trunc('month', g.giving_date)::date, g.giving_type, g.member_id IS NULL,
       sum(g.amount), count(*)
  FROM public.giving_records g
 WHERE g.is_verified AND NOT g.is_simulated
 GROUP BY 1, 2, 3;

-- The Dashboard's card (0017): all time from the monthly totals, the rest as before.
CREATE OR REPLACE FUNCTION public.get_finance_overview(on_day date DEFAULT NULL)
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
  y AS (
    SELECT coalesce(sum(r.amount) FILTER (WHERE r.giving_date >= b.month_start), 0) AS month,
           coalesce(sum(r.amount), 0) AS year,
           coalesce(sum(r.amount) FILTER (WHERE r.member_id IS NULL), 0) AS anonymous,
           count(*) FILTER (WHERE r.giving_date >= b.month_start) AS month_count
      FROM b
      JOIN public.giving_records r
        ON r.is_verified AND NOT r.is_simulated AND r.giving_date BETWEEN b.year_start AND b.today
  )
  SELECT (SELECT coalesce(sum(t.total), 0) FROM public.giving_monthly_totals t),
         y.month, y.year, y.anonymous, y.month_count,
         (SELECT coalesce(sum(x.allocated_amount), 0) FROM public.budgets x, b
           WHERE x.year = extract(year FROM b.today)::integer),
         (SELECT coalesce(sum(e.amount), 0) FROM public.expenses e, b
           WHERE e.is_approved AND e.expense_date BETWEEN b.year_start AND b.today)
    FROM y
$$;

-- ---------------------------------------------------------------------------------------------
-- Expense review
-- ---------------------------------------------------------------------------------------------
ALTER TABLE public.expenses
  ADD COLUMN status      text        NOT NULL DEFAULT 'pending',
  ADD COLUMN reviewed_at timestamptz,
  ADD COLUMN review_note text;
UPDATE public.expenses SET status = 'approved' WHERE is_approved;
ALTER TABLE public.expenses
  ADD CONSTRAINT expenses_status_check CHECK (status IN ('pending', 'approved', 'rejected')),
  ADD CONSTRAINT expenses_is_approved_check CHECK (is_approved = (status = 'approved'));
COMMENT ON COLUMN public.expenses.status IS
  'pending (saved, awaiting review), approved or rejected — set by review_expense only. Only approved expenses count as spent.';
COMMENT ON COLUMN public.expenses.approved_by IS 'Whoever approved or rejected the expense.';
CREATE INDEX expenses_budget_status_idx ON public.expenses (budget_id, status) INCLUDE (amount);

-- Runs as the caller (not SECURITY DEFINER): review_expense runs as its owner, which is how
-- its writes are told apart from the table API's.
CREATE FUNCTION kanisa.guard_expense_review() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  IF current_user NOT IN ('anon', 'authenticated') THEN
    -- The server's own writes (review_expense, seeds, imports) may state either column.
    IF NEW.is_approved AND NEW.status <> 'approved' THEN
      NEW.status := 'approved';
    ELSIF NOT NEW.is_approved AND NEW.status = 'approved' THEN
      NEW.status := 'pending';
    END IF;
    RETURN NEW;
  END IF;
  IF TG_OP = 'INSERT' THEN
    NEW.status := 'pending';
    NEW.is_approved := false;
    NEW.approved_by := NULL;
    NEW.reviewed_at := NULL;
    NEW.review_note := NULL;
    RETURN NEW;
  END IF;
  -- Sending a reviewed expense back to pending is what an edit does anyway; anything else that
  -- touches the review is review_expense's.
  IF (NEW.status, NEW.is_approved, NEW.approved_by, NEW.reviewed_at, NEW.review_note)
       IS DISTINCT FROM (OLD.status, OLD.is_approved, OLD.approved_by, OLD.reviewed_at, OLD.review_note)
     AND NOT (NEW.status = 'pending' AND NOT NEW.is_approved AND NEW.approved_by IS NULL) THEN
    RAISE EXCEPTION 'Approve or reject an expense with review_expense'
      USING ERRCODE = '42501',
            HINT = 'POST /rest/v1/rpc/review_expense {"expense_id": ..., "approve": true|false}; it needs manage_finances.';
  END IF;
  IF OLD.status <> 'pending'
     AND ((NEW.amount, NEW.expense_date, NEW.budget_id, NEW.category)
          IS DISTINCT FROM (OLD.amount, OLD.expense_date, OLD.budget_id, OLD.category)
          OR NEW.status = 'pending') THEN
    NEW.status := 'pending';
    NEW.is_approved := false;
    NEW.approved_by := NULL;
    NEW.reviewed_at := NULL;
    NEW.review_note := NULL;
  ELSIF NEW.status <> 'pending' THEN
    NEW.status := OLD.status;
    NEW.is_approved := OLD.is_approved;
    NEW.approved_by := OLD.approved_by;
    NEW.reviewed_at := OLD.reviewed_at;
    NEW.review_note := OLD.review_note;
  END IF;
  RETURN NEW;
END
$$;
REVOKE ALL ON FUNCTION kanisa.guard_expense_review() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION kanisa.guard_expense_review() TO anon, authenticated;
CREATE TRIGGER expenses_guard_review BEFORE INSERT OR UPDATE ON public.expenses
  FOR EACH ROW EXECUTE FUNCTION kanisa.guard_expense_review();

CREATE FUNCTION public.review_expense(expense_id uuid, approve boolean, note text DEFAULT NULL)
RETURNS jsonb
LANGUAGE plpgsql
VOLATILE
SECURITY DEFINER
SET search_path = ''
AS $$
DECLARE
  reviewed jsonb;
BEGIN
  IF NOT auth.has_permission('manage_finances') THEN
    RAISE EXCEPTION 'Approving or rejecting an expense needs the manage_finances permission'
      USING ERRCODE = '42501',
            HINT = 'Ask a Super Admin to add the permission to your account.';
  END IF;
  IF review_expense.approve IS NULL THEN
    RAISE EXCEPTION 'approve must be true (approve) or false (reject)' USING ERRCODE = '22023';
  END IF;
  UPDATE public.expenses e
     SET status = CASE WHEN review_expense.approve THEN 'approved' ELSE 'rejected' END,
         is_approved = review_expense.approve,
         approved_by = auth.uid(),
         reviewed_at = now(),
         review_note = nullif(btrim(review_expense.note), '')
   WHERE e.id = review_expense.expense_id
  RETURNING to_jsonb(e.*) INTO reviewed;
  IF reviewed IS NULL THEN
    RAISE EXCEPTION 'Expense not found'
      USING ERRCODE = '22023',
            DETAIL = format('No expense has id %s.', review_expense.expense_id);
  END IF;
  RETURN reviewed;
END
$$;
COMMENT ON FUNCTION public.review_expense(uuid, boolean, text) IS
  'Approves (approve true) or rejects an expense, with an optional note; needs manage_finances. Returns the expense.';

-- ---------------------------------------------------------------------------------------------
-- Activity log: donations, budgets, expenses (the content trigger of 0010, with the spec's
-- action names for expenses and the amount in the details).
-- ---------------------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION kanisa.log_content_change() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  entity text := TG_ARGV[0];
  label_column text := TG_ARGV[1];
  old_row jsonb;
  new_row jsonb;
  row_data jsonb;
  changed text[];
  action text;
  details jsonb;
BEGIN
  IF coalesce(current_setting('request.jwt.claims', true), '') = '' THEN
    RETURN NULL;
  END IF;
  IF EXISTS (SELECT 1 FROM public.system_settings s
             WHERE s.key = 'audit_logging' AND s.value = 'false'::jsonb) THEN
    RETURN NULL;
  END IF;

  IF TG_OP = 'INSERT' THEN
    row_data := to_jsonb(NEW);
    action := entity || CASE WHEN entity = 'expense' THEN '_recorded' ELSE '_created' END;
  ELSIF TG_OP = 'DELETE' THEN
    row_data := to_jsonb(OLD);
    action := entity || '_deleted';
  ELSE
    old_row := to_jsonb(OLD);
    new_row := to_jsonb(NEW);
    row_data := new_row;
    SELECT coalesce(array_agg(k ORDER BY k), '{}') INTO changed
      FROM jsonb_object_keys(new_row) AS k
     WHERE k NOT IN ('updated_at', 'created_at', 'receipt_no')
       AND new_row -> k IS DISTINCT FROM old_row -> k;
    IF cardinality(changed) = 0 THEN
      RETURN NULL;
    END IF;
    action := entity || '_updated';
    IF entity = 'leader' AND 'is_active' = ANY (changed)
       AND (new_row ->> 'is_active')::boolean IS FALSE THEN
      action := 'leader_removed';
    END IF;
    IF entity = 'expense' AND 'status' = ANY (changed)
       AND new_row ->> 'status' IN ('approved', 'rejected') THEN
      action := 'expense_' || (new_row ->> 'status');
    END IF;
  END IF;

  details := jsonb_build_object('id', row_data -> 'id', label_column, row_data -> label_column);
  IF row_data ? 'amount' THEN
    details := details || jsonb_build_object('amount', row_data -> 'amount');
  END IF;
  IF changed IS NOT NULL THEN
    details := details || jsonb_build_object('changed', to_jsonb(changed));
    IF 'is_published' = ANY (changed) THEN
      details := details || jsonb_build_object('published', new_row -> 'is_published');
    END IF;
    IF 'is_verified' = ANY (changed) THEN
      details := details || jsonb_build_object('verified', new_row -> 'is_verified');
    END IF;
  END IF;

  INSERT INTO public.admin_activity_logs (admin_id, action, details)
  VALUES (auth.uid(), action, details);
  RETURN NULL;
END
$$;

CREATE TRIGGER giving_records_log_change AFTER INSERT OR UPDATE OR DELETE ON public.giving_records
  FOR EACH ROW EXECUTE FUNCTION kanisa.log_content_change('donation', 'giving_type');
CREATE TRIGGER budgets_log_change AFTER INSERT OR UPDATE OR DELETE ON public.budgets
  FOR EACH ROW EXECUTE FUNCTION kanisa.log_content_change('budget', 'category');
CREATE TRIGGER expenses_log_change AFTER INSERT OR UPDATE OR DELETE ON public.expenses
  FOR EACH ROW EXECUTE FUNCTION kanisa.log_content_change('expense', 'description');

-- ---------------------------------------------------------------------------------------------
-- The remittance split
-- ---------------------------------------------------------------------------------------------
INSERT INTO public.system_settings (key, value, category, is_public, is_secret, description) VALUES
  ('remittance_shares',
   '{"tithe": 100, "offering": 40, "missions": 100, "special_project": 0, "building_fund": 0}',
   'financial', false, false,
   'The conference''s share (percent) of each giving type in the treasurer''s monthly remittance: tithe is passed on whole; offerings follow the conference''s Combined Offering Plan')
ON CONFLICT (key) DO NOTHING;

-- ---------------------------------------------------------------------------------------------
-- Donations: the totals cards over the screen's filter
-- ---------------------------------------------------------------------------------------------
CREATE FUNCTION public.get_donation_totals(from_date date, to_date date, giving_type text DEFAULT NULL)
RETURNS TABLE (
  gift_count      bigint,
  total           numeric,
  verified_count  bigint,
  verified_total  numeric,
  pending_count   bigint,
  pending_total   numeric,
  anonymous_total numeric
)
LANGUAGE plpgsql
STABLE
SECURITY INVOKER
SET search_path = ''
AS $$
BEGIN
  PERFORM auth.require_any_permission('The donation totals', 'manage_donations', 'view_financial_reports');
  IF get_donation_totals.from_date IS NULL OR get_donation_totals.to_date IS NULL THEN
    RAISE EXCEPTION 'from_date and to_date are required' USING ERRCODE = '22023';
  END IF;
  IF get_donation_totals.from_date > get_donation_totals.to_date THEN
    RAISE EXCEPTION 'The start date must not be after the end date'
      USING ERRCODE = '22023',
            DETAIL = format('from %s to %s', get_donation_totals.from_date, get_donation_totals.to_date);
  END IF;
  RETURN QUERY
  SELECT count(*),
         coalesce(sum(g.amount), 0),
         count(*) FILTER (WHERE g.is_verified),
         coalesce(sum(g.amount) FILTER (WHERE g.is_verified), 0),
         count(*) FILTER (WHERE NOT g.is_verified),
         coalesce(sum(g.amount) FILTER (WHERE NOT g.is_verified), 0),
         coalesce(sum(g.amount) FILTER (WHERE g.member_id IS NULL), 0)
    FROM public.giving_records g
   WHERE NOT g.is_simulated
     AND g.giving_date BETWEEN get_donation_totals.from_date AND get_donation_totals.to_date
     AND (get_donation_totals.giving_type IS NULL OR g.giving_type = get_donation_totals.giving_type);
END
$$;
COMMENT ON FUNCTION public.get_donation_totals(date, date, text) IS
  'The Donations screen''s totals over its filter (dates inclusive, type optional): all, verified, pending and anonymous. Demo gifts are left out.';

-- ---------------------------------------------------------------------------------------------
-- The financial dashboard
-- ---------------------------------------------------------------------------------------------
CREATE FUNCTION public.get_financial_summary(period text DEFAULT 'month', on_day date DEFAULT NULL)
RETURNS jsonb
LANGUAGE plpgsql
STABLE
SECURITY INVOKER
SET search_path = ''
AS $$
DECLARE
  today date := coalesce(get_financial_summary.on_day, (now() AT TIME ZONE 'Africa/Nairobi')::date);
  first_day date;
  answer jsonb;
BEGIN
  PERFORM auth.require_any_permission('The financial dashboard', 'view_financial_reports', 'manage_donations');
  IF get_financial_summary.period = 'month' THEN
    first_day := date_trunc('month', today)::date;
  ELSIF get_financial_summary.period = 'year' THEN
    first_day := date_trunc('year', today)::date;
  ELSE
    RAISE EXCEPTION 'period must be month or year'
      USING ERRCODE = '22023', DETAIL = format('period was %L.', get_financial_summary.period);
  END IF;

  WITH counted AS (
    SELECT g.amount, g.giving_type, g.member_id
      FROM public.giving_records g
     WHERE g.is_verified AND NOT g.is_simulated
       AND g.giving_date BETWEEN first_day AND today
  ),
  totals AS (
    SELECT coalesce(sum(c.amount), 0) AS total,
           count(*) AS gift_count,
           coalesce(sum(c.amount) FILTER (WHERE c.member_id IS NOT NULL), 0) AS named_total,
           coalesce(sum(c.amount) FILTER (WHERE c.member_id IS NULL), 0) AS anonymous_total,
           count(*) FILTER (WHERE c.member_id IS NULL) AS anonymous_count
      FROM counted c
  ),
  by_type AS (
    SELECT jsonb_agg(jsonb_build_object(
             'giving_type', t.giving_type,
             'total', coalesce(s.total, 0),
             'gift_count', coalesce(s.gift_count, 0)) ORDER BY t.position) AS items
      FROM (VALUES ('tithe', 1), ('offering', 2), ('special_project', 3),
                   ('building_fund', 4), ('missions', 5)) AS t(giving_type, position)
      LEFT JOIN (SELECT c.giving_type, sum(c.amount) AS total, count(*) AS gift_count
                   FROM counted c GROUP BY c.giving_type) s ON s.giving_type = t.giving_type
  ),
  donors AS (
    SELECT c.member_id, sum(c.amount) AS total, count(*) AS gift_count
      FROM counted c
     WHERE c.member_id IS NOT NULL
     GROUP BY c.member_id
     ORDER BY sum(c.amount) DESC, c.member_id
     LIMIT 5
  ),
  top AS (
    SELECT coalesce(jsonb_agg(jsonb_build_object(
             'member_id', d.member_id,
             'first_name', m.first_name,
             'last_name', m.last_name,
             'membership_number', m.membership_number,
             'total', d.total,
             'gift_count', d.gift_count) ORDER BY d.total DESC, d.member_id), '[]') AS items
      FROM donors d
      LEFT JOIN public.members m ON m.id = d.member_id
  ),
  budget AS (
    SELECT (SELECT coalesce(sum(b.allocated_amount), 0) FROM public.budgets b
             WHERE b.year = extract(year FROM today)::integer) AS allocated,
           (SELECT coalesce(sum(e.amount), 0) FROM public.expenses e
             WHERE e.is_approved AND e.expense_date BETWEEN date_trunc('year', today)::date AND today) AS spent
  )
  SELECT jsonb_build_object(
           'period', get_financial_summary.period,
           'from', first_day,
           'to', today,
           'total', totals.total,
           'gift_count', totals.gift_count,
           'average', CASE WHEN totals.gift_count = 0 THEN 0
                           ELSE round(totals.total / totals.gift_count, 2) END,
           'named_total', totals.named_total,
           'anonymous_total', totals.anonymous_total,
           'anonymous_count', totals.anonymous_count,
           'by_type', by_type.items,
           'top_donors', top.items,
           'allocated', budget.allocated,
           'spent', budget.spent,
           'budget_percent', round(budget.spent * 100 / CASE WHEN budget.allocated = 0 THEN 1
                                                            ELSE budget.allocated END))
    INTO answer
    FROM totals, by_type, top, budget;
  RETURN answer;
END
$$;
COMMENT ON FUNCTION public.get_financial_summary(text, date) IS
  'The financial dashboard for this month or this year up to on_day (default today in Africa/Nairobi): counted gifts (verified, not demo) in total, by type, by the top 5 donors and anonymous apart; and the year''s budget allocated, spent (approved expenses) and used percent (divisor 1 when nothing is allocated).';

-- ---------------------------------------------------------------------------------------------
-- Budget management
-- ---------------------------------------------------------------------------------------------
CREATE FUNCTION public.get_budget_summary(budget_year integer)
RETURNS jsonb
LANGUAGE plpgsql
STABLE
SECURITY INVOKER
SET search_path = ''
AS $$
DECLARE
  answer jsonb;
BEGIN
  PERFORM auth.require_any_permission('The budget', 'manage_budget', 'view_financial_reports');
  IF get_budget_summary.budget_year IS NULL OR get_budget_summary.budget_year NOT BETWEEN 2020 AND 2030 THEN
    RAISE EXCEPTION 'Year must be between 2020 and 2030'
      USING ERRCODE = '22023', DETAIL = format('budget_year was %s.', get_budget_summary.budget_year);
  END IF;

  WITH lines AS (
    SELECT b.id, b.category, b.description, b.allocated_amount AS allocated,
           coalesce(sum(e.amount) FILTER (WHERE e.status = 'approved'), 0) AS spent,
           coalesce(sum(e.amount) FILTER (WHERE e.status = 'pending'), 0) AS pending,
           count(e.id) AS expense_count
      FROM public.budgets b
      LEFT JOIN public.expenses e ON e.budget_id = b.id
     WHERE b.year = get_budget_summary.budget_year
     GROUP BY b.id
  ),
  rated AS (
    SELECT l.*, l.allocated - l.spent AS remaining,
           round(l.spent * 100 / CASE WHEN l.allocated = 0 THEN 1 ELSE l.allocated END)::integer AS percent
      FROM lines l
  )
  SELECT jsonb_build_object(
           'year', get_budget_summary.budget_year,
           'allocated', coalesce(sum(r.allocated), 0),
           'spent', coalesce(sum(r.spent), 0),
           'pending', coalesce(sum(r.pending), 0),
           'remaining', coalesce(sum(r.allocated), 0) - coalesce(sum(r.spent), 0),
           'percent', round(coalesce(sum(r.spent), 0) * 100
                            / CASE WHEN coalesce(sum(r.allocated), 0) = 0 THEN 1
                                   ELSE sum(r.allocated) END)::integer,
           'categories', coalesce(jsonb_agg(jsonb_build_object(
               'budget_id', r.id,
               'category', r.category,
               'description', r.description,
               'allocated', r.allocated,
               'spent', r.spent,
               'pending', r.pending,
               'remaining', r.remaining,
               'percent', r.percent,
               'bar_percent', least(r.percent, 100),
               'over_budget', r.remaining < 0,
               'expense_count', r.expense_count) ORDER BY r.category)
             FILTER (WHERE r.id IS NOT NULL), '[]'))
    INTO answer
    FROM rated r;
  RETURN answer;
END
$$;
COMMENT ON FUNCTION public.get_budget_summary(integer) IS
  'A year''s budget (2020-2030): allocated, spent (approved expenses), pending review, remaining and utilisation, in total and per budget line. Utilisation is spent/allocated as a rounded percent (divisor 1 when nothing is allocated), the bar capped at 100; over budget when remaining < 0.';

-- ---------------------------------------------------------------------------------------------
-- Giving statements
-- ---------------------------------------------------------------------------------------------
-- Every member with counted gifts in the range, by name, a page at a time; or, with member_id,
-- that one member (even with no gifts: a statement saying so).
CREATE FUNCTION public.get_giving_statements(from_date date, to_date date,
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
BEGIN
  PERFORM auth.require_any_permission('Giving statements', 'view_financial_reports', 'manage_donations');
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

  WITH chosen AS (
    SELECT m.id, m.first_name, m.last_name, m.membership_number, m.phone, m.email, m.address
      FROM public.members m
     WHERE CASE WHEN get_giving_statements.member_id IS NOT NULL
                THEN m.id = get_giving_statements.member_id
                ELSE EXISTS (SELECT 1 FROM public.giving_records g
                              WHERE g.member_id = m.id AND g.is_verified AND NOT g.is_simulated
                                AND g.giving_date BETWEEN get_giving_statements.from_date
                                                      AND get_giving_statements.to_date) END
  ),
  page AS (
    SELECT c.* FROM chosen c
     ORDER BY c.last_name, c.first_name, c.id
     OFFSET get_giving_statements.page_offset LIMIT get_giving_statements.page_size
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
                 'transaction_id', x.transaction_id, 'amount', x.amount)
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
           'member_count', (SELECT count(*) FROM chosen),
           'statements', coalesce((SELECT jsonb_agg(s.statement ORDER BY s.last_name, s.first_name, s.id)
                                     FROM statements s), '[]'))
    INTO answer;
  RETURN answer;
END
$$;
COMMENT ON FUNCTION public.get_giving_statements(date, date, integer, integer, uuid) IS
  'Giving statements (counted gifts: verified, not demo, dates inclusive) of every member who gave in the range, by name, a page at a time (page_size 1-200; member_count is how many in all); with member_id, only that member''s. Each: the member, every gift with its receipt number, totals by type and in all.';

CREATE FUNCTION public.get_giving_statement(member_id uuid, from_date date, to_date date)
RETURNS jsonb
LANGUAGE plpgsql
STABLE
SECURITY INVOKER
SET search_path = ''
AS $$
DECLARE
  statement jsonb;
BEGIN
  IF get_giving_statement.member_id IS NULL THEN
    RAISE EXCEPTION 'member_id is required' USING ERRCODE = '22023';
  END IF;
  statement := public.get_giving_statements(get_giving_statement.from_date, get_giving_statement.to_date,
                                            0, 1, get_giving_statement.member_id) -> 'statements' -> 0;
  IF statement IS NULL THEN
    RAISE EXCEPTION 'Member not found'
      USING ERRCODE = '22023', DETAIL = format('No member has id %s.', get_giving_statement.member_id);
  END IF;
  RETURN statement;
END
$$;
COMMENT ON FUNCTION public.get_giving_statement(uuid, date, date) IS
  'One member''s giving statement for a date range (see get_giving_statements).';

-- ---------------------------------------------------------------------------------------------
-- The treasurer's monthly remittance
-- ---------------------------------------------------------------------------------------------
-- SECURITY DEFINER: the split lives in a private setting that only a Super Admin reads through
-- the API; the permission check is the guard, and the gifts are filtered exactly as the
-- giving_records policy would for a finance reader.
CREATE FUNCTION public.get_remittance(month date)
RETURNS jsonb
LANGUAGE plpgsql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
DECLARE
  first_day date;
  last_day date;
  shares jsonb;
  answer jsonb;
BEGIN
  PERFORM auth.require_any_permission('The remittance report', 'view_financial_reports', 'manage_donations');
  IF get_remittance.month IS NULL THEN
    RAISE EXCEPTION 'month is required' USING ERRCODE = '22023',
      HINT = 'Pass any day of the month, e.g. 2026-10-01.';
  END IF;
  first_day := date_trunc('month', get_remittance.month)::date;
  last_day := (first_day + interval '1 month' - interval '1 day')::date;
  SELECT s.value INTO shares FROM public.system_settings s WHERE s.key = 'remittance_shares';
  IF jsonb_typeof(shares) IS DISTINCT FROM 'object' THEN
    shares := '{}';
  END IF;

  WITH sums AS (
    SELECT g.giving_type, sum(g.amount) AS total, count(*) AS gift_count
      FROM public.giving_records g
     WHERE g.is_verified AND NOT g.is_simulated
       AND g.giving_date BETWEEN first_day AND last_day
     GROUP BY g.giving_type
  ),
  lines AS (
    SELECT t.position, t.giving_type,
           coalesce(s.total, 0) AS total,
           coalesce(s.gift_count, 0) AS gift_count,
           least(greatest(coalesce(
             CASE WHEN jsonb_typeof(shares -> t.giving_type) = 'number'
                  THEN (shares ->> t.giving_type)::numeric END, 0), 0), 100) AS percent
      FROM (VALUES ('tithe', 1), ('offering', 2), ('special_project', 3),
                   ('building_fund', 4), ('missions', 5)) AS t(giving_type, position)
      LEFT JOIN sums s ON s.giving_type = t.giving_type
  ),
  split AS (
    SELECT l.*, round(l.total * l.percent / 100, 2) AS conference FROM lines l
  )
  SELECT jsonb_build_object(
           'month', to_char(first_day, 'YYYY-MM'),
           'from', first_day,
           'to', last_day,
           'shares', (SELECT jsonb_object_agg(x.giving_type, x.percent) FROM split x),
           'lines', jsonb_agg(jsonb_build_object(
               'giving_type', x.giving_type,
               'total', x.total,
               'gift_count', x.gift_count,
               'conference_percent', x.percent,
               'conference_amount', x.conference,
               'local_amount', x.total - x.conference) ORDER BY x.position),
           'total', sum(x.total),
           'conference_total', sum(x.conference),
           'local_total', sum(x.total - x.conference))
    INTO answer
    FROM split x;
  RETURN answer;
END
$$;
COMMENT ON FUNCTION public.get_remittance(date) IS
  'The treasurer''s remittance for the month of the given day: counted gifts (verified, not demo) per giving type, split between the conference and the local church by the remittance_shares setting (percent per type; missing = 0).';
