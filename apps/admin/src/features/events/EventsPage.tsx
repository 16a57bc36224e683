import { Badge } from '../../components/ui/Badge';
import type { Column } from '../../components/ui/DataTable';
import { actionsColumn, publishedColumn } from '../../components/ui/list-columns';
import { ListPage } from '../../components/ui/ListPage';
import { ListSearch } from '../../components/ui/ListSearch';
import { PagedTable } from '../../components/ui/PagedTable';
import { deleteConfirm, savedText } from '../../components/ui/publishable';
import { SelectField } from '../../components/ui/SelectField';
import { truncate } from '../../components/ui/truncate';
import { useListPage } from '../../components/ui/use-list-page';
import { usePagedList } from '../../components/ui/use-paged-list';
import { useDeleteEvent } from './api/delete-event';
import { useEvents } from './api/get-events';
import { useSetEventPublished } from './api/set-event-published';
import { EventFormModal } from './EventFormModal';
import { eventTexts, eventTimings, eventTypeLabel, formatEventTime, type ChurchEvent, type EventTiming } from './event-form';

/**
 * /admin/events: every event, a page at a time, searched and filtered on the server; add/edit,
 * publish or unpublish, delete (back-office.md §2.6).
 */
export default function EventsPage() {
  const list = usePagedList<{ timing: EventTiming }>({ timing: 'all' });
  const events = useEvents(list.params);
  list.settle(events.data?.total);
  const publish = useSetEventPublished();
  const page = useListPage<ChurchEvent>(useDeleteEvent());

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
    publishedColumn(page, publish),
    actionsColumn(page, (event) => event.title),
  ];

  return (
    <ListPage
      page={page}
      title="Events"
      description="Plan church events, then publish them when they are ready for the website."
      addLabel="+ Add Event"
      query={events}
      noun="events"
      toolbar={
        <ListSearch label="Search events" placeholder="Title or location" value={list.search} onSearch={list.setSearch} live>
          <SelectField
            label="Show"
            options={eventTimings}
            value={list.filters.timing}
            onChange={(change) => {
              list.setFilters({ timing: change.target.value as EventTiming });
            }}
          />
        </ListSearch>
      }
      list={(addButton) => (
        <PagedTable
          list={list}
          result={events.data ?? { rows: [], total: 0 }}
          busy={events.isPlaceholderData}
          noun="events"
          caption="Events, latest first"
          columns={columns}
          noMatch={<p>No events match your search.</p>}
          addButton={addButton}
        />
      )}
      editor={(event) => (
        <EventFormModal
          event={event}
          onClose={page.closeEditor}
          onSaved={(title) => {
            page.saved(savedText(title, !event));
          }}
        />
      )}
      confirm={deleteConfirm('Event', eventTexts)}
    />
  );
}
