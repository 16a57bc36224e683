import { queryOptions } from '@tanstack/react-query';
import type { PaymentProvider, ServiceModes } from '@kanisa/client';
import type { SiteClient } from './kanisa';
import { useSiteQuery } from './site-data';

/**
 * Whether the server really sends e-mail and takes payments (`GET /functions/v1/service-modes`):
 * the request page's demo banner and the contact form's demo notice show when it does not send
 * e-mail (spec §8); the giving page names the payment provider and shows a demo note when
 * payments are simulated. Lazy chunks only (the client and React Query are not in the entry
 * chunk).
 */
export const serviceModeKeys = {
  all: ['service-modes'] as const,
};

/** The service modes' read (lib/site-data.tsx). */
export const serviceModeQueries = {
  current: (client: SiteClient) =>
    queryOptions({
      queryKey: serviceModeKeys.all,
      queryFn: async ({ signal }): Promise<ServiceModes> => {
        const { data, error } = await client.functions.serviceModes(signal);
        if (error) throw error;
        return data;
      },
      staleTime: 10 * 60_000,
    }),
};

/** True once the server has said e-mail is only simulated; false before the answer or without one. */
export function useEmailSimulated(): boolean {
  const { data } = useSiteQuery(serviceModeQueries.current);
  return data ? !data.email.live : false;
}

/** The payment provider the giving page names, and whether giving online is on and real. */
export interface PaymentProviderInfo {
  provider: PaymentProvider;
  /** 'Equity Bank' or 'M-Pesa'. */
  label: string;
  /** The payment dialog's title: '{label} Payment' (spec §2 "Payment dialog"). */
  title: string;
  /** True once the server has said payments are only simulated (demo mode). */
  simulated: boolean;
  /** False once the server has said online giving is off; true before the answer or without one. */
  enabled: boolean;
}

const providerLabels: Record<PaymentProvider, string> = { equity_bank: 'Equity Bank', mpesa: 'M-Pesa' };

/** What the service modes say about payments; Equity Bank, enabled and live until they say otherwise. */
export function paymentProviderOf(modes: ServiceModes | undefined): PaymentProviderInfo {
  // An older server sends only `live`: every other field is read as possibly missing.
  const payments = modes?.payments as Partial<ServiceModes['payments']> | undefined;
  const provider: PaymentProvider = payments?.provider === 'mpesa' ? 'mpesa' : 'equity_bank';
  const given = payments?.label?.trim() ?? '';
  const label = given === '' ? providerLabels[provider] : given;
  return {
    provider,
    label,
    title: `${label} Payment`,
    simulated: payments?.live === false,
    enabled: payments?.enabled !== false,
  };
}

/** The payment provider and modes (`paymentProviderOf` the service modes). */
export function usePaymentProvider(): PaymentProviderInfo {
  const { data } = useSiteQuery(serviceModeQueries.current);
  return paymentProviderOf(data);
}
