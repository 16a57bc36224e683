import { tableKeys } from '@kanisa/client/react';
import type { CategoryFilter, CategoryId, DateRange } from '../activity-rules';

/**
 * Query keys of the activity log, under the client's `['kanisa', 'admin_activity_logs']`
 * prefix. The screen writes nothing; Refresh asks for `all` again.
 */
export const activityKeys = {
  all: tableKeys('admin_activity_logs').all,
  /** The timeline: the latest entries of a category (or All) in a range. */
  timeline: (category: CategoryFilter, range: DateRange) => [...activityKeys.all, 'timeline', category, range] as const,
  /** One summary card: a category's count in a range and its latest entries. */
  summary: (category: CategoryId, range: DateRange) => [...activityKeys.all, 'summary', category, range] as const,
};
