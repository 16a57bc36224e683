import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { KanisaError } from '@kanisa/client';
import type { DayRange } from '../statement-rules';
import { readStatementsPage, type GivingStatement, type StatementsPage } from './answers';
import { reportTables, statementKeys } from './statement-keys';

/** Statements per page of the batch on screen (and in one print). */
export const STATEMENTS_PAGE_SIZE = 50;
/** Statements per request of the CSV export: the function's largest page. */
export const EXPORT_PAGE_SIZE = 200;

/** One page of the batch: every member with counted gifts in the period, by last and first name. */
export async function getStatementsPage(
  client: KanisaClient,
  { from, to }: DayRange,
  offset: number,
  size: number = STATEMENTS_PAGE_SIZE,
  signal?: AbortSignal,
): Promise<StatementsPage> {
  let request = client.rpc('get_giving_statements', { from_date: from, to_date: to, page_offset: offset, page_size: size });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return readStatementsPage(data);
}

export const statementsPageQuery = (client: KanisaClient, range: DayRange, offset: number) =>
  queryOptions({
    queryKey: statementKeys.statements({ from_date: range.from, to_date: range.to, page_offset: offset, page_size: STATEMENTS_PAGE_SIZE }),
    queryFn: ({ signal }) => getStatementsPage(client, range, offset, STATEMENTS_PAGE_SIZE, signal),
    meta: { tables: reportTables },
    placeholderData: keepPreviousData,
  });

/** `range` null: nothing is asked (the period is not valid, or the batch is not shown). */
export function useStatementsPage(range: DayRange | null, offset: number) {
  const client = useKanisa();
  return useQuery({ ...statementsPageQuery(client, range ?? { from: '', to: '' }, offset), enabled: range !== null });
}

/**
 * Every member's statement in the period (for the CSV), 200 at a time until `member_count` are
 * read — never silently cut. Should the list shrink while it is read (a gift unverified
 * meanwhile), an empty page before the count is reached is an error, not a short file.
 */
export async function getAllStatements(client: KanisaClient, range: DayRange, signal?: AbortSignal): Promise<GivingStatement[]> {
  const statements: GivingStatement[] = [];
  for (;;) {
    const page = await getStatementsPage(client, range, statements.length, EXPORT_PAGE_SIZE, signal);
    statements.push(...page.statements);
    if (statements.length >= page.member_count) return statements;
    if (page.statements.length === 0) {
      throw new KanisaError({
        code: 'changed_while_reading',
        message: 'The givers changed while the statements were read. Please try again.',
      });
    }
  }
}

/** The batch's CSV export as a mutation (a one-off read the page starts): its pending state and error. */
export function useExportStatements() {
  const client = useKanisa();
  return useMutation({ mutationFn: (range: DayRange) => getAllStatements(client, range) });
}
