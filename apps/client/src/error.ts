/**
 * The one error type the client hands back. The server answers failures with a JSON envelope
 * `{code, message, details, hint}` (PostgREST style); auth and storage endpoints may use their
 * upstream shapes (`{error_code, msg}`, `{error, error_description}`, `{statusCode, error,
 * message}`), so `fromResponseBody` reads all of them into the same four fields.
 */

export interface KanisaErrorInit {
  code: string;
  message: string;
  details?: string | null;
  hint?: string | null;
  /** HTTP status; 0 when no response arrived. */
  status?: number;
  /** Per-field messages of a refused form (`/functions/v1`): field name → message. */
  fields?: Record<string, string> | null;
  cause?: unknown;
}

export class KanisaError extends Error {
  override readonly name = 'KanisaError';
  readonly code: string;
  readonly details: string | null;
  readonly hint: string | null;
  readonly status: number;
  readonly fields: Record<string, string> | null;

  constructor(init: KanisaErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.details = init.details ?? null;
    this.hint = init.hint ?? null;
    this.status = init.status ?? 0;
    this.fields = init.fields ?? null;
  }

  /** No response: offline, DNS failure, connection refused, CORS refusal. */
  static network(cause: unknown): KanisaError {
    return new KanisaError({
      code: NETWORK_ERROR,
      message: 'Could not reach the server. Check your internet connection and try again.',
      cause,
    });
  }

  static aborted(cause: unknown): KanisaError {
    return new KanisaError({ code: ABORTED, message: 'The request was cancelled.', cause });
  }

  /** Builds the error for a non-2xx response from its (parsed JSON or raw text) body. */
  static fromResponseBody(status: number, body: unknown): KanisaError {
    const fallback = `The server could not complete the request (HTTP ${String(status)}).`;
    if (!isRecord(body)) {
      return new KanisaError({ code: `http_${String(status)}`, message: fallback, status });
    }
    const code =
      text(body.error_code) ??
      text(body.code) ??
      (typeof body.code === 'number' ? String(body.code) : undefined) ??
      text(body.error) ??
      `http_${String(status)}`;
    const message =
      text(body.message) ?? text(body.msg) ?? text(body.error_description) ?? text(body.error) ?? fallback;
    return new KanisaError({
      code,
      message,
      details: detailText(body.details),
      hint: text(body.hint) ?? null,
      status,
      fields: fieldMessages(body.fields),
    });
  }

  toJSON(): { code: string; message: string; details: string | null; hint: string | null; status: number } {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint, status: this.status };
  }
}

export const NETWORK_ERROR = 'network_error';
export const ABORTED = 'aborted';
export const INVALID_RESPONSE = 'invalid_response';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** `{field: message}` with only the text messages kept; null when there are none. */
function fieldMessages(value: unknown): Record<string, string> | null {
  if (!isRecord(value)) return null;
  const entries = Object.entries(value).flatMap(([name, message]) => {
    const found = text(message);
    return found ? [[name, found] as const] : [];
  });
  return entries.length ? Object.fromEntries(entries) : null;
}

function detailText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}
