import { useEffect, useState } from 'react';

/**
 * `value` once it has stopped changing for `delay` ms (a search typed into a box settles before the
 * server is asked). The first render answers `value` itself.
 */
export function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSettled(value);
    }, delay);
    return () => {
      clearTimeout(timer);
    };
  }, [value, delay]);
  return settled;
}
