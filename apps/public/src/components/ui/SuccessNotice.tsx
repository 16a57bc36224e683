import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A form's good outcome (issue 32): a status that is brought into view and focused as it
 * appears, so on a phone the visitor sees it where they are looking (not 480 px above, in a
 * modal scrolled down to its button) and a screen reader reads it at once. Refusals do the
 * same through `useFocusOnRefusal`.
 */
/** What the visitor does to move the page themselves. */
const visitorMoves = ['touchstart', 'wheel', 'keydown'] as const;

export function SuccessNotice({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    element.focus({ preventScroll: true });
    // jsdom has no layout, so no scrollIntoView.
    if (typeof element.scrollIntoView !== 'function') return;
    element.scrollIntoView({ block: 'center' });
    // The page may still move under it for a moment (a block above collapses, the map loads,
    // the browser keeps an anchor in place): while it settles, bring the notice back whenever
    // anything but the visitor moves it out of the window. Watching the notice itself sees
    // every cause; the visitor's own scrolling (touch, wheel, keys) ends the watch at once.
    if (typeof IntersectionObserver === 'undefined') return;
    const keep = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.intersectionRatio < 1)) element.scrollIntoView({ block: 'center' });
      },
      { threshold: 1 },
    );
    keep.observe(element);
    const stop = () => {
      window.clearTimeout(settled);
      keep.disconnect();
      for (const event of visitorMoves) window.removeEventListener(event, stop);
    };
    const settled = window.setTimeout(stop, 2000);
    for (const event of visitorMoves) window.addEventListener(event, stop, { passive: true });
    return stop;
  }, []);
  return (
    <div ref={box} className="form-success" role="status" tabIndex={-1}>
      {children}
    </div>
  );
}
