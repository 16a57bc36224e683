import { useEffect } from 'react';
import { useLocation } from '../../lib/router';

export const SCROLL_DELAY_MS = 100;

/**
 * On every route change, after 100 ms, scroll smoothly to the element named by the URL hash if
 * it exists, otherwise to the top (spec: public-site.md §2). Smooth only without reduced motion.
 */
export function useScrollOnNavigate(): void {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    const timer = window.setTimeout(() => {
      const behavior: ScrollBehavior = window.matchMedia('(prefers-reduced-motion: reduce)').matches
        ? 'auto'
        : 'smooth';
      const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
      if (target) target.scrollIntoView({ behavior, block: 'start' });
      else window.scrollTo({ top: 0, behavior });
    }, SCROLL_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [pathname, hash]);
}
