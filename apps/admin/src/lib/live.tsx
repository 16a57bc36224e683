import type { LiveStatus, RowChange } from '@kanisa/client';
import { useKanisa, useLiveTables } from '@kanisa/client/react';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/**
 * The tables the back office follows live (those the server publishes, migration 0053): a new
 * prayer request or message, a completed gift, a member, sermon, event or announcement written
 * anywhere marks every read of its table stale, so the open screen (its list, the dashboard's
 * counts, the financial figures) refetches within moments. Rows arrive only as the signed-in
 * person's policies allow. When the socket is refused or down, the screens refetch as before.
 */
export const LIVE_TABLES = [
  'prayer_requests',
  'messages',
  'giving_records',
  'members',
  'sermons',
  'events',
  'announcements',
] as const;

export type LiveTable = (typeof LIVE_TABLES)[number];

/** How many arrivals per table a screen remembers as new (the oldest are forgotten first). */
const REMEMBERED = 50;

interface Live {
  status: LiveStatus | undefined;
  /** Ids of rows inserted since the back office opened, newest last, per table. */
  arrivals: Partial<Record<LiveTable, readonly string[]>>;
}

const LiveContext = createContext<Live>({ status: undefined, arrivals: {} });

/**
 * Follows {@link LIVE_TABLES} while the signed-in frame is shown and tells the screens inside it
 * which rows arrived meanwhile ({@link useArrivals}) and whether the socket holds
 * (`status`: undefined when live updates are off).
 */
export function LiveBackOffice({ children }: { children: (status: LiveStatus | undefined) => ReactNode }) {
  const [arrivals, setArrivals] = useState<Live['arrivals']>({});
  const heard = useCallback((change: RowChange) => {
    const id = change.new.id;
    if (change.eventType !== 'INSERT' || typeof id !== 'string') return;
    const table = change.table as LiveTable;
    setArrivals((now) => ({ ...now, [table]: [...(now[table] ?? []), id].slice(-REMEMBERED) }));
  }, []);
  const status = useLiveTables(useKanisa().realtime, LIVE_TABLES, heard);
  const live = useMemo(() => ({ status, arrivals }), [status, arrivals]);
  return <LiveContext.Provider value={live}>{children(status)}</LiveContext.Provider>;
}

const none: ReadonlySet<string> = new Set();

/** The ids of `table`'s rows that arrived while the back office was open (a quiet highlight). */
export function useArrivals(table: LiveTable): ReadonlySet<string> {
  const ids = useContext(LiveContext).arrivals[table];
  return useMemo(() => (ids ? new Set(ids) : none), [ids]);
}
