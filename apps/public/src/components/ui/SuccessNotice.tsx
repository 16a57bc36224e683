import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A form's good outcome (issue 32): a status that is brought into view and focused as it
 * appears, so on a phone the visitor sees it where they are looking (not 480 px above, in a
 * modal scrolled down to its button) and a screen reader reads it at once. Refusals do the
 * same through `useFocusOnRefusal`.
 */
export function SuccessNotice({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    element.focus({ preventScroll: true });
    // jsdom has no layout, so no scrollIntoView.
    if (typeof element.scrollIntoView !== 'function') return;
    element.scrollIntoView({ block: 'center' });
    // The page may still move under it for a moment (a block above collapses, the map loads):
    // while it settles, bring the notice back into view whenever the layout moves it out.
    if (typeof ResizeObserver === 'undefined') return;
    const keep = new ResizeObserver(() => {
      const { top, bottom } = element.getBoundingClientRect();
      if (top < 0 || bottom > window.innerHeight) element.scrollIntoView({ block: 'center' });
    });
    keep.observe(document.body);
    const settled = window.setTimeout(() => {
      keep.disconnect();
    }, 2000);
    return () => {
      window.clearTimeout(settled);
      keep.disconnect();
    };
  }, []);
  return (
    <div ref={box} className="form-success" role="status" tabIndex={-1}>
      {children}
    </div>
  );
}
