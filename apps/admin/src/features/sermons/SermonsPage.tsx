import { useState } from 'react';
import { Alert } from '../../components/ui/Alert';
import { Badge } from '../../components/ui/Badge';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { DataTable, type Column } from '../../components/ui/DataTable';
import { errorDetail } from '../../components/ui/error-detail';
import { ListSearch, matchesSearch } from '../../components/ui/ListSearch';
import { formatDay } from '../../components/ui/form-values';
import { PageHeader } from '../../components/ui/PageHeader';
import { Spinner } from '../../components/ui/Spinner';
import { Switch } from '../../components/ui/Switch';
import { truncate } from '../../components/ui/truncate';
import { useDeleteSermon } from './api/delete-sermon';
import { useSermons } from './api/get-sermons';
import { useSetSermonPublished } from './api/set-sermon-published';
import { SermonFormModal } from './SermonFormModal';
import { sermonTexts, type Sermon } from './sermon-form';

type Editing = { mode: 'new' } | { mode: 'edit'; sermon: Sermon } | null;

/** /admin/sermons: every sermon, add/edit, publish or unpublish, delete (back-office.md §2.6). */
export default function SermonsPage() {
  const sermons = useSermons();
  const publish = useSetSermonPublished();
  const remove = useDeleteSermon();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Sermon | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const all = sermons.data ?? [];
  const shown = all.filter((sermon) => matchesSearch(search, sermon.title, sermon.speaker, sermon.series));

  const togglePublished = (sermon: Sermon, published: boolean) => {
    setNotice(null);
    setProblem(null);
    publish.mutate(
      { id: sermon.id, published },
      {
        onSuccess: () => {
          setNotice(
            published ? `“${sermon.title}” is now published on the website.` : `“${sermon.title}” is now a draft and hidden from the website.`,
          );
        },
        onError: (error) => {
          console.error('Changing the publish state failed', error);
          setProblem(`Could not ${published ? 'publish' : 'unpublish'} “${sermon.title}”. Please try again.`);
        },
      },
    );
  };

  const columns: Column<Sermon>[] = [
    {
      header: 'Sermon',
      className: 'col-main',
      hideLabelOnPhone: true,
      cell: (sermon) => (
        <>
          <span className="cell-title">{sermon.title}</span>{' '}
          {sermon.is_published ? null : <Badge tone="warning">Draft</Badge>}
          {sermon.description ? <span className="cell-sub">{truncate(sermon.description, 60)}</span> : null}
        </>
      ),
    },
    { header: 'Speaker', cell: (sermon) => sermon.speaker },
    { header: 'Date', className: 'nowrap', cell: (sermon) => formatDay(sermon.sermon_date) },
    { header: 'Series', cell: (sermon) => sermon.series ?? '—' },
    {
      header: 'Status',
      cell: (sermon) => {
        const pending = publish.isPending && publish.variables.id === sermon.id;
        return (
          <Switch
            label="Published"
            context={sermon.title}
            checked={pending ? publish.variables.published : sermon.is_published}
            disabled={pending}
            onChange={(published) => {
              togglePublished(sermon, published);
            }}
          />
        );
      },
    },
    {
      header: 'Actions',
      hideLabelOnPhone: true,
      cell: (sermon) => (
        <div className="row-actions">
          <button
            aria-label={`Edit ${sermon.title}`}
            type="button"
            className="btn btn-small btn-edit"
            onClick={() => {
              setNotice(null);
              setEditing({ mode: 'edit', sermon });
            }}
          >
            Edit
          </button>
          <button
            aria-label={`Delete ${sermon.title}`}
            type="button"
            className="btn btn-small btn-remove"
            onClick={() => {
              remove.reset();
              setDeleting(sermon);
            }}
          >
            Delete
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
      + Add Sermon
    </button>
  );

  return (
    <div className="content-page">
      <title>Sermons | Back Office</title>
      <PageHeader title="Sermons" description="Add sermons, then publish them when they are ready for the website." actions={addButton} />
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
      {sermons.isPending ? (
        <Spinner label="Loading sermons..." />
      ) : sermons.isError ? (
        <Alert>
          Could not load the sermons.{' '}
          <button type="button" className="btn-link" onClick={() => void sermons.refetch()}>
            Try again
          </button>
          {errorDetail(sermons.error) ? <span className="alert-detail">{errorDetail(sermons.error)}</span> : null}
        </Alert>
      ) : (
        <>
          <ListSearch
            label="Search sermons"
            placeholder="Title, speaker or series"
            value={search}
            onChange={setSearch}
            shown={shown.length}
            total={all.length}
            noun="sermons"
          />
          <DataTable
            caption="Sermons, newest first"
            columns={columns}
            rows={shown}
            rowKey={(sermon) => sermon.id}
            empty={
              all.length > 0 ? (
                <p>No sermons match “{search.trim()}”.</p>
              ) : (
                <>
                  <p>No sermons yet.</p>
                  {addButton}
                </>
              )
            }
          />
        </>
      )}

      {editing ? (
        <SermonFormModal
          sermon={editing.mode === 'edit' ? editing.sermon : undefined}
          onClose={() => {
            setEditing(null);
          }}
          onSaved={(title) => {
            setNotice(
              editing.mode === 'new' ? `“${title}” was added as a draft. Switch on Published to show it on the website.` : `“${title}” was saved.`,
            );
            setEditing(null);
          }}
        />
      ) : null}

      {deleting ? (
        <ConfirmDialog
          title="Delete Sermon"
          message={sermonTexts.confirmDelete}
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={remove.isPending}
          error={remove.isError ? sermonTexts.deleteError : undefined}
          onCancel={() => {
            setDeleting(null);
          }}
          onConfirm={() => {
            remove.mutate(deleting.id, {
              onSuccess: () => {
                setNotice(`“${deleting.title}” was deleted.`);
                setDeleting(null);
              },
              onError: (error) => {
                console.error('Deleting the sermon failed', error);
              },
            });
          }}
        />
      ) : null}
    </div>
  );
}
