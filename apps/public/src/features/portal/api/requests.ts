import type { SubmissionReceipt } from '@kanisa/client';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { memberKey, useMemberMutation, useMemberQuery, useRefreshMemberAnswers, type MemberClient } from '../../../lib/member';

/** One prayer request or message the member sent signed in, with where it stands. */
export interface SentItem {
  id: string;
  kind: 'prayer' | 'message';
  title: string;
  status: string;
  created_at: string;
}

export interface SentItems {
  items: SentItem[];
  /** Everything the member sent, counted by the server (the list shows the newest `shown`). */
  total: number;
}

/** Items shown at a time; "Show more" adds as many again. */
export const REQUESTS_PAGE = 10;

/**
 * The newest `limit` of the member's prayer requests and of their messages (the policies give a
 * member only their own: requester_id and sender_id are theirs), merged newest first, and the
 * counts of both.
 */
export async function getSentItems(client: MemberClient, userId: string, limit: number, signal?: AbortSignal): Promise<SentItems> {
  let prayers = client
    .from('prayer_requests')
    .select('id, title, status, created_at', { count: 'exact' })
    .eq('requester_id', userId)
    .order('created_at', { ascending: false })
    .limit(limit);
  let messages = client
    .from('messages')
    .select('id, subject, status, created_at', { count: 'exact' })
    .eq('sender_id', userId)
    .order('created_at', { ascending: false })
    .limit(limit);
  if (signal) {
    prayers = prayers.abortSignal(signal);
    messages = messages.abortSignal(signal);
  }
  const [p, m] = await Promise.all([prayers, messages]);
  if (p.error) throw p.error;
  if (m.error) throw m.error;
  const items: SentItem[] = [
    ...p.data.map((r) => ({ id: r.id, kind: 'prayer' as const, title: r.title, status: r.status, created_at: r.created_at })),
    ...m.data.map((r) => ({ id: r.id, kind: 'message' as const, title: r.subject, status: r.status, created_at: r.created_at })),
  ].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return { items: items.slice(0, limit), total: (p.count ?? p.data.length) + (m.count ?? m.data.length) };
}

export const sentItemsQuery = (client: MemberClient, userId: string, limit: number) =>
  queryOptions({
    queryKey: memberKey(userId, 'requests', limit),
    queryFn: ({ signal }) => getSentItems(client, userId, limit, signal),
    placeholderData: keepPreviousData,
  });

export const useSentItems = (userId: string, limit: number) => useMemberQuery((client) => sentItemsQuery(client, userId, limit));

/** What the member sends from the portal: a prayer request, or a message to the church office. */
export interface NewRequest {
  kind: 'prayer' | 'message';
  name: string;
  phone: string;
  email: string;
  subject: string;
  message: string;
  /** A prayer request's privacy: the pastor and prayer team only, or the church leadership. */
  privacy: 'private' | 'leadership_only';
  /** One key per send, so a retried request is stored once. */
  idempotencyKey: string;
}

export async function sendRequest(client: MemberClient, r: NewRequest): Promise<SubmissionReceipt> {
  const key = { idempotencyKey: r.idempotencyKey };
  const prayer = {
    category: 'prayer' as const,
    anonymous: false,
    name: r.name,
    phone: r.phone,
    email: r.email,
    subject: r.subject,
    message: r.message,
    prayerType: 'other',
    prayerPrivacy: r.privacy,
    attachments: [],
    website: '',
    ...key,
  };
  const message = { name: r.name, email: r.email, phone: r.phone, subject: r.subject, message: r.message, recipientName: '', recipientRole: '', department: '', website: '', ...key };
  const { data, error } = r.kind === 'prayer' ? await client.functions.submitRequest(prayer) : await client.functions.contactMessage(message);
  if (error) throw error;
  return data;
}

export function useSendRequest(userId: string) {
  const refresh = useRefreshMemberAnswers();
  return useMemberMutation(sendRequest, { retry: false, onSuccess: () => refresh(memberKey(userId, 'requests')) });
}
