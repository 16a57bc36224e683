import type { ComponentPropsWithRef } from 'react';
import { FieldFrame } from './FieldFrame';

interface Props extends Omit<ComponentPropsWithRef<'input'>, 'id'> {
  label: string;
  /** Shown under the field and linked to it; marks the field invalid. */
  error?: string | undefined;
  /** A short help line under the label (e.g. "Separate tags with commas"). */
  hint?: string | undefined;
}

/** A labelled input with its own validation message. */
export function TextField({ label, error, hint, ...input }: Props) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {(control) => <input {...control} {...input} />}
    </FieldFrame>
  );
}
