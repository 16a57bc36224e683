import type { PaymentStatus } from '@kanisa/client';
import { useEffect, useRef } from 'react';
import { useKanisa } from '../../../lib/site-data';
import { MAX_POLL_ATTEMPTS, POLL_EVERY_MS, POLL_FIRST_MS, isSettled } from '../payment';

/** One status check: the payment as it stands, or null when it could not be read. */
export interface PaymentCheck {
  id: string;
  /** 1 for the first check. */
  attempt: number;
  payment: PaymentStatus | null;
}

/**
 * While `id` is set, reads `GET /functions/v1/payments/{id}` 3 s after it was set, then 3 s
 * after each answer that is still pending or could not be read, at most 30 times (spec §4, §9),
 * and hands each result to `onCheck`, with the page's client (lib/site-data.tsx). Stops when
 * the payment settles, when `id` changes and when the component unmounts (the request in
 * flight is aborted).
 */
export function usePaymentPolling(id: string | null, onCheck: (check: PaymentCheck) => void): void {
  const client = useKanisa();
  const latest = useRef(onCheck);
  useEffect(() => {
    latest.current = onCheck;
  });

  useEffect(() => {
    if (id === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;

    const check = async () => {
      attempt += 1;
      const { data } = await client.functions.payments.get(id, controller.signal);
      if (controller.signal.aborted) return;
      latest.current({ id, attempt, payment: data });
      const again = data === null || !isSettled(data);
      if (again && attempt < MAX_POLL_ATTEMPTS) schedule(POLL_EVERY_MS);
    };
    const schedule = (delay: number) => {
      timer = setTimeout(() => {
        void check();
      }, delay);
    };

    schedule(POLL_FIRST_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [client, id]);
}
