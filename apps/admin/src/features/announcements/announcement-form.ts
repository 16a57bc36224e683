import type { Database } from '@kanisa/client';
import type { BadgeTone } from '../../components/ui/Badge';
import { isValid, textOrNull } from '../../components/ui/form-values';

type Row = Database['public']['Tables']['announcements']['Row'];
export type Priority = Database['public']['Enums']['announcements_priority'];
export type Audience = Database['public']['Enums']['announcements_target_audience'];

export type Announcement = Pick<
  Row,
  'id' | 'title' | 'content' | 'title_sw' | 'content_sw' | 'priority' | 'start_date' | 'start_time' | 'end_date' | 'end_time' | 'target_audience' | 'is_published' | 'created_at'
>;

/** What the form sends: the editable columns (created_by is set by the server). */
export type AnnouncementInput = Omit<Announcement, 'id' | 'created_at'>;

/** Priorities with their labels and colours (§9: urgent red, high amber, normal blue, low grey). */
export const priorities: readonly { value: Priority; label: string; tone: BadgeTone }[] = [
  { value: 'low', label: 'Low', tone: 'neutral' },
  { value: 'normal', label: 'Normal', tone: 'info' },
  { value: 'high', label: 'High', tone: 'warning' },
  { value: 'urgent', label: 'Urgent', tone: 'danger' },
];

/** Audiences with their labels (§9). */
export const audiences: readonly { value: Audience; label: string }[] = [
  { value: 'all', label: 'All Welcome' },
  { value: 'members', label: 'Members Only' },
  { value: 'visitors', label: 'Visitors Welcome' },
  { value: 'ministry_leaders', label: 'Ministry Leaders' },
  { value: 'elders', label: 'Church Elders' },
];

/** Texts of the announcements screen. Marked ones are the spec's words (back-office.md §8). */
export const announcementTexts = {
  titleRequired: 'Please enter the announcement title.',
  contentRequired: 'Please write the announcement text.',
  startRequired: 'Please choose the start date.',
  endBeforeStart: 'The end date must be on or after the start date.',
  endTimeBeforeStart: 'On a one-day announcement the end time must be after the start time.',
  badTime: 'Please enter a time such as 08:30.',
  kiswahiliHint: 'Shown on the Kiswahili site. Leave empty to show the English text there.',
  /** §8 */
  saveError: 'Error saving announcement. Please try again.',
  /** §8 */
  deleteError: 'Error deleting announcement. Please try again.',
  /** §8 */
  confirmDelete: 'Are you sure you want to delete this announcement?',
} as const;

export interface AnnouncementFormValues {
  title: string;
  content: string;
  /** Optional Kiswahili (issue 22): the Kiswahili site shows the English field when empty. */
  title_sw: string;
  content_sw: string;
  priority: Priority;
  target_audience: Audience;
  start_date: string;
  start_time: string;
  end_date: string;
  end_time: string;
}

export type AnnouncementFormErrors = Partial<Record<keyof AnnouncementFormValues, string>>;

/** §5 defaults: 08:30 to 17:00, priority normal, audience all. */
export const emptyAnnouncementForm: AnnouncementFormValues = {
  title: '',
  content: '',
  title_sw: '',
  content_sw: '',
  priority: 'normal',
  target_audience: 'all',
  start_date: '',
  start_time: '08:30',
  end_date: '',
  end_time: '17:00',
};

export function announcementToForm(announcement: Announcement): AnnouncementFormValues {
  return {
    title: announcement.title,
    content: announcement.content,
    title_sw: announcement.title_sw ?? '',
    content_sw: announcement.content_sw ?? '',
    priority: announcement.priority,
    target_audience: announcement.target_audience,
    start_date: announcement.start_date.slice(0, 10),
    start_time: announcement.start_time.slice(0, 5),
    end_date: announcement.end_date?.slice(0, 10) ?? '',
    end_time: announcement.end_time.slice(0, 5),
  };
}

const day = /^\d{4}-\d{2}-\d{2}$/;
const time = /^\d{2}:\d{2}(:\d{2})?$/;

/** Spec §5: title, content and start date required; the window may not end before it starts. */
export function validateAnnouncement(values: AnnouncementFormValues): AnnouncementFormErrors {
  const errors: AnnouncementFormErrors = {};
  if (values.title.trim() === '') errors.title = announcementTexts.titleRequired;
  if (values.content.trim() === '') errors.content = announcementTexts.contentRequired;
  if (!day.test(values.start_date)) errors.start_date = announcementTexts.startRequired;
  if (!time.test(values.start_time)) errors.start_time = announcementTexts.badTime;
  if (!time.test(values.end_time)) errors.end_time = announcementTexts.badTime;
  if (values.end_date !== '' && day.test(values.start_date) && values.end_date < values.start_date) {
    errors.end_date = announcementTexts.endBeforeStart;
  } else if (
    values.end_date !== '' &&
    values.end_date === values.start_date &&
    !errors.start_time &&
    !errors.end_time &&
    values.end_time <= values.start_time
  ) {
    errors.end_time = announcementTexts.endTimeBeforeStart;
  }
  return errors;
}

export function isAnnouncementValid(values: AnnouncementFormValues): boolean {
  return isValid(validateAnnouncement(values));
}

/** The row to write. New announcements are drafts (§4); an edit keeps the publish state. */
export function announcementFromForm(values: AnnouncementFormValues, isPublished = false): AnnouncementInput {
  return {
    title: values.title.trim(),
    content: values.content.trim(),
    title_sw: textOrNull(values.title_sw),
    content_sw: textOrNull(values.content_sw),
    priority: values.priority,
    target_audience: values.target_audience,
    start_date: values.start_date,
    start_time: values.start_time,
    end_date: values.end_date === '' ? null : values.end_date,
    end_time: values.end_time,
    is_published: isPublished,
  };
}

/** Today's date in the church's time zone (Africa/Nairobi), as YYYY-MM-DD. */
export function churchToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(now);
}

/**
 * Where a published announcement stands: the public site shows it from its start date through
 * its end date (whole days, church time), so staff see why a published one is not on the site.
 */
export function announcementWindow(
  announcement: Pick<Announcement, 'start_date' | 'end_date'>,
  today: string,
): 'scheduled' | 'showing' | 'ended' {
  if (announcement.start_date.slice(0, 10) > today) return 'scheduled';
  if (announcement.end_date && announcement.end_date.slice(0, 10) < today) return 'ended';
  return 'showing';
}
