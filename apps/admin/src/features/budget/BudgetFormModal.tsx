import { AmountField } from '../../components/ui/AmountField';
import { FormModal } from '../../components/ui/FormModal';
import { SelectField } from '../../components/ui/SelectField';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { TextField } from '../../components/ui/TextField';
import { useFormModal } from '../../components/ui/use-form-modal';
import { useSaveBudget } from './api/save-budget';
import {
  budgetCategories,
  budgetFromForm,
  budgetSaveErrorText,
  budgetToForm,
  categoryLabel,
  emptyBudgetForm,
  MAX_YEAR,
  MIN_YEAR,
  validateBudget,
  type BudgetLine,
} from './budget-rules';

interface Props {
  /** The budget line to edit; absent to add one. */
  line?: BudgetLine | undefined;
  /** The year on screen: a new line's default, an edited line's year. */
  year: number;
  onClose: () => void;
  /** Saved: the line's category label and year (the page shows that year). */
  onSaved: (label: string, year: number) => void;
}

const categoryOptions = [{ value: '', label: 'Choose a category' }, ...budgetCategories];

/** Add or edit a budget line (§2.13, §5): category, amount allocated, year, description. */
export function BudgetFormModal({ line, year, onClose, onSaved }: Props) {
  const save = useSaveBudget();
  const form = useFormModal({
    initial: () => (line ? budgetToForm(line, year) : emptyBudgetForm(year)),
    validate: validateBudget,
    save,
    toInput: (values) => ({ id: line?.budget_id, values: budgetFromForm(values) }),
    onSaved: (values) => {
      onSaved(categoryLabel(values.category), Number(values.year.trim()));
    },
    failureLog: 'Saving the budget failed',
  });
  const { values, field } = form;

  return (
    <FormModal
      title={line ? 'Edit Budget' : 'Add Budget'}
      formLabel={line ? 'Edit budget' : 'New budget'}
      form={form}
      saveError={save.error}
      saveErrorText={(error) => budgetSaveErrorText(error, values)}
      submitLabel={line ? 'Save Changes' : 'Add Budget'}
      onClose={onClose}
    >
      <SelectField label="Category *" required options={categoryOptions} {...field('category')} />
      <AmountField label="Allocated Amount (Ksh) *" required {...field('allocated_amount')} />
      <TextField
        label="Year *"
        required
        type="number"
        inputMode="numeric"
        min={MIN_YEAR}
        max={MAX_YEAR}
        step={1}
        hint={`${String(MIN_YEAR)} to ${String(MAX_YEAR)}; one budget per category and year.`}
        {...field('year')}
      />
      <div className="span-2">
        <TextAreaField label="Description" rows={3} {...field('description')} />
      </div>
    </FormModal>
  );
}
