import { KanisaError } from '@kanisa/client';
import { useState } from 'react';
import { Alert } from '../../components/ui/Alert';
import { Badge } from '../../components/ui/Badge';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { DataTable, type Column } from '../../components/ui/DataTable';
import { errorDetail } from '../../components/ui/error-detail';
import { PageHeader } from '../../components/ui/PageHeader';
import { SelectField } from '../../components/ui/SelectField';
import { Spinner } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import { truncate } from '../../components/ui/truncate';
import { useLeaders } from './api/get-leaders';
import { useRemoveLeader } from './api/remove-leader';
import { useReorderLeaders } from './api/reorder-leaders';
import { LeaderFormModal } from './LeaderFormModal';
import { categoryLabel, filterLeaders, leaderCategories, leaderTexts, moveLeader, type Leader } from './leader-form';
import './leaders.css';

type Editing = { mode: 'new' } | { mode: 'edit'; leader: Leader } | null;

const categoryFilter = [{ value: '', label: 'All Categories' }, ...leaderCategories];

function deleteErrorText(error: unknown): string {
  return leaderTexts.deleteError(error instanceof KanisaError || error instanceof Error ? error.message : String(error));
}

/** /admin/leaders: the church's active leaders — search, filter, add, edit, reorder, remove (§2.7). */
export default function LeadersPage() {
  const leaders = useLeaders();
  const reorder = useReorderLeaders();
  const remove = useRemoveLeader();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<Leader | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const all = leaders.data ?? [];
  const shown = filterLeaders(all, search, category);

  const move = (index: number, direction: -1 | 1) => {
    const leader = shown[index];
    const changes = moveLeader(shown, index, direction);
    if (!leader || changes.length === 0) return;
    setNotice(null);
    setProblem(null);
    reorder.mutate(changes, {
      onSuccess: () => {
        setNotice(`${leader.name} moved ${direction === -1 ? 'up' : 'down'}.`);
      },
      onError: (error) => {
        console.error('Reordering the leaders failed', error);
        setProblem(`Could not change the order of ${leader.name}. Please try again.`);
      },
    });
  };

  const columns: Column<Leader>[] = [
    {
      header: 'Order',
      className: 'leader-order',
      cell: (leader) => {
        const index = shown.indexOf(leader);
        return (
          <div className="order-cell">
            <span className="order-number">{leader.display_order}</span>
            <button
              type="button"
              className="btn-icon"
              aria-label={`Move ${leader.name} up`}
              title="Move up"
              disabled={reorder.isPending || index === 0}
              onClick={() => {
                move(index, -1);
              }}
            >
              <span aria-hidden="true">▲</span>
            </button>
            <button
              type="button"
              className="btn-icon"
              aria-label={`Move ${leader.name} down`}
              title="Move down"
              disabled={reorder.isPending || index === shown.length - 1}
              onClick={() => {
                move(index, 1);
              }}
            >
              <span aria-hidden="true">▼</span>
            </button>
          </div>
        );
      },
    },
    {
      header: 'Name',
      className: 'leader-name phone-first',
      hideLabelOnPhone: true,
      cell: (leader) => (
        <>
          <span className="cell-title">{leader.name}</span>
          {leader.bio ? <span className="cell-sub">{truncate(leader.bio, 100)}</span> : null}
        </>
      ),
    },
    { header: 'Position', cell: (leader) => leader.position },
    { header: 'Category', className: 'leader-category', cell: (leader) => <Badge tone="info">{categoryLabel(leader.category)}</Badge> },
    {
      header: 'Contact',
      className: 'leader-contact',
      cell: (leader) =>
        leader.email || leader.phone ? (
          <span className="contact-lines">
            {leader.email ? <a href={`mailto:${leader.email}`}>{leader.email}</a> : null}
            {leader.phone ? <a href={`tel:${leader.phone.replace(/\s+/g, '')}`}>{leader.phone}</a> : null}
          </span>
        ) : (
          '—'
        ),
    },
    {
      header: 'Actions',
      hideLabelOnPhone: true,
      cell: (leader) => (
        <div className="row-actions">
          <button
            aria-label={`Edit ${leader.name}`}
            type="button"
            className="btn btn-small btn-edit"
            onClick={() => {
              setNotice(null);
              setEditing({ mode: 'edit', leader });
            }}
          >
            Edit
          </button>
          <button
            aria-label={`Remove ${leader.name}`}
            type="button"
            className="btn btn-small btn-remove"
            onClick={() => {
              remove.reset();
              setRemoving(leader);
            }}
          >
            Remove
          </button>
        </div>
      ),
    },
  ];

  const addButton = (
    <button
      type="button"
      className="btn btn-primary"
      onClick={() => {
        setNotice(null);
        setEditing({ mode: 'new' });
      }}
    >
      + Add New Leader
    </button>
  );

  return (
    <div className="content-page">
      <title>Church Leaders | Back Office</title>
      <PageHeader
        title="Church Leaders"
        description="The leaders shown on the website's About and Ministries pages, in display order."
        actions={addButton}
      />
      <div className="toolbar" role="search" aria-label="Find leaders">
        <TextField
          label="Search"
          type="search"
          placeholder="Name or position"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
          }}
        />
        <SelectField
          label="Category"
          options={categoryFilter}
          value={category}
          onChange={(event) => {
            setCategory(event.target.value);
          }}
        />
      </div>
      {notice ? (
        <Alert
          tone="success"
          onDismiss={() => {
            setNotice(null);
          }}
        >
          {notice}
        </Alert>
      ) : null}
      {problem ? (
        <Alert
          onDismiss={() => {
            setProblem(null);
          }}
        >
          {problem}
        </Alert>
      ) : null}
      {leaders.isPending ? (
        <Spinner label="Loading leaders..." />
      ) : leaders.isError ? (
        <Alert>
          Could not load the leaders.{' '}
          <button type="button" className="btn-link" onClick={() => void leaders.refetch()}>
            Try again
          </button>
          {errorDetail(leaders.error) ? <span className="alert-detail">{errorDetail(leaders.error)}</span> : null}
        </Alert>
      ) : (
        <>
          <p className="result-count" aria-live="polite">
            {shown.length === all.length
              ? `${String(all.length)} leaders`
              : `Showing ${String(shown.length)} of ${String(all.length)} leaders`}
          </p>
          <DataTable
            caption="Church leaders in display order"
            columns={columns}
            rows={shown}
            rowKey={(leader) => leader.id}
            empty={<p>{leaderTexts.empty}</p>}
          />
        </>
      )}

      {editing ? (
        <LeaderFormModal
          leader={editing.mode === 'edit' ? editing.leader : undefined}
          listLength={all.length}
          onClose={() => {
            setEditing(null);
          }}
          onSaved={(name) => {
            setNotice(editing.mode === 'new' ? `${name} was added to the leaders list.` : `${name} was saved.`);
            setEditing(null);
          }}
        />
      ) : null}

      {removing ? (
        <ConfirmDialog
          title="Remove Leader"
          message={leaderTexts.confirmRemove(removing.name)}
          confirmLabel="Remove"
          busyLabel="Removing..."
          busy={remove.isPending}
          error={remove.isError ? deleteErrorText(remove.error) : undefined}
          onCancel={() => {
            setRemoving(null);
          }}
          onConfirm={() => {
            remove.mutate(removing.id, {
              onSuccess: () => {
                setNotice(`${removing.name} was removed from the leaders list.`);
                setRemoving(null);
              },
              onError: (error) => {
                console.error('Removing the leader failed', error);
              },
            });
          }}
        />
      ) : null}
    </div>
  );
}
