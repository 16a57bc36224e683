/**
 * The member counts of the back office, one wording per meaning on every screen (issue 41):
 * the Dashboard, the Members screen and both Reports tabs that count members.
 *
 * - Active members: members whose record is marked active (the Members screen's "Active"
 *   badge). Reports count these (§2.18 "Total Members", §7.7 "members … where active"), and so
 *   do the age, ministry and growth tables.
 * - Inactive members: marked inactive; they stay on record but leave the active lists.
 * - All members on the register: everyone the Members screen lists, active and inactive
 *   together (§7.5: the dashboard's "total count" of members).
 *
 * The three always add up: the inactive figure is the register less the active ones, read in
 * the same answer where the server gives both.
 */

export type MemberFigure = 'all' | 'active' | 'inactive';

/** The order the figures are shown in: the register, then what it is made of. */
export const memberFigureOrder: readonly MemberFigure[] = ['all', 'active', 'inactive'];

/** The words for each figure; `scoped` for a ministry leader or department head (their ministries' members only). */
export function memberFigureLabel(figure: MemberFigure, scoped = false): string {
  if (scoped) {
    return { all: 'All members of your ministries', active: 'Active members of your ministries', inactive: 'Inactive members of your ministries' }[figure];
  }
  return { all: 'All members on the register', active: 'Active members', inactive: 'Inactive members' }[figure];
}

/** `data-figure` of each figure, the same on every screen (tests find them by it). */
export const memberFigureIds: Readonly<Record<MemberFigure, string>> = {
  all: 'all-members',
  active: 'active-members',
  inactive: 'inactive-members',
};

/** The inactive members: the register less the active ones (never below 0 while a count is still arriving). */
export function inactiveMembers(all: number, active: number): number {
  return Math.max(0, all - active);
}

/**
 * The roles that see only the members of their own ministries (MINISTRY_LEADER,
 * DEPARTMENT_HEAD: kanisa.roles.scoped, migration 0028; the server's policies decide what they
 * read, this only chooses the words).
 */
export function seesOwnMinistriesOnly(role: string | null | undefined): boolean {
  return role === 'MINISTRY_LEADER' || role === 'DEPARTMENT_HEAD';
}
