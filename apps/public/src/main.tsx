import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from './lib/router';
import { AppRoutes } from './app/AppRoutes';
import './app/styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

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
