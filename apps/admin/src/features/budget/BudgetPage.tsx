import { useState } from 'react';
import { Badge } from '../../components/ui/Badge';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { DataTable, type Column } from '../../components/ui/DataTable';
import { FigureCard } from '../../components/ui/FigureCard';
import { errorDetail } from '../../components/ui/error-detail';
import { formatDay } from '../../components/ui/form-values';
import { LoadError } from '../../components/ui/LoadError';
import { Notice } from '../../components/ui/Notice';
import { PageHeader } from '../../components/ui/PageHeader';
import { Spinner } from '../../components/ui/Spinner';
import { truncate } from '../../components/ui/truncate';
import { useAuth } from '../../lib/auth/auth-context';
import { churchToday } from '../../lib/church-time';
import { formatKsh } from '../../lib/giving';
import { useDeleteExpense } from './api/delete-expense';
import { useBudgetSummary } from './api/get-budget-summary';
import { useRecentExpenses, type ExpenseRow } from './api/get-recent-expenses';
import { useReviewExpense } from './api/review-expense';
import { BudgetFormModal } from './BudgetFormModal';
import { BudgetLineCard } from './BudgetLineCard';
import {
  budgetTexts,
  canReview,
  categoryLabel,
  churchYear,
  expenseStatus,
  remainingText,
  reviewErrorText,
  statusLabels,
  statusTones,
  utilisation,
  yearFrom,
  yearOptions,
  type BudgetChoice,
  type BudgetLine,
  type BudgetSummary,
} from './budget-rules';
import { ExpenseFormModal } from './ExpenseFormModal';
import { RejectExpenseModal } from './RejectExpenseModal';
import './budget.css';
import { useAddressParams } from '../../lib/use-address-params';

type Editor = { kind: 'budget'; line?: BudgetLine } | { kind: 'expense'; expense?: ExpenseRow } | null;

/** A failed read's second line: no connection, or the server's own words. */
function loadDetail(error: unknown): string | undefined {
  return errorDetail(error) ?? (error instanceof Error ? error.message : undefined);
}

function SummaryCards({ summary }: { summary: BudgetSummary }) {
  const use = utilisation(summary.spent, summary.allocated);
  return (
    <dl className="budget-figures">
      <FigureCard className="budget-figure" id="allocated" label="Total allocated">
        {formatKsh(summary.allocated)}
      </FigureCard>
      <FigureCard className="budget-figure" id="spent" label="Total spent" note="Approved expenses">
        {formatKsh(summary.spent)}
      </FigureCard>
      <FigureCard className="budget-figure" id="remaining" label="Remaining">
        {remainingText(use.remaining)}
      </FigureCard>
      <FigureCard className="budget-figure" id="utilisation" label="Utilisation">
        {`${String(use.percent)}%`}
      </FigureCard>
      <FigureCard className="budget-figure" id="pending" label="Pending approval">
        {formatKsh(summary.pending)}
      </FigureCard>
    </dl>
  );
}

/**
 * /admin/budget (§2.13): a year's budget lines with their utilisation, the year's 10 newest
 * expenses, and the dialogs to add or edit a budget line and to record, edit or delete an
 * expense. Expenses are saved pending (§4); staff holding manage_finances approve or reject them
 * here (the server's rule: anyone else is refused, and the refusal is shown).
 */
export default function BudgetPage() {
  const { access } = useAuth();
  const reviewer = canReview(access?.permissions);
  const [params, setParams] = useAddressParams();
  const current = churchYear();
  const today = churchToday();
  const year = yearFrom(params.get('year'), current);
  const summary = useBudgetSummary(year);
  const expenses = useRecentExpenses(year);
  const remove = useDeleteExpense();
  const review = useReviewExpense();

  const [editor, setEditor] = useState<Editor>(null);
  const [confirming, setConfirming] = useState<ExpenseRow | null>(null);
  const [rejecting, setRejecting] = useState<ExpenseRow | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const showYear = (next: number) => {
    setParams(next === yearFrom(null, current) ? {} : { year: String(next) }, { replace: true });
  };
  const say = (text: string) => {
    setProblem(null);
    setNotice(text);
  };

  // The summary of the year on screen (while another year loads, the previous one is not shown).
  const ready = summary.data?.year === year ? summary.data : undefined;
  const lines = ready?.categories ?? [];
  const choices: BudgetChoice[] = lines.map((line) => ({ id: line.budget_id, category: line.category, year }));

  const approve = (expense: ExpenseRow) => {
    setNotice(null);
    setProblem(null);
    review.mutate(
      { id: expense.id, approve: true, note: null },
      {
        onSuccess: () => {
          say(`Expense “${truncate(expense.description, 60)}” approved.`);
        },
        onError: (error) => {
          console.error('Approving the expense failed', error);
          setProblem(reviewErrorText(error, true));
        },
      },
    );
  };

  const columns: Column<ExpenseRow>[] = [
    { header: 'Date', className: 'nowrap', cell: (row) => formatDay(row.expense_date) },
    {
      header: 'Description',
      hideLabelOnPhone: true,
      cell: (row) => (
        <>
          <span className="cell-title" title={row.description}>
            {truncate(row.description, 60)}
          </span>
          {row.receipt_url ? (
            <a className="cell-sub" href={row.receipt_url} target="_blank" rel="noopener noreferrer">
              Receipt<span className="sr-only"> for {truncate(row.description, 60)} (opens in a new tab)</span>
            </a>
          ) : null}
        </>
      ),
    },
    { header: 'Category', cell: (row) => categoryLabel(row.budgets?.category ?? row.category) },
    { header: 'Amount', className: 'num nowrap', cell: (row) => formatKsh(row.amount) },
    {
      header: 'Status',
      cell: (row) => {
        const status = expenseStatus(row);
        return (
          <>
            <Badge tone={statusTones[status]}>{statusLabels[status]}</Badge>
            {row.review_note ? <span className="cell-sub">{row.review_note}</span> : null}
          </>
        );
      },
    },
    {
      header: 'Actions',
      hideLabelOnPhone: true,
      cell: (row) => {
        const name = truncate(row.description, 40);
        const pending = expenseStatus(row) === 'pending';
        const reviewing = review.isPending && review.variables.id === row.id;
        return (
          <div className="row-actions">
            <button
              type="button"
              className="btn btn-small btn-edit"
              aria-label={`Edit expense ${name}`}
              onClick={() => {
                setNotice(null);
                setEditor({ kind: 'expense', expense: row });
              }}
            >
              Edit
            </button>
            <button
              type="button"
              className="btn btn-small btn-remove"
              aria-label={`Delete expense ${name}`}
              onClick={() => {
                remove.reset();
                setConfirming(row);
              }}
            >
              Delete
            </button>
            {reviewer && pending ? (
              <>
                <button
                  type="button"
                  className="btn btn-small btn-approve"
                  aria-label={`Approve expense ${name}`}
                  disabled={reviewing}
                  onClick={() => {
                    approve(row);
                  }}
                >
                  {reviewing && review.variables.approve ? 'Approving...' : 'Approve'}
                </button>
                <button
                  type="button"
                  className="btn btn-small btn-secondary"
                  aria-label={`Reject expense ${name}`}
                  disabled={reviewing}
                  onClick={() => {
                    review.reset();
                    setRejecting(row);
                  }}
                >
                  Reject
                </button>
              </>
            ) : null}
          </div>
        );
      },
    },
  ];

  const yearChoices = yearOptions(current, year);
  const addExpenseDisabled = lines.length === 0;

  return (
    <div className="content-page budget-page">
      <title>Budget Management | Back Office</title>
      <PageHeader
        title="Budget Management"
        description="Each budget line's allocation, what has been spent (approved expenses) and what awaits approval."
        actions={
          <>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                setNotice(null);
                setEditor({ kind: 'expense' });
              }}
              disabled={addExpenseDisabled}
            >
              + Record Expense
            </button>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                setNotice(null);
                setEditor({ kind: 'budget' });
              }}
            >
              + Add Budget
            </button>
          </>
        }
      />

      <div className="toolbar budget-toolbar">
        <div className="field">
          <label htmlFor="budget-year">Year</label>
          <select
            id="budget-year"
            value={String(year)}
            onChange={(event) => {
              setNotice(null);
              showYear(Number(event.target.value));
            }}
          >
            {yearChoices.map((option) => (
              <option key={option} value={String(option)}>
                {option}
              </option>
            ))}
          </select>
        </div>
      </div>

      <Notice text={notice} onDismiss={setNotice} />
      <Notice tone="error" text={problem} onDismiss={setProblem} />

      <section className="budget-overview" aria-label={`Budget ${String(year)}`} aria-busy={summary.isFetching}>
        {ready ? (
          <>
            <SummaryCards summary={ready} />
            <h2>Budget lines {year}</h2>
            {lines.length === 0 ? (
              <div className="empty-state">
                <p>{budgetTexts.noBudgets(year)}</p>
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={() => {
                    setEditor({ kind: 'budget' });
                  }}
                >
                  + Add Budget
                </button>
              </div>
            ) : (
              <div className="budget-lines">
                {lines.map((line) => (
                  <BudgetLineCard
                    key={line.budget_id}
                    line={line}
                    onEdit={(chosen) => {
                      setNotice(null);
                      setEditor({ kind: 'budget', line: chosen });
                    }}
                  />
                ))}
              </div>
            )}
          </>
        ) : summary.isError ? (
          <LoadError text={`Could not load the ${String(year)} budget.`} detail={loadDetail(summary.error)} onRetry={summary.refetch} />
        ) : (
          <Spinner label={`Loading the ${String(year)} budget...`} />
        )}
      </section>

      <section className="budget-expenses" aria-labelledby="budget-expenses-heading">
        <h2 id="budget-expenses-heading">Recent expenses {year}</h2>
        {expenses.isPending ? (
          <Spinner label="Loading expenses..." />
        ) : expenses.isError ? (
          <LoadError text="Could not load the expenses." detail={loadDetail(expenses.error)} onRetry={expenses.refetch} />
        ) : (
          <DataTable
            caption={`The 10 newest expenses dated in ${String(year)}`}
            columns={columns}
            rows={expenses.data}
            rowKey={(row) => row.id}
            empty={<p>No expenses recorded for {year} yet.</p>}
          />
        )}
      </section>

      {editor?.kind === 'budget' ? (
        <BudgetFormModal
          line={editor.line}
          year={year}
          onClose={() => {
            setEditor(null);
          }}
          onSaved={(label, savedYear) => {
            setEditor(null);
            say(`The ${label} budget for ${String(savedYear)} was saved.`);
            if (savedYear !== year) showYear(savedYear);
          }}
        />
      ) : null}
      {editor?.kind === 'expense' ? (
        <ExpenseFormModal
          expense={editor.expense}
          choices={choices}
          year={year}
          today={today}
          onClose={() => {
            setEditor(null);
          }}
          onSaved={(description) => {
            setEditor(null);
            say(`Expense “${truncate(description, 60)}” saved; it awaits approval.`);
          }}
        />
      ) : null}

      {confirming ? (
        <ConfirmDialog
          title="Delete Expense"
          message={budgetTexts.confirmDeleteExpense}
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={remove.isPending}
          error={remove.isError ? budgetTexts.deleteExpenseError : undefined}
          onCancel={() => {
            setConfirming(null);
          }}
          onConfirm={() => {
            remove.mutate(confirming.id, {
              onSuccess: () => {
                setConfirming(null);
                say('The expense was deleted.');
              },
              onError: (error) => {
                console.error('Deleting the expense failed', error);
              },
            });
          }}
        />
      ) : null}

      {rejecting ? (
        <RejectExpenseModal
          expense={rejecting}
          busy={review.isPending}
          error={review.isError ? reviewErrorText(review.error, false) : undefined}
          onCancel={() => {
            setRejecting(null);
          }}
          onReject={(note) => {
            review.mutate(
              { id: rejecting.id, approve: false, note },
              {
                onSuccess: () => {
                  setRejecting(null);
                  say(`Expense “${truncate(rejecting.description, 60)}” rejected.`);
                },
                onError: (error) => {
                  console.error('Rejecting the expense failed', error);
                },
              },
            );
          }}
        />
      ) : null}
    </div>
  );
}
