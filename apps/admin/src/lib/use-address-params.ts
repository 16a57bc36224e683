import { useCallback, useState } from 'react';
import { createSearchParams, useLocation, useSearchParams, type SetURLSearchParams } from 'react-router-dom';

/** The address this page asked for, and the router's location (its key) when it asked. */
interface Pending {
  readonly params: URLSearchParams;
  readonly from: string;
}

/**
 * `useSearchParams` for a page whose form controls (radios, selects, period fields) show the
 * address: a change is shown at once. `BrowserRouter` renders a navigation in a transition, and
 * until it lands React puts a just-clicked controlled radio or select back to its old value (CI
 * saw a clicked radio stay unchecked; react-router's `flushSync` option only works in data
 * routers). So the asked-for address is kept in ordinary state, rendered with the click, and
 * shown until the router moves to another location (the one asked for, or by Back/Forward to
 * another; locations are told apart by key, so the same address twice is still a move).
 */
export function useAddressParams(): [URLSearchParams, SetURLSearchParams] {
  const [routerParams, setRouterParams] = useSearchParams();
  const [pending, setPending] = useState<Pending | null>(null);
  const routerKey = useLocation().key;
  const waiting = pending !== null && pending.from === routerKey;
  // Once the router has moved, its address rules again (Back may later return to `from`).
  if (pending !== null && !waiting) setPending(null);
  const shown = waiting ? pending.params : routerParams;

  const setNow = useCallback<SetURLSearchParams>(
    (next, options) => {
      const params = createSearchParams(typeof next === 'function' ? next(shown) : next);
      setPending({ params, from: routerKey });
      setRouterParams(params, options);
    },
    [shown, routerKey, setRouterParams],
  );
  return [shown, setNow];
}
