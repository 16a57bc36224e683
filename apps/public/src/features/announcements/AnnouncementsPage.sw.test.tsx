import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { inKiswahili } from '../../test/kiswahili';
import { seed } from '../../test/site-data';
import { renderAt } from '../../test/render';
import AnnouncementsPage from './AnnouncementsPage';
import { announcementQueries, type Announcement } from './api/queries';

const base: Announcement = {
  id: '1',
  title: 'Board meeting',
  content: 'Sunday at 2 PM',
  title_sw: 'Mkutano wa bodi',
  content_sw: 'Jumapili saa nane mchana',
  priority: 'urgent',
  start_date: '2026-11-22',
  start_time: '14:00:00',
  end_date: '2026-11-29',
  end_time: '17:00:00',
  target_audience: 'ministry_leaders',
  created_at: '2026-11-21T18:00:00+03:00',
};

beforeEach(async () => {
  await inKiswahili();
});

describe('AnnouncementsPage in Kiswahili', () => {
  it('shows the Kiswahili title and text, falling back to English per item, with Kiswahili labels, dates and times', () => {
    seed(announcementQueries.current, [
      base,
      { ...base, id: '2', title: 'Choir practice', content: 'Bring your hymnal.', title_sw: null, content_sw: null, priority: 'low', target_audience: 'all', end_date: null },
    ]);
    renderAt('/sw/announcements', <AnnouncementsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Matangazo' })).toBeInTheDocument();
    const cards = document.querySelectorAll('.announcement-card');
    expect(cards[0]).toHaveTextContent('Mkutano wa bodi');
    expect(cards[0]).toHaveTextContent('Jumapili saa nane mchana');
    expect(cards[0]).not.toHaveTextContent('Board meeting');
    expect(cards[0]).toHaveTextContent('Dharura');
    expect(cards[0]).toHaveTextContent('Viongozi wa Huduma');
    expect(cards[0]).toHaveTextContent('Jumapili, 22 Novemba 2026 hadi Jumapili, 29 Novemba 2026');
    expect(cards[0]).toHaveTextContent('14:00 - 17:00');
    // No Kiswahili text: the English one.
    expect(cards[1]).toHaveTextContent('Choir practice');
    expect(cards[1]).toHaveTextContent('Bring your hymnal.');
    expect(cards[1]).toHaveTextContent('Chini');
    expect(cards[1]).toHaveTextContent('Wote Mnakaribishwa');
  });

  it('shows the empty state in Kiswahili', () => {
    seed(announcementQueries.current, []);
    renderAt('/sw/announcements', <AnnouncementsPage />);
    expect(screen.getByRole('heading', { name: 'Hakuna matangazo kwa sasa' })).toBeInTheDocument();
  });
});
