import { useId, useState } from 'react';
import { Badge } from '../../components/ui/Badge';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import type { Column } from '../../components/ui/DataTable';
import { errorDetail } from '../../components/ui/error-detail';
import { FigureCard } from '../../components/ui/FigureCard';
import { LoadError } from '../../components/ui/LoadError';
import { Notice } from '../../components/ui/Notice';
import { PagedTable } from '../../components/ui/PagedTable';
import { PageHeader } from '../../components/ui/PageHeader';
import { formatCount } from '../../components/ui/paged-list';
import { Spinner } from '../../components/ui/Spinner';
import { usePagedList } from '../../components/ui/use-paged-list';
import { useAuth } from '../../lib/auth/auth-context';
import {
  adminRoleLabel,
  adminRoles,
  adminTexts,
  isScopedRole,
  lastSignInText,
  noScope,
  scopeNames,
  toggleErrorText,
  type AdminUser,
  type RoleCount,
} from './admin-user-rules';
import { AdminUserFormModal } from './AdminUserFormModal';
import { ADMIN_USERS_PAGE_SIZE, useAdminUsers } from './api/get-admin-users';
import { useRoleOverview } from './api/get-role-overview';
import { useStaffScopes, type StaffScopes } from './api/get-staff-scopes';
import { useSetAdminActive } from './api/set-admin-active';
import './admin-users.css';

type Editing = { mode: 'new' } | { mode: 'edit'; user: AdminUser } | null;

/**
 * /admin/admin-users (§2.14, Super Admin with manage_admins): how many accounts each staff role
 * has, the staff accounts newest first, add and edit (role, permissions, and for a Ministry
 * Leader or Department Head the ministries and departments they lead: issue 31), and activate
 * or deactivate after a confirmation — deactivating signs the account out everywhere at once.
 * The signed-in Super Admin cannot edit or deactivate themself (the server refuses it too).
 */
export default function AdminUsersPage() {
  const { user: me } = useAuth();
  const list = usePagedList({}, ADMIN_USERS_PAGE_SIZE);
  const users = useAdminUsers(list.page);
  list.settle(users.data?.total);
  const overview = useRoleOverview();
  const scopes = useStaffScopes();
  const toggle = useSetAdminActive();
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<AdminUser | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const startAdd = () => {
    setNotice(null);
    setEditing({ mode: 'new' });
  };
  const startToggle = (user: AdminUser) => {
    toggle.reset();
    setConfirming(user);
  };
  const confirmToggle = (user: AdminUser) => {
    const active = !user.is_active;
    toggle.mutate(
      { id: user.id, active },
      {
        onSuccess: () => {
          setNotice(adminTexts.toggled(user.full_name, active));
          setConfirming(null);
        },
        onError: (error) => {
          console.error(active ? 'Activating the admin failed' : 'Deactivating the admin failed', error);
        },
      },
    );
  };

  const addButton = (
    <button type="button" className="btn btn-primary" onClick={startAdd}>
      + Add Admin User
    </button>
  );

  const columns: Column<AdminUser>[] = [
    {
      header: 'Name',
      className: 'admin-user-name',
      hideLabelOnPhone: true,
      cell: (user) => <span className="cell-title">{user.full_name}</span>,
    },
    { header: 'Email', className: 'admin-user-email', cell: (user) => <EmailText email={user.email ?? ''} /> },
    { header: 'Role', className: 'admin-user-role', cell: (user) => <RoleCell user={user} scopes={scopes.data} /> },
    {
      header: 'Status',
      className: 'nowrap',
      cell: (user) => (user.is_active ? <Badge tone="success">Active</Badge> : <Badge tone="neutral">Inactive</Badge>),
    },
    { header: 'Last Sign-in', className: 'nowrap', cell: (user) => lastSignInText(user.last_sign_in_at) },
    {
      header: 'Actions',
      className: 'admin-user-actions',
      hideLabelOnPhone: true,
      cell: (user) => {
        if (user.id === me?.id) return <span className="admin-user-self">{adminTexts.self}</span>;
        const pending = toggle.isPending && toggle.variables.id === user.id;
        return (
          <div className="row-actions">
            <button
              type="button"
              className="btn btn-small btn-edit"
              aria-label={`Edit ${user.full_name}`}
              onClick={() => {
                setNotice(null);
                setEditing({ mode: 'edit', user });
              }}
            >
              Edit
            </button>
            <button
              type="button"
              className={`btn btn-small ${user.is_active ? 'btn-remove' : 'btn-secondary'}`}
              aria-label={`${user.is_active ? 'Deactivate' : 'Activate'} ${user.full_name}`}
              disabled={pending}
              onClick={() => {
                startToggle(user);
              }}
            >
              {user.is_active ? 'Deactivate' : 'Activate'}
            </button>
          </div>
        );
      },
    },
  ];

  const activating = confirming ? !confirming.is_active : false;

  return (
    <div className="content-page admin-users-page">
      <title>Admin Users | Back Office</title>
      <PageHeader
        title="Admin Users"
        description="Every account, staff and members: who may sign in, in which role and with which permissions."
        actions={addButton}
      />
      <Notice text={notice} onDismiss={setNotice} />

      <RoleOverview counts={overview.data} isPending={overview.isPending} isError={overview.isError} onRetry={overview.refetch} />

      {users.isPending ? (
        <Spinner label="Loading admin users..." />
      ) : users.isError ? (
        <LoadError text="Could not load the admin users." detail={errorDetail(users.error)} onRetry={users.refetch} />
      ) : (
        <div className="admin-users-list">
          <PagedTable
            list={list}
            result={users.data}
            busy={users.isPlaceholderData}
            noun="admin users"
            caption="Admin users, newest first"
            columns={columns}
            noMatch={<p>{adminTexts.empty}</p>}
            empty={
              <>
                <p>{adminTexts.empty}</p>
                {addButton}
              </>
            }
          />
        </div>
      )}

      {editing ? (
        <AdminUserFormModal
          user={editing.mode === 'edit' ? editing.user : undefined}
          scopes={scopes.data}
          scopesFailed={scopes.isError}
          onClose={() => {
            setEditing(null);
          }}
          onSaved={() => {
            setNotice(editing.mode === 'new' ? adminTexts.created : adminTexts.updated);
            setEditing(null);
          }}
        />
      ) : null}

      {confirming ? (
        <ConfirmDialog
          title={activating ? 'Activate Admin User' : 'Deactivate Admin User'}
          message={adminTexts.confirmToggle(activating)}
          confirmLabel={activating ? 'Activate' : 'Deactivate'}
          busyLabel={activating ? 'Activating...' : 'Deactivating...'}
          busy={toggle.isPending}
          error={toggle.isError ? toggleErrorText(toggle.error, activating) : undefined}
          onCancel={() => {
            setConfirming(null);
          }}
          onConfirm={() => {
            confirmToggle(confirming);
          }}
        />
      ) : null}
    </div>
  );
}

/** The role, and for a Ministry Leader or Department Head what they lead (issue 31). */
function RoleCell({ user, scopes }: { user: AdminUser; scopes: StaffScopes | undefined }) {
  const label = adminRoleLabel(user.role);
  if (!isScopedRole(user.role)) return <span className="nowrap">{label}</span>;
  return (
    <>
      <span className="nowrap">{label}</span>
      {scopes ? <span className="admin-user-scope">{adminTexts.leads(scopeNames(scopes.byUser.get(user.id) ?? noScope, scopes))}</span> : null}
    </>
  );
}

/** §2.14: one card per role (every role the system has) — how many accounts, and how many of them are active. */
function RoleOverview({
  counts,
  isPending,
  isError,
  onRetry,
}: {
  counts: RoleCount[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => unknown;
}) {
  const headingId = useId();
  return (
    <section className="admin-roles" aria-labelledby={headingId} aria-busy={isPending || undefined}>
      <h2 id={headingId} className="admin-roles-title">
        Roles
      </h2>
      {isError ? (
        <LoadError text="Could not count the admins per role." onRetry={onRetry} />
      ) : (
        <dl className="admin-role-cards">
          {(counts ?? adminRoles.map(({ value, label }): RoleCount => ({ role: value, label, active: 0, inactive: 0 }))).map((count) => (
            <FigureCard
              key={count.role}
              id={count.role}
              className="admin-role-card"
              label={count.label}
              note={counts ? `${formatCount(count.active)} active · ${formatCount(count.inactive)} inactive` : undefined}
            >
              {counts ? formatCount(count.active + count.inactive) : '…'}
            </FigureCard>
          ))}
        </dl>
      )}
    </section>
  );
}

/** An e-mail address that may wrap after the @ (never inside a name), so the table stays narrow. */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
