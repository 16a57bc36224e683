import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSettled } from './use-settled';

afterEach(() => {
  vi.useRealTimers();
});

describe('useSettled', () => {
  it('answers a value only once it has stopped changing for the delay', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ value }) => useSettled(value, 250), { initialProps: { value: '' } });
    expect(result.current).toBe('');
    rerender({ value: 'w' });
    act(() => {
      vi.advanceTimersByTime(200);
    });
    rerender({ value: 'wa' });
    act(() => {
      vi.advanceTimersByTime(200);
    });
    // 'w' never settled: 'wa' replaced it before its delay was up.
    expect(result.current).toBe('');
    act(() => {
      vi.advanceTimersByTime(50);
    });
    expect(result.current).toBe('wa');
  });
});
