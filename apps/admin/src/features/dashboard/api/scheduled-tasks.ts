import { useRpc } from '@kanisa/client/react';

/**
 * The periodic tasks with their last run and failure (`rpc/get_scheduled_tasks`, migration
 * 0025). The server answers only a Super Admin with system_settings; `enabled` is false for
 * anyone else, so nothing is asked. Nothing the back office writes changes it: it is read again
 * every minute while the dashboard is open.
 */
export function useScheduledTasks(enabled: boolean) {
  return useRpc('get_scheduled_tasks', {}, { enabled, refetchInterval: 60_000 });
}
