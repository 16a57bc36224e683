import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../test/render';
import { setViewportWidth } from '../../test/viewport';
import { Header } from './Header';

function mainNav() {
  return screen.getByRole('navigation', { name: 'Main' });
}

describe('Header', () => {
  it('links the spec routes with the spec names, Ministries and Departments inside a dropdown', async () => {
    const user = userEvent.setup();
    renderAt('/', <Header />);
    const nav = mainNav();

    const topLinks = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(topLinks).toEqual([
      ['Home', '/'],
      ['About', '/about'],
      ['Sermons', '/sermons'],
      ['Events', '/events'],
      ['Contact', '/contact'],
      ['Submissions', '/submissions'],
      ['Give', '/giving'],
    ]);

    const dropdown = within(nav).getByRole('button', { name: 'Ministries' });
    expect(dropdown).toHaveAttribute('aria-expanded', 'false');
    await user.click(dropdown);
    expect(dropdown).toHaveAttribute('aria-expanded', 'true');
    const list = document.getElementById(dropdown.getAttribute('aria-controls')!)!;
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Ministries', '/ministries'],
      ['Departments', '/departments'],
    ]);

    await user.click(dropdown);
    expect(dropdown).toHaveAttribute('aria-expanded', 'false');
    expect(list).not.toBeVisible();
  });

  it('labels the dropdown Departments while on /departments', () => {
    renderAt('/departments', <Header />);
    expect(within(mainNav()).getByRole('button', { name: 'Departments' })).toBeInTheDocument();
    expect(within(mainNav()).queryByRole('button', { name: 'Ministries' })).not.toBeInTheDocument();
  });

  it('marks the current page for assistive technology', () => {
    renderAt('/sermons', <Header />);
    expect(within(mainNav()).getByRole('link', { name: 'Sermons' })).toHaveAttribute('aria-current', 'page');
    expect(within(mainNav()).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('opens the dropdown on hover and closes it 300 ms after the pointer leaves', () => {
    vi.useFakeTimers();
    renderAt('/', <Header />);
    const dropdown = within(mainNav()).getByRole('button', { name: 'Ministries' });
    const item = dropdown.closest('li')!;
    const mouse = { pointerType: 'mouse' };

    fireEvent.pointerOver(item, mouse);
    expect(dropdown).toHaveAttribute('aria-expanded', 'true');

    // A click right after the hover keeps it open rather than toggling it shut.
    fireEvent.click(dropdown);
    expect(dropdown).toHaveAttribute('aria-expanded', 'true');

    fireEvent.pointerOut(item, mouse);
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(dropdown).toHaveAttribute('aria-expanded', 'true');

    // Coming back within 300 ms cancels the close.
    fireEvent.pointerOver(item, mouse);
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(dropdown).toHaveAttribute('aria-expanded', 'true');

    fireEvent.pointerOut(item, mouse);
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(dropdown).toHaveAttribute('aria-expanded', 'false');
  });

  it('ignores touch "hover", so a tap simply toggles the dropdown', () => {
    renderAt('/', <Header />);
    const dropdown = within(mainNav()).getByRole('button', { name: 'Ministries' });
    fireEvent.pointerOver(dropdown.closest('li')!, { pointerType: 'touch' });
    expect(dropdown).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(dropdown);
    expect(dropdown).toHaveAttribute('aria-expanded', 'true');
  });

  it('closes the dropdown on Escape and gives focus back to its button', async () => {
    const user = userEvent.setup();
    renderAt('/', <Header />);
    const dropdown = within(mainNav()).getByRole('button', { name: 'Ministries' });
    await user.click(dropdown);
    await user.tab();
    expect(within(mainNav()).getByRole('link', { name: 'Ministries' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(dropdown).toHaveAttribute('aria-expanded', 'false');
    expect(dropdown).toHaveFocus();
  });

  it('closes the dropdown when a link in it is chosen', async () => {
    const user = userEvent.setup();
    renderAt('/', <Header />);
    const dropdown = within(mainNav()).getByRole('button', { name: 'Ministries' });
    await user.click(dropdown);
    await user.click(within(mainNav()).getByRole('link', { name: 'Departments' }));
    expect(within(mainNav()).getByRole('button', { name: 'Departments' })).toHaveAttribute('aria-expanded', 'false');
  });

  describe('mobile menu (under 768 px)', () => {
    function menuPanel(toggle: HTMLElement) {
      return document.getElementById(toggle.getAttribute('aria-controls')!)!;
    }

    it('opens from the Menu button and closes when a link is tapped', async () => {
      const user = userEvent.setup();
      renderAt('/', <Header />);
      const toggle = screen.getByRole('button', { name: 'Menu' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(menuPanel(toggle)).toHaveAttribute('data-open', 'false');

      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(toggle).toHaveAccessibleName('Close');
      expect(menuPanel(toggle)).toHaveAttribute('data-open', 'true');

      await user.click(within(menuPanel(toggle)).getByRole('link', { name: 'Events' }));
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(menuPanel(toggle)).toHaveAttribute('data-open', 'false');
    });

    it('hints at scrolling only while the panel holds more than it shows', async () => {
      // jsdom lays nothing out: the panel's heights are set by hand.
      let hidden = 200;
      vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(() => 400);
      vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(() => 400 + hidden);
      const user = userEvent.setup();
      renderAt('/', <Header />);
      const toggle = screen.getByRole('button', { name: 'Menu' });
      await user.click(toggle);
      expect(await within(menuPanel(toggle)).findByText('Scroll for more links')).toBeInTheDocument();

      hidden = 0;
      act(() => {
        window.dispatchEvent(new Event('resize'));
      });
      expect(within(menuPanel(toggle)).queryByText('Scroll for more links')).not.toBeInTheDocument();
    });

    it('hints when opening the dropdown makes the panel scroll, and not once it is scrolled to the end (issue 32)', async () => {
      // jsdom lays nothing out: the panel holds more than it shows only while the dropdown is open.
      vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(() => 400);
      vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
        return this.querySelector('.dropdown-list:not([hidden])') ? 520 : 400;
      });
      const user = userEvent.setup();
      renderAt('/', <Header />);
      const toggle = screen.getByRole('button', { name: 'Menu' });
      await user.click(toggle);
      const panel = menuPanel(toggle);
      await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      expect(within(panel).queryByText('Scroll for more links')).not.toBeInTheDocument();

      await user.click(within(panel).getByRole('button', { name: 'Ministries' }));
      expect(await within(panel).findByText('Scroll for more links')).toBeInTheDocument();

      act(() => {
        panel.scrollTop = 120;
        panel.dispatchEvent(new Event('scroll'));
      });
      expect(within(panel).queryByText('Scroll for more links')).not.toBeInTheDocument();
    });

    it('closes on Escape and gives focus back to the Menu button; an open dropdown takes the first Escape (issue 32)', async () => {
      const user = userEvent.setup();
      renderAt('/', <Header />);
      const toggle = screen.getByRole('button', { name: 'Menu' });
      await user.click(toggle);
      const ministries = within(menuPanel(toggle)).getByRole('button', { name: 'Ministries' });
      await user.click(ministries);
      expect(ministries).toHaveAttribute('aria-expanded', 'true');

      await user.keyboard('{Escape}');
      expect(ministries).toHaveAttribute('aria-expanded', 'false');
      expect(toggle).toHaveAttribute('aria-expanded', 'true');

      await user.keyboard('{Escape}');
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(menuPanel(toggle)).toHaveAttribute('data-open', 'false');
      expect(toggle).toHaveFocus();
    });

    it('stays open while the dropdown is used, so its links can be reached', async () => {
      const user = userEvent.setup();
      renderAt('/', <Header />);
      const toggle = screen.getByRole('button', { name: 'Menu' });
      await user.click(toggle);
      await user.click(within(menuPanel(toggle)).getByRole('button', { name: 'Ministries' }));
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(within(menuPanel(toggle)).getByRole('link', { name: 'Departments' })).toBeVisible();
    });

    it('closes when the window grows to 768 px or more', async () => {
      const user = userEvent.setup();
      renderAt('/', <Header />);
      const toggle = screen.getByRole('button', { name: 'Menu' });
      await user.click(toggle);

      act(() => {
        setViewportWidth(767);
      });
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      act(() => {
        setViewportWidth(768);
      });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
    });
  });

  it('leaves the Give button always in the header, outside the collapsible panel', () => {
    renderAt('/', <Header />);
    const give = within(mainNav()).getByRole('link', { name: 'Give' });
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(give).toHaveAttribute('href', '/giving');
    expect(give).toHaveClass('give-button');
    expect(menuPanel(toggle).contains(give)).toBe(false);
    fireEvent.click(toggle);
    expect(menuPanel(toggle).contains(give)).toBe(false);

    function menuPanel(button: HTMLElement) {
      return document.getElementById(button.getAttribute('aria-controls')!)!;
    }
  });
});
