import type { KanisaClient } from '@kanisa/client';
import { invalidateTables, tableKeys, useKanisa } from '@kanisa/client/react';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readPage, withSearch, type PageOf, type PageParams } from '../../../components/ui/paged-list';
import { contentColumns, type ContentKind, type ContentRow } from '../content-kinds';

/**
 * Query keys of a kind's table, under the client's `['kanisa', table]` prefix (`tableKeys`), so a
 * write here (`invalidateTables`) also refreshes any other read of the table — the member form's
 * ministries, the sermon form's series — and theirs refresh these.
 */
export const contentKeys = {
  all: (kind: ContentKind) => tableKeys(kind.table).all,
  list: (kind: ContentKind, params: PageParams) => [...contentKeys.all(kind), 'site-content', params] as const,
};

/**
 * The kind's table through the typed client. The kinds' tables differ in their columns, which
 * the field definitions name; the client is asked as for any one of them.
 */
function table(client: KanisaClient, kind: ContentKind) {
  return client.from(kind.table as 'ministries');
}

/** One page of a kind's rows (hidden ones too), in its order, with the true total. */
export async function getContent(client: KanisaClient, kind: ContentKind, { page, search }: PageParams, signal?: AbortSignal): Promise<PageOf<ContentRow>> {
  let request = withSearch(table(client, kind).select(contentColumns(kind) as '*', { count: 'exact' }).returns<ContentRow[]>(), search, kind.search);
  // The kinds' order columns are their own table's (content-kinds.ts).
  for (const [column, ascending] of kind.order) request = request.order(column as 'name', { ascending });
  request = request.order('id', { ascending: true });
  if (signal) request = request.abortSignal(signal);
  return readPage(request, page);
}

export const contentQuery = (client: KanisaClient, kind: ContentKind, params: PageParams) =>
  queryOptions({
    queryKey: contentKeys.list(kind, params),
    queryFn: ({ signal }) => getContent(client, kind, params, signal),
    placeholderData: keepPreviousData,
  });

export function useContent(kind: ContentKind, params: PageParams) {
  const client = useKanisa();
  return useQuery(contentQuery(client, kind, params));
}

export interface SaveContent {
  /** Absent for a new row. */
  id?: string | undefined;
  values: Record<string, unknown>;
}

/** Adds or updates a row; asking for it back turns a silently refused write into an error. */
export async function saveContent(client: KanisaClient, kind: ContentKind, { id, values }: SaveContent): Promise<string> {
  const row = values as never;
  const { data, error } = id
    ? await table(client, kind).update(row).eq('id', id).select('id').single()
    : await table(client, kind).insert(row).select('id').single();
  if (error) throw error;
  return data.id;
}

export function useSaveContent(kind: ContentKind) {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveContent) => saveContent(client, kind, input),
    onSettled: () => invalidateTables(queryClient, [kind.table]),
  });
}
