import { createClient } from '@kanisa/client';
import { describe, expect, it } from 'vitest';
import { MEMBER_MATCHES, searchMembers } from './member-search';

/** A client whose every request is answered with `rows` and a total of `total`; the URLs asked. */
function answering(rows: unknown[], total: number) {
  const asked: URL[] = [];
  const client = createClient('http://church.example', 'anon', {
    fetch: (input) => {
      asked.push(new URL(input instanceof Request ? input.url : input));
      return Promise.resolve(
        new Response(JSON.stringify(rows), {
          status: 200,
          headers: { 'content-type': 'application/json', 'content-range': `0-${String(rows.length - 1)}/${String(total)}` },
        }),
      );
    },
  });
  return { client, asked };
}

const mary = { id: 'm1', first_name: 'Mary', last_name: 'Wanjiru', membership_number: 'MZ-1', is_active: true };

describe('finding a member on the server', () => {
  it('asks for the first 20 by name, in every searched column, and says how many match in all', async () => {
    const { client, asked } = answering([mary], 57);
    const found = await searchMembers(client, 'mary', { activeOnly: false });
    expect(found).toEqual({ members: [mary], total: 57 });
    const params = asked[0]!.searchParams;
    expect(params.get('limit')).toBe(String(MEMBER_MATCHES));
    expect(params.get('order')).toBe('last_name.asc,first_name.asc,id.asc');
    expect(params.get('or')).toContain('membership_number.ilike."*mary*"');
    expect(params.has('is_active')).toBe(false);
  });

  it('leaves out deactivated members when asked to (the donation picker)', async () => {
    const { client, asked } = answering([mary], 1);
    await searchMembers(client, 'mary', { activeOnly: true });
    expect(asked[0]!.searchParams.get('is_active')).toBe('eq.true');
  });
});
