import { KanisaError } from '@kanisa/client';
import { Badge } from '../../components/ui/Badge';
import type { Column } from '../../components/ui/DataTable';
import { actionsColumn } from '../../components/ui/list-columns';
import { ListPage } from '../../components/ui/ListPage';
import { ListSearch } from '../../components/ui/ListSearch';
import { PagedTable } from '../../components/ui/PagedTable';
import { SelectField } from '../../components/ui/SelectField';
import { truncate } from '../../components/ui/truncate';
import { useListPage } from '../../components/ui/use-list-page';
import { usePagedList } from '../../components/ui/use-paged-list';
import { readablePhone } from '../../lib/phone';
import { useLeaderCount, useLeaders } from './api/get-leaders';
import { useRemoveLeader } from './api/remove-leader';
import { useReorderLeaders } from './api/reorder-leaders';
import { LeaderFormModal } from './LeaderFormModal';
import { categoryLabel, leaderCategories, leaderTexts, moveLeader, titledName, type Leader, type LeaderCategory } from './leader-form';
import './leaders.css';

const categoryFilter = [{ value: '', label: 'All Categories' }, ...leaderCategories];

function deleteErrorText(error: unknown): string {
  return leaderTexts.deleteError(error instanceof KanisaError || error instanceof Error ? error.message : String(error));
}

/**
 * /admin/leaders: the church's active leaders, a page at a time — search and filter (on the
 * server), add, edit, reorder, remove (§2.7). A move swaps places with the neighbour on the
 * same page (the first row of a page cannot move up past it, nor the last one down).
 */
export default function LeadersPage() {
  const list = usePagedList<{ category: LeaderCategory | '' }>({ category: '' });
  const leaders = useLeaders(list.params);
  list.settle(leaders.data?.total);
  const count = useLeaderCount();
  const reorder = useReorderLeaders();
  const page = useListPage<Leader>(useRemoveLeader());

  const shown = leaders.data?.rows ?? [];

  const move = (index: number, direction: -1 | 1) => {
    const leader = shown[index];
    const changes = moveLeader(shown, index, direction);
    if (!leader || changes.length === 0) return;
    page.change(reorder, changes, {
      done: `${titledName(leader)} moved ${direction === -1 ? 'up' : 'down'}.`,
      failed: `Could not change the order of ${titledName(leader)}. Please try again.`,
      log: 'Reordering the leaders failed',
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
              aria-label={`Move ${titledName(leader)} up`}
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
              aria-label={`Move ${titledName(leader)} down`}
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
          <span className="cell-title">{titledName(leader)}</span>
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
            {leader.phone ? <a href={`tel:${leader.phone.replace(/\s+/g, '')}`}>{readablePhone(leader.phone)}</a> : null}
          </span>
        ) : (
          '—'
        ),
    },
    actionsColumn(page, (leader) => titledName(leader), 'Remove'),
  ];

  return (
    <ListPage
      page={page}
      title="Church Leaders"
      description="The leaders shown on the website's About and Ministries pages, in display order."
      addLabel="+ Add New Leader"
      query={leaders}
      noun="leaders"
      toolbar={
        <ListSearch label="Search" placeholder="Name or position" value={list.search} onSearch={list.setSearch} live regionLabel="Find leaders">
          <SelectField
            label="Category"
            options={categoryFilter}
            value={list.filters.category}
            onChange={(event) => {
              list.setFilters({ category: event.target.value as LeaderCategory | '' });
            }}
          />
        </ListSearch>
      }
      list={() => (
        <PagedTable
          list={list}
          result={leaders.data ?? { rows: [], total: 0 }}
          busy={leaders.isPlaceholderData}
          noun="leaders"
          caption="Church leaders in display order"
          columns={columns}
          noMatch={<p>{leaderTexts.empty}</p>}
          empty={<p>{leaderTexts.empty}</p>}
        />
      )}
      editor={(leader) => (
        <LeaderFormModal
          leader={leader}
          listLength={count.data ?? leaders.data?.total ?? 0}
          onClose={page.closeEditor}
          onSaved={(name) => {
            page.saved(leader ? `${name} was saved.` : `${name} was added to the leaders list.`);
          }}
        />
      )}
      confirm={(leader) => ({
        title: 'Remove Leader',
        message: leaderTexts.confirmRemove(titledName(leader)),
        confirmLabel: 'Remove',
        busyLabel: 'Removing...',
        error: deleteErrorText,
        done: `${titledName(leader)} was removed from the leaders list.`,
        log: 'Removing the leader failed',
      })}
    />
  );
}
