import type { KanisaClient } from '@kanisa/client';
import { tableKeys, useKanisa } from '@kanisa/client/react';
import { queryOptions, useQuery } from '@tanstack/react-query';

export interface ServiceModes {
  email_simulated: boolean;
  sms_simulated: boolean;
  payments_simulated: boolean;
}

/** Which outside services the server only simulates (spec README point 19): `GET /functions/v1/service-modes`. */
export async function fetchServiceModes(client: KanisaClient, signal?: AbortSignal): Promise<ServiceModes> {
  const { data, error } = await client.functions.serviceModes(signal);
  if (error) throw error;
  return {
    email_simulated: !data.email.live,
    sms_simulated: !data.sms.live,
    payments_simulated: !data.payments.live,
  };
}

/**
 * What the service modes are read from, as a write names it: the server's own view of its
 * channels (`service_modes`, no table of the API), which follows a settings save a few seconds later.
 */
export const serviceModesTables = ['service_modes'];

export function serviceModesQuery(client: KanisaClient) {
  return queryOptions({
    queryKey: tableKeys('service_modes').request('modes'),
    queryFn: ({ signal }) => fetchServiceModes(client, signal),
    staleTime: 10 * 60_000,
  });
}

/** The service modes (the demo banner, the dashboard's deliveries card). */
export function useServiceModes() {
  return useQuery(serviceModesQuery(useKanisa()));
}

/** "a", "a and b", "a, b and c". */
function list(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;
}

/**
 * The demo-mode banner's text, naming what is simulated; null when nothing is.
 * "Demo mode: e-mail, SMS and payments are simulated — nothing is really sent or charged."
 */
export function demoModeText(modes: ServiceModes | null | undefined): string | null {
  if (!modes) return null;
  const names: string[] = [];
  if (modes.email_simulated) names.push('e-mail');
  if (modes.sms_simulated) names.push('SMS');
  if (modes.payments_simulated) names.push('payments');
  if (names.length === 0) return null;
  const sent = modes.email_simulated || modes.sms_simulated;
  const what = [sent ? 'sent' : '', modes.payments_simulated ? 'charged' : ''].filter(Boolean).join(' or ');
  const verb = names.length === 1 && names[0] !== 'payments' ? 'is' : 'are';
  return `Demo mode: ${list(names)} ${verb} simulated — nothing is really ${what}.`;
}
