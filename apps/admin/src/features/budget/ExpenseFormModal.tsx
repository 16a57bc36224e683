import { AmountField } from '../../components/ui/AmountField';
import { FormModal } from '../../components/ui/FormModal';
import { SelectField } from '../../components/ui/SelectField';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { TextField } from '../../components/ui/TextField';
import { useFormModal } from '../../components/ui/use-form-modal';
import type { ExpenseRow } from './api/get-recent-expenses';
import { useSaveExpense } from './api/save-expense';
import {
  categoryLabel,
  emptyExpenseForm,
  expenseFromForm,
  expenseSaveErrorText,
  expenseStatus,
  validateExpense,
  type BudgetChoice,
  type ExpenseFormValues,
} from './budget-rules';

interface Props {
  /** The expense to edit; absent to record a new one. */
  expense?: ExpenseRow | undefined;
  /** The budget lines of the year on screen. */
  choices: readonly BudgetChoice[];
  year: number;
  today: string;
  onClose: () => void;
  onSaved: (description: string) => void;
}

function toForm(expense: ExpenseRow): ExpenseFormValues {
  return {
    budget_id: expense.budget_id ?? '',
    amount: String(expense.amount),
    expense_date: expense.expense_date,
    description: expense.description,
    receipt_url: expense.receipt_url ?? '',
  };
}

/**
 * Record or edit an expense (§2.13, §5): paid from one of the year's budget lines, whose category
 * it takes. Saved unapproved (§4): changing a reviewed expense's amount, date or budget sends it back for review.
 */
export function ExpenseFormModal({ expense, choices, year, today, onClose, onSaved }: Props) {
  // An edited expense may be paid from a line of another year: keep it choosable.
  const own = expense?.budgets;
  const all: BudgetChoice[] =
    own && !choices.some((choice) => choice.id === own.id) ? [...choices, { id: own.id, category: own.category, year: own.year }] : [...choices];
  const save = useSaveExpense();
  const form = useFormModal({
    initial: () => (expense ? toForm(expense) : emptyExpenseForm(year, today)),
    validate: (values: ExpenseFormValues) => validateExpense(values, all),
    save,
    toInput: (values) => ({ id: expense?.id, values: expenseFromForm(values, all) }),
    onSaved: (values) => {
      onSaved(values.description.trim());
    },
    failureLog: 'Saving the expense failed',
  });
  const { field } = form;
  const options = [
    { value: '', label: 'Choose a budget category' },
    ...all.map((choice) => ({
      value: choice.id,
      label: choice.year === year ? categoryLabel(choice.category) : `${categoryLabel(choice.category)} (${String(choice.year)})`,
    })),
  ];
  const reviewed = expense ? expenseStatus(expense) !== 'pending' : false;

  return (
    <FormModal
      title={expense ? 'Edit Expense' : 'Record Expense'}
      formLabel={expense ? 'Edit expense' : 'New expense'}
      note={
        reviewed
          ? 'Fields marked * must be filled in. Changing the amount, date or budget category sends this expense back for approval.'
          : 'Fields marked * must be filled in. The expense waits for approval once saved.'
      }
      form={form}
      saveError={save.error}
      saveErrorText={expenseSaveErrorText}
      withDetail={false}
      submitLabel={expense ? 'Save Changes' : 'Record Expense'}
      onClose={onClose}
    >
      <SelectField label="Budget Category *" required options={options} {...field('budget_id')} />
      <AmountField label="Amount (Ksh) *" required {...field('amount')} />
      <TextField label="Date *" required type="date" {...field('expense_date')} />
      <TextField label="Receipt URL" type="url" inputMode="url" autoComplete="off" placeholder="https://" {...field('receipt_url')} />
      <div className="span-2">
        <TextAreaField label="Description *" required rows={3} {...field('description')} />
      </div>
    </FormModal>
  );
}
