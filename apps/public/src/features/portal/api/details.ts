import { KanisaError, type Json } from '@kanisa/client';
import { queryOptions } from '@tanstack/react-query';
import { t, type MessageKey } from '../../../i18n';
import { memberKey, useMemberMutation, useMemberQuery, useRefreshMemberAnswers, type MemberClient } from '../../../lib/member';
import { refusalText } from './sign-in';

/** Next of kin as the register keeps it (`{name, phone, relationship}`, parts may be missing). */
export interface NextOfKin {
  name: string;
  phone: string;
  relationship: string;
}

/** What the register holds for the signed-in member. */
export interface MemberDetails {
  id: string;
  membership_number: string | null;
  first_name: string;
  last_name: string;
  phone: string | null;
  email: string | null;
  address: string | null;
  emergency_contact: NextOfKin | null;
}

/** The fields a member may ask the clerk to change. */
export type ChangeField = 'phone' | 'email' | 'address' | 'emergency_contact';

/** The member's latest ask (a withdrawn one is replaced by the next, so it is never the latest shown). */
export interface ChangeRequest {
  id: string;
  status: 'pending' | 'approved' | 'declined' | 'withdrawn';
  fields: ChangeField[];
  created_at: string;
  decided_at: string | null;
  decision_note: string | null;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

export function nextOfKinOf(value: Json | null | undefined): NextOfKin | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const kin = { name: text(value.name), phone: text(value.phone), relationship: text(value.relationship) };
  return kin.name || kin.phone || kin.relationship ? kin : null;
}

const FIELDS: readonly ChangeField[] = ['phone', 'email', 'address', 'emergency_contact'];

export async function getDetails(client: MemberClient, memberId: string, signal?: AbortSignal): Promise<MemberDetails> {
  let request = client
    .from('members')
    .select('id, membership_number, first_name, last_name, phone, email, address, emergency_contact')
    .eq('id', memberId);
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request.single();
  if (error) throw error;
  return { ...data, emergency_contact: nextOfKinOf(data.emergency_contact) };
}

export async function getLatestRequest(client: MemberClient, memberId: string, signal?: AbortSignal): Promise<ChangeRequest | null> {
  let request = client
    .from('member_change_requests')
    .select('id, status, changes, created_at, decided_at, decision_note')
    .eq('member_id', memberId)
    .neq('status', 'withdrawn')
    .order('created_at', { ascending: false })
    .limit(1);
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  const row = data[0];
  if (!row) return null;
  const changes = typeof row.changes === 'object' && row.changes !== null && !Array.isArray(row.changes) ? row.changes : {};
  return {
    id: row.id,
    status: row.status,
    fields: FIELDS.filter((f) => f in changes),
    created_at: row.created_at,
    decided_at: row.decided_at,
    decision_note: row.decision_note,
  };
}

/** The member's ask as the form holds it: every field, the server keeps only what differs. */
export interface ChangeAsk {
  phone: string;
  email: string;
  address: string;
  kin: NextOfKin;
  note: string;
}

export async function askForChange(client: MemberClient, ask: ChangeAsk): Promise<null> {
  const { error } = await client.rpc('request_details_change', {
    phone: ask.phone,
    email: ask.email,
    address: ask.address,
    emergency_contact: { name: ask.kin.name, phone: ask.kin.phone, relationship: ask.kin.relationship },
    note: ask.note,
  });
  if (error) throw error;
  return null;
}

export const detailsQuery = (client: MemberClient, userId: string, memberId: string) =>
  queryOptions({ queryKey: memberKey(userId, 'details', memberId), queryFn: ({ signal }) => getDetails(client, memberId, signal) });

export const latestRequestQuery = (client: MemberClient, userId: string, memberId: string) =>
  queryOptions({
    queryKey: memberKey(userId, 'details', memberId, 'request'),
    queryFn: ({ signal }) => getLatestRequest(client, memberId, signal),
  });

export const useDetails = (userId: string, memberId: string) => useMemberQuery((client) => detailsQuery(client, userId, memberId));
export const useLatestRequest = (userId: string, memberId: string) =>
  useMemberQuery((client) => latestRequestQuery(client, userId, memberId));

/** Sends the ask (never retried: each try files a request); the request then reads anew. */
export function useAskForChange(userId: string, memberId: string) {
  const refresh = useRefreshMemberAnswers();
  return useMemberMutation(askForChange, {
    retry: false,
    onSuccess: () => refresh(memberKey(userId, 'details', memberId)),
  });
}

/** Which field a refusal is about (the server names it in the hint), for the message beside it. */
export function refusedField(error: unknown): ChangeField | 'unchanged' | null {
  if (!(error instanceof KanisaError) || error.status !== 400) return null;
  const hint = error.hint;
  return hint === 'unchanged' || (hint !== null && (FIELDS as readonly string[]).includes(hint)) ? (hint as ChangeField | 'unchanged') : null;
}

/** A refusal of the ask, in the member's language. */
export function changeRefusalText(error: unknown): string {
  const byField: Record<ChangeField | 'unchanged', MessageKey> = {
    phone: 'portal.phoneInvalid',
    email: 'portal.emailInvalid',
    address: 'portal.addressTooLong',
    emergency_contact: 'portal.kinInvalid',
    unchanged: 'portal.nothingChanged',
  };
  const field = refusedField(error);
  if (field) return t(byField[field]);
  if (error instanceof KanisaError && error.status === 429) return t('portal.tooManyChanges');
  return refusalText(error);
}
