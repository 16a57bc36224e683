import { createClient, KanisaError } from '@kanisa/client';
import { describe, expect, it, vi } from 'vitest';
import {
  containsPattern,
  countText,
  pageBounds,
  pageCount,
  quoteFilterValue,
  readPage,
  searchCondition,
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
