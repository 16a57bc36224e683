import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AccessUser } from '../../lib/access';
import { json, renderAt, sessionFor, stubApi, testClient } from '../../test/render';
import { serverAnswers } from '../../test/roles';
import BudgetPage from './BudgetPage';
import { churchYear } from './budget-rules';

const year = churchYear();

function line(budget_id: string, category: string, allocated: number, spent: number, pending = 0) {
  return { budget_id, category, description: `${category} line`, allocated, spent, pending, remaining: allocated - spent, percent: 0, bar_percent: 0, over_budget: false, expense_count: 1 };
}

function summaryFor(budgetYear: number) {
  const categories =
    budgetYear === year
      ? [line('b1', 'utilities', 1000, 400, 50), line('b2', 'youth_ministry', 2000, 2000), line('b3', 'missions', 800, 1000)]
      : [];
  const allocated = categories.reduce((sum, c) => sum + c.allocated, 0);
  const spent = categories.reduce((sum, c) => sum + c.spent, 0);
  return { year: budgetYear, allocated, spent, pending: 50, remaining: allocated - spent, percent: 0, categories };
}

const expense = (id: string, status: string, description: string, extra: Record<string, unknown> = {}) => ({
  id,
  budget_id: 'b1',
  category: 'utilities',
  amount: 50,
  description,
  expense_date: `${String(year)}-03-0${id.slice(-1)}`,
  receipt_url: null,
  is_approved: status === 'approved',
  status,
  review_note: null,
  reviewed_at: null,
  created_at: `${String(year)}-03-01T10:00:00Z`,
  budgets: { id: 'b1', category: 'utilities', year },
  ...extra,
});

const expenses = [
  expense('e1', 'pending', 'Water bill'),
  expense('e2', 'approved', 'Power bill'),
  expense('e3', 'rejected', 'Party snacks', { review_note: 'Not a church expense' }),
];

type Answer = (url: URL, init: RequestInit | undefined) => Response;

function renderPage(access: AccessUser = serverAnswers.FINANCE_ADMIN, more: Record<string, Answer> = {}, path = '/budget') {
  const fetchMock = stubApi({
    '/rest/v1/rpc/get_budget_summary': (_url, init) => {
      const { budget_year } = JSON.parse(init?.body as string) as { budget_year: number };
      return json(summaryFor(budget_year));
    },
    '/rest/v1/expenses': () => json(expenses),
    ...more,
  });
  renderAt(path, <BudgetPage />, testClient(sessionFor(access)));
  const calls = (pathname: string) =>
    fetchMock.mock.calls
      .map(([input, init]) => ({
        url: new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost'),
        method: init?.method ?? 'GET',
        body: init?.body ? (JSON.parse(init.body as string) as unknown) : undefined,
      }))
      .filter((call) => call.url.pathname === pathname);
  return { calls };
}

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
const card = (category: string) => document.querySelector<HTMLElement>(`.budget-line[data-category="${category}"]`)!;
const barWidth = (category: string) => card(category).querySelector<HTMLElement>('.budget-util-fill')!.style.width;

describe('BudgetPage (§2.13)', () => {
  it('shows the year summary and each line: under, exactly at and over budget', async () => {
    const { calls } = renderPage();
    expect(await screen.findByRole('heading', { name: `Budget lines ${String(year)}` })).toBeInTheDocument();
    expect(calls('/rest/v1/rpc/get_budget_summary')[0]!.body).toEqual({ budget_year: year });

    const figure = (id: string) => plain(document.querySelector(`[data-figure="${id}"] .budget-figure-value`)?.textContent);
    expect(figure('allocated')).toBe('Ksh 3,800');
    expect(figure('spent')).toBe('Ksh 3,400');
    expect(figure('remaining')).toBe('Ksh 400');
    expect(figure('utilisation')).toBe('89%');
    expect(figure('pending')).toBe('Ksh 50');

    expect(card('utilities').dataset.state).toBe('under');
    expect(plain(card('utilities').querySelector('.budget-util-text')?.textContent)).toBe('40% used');
    expect(barWidth('utilities')).toBe('40%');
    expect(within(card('utilities')).getByText('Ksh 50')).toBeInTheDocument(); // pending

    expect(card('youth_ministry').dataset.state).toBe('full');
    expect(barWidth('youth_ministry')).toBe('100%');
    expect(within(card('youth_ministry')).getByText('Fully used')).toBeInTheDocument();

    expect(card('missions').dataset.state).toBe('over');
    expect(plain(card('missions').querySelector('.budget-util-percent')?.textContent)).toBe('125%');
    expect(barWidth('missions')).toBe('100%');
    expect(within(card('missions')).getByText('Ksh 200 over')).toBeInTheDocument();
    expect(screen.getAllByText('Over budget')).toHaveLength(1);
    expect(within(card('missions')).getByText('Over budget')).toBeInTheDocument();
  });

  it('lists the year’s 10 newest expenses with their status; reviewers get Approve and Reject on pending ones', async () => {
    const { calls } = renderPage();
    const table = await screen.findByRole('table', { name: /newest expenses/ });
    const read = calls('/rest/v1/expenses')[0]!.url.searchParams;
    expect(read.get('order')).toBe('expense_date.desc,created_at.desc');
    expect(read.get('limit')).toBe('10');
    expect(read.get('select')).toContain('budgets(id,category,year)');
    expect(read.getAll('expense_date')).toEqual([`gte.${String(year)}-01-01`, `lte.${String(year)}-12-31`]);

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByText(/^(Pending|Approved|Rejected)$/).textContent)).toEqual(['Pending', 'Approved', 'Rejected']);
    expect(within(rows[2]!).getByText('Not a church expense')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Approve expense/ }).map((b) => b.getAttribute('aria-label'))).toEqual(['Approve expense Water bill']);
    expect(screen.getAllByRole('button', { name: /^Reject expense/ })).toHaveLength(1);
  });

  it('hides Approve and Reject from staff without manage_finances', async () => {
    renderPage({ role: 'DEPARTMENT_HEAD', rank: 4, permissions: ['manage_budget'] });
    await screen.findByRole('table', { name: /newest expenses/ });
    expect(screen.queryByRole('button', { name: /^Approve expense/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Reject expense/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit expense Water bill' })).toBeInTheDocument();
  });

  it('offers five years around this one and shows the chosen year', async () => {
    const { calls } = renderPage();
    const user = userEvent.setup();
    const select = await screen.findByLabelText('Year');
    expect(within(select).getAllByRole('option').map((o) => Number(o.textContent))).toEqual([year - 2, year - 1, year, year + 1, year + 2].filter((y) => y >= 2020 && y <= 2030));
    expect(select).toHaveValue(String(year));
    await user.selectOptions(select, String(year - 1));
    expect(await screen.findByText(`There are no budget lines for ${String(year - 1)} yet. Add one before recording expenses.`)).toBeInTheDocument();
    expect(calls('/rest/v1/rpc/get_budget_summary').map((c) => c.body)).toContainEqual({ budget_year: year - 1 });
    expect(screen.getByRole('button', { name: '+ Record Expense' })).toBeDisabled();
  });

  it('opens on ?year= even outside the five years', async () => {
    renderPage(serverAnswers.FINANCE_ADMIN, {}, '/budget?year=2030');
    const select = await screen.findByLabelText('Year');
    expect(select).toHaveValue('2030');
    expect(await screen.findByText('There are no budget lines for 2030 yet. Add one before recording expenses.')).toBeInTheDocument();
  });

  it('adds a budget line; one per category and year is explained', async () => {
    let duplicate = true;
    const { calls } = renderPage(serverAnswers.FINANCE_ADMIN, {
      '/rest/v1/budgets': () =>
        duplicate
          ? json({ code: '23505', message: 'duplicate key value violates unique constraint "budgets_year_category_key"', details: null, hint: null }, 409)
          : json({ id: 'b9' }, 201),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: `Budget lines ${String(year)}` });
    await user.click(screen.getAllByRole('button', { name: '+ Add Budget' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Add Budget' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Budget' }));
    expect(within(dialog).getByText('Please choose a category.')).toBeInTheDocument();
    expect(calls('/rest/v1/budgets')).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText('Category *'), 'utilities');
    await user.type(within(dialog).getByLabelText('Allocated Amount (Ksh) *'), '1500.50');
    expect(within(dialog).getByLabelText('Year *')).toHaveValue(year);
    await user.click(within(dialog).getByRole('button', { name: 'Add Budget' }));
    expect(await within(dialog).findByText(`There is already a budget for Utilities in ${String(year)}.`)).toBeInTheDocument();

    duplicate = false;
    await user.click(within(dialog).getByRole('button', { name: 'Add Budget' }));
    expect(await screen.findByText(`The Utilities budget for ${String(year)} was saved.`)).toBeInTheDocument();
    const post = calls('/rest/v1/budgets').at(-1)!;
    expect(post.method).toBe('POST');
    expect(post.body).toEqual({ category: 'utilities', allocated_amount: 1500.5, year, description: null });
  });

  it("records an expense with its budget's category and no approval; a refusal uses the §8 words", async () => {
    let refuse = true;
    const { calls } = renderPage(serverAnswers.FINANCE_ADMIN, {
      '/rest/v1/expenses': (_url, init) => {
        if (init?.method === 'POST') {
          return refuse
            ? json({ code: '23514', message: 'new row violates check constraint "expenses_amount_check"', details: null, hint: null }, 400)
            : json({ id: 'e9' }, 201);
        }
        return json(expenses);
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: `Budget lines ${String(year)}` });
    await user.click(screen.getByRole('button', { name: '+ Record Expense' }));
    const dialog = screen.getByRole('dialog', { name: 'Record Expense' });
    const options = within(within(dialog).getByLabelText('Budget Category *')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Choose a budget category', 'Utilities', 'Youth Ministry', 'Missions']);
    await user.click(within(dialog).getByRole('button', { name: 'Record Expense' }));
    expect(within(dialog).getByText('Please choose the budget category this expense is paid from.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please describe the expense.')).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Budget Category *'), 'b3');
    await user.type(within(dialog).getByLabelText('Amount (Ksh) *'), '120');
    await user.type(within(dialog).getByLabelText('Description *'), 'Mission trip fuel');
    await user.type(within(dialog).getByLabelText('Receipt URL'), 'receipt.pdf');
    await user.click(within(dialog).getByRole('button', { name: 'Record Expense' }));
    expect(within(dialog).getByText(/receipt’s full web address/)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Receipt URL'));
    await user.click(within(dialog).getByRole('button', { name: 'Record Expense' }));
    expect(await within(dialog).findByText('Error saving expense: new row violates check constraint "expenses_amount_check". Please try again.')).toBeInTheDocument();

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Record Expense' }));
    expect(await screen.findByText('Expense “Mission trip fuel” saved; it awaits approval.')).toBeInTheDocument();
    const post = calls('/rest/v1/expenses').filter((c) => c.method === 'POST').at(-1)!;
    expect(post.body).toEqual({
      budget_id: 'b3',
      category: 'missions',
      amount: 120,
      expense_date: new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date()),
      description: 'Mission trip fuel',
      receipt_url: null,
    });
  });

  it('asks before deleting an expense and says when it failed', async () => {
    renderPage(serverAnswers.FINANCE_ADMIN, {
      '/rest/v1/expenses': (_url, init) =>
        init?.method === 'DELETE' ? json({ code: '42501', message: 'permission denied', details: null, hint: null }, 403) : json(expenses),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete expense Water bill' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Expense' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete this expense?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Error deleting expense. Please try again.')).toBeInTheDocument();
  });

  it('approves through review_expense and shows the server’s refusal readably', async () => {
    let refuse = false;
    const { calls } = renderPage(serverAnswers.FINANCE_ADMIN, {
      '/rest/v1/rpc/review_expense': () =>
        refuse
          ? json({ code: '42501', message: 'Approving or rejecting an expense needs the manage_finances permission', details: null, hint: null }, 403)
          : json({ id: 'e1', status: 'approved' }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve expense Water bill' }));
    expect(await screen.findByText('Expense “Water bill” approved.')).toBeInTheDocument();
    expect(calls('/rest/v1/rpc/review_expense')[0]!.body).toEqual({ expense_id: 'e1', approve: true });

    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Approve expense Water bill' }));
    expect(await screen.findByText('Could not approve the expense: Approving or rejecting an expense needs the manage_finances permission.')).toBeInTheDocument();
  });

  it('rejects with an optional note', async () => {
    const { calls } = renderPage(serverAnswers.FINANCE_ADMIN, {
      '/rest/v1/rpc/review_expense': () => json({ id: 'e1', status: 'rejected' }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject expense Water bill' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject Expense' });
    await user.type(within(dialog).getByLabelText('Reason (optional)'), '  Duplicate bill ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject Expense' }));
    expect(await screen.findByText('Expense “Water bill” rejected.')).toBeInTheDocument();
    expect(calls('/rest/v1/rpc/review_expense')[0]!.body).toEqual({ expense_id: 'e1', approve: false, note: 'Duplicate bill' });
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Reject Expense' })).toBeNull();
    });
  });

  it('says when the expenses cannot be loaded, with the server’s reason, and tries again', async () => {
    let fail = true;
    renderPage(serverAnswers.FINANCE_ADMIN, {
      '/rest/v1/expenses': () =>
        fail ? json({ code: '42501', message: 'permission denied for table expenses', details: null, hint: null }, 403) : json(expenses),
    });
    const user = userEvent.setup();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the expenses. Try again');
    expect(alert).toHaveTextContent('permission denied for table expenses');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Water bill')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
