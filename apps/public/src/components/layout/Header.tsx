import { useEffect, useId, useRef, useState, type MouseEvent, type RefObject } from 'react';
import { Link, NavLink, useLocation } from '../../lib/router';
import { settleShellSettings, useShellSettings } from '../../lib/settings-store';
import { t } from '../../i18n';
import { LanguageSwitch } from './LanguageSwitch';
import {
  giveLink,
  leadingLinks,
  ministriesMenu,
  ministriesMenuLabel,
  trailingLinks,
  type NavItem,
} from './nav-links';

export const DESKTOP_QUERY = '(min-width: 768px)';
export const DROPDOWN_CLOSE_DELAY_MS = 300;
const NAME_WAIT_MS = 3000;
/** A church name longer than this is set smaller on a phone, so that it fits whole (styles.css). */
const LONG_NAME = 40;

/**
 * Sticky header; below 768 px the links fold into a scrollable panel behind a Menu button. The
 * language switch stays visible at every width: beside Menu on a phone, beside Give on a desktop.
 */
export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menu = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const moreBelow = useMoreBelow(menu, menuOpen);
  const church = useShellSettings();

  // The name is hidden for a moment until the real one arrives; never for longer than this.
  useEffect(() => {
    if (church.known) return;
    const timer = window.setTimeout(settleShellSettings, NAME_WAIT_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [church.known]);

  useEffect(() => {
    const desktop = window.matchMedia(DESKTOP_QUERY);
    const closeOnDesktop = () => {
      if (desktop.matches) setMenuOpen(false);
    };
    desktop.addEventListener('change', closeOnDesktop);
    return () => {
      desktop.removeEventListener('change', closeOnDesktop);
    };
  }, []);

  // Escape closes the open panel (after an open Ministries dropdown, which takes the first
  // Escape itself) and gives focus back to the Menu button.
  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setMenuOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [menuOpen]);

  // A tapped link closes the mobile panel.
  const closeOnLink = (event: MouseEvent) => {
    if ((event.target as Element).closest('a')) setMenuOpen(false);
  };

  return (
    <header className="site-header">
      <div className="header-inner">
        <Link to="/" className={church.known ? 'brand' : 'brand brand-pending'}>
          <span className="brand-name" data-long={church.name.length > LONG_NAME ? '' : undefined}>
            {church.name}
          </span>
          <span className="brand-branch">{church.branch}</span>
        </Link>
        <nav className="site-nav" aria-label={t('layout.mainNav')} onClick={closeOnLink}>
          <button
            ref={toggle}
            type="button"
            className="menu-toggle"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => {
              setMenuOpen((open) => !open);
            }}
          >
            {menuOpen ? t('layout.close') : t('layout.menu')}
          </button>
          <div ref={menu} id={menuId} className="site-menu" data-open={menuOpen}>
            <ul className="nav-list">
              {leadingLinks.map((item) => (
                <NavItemLink key={item.to} item={item} />
              ))}
              <MinistriesDropdown />
              {trailingLinks.map((item) => (
                <NavItemLink key={item.to} item={item} />
              ))}
            </ul>
            {moreBelow ? (
              <p className="scroll-hint" aria-hidden="true">
                {t('layout.scrollHint')}
              </p>
            ) : null}
          </div>
          <NavLink to={giveLink.to} className="give-button">
            {t(giveLink.label)}
          </NavLink>
        </nav>
        <LanguageSwitch className="language-switch-header" />
      </div>
    </header>
  );
}

/**
 * Whether the open panel holds more links below what it shows (so the scroll hint is true; the
 * hint itself sticks to the panel's bottom edge, public-site §2): measured when it opens, when
 * the window changes size or turns, when its content changes (the Ministries dropdown opening
 * inside it) and as it is scrolled — at the end there is nothing more to hint at.
 */
function useMoreBelow(panel: RefObject<HTMLElement | null>, open: boolean): boolean {
  const [moreBelow, setMoreBelow] = useState(false);
  useEffect(() => {
    const node = panel.current;
    if (!open || !node) return;
    const measure = () => {
      setMoreBelow(node.scrollHeight - node.clientHeight - node.scrollTop > 1);
    };
    const frame = window.requestAnimationFrame(measure);
    window.addEventListener('resize', measure);
    node.addEventListener('scroll', measure, { passive: true });
    const changes = new MutationObserver(measure);
    changes.observe(node, { subtree: true, childList: true, attributes: true, attributeFilter: ['hidden'] });
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener('resize', measure);
      node.removeEventListener('scroll', measure);
      changes.disconnect();
    };
  }, [panel, open]);
  return open && moreBelow;
}

function NavItemLink({ item }: { item: NavItem }) {
  return (
    <li>
      <NavLink to={item.to} end={item.to === '/'} className="nav-link">
        {t(item.label)}
      </NavLink>
    </li>
  );
}

/** Opens on hover and on click; closes 300 ms after the pointer leaves, on Escape, or on a pick. */
function MinistriesDropdown() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const closeTimer = useRef<number | undefined>(undefined);
  const openedByHover = useRef(false);
  const button = useRef<HTMLButtonElement>(null);

  const cancelClose = () => {
    window.clearTimeout(closeTimer.current);
  };
  useEffect(() => cancelClose, []);

  const active = ministriesMenu.some((item) => item.to === pathname);

  return (
    <li
      className="nav-dropdown"
      onPointerEnter={(event) => {
        if (event.pointerType !== 'mouse') return;
        cancelClose();
        if (!open) openedByHover.current = true;
        setOpen(true);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType !== 'mouse') return;
        cancelClose();
        closeTimer.current = window.setTimeout(() => {
          setOpen(false);
        }, DROPDOWN_CLOSE_DELAY_MS);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          // This Escape is the dropdown's: the mobile panel around it stays open.
          event.preventDefault();
          setOpen(false);
          button.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={active ? 'nav-link active' : 'nav-link'}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => {
          // A click right after hovering open keeps the menu open instead of toggling it shut.
          if (openedByHover.current) {
            openedByHover.current = false;
            setOpen(true);
          } else {
            setOpen((isOpen) => !isOpen);
          }
        }}
      >
        {t(ministriesMenuLabel(pathname))}
        <span className="caret" aria-hidden="true" />
      </button>
      <ul id={listId} className="dropdown-list" hidden={!open}>
        {ministriesMenu.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              className="nav-link"
              onClick={() => {
                setOpen(false);
              }}
            >
              {t(item.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}
