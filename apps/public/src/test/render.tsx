import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from '../lib/router';
import { AppRoutes } from '../app/AppRoutes';

/** Renders `ui` (by default the whole route table) as if the browser were at `path`. */
export function renderAt(path: string, ui: ReactElement = <AppRoutes />): RenderResult {
  return render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);
}
