import { act, fireEvent, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { Link, Route, Routes } from '../../lib/router';
import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { renderAt } from '../../test/render';
import { Layout } from './Layout';

function Broken(): never {
  throw new Error('Failed to fetch dynamically imported module');
}

function Late() {
  return <p id="late">late</p>;
}

function Probe({ withLate = false }: { withLate?: boolean }) {
  return (
    <>
      <h1>Probe</h1>
      <Link to="/other">Other</Link>
      <Link to="/other#target">Target</Link>
      <Link to="/later#late">Later</Link>
      <p id="target">target</p>
      {withLate && <Late />}
    </>
  );
}

/** A page whose hash target arrives after the scroll (a lazy chunk or data still loading). */
function LateProbe() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      setShown(true);
    }, 500);
    return () => {
      window.clearTimeout(timer);
    };
  }, []);
  return <Probe withLate={shown} />;
}

const routes = (
  <Routes>
    <Route element={<Layout />}>
      <Route index element={<Probe />} />
      <Route path="other" element={<Probe />} />
      <Route path="later" element={<LateProbe />} />
      <Route path="broken" element={<Broken />} />
    </Route>
  </Routes>
);

describe('Layout', () => {
  let scrollTo: MockInstance<typeof window.scrollTo>;
  let scrollIntoView: MockInstance<Element['scrollIntoView']>;

  beforeEach(() => {
    scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => undefined);
  });

  /** Renders at / and lets the first scroll-to-top pass. */
  function renderHome() {
    vi.useFakeTimers();
    renderAt('/', routes);
    act(() => {
      vi.advanceTimersByTime(100);
    });
    scrollTo.mockClear();
  }

  it('shows a retry message inside the header and footer when a page fails to load', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/broken', routes);
    expect(screen.getByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('scrolls smoothly to the top 100 ms after a route change', () => {
    renderHome();
    fireEvent.click(screen.getByRole('link', { name: 'Other' }));
    act(() => {
      vi.advanceTimersByTime(99);
    });
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('scrolls to the element named by the hash when it exists', () => {
    renderHome();
    fireEvent.click(screen.getByRole('link', { name: 'Target' }));
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('target'));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('scrolls to a hash element that appears after the scroll, once', async () => {
    renderHome();
    fireEvent.click(screen.getByRole('link', { name: 'Later' }));
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    expect(scrollIntoView).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(400);
      await Promise.resolve();
    });
    expect(document.getElementById('late')).not.toBeNull();
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('late'));
  });

  it('scrolls without animation when the visitor prefers reduced motion', () => {
    const matchMedia = window.matchMedia.bind(window);
    vi.spyOn(window, 'matchMedia').mockImplementation((query) =>
      query.includes('prefers-reduced-motion') ? ({ matches: true } as MediaQueryList) : matchMedia(query),
    );
    renderHome();
    fireEvent.click(screen.getByRole('link', { name: 'Other' }));
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'auto' });
  });
});
