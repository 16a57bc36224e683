import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { inKiswahili } from '../../test/kiswahili';
import { seed } from '../../test/site-data';
import { renderAt } from '../../test/render';
import type { FeaturedAnnouncement } from './api/featured-announcement';
import { homeQueries, type UpcomingEvent } from './api/queries';
import { Hero } from './Hero';
import HomeSections from './HomeSections';

const event: UpcomingEvent = {
  id: 'e1',
  title: 'Evening Vespers',
  title_sw: 'Ibada ya Jioni',
  description: 'Songs and prayer.',
  description_sw: null,
  start_date: '2026-11-28T09:00:00+03:00',
  end_date: '2026-11-28T13:00:00+03:00',
  location: null,
  event_type: null,
};

beforeEach(async () => {
  await inKiswahili();
});

describe('Home in Kiswahili', () => {
  it('shows the default announcement and events in Kiswahili, with links to /sw/ pages', () => {
    seed(homeQueries.featuredAnnouncement, null);
    seed(homeQueries.upcomingEvents, []);
    renderAt('/sw/', <HomeSections />);
    expect(screen.getByRole('heading', { name: 'Jiunge Nasi Sabato Hii' })).toBeInTheDocument();
    expect(screen.getByText('08:30 - 17:00')).toBeInTheDocument();
    const events = screen.getByRole('region', { name: 'Matukio Yajayo' });
    expect(within(events).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Ibada ya Sabato',
      'Mkutano wa Maombi',
      'Mkutano wa Vijana',
    ]);
    expect(events).toHaveTextContent('Jumamosi hii');
    expect(events).toHaveTextContent('09:00 - 13:00');
    expect(events).toHaveTextContent('Ukumbi wa Vijana');
    expect(within(events).getByRole('link', { name: 'Tazama Matukio Yote' })).toHaveAttribute('href', '/sw/events');
    expect(screen.getByRole('region', { name: 'Ungana Nasi' })).toHaveTextContent('Nyakati za Ibada');
  });

  it("shows an event's Kiswahili title, and its English description when it has no Kiswahili one", () => {
    const harvest: FeaturedAnnouncement = {
      id: 'a1',
      title: 'Harvest Sabbath',
      content: 'Bring your harvest offering.',
      title_sw: 'Sabato ya Mavuno',
      content_sw: 'Leteni sadaka zenu za mavuno.',
      priority: 'urgent',
      start_date: '',
      start_time: '08:30',
      end_date: null,
      end_time: '17:00',
      target_audience: 'all',
    };
    seed(homeQueries.featuredAnnouncement, harvest);
    seed(homeQueries.upcomingEvents, [event]);
    renderAt('/sw/', <HomeSections />);
    expect(screen.getByRole('heading', { name: 'Sabato ya Mavuno' })).toBeInTheDocument();
    expect(screen.getByText('Leteni sadaka zenu za mavuno.')).toBeInTheDocument();
    const events = screen.getByRole('region', { name: 'Matukio Yajayo' });
    expect(within(events).getByRole('heading', { level: 3 })).toHaveTextContent('Ibada ya Jioni');
    expect(events).toHaveTextContent('Songs and prayer.');
    expect(events).toHaveTextContent('Ukumbi Mkuu');
    expect(within(events).getByRole('button')).toHaveTextContent('Soma Zaidi kuhusu Ibada ya Jioni');
  });

  it('shows the hero verse and buttons in Kiswahili', () => {
    renderAt('/sw/', <Hero />);
    expect(screen.getByText('Zaburi 122:1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Toa Sasa' })).toHaveAttribute('href', '/sw/giving');
    expect(screen.getByRole('link', { name: /Panga Ziara Yako/ })).toHaveAttribute('href', '/sw/about');
  });
});
