import { lang, provide, t } from '../../../i18n';
import { homeSections as homeSectionsTexts } from '../../../i18n/en/homeSections';

provide(homeSectionsTexts);

export interface DailyVerse {
  text: string;
  reference: string;
  translation: string;
  reflection: string | null;
}

/** Shown when the read fails or finds no verse, in the active language (Kiswahili: the Union Version). */
export const fallbackVerse = (): DailyVerse => ({
  text: t('home.fallbackVerseText'),
  reference: t('home.fallbackVerseReference'),
  translation: t('home.fallbackVerseTranslation'),
  reflection: t('home.fallbackVerseReflection'),
});

/** A day's verse as stored: English, and the optional Kiswahili beside it. */
export interface DailyVerseRow extends DailyVerse {
  text_sw?: string | null;
  reference_sw?: string | null;
  translation_sw?: string | null;
  reflection_sw?: string | null;
}

/** The Kiswahili Bible of a verse whose translation staff left empty: the Kiswahili Union Version. */
const UNION_VERSION = 'SUV';

/**
 * The verse in the active language. In Kiswahili the Kiswahili verse is one unit (text,
 * reference, Bible): shown when its text is filled in, otherwise the English verse; the
 * reflection falls back on its own.
 */
export function verseInLanguage(row: DailyVerseRow): DailyVerse {
  if (lang() !== 'sw') return { text: row.text, reference: row.reference, translation: row.translation, reflection: row.reflection };
  const filled = (value: string | null | undefined) => (value && value.trim() !== '' ? value : null);
  const text = filled(row.text_sw);
  return {
    text: text ?? row.text,
    reference: text ? (filled(row.reference_sw) ?? row.reference) : row.reference,
    translation: text ? (filled(row.translation_sw) ?? UNION_VERSION) : row.translation,
    reflection: filled(row.reflection_sw) ?? row.reflection,
  };
}
