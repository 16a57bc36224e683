/**
 * Who may open what in the back office (spec: back-office.md §2.1, §2.4, §6.1, §6.4). Pure
 * functions over the server's answer: the role, rank and effective permissions come from the
 * session's `app_metadata` (the server computes them from the role defaults or the profile's own
 * list); nothing here recomputes permissions from a role. Comfort only: the row-level policies
 * decide what the server actually returns (spec README point 11).
 */

/** §6.1: the rank of each role. DEACON exists only as a display label. */
export const ranks: Readonly<Record<string, number>> = {
  SUPER_ADMIN: 6,
  ADMIN: 5,
  FINANCE_ADMIN: 4,
  CONTENT_ADMIN: 4,
  MEMBER_ADMIN: 4,
  MINISTRY_LEADER: 3,
  DEPARTMENT_HEAD: 3,
  ELDER: 2,
  MEMBER: 1,
  VISITOR: 0,
};

/**
 * The levels a route or menu entry can require (§6.1: "the route hierarchy is MEMBER, ELDER,
 * ADMIN, SUPER_ADMIN") and the lowest rank that reaches each.
 *
 * Our reading of the spec for the ADMIN level: the route hierarchy has four steps, and the admin
 * form (§6.3) names ADMIN "General Admin" beside the specialised admin roles FINANCE_ADMIN,
 * CONTENT_ADMIN and MEMBER_ADMIN (rank 4), whose default permissions are exactly the content,
 * financial and member ones. Were ADMIN to mean rank 5, those defaults could never open a
 * screen. So the ADMIN step is reached by every admin role (rank 4 and up), and the entry's
 * permissions (§2.4, §6.4) then decide which screens each of them opens: a CONTENT_ADMIN reaches
 * Sermons, Events, Announcements and Leaders, not Donations. MINISTRY_LEADER and
 * DEPARTMENT_HEAD (rank 3) stay on the ELDER step.
 *
 * Two decisions about roles the server enforces (policies/README.md, issue 13):
 * - Ranks inherit defaults: MINISTRY_LEADER and DEPARTMENT_HEAD hold at least ELDER's default
 *   permissions (prayer requests, the communication hub, member details), so they open what an
 *   ELDER opens.
 * - Data follows the screen: the System screens (Admin Users, Activity Logs, Settings) need the
 *   SUPER_ADMIN level and their permission, and so does their data on the server — an ADMIN
 *   holding view_audit_logs, system_settings or manage_admins in its list reads no activity log,
 *   changes no setting and manages no staff account.
 */
export const levelRanks = {
  MEMBER: 1,
  ELDER: 2,
  ADMIN: 4,
  SUPER_ADMIN: 6,
} as const;

export type Level = keyof typeof levelRanks;

/** What a route or menu entry needs: a level and, when listed, any one of the permissions. */
export interface Requirement {
  level: Level;
  /** Any one of these; empty or absent = none needed. */
  anyOf?: readonly string[];
  /** A screen's own line on its Access Denied page (§2.16: the Super Admin screens). */
  deniedNote?: string;
}

/** The signed-in user as far as access goes: the server's answer. */
export interface AccessUser {
  role: string | null;
  rank: number;
  permissions: readonly string[];
}

export type AccessCheck = { ok: true } | { ok: false; reason: 'role' | 'permission' };

/**
 * §6.1: a role check passes at or above the required rank, and any signed-in user passes a
 * MEMBER check even without a profile; then any one of the listed permissions is needed.
 */
export function checkAccess(user: AccessUser, requirement: Requirement): AccessCheck {
  const rankOk = requirement.level === 'MEMBER' || user.rank >= levelRanks[requirement.level];
  if (!rankOk) return { ok: false, reason: 'role' };
  const anyOf = requirement.anyOf ?? [];
  if (anyOf.length > 0 && !anyOf.some((permission) => user.permissions.includes(permission))) {
    return { ok: false, reason: 'permission' };
  }
  return { ok: true };
}

export function canAccess(user: AccessUser | null, requirement: Requirement): boolean {
  return user !== null && checkAccess(user, requirement).ok;
}

/** `CONTENT_ADMIN` → `Content Admin` (§2.4: title case with spaces). */
export function roleLabel(role: string | null | undefined): string {
  if (!role) return 'Member';
  return role
    .toLowerCase()
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * Reads the access part of the server's `app_metadata`. A missing or malformed value counts as
 * nothing granted; the rank falls back to the §6.1 table only when the server sent none.
 */
export function accessFromMetadata(metadata: Record<string, unknown> | undefined): AccessUser {
  const role = typeof metadata?.role === 'string' ? metadata.role : null;
  const rank = typeof metadata?.rank === 'number' ? metadata.rank : role ? (ranks[role] ?? 0) : 0;
  const permissions = Array.isArray(metadata?.permissions)
    ? metadata.permissions.filter((p): p is string => typeof p === 'string')
    : [];
  return { role, rank, permissions };
}
