/**
 * Sending messages to members (issue 19; back-office.md §2.17 Send Message and History, §7.8,
 * §9 SMS and the recent messages panel; spec README 15, 19): the pure rules of the Send Message
 * form and of the History views, and the readers of the server's answers
 * (`POST /functions/v1/send-broadcast`, `get_message_audiences`, `get_broadcasts`,
 * `get_broadcast`).
 *
 * The server decides who is reached, fills the placeholders and counts parts and cost; the form
 * only shows what it will ask for, and its counter uses the server's rule for one message
 * (160 characters a part, §9), before the placeholders are filled.
 */
import { KanisaError } from '@kanisa/client';
import { answerReader, type AnswerReader } from '../../lib/answer-reader';
import { isDay } from '../../lib/church-time';
import { truncate } from '../../components/ui/truncate';
import type { BadgeTone } from '../../components/ui/Badge';

/** §9: characters of one SMS part. */
export const SMS_PART = 160;
/** The longest SMS text the server takes (ten parts). */
export const SMS_MAX = 10 * SMS_PART;
/** The most members one send may name one by one. */
export const MAX_CHOSEN_MEMBERS = 500;
/** A subject-less (SMS) send is shown by the start of its text (§9: table descriptions 60). */
export const SUBJECT_PREVIEW = 60;
/** History: sends per page; the details' recipients per page. */
export const HISTORY_PAGE = 20;
export const RECIPIENTS_PAGE = 100;
/** Overview: the recent messages panel fetches 5 (§2.17). */
export const RECENT_SENDS = 5;
/** The details page asks again this often while any recipient is still queued. */
export const PROGRESS_POLL_MS = 2000;

export type Channel = 'sms' | 'email';
export type GroupId = 'all' | 'youth' | 'elders' | 'deacons' | 'choir';
export const GROUP_IDS: readonly GroupId[] = ['all', 'youth', 'elders', 'deacons', 'choir'];

export const EMPTY_TEXTS = {
  sends: 'No messages sent yet',
  notFound: 'This message was not found.',
} as const;

// ---------------------------------------------------------------------------------------------
// The answers

export interface AudienceGroup {
  id: string;
  label: string;
  description: string;
  members: number;
  with_phone: number;
  with_email: number;
}

export interface AudienceMinistry {
  id: string;
  name: string;
  members: number;
  with_phone: number;
  with_email: number;
}

export interface Audiences {
  groups: AudienceGroup[];
  ministries: AudienceMinistry[];
}

export interface SmsCounts {
  total: number;
  queued: number;
  sent: number;
  delivered: number;
  failed: number;
  simulated: number;
}

export interface EmailCounts {
  total: number;
  queued: number;
  sent: number;
  failed: number;
  simulated: number;
}

export type BroadcastKind = 'manual' | 'event_reminder' | 'birthday';
export type BroadcastStatus = 'sending' | 'sent' | 'partly_failed' | 'failed' | 'simulated';
export type RecipientStatus = 'queued' | 'sent' | 'delivered' | 'failed' | 'simulated';

export interface Performance {
  percent: number;
  measure: 'delivered' | 'accepted' | 'simulated';
}

export interface Broadcast {
  id: string;
  created_at: string;
  kind: string;
  channels: string[];
  audience_label: string;
  subject: string | null;
  body: string;
  sent_by_name: string | null;
  recipients: number;
  sms: SmsCounts;
  email: EmailCounts;
  status: string;
  performance: Performance | null;
}

export interface BroadcastPage {
  total: number;
  items: Broadcast[];
}

export interface BroadcastRecipient {
  channel: string;
  name: string;
  address: string;
  status: string;
  status_code: number | null;
  provider_status: string | null;
  failure_reason: string | null;
  cost: string | null;
  sent_at: string | null;
}

export interface BroadcastDetail {
  broadcast: Broadcast;
  recipients_total: number;
  recipients: BroadcastRecipient[];
}

export interface SmsPreview {
  recipients: number;
  skipped: number;
  segments: number;
  partsEach: number;
  cost: number;
  currency: string;
  pricePerPart: number;
  live: boolean;
}

export interface EmailPreview {
  recipients: number;
  skipped: number;
  live: boolean;
}

/** What the server's spend guard will do with this send (issue 31). */
export type GuardOutcome = 'allowed' | 'rate_limited' | 'needs_super_admin' | 'over_budget_allowed';

export interface SendGuard {
  outcome: GuardOutcome;
  sendsLastHour: number;
  /** 0: no limit. */
  perHour: number;
  /** KES; 0: no budget. */
  monthlyBudget: number;
  spentThisMonth: number;
  /** KES this send would cost (0 when SMS is simulated). */
  thisSend: number;
  /** Why a send is held back or what happens over the budget. */
  message: string | null;
}

export interface BroadcastPreview {
  audience: { label: string; members: number };
  sms: SmsPreview | null;
  email: EmailPreview | null;
  sample: { name: string; text: string; subject: string | null } | null;
  skippedNames: { sms: string[]; email: string[] };
  guard: SendGuard | null;
}

const guardOutcomes: readonly GuardOutcome[] = ['allowed', 'rate_limited', 'needs_super_admin', 'over_budget_allowed'];

/** True when the guard lets this send go. */
export function guardAllows(preview: BroadcastPreview): boolean {
  return preview.guard === null || preview.guard.outcome === 'allowed' || preview.guard.outcome === 'over_budget_allowed';
}

/** "KES 4,000 of the KES 5,000 monthly budget used; this send KES 10" (SMS only). */
export function budgetText(guard: SendGuard): string | null {
  if (guard.monthlyBudget <= 0) return null;
  return `${formatKes(guard.spentThisMonth)} of the ${formatKes(guard.monthlyBudget)} monthly SMS budget used; this send ${formatKes(guard.thisSend)}`;
}

export interface SendReceipt {
  broadcastId: string;
  sms: number;
  email: number;
}

const numberOr0 = (read: AnswerReader, value: unknown, name: string) => (value === undefined || value === null ? 0 : read.number(value, name));

function readSmsCounts(read: AnswerReader, value: unknown): SmsCounts {
  const row = value === null || value === undefined ? {} : read.record(value, 'sms');
  return {
    total: numberOr0(read, row.total, 'sms.total'),
    queued: numberOr0(read, row.queued, 'sms.queued'),
    sent: numberOr0(read, row.sent, 'sms.sent'),
    delivered: numberOr0(read, row.delivered, 'sms.delivered'),
    failed: numberOr0(read, row.failed, 'sms.failed'),
    simulated: numberOr0(read, row.simulated, 'sms.simulated'),
  };
}

function readEmailCounts(read: AnswerReader, value: unknown): EmailCounts {
  const row = value === null || value === undefined ? {} : read.record(value, 'email');
  return {
    total: numberOr0(read, row.total, 'email.total'),
    queued: numberOr0(read, row.queued, 'email.queued'),
    sent: numberOr0(read, row.sent, 'email.sent'),
    failed: numberOr0(read, row.failed, 'email.failed'),
    simulated: numberOr0(read, row.simulated, 'email.simulated'),
  };
}

function readPerformance(read: AnswerReader, value: unknown): Performance | null {
  if (value === null || value === undefined) return null;
  const row = read.record(value, 'performance');
  const measure = read.text(row.measure, 'performance.measure');
  if (measure !== 'delivered' && measure !== 'accepted' && measure !== 'simulated') throw read.fail('performance.measure is unknown');
  return { percent: read.number(row.percent ?? 0, 'performance.percent'), measure };
}

export function readBroadcast(read: AnswerReader, value: unknown): Broadcast {
  const row = read.record(value, 'a send');
  return {
    id: read.text(row.id, 'id'),
    created_at: read.text(row.created_at, 'created_at'),
    kind: read.text(row.kind ?? 'manual', 'kind'),
    channels: read.list(row.channels ?? [], 'channels').map((c) => read.text(c, 'a channel')),
    audience_label: read.textOrNull(row.audience_label, 'audience_label') ?? '',
    subject: read.textOrNull(row.subject, 'subject'),
    body: read.textOrNull(row.body, 'body') ?? '',
    sent_by_name: read.textOrNull(row.sent_by_name, 'sent_by_name'),
    recipients: numberOr0(read, row.recipients, 'recipients'),
    sms: readSmsCounts(read, row.sms),
    email: readEmailCounts(read, row.email),
    status: read.text(row.status, 'status'),
    performance: readPerformance(read, row.performance),
  };
}

/** `get_broadcasts(p_limit, p_offset)`. */
export function readBroadcastPage(data: unknown): BroadcastPage {
  const read = answerReader('list of sent messages');
  const answer = read.record(data, 'the list');
  return {
    total: read.count(answer.total ?? 0, 'total'),
    items: read.list(answer.items ?? [], 'items').map((item) => readBroadcast(read, item)),
  };
}

/** `get_broadcast(p_id, p_limit, p_offset)`. */
export function readBroadcastDetail(data: unknown): BroadcastDetail {
  const read = answerReader('message details');
  const answer = read.record(data, 'the details');
  const recipients = read.list(answer.recipients ?? [], 'recipients').map((item): BroadcastRecipient => {
    const row = read.record(item, 'a recipient');
    const cost = row.cost;
    return {
      channel: read.text(row.channel, 'channel'),
      name: read.textOrNull(row.name, 'name') ?? '',
      address: read.textOrNull(row.address, 'address') ?? '',
      status: read.text(row.status, 'status'),
      status_code: row.status_code === null || row.status_code === undefined ? null : read.number(row.status_code, 'status_code'),
      provider_status: read.textOrNull(row.provider_status, 'provider_status'),
      failure_reason: read.textOrNull(row.failure_reason, 'failure_reason'),
      cost: typeof cost === 'number' ? String(cost) : read.textOrNull(cost, 'cost'),
      sent_at: read.textOrNull(row.sent_at, 'sent_at'),
    };
  });
  return {
    broadcast: readBroadcast(read, answer.broadcast),
    recipients_total: read.count(answer.recipients_total ?? recipients.length, 'recipients_total'),
    recipients,
  };
}

/** `get_message_audiences()`. */
export function readAudiences(data: unknown): Audiences {
  const read = answerReader('list of groups');
  const answer = read.record(data, 'the groups');
  const counts = (row: Record<string, unknown>) => ({
    members: numberOr0(read, row.members, 'members'),
    with_phone: numberOr0(read, row.with_phone, 'with_phone'),
    with_email: numberOr0(read, row.with_email, 'with_email'),
  });
  return {
    groups: read.list(answer.groups ?? [], 'groups').map((item) => {
      const row = read.record(item, 'a group');
      return {
        id: read.text(row.id, 'id'),
        label: read.text(row.label, 'label'),
        description: read.textOrNull(row.description, 'description') ?? '',
        ...counts(row),
      };
    }),
    ministries: read.list(answer.ministries ?? [], 'ministries').map((item) => {
      const row = read.record(item, 'a ministry');
      return { id: read.text(row.id, 'id'), name: read.text(row.name, 'name'), ...counts(row) };
    }),
  };
}

/** The preview's answer (200, `preview: true`). */
export function readPreview(data: unknown): BroadcastPreview {
  const read = answerReader('preview');
  const answer = read.record(data, 'the preview');
  const audience = read.record(answer.audience, 'audience');
  const sms = answer.sms === null || answer.sms === undefined ? null : read.record(answer.sms, 'sms');
  const email = answer.email === null || answer.email === undefined ? null : read.record(answer.email, 'email');
  const sample = answer.sample === null || answer.sample === undefined ? null : read.record(answer.sample, 'sample');
  const skipped = answer.skippedNames === null || answer.skippedNames === undefined ? {} : read.record(answer.skippedNames, 'skippedNames');
  const names = (value: unknown, name: string) => (value === undefined || value === null ? [] : read.list(value, name).map((n) => read.text(n, name)));
  return {
    audience: { label: read.text(audience.label, 'audience.label'), members: read.count(audience.members, 'audience.members') },
    sms: sms
      ? {
          recipients: read.count(sms.recipients, 'sms.recipients'),
          skipped: read.count(sms.skipped ?? 0, 'sms.skipped'),
          segments: read.count(sms.segments ?? 0, 'sms.segments'),
          partsEach: read.count(sms.partsEach ?? 1, 'sms.partsEach'),
          cost: read.number(sms.cost ?? 0, 'sms.cost'),
          currency: read.textOrNull(sms.currency, 'sms.currency') ?? 'KES',
          pricePerPart: read.number(sms.pricePerPart ?? 0, 'sms.pricePerPart'),
          live: sms.live === true,
        }
      : null,
    email: email
      ? { recipients: read.count(email.recipients, 'email.recipients'), skipped: read.count(email.skipped ?? 0, 'email.skipped'), live: email.live === true }
      : null,
    sample: sample
      ? { name: read.text(sample.name, 'sample.name'), text: read.text(sample.text, 'sample.text'), subject: read.textOrNull(sample.subject, 'sample.subject') }
      : null,
    skippedNames: { sms: names(skipped.sms, 'skippedNames.sms'), email: names(skipped.email, 'skippedNames.email') },
    guard: readGuard(read, answer.guard),
  };
}

function readGuard(read: AnswerReader, value: unknown): SendGuard | null {
  if (value === undefined || value === null) return null;
  const g = read.record(value, 'guard');
  const outcome = read.text(g.outcome, 'guard.outcome');
  return {
    outcome: (guardOutcomes as readonly string[]).includes(outcome) ? (outcome as GuardOutcome) : 'allowed',
    sendsLastHour: numberOr0(read, g.sendsLastHour, 'guard.sendsLastHour'),
    perHour: numberOr0(read, g.perHour, 'guard.perHour'),
    monthlyBudget: numberOr0(read, g.monthlyBudget, 'guard.monthlyBudget'),
    spentThisMonth: numberOr0(read, g.spentThisMonth, 'guard.spentThisMonth'),
    thisSend: numberOr0(read, g.thisSend, 'guard.thisSend'),
    message: read.textOrNull(g.message, 'guard.message'),
  };
}

/** The send's answer (202). */
export function readReceipt(data: unknown): SendReceipt {
  const read = answerReader('send');
  const answer = read.record(data, 'the send');
  return {
    broadcastId: read.text(answer.broadcastId, 'broadcastId'),
    sms: numberOr0(read, answer.sms, 'sms'),
    email: numberOr0(read, answer.email, 'email'),
  };
}

// ---------------------------------------------------------------------------------------------
// Showing sends

/** Type column: SMS, Email or SMS + Email. */
export function channelsLabel(channels: readonly string[]): string {
  const sms = channels.includes('sms');
  const email = channels.includes('email');
  if (sms && email) return 'SMS + Email';
  if (email) return 'Email';
  if (sms) return 'SMS';
  return '—';
}

/** The subject, or for an SMS-only send the first 60 characters of its text. */
export function broadcastTitle(broadcast: Pick<Broadcast, 'subject' | 'body'>): string {
  const subject = broadcast.subject?.trim();
  if (subject) return subject;
  return truncate(broadcast.body.replace(/\s+/g, ' ').trim(), SUBJECT_PREVIEW) || '—';
}

const KIND_LABELS: Partial<Record<string, string>> & Record<BroadcastKind, string> = {
  manual: 'Manual',
  event_reminder: 'Event reminder',
  birthday: 'Birthday wishes',
};
export function kindLabel(kind: string): string {
  return KIND_LABELS[kind] ?? kind;
}

const STATUS: Partial<Record<string, { label: string; tone: BadgeTone }>> & Record<BroadcastStatus, { label: string; tone: BadgeTone }> = {
  sending: { label: 'Sending', tone: 'info' },
  sent: { label: 'Sent', tone: 'success' },
  partly_failed: { label: 'Partly failed', tone: 'warning' },
  failed: { label: 'Failed', tone: 'danger' },
  simulated: { label: 'Simulated', tone: 'neutral' },
};
export function broadcastStatusLabel(status: string): string {
  return STATUS[status]?.label ?? status;
}
export function broadcastStatusTone(status: string): BadgeTone {
  return STATUS[status]?.tone ?? 'neutral';
}

const RECIPIENT_STATUS: Partial<Record<string, { label: string; tone: BadgeTone }>> & Record<RecipientStatus, { label: string; tone: BadgeTone }> = {
  queued: { label: 'Queued', tone: 'info' },
  sent: { label: 'Sent', tone: 'success' },
  delivered: { label: 'Delivered', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  simulated: { label: 'Simulated', tone: 'neutral' },
};
export function recipientStatusLabel(status: string): string {
  return RECIPIENT_STATUS[status]?.label ?? status;
}
export function recipientStatusTone(status: string): BadgeTone {
  return RECIPIENT_STATUS[status]?.tone ?? 'neutral';
}

const percentFormat = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 1 });

/** Performance from real delivery data: '92.5 % delivered', '100 % accepted', 'simulated (demo mode)'; '—' while none. */
export function performanceText(performance: Performance | null): string {
  if (!performance) return '—';
  if (performance.measure === 'simulated') return 'simulated (demo mode)';
  return `${percentFormat.format(performance.percent)} % ${performance.measure}`;
}

const kes = new Intl.NumberFormat('en-KE', { style: 'currency', currency: 'KES' });
/** An amount in shillings, en-KE (§9). */
export function formatKes(amount: number | string): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  return Number.isFinite(value) ? kes.format(value) : String(amount);
}

const counts = new Intl.NumberFormat('en-KE');
export function plural(count: number, one: string, many: string): string {
  return `${counts.format(count)} ${count === 1 ? one : many}`;
}

/** Messages of a send still waiting for their provider: while any is, the details page polls. */
export function queuedCount(broadcast: Pick<Broadcast, 'sms' | 'email'>): number {
  return broadcast.sms.queued + broadcast.email.queued;
}

/** How far a send has come: the messages handed over (any outcome) of all its messages. */
export function progressOf(broadcast: Pick<Broadcast, 'sms' | 'email'>): { done: number; total: number } {
  const total = broadcast.sms.total + broadcast.email.total;
  return { done: Math.max(0, total - queuedCount(broadcast)), total };
}

/** An unknown send: the function's not_found, or PostgREST's PT404 as a 404. */
export function isNotFound(error: unknown): boolean {
  return error instanceof KanisaError && (error.status === 404 || error.code === 'PT404' || error.code === 'not_found' || error.code === 'P0002');
}

// ---------------------------------------------------------------------------------------------
// The Send Message form

/** Members chosen one by one: enough to show them and to ask for them. */
export interface ChosenMember {
  id: string;
  first_name: string;
  last_name: string;
  membership_number: string | null;
}

export type AudienceKind = 'group' | 'ministry' | 'members';

export interface SendForm {
  sms: boolean;
  email: boolean;
  audienceKind: AudienceKind;
  group: GroupId;
  ministryId: string;
  members: ChosenMember[];
  templateId: string;
  eventId: string;
  /** YYYY-MM-DD or ''. */
  date: string;
  subject: string;
  body: string;
  allowLong: boolean;
}

export function emptySendForm(channel?: string | null): SendForm {
  return {
    sms: channel === 'sms',
    email: channel === 'email',
    audienceKind: 'group',
    group: 'all',
    ministryId: '',
    members: [],
    templateId: '',
    eventId: '',
    date: '',
    subject: '',
    body: '',
    allowLong: false,
  };
}

/** The request body of `POST /functions/v1/send-broadcast`. */
export interface SendRequest {
  channels: Channel[];
  audience: { group: GroupId } | { ministryId: string } | { memberIds: string[] };
  subject?: string;
  body: string;
  eventId?: string;
  date?: string;
  allowLong?: boolean;
  templateId?: string;
  preview?: boolean;
}

/** The field names the server's `fields` use, each shown beside its control. */
export type SendField = 'channels' | 'audience' | 'subject' | 'body' | 'eventId' | 'date' | 'allowLong';
export type SendErrors = Partial<Record<SendField, string>>;
const SEND_FIELDS: readonly SendField[] = ['channels', 'audience', 'subject', 'body', 'eventId', 'date', 'allowLong'];

export const SEND_TEXTS = {
  // The server's own words for the same checks (crates/kanisa-functions/src/broadcast.rs).
  channels: 'Choose SMS, e-mail or both',
  ministry: 'Choose a ministry',
  members: 'Choose at least one member',
  tooManyMembers: `Choose at most ${String(MAX_CHOSEN_MEMBERS)} members, or send to a group`,
  subject: 'An e-mail needs a subject',
  // §8 (text messages): the service's own words.
  body: 'Message cannot be empty',
  smsTooLong: `An SMS can be at most ${String(SMS_MAX)} characters (ten parts)`,
  date: 'Enter the date as YYYY-MM-DD',
  eventName: 'Choose the event that {event_name} stands for',
  // §8 (text messages), shown before asking when the text alone is already too long.
  tooLong: 'Message exceeds 160 characters. Use allowLongMessages option for longer messages.',
} as const;

/** The message's length as the server counts it (code points of the trimmed text). */
export function charCount(body: string): number {
  return Array.from(body.trim()).length;
}

/** SMS parts of one message: 160 characters each (§9, the server's rule); none for an empty text. */
export function smsParts(body: string): number {
  const chars = charCount(body);
  return chars === 0 ? 0 : Math.ceil(chars / SMS_PART);
}

/**
 * What the form can tell before asking the server. The length check only uses the text as typed:
 * the placeholders change it per recipient, and the server's preview has the last word.
 */
export function validateSend(form: SendForm): SendErrors {
  const errors: SendErrors = {};
  if (!form.sms && !form.email) errors.channels = SEND_TEXTS.channels;
  if (form.audienceKind === 'ministry' && !form.ministryId) errors.audience = SEND_TEXTS.ministry;
  if (form.audienceKind === 'members') {
    if (form.members.length === 0) errors.audience = SEND_TEXTS.members;
    else if (form.members.length > MAX_CHOSEN_MEMBERS) errors.audience = SEND_TEXTS.tooManyMembers;
  }
  if (form.email && !form.subject.trim()) errors.subject = SEND_TEXTS.subject;
  if (!form.body.trim()) errors.body = SEND_TEXTS.body;
  else if (form.sms && charCount(form.body) > SMS_MAX) errors.body = SEND_TEXTS.smsTooLong;
  if (!form.eventId && form.body.includes('{event_name}')) errors.eventId = SEND_TEXTS.eventName;
  if (form.date && !form.eventId && !isDay(form.date)) errors.date = SEND_TEXTS.date;
  if (form.sms && !form.allowLong && !errors.body && charCount(form.body) > SMS_PART && !/\{(name|date|event_name)\}/.test(form.body)) {
    errors.allowLong = SEND_TEXTS.tooLong;
  }
  return errors;
}

/** The request the form stands for (without `preview`). */
export function sendRequest(form: SendForm): SendRequest {
  const channels: Channel[] = [];
  if (form.sms) channels.push('sms');
  if (form.email) channels.push('email');
  const audience: SendRequest['audience'] =
    form.audienceKind === 'ministry'
      ? { ministryId: form.ministryId }
      : form.audienceKind === 'members'
        ? { memberIds: form.members.map((m) => m.id) }
        : { group: form.group };
  const request: SendRequest = { channels, audience, body: form.body.trim() };
  const subject = form.subject.trim();
  if (form.email && subject) request.subject = subject;
  if (form.eventId) request.eventId = form.eventId;
  else if (form.date) request.date = form.date;
  if (form.sms && form.allowLong) request.allowLong = true;
  if (form.templateId) request.templateId = form.templateId;
  return request;
}

/** A preview is good for sending only while the form still asks for exactly what it previewed. */
export function requestKey(request: SendRequest): string {
  const rest: SendRequest = { ...request };
  delete rest.preview;
  return JSON.stringify(rest);
}

/** The server's refusal beside each field (400 validation_failed: `fields`). */
export function sendFieldErrors(error: unknown): SendErrors {
  if (!(error instanceof KanisaError) || !error.fields) return {};
  const found: SendErrors = {};
  for (const field of SEND_FIELDS) {
    const message = error.fields[field];
    if (message) found[field] = message;
  }
  return found;
}

/** The refusal's words above the form: 403 the server's message; a field refusal needs none of its own. */
export function sendErrorText(error: unknown, action: 'preview' | 'send'): string | null {
  if (error instanceof KanisaError) {
    // Refused (a permission, the SMS budget) or held back (the sends per hour): the server's words.
    if (error.status === 403 || error.status === 429) return error.message;
    if (error.status === 400 && Object.keys(sendFieldErrors(error)).length > 0) return 'Please correct the marked fields.';
  }
  const message = error instanceof Error ? error.message : String(error);
  return action === 'preview' ? `Could not prepare the preview: ${message}` : `Could not send the message: ${message}`;
}

/** The template's text in the form; with no channel chosen yet, its type becomes the channel. */
export function applyTemplate(form: SendForm, template: { id: string; type: string; content: string }): SendForm {
  const next = { ...form, templateId: template.id, body: template.content };
  if (!form.sms && !form.email) {
    if (template.type === 'email') next.email = true;
    else next.sms = true;
  }
  return next;
}

/** The button's words: 'Send to 12 recipients', or per channel when both are chosen. */
export function sendButtonText(preview: BroadcastPreview): string {
  const sms = preview.sms?.recipients ?? 0;
  const email = preview.email?.recipients ?? 0;
  if (preview.sms && preview.email) return `Send to ${plural(sms, 'SMS recipient', 'SMS recipients')} and ${plural(email, 'email recipient', 'email recipients')}`;
  return `Send to ${plural(preview.sms ? sms : email, 'recipient', 'recipients')}`;
}

/** Recipients the preview would reach on any channel. */
export function previewRecipients(preview: BroadcastPreview): number {
  return (preview.sms?.recipients ?? 0) + (preview.email?.recipients ?? 0);
}

export const memberName = (member: Pick<ChosenMember, 'first_name' | 'last_name'>) => `${member.first_name} ${member.last_name}`.trim();
