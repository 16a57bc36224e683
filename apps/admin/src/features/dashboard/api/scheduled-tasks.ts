import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScheduledTask } from '../scheduled-tasks';
import { dashboardKeys } from './dashboard-keys';

/**
 * The periodic tasks with their last run and failure (`rpc/get_scheduled_tasks`, migration
 * 0025). The server answers only a Super Admin with system_settings.
 */
export async function getScheduledTasks(client: KanisaClient, signal?: AbortSignal): Promise<ScheduledTask[]> {
  let request = client.rpc('get_scheduled_tasks', {});
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return data;
}

/** Nothing the back office writes changes it: it is read again every minute while the dashboard is open. */
export const scheduledTasksQuery = (client: KanisaClient) =>
  queryOptions({
    queryKey: dashboardKeys.scheduledTasks(),
    queryFn: ({ signal }) => getScheduledTasks(client, signal),
    refetchInterval: 60_000,
  });

/** `enabled` is false for anyone but a Super Admin with system_settings, so nothing is asked. */
export function useScheduledTasks(enabled: boolean) {
  return useQuery({ ...scheduledTasksQuery(useKanisa()), enabled });
}
