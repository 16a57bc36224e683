/**
 * The Communication Hub's pure rules (back-office.md §2.17, §3 messages, §4 message status).
 *
 * Classification rule (documented decision):
 *   1. A message whose `submission_type` is one the request form writes ('Visitation Request',
 *      'Counseling Request', 'Department Report', 'Event Proposal', 'Maintenance Request',
 *      'General Request') belongs to that category.
 *   2. Any other message (contact messages and older rows: `submission_type` NULL or unknown) is
 *      classified by keywords in its subject and recipient_name (case-insensitive, §2.17), the
 *      first category in the order visitation, counseling, reports, events, maintenance whose
 *      keyword appears wins; no keyword → general.
 * `categoryFilter` states the same rule as a server filter, so counts and lists are computed by
 * the server over every message (never from a capped list).
 */

export type CategoryId = 'visitation' | 'counseling' | 'reports' | 'events' | 'maintenance' | 'general';

export interface Category {
  id: CategoryId;
  /** The sub-path below /communication. */
  slug: string;
  /** The tab's label. */
  tab: string;
  /** The overview's count card label. */
  label: string;
  empty: string;
  submissionType: string;
  keywords: readonly string[];
}

const GENERAL: Category = {
  id: 'general',
  slug: 'general',
  tab: 'General Inquiries',
  label: 'General Inquiries',
  empty: 'No general inquiries',
  submissionType: 'General Request',
  keywords: [],
};

export const CATEGORIES: readonly Category[] = [
  {
    id: 'visitation',
    slug: 'visitation',
    tab: 'Visitation Requests',
    label: 'Visitation',
    empty: 'No visitation requests',
    submissionType: 'Visitation Request',
    keywords: ['visit'],
  },
  {
    id: 'counseling',
    slug: 'counseling',
    tab: 'Counseling Requests',
    label: 'Counseling',
    empty: 'No counseling requests',
    submissionType: 'Counseling Request',
    keywords: ['counsel'],
  },
  {
    id: 'reports',
    slug: 'reports',
    tab: 'Department Reports',
    label: 'Department Reports',
    empty: 'No department reports',
    submissionType: 'Department Report',
    keywords: ['report'],
  },
  {
    id: 'events',
    slug: 'events',
    tab: 'Event Proposals',
    label: 'Event Proposals',
    empty: 'No event proposals',
    submissionType: 'Event Proposal',
    keywords: ['event', 'proposal'],
  },
  {
    id: 'maintenance',
    slug: 'facility',
    tab: 'Facility Issues',
    label: 'Facility Issues',
    empty: 'No facility issues',
    submissionType: 'Maintenance Request',
    keywords: ['maintenance', 'facilit', 'repair'],
  },
  GENERAL,
];

export function categoryById(id: CategoryId): Category {
  return CATEGORIES.find((category) => category.id === id) ?? GENERAL;
}


export interface Classifiable {
  subject: string;
  recipient_name: string | null;
  submission_type: string | null;
}

const KNOWN_TYPES = CATEGORIES.map((category) => category.submissionType);

function hasKeyword(message: Classifiable, keywords: readonly string[]): boolean {
  const subject = message.subject.toLowerCase();
  const recipient = (message.recipient_name ?? '').toLowerCase();
  return keywords.some((word) => subject.includes(word) || recipient.includes(word));
}

/** The category of one message (the rule above). */
export function classifyMessage(message: Classifiable): CategoryId {
  const byType = CATEGORIES.find((category) => category.submissionType === message.submission_type);
  if (byType) return byType.id;
  const byWord = CATEGORIES.find((category) => category.keywords.length > 0 && hasKeyword(message, category.keywords));
  return byWord ? byWord.id : 'general';
}

/** A keyword in subject or recipient, false (never NULL) when the recipient is NULL. */
function keywordMatch(keywords: readonly string[]): string {
  return keywords.flatMap((word) => [`subject.ilike.*${word}*`, `and(recipient_name.not.is.null,recipient_name.ilike.*${word}*)`]).join(',');
}

const quoted = (values: readonly string[]) => values.map((value) => `"${value}"`).join(',');

/**
 * The rule as the body of an `or=(…)` filter (the client adds the outer parentheses): the
 * category's submission type, or an unknown type and the category's keywords and none of an
 * earlier category's.
 */
export function categoryFilter(id: CategoryId): string {
  const index = CATEGORIES.findIndex((category) => category.id === id);
  const category = categoryById(id);
  const unknownType = `or(submission_type.is.null,submission_type.not.in.(${quoted(KNOWN_TYPES)}))`;
  const earlier = CATEGORIES.slice(0, index).flatMap((c) => c.keywords);
  const others = CATEGORIES.flatMap((c) => c.keywords);
  const fallback =
    id === 'general'
      ? `and(${unknownType},not.or(${keywordMatch(others)}))`
      : `and(${unknownType},or(${keywordMatch(category.keywords)})${earlier.length ? `,not.or(${keywordMatch(earlier)})` : ''})`;
  return `submission_type.eq."${category.submissionType}",${fallback}`;
}

export type MessageStatus = 'pending' | 'read' | 'sent' | 'completed' | 'failed';

export const STATUS_LABELS: Record<MessageStatus, string> = {
  pending: 'Pending',
  read: 'Read',
  sent: 'Sent',
  completed: 'Completed',
  failed: 'Failed',
};

export function statusLabel(status: string): string {
  return status in STATUS_LABELS ? STATUS_LABELS[status as MessageStatus] : status;
}

export function statusTone(status: string): 'neutral' | 'info' | 'success' | 'warning' | 'danger' {
  switch (status) {
    case 'pending':
      return 'warning';
    case 'sent':
    case 'completed':
      return 'success';
    case 'failed':
      return 'danger';
    case 'read':
      return 'info';
    default:
      return 'neutral';
  }
}

/**
 * A message's badge: its status, except that a reply demo mode only simulated says so
 * ('Simulated', not 'Sent': spec README point 19).
 */
export function messageStatusBadge(message: { status: string; reply_simulated?: boolean | null }): {
  label: string;
  tone: ReturnType<typeof statusTone>;
} {
  if (message.status === 'sent' && message.reply_simulated) return { label: 'Simulated', tone: 'info' };
  return { label: statusLabel(message.status), tone: statusTone(message.status) };
}

/**
 * Mark Complete is offered while the message is open: pending, read, answered (sent) or whose
 * answer failed (§2.17 offered it only while pending; issue 32: a replied request must be able
 * to leave the secretary's list).
 */
export function canComplete(status: string): boolean {
  return status !== 'completed';
}

/** The `Key: value` lines under a marker line, until a blank line, another marker or the end. */
function section(text: string, marker: string): Record<string, string> {
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((line) => line.trim() === `--- ${marker} ---`);
  const fields: Record<string, string> = {};
  if (start < 0) return fields;
  for (const line of lines.slice(start + 1)) {
    if (/^---.*---$/.test(line.trim())) break;
    const match = /^\s*([^:]+):\s*(.*)$/.exec(line);
    if (match?.[1] !== undefined && match[2] !== undefined) fields[match[1].trim().toLowerCase()] = match[2].trim();
  }
  return fields;
}

export interface MessageDetails {
  visitType?: string;
  visitDate?: string;
  eventTitle?: string;
  eventDate?: string;
  eventBudget?: string;
  location?: string;
  priority?: string;
}

const nonEmpty = (value: string | undefined) => (value === '' ? undefined : value);

/** The extra badges' values from the marker sections (§3 messages). */
export function parseDetails(text: string): MessageDetails {
  const visit = section(text, 'VISITATION DETAILS');
  const event = section(text, 'EVENT DETAILS');
  const maintenance = section(text, 'MAINTENANCE DETAILS');
  const details: MessageDetails = {};
  const set = (key: keyof MessageDetails, value: string | undefined) => {
    const given = nonEmpty(value);
    if (given) details[key] = given;
  };
  set('visitType', visit.type);
  set('visitDate', visit['preferred date']);
  set('eventTitle', event['event title']);
  set('eventDate', event['proposed date']);
  set('eventBudget', event['estimated budget']);
  set('location', maintenance.location);
  set('priority', maintenance.priority);
  return details;
}

const MARKERS = ['VISITATION DETAILS', 'COUNSELING DETAILS', 'EVENT DETAILS', 'MAINTENANCE DETAILS'];

/** The card's preview: the text before the first marker section, cut at 100 characters with '...'. */
export function previewText(text: string): string {
  let body = text;
  for (const marker of MARKERS) {
    const at = body.indexOf(`--- ${marker} ---`);
    if (at >= 0) body = body.slice(0, at);
  }
  body = body.trim();
  const chars = Array.from(body);
  return chars.length > 100 ? `${chars.slice(0, 100).join('').trimEnd()}...` : body;
}

/** Attachment size in MB to 2 decimals (§2.17). */
export function sizeInMb(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** The reply form's subject: 'Re: <subject>' (not doubled). */
export function replySubject(subject: string): string {
  return /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
}

/** A Gmail compose window pre-filled for the answer. */
export function gmailComposeUrl(to: string, subject: string, body: string): string {
  const params = new URLSearchParams({ view: 'cm', fs: '1', to, su: subject, body });
  return `https://mail.google.com/mail/?${params.toString()}`;
}

export interface ReplyInput {
  subject: string;
  body: string;
}

export function validateReply(input: ReplyInput): Partial<Record<keyof ReplyInput, string>> {
  const errors: Partial<Record<keyof ReplyInput, string>> = {};
  if (!input.subject.trim()) errors.subject = 'Subject is required';
  if (!input.body.trim()) errors.body = 'Message is required';
  return errors;
}

export type TemplateType = 'sms' | 'email';

export interface TemplateInput {
  name: string;
  type: TemplateType;
  content: string;
  category: string;
}

export const TEMPLATE_PLACEHOLDERS = ['{name}', '{date}', '{event_name}'] as const;

export function validateTemplate(input: TemplateInput): Partial<Record<keyof TemplateInput, string>> {
  const errors: Partial<Record<keyof TemplateInput, string>> = {};
  if (!input.name.trim()) errors.name = 'Template name is required';
  if (!input.content.trim()) errors.content = 'Content is required';
  const category = input.category.trim();
  if (category && !/^[a-z][a-z0-9_]*$/.test(category))
    errors.category = 'Category: lower-case letters, digits and _ only, starting with a letter';
  return errors;
}

/** The row to save: trimmed, category default 'general'. */
export function templateRow(input: TemplateInput): TemplateInput {
  return { name: input.name.trim(), type: input.type, content: input.content.trim(), category: input.category.trim() || 'general' };
}

/** Average response time in words: minutes below an hour, else hours to 1 decimal; '—' when none. */
export function formatResponseTime(minutes: number | string | null | undefined): string {
  if (minutes === null || minutes === undefined) return '—';
  const value = Number(minutes);
  if (!Number.isFinite(value)) return '—';
  if (value < 60) return `${value.toFixed(1)} min`;
  return `${(value / 60).toFixed(1)} h`;
}

export function formatDay(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return timestamp;
  return new Intl.DateTimeFormat('en-KE', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Nairobi' }).format(date);
}

export function formatDateTime(timestamp: string): string {
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

/** The §8 alert texts of the Gmail option. */
export const GMAIL_OPENED = '✅ Gmail opened with pre-filled email! Please click Send in Gmail to deliver the message.';
export const gmailFailed = (error: string) => `❌ Failed to open Gmail: ${error}`;
export const gmailError = (message: string) => `❌ Error: ${message}`;
