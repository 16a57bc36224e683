import type { Database } from '@kanisa/client';
import type { BadgeTone } from '../../components/ui/Badge';
import { truncate } from '../../components/ui/truncate';

/**
 * The rules of the prayer-request screen (back-office.md §2.10, §3, §4 prayer status, §8, §9):
 * statuses and their labels, which actions a request offers, the card's cut description. Pure,
 * so they are tested without a screen.
 */

type Enums = Database['public']['Enums'];
export type PrayerStatus = Enums['prayer_requests_status'];
export type PrayerUrgency = Enums['prayer_requests_urgency'];
export type PrivacyLevel = Enums['prayer_requests_privacy_level'];

/**
 * A request as the screen reads it: the row, and the names of its requester and its assignee
 * (from staff_names: staff read names, never other staff's profiles — issue 31).
 */
export interface PrayerRequest {
  id: string;
  title: string;
  description: string;
  urgency: PrayerUrgency;
  status: PrayerStatus;
  privacy_level: PrivacyLevel;
  submitter_name: string | null;
  submitter_email: string | null;
  submitter_phone: string | null;
  requester_id: string | null;
  assigned_to: string | null;
  created_at: string;
  updated_at: string;
  /** website, or ussd for a request sent from the USSD menu (issue 47); absent in older answers. */
  source?: string;
  requester: { full_name: string | null } | null;
  assigned_user: { full_name: string | null } | null;
}

/** §9: the card's description is cut at 150 characters. */
export const CARD_TEXT_LENGTH = 150;
/** Cards per page: fills rows of 1, 2, 3 or 4 columns. */
export const PAGE_SIZE = 24;

export const prayerTexts = {
  statusError: 'Error updating status. Please try again.',
  assignError: 'Error assigning request. Please try again.',
  /** Shown to prayer staff outside the prayer team (policies/prayer_requests.sql). */
  privateHidden: 'Private requests are for the pastor and the prayer team only, so they are not listed here.',
};

/** The permission of the pastor and the prayer team: it adds the private requests to the list. */
export const PRAYER_TEAM_PERMISSION = 'view_private_prayer_requests';

export const statuses: readonly PrayerStatus[] = ['open', 'in_progress', 'answered', 'closed'];

export const statusLabels: Record<PrayerStatus, string> = {
  open: 'Open',
  in_progress: 'In Progress',
  answered: 'Answered',
  closed: 'Closed',
};

export const statusTones: Record<PrayerStatus, BadgeTone> = {
  open: 'warning',
  in_progress: 'info',
  answered: 'success',
  closed: 'neutral',
};

export const urgencyLabels: Record<PrayerUrgency, string> = { urgent: 'Urgent', high: 'High', normal: 'Normal', low: 'Low' };
export const urgencyTones: Record<PrayerUrgency, BadgeTone> = { urgent: 'danger', high: 'warning', normal: 'info', low: 'neutral' };

/** The privacy badge: who may hear of the request; public ones may be shared (prayer chain, bulletin). */
export const privacyLabels: Record<PrivacyLevel, string> = {
  private: 'Private',
  leadership_only: 'Leadership only',
  public: 'Public · shareable',
};
export const privacyTones: Record<PrivacyLevel, BadgeTone> = { private: 'neutral', leadership_only: 'warning', public: 'success' };

/** The status filter (§2.10): all (the default), then each status. */
export type StatusFilter = 'all' | PrayerStatus;
export const statusFilterOptions: readonly { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  ...statuses.map((status) => ({ value: status, label: statusLabels[status] })),
];

/** The filter in the address (?status=…); anything else is all. */
export function parseStatusFilter(value: string | null): StatusFilter {
  return value !== null && (statuses as readonly string[]).includes(value) ? (value as PrayerStatus) : 'all';
}

/** The card's description: 150 characters, then an ellipsis (§2.10, §9). */
export function cardText(description: string): string {
  return truncate(description, CARD_TEXT_LENGTH);
}

/** §2.10: Assign to Me on open requests only; Mark Answered unless answered; Close unless closed. */
export function cardActions(status: PrayerStatus) {
  return { assign: status === 'open', answer: status !== 'answered', close: status !== 'closed' };
}

/** The modal's three buttons (§2.10), each disabled when the request already has that status. */
export const modalActions: readonly { status: PrayerStatus; label: string }[] = [
  { status: 'in_progress', label: 'Mark In Progress' },
  { status: 'answered', label: 'Mark as Answered' },
  { status: 'closed', label: 'Close Request' },
];

export function modalActionDisabled(current: PrayerStatus, target: PrayerStatus): boolean {
  return current === target;
}

/** Who asked: the name given on the form, else the signed-in requester's, else Anonymous. */
export function submitterName(request: Pick<PrayerRequest, 'submitter_name' | 'requester'>): string {
  const names = [request.submitter_name, request.requester?.full_name].map((name) => name?.trim() ?? '');
  return names.find((name) => name !== '') ?? 'Anonymous';
}

/** The notice after a change made from a card or the modal. */
export function statusNotice(title: string, status: PrayerStatus): string {
  switch (status) {
    case 'in_progress':
      return `“${title}” is now in progress.`;
    case 'answered':
      return `“${title}” was marked as answered.`;
    case 'closed':
      return `“${title}” was closed.`;
    case 'open':
      return `“${title}” is open again.`;
  }
}

/** The date and time a request came in, in Kenya. */
export function formatReceived(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return timestamp;
  return new Intl.DateTimeFormat('en-KE', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Africa/Nairobi',
  }).format(date);
}

/** The day only, for the cards. */
export function formatReceivedDay(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return timestamp;
  return new Intl.DateTimeFormat('en-KE', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Nairobi' }).format(date);
}
