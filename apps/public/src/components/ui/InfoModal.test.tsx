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
    // The church's service length (System Settings, 90 minutes unless set), said as people say it.
    expect(dialog).toHaveTextContent('Duration1 hour 30 minutes');
    expect(dialog).toHaveTextContent('First time visiting?');
    expect(dialog).toHaveTextContent('Worship');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Plan Your Visit' }));
    expect(alert).toHaveBeenLastCalledWith(expect.stringContaining('Plan Your Visit'));
    await user.click(screen.getByRole('button', { name: 'Contact Information' }));
    expect(alert).toHaveBeenCalledTimes(2);
  });

  it('shows the duration it is given, and none when it is unknown (issue 32)', () => {
    const { dialog } = show({ type: 'service', title: 'Sabbath Service', time: 'This Saturday, 9:00 AM - 1:00 PM', duration: '4 hours' });
    expect(dialog).toHaveTextContent('Duration4 hours');
    expect(dialog).not.toHaveTextContent('1 hour 30 minutes');
  });

  it('shows no duration when the item has none', () => {
    const { dialog } = show({ type: 'service', title: 'Open House', time: 'Today, All Day', duration: null });
    expect(dialog).not.toHaveTextContent('Duration');
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
