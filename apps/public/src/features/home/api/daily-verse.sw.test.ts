import { describe, expect, it } from 'vitest';
import { inKiswahili } from '../../../test/kiswahili';
import { verseInLanguage, type DailyVerseRow } from './daily-verse';

const row: DailyVerseRow = {
  text: 'I can do all things through Christ which strengtheneth me.',
  reference: 'Philippians 4:13',
  translation: 'KJV',
  reflection: 'The strength is in Christ.',
  text_sw: 'Nayaweza mambo yote katika yeye anitiaye nguvu.',
  reference_sw: 'Wafilipi 4:13',
  translation_sw: null,
  reflection_sw: 'Nguvu iko ndani ya Kristo.',
};

describe('the verse of the day in the page language', () => {
  it('is the English verse in English', () => {
    expect(verseInLanguage(row)).toEqual({ text: row.text, reference: 'Philippians 4:13', translation: 'KJV', reflection: row.reflection });
  });

  it('is the Kiswahili verse, reference and reflection in Kiswahili, from the Union Version when no Bible is named', async () => {
    await inKiswahili();
    expect(verseInLanguage(row)).toEqual({
      text: 'Nayaweza mambo yote katika yeye anitiaye nguvu.',
      reference: 'Wafilipi 4:13',
      translation: 'SUV',
      reflection: 'Nguvu iko ndani ya Kristo.',
    });
  });

  it('falls back to the whole English verse without a Kiswahili text, and per field for the reflection', async () => {
    await inKiswahili();
    expect(verseInLanguage({ ...row, text_sw: null, reflection_sw: null })).toEqual({
      text: row.text,
      reference: 'Philippians 4:13',
      translation: 'KJV',
      reflection: row.reflection,
    });
    expect(verseInLanguage({ ...row, reflection_sw: '  ' }).reflection).toBe(row.reflection);
  });
});
