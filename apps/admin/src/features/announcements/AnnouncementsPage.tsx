import { Badge } from '../../components/ui/Badge';
import type { Column } from '../../components/ui/DataTable';
import { formatDay } from '../../components/ui/form-values';
import { actionsColumn, publishedColumn } from '../../components/ui/list-columns';
import { ListPage } from '../../components/ui/ListPage';
import { ListSearch } from '../../components/ui/ListSearch';
import { PagedTable } from '../../components/ui/PagedTable';
import { deleteConfirm, savedText } from '../../components/ui/publishable';
import { truncate } from '../../components/ui/truncate';
import { useListPage } from '../../components/ui/use-list-page';
import { usePagedList } from '../../components/ui/use-paged-list';
import { useAnnouncements } from './api/get-announcements';
import { useDeleteAnnouncement } from './api/delete-announcement';
import { useSetAnnouncementPublished } from './api/set-announcement-published';
import { AnnouncementFormModal } from './AnnouncementFormModal';
import { announcementTexts, announcementWindow, audiences, churchToday, priorities, type Announcement } from './announcement-form';

/**
 * /admin/announcements: every announcement, a page at a time, searched on the server; add/edit,
 * publish or unpublish, delete (back-office.md §2.6).
 */
export default function AnnouncementsPage() {
  const list = usePagedList();
  const announcements = useAnnouncements(list.params);
  list.settle(announcements.data?.total);
  const publish = useSetAnnouncementPublished();
  const page = useListPage<Announcement>(useDeleteAnnouncement());
  const today = churchToday();

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
      toolbar={
        <ListSearch label="Search announcements" placeholder="Title or text" value={list.search} onSearch={list.setSearch} live />
      }
      list={(addButton) => (
        <PagedTable
          list={list}
          result={announcements.data ?? { rows: [], total: 0 }}
          busy={announcements.isPlaceholderData}
          noun="announcements"
          caption="Announcements, newest first"
          columns={columns}
          noMatch={<p>No announcements match “{list.search}”.</p>}
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
