import { rpcKeys, tableKeys } from '@kanisa/client/react';
import type { PageParams } from '../../../components/ui/paged-list';
import type { CategoryId } from '../communication-rules';
import type { MessageFilters } from './communication-api';

const messages = tableKeys('messages').all;

/**
 * Query keys of the Communication Hub, on the client's prefixes (`tableKeys`, `rpcKeys`): the
 * messages' reads under `['kanisa', 'messages']`, the templates under
 * `['kanisa', 'message_templates']`, the sends under their functions. A write invalidates the
 * tables it changed (`invalidateTables`); the sends' reads name `broadcasts` (the server's
 * kanisa.broadcasts, no table of the API) in `meta.tables`, so a send refreshes them and the reports.
 */
export const communicationKeys = {
  messages,
  counts: () => [...messages, 'hub-counts'] as const,
  totals: () => [...messages, 'hub-totals'] as const,
  recent: () => [...messages, 'hub-recent'] as const,
  stats: () => [...messages, 'hub-stats'] as const,
  list: (category: CategoryId, params: PageParams<MessageFilters>) => [...messages, 'hub-list', category, params] as const,
  /** A message's attachments' signed links (storage, valid an hour; no write makes them stale). */
  attachmentLinks: (messageId: string) => [...tableKeys('storage').all, 'church-files', 'message-attachments', messageId] as const,
  templates: () => tableKeys('message_templates').request('hub'),
  broadcasts: (limit: number, offset: number) => [...rpcKeys('get_broadcasts').all, limit, offset] as const,
  broadcast: (id: string, offset: number) => [...rpcKeys('get_broadcast').all, id, offset] as const,
  audiences: () => rpcKeys('get_message_audiences').all,
  upcomingEvents: () => tableKeys('events').request('broadcast-upcoming'),
};

/** What the sends' reads are made stale by: a send (kanisa.broadcasts and its deliveries). */
export const broadcastTables = ['broadcasts'];
