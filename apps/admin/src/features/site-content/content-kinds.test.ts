import { describe, expect, it } from 'vitest';
import { contentFromForm, contentKind, contentKinds, contentToForm, newContentForm, validateContent } from './content-kinds';

const ministries = contentKind('ministries')!;
const verses = contentKind('verses')!;
const series = contentKind('series')!;

describe('site content kinds', () => {
  it('each kind reads only columns its table has, and every Kiswahili field is optional', () => {
    expect(contentKinds.map((kind) => kind.id)).toEqual(['ministries', 'departments', 'series', 'verses']);
    for (const kind of contentKinds) {
      for (const field of kind.fields.filter((f) => f.sw)) {
        expect(field.required, `${kind.id}.${field.key}`).toBeFalsy();
        expect(field.key.endsWith('_sw'), `${kind.id}.${field.key}`).toBe(true);
      }
    }
    expect(contentKind('nothing')).toBeUndefined();
  });

  it('a new ministry starts with the database defaults and is refused without a name', () => {
    const form = newContentForm(ministries);
    expect(form).toMatchObject({ name: '', category: 'support', meeting_time: 'Contact for details', display_order: '0', is_active: 'true' });
    expect(validateContent(ministries, form)).toEqual({ name: 'Please enter the name.' });
  });

  it('whole numbers, dates and choices are checked with a message naming the field', () => {
    expect(validateContent(verses, { ...newContentForm(verses), day_index: '33', reference: 'John 3:16', text: 'For God so loved' })).toEqual({
      day_index: 'Day of the cycle must be a whole number from 0 to 32.',
    });
    expect(validateContent(series, { ...newContentForm(series), title: 'Daniel', start_date: '2026-02-30x', message_count: '-1' })).toEqual({
      start_date: 'Please enter the start date as a date, or leave it empty.',
      message_count: 'Messages in the series must be a whole number, 0 or more.',
    });
    expect(validateContent(ministries, { ...newContentForm(ministries), name: 'Choir', category: 'music' })).toEqual({ category: 'Please choose the category.' });
  });

  it('writes lists split, empty Kiswahili as not translated, numbers as numbers, hidden as is_active false', () => {
    const row = contentFromForm(ministries, {
      ...newContentForm(ministries),
      name: ' Music Ministry ',
      activities: 'Choir, Praise team,, ',
      activities_sw: ' ',
      name_sw: 'Huduma ya Muziki',
      display_order: '',
      is_active: 'false',
    });
    expect(row).toMatchObject({
      name: 'Music Ministry',
      activities: ['Choir', 'Praise team'],
      activities_sw: null,
      name_sw: 'Huduma ya Muziki',
      description_sw: null,
      location: null,
      display_order: 0,
      is_active: false,
    });
  });

  it('a row read back fills the form as it was written', () => {
    const row = {
      id: 'm1',
      ...contentFromForm(ministries, { ...newContentForm(ministries), name: 'Youth', category: 'age-groups', activities: 'Camp, AY', name_sw: 'Vijana' }),
    };
    expect(contentToForm(ministries, row)).toMatchObject({ name: 'Youth', category: 'age-groups', activities: 'Camp, AY', name_sw: 'Vijana', activities_sw: '', is_active: 'true' });
  });
});
