// Functions through postgrest-js rpc(): a single composite (get_message_stats), sets with filters
// and order (get_monthly_giving, get_messages), void (mark_message_read), the GET and HEAD forms,
// and the errors a function raises.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { appliedPrefer, assertError, db, rowsOf, run, sentPrefer, unique } from './helpers.mjs';

const RUN = unique('compat-rpc');

after(async () => {
  await db.from('messages').delete().like('subject', `${RUN}%`);
});

describe('get_message_stats: one composite value', () => {
  const keys = [
    'total_messages',
    'pending_messages',
    'sent_messages',
    'failed_messages',
    'messages_this_month',
    'messages_this_week',
    'messages_today',
    'avg_response_time_minutes',
  ];

  test('POST: an object with the figures, counting what the caller sees', async () => {
    const outcome = await run(db.rpc('get_message_stats'));
    assert.equal(outcome.http.method, 'POST');
    assert.equal(outcome.http.requestBody, '{}');
    assert.equal(outcome.status, 200, JSON.stringify(outcome.error));
    assert.ok(outcome.data && !Array.isArray(outcome.data), 'a single object');
    assert.deepEqual(Object.keys(outcome.data).sort(), [...keys].sort());
    const total = await run(db.from('messages').select('*', { count: 'exact', head: true }));
    const pending = await run(db.from('messages').select('*', { count: 'exact', head: true }).eq('status', 'pending'));
    assert.equal(outcome.data.total_messages, total.count);
    assert.equal(outcome.data.pending_messages, pending.count);
    assert.equal(typeof outcome.data.avg_response_time_minutes, 'number');
  });

  test('the object keeps the composite type\'s column order', async () => {
    const outcome = await run(db.rpc('get_message_stats'));
    assert.deepEqual(Object.keys(outcome.data), keys);
  });

  test('{ get: true }: the same object over GET', async () => {
    const outcome = await run(db.rpc('get_message_stats', {}, { get: true }));
    assert.equal(outcome.http.method, 'GET');
    assert.equal(outcome.status, 200);
    assert.deepEqual(Object.keys(outcome.data).sort(), [...keys].sort());
  });
});

describe('get_monthly_giving: a set that takes filters, order and limit', () => {
  /** @type {{ month_key: string; total: number }[]} */
  let months = [];
  /** @type {Map<string, number>} */
  const expected = new Map();

  before(async () => {
    months = rowsOf(await run(db.rpc('get_monthly_giving', { from_date: '2026-01-01' })));
    const gifts = rowsOf(await run(db.from('giving_records').select('amount,giving_date').eq('is_verified', true).eq('is_simulated', false).gte('giving_date', '2026-01-01')));
    for (const gift of gifts) {
      const key = gift.giving_date.slice(0, 7);
      expected.set(key, (expected.get(key) ?? 0) + Math.round(gift.amount * 100));
    }
  });

  test('POST with named arguments: one row per month with the verified total', () => {
    assert.equal(months[0]?.month_key, '2026-01');
    assert.ok(months.length >= 11, `${months.length} months`);
    for (const { month_key, total } of months) {
      assert.equal(Math.round(total * 100), expected.get(month_key) ?? 0, month_key);
    }
  });

  test('.gte(month_key).order(desc): filters and order apply to the rows', async () => {
    const outcome = await run(db.rpc('get_monthly_giving', { from_date: '2026-01-01' }).gte('month_key', '2026-06').order('month_key', { ascending: false }));
    assert.equal(outcome.http.method, 'POST');
    assert.equal(outcome.http.requestBody, '{"from_date":"2026-01-01"}');
    assert.equal(outcome.http.url.searchParams.get('month_key'), 'gte.2026-06');
    assert.equal(outcome.status, 200);
    assert.deepEqual(
      outcome.data,
      months.filter((m) => m.month_key >= '2026-06').reverse(),
    );
  });

  test('select(), limit() and single() on the rows', async () => {
    const outcome = await run(db.rpc('get_monthly_giving', { from_date: '2026-01-01' }).select('month_key').order('month_key').limit(2));
    assert.deepEqual(outcome.data, [{ month_key: '2026-01' }, { month_key: '2026-02' }]);
    assert.equal(outcome.http.headers.get('content-range'), '0-1/*');
    const one = await run(db.rpc('get_monthly_giving', { from_date: '2026-01-01' }).eq('month_key', '2026-03').single());
    assert.deepEqual(one.data, months.find((m) => m.month_key === '2026-03'));
  });

  test('{ get: true }: arguments in the query string', async () => {
    const outcome = await run(db.rpc('get_monthly_giving', { from_date: '2026-01-01' }, { get: true }).lte('month_key', '2026-03'));
    assert.equal(outcome.http.method, 'GET');
    assert.equal(outcome.http.url.searchParams.get('from_date'), '2026-01-01');
    assert.equal(outcome.status, 200);
    assert.deepEqual(outcome.data, months.slice(0, 3));
  });

  test('{ head: true }: HEAD, 200, no body', async () => {
    const outcome = await run(db.rpc('get_monthly_giving', { from_date: '2026-01-01' }, { head: true }).gte('month_key', '2026-06'));
    assert.equal(outcome.http.method, 'HEAD');
    assert.equal(outcome.http.url.searchParams.get('from_date'), '2026-01-01');
    assert.equal(outcome.status, 200, JSON.stringify(outcome.error));
    assert.equal(outcome.data, null);
    assert.equal(outcome.error, null);
  });

  test('{ head: true, count: "exact" }: the number of rows in Content-Range', async () => {
    const outcome = await run(db.rpc('get_monthly_giving', { from_date: '2026-01-01' }, { head: true, count: 'exact' }).gte('month_key', '2026-06'));
    assert.deepEqual(sentPrefer(outcome.http), ['count=exact']);
    assert.equal(outcome.status, 200);
    const n = months.filter((m) => m.month_key >= '2026-06').length;
    assert.equal(outcome.count, n);
    assert.equal(outcome.http.headers.get('content-range'), `0-${n - 1}/${n}`);
    assert.deepEqual(appliedPrefer(outcome.http), ['count=exact']);
  });

  test('count on a POST call: 206 for a partial page, the total in Content-Range', async () => {
    const outcome = await run(db.rpc('get_monthly_giving', { from_date: '2026-01-01' }, { count: 'exact' }).limit(1));
    assert.equal(outcome.count, months.length);
    assert.equal(outcome.status, 206);
    assert.equal(outcome.http.headers.get('content-range'), `0-0/${months.length}`);
  });

  test('a function error: 22023 → 400 with the function\'s message and hint', async () => {
    const outcome = await run(db.rpc('get_monthly_giving', { from_date: null }));
    const error = assertError(outcome, 400, '22023');
    assert.equal(error.message, 'from_date is required');
    assert.match(error.hint ?? '', /first day to count/);
  });
});

describe('get_messages: SETOF a table, with arguments and filters', () => {
  test('arguments select, filters narrow, order overrides the function\'s', async () => {
    const all = rowsOf(await run(db.from('messages').select('id,status,priority,created_at')));
    const expected = all
      .filter((m) => m.status === 'pending' && m.priority === 'urgent')
      .sort((a, b) => (a.created_at < b.created_at ? -1 : 1))
      .map((m) => m.id);
    assert.ok(expected.length >= 2, 'the demo content has urgent pending messages');

    const outcome = await run(
      db.rpc('get_messages', { status: 'pending', limit: 500 }).eq('priority', 'urgent').select('id,subject,priority').order('created_at'),
    );
    assert.equal(outcome.status, 200, JSON.stringify(outcome.error));
    assert.equal(outcome.http.url.searchParams.get('select'), 'id,subject,priority');
    assert.deepEqual(rowsOf(outcome).map((m) => m.id), expected);
    assert.ok(rowsOf(outcome).every((m) => Object.keys(m).length === 3 && m.priority === 'urgent'));
  });

  test('a default argument may be left out; the function\'s own order is kept', async () => {
    const outcome = await run(db.rpc('get_messages', { department: 'youth' }, { get: true }));
    const rows = rowsOf(outcome);
    assert.ok(rows.length >= 2);
    assert.ok(rows.every((m) => m.department === 'youth'));
    const created = rows.map((m) => m.created_at);
    assert.deepEqual(created, [...created].sort().reverse(), 'newest first');
  });

  test('an argument out of range: 400 22023', async () => {
    const outcome = await run(db.rpc('get_messages', { limit: 0 }));
    const error = assertError(outcome, 400, '22023');
    assert.match(error.message, /limit must be between 1 and 500/);
    assert.equal(error.hint, 'Leave limit out for the newest 50 messages.');
  });
});

describe('mark_message_read: void', () => {
  test('POST → 204, no data; the message is read afterwards', async () => {
    const inserted = await run(db.from('messages').insert({ subject: `${RUN} read me`, message: 'Please read.', sender_name: 'Compat Suite' }).select('id').single());
    const messageId = inserted.data.id;
    const outcome = await run(db.rpc('mark_message_read', { message_id: messageId }));
    assert.equal(outcome.status, 204);
    assert.equal(outcome.data, null);
    assert.equal(outcome.error, null);
    const after = await run(db.from('messages').select('status,read_at').eq('id', messageId).single());
    assert.equal(after.data.status, 'read');
    assert.equal(typeof after.data.read_at, 'string');
    // Again: nothing changes, still 204.
    const again = await run(db.rpc('mark_message_read', { message_id: messageId }));
    assert.equal(again.status, 204);
  });

  test('an unknown id: the function\'s PT404 becomes HTTP 404', async () => {
    const outcome = await run(db.rpc('mark_message_read', { message_id: '00000000-0000-4000-8000-999999999999' }));
    const error = assertError(outcome, 404, 'PT404');
    assert.equal(error.message, 'Message not found');
  });

  test('{ get: true } on a volatile function: the read-only transaction refuses it (405, 25006)', async () => {
    const outcome = await run(db.rpc('mark_message_read', { message_id: '00000000-0000-4000-8000-016000000001' }, { get: true }));
    assertError(outcome, 405, '25006');
  });
});
