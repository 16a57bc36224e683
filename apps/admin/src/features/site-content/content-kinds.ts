import { joinList, parseWholeNumber, splitList, textOrNull } from '../../components/ui/form-values';

/**
 * The website's own content that staff keep beside sermons, events, announcements and leaders
 * (issue 32): ministries, departments, sermon series and the 33 daily verses, each with its
 * optional Kiswahili (the Kiswahili site shows the English field where one is empty). One table
 * of field definitions per kind drives the list, the form, its checks and the row written.
 */

export type ContentKindId = 'ministries' | 'departments' | 'series' | 'verses';
export type ContentTable = 'ministries' | 'departments' | 'sermon_series' | 'daily_verses';

/** A row as read: its id and the columns of its kind's fields. */
export type ContentRow = { id: string } & Record<string, unknown>;

/**
 * text/textarea: a string (empty → null unless required); list: comma-separated (an empty
 * English list is [], an empty Kiswahili one null: "not translated"); whole: a whole number in
 * [min, max]; date: YYYY-MM-DD or empty; choice: one of `options`; shown: the row is on the site.
 */
export type FieldKind = 'text' | 'textarea' | 'list' | 'whole' | 'date' | 'choice' | 'shown';

export interface ContentField {
  key: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  /** Kiswahili: optional, typed in Kiswahili (lang="sw"). */
  sw?: boolean;
  hint?: string;
  min?: number;
  max?: number;
  options?: readonly { value: string; label: string }[];
  /** A new row's value. */
  initial?: string;
  /** Spans both columns of the form. */
  wide?: boolean;
}

export interface ContentKind {
  id: ContentKindId;
  table: ContentTable;
  /** The tab's label. */
  tab: string;
  /** Plural and singular nouns: 'ministries', 'ministry'. */
  noun: string;
  singular: string;
  /** The line under the tabs. */
  description: string;
  /** The row's name in the list, notices and button labels. */
  title: (row: ContentRow) => string;
  /** Its second line in the list. */
  detail: (row: ContentRow) => string | null;
  /** The list's order (column, ascending), then id. */
  order: readonly (readonly [string, boolean])[];
  /** What the search looks in. */
  search: readonly string[];
  /** False where the rows are a fixed set (the 33 verses): edit only. */
  canAdd: boolean;
  fields: readonly ContentField[];
}

const COMMAS = 'Separate with commas';
const SW_HINT = 'Shown on the Kiswahili site. Leave empty to show the English there.';
const ORDER_HINT = 'Smaller numbers are listed first.';

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

export const contentKinds: readonly ContentKind[] = [
  {
    id: 'ministries',
    table: 'ministries',
    tab: 'Ministries',
    noun: 'ministries',
    singular: 'ministry',
    description: 'The ministries on the website’s Ministries page, with when and where they meet.',
    title: (row) => str(row.name),
    detail: (row) => str(row.meeting_time) || null,
    order: [
      ['display_order', true],
      ['name', true],
    ],
    search: ['name', 'description'],
    canAdd: true,
    fields: [
      { key: 'name', label: 'Name', kind: 'text', required: true },
      {
        key: 'category',
        label: 'Category',
        kind: 'choice',
        required: true,
        initial: 'support',
        options: [
          { value: 'age-groups', label: 'Age groups' },
          { value: 'worship', label: 'Worship' },
          { value: 'health', label: 'Health' },
          { value: 'support', label: 'Support' },
        ],
      },
      { key: 'meeting_time', label: 'Meeting time', kind: 'text', required: true, initial: 'Contact for details', hint: 'e.g. Sabbath, 3:00 PM' },
      { key: 'location', label: 'Location', kind: 'text' },
      { key: 'leader', label: 'Leader', kind: 'text' },
      { key: 'contact', label: 'Contact e-mail', kind: 'text' },
      { key: 'phone', label: 'Phone', kind: 'text' },
      { key: 'display_order', label: 'Display Order', kind: 'whole', min: 0, initial: '0', hint: ORDER_HINT },
      { key: 'description', label: 'Description', kind: 'textarea', wide: true },
      { key: 'activities', label: 'Activities', kind: 'list', hint: COMMAS, wide: true },
      { key: 'is_active', label: 'Shown on the website', kind: 'shown', initial: 'true' },
      { key: 'name_sw', label: 'Kiswahili name (optional)', kind: 'text', sw: true, hint: SW_HINT },
      { key: 'meeting_time_sw', label: 'Kiswahili meeting time (optional)', kind: 'text', sw: true },
      { key: 'location_sw', label: 'Kiswahili location (optional)', kind: 'text', sw: true },
      { key: 'description_sw', label: 'Kiswahili description (optional)', kind: 'textarea', sw: true, wide: true },
      { key: 'activities_sw', label: 'Kiswahili activities (optional)', kind: 'list', sw: true, hint: COMMAS, wide: true },
    ],
  },
  {
    id: 'departments',
    table: 'departments',
    tab: 'Departments',
    noun: 'departments',
    singular: 'department',
    description: 'The departments on the website’s Departments page, with their heads and duties.',
    title: (row) => str(row.name),
    detail: (row) => str(row.head) || null,
    order: [
      ['display_order', true],
      ['name', true],
    ],
    search: ['name', 'head'],
    canAdd: true,
    fields: [
      { key: 'name', label: 'Name', kind: 'text', required: true },
      {
        key: 'category',
        label: 'Category',
        kind: 'choice',
        required: true,
        initial: 'ministry',
        options: [
          { value: 'administrative', label: 'Administrative' },
          { value: 'ministry', label: 'Ministry' },
        ],
      },
      { key: 'head', label: 'Head', kind: 'text' },
      { key: 'contact', label: 'Contact e-mail', kind: 'text' },
      { key: 'phone', label: 'Phone', kind: 'text' },
      { key: 'display_order', label: 'Display Order', kind: 'whole', min: 0, initial: '0', hint: ORDER_HINT },
      { key: 'description', label: 'Description', kind: 'textarea', wide: true },
      { key: 'responsibilities', label: 'Responsibilities', kind: 'list', hint: COMMAS, wide: true },
      { key: 'is_active', label: 'Shown on the website', kind: 'shown', initial: 'true' },
      { key: 'name_sw', label: 'Kiswahili name (optional)', kind: 'text', sw: true, hint: SW_HINT },
      { key: 'description_sw', label: 'Kiswahili description (optional)', kind: 'textarea', sw: true, wide: true },
      { key: 'responsibilities_sw', label: 'Kiswahili responsibilities (optional)', kind: 'list', sw: true, hint: COMMAS, wide: true },
    ],
  },
  {
    id: 'series',
    table: 'sermon_series',
    tab: 'Sermon Series',
    noun: 'sermon series',
    singular: 'sermon series',
    description: 'The series on the website’s Sermons page: how many messages, and which one is current.',
    title: (row) => str(row.title),
    detail: (row) => str(row.subtitle) || null,
    order: [['title', true]],
    search: ['title', 'subtitle'],
    canAdd: true,
    fields: [
      { key: 'title', label: 'Title', kind: 'text', required: true },
      { key: 'subtitle', label: 'Subtitle', kind: 'text' },
      { key: 'start_date', label: 'Start date', kind: 'date' },
      { key: 'message_count', label: 'Messages in the series', kind: 'whole', min: 0, initial: '0' },
      { key: 'current_message', label: 'Current message', kind: 'whole', min: 0, initial: '0' },
      { key: 'topics', label: 'Topics', kind: 'list', hint: COMMAS },
      { key: 'description', label: 'Description', kind: 'textarea', wide: true },
      { key: 'is_active', label: 'Shown on the website', kind: 'shown', initial: 'true' },
      { key: 'title_sw', label: 'Kiswahili title (optional)', kind: 'text', sw: true, hint: SW_HINT },
      { key: 'subtitle_sw', label: 'Kiswahili subtitle (optional)', kind: 'text', sw: true },
      { key: 'topics_sw', label: 'Kiswahili topics (optional)', kind: 'list', sw: true, hint: COMMAS },
      { key: 'description_sw', label: 'Kiswahili description (optional)', kind: 'textarea', sw: true, wide: true },
    ],
  },
  {
    id: 'verses',
    table: 'daily_verses',
    tab: 'Daily Verses',
    noun: 'verses',
    singular: 'verse',
    description: 'The 33 verses of the home page’s “Today’s Verse”, one for each day of the cycle.',
    title: (row) => `Day ${String(row.day_index)}: ${str(row.reference)}`,
    detail: (row) => str(row.text) || null,
    order: [['day_index', true]],
    search: ['reference', 'text'],
    canAdd: false,
    fields: [
      { key: 'day_index', label: 'Day of the cycle', kind: 'whole', required: true, min: 0, max: 32, hint: 'Day of the year (Nairobi) mod 33: 0 to 32.' },
      { key: 'reference', label: 'Reference', kind: 'text', required: true, hint: 'e.g. John 3:16' },
      { key: 'translation', label: 'Translation', kind: 'text', required: true, initial: 'KJV' },
      { key: 'text', label: 'Verse', kind: 'textarea', required: true, wide: true },
      { key: 'reflection', label: 'Reflection', kind: 'textarea', wide: true },
      { key: 'reference_sw', label: 'Kiswahili reference (optional)', kind: 'text', sw: true, hint: SW_HINT },
      { key: 'translation_sw', label: 'Kiswahili translation (optional)', kind: 'text', sw: true, hint: 'e.g. SUV' },
      { key: 'text_sw', label: 'Kiswahili verse (optional)', kind: 'textarea', sw: true, wide: true },
      { key: 'reflection_sw', label: 'Kiswahili reflection (optional)', kind: 'textarea', sw: true, wide: true },
    ],
  },
];

export function contentKind(id: string | undefined): ContentKind | undefined {
  return contentKinds.find((kind) => kind.id === id);
}

/** The columns a kind's list reads. */
export function contentColumns(kind: ContentKind): string {
  return ['id', ...kind.fields.map((field) => field.key)].join(', ');
}

/** The form's values: every field as text ('true'/'false' for shown). */
export type ContentFormValues = Record<string, string>;

export function newContentForm(kind: ContentKind): ContentFormValues {
  return Object.fromEntries(kind.fields.map((field) => [field.key, field.initial ?? '']));
}

export function contentToForm(kind: ContentKind, row: ContentRow): ContentFormValues {
  return Object.fromEntries(
    kind.fields.map((field) => {
      const value = row[field.key];
      if (field.kind === 'list') return [field.key, joinList(Array.isArray(value) ? value.map(String) : null)];
      if (field.kind === 'shown') return [field.key, value === false ? 'false' : 'true'];
      return [field.key, typeof value === 'string' || typeof value === 'number' ? String(value) : ''];
    }),
  );
}

const fieldName = (field: ContentField) => field.label.replace(/ \(optional\)$/, '').toLowerCase();

/** Field key → message for each field that needs attention. */
export function validateContent(kind: ContentKind, values: ContentFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of kind.fields) {
    const value = (values[field.key] ?? '').trim();
    if (field.required && value === '') {
      errors[field.key] = field.kind === 'choice' ? `Please choose the ${fieldName(field)}.` : `Please enter the ${fieldName(field)}.`;
      continue;
    }
    if (value === '') continue;
    if (field.kind === 'whole') {
      const n = parseWholeNumber(value);
      const min = field.min ?? 0;
      if (n === undefined || n < min || (field.max !== undefined && n > field.max)) {
        errors[field.key] =
          field.max === undefined
            ? `${field.label} must be a whole number, ${String(min)} or more.`
            : `${field.label} must be a whole number from ${String(min)} to ${String(field.max)}.`;
      }
    }
    if (field.kind === 'date' && (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)))) {
      errors[field.key] = `Please enter the ${fieldName(field)} as a date, or leave it empty.`;
    }
    if (field.kind === 'choice' && !field.options?.some((option) => option.value === value)) {
      errors[field.key] = `Please choose the ${fieldName(field)}.`;
    }
  }
  return errors;
}

/** The row to write: text trimmed (empty optional text → null), lists split, numbers as numbers. */
export function contentFromForm(kind: ContentKind, values: ContentFormValues): Record<string, unknown> {
  return Object.fromEntries(
    kind.fields.map((field): [string, unknown] => {
      const raw = values[field.key] ?? '';
      switch (field.kind) {
        case 'list': {
          const items = splitList(raw);
          return [field.key, field.sw && items.length === 0 ? null : items];
        }
        case 'whole': {
          // Left empty: the field's default where the column has one, else nothing.
          const typed = raw.trim() === '' ? (field.initial ?? '') : raw.trim();
          return [field.key, typed === '' ? null : Number(typed)];
        }
        case 'shown':
          return [field.key, raw !== 'false'];
        default:
          return [field.key, field.required ? raw.trim() : textOrNull(raw)];
      }
    }),
  );
}
