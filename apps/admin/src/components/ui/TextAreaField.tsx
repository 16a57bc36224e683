import type { ComponentPropsWithRef } from 'react';
import { FieldFrame } from './FieldFrame';

interface Props extends Omit<ComponentPropsWithRef<'textarea'>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
}

/** A labelled multi-line text box with its own validation message. */
export function TextAreaField({ label, error, hint, rows = 4, ...textarea }: Props) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {(control) => <textarea {...control} rows={rows} {...textarea} />}
    </FieldFrame>
  );
}
