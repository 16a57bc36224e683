import { useState } from 'react';
import { Navigate, NavLink, useParams } from 'react-router-dom';
import { Badge } from '../../components/ui/Badge';
import type { Column } from '../../components/ui/DataTable';
import { errorDetail } from '../../components/ui/error-detail';
import { ListSearch } from '../../components/ui/ListSearch';
import { LoadError } from '../../components/ui/LoadError';
import { Notice } from '../../components/ui/Notice';
import { PagedTable } from '../../components/ui/PagedTable';
import { PageHeader } from '../../components/ui/PageHeader';
import { Spinner } from '../../components/ui/Spinner';
import { truncate } from '../../components/ui/truncate';
import { usePagedList } from '../../components/ui/use-paged-list';
import { useContent } from './api/content';
import { ContentFormModal } from './ContentFormModal';
import { contentKind, contentKinds, type ContentKind, type ContentRow } from './content-kinds';
import './site-content.css';

/** Which fields of a row have their Kiswahili: "3 of 5". */
function kiswahiliCount(kind: ContentKind, row: ContentRow): { done: number; of: number } {
  const sw = kind.fields.filter((field) => field.sw);
  const done = sw.filter((field) => {
    const value = row[field.key];
    return Array.isArray(value) ? value.length > 0 : typeof value === 'string' && value.trim() !== '';
  }).length;
  return { done, of: sw.length };
}

type Editing = { mode: 'new' } | { mode: 'edit'; row: ContentRow } | null;

/** One kind's list, search and editor. Keyed by kind, so a tab starts on its first page. */
function ContentList({ kind }: { kind: ContentKind }) {
  const list = usePagedList();
  const rows = useContent(kind, list.params);
  list.settle(rows.data?.total);
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const columns: Column<ContentRow>[] = [
    {
      header: kind.id === 'verses' ? 'Verse' : 'Name',
      className: 'phone-first',
      hideLabelOnPhone: true,
      cell: (row) => {
        const detail = kind.detail(row);
        return (
          <>
            <span className="cell-title">{kind.title(row)}</span>
            {detail ? <span className="cell-sub">{truncate(detail, 100)}</span> : null}
          </>
        );
      },
    },
    {
      header: 'Kiswahili',
      cell: (row) => {
        const { done, of } = kiswahiliCount(kind, row);
        return <Badge tone={done === of ? 'success' : done === 0 ? 'warning' : 'info'}>{done === of ? 'Translated' : `${String(done)} of ${String(of)} fields`}</Badge>;
      },
    },
    ...(kind.fields.some((field) => field.kind === 'shown')
      ? [
          {
            header: 'On the website',
            cell: (row: ContentRow) => (row.is_active === false ? <Badge tone="neutral">Hidden</Badge> : <Badge tone="success">Shown</Badge>),
          },
        ]
      : []),
    {
      header: 'Actions',
      hideLabelOnPhone: true,
      cell: (row) => (
        <div className="row-actions">
          <button
            type="button"
            className="btn btn-small btn-edit"
            aria-label={`Edit ${kind.title(row)}`}
            onClick={() => {
              setNotice(null);
              setEditing({ mode: 'edit', row });
            }}
          >
            Edit
          </button>
        </div>
      ),
    },
  ];

  const addButton = kind.canAdd ? (
    <button
      type="button"
      className="btn btn-primary"
      onClick={() => {
        setNotice(null);
        setEditing({ mode: 'new' });
      }}
    >
      {`+ Add ${kind.singular.charAt(0).toUpperCase()}${kind.singular.slice(1)}`}
    </button>
  ) : null;

  return (
    <>
      <div className="content-toolbar">
        <p>{kind.description}</p>
        {addButton}
      </div>
      <ListSearch label="Search" placeholder={`Search ${kind.noun}`} value={list.search} onSearch={list.setSearch} live regionLabel={`Find ${kind.noun}`} />
      <Notice
        text={notice}
        onDismiss={() => {
          setNotice(null);
        }}
      />
      {rows.isPending ? (
        <Spinner label={`Loading ${kind.noun}...`} />
      ) : rows.isError ? (
        <LoadError text={`Could not load the ${kind.noun}.`} detail={errorDetail(rows.error)} onRetry={() => rows.refetch()} />
      ) : (
        <PagedTable
          list={list}
          result={rows.data}
          busy={rows.isPlaceholderData}
          noun={kind.noun}
          caption={`${kind.tab} of the website`}
          columns={columns}
          noMatch={<p>{`No ${kind.noun} match “${list.search}”.`}</p>}
          empty={<p>{`No ${kind.noun} yet.`}</p>}
        />
      )}
      {editing ? (
        <ContentFormModal
          kind={kind}
          row={editing.mode === 'edit' ? editing.row : undefined}
          onClose={() => {
            setEditing(null);
          }}
          onSaved={(title) => {
            setNotice(editing.mode === 'edit' ? `${title} was saved.` : `${title} was added.`);
            setEditing(null);
          }}
        />
      ) : null}
    </>
  );
}

/**
 * /admin/content/{ministries|departments|series|verses}: the website's own content beyond
 * sermons, events, announcements and leaders, each with its Kiswahili (issue 32).
 */
export default function SiteContentPage() {
  const { kind: id } = useParams();
  const kind = contentKind(id);
  // /content opens the first tab; any other unknown path goes to the dashboard (§2.1).
  if (!kind) return <Navigate to={id === undefined ? '/content/ministries' : '/dashboard'} replace />;
  return (
    <div className="content-page">
      <title>Site Content | Back Office</title>
      <PageHeader title="Site Content" description="Ministries, departments, sermon series and the daily verses, in English and Kiswahili." />
      <nav className="content-tabs" aria-label="Site content">
        {contentKinds.map((option) => (
          <NavLink key={option.id} to={`/content/${option.id}`} className={({ isActive }) => `content-tab${isActive ? ' content-tab-active' : ''}`}>
            {option.tab}
          </NavLink>
        ))}
      </nav>
      <ContentList key={kind.id} kind={kind} />
    </div>
  );
}
