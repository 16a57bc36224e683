import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BrowserRouter, Link, MemoryRouter, NavLink, Outlet, Route, Routes, useLocation } from './router';

function Where() {
  const { pathname, hash } = useLocation();
  return <p data-testid="where">{pathname + hash}</p>;
}

function Site() {
  return (
    <Routes>
      <Route
        element={
          <>
            <nav>
              <NavLink to="/">Home</NavLink>
              <NavLink to="/sermons">Sermons</NavLink>
              <Link to="/events#weekly">Events</Link>
            </nav>
            <Outlet />
            <Where />
          </>
        }
      >
        <Route index element={<h1>Home page</h1>} />
        <Route path="sermons" element={<h1>Sermons page</h1>} />
        <Route path="events" element={<h1>Events page</h1>} />
        <Route path="*" element={<h1>Page not found</h1>} />
      </Route>
    </Routes>
  );
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('router', () => {
  it('renders the layout around the matching page, ignoring a trailing slash, with * as fallback', () => {
    const { unmount } = render(
      <MemoryRouter initialEntries={['/sermons/']}>
        <Site />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Sermons page');
    expect(screen.getByRole('link', { name: 'Sermons' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    unmount();
    render(
      <MemoryRouter initialEntries={['/sermons/2026']}>
        <Site />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Page not found');
  });

  it('navigates on a plain click through history, and back with popstate', () => {
    window.history.replaceState(null, '', '/');
    render(
      <BrowserRouter>
        <Site />
      </BrowserRouter>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Home page');
    fireEvent.click(screen.getByRole('link', { name: 'Events' }));
    expect(window.location.pathname).toBe('/events');
    expect(screen.getByTestId('where').textContent).toBe('/events#weekly');
    expect(screen.getByRole('heading').textContent).toBe('Events page');

    act(() => {
      window.history.replaceState(null, '', '/sermons');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByRole('heading').textContent).toBe('Sermons page');
  });

  it('leaves modified clicks (new tab) to the browser', () => {
    window.history.replaceState(null, '', '/');
    render(
      <BrowserRouter>
        <Site />
      </BrowserRouter>,
    );
    const link = screen.getByRole('link', { name: 'Sermons' });
    expect(link.getAttribute('href')).toBe('/sermons');
    const notPrevented = fireEvent.click(link, { ctrlKey: true });
    expect(notPrevented).toBe(true);
    expect(window.location.pathname).toBe('/');
    expect(screen.getByRole('heading').textContent).toBe('Home page');
  });

  it('refuses hooks outside a router with a clear message', () => {
    expect(() => render(<Where />)).toThrow('inside a BrowserRouter or MemoryRouter');
  });
});
