import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteData } from '../test/site-data';
import { fetchCurrentAnnouncements } from './announcements';

describe('fetchCurrentAnnouncements', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks only for the announcements whose audience is the public (issue 32)', async () => {
    const urls: URL[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        urls.push(new URL(input instanceof Request ? input.url : String(input), 'http://localhost'));
        return Promise.resolve(new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }));
      }),
    );
    await fetchCurrentAnnouncements(siteData().client, 1);
    expect(urls).toHaveLength(1);
    const params = urls[0]!.searchParams;
    expect(urls[0]!.pathname).toBe('/rest/v1/announcements');
    expect(params.get('target_audience')).toBe('in.(all,visitors)');
    expect(params.get('is_published')).toBe('eq.true');
  });
});
