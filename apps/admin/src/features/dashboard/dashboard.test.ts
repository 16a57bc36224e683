import { describe, expect, it } from 'vitest';
import { readSignInCodeStats } from './api/sign-in-codes';
import { serverAnswers } from '../../test/roles';
import { budgetPercentage, monthStart } from './dashboard-figures';
import { dashboardSections, dashboardTitle, quickActions } from './dashboard-rules';
import {
  attemptsText,
  deliveryKindLabel,
  deliverySourceLabel,
  deliverySubject,
  errorPreview,
  failedCountText,
  formatFailedAt,
  moreText,
} from './failed-deliveries';

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
    expect(content.failedDeliveries).toBe(false);

    const elder = dashboardSections(serverAnswers.ELDER);
    expect(elder).toEqual({
      members: true,
      content: null,
      finances: null,
      prayerRequests: true,
      failedDeliveries: true,
      scheduledTasks: false,
      signInCodes: false,
    });

    const finance = dashboardSections(serverAnswers.FINANCE_ADMIN);
    expect(finance.finances).toEqual({ giving: true, budget: true });

    expect(dashboardSections(serverAnswers.MEMBER)).toEqual({
      members: false,
      content: null,
      finances: null,
      prayerRequests: false,
      failedDeliveries: false,
      scheduledTasks: false,
      signInCodes: false,
    });
    expect(dashboardSections({ role: 'ADMIN', rank: 5, permissions: ['manage_sermons'] }).content).toEqual({
      sermons: true,
      events: false,
      announcements: false,
    });
  });
});

describe('the member sign-in figures', () => {
  it('are read whole, and another shape is an error', () => {
    expect(readSignInCodeStats({ sent: 3, not_members: 1, refused: 2, signed_in: 2 })).toEqual({ sent: 3, not_members: 1, refused: 2, signed_in: 2 });
    expect(() => readSignInCodeStats([])).toThrow('unexpected shape');
    expect(() => readSignInCodeStats({ sent: '3', not_members: 1, refused: 2, signed_in: 2 })).toThrow('unexpected shape');
  });
});

describe('dashboardSections: member sign-ins', () => {
  it("shows the card to staff with system_settings or view_audit_logs (the server's rule)", () => {
    expect(dashboardSections(serverAnswers.SUPER_ADMIN).signInCodes).toBe(true);
    expect(dashboardSections({ role: 'ADMIN', rank: 5, permissions: ['view_audit_logs'] }).signInCodes).toBe(true);
    expect(dashboardSections({ role: 'ADMIN', rank: 5, permissions: ['manage_members'] }).signInCodes).toBe(false);
  });
});

describe('dashboardSections: scheduled tasks', () => {
  it("shows the card only to a Super Admin with system_settings (the server's rule)", () => {
    expect(dashboardSections(serverAnswers.SUPER_ADMIN).scheduledTasks).toBe(true);
    expect(dashboardSections(serverAnswers.ADMIN).scheduledTasks).toBe(false);
    expect(dashboardSections({ role: 'SUPER_ADMIN', rank: 6, permissions: ['manage_admins'] }).scheduledTasks).toBe(false);
  });
});

describe('dashboardSections: deliveries that failed', () => {
  it('shows the card to whoever reaches the Communication screen', () => {
    const shows = (role: keyof typeof serverAnswers) => dashboardSections(serverAnswers[role]).failedDeliveries;
    expect(shows('SUPER_ADMIN')).toBe(true);
    expect(shows('ADMIN')).toBe(true);
    expect(shows('MEMBER_ADMIN')).toBe(true);
    expect(shows('MINISTRY_LEADER')).toBe(true);
    expect(shows('ELDER')).toBe(true);
    expect(shows('CONTENT_ADMIN')).toBe(false);
    expect(shows('FINANCE_ADMIN')).toBe(false);
    expect(shows('MEMBER')).toBe(false);
    // Any one of the four permissions, at the screen's level (ELDER) …
    for (const permission of ['send_communications', 'manage_communications', 'send_sms', 'send_emails']) {
      expect(dashboardSections({ role: 'ELDER', rank: 2, permissions: [permission] }).failedDeliveries).toBe(true);
    }
    // … and not below it, nor with another permission.
    expect(dashboardSections({ role: 'MEMBER', rank: 1, permissions: ['send_emails'] }).failedDeliveries).toBe(false);
    expect(dashboardSections({ role: 'ELDER', rank: 2, permissions: ['manage_prayer_requests'] }).failedDeliveries).toBe(false);
  });
});

describe('failed deliveries: wording', () => {
  it.each([
    ['notify_submission', 'Staff e-mail'],
    ['acknowledge_submission', 'Acknowledgement to the sender'],
    ['send_email', 'E-mail'],
    ['send_sms', 'Delivery'],
    ['toString', 'Delivery'],
    ['', 'Delivery'],
  ])('kind %j → %s', (kind, label) => {
    expect(deliveryKindLabel(kind)).toBe(label);
  });

  it('names the source and the subject', () => {
    expect(deliverySourceLabel('messages')).toBe('message');
    expect(deliverySourceLabel('prayer_requests')).toBe('prayer request');
    expect(deliverySourceLabel(null)).toBeNull();
    expect(deliverySourceLabel('members')).toBeNull();
    expect(deliverySubject({ kind: 'send_email', summary: '  Youth camp  ' })).toBe('Youth camp');
    // The server falls back to the kind when there is no subject.
    expect(deliverySubject({ kind: 'notify_submission', summary: 'notify_submission' })).toBe('(no subject)');
    expect(deliverySubject({ kind: 'send_email', summary: null })).toBe('(no subject)');
    expect(deliverySubject({ kind: 'send_email', summary: ' ' })).toBe('(no subject)');
  });

  it('tells the time on the church clock (en-KE, Africa/Nairobi)', () => {
    expect(formatFailedAt('2026-11-22T09:05:00Z')).toBe('22 Nov 2026, 12:05');
    // 22:30 UTC is already the next day in Nairobi.
    expect(formatFailedAt('2026-11-30T22:30:00+00:00')).toBe('1 Dec 2026, 01:30');
    expect(formatFailedAt(null)).toBe('time unknown');
    expect(formatFailedAt('not a date')).toBe('time unknown');
  });

  it('cuts a long error to 140 characters and keeps the whole text for the title', () => {
    expect(errorPreview('550 5.1.1 mailbox unavailable')).toEqual({ text: '550 5.1.1 mailbox unavailable', full: null });
    expect(errorPreview('550-5.1.1 first line\r\n550 5.1.1   second line ')).toEqual({
      text: '550-5.1.1 first line 550 5.1.1 second line',
      full: null,
    });
    const exact = 'x'.repeat(140);
    expect(errorPreview(exact)).toEqual({ text: exact, full: null });
    const long = `554 ${'y'.repeat(200)}`;
    const preview = errorPreview(long);
    expect(Array.from(preview.text)).toHaveLength(140);
    expect(preview.text.endsWith('…')).toBe(true);
    expect(preview.full).toBe(long);
    // Characters, not UTF-16 units: an emoji is never split.
    expect(Array.from(errorPreview('😀'.repeat(150)).text)).toHaveLength(140);
    expect(errorPreview(null)).toEqual({ text: 'No error was recorded.', full: null });
    expect(errorPreview('  ')).toEqual({ text: 'No error was recorded.', full: null });
  });

  it('counts attempts and what is not shown', () => {
    expect(attemptsText(1)).toBe('1 attempt');
    expect(attemptsText(5)).toBe('5 attempts');
    expect(moreText(3, 3, 20)).toBeNull();
    expect(moreText(5, 5, 20)).toBeNull();
    expect(moreText(8, 5, 20)).toBe('and 3 more');
    expect(moreText(20, 5, 20)).toBe('and 15+ more');
    expect(failedCountText(1, 20)).toBe('1 delivery failed, newest first.');
    expect(failedCountText(8, 20)).toBe('8 deliveries failed, newest first.');
    expect(failedCountText(20, 20)).toBe('20+ deliveries failed, newest first.');
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
  it('starts the month on its first day', () => {
    expect(monthStart('2026-12-01')).toBe('2026-12-01');
    expect(monthStart('2026-11-22')).toBe('2026-11-01');
  });

  it('rounds the budget percentage and divides by 1 when nothing is allocated', () => {
    expect(budgetPercentage(333, 1000)).toBe(33);
    expect(budgetPercentage(335, 1000)).toBe(34);
    expect(budgetPercentage(1500, 1000)).toBe(150);
    expect(budgetPercentage(0, 0)).toBe(0);
    expect(budgetPercentage(5, 0)).toBe(500);
  });
});
