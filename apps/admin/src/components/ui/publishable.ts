/** A row the website shows only once it is published (sermons, events, announcements). */
export interface Publishable {
  id: string;
  title: string;
  is_published: boolean;
}

/** What a publish toggle sends. */
export interface SetPublished {
  id: string;
  published: boolean;
}

/** The notice after the add/edit dialog saved a publishable row: a new one starts as a draft. */
export function savedText(title: string, isNew: boolean): string {
  return isNew ? `“${title}” was added as a draft. Switch on Published to show it on the website.` : `“${title}” was saved.`;
}

/** The notice and the alert of a publish toggle. */
export function publishTexts(title: string, published: boolean) {
  return {
    done: published ? `“${title}” is now published on the website.` : `“${title}” is now a draft and hidden from the website.`,
    failed: `Could not ${published ? 'publish' : 'unpublish'} “${title}”. Please try again.`,
    log: 'Changing the publish state failed',
  };
}

/**
 * The delete confirmation of a publishable row (for ListPage's `confirm`): `kind` is the
 * dialog's noun ('Sermon'), `texts` the feature's spec texts.
 */
export function deleteConfirm(kind: string, texts: { confirmDelete: string; deleteError: string }) {
  return (row: Publishable) => ({
    title: `Delete ${kind}`,
    message: texts.confirmDelete,
    confirmLabel: 'Delete',
    busyLabel: 'Deleting...',
    error: () => texts.deleteError,
    done: `“${row.title}” was deleted.`,
    log: `Deleting the ${kind.toLowerCase()} failed`,
  });
}
