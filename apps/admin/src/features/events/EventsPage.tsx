import { useState } from 'react';
import { Badge } from '../../components/ui/Badge';
import type { Column } from '../../components/ui/DataTable';
import { actionsColumn, publishedColumn } from '../../components/ui/list-columns';
import { ListPage } from '../../components/ui/ListPage';
import { matchesSearch } from '../../components/ui/ListSearch';
import { deleteConfirm, savedText } from '../../components/ui/publishable';
import { SearchedTable } from '../../components/ui/SearchedTable';
import { SelectField } from '../../components/ui/SelectField';
import { truncate } from '../../components/ui/truncate';
import { useListPage } from '../../components/ui/use-list-page';
import { useDeleteEvent } from './api/delete-event';
import { useEvents } from './api/get-events';
import { useSetEventPublished } from './api/set-event-published';
import { EventFormModal } from './EventFormModal';
import { eventTexts, eventTimings, eventTypeLabel, formatEventTime, matchesTiming, type ChurchEvent, type EventTiming } from './event-form';

/** /admin/events: every event, add/edit, publish or unpublish, delete (back-office.md §2.6). */
export default function EventsPage() {
  const events = useEvents();
  const publish = useSetEventPublished();
  const page = useListPage<ChurchEvent>(useDeleteEvent());
  const [search, setSearch] = useState('');
  const all = events.data ?? [];
  const [timing, setTiming] = useState<EventTiming>('all');
  const now = new Date();
  const shown = all.filter((event) => matchesTiming(event, timing, now) && matchesSearch(search, event.title, event.location));

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
      list={(addButton) => (
        <SearchedTable
          label="Search events"
          placeholder="Title or location"
          search={search}
          onSearch={setSearch}
          filters={
            <SelectField
              label="Show"
              options={eventTimings}
              value={timing}
              onChange={(change) => {
                setTiming(change.target.value as EventTiming);
              }}
            />
          }
          noun="events"
          all={all}
          shown={shown}
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
