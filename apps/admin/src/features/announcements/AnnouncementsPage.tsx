import { useState } from 'react';
import { Badge } from '../../components/ui/Badge';
import type { Column } from '../../components/ui/DataTable';
import { formatDay } from '../../components/ui/form-values';
import { actionsColumn, publishedColumn } from '../../components/ui/list-columns';
import { ListPage } from '../../components/ui/ListPage';
import { matchesSearch } from '../../components/ui/ListSearch';
import { deleteConfirm, savedText } from '../../components/ui/publishable';
import { SearchedTable } from '../../components/ui/SearchedTable';
import { truncate } from '../../components/ui/truncate';
import { useListPage } from '../../components/ui/use-list-page';
import { useAnnouncements } from './api/get-announcements';
import { useDeleteAnnouncement } from './api/delete-announcement';
import { useSetAnnouncementPublished } from './api/set-announcement-published';
import { AnnouncementFormModal } from './AnnouncementFormModal';
import { announcementTexts, announcementWindow, audiences, churchToday, priorities, type Announcement } from './announcement-form';

/** /admin/announcements: every announcement, add/edit, publish or unpublish, delete (back-office.md §2.6). */
export default function AnnouncementsPage() {
  const announcements = useAnnouncements();
  const publish = useSetAnnouncementPublished();
  const page = useListPage<Announcement>(useDeleteAnnouncement());
  const [search, setSearch] = useState('');
  const today = churchToday();
  const all = announcements.data ?? [];
  const shown = all.filter((announcement) => matchesSearch(search, announcement.title, announcement.content));

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
    publishedColumn(page, publish),
    actionsColumn(page, (announcement) => announcement.title),
  ];

  return (
    <ListPage
      page={page}
      title="Announcements"
      description="Write notices for the congregation. Published ones show on the website from their start date through their end date."
      addLabel="+ Add Announcement"
      query={announcements}
      noun="announcements"
      list={(addButton) => (
        <SearchedTable
          label="Search announcements"
          placeholder="Title or text"
          search={search}
          onSearch={setSearch}
          noun="announcements"
          all={all}
          shown={shown}
          caption="Announcements, newest first"
          columns={columns}
          noMatch={<p>No announcements match “{search.trim()}”.</p>}
          addButton={addButton}
        />
      )}
      editor={(announcement) => (
        <AnnouncementFormModal
          announcement={announcement}
          onClose={page.closeEditor}
          onSaved={(title) => {
            page.saved(savedText(title, !announcement));
          }}
        />
      )}
      confirm={deleteConfirm('Announcement', announcementTexts)}
    />
  );
}
