import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ContactLeaderModal } from './ContactLeaderModal';

describe('ContactLeaderModal', () => {
  it('names the recipient, says the form is coming, and closes by its button', async () => {
    const onClose = vi.fn();
    render(<ContactLeaderModal recipient={{ name: 'Elder Joseph', role: 'First Elder' }} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Contact Elder Joseph' });
    expect(dialog).toHaveTextContent('First Elder');
    expect(dialog).toHaveTextContent(/coming soon/);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
