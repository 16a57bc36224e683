import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../test/render';
import { Footer } from './Footer';

function linksIn(element: HTMLElement) {
  return within(element)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('Footer', () => {
  it('has the quick links named as in the spec', () => {
    renderAt('/', <Footer />);
    expect(linksIn(screen.getByRole('navigation', { name: 'Quick Links' }))).toEqual([
      ['About Our Church', '/about'],
      ['Sermons & Messages', '/sermons'],
      ['Events & Activities', '/events'],
      ['Our Ministries', '/ministries'],
      ['Give Online', '/giving'],
      ['Contact Us', '/contact'],
    ]);
  });

  it('has the bottom links: Privacy Policy and Terms of Service to /about, Support to /contact, Donate to /giving', () => {
    renderAt('/', <Footer />);
    expect(linksIn(screen.getByRole('navigation', { name: 'Legal and support' }))).toEqual([
      ['Privacy Policy', '/about'],
      ['Terms of Service', '/about'],
      ['Support', '/contact'],
      ['Donate', '/giving'],
    ]);
  });

  it('lists the six ministries, a scripture verse and the 2025 copyright line', () => {
    renderAt('/', <Footer />);
    const ministries = screen.getByRole('region', { name: 'Our Ministries' });
    expect(within(ministries).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Youth',
      "Women's",
      "Men's",
      "Children's",
      'Music',
      'Community Outreach',
    ]);
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Matthew 5:16');
    expect(screen.getByText(/© 2025/)).toBeInTheDocument();
  });
});
