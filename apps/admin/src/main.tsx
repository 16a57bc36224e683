import { createClient } from '@kanisa/client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { AppRoutes } from './app/AppRoutes';
import './app/styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The back office's one API client, handed down through AppProviders (never imported by a
// feature): same origin as the server unless VITE_KANISA_URL says otherwise.
const client = createClient(import.meta.env.VITE_KANISA_URL ?? '', import.meta.env.VITE_KANISA_ANON_KEY);

createRoot(root).render(
  <StrictMode>
    <AppProviders client={client}>
      <BrowserRouter basename="/admin">
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
