// Row changes pushed by the server (`/realtime/v1/websocket`, Supabase's Phoenix channels at
// vsn 1.0.0): the smallest client that lets a screen follow its tables. One socket per watch,
// one channel on it with a `postgres_changes` binding per table; heartbeats every 25 s; the
// caller's current token at every join and whenever the session changes (`access_token`);
// reconnects with a growing pause (1 s to 30 s) after the socket or the join fails. What the
// subscriber may see is the server's business (its policies); a screen that watches should
// still refetch as before, so a refused or broken socket only costs liveness.

/** One changed row, as realtime-js names its parts. */
export interface RowChange {
  schema: string;
  table: string;
  eventType: 'INSERT' | 'UPDATE' | 'DELETE';
  /** The new row (INSERT, UPDATE); `{}` otherwise. */
  new: Record<string, unknown>;
  /** The old row's key (UPDATE, DELETE); `{}` otherwise. */
  old: Record<string, unknown>;
  commit_timestamp: string;
  errors: string[] | null;
}

/** `connecting` until the server accepted the join; `live` while it holds; `down` between tries. */
export type LiveStatus = 'connecting' | 'live' | 'down';

export interface WatchOptions {
  onStatus?: (status: LiveStatus) => void;
}

export interface RealtimeClient {
  /** Follows every change of `tables` (schema public) until the returned function is called. */
  watch(tables: readonly string[], onChange: (change: RowChange) => void, options?: WatchOptions): () => void;
}

export interface RealtimeDeps {
  /** The server's origin; `''` is the page's. */
  base: string;
  anonKey: string | undefined;
  /** The caller's access token now (undefined: the anon key). */
  token: () => Promise<string | undefined>;
  /** Calls back whenever the session changes; returns the function that stops it. */
  onTokenChange?: (listener: () => void) => () => void;
  /** A WebSocket implementation; defaults to the global one at connect time. */
  WebSocket?: typeof WebSocket | undefined;
  /** Never connect: a watch does nothing (tests of screens that watch). */
  disabled?: boolean;
}

const HEARTBEAT_MS = 25_000;
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

interface Frame {
  topic: string;
  event: string;
  payload: Record<string, unknown>;
  ref: string | null;
  join_ref?: string | null;
}

let channels = 0;

export function createRealtime(deps: RealtimeDeps): RealtimeClient {
  return {
    watch(tables, onChange, options = {}) {
      if (deps.disabled) return () => undefined;
      const topic = `realtime:kanisa-${(channels += 1)}`;
      let socket: WebSocket | undefined;
      let refCount = 0;
      let joinRef: string | null = null;
      let heartbeat: ReturnType<typeof setInterval> | undefined;
      let retry: ReturnType<typeof setTimeout> | undefined;
      let failures = 0;
      let stopped = false;
      const status = (s: LiveStatus) => options.onStatus?.(s);
      const nextRef = () => String((refCount += 1));
      const send = (frame: Frame) => {
        if (socket?.readyState === 1) socket.send(JSON.stringify(frame));
      };
      const token = async () => (await deps.token()) ?? deps.anonKey ?? null;

      const scheduleRetry = () => {
        cleanup();
        if (stopped) return;
        status('down');
        const wait = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)];
        failures += 1;
        retry = setTimeout(connect, wait);
      };

      const cleanup = () => {
        if (heartbeat) clearInterval(heartbeat);
        heartbeat = undefined;
        if (socket) {
          socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
          if (socket.readyState <= 1) socket.close(1000);
        }
        socket = undefined;
      };

      const join = async () => {
        joinRef = nextRef();
        send({
          topic,
          event: 'phx_join',
          payload: {
            config: {
              broadcast: { ack: false, self: false },
              presence: { key: '', enabled: false },
              postgres_changes: tables.map((table) => ({ event: '*', schema: 'public', table })),
              private: false,
            },
            access_token: await token(),
          },
          ref: joinRef,
          join_ref: joinRef,
        });
      };

      const connect = () => {
        if (stopped) return;
        const Impl = deps.WebSocket ?? (globalThis as { WebSocket?: typeof WebSocket }).WebSocket;
        if (Impl === undefined) return;
        status('connecting');
        const page = (globalThis as { location?: Location }).location;
        const origin = deps.base || (page ? page.origin : '');
        const url = new URL('/realtime/v1/websocket', origin);
        url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
        if (deps.anonKey) url.searchParams.set('apikey', deps.anonKey);
        url.searchParams.set('vsn', '1.0.0');
        try {
          socket = new Impl(url.toString());
        } catch {
          scheduleRetry();
          return;
        }
        socket.onopen = () => {
          heartbeat = setInterval(() => {
            send({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: nextRef() });
          }, HEARTBEAT_MS);
          void join();
        };
        socket.onclose = scheduleRetry;
        socket.onerror = scheduleRetry;
        socket.onmessage = (event: MessageEvent) => {
          let frame: Frame;
          try {
            frame = JSON.parse(String(event.data)) as Frame;
          } catch {
            return;
          }
          if (frame.topic !== topic) return;
          if (frame.event === 'phx_reply' && frame.ref === joinRef) {
            if (frame.payload.status === 'ok') {
              failures = 0;
              status('live');
            } else {
              scheduleRetry();
            }
          } else if (frame.event === 'phx_close' || frame.event === 'phx_error') {
            scheduleRetry();
          } else if (frame.event === 'postgres_changes') {
            const data = frame.payload.data as Record<string, unknown> | undefined;
            if (!data) return;
            onChange({
              schema: String(data.schema),
              table: String(data.table),
              eventType: data.type as RowChange['eventType'],
              new: (data.record as Record<string, unknown> | undefined) ?? {},
              old: (data.old_record as Record<string, unknown> | undefined) ?? {},
              commit_timestamp: String(data.commit_timestamp),
              errors: (data.errors as string[] | null | undefined) ?? null,
            });
          }
        };
      };

      const stopTokens = deps.onTokenChange?.(() => {
        void token().then((access_token) => {
          send({ topic, event: 'access_token', payload: { access_token }, ref: nextRef(), join_ref: joinRef });
        });
      });
      connect();
      return () => {
        stopped = true;
        if (retry) clearTimeout(retry);
        stopTokens?.();
        cleanup();
      };
    },
  };
}
