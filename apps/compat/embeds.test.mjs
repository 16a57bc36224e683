// Resource embedding through postgrest-js: to-one, to-many, many-to-many, aliases, !inner,
// !hint, spreads, embedded filters/order/limit and filters on the embed itself.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import { db, rowsOf, run } from './helpers.mjs';

const id = (/** @type {string} */ table, /** @type {number} */ n) => `00000000-0000-4000-8000-${table}${String(n).padStart(9, '0')}`;
const JOHN = id('010', 1); // John Kariuki: Men's Ministry and Music Ministry, several gifts
const DENNIS_GIFT = id('012', 1); // 600.00 offering by Dennis Kiprop (member 9)
const LOOSE_GIFT = id('012', 8); // 9300.00 anonymous loose offering

/** @type {any[]} */
let gifts = [];
/** @type {any[]} */
let members = [];

before(async () => {
  gifts = rowsOf(await run(db.from('giving_records').select('id,member_id,amount,giving_type')));
  members = rowsOf(await run(db.from('members').select('id,first_name')));
  assert.ok(gifts.length > 100);
});

describe('relationship kinds', () => {
  test('to-one (giving_records → members): an object, or null without a member', async () => {
    const outcome = await run(db.from('giving_records').select('amount, members(first_name,last_name)').in('id', [DENNIS_GIFT, LOOSE_GIFT]).order('amount'));
    assert.equal(outcome.status, 200);
    assert.deepEqual(outcome.data, [
      { amount: 600, members: { first_name: 'Dennis', last_name: 'Kiprop' } },
      { amount: 9300, members: null },
    ]);
  });

  test('to-many (members → giving_records): an array, [] when there is none', async () => {
    const outcome = await run(db.from('members').select('first_name, giving_records(id,amount)').eq('id', JOHN).single());
    assert.equal(outcome.status, 200);
    assert.equal(outcome.data.first_name, 'John');
    assert.deepEqual(
      outcome.data.giving_records.map((/** @type {any} */ g) => g.id).sort(),
      gifts.filter((g) => g.member_id === JOHN).map((g) => g.id).sort(),
    );
    const giver = new Set(gifts.map((g) => g.member_id));
    const nonGiver = members.find((m) => !giver.has(m.id));
    assert.ok(nonGiver, 'the demo content has a member without gifts');
    const empty = await run(db.from('members').select('first_name, giving_records(id)').eq('id', nonGiver.id).single());
    assert.deepEqual(empty.data, { first_name: nonGiver.first_name, giving_records: [] });
  });

  test('many-to-many (members → ministries through member_ministries) and back', async () => {
    const outcome = await run(db.from('members').select('first_name, ministries(name)').eq('id', JOHN).single());
    assert.equal(outcome.status, 200);
    assert.deepEqual(
      outcome.data.ministries.map((/** @type {any} */ m) => m.name).sort(),
      ["Men's Ministry", 'Music Ministry'],
    );
    const back = await run(db.from('ministries').select('name, members(first_name)').eq('name', "Men's Ministry").single());
    assert.deepEqual(back.data.members.map((/** @type {any} */ m) => m.first_name).sort(), ['John', 'Peter', 'Wycliffe']);
    // Through the junction table explicitly, with its own columns.
    const junction = await run(db.from('members').select('first_name, member_ministries(role, ministries(name))').eq('id', JOHN).single());
    assert.deepEqual(
      junction.data.member_ministries.map((/** @type {any} */ j) => `${j.ministries.name}: ${j.role}`).sort(),
      ["Men's Ministry: member", 'Music Ministry: chorister'],
    );
  });

  test('nested embeds two levels deep', async () => {
    const outcome = await run(db.from('giving_records').select('amount, members(first_name, ministries(name))').eq('id', DENNIS_GIFT).single());
    assert.equal(outcome.data.members.first_name, 'Dennis');
    assert.deepEqual(outcome.data.members.ministries.map((/** @type {any} */ m) => m.name).sort(), ['Pathfinder Club', 'Youth Ministry']);
  });
});

describe('embed forms', () => {
  test('aliases on the embed and on its columns', async () => {
    const outcome = await run(db.from('giving_records').select('gift:amount, donor:members(name:first_name)').eq('id', DENNIS_GIFT).single());
    assert.deepEqual(outcome.data, { gift: 600, donor: { name: 'Dennis' } });
    const many = await run(db.from('members').select('first_name, gifts:giving_records(amount)').eq('id', JOHN).single());
    assert.ok(Array.isArray(many.data.gifts) && many.data.gifts.length > 0);
    assert.ok(!('giving_records' in many.data));
  });

  test('!inner drops parents without a match; !left keeps them', async () => {
    const builders = new Set(gifts.filter((g) => g.giving_type === 'building_fund').map((g) => g.member_id));
    builders.delete(null);
    const inner = await run(
      db.from('members').select('first_name, giving_records!inner(giving_type)').eq('giving_records.giving_type', 'building_fund'),
    );
    assert.equal(inner.http.url.searchParams.get('giving_records.giving_type'), 'eq.building_fund');
    const rows = rowsOf(inner);
    assert.deepEqual(rows.map((r) => r.first_name).sort(), members.filter((m) => builders.has(m.id)).map((m) => m.first_name).sort());
    for (const row of rows) {
      assert.ok(row.giving_records.every((/** @type {any} */ g) => g.giving_type === 'building_fund'));
    }
    const left = rowsOf(await run(db.from('members').select('first_name, giving_records!left(giving_type)').eq('giving_records.giving_type', 'building_fund')));
    assert.equal(left.length, members.length);
  });

  test('!hint by foreign key name and by column', async () => {
    const byKey = await run(db.from('giving_records').select('amount, members!giving_records_member_id_fkey(first_name)').eq('id', DENNIS_GIFT).single());
    assert.deepEqual(byKey.data, { amount: 600, members: { first_name: 'Dennis' } });
    const byColumn = await run(db.from('giving_records').select('amount, members!member_id(first_name)').eq('id', DENNIS_GIFT).single());
    assert.deepEqual(byColumn.data, byKey.data);
    // prayer_requests has two keys to users (requester_id, assigned_to): the hint picks one.
    const prayer = await run(
      db.from('prayer_requests').select('title, requester:users!prayer_requests_requester_id_fkey(id), assignee:users!assigned_to(id)').limit(1).single(),
    );
    assert.equal(prayer.status, 200, JSON.stringify(prayer.error));
    assert.deepEqual(Object.keys(prayer.data).sort(), ['assignee', 'requester', 'title']);
    assert.equal(prayer.data.assignee, null, 'the seed assigns no prayer request');
  });

  test('spread ...members(cols) lifts the columns of a to-one embed', async () => {
    const outcome = await run(db.from('giving_records').select('amount, ...members(first_name, surname:last_name)').in('id', [DENNIS_GIFT, LOOSE_GIFT]).order('amount'));
    assert.equal(outcome.status, 200, JSON.stringify(outcome.error));
    assert.deepEqual(outcome.data, [
      { amount: 600, first_name: 'Dennis', surname: 'Kiprop' },
      { amount: 9300, first_name: null, surname: null },
    ]);
  });
});

describe('embedded filters, order, limit', () => {
  test('referencedTable / foreignTable options: order, limit, range and or on the embed only', async () => {
    const johns = gifts.filter((g) => g.member_id === JOHN);
    const tithes = johns.filter((g) => g.giving_type === 'tithe').map((g) => g.amount).sort((a, b) => b - a);
    assert.ok(tithes.length >= 3);

    const outcome = await run(
      db
        .from('members')
        .select('first_name, giving_records(amount, giving_type)')
        .eq('id', JOHN)
        .eq('giving_records.giving_type', 'tithe')
        .order('amount', { referencedTable: 'giving_records', ascending: false })
        .limit(2, { foreignTable: 'giving_records' })
        .single(),
    );
    const params = outcome.http.url.searchParams;
    assert.equal(params.get('giving_records.order'), 'amount.desc');
    assert.equal(params.get('giving_records.limit'), '2');
    assert.deepEqual(outcome.data.giving_records.map((/** @type {any} */ g) => g.amount), tithes.slice(0, 2));
    assert.ok(outcome.data.giving_records.every((/** @type {any} */ g) => g.giving_type === 'tithe'));

    const ranged = await run(
      db
        .from('members')
        .select('first_name, giving_records(amount)')
        .eq('id', JOHN)
        .eq('giving_records.giving_type', 'tithe')
        .order('amount', { referencedTable: 'giving_records', ascending: false })
        .range(1, 2, { referencedTable: 'giving_records' })
        .single(),
    );
    assert.equal(ranged.http.url.searchParams.get('giving_records.offset'), '1');
    assert.deepEqual(ranged.data.giving_records.map((/** @type {any} */ g) => g.amount), tithes.slice(1, 3));

    const either = await run(
      db
        .from('members')
        .select('first_name, giving_records(giving_type)')
        .eq('id', JOHN)
        .or('giving_type.eq.building_fund,giving_type.eq.missions', { referencedTable: 'giving_records' })
        .single(),
    );
    assert.equal(either.http.url.searchParams.get('giving_records.or'), '(giving_type.eq.building_fund,giving_type.eq.missions)');
    assert.deepEqual(
      either.data.giving_records.map((/** @type {any} */ g) => g.giving_type).sort(),
      johns.filter((g) => ['building_fund', 'missions'].includes(g.giving_type)).map((g) => g.giving_type).sort(),
    );
  });

  test('rel=not.is.null and rel=is.null filter on the embed existing', async () => {
    const withMember = await run(db.from('giving_records').select('id, members(id)', { count: 'exact' }).not('members', 'is', null));
    assert.equal(withMember.http.url.searchParams.get('members'), 'not.is.null');
    assert.equal(withMember.status, 200, JSON.stringify(withMember.error));
    assert.equal(withMember.count, gifts.filter((g) => g.member_id !== null).length);
    assert.ok(rowsOf(withMember).every((r) => r.members !== null));

    const anonymous = await run(db.from('giving_records').select('id, members(id)', { count: 'exact' }).is('members', null));
    assert.equal(anonymous.count, gifts.filter((g) => g.member_id === null).length);
    assert.ok(rowsOf(anonymous).every((r) => r.members === null));

    // On a to-many embed: parents that have at least one child.
    const givers = rowsOf(await run(db.from('members').select('id, giving_records(id)').not('giving_records', 'is', null)));
    assert.deepEqual(givers.map((m) => m.id).sort(), [...new Set(gifts.map((g) => g.member_id).filter(Boolean))].sort());
  });
});
