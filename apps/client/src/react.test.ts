// @vitest-environment jsdom
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createClient } from './client';
import { KanisaError } from './error';
import { createQueryClient, invalidateTables, KanisaProvider, rpcKeys, tableKeys, useKanisa, useLiveTables, useMutation, useRpc, useTable } from './react';
import type { LiveStatus, RealtimeClient, RowChange, WatchOptions } from './realtime';
import { fakeFetch, json, type Sent } from './test/fake-fetch';

function setup(answer: (sent: Sent) => Response | Promise<Response>) {
  const net = fakeFetch(answer);
  const kanisa = createClient('http://church.example', 'anon-key', { fetch: net.fetch, auth: { storage: null } });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => createElement(KanisaProvider, { client: kanisa, queryClient }, children);
  return { kanisa, queryClient, wrapper, ...net };
}

const reads = (sent: Sent[], path: string) => sent.filter((s) => s.method === 'GET' && s.url.pathname === path).length;

describe('keys', () => {
  it('one prefix per table and per function', () => {
    expect(tableKeys('sermons').all).toEqual(['kanisa', 'sermons']);
    expect(tableKeys('sermons').request('GET /rest/v1/sermons')).toEqual(['kanisa', 'sermons', 'GET /rest/v1/sermons']);
    expect(rpcKeys('get_messages').all).toEqual(['kanisa', 'rpc', 'get_messages']);
    expect(rpcKeys('get_messages').call(undefined)).toEqual(['kanisa', 'rpc', 'get_messages', {}]);
  });
});

describe('useTable', () => {
  it('runs the request and gives its rows and count; the key is the request', async () => {
    const { wrapper, queryClient, last } = setup(() => json([{ title: 'Hope' }], 200, { 'content-range': '0-0/12' }));
    const { result } = renderHook(
      () => useTable('sermons', (q) => q.select('title', { count: 'exact' }).eq('is_published', true).limit(1)),
      { wrapper },
    );
    await waitFor(() => {
      expect(result.current.isSuccess).toBe(true);
    });
    expect(result.current.data).toEqual([{ title: 'Hope' }]);
    expect(result.current.count).toBe(12);
    expect(last().url.search).toBe('?select=title&is_published=eq.true&limit=1');
    const keys = queryClient.getQueryCache().getAll().map((query) => query.queryKey);
    expect(keys).toEqual([
      ['kanisa', 'sermons', 'GET /rest/v1/sermons?select=title&is_published=eq.true&limit=1 application/json count=exact'],
    ]);
  });

  it('holds the KanisaError of a failed request', async () => {
    const { wrapper } = setup(() => json({ code: '42501', message: 'permission denied for table giving_records', details: null, hint: null }, 401));
    const { result } = renderHook(() => useTable('giving_records', (q) => q.select()), { wrapper });
    await waitFor(() => {
      expect(result.current.isError).toBe(true);
    });
    expect(result.current.error).toBeInstanceOf(KanisaError);
    expect(result.current.error?.code).toBe('42501');
    expect(result.current.data).toBeUndefined();
    expect(result.current.count).toBeNull();
  });

  it('passes React Query’s abort signal to the request', async () => {
    let signal: AbortSignal | undefined;
    const net = fakeFetch(() => json([]));
    const kanisa = createClient('http://x', 'k', {
      fetch: (input, init) => {
        signal = init?.signal ?? undefined;
        return net.fetch(input, init);
      },
      auth: { storage: null },
    });
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(KanisaProvider, { client: kanisa, queryClient: new QueryClient() }, children);
    const { result } = renderHook(() => useTable('events', (q) => q.select('id')), { wrapper });
    await waitFor(() => {
      expect(result.current.isSuccess).toBe(true);
    });
    expect(signal).toBeInstanceOf(AbortSignal);
  });
});

describe('useRpc', () => {
  it('posts the arguments; the key is the function and its arguments', async () => {
    const { wrapper, queryClient, last } = setup(() => json([{ month_key: '2026-01', total: 100 }]));
    const { result } = renderHook(() => useRpc('get_monthly_giving', { from_date: '2026-01-01' }), { wrapper });
    await waitFor(() => {
      expect(result.current.isSuccess).toBe(true);
    });
    expect(result.current.data).toEqual([{ month_key: '2026-01', total: 100 }]);
    expect(last().method).toBe('POST');
    expect(last().body).toEqual({ from_date: '2026-01-01' });
    expect(queryClient.getQueryCache().getAll()[0]?.queryKey).toEqual(['kanisa', 'rpc', 'get_monthly_giving', { from_date: '2026-01-01' }]);
  });

  it('get: true reads with GET', async () => {
    const { wrapper, last } = setup(() => json([]));
    const { result } = renderHook(() => useRpc('get_messages', { status: 'pending' }, { get: true }), { wrapper });
    await waitFor(() => {
      expect(result.current.isSuccess).toBe(true);
    });
    expect(last().method).toBe('GET');
    expect(last().url.search).toBe('?status=pending');
  });
});

describe('useMutation', () => {
  it('writes, then invalidates the reads of the table written, embeds and declared RPC reads, not others', async () => {
    const { wrapper, sent } = setup((request) => (request.method === 'PATCH' ? new Response(null, { status: 204 }) : json([])));
    const { result } = renderHook(
      () => ({
        messages: useTable('messages', (q) => q.select('id, status')),
        stats: useRpc('get_message_stats', undefined, { tables: ['messages'] }),
        embed: useTable('members', (q) => q.select('id, messages(id)')),
        sermons: useTable('sermons', (q) => q.select('id')),
        markRead: useMutation((kanisa, id: string) => kanisa.from('messages').update({ status: 'read' }).eq('id', id)),
      }),
      { wrapper },
    );
    await waitFor(() => {
      expect(result.current.messages.isSuccess && result.current.stats.isSuccess && result.current.embed.isSuccess && result.current.sermons.isSuccess).toBe(true);
    });
    expect(reads(sent, '/rest/v1/messages')).toBe(1);

    await act(() => result.current.markRead.mutateAsync('m1'));
    await waitFor(() => {
      expect(reads(sent, '/rest/v1/messages')).toBe(2);
    });
    const patch = sent.find((s) => s.method === 'PATCH');
    expect(patch?.url.search).toBe('?id=eq.m1');
    expect(patch?.body).toEqual({ status: 'read' });
    await waitFor(() => {
      expect(sent.filter((s) => s.url.pathname === '/rest/v1/rpc/get_message_stats')).toHaveLength(2);
    });
    expect(reads(sent, '/rest/v1/members')).toBe(2);
    expect(reads(sent, '/rest/v1/sermons')).toBe(1);
  });

  it('an RPC write invalidates the tables it names; the error is a KanisaError', async () => {
    let fail = false;
    const { wrapper, sent } = setup((request) =>
      request.url.pathname.startsWith('/rest/v1/rpc/')
        ? fail
          ? json({ code: 'PT404', message: 'No message with that id', details: null, hint: null }, 404)
          : new Response(null, { status: 204 })
        : json([]),
    );
    const { result } = renderHook(
      () => ({
        messages: useTable('messages', (q) => q.select('id')),
        complete: useMutation((kanisa, id: string) => kanisa.rpc('mark_message_read', { message_id: id }), { invalidates: ['messages'] }),
      }),
      { wrapper },
    );
    await waitFor(() => {
      expect(result.current.messages.isSuccess).toBe(true);
    });
    await act(() => result.current.complete.mutateAsync('m1'));
    await waitFor(() => {
      expect(reads(sent, '/rest/v1/messages')).toBe(2);
    });
    fail = true;
    await act(async () => {
      await expect(result.current.complete.mutateAsync('m2')).rejects.toBeInstanceOf(KanisaError);
    });
    await waitFor(() => {
      expect(result.current.complete.error?.code).toBe('PT404');
    });
    expect(reads(sent, '/rest/v1/messages')).toBe(2);
  });

  it('runs the caller’s onSuccess after invalidating', async () => {
    const { wrapper } = setup(() => json([{ id: 'n1' }], 201));
    const seen: unknown[] = [];
    const { result } = renderHook(
      () =>
        useMutation((kanisa, subject: string) => kanisa.from('messages').insert({ subject, message: 'M', sender_name: 'N' }).select('id'), {
          onSuccess: (data, variables) => {
            seen.push(data, variables);
          },
        }),
      { wrapper },
    );
    await act(() => result.current.mutateAsync('Hello'));
    expect(seen).toEqual([[{ id: 'n1' }], 'Hello']);
  });
});

describe('invalidateTables', () => {
  it('marks stale every read keyed under one of the tables or naming one in meta.tables, and no other', async () => {
    const queryClient = new QueryClient();
    const read = (key: readonly unknown[], tables?: string[]) =>
      queryClient.query({ queryKey: key, queryFn: () => 'answer', ...(tables ? { meta: { tables } } : {}) });
    await read(['kanisa', 'members', 'list']);
    await read(['kanisa', 'rpc', 'get_report', { tab: 'membership' }], ['members', 'member_ministries']);
    await read(['kanisa', 'sermons', 'list']);
    await read(['settings', 'members']);
    await invalidateTables(queryClient, ['members', 'member_ministries']);
    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(stale(['kanisa', 'members', 'list'])).toBe(true);
    expect(stale(['kanisa', 'rpc', 'get_report', { tab: 'membership' }])).toBe(true);
    expect(stale(['kanisa', 'sermons', 'list'])).toBe(false);
    expect(stale(['settings', 'members'])).toBe(false);
  });

  it('reads a shown query that names two of the tables again once, not once per table', async () => {
    const queryClient = new QueryClient();
    let reads = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: ['kanisa', 'rpc', 'get_report', { tab: 'membership' }],
      queryFn: () => ++reads,
      meta: { tables: ['members', 'member_ministries'] },
    });
    const stop = observer.subscribe(() => undefined);
    await waitFor(() => {
      expect(observer.getCurrentResult().data).toBe(1);
    });
    await invalidateTables(queryClient, ['members', 'member_ministries']);
    expect(observer.getCurrentResult().data).toBe(2);
    expect(reads).toBe(2);
    stop();
  });
});

describe('provider', () => {
  it('useKanisa gives the client and fails outside the provider', () => {
    const { wrapper, kanisa } = setup(() => json([]));
    expect(renderHook(() => useKanisa(), { wrapper }).result.current).toBe(kanisa);
    expect(() => renderHook(() => useKanisa())).toThrow(/KanisaProvider/);
  });

  it('makes its own QueryClient when given none; the default one does not retry a refused request', async () => {
    const net = fakeFetch(() => json({ code: '42501', message: 'denied', details: null, hint: null }, 403));
    const kanisa = createClient('http://x', 'k', { fetch: net.fetch, auth: { storage: null } });
    const wrapper = ({ children }: { children: ReactNode }) => createElement(KanisaProvider, { client: kanisa }, children);
    const { result } = renderHook(() => useTable('sermons', (q) => q.select()), { wrapper });
    await waitFor(() => {
      expect(result.current.isError).toBe(true);
    });
    expect(net.sent).toHaveLength(1);
    const retry = createQueryClient().getDefaultOptions().queries?.retry as (failures: number, error: unknown) => boolean;
    expect(retry(0, new KanisaError({ code: 'network_error', message: 'offline' }))).toBe(true);
    expect(retry(0, new KanisaError({ code: 'http_503', message: 'down', status: 503 }))).toBe(true);
    expect(retry(0, new KanisaError({ code: '42501', message: 'denied', status: 403 }))).toBe(false);
    expect(retry(2, new KanisaError({ code: 'http_503', message: 'down', status: 503 }))).toBe(false);
  });

  it("lays an app's defaults over Kanisa's, keeping the retry rule unless the app gives its own", () => {
    const defaults = createQueryClient({ queries: { staleTime: 60_000, refetchOnWindowFocus: false }, mutations: { retry: false } }).getDefaultOptions();
    expect(defaults.queries?.staleTime).toBe(60_000);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.mutations?.retry).toBe(false);
    const retry = defaults.queries?.retry as (failures: number, error: unknown) => boolean;
    expect(retry(0, new KanisaError({ code: '42501', message: 'denied', status: 403 }))).toBe(false);
    expect(retry(0, new KanisaError({ code: 'http_503', message: 'down', status: 503 }))).toBe(true);
    expect(createQueryClient().getDefaultOptions().queries?.staleTime).toBe(30_000);
    expect(createQueryClient({ queries: { retry: false } }).getDefaultOptions().queries?.retry).toBe(false);
  });
});

describe('useLiveTables', () => {
  /** A realtime client the test drives: it records watches and hands changes to them. */
  function fakeRealtime() {
    const watches: { tables: readonly string[]; onChange: (change: RowChange) => void; options?: WatchOptions; stopped: boolean }[] = [];
    const realtime: RealtimeClient = {
      watch(tables, onChange, options) {
        const watch = { tables, onChange, options, stopped: false };
        watches.push(watch);
        return () => {
          watch.stopped = true;
        };
      },
    };
    return { realtime, watches };
  }
  const change = (table: string, id: string): RowChange => ({
    schema: 'public',
    table,
    eventType: 'INSERT',
    new: { id },
    old: {},
    commit_timestamp: '2026-03-01T10:00:00.000Z',
    errors: null,
  });

  it('gathers the changes of a moment into one refetch of each changed table, reports the status and stops on unmount', async () => {
    const { wrapper, queryClient } = setup(() => json([]));
    const { realtime, watches } = fakeRealtime();
    const stale = (table: string) => queryClient.getQueryState(['kanisa', table, 'list'])?.isInvalidated;
    for (const table of ['prayer_requests', 'messages', 'sermons']) {
      await queryClient.query({ queryKey: ['kanisa', table, 'list'], queryFn: () => [] });
    }
    const heard: string[] = [];
    const { result, unmount } = renderHook(
      () => useLiveTables(realtime, ['prayer_requests', 'messages'], (c) => heard.push(c.new.id as string)),
      { wrapper },
    );
    expect(watches).toHaveLength(1);
    const [watch] = watches;
    if (!watch) throw new Error('no watch');
    expect(watch.tables).toEqual(['prayer_requests', 'messages']);
    act(() => {
      watch.options?.onStatus?.('live' satisfies LiveStatus);
    });
    expect(result.current).toBe('live');

    act(() => {
      watch.onChange(change('prayer_requests', 'a'));
      watch.onChange(change('prayer_requests', 'b'));
    });
    expect(heard).toEqual(['a', 'b']);
    expect(stale('prayer_requests')).toBe(false);
    await waitFor(() => {
      expect(stale('prayer_requests')).toBe(true);
    });
    expect(stale('messages')).toBe(false);
    expect(stale('sermons')).toBe(false);

    unmount();
    expect(watch.stopped).toBe(true);
  });

  it('watches nothing without a realtime client or tables', () => {
    const { wrapper } = setup(() => json([]));
    const { realtime, watches } = fakeRealtime();
    const { result } = renderHook(() => useLiveTables(realtime, []), { wrapper });
    renderHook(() => useLiveTables(undefined, ['messages']), { wrapper });
    expect(watches).toHaveLength(0);
    expect(result.current).toBeUndefined();
  });
});
