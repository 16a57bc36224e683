import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seed } from '../../test/site-data';
import { settingsQueries, fallbackSettings } from '../../lib/settings';
import { stubApi } from '../../test/api';
import { renderAt } from '../../test/render';
import { homeQueries } from './api/queries';
import HomeSections from './HomeSections';

describe('HomeSections', () => {
  it('shows the default announcement and the three default events when there are none', () => {
    seed(homeQueries.featuredAnnouncement, null);
    seed(homeQueries.upcomingEvents, []);
    renderAt('/', <HomeSections />);
    expect(screen.getByRole('heading', { name: 'Join Us This Sabbath' })).toBeInTheDocument();
    expect(screen.getByText('8:30 AM - 5:00 PM')).toBeInTheDocument();
    const events = screen.getByRole('region', { name: 'Upcoming Events' });
    const titles = within(events).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(['Sabbath Service', 'Prayer Meeting', 'Youth Meeting']);
    expect(events).toHaveTextContent('This Saturday');
    expect(events).toHaveTextContent('Next Wednesday');
    expect(events).toHaveTextContent('Youth Hall');
    expect(within(events).getByRole('link', { name: 'View All Events' })).toHaveAttribute('href', '/events');
  });

  it("gives an event's modal the event's own duration (issue 32: 9:00 AM - 1:00 PM is 4 hours)", async () => {
    seed(homeQueries.featuredAnnouncement, null);
    seed(homeQueries.upcomingEvents, [
      {
        id: 'e1',
        title: 'Health Expo',
        description: 'Free screening.',
        start_date: '2026-11-28T09:00:00+03:00',
        end_date: '2026-11-28T13:00:00+03:00',
        location: 'Church grounds',
        event_type: 'health',
      },
    ]);
    renderAt('/', <HomeSections />);
    const events = screen.getByRole('region', { name: 'Upcoming Events' });
    fireEvent.click(within(events).getByRole('button', { name: /^Learn More/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Health Expo' });
    expect(dialog).toHaveTextContent('Duration4 hours');
    expect(dialog).not.toHaveTextContent('1.5 hours');
  });

  it('shows the service times of Connect With Us (spec defaults until settings load)', () => {
    renderAt('/', <HomeSections />);
    const connect = screen.getByRole('region', { name: 'Connect With Us' });
    expect(connect).toHaveTextContent('Sabbath School');
    expect(connect).toHaveTextContent('Saturday 9:00 AM');
    expect(connect).toHaveTextContent('Wednesday 6:00 PM');
    expect(connect).toHaveTextContent('Friday 6:00 PM');
  });

  it('opens the contact-a-leader form for the pastor from Connect With Us', async () => {
    stubApi();
    seed(settingsQueries.public, { ...fallbackSettings, pastorName: 'Pr. Grace Mwangi', status: 'ready' });
    renderAt('/', <HomeSections />);
    fireEvent.click(within(screen.getByRole('region', { name: 'Connect With Us' })).getByRole('button', { name: 'Message the Pastor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact Pr. Grace Mwangi' });
    expect(dialog).toHaveTextContent('To: Pr. Grace Mwangi, Senior Pastor');
    expect(within(dialog).getByRole('button', { name: 'Send Message' })).toBeInTheDocument();
  });
});
