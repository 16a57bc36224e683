import { createClient, KanisaError } from '@kanisa/client';
import { describe, expect, it, vi } from 'vitest';
import {
  containsPattern,
  countText,
  formatEstimate,
  keyCondition,
  pageBounds,
  pageCount,
  quoteFilterValue,
  readKeyedPage,
  readPage,
  searchCondition,
  storedPhoneFragment,
  searchWords,
  withSearch,
} from './paged-list';

describe('paging', () => {
  it('turns a page number into the rows to ask for, and a total into pages', () => {
    expect(pageBounds(0)).toEqual({ from: 0, to: 49 });
    expect(pageBounds(2, 25)).toEqual({ from: 50, to: 74 });
    expect(pageCount(0)).toBe(1);
    expect(pageCount(50)).toBe(1);
    expect(pageCount(51)).toBe(2);
    expect(pageCount(1012)).toBe(21);
  });

  it('says how many there are, and which ones are shown when there is more than a page', () => {
    expect(countText({ page: 0, shown: 12, total: 12, noun: 'sermons', filtered: false })).toBe('12 sermons');
    expect(countText({ page: 0, shown: 1, total: 1, noun: 'sermons', filtered: false })).toBe('1 sermon');
    expect(countText({ page: 0, shown: 3, total: 3, noun: 'members', filtered: true })).toBe('3 members found');
    expect(countText({ page: 1, shown: 50, total: 1012, noun: 'sermons', filtered: false })).toBe('Showing 51–100 of 1,012 sermons');
    expect(countText({ page: 20, shown: 12, total: 1012, noun: 'sermons', filtered: false })).toBe('Showing 1,001–1,012 of 1,012 sermons');
    expect(countText({ page: 0, size: 25, shown: 25, total: 30, noun: 'members', filtered: true })).toBe('Showing 1–25 of 30 members found');
  });

  it('says "about" for an estimated total, and counts pages from the end after Last', () => {
    expect(formatEstimate(50_014)).toBe('about 50,000');
    expect(formatEstimate(48_123)).toBe('about 48,000');
    expect(formatEstimate(1_234)).toBe('about 1,200');
    expect(formatEstimate(7)).toBe('about 7');
    const estimated = { size: 25, total: 50_014, noun: 'members', filtered: false, estimated: true };
    expect(countText({ ...estimated, page: 1920, shown: 25 })).toBe('Showing 48,001–48,025 of about 50,000 members');
    expect(countText({ ...estimated, page: 0, shown: 25, filtered: true })).toBe('Showing 1–25 of about 50,000 members found');
    expect(countText({ ...estimated, page: 0, shown: 25, fromEnd: true })).toBe('Showing the last 25 of about 50,000 members');
    expect(countText({ ...estimated, page: 2, shown: 25, fromEnd: true })).toBe('Showing 51–75 from the end of about 50,000 members');
  });

  it('numbers the rows back from an exact total after Last', () => {
    const exact = { size: 25, total: 148_012, noun: 'donations', filtered: false };
    expect(countText({ ...exact, page: 0, shown: 25, fromEnd: true })).toBe('Showing 147,988–148,012 of 148,012 donations');
    expect(countText({ ...exact, page: 2, shown: 25, fromEnd: true })).toBe('Showing 147,938–147,962 of 148,012 donations');
    expect(countText({ ...exact, total: 1_030, page: 41, shown: 5, fromEnd: true })).toBe('Showing 1–5 of 1,030 donations');
  });
});

describe('paging by key', () => {
  it('says "after the key" in the list order, the first column alone first', () => {
    expect(keyCondition(['last_name', 'first_name', 'id'], ['Otieno', 'Mary', 'u1'], 'after')).toBe(
      'last_name.gt."Otieno",and(last_name.eq."Otieno",first_name.gt."Mary"),and(last_name.eq."Otieno",first_name.eq."Mary",id.gt."u1")',
    );
    expect(keyCondition(['last_name', 'id'], ['O"Neil, Jr.', 'u2'], 'before')).toBe('last_name.lt."O\\"Neil, Jr.",and(last_name.eq."O\\"Neil, Jr.",id.lt."u2")');
  });

  /** readKeyedPage over the real client, its fetch answering `data` (with `count` as the total). */
  function keyed(answer: { data: { id: string }[]; count: number | null }) {
    const built: { params: URLSearchParams; prefer: string }[] = [];
    const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      built.push({ params: url.searchParams, prefer: new Headers(init?.headers).get('prefer') ?? '' });
      const end = answer.data.length - 1;
      const headers = { 'content-type': 'application/json', 'content-range': `0-${String(end)}/${answer.count === null ? '*' : String(answer.count)}` };
      return Promise.resolve(new Response(JSON.stringify(answer.data), { status: 200, headers }));
    });
    const client = createClient('http://church.example', undefined, { fetch });
    const request = (order: 'asc' | 'desc', counted: boolean) =>
      client
        .from('members')
        .select('id', counted ? { count: 'estimated' } : {})
        .order('last_name', { ascending: order === 'asc' })
        .order('id', { ascending: order === 'asc' })
        .returns<{ id: string }[]>();
    return { request, built };
  }
  const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `r${String(i)}` }));

  it('reads the first pages by offset with count=estimated: a total above 1,000 is an estimate', async () => {
    const { request, built } = keyed({ data: rows(25), count: 50_014 });
    await expect(readKeyedPage(request, { page: 2, search: '' }, ['last_name', 'id'], 25)).resolves.toEqual({
      rows: rows(25),
      total: 50_014,
      estimated: true,
    });
    expect(built).toHaveLength(1);
    expect([built[0]!.params.get('offset'), built[0]!.params.get('limit')]).toEqual(['50', '25']);
    expect(built[0]!.prefer).toBe('count=estimated');

    const small = keyed({ data: rows(3), count: 3 });
    await expect(readKeyedPage(small.request, { page: 0, search: '' }, ['last_name', 'id'], 25)).resolves.toEqual({ rows: rows(3), total: 3 });
  });

  it('reads after a key from the index at the key, one row more than a page, uncounted', async () => {
    const { request, built } = keyed({ data: rows(26), count: null });
    const page = await readKeyedPage(request, { page: 40, search: '', at: { after: ['Otieno', 'u1'] } }, ['last_name', 'id'], 25);
    expect(page).toEqual({ rows: rows(25), total: 0, uncounted: true, hasNext: true, hasPrevious: true });
    const { params, prefer } = built[0]!;
    expect(params.get('last_name')).toBe('gte.Otieno');
    expect(params.get('or')).toBe('(last_name.gt."Otieno",and(last_name.eq."Otieno",id.gt."u1"))');
    expect(params.get('order')).toBe('last_name.asc,id.asc');
    expect([params.get('offset'), params.get('limit')]).toEqual([null, '26']);
    expect(prefer).toBe('');

    const end = keyed({ data: rows(7), count: null });
    const last = await readKeyedPage(end.request, { page: 41, search: '', at: { after: ['Zawadi', 'u9'] } }, ['last_name', 'id'], 25);
    expect([last.rows.length, last.hasNext]).toEqual([7, false]);
  });

  it('pages a list sorted newest first by key the other way, counted exactly', async () => {
    expect(keyCondition(['giving_date', 'id'], ['2026-11-01', 'g7'], 'after', 'desc')).toBe(
      'giving_date.lt."2026-11-01",and(giving_date.eq."2026-11-01",id.lt."g7")',
    );
    expect(keyCondition(['giving_date', 'id'], ['2026-11-01', 'g7'], 'before', 'desc')).toBe(
      'giving_date.gt."2026-11-01",and(giving_date.eq."2026-11-01",id.gt."g7")',
    );
    const { request, built } = keyed({ data: rows(25), count: 48_000 });
    await expect(readKeyedPage(request, { page: 1, search: '' }, ['last_name', 'id'], 25, { order: 'desc', estimatedCount: false })).resolves.toEqual({
      rows: rows(25),
      total: 48_000,
    });
    expect(built[0]!.params.get('order')).toBe('last_name.desc,id.desc');

    const after = keyed({ data: rows(26), count: null });
    await readKeyedPage(after.request, { page: 60, search: '', at: { after: ['Otieno', 'u1'] } }, ['last_name', 'id'], 25, { order: 'desc' });
    const { params } = after.built[0]!;
    expect([params.get('last_name'), params.get('or'), params.get('order')]).toEqual([
      'lte.Otieno',
      '(last_name.lt."Otieno",and(last_name.eq."Otieno",id.lt."u1"))',
      'last_name.desc,id.desc',
    ]);
    const end = keyed({ data: rows(3), count: null });
    await readKeyedPage(end.request, { page: 0, search: '', fromEnd: true, at: { end: true } }, ['last_name', 'id'], 25, { order: 'desc' });
    expect(end.built[0]!.params.get('order')).toBe('last_name.asc,id.asc');
  });

  it('reads before a key and the last page in reverse, giving the rows in the list order', async () => {
    const before = keyed({ data: rows(26), count: null });
    const page = await readKeyedPage(before.request, { page: 3, search: '', fromEnd: true, at: { before: ['Kamau', 'u5'] } }, ['last_name', 'id'], 25);
    expect(page).toEqual({ rows: rows(25).reverse(), total: 0, uncounted: true, hasNext: true, hasPrevious: true });
    const { params } = before.built[0]!;
    expect(params.get('last_name')).toBe('lte.Kamau');
    expect(params.get('or')).toBe('(last_name.lt."Kamau",and(last_name.eq."Kamau",id.lt."u5"))');
    expect(params.get('order')).toBe('last_name.desc,id.desc');

    const end = keyed({ data: rows(26), count: null });
    const last = await readKeyedPage(end.request, { page: 0, search: 'gmail', fromEnd: true, at: { end: true } }, ['last_name', 'id'], 25);
    expect(last).toEqual({ rows: rows(25).reverse(), total: 0, uncounted: true, hasNext: false, hasPrevious: true });
    const lastParams = end.built[0]!.params;
    expect([lastParams.get('order'), lastParams.get('limit'), lastParams.get('last_name'), lastParams.get('or')]).toEqual([
      'last_name.desc,id.desc',
      '26',
      null,
      null,
    ]);
  });
});

describe('the search filter', () => {
  it('splits the search into words', () => {
    expect(searchWords('  Mary   wanjiru ')).toEqual(['Mary', 'wanjiru']);
    expect(searchWords('')).toEqual([]);
    expect(searchWords('a a b')).toEqual(['a', 'b']);
  });

  it('quotes every value, escaping double quotes and backslashes', () => {
    expect(quoteFilterValue('plain')).toBe('"plain"');
    expect(quoteFilterValue('a,b.(c):d')).toBe('"a,b.(c):d"');
    expect(quoteFilterValue('say "amen"')).toBe('"say \\"amen\\""');
    expect(quoteFilterValue('back\\slash')).toBe('"back\\\\slash"');
  });

  it('looks for the word anywhere, taking % and _ literally and keeping * as the wildcard', () => {
    expect(containsPattern('mary')).toBe('*mary*');
    expect(containsPattern('50%_off')).toBe('*50\\%\\_off*');
    expect(containsPattern('a\\b')).toBe('*a\\\\b*');
  });

  it('builds one or=(…) over the columns per word', () => {
    expect(searchCondition('0712', ['phone', 'email'])).toBe('phone.ilike."*0712*",email.ilike."*0712*"');
    expect(searchCondition('O"Neil', ['last_name'])).toBe('last_name.ilike."*O\\"Neil*"');
    // Phones are stored as +254… (issue 32): a local number typed is looked for in that form too.
    expect(searchCondition('0712', ['phone', 'email'], ['phone'])).toBe('phone.ilike."*0712*",email.ilike."*0712*",phone.ilike."*+254712*"');
    expect(searchCondition('Grace', ['first_name'], ['phone'])).toBe('first_name.ilike."*Grace*"');
    expect(storedPhoneFragment('0711222333')).toBe('+254711222333');
    expect(storedPhoneFragment('0112')).toBe('+254112');
    expect(storedPhoneFragment('712')).toBeNull();
    expect(storedPhoneFragment('0800')).toBeNull();
    expect(searchCondition('M-001,(x)', ['membership_number'])).toBe('membership_number.ilike."*M-001,(x)*"');
  });

  it('adds nothing for an empty search, and one or= per word to a real request', () => {
    const client = createClient('http://church.example');
    const plain = client.from('members').select('id');
    const urlOf = (request: { key: string }) => request.key.split(' ')[1]!;
    expect(urlOf(withSearch(plain, '   ', ['first_name']))).toBe('/rest/v1/members?select=id');
    const searched = withSearch(client.from('members').select('id'), 'mary 50%', ['first_name', 'phone']);
    const params = new URL(urlOf(searched), 'http://x').searchParams;
    expect(params.getAll('or')).toEqual([
      '(first_name.ilike."*mary*",phone.ilike."*mary*")',
      // LIKE's escape (\%) is itself escaped inside the quotes (\\%).
      '(first_name.ilike."*50\\\\%*",phone.ilike."*50\\\\%*")',
    ]);
  });
});

describe('readPage', () => {
  it('asks for the page range and reads the true total from the server', async () => {
    const range = vi.fn(() => Promise.resolve({ data: [{ id: 'a' }], error: null, count: 1012, status: 206 }));
    await expect(readPage({ range }, 2)).resolves.toEqual({ rows: [{ id: 'a' }], total: 1012 });
    expect(range).toHaveBeenCalledWith(100, 149);
  });

  it('gives an empty page with the named total when the page is past the end (416), and throws other errors', async () => {
    const past = new KanisaError({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: 'An offset of 100 was requested, but there are only 42 rows.',
      status: 416,
    });
    await expect(readPage({ range: () => Promise.resolve({ data: null, error: past, count: null, status: 416 }) }, 2)).resolves.toEqual({
      rows: [],
      total: 42,
    });
    const refused = new KanisaError({ code: '42501', message: 'permission denied', status: 403 });
    await expect(readPage({ range: () => Promise.resolve({ data: null, error: refused, count: null, status: 403 }) }, 0)).rejects.toBe(refused);
  });
});
