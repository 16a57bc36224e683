import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { church } from '../config/church';
import { heroVerse } from '../features/home/Hero';
import { renderAt } from '../test/render';

describe('public routes', () => {
  it('renders Home at / with the church name, branch, fixed verse and the three hero links', () => {
    renderAt('/');

    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent(church.name);
    expect(heading).toHaveTextContent(church.branch);
    expect(screen.getByText(heroVerse.text)).toBeInTheDocument();
    expect(screen.getByText(heroVerse.reference)).toBeInTheDocument();

    const hero = screen.getByRole('region', { name: `${church.name} ${church.branch}` });
    const links = within(hero).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/about', '/sermons', '/giving']);
    // Full labels on wide screens, short ones on mobile (CSS picks one).
    expect(within(links[0]!).getByText('Plan Your Visit')).toBeInTheDocument();
    expect(within(links[0]!).getByText('Plan Visit')).toBeInTheDocument();
    expect(within(links[1]!).getByText('Watch Sermons')).toBeInTheDocument();
    expect(within(links[1]!).getByText('Sermons')).toBeInTheDocument();
    expect(links[2]).toHaveTextContent('Give Now');
  });

  it('wraps every page in the landmarks: banner, main navigation, main, contentinfo', () => {
    renderAt('/');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
  });

  it.each([
    ['/about', 'About'],
    ['/contact', 'Contact'],
    ['/giving', 'Giving'],
    ['/submissions', 'Submissions'],
    ['/announcements', 'Announcements'],
  ])('lazy-loads %s and titles the document "%s | {church}"', async (path, title) => {
    renderAt(path);
    await waitFor(() => {
      expect(document.title).toBe(`${title} | ${church.name}`);
    });
    // Exactly one h1, inside main; the shell stays around the page.
    expect(within(screen.getByRole('main')).getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('shows Page not found with a way home for an unknown path', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});
