import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from './lib/router';
import { AppRoutes } from './app/AppRoutes';
import { watchOutbox } from './lib/outbox';
import { registerServiceWorker } from './lib/service-worker';
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

// The first render as a transition: React renders it in slices that yield to the browser,
// instead of one long task that blocks a slow phone's main thread (Lighthouse's TBT).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </StrictMode>,
  );
});
