import type { PaymentRequest, PaymentStatus } from '@kanisa/client';
import { useSiteMutation, type SiteClient } from '../../../lib/site-data';

/**
 * `POST /functions/v1/payments`: the server sends the prompt to the donor's phone and answers
 * with the payment, pending. A refusal throws the client's KanisaError (its `fields` name the
 * phone or amount problem).
 */
export async function createPayment(client: SiteClient, request: PaymentRequest): Promise<PaymentStatus> {
  const { data, error } = await client.functions.payments.create(request);
  if (error) throw error;
  return data;
}

/** The prompt as a mutation, with the page's client. Never retried: a second POST would be a second prompt. */
export function useCreatePayment() {
  return useSiteMutation(createPayment, { retry: false });
}
