// Writes through postgrest-js: insert (single, bulk with columns, missing=default), update,
// delete, upsert (merge and ignore), the Prefer values they send (return, count, tx, max-affected)
// and what the server answers (status, body, Content-Range, Preference-Applied).
// Every row written here carries this run's tag and is removed at the end.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';

import { appliedPrefer, assertError, db, rowsOf, run, sentPrefer, unique, uniqueDate } from './helpers.mjs';

const RUN = unique('compat-writes');

/** A message row owned by this run; `tag` goes into the subject. */
const message = (/** @type {string} */ tag, /** @type {Record<string, unknown>} */ extra = {}) => ({
  subject: `${RUN} ${tag}`,
  message: 'Written by the postgrest-js compatibility suite.',
  sender_name: 'Compat Suite',
  ...extra,
});

/** Rows of this run with the given tag, read back without the client's help for writes. */
async function messagesTagged(/** @type {string} */ tag, columns = 'subject,status,priority') {
  return rowsOf(await run(db.from('messages').select(columns).eq('subject', `${RUN} ${tag}`).order('created_at')));
}

after(async () => {
  await db.from('messages').delete().like('subject', `${RUN}%`);
  await db.from('attendance_aggregates').delete().eq('notes', RUN);
});

describe('insert', () => {
  test('without select(): no Prefer, 201, empty body (return=minimal is the default)', async () => {
    const outcome = await run(db.from('messages').insert(message('minimal')));
    assert.equal(outcome.http.method, 'POST');
    assert.deepEqual(sentPrefer(outcome.http), []);
    assert.equal(outcome.http.requestHeaders.get('content-type'), 'application/json');
    assert.equal(outcome.status, 201);
    assert.equal(outcome.data, null);
    assert.equal(outcome.error, null);
    assert.equal((await messagesTagged('minimal')).length, 1);
  });

  test('Content-Range on an insert is */* (no range of a result)', async () => {
    const outcome = await run(db.from('messages').insert([message('range'), message('range')]));
    assert.equal(outcome.status, 201);
    assert.equal(outcome.http.headers.get('content-range'), '*/*');
  });

  test('Prefer: return=minimal set explicitly is applied', async () => {
    const outcome = await run(db.from('messages').insert(message('explicit minimal')).setHeader('Prefer', 'return=minimal'));
    assert.equal(outcome.status, 201);
    assert.equal(outcome.data, null);
    assert.deepEqual(appliedPrefer(outcome.http), ['return=minimal']);
  });

  test('with select(): return=representation, 201, the rows with their defaults', async () => {
    const outcome = await run(db.from('messages').insert(message('representation')).select('subject,status,priority,source'));
    assert.deepEqual(sentPrefer(outcome.http), ['return=representation']);
    assert.equal(outcome.status, 201);
    assert.deepEqual(outcome.data, [{ subject: `${RUN} representation`, status: 'pending', priority: 'normal', source: 'website' }]);
    assert.deepEqual(appliedPrefer(outcome.http), ['return=representation']);
    assert.match(outcome.http.headers.get('content-type') ?? '', /^application\/json/);

    const single = await run(db.from('messages').insert(message('representation single')).select('subject').single());
    assert.equal(single.status, 201);
    assert.deepEqual(single.data, { subject: `${RUN} representation single` });
  });

  test('bulk insert sends columns=; a key missing from a row becomes NULL (23502 here, nothing written)', async () => {
    const rows = [message('bulk null', { priority: 'high' }), message('bulk null')];
    const outcome = await run(db.from('messages').insert(rows).select('subject,priority'));
    assert.equal(outcome.http.url.searchParams.get('columns'), '"subject","message","sender_name","priority"');
    const error = assertError(outcome, 400, '23502');
    assert.match(error.message, /priority/);
    assert.deepEqual(await messagesTagged('bulk null'), [], 'the whole statement was refused');
  });

  test('bulk insert with count=exact: Content-Range */2 and count 2', async () => {
    const rows = [message('bulk count', { priority: 'low' }), message('bulk count', { priority: 'urgent' })];
    const outcome = await run(db.from('messages').insert(rows, { count: 'exact' }));
    assert.deepEqual(sentPrefer(outcome.http), ['count=exact']);
    assert.equal(outcome.status, 201);
    assert.equal(outcome.count, 2);
    assert.equal(outcome.http.headers.get('content-range'), '*/2');
    assert.deepEqual((await messagesTagged('bulk count')).map((r) => r.priority).sort(), ['low', 'urgent']);
  });

  test('bulk insert with defaultToNull: false sends missing=default: missing keys take the column default', async () => {
    const rows = [message('bulk default', { priority: 'high' }), message('bulk default')];
    const outcome = await run(db.from('messages').insert(rows, { defaultToNull: false }).select('priority'));
    assert.deepEqual(sentPrefer(outcome.http), ['missing=default', 'return=representation']);
    assert.equal(outcome.status, 201, JSON.stringify(outcome.error));
    assert.deepEqual(outcome.data, [{ priority: 'high' }, { priority: 'normal' }]);
    assert.deepEqual(appliedPrefer(outcome.http), ['missing=default', 'return=representation']);
  });
});

describe('update and delete', () => {
  test('update without select(): 204, Content-Range 0-(n-1)/*', async () => {
    await db.from('messages').insert([message('update'), message('update')]);
    const outcome = await run(db.from('messages').update({ status: 'read' }).eq('subject', `${RUN} update`));
    assert.equal(outcome.http.method, 'PATCH');
    assert.equal(outcome.status, 204);
    assert.equal(outcome.data, null);
    assert.equal(outcome.http.headers.get('content-range'), '0-1/*');
    assert.deepEqual((await messagesTagged('update')).map((r) => r.status), ['read', 'read']);
  });

  test('update with count=exact: the total in Content-Range', async () => {
    await db.from('messages').insert([message('update count'), message('update count')]);
    const counted = await run(db.from('messages').update({ status: 'sent' }, { count: 'exact' }).eq('subject', `${RUN} update count`));
    assert.equal(counted.status, 204);
    assert.equal(counted.count, 2);
    assert.equal(counted.http.headers.get('content-range'), '0-1/2');
  });

  test('update with select(): 200 and the updated rows; nothing matched: 200 []', async () => {
    await db.from('messages').insert(message('update repr'));
    const outcome = await run(db.from('messages').update({ priority: 'urgent' }).eq('subject', `${RUN} update repr`).select('subject,priority'));
    assert.equal(outcome.status, 200);
    assert.deepEqual(outcome.data, [{ subject: `${RUN} update repr`, priority: 'urgent' }]);
    assert.deepEqual(appliedPrefer(outcome.http), ['return=representation']);

    const none = await run(db.from('messages').update({ priority: 'low' }).eq('subject', `${RUN} no such row`).select('subject'));
    assert.equal(none.status, 200);
    assert.deepEqual(none.data, []);
  });

  test('delete without select(): 204; with select(): 200 and the deleted rows', async () => {
    await db.from('messages').insert([message('delete'), message('delete'), message('delete repr')]);
    const minimal = await run(db.from('messages').delete().eq('subject', `${RUN} delete`));
    assert.equal(minimal.http.method, 'DELETE');
    assert.equal(minimal.status, 204);
    assert.equal(minimal.data, null);
    assert.deepEqual(await messagesTagged('delete'), []);

    const outcome = await run(db.from('messages').delete().eq('subject', `${RUN} delete repr`).select('subject'));
    assert.equal(outcome.status, 200);
    assert.deepEqual(outcome.data, [{ subject: `${RUN} delete repr` }]);
    assert.deepEqual(await messagesTagged('delete repr'), []);
  });

  test('delete with count=exact: Content-Range */n and count n', async () => {
    await db.from('messages').insert([message('delete count'), message('delete count')]);
    const counted = await run(db.from('messages').delete({ count: 'exact' }).eq('subject', `${RUN} delete count`));
    assert.equal(counted.status, 204);
    assert.equal(counted.count, 2);
    assert.equal(counted.http.headers.get('content-range'), '*/2');
    assert.deepEqual(appliedPrefer(counted.http), ['count=exact']);
  });
});

describe('upsert', () => {
  /** @param {string} date @param {number} count */
  const day = (date, count) => ({ attendance_date: date, sabbath_school_count: count, notes: RUN });

  test('insert through upsert: 201, resolution=merge-duplicates and on_conflict sent and applied', async () => {
    const date = uniqueDate();
    const outcome = await run(db.from('attendance_aggregates').upsert(day(date, 100), { onConflict: 'attendance_date' }).select('attendance_date,sabbath_school_count'));
    assert.deepEqual(sentPrefer(outcome.http), ['resolution=merge-duplicates', 'return=representation']);
    assert.equal(outcome.http.url.searchParams.get('on_conflict'), 'attendance_date');
    assert.equal(outcome.status, 201);
    assert.deepEqual(outcome.data, [{ attendance_date: date, sabbath_school_count: 100 }]);
    assert.deepEqual(appliedPrefer(outcome.http), ['resolution=merge-duplicates', 'return=representation']);
  });

  test('merge of an existing row updates it (data)', async () => {
    const date = uniqueDate();
    await db.from('attendance_aggregates').insert(day(date, 100));
    const outcome = await run(db.from('attendance_aggregates').upsert(day(date, 120), { onConflict: 'attendance_date' }).select('sabbath_school_count,divine_total'));
    assert.equal(outcome.error, null, JSON.stringify(outcome.error));
    assert.deepEqual(outcome.data, [{ sabbath_school_count: 120, divine_total: 0 }]);
    const stored = rowsOf(await run(db.from('attendance_aggregates').select('sabbath_school_count').eq('attendance_date', date)));
    assert.deepEqual(stored, [{ sabbath_school_count: 120 }]);
  });

  test('merge that inserted nothing answers 200, not 201', async () => {
    const date = uniqueDate();
    await db.from('attendance_aggregates').insert(day(date, 100));
    const outcome = await run(db.from('attendance_aggregates').upsert(day(date, 130), { onConflict: 'attendance_date' }).select('sabbath_school_count'));
    assert.equal(outcome.status, 200);
    assert.deepEqual(outcome.data, [{ sabbath_school_count: 130 }]);

    // Without select() (return=minimal) too: the status says whether a row was inserted.
    const minimal = await run(db.from('attendance_aggregates').upsert(day(date, 140), { onConflict: 'attendance_date' }));
    assert.equal(minimal.status, 200);
    assert.equal(minimal.data, null);
    const fresh = await run(db.from('attendance_aggregates').upsert(day(uniqueDate(), 150), { onConflict: 'attendance_date' }));
    assert.equal(fresh.status, 201);
  });

  test('merge of several rows, one new and one existing: 201, both returned', async () => {
    const [old, fresh] = [uniqueDate(), uniqueDate()];
    await db.from('attendance_aggregates').insert(day(old, 1));
    const outcome = await run(db.from('attendance_aggregates').upsert([day(old, 2), day(fresh, 3)], { onConflict: 'attendance_date' }).select('attendance_date,sabbath_school_count'));
    assert.equal(outcome.status, 201);
    assert.deepEqual(
      rowsOf(outcome).sort((a, b) => (a.attendance_date < b.attendance_date ? -1 : 1)),
      [day(old, 2), day(fresh, 3)].map(({ attendance_date, sabbath_school_count }) => ({ attendance_date, sabbath_school_count })).sort((a, b) => (a.attendance_date < b.attendance_date ? -1 : 1)),
    );
  });

  test('ignoreDuplicates: existing rows are left alone and not returned', async () => {
    const [old, fresh] = [uniqueDate(), uniqueDate()];
    await db.from('attendance_aggregates').insert(day(old, 50));
    const outcome = await run(
      db.from('attendance_aggregates').upsert([day(old, 99), day(fresh, 60)], { onConflict: 'attendance_date', ignoreDuplicates: true }).select('attendance_date,sabbath_school_count'),
    );
    assert.deepEqual(sentPrefer(outcome.http), ['resolution=ignore-duplicates', 'return=representation']);
    assert.equal(outcome.status, 201);
    assert.deepEqual(outcome.data, [{ attendance_date: fresh, sabbath_school_count: 60 }]);
    assert.deepEqual(appliedPrefer(outcome.http), ['resolution=ignore-duplicates', 'return=representation']);
    const stored = rowsOf(await run(db.from('attendance_aggregates').select('sabbath_school_count').eq('attendance_date', old)));
    assert.deepEqual(stored, [{ sabbath_school_count: 50 }]);

    const nothing = await run(db.from('attendance_aggregates').upsert(day(old, 98), { onConflict: 'attendance_date', ignoreDuplicates: true }).select('attendance_date'));
    assert.equal(nothing.status, 201);
    assert.deepEqual(nothing.data, []);
  });

  test('upsert without select(): 201 and no body', async () => {
    const outcome = await run(db.from('attendance_aggregates').upsert(day(uniqueDate(), 7), { onConflict: 'attendance_date' }));
    assert.equal(outcome.status, 201);
    assert.equal(outcome.data, null);
  });
});

describe('transaction preferences', () => {
  test('rollback(): tx=rollback answers as if written, then nothing is kept', async () => {
    const outcome = await run(db.from('messages').insert(message('rollback')).select('subject').rollback());
    assert.deepEqual(sentPrefer(outcome.http), ['return=representation', 'tx=rollback']);
    assert.equal(outcome.status, 201);
    assert.deepEqual(outcome.data, [{ subject: `${RUN} rollback` }]);
    assert.deepEqual(await messagesTagged('rollback'), []);

    await db.from('messages').insert(message('rollback update'));
    const update = await run(db.from('messages').update({ status: 'read' }).eq('subject', `${RUN} rollback update`).rollback());
    assert.equal(update.status, 204);
    assert.deepEqual((await messagesTagged('rollback update')).map((r) => r.status), ['pending']);
  });

  test('tx=rollback is announced in Preference-Applied', async () => {
    const outcome = await run(db.from('messages').insert(message('rollback applied')).select('subject').rollback());
    assert.deepEqual(appliedPrefer(outcome.http), ['return=representation', 'tx=rollback']);
  });

  test('maxAffected(n): handling=strict + max-affected; more rows → 400 PGRST124, nothing changed', async () => {
    await db.from('messages').insert([message('max'), message('max')]);
    const refused = await run(db.from('messages').update({ status: 'read' }).eq('subject', `${RUN} max`).maxAffected(1));
    assert.deepEqual(sentPrefer(refused.http), ['handling=strict', 'max-affected=1']);
    const refusedError = assertError(refused, 400, 'PGRST124');
    assert.equal(refusedError.message, 'Query result exceeds max-affected preference constraint');
    assert.match(String(refusedError.details), /^The query affects 2 rows/);
    assert.deepEqual((await messagesTagged('max')).map((r) => r.status), ['pending', 'pending']);

    const allowed = await run(db.from('messages').update({ status: 'read' }).eq('subject', `${RUN} max`).maxAffected(2));
    assert.equal(allowed.status, 204);
    assert.ok(appliedPrefer(allowed.http).includes('max-affected=2'));
    assert.deepEqual((await messagesTagged('max')).map((r) => r.status), ['read', 'read']);

    const deleteRefused = await run(db.from('messages').delete().eq('subject', `${RUN} max`).maxAffected(1));
    assertError(deleteRefused, 400, 'PGRST124');
    assert.equal((await messagesTagged('max')).length, 2);
  });

  test('Preference-Applied names handling=strict with max-affected', async () => {
    await db.from('messages').insert(message('max applied'));
    const allowed = await run(db.from('messages').update({ status: 'read' }).eq('subject', `${RUN} max applied`).maxAffected(1));
    assert.deepEqual(appliedPrefer(allowed.http), ['handling=strict', 'max-affected=1']);
  });

  test('PGRST124 details is exactly "The query affects n rows"', async () => {
    await db.from('messages').insert([message('max details'), message('max details')]);
    const refused = await run(db.from('messages').update({ status: 'read' }).eq('subject', `${RUN} max details`).maxAffected(1));
    assert.equal(refused.error?.details, 'The query affects 2 rows');
  });
});
