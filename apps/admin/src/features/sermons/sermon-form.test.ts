import { describe, expect, it } from 'vitest';
import { emptySermonForm, sermonFromForm, sermonTexts, sermonToForm, validateSermon } from './sermon-form';

const filled = {
  ...emptySermonForm,
  title: ' Walking by Faith ',
  speaker: 'Pr. Samuel Langat',
  sermon_date: '2026-11-21',
};

describe('sermon form', () => {
  it('requires title, speaker and date', () => {
    expect(validateSermon(emptySermonForm)).toEqual({
      title: sermonTexts.titleRequired,
      speaker: sermonTexts.speakerRequired,
      sermon_date: sermonTexts.dateRequired,
    });
    expect(validateSermon({ ...filled, title: '   ' })).toEqual({ title: sermonTexts.titleRequired });
    expect(validateSermon(filled)).toEqual({});
  });

  it('accepts only web addresses in the three link fields', () => {
    const errors = validateSermon({ ...filled, audio_url: 'sermon.mp3', video_url: 'https://youtu.be/x', notes_url: 'www.example.org' });
    expect(errors).toEqual({ audio_url: sermonTexts.badUrl, notes_url: sermonTexts.badUrl });
  });

  it('writes a draft with trimmed text, nulls for empty fields and the tags as a list', () => {
    expect(sermonFromForm({ ...filled, tags: 'faith, hope,, love ', video_url: ' https://youtu.be/x ' })).toEqual({
      title: 'Walking by Faith',
      speaker: 'Pr. Samuel Langat',
      sermon_date: '2026-11-21',
      series: null,
      description: null,
      audio_url: null,
      video_url: 'https://youtu.be/x',
      notes_url: null,
      tags: ['faith', 'hope', 'love'],
      is_published: false,
      title_sw: null,
      description_sw: null,
    });
    expect(sermonFromForm(filled, true).is_published).toBe(true);
  });

  it('fills the form from a sermon and back without loss', () => {
    const sermon = {
      id: 's1',
      title: 'Grace',
      speaker: 'Elder Kamau',
      sermon_date: '2026-10-03',
      series: 'Romans',
      description: 'On grace',
      audio_url: 'https://example.org/a.mp3',
      video_url: null,
      notes_url: null,
      tags: ['grace', 'romans'],
      is_published: true,
      title_sw: 'Neema',
      description_sw: 'Kuhusu neema',
    };
    const { id, ...row } = sermon;
    expect(id).toBe('s1');
    expect(sermonFromForm(sermonToForm(sermon), true)).toEqual(row);
  });
});
