import { describe, expect, it } from 'vitest';
import { screens } from '../config/navigation';
import { reportTabPermissions } from '../features/reports/report-rules';
import { hasPermissionLabel, permissionGroups, permissionLabel } from './permissions';

describe('permission words (issue 41)', () => {
  it('has words for every permission a screen, a report tab or the vocabulary names', () => {
    const named = [
      ...Object.values(screens).flatMap((screen) => ('anyOf' in screen.requirement ? screen.requirement.anyOf : [])),
      ...Object.values(reportTabPermissions).flat(),
      ...permissionGroups.flatMap((group) => group.permissions.map((p) => p.value)),
    ];
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((permission) => !hasPermissionLabel(permission))).toEqual([]);
    // Words, not keys: no underscores, a capital first.
    for (const permission of named) expect(permissionLabel(permission)).toMatch(/^[A-Z][^_]*$/);
  });

  it('names the permissions as staff read them', () => {
    expect(permissionLabel('manage_attendance')).toBe('Record attendance');
    expect(permissionLabel('manage_donations')).toBe('Manage donations');
    expect(permissionLabel('view_private_prayer_requests')).toBe('Read private prayer requests (pastor and prayer team)');
    // A name outside the vocabulary is still shown in words.
    expect(permissionLabel('approve_expenses')).toBe('Approve expenses');
  });
});
