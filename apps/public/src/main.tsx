import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from './lib/router';
import { AppRoutes } from './app/AppRoutes';
import { watchOutbox } from './lib/outbox';
import { registerServiceWorker } from './lib/service-worker';
import { activate, loadLanguage, localePath, rememberedLanguage, splitLanguage } from './i18n';
import { LanguageProvider } from './i18n/LanguageProvider';
import './app/styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Forms saved on the phone while offline are sent now, and whenever the connection returns.
watchOutbox();
// The offline copy (public/sw.js), in production only and once the page has loaded.
if (import.meta.env.PROD) {
  if (document.readyState === 'complete') registerServiceWorker();
  else window.addEventListener('load', registerServiceWorker, { once: true });
}

// The URL names the language; an unprefixed first visit follows the visitor's remembered choice.
const [urlLang, path] = splitLanguage(window.location.pathname);
let lang = urlLang;
if (urlLang === 'en' && rememberedLanguage() === 'sw') {
  lang = 'sw';
  window.history.replaceState(null, '', localePath(path + window.location.search + window.location.hash, 'sw'));
}

// The first render as a transition: React renders it in slices that yield to the browser,
// instead of one long task that blocks a slow phone's main thread (Lighthouse's TBT).
function render(container: HTMLElement) {
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <BrowserRouter>
          <LanguageProvider>
            <AppRoutes />
          </LanguageProvider>
        </BrowserRouter>
      </StrictMode>,
    );
  });
}

// A Kiswahili page waits for its catalogue (preloaded with the HTML); English is already here.
// Without it (offline, never fetched) the page renders in English rather than not at all.
loadLanguage(lang)
  .catch(() => undefined)
  .finally(() => {
    activate(lang);
    render(root);
  });
