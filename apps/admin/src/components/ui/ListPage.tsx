import type { ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog';
import { errorDetail } from './error-detail';
import { LoadError } from './LoadError';
import { Notice } from './Notice';
import { PageHeader } from './PageHeader';
import { Spinner } from './Spinner';
import type { ListPageState } from './use-list-page';

interface ConfirmTexts {
  title: string;
  message: string;
  /** The confirm button, e.g. 'Delete' or 'Remove'. */
  confirmLabel: string;
  busyLabel: string;
  /** The dialog's alert when the mutation failed. */
  error: (error: unknown) => string;
  /** The notice when it worked. */
  done: string;
  /** For the console when it failed. */
  log: string;
}

interface Props<T extends { id: string }> {
  /** From useListPage. */
  page: ListPageState<T>;
  /** The page's heading; the browser tab reads '{title} | Back Office'. */
  title: string;
  description: string;
  /** The add button's text, e.g. '+ Add Sermon'. */
  addLabel: string;
  /** False hides the add button (a user who may only read the list). Default true. */
  canAdd?: boolean;
  /** More buttons in the header, before the add button (e.g. import and export). */
  actions?: ReactNode;
  /** The list's query. */
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => Promise<unknown> };
  /** Plural noun for 'Loading sermons...' and 'Could not load the sermons.'. */
  noun: string;
  /** Shown above the notices whatever the query's state (e.g. search and filters). */
  toolbar?: ReactNode;
  /** The loaded list; `addButton` is for its empty state (null when adding is not offered). */
  list: (addButton: ReactNode) => ReactNode;
  /** The add (row undefined) or edit dialog. */
  editor: (row: T | undefined) => ReactNode;
  /** The texts of the delete (or remove) confirmation for a row. */
  confirm: (row: T) => ConfirmTexts;
}

/**
 * A back-office list page: heading and add button, the success notice and problem alert, the
 * list once loaded (with a retry when loading failed), the add/edit dialog and the delete
 * confirmation.
 */
export function ListPage<T extends { id: string }>({
  page,
  title,
  description,
  addLabel,
  canAdd = true,
  actions,
  query,
  noun,
  toolbar,
  list,
  editor,
  confirm,
}: Props<T>) {
  const addButton = canAdd ? (
    <button type="button" className="btn btn-primary" onClick={page.startAdd}>
      {addLabel}
    </button>
  ) : null;
  const confirming = page.confirming;
  const texts = confirming ? confirm(confirming) : null;

  return (
    <div className="content-page">
      <title>{`${title} | Back Office`}</title>
      <PageHeader
        title={title}
        description={description}
        actions={
          actions || addButton ? (
            <>
              {actions}
              {addButton}
            </>
          ) : undefined
        }
      />
      {toolbar}
      <Notice text={page.notice} onDismiss={page.dismissNotice} />
      <Notice tone="error" text={page.problem} onDismiss={page.dismissProblem} />
      {query.isPending ? (
        <Spinner label={`Loading ${noun}...`} />
      ) : query.isError ? (
        <LoadError text={`Could not load the ${noun}.`} detail={errorDetail(query.error)} onRetry={query.refetch} />
      ) : (
        list(addButton)
      )}

      {page.editing ? editor(page.editing.mode === 'edit' ? page.editing.row : undefined) : null}

      {confirming && texts ? (
        <ConfirmDialog
          title={texts.title}
          message={texts.message}
          confirmLabel={texts.confirmLabel}
          busyLabel={texts.busyLabel}
          busy={page.remove.isPending}
          error={page.remove.isError ? texts.error(page.remove.error) : undefined}
          onCancel={page.cancelDelete}
          onConfirm={() => {
            page.confirmDelete(confirming, texts.done, texts.log);
          }}
        />
      ) : null}
    </div>
  );
}
