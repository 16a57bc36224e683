import { useId, type ComponentPropsWithRef } from 'react';
import { FieldNote } from './FieldFrame';
import './ui.css';

interface Props extends Omit<ComponentPropsWithRef<'input'>, 'id' | 'type'> {
  label: string;
  hint?: string | undefined;
}

/** A checkbox with its label beside it, large enough to tap. */
export function CheckboxField({ label, hint, ...input }: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="field field-check">
      <input id={id} type="checkbox" aria-describedby={hint ? hintId : undefined} {...input} />
      <label htmlFor={id}>{label}</label>
      <FieldNote id={hintId} kind="hint" text={hint} />
    </div>
  );
}
