import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seed } from '../../test/site-data';
import { renderAt } from '../../test/render';
import AnnouncementsPage from './AnnouncementsPage';
import { announcementQueries, type Announcement } from './api/queries';

const base: Announcement = {
  id: '1',
  title: 'Board meeting',
  content: 'Sunday at 2 PM',
  priority: 'urgent',
  start_date: '2026-11-22',
  start_time: '14:00:00',
  end_date: '2026-11-29',
  end_time: '17:00:00',
  target_audience: 'ministry_leaders',
  created_at: '2026-11-21T18:00:00+03:00',
};

describe('AnnouncementsPage', () => {
  it('shows the empty state word for word when there are no announcements', () => {
    seed(announcementQueries.current, []);
    renderAt('/announcements', <AnnouncementsPage />);
    expect(screen.getByRole('heading', { name: 'No announcements at this time' })).toBeInTheDocument();
    expect(screen.getByText('Check back later for updates from our church family.')).toBeInTheDocument();
  });

  it('shows each announcement with its priority and audience label', () => {
    seed(announcementQueries.current, [base, { ...base, id: '2', title: 'Choir', priority: 'low', target_audience: 'all' }]);
    renderAt('/announcements', <AnnouncementsPage />);
    const cards = document.querySelectorAll('.announcement-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveClass('priority-urgent');
    expect(cards[0]).toHaveTextContent('Ministry Leaders');
    expect(cards[0]).toHaveTextContent('2:00 PM - 5:00 PM');
    expect(cards[1]).toHaveClass('priority-low');
    expect(cards[1]).toHaveTextContent('All Welcome');
  });
});
