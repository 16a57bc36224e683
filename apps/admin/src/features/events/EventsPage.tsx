import { useState } from 'react';
import { Alert } from '../../components/ui/Alert';
import { Badge } from '../../components/ui/Badge';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { DataTable, type Column } from '../../components/ui/DataTable';
import { errorDetail } from '../../components/ui/error-detail';
import { ListSearch, matchesSearch } from '../../components/ui/ListSearch';
import { PageHeader } from '../../components/ui/PageHeader';
import { SelectField } from '../../components/ui/SelectField';
import { Spinner } from '../../components/ui/Spinner';
import { Switch } from '../../components/ui/Switch';
import { truncate } from '../../components/ui/truncate';
import { useDeleteEvent } from './api/delete-event';
import { useEvents } from './api/get-events';
import { useSetEventPublished } from './api/set-event-published';
import { EventFormModal } from './EventFormModal';
import { eventTexts, eventTimings, eventTypeLabel, formatEventTime, matchesTiming, type ChurchEvent, type EventTiming } from './event-form';

type Editing = { mode: 'new' } | { mode: 'edit'; event: ChurchEvent } | null;

/** /admin/events: every event, add/edit, publish or unpublish, delete (back-office.md §2.6). */
export default function EventsPage() {
  const events = useEvents();
  const publish = useSetEventPublished();
  const remove = useDeleteEvent();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ChurchEvent | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const all = events.data ?? [];
  const [timing, setTiming] = useState<EventTiming>('all');
  const now = new Date();
  const shown = all.filter((event) => matchesTiming(event, timing, now) && matchesSearch(search, event.title, event.location));

  const togglePublished = (event: ChurchEvent, published: boolean) => {
    setNotice(null);
    setProblem(null);
    publish.mutate(
      { id: event.id, published },
      {
        onSuccess: () => {
          setNotice(
            published ? `“${event.title}” is now published on the website.` : `“${event.title}” is now a draft and hidden from the website.`,
          );
        },
        onError: (error) => {
          console.error('Changing the publish state failed', error);
          setProblem(`Could not ${published ? 'publish' : 'unpublish'} “${event.title}”. Please try again.`);
        },
      },
    );
  };

  const columns: Column<ChurchEvent>[] = [
    {
      header: 'Event',
      className: 'col-event',
      hideLabelOnPhone: true,
      cell: (event) => (
        <>
          <span className="cell-title">{event.title}</span>{' '}
          {event.is_published ? null : <Badge tone="warning">Draft</Badge>}
          {event.description ? <span className="cell-sub">{truncate(event.description, 60)}</span> : null}
        </>
      ),
    },
    {
      header: 'When',
      cell: (event) => (
        <>
          {formatEventTime(event.start_date)}
          {event.end_date ? <span className="cell-sub">until {formatEventTime(event.end_date)}</span> : null}
        </>
      ),
    },
    { header: 'Location', cell: (event) => event.location ?? '—' },
    {
      header: 'Type',
      cell: (event) => (
        <>
          {eventTypeLabel(event.event_type)}
          {event.requires_registration ? <span className="cell-sub">Registration required</span> : null}
        </>
      ),
    },
    {
      header: 'Status',
      cell: (event) => {
        const pending = publish.isPending && publish.variables.id === event.id;
        return (
          <Switch
            label="Published"
            context={event.title}
            checked={pending ? publish.variables.published : event.is_published}
            disabled={pending}
            onChange={(published) => {
              togglePublished(event, published);
            }}
          />
        );
      },
    },
    {
      header: 'Actions',
      hideLabelOnPhone: true,
      cell: (event) => (
        <div className="row-actions">
          <button
            aria-label={`Edit ${event.title}`}
            type="button"
            className="btn btn-small btn-edit"
            onClick={() => {
              setNotice(null);
              setEditing({ mode: 'edit', event });
            }}
          >
            Edit
          </button>
          <button
            aria-label={`Delete ${event.title}`}
            type="button"
            className="btn btn-small btn-remove"
            onClick={() => {
              remove.reset();
              setDeleting(event);
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
      + Add Event
    </button>
  );

  return (
    <div className="content-page">
      <title>Events | Back Office</title>
      <PageHeader title="Events" description="Plan church events, then publish them when they are ready for the website." actions={addButton} />
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
      {events.isPending ? (
        <Spinner label="Loading events..." />
      ) : events.isError ? (
        <Alert>
          Could not load the events.{' '}
          <button type="button" className="btn-link" onClick={() => void events.refetch()}>
            Try again
          </button>
          {errorDetail(events.error) ? <span className="alert-detail">{errorDetail(events.error)}</span> : null}
        </Alert>
      ) : (
        <>
          <ListSearch
            label="Search events"
            placeholder="Title or location"
            value={search}
            onChange={setSearch}
            shown={shown.length}
            total={all.length}
            noun="events"
          >
            <SelectField
              label="Show"
              options={eventTimings}
              value={timing}
              onChange={(change) => {
                setTiming(change.target.value as EventTiming);
              }}
            />
          </ListSearch>
          <DataTable
            caption="Events, latest first"
            columns={columns}
            rows={shown}
            rowKey={(event) => event.id}
            empty={
              all.length > 0 ? (
                <p>No events match your search.</p>
              ) : (
                <>
                  <p>No events yet.</p>
                  {addButton}
                </>
              )
            }
          />
        </>
      )}

      {editing ? (
        <EventFormModal
          event={editing.mode === 'edit' ? editing.event : undefined}
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
          title="Delete Event"
          message={eventTexts.confirmDelete}
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={remove.isPending}
          error={remove.isError ? eventTexts.deleteError : undefined}
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
                console.error('Deleting the event failed', error);
              },
            });
          }}
        />
      ) : null}
    </div>
  );
}
