import { KanisaError } from '@kanisa/client';
import { errorDetail } from '../../components/ui/error-detail';

/**
 * The second line of a report's error: the server's own words when it refused the request
 * with a readable reason (400: 'Member not found', a bad period; 403: no permission), "no
 * connection" when there was no answer, nothing for a server failure (logged instead).
 */
export function reportProblemDetail(error: unknown): string | undefined {
  if (error instanceof KanisaError && (error.status === 400 || error.status === 403) && error.message) return error.message;
  return errorDetail(error);
}
