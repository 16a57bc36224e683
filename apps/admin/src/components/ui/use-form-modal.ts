import { useEffect, useRef, useState, type SubmitEvent } from 'react';

/** The keys of a form's values that hold text (what a TextField, TextAreaField or SelectField edits). */
export type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/** The parts of a react-query mutation that saving a form uses. */
export interface SaveMutation<I> {
  mutate: (input: I, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

interface Options<V, I> {
  /** The values the form opens with (read once). */
  initial: () => V;
  /** Field name → message for every field that needs attention; empty when the form may be saved. */
  validate: (values: V) => Partial<Record<keyof V, string>>;
  save: SaveMutation<I>;
  /** What to send once the values are valid. */
  toInput: (values: V) => I;
  /** Called after a successful save with the values that were saved. */
  onSaved: (values: V) => void;
  /** For the console when saving fails, e.g. 'Saving the sermon failed'. */
  failureLog: string;
}

/**
 * The state of an add/edit dialog's form: the typed values (kept when saving fails, so nothing is
 * lost), the validation messages (a flagged field clears as soon as it is right), focus on the first
 * field that needs attention after a refused submit, and saving.
 */
export function useFormModal<V, I>({ initial, validate, save, toInput, onSaved, failureLog }: Options<V, I>) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const [checks, setChecks] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  // After a refused submit, take the user to the first field that needs attention.
  useEffect(() => {
    if (checks > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [checks]);

  /** The props of the field editing `name`: spread them onto a TextField, TextAreaField or SelectField. */
  const field = (name: TextKey<V>) => ({
    name,
    value: values[name] as string,
    error: errors[name],
    onChange: (change: { target: { value: string } }) => {
      const next = { ...values, [name]: change.target.value };
      setValues(next);
      // Once a field has been flagged, clear the message as soon as it is right.
      if (errors[name]) setErrors({ ...errors, [name]: validate(next)[name] });
    },
  });

  const onSubmit = (submit: SubmitEvent<HTMLFormElement>) => {
    submit.preventDefault();
    if (save.isPending) return;
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setChecks((n) => n + 1);
      return;
    }
    save.mutate(toInput(values), {
      onSuccess: () => {
        onSaved(values);
      },
      onError: (error) => {
        console.error(failureLog, error);
      },
    });
  };

  return { values, setValues, field, onSubmit, formRef, busy: save.isPending };
}
