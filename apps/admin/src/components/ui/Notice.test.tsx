import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Notice } from './Notice';

describe('Notice', () => {
  it('shows a success notice politely, dismissed by clearing it', async () => {
    const clear = vi.fn();
    render(<Notice text="The expense was deleted." onDismiss={clear} />);
    expect(screen.getByRole('status')).toHaveTextContent('The expense was deleted.');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(clear).toHaveBeenCalledWith(null);
  });

  it('announces a problem at once, and shows nothing without a message', () => {
    const { rerender } = render(<Notice tone="error" text="Could not export." onDismiss={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not export.');
    rerender(<Notice text={null} onDismiss={() => undefined} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
