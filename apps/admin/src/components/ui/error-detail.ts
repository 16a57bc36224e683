import { KanisaError } from '@kanisa/client';

/**
 * A second line for an error alert when it helps a non-technical user act: "no connection" is
 * worth saying; a database message is not (it is logged for whoever looks at the console).
 */
export function errorDetail(error: unknown): string | undefined {
  if (error instanceof KanisaError && error.status === 0) return error.message;
  return undefined;
}

/** The server's own words for an error, for the texts that include them ('Error saving leader: {error}'). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}
