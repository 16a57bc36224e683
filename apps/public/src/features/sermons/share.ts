import { provide, t } from '../../i18n';
import { sermons as sermonsTexts } from '../../i18n/en/sermons';

provide(sermonsTexts);

/**
 * Share a sermon (public-site.md §2 Sermons, §8 "Share fallback"): the device's share sheet when
 * the browser has one, otherwise the link is copied and the visitor is told
 * 'Link copied to clipboard!' (in the page's language).
 */

async function copyText(text: string): Promise<void> {
  // Pages not served over HTTPS (and old browsers) have no Clipboard API.
  const clipboard = navigator.clipboard as Clipboard | undefined;
  if (!clipboard) throw new Error('Copying is not available');
  await clipboard.writeText(text);
}

export async function shareLink({ title, text, url }: { title: string; text?: string; url: string }): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text, url });
      return;
    } catch (error) {
      // The visitor closed the share sheet: nothing more to do.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await copyText(url);
    window.alert(t('sermons.copied'));
  } catch {
    // No clipboard: show the link so it can be copied by hand.
    window.prompt(t('sermons.copyThisLink'), url);
  }
}
