import { describe, expect, it } from 'vitest';
import { inactiveMembers, memberFigureIds, memberFigureLabel, memberFigureOrder, seesOwnMinistriesOnly } from './member-figures';

describe('member figures (issue 41)', () => {
  it('names each figure by what it counts, never "Total members"', () => {
    expect(memberFigureOrder.map((figure) => memberFigureLabel(figure))).toEqual(['All members on the register', 'Active members', 'Inactive members']);
    expect(memberFigureOrder.map((figure) => memberFigureLabel(figure, true))).toEqual([
      'All members of your ministries',
      'Active members of your ministries',
      'Inactive members of your ministries',
    ]);
    expect(memberFigureOrder.map((figure) => memberFigureIds[figure])).toEqual(['all-members', 'active-members', 'inactive-members']);
    expect(new Set(memberFigureOrder.map((figure) => memberFigureLabel(figure))).size).toBe(3);
  });

  it('counts the inactive members as the register less the active ones, never below 0', () => {
    expect(inactiveMembers(17, 16)).toBe(1);
    expect(inactiveMembers(17, 17)).toBe(0);
    // The register's count not here yet while the active one is.
    expect(inactiveMembers(0, 16)).toBe(0);
  });

  it('words the figures for the scoped roles only', () => {
    expect(['MINISTRY_LEADER', 'DEPARTMENT_HEAD', 'ELDER', 'ADMIN', 'SUPER_ADMIN', null].map(seesOwnMinistriesOnly)).toEqual([true, true, false, false, false, false]);
  });
});
