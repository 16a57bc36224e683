import { answerReader, type AnswerReader } from '../../../lib/answer-reader';

/**
 * The answers of `get_giving_statement`, `get_giving_statements` and `get_remittance` (jsonb,
 * typed `Json` by the generated types), read and checked here at the boundary: a shape that does
 * not match is an error, never a guess. Money is KES, a JSON number.
 */

export interface StatementMember {
  id: string;
  first_name: string;
  last_name: string;
  membership_number: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
}

/** One counted gift (verified, not a demo gift) on a statement. */
export interface StatementGift {
  id: string;
  giving_date: string;
  receipt_no: string | null;
  giving_type: string;
  payment_method: string | null;
  transaction_id: string | null;
  amount: number;
  /** The day (Nairobi) its member or type was last corrected with `reassign_gift`, and why; null when never. */
  reassigned_on: string | null;
  reassign_reason: string | null;
}

export interface TypeTotal {
  giving_type: string;
  total: number;
  gift_count: number;
}

export interface GivingStatement {
  member: StatementMember;
  from: string;
  to: string;
  total: number;
  gift_count: number;
  /** The types the member gave to only. */
  by_type: TypeTotal[];
  /** By giving_date, then receipt_no. */
  gifts: StatementGift[];
}

/** One page of the batch: every member with counted gifts in the range, by last and first name. */
export interface StatementsPage {
  from: string;
  to: string;
  /** All members who gave in the range (not just this page). */
  member_count: number;
  statements: GivingStatement[];
}

export interface RemittanceLine {
  giving_type: string;
  total: number;
  gift_count: number;
  conference_percent: number;
  conference_amount: number;
  local_amount: number;
}

export interface Remittance {
  /** 'YYYY-MM'. */
  month: string;
  from: string;
  to: string;
  /** The conference's percentage per giving type (System Settings → Financial). */
  shares: Record<string, number>;
  /** All five types, in the fixed order. */
  lines: RemittanceLine[];
  total: number;
  conference_total: number;
  local_total: number;
}

function readStatementWith(read: AnswerReader, data: unknown): GivingStatement {
  const answer = read.record(data, 'the statement');
  const member = read.record(answer.member, 'member');
  return {
    member: {
      id: read.text(member.id, 'member.id'),
      first_name: read.textOrNull(member.first_name, 'member.first_name') ?? '',
      last_name: read.textOrNull(member.last_name, 'member.last_name') ?? '',
      membership_number: read.textOrNull(member.membership_number, 'member.membership_number'),
      phone: read.textOrNull(member.phone, 'member.phone'),
      email: read.textOrNull(member.email, 'member.email'),
      address: read.textOrNull(member.address, 'member.address'),
    },
    from: read.text(answer.from, 'from'),
    to: read.text(answer.to, 'to'),
    total: read.number(answer.total, 'total'),
    gift_count: read.count(answer.gift_count, 'gift_count'),
    by_type: read.list(answer.by_type, 'by_type').map((item, index) => {
      const line = read.record(item, `by_type[${String(index)}]`);
      return {
        giving_type: read.text(line.giving_type, 'by_type.giving_type'),
        total: read.number(line.total, 'by_type.total'),
        gift_count: read.count(line.gift_count, 'by_type.gift_count'),
      };
    }),
    gifts: read.list(answer.gifts, 'gifts').map((item, index) => {
      const gift = read.record(item, `gifts[${String(index)}]`);
      return {
        id: read.text(gift.id, 'gifts.id'),
        giving_date: read.text(gift.giving_date, 'gifts.giving_date'),
        receipt_no: read.textOrNull(gift.receipt_no, 'gifts.receipt_no'),
        giving_type: read.text(gift.giving_type, 'gifts.giving_type'),
        payment_method: read.textOrNull(gift.payment_method, 'gifts.payment_method'),
        transaction_id: read.textOrNull(gift.transaction_id, 'gifts.transaction_id'),
        amount: read.number(gift.amount, 'gifts.amount'),
        reassigned_on: read.textOrNull(gift.reassigned_on, 'gifts.reassigned_on'),
        reassign_reason: read.textOrNull(gift.reassign_reason, 'gifts.reassign_reason'),
      };
    }),
  };
}

/** `get_giving_statement`'s answer. */
export function readGivingStatement(data: unknown): GivingStatement {
  return readStatementWith(answerReader('statement'), data);
}

/** `get_giving_statements`' answer (one page of the batch). */
export function readStatementsPage(data: unknown): StatementsPage {
  const read = answerReader('statements');
  const answer = read.record(data, 'the statements');
  return {
    from: read.text(answer.from, 'from'),
    to: read.text(answer.to, 'to'),
    member_count: read.count(answer.member_count, 'member_count'),
    statements: read.list(answer.statements, 'statements').map((statement) => readStatementWith(read, statement)),
  };
}

/** `get_remittance`'s answer. */
export function readRemittance(data: unknown): Remittance {
  const read = answerReader('remittance report');
  const answer = read.record(data, 'the remittance report');
  const shares = read.record(answer.shares, 'shares');
  return {
    month: read.text(answer.month, 'month'),
    from: read.text(answer.from, 'from'),
    to: read.text(answer.to, 'to'),
    shares: Object.fromEntries(Object.entries(shares).map(([type, percent]) => [type, read.number(percent, `shares.${type}`)])),
    lines: read.list(answer.lines, 'lines').map((item, index) => {
      const line = read.record(item, `lines[${String(index)}]`);
      return {
        giving_type: read.text(line.giving_type, 'lines.giving_type'),
        total: read.number(line.total, 'lines.total'),
        gift_count: read.count(line.gift_count, 'lines.gift_count'),
        conference_percent: read.number(line.conference_percent, 'lines.conference_percent'),
        conference_amount: read.number(line.conference_amount, 'lines.conference_amount'),
        local_amount: read.number(line.local_amount, 'lines.local_amount'),
      };
    }),
    total: read.number(answer.total, 'total'),
    conference_total: read.number(answer.conference_total, 'conference_total'),
    local_total: read.number(answer.local_total, 'local_total'),
  };
}
