import { localized, type MessageKey, provide, t } from '../../i18n';
import { eventTimeLabel, isAllDay, nairobiDayNumber, toDate } from '../../lib/relative-date';
import { events as eventsTexts } from '../../i18n/en/events';

provide(eventsTexts);

/**
 * How an event row is shown on /events (public-site.md §3 Event display defaults, §2 quarters,
 * §3 event types with an icon and colour each).
 */

export type Quarter = 1 | 2 | 3 | 4;

/** Q1 Jan-Mar, Q2 Apr-Jun, Q3 Jul-Sep, Q4 Oct-Dec; `month` is 1-12. */
export function quarterOfMonth(month: number): Quarter {
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`No such month: ${String(month)}`);
  return Math.ceil(month / 3) as Quarter;
}

/** Year, month (1-12) and 'YYYY-MM-DD' of an instant on the Nairobi calendar. */
export function nairobiDate(date: Date): { year: number; month: number; day: string } {
  const day = new Date(nairobiDayNumber(date) * 86_400_000).toISOString().slice(0, 10);
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)), day };
}

/** The quarter and year an instant falls in, in Nairobi. */
export function quarterOfDate(date: Date): { year: number; quarter: Quarter } {
  const { year, month } = nairobiDate(date);
  return { year, quarter: quarterOfMonth(month) };
}

export interface EventTypeStyle {
  label: string;
  icon: string;
  color: string;
}

/** An event type's look; the label is a catalogue key (resolved when shown, in the active language). */
interface TypeLook {
  key: MessageKey;
  icon: string;
  color: string;
}

/** The 31 public event types, each with its icon (a name from EventIcon.tsx) and colour. */
const PUBLIC_TYPES: Record<string, TypeLook> = {
  'Prayer Event': { key: 'events.typePrayerEvent', icon: 'heart', color: '#7c3aed' },
  'Health Ministry': { key: 'events.typeHealthMinistry', icon: 'heart', color: '#dc2626' },
  Development: { key: 'events.typeDevelopment', icon: 'tools', color: '#92400e' },
  Training: { key: 'events.typeTraining', icon: 'cap', color: '#0369a1' },
  Interfaith: { key: 'events.typeInterfaith', icon: 'users', color: '#0f766e' },
  Stewardship: { key: 'events.typeStewardship', icon: 'leaf', color: '#ca8a04' },
  Recognition: { key: 'events.typeRecognition', icon: 'star', color: '#b45309' },
  Induction: { key: 'events.typeInduction', icon: 'star', color: '#1e40af' },
  Communication: { key: 'events.typeCommunication', icon: 'megaphone', color: '#2563eb' },
  "Women's Ministry": { key: 'events.typeWomensMinistry', icon: 'users', color: '#c026d3' },
  Education: { key: 'events.typeEducation', icon: 'cap', color: '#6d28d9' },
  Communion: { key: 'events.typeCommunion', icon: 'cup', color: '#9f1239' },
  'Family Life': { key: 'events.typeFamilyLife', icon: 'home', color: '#16a34a' },
  'Music Ministry': { key: 'events.typeMusicMinistry', icon: 'music', color: '#9333ea' },
  VBS: { key: 'events.typeVbs', icon: 'star', color: '#f59e0b' },
  'Youth Program': { key: 'events.typeYouthProgram', icon: 'flame', color: '#ea580c' },
  'Personal Ministry': { key: 'events.typePersonalMinistry', icon: 'book', color: '#0369a1' },
  Chaplaincy: { key: 'events.typeChaplaincy', icon: 'heart', color: '#0e7490' },
  'Adventurer Program': { key: 'events.typeAdventurerProgram', icon: 'star', color: '#f97316' },
  Welfare: { key: 'events.typeWelfare', icon: 'heart', color: '#65a30d' },
  "Men's Ministry": { key: 'events.typeMensMinistry', icon: 'shield', color: '#1d4ed8' },
  'Sabbath School': { key: 'events.typeSabbathSchool', icon: 'book', color: '#15803d' },
  Publishing: { key: 'events.typePublishing', icon: 'book', color: '#475569' },
  "Children's Program": { key: 'events.typeChildrensProgram', icon: 'users', color: '#db2777' },
  'Camp Meeting': { key: 'events.typeCampMeeting', icon: 'tent', color: '#166534' },
  Leadership: { key: 'events.typeLeadership', icon: 'users', color: '#123c69' },
  'Pathfinder Program': { key: 'events.typePathfinderProgram', icon: 'tent', color: '#1e3a8a' },
  'Singles Ministry': { key: 'events.typeSinglesMinistry', icon: 'users', color: '#be185d' },
  'Prayer Week': { key: 'events.typePrayerWeek', icon: 'flame', color: '#6b21a8' },
  'Master Guide': { key: 'events.typeMasterGuide', icon: 'star', color: '#854d0e' },
  Creation: { key: 'events.typeCreation', icon: 'globe', color: '#047857' },
};

/** The back office's event types (stored as codes) get a readable label and their own look. */
const STAFF_TYPES: Record<string, TypeLook> = {
  worship_service: { key: 'events.typeWorshipService', icon: 'home', color: '#123c69' },
  prayer_meeting: { key: 'events.typePrayerMeeting', icon: 'heart', color: '#7c3aed' },
  bible_study: { key: 'events.typeBibleStudy', icon: 'book', color: '#15803d' },
  youth_meeting: { key: 'events.typeYouthMeeting', icon: 'flame', color: '#ea580c' },
  fellowship: { key: 'events.typeFellowship', icon: 'users', color: '#0f766e' },
  outreach: { key: 'events.typeOutreach', icon: 'heart', color: '#65a30d' },
  conference: { key: 'events.typeConference', icon: 'megaphone', color: '#1e40af' },
  special_event: { key: 'events.typeSpecialEvent', icon: 'star', color: '#b45309' },
};

const UNKNOWN = { icon: 'calendar', color: '#6b7280' };

/**
 * Label (in the active language), icon and colour of an event type; unknown types keep their
 * name and get a calendar icon and grey; no type is 'Event'.
 */
export function eventTypeStyle(type: string | null | undefined): EventTypeStyle {
  const name = filled(type);
  if (name === undefined) return { label: t('events.typeEvent'), ...UNKNOWN };
  const known = STAFF_TYPES[name] ?? PUBLIC_TYPES[name];
  if (known) return { label: t(known.key), icon: known.icon, color: known.color };
  return { label: name, ...UNKNOWN };
}

/** An event row as /events reads it (or as the built-in sample data holds it). */
export interface EventRow {
  id: string;
  title: string;
  /** Kiswahili title (optional; the English title when empty). */
  title_sw?: string | null;
  description: string | null;
  description_sw?: string | null;
  start_date: string;
  end_date: string | null;
  location: string | null;
  /** Kiswahili place and "who may come" (optional; the English ones when empty). */
  location_sw?: string | null;
  event_type: string | null;
  category?: string | null;
  department?: string | null;
  attendees?: string | null;
  attendees_sw?: string | null;
}

export interface EventItem {
  id: string;
  title: string;
  description: string;
  start: Date;
  end: Date | null;
  /** Nairobi day, 'YYYY-MM-DD'. */
  day: string;
  year: number;
  quarter: Quarter;
  /** 'All Day' or '9:00 AM - 1:00 PM' (in the active language). */
  time: string;
  /** Shown as 'All Day' (no end, or 00:00 to 23:59). */
  allDay: boolean;
  location: string;
  type: EventTypeStyle;
  category: string;
  department: string | null;
  attendees: string;
}

/** The trimmed text, or undefined when it is missing or blank. */
export function filled(value: string | null | undefined): string | undefined {
  const text = value?.trim();
  return text === '' ? undefined : text;
}

/**
 * Applies the display defaults; null when the row has no usable start date. Texts are in the
 * active language (the Kiswahili title and description when staff filled them in), so call it
 * again when the language changes.
 */
export function toEventItem(row: EventRow): EventItem | null {
  const start = toDate(row.start_date);
  if (!start) return null;
  const { year, month, day } = nairobiDate(start);
  return {
    id: row.id,
    title: localized(row, 'title'),
    description: filled(localized(row, 'description')) ?? t('events.defaultDescription'),
    start,
    end: toDate(row.end_date),
    day,
    year,
    quarter: quarterOfMonth(month),
    time: eventTimeLabel(start, row.end_date),
    allDay: isAllDay(start, row.end_date),
    location: filled(localized(row, 'location')) ?? t('events.defaultLocation'),
    type: eventTypeStyle(row.event_type),
    category: filled(row.category) ?? 'ministry',
    department: filled(row.department) ?? null,
    attendees: filled(localized(row, 'attendees')) ?? t('events.defaultAttendees'),
  };
}
