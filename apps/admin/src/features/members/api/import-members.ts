import { KanisaError, type KanisaClient } from '@kanisa/client';
import { invalidateTables, useKanisa } from '@kanisa/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberCsvRow } from '../member-csv';

/** What `import_members` says about one row of the file. */
export interface ImportRowReport {
  /** The row's line as the server counts it: 2 for the first row under the header. */
  line: number;
  action: 'add' | 'update' | 'refused';
  name: string;
  membership_number: string | null;
  /** Why a refused row is refused (null otherwise). */
  reason: string | null;
}

/** `import_members`' answer: the counts, whether it was written, and every row. */
export interface ImportReport {
  added: number;
  updated: number;
  refused: number;
  applied: boolean;
  rows: ImportRowReport[];
}

function invalid(detail: string): KanisaError {
  return new KanisaError({ code: 'invalid_response', message: 'The server answered the import in an unexpected way.', details: detail });
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const count = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : null);
const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * Reads the function's answer (typed `Json` by the generated types), checking its shape: a
 * mismatch is an error, never a guess.
 */
export function readImportReport(data: unknown): ImportReport {
  if (!isRecord(data) || !Array.isArray(data.rows)) throw invalid('no rows in the answer');
  const added = count(data.added);
  const updated = count(data.updated);
  const refused = count(data.refused);
  if (added === null || updated === null || refused === null || typeof data.applied !== 'boolean') throw invalid('counts missing');
  const rows = data.rows.map((row): ImportRowReport => {
    if (!isRecord(row)) throw invalid('a row is not an object');
    const line = count(row.line);
    const action = row.action;
    if (line === null || (action !== 'add' && action !== 'update' && action !== 'refused')) throw invalid('a row without line or action');
    return { line, action, name: textOrNull(row.name) ?? '', membership_number: textOrNull(row.membership_number), reason: textOrNull(row.reason) };
  });
  return { added, updated, refused, applied: data.applied, rows };
}

/**
 * `POST /rest/v1/rpc/import_members`: with `apply` false the server only checks each row (to add,
 * to update by membership number, or refused with its reason); with `apply` true it also writes
 * the valid rows, all in one transaction. More than 5,000 rows are refused with a message.
 */
export async function importMembers(client: KanisaClient, rows: readonly MemberCsvRow[], apply: boolean): Promise<ImportReport> {
  const { data, error } = await client.rpc('import_members', { rows: [...rows], apply });
  if (error) throw error;
  const report = readImportReport(data);
  // Preview, then confirm (issue 32): a check must have written nothing and an import must say it
  // was written; an answer that says otherwise is never shown as a preview or as done.
  if (report.applied !== apply) {
    throw new KanisaError({
      code: 'invalid_response',
      message: apply
        ? 'The server only checked the file and saved nothing. Please try again.'
        : 'The server saved the members while it was only asked to check the file. Look at the members list before importing again.',
      details: `import_members answered applied: ${String(report.applied)} to apply: ${String(apply)}`,
    });
  }
  return report;
}

export interface ImportMembers {
  rows: readonly MemberCsvRow[];
  apply: boolean;
}

/** The preview (apply false) and the import itself (apply true: the list refreshes). */
export function useImportMembers() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rows, apply }: ImportMembers) => importMembers(client, rows, apply),
    onSuccess: (_report, { apply }) => (apply ? invalidateTables(queryClient, ['members']) : undefined),
  });
}
