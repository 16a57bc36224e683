import type { Database, KanisaClient } from '@kanisa/client';
import { invalidateTables, useKanisa } from '@kanisa/client/react';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readKeyedPage, type PageOf, type PageParams } from '../../../components/ui/paged-list';
import { CATEGORIES, categoryFilter, type CategoryId, type TemplateInput } from '../communication-rules';
import { communicationKeys } from './communication-keys';

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

const columns =
  'id, subject, message, sender_name, sender_email, sender_phone, recipient_name, department, submission_type, attachments, status, source, created_at, email_sent_at, reply_simulated';

/** Cards per page of a category view. */
export const PAGE_SIZE = 24;

/**
 * How many open messages (not yet completed) each category holds: one count request per
 * category (count=exact, no rows). A completed request leaves the count (issue 32).
 */
export function getCategoryCounts(client: KanisaClient, signal?: AbortSignal): Promise<Record<CategoryId, number>> {
  return countByCategory(client, true, signal);
}

/**
 * How many messages each category tab lists, whatever their status (§2.17: "each category tab
 * shows a count badge and cards" — the count of its cards before any filter): one count request
 * per category, counted by the server over every message (count=exact, no rows, no cap).
 */
export function getCategoryTotals(client: KanisaClient, signal?: AbortSignal): Promise<Record<CategoryId, number>> {
  return countByCategory(client, false, signal);
}

async function countByCategory(client: KanisaClient, openOnly: boolean, signal?: AbortSignal): Promise<Record<CategoryId, number>> {
  const entries = await Promise.all(
    CATEGORIES.map(async (category) => {
      let request = client.from('messages').select('id', { count: 'exact', head: true }).or(categoryFilter(category.id));
      if (openOnly) request = request.neq('status', 'completed');
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

export const categoryCountsQuery = (client: KanisaClient) =>
  queryOptions({ queryKey: communicationKeys.counts(), queryFn: ({ signal }) => getCategoryCounts(client, signal) });

export const categoryTotalsQuery = (client: KanisaClient) =>
  queryOptions({ queryKey: communicationKeys.totals(), queryFn: ({ signal }) => getCategoryTotals(client, signal) });

export const recentMessagesQuery = (client: KanisaClient) =>
  queryOptions({ queryKey: communicationKeys.recent(), queryFn: ({ signal }) => getRecentMessages(client, signal) });

export const messageStatsQuery = (client: KanisaClient) =>
  queryOptions({ queryKey: communicationKeys.stats(), queryFn: ({ signal }) => getMessageStats(client, signal) });

export const categoryMessagesQuery = (client: KanisaClient, category: CategoryId, params: PageParams<MessageFilters>) =>
  queryOptions({
    queryKey: communicationKeys.list(category, params),
    queryFn: ({ signal }) => getCategoryMessages(client, category, params, signal),
    placeholderData: keepPreviousData,
  });

export function useCategoryCounts() {
  return useQuery(categoryCountsQuery(useKanisa()));
}

export function useCategoryTotals() {
  return useQuery(categoryTotalsQuery(useKanisa()));
}

export function useRecentMessages() {
  return useQuery(recentMessagesQuery(useKanisa()));
}

export function useMessageStats() {
  return useQuery(messageStatsQuery(useKanisa()));
}

export function useCategoryMessages(category: CategoryId, params: PageParams<MessageFilters>) {
  return useQuery(categoryMessagesQuery(useKanisa(), category, params));
}

/** Mark Complete (§4, issue 32): the server moves any open message to completed; 'Message is already complete' otherwise. */
export async function completeMessage(client: KanisaClient, id: string): Promise<void> {
  const { error } = await client.rpc('update_message_status', { message_id: id });
  if (error) throw error;
}

export function useCompleteMessage() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => completeMessage(client, id),
    onSettled: () => invalidateTables(queryClient, ['messages']),
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
export async function replyMessage(client: KanisaClient, reply: ReplyRequest): Promise<{ queued: true; jobId: string }> {
  const { data, error } = await client.functions.invoke<{ queued: true; jobId: string }>('reply-message', { body: reply });
  if (error) throw error;
  return data;
}

export function useReplyMessage() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reply: ReplyRequest) => replyMessage(client, reply),
    onSettled: () => invalidateTables(queryClient, ['messages']),
  });
}

/** A private attachment's signed link (valid one hour). */
export async function signedLink(client: KanisaClient, path: string): Promise<string> {
  const { data, error } = await client.storage.from('church-files').createSignedUrl(path, 3600);
  if (error) throw error;
  return data.signedUrl;
}

/** The signed links of a message's stored attachments, in their order; null where there is none or it could not be made. */
export function getAttachmentLinks(client: KanisaClient, attachments: readonly Attachment[]): Promise<(string | null)[]> {
  return Promise.all(attachments.map((file) => (file.path ? signedLink(client, file.path).catch(() => null) : Promise.resolve(null))));
}

export const attachmentLinksQuery = (client: KanisaClient, message: Message) =>
  queryOptions({
    queryKey: communicationKeys.attachmentLinks(message.id),
    queryFn: () => getAttachmentLinks(client, message.attachments ?? []),
    enabled: (message.attachments ?? []).length > 0,
    staleTime: 30 * 60 * 1000,
  });

/** The detail modal's links; nothing is asked for a message without attachments. */
export function useAttachmentLinks(message: Message) {
  return useQuery(attachmentLinksQuery(useKanisa(), message));
}

export async function getTemplates(client: KanisaClient, signal?: AbortSignal): Promise<MessageTemplate[]> {
  let request = client.from('message_templates').select('id, name, type, content, category, is_active, created_at').order('name');
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request.returns<MessageTemplate[]>();
  if (error) throw error;
  return data;
}

export const templatesQuery = (client: KanisaClient) =>
  queryOptions({ queryKey: communicationKeys.templates(), queryFn: ({ signal }) => getTemplates(client, signal) });

export function useTemplates() {
  return useQuery(templatesQuery(useKanisa()));
}

export interface SaveTemplate {
  /** null for a new template. */
  id: string | null;
  row: TemplateInput;
}

export async function saveTemplate(client: KanisaClient, { id, row }: SaveTemplate): Promise<void> {
  const request = id
    ? client.from('message_templates').update({ ...row }).eq('id', id).select('id').single()
    : client.from('message_templates').insert({ ...row }).select('id').single();
  const { error } = await request;
  if (error) throw error;
}

export function useSaveTemplate() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveTemplate) => saveTemplate(client, input),
    onSettled: () => invalidateTables(queryClient, ['message_templates']),
  });
}

export async function deleteTemplate(client: KanisaClient, id: string): Promise<void> {
  const { error } = await client.from('message_templates').delete().eq('id', id).select('id').single();
  if (error) throw error;
}

export function useDeleteTemplate() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteTemplate(client, id),
    onSettled: () => invalidateTables(queryClient, ['message_templates']),
  });
}
