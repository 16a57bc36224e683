import { activate, loadLanguage } from '../i18n';

/**
 * Switches the test to Kiswahili: the catalogue loaded and active, as on a `/sw/` page. The
 * shared setup (test/setup.ts) makes English active again after every test.
 */
export async function inKiswahili(): Promise<void> {
  await loadLanguage('sw');
  activate('sw');
}
