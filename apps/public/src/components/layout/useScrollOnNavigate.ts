import { useEffect } from 'react';
import { useLocation } from '../../lib/router';

export const SCROLL_DELAY_MS = 100;
/** How long a hash's element may take to appear (a lazy page's chunk or its data on a slow phone). */
export const HASH_WAIT_MS = 10_000;

function scrollBehavior(): ScrollBehavior {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

function hashTarget(hash: string): HTMLElement | null {
  return hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
}

/**
 * On every route change, after 100 ms, scroll smoothly to the element named by the URL hash if
 * it exists, otherwise to the top (spec: public-site.md §2). Smooth only without reduced motion.
 * A hash whose element is not there yet — the page's code or data still on its way — is watched
 * for up to 10 s and scrolled to when it appears, as a browser does for a fragment.
 */
export function useScrollOnNavigate(): void {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    let observer: MutationObserver | undefined;
    let giveUp: number | undefined;
    const stopWatching = () => {
      observer?.disconnect();
      observer = undefined;
      window.clearTimeout(giveUp);
    };
    const timer = window.setTimeout(() => {
      const target = hashTarget(hash);
      if (target) {
        target.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
        return;
      }
      window.scrollTo({ top: 0, behavior: scrollBehavior() });
      if (!hash) return;
      observer = new MutationObserver(() => {
        const late = hashTarget(hash);
        if (!late) return;
        stopWatching();
        late.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
      });
      observer.observe(document.body, { childList: true, subtree: true });
      giveUp = window.setTimeout(stopWatching, HASH_WAIT_MS);
    }, SCROLL_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      stopWatching();
    };
  }, [pathname, hash]);
}
