// The client against a real Kanisa server (demo content): every table, auth and storage method.
// Needs KANISA_URL, KANISA_ANON_KEY and KANISA_SERVICE_KEY (scripts/e2e.sh sets them and runs
// `npm run test:client-integration`); skipped when they are not set.
//
// Expected rows are computed from an unfiltered read where possible, so a test checks the
// operator, not a copy of the seed. Rows a test writes carry the run's tag and are deleted at the
// end, as are the accounts made through the admin API. Password sign-ins are rate limited per
// address (30 per 5 minutes, shared with the other suites): this file makes five.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthEvent, Session, SessionStorage } from './auth';
import { createClient, type KanisaClient } from './client';
import type { Database } from './database.types';
import type { UntypedDatabase } from './types';

const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
const url = env.KANISA_URL?.replace(/\/+$/, '') ?? '';
const anonKey = env.KANISA_ANON_KEY ?? '';
const serviceKey = env.KANISA_SERVICE_KEY ?? '';
const enabled = url !== '' && anonKey !== '' && serviceKey !== '';

const tag = `client-it-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
const noStorage = { storage: null, autoRefresh: false };

type Sermon = Database['public']['Tables']['sermons']['Row'];

/** A fetch that counts refresh-grant requests (and passes everything on). */
function countingFetch() {
  const counter = { refreshes: 0 };
  const fetch: typeof globalThis.fetch = (input, init) => {
    if (String(input instanceof Request ? input.url : input).endsWith('grant_type=refresh_token')) counter.refreshes += 1;
    return globalThis.fetch(input, init);
  };
  return { fetch, counter };
}

function memory(): SessionStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/** Resolves with the session of the next `event`; fails after `ms`. */
function nextEvent(client: KanisaClient, event: AuthEvent, ms = 15_000): Promise<Session | null> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no ${event} within ${String(ms)} ms`));
    }, ms);
    const stop = client.auth.onAuthStateChange((seen, session) => {
      if (seen !== event) return;
      clearTimeout(timer);
      stop();
      resolve(session);
    });
  });
}

const sortedIds = (rows: { id: string }[] | null) => (rows ?? []).map((row) => row.id).sort();

describe.runIf(enabled)('against a running server', () => {
  const service = createClient(url, serviceKey, { auth: noStorage });
  const anon = createClient(url, anonKey, { auth: noStorage });
  const accounts: string[] = [];
  let sermons: Sermon[] = [];
  /** An ADMIN account, signed in once for the writes, RPC and account tests. */
  let staff: { email: string; password: string; client: KanisaClient; session: Session };

  async function createAccount(role: string) {
    const email = `${tag}-${String(accounts.length)}@example.org`;
    const password = `pw-${tag}-secret`;
    const { data, error } = await service.request<{ id: string }>('/auth/v1/admin/users', {
      method: 'POST',
      json: { email, password, email_confirm: true, app_metadata: { role }, user_metadata: { full_name: 'Client Test' } },
    });
    if (error) throw error;
    accounts.push(data.id);
    return { email, password };
  }

  beforeAll(async () => {
    const all = await service.from('sermons').select().order('sermon_date');
    if (all.error) throw all.error;
    sermons = all.data;
    expect(sermons.length).toBeGreaterThan(3);

    const account = await createAccount('ADMIN');
    const client = createClient(url, anonKey, { auth: noStorage });
    const { data, error } = await client.auth.signInWithPassword(account);
    if (error) throw error;
    staff = { ...account, client, session: data.session };
  });

  afterAll(async () => {
    await service.from('sermons').delete().like('title', `${tag}%`);
    await service.from('giving_records').delete().like('transaction_id', `${tag}%`);
    await service.from('messages').delete().like('subject', `${tag}%`);
    for (const id of accounts) {
      await service.request(`/auth/v1/admin/users/${id}`, { method: 'DELETE' });
    }
  });

  describe('select', () => {
    it('reads columns, orders, limits, counts (206 for a partial page)', async () => {
      const published = sermons.filter((s) => s.is_published);
      const result = await anon.from('sermons').select('title, speaker', { count: 'exact' }).order('sermon_date', { ascending: false }).limit(2);
      expect(result.error).toBeNull();
      expect(result.status).toBe(206);
      expect(result.count).toBe(published.length);
      expect(result.data).toEqual(
        published
          .slice(-2)
          .reverse()
          .map(({ title, speaker }) => ({ title, speaker })),
      );
    });

    it('head: only the count', async () => {
      const result = await service.from('sermons').select('*', { count: 'exact', head: true });
      expect(result).toEqual({ data: null, error: null, count: sermons.length, status: 200 });
    });

    it('planned and estimated counts are numbers', async () => {
      for (const count of ['planned', 'estimated'] as const) {
        const { count: total, error } = await service.from('sermons').select('id', { count }).limit(1);
        expect(error).toBeNull();
        expect(typeof total).toBe('number');
      }
    });

    it('aliases', async () => {
      const { data } = await service.from('sermons').select('heading:title').eq('id', sermons[0]!.id);
      expect(data).toEqual([{ heading: sermons[0]!.title }]);
    });

    it('embeds, with returns() stating the shape', async () => {
      const { data, error } = await service
        .from('giving_records')
        .select('id, member:members(full_name)')
        .limit(1)
        .returns<{ id: string; member: { full_name: string | null } | null }[]>();
      expect(error).toBeNull();
      expect(data).toHaveLength(1);
      expect(data?.[0]).toHaveProperty('member');
    });
  });

  describe('filters (each compared with the same filter applied to every sermon)', () => {
    const first = () => sermons[0]!;
    const speaker = () => first().speaker;
    const date = () => sermons[Math.floor(sermons.length / 2)]!.sermon_date;
    const cases: [string, (q: ReturnType<typeof select>) => PromiseLike<{ data: { id: string }[] | null }>, (s: Sermon) => boolean][] = [
      ['eq', (q) => q.eq('speaker', speaker()), (s) => s.speaker === speaker()],
      ['neq', (q) => q.neq('speaker', speaker()), (s) => s.speaker !== speaker()],
      ['gt', (q) => q.gt('sermon_date', date()), (s) => s.sermon_date > date()],
      ['gte', (q) => q.gte('sermon_date', date()), (s) => s.sermon_date >= date()],
      ['lt', (q) => q.lt('sermon_date', date()), (s) => s.sermon_date < date()],
      ['lte', (q) => q.lte('sermon_date', date()), (s) => s.sermon_date <= date()],
      ['like', (q) => q.like('title', 'The %'), (s) => s.title.startsWith('The ')],
      ['ilike', (q) => q.ilike('title', '%SABBATH%'), (s) => /sabbath/i.test(s.title)],
      ['is null', (q) => q.is('video_url', null), (s) => s.video_url === null],
      ['not is null', (q) => q.not('series', 'is', null), (s) => s.series !== null],
      ['is true', (q) => q.is('is_published', true), (s) => s.is_published],
      [
        'in (values with commas and quotes)',
        (q) => q.in('title', sermons.slice(0, 3).map((s) => s.title)),
        (s) => sermons.slice(0, 3).some((t) => t.title === s.title),
      ],
      ['contains', (q) => q.contains('tags', [first().tags[0]!]), (s) => s.tags.includes(first().tags[0]!)],
      ['containedBy', (q) => q.containedBy('tags', first().tags), (s) => s.tags.every((t) => first().tags.includes(t))],
      [
        'or',
        (q) => q.or(`speaker.eq."${speaker()}",sermon_date.gte.${date()}`),
        (s) => s.speaker === speaker() || s.sermon_date >= date(),
      ],
      ['not', (q) => q.not('speaker', 'eq', speaker()), (s) => s.speaker !== speaker()],
      ['not in', (q) => q.not('speaker', 'in', [speaker()]), (s) => s.speaker !== speaker()],
      [
        'match',
        (q) => q.match({ speaker: speaker(), is_published: true }),
        (s) => s.speaker === speaker() && s.is_published,
      ],
    ];
    function select() {
      return service.from('sermons').select('id');
    }
    it.each(cases)('%s', async (_name, apply, keep) => {
      const { data } = await apply(select());
      const expected = sermons.filter(keep).map((s) => s.id).sort();
      expect(expected.length).toBeGreaterThan(0);
      expect(sortedIds(data)).toEqual(expected);
    });
  });

  describe('modifiers', () => {
    it('order on several columns, range', async () => {
      const { data } = await service.from('sermons').select('id').order('speaker').order('sermon_date', { ascending: false }).range(1, 3);
      const expected = [...sermons]
        .sort((a, b) => (a.speaker === b.speaker ? b.sermon_date.localeCompare(a.sermon_date) : a.speaker < b.speaker ? -1 : 1))
        .slice(1, 4)
        .map((s) => ({ id: s.id }));
      expect(data).toEqual(expected);
    });

    it('single: one object; none is PGRST116 (406)', async () => {
      const one = await service.from('sermons').select('title').eq('id', sermons[0]!.id).single();
      expect(one.data).toEqual({ title: sermons[0]!.title });
      const none = await service.from('sermons').select('title').eq('title', `${tag}-none`).single();
      expect(none.status).toBe(406);
      expect(none.error?.code).toBe('PGRST116');
      expect(none.error?.details).toContain('0 rows');
    });

    it('maybeSingle: null for none, the object for one, PGRST116 for several', async () => {
      expect((await service.from('sermons').select('id').eq('title', `${tag}-none`).maybeSingle()).data).toBeNull();
      expect((await service.from('sermons').select('id').eq('id', sermons[0]!.id).maybeSingle()).data).toEqual({ id: sermons[0]!.id });
      const several = await service.from('sermons').select('id').maybeSingle();
      expect(several.error?.code).toBe('PGRST116');
    });

    it('csv', async () => {
      const { data, error } = await service.from('sermons').select('id, title').eq('id', sermons[0]!.id).csv();
      expect(error).toBeNull();
      expect(data?.split('\n')[0]).toBe('id,title');
      expect(data).toContain(sermons[0]!.id);
    });

    it('abortSignal: a cancelled request reports aborted', async () => {
      const controller = new AbortController();
      controller.abort();
      const { error, status } = await service.from('sermons').select().abortSignal(controller.signal);
      expect(status).toBe(0);
      expect(error?.code).toBe('aborted');
    });
  });

  describe('errors', () => {
    const loose = createClient<UntypedDatabase>(url, anonKey, { auth: noStorage });

    it('an unknown table: PGRST205 with the hint', async () => {
      const { error, status } = await loose.from('sermon').select();
      expect(status).toBe(404);
      expect(error?.code).toBe('PGRST205');
      expect(error?.hint).toContain('sermons');
    });

    it('an unknown column: 42703 with message and hint', async () => {
      const { error, status } = await loose.from('sermons').select('speekr');
      expect(status).toBe(400);
      expect(error?.code).toBe('42703');
      expect(error?.message).toContain('speekr');
      expect(error?.hint).toContain('speaker');
    });

    it('a table anon may not read: 401 42501', async () => {
      const { error, status } = await loose.from('payment_logs').select();
      expect(status).toBe(401);
      expect(error?.code).toBe('42501');
    });

    it('no server: network_error with a readable message', async () => {
      const nowhere = createClient('http://127.0.0.1:9', anonKey, { auth: noStorage });
      const { error, status } = await nowhere.from('sermons').select();
      expect(status).toBe(0);
      expect(error?.code).toBe('network_error');
      expect(error?.message).toBe('Could not reach the server. Check your internet connection and try again.');
    });
  });

  describe('writes as a signed-in ADMIN (row-level policies apply)', () => {
    const draft = (n: number) => ({ title: `${tag} sermon ${String(n)}`, speaker: 'Client Test', sermon_date: '2030-01-05', tags: ['client-it'] });

    it('insert (minimal), bulk insert with select(), drafts visible to staff only', async () => {
      const kanisa = staff.client;
      const minimal = await kanisa.from('sermons').insert(draft(1));
      expect(minimal).toEqual({ data: null, error: null, count: null, status: 201 });

      const bulk = await kanisa
        .from('sermons')
        .insert([draft(2), { ...draft(3), series: 'Client Series' }], { defaultToNull: false })
        .select('title, series, is_published');
      expect(bulk.error).toBeNull();
      expect(bulk.data).toEqual([
        { title: draft(2).title, series: null, is_published: false },
        { title: draft(3).title, series: 'Client Series', is_published: false },
      ]);
      // Drafts: the staff token sees them, the anon key does not.
      expect((await kanisa.from('sermons').select('id', { count: 'exact', head: true }).like('title', `${tag}%`)).count).toBe(3);
      expect((await anon.from('sermons').select('id').like('title', `${tag}%`)).data).toEqual([]);
    });

    it('update with a count, returning the rows', async () => {
      const { data, count, error } = await staff.client
        .from('sermons')
        .update({ speaker: 'Updated Speaker' }, { count: 'exact' })
        .like('title', `${tag} sermon%`)
        .select('speaker');
      expect(error).toBeNull();
      expect(count).toBe(3);
      expect(data).toEqual([{ speaker: 'Updated Speaker' }, { speaker: 'Updated Speaker' }, { speaker: 'Updated Speaker' }]);
    });

    it('upsert: merge by key, ignore duplicates, on another unique column', async () => {
      // Staff may not write ids (column grants), so the upserts by primary key run as service_role.
      const row = (await service.from('sermons').select().eq('title', draft(1).title).single()).data!;
      const merged = await service.from('sermons').upsert({ ...row, speaker: 'Merged Speaker' }).select('speaker').single();
      expect(merged.data).toEqual({ speaker: 'Merged Speaker' });
      const ignored = await service.from('sermons').upsert({ ...row, speaker: 'Ignored' }, { ignoreDuplicates: true }).select('speaker');
      expect(ignored.data).toEqual([]);
      expect((await service.from('sermons').select('speaker').eq('id', row.id).single()).data).toEqual({ speaker: 'Merged Speaker' });

      const kanisa = staff.client;
      const gift = { amount: 150, giving_type: 'offering' as const, payment_method: 'cash' as const, transaction_id: `${tag}-gift` };
      expect((await kanisa.from('giving_records').upsert(gift, { onConflict: 'transaction_id' })).error).toBeNull();
      const again = await kanisa.from('giving_records').upsert({ ...gift, amount: 200 }, { onConflict: 'transaction_id' }).select('amount');
      expect(again.error).toBeNull();
      expect(again.data).toEqual([{ amount: 200 }]);
    });

    it('delete, returning the rows', async () => {
      const { data, error } = await staff.client.from('sermons').delete().like('title', `${tag} sermon%`).select('title');
      expect(error).toBeNull();
      expect(data?.map((r) => r.title).sort()).toEqual([draft(1).title, draft(2).title, draft(3).title]);
      expect((await service.from('sermons').select('id').like('title', `${tag}%`)).data).toEqual([]);
    });

    it('a write the policies refuse: 401 42501 for anon', async () => {
      const { error, status } = await anon.from('sermons').insert(draft(9));
      expect(status).toBe(401);
      expect(error?.code).toBe('42501');
    });
  });

  describe('rpc', () => {
    it('a set-returning function with filters, order and limit', async () => {
      const from = '2026-01-01';
      const all = await staff.client.rpc('get_monthly_giving', { from_date: from });
      expect(all.error).toBeNull();
      expect(all.data?.[0]?.month_key).toBe('2026-01');
      const some = await staff.client.rpc('get_monthly_giving', { from_date: from }).gte('month_key', '2026-03').order('month_key', { ascending: false }).limit(2);
      expect(some.data).toEqual(
        all
          .data!.filter((m) => m.month_key >= '2026-03')
          .reverse()
          .slice(0, 2),
      );
    });

    it('get: true, count, head', async () => {
      const got = await staff.client.rpc('get_messages', { status: 'pending' }, { get: true, count: 'exact' });
      expect(got.error).toBeNull();
      expect(got.data?.every((m) => m.status === 'pending')).toBe(true);
      expect(got.count).toBe(got.data?.length);
      const head = await staff.client.rpc('get_messages', { status: 'pending' }, { head: true, count: 'exact' });
      expect(head.data).toBeNull();
      expect(head.count).toBe(got.count);
    });

    it('a composite result, a void function, and a function error', async () => {
      const stats = await staff.client.rpc('get_message_stats');
      expect(typeof stats.data?.total_messages).toBe('number');

      expect((await anon.from('messages').insert({ subject: `${tag} message`, message: 'Hello', sender_name: 'Client Test' })).status).toBe(201);
      const message = (await service.from('messages').select('id').eq('subject', `${tag} message`).single()).data!;
      const marked = await staff.client.rpc('mark_message_read', { message_id: message.id });
      expect(marked).toEqual({ data: null, error: null, count: null, status: 204 });
      expect((await service.from('messages').select('status').eq('id', message.id).single()).data).toEqual({ status: 'read' });

      const refused = await staff.client.rpc('get_messages', { limit: 0 });
      expect(refused.status).toBe(400);
      expect(refused.error?.code).toBe('22023');
      expect(refused.error?.hint).toBeTruthy();
    });
  });

  describe('auth', () => {
    it('a wrong password: invalid_credentials, nothing stored', async () => {
      const storage = memory();
      const kanisa = createClient(url, anonKey, { auth: { storage, autoRefresh: false } });
      const { data, error, status } = await kanisa.auth.signInWithPassword({ email: staff.email, password: 'not-the-password' });
      expect(data).toBeNull();
      expect(status).toBe(400);
      expect(error?.code).toBe('invalid_credentials');
      expect(storage.getItem('kanisa-auth')).toBeNull();
    });

    it('getUser: the signed-in account with its role and permissions', async () => {
      const { data, error } = await staff.client.auth.getUser();
      expect(error).toBeNull();
      expect(data?.email).toBe(staff.email);
      expect(data?.app_metadata.role).toBe('ADMIN');
      expect(data?.app_metadata.permissions).toContain('manage_sermons');
    });

    it('updateUser: the name; a password needs the current one; then sign in with the new one and out', async () => {
      const kanisa = staff.client;
      const updated = nextEvent(kanisa, 'USER_UPDATED');
      const named = await kanisa.auth.updateUser({ data: { full_name: 'Renamed Tester' } });
      expect(named.error).toBeNull();
      expect(named.data?.user_metadata.full_name).toBe('Renamed Tester');
      expect((await updated)?.user.user_metadata.full_name).toBe('Renamed Tester');

      const missing = await kanisa.auth.updateUser({ password: `${staff.password}-new` });
      expect(missing.error?.code).toBe('current_password_required');
      const changed = await kanisa.auth.updateUser({ password: `${staff.password}-new`, current_password: staff.password });
      expect(changed.error).toBeNull();

      const storage = memory();
      const again = createClient(url, anonKey, { auth: { storage, autoRefresh: false } });
      const signedIn = nextEvent(again, 'SIGNED_IN');
      const { error } = await again.auth.signInWithPassword({ email: staff.email, password: `${staff.password}-new` });
      expect(error).toBeNull();
      expect((await signedIn)?.user.email).toBe(staff.email);
      expect(JSON.parse(storage.getItem('kanisa-auth') ?? 'null')).toMatchObject({ user: { email: staff.email } });

      const signedOut = nextEvent(again, 'SIGNED_OUT');
      expect((await again.auth.signOut({ scope: 'local' })).error).toBeNull();
      await signedOut;
      expect(storage.getItem('kanisa-auth')).toBeNull();
      expect((await again.auth.getUser()).error?.code).toBe('session_missing');
    });

    // The access token lives session_timeout_minutes (at least 5): instead of waiting for that,
    // the client counts a token as expiring refreshMargin seconds early — here lifetime − 2 s,
    // so the background refresh comes 2 s after sign-in, through the real timer and endpoint.
    it('refreshes in the background before expiry', { timeout: 30_000 }, async () => {
      const { fetch, counter } = countingFetch();
      const storage = memory();
      const margin = staff.session.expires_in - 2;
      const kanisa = createClient(url, anonKey, { fetch, auth: { storage, refreshMargin: margin } });
      const account = await createAccount('CONTENT_ADMIN');
      const refreshed = nextEvent(kanisa, 'TOKEN_REFRESHED');
      const { data } = await kanisa.auth.signInWithPassword(account);
      const next = await refreshed;
      kanisa.auth.stopAutoRefresh();

      expect(counter.refreshes).toBe(1);
      expect(next?.access_token).not.toBe(data?.session.access_token);
      expect(next?.refresh_token).not.toBe(data?.session.refresh_token);
      expect(JSON.parse(storage.getItem('kanisa-auth') ?? 'null')).toEqual(next);
      // The new token is accepted.
      const user = await kanisa.request<{ email: string }>('/auth/v1/user', { headers: { authorization: `Bearer ${next!.access_token}` } });
      expect(user.data?.email).toBe(account.email);
    });

    it('two clients sharing one storage (two tabs) make one refresh and end with the same session', { timeout: 30_000 }, async () => {
      const { fetch, counter } = countingFetch();
      const storage = memory();
      const margin = staff.session.expires_in - 2;
      const make = () => createClient(url, anonKey, { fetch, auth: { storage, refreshMargin: margin } });
      const account = await createAccount('MEMBER');
      const one = make();
      await one.auth.signInWithPassword(account);
      const two = make();
      // Both timers fire at the same moment: one refreshes under the lease, the other takes its session.
      const [a, b] = await Promise.all([nextEvent(one, 'TOKEN_REFRESHED'), nextEvent(two, 'TOKEN_REFRESHED')]);
      one.auth.stopAutoRefresh();
      two.auth.stopAutoRefresh();
      expect(counter.refreshes).toBe(1);
      expect(a?.access_token).toBe(b?.access_token);
      expect(a?.refresh_token).toBe(b?.refresh_token);
      expect(JSON.parse(storage.getItem('kanisa-auth') ?? 'null')).toEqual(a);

      // And when both ask at once.
      const [x, y] = await Promise.all([one.auth.refreshSession(), two.auth.refreshSession()]);
      expect(counter.refreshes).toBe(2);
      expect(x.data?.access_token).toBe(y.data?.access_token);
      const user = await two.request<{ email: string }>('/auth/v1/user', { headers: { authorization: `Bearer ${y.data!.access_token}` } });
      expect(user.data?.email).toBe(account.email);
    });
  });

  describe('functions', () => {
    const contact = {
      name: 'Client Test',
      email: `${tag}@example.org`,
      phone: '',
      subject: `${tag} contact`,
      message: 'A message from the client integration tests.',
      recipientName: 'Elder Naomi Achieng',
      recipientRole: 'Elder',
      department: '',
      website: '',
    };

    it('serviceModes: whether each outside service is live', async () => {
      const { data, error } = await anon.functions.serviceModes();
      expect(error).toBeNull();
      expect(typeof data?.email.live).toBe('boolean');
      expect(typeof data?.sms.live).toBe('boolean');
      expect(typeof data?.payments.live).toBe('boolean');
    });

    it("submitRequest: a refusal names each field's problem", async () => {
      const { data, error, status } = await anon.functions.submitRequest({
        category: 'prayer',
        anonymous: false,
        email: 'not-an-email',
        subject: '',
        message: 'Please pray.',
        attachments: [],
        website: '',
      });
      expect(data).toBeNull();
      expect(status).toBe(400);
      expect(error?.code).toBe('validation_failed');
      expect(error?.fields).toMatchObject({
        name: expect.any(String) as string,
        email: expect.any(String) as string,
        subject: expect.any(String) as string,
        prayerType: expect.any(String) as string,
      });
    });

    it('the honeypot refuses a bot', async () => {
      const { error, status } = await anon.functions.contactMessage({ ...contact, website: 'https://spam.example' });
      expect(status).toBe(400);
      expect(error?.code).toBe('submission_refused');
    });

    it('contactMessage stores a message staff can read and send again', async () => {
      const { data, error, status } = await anon.functions.contactMessage(contact);
      expect(error).toBeNull();
      expect(status).toBe(201);
      expect(data).toMatchObject({ received: true, kind: 'message' });
      const stored = await staff.client.from('messages').select('id, recipient_name, sender_email').eq('subject', contact.subject).single();
      expect(stored.error).toBeNull();
      expect(stored.data).toMatchObject({ recipient_name: 'Elder Naomi Achieng', sender_email: contact.email });

      const again = await staff.client.functions.sendMessage(stored.data!.id);
      expect(again.error).toBeNull();
      expect(again).toMatchObject({ data: { queued: true }, status: 202 });
      const refused = await anon.functions.sendMessage(stored.data!.id);
      expect(refused.data).toBeNull();
      expect([401, 403]).toContain(refused.status);
    });
  });

  describe('storage', () => {
    const bucket = 'church-files';
    const folder = `client-it/${tag}`;
    const path = `${folder}/notes file.txt`;
    const body = 'Kanisa storage test line.\n'.repeat(60_000); // 1.5 MB

    it('upload a large file with progress; upsert replaces it', { timeout: 30_000 }, async () => {
      const progress: { loaded: number; total: number }[] = [];
      const { data, error } = await service.storage.from(bucket).upload(path, body, { contentType: 'text/plain', onProgress: (p) => progress.push(p) });
      expect(error).toBeNull();
      expect(data).toMatchObject({ path, fullPath: `${bucket}/${path}` });
      expect(progress.at(-1)).toEqual({ loaded: body.length, total: body.length });

      const duplicate = await service.storage.from(bucket).upload(path, 'again', { contentType: 'text/plain' });
      expect(duplicate.status).toBe(409);
      const replaced = await service.storage.from(bucket).upload(path, body, { contentType: 'text/plain', upsert: true });
      expect(replaced.error).toBeNull();
    });

    it('createSignedUrl: a link that works without keys', async () => {
      const { data, error } = await service.storage.from(bucket).createSignedUrl(path, 60);
      expect(error).toBeNull();
      const response = await fetch(data!.signedUrl);
      expect(response.status).toBe(200);
      expect((await response.text()).length).toBe(body.length);
    });

    it('getPublicUrl: served only when the bucket is public', async () => {
      const { data } = service.storage.from(bucket).getPublicUrl(path);
      expect(data.publicUrl).toBe(`${url}/storage/v1/object/public/${bucket}/client-it/${tag}/notes%20file.txt`);
      const buckets = (await service.request<{ id: string; public: boolean }[]>('/storage/v1/bucket')).data ?? [];
      const isPublic = buckets.find((b) => b.id === bucket)?.public ?? false;
      expect((await fetch(data.publicUrl)).ok).toBe(isPublic);
    });

    it('list and remove', async () => {
      const listed = await service.storage.from(bucket).list(folder);
      expect(listed.error).toBeNull();
      expect(listed.data?.map((o) => o.name)).toEqual(['notes file.txt']);
      const removed = await service.storage.from(bucket).remove([path]);
      expect(removed.error).toBeNull();
      expect(removed.data).toHaveLength(1);
      expect((await service.storage.from(bucket).list(folder)).data).toEqual([]);
    });
  });
});

describe.skipIf(enabled)('against a running server', () => {
  it.todo('set KANISA_URL, KANISA_ANON_KEY and KANISA_SERVICE_KEY (scripts/e2e.sh does) to run these');
});
