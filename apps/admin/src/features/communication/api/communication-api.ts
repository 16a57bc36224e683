import type { Database, KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readKeyedPage, type PageOf, type PageParams } from '../../../components/ui/paged-list';
import { CATEGORIES, categoryFilter, type CategoryId, type TemplateInput } from '../communication-rules';

export interface Attachment {
  name?: string;
  originalName?: string;
  path?: string;
  url?: string;
  size?: number;
  type?: string;
}

export interface Message {
  id: string;
  subject: string;
  message: string;
  sender_name: string;
  sender_email: string | null;
  sender_phone: string | null;
  recipient_name: string | null;
  department: string | null;
  submission_type: string | null;
  attachments: Attachment[] | null;
  status: string;
  source: string;
  created_at: string;
  email_sent_at: string | null;
  /** The recorded reply was only simulated (demo mode, migration 0033). */
  reply_simulated: boolean;
}

export interface MessageStats {
  total_messages: number;
  pending_messages: number;
  sent_messages: number;
  failed_messages: number;
  messages_this_month: number;
  messages_this_week: number;
  messages_today: number;
  avg_response_time_minutes: number | string | null;
}

export interface MessageTemplate {
  id: string;
  name: string;
  type: 'sms' | 'email';
  content: string;
  category: string;
  is_active: boolean;
  created_at: string;
}

export interface MessageFilters {
  status: string;
  department: string;
  recipient: string;
}

/** Under the client's ['kanisa', 'messages'] prefix, so the client's own writes refresh these too. */
export const messageKeys = {
  all: ['kanisa', 'messages'] as const,
  counts: () => [...messageKeys.all, 'hub-counts'] as const,
  recent: () => [...messageKeys.all, 'hub-recent'] as const,
  stats: () => [...messageKeys.all, 'hub-stats'] as const,
  list: (category: CategoryId, params: PageParams<MessageFilters>) => [...messageKeys.all, 'hub-list', category, params] as const,
};
export const templateKeys = { all: ['kanisa', 'message_templates', 'hub'] as const };

const columns =
  'id, subject, message, sender_name, sender_email, sender_phone, recipient_name, department, submission_type, attachments, status, source, created_at, email_sent_at, reply_simulated';

/** Cards per page of a category view. */
export const PAGE_SIZE = 24;

/**
 * How many open messages (not yet completed) each category holds: one count request per
 * category (count=exact, no rows). A completed request leaves the count (issue 32).
 */
export async function getCategoryCounts(client: KanisaClient, signal?: AbortSignal): Promise<Record<CategoryId, number>> {
  const entries = await Promise.all(
    CATEGORIES.map(async (category) => {
      let request = client.from('messages').select('id', { count: 'exact', head: true }).or(categoryFilter(category.id)).neq('status', 'completed');
      if (signal) request = request.abortSignal(signal);
      const { error, count } = await request;
      if (error) throw error;
      return [category.id, count ?? 0] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<CategoryId, number>;
}

/** A category's order, newest first: when received, then id (unique). */
export const messageSortColumns = ['created_at', 'id'] as const;

/** A message's place in its category, for paging by key. */
export function messageSortKey(message: Pick<Message, 'created_at' | 'id'>): readonly string[] {
  return [message.created_at, message.id];
}

/**
 * One page of a category's messages, newest first, with the filters (status exact, department
 * and recipient contain) and the count of all that match; deep pages are read by key after the
 * page before (a large church's years of messages page as quickly at the end as at the start).
 */
export async function getCategoryMessages(
  client: KanisaClient,
  category: CategoryId,
  params: PageParams<MessageFilters>,
  signal?: AbortSignal,
): Promise<PageOf<Message>> {
  const request = (order: 'asc' | 'desc', counted: boolean) => {
    let built = client
      .from('messages')
      .select(columns, counted ? { count: 'exact' } : {})
      .or(categoryFilter(category))
      .returns<Message[]>();
    if (params.status) built = built.eq('status', params.status as Database['public']['Enums']['messages_status']);
    if (params.department.trim()) built = built.ilike('department', `*${params.department.trim()}*`);
    if (params.recipient.trim()) built = built.ilike('recipient_name', `*${params.recipient.trim()}*`);
    const ascending = order === 'asc';
    built = built.order('created_at', { ascending }).order('id', { ascending });
    return signal ? built.abortSignal(signal) : built;
  };
  return readKeyedPage(request, params, messageSortColumns, PAGE_SIZE, { order: 'desc', estimatedCount: false });
}

export async function getRecentMessages(client: KanisaClient, signal?: AbortSignal): Promise<Message[]> {
  let request = client.from('messages').select(columns).order('created_at', { ascending: false }).order('id', { ascending: false }).limit(5);
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request.returns<Message[]>();
  if (error) throw error;
  return data;
}

export async function getMessageStats(client: KanisaClient, signal?: AbortSignal): Promise<MessageStats> {
  let request = client.rpc('get_message_stats', {}, { get: true });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return data as unknown as MessageStats;
}

export function useCategoryCounts() {
  const client = useKanisa();
  return useQuery({ queryKey: messageKeys.counts(), queryFn: ({ signal }) => getCategoryCounts(client, signal) });
}

export function useRecentMessages() {
  const client = useKanisa();
  return useQuery({ queryKey: messageKeys.recent(), queryFn: ({ signal }) => getRecentMessages(client, signal) });
}

export function useMessageStats() {
  const client = useKanisa();
  return useQuery({ queryKey: messageKeys.stats(), queryFn: ({ signal }) => getMessageStats(client, signal) });
}

export function useCategoryMessages(category: CategoryId, params: PageParams<MessageFilters>) {
  const client = useKanisa();
  return useQuery({
    queryKey: messageKeys.list(category, params),
    queryFn: ({ signal }) => getCategoryMessages(client, category, params, signal),
    placeholderData: keepPreviousData,
  });
}

/** Mark Complete (§4, issue 32): the server moves any open message to completed; 'Message is already complete' otherwise. */
export function useCompleteMessage() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const { error } = await client.rpc('update_message_status', { message_id: id });
      if (error) throw error;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}

export interface ReplyRequest {
  messageId: string;
  subject: string;
  body: string;
  /** Complete the message once the reply is sent ("Send and mark complete", issue 32). */
  complete?: boolean;
}

/** `POST /functions/v1/reply-message`: the answer is queued and sent by e-mail. */
export function useReplyMessage() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (reply: ReplyRequest) => {
      const { data, error } = await client.functions.invoke<{ queued: true; jobId: string }>('reply-message', { body: reply });
      if (error) throw error;
      return data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}

/** A private attachment's signed link (valid one hour). */
export async function signedLink(client: KanisaClient, path: string): Promise<string> {
  const { data, error } = await client.storage.from('church-files').createSignedUrl(path, 3600);
  if (error) throw error;
  return data.signedUrl;
}

export function useTemplates() {
  const client = useKanisa();
  return useQuery({
    queryKey: templateKeys.all,
    queryFn: async ({ signal }) => {
      const request = client.from('message_templates').select('id, name, type, content, category, is_active, created_at').order('name');
      const { data, error } = await request.abortSignal(signal).returns<MessageTemplate[]>();
      if (error) throw error;
      return data;
    },
  });
}

export function useSaveTemplate() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, row }: { id: string | null; row: TemplateInput }) => {
      const request = id
        ? client.from('message_templates').update({ ...row }).eq('id', id).select('id').single()
        : client.from('message_templates').insert({ ...row }).select('id').single();
      const { error } = await request;
      if (error) throw error;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

export function useDeleteTemplate() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const { error } = await client.from('message_templates').delete().eq('id', id).select('id').single();
      if (error) throw error;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}
