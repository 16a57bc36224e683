import { useMutation } from '@tanstack/react-query';
import type { PaymentRequest, PaymentStatus } from '@kanisa/client';
import { kanisa } from '../../../lib/kanisa';
import { queryClient } from '../../../lib/query-client';

/**
 * `POST /functions/v1/payments`: the server sends the prompt to the donor's phone and answers
 * with the payment, pending. A refusal throws the client's KanisaError (its `fields` name the
 * phone or amount problem).
 */
export async function createPayment(request: PaymentRequest): Promise<PaymentStatus> {
  const { data, error } = await kanisa.functions.payments.create(request);
  if (error) throw error;
  return data;
}

/** The prompt as a mutation. Never retried: a second POST would be a second prompt. */
export function useCreatePayment() {
  return useMutation({ mutationFn: createPayment, retry: false }, queryClient);
}
