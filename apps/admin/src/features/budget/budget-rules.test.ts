import { KanisaError } from '@kanisa/client';
import { describe, expect, it } from 'vitest';
import {
  budgetFromForm,
  budgetSaveErrorText,
  categoryLabel,
  churchYear,
  defaultExpenseDate,
  defaultYear,
  expenseCategoryFor,
  expenseFromForm,
  expenseSaveErrorText,
  expenseStatus,
  parseAmount,
  readBudgetSummary,
  remainingText,
  reviewErrorText,
  utilisation,
  validateBudget,
  validateExpense,
  yearFrom,
  yearOptions,
  type BudgetChoice,
} from './budget-rules';

describe('utilisation (§9)', () => {
  it('under budget: the rounded percentage, the bar as wide, not over', () => {
    expect(utilisation(400, 1000)).toEqual({ percent: 40, bar: 40, remaining: 600, state: 'under' });
    expect(utilisation(1, 3)).toMatchObject({ percent: 33, state: 'under' });
    expect(utilisation(0, 0)).toEqual({ percent: 0, bar: 0, remaining: 0, state: 'under' });
  });

  it('exactly at budget: 100 %, a full bar, its own state but not over', () => {
    expect(utilisation(1000, 1000)).toEqual({ percent: 100, bar: 100, remaining: 0, state: 'full' });
    // 99.6 % rounds to 100 with money left: full, not over.
    expect(utilisation(996, 1000)).toMatchObject({ percent: 100, state: 'full', remaining: 4 });
    expect(utilisation(0.3, 0.1 + 0.2)).toMatchObject({ percent: 100, state: 'full', remaining: 0 });
  });

  it('over budget: the true percentage, the bar capped at 100, over when remaining < 0', () => {
    expect(utilisation(1250, 1000)).toEqual({ percent: 125, bar: 100, remaining: -250, state: 'over' });
    // One cent over rounds to 100 %, still over budget.
    expect(utilisation(1000.01, 1000)).toMatchObject({ percent: 100, bar: 100, state: 'over' });
    // Nothing allocated: divisor 1.
    expect(utilisation(50, 0)).toMatchObject({ percent: 5000, bar: 100, state: 'over', remaining: -50 });
  });

  it('shows remaining money, or how far over', () => {
    expect(remainingText(600)).toBe('Ksh 600');
    expect(remainingText(-250.5)).toBe('Ksh 250.50 over');
  });
});

describe('years (§9: five years around this one, allowed 2020–2030)', () => {
  it('offers two before to two after, within the allowed years', () => {
    expect(yearOptions(2026)).toEqual([2024, 2025, 2026, 2027, 2028]);
    expect(yearOptions(2021)).toEqual([2020, 2021, 2022, 2023]);
    expect(yearOptions(2030)).toEqual([2028, 2029, 2030]);
    expect(yearOptions(2035)).toEqual([2030]);
  });

  it('adds the year on screen when it lies outside the five', () => {
    expect(yearOptions(2026, 2030)).toEqual([2024, 2025, 2026, 2027, 2028, 2030]);
    expect(yearOptions(2026, 2019)).toEqual([2024, 2025, 2026, 2027, 2028]);
  });

  it('reads ?year=, falling back to this year (kept within 2020–2030)', () => {
    expect(yearFrom('2029', 2026)).toBe(2029);
    expect(yearFrom('2031', 2026)).toBe(2026);
    expect(yearFrom('20x6', 2026)).toBe(2026);
    expect(yearFrom(null, 2026)).toBe(2026);
    expect(defaultYear(2035)).toBe(2030);
    expect(churchYear(new Date('2026-12-31T21:30:00Z'))).toBe(2027);
  });
});

describe('the budget form (§5)', () => {
  const valid = { category: 'utilities', allocated_amount: '1500.50', year: '2027', description: '  Power  ' };

  it('needs a category, an amount ≥ 0 with at most two decimals, and a year 2020–2030', () => {
    expect(validateBudget(valid)).toEqual({});
    expect(Object.keys(validateBudget({ category: '', allocated_amount: '', year: '', description: '' })).sort()).toEqual([
      'allocated_amount', 'category', 'year',
    ]);
    expect(validateBudget({ ...valid, category: 'parties' }).category).toBeDefined();
    expect(validateBudget({ ...valid, allocated_amount: '-1' }).allocated_amount).toBeDefined();
    expect(validateBudget({ ...valid, allocated_amount: '10.005' }).allocated_amount).toBeDefined();
    expect(validateBudget({ ...valid, allocated_amount: '0' })).toEqual({});
    expect(validateBudget({ ...valid, year: '2019' }).year).toBeDefined();
    expect(validateBudget({ ...valid, year: '2031' }).year).toBeDefined();
    expect(validateBudget({ ...valid, year: '2030' })).toEqual({});
  });

  it('parses the row: numbers, trimmed description, empty description null', () => {
    expect(budgetFromForm(valid)).toEqual({ category: 'utilities', allocated_amount: 1500.5, year: 2027, description: 'Power' });
    expect(budgetFromForm({ ...valid, description: ' ' }).description).toBeNull();
    expect(parseAmount('1,500')).toBe(1500);
    expect(parseAmount('.5')).toBe(0.5);
    expect(parseAmount('1e3')).toBeUndefined();
  });

  it('says which budget already exists (unique category and year), otherwise the §8 words', () => {
    const duplicate = new KanisaError({ code: '23505', message: 'duplicate key value violates unique constraint "budgets_year_category_key"', status: 409 });
    expect(budgetSaveErrorText(duplicate, { category: 'youth_ministry', year: '2029' })).toBe('There is already a budget for Youth Ministry in 2029.');
    expect(budgetSaveErrorText(new KanisaError({ code: '42501', message: 'no', status: 403 }), valid)).toBe('Error saving budget. Please try again.');
    expect(categoryLabel('children_ministry')).toBe("Children's Ministry");
  });
});

describe('the expense form (§5)', () => {
  const choices: BudgetChoice[] = [
    { id: 'b1', category: 'utilities', year: 2026 },
    { id: 'b2', category: 'mystery', year: 2026 },
  ];
  const valid = { budget_id: 'b1', amount: '250', expense_date: '2026-05-02', description: ' Water bill ', receipt_url: '' };

  it('needs a budget of the year, an amount, a date and a description; a receipt must be a web address', () => {
    expect(validateExpense(valid, choices)).toEqual({});
    expect(Object.keys(validateExpense({ budget_id: '', amount: '', expense_date: '', description: ' ', receipt_url: 'receipt.pdf' }, choices)).sort()).toEqual([
      'amount', 'budget_id', 'description', 'expense_date', 'receipt_url',
    ]);
    expect(validateExpense({ ...valid, budget_id: 'elsewhere' }, choices).budget_id).toBeDefined();
    expect(validateExpense({ ...valid, receipt_url: 'https://files.example.org/r/1.pdf' }, choices)).toEqual({});
    expect(validateExpense({ ...valid, amount: '0.001' }, choices).amount).toBeDefined();
  });

  it("copies the chosen budget's category, falling back to other; never sends an approval", () => {
    expect(expenseCategoryFor('b1', choices)).toBe('utilities');
    expect(expenseCategoryFor('b2', choices)).toBe('other');
    expect(expenseCategoryFor('nope', choices)).toBe('other');
    const row = expenseFromForm({ ...valid, receipt_url: ' https://x.example.org/r ' }, choices);
    expect(row).toEqual({
      budget_id: 'b1',
      category: 'utilities',
      amount: 250,
      expense_date: '2026-05-02',
      description: 'Water bill',
      receipt_url: 'https://x.example.org/r',
    });
    expect(row).not.toHaveProperty('is_approved');
  });

  it("defaults the date to today in this year, otherwise the year's nearest day", () => {
    expect(defaultExpenseDate(2026, '2026-11-25')).toBe('2026-11-25');
    expect(defaultExpenseDate(2029, '2026-11-25')).toBe('2029-01-01');
    expect(defaultExpenseDate(2024, '2026-11-25')).toBe('2024-12-31');
  });

  it("puts the server's message in the §8 sentence", () => {
    const error = new KanisaError({ code: '23514', message: 'new row violates check constraint "expenses_amount_check".', status: 400 });
    expect(expenseSaveErrorText(error)).toBe('Error saving expense: new row violates check constraint "expenses_amount_check". Please try again.');
  });
});

describe('expense review', () => {
  it('reads the status, or is_approved from an older answer', () => {
    expect(expenseStatus({ status: 'rejected', is_approved: false })).toBe('rejected');
    expect(expenseStatus({ is_approved: true })).toBe('approved');
    expect(expenseStatus({ status: null, is_approved: false })).toBe('pending');
  });

  it("shows the server's refusal readably", () => {
    const refused = new KanisaError({
      code: '42501',
      message: 'Approving or rejecting an expense needs the manage_finances permission',
      status: 403,
    });
    expect(reviewErrorText(refused, true)).toBe('Could not approve the expense: Approving or rejecting an expense needs the manage_finances permission.');
    expect(reviewErrorText(refused, false)).toMatch(/^Could not reject the expense/);
  });
});

describe("reading get_budget_summary's answer", () => {
  it('reads the totals and lines, and refuses an unknown shape', () => {
    const read = readBudgetSummary({
      year: 2029,
      allocated: 3000,
      spent: 2650,
      pending: 10,
      remaining: 350,
      percent: 88,
      categories: [
        { budget_id: 'b1', category: 'utilities', description: null, allocated: 1000, spent: 400, pending: 10, remaining: 600, percent: 40, bar_percent: 40, over_budget: false, expense_count: 2 },
      ],
    });
    expect(read.categories[0]).toMatchObject({ budget_id: 'b1', spent: 400, pending: 10 });
    expect(read.year).toBe(2029);
    expect(() => readBudgetSummary({ year: 2029 })).toThrow();
    expect(() => readBudgetSummary({ year: 2029, allocated: 1, spent: 0, remaining: 1, percent: 0, categories: [{ budget_id: 'b', category: 'x', allocated: 'a', spent: 0 }] })).toThrow();
  });
});
