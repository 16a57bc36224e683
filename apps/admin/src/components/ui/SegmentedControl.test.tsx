import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SegmentedControl } from './SegmentedControl';

const options = [
  { value: 'month', label: 'This Month' },
  { value: 'year', label: 'This Year' },
] as const;

describe('SegmentedControl', () => {
  it('is a named group with the chosen button pressed, and says which one was chosen', async () => {
    const choose = vi.fn();
    render(<SegmentedControl className="page-period" label="Period" options={options} value="month" onChange={choose} />);
    const group = screen.getByRole('group', { name: 'Period' });
    expect(group).toHaveClass('segmented', 'page-period');
    expect(screen.getByRole('button', { name: 'This Month' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'This Month' })).toHaveClass('btn-primary');
    expect(screen.getByRole('button', { name: 'This Year' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'This Year' })).toHaveClass('btn-secondary');
    await userEvent.click(screen.getByRole('button', { name: 'This Year' }));
    expect(choose).toHaveBeenCalledWith('year');
  });
});
