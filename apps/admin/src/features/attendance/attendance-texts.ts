import { KanisaError } from '@kanisa/client';

/**
 * The attendance screens' words (back-office.md §2.9, §8 Attendance). The original's "Ensure
 * database table exists (see migration instructions)" and its table-missing banner are gone: the
 * schema always exists now (issue 16), so a failure says what actually went wrong.
 */
export const attendanceTexts = {
  saved: 'Attendance saved',
  saveFailed: 'Failed to save attendance',
  loadFailed: 'Failed to load attendance',
  empty: 'No attendance records yet',
};

/**
 * A failure as the banner explains it: the server's message (§8: "a banner with the message"),
 * put in words a church secretary can act on when it is a refusal or the server or database is
 * out of reach.
 */
export function problemMessage(error: unknown): string | undefined {
  if (error instanceof KanisaError) {
    if (error.status === 0) return error.message; // "Could not reach the server. Check your internet connection…"
    if (error.status === 401 || error.status === 403) {
      return 'You do not have permission to record attendance (manage_attendance). Ask a Super Admin if you should.';
    }
    if (error.status === 503 || error.status === 502 || error.status === 504) {
      return `The database cannot be reached right now, so nothing was read or saved. Please try again in a few minutes. (${error.message})`;
    }
    return error.message || undefined;
  }
  if (error instanceof Error && error.message) return error.message;
  return undefined;
}
