import { KanisaError } from '@kanisa/client';

/**
 * Reading a function's JSON answer (jsonb, typed `Json` by the generated types) at the boundary:
 * each accessor checks one field and throws an `invalid_response` KanisaError naming the field
 * that does not fit — a mismatch is an error, never a guess.
 */

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A reader of one answer. `what` names it in the error's message ('The server answered the
 * statement in an unexpected way.'); without it the message is 'The server answered in an
 * unexpected way.'. The field that did not fit is the error's details.
 */
export function answerReader(what?: string) {
  const message = `The server answered ${what ? `the ${what} ` : ''}in an unexpected way.`;
  const fail = (detail: string) => new KanisaError({ code: 'invalid_response', message, details: detail });
  const record = (value: unknown, name: string): Record<string, unknown> => {
    if (!isRecord(value)) throw fail(`${name} is not an object`);
    return value;
  };
  const list = (value: unknown, name: string): unknown[] => {
    if (!Array.isArray(value)) throw fail(`${name} is not a list`);
    return value;
  };
  const text = (value: unknown, name: string): string => {
    if (typeof value !== 'string') throw fail(`${name} is not text`);
    return value;
  };
  const textOrNull = (value: unknown, name: string): string | null => (value === null || value === undefined ? null : text(value, name));
  /** A JSON number (numeric text is read too: PostgreSQL's numeric may travel either way). */
  const number = (value: unknown, name: string): number => {
    const read = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof read !== 'number' || !Number.isFinite(read)) throw fail(`${name} is not a number`);
    return read;
  };
  const count = (value: unknown, name: string): number => {
    const read = number(value, name);
    if (!Number.isInteger(read) || read < 0) throw fail(`${name} is not a count`);
    return read;
  };
  return { fail, record, list, text, textOrNull, number, count };
}

export type AnswerReader = ReturnType<typeof answerReader>;
