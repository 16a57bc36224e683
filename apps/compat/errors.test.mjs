// Error answers as postgrest-js reports them: `error` is the server's {code, message, details,
// hint} envelope, `status` the HTTP status. Messages follow PostgREST's wording where clients or
// people read them.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';

import { anonDb, assertError, db, run, unique, uniqueDate } from './helpers.mjs';

const RUN = unique('compat-errors');

after(async () => {
  await db.from('attendance_aggregates').delete().eq('notes', RUN);
  await db.from('message_templates').delete().like('name', `${RUN}%`);
});

describe('request errors (PGRST1xx)', () => {
  test('PGRST100: a filter with an unknown operator is a parse error, 400', async () => {
    const outcome = await run(db.from('sermons').select('title').filter('title', 'badop', '1'));
    assert.equal(outcome.http.url.searchParams.get('title'), 'badop.1');
    const error = assertError(outcome, 400, 'PGRST100');
    assert.match(error.message, /failed to parse filter \(badop\.1\)/);
  });

  test('PGRST100: broken logic tree and select syntax', async () => {
    const or = await run(db.from('sermons').select('title').or('title.eq.a,and(title.eq.b'));
    assertError(or, 400, 'PGRST100');
    const select = await run(db.from('sermons').select('title,members(first_name'));
    assertError(select, 400, 'PGRST100');
  });

  test('PGRST116: single() on two rows is 406 "The result contains 2 rows"', async () => {
    const outcome = await run(db.from('sermons').select('title').limit(2).single());
    const error = assertError(outcome, 406, 'PGRST116');
    assert.equal(error.message, 'Cannot coerce the result to a single JSON object');
    assert.equal(error.details, 'The result contains 2 rows');
    assert.equal(error.hint, null);
  });

  test('PGRST116 on a write rolls the write back', async () => {
    const name = `${RUN} single`;
    const rows = [0, 1].map((i) => ({ name: `${name} ${i}`, type: 'sms', content: 'Hello {name}' }));
    const outcome = await run(db.from('message_templates').insert(rows).select('name').single());
    assertError(outcome, 406, 'PGRST116');
    const left = await run(db.from('message_templates').select('*', { count: 'exact', head: true }).like('name', `${name}%`));
    assert.equal(left.count, 0);
  });
});

describe('schema cache errors (PGRST2xx)', () => {
  test('PGRST200: an embed without a relationship, 400', async () => {
    const outcome = await run(db.from('sermons').select('title, budgets(id)'));
    const error = assertError(outcome, 400, 'PGRST200');
    assert.equal(error.message, "Could not find a relationship between 'sermons' and 'budgets' in the schema cache");
  });

  test('PGRST200 says where it searched in details', async () => {
    const outcome = await run(db.from('sermons').select('title, budgets(id)'));
    const { error } = outcome;
    assert.ok(error);
    assert.equal(
      error.details,
      "Searched for a foreign key relationship between 'sermons' and 'budgets' in the schema 'public', but no matches were found.",
    );
    assert.equal(error.hint, null, 'both tables exist, so there is no name to suggest');
  });

  test('PGRST201: an ambiguous embed (prayer_requests has two keys to users), 300 with the candidates', async () => {
    const outcome = await run(db.from('prayer_requests').select('title, users(id)'));
    const error = assertError(outcome, 300, 'PGRST201');
    assert.equal(error.message, "Could not embed because more than one relationship was found for 'prayer_requests' and 'users'");
    assert.match(error.hint ?? '', /'users!prayer_requests_requester_id_fkey'/);
    assert.match(error.hint ?? '', /'users!prayer_requests_assigned_to_fkey'/);
  });

  test('PGRST201 lists the candidates as objects in details', async () => {
    const outcome = await run(db.from('prayer_requests').select('title, users(id)'));
    const { error } = outcome;
    assert.ok(error);
    assert.match(error.hint ?? '', /^Try changing 'users' to one of the following: .*\. Find the desired relationship in the 'details' key\.$/);
    assert.ok(Array.isArray(error.details), 'details lists the relationships');
    const details = /** @type {any[]} */ (error.details);
    assert.equal(details.length, 2);
    assert.deepEqual(
      details.map((d) => d.relationship).sort(),
      [
        'prayer_requests_assigned_to_fkey using prayer_requests(assigned_to) and users(id)',
        'prayer_requests_requester_id_fkey using prayer_requests(requester_id) and users(id)',
      ],
    );
    for (const d of details) {
      assert.equal(d.cardinality, 'many-to-one');
      assert.equal(d.embedding, 'prayer_requests with users');
    }
  });

  test('PGRST202: an unknown function, 404, with a suggestion', async () => {
    const outcome = await run(db.rpc('get_monthly_givin'));
    const error = assertError(outcome, 404, 'PGRST202');
    assert.match(error.message, /^Could not find the function public\.get_monthly_givin\b.* in the schema cache$/);
    assert.equal(error.hint, 'Perhaps you meant to call the function public.get_monthly_giving');
  });

  test('PGRST202 wording: "without parameters", and details says what was searched', async () => {
    const outcome = await run(db.rpc('get_monthly_givin'));
    const { error } = outcome;
    assert.ok(error);
    assert.equal(error.message, 'Could not find the function public.get_monthly_givin without parameters in the schema cache');
    assert.equal(
      error.details,
      'Searched for the function public.get_monthly_givin without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    );
  });

  test('PGRST202: a known function with the wrong argument names, 404', async () => {
    const outcome = await run(db.rpc('get_monthly_giving', { from: '2026-01-01' }));
    const error = assertError(outcome, 404, 'PGRST202');
    assert.equal(error.message, 'Could not find the function public.get_monthly_giving(from) in the schema cache');
  });

  test('PGRST202 for wrong arguments suggests the right ones', async () => {
    const outcome = await run(db.rpc('get_monthly_giving', { from: '2026-01-01' }));
    assert.equal(outcome.error?.hint, 'Perhaps you meant to call the function public.get_monthly_giving(from_date)');
  });

  test('PGRST204: an unknown column in the body, 400', async () => {
    const outcome = await run(db.from('messages').insert({ sender_nam: 'x' }));
    const error = assertError(outcome, 400, 'PGRST204');
    assert.equal(error.message, "Could not find the 'sender_nam' column of 'messages' in the schema cache");
  });

  test('PGRST205: an unknown table, 404, "Perhaps you meant the table"', async () => {
    const outcome = await run(db.from('sermon').select('*'));
    const error = assertError(outcome, 404, 'PGRST205');
    assert.equal(error.message, "Could not find the table 'public.sermon' in the schema cache");
    assert.equal(error.hint, "Perhaps you meant the table 'public.sermons'");
  });

  test('42703: an unknown column in select, 400', async () => {
    const outcome = await run(db.from('sermons').select('titel'));
    const error = assertError(outcome, 400, '42703');
    assert.match(error.message, /titel/);
  });
});

describe('database errors', () => {
  test('23505 (unique violation) → 409 with the constraint and key', async () => {
    const date = uniqueDate();
    const row = { attendance_date: date, sabbath_school_count: 1, notes: RUN };
    const first = await run(db.from('attendance_aggregates').insert(row));
    assert.equal(first.status, 201);
    const outcome = await run(db.from('attendance_aggregates').insert(row));
    const error = assertError(outcome, 409, '23505');
    assert.equal(error.message, 'duplicate key value violates unique constraint "attendance_aggregates_attendance_date_key"');
    assert.equal(error.details, `Key (attendance_date)=(${date}) already exists.`);
  });

  test('23503 (foreign key violation) → 409', async () => {
    const outcome = await run(db.from('giving_records').insert({ member_id: '00000000-0000-4000-8000-999999999999', amount: 1 }));
    assertError(outcome, 409, '23503');
  });

  test('23514 (check violation) → 400; 22P02 (bad value for the type) → 400', async () => {
    const check = await run(db.from('announcements').insert({ title: 't', content: 'c', start_date: '2026-12-01', priority: 'critical' }));
    assertError(check, 400, '23514');
    const type = await run(db.from('sermons').select('id').eq('id', 'not-a-uuid'));
    assertError(type, 400, '22P02');
  });

  // payment_logs: a table anon is never granted (public content such as sermons is readable
  // by anon once the policies grant it).
  test('42501 as anon (no grant on payment_logs) → 401', async () => {
    const outcome = await run(anonDb.from('payment_logs').select('id'));
    const error = assertError(outcome, 401, '42501');
    assert.match(error.message, /permission denied for table payment_logs/);
  });

  test('a 401 carries WWW-Authenticate: Bearer', async () => {
    const outcome = await run(anonDb.from('payment_logs').select('id'));
    assert.equal(outcome.status, 401);
    assert.equal(outcome.http.headers.get('www-authenticate'), 'Bearer');
  });
});
