import { describe, expect, it } from 'vitest';
import { serverAnswers } from '../../test/roles';
import { budgetPercentage, churchToday, givingTotals, monthStart, sumAmounts } from './dashboard-figures';
import { dashboardSections, dashboardTitle, quickActions } from './dashboard-rules';

describe('dashboardTitle (§2.5)', () => {
  it.each([
    ['SUPER_ADMIN', 'Super Admin Dashboard'],
    // ADMIN's defaults include manage_finances and manage_donations: the financial rule comes first.
    ['ADMIN', 'Financial Management Dashboard'],
    ['FINANCE_ADMIN', 'Financial Management Dashboard'],
    ['CONTENT_ADMIN', 'Content Management Dashboard'],
    ['MEMBER_ADMIN', 'Member Management Dashboard'],
    ['ELDER', 'Admin Dashboard'],
    ['MEMBER', 'Admin Dashboard'],
  ] as const)('%s → %s', (role, title) => {
    expect(dashboardTitle(serverAnswers[role])).toBe(title);
  });

  it('needs both permissions of a pair', () => {
    expect(dashboardTitle({ role: 'ADMIN', rank: 5, permissions: ['manage_donations', 'manage_events'] })).toBe('Admin Dashboard');
    expect(dashboardTitle({ role: 'ADMIN', rank: 5, permissions: ['manage_sermons', 'manage_events', 'manage_members'] })).toBe(
      'Content Management Dashboard',
    );
  });
});

describe('dashboardSections', () => {
  it('shows each card only with a permission that reads its rows', () => {
    const content = dashboardSections(serverAnswers.CONTENT_ADMIN);
    expect(content.members).toBe(true);
    expect(content.content).toEqual({ sermons: true, events: true, announcements: true });
    expect(content.finances).toBeNull();
    expect(content.prayerRequests).toBe(false);

    const elder = dashboardSections(serverAnswers.ELDER);
    expect(elder).toEqual({ members: true, content: null, finances: null, prayerRequests: true });

    const finance = dashboardSections(serverAnswers.FINANCE_ADMIN);
    expect(finance.finances).toEqual({ giving: true, budget: true });

    expect(dashboardSections(serverAnswers.MEMBER)).toEqual({ members: false, content: null, finances: null, prayerRequests: false });
    expect(dashboardSections({ role: 'ADMIN', rank: 5, permissions: ['manage_sermons'] }).content).toEqual({
      sermons: true,
      events: false,
      announcements: false,
    });
  });
});

describe('quickActions', () => {
  const labels = (role: keyof typeof serverAnswers) => quickActions(serverAnswers[role]).map((a) => a.label);
  it('offers only the screens the user may open', () => {
    expect(labels('SUPER_ADMIN')).toEqual(['Manage Sermons', 'Manage Events', 'Record Donations', 'Manage Members', 'Manage Admins']);
    expect(labels('ADMIN')).toEqual(['Manage Sermons', 'Manage Events', 'Record Donations', 'Manage Members']);
    expect(labels('CONTENT_ADMIN')).toEqual(['Manage Sermons', 'Manage Events', 'Manage Members']);
    expect(labels('FINANCE_ADMIN')).toEqual(['Record Donations', 'Manage Members']);
    expect(labels('ELDER')).toEqual([]);
    expect(quickActions(serverAnswers.CONTENT_ADMIN)[0]).toEqual({ label: 'Manage Sermons', path: '/sermons' });
  });
});

describe('figures (§7.5)', () => {
  it('counts the church day in Nairobi, three hours ahead of UTC', () => {
    expect(churchToday(new Date('2026-11-30T21:30:00Z'))).toBe('2026-12-01');
    expect(monthStart('2026-12-01')).toBe('2026-12-01');
    expect(monthStart('2026-11-22')).toBe('2026-11-01');
  });

  it('sums verified giving all-time and this month', () => {
    const rows = [
      { amount: 1000, giving_date: '2026-10-31' },
      { amount: 250.5, giving_date: '2026-11-01' },
      { amount: 300, giving_date: '2026-11-22' },
    ];
    expect(givingTotals(rows, '2026-11-22')).toEqual({ allTime: 1550.5, thisMonth: 550.5 });
    expect(givingTotals(null, '2026-11-22')).toEqual({ allTime: 0, thisMonth: 0 });
    expect(sumAmounts([{ amount: '12.5' }, { amount: 2 }])).toBe(14.5);
  });

  it('rounds the budget percentage and divides by 1 when nothing is allocated', () => {
    expect(budgetPercentage(333, 1000)).toBe(33);
    expect(budgetPercentage(335, 1000)).toBe(34);
    expect(budgetPercentage(1500, 1000)).toBe(150);
    expect(budgetPercentage(0, 0)).toBe(0);
    expect(budgetPercentage(5, 0)).toBe(500);
  });
});
