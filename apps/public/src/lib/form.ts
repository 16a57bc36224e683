import { ABORTED, INVALID_RESPONSE, KanisaError, NETWORK_ERROR } from '@kanisa/client';
import { msisdn } from '@kanisa/client/phone';
import { useReducer, useRef } from 'react';
import { t, type MessageKey } from '../i18n';
import { newIdempotencyKey } from './deliver';
import { useSiteMutation, type SiteClient } from './site-data';

/**
 * The one engine behind the public forms (request forms, contact forms): values, per-field
 * messages and the states of spec §4 — idle, sending, success, error. A refused send keeps the
 * values for a retry and shows the server's message, and each field's message beside it.
 */

/** Field name → the message shown beside it. */
export type FieldErrors = Partial<Record<string, string>>;

export type FormStatus = 'idle' | 'sending' | 'success' | 'error';

export interface FormState<V> {
  values: V;
  errors: FieldErrors;
  status: FormStatus;
  /** The form's general message while in `error`. */
  message: string | null;
  /** Counts refusals, so the form can move focus to the first field to fix after each. */
  refusals: number;
  /** Counts successful sends. */
  sent: number;
  /**
   * The last send was kept on the phone (no network) rather than stored: it goes out when the
   * connection returns (lib/outbox.ts). Set with `sent`.
   */
  queued: boolean;
  /** The idempotency key of the form kept on the phone (the outbox's key), while `queued`. */
  queuedKey: string | null;
}

export type FormAction<V> =
  | { type: 'change'; values: Partial<V> }
  | { type: 'send' }
  /**
   * With `reset`, the form starts over with those values (idle) instead of staying sent;
   * `queued`: kept on the phone until the network returns.
   */
  | { type: 'sent'; reset?: V; queued?: boolean; key?: string }
  | { type: 'refused'; message: string; errors: FieldErrors };

/** The general message of a form refused before sending (the server's words for the same case), in the page's language. */
export function checkFieldsMessage(): string {
  return t('forms.checkFields');
}

export function initialFormState<V>(values: V): FormState<V> {
  return { values, errors: {}, status: 'idle', message: null, refusals: 0, sent: 0, queued: false, queuedKey: null };
}

export function formReducer<V>(state: FormState<V>, action: FormAction<V>): FormState<V> {
  switch (action.type) {
    case 'change': {
      // Editing a field clears its message; nothing changes while sending or once sent.
      if (state.status === 'sending' || state.status === 'success') return state;
      const changed = new Set(Object.keys(action.values));
      const errors = Object.fromEntries(Object.entries(state.errors).filter(([name]) => !changed.has(name)));
      return { ...state, values: { ...state.values, ...action.values }, errors };
    }
    case 'send':
      return { ...state, status: 'sending', errors: {}, message: null };
    case 'sent': {
      const queued = action.queued ?? false;
      const queuedKey = queued ? (action.key ?? null) : null;
      return action.reset
        ? { ...state, values: action.reset, status: 'idle', errors: {}, message: null, sent: state.sent + 1, queued, queuedKey }
        : { ...state, status: 'success', errors: {}, message: null, sent: state.sent + 1, queued, queuedKey };
    }
    case 'refused':
      return { ...state, status: 'error', message: action.message, errors: action.errors, refusals: state.refusals + 1 };
  }
}

const EMAIL = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;

/** E-mail-shaped: one @, a dotted domain, no spaces (as the server checks it). */
export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim()) && !value.trim().endsWith('.');
}

/** Adds `message` for `name` when `value` is blank. */
export function requireText(errors: FieldErrors, name: string, value: string, message: string): void {
  if (!value.trim()) errors[name] = message;
}

/**
 * A form's optional contact number as the server's forms take it (kanisa-functions,
 * submissions/form.rs): a Kenyan mobile number in any spelling Kanisa's one phone rule reads
 * (`@kanisa/client/phone`, the crate kanisa-phone's: `(0712) 345.678` too), or another number
 * (a landline, a number abroad) of 7 to 15 digits written with digits, `+`, spaces, hyphens,
 * dots and brackets only. Blank is no number, and fine.
 */
export function isContactPhone(phone: string): boolean {
  const typed = phone.trim();
  if (typed === '' || msisdn(typed)) return true;
  const digits = typed.replace(/[^0-9]/g, '').length;
  return /^[0-9+ ().-]+$/.test(typed) && digits >= 7 && digits <= 15;
}

/** Name, e-mail (required and e-mail-shaped) and an optional phone: every public form asks these. */
export function checkContact(errors: FieldErrors, values: { name: string; email: string; phone: string }, nameMessage: string): void {
  requireText(errors, 'name', values.name, nameMessage);
  requireText(errors, 'email', values.email, t('forms.enterEmail'));
  if (!errors.email && !isEmail(values.email)) errors.email = t('forms.invalidEmail');
  if (!isContactPhone(values.phone)) errors.phone = t('forms.invalidPhone');
}

/** The API client's own failures (no answer from the server): said in the page's language. */
const CLIENT_FAILURES: Partial<Record<string, MessageKey>> = {
  [NETWORK_ERROR]: 'forms.networkError',
  [INVALID_RESPONSE]: 'forms.invalidResponse',
  [ABORTED]: 'forms.aborted',
};

/**
 * What to show for a failed send: the server's message and field messages (as the server wrote
 * them), the client's own failure (no connection…) in the page's language, or `fallback` when
 * the answer had no message of its own (a bare HTTP status, or not a KanisaError at all).
 */
export function refusalOf(error: unknown, fallback: string): { message: string; errors: FieldErrors } {
  if (error instanceof KanisaError) {
    const client = CLIENT_FAILURES[error.code];
    const own = !error.code.startsWith('http_');
    return { message: client ? t(client) : own ? error.message : fallback, errors: error.fields ?? {} };
  }
  return { message: fallback, errors: {} };
}

export interface FormEngine<V> {
  state: FormState<V>;
  change: (values: Partial<V>) => void;
  /** Checks the values; sends them when they pass. */
  submit: () => void;
}

/**
 * A form's state and its send, as a hook: `validate` runs first (its messages refuse the form
 * with "Please check the highlighted fields."), then `send` (a React Query mutation); a failure becomes the refusal of
 * `refusalOf(error, fallback)`.
 *
 * Each submission gets a fresh idempotency key, handed to `send`; a retry of the same
 * submission (after a refusal or a server error) sends the same key again, so the server
 * stores it at most once. A new key is made only after a send succeeded (or was queued).
 * `send` gets the client of the page (lib/site-data.tsx) and answers whether the form was
 * stored or `queued` on the phone (lib/deliver.ts).
 */
export function useFormEngine<V, R extends { queued: boolean }>(options: {
  initial: V;
  validate: (values: V) => FieldErrors;
  send: (client: SiteClient, values: V, idempotencyKey: string) => Promise<R>;
  fallback: string;
  /** After a send, start over with the initial values instead of staying in `success`. */
  resetOnSent?: boolean;
}): FormEngine<V> {
  const [state, dispatch] = useReducer(formReducer<V>, options.initial, initialFormState);
  const key = useRef<string | null>(null);
  const mutation = useSiteMutation((client, { values, idempotencyKey }: { values: V; idempotencyKey: string }) => options.send(client, values, idempotencyKey));
  return {
    state,
    change: (values) => {
      dispatch({ type: 'change', values });
    },
    submit: () => {
      if (state.status === 'sending' || state.status === 'success') return;
      const errors = options.validate(state.values);
      if (Object.keys(errors).length) {
        dispatch({ type: 'refused', message: checkFieldsMessage(), errors });
        return;
      }
      dispatch({ type: 'send' });
      const values = state.values;
      key.current ??= newIdempotencyKey();
      const idempotencyKey = key.current;
      mutation.mutate({ values, idempotencyKey }, {
        onSuccess: (result) => {
          key.current = null;
          const sent = { type: 'sent', queued: result.queued, key: idempotencyKey } as const;
          dispatch(options.resetOnSent ? { ...sent, reset: options.initial } : sent);
        },
        onError: (error) => {
          dispatch({ type: 'refused', ...refusalOf(error, options.fallback) });
        },
      });
    },
  };
}
