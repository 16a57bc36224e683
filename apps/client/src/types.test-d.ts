// Type tests: checked by `tsc --noEmit` (the client's `typecheck` script), never run. Every
// `@ts-expect-error` line must fail to compile — if it compiles, tsc reports the unused
// directive — and every other line must compile. Each line's comment says why.
// `expectTypeOf(x).toEqualTypeOf<T>()` fails to compile unless x has exactly the type T.
import { expectTypeOf } from 'vitest';
import { createClient } from './client';
import type { Database } from './database.types';
import type { UntypedDatabase } from './types';

const kanisa = createClient('', 'anon');


export async function tables() {
  // @ts-expect-error — no such table
  void kanisa.from('sermon');
  // @ts-expect-error — a view cannot be written
  void kanisa.from('message_stats').insert({ total_messages: 1 });
  void kanisa.from('message_stats').select('total_messages');

  const { data } = await kanisa.from('sermons').select('title, speaker, when:sermon_date');
  expectTypeOf(data).toEqualTypeOf<{ title: string; speaker: string; when: string }[] | null>();

  const all = await kanisa.from('sermons').select();
  expectTypeOf(all.data).toEqualTypeOf<Database['public']['Tables']['sermons']['Row'][] | null>();

  const head = await kanisa.from('sermons').select('*', { count: 'exact', head: true });
  expectTypeOf(head.data).toEqualTypeOf<null>();

  const one = await kanisa.from('sermons').select('title').eq('id', 'x').single();
  expectTypeOf(one.data).toEqualTypeOf<{ title: string } | null>();

  const maybe = await kanisa.from('members').select('full_name').maybeSingle();
  expectTypeOf(maybe.data).toEqualTypeOf<{ full_name: string | null } | null>();

  const csv = await kanisa.from('events').select('title').csv();
  expectTypeOf(csv.data).toEqualTypeOf<string | null>();

  // Embeds are not parsed: loose rows, or the shape stated with returns().
  const embed = await kanisa.from('sermons').select('title, author:users(full_name)');
  expectTypeOf(embed.data).toEqualTypeOf<Record<string, unknown>[] | null>();
  const stated = await kanisa
    .from('sermons')
    .select('title, author:users(full_name)')
    .returns<{ title: string; author: { full_name: string } | null }[]>();
  expectTypeOf(stated.data).toEqualTypeOf<{ title: string; author: { full_name: string } | null }[] | null>();
}

export function columns() {
  // @ts-expect-error — no such column in a filter
  void kanisa.from('sermons').select('title').eq('speekr', 'Pr. Langat');
  // @ts-expect-error — no such column in the select string
  void kanisa.from('sermons').select('title, speekr');
  // @ts-expect-error — no such column behind an alias
  void kanisa.from('sermons').select('by:speekr');
  // @ts-expect-error — no such column to order by
  void kanisa.from('sermons').select().order('date');
  // @ts-expect-error — no such column in match()
  void kanisa.from('sermons').select().match({ speekr: 'x' });
  // @ts-expect-error — no such column in not()
  void kanisa.from('messages').select().not('state', 'in', ['sent']);
  // @ts-expect-error — like() only on text columns
  void kanisa.from('events').select().like('max_attendees', '1%');
  // @ts-expect-error — a column of another table
  void kanisa.from('events').select().eq('speaker', 'x');

  void kanisa.from('sermons').select().order('title', { ascending: false, nullsFirst: true });
  void kanisa.from('sermons').select('title, users(full_name)').order('full_name', { referencedTable: 'users' });
  void kanisa.from('messages').select().not('status', 'in', ['sent']).or('priority.eq.urgent,priority.eq.high');
}

export function values() {
  // @ts-expect-error — a number for a text column
  void kanisa.from('sermons').select().eq('title', 42);
  // @ts-expect-error — a string for a boolean column
  void kanisa.from('sermons').select().eq('is_published', 'yes');
  // @ts-expect-error — a value outside the column's value set
  void kanisa.from('messages').select().eq('status', 'archived');
  // @ts-expect-error — in() takes a list of the column's values
  void kanisa.from('events').select().in('max_attendees', ['ten']);
  // @ts-expect-error — contains() on text[] takes a list of strings
  void kanisa.from('sermons').select().contains('tags', [1]);
  // @ts-expect-error — is() takes null or a boolean
  void kanisa.from('sermons').select().is('series', 'none');

  void kanisa.from('sermons').select().eq('is_published', true).gte('sermon_date', '2026-01-01').is('series', null);
  void kanisa.from('events').select().in('max_attendees', [10, 20]).contains('title', 'x');
  void kanisa.from('sermons').select().contains('tags', ['hope']).containedBy('tags', ['hope', 'faith']);
}

export function writes() {
  // @ts-expect-error — a required column is missing
  void kanisa.from('sermons').insert({ title: 'No speaker', sermon_date: '2026-01-03' });
  // @ts-expect-error — a wrong value type in an insert
  void kanisa.from('sermons').insert({ title: 'T', speaker: 'S', sermon_date: '2026-01-03', is_published: 'no' });
  // @ts-expect-error — no such column in an update
  void kanisa.from('sermons').update({ speekr: 'x' });
  // @ts-expect-error — a generated column cannot be written
  void kanisa.from('members').insert({ first_name: 'A', last_name: 'B', full_name: 'A B' });
  // @ts-expect-error — a wrong value type in an upsert
  void kanisa.from('giving_records').upsert({ amount: '100' });

  void kanisa.from('sermons').insert([{ title: 'T', speaker: 'S', sermon_date: '2026-01-03' }]);
  void kanisa.from('giving_records').upsert({ amount: 100, giving_type: 'tithe' }, { onConflict: 'transaction_id' });
  void kanisa.from('messages').update({ status: 'read' }).eq('id', 'x');
  void kanisa.from('messages').delete().eq('id', 'x');
}

export async function writeResults() {
  const minimal = await kanisa.from('messages').update({ status: 'read' }).eq('id', 'x');
  expectTypeOf(minimal.data).toEqualTypeOf<null>();
  const written = await kanisa.from('messages').update({ status: 'read' }).eq('id', 'x').select('id, status').single();
  expectTypeOf(written.data).toEqualTypeOf<{ id: string; status: Database['public']['Tables']['messages']['Row']['status'] } | null>();
}

export async function rpc() {
  // @ts-expect-error — no such function
  void kanisa.rpc('get_monthly_givings', { from_date: '2026-01-01' });
  // @ts-expect-error — a required argument is missing
  void kanisa.rpc('get_monthly_giving', {});
  // @ts-expect-error — a wrong argument type
  void kanisa.rpc('get_monthly_giving', { from_date: 20260101 });
  // @ts-expect-error — the function takes no arguments
  void kanisa.rpc('get_message_stats', { since: 'x' });
  // @ts-expect-error — filters on a set-returning function check its columns too
  void kanisa.rpc('get_monthly_giving', { from_date: '2026-01-01' }).eq('month', '2026-01');

  const giving = await kanisa.rpc('get_monthly_giving', { from_date: '2026-01-01' }).gte('total', 0);
  expectTypeOf(giving.data).toEqualTypeOf<{ month_key: string; total: number }[] | null>();
  const stats = await kanisa.rpc('get_message_stats');
  expectTypeOf(stats.data).toEqualTypeOf<Database['public']['Functions']['get_message_stats']['Returns'] | null>();
  void kanisa.rpc('get_messages');
  void kanisa.rpc('get_messages', { status: 'pending' }, { get: true }).limit(5);
}

export function untyped() {
  // Without generated types any name goes, and values are unknown.
  const loose = createClient<UntypedDatabase>('', 'anon');
  void loose.from('anything').select('a, b').eq('c', 1).order('d');
  void loose.rpc('any_function', { a: 1 });
}

/** Both spellings of "no arguments" in generated files: `never` and `Record<PropertyKey, never>`. */
interface TwoStyles {
  public: {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an empty section, as generated
    Tables: {};
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an empty section, as generated
    Views: {};
    Functions: {
      old_style: { Args: never; Returns: number };
      new_style: { Args: Record<PropertyKey, never>; Returns: number };
    };
  };
}

export async function noArguments() {
  const client = createClient<TwoStyles>('', 'anon');
  const a = await client.rpc('old_style');
  const b = await client.rpc('new_style');
  expectTypeOf(a.data).toEqualTypeOf<number | null>();
  expectTypeOf(b.data).toEqualTypeOf<number | null>();
  // @ts-expect-error — no arguments to give
  void client.rpc('old_style', { x: 1 });
  // @ts-expect-error — no arguments to give
  void client.rpc('new_style', { x: 1 });
  // @ts-expect-error — no tables at all
  void client.from('sermons');
}
