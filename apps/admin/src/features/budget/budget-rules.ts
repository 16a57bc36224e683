import { KanisaError, type Database } from '@kanisa/client';
import { errorMessage } from '../../components/ui/error-detail';
import { isWebAddress, textOrNull } from '../../components/ui/form-values';
import { answerReader } from '../../lib/answer-reader';
import { isDay, CHURCH_TIME_ZONE } from '../../lib/church-time';
import { formatKsh } from '../../lib/giving';

/**
 * Budget Management's rules and words (back-office.md §2.13, §4, §5 Budgets/Expenses, §8, §9),
 * and the reader of `get_budget_summary`'s answer (JSON, so its shape is checked here once).
 */

export type BudgetCategory = Database['public']['Enums']['budgets_category'];
export type ExpenseCategory = Database['public']['Enums']['expenses_category'];

/** §3: the eleven budget categories, with their labels. */
export const budgetCategories: readonly { value: BudgetCategory; label: string }[] = [
  { value: 'pastoral_care', label: 'Pastoral Care' },
  { value: 'worship_music', label: 'Worship & Music' },
  { value: 'youth_ministry', label: 'Youth Ministry' },
  { value: 'children_ministry', label: "Children's Ministry" },
  { value: 'outreach_evangelism', label: 'Outreach & Evangelism' },
  { value: 'building_maintenance', label: 'Building Maintenance' },
  { value: 'utilities', label: 'Utilities' },
  { value: 'office_supplies', label: 'Office Supplies' },
  { value: 'missions', label: 'Missions' },
  { value: 'special_events', label: 'Special Events' },
  { value: 'other', label: 'Other' },
];

const categoryValues = new Set<string>(budgetCategories.map((c) => c.value));

export function isBudgetCategory(value: string | null | undefined): value is BudgetCategory {
  return typeof value === 'string' && categoryValues.has(value);
}

/** A category's label; an unknown one keeps its raw name. */
export function categoryLabel(category: string | null | undefined): string {
  if (!category) return 'Other';
  return budgetCategories.find((c) => c.value === category)?.label ?? category;
}

// ---------------------------------------------------------------------------------------------
// Years (§5, §9).

export const MIN_YEAR = 2020;
export const MAX_YEAR = 2030;

export function isAllowedYear(year: number): boolean {
  return Number.isInteger(year) && year >= MIN_YEAR && year <= MAX_YEAR;
}

/** The current year in the church's time zone (Africa/Nairobi). */
export function churchYear(now: Date = new Date()): number {
  return Number(new Intl.DateTimeFormat('en-CA', { timeZone: CHURCH_TIME_ZONE, year: 'numeric' }).format(now));
}

/** The selector's default: the current year, kept inside the allowed years. */
export function defaultYear(current: number): number {
  return Math.min(MAX_YEAR, Math.max(MIN_YEAR, current));
}

/**
 * §9: the year selector offers five years, two before to two after the current one, within the
 * allowed 2020–2030; a year chosen otherwise (`?year=`, or the year of a budget just saved) is
 * added so the selector always shows what is on screen.
 */
export function yearOptions(current: number, chosen?: number): number[] {
  const years = new Set<number>();
  for (let year = current - 2; year <= current + 2; year++) if (isAllowedYear(year)) years.add(year);
  if (chosen !== undefined && isAllowedYear(chosen)) years.add(chosen);
  if (years.size === 0) years.add(defaultYear(current));
  return [...years].sort((a, b) => a - b);
}

/** `?year=2027` → 2027 when allowed; otherwise the default year. */
export function yearFrom(value: string | null | undefined, current: number): number {
  const year = value && /^\d{4}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  return isAllowedYear(year) ? year : defaultYear(current);
}

// ---------------------------------------------------------------------------------------------
// Utilisation (§9).

/** How a budget line stands: under, exactly used up (100 % and not over), or over budget. */
export type UtilisationState = 'under' | 'full' | 'over';

export interface Utilisation {
  /** spent / allocated as a rounded percentage (divisor 1 when nothing is allocated). */
  percent: number;
  /** The bar's width: the percentage capped at 100. */
  bar: number;
  remaining: number;
  state: UtilisationState;
}

/** Money in cents, so sums and differences of two-decimal amounts stay exact. */
const cents = (amount: number) => Math.round(amount * 100);

/**
 * §9: utilisation = spent / allocated as a rounded percentage, the bar capped at 100 %, over
 * budget when remaining (allocated − spent) is below 0. 'full' is a line used up exactly (or
 * so nearly that the rounded percentage is 100) without being over.
 */
export function utilisation(spent: number, allocated: number): Utilisation {
  const remainingCents = cents(allocated) - cents(spent);
  const percent = Math.round((cents(spent) * 100) / (cents(allocated) || 100));
  const bar = Math.min(100, Math.max(0, percent));
  const state: UtilisationState = remainingCents < 0 ? 'over' : percent >= 100 ? 'full' : 'under';
  return { percent, bar, remaining: remainingCents / 100, state };
}

export const utilisationLabels: Record<UtilisationState, string> = {
  under: 'Within budget',
  full: 'Fully used',
  over: 'Over budget',
};

/** "Ksh 500" left, or "Ksh 250 over" when overspent. */
export function remainingText(remaining: number): string {
  return remaining < 0 ? `${formatKsh(-remaining)} over` : formatKsh(remaining);
}

// ---------------------------------------------------------------------------------------------
// The server's answer.

export interface BudgetLine {
  budget_id: string;
  category: string;
  description: string | null;
  allocated: number;
  spent: number;
  pending: number;
  remaining: number;
  percent: number;
  expense_count: number;
}

/** `get_budget_summary`'s answer: the year's totals and one line per budget, by category. */
export interface BudgetSummary {
  year: number;
  allocated: number;
  spent: number;
  pending: number;
  remaining: number;
  percent: number;
  categories: BudgetLine[];
}

export function readBudgetSummary(data: unknown): BudgetSummary {
  const read = answerReader();
  const answer = read.record(data, 'the budget summary');
  const categories = read.list(answer.categories, 'categories').map((item): BudgetLine => {
    const row = read.record(item, 'a budget line');
    const allocated = read.number(row.allocated, 'allocated');
    const spent = read.number(row.spent, 'spent');
    return {
      budget_id: read.text(row.budget_id, 'budget_id'),
      category: read.text(row.category, 'category'),
      description: read.textOrNull(row.description, 'description'),
      allocated,
      spent,
      pending: read.number(row.pending ?? 0, 'pending'),
      remaining: read.number(row.remaining ?? allocated - spent, 'remaining'),
      percent: read.number(row.percent ?? 0, 'percent'),
      expense_count: read.number(row.expense_count ?? 0, 'expense_count'),
    };
  });
  return {
    year: read.number(answer.year, 'year'),
    allocated: read.number(answer.allocated, 'allocated'),
    spent: read.number(answer.spent, 'spent'),
    pending: read.number(answer.pending ?? 0, 'pending'),
    remaining: read.number(answer.remaining, 'remaining'),
    percent: read.number(answer.percent, 'percent'),
    categories,
  };
}

// ---------------------------------------------------------------------------------------------
// Texts (§8 where marked).

export const budgetTexts = {
  /** §8 */
  saveBudgetError: 'Error saving budget. Please try again.',
  duplicateBudget: (category: string, year: number | string) => `There is already a budget for ${categoryLabel(category)} in ${String(year)}.`,
  /** §8 */
  saveExpenseError: (message: string) => `Error saving expense: ${message}. Please try again.`,
  /** §8 */
  deleteExpenseError: 'Error deleting expense. Please try again.',
  /** §8 */
  confirmDeleteExpense: 'Are you sure you want to delete this expense?',
  categoryRequired: 'Please choose a category.',
  amount: 'Please enter an amount of 0 or more, with at most two decimals (e.g. 1500 or 1500.50).',
  year: `Please enter a year between ${String(MIN_YEAR)} and ${String(MAX_YEAR)}.`,
  budgetRequired: 'Please choose the budget category this expense is paid from.',
  date: 'Please enter the date of the expense.',
  descriptionRequired: 'Please describe the expense.',
  receipt: 'Please enter the receipt’s full web address (starting with http:// or https://), or leave it empty.',
  noBudgets: (year: number) => `There are no budget lines for ${String(year)} yet. Add one before recording expenses.`,
};

/** A money amount typed in a field: a number ≥ 0 with at most two decimals (§5: min 0, step 0.01). */
export function parseAmount(value: string): number | undefined {
  const trimmed = value.trim().replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed) && !/^\.\d{1,2}$/.test(trimmed)) return undefined;
  const amount = Number(trimmed);
  return Number.isFinite(amount) && amount >= 0 ? amount : undefined;
}


// ---------------------------------------------------------------------------------------------
// The budget form (§5: category, amount ≥ 0 step 0.01 and year 2020–2030 required).

export interface BudgetFormValues {
  category: string;
  allocated_amount: string;
  year: string;
  description: string;
}

export type BudgetFormErrors = Partial<Record<keyof BudgetFormValues, string>>;

export interface BudgetInput {
  category: BudgetCategory;
  allocated_amount: number;
  year: number;
  description: string | null;
}

export function emptyBudgetForm(year: number): BudgetFormValues {
  return { category: '', allocated_amount: '', year: String(year), description: '' };
}

export function budgetToForm(line: Pick<BudgetLine, 'category' | 'allocated' | 'description'>, year: number): BudgetFormValues {
  return { category: line.category, allocated_amount: String(line.allocated), year: String(year), description: line.description ?? '' };
}

export function validateBudget(values: BudgetFormValues): BudgetFormErrors {
  const errors: BudgetFormErrors = {};
  if (!isBudgetCategory(values.category)) errors.category = budgetTexts.categoryRequired;
  if (parseAmount(values.allocated_amount) === undefined) errors.allocated_amount = budgetTexts.amount;
  const year = /^\d{4}$/.test(values.year.trim()) ? Number(values.year.trim()) : Number.NaN;
  if (!isAllowedYear(year)) errors.year = budgetTexts.year;
  return errors;
}

/** The row to write; call only with values that passed validateBudget. */
export function budgetFromForm(values: BudgetFormValues): BudgetInput {
  if (!isBudgetCategory(values.category)) throw new Error('budgetFromForm: validate first');
  return {
    category: values.category,
    allocated_amount: parseAmount(values.allocated_amount) ?? 0,
    year: Number(values.year.trim()),
    description: textOrNull(values.description),
  };
}

/** The budget dialog's alert: one budget per category and year (23505), otherwise the spec's words. */
export function budgetSaveErrorText(error: unknown, input: Pick<BudgetFormValues, 'category' | 'year'>): string {
  if (error instanceof KanisaError && error.code === '23505') return budgetTexts.duplicateBudget(input.category, input.year.trim());
  return budgetTexts.saveBudgetError;
}

// ---------------------------------------------------------------------------------------------
// The expense form (§5: budget category, amount, date and description required; receipt URL a
// URL; the category copied from the chosen budget, falling back to other; §4: saved unapproved).

export interface ExpenseFormValues {
  budget_id: string;
  amount: string;
  expense_date: string;
  description: string;
  receipt_url: string;
}

export type ExpenseFormErrors = Partial<Record<keyof ExpenseFormValues, string>>;

/** A budget line the expense can be paid from. */
export interface BudgetChoice {
  id: string;
  category: string;
  year: number;
}

export interface ExpenseInput {
  budget_id: string;
  category: ExpenseCategory;
  amount: number;
  expense_date: string;
  description: string;
  receipt_url: string | null;
}

/**
 * A new expense's date: today when the year on screen is this year; otherwise the nearest day of
 * that year (its first day for a later year, its last for an earlier one).
 */
export function defaultExpenseDate(year: number, today: string): string {
  const current = Number(today.slice(0, 4));
  if (year === current) return today;
  return year > current ? `${String(year)}-01-01` : `${String(year)}-12-31`;
}

export function emptyExpenseForm(year: number, today: string): ExpenseFormValues {
  return { budget_id: '', amount: '', expense_date: defaultExpenseDate(year, today), description: '', receipt_url: '' };
}

export function validateExpense(values: ExpenseFormValues, choices: readonly BudgetChoice[]): ExpenseFormErrors {
  const errors: ExpenseFormErrors = {};
  if (!choices.some((choice) => choice.id === values.budget_id)) errors.budget_id = budgetTexts.budgetRequired;
  if (parseAmount(values.amount) === undefined) errors.amount = budgetTexts.amount;
  if (!isDay(values.expense_date)) errors.expense_date = budgetTexts.date;
  if (values.description.trim() === '') errors.description = budgetTexts.descriptionRequired;
  const receipt = values.receipt_url.trim();
  if (receipt !== '' && !isWebAddress(receipt)) errors.receipt_url = budgetTexts.receipt;
  return errors;
}

/** §5: the expense's category is the chosen budget's, or other when it has none we know. */
export function expenseCategoryFor(budgetId: string, choices: readonly BudgetChoice[]): ExpenseCategory {
  const category = choices.find((choice) => choice.id === budgetId)?.category;
  return isBudgetCategory(category) ? category : 'other';
}

/** The row to write (never its approval: the server keeps a written expense pending). */
export function expenseFromForm(values: ExpenseFormValues, choices: readonly BudgetChoice[]): ExpenseInput {
  return {
    budget_id: values.budget_id,
    category: expenseCategoryFor(values.budget_id, choices),
    amount: parseAmount(values.amount) ?? 0,
    expense_date: values.expense_date,
    description: values.description.trim(),
    receipt_url: textOrNull(values.receipt_url),
  };
}

/** §8: 'Error saving expense: {message}. Please try again.' with the server's message. */
export function expenseSaveErrorText(error: unknown): string {
  const message = errorMessage(error).trim().replace(/[.\s]+$/, '');
  return budgetTexts.saveExpenseError(message || 'unknown error');
}

// ---------------------------------------------------------------------------------------------
// Expense review (§4: pending → approved or rejected by staff with manage_finances).

export type ExpenseStatus = 'pending' | 'approved' | 'rejected';

/** The expense's status; an answer without one (an older server) reads it from is_approved. */
export function expenseStatus(row: { status?: string | null; is_approved: boolean }): ExpenseStatus {
  if (row.status === 'pending' || row.status === 'approved' || row.status === 'rejected') return row.status;
  return row.is_approved ? 'approved' : 'pending';
}

export const statusLabels: Record<ExpenseStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };
export const statusTones = { pending: 'warning', approved: 'success', rejected: 'danger' } as const;

/** The reviewer's permission (the server's rule, shown here for comfort only). */
export const REVIEW_PERMISSION = 'manage_finances';

export function canReview(permissions: readonly string[] | undefined): boolean {
  return permissions?.includes(REVIEW_PERMISSION) ?? false;
}

/** A refused or failed review, readable: the server's own sentence when it refused. */
export function reviewErrorText(error: unknown, approve: boolean): string {
  const what = approve ? 'approve' : 'reject';
  if (error instanceof KanisaError && error.status === 0) return `Could not ${what} the expense: ${error.message}`;
  const message = errorMessage(error).trim().replace(/[.\s]+$/, '');
  return `Could not ${what} the expense: ${message || 'unknown error'}.`;
}
