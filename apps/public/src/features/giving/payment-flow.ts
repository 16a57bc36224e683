import type { PaymentRequest, PaymentStatus } from '@kanisa/client';
import { useReducer } from 'react';
import { refusalOf, type FieldErrors } from '../../lib/form';
import { useCreatePayment } from './api/create-payment';
import { usePaymentPolling, type PaymentCheck } from './api/poll-payment';
import { cancelledOrFailedText, initiationFailedText, MAX_POLL_ATTEMPTS } from './payment';

/**
 * The payment dialog's states (public-site.md §4 "Payment status"): ready (the form), initiating
 * (the POST), pending (the prompt is on the phone; polled), then completed, cancelled, failed
 * (back to the form with the reason), timeout (expired, or still pending after 30 checks) or
 * unverified (the last check could not reach the server: "verification timed out").
 */
export type PaymentFlow =
  | { phase: 'ready' }
  | { phase: 'initiating' }
  | { phase: 'pending'; payment: PaymentStatus; attempts: number }
  | { phase: 'completed'; payment: PaymentStatus }
  | { phase: 'cancelled'; payment: PaymentStatus }
  /** `error`: the failure alert's reason (none when the fields' own messages say it). */
  | { phase: 'failed'; error: string | null; fields: FieldErrors; payment: PaymentStatus | null }
  | { phase: 'timeout'; payment: PaymentStatus }
  | { phase: 'unverified'; payment: PaymentStatus };

export type PaymentPhase = PaymentFlow['phase'];

export type FlowEvent =
  | { type: 'initiate' }
  | { type: 'created'; payment: PaymentStatus }
  | { type: 'refused'; message: string; errors: FieldErrors }
  | ({ type: 'checked' } & PaymentCheck)
  /** The donor edited a field: the server's message for it no longer applies. */
  | { type: 'edited'; field: string };

export const readyFlow: PaymentFlow = { phase: 'ready' };

/** Where a payment's reported status leads; `attempts` checks have been made so far. */
function settle(payment: PaymentStatus, attempts: number): PaymentFlow {
  const status: string = payment.status;
  switch (status) {
    case 'completed':
      return { phase: 'completed', payment };
    case 'cancelled':
      return { phase: 'cancelled', payment };
    case 'failed':
      return { phase: 'failed', error: payment.resultDesc ? payment.resultDesc.trim() || cancelledOrFailedText() : cancelledOrFailedText(), fields: {}, payment };
    case 'expired':
      return { phase: 'timeout', payment };
    case 'pending':
      return attempts >= MAX_POLL_ATTEMPTS ? { phase: 'timeout', payment } : { phase: 'pending', payment, attempts };
    default:
      // A status the server may add (e.g. `error`: the prompt's fate is unknown) is not an
      // answer: keep watching, and say the payment could not be verified if it never settles.
      return attempts >= MAX_POLL_ATTEMPTS ? { phase: 'unverified', payment } : { phase: 'pending', payment, attempts };
  }
}

export function flowReducer(flow: PaymentFlow, event: FlowEvent): PaymentFlow {
  switch (event.type) {
    case 'initiate':
      return flow.phase === 'ready' || flow.phase === 'failed' ? { phase: 'initiating' } : flow;
    case 'created':
      return flow.phase === 'initiating' ? settle(event.payment, 0) : flow;
    case 'refused': {
      if (flow.phase !== 'initiating') return flow;
      // A phone or amount message shows beside its field; anything else in the failure alert.
      const beside = Boolean(event.errors.phone ?? event.errors.amount);
      return { phase: 'failed', error: beside ? null : event.message, fields: event.errors, payment: null };
    }
    case 'checked': {
      // A late answer for a payment no longer being watched changes nothing.
      if (flow.phase !== 'pending' || flow.payment.id !== event.id) return flow;
      if (event.payment) return settle(event.payment, event.attempt);
      if (event.attempt >= MAX_POLL_ATTEMPTS) return { phase: 'unverified', payment: flow.payment };
      return { ...flow, attempts: event.attempt };
    }
    case 'edited': {
      if (flow.phase !== 'failed' || !(event.field in flow.fields)) return flow;
      const fields = Object.fromEntries(Object.entries(flow.fields).filter(([name]) => name !== event.field));
      return { ...flow, fields };
    }
  }
}

/** The dialog's state and its one action: send the prompt, then watch the payment until it settles. */
export function usePaymentFlow() {
  const [flow, dispatch] = useReducer(flowReducer, readyFlow);
  const create = useCreatePayment();
  usePaymentPolling(flow.phase === 'pending' ? flow.payment.id : null, (check) => {
    dispatch({ type: 'checked', ...check });
  });
  return {
    flow,
    pay: (request: PaymentRequest) => {
      if (flow.phase !== 'ready' && flow.phase !== 'failed') return;
      dispatch({ type: 'initiate' });
      create.mutate(request, {
        onSuccess: (payment) => {
          dispatch({ type: 'created', payment });
        },
        onError: (error) => {
          dispatch({ type: 'refused', ...refusalOf(error, initiationFailedText()) });
        },
      });
    },
    edited: (field: string) => {
      dispatch({ type: 'edited', field });
    },
  };
}
