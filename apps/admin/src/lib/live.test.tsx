import type { RealtimeClient, RowChange, WatchOptions } from '@kanisa/client';
import { createQueryClient, KanisaProvider } from '@kanisa/client/react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testClient } from '../test/render';
import { LIVE_TABLES, LiveBackOffice, useArrivals } from './live';

function Arrivals() {
  const prayers = useArrivals('prayer_requests');
  const messages = useArrivals('messages');
  return <p data-testid="arrivals">{`${[...prayers].join(',')}|${[...messages].join(',')}`}</p>;
}

describe('LiveBackOffice', () => {
  it('follows the published tables and remembers only inserted rows as arrivals, per table', () => {
    let heard: ((change: RowChange) => void) | undefined;
    let options: WatchOptions | undefined;
    let watched: readonly string[] = [];
    const realtime: RealtimeClient = {
      watch(tables, onChange, given) {
        watched = tables;
        heard = onChange;
        options = given;
        return () => undefined;
      },
    };
    const client = Object.assign(testClient(), { realtime });
    render(
      <KanisaProvider client={client} queryClient={createQueryClient()}>
        <LiveBackOffice>{(status) => <div data-testid="frame" data-live={status ?? 'off'}><Arrivals /></div>}</LiveBackOffice>
      </KanisaProvider>,
    );
    expect(watched).toEqual(LIVE_TABLES);
    expect(screen.getByTestId('frame').dataset.live).toBe('off');
    act(() => {
      options?.onStatus?.('live');
    });
    expect(screen.getByTestId('frame').dataset.live).toBe('live');

    const change = (table: string, eventType: RowChange['eventType'], id: string): RowChange => ({
      schema: 'public',
      table,
      eventType,
      new: eventType === 'DELETE' ? {} : { id },
      old: eventType === 'INSERT' ? {} : { id },
      commit_timestamp: '2026-03-01T10:00:00.000Z',
      errors: null,
    });
    act(() => {
      heard?.(change('prayer_requests', 'INSERT', 'p1'));
      heard?.(change('prayer_requests', 'UPDATE', 'p0'));
      heard?.(change('messages', 'INSERT', 'm1'));
      heard?.(change('messages', 'DELETE', 'm0'));
    });
    expect(screen.getByTestId('arrivals').textContent).toBe('p1|m1');
  });
});
