import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, type InitialEntry } from 'react-router-dom';
import { AppProviders } from '../app/AppProviders';
import { AppRoutes } from '../app/AppRoutes';

/** Renders `ui` (by default the whole route table) with fresh providers, as if at `entry`. */
export function renderAt(entry: InitialEntry, ui: ReactElement = <AppRoutes />): RenderResult {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[entry]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
}
