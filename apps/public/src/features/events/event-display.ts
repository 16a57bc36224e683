import { eventTimeLabel, nairobiDayNumber, toDate } from '../../lib/relative-date';

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

/** The 31 public event types, each with its icon (a name from EventIcon.tsx) and colour. */
const PUBLIC_TYPES: Record<string, Omit<EventTypeStyle, 'label'>> = {
  'Prayer Event': { icon: 'heart', color: '#7c3aed' },
  'Health Ministry': { icon: 'heart', color: '#dc2626' },
  Development: { icon: 'tools', color: '#92400e' },
  Training: { icon: 'cap', color: '#0369a1' },
  Interfaith: { icon: 'users', color: '#0f766e' },
  Stewardship: { icon: 'leaf', color: '#ca8a04' },
  Recognition: { icon: 'star', color: '#b45309' },
  Induction: { icon: 'star', color: '#1e40af' },
  Communication: { icon: 'megaphone', color: '#2563eb' },
  "Women's Ministry": { icon: 'users', color: '#c026d3' },
  Education: { icon: 'cap', color: '#6d28d9' },
  Communion: { icon: 'cup', color: '#9f1239' },
  'Family Life': { icon: 'home', color: '#16a34a' },
  'Music Ministry': { icon: 'music', color: '#9333ea' },
  VBS: { icon: 'star', color: '#f59e0b' },
  'Youth Program': { icon: 'flame', color: '#ea580c' },
  'Personal Ministry': { icon: 'book', color: '#0369a1' },
  Chaplaincy: { icon: 'heart', color: '#0e7490' },
  'Adventurer Program': { icon: 'star', color: '#f97316' },
  Welfare: { icon: 'heart', color: '#65a30d' },
  "Men's Ministry": { icon: 'shield', color: '#1d4ed8' },
  'Sabbath School': { icon: 'book', color: '#15803d' },
  Publishing: { icon: 'book', color: '#475569' },
  "Children's Program": { icon: 'users', color: '#db2777' },
  'Camp Meeting': { icon: 'tent', color: '#166534' },
  Leadership: { icon: 'users', color: '#123c69' },
  'Pathfinder Program': { icon: 'tent', color: '#1e3a8a' },
  'Singles Ministry': { icon: 'users', color: '#be185d' },
  'Prayer Week': { icon: 'flame', color: '#6b21a8' },
  'Master Guide': { icon: 'star', color: '#854d0e' },
  Creation: { icon: 'globe', color: '#047857' },
};

/** The back office's event types (stored as codes) get a readable label and their own look. */
const STAFF_TYPES: Record<string, EventTypeStyle> = {
  worship_service: { label: 'Worship Service', icon: 'home', color: '#123c69' },
  prayer_meeting: { label: 'Prayer Meeting', icon: 'heart', color: '#7c3aed' },
  bible_study: { label: 'Bible Study', icon: 'book', color: '#15803d' },
  youth_meeting: { label: 'Youth Meeting', icon: 'flame', color: '#ea580c' },
  fellowship: { label: 'Fellowship', icon: 'users', color: '#0f766e' },
  outreach: { label: 'Outreach', icon: 'heart', color: '#65a30d' },
  conference: { label: 'Conference', icon: 'megaphone', color: '#1e40af' },
  special_event: { label: 'Special Event', icon: 'star', color: '#b45309' },
};

const UNKNOWN = { icon: 'calendar', color: '#6b7280' };

/** Icon and colour of an event type; unknown types get a calendar icon and grey; no type is 'Event'. */
export function eventTypeStyle(type: string | null | undefined): EventTypeStyle {
  const name = filled(type) ?? 'Event';
  const staff = STAFF_TYPES[name];
  if (staff) return staff;
  return { label: name, ...(PUBLIC_TYPES[name] ?? UNKNOWN) };
}

/** An event row as /events reads it (or as the built-in sample data holds it). */
export interface EventRow {
  id: string;
  title: string;
  description: string | null;
  start_date: string;
  end_date: string | null;
  location: string | null;
  event_type: string | null;
  category?: string | null;
  department?: string | null;
  attendees?: string | null;
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
  /** 'All Day' or '9:00 AM - 1:00 PM'. */
  time: string;
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

export const DEFAULT_LOCATION = 'Main Sanctuary';
export const DEFAULT_DESCRIPTION = 'Join us for this special event';
export const DEFAULT_ATTENDEES = 'All members welcome';

/** Applies the display defaults; null when the row has no usable start date. */
export function toEventItem(row: EventRow): EventItem | null {
  const start = toDate(row.start_date);
  if (!start) return null;
  const { year, month, day } = nairobiDate(start);
  return {
    id: row.id,
    title: row.title,
    description: filled(row.description) ?? DEFAULT_DESCRIPTION,
    start,
    end: toDate(row.end_date),
    day,
    year,
    quarter: quarterOfMonth(month),
    time: eventTimeLabel(start, row.end_date),
    location: filled(row.location) ?? DEFAULT_LOCATION,
    type: eventTypeStyle(row.event_type),
    category: filled(row.category) ?? 'ministry',
    department: filled(row.department) ?? null,
    attendees: filled(row.attendees) ?? DEFAULT_ATTENDEES,
  };
}
