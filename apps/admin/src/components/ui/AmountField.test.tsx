import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AmountField } from './AmountField';

describe('AmountField', () => {
  it('asks for shillings and cents, from 0, with the decimal keypad', () => {
    render(<AmountField label="Amount (Ksh) *" required error="Please enter the amount." />);
    const amount = screen.getByRole('spinbutton', { name: 'Amount (Ksh) *' });
    expect(amount).toHaveAttribute('type', 'number');
    expect(amount).toHaveAttribute('inputmode', 'decimal');
    expect(amount).toHaveAttribute('min', '0');
    expect(amount).toHaveAttribute('step', '0.01');
    expect(amount).toHaveAttribute('autocomplete', 'off');
    expect(amount).toBeRequired();
    expect(amount).toHaveAccessibleDescription('Please enter the amount.');
  });
});
