import { useCallback } from 'react';
import { useSearchParams, type SetURLSearchParams } from 'react-router-dom';

/**
 * `useSearchParams` for a page whose form controls (radios, selects, period fields) show the
 * address: every change is rendered synchronously. React Router renders a navigation in a
 * transition, and until it lands React puts a just-clicked controlled radio or select back to
 * its old value (CI saw a clicked radio stay unchecked).
 */
export function useAddressParams(): [URLSearchParams, SetURLSearchParams] {
  const [params, setParams] = useSearchParams();
  const setNow = useCallback<SetURLSearchParams>(
    (next, options) => {
      setParams(next, { ...options, flushSync: true });
    },
    [setParams],
  );
  return [params, setNow];
}
