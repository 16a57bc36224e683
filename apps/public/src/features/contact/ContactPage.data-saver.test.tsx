import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setDataSaver } from '../../lib/data-saver';
import { seed } from '../../test/site-data';
import { settingsQueries, fallbackSettings } from '../../lib/settings';
import { restartDataSaver } from '../../test/data-saver';
import { renderAt } from '../../test/render';
import ContactPage from './ContactPage';

beforeEach(() => {
  restartDataSaver({});
});

afterEach(() => {
  restartDataSaver({});
});

describe('in data-saver mode', () => {
  it('the Contact page’s map loads only when asked', () => {
    setDataSaver(true);
    seed(settingsQueries.public, { ...fallbackSettings, mapEmbedUrl: 'https://www.google.com/maps/embed?pb=x', status: 'ready' });
    renderAt('/contact', <ContactPage />);
    expect(document.querySelector('iframe.map-embed')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show map' }));
    expect(document.querySelector('iframe.map-embed')).toHaveAttribute('src', 'https://www.google.com/maps/embed?pb=x');
  });
});
