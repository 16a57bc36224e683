import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seed } from '../../test/site-data';
import { settingsQueries, parseSettings } from '../../lib/settings';
import { renderAt } from '../../test/render';
import { churchYear, Footer } from './Footer';

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

  it('lists the six ministries, a scripture verse and this year\'s copyright line', () => {
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
    expect(screen.getByText(new RegExp(`© ${String(churchYear())}`))).toBeInTheDocument();
  });

  it("dates the copyright by the church's calendar: Nairobi's new year comes three hours before UTC's", () => {
    expect(churchYear(new Date('2026-12-31T20:59:00Z'))).toBe(2026);
    expect(churchYear(new Date('2026-12-31T21:00:00Z'))).toBe(2027);
  });

  it('shows the address, postal box, phone, two e-mails and social links from System Settings', () => {
    seed(settingsQueries.public,
      parseSettings([
        { key: 'church_name', value: 'Mount Zion SDA Church' },
        { key: 'church_address', value: 'Kanisa Road, Milimani, Nakuru' },
        { key: 'postal_address', value: 'P.O. Box 1980-20100, Nakuru' },
        { key: 'church_phone', value: '+254 700 100 100' },
        { key: 'church_email', value: 'info@example.org' },
        { key: 'church_email_secondary', value: 'clerk@example.org' },
        { key: 'social_links', value: { youtube: 'https://www.youtube.com/@example' } },
      ]),
    );
    renderAt('/', <Footer />);
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent('Kanisa Road, Milimani, Nakuru');
    expect(footer).toHaveTextContent('P.O. Box 1980-20100, Nakuru');
    expect(footer).toHaveTextContent('truth in Nakuru and beyond');
    expect(screen.getByRole('link', { name: '+254 700 100 100' })).toHaveAttribute('href', 'tel:+254700100100');
    expect(screen.getByRole('link', { name: 'info@example.org' })).toHaveAttribute('href', 'mailto:info@example.org');
    expect(screen.getByRole('link', { name: 'clerk@example.org' })).toHaveAttribute('href', 'mailto:clerk@example.org');
    const youtube = screen.getByRole('link', { name: 'YouTube (opens in a new tab)' });
    expect(youtube).toHaveAttribute('target', '_blank');
    expect(youtube).toHaveAttribute('href', 'https://www.youtube.com/@example');
    expect(screen.getByRole('link', { name: 'Facebook (coming soon)' })).toHaveAttribute('href', '#');
    expect(screen.getByText(/© \d{4} Mount Zion SDA Church/)).toBeInTheDocument();
  });
});
