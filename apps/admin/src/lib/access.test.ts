import { describe, expect, it } from 'vitest';
import { serverAnswers } from '../test/roles';
import { accessFromMetadata, canAccess, checkAccess, levelRanks, ranks, roleLabel, type AccessUser } from './access';

describe('ranks (§6.1)', () => {
  it('orders the roles as the spec lists them', () => {
    expect(ranks).toEqual({
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
    });
  });

  it('puts the specialised admins on the ADMIN step of the route hierarchy, and no one below them', () => {
    expect(levelRanks).toEqual({ MEMBER: 1, ELDER: 2, ADMIN: 4, SUPER_ADMIN: 6 });
    for (const role of ['FINANCE_ADMIN', 'CONTENT_ADMIN', 'MEMBER_ADMIN', 'ADMIN']) {
      expect(ranks[role]).toBeGreaterThanOrEqual(levelRanks.ADMIN);
    }
    for (const role of ['MINISTRY_LEADER', 'DEPARTMENT_HEAD', 'ELDER']) {
      expect(ranks[role]).toBeLessThan(levelRanks.ADMIN);
    }
  });
});

describe('checkAccess', () => {
  const user = (rank: number, permissions: string[] = []): AccessUser => ({ role: null, rank, permissions });

  it('passes a rank at or above the level and refuses one below, naming the reason', () => {
    expect(checkAccess(user(2), { level: 'ELDER' })).toEqual({ ok: true });
    expect(checkAccess(user(1), { level: 'ELDER' })).toEqual({ ok: false, reason: 'role' });
    expect(checkAccess(user(5), { level: 'SUPER_ADMIN' })).toEqual({ ok: false, reason: 'role' });
    expect(checkAccess(user(4), { level: 'ADMIN' })).toEqual({ ok: true });
    expect(checkAccess(user(3), { level: 'ADMIN' })).toEqual({ ok: false, reason: 'role' });
  });

  it('lets any signed-in user pass a MEMBER check, even without a role (no profile)', () => {
    expect(checkAccess(user(0), { level: 'MEMBER' })).toEqual({ ok: true });
    expect(checkAccess(user(-1), { level: 'MEMBER' })).toEqual({ ok: true });
  });

  it('needs any one of the listed permissions once the role passes', () => {
    const need = { level: 'ADMIN', anyOf: ['manage_members', 'view_member_details'] } as const;
    expect(checkAccess(user(4, ['view_member_details']), need)).toEqual({ ok: true });
    expect(checkAccess(user(6, ['manage_sermons']), need)).toEqual({ ok: false, reason: 'permission' });
    expect(checkAccess(user(2, ['manage_members']), need)).toEqual({ ok: false, reason: 'role' });
  });

  it('treats an empty permission list as none needed', () => {
    expect(checkAccess(user(1), { level: 'MEMBER', anyOf: [] })).toEqual({ ok: true });
  });

  it('canAccess refuses when nobody is signed in', () => {
    expect(canAccess(null, { level: 'MEMBER' })).toBe(false);
    expect(canAccess(serverAnswers.CONTENT_ADMIN, { level: 'ADMIN', anyOf: ['manage_sermons'] })).toBe(true);
    expect(canAccess(serverAnswers.CONTENT_ADMIN, { level: 'ADMIN', anyOf: ['manage_donations'] })).toBe(false);
  });
});

describe('roleLabel', () => {
  it.each([
    ['CONTENT_ADMIN', 'Content Admin'],
    ['SUPER_ADMIN', 'Super Admin'],
    ['MEMBER', 'Member'],
    ['DEPARTMENT_HEAD', 'Department Head'],
    ['DEACON', 'Deacon'],
    [null, 'Member'],
  ])('%s → %s', (role, label) => {
    expect(roleLabel(role)).toBe(label);
  });
});

describe('accessFromMetadata', () => {
  it("reads the server's role, rank and permissions", () => {
    expect(accessFromMetadata({ role: 'ELDER', rank: 2, permissions: ['send_communications', 7], provider: 'email' })).toEqual({
      role: 'ELDER',
      rank: 2,
      permissions: ['send_communications'],
    });
  });

  it('falls back to the rank table only when the server sent no rank, and grants nothing when it sent nothing', () => {
    expect(accessFromMetadata({ role: 'MINISTRY_LEADER' })).toEqual({ role: 'MINISTRY_LEADER', rank: 3, permissions: [] });
    expect(accessFromMetadata(undefined)).toEqual({ role: null, rank: 0, permissions: [] });
    expect(accessFromMetadata({ role: 'ADMIN', rank: -1, permissions: 'all' })).toEqual({
      role: 'ADMIN',
      rank: -1,
      permissions: [],
    });
  });
});
