import { KanisaError } from '@kanisa/client';
import { CheckboxField } from '../../components/ui/CheckboxField';
import { FormModal } from '../../components/ui/FormModal';
import { SelectField } from '../../components/ui/SelectField';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { TextField } from '../../components/ui/TextField';
import { useFormModal } from '../../components/ui/use-form-modal';
import { useSaveContent } from './api/content';
import './site-content.css';
import { contentFromForm, contentToForm, newContentForm, validateContent, type ContentField, type ContentKind, type ContentRow } from './content-kinds';

interface Props {
  kind: ContentKind;
  /** The row to edit; absent to add a new one. */
  row?: ContentRow | undefined;
  onClose: () => void;
  onSaved: (title: string) => void;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Add or edit a row of one kind, English and Kiswahili side by side. Nothing typed is lost when saving fails. */
export function ContentFormModal({ kind, row, onClose, onSaved }: Props) {
  const save = useSaveContent(kind);
  const form = useFormModal({
    initial: () => (row ? contentToForm(kind, row) : newContentForm(kind)),
    validate: (values) => validateContent(kind, values),
    save,
    toInput: (values) => ({ id: row?.id, values: contentFromForm(kind, values) }),
    onSaved: (values) => {
      onSaved(kind.title({ id: row?.id ?? '', ...contentFromForm(kind, values) }));
    },
    failureLog: `Saving the ${kind.singular} failed`,
  });
  const { values, setValues, field } = form;
  const singular = capitalised(kind.singular);

  const control = (spec: ContentField) => {
    const label = spec.required ? `${spec.label} *` : spec.label;
    const common = { label, hint: spec.hint, ...(spec.sw ? { lang: 'sw' } : {}) };
    switch (spec.kind) {
      case 'shown':
        return (
          <CheckboxField
            key={spec.key}
            label={spec.label}
            hint="Unticked, it stays here but the website does not show it."
            checked={values[spec.key] !== 'false'}
            onChange={(event) => {
              setValues({ ...values, [spec.key]: event.target.checked ? 'true' : 'false' });
            }}
          />
        );
      case 'choice':
        return <SelectField key={spec.key} {...common} required={spec.required} options={[{ value: '', label: 'Choose...' }, ...(spec.options ?? [])]} {...field(spec.key)} />;
      case 'textarea':
        return (
          <div key={spec.key} className={spec.wide ? 'span-2' : undefined}>
            <TextAreaField {...common} rows={4} required={spec.required} {...field(spec.key)} />
          </div>
        );
      case 'whole':
        return <TextField key={spec.key} {...common} type="number" inputMode="numeric" min={spec.min} max={spec.max} step={1} required={spec.required} {...field(spec.key)} />;
      case 'date':
        return <TextField key={spec.key} {...common} type="date" {...field(spec.key)} />;
      case 'list':
        return (
          <div key={spec.key} className={spec.wide ? 'span-2' : undefined}>
            <TextField {...common} autoComplete="off" {...field(spec.key)} />
          </div>
        );
      default:
        return <TextField key={spec.key} {...common} autoComplete="off" required={spec.required} {...field(spec.key)} />;
    }
  };

  return (
    <FormModal
      title={row ? `Edit ${singular}` : `Add ${singular}`}
      formLabel={row ? `Edit ${kind.singular}` : `New ${kind.singular}`}
      form={form}
      saveError={save.error}
      saveErrorText={(error) =>
        error instanceof KanisaError && error.message ? `Error saving ${kind.singular}: ${error.message}` : `Error saving ${kind.singular}`
      }
      submitLabel={row ? 'Save Changes' : `Add ${singular}`}
      onClose={onClose}
    >
      {kind.fields.filter((spec) => !spec.sw).map(control)}
      <h3 className="span-2 form-section-heading">Kiswahili</h3>
      {kind.fields.filter((spec) => spec.sw).map(control)}
    </FormModal>
  );
}
