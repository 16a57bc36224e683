import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANG_KEY } from '../../i18n';
import { inKiswahili } from '../../test/kiswahili';
import { LanguageProvider } from '../../i18n/LanguageProvider';
import { LAST_SYNC_KEY, resetOfflineStatus } from '../../lib/offline-status';
import { renderAt } from '../../test/render';
import { churchYear, Footer } from './Footer';
import { Header } from './Header';
import { OfflineNotices } from './OfflineNotices';

function linksIn(element: HTMLElement) {
  return within(element)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

beforeEach(async () => {
  await inKiswahili();
});

afterEach(() => {
  localStorage.clear();
});

describe('the header and footer in Kiswahili', () => {
  it('names the links in Kiswahili and points them at the /sw/ pages', () => {
    renderAt(
      '/sw/events',
      <>
        <Header />
        <Footer />
      </>,
    );
    const nav = screen.getByRole('navigation', { name: 'Menyu kuu' });
    expect(linksIn(nav)).toEqual([
      ['Nyumbani', '/sw/'],
      ['Kuhusu', '/sw/about'],
      ['Mahubiri', '/sw/sermons'],
      ['Matukio', '/sw/events'],
      ['Wasiliana', '/sw/contact'],
      ['Tuma Ombi', '/sw/submissions'],
      ['Toa', '/sw/giving'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Matukio' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Huduma' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menyu' })).toBeInTheDocument();

    expect(linksIn(screen.getByRole('navigation', { name: 'Viungo vya Haraka' }))).toEqual([
      ['Kuhusu Kanisa Letu', '/sw/about'],
      ['Mahubiri na Jumbe', '/sw/sermons'],
      ['Matukio na Shughuli', '/sw/events'],
      ['Huduma Zetu', '/sw/ministries'],
      ['Toa Mtandaoni', '/sw/giving'],
      ['Wasiliana Nasi', '/sw/contact'],
    ]);
    expect(linksIn(screen.getByRole('navigation', { name: 'Sheria na msaada' }))).toEqual([
      ['Sera ya Faragha', '/sw/about'],
      ['Masharti ya Huduma', '/sw/about'],
      ['Msaada', '/sw/contact'],
      ['Changia', '/sw/giving'],
    ]);
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent('Mathayo 5:16');
    expect(footer).toHaveTextContent(`© ${String(churchYear())}`);
    expect(footer).toHaveTextContent('Haki zote zimehifadhiwa.');
    expect(within(footer).getByRole('switch', { name: 'Kiokoa data' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Huduma Zetu' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Vijana',
      'Wanawake',
      'Wanaume',
      'Watoto',
      'Muziki',
      'Huduma kwa Jamii',
    ]);
  });

  it('has the language switch in the header and the footer, leading to the same page in English', () => {
    renderAt(
      '/sw/events?tab=past#list',
      <>
        <Header />
        <Footer />
      </>,
    );
    const switches = screen.getAllByRole('link', { name: /soma ukurasa huu kwa Kiingereza$/ });
    expect(switches).toHaveLength(2);
    expect(screen.getByRole('banner').contains(switches[0]!)).toBe(true);
    expect(screen.getByRole('contentinfo').contains(switches[1]!)).toBe(true);
    for (const link of switches) {
      expect(link).toHaveTextContent('English');
      expect(link).toHaveAttribute('href', '/events?tab=past#list');
      expect(link).toHaveAttribute('hreflang', 'en');
      // Its name holds what it shows (issue 32: no aria-label that differs from the label).
      expect(link).not.toHaveAttribute('aria-label');
    }
    // Outside the main navigation, so it stays in view while the phone's menu is closed.
    expect(screen.getByRole('navigation', { name: 'Menyu kuu' }).contains(switches[0]!)).toBe(false);
  });

  it('switches the page to English in place and remembers the choice', async () => {
    renderAt(
      '/sw/about',
      <LanguageProvider>
        <Header />
      </LanguageProvider>,
    );
    expect(screen.getByRole('link', { name: 'Kuhusu' })).toHaveAttribute('href', '/sw/about');
    fireEvent.click(screen.getByRole('link', { name: /soma ukurasa huu kwa Kiingereza$/ }));
    expect(await screen.findByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    expect(screen.getByRole('link', { name: /read this page in Kiswahili$/ })).toHaveAttribute('href', '/sw/about');
    expect(localStorage.getItem(LANG_KEY)).toBe('en');
  });

  it('says offline in Kiswahili, with the date of the saved copy in sw-KE', () => {
    localStorage.setItem(LAST_SYNC_KEY, '2026-03-07T08:05:00.000Z');
    resetOfflineStatus();
    renderAt('/sw/', <OfflineNotices />);
    act(() => {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByText('Uko nje ya mtandao — unaona kilichohifadhiwa tarehe 7 Machi 2026 saa 11:05')).toBeInTheDocument();
    act(() => {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
      window.dispatchEvent(new Event('online'));
    });
  });
});
