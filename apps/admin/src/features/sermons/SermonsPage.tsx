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
import { useDeleteSermon } from './api/delete-sermon';
import { useSermons } from './api/get-sermons';
import { useSetSermonPublished } from './api/set-sermon-published';
import { SermonFormModal } from './SermonFormModal';
import { sermonTexts, type Sermon } from './sermon-form';

/** /admin/sermons: every sermon, add/edit, publish or unpublish, delete (back-office.md §2.6). */
export default function SermonsPage() {
  const sermons = useSermons();
  const publish = useSetSermonPublished();
  const page = useListPage<Sermon>(useDeleteSermon());
  const [search, setSearch] = useState('');
  const all = sermons.data ?? [];
  const shown = all.filter((sermon) => matchesSearch(search, sermon.title, sermon.speaker, sermon.series));

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
      list={(addButton) => (
        <SearchedTable
          label="Search sermons"
          placeholder="Title, speaker or series"
          search={search}
          onSearch={setSearch}
          noun="sermons"
          all={all}
          shown={shown}
          caption="Sermons, newest first"
          columns={columns}
          noMatch={<p>No sermons match “{search.trim()}”.</p>}
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
