import { useState } from 'react';
import { useLocation, useNavigate } from '../../lib/router';
import { lang as activeLang, loadLanguage, localePath, rememberLanguage, t, type Lang } from '../../i18n';

/**
 * The link to this page in the other language (English ⇄ Kiswahili). A real link, so it also
 * opens in a new tab and works before the script; a plain click fetches the other catalogue,
 * remembers the choice and switches in place. Where the header has little room it shows the
 * other language's code (SW / EN) instead of its name. The link's name is what it shows followed
 * by the sentence ("SW: read this page in Kiswahili"), so the name always holds the visible
 * label (WCAG 2.5.3, Lighthouse's label-content-name-mismatch; issue 32): no aria-label.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const other: Lang = activeLang() === 'sw' ? 'en' : 'sw';
  const to = pathname + search + hash;
  return (
    <a
      className={className ? `language-switch ${className}` : 'language-switch'}
      href={localePath(to, other)}
      hrefLang={other}
      aria-busy={busy || undefined}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        if (busy) return;
        setBusy(true);
        loadLanguage(other)
          .then(() => {
            rememberLanguage(other);
            navigate(to, { lang: other });
          })
          .catch(() => {
            // The catalogue could not be fetched (offline): a full load will try again.
            window.location.assign(localePath(to, other));
          })
          .finally(() => {
            setBusy(false);
          });
      }}
    >
      <span className="language-switch-long" lang={other}>
        {t('layout.switchLanguage')}
      </span>
      <span className="language-switch-short">{t('layout.switchLanguageShort')}</span>
      <span className="visually-hidden">{t('layout.switchLanguageHint')}</span>
    </a>
  );
}
