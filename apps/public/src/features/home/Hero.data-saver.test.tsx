import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setDataSaver } from '../../lib/data-saver';
import { restartDataSaver } from '../../test/data-saver';
import { renderAt } from '../../test/render';
import { Hero } from './Hero';

beforeEach(() => {
  restartDataSaver({});
});

afterEach(() => {
  restartDataSaver({});
});

describe('in data-saver mode', () => {
  const heroImages = () => document.querySelectorAll('section.hero img');

  it('the hero shows one image in its smallest size, no dots, and does not rotate', () => {
    vi.useFakeTimers();
    setDataSaver(true);
    renderAt('/', <Hero />);
    expect(heroImages()).toHaveLength(1);
    const image = heroImages()[0]!;
    expect(image).toHaveAttribute('src', '/images/hero-1-640.webp');
    expect(image).not.toHaveAttribute('srcset');
    expect(screen.queryByRole('button', { name: /^Show image/ })).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    expect(heroImages()).toHaveLength(1);
    expect(document.querySelector('section.hero')).toHaveAttribute('data-active-slide', '0');
  });

  it('the hero rotates again once the visitor turns data saver off', () => {
    vi.useFakeTimers();
    setDataSaver(true);
    renderAt('/', <Hero />);
    act(() => {
      setDataSaver(false);
    });
    expect(heroImages()[0]).toHaveAttribute('srcset', expect.stringContaining('1280w'));
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(document.querySelector('section.hero')).toHaveAttribute('data-active-slide', '1');
  });
});
