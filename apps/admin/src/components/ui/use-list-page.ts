import { useState } from 'react';

/** The parts of a react-query mutation that a list page's changes (publish, reorder, delete) use. */
export interface ListMutation<I> {
  mutate: (input: I, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  reset: () => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/** Which row the add/edit dialog is open for: a new one, an existing row, or none. */
export type Editing<T> = { mode: 'new' } | { mode: 'edit'; row: T } | null;

interface ChangeTexts {
  /** The notice when the change worked. */
  done: string;
  /** The alert when it failed. */
  failed: string;
  /** For the console when it failed. */
  log: string;
}

/**
 * The state of a back-office list page: the add/edit dialog, the row waiting for a delete (or
 * remove) confirmation, and the success notice and problem alert above the list.
 */
export function useListPage<T extends { id: string }>(remove: ListMutation<string>) {
  const [editing, setEditing] = useState<Editing<T>>(null);
  const [confirming, setConfirming] = useState<T | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  return {
    editing,
    confirming,
    notice,
    problem,
    remove,
    dismissNotice: () => {
      setNotice(null);
    },
    dismissProblem: () => {
      setProblem(null);
    },
    startAdd: () => {
      setNotice(null);
      setEditing({ mode: 'new' });
    },
    startEdit: (row: T) => {
      setNotice(null);
      setEditing({ mode: 'edit', row });
    },
    closeEditor: () => {
      setEditing(null);
    },
    /** The dialog saved: close it and say so. */
    saved: (text: string) => {
      setNotice(text);
      setEditing(null);
    },
    /** Ask before deleting `row` (a fresh dialog shows no earlier failure). */
    startDelete: (row: T) => {
      remove.reset();
      setConfirming(row);
    },
    cancelDelete: () => {
      setConfirming(null);
    },
    /** Delete the row being confirmed; on success close the dialog and say `done`. A failure stays in the dialog. */
    confirmDelete: (row: T, done: string, log: string) => {
      remove.mutate(row.id, {
        onSuccess: () => {
          setNotice(done);
          setConfirming(null);
        },
        onError: (error) => {
          console.error(log, error);
        },
      });
    },
    /** Say that something done from the page worked (e.g. an export or an import). */
    showNotice: (text: string) => {
      setProblem(null);
      setNotice(text);
    },
    /** Say that something done from the page failed. */
    showProblem: (text: string) => {
      setNotice(null);
      setProblem(text);
    },
    /** Run a change made from the list itself (publish, reorder): its notice or its problem replaces what was shown. */
    change: <I>(mutation: Pick<ListMutation<I>, 'mutate'>, input: I, texts: ChangeTexts) => {
      setNotice(null);
      setProblem(null);
      mutation.mutate(input, {
        onSuccess: () => {
          setNotice(texts.done);
        },
        onError: (error) => {
          console.error(texts.log, error);
          setProblem(texts.failed);
        },
      });
    },
  };
}

export type ListPageState<T extends { id: string }> = ReturnType<typeof useListPage<T>>;
