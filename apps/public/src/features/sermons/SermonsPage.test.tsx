import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inKiswahili } from '../../test/kiswahili';
import { seed } from '../../test/site-data';
import { renderAt } from '../../test/render';
import { sermonQueries } from './api/queries';
import type { SermonRow } from './api/types';
import SermonsPage from './SermonsPage';

function sermon(index: number, extra: Partial<SermonRow> = {}): SermonRow {
  return {
    id: `s${String(index)}`,
    title: `Sermon number ${String(index)}`,
    description: null,
    speaker: 'Pr. Samuel Langat',
    sermon_date: `2026-10-${String(30 - index).padStart(2, '0')}`,
    audio_url: `https://media.example.org/${String(index)}.mp3`,
    video_url: null,
    notes_url: null,
    series: 'Abide in Christ',
    tags: [],
    ...extra,
  };
}

const sermons = [
  sermon(0, { video_url: 'https://youtu.be/dQw4w9WgXcQ' }),
  sermon(1, { title: 'A title that is certainly longer than forty characters in all', speaker: ' ', series: null }),
  ...[2, 3, 4, 5, 6, 7, 8].map((index) => sermon(index)),
];

describe('SermonsPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function show() {
    seed(sermonQueries.published, sermons);
    seed(sermonQueries.activeSeries, [
      { id: 'x', title: 'Abide in Christ', subtitle: null, description: null, message_count: 6, current_message: 3, start_date: null, topics: [] },
    ]);
    renderAt('/sermons', <SermonsPage />);
  }

  it('features the newest, badges the first two recent sermons LIVE and cuts long titles', () => {
    show();
    expect(screen.getByRole('heading', { level: 2, name: 'Sermon number 0' })).toBeInTheDocument();
    const grid = screen.getByTestId('recent-sermons');
    const cards = within(grid).getAllByRole('listitem');
    expect(cards).toHaveLength(6);
    expect(cards.map((card) => card.querySelector('.live-badge')?.textContent ?? null)).toEqual(['LIVE', 'LIVE', null, null, null, null]);
    expect(cards[0]).toHaveTextContent('A title that is certainly longer than fo...');
    expect(cards[0]).toHaveTextContent('Guest Speaker');
    expect(cards[0]).toHaveTextContent('Sermon');
    expect(screen.getByText('Message 3 of 6')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show all 8 sermons' }));
    expect(within(grid).getAllByRole('listitem')).toHaveLength(8);
  });

  it('pages "Show all": 12 sermons a page with Previous and Next', () => {
    seed(sermonQueries.published,
      Array.from({ length: 30 }, (_, index) => sermon(index, { sermon_date: '2026-10-01' })),
    );
    seed(sermonQueries.activeSeries, []);
    renderAt('/sermons', <SermonsPage />);
    const grid = screen.getByTestId('recent-sermons');
    const titles = () => within(grid).getAllByRole('heading').map((heading) => heading.textContent);
    fireEvent.click(screen.getByRole('button', { name: 'Show all 29 sermons' }));
    expect(titles()).toHaveLength(12);
    expect(titles()[0]).toBe('Sermon number 1');
    const pager = screen.getByRole('navigation', { name: 'Sermon pages' });
    expect(pager).toHaveTextContent('Page 1 of 3');
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(titles()[0]).toBe('Sermon number 13');
    expect(grid.querySelector('.live-badge')).toBeNull();
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(titles()).toHaveLength(5);
    expect(pager).toHaveTextContent('Page 3 of 3');
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Show fewer sermons' }));
    expect(titles()).toHaveLength(6);
  });

  it('plays a video in the overlay and closes it by the button and the backdrop', () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Watch: Sermon number 0' }));
    const frame = screen.getByTitle('Sermon number 0');
    expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0&playsinline=1');
    fireEvent.click(screen.getByRole('button', { name: 'Close player' }));
    expect(screen.queryByTestId('player-backdrop')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Listen: Sermon number 2' }));
    expect(screen.getByTestId('player-backdrop').querySelector('audio')).toHaveAttribute('src', 'https://media.example.org/2.mp3');
    fireEvent.click(screen.getByTestId('player-backdrop'));
    expect(screen.queryByTestId('player-backdrop')).not.toBeInTheDocument();
  });

  it('copies the link and says so when there is no share sheet', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Share: Sermon number 0' }));
    await waitFor(() => {
      expect(alert).toHaveBeenCalledWith('Link copied to clipboard!');
    });
    expect(writeText).toHaveBeenCalledWith('https://youtu.be/dQw4w9WgXcQ');
  });
});

describe('SermonsPage in Kiswahili', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('labels, defaults, dates and the shared link are in Kiswahili; titles stay as entered', async () => {
    await inKiswahili();
    seed(sermonQueries.published, sermons);
    seed(sermonQueries.activeSeries, [
      { id: 'x', title: 'Abide in Christ', subtitle: null, description: null, message_count: 6, current_message: 3, start_date: null, topics: [] },
    ]);
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderAt('/sw/sermons', <SermonsPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Mahubiri' })).toBeInTheDocument();
    expect(screen.getByText('Ujumbe wa Karibuni · Abide in Christ')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Mahubiri ya Karibuni' })).toBeInTheDocument();
    const cards = within(screen.getByTestId('recent-sermons')).getAllByRole('listitem');
    expect(cards[0]).toHaveTextContent('Mhubiri Mgeni');
    expect(cards[0]).toHaveTextContent('MUBASHARA');
    expect(cards[0]).toHaveTextContent('29 Okt 2026');
    expect(screen.getByText('Ujumbe 3 kati ya 6')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tazama: Sermon number 0' })).toHaveTextContent('Tazama');
    expect(screen.getByRole('button', { name: 'Sikiliza: Sermon number 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Onyesha mahubiri yote 8' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Shiriki: Sermon number 2' }));
    await waitFor(() => {
      expect(alert).toHaveBeenCalledWith('Kiungo kimenakiliwa!');
    });
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/sw/sermons#sermon-s2`);
  });
});
