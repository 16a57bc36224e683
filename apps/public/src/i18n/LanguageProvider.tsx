import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from '../lib/router';
import { activate, isLoaded, loadLanguage } from '.';

/**
 * Makes the URL's language the active one and renders the page in it. A language whose
 * catalogue is not here yet (the back button to a `/sw/` page after a reload) is fetched while
 * the page stays in English. The subtree is keyed by the language, so a switch re-renders every
 * label, also those computed once per mount.
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const { lang } = useLocation();
  const [, setLoads] = useState(0);
  const ready = isLoaded(lang);
  useEffect(() => {
    if (ready) return;
    let live = true;
    loadLanguage(lang)
      .then(() => {
        if (live) setLoads((n) => n + 1);
      })
      .catch(() => {
        // Offline without the catalogue: the page stays in English.
      });
    return () => {
      live = false;
    };
  }, [lang, ready]);
  const shown = ready ? lang : 'en';
  activate(shown);
  return <Fragment key={shown}>{children}</Fragment>;
}
