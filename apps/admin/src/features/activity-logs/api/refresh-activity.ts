import { invalidateTables } from '@kanisa/client/react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * Refresh: the screen writes nothing, and the log's lines are the server's, so the reads of
 * admin_activity_logs (the timeline and the cards) are marked stale by hand and read again.
 */
export function useRefreshActivity(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => void invalidateTables(queryClient, ['admin_activity_logs']), [queryClient]);
}
