import type { Column } from './DataTable';
import { publishTexts, type Publishable, type SetPublished } from './publishable';
import { Switch } from './Switch';
import type { ListMutation, ListPageState } from './use-list-page';

/**
 * The Status column: a Published switch per row that publishes or unpublishes it at once (§4),
 * showing the state asked for while the change is under way.
 */
export function publishedColumn<T extends Publishable>(
  page: ListPageState<T>,
  publish: Pick<ListMutation<SetPublished>, 'mutate' | 'isPending'> & { variables: SetPublished | undefined },
): Column<T> {
  return {
    header: 'Status',
    cell: (row) => {
      const pending = publish.isPending && publish.variables?.id === row.id ? publish.variables : undefined;
      return (
        <Switch
          label="Published"
          context={row.title}
          checked={pending ? pending.published : row.is_published}
          disabled={pending !== undefined}
          onChange={(published) => {
            page.change(publish, { id: row.id, published }, publishTexts(row.title, published));
          }}
        />
      );
    },
  };
}

/** The Actions column: Edit, and Delete (or Remove) after a confirmation; `name` labels the buttons for screen readers. */
export function actionsColumn<T extends { id: string }>(
  page: ListPageState<T>,
  name: (row: T) => string,
  deleteLabel: 'Delete' | 'Remove' = 'Delete',
): Column<T> {
  return {
    header: 'Actions',
    hideLabelOnPhone: true,
    cell: (row) => (
      <div className="row-actions">
        <button
          aria-label={`Edit ${name(row)}`}
          type="button"
          className="btn btn-small btn-edit"
          onClick={() => {
            page.startEdit(row);
          }}
        >
          Edit
        </button>
        <button
          aria-label={`${deleteLabel} ${name(row)}`}
          type="button"
          className="btn btn-small btn-remove"
          onClick={() => {
            page.startDelete(row);
          }}
        >
          {deleteLabel}
        </button>
      </div>
    ),
  };
}
