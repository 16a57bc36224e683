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
import { useDeleteSermon } from './api/delete-sermon';
import { useSermons } from './api/get-sermons';
import { useSetSermonPublished } from './api/set-sermon-published';
import { SermonFormModal } from './SermonFormModal';
import { sermonTexts, type Sermon } from './sermon-form';

/**
 * /admin/sermons: every sermon, a page at a time, searched on the server; add/edit, publish or
 * unpublish, delete (back-office.md §2.6).
 */
export default function SermonsPage() {
  const list = usePagedList();
  const sermons = useSermons(list.params);
  list.settle(sermons.data?.total);
  const publish = useSetSermonPublished();
  const page = useListPage<Sermon>(useDeleteSermon());

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
    publishedColumn(page, publish),
    actionsColumn(page, (sermon) => sermon.title),
  ];

  return (
    <ListPage
      page={page}
      title="Sermons"
      description="Add sermons, then publish them when they are ready for the website."
      addLabel="+ Add Sermon"
      query={sermons}
      noun="sermons"
      toolbar={
        <ListSearch label="Search sermons" placeholder="Title, speaker or series" value={list.search} onSearch={list.setSearch} live />
      }
      list={(addButton) => (
        <PagedTable
          list={list}
          result={sermons.data ?? { rows: [], total: 0 }}
          busy={sermons.isPlaceholderData}
          noun="sermons"
          caption="Sermons, newest first"
          columns={columns}
          noMatch={<p>No sermons match “{list.search}”.</p>}
          addButton={addButton}
        />
      )}
      editor={(sermon) => (
        <SermonFormModal
          sermon={sermon}
          onClose={page.closeEditor}
          onSaved={(title) => {
            page.saved(savedText(title, !sermon));
          }}
        />
      )}
      confirm={deleteConfirm('Sermon', sermonTexts)}
    />
  );
}
