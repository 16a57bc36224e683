import { createAnonClient } from '@kanisa/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../test/api';
import { renderAt } from '../test/render';
import { createQueryClient } from './query-client';
import type { SiteData } from './site-data';

/** One request the swapped client made. */
interface Seen {
  method: string;
  url: string;
  body: unknown;
}

const SWAPPED = 'https://swapped.example';

/**
 * A client of the test's own, at another origin with its own fetch: the departments page's
 * departments, a pending payment, empty lists for every other read.
 */
function swappedData(seen: Seen[]): SiteData {
  const own: typeof fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
    seen.push({ method, url, body });
    const path = new URL(url).pathname;
    if (path === '/functions/v1/service-modes') {
      return Promise.resolve(json({ email: { live: true }, sms: { live: true }, payments: { live: true, provider: 'mpesa', label: 'M-Pesa', enabled: true } }));
    }
    if (path === '/rest/v1/departments') {
      return Promise.resolve(
        json([
          {
            id: 'd1',
            name: 'Swapped Treasury',
            name_sw: null,
            category: 'administrative',
            description: 'Keeps the books.',
            description_sw: null,
            head: 'Mary',
            contact: null,
            phone: null,
            responsibilities: [],
            responsibilities_sw: null,
            color: null,
          },
        ]),
      );
    }
    if (method === 'POST' && path === '/functions/v1/payments') {
      return Promise.resolve(
        json(
          {
            id: 'pay-1',
            status: 'pending',
            resultCode: null,
            resultDesc: null,
            amount: 500,
            givingType: 'tithe',
            reference: 'KANISA_TIT_1',
            receipt: null,
            provider: 'mpesa',
            providerLabel: 'M-Pesa',
            simulated: false,
            completedAt: null,
          },
          201,
        ),
      );
    }
    return Promise.resolve(json([]));
  };
  return { client: createAnonClient(SWAPPED, 'swapped-key', { fetch: own }), queryClient: createQueryClient() };
}

describe('the data context (lib/site-data.tsx)', () => {
  let global: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    // The site's own client (and a test's default one) would go through the global fetch.
    global = vi.fn(() => Promise.reject(new TypeError('the page used a client other than the one of its context')));
    vi.stubGlobal('fetch', global);
  });

  it('a page reads through the client its context gives it, and no other', async () => {
    const seen: Seen[] = [];
    renderAt('/departments', undefined, swappedData(seen));
    expect(await screen.findByRole('heading', { level: 3, name: 'Swapped Treasury' })).toBeInTheDocument();
    expect(seen.map((request) => `${request.method} ${request.url.split('?')[0] ?? ''}`)).toContain(`GET ${SWAPPED}/rest/v1/departments`);
    // The footer (a lazy chunk of the layout) reads the settings through the same client.
    await waitFor(() => {
      expect(seen.some((request) => request.url.startsWith(`${SWAPPED}/rest/v1/system_settings`))).toBe(true);
    });
    expect(global).not.toHaveBeenCalled();
  });

  it('a page writes through it too: the giving form sends its payment with the swapped client', async () => {
    const seen: Seen[] = [];
    renderAt('/giving', undefined, swappedData(seen));
    fireEvent.change(await screen.findByLabelText(/^Amount \(KES\)/), { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Give Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'M-Pesa Payment' });
    fireEvent.change(within(dialog).getByLabelText(/^Phone Number/), { target: { value: '(0712) 345.678' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay Now' }));
    expect(await within(dialog).findByText('Payment request sent to your phone...')).toBeInTheDocument();
    const payment = seen.find((request) => request.method === 'POST' && request.url === `${SWAPPED}/functions/v1/payments`);
    expect(payment?.body).toEqual({ phone: '254712345678', amount: 500, givingType: 'tithe' });
    expect(global).not.toHaveBeenCalled();
  });
});
