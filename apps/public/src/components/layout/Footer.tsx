import type { ReactNode } from 'react';
import { Link } from '../../lib/router';
import { useChurchSettings, type SocialLinks } from '../../lib/settings';
import { formatNumber, t } from '../../i18n';
import { DataSaverSwitch } from './DataSaverSwitch';
import { LanguageSwitch } from './LanguageSwitch';
import { footerBottomLinks, footerMinistries, footerQuickLinks } from './nav-links';

/** The town is the last part of the street address ("Kanisa Road, Milimani, Nakuru" → Nakuru). */
function townOf(address: string | null): string {
  const town = address?.split(',').pop()?.trim();
  return town ?? t('layout.footerOurTown');
}

const socialNames: { key: keyof SocialLinks; label: string; icon: ReactNode }[] = [
  {
    key: 'youtube',
    label: 'YouTube',
    icon: <path d="M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8c1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8ZM10 15V9l5.2 3Z" />,
  },
  {
    key: 'facebook',
    label: 'Facebook',
    icon: <path d="M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8Z" />,
  },
  {
    key: 'x',
    label: 'X',
    icon: <path d="M4 4h4.5l4 5.6L17.3 4H20l-6.2 7.2L20.5 20H16l-4.3-6-5.2 6H3.8l6.6-7.6Z" />,
  },
  {
    key: 'instagram',
    label: 'Instagram',
    icon: (
      <path d="M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5Zm0 2a3 3 0 0 0-3 3v8a3 3 0 0 0 3 3h8a3 3 0 0 0 3-3V8a3 3 0 0 0-3-3Zm4 3.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7Zm0 2a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3ZM17 6a1 1 0 1 1 0 2 1 1 0 0 1 0-2Z" />
    ),
  },
];

function SocialLink({ label, href, icon }: { label: string; href: string | null; icon: ReactNode }) {
  const svg = (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" aria-hidden="true" focusable="false">
      {icon}
    </svg>
  );
  if (href) {
    // The video channel (and any other link staff set) opens in a new tab.
    return (
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="social-link"
        aria-label={t('layout.socialOpensNewTab', { label })}
      >
        {svg}
      </a>
    );
  }
  // Not set yet: a placeholder that goes nowhere.
  return (
    <a
      href="#"
      className="social-link social-link-placeholder"
      aria-label={t('layout.socialComingSoon', { label })}
      onClick={(event) => {
        event.preventDefault();
      }}
    >
      {svg}
    </a>
  );
}

/** This year on the church's calendar (Nairobi), whatever the device's time zone says. */
export function churchYear(now: Date = new Date()): number {
  return Number(new Intl.DateTimeFormat('en', { timeZone: 'Africa/Nairobi', year: 'numeric' }).format(now));
}

export function Footer() {
  const settings = useChurchSettings();
  const year = churchYear();
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <section aria-labelledby="footer-church" className="footer-church">
          <h2 id="footer-church">{settings.name}</h2>
          <p>{t('layout.footerAbout', { town: townOf(settings.address) })}</p>
          <address className="footer-contacts">
            {settings.address ? <span>{settings.address}</span> : null}
            {settings.postalAddress ? <span>{settings.postalAddress}</span> : null}
            {settings.phone ? (
              <span>
                <a href={`tel:${settings.phone.replace(/\s+/g, '')}`}>{settings.phone}</a>
              </span>
            ) : null}
            {settings.email ? (
              <span>
                <a href={`mailto:${settings.email}`}>{settings.email}</a>
              </span>
            ) : null}
            {settings.emailSecondary ? (
              <span>
                <a href={`mailto:${settings.emailSecondary}`}>{settings.emailSecondary}</a>
              </span>
            ) : null}
          </address>
          <ul className="social-links" aria-label={t('layout.socialMedia')}>
            {socialNames.map((social) => (
              <li key={social.key}>
                <SocialLink label={social.label} href={settings.social[social.key]} icon={social.icon} />
              </li>
            ))}
          </ul>
        </section>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links">{t('layout.quickLinks')}</h2>
          <ul>
            {footerQuickLinks.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{t(item.label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-ministries">
          <h2 id="footer-ministries">{t('layout.ourMinistries')}</h2>
          <ul>
            {footerMinistries.map((name) => (
              <li key={name}>{t(name)}</li>
            ))}
          </ul>
        </section>
        <figure className="verse footer-verse">
          <blockquote>
            <p>{t('layout.footerVerseText')}</p>
          </blockquote>
          <figcaption>{t('layout.footerVerseReference')}</figcaption>
        </figure>
      </div>
      <div className="footer-bottom">
        <p>{t('layout.copyright', { year: formatNumber(year, { useGrouping: false }), name: settings.name })}</p>
        <div className="footer-settings">
          <DataSaverSwitch />
          <LanguageSwitch className="language-switch-footer" />
        </div>
        <nav aria-label={t('layout.legalNav')}>
          <ul>
            {footerBottomLinks.map((item) => (
              <li key={item.label}>
                <Link to={item.to}>{t(item.label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}

export default Footer;
