import type { Database } from '@kanisa/client';
import { isValid, isWebAddress, joinList, splitList, textOrNull } from '../../components/ui/form-values';

export type Sermon = Pick<
  Database['public']['Tables']['sermons']['Row'],
  | 'id'
  | 'title'
  | 'description'
  | 'speaker'
  | 'sermon_date'
  | 'audio_url'
  | 'video_url'
  | 'notes_url'
  | 'series'
  | 'tags'
  | 'is_published'
  | 'title_sw'
  | 'description_sw'
>;

/** What the form sends: every editable column but created_by (set by the server). */
export type SermonInput = Omit<Sermon, 'id'>;

/** Texts of the sermons screen. Marked ones are the spec's words (back-office.md §8). */
export const sermonTexts = {
  titleRequired: 'Please enter the sermon title.',
  speakerRequired: 'Please enter the speaker’s name.',
  dateRequired: 'Please choose the date of the sermon.',
  badUrl: 'Please enter a full web address starting with http:// or https:// (for example https://youtube.com/...).',
  /** §8 */
  saveError: 'Error saving sermon. Please try again.',
  /** §8 */
  deleteError: 'Error deleting sermon. Please try again.',
  /** §8 */
  confirmDelete: 'Are you sure you want to delete this sermon?',
  kiswahiliHint: 'Shown on the Kiswahili site. Leave empty to show the English there.',
} as const;

/** The form's fields as typed (all text). */
export interface SermonFormValues {
  title: string;
  speaker: string;
  sermon_date: string;
  series: string;
  description: string;
  audio_url: string;
  video_url: string;
  notes_url: string;
  tags: string;
  /** Optional Kiswahili (issue 32): the Kiswahili site shows the English field when empty. */
  title_sw: string;
  description_sw: string;
}

export type SermonFormErrors = Partial<Record<keyof SermonFormValues, string>>;

export const emptySermonForm: SermonFormValues = {
  title: '',
  speaker: '',
  sermon_date: '',
  series: '',
  description: '',
  audio_url: '',
  video_url: '',
  notes_url: '',
  tags: '',
  title_sw: '',
  description_sw: '',
};

export function sermonToForm(sermon: Sermon): SermonFormValues {
  return {
    title: sermon.title,
    speaker: sermon.speaker,
    sermon_date: sermon.sermon_date.slice(0, 10),
    series: sermon.series ?? '',
    description: sermon.description ?? '',
    audio_url: sermon.audio_url ?? '',
    video_url: sermon.video_url ?? '',
    notes_url: sermon.notes_url ?? '',
    tags: joinList(sermon.tags),
    title_sw: sermon.title_sw ?? '',
    description_sw: sermon.description_sw ?? '',
  };
}

/** Spec §5: title, speaker and sermon date required; the three links must be web addresses. */
export function validateSermon(values: SermonFormValues): SermonFormErrors {
  const errors: SermonFormErrors = {};
  if (values.title.trim() === '') errors.title = sermonTexts.titleRequired;
  if (values.speaker.trim() === '') errors.speaker = sermonTexts.speakerRequired;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.sermon_date)) errors.sermon_date = sermonTexts.dateRequired;
  for (const key of ['audio_url', 'video_url', 'notes_url'] as const) {
    const url = values[key].trim();
    if (url !== '' && !isWebAddress(url)) errors[key] = sermonTexts.badUrl;
  }
  return errors;
}

export function isSermonValid(values: SermonFormValues): boolean {
  return isValid(validateSermon(values));
}

/** The row to write. New sermons are drafts (§4); an edit keeps the publish state. */
export function sermonFromForm(values: SermonFormValues, isPublished = false): SermonInput {
  return {
    title: values.title.trim(),
    speaker: values.speaker.trim(),
    sermon_date: values.sermon_date,
    series: textOrNull(values.series),
    description: textOrNull(values.description),
    audio_url: textOrNull(values.audio_url),
    video_url: textOrNull(values.video_url),
    notes_url: textOrNull(values.notes_url),
    tags: splitList(values.tags),
    is_published: isPublished,
    title_sw: textOrNull(values.title_sw),
    description_sw: textOrNull(values.description_sw),
  };
}
