import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoadError } from './LoadError';

describe('LoadError', () => {
  it('says what failed, with Try again and the detail under it', async () => {
    const retry = vi.fn(() => Promise.resolve());
    render(<LoadError text="Could not load the expenses." detail="No connection." onRetry={retry} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Could not load the expenses. Try again');
    expect(alert.querySelector('.alert-detail')).toHaveTextContent('No connection.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('leaves the detail out when there is none', () => {
    render(<LoadError text="Could not load the statement." onRetry={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent(/^Could not load the statement\. Try again$/);
    expect(screen.getByRole('alert').querySelector('.alert-detail')).toBeNull();
  });
});
