import { tableKeys } from '@kanisa/client/react';

/**
 * Query keys of attendance. They sit under the client's `['kanisa', 'attendance_aggregates']`
 * prefix, so a save here also refreshes any other read of the table (reports) and vice versa.
 */
export const attendanceKeys = {
  all: tableKeys('attendance_aggregates').all,
  page: (page: number) => [...attendanceKeys.all, 'page', page] as const,
  recent: () => [...attendanceKeys.all, 'recent'] as const,
  latestDate: () => [...attendanceKeys.all, 'latest-date'] as const,
  day: (date: string) => [...attendanceKeys.all, 'day', date] as const,
  previous: (date: string) => [...attendanceKeys.all, 'previous', date] as const,
};
