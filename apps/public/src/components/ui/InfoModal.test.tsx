import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '../../lib/router';
import { describe, expect, it, vi } from 'vitest';
import { InfoModal, type InfoModalContent } from './InfoModal';

function show(info: InfoModalContent) {
  const onClose = vi.fn();
  render(
    <MemoryRouter>
      <InfoModal info={info} onClose={onClose} />
    </MemoryRouter>,
  );
  return { onClose, dialog: screen.getByRole('dialog', { name: info.title }) };
}

describe('InfoModal', () => {
  it('shows a service with the default location and duration, the visitor text and two alert buttons', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { dialog } = show({ type: 'service', title: 'Divine Service', time: 'Saturday 11:00 AM', activities: ['Worship'] });
    expect(dialog).toHaveTextContent('Main Sanctuary');
    expect(dialog).toHaveTextContent('1.5 hours');
    expect(dialog).toHaveTextContent('First time visiting?');
    expect(dialog).toHaveTextContent('Worship');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Plan Your Visit' }));
    expect(alert).toHaveBeenLastCalledWith(expect.stringContaining('Plan Your Visit'));
    await user.click(screen.getByRole('button', { name: 'Contact Information' }));
    expect(alert).toHaveBeenCalledTimes(2);
  });

  it('shows a ministry with the default meeting time', () => {
    const { dialog } = show({ type: 'ministry', title: 'Youth Ministry', leader: 'Brian' });
    expect(dialog).toHaveTextContent('Contact for details');
    expect(dialog).toHaveTextContent('Brian');
  });

  it('shows an event with a contact-the-office link', () => {
    const { dialog } = show({ type: 'event', title: 'Camp Meeting', date: 'Next Friday', time: '6:00 PM' });
    expect(dialog).toHaveTextContent('Next Friday');
    expect(screen.getByRole('link', { name: 'Contact the Office' })).toHaveAttribute('href', '/contact');
  });

  it('says more information is coming soon for any other type', () => {
    const { dialog } = show({ type: 'other', title: 'Something' });
    expect(dialog).toHaveTextContent('More information coming soon');
  });

  it('renders nothing without content', () => {
    render(
      <MemoryRouter>
        <InfoModal info={null} onClose={() => undefined} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
