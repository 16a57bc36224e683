/**
 * The "Deliveries that failed" card's wording: what a job was, when it failed, its error.
 *
 * A row as the server may send it: the generated types call every column non-null, but a job's
 * payload may lack its table or id, a failed job may lack a finish time (the SQL sorts those
 * last) and an error, so each is read as possibly null.
 */
export interface FailedDelivery {
  job_id: number;
  kind: string;
  source_table: string | null;
  source_id: string | null;
  summary: string | null;
  attempts: number;
  last_error: string | null;
  failed_at: string | null;
}

/** The card's line when nothing failed; in demo mode e-mail is only simulated (spec README point 19). */
export const deliveriesTexts = {
  allDelivered: 'All e-mails were delivered.',
  allSimulated: 'No e-mail failed. Demo mode: e-mails are simulated, so none was really delivered.',
};

const kindLabels: ReadonlyMap<string, string> = new Map([
  ['notify_submission', 'Staff e-mail'],
  ['acknowledge_submission', 'Acknowledgement to the sender'],
  ['send_email', 'E-mail'],
]);

/** What the delivery was; a kind this version does not know (e.g. a later SMS) is a "Delivery". */
export function deliveryKindLabel(kind: string): string {
  return kindLabels.get(kind) ?? 'Delivery';
}

/** Where it came from, when the job names a stored submission. */
export function deliverySourceLabel(table: string | null): string | null {
  if (table === 'messages') return 'message';
  if (table === 'prayer_requests') return 'prayer request';
  return null;
}

/** The subject; the server falls back to the job's kind when there is none, which says nothing. */
export function deliverySubject(row: Pick<FailedDelivery, 'summary' | 'kind'>): string {
  const subject = row.summary?.trim() ?? '';
  return subject === '' || subject === row.kind ? '(no subject)' : subject;
}

/** When it failed, on the church's clock: "22 Nov 2026, 12:05". */
export function formatFailedAt(iso: string | null): string {
  if (!iso) return 'time unknown';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'time unknown';
  return date.toLocaleString('en-KE', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Africa/Nairobi',
  });
}

export const errorPreviewLength = 140;

/**
 * The error as shown: white space (an SMTP answer may span lines) folded to single spaces and cut
 * to `max` characters with "…"; `full` is the whole text, for the title, when it was cut.
 */
export function errorPreview(error: string | null, max = errorPreviewLength): { text: string; full: string | null } {
  const folded = (error ?? '').replace(/\s+/g, ' ').trim();
  if (folded === '') return { text: 'No error was recorded.', full: null };
  const chars = Array.from(folded);
  if (chars.length <= max) return { text: folded, full: null };
  return { text: `${chars.slice(0, max - 1).join('').trimEnd()}…`, full: folded };
}

export const attemptsText = (attempts: number) => `${attempts.toLocaleString('en-KE')} ${attempts === 1 ? 'attempt' : 'attempts'}`;

/** The line under the 5 shown: "and 3 more", or "and 15+ more" when the answer was cut at `asked`. */
export function moreText(total: number, shown: number, asked: number): string | null {
  const hidden = total - shown;
  if (hidden <= 0) return null;
  return total >= asked ? `and ${hidden.toLocaleString('en-KE')}+ more` : `and ${hidden.toLocaleString('en-KE')} more`;
}

/** The card's sentence over the list: "3 deliveries failed, newest first." ("20+" when cut at `asked`). */
export function failedCountText(total: number, asked: number): string {
  const count = `${total.toLocaleString('en-KE')}${total >= asked ? '+' : ''}`;
  return `${count} ${total === 1 ? 'delivery' : 'deliveries'} failed, newest first.`;
}
