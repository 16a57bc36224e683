/**
 * What the build's route table (`dist/routes.json`, written by routes-plugin.ts) is made of: the
 * pages (`routes.ts`) and the texts of every language, the pages' descriptions included
 * (`i18n/<lang>/meta.ts`). The build loads this module on its own; the app never imports it.
 */
import { en } from '../i18n/en';
import { meta as enMeta } from '../i18n/en/meta';
import { sw } from '../i18n/sw';
import { meta as swMeta } from '../i18n/sw/meta';

export { everyPage, languageModules, notFound, publicRoutes } from './routes';

/** Per language, catalogue key → text. */
export const catalogues: Record<'en' | 'sw', Readonly<Record<string, string>>> = {
  en: { ...en, ...enMeta },
  sw: { ...sw, ...swMeta },
};
