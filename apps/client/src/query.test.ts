import { describe, expect, it } from 'vitest';
import { createClient } from './client';
import type { Database } from './database.types';
import { KanisaError } from './error';
import { fakeFetch, json, params } from './test/fake-fetch';
import type { FilterBuilder } from './types';

function setup(answer?: Parameters<typeof fakeFetch>[0]) {
  const net = fakeFetch(answer);
  const kanisa = createClient('http://church.example', 'anon-key', { fetch: net.fetch, auth: { storage: null } });
  return { kanisa, ...net };
}

describe('select', () => {
  it('GETs /rest/v1/{table} with the select string, keys and Accept', async () => {
    const { kanisa, last } = setup(() => json([{ title: 'Hope' }]));
    const result = await kanisa.from('sermons').select('title, speaker');

    expect(result).toEqual({ data: [{ title: 'Hope' }], error: null, count: null, status: 200 });
    const { url, method, headers, body } = last();
    expect(method).toBe('GET');
    expect(`${url.origin}${url.pathname}`).toBe('http://church.example/rest/v1/sermons');
    expect(params(url)).toEqual([['select', 'title,speaker']]);
    expect(headers.get('apikey')).toBe('anon-key');
    expect(headers.get('authorization')).toBe('Bearer anon-key');
    expect(headers.get('accept')).toBe('application/json');
    expect(headers.has('prefer')).toBe(false);
    expect(body).toBeUndefined();
  });

  it('selects * by default and keeps whitespace inside double quotes', async () => {
    const { kanisa, sent } = setup();
    await kanisa.from('sermons').select();
    await kanisa.from('sermons').select('title, "odd name" , speaker');
    expect(sent[0]?.url.searchParams.get('select')).toBe('*');
    expect(sent[1]?.url.searchParams.get('select')).toBe('title,"odd name",speaker');
  });

  it('asks for a count with Prefer and reads it from Content-Range', async () => {
    const { kanisa, last } = setup(() => json([{ id: 1 }], 206, { 'content-range': '0-0/42' }));
    const result = await kanisa.from('sermons').select('id', { count: 'exact' }).range(0, 0);
    expect(last().headers.get('prefer')).toBe('count=exact');
    expect(result).toMatchObject({ count: 42, status: 206, error: null });
  });

  it('sends HEAD for head: true and gives null data with the count', async () => {
    const { kanisa, last } = setup(() => new Response(null, { status: 200, headers: { 'content-range': '*/7' } }));
    const result = await kanisa.from('events').select('*', { count: 'planned', head: true });
    expect(last().method).toBe('HEAD');
    expect(last().headers.get('prefer')).toBe('count=planned');
    expect(result).toEqual({ data: null, error: null, count: 7, status: 200 });
  });

  it('leaves count null without a total in Content-Range', async () => {
    const { kanisa } = setup(() => json([], 200, { 'content-range': '*/*' }));
    expect((await kanisa.from('events').select()).count).toBeNull();
  });

  it('URL-encodes the table name', async () => {
    const { kanisa, last } = setup();
    await kanisa.from('sermons?x' as 'sermons').select();
    expect(last().url.pathname).toBe('/rest/v1/sermons%3Fx');
  });
});

describe('filters', () => {
  it.each([
    ['eq', (q) => q.eq('title', 'Hope'), ['title', 'eq.Hope']],
    ['neq', (q) => q.neq('speaker', 'Pr. A'), ['speaker', 'neq.Pr. A']],
    ['gt', (q) => q.gt('sermon_date', '2026-01-01'), ['sermon_date', 'gt.2026-01-01']],
    ['gte', (q) => q.gte('sermon_date', '2026-01-01'), ['sermon_date', 'gte.2026-01-01']],
    ['lt', (q) => q.lt('sermon_date', '2026-01-01'), ['sermon_date', 'lt.2026-01-01']],
    ['lte', (q) => q.lte('sermon_date', '2026-01-01'), ['sermon_date', 'lte.2026-01-01']],
    ['like', (q) => q.like('title', '%Hope*'), ['title', 'like.%Hope*']],
    ['ilike', (q) => q.ilike('title', '%hope%'), ['title', 'ilike.%hope%']],
    ['is null', (q) => q.is('series', null), ['series', 'is.null']],
    ['is true', (q) => q.is('is_published', true), ['is_published', 'is.true']],
    ['in', (q) => q.in('speaker', ['A', 'B, Jr.', 'say "hi"', '(x)']), ['speaker', 'in.(A,"B, Jr.","say \\"hi\\"","(x)")']],
    ['contains (array)', (q) => q.contains('tags', ['hope', 'new life']), ['tags', 'cs.{hope,"new life"}']],
    ['containedBy (array)', (q) => q.containedBy('tags', ['a', 'b']), ['tags', 'cd.{a,b}']],
    ['contains (range text)', (q) => q.contains('title', '[1,2]'), ['title', 'cs.[1,2]']],
    ['not', (q) => q.not('series', 'is', null), ['series', 'not.is.null']],
    ['not in (list)', (q) => q.not('speaker', 'in', ['A', 'B']), ['speaker', 'not.in.(A,B)']],
    ['or', (q) => q.or('title.eq.A,and(speaker.eq.B,is_published.is.true)'), ['or', '(title.eq.A,and(speaker.eq.B,is_published.is.true))']],
    ['or on an embed', (q) => q.or('full_name.eq.A', { referencedTable: 'users' }), ['users.or', '(full_name.eq.A)']],
  ] satisfies [string, (q: SermonQuery) => unknown, [string, string]][])('%s', async (_name, apply, expected) => {
    const { kanisa, last } = setup();
    await apply(kanisa.from('sermons').select('id'));
    expect(params(last().url)).toEqual([['select', 'id'], expected]);
  });

  it('contains on JSON sends the object as JSON', async () => {
    const { kanisa, last } = setup();
    await kanisa.from('members').select('id').contains('emergency_contact', { relationship: 'sister' });
    expect(last().url.searchParams.get('emergency_contact')).toBe('cs.{"relationship":"sister"}');
  });

  it('match() is one eq per key, and filters add up', async () => {
    const { kanisa, last } = setup();
    await kanisa.from('sermons').select('id').match({ speaker: 'A', is_published: true }).gte('sermon_date', '2026-01-01').lte('sermon_date', '2026-12-31');
    expect(params(last().url)).toEqual([
      ['select', 'id'],
      ['speaker', 'eq.A'],
      ['is_published', 'eq.true'],
      ['sermon_date', 'gte.2026-01-01'],
      ['sermon_date', 'lte.2026-12-31'],
    ]);
  });

  it('encodes reserved URL characters in values', async () => {
    const { kanisa, last } = setup();
    await kanisa.from('sermons').select('id').eq('title', 'a&b=c#d%e+f');
    expect(last().url.search).toBe('?select=id&title=eq.a%26b%3Dc%23d%25e%2Bf');
    expect(last().url.searchParams.get('title')).toBe('eq.a&b=c#d%e+f');
  });
});

type SermonQuery = FilterBuilder<Database['public']['Tables']['sermons']['Row'], unknown>;

describe('modifiers', () => {
  it('order: several columns, direction and nulls, and on an embed', async () => {
    const { kanisa, last } = setup();
    await kanisa
      .from('sermons')
      .select('title, users(full_name)')
      .order('sermon_date', { ascending: false })
      .order('title', { nullsFirst: false })
      .order('speaker', { nullsFirst: true })
      .order('full_name', { referencedTable: 'users', ascending: false });
    expect(params(last().url)).toEqual([
      ['select', 'title,users(full_name)'],
      ['order', 'sermon_date.desc,title.asc.nullslast,speaker.asc.nullsfirst'],
      ['users.order', 'full_name.desc'],
    ]);
  });

  it('limit and range (offset + limit), also on an embed', async () => {
    const { kanisa, sent } = setup();
    await kanisa.from('sermons').select().limit(5);
    await kanisa.from('sermons').select().range(10, 19);
    await kanisa.from('sermons').select('users(full_name)').range(0, 2, { referencedTable: 'users' });
    expect(params(sent[0]!.url)).toEqual([['select', '*'], ['limit', '5']]);
    expect(params(sent[1]!.url)).toEqual([['select', '*'], ['offset', '10'], ['limit', '10']]);
    expect(params(sent[2]!.url)).toEqual([['select', 'users(full_name)'], ['users.offset', '0'], ['users.limit', '3']]);
  });

  it('single() asks for one object', async () => {
    const { kanisa, last } = setup(() => json({ title: 'Hope' }));
    const { data } = await kanisa.from('sermons').select('title').eq('id', 'x').single();
    expect(last().headers.get('accept')).toBe('application/vnd.pgrst.object+json');
    expect(data).toEqual({ title: 'Hope' });
  });

  it('single() hands on the server PGRST116', async () => {
    const { kanisa } = setup(() =>
      json({ code: 'PGRST116', message: 'Cannot coerce the result to a single JSON object', details: 'The result contains 0 rows', hint: null }, 406),
    );
    const result = await kanisa.from('sermons').select('title').single();
    expect(result.data).toBeNull();
    expect(result.count).toBeNull();
    expect(result.status).toBe(406);
    expect(result.error).toBeInstanceOf(KanisaError);
    expect(result.error?.code).toBe('PGRST116');
  });

  it('maybeSingle() on a read asks for rows: none is null, one is the object, several an error', async () => {
    let rows: unknown[] = [];
    const { kanisa, last } = setup(() => json(rows));
    expect(await kanisa.from('sermons').select('title').maybeSingle()).toEqual({ data: null, error: null, count: null, status: 200 });
    expect(last().headers.get('accept')).toBe('application/json');
    rows = [{ title: 'A' }];
    expect((await kanisa.from('sermons').select('title').maybeSingle()).data).toEqual({ title: 'A' });
    rows = [{ title: 'A' }, { title: 'B' }];
    const several = await kanisa.from('sermons').select('title').maybeSingle();
    expect(several.data).toBeNull();
    expect(several.status).toBe(406);
    expect(several.error?.code).toBe('PGRST116');
    expect(several.error?.details).toContain('2 rows');
  });

  it('maybeSingle() on a write asks for one object and treats "0 rows" as null', async () => {
    const { kanisa, last } = setup(() =>
      json({ code: 'PGRST116', message: 'Cannot coerce the result to a single JSON object', details: 'The result contains 0 rows', hint: null }, 406),
    );
    const result = await kanisa.from('messages').update({ status: 'read' }).eq('id', 'x').select('id').maybeSingle();
    expect(last().headers.get('accept')).toBe('application/vnd.pgrst.object+json');
    expect(result).toEqual({ data: null, error: null, count: null, status: 200 });
  });

  it('csv() asks for text/csv and gives the text', async () => {
    const { kanisa, last } = setup(() => new Response('title\nHope\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } }));
    const { data } = await kanisa.from('sermons').select('title').csv();
    expect(last().headers.get('accept')).toBe('text/csv');
    expect(data).toBe('title\nHope\n');
  });

  it('abortSignal() passes the signal to fetch; an abort is reported as aborted', async () => {
    const controller = new AbortController();
    const { kanisa, last } = setup(({ url }) => {
      expect(url.pathname).toBe('/rest/v1/sermons');
      controller.abort();
      return Promise.reject(new DOMException('The operation was aborted.', 'AbortError'));
    });
    const query = kanisa.from('sermons').select().abortSignal(controller.signal);
    const result = await query;
    expect(last()).toBeDefined();
    expect(result.error?.code).toBe('aborted');
    expect(result.status).toBe(0);
  });

  it('passes the signal object itself', async () => {
    const net = fakeFetch();
    const kanisa = createClient('http://x', 'k', { fetch: net.fetch, auth: { storage: null } });
    const controller = new AbortController();
    await kanisa.from('sermons').select().abortSignal(controller.signal);
    const init = (net.fetch as unknown as { mock: { calls: [unknown, RequestInit][] } }).mock.calls[0]?.[1];
    expect(init?.signal).toBe(controller.signal);
  });

  it('a network failure is a readable KanisaError with status 0', async () => {
    const { kanisa } = setup(() => Promise.reject(new TypeError('fetch failed')));
    const result = await kanisa.from('sermons').select();
    expect(result.data).toBeNull();
    expect(result.count).toBeNull();
    expect(result.error?.code).toBe('network_error');
    expect(result.error?.message).toBe('Could not reach the server. Check your internet connection and try again.');
  });

  it('the server error envelope arrives as code, message, details and hint', async () => {
    const { kanisa } = setup(() =>
      json({ code: '42703', message: 'column sermons.speekr does not exist', details: null, hint: 'Perhaps you meant "speaker"' }, 400),
    );
    const { error, status } = await kanisa.from('sermons').select();
    expect(status).toBe(400);
    expect(error?.toJSON()).toEqual({
      code: '42703',
      message: 'column sermons.speekr does not exist',
      details: null,
      hint: 'Perhaps you meant "speaker"',
      status: 400,
    });
  });

  it('key names method, URL, format and preferences; table names the table', () => {
    const { kanisa } = setup();
    const query = kanisa.from('sermons').select('title', { count: 'exact' }).eq('id', 'x').single();
    expect(query.key).toBe('GET /rest/v1/sermons?select=title&id=eq.x application/vnd.pgrst.object+json count=exact');
    expect(query.table).toBe('sermons');
    expect(kanisa.rpc('get_messages').table).toBeUndefined();
  });
});

describe('writes', () => {
  it('insert: POST with the JSON body, return=minimal by default', async () => {
    const { kanisa, last } = setup(() => new Response(null, { status: 201 }));
    const result = await kanisa.from('messages').insert({ subject: 'S', message: 'M', sender_name: 'N' });
    const { method, headers, body, url } = last();
    expect(method).toBe('POST');
    expect(url.search).toBe('');
    expect(body).toEqual({ subject: 'S', message: 'M', sender_name: 'N' });
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.has('prefer')).toBe(false);
    expect(result).toEqual({ data: null, error: null, count: null, status: 201 });
  });

  it('bulk insert names the union of the keys in columns=; defaultToNull: false asks for missing=default', async () => {
    const { kanisa, last } = setup(() => new Response(null, { status: 201 }));
    await kanisa.from('sermons').insert(
      [
        { title: 'A', speaker: 'S', sermon_date: '2026-01-03' },
        { title: 'B', speaker: 'S', sermon_date: '2026-01-10', series: 'Hope' },
      ],
      { defaultToNull: false, count: 'exact' },
    );
    expect(params(last().url)).toEqual([['columns', '"title","speaker","sermon_date","series"']]);
    expect(last().headers.get('prefer')).toBe('missing=default,count=exact');
  });

  it('insert(...).select() asks for the rows back', async () => {
    const { kanisa, last } = setup(() => json([{ id: 'n1' }], 201));
    const result = await kanisa.from('messages').insert({ subject: 'S', message: 'M', sender_name: 'N' }).select('id');
    expect(params(last().url)).toEqual([['select', 'id']]);
    expect(last().headers.get('prefer')).toBe('return=representation');
    expect(result.data).toEqual([{ id: 'n1' }]);
  });

  it('upsert: merge by default, ignore on request, on_conflict', async () => {
    const { kanisa, sent } = setup(() => new Response(null, { status: 201 }));
    await kanisa.from('giving_records').upsert({ amount: 10, transaction_id: 't1' }, { onConflict: 'transaction_id' });
    await kanisa.from('giving_records').upsert([{ amount: 10, transaction_id: 't1' }], { ignoreDuplicates: true });
    expect(sent[0]?.method).toBe('POST');
    expect(params(sent[0]!.url)).toEqual([['on_conflict', 'transaction_id']]);
    expect(sent[0]?.headers.get('prefer')).toBe('resolution=merge-duplicates');
    expect(params(sent[1]!.url)).toEqual([['columns', '"amount","transaction_id"']]);
    expect(sent[1]?.headers.get('prefer')).toBe('resolution=ignore-duplicates');
  });

  it('update: PATCH with filters; count', async () => {
    const { kanisa, last } = setup(() => new Response(null, { status: 204, headers: { 'content-range': '*/3' } }));
    const result = await kanisa.from('messages').update({ status: 'read' }, { count: 'exact' }).eq('status', 'pending');
    expect(last().method).toBe('PATCH');
    expect(last().body).toEqual({ status: 'read' });
    expect(params(last().url)).toEqual([['status', 'eq.pending']]);
    expect(last().headers.get('prefer')).toBe('count=exact');
    expect(result).toEqual({ data: null, error: null, count: 3, status: 204 });
  });

  it('delete: DELETE with filters, select() for the deleted rows', async () => {
    const { kanisa, last } = setup(() => json([{ id: 'x' }]));
    const { data } = await kanisa.from('messages').delete().eq('id', 'x').select('id');
    expect(last().method).toBe('DELETE');
    expect(last().body).toBeUndefined();
    expect(params(last().url)).toEqual([['id', 'eq.x'], ['select', 'id']]);
    expect(last().headers.get('prefer')).toBe('return=representation');
    expect(data).toEqual([{ id: 'x' }]);
  });
});

describe('rpc', () => {
  it('POSTs the named arguments to /rest/v1/rpc/{fn}', async () => {
    const { kanisa, last } = setup(() => json([{ month_key: '2026-01', total: 10 }]));
    const { data } = await kanisa.rpc('get_monthly_giving', { from_date: '2026-01-01' });
    expect(last().method).toBe('POST');
    expect(last().url.pathname).toBe('/rest/v1/rpc/get_monthly_giving');
    expect(last().body).toEqual({ from_date: '2026-01-01' });
    expect(data).toEqual([{ month_key: '2026-01', total: 10 }]);
  });

  it('without arguments sends {}', async () => {
    const { kanisa, last } = setup(() => json({ total_messages: 1 }));
    await kanisa.rpc('get_message_stats');
    expect(last().body).toEqual({});
  });

  it('get: true sends the arguments as parameters; filters and modifiers apply to the rows', async () => {
    const { kanisa, last } = setup();
    await kanisa.rpc('get_messages', { status: 'pending', department: 'Youth' }, { get: true }).eq('priority', 'urgent').order('created_at').limit(5);
    expect(last().method).toBe('GET');
    expect(params(last().url)).toEqual([
      ['status', 'pending'],
      ['department', 'Youth'],
      ['priority', 'eq.urgent'],
      ['order', 'created_at.asc'],
      ['limit', '5'],
    ]);
  });

  it('head: true sends HEAD with the count', async () => {
    const { kanisa, last } = setup(() => new Response(null, { headers: { 'content-range': '*/4' } }));
    const result = await kanisa.rpc('get_messages', {}, { head: true, count: 'exact' });
    expect(last().method).toBe('HEAD');
    expect(last().headers.get('prefer')).toBe('count=exact');
    expect(result.count).toBe(4);
  });

  it('void functions give null data (204)', async () => {
    const { kanisa } = setup(() => new Response(null, { status: 204 }));
    expect(await kanisa.rpc('mark_message_read', { message_id: 'x' })).toEqual({ data: null, error: null, count: null, status: 204 });
  });
});
