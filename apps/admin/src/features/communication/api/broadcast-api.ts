import type { KanisaClient, KanisaError } from '@kanisa/client';
import { invalidateTables, useKanisa } from '@kanisa/client/react';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  HISTORY_PAGE,
  PROGRESS_POLL_MS,
  RECIPIENTS_PAGE,
  isNotFound,
  queuedCount,
  readAudiences,
  readBroadcastDetail,
  readBroadcastPage,
  readPreview,
  readReceipt,
  type BroadcastDetail,
  type BroadcastPage,
  type BroadcastPreview,
  type SendReceipt,
  type SendRequest,
} from '../broadcast-rules';
import { broadcastTables, communicationKeys } from './communication-keys';

/**
 * Sends to members and their history (issue 19): `POST /functions/v1/send-broadcast` (preview
 * and send), `get_message_audiences`, `get_broadcasts`, `get_broadcast` (read by GET: they only
 * read), and the upcoming events a message may name. The functions answer JSON; broadcast-rules'
 * readers check it at the boundary.
 */

export async function getAudiences(client: KanisaClient, signal?: AbortSignal) {
  let request = client.rpc('get_message_audiences', {}, { get: true });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return readAudiences(data);
}

export async function getBroadcasts(client: KanisaClient, limit: number, offset: number, signal?: AbortSignal): Promise<BroadcastPage> {
  let request = client.rpc('get_broadcasts', { p_limit: limit, p_offset: offset }, { get: true });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return readBroadcastPage(data);
}

export async function getBroadcast(client: KanisaClient, id: string, offset: number, signal?: AbortSignal): Promise<BroadcastDetail> {
  let request = client.rpc('get_broadcast', { p_id: id, p_limit: RECIPIENTS_PAGE, p_offset: offset }, { get: true });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return readBroadcastDetail(data);
}

export interface UpcomingEvent {
  id: string;
  title: string;
  start_date: string;
}

/** Published events from now on, soonest first: the ones a message may remind of. */
export async function getUpcomingEvents(client: KanisaClient, signal?: AbortSignal): Promise<UpcomingEvent[]> {
  let request = client
    .from('events')
    .select('id, title, start_date')
    .gte('start_date', new Date().toISOString())
    .eq('is_published', true)
    .order('start_date', { ascending: true })
    .limit(50);
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return data;
}

export const audiencesQuery = (client: KanisaClient) =>
  queryOptions({ queryKey: communicationKeys.audiences(), queryFn: ({ signal }) => getAudiences(client, signal), staleTime: 60_000 });

export const upcomingEventsQuery = (client: KanisaClient) =>
  queryOptions({ queryKey: communicationKeys.upcomingEvents(), queryFn: ({ signal }) => getUpcomingEvents(client, signal), staleTime: 60_000 });

/** A page of sends, newest first (`page` from 0). */
export const broadcastsQuery = (client: KanisaClient, page: number, size: number = HISTORY_PAGE) =>
  queryOptions({
    queryKey: communicationKeys.broadcasts(size, page * size),
    queryFn: ({ signal }) => getBroadcasts(client, size, page * size, signal),
    meta: { tables: broadcastTables },
    placeholderData: keepPreviousData,
  });

/** One send with a page of its recipients; asked again every 2 s while any message is queued. */
export const broadcastQuery = (client: KanisaClient, id: string, page: number) =>
  queryOptions({
    queryKey: communicationKeys.broadcast(id, page * RECIPIENTS_PAGE),
    queryFn: ({ signal }) => getBroadcast(client, id, page * RECIPIENTS_PAGE, signal),
    meta: { tables: broadcastTables },
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data && queuedCount(query.state.data.broadcast) > 0 ? PROGRESS_POLL_MS : false),
    retry: (failures, error) => !isNotFound(error) && failures < 2,
  });

export function useAudiences() {
  return useQuery(audiencesQuery(useKanisa()));
}

export function useUpcomingEvents() {
  return useQuery(upcomingEventsQuery(useKanisa()));
}

export function useBroadcasts(page: number, size: number = HISTORY_PAGE) {
  return useQuery(broadcastsQuery(useKanisa(), page, size));
}

export function useBroadcast(id: string, page: number) {
  return useQuery(broadcastQuery(useKanisa(), id, page));
}

async function invoke(client: KanisaClient, request: SendRequest): Promise<unknown> {
  const { data, error } = await client.functions.invoke<unknown>('send-broadcast', { body: request });
  if (error) throw error;
  return data;
}

/** `preview: true`: who would be reached, who is skipped, parts and cost; nothing is sent. */
export function usePreviewBroadcast() {
  const client = useKanisa();
  return useMutation<BroadcastPreview, KanisaError, SendRequest>({
    mutationFn: async (request) => readPreview(await invoke(client, { ...request, preview: true })),
  });
}

/** The send itself (202): its messages are queued; History shows how they fare. */
export function useSendBroadcast() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation<SendReceipt, KanisaError, SendRequest>({
    mutationFn: async (request) => {
      const send: SendRequest = { ...request };
      delete send.preview;
      return readReceipt(await invoke(client, send));
    },
    onSettled: () => invalidateTables(queryClient, broadcastTables),
  });
}
