import { useState } from 'react';
import { Badge } from '../../components/ui/Badge';
import type { Column } from '../../components/ui/DataTable';
import { ListPage } from '../../components/ui/ListPage';
import { ListSearch } from '../../components/ui/ListSearch';
import { PagedTable } from '../../components/ui/PagedTable';
import { formatCount } from '../../components/ui/paged-list';
import { useListPage } from '../../components/ui/use-list-page';
import { usePagedList } from '../../components/ui/use-paged-list';
import { useAuth } from '../../lib/auth/auth-context';
import { useDeleteMember } from './api/delete-member';
import { useExportMembers } from './api/export-members';
import { MEMBERS_PAGE_SIZE, memberSortKey, useMembers } from './api/get-members';
import type { ImportReport } from './api/import-members';
import { useSetMemberActive } from './api/set-member-active';
import { churchToday } from '../../lib/church-time';
import { downloadText } from '../../lib/download';
import { ImportMembersModal } from './ImportMembersModal';
import { membersCsv, memberTemplateCsv } from './member-csv';
import { deleteErrorText, memberName, memberTexts, type Member } from './member-form';
import { ChangeRequests } from './ChangeRequests';
import { MemberFigures } from './MemberFigures';
import { MemberFormModal } from './MemberFormModal';
import './members.css';

/** Texts of the page's own notices. */
export const memberPageTexts = {
  exportFailed: 'Could not export the members. Please try again.',
  exported: (count: number) => `Exported ${formatCount(count)} ${count === 1 ? 'member' : 'members'} to a CSV file.`,
  imported: (report: ImportReport) =>
    `Import complete: ${formatCount(report.added)} added, ${formatCount(report.updated)} updated${report.refused > 0 ? `, ${formatCount(report.refused)} refused` : ''}.`,
  activeTexts: (name: string, active: boolean) => ({
    done: active ? `${name} was activated.` : `${name} was deactivated.`,
    failed: `Could not ${active ? 'activate' : 'deactivate'} ${name}. Please try again.`,
    log: 'Changing whether the member is active failed',
  }),
};

/**
 * /admin/members (§2.8): the register's figures (all, active, inactive: the words of the
 * Dashboard and Reports, issue 41), then the membership register a page at a time, searched on
 * the server (on Enter or the Search button; clearing shows everyone again) over names,
 * membership number, e-mail and phone; add, edit (with ministries), activate/deactivate,
 * delete; CSV export of the current search, a template, and an import checked by the server
 * before it is written.
 * Readers (view_member_details) see the list and may export; changes need manage_members
 * (the server's rule; here the buttons follow it).
 */
export default function MembersPage() {
  const { access } = useAuth();
  const canManage = access?.permissions.includes('manage_members') ?? false;
  const list = usePagedList({}, MEMBERS_PAGE_SIZE);
  const members = useMembers(list.params);
  list.settle(members.data);
  const toggle = useSetMemberActive();
  const page = useListPage<Member>(useDeleteMember());
  const [importing, setImporting] = useState(false);
  const exporting = useExportMembers();

  const runExport = () => {
    page.dismissNotice();
    page.dismissProblem();
    exporting.mutate(list.search, {
      onSuccess: (rows) => {
        downloadText(`members-${churchToday()}.csv`, membersCsv(rows));
        page.showNotice(memberPageTexts.exported(rows.length));
      },
      onError: (error) => {
        console.error('Exporting the members failed', error);
        page.showProblem(memberPageTexts.exportFailed);
      },
    });
  };
  const downloadTemplate = () => {
    downloadText('members-template.csv', memberTemplateCsv());
  };

  const columns: Column<Member>[] = [
    {
      header: 'Name',
      className: 'member-name',
      hideLabelOnPhone: true,
      cell: (member) => <span className="cell-title">{memberName(member)}</span>,
    },
    { header: 'Membership No.', className: 'member-number', cell: (member) => member.membership_number ?? '—' },
    {
      header: 'Phone',
      className: 'nowrap',
      cell: (member) => (member.phone ? <a href={`tel:${member.phone.replace(/\s+/g, '')}`}>{member.phone}</a> : '—'),
    },
    {
      header: 'Email',
      className: 'member-email-cell',
      cell: (member) => (member.email ? <EmailLink email={member.email} /> : '—'),
    },
    {
      header: 'Status',
      className: 'member-status-cell',
      cell: (member) => (member.is_active ? <Badge tone="success">Active</Badge> : <Badge tone="neutral">Inactive</Badge>),
    },
  ];
  if (canManage) {
    columns.push({
      header: 'Actions',
      className: 'member-actions',
      hideLabelOnPhone: true,
      cell: (member) => {
        const name = memberName(member);
        const pending = toggle.isPending && toggle.variables.id === member.id;
        return (
          <div className="row-actions">
            <button
              aria-label={`Edit ${name}`}
              type="button"
              className="btn btn-small btn-edit"
              onClick={() => {
                page.startEdit(member);
              }}
            >
              Edit
            </button>
            <button
              aria-label={`Delete ${name}`}
              type="button"
              className="btn btn-small btn-remove"
              onClick={() => {
                page.startDelete(member);
              }}
            >
              Delete
            </button>
            <button
              aria-label={`${member.is_active ? 'Deactivate' : 'Activate'} ${name}`}
              type="button"
              className="btn btn-small btn-secondary"
              disabled={pending}
              onClick={() => {
                const active = !member.is_active;
                page.change(toggle, { id: member.id, active }, memberPageTexts.activeTexts(name, active));
              }}
            >
              {member.is_active ? 'Deactivate' : 'Activate'}
            </button>
          </div>
        );
      },
    });
  }

  return (
    <>
      <ListPage
        page={page}
        title="Members"
        description="The church’s membership register: find, add and update members, and keep their ministries current."
        addLabel="+ Add Member"
        canAdd={canManage}
        actions={
          <>
            {canManage ? (
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => {
                  page.dismissNotice();
                  setImporting(true);
                }}
              >
                Import CSV
              </button>
            ) : null}
            <button type="button" className="btn btn-secondary" onClick={runExport} disabled={exporting.isPending}>
              {exporting.isPending ? 'Exporting...' : 'Export CSV'}
            </button>
            {canManage ? (
              <button type="button" className="btn btn-secondary" onClick={downloadTemplate}>
                CSV Template
              </button>
            ) : null}
          </>
        }
        query={members}
        noun="members"
        toolbar={
          <>
            {canManage ? <ChangeRequests /> : null}
            <MemberFigures />
            <ListSearch
              label="Search members"
              placeholder="Name, membership number, e-mail or phone"
              value={list.search}
              onSearch={list.setSearch}
              regionLabel="Find members"
            />
          </>
        }
        list={(addButton) => (
          <div className="members-list">
            <PagedTable
              list={list}
              result={members.data ?? { rows: [], total: 0 }}
              busy={members.isPlaceholderData}
              noun="members"
              caption="Members by last name"
              columns={columns}
              sortKey={memberSortKey}
              noMatch={<p>No members match “{list.search}”.</p>}
              empty={
                <>
                  <p>{memberTexts.empty}</p>
                  {addButton}
                </>
              }
            />
          </div>
        )}
        editor={(member) => (
          <MemberFormModal
            member={member}
            onClose={page.closeEditor}
            onSaved={(name) => {
              page.saved(member ? `${name} was saved.` : `${name} was added to the members.`);
            }}
          />
        )}
        confirm={(member) => ({
          title: 'Delete Member',
          message: memberTexts.confirmDelete,
          confirmLabel: 'Delete',
          busyLabel: 'Deleting...',
          error: deleteErrorText,
          done: `${memberName(member)} was deleted.`,
          log: 'Deleting the member failed',
        })}
      />
      {importing ? (
        <ImportMembersModal
          onClose={() => {
            setImporting(false);
          }}
          onImported={(report) => {
            page.showNotice(memberPageTexts.imported(report));
          }}
          onTemplate={downloadTemplate}
        />
      ) : null}
    </>
  );
}

/** An e-mail link that wraps after the @, so the table stays narrow (inside a name only when one is too long for its column). */
function EmailLink({ email }: { email: string }) {
  const at = email.indexOf('@');
  return (
    <a href={`mailto:${email}`}>
      {at > 0 ? (
        <>
          {email.slice(0, at + 1)}
          <wbr />
          {email.slice(at + 1)}
        </>
      ) : (
        email
      )}
    </a>
  );
}
