import type { Database } from '@kanisa/client';
import { isValid, textOrNull } from '../../components/ui/form-values';

type Row = Database['public']['Tables']['events']['Row'];
export type EventType = Database['public']['Enums']['events_event_type'];

export type ChurchEvent = Pick<
  Row,
  'id' | 'title' | 'description' | 'title_sw' | 'description_sw' | 'start_date' | 'end_date' | 'location' | 'location_sw' | 'event_type' | 'max_attendees' | 'cost' | 'requires_registration' | 'is_published'
>;

/** What the form sends: the editable columns (created_by is set by the server). */
export type EventInput = Omit<ChurchEvent, 'id'>;

/** The back office's event types (back-office.md §3) with their labels. */
export const eventTypes: readonly { value: EventType; label: string }[] = [
  { value: 'worship_service', label: 'Worship Service' },
  { value: 'prayer_meeting', label: 'Prayer Meeting' },
  { value: 'bible_study', label: 'Bible Study' },
  { value: 'youth_meeting', label: 'Youth Meeting' },
  { value: 'fellowship', label: 'Fellowship' },
  { value: 'outreach', label: 'Outreach' },
  { value: 'conference', label: 'Conference' },
  { value: 'special_event', label: 'Special Event' },
];

/** The label of an event type; public-site types are already labels. */
export function eventTypeLabel(type: string | null): string {
  if (!type) return 'Event';
  return eventTypes.find((t) => t.value === type)?.label ?? type;
}

/** Texts of the events screen. Marked ones are the spec's words (back-office.md §8). */
export const eventTexts = {
  titleRequired: 'Please enter the event title.',
  startRequired: 'Please choose the start date and time.',
  endBeforeStart: 'The end must be after the start.',
  kiswahiliHint: 'Shown on the Kiswahili site. Leave empty to show the English text there.',
  maxAttendees: 'Maximum attendees must be a whole number of at least 1, or left empty for no limit.',
  cost: 'Cost must be 0 or more, with at most 2 decimals (e.g. 500 or 250.50). Leave empty for a free event.',
  /** §8 */
  saveError: 'Error saving event. Please try again.',
  /** §8 */
  deleteError: 'Error deleting event. Please try again.',
  /** §8 */
  confirmDelete: 'Are you sure you want to delete this event?',
} as const;

/** The church's time zone: event times are typed and shown in it, whatever the device says. */
export const churchTimeZone = 'Africa/Nairobi';
/** Africa/Nairobi is UTC+3 all year (no daylight saving). */
const churchOffset = '+03:00';

/** A stored time → the value of a date-and-time field ('2026-12-05T10:00'), in church time. */
export function toLocalInput(timestamp: string | null): string {
  if (!timestamp) return '';
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return '';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: churchTimeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  ) as Record<string, string | undefined>;
  return `${parts.year ?? ''}-${parts.month ?? ''}-${parts.day ?? ''}T${parts.hour ?? ''}:${parts.minute ?? ''}`;
}

/** A date-and-time field's value (church time) → a timestamp with its offset. */
export function fromLocalInput(value: string): string {
  return `${value.length === 16 ? `${value}:00` : value}${churchOffset}`;
}

/** '5 Dec 2026, 10:00' in church time. */
export function formatEventTime(timestamp: string | null): string {
  if (!timestamp) return '';
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return timestamp;
  return new Intl.DateTimeFormat('en-KE', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: churchTimeZone,
  }).format(date);
}

export interface EventFormValues {
  title: string;
  description: string;
  /** Optional Kiswahili (issue 22): the Kiswahili site shows the English field when empty. */
  title_sw: string;
  description_sw: string;
  start: string;
  end: string;
  location: string;
  /** Optional Kiswahili place (issue 32). */
  location_sw: string;
  event_type: string;
  max_attendees: string;
  cost: string;
  requires_registration: boolean;
}

export type EventFormErrors = Partial<Record<keyof EventFormValues, string>>;

export const emptyEventForm: EventFormValues = {
  title: '',
  description: '',
  title_sw: '',
  description_sw: '',
  start: '',
  end: '',
  location: '',
  location_sw: '',
  event_type: 'worship_service',
  max_attendees: '',
  cost: '',
  requires_registration: false,
};

export function eventToForm(event: ChurchEvent): EventFormValues {
  return {
    title: event.title,
    description: event.description ?? '',
    title_sw: event.title_sw ?? '',
    description_sw: event.description_sw ?? '',
    start: toLocalInput(event.start_date),
    end: toLocalInput(event.end_date),
    location: event.location ?? '',
    location_sw: event.location_sw ?? '',
    event_type: event.event_type ?? '',
    max_attendees: event.max_attendees == null ? '' : String(event.max_attendees),
    cost: event.cost === 0 ? '' : String(event.cost),
    requires_registration: event.requires_registration,
  };
}

const dateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

/**
 * Spec §5: title and start date and time required; max attendees at least 1 (empty = no
 * limit); cost at least 0 in steps of 0.01 (empty = 0). The end may not be before the start.
 */
export function validateEvent(values: EventFormValues): EventFormErrors {
  const errors: EventFormErrors = {};
  if (values.title.trim() === '') errors.title = eventTexts.titleRequired;
  if (!dateTime.test(values.start)) errors.start = eventTexts.startRequired;
  if (values.end !== '' && dateTime.test(values.start) && dateTime.test(values.end) && values.end < values.start) {
    errors.end = eventTexts.endBeforeStart;
  }
  const max = values.max_attendees.trim();
  if (max !== '' && !(/^\d+$/.test(max) && Number(max) >= 1)) errors.max_attendees = eventTexts.maxAttendees;
  const cost = values.cost.trim();
  if (cost !== '' && !/^\d+(\.\d{1,2})?$/.test(cost)) errors.cost = eventTexts.cost;
  return errors;
}

export function isEventValid(values: EventFormValues): boolean {
  return isValid(validateEvent(values));
}

/** The row to write. New events are drafts (§4); an edit keeps the publish state. */
export function eventFromForm(values: EventFormValues, isPublished = false): EventInput {
  const max = values.max_attendees.trim();
  const cost = values.cost.trim();
  return {
    title: values.title.trim(),
    description: textOrNull(values.description),
    title_sw: textOrNull(values.title_sw),
    description_sw: textOrNull(values.description_sw),
    start_date: fromLocalInput(values.start),
    end_date: values.end === '' ? null : fromLocalInput(values.end),
    location: textOrNull(values.location),
    location_sw: textOrNull(values.location_sw),
    event_type: values.event_type === '' ? null : (values.event_type as EventType),
    max_attendees: max === '' ? null : Number(max),
    cost: cost === '' ? 0 : Number(cost),
    requires_registration: values.requires_registration,
    is_published: isPublished,
  };
}

export type EventTiming = 'all' | 'upcoming' | 'past';

export const eventTimings: readonly { value: EventTiming; label: string }[] = [
  { value: 'all', label: 'All events' },
  { value: 'upcoming', label: 'Upcoming and on now' },
  { value: 'past', label: 'Past events' },
];

/** Whether an event is still ahead (or running: its end, or start when it has none, not passed). */
export function isUpcoming(event: Pick<ChurchEvent, 'start_date' | 'end_date'>, now: Date = new Date()): boolean {
  return new Date(event.end_date ?? event.start_date).getTime() >= now.getTime();
}

export function matchesTiming(event: Pick<ChurchEvent, 'start_date' | 'end_date'>, timing: EventTiming, now: Date = new Date()): boolean {
  if (timing === 'all') return true;
  return isUpcoming(event, now) === (timing === 'upcoming');
}
