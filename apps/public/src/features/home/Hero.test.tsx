import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publishShellSettings, resetShellSettings } from '../../lib/settings-store';
import { renderAt } from '../../test/render';
import { Hero } from './Hero';

function hero() {
  return document.querySelector('section.hero')!;
}

describe('Hero', () => {
  afterEach(() => {
    resetShellSettings();
  });

  it('rotates the five images every 5 s, adding each image to the page just before its turn', () => {
    vi.useFakeTimers();
    renderAt('/', <Hero />);
    expect(hero()).toHaveAttribute('data-active-slide', '0');
    expect(hero().querySelectorAll('img')).toHaveLength(1);
    expect(hero().querySelector('img')).toHaveAttribute('loading', 'eager');

    act(() => {
      vi.advanceTimersByTime(2500);
    });
    expect(hero().querySelectorAll('img')).toHaveLength(2);
    act(() => {
      vi.advanceTimersByTime(2499);
    });
    expect(hero()).toHaveAttribute('data-active-slide', '0');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(hero()).toHaveAttribute('data-active-slide', '1');
    for (const next of ['2', '3', '4', '0']) {
      act(() => {
        vi.advanceTimersByTime(5000);
      });
      expect(hero()).toHaveAttribute('data-active-slide', next);
    }
    expect(hero().querySelectorAll('img')).toHaveLength(5);
  });

  it('jumps to an image with its dot and restarts the 5 s wait', () => {
    vi.useFakeTimers();
    renderAt('/', <Hero />);
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    act(() => {
      screen.getByRole('button', { name: 'Show image 4' }).click();
    });
    expect(hero()).toHaveAttribute('data-active-slide', '3');
    expect(screen.getByRole('button', { name: 'Show image 4' })).toHaveAttribute('aria-pressed', 'true');
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(hero()).toHaveAttribute('data-active-slide', '3');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(hero()).toHaveAttribute('data-active-slide', '4');
  });

  it('uses the church name, branch and hero images from System Settings when they arrive', () => {
    renderAt('/', <Hero />);
    act(() => {
      publishShellSettings({
        name: 'Mount Zion SDA Church',
        branch: 'Town Centre',
        heroImages: [
          { src: '/storage/v1/object/public/public/a.webp', alt: 'A' },
          { src: '/storage/v1/object/public/public/b.webp', alt: 'B' },
        ],
      });
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Mount Zion SDA Church Town Centre');
    expect(hero().querySelector('img')).toHaveAttribute('src', '/storage/v1/object/public/public/a.webp');
    expect(within(hero() as HTMLElement).getAllByRole('button', { name: /Show image/ })).toHaveLength(2);
  });
});
