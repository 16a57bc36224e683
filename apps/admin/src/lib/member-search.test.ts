import { createClient } from '@kanisa/client';
import { describe, expect, it } from 'vitest';
import { MEMBER_MATCHES, searchMembers } from './member-search';

/** A client answering `search_members` with `rows` and `count_member_search` with `count`; the requests made. */
function answering(rows: unknown[], count: number) {
  const asked: { url: URL; body: unknown }[] = [];
  const client = createClient('http://church.example', 'anon', {
    fetch: async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const url = new URL(request.url);
      asked.push({ url, body: await request.json() });
      const answer = url.pathname.endsWith('/count_member_search') ? { count, estimated: false } : rows;
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    },
  });
  return { client, asked };
}

const mary = { id: 'm1', first_name: 'Mary', last_name: 'Wanjiru', membership_number: 'MZ-1', is_active: true };

describe('finding a member on the server', () => {
  it('asks search_members for the first 20 and count_member_search for how many match in all', async () => {
    const { client, asked } = answering([mary], 57);
    const found = await searchMembers(client, 'mary', { activeOnly: false });
    expect(found).toEqual({ members: [mary], total: 57 });
    const page = asked.find((a) => a.url.pathname === '/rest/v1/rpc/search_members');
    expect(page?.body).toEqual({ search: 'mary', active_only: false, take: MEMBER_MATCHES });
    expect(page?.url.searchParams.get('select')).toBe('id,first_name,last_name,membership_number,is_active');
    const count = asked.find((a) => a.url.pathname === '/rest/v1/rpc/count_member_search');
    expect(count?.body).toEqual({ search: 'mary', active_only: false });
  });

  it('leaves out deactivated members when asked to (the donation picker)', async () => {
    const { client, asked } = answering([mary], 1);
    await searchMembers(client, 'mary', { activeOnly: true });
    expect(asked.map((a) => (a.body as { active_only: boolean }).active_only)).toEqual([true, true]);
  });

  it('never says fewer match than it offers', async () => {
    const { client } = answering([mary], 0);
    expect((await searchMembers(client, 'mary', { activeOnly: false })).total).toBe(1);
  });
});
