import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRealtime, type LiveStatus, type RowChange } from './realtime';

/** A socket the test drives: it records what the client sends and lets the test answer. */
class FakeSocket {
  static made: FakeSocket[] = [];
  readyState = 0;
  sent: { topic: string; event: string; payload: Record<string, unknown>; ref: string | null; join_ref?: string | null }[] = [];
  closedWith: number | undefined;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text) as FakeSocket['sent'][number]);
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(frame: object) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
  /** The last `phx_join` this socket carried. */
  get join() {
    const join = this.sent.filter((frame) => frame.event === 'phx_join').at(-1);
    if (!join) throw new Error('no phx_join sent');
    return join;
  }
}

const last = () => {
  const socket = FakeSocket.made.at(-1);
  if (!socket) throw new Error('no socket made');
  return socket;
};

/** Lets the client's awaited token lookups finish. */
const settle = () => vi.advanceTimersByTimeAsync(0);

/** `null`: nobody is signed in. */
function setup(token: string | null = 'user-token') {
  let current = token ?? undefined;
  const listeners = new Set<() => void>();
  const realtime = createRealtime({
    base: 'https://kanisa.example',
    anonKey: 'anon-key',
    token: () => Promise.resolve(current),
    onTokenChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    WebSocket: FakeSocket as unknown as typeof WebSocket,
  });
  const changes: RowChange[] = [];
  const statuses: LiveStatus[] = [];
  const stop = realtime.watch(['prayer_requests', 'messages'], (change) => changes.push(change), {
    onStatus: (status) => statuses.push(status),
  });
  return {
    changes,
    statuses,
    stop,
    listeners,
    signIn: (next: string | undefined) => {
      current = next;
      for (const listener of listeners) listener();
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.made = [];
});

afterEach(() => {
  vi.useRealTimers();
});

describe('createRealtime', () => {
  it('connects at vsn 1.0.0 with the anon key and joins one binding per table with the caller token', async () => {
    setup();
    const socket = last();
    const url = new URL(socket.url);
    expect(url.protocol).toBe('wss:');
    expect(url.pathname).toBe('/realtime/v1/websocket');
    expect(url.searchParams.get('apikey')).toBe('anon-key');
    expect(url.searchParams.get('vsn')).toBe('1.0.0');
    socket.open();
    await settle();
    const join = socket.join;
    expect(join.topic).toMatch(/^realtime:/);
    expect(join.ref).toBe(join.join_ref);
    expect(join.payload).toMatchObject({
      access_token: 'user-token',
      config: {
        postgres_changes: [
          { event: '*', schema: 'public', table: 'prayer_requests' },
          { event: '*', schema: 'public', table: 'messages' },
        ],
        private: false,
      },
    });
  });

  it('joins with the anon key when nobody is signed in', async () => {
    setup(null);
    last().open();
    await settle();
    expect(last().join.payload.access_token).toBe('anon-key');
  });

  it('is live once the join is accepted and hands each change over as realtime-js names its parts', async () => {
    const { changes, statuses } = setup();
    const socket = last();
    socket.open();
    await settle();
    const { topic, ref } = socket.join;
    socket.receive({ topic, event: 'phx_reply', payload: { status: 'ok', response: { postgres_changes: [] } }, ref });
    expect(statuses).toEqual(['connecting', 'live']);
    socket.receive({
      topic,
      event: 'postgres_changes',
      payload: {
        ids: [1],
        data: {
          schema: 'public',
          table: 'prayer_requests',
          commit_timestamp: '2026-03-01T10:00:00.000Z',
          type: 'INSERT',
          record: { id: 'p1', title: 'Healing' },
          old_record: null,
          columns: [],
          errors: null,
        },
      },
      ref: null,
    });
    // A frame for another topic and a frame that is not JSON are ignored.
    socket.receive({ topic: 'realtime:other', event: 'postgres_changes', payload: { data: { table: 'x' } }, ref: null });
    socket.onmessage?.({ data: 'not json' });
    expect(changes).toEqual([
      {
        schema: 'public',
        table: 'prayer_requests',
        eventType: 'INSERT',
        new: { id: 'p1', title: 'Healing' },
        old: {},
        commit_timestamp: '2026-03-01T10:00:00.000Z',
        errors: null,
      },
    ]);
  });

  it('beats every 25 seconds on the phoenix topic', async () => {
    setup();
    last().open();
    await settle();
    await vi.advanceTimersByTimeAsync(25_000);
    expect(last().sent.filter((frame) => frame.topic === 'phoenix' && frame.event === 'heartbeat')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(25_000);
    expect(last().sent.filter((frame) => frame.event === 'heartbeat')).toHaveLength(2);
  });

  it('pushes the new token when the session changes, and the anon key after sign-out', async () => {
    const { signIn } = setup();
    const socket = last();
    socket.open();
    await settle();
    signIn('fresh-token');
    await settle();
    signIn(undefined);
    await settle();
    const swaps = socket.sent.filter((frame) => frame.event === 'access_token');
    expect(swaps.map((frame) => frame.payload.access_token)).toEqual(['fresh-token', 'anon-key']);
    expect(swaps.every((frame) => frame.topic === socket.join.topic && frame.join_ref === socket.join.ref)).toBe(true);
  });

  it('tries again with a growing pause after a refused join or a dropped socket, and resets once live', async () => {
    const { statuses } = setup();
    let socket = last();
    socket.open();
    await settle();
    socket.receive({ topic: socket.join.topic, event: 'phx_reply', payload: { status: 'error', response: { reason: 'no' } }, ref: socket.join.ref });
    expect(socket.closedWith).toBe(1000);
    expect(statuses.at(-1)).toBe('down');
    expect(FakeSocket.made).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeSocket.made).toHaveLength(2);

    socket = last();
    socket.drop();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(FakeSocket.made).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.made).toHaveLength(3);

    socket = last();
    socket.open();
    await settle();
    socket.receive({ topic: socket.join.topic, event: 'phx_reply', payload: { status: 'ok', response: {} }, ref: socket.join.ref });
    expect(statuses.at(-1)).toBe('live');
    socket.receive({ topic: socket.join.topic, event: 'phx_error', payload: {}, ref: null });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeSocket.made).toHaveLength(4);
  });

  it('stops for good: the socket closes, no retry, no token pushes', async () => {
    const { stop, listeners } = setup();
    const socket = last();
    socket.open();
    await settle();
    stop();
    expect(socket.closedWith).toBe(1000);
    expect(listeners.size).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.made).toHaveLength(1);
  });

  it('never connects when disabled', () => {
    const realtime = createRealtime({ base: '', anonKey: 'k', token: () => Promise.resolve(undefined), disabled: true, WebSocket: FakeSocket as unknown as typeof WebSocket });
    const stop = realtime.watch(['messages'], () => undefined);
    stop();
    expect(FakeSocket.made).toHaveLength(0);
  });
});
