// Ordering, paging, counting and the response shapes (single, maybeSingle, csv) of postgrest-js
// reads, with the status and the Content-Range / Preference-Applied headers behind them.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { appliedPrefer, assertError, db, rowsOf, run, sentPrefer } from './helpers.mjs';

const SERMONS = 12;

describe('order, limit, range', () => {
  test('order: ascending, descending, several columns', async () => {
    const asc = rowsOf(await run(db.from('sermons').select('sermon_date').order('sermon_date')));
    const dates = asc.map((r) => r.sermon_date);
    assert.deepEqual(dates, [...dates].sort());
    const outcome = await run(db.from('church_leaders').select('category,name').order('category', { ascending: false }).order('name'));
    assert.equal(outcome.http.url.searchParams.get('order'), 'category.desc,name.asc');
    const rows = rowsOf(outcome);
    const expected = [...rows].sort((a, b) => (a.category === b.category ? (a.name < b.name ? -1 : 1) : a.category < b.category ? 1 : -1));
    assert.deepEqual(rows, expected);
  });

  test('order with nullsFirst / nullsLast (members.membership_number has one NULL)', async () => {
    const first = rowsOf(await run(db.from('members').select('membership_number').order('membership_number', { nullsFirst: true })));
    assert.equal(first[0].membership_number, null);
    assert.equal(first[1].membership_number, 'MZ-0001');
    const outcome = await run(db.from('members').select('membership_number').order('membership_number', { ascending: false, nullsFirst: false }));
    assert.equal(outcome.http.url.searchParams.get('order'), 'membership_number.desc.nullslast');
    const last = rowsOf(outcome);
    assert.equal(last[0].membership_number, 'MZ-0013');
    assert.equal(last.at(-1).membership_number, null);
    // PostgreSQL's defaults: NULLS LAST ascending, NULLS FIRST descending.
    const desc = rowsOf(await run(db.from('members').select('membership_number').order('membership_number', { ascending: false })));
    assert.equal(desc[0].membership_number, null);
  });

  test('limit: Content-Range first-last/* without a count', async () => {
    const outcome = await run(db.from('sermons').select('title').order('sermon_date').limit(3));
    assert.equal(outcome.status, 200);
    assert.equal(rowsOf(outcome).length, 3);
    assert.equal(outcome.http.url.searchParams.get('limit'), '3');
    assert.equal(outcome.http.headers.get('content-range'), '0-2/*');
    assert.equal(outcome.count, null);
  });

  test('range(from, to) is offset + limit; with count=exact a partial page is 206', async () => {
    const all = rowsOf(await run(db.from('sermons').select('title').order('sermon_date')));
    const outcome = await run(db.from('sermons').select('title', { count: 'exact' }).order('sermon_date').range(2, 5));
    assert.equal(outcome.http.url.searchParams.get('offset'), '2');
    assert.equal(outcome.http.url.searchParams.get('limit'), '4');
    assert.equal(outcome.status, 206);
    assert.equal(outcome.http.headers.get('content-range'), `2-5/${SERMONS}`);
    assert.deepEqual(appliedPrefer(outcome.http), ['count=exact']);
    assert.equal(outcome.count, SERMONS);
    assert.deepEqual(rowsOf(outcome), all.slice(2, 6));

    const whole = await run(db.from('sermons').select('title', { count: 'exact' }).range(0, 99));
    assert.equal(whole.status, 200, 'the whole set is not partial');
    assert.equal(whole.http.headers.get('content-range'), `0-${SERMONS - 1}/${SERMONS}`);
  });

  test('range past the end with a count: 416 PGRST103', async () => {
    const outcome = await run(db.from('sermons').select('title', { count: 'exact' }).range(100, 109));
    const error = assertError(outcome, 416, 'PGRST103');
    assert.equal(error.message, 'Requested range not satisfiable');
    assert.equal(error.details, `An offset of 100 was requested, but there are only ${SERMONS} rows.`);
  });

  test('the 416 answer carries Content-Range */total', async () => {
    const outcome = await run(db.from('sermons').select('title', { count: 'exact' }).range(100, 109));
    assert.equal(outcome.http.headers.get('content-range'), `*/${SERMONS}`);
  });

  test('an empty result: 200, [] and Content-Range */*', async () => {
    const outcome = await run(db.from('sermons').select('title').eq('title', 'No such sermon'));
    assert.equal(outcome.status, 200);
    assert.deepEqual(outcome.data, []);
    assert.equal(outcome.http.headers.get('content-range'), '*/*');
  });
});

describe('count and head', () => {
  test('count exact with head: HEAD, no body, the total in Content-Range', async () => {
    const outcome = await run(db.from('sermons').select('*', { count: 'exact', head: true }));
    assert.equal(outcome.http.method, 'HEAD');
    assert.deepEqual(sentPrefer(outcome.http), ['count=exact']);
    assert.equal(outcome.status, 200);
    assert.equal(outcome.data, null);
    assert.equal(outcome.error, null);
    assert.equal(outcome.count, SERMONS);
    assert.equal(outcome.http.headers.get('content-range'), `0-${SERMONS - 1}/${SERMONS}`);
    assert.deepEqual(appliedPrefer(outcome.http), ['count=exact']);
  });

  test('count exact with head and a filter', async () => {
    const outcome = await run(db.from('church_leaders').select('*', { count: 'exact', head: true }).eq('category', 'elder'));
    assert.equal(outcome.count, 6);
    assert.equal(outcome.http.headers.get('content-range'), '0-5/6');
  });

  test('count planned with head: the planner estimate, announced in Preference-Applied', async () => {
    const outcome = await run(db.from('sermons').select('*', { count: 'planned', head: true }));
    assert.equal(outcome.http.method, 'HEAD');
    assert.ok([200, 206].includes(outcome.status), String(outcome.status));
    assert.equal(typeof outcome.count, 'number');
    assert.ok((outcome.count ?? -1) >= 0);
    assert.deepEqual(appliedPrefer(outcome.http), ['count=planned']);
  });

  test('count estimated with head: never below the exact count', async () => {
    // PostgREST counts exactly and, past db-max-rows (or with none set), takes the larger of
    // that and the planner's estimate.
    const outcome = await run(db.from('sermons').select('*', { count: 'estimated', head: true }));
    assert.ok([200, 206].includes(outcome.status), String(outcome.status));
    assert.equal(typeof outcome.count, 'number');
    assert.ok((outcome.count ?? -1) >= SERMONS, String(outcome.count));
    assert.deepEqual(appliedPrefer(outcome.http), ['count=estimated']);
  });

  test('count estimated under max rows (1000) is the exact count, on a GET with a page', async () => {
    const outcome = await run(db.from('sermons').select('title', { count: 'estimated' }).range(0, 1));
    assert.equal(outcome.status, 206);
    assert.equal(outcome.count, SERMONS);
    assert.equal(outcome.http.headers.get('content-range'), `0-1/${SERMONS}`);
    assert.equal(rowsOf(outcome).length, 2);
  });

  test('count exact on a GET returns rows and the total', async () => {
    const outcome = await run(db.from('sermons').select('title', { count: 'exact' }).limit(2));
    assert.equal(outcome.status, 206);
    assert.equal(rowsOf(outcome).length, 2);
    assert.equal(outcome.count, SERMONS);
    assert.equal(outcome.http.headers.get('content-range'), `0-1/${SERMONS}`);
  });
});

describe('single and maybeSingle', () => {
  test('single() on one row: an object, Content-Type application/vnd.pgrst.object+json', async () => {
    const outcome = await run(db.from('sermons').select('title,speaker').eq('id', '00000000-0000-4000-8000-005000000001').single());
    assert.equal(outcome.http.requestHeaders.get('accept'), 'application/vnd.pgrst.object+json');
    assert.equal(outcome.status, 200);
    assert.deepEqual(outcome.data, { title: 'The Vine and the Branches', speaker: 'Pr. Samuel Langat' });
    assert.match(outcome.http.headers.get('content-type') ?? '', /^application\/vnd\.pgrst\.object\+json/);
  });

  test('single() on no row: 406 PGRST116 "The result contains 0 rows"', async () => {
    const outcome = await run(db.from('sermons').select('title').eq('title', 'No such sermon').single());
    const error = assertError(outcome, 406, 'PGRST116');
    assert.equal(error.message, 'Cannot coerce the result to a single JSON object');
    assert.equal(error.details, 'The result contains 0 rows');
  });

  test('maybeSingle(): 0 rows → null, 1 row → the object, >1 rows → PGRST116 (decided by the client)', async () => {
    const none = await run(db.from('sermons').select('title').eq('title', 'No such sermon').maybeSingle());
    assert.equal(none.status, 200);
    assert.equal(none.error, null);
    assert.equal(none.data, null);

    const one = await run(db.from('sermons').select('title').eq('id', '00000000-0000-4000-8000-005000000012').maybeSingle());
    assert.equal(one.status, 200);
    assert.deepEqual(one.data, { title: 'Behold, He Cometh' });

    // postgrest-js 2.x asks for an array and applies the rule itself, so the server answered 200.
    const many = await run(db.from('sermons').select('title').limit(2).maybeSingle());
    assert.equal(many.http.status, 200);
    assert.equal(many.status, 406);
    assert.equal(many.error?.code, 'PGRST116');
    assert.equal(many.data, null);
  });
});

describe('other response shapes and client controls', () => {
  test('csv(): text/csv with a header line', async () => {
    const outcome = await run(db.from('daily_verses').select('day_index,translation').order('day_index').limit(3).csv());
    assert.equal(outcome.http.requestHeaders.get('accept'), 'text/csv');
    assert.equal(outcome.status, 200, JSON.stringify(outcome.error));
    assert.match(outcome.http.headers.get('content-type') ?? '', /^text\/csv/);
    assert.equal(outcome.data, 'day_index,translation\n0,KJV\n1,KJV\n2,KJV');
  });

  test('abortSignal(): a live signal is passed on; an aborted one stops the call', async () => {
    const live = new AbortController();
    const ok = await run(db.from('sermons').select('id').limit(1).abortSignal(live.signal));
    assert.equal(ok.status, 200);

    const aborted = new AbortController();
    aborted.abort();
    const result = await db.from('sermons').select('id').abortSignal(aborted.signal);
    assert.equal(result.status, 0);
    assert.equal(result.data, null);
    assert.ok(result.error);
    assert.match(result.error.message, /AbortError/);
    assert.match(result.error.hint, /aborted/);
  });

  test('GET sends Accept-Profile: public and the answer is JSON', async () => {
    const outcome = await run(db.from('sermons').select('id').limit(1));
    assert.equal(outcome.http.requestHeaders.get('accept-profile'), null, 'no schema() chosen: no profile header');
    const scoped = await run(db.schema('public').from('sermons').select('id').limit(1));
    assert.equal(scoped.http.requestHeaders.get('accept-profile'), 'public');
    assert.equal(scoped.status, 200);
    assert.equal(rowsOf(scoped).length, 1);
  });
});
