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
import { useAnnouncements } from './api/get-announcements';
import { useDeleteAnnouncement } from './api/delete-announcement';
import { useSetAnnouncementPublished } from './api/set-announcement-published';
import { AnnouncementFormModal } from './AnnouncementFormModal';
import { announcementTexts, announcementWindow, audiences, churchToday, priorities, type Announcement } from './announcement-form';

type Editing = { mode: 'new' } | { mode: 'edit'; announcement: Announcement } | null;

/** /admin/announcements: every announcement, add/edit, publish or unpublish, delete (back-office.md §2.6). */
export default function AnnouncementsPage() {
  const announcements = useAnnouncements();
  const publish = useSetAnnouncementPublished();
  const remove = useDeleteAnnouncement();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Announcement | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const today = churchToday();
  const all = announcements.data ?? [];
  const shown = all.filter((announcement) => matchesSearch(search, announcement.title, announcement.content));

  const togglePublished = (announcement: Announcement, published: boolean) => {
    setNotice(null);
    setProblem(null);
    publish.mutate(
      { id: announcement.id, published },
      {
        onSuccess: () => {
          setNotice(
            published ? `“${announcement.title}” is now published on the website.` : `“${announcement.title}” is now a draft and hidden from the website.`,
          );
        },
        onError: (error) => {
          console.error('Changing the publish state failed', error);
          setProblem(`Could not ${published ? 'publish' : 'unpublish'} “${announcement.title}”. Please try again.`);
        },
      },
    );
  };

  const columns: Column<Announcement>[] = [
    {
      header: 'Announcement',
      className: 'col-main',
      hideLabelOnPhone: true,
      cell: (announcement) => (
        <>
          <span className="cell-title">{announcement.title}</span>{' '}
          {announcement.is_published ? (
            {
              scheduled: <Badge tone="info">Scheduled</Badge>,
              showing: null,
              ended: <Badge tone="neutral">Ended</Badge>,
            }[announcementWindow(announcement, today)]
          ) : (
            <Badge tone="warning">Draft</Badge>
          )}
          {announcement.content ? <span className="cell-sub">{truncate(announcement.content, 80)}</span> : null}
        </>
      ),
    },
    {
      header: 'Priority',
      cell: (announcement) => {
        const priority = priorities.find((p) => p.value === announcement.priority);
        return <Badge tone={priority?.tone ?? 'neutral'}>{priority?.label ?? announcement.priority}</Badge>;
      },
    },
    {
      header: 'Audience',
      cell: (announcement) => audiences.find((a) => a.value === announcement.target_audience)?.label ?? announcement.target_audience,
    },
    {
      header: 'Shown',
      cell: (announcement) => (
        <>
          <span className="nowrap">
            {formatDay(announcement.start_date)} {announcement.start_time.slice(0, 5)}
          </span>
          <span className="cell-sub">
            {announcement.end_date ? `until ${formatDay(announcement.end_date)} ${announcement.end_time.slice(0, 5)}` : 'no end date'}
          </span>
        </>
      ),
    },
    {
      header: 'Status',
      cell: (announcement) => {
        const pending = publish.isPending && publish.variables.id === announcement.id;
        return (
          <Switch
            label="Published"
            context={announcement.title}
            checked={pending ? publish.variables.published : announcement.is_published}
            disabled={pending}
            onChange={(published) => {
              togglePublished(announcement, published);
            }}
          />
        );
      },
    },
    {
      header: 'Actions',
      hideLabelOnPhone: true,
      cell: (announcement) => (
        <div className="row-actions">
          <button
            aria-label={`Edit ${announcement.title}`}
            type="button"
            className="btn btn-small btn-edit"
            onClick={() => {
              setNotice(null);
              setEditing({ mode: 'edit', announcement });
            }}
          >
            Edit
          </button>
          <button
            aria-label={`Delete ${announcement.title}`}
            type="button"
            className="btn btn-small btn-remove"
            onClick={() => {
              remove.reset();
              setDeleting(announcement);
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
      + Add Announcement
    </button>
  );

  return (
    <div className="content-page">
      <title>Announcements | Back Office</title>
      <PageHeader title="Announcements" description="Write notices for the congregation. Published ones show on the website from their start date through their end date." actions={addButton} />
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
      {announcements.isPending ? (
        <Spinner label="Loading announcements..." />
      ) : announcements.isError ? (
        <Alert>
          Could not load the announcements.{' '}
          <button type="button" className="btn-link" onClick={() => void announcements.refetch()}>
            Try again
          </button>
          {errorDetail(announcements.error) ? <span className="alert-detail">{errorDetail(announcements.error)}</span> : null}
        </Alert>
      ) : (
        <>
          <ListSearch
            label="Search announcements"
            placeholder="Title or text"
            value={search}
            onChange={setSearch}
            shown={shown.length}
            total={all.length}
            noun="announcements"
          />
          <DataTable
            caption="Announcements, newest first"
            columns={columns}
            rows={shown}
            rowKey={(announcement) => announcement.id}
            empty={
              all.length > 0 ? (
                <p>No announcements match “{search.trim()}”.</p>
              ) : (
                <>
                  <p>No announcements yet.</p>
                  {addButton}
                </>
              )
            }
          />
        </>
      )}

      {editing ? (
        <AnnouncementFormModal
          announcement={editing.mode === 'edit' ? editing.announcement : undefined}
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
          title="Delete Announcement"
          message={announcementTexts.confirmDelete}
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={remove.isPending}
          error={remove.isError ? announcementTexts.deleteError : undefined}
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
                console.error('Deleting the announcement failed', error);
              },
            });
          }}
        />
      ) : null}
    </div>
  );
}
