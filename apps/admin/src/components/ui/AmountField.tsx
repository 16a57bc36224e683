import type { ComponentProps } from 'react';
import { TextField } from './TextField';

/** A money amount in shillings and cents (§5: min 0, step 0.01): the phone offers its decimal keypad. */
export function AmountField(props: ComponentProps<typeof TextField>) {
  return <TextField type="number" inputMode="decimal" min={0} step={0.01} autoComplete="off" {...props} />;
}
