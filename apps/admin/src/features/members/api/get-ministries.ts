import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberKeys } from './member-keys';

export interface MinistryChoice {
  id: string;
  name: string;
}

/** The church's active ministries by name: what a member can be linked to. */
export async function getMinistryChoices(client: KanisaClient, signal?: AbortSignal): Promise<MinistryChoice[]> {
  let request = client.from('ministries').select('id, name').eq('is_active', true).order('name', { ascending: true });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return data;
}

export const ministryChoicesQuery = (client: KanisaClient) =>
  queryOptions({ queryKey: memberKeys.ministryChoices(), queryFn: ({ signal }) => getMinistryChoices(client, signal), staleTime: 10 * 60_000 });

export function useMinistryChoices() {
  const client = useKanisa();
  return useQuery(ministryChoicesQuery(client));
}
