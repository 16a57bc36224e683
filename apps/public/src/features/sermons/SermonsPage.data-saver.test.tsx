import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setDataSaver } from '../../lib/data-saver';
import { seed } from '../../test/site-data';
import { restartDataSaver } from '../../test/data-saver';
import { renderAt } from '../../test/render';
import { sermonQueries } from './api/queries';
import SermonsPage from './SermonsPage';

beforeEach(() => {
  restartDataSaver({});
});

afterEach(() => {
  restartDataSaver({});
});

describe('in data-saver mode', () => {
  function showSermons() {
    seed(sermonQueries.published, [
      {
        id: 's0',
        title: 'Abiding',
        description: null,
        speaker: 'Pr. Langat',
        sermon_date: '2026-10-03',
        audio_url: null,
        video_url: 'https://youtu.be/dQw4w9WgXcQ',
        notes_url: null,
        series: 'Abide in Christ',
        tags: [],
      },
    ]);
    seed(sermonQueries.activeSeries, []);
    renderAt('/sermons', <SermonsPage />);
  }

  it('sermon video thumbnails load only when asked', () => {
    setDataSaver(true);
    showSermons();
    const featured = screen.getByRole('region', { name: 'Abiding' });
    expect(featured.querySelector('img')).toBeNull();
    fireEvent.click(within(featured).getByRole('button', { name: 'Show thumbnail: Abiding' }));
    expect(featured.querySelector('img')).toHaveAttribute('src', 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg');
  });

  it('without data saver the thumbnails load with the page, and the player starts on its own', () => {
    showSermons();
    const featured = screen.getByRole('region', { name: 'Abiding' });
    expect(featured.querySelector('img')).not.toBeNull();
    fireEvent.click(within(featured).getByRole('button', { name: 'Watch: Abiding' }));
    expect(screen.getByTitle('Abiding')).toHaveAttribute('src', expect.stringContaining('autoplay=1'));
  });

  it('the player does not start on its own', () => {
    setDataSaver(true);
    showSermons();
    fireEvent.click(within(screen.getByRole('region', { name: 'Abiding' })).getByRole('button', { name: 'Watch: Abiding' }));
    expect(screen.getByTitle('Abiding')).toHaveAttribute('src', expect.stringContaining('autoplay=0'));
  });
});
