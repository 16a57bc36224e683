import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inKiswahili } from '../../test/kiswahili';
import { seed } from '../../test/site-data';
import { renderAt } from '../../test/render';
import { eventQueries } from './api/queries';
import type { EventRow } from './event-display';
import EventsPage from './EventsPage';

function row(id: string, title: string, start: string, end: string | null): EventRow {
  return { id, title, description: null, start_date: start, end_date: end, location: null, event_type: 'Prayer Event' };
}

const rows = [
  row('3', 'Mid-Year Prayer', '2025-06-07T09:00:00+03:00', '2025-06-07T12:00:00+03:00'),
  row('2', 'Spring Fasting Day', '2025-05-17T00:00:00+03:00', null),
  row('1', 'New Year Prayer', '2025-01-04T09:00:00+03:00', '2025-01-04T13:00:00+03:00'),
  row('0', 'Last Year Event', '2024-05-04T09:00:00+03:00', null),
];

function cardTitles(): string[] {
  return within(screen.getByTestId('event-grid'))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
}

describe('EventsPage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-05-15T09:00:00+03:00'));
    seed((client) => eventQueries.published(client, 2025), rows);
  });

  it('opens on the current quarter of the current year and switches quarters', () => {
    renderAt('/events', <EventsPage />);
    expect(screen.getByRole('heading', { name: 'Events in 2025' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Q2/ })).toHaveAttribute('aria-selected', 'true');
    expect(cardTitles()).toEqual(['Spring Fasting Day', 'Mid-Year Prayer']);
    fireEvent.click(screen.getByRole('tab', { name: /Q1/ }));
    expect(cardTitles()).toEqual(['New Year Prayer']);
    fireEvent.click(screen.getByRole('tab', { name: /Q3/ }));
    expect(screen.getByText(/No events are scheduled for Q3 2025 yet/)).toBeInTheDocument();
  });

  it("reaches other years' events by year buttons, each opening on Q1, and comes back to the current quarter", () => {
    seed((client) => eventQueries.published(client, 2026), [row('n', 'Next Year Camp', '2026-08-01T09:00:00+03:00', null)]);
    seed((client) => eventQueries.published(client, 2024), [row('0', 'Last Year Event', '2024-02-03T09:00:00+03:00', null)]);
    renderAt('/events', <EventsPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Next year, 2026' }));
    expect(screen.getByRole('heading', { name: 'Events in 2026' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Q1/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: /Q3/ })).toHaveTextContent('1 event');
    fireEvent.click(screen.getByRole('tab', { name: /Q3/ }));
    expect(cardTitles()).toEqual(['Next Year Camp']);
    fireEvent.click(screen.getByRole('button', { name: 'Previous year, 2025' }));
    expect(screen.getByRole('tab', { name: /Q2/ })).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Previous year, 2024' }));
    expect(cardTitles()).toEqual(['Last Year Event']);
  });

  it('shows relative dates, All Day and the display defaults', () => {
    renderAt('/events', <EventsPage />);
    const fasting = screen.getByRole('heading', { name: 'Spring Fasting Day' }).closest('li');
    expect(fasting).toHaveTextContent('This Saturday');
    expect(fasting).toHaveTextContent('All Day');
    expect(fasting).toHaveTextContent('Main Sanctuary');
    expect(fasting).toHaveTextContent('All members welcome');
  });

  it('exports to Google on OK and to Outlook on Cancel', () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(true).mockReturnValueOnce(false);
    renderAt('/events', <EventsPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to Calendar: Mid-Year Prayer' }));
    expect(confirm).toHaveBeenCalledTimes(1);
    const google = new URL(String(open.mock.calls[0]?.[0]));
    expect(google.hostname).toBe('calendar.google.com');
    expect(google.searchParams.get('dates')).toBe('20250607T060000Z/20250607T090000Z');
    fireEvent.click(screen.getByRole('button', { name: 'Add to Calendar: Spring Fasting Day' }));
    const outlook = new URL(String(open.mock.calls[1]?.[0]));
    expect(outlook.hostname).toBe('outlook.live.com');
    expect(outlook.searchParams.get('startdt')).toBe('2025-05-17');
    expect(outlook.searchParams.get('enddt')).toBe('2025-05-18');
  });
});

describe('EventsPage in Kiswahili', () => {
  beforeEach(async () => {
    await inKiswahili();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-05-15T09:00:00+03:00'));
    seed((client) => eventQueries.published(client, 2025), [
      {
        ...row('3', 'Mid-Year Prayer', '2025-06-07T09:00:00+03:00', '2025-06-07T12:00:00+03:00'),
        title_sw: 'Maombi ya Katikati ya Mwaka',
        description: 'Prayer for the second half of the year.',
        description_sw: 'Maombi kwa nusu ya pili ya mwaka.',
      },
      { ...row('2', 'Spring Fasting Day', '2025-05-17T00:00:00+03:00', null), title_sw: null, description_sw: '' },
    ]);
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the page in Kiswahili, with the Kiswahili title when there is one and the English one otherwise', () => {
    renderAt('/sw/events', <EventsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Matukio' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Matukio ya 2025' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mwaka ujao, 2026' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Robo 2/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: /Robo 2/ })).toHaveTextContent('matukio 2');
    expect(screen.getByRole('tab', { name: /Robo 1/ })).toHaveTextContent('Jan – Mac');
    expect(cardTitles()).toEqual(['Spring Fasting Day', 'Maombi ya Katikati ya Mwaka']);

    const translated = screen.getByRole('heading', { name: 'Maombi ya Katikati ya Mwaka' }).closest('li') as HTMLElement;
    expect(translated).toHaveTextContent('Maombi kwa nusu ya pili ya mwaka.');
    expect(translated).toHaveTextContent('09:00 - 12:00');
    expect(translated).toHaveTextContent('Tukio la Maombi');
    expect(translated).toHaveTextContent('Washiriki wote wanakaribishwa');
    expect(translated).toHaveTextContent('Ukumbi Mkuu wa Ibada');
    expect(within(translated).getByText('Tarehe')).toBeInTheDocument();
    expect(within(translated).getByRole('button', { name: 'Maelezo: Maombi ya Katikati ya Mwaka' })).toHaveTextContent('Maelezo');

    const fallback = screen.getByRole('heading', { name: 'Spring Fasting Day' }).closest('li') as HTMLElement;
    expect(fallback).toHaveTextContent('Karibu ujiunge nasi katika tukio hili maalum');

    // Weekly activities before the church's own schedule is read: weekday names and names in Kiswahili.
    const weekly = screen.getByRole('heading', { name: 'Shughuli za Kila Wiki' }).closest('section')!;
    expect(within(weekly).getByRole('heading', { name: 'Jumamosi' })).toBeInTheDocument();
    expect(weekly).toHaveTextContent('Shule ya Sabato');
  });

  it('opens the details in Kiswahili and exports the Kiswahili title with the right times', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderAt('/sw/events', <EventsPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Weka kwenye Kalenda: Maombi ya Katikati ya Mwaka' }));
    expect(confirm.mock.calls[0]?.[0]).toContain('Weka "Maombi ya Katikati ya Mwaka" kwenye kalenda yako.');
    const google = new URL(String(open.mock.calls[0]?.[0]));
    expect(google.searchParams.get('text')).toBe('Maombi ya Katikati ya Mwaka');
    expect(google.searchParams.get('dates')).toBe('20250607T060000Z/20250607T090000Z');
    expect(google.searchParams.get('details')).toBe('Maombi kwa nusu ya pili ya mwaka.');

    fireEvent.click(screen.getByRole('button', { name: 'Maelezo: Maombi ya Katikati ya Mwaka' }));
    expect(await screen.findByRole('dialog', { name: 'Maombi ya Katikati ya Mwaka' })).toHaveTextContent('Maombi kwa nusu ya pili ya mwaka.');
  });
});
