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
    if (typeof element.scrollIntoView === 'function') element.scrollIntoView({ block: 'center' });
  }, []);
  return (
    <div ref={box} className="form-success" role="status" tabIndex={-1}>
      {children}
    </div>
  );
}
