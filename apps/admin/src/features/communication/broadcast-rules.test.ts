import { KanisaError } from '@kanisa/client';
import { describe, expect, it } from 'vitest';
import {
  SEND_TEXTS,
  applyTemplate,
  budgetText,
  broadcastStatusLabel,
  broadcastTitle,
  channelsLabel,
  charCount,
  emptySendForm,
  formatKes,
  guardAllows,
  isNotFound,
  kindLabel,
  performanceText,
  progressOf,
  queuedCount,
  readAudiences,
  readBroadcastDetail,
  readBroadcastPage,
  readPreview,
  readReceipt,
  requestKey,
  sendButtonText,
  sendErrorText,
  sendFieldErrors,
  sendRequest,
  smsParts,
  validateSend,
  type BroadcastPreview,
  type SendForm,
} from './broadcast-rules';

const counts = { total: 0, queued: 0, sent: 0, delivered: 0, failed: 0, simulated: 0 };
const form = (patch: Partial<SendForm> = {}): SendForm => ({ ...emptySendForm('sms'), body: 'Hello {name}', ...patch });

describe('showing sends', () => {
  it('names the channels, the kind and the status', () => {
    expect(channelsLabel(['sms'])).toBe('SMS');
    expect(channelsLabel(['email'])).toBe('Email');
    expect(channelsLabel(['email', 'sms'])).toBe('SMS + Email');
    expect(kindLabel('event_reminder')).toBe('Event reminder');
    expect(kindLabel('birthday')).toBe('Birthday wishes');
    expect(kindLabel('manual')).toBe('Manual');
    expect(broadcastStatusLabel('partly_failed')).toBe('Partly failed');
    expect(broadcastStatusLabel('strange')).toBe('strange');
  });

  it('shows the subject, or the first 60 characters of an SMS', () => {
    expect(broadcastTitle({ subject: 'Sabbath programme', body: 'x' })).toBe('Sabbath programme');
    const body = `Dear {name},\n${'the youth camp starts on Friday at the church grounds. '.repeat(2)}`;
    const title = broadcastTitle({ subject: null, body });
    expect(title.endsWith('...')).toBe(true);
    expect(Array.from(title.replace(/\.\.\.$/, '')).length).toBeLessThanOrEqual(60);
    expect(title.startsWith('Dear {name}, the youth')).toBe(true);
    expect(broadcastTitle({ subject: '  ', body: 'Short text' })).toBe('Short text');
  });

  it('performance from real delivery data, never a fixed figure', () => {
    expect(performanceText({ percent: 92.5, measure: 'delivered' })).toBe('92.5 % delivered');
    expect(performanceText({ percent: 100, measure: 'accepted' })).toBe('100 % accepted');
    expect(performanceText({ percent: 66.666, measure: 'delivered' })).toBe('66.7 % delivered');
    expect(performanceText({ percent: 100, measure: 'simulated' })).toBe('simulated (demo mode)');
    expect(performanceText(null)).toBe('—');
  });

  it('formats shillings for Kenya', () => {
    expect(formatKes(12.8)).toBe(new Intl.NumberFormat('en-KE', { style: 'currency', currency: 'KES' }).format(12.8));
    expect(formatKes('0.80')).toMatch(/0\.80/);
  });

  it('counts progress over both channels', () => {
    const broadcast = { sms: { ...counts, total: 4, queued: 1 }, email: { ...counts, total: 2, queued: 2 } };
    expect(queuedCount(broadcast)).toBe(3);
    expect(progressOf(broadcast)).toEqual({ done: 3, total: 6 });
  });

  it('knows a missing send from other errors', () => {
    expect(isNotFound(new KanisaError({ code: 'PT404', message: 'not found', status: 404 }))).toBe(true);
    expect(isNotFound(new KanisaError({ code: 'not_found', message: 'x', status: 400 }))).toBe(true);
    expect(isNotFound(new KanisaError({ code: '500', message: 'boom', status: 500 }))).toBe(false);
    expect(isNotFound(new Error('x'))).toBe(false);
  });
});

describe('the form', () => {
  it('counts characters and SMS parts as the server does (160 a part, code points)', () => {
    expect(charCount('  abc  ')).toBe(3);
    expect(charCount('👋🏽')).toBe(2);
    expect(smsParts('')).toBe(0);
    expect(smsParts('x'.repeat(160))).toBe(1);
    expect(smsParts('x'.repeat(161))).toBe(2);
    expect(smsParts('x'.repeat(321))).toBe(3);
  });

  it('preselects the channel from the address', () => {
    expect(emptySendForm('email')).toMatchObject({ sms: false, email: true });
    expect(emptySendForm('sms')).toMatchObject({ sms: true, email: false });
    expect(emptySendForm(null)).toMatchObject({ sms: false, email: false, audienceKind: 'group', group: 'all' });
  });

  it('validates before asking the server', () => {
    expect(validateSend(form())).toEqual({});
    expect(validateSend(form({ sms: false }))).toEqual({ channels: SEND_TEXTS.channels });
    expect(validateSend(form({ email: true }))).toEqual({ subject: SEND_TEXTS.subject });
    expect(validateSend(form({ body: '  ' }))).toEqual({ body: SEND_TEXTS.body });
    expect(validateSend(form({ audienceKind: 'ministry' }))).toEqual({ audience: SEND_TEXTS.ministry });
    expect(validateSend(form({ audienceKind: 'members' }))).toEqual({ audience: SEND_TEXTS.members });
    const many = Array.from({ length: 501 }, (_, i) => ({ id: String(i), first_name: 'A', last_name: 'B', membership_number: null }));
    expect(validateSend(form({ audienceKind: 'members', members: many }))).toEqual({ audience: SEND_TEXTS.tooManyMembers });
    expect(validateSend(form({ date: '2026-02-30' }))).toEqual({ date: SEND_TEXTS.date });
    expect(validateSend(form({ body: 'See you at {event_name}' }))).toEqual({ eventId: SEND_TEXTS.eventName });
    expect(validateSend(form({ body: 'See you at {event_name}', eventId: 'e1' }))).toEqual({});
    expect(validateSend(form({ body: 'x'.repeat(1601), allowLong: true }))).toEqual({ body: SEND_TEXTS.smsTooLong });
    expect(validateSend(form({ body: 'x'.repeat(1601) }))).toEqual({ body: SEND_TEXTS.smsTooLong });
    // With an event its date is used; the date field is not checked.
    expect(validateSend(form({ date: 'x', eventId: 'e1' }))).toEqual({});
    expect(validateSend(form({ body: 'x'.repeat(161) }))).toEqual({ allowLong: SEND_TEXTS.tooLong });
    expect(validateSend(form({ body: 'x'.repeat(161), allowLong: true }))).toEqual({});
    // Placeholders change the length per recipient: the server's preview decides.
    expect(validateSend(form({ body: `${'x'.repeat(160)}{name}` }))).toEqual({});
    expect(validateSend(form({ sms: false, email: true, subject: 'S', body: 'x'.repeat(400) }))).toEqual({});
  });

  it('builds the request the server reads', () => {
    expect(sendRequest(form({ body: ' Hello {name} ', date: '2026-12-05', subject: 'ignored without email' }))).toEqual({
      channels: ['sms'],
      audience: { group: 'all' },
      body: 'Hello {name}',
      date: '2026-12-05',
    });
    expect(
      sendRequest(
        form({
          email: true,
          subject: ' Camp ',
          audienceKind: 'ministry',
          ministryId: 'm1',
          eventId: 'e1',
          date: '2026-12-05',
          allowLong: true,
          templateId: 't1',
        }),
      ),
    ).toEqual({
      channels: ['sms', 'email'],
      audience: { ministryId: 'm1' },
      subject: 'Camp',
      body: 'Hello {name}',
      eventId: 'e1',
      allowLong: true,
      templateId: 't1',
    });
    const members = [{ id: 'a', first_name: 'A', last_name: 'B', membership_number: null }];
    expect(sendRequest(form({ audienceKind: 'members', members, group: 'youth' })).audience).toEqual({ memberIds: ['a'] });
    expect(sendRequest(form({ sms: false, email: true, allowLong: true, subject: 'S' })).allowLong).toBeUndefined();
  });

  it('a preview stands for one form: any change makes another key', () => {
    const request = sendRequest(form());
    expect(requestKey({ ...request, preview: true })).toBe(requestKey(request));
    expect(requestKey(sendRequest(form({ body: 'Hello {name}!' })))).not.toBe(requestKey(request));
    expect(requestKey(sendRequest(form({ group: 'youth' })))).not.toBe(requestKey(request));
  });

  it('a template fills the text and, with no channel chosen, its channel', () => {
    const template = { id: 't1', type: 'email', content: 'Dear {name}' };
    expect(applyTemplate(emptySendForm(null), template)).toMatchObject({ templateId: 't1', body: 'Dear {name}', email: true, sms: false });
    expect(applyTemplate(emptySendForm('sms'), template)).toMatchObject({ body: 'Dear {name}', email: false, sms: true });
    expect(applyTemplate(emptySendForm(null), { ...template, type: 'sms' })).toMatchObject({ sms: true, email: false });
  });

  it("reads the server's refusals", () => {
    const refused = new KanisaError({
      code: 'validation_failed',
      message: 'Invalid send',
      status: 400,
      fields: { audience: 'No members found in group: youth', body: 'Message cannot be empty', other: 'x' },
    });
    expect(sendFieldErrors(refused)).toEqual({ audience: 'No members found in group: youth', body: 'Message cannot be empty' });
    expect(sendErrorText(refused, 'preview')).toBe('Please correct the marked fields.');
    const forbidden = new KanisaError({ code: 'forbidden', message: 'Sending messages needs the send_communications permission', status: 403 });
    expect(sendErrorText(forbidden, 'send')).toBe('Sending messages needs the send_communications permission');
    expect(sendFieldErrors(forbidden)).toEqual({});
    expect(sendErrorText(new KanisaError({ code: 'x', message: 'Boom', status: 500 }), 'send')).toBe('Could not send the message: Boom');
  });

  it("names the send button after the preview's recipients", () => {
    const preview: BroadcastPreview = {
      audience: { label: 'Youth', members: 3 },
      sms: { recipients: 2, skipped: 1, segments: 2, partsEach: 1, cost: 1.6, currency: 'KES', pricePerPart: 0.8, live: true },
      email: null,
      sample: null,
      skippedNames: { sms: [], email: [] },
      guard: null,
    };
    expect(sendButtonText(preview)).toBe('Send to 2 recipients');
    expect(sendButtonText({ ...preview, sms: { ...preview.sms!, recipients: 1 } })).toBe('Send to 1 recipient');
    expect(sendButtonText({ ...preview, email: { recipients: 3, skipped: 0, live: false } })).toBe('Send to 2 SMS recipients and 3 email recipients');
  });
});

describe('reading the answers', () => {
  const item = {
    id: 'b1',
    created_at: '2026-11-20T04:50:00Z',
    kind: 'manual',
    channels: ['sms'],
    audience_label: 'Youth',
    subject: null,
    body: 'Hi',
    sent_by_name: 'Elijah Elder',
    recipients: 3,
    sms: { total: 3, queued: 0, sent: 1, delivered: '1', failed: 1, simulated: 0 },
    email: { total: 0, queued: 0, sent: 0, failed: 0, simulated: 0 },
    status: 'partly_failed',
    performance: { percent: 66.7, measure: 'delivered' },
  };

  it('reads a page of sends (numeric text too)', () => {
    const page = readBroadcastPage({ total: 41, items: [item] });
    expect(page.total).toBe(41);
    expect(page.items[0]?.sms.delivered).toBe(1);
    expect(page.items[0]?.performance).toEqual({ percent: 66.7, measure: 'delivered' });
  });

  it('refuses an answer that does not fit, naming the field', () => {
    expect(() => readBroadcastPage({ total: 1, items: [{ ...item, id: 5 }] })).toThrow(/unexpected way/);
    expect(() => readBroadcastPage({ total: 1, items: [{ ...item, performance: { percent: 1, measure: 'opened' } }] })).toThrow(KanisaError);
  });

  it('reads the details with every recipient', () => {
    const detail = readBroadcastDetail({
      broadcast: item,
      recipients_total: 3,
      recipients: [
        { channel: 'sms', name: 'Ann', address: '+254700000001', status: 'failed', status_code: 403, provider_status: 'InvalidPhoneNumber', failure_reason: 'Invalid phone number', cost: null, sent_at: null },
        { channel: 'sms', name: 'Ben', address: '+254700000002', status: 'delivered', status_code: 101, provider_status: 'Success', failure_reason: null, cost: 0.8, sent_at: '2026-11-20T04:51:00Z' },
      ],
    });
    expect(detail.recipients_total).toBe(3);
    expect(detail.recipients[0]).toMatchObject({ status: 'failed', status_code: 403, failure_reason: 'Invalid phone number' });
    expect(detail.recipients[1]?.cost).toBe('0.8');
  });

  it('reads the groups and ministries', () => {
    const audiences = readAudiences({
      groups: [{ id: 'youth', label: 'Youth', description: 'Members aged 15 to 35', members: 12, with_phone: 10, with_email: 7 }],
      ministries: [{ id: 'm1', name: 'Choir', members: 4, with_phone: 4, with_email: 0 }],
    });
    expect(audiences.groups[0]).toMatchObject({ id: 'youth', members: 12, with_phone: 10 });
    expect(audiences.ministries[0]?.name).toBe('Choir');
  });

  it('reads a preview and a receipt', () => {
    const preview = readPreview({
      preview: true,
      audience: { label: 'Youth', members: 3 },
      sms: { recipients: 2, skipped: 1, segments: 4, partsEach: 2, cost: 3.2, currency: 'KES', pricePerPart: 0.8, live: false },
      email: null,
      sample: { name: 'Ann', text: 'Hi Ann', subject: null },
      skippedNames: { sms: ['Cy'], email: [] },
    });
    expect(preview.sms).toMatchObject({ recipients: 2, segments: 4, live: false });
    expect(preview.email).toBeNull();
    expect(preview.skippedNames.sms).toEqual(['Cy']);
    expect(readReceipt({ broadcastId: 'b1', sms: 2, email: 0 })).toEqual({ broadcastId: 'b1', sms: 2, email: 0 });
    expect(() => readReceipt({ sms: 2 })).toThrow(KanisaError);
  });

  it("reads the spend guard and lets a send go only when it allows", () => {
    const base = readPreview({
      audience: { label: 'All members', members: 3 },
      sms: { recipients: 3, skipped: 0, segments: 3, partsEach: 1, cost: 2.4, currency: 'KES', pricePerPart: 0.8, live: true },
      email: null,
      sample: null,
      skippedNames: { sms: [], email: [] },
      guard: { outcome: 'needs_super_admin', sendsLastHour: 1, perHour: 10, monthlyBudget: 5000, spentThisMonth: 4999, thisSend: 2.4, message: 'Over budget' },
    });
    expect(base.guard).toEqual({
      outcome: 'needs_super_admin',
      sendsLastHour: 1,
      perHour: 10,
      monthlyBudget: 5000,
      spentThisMonth: 4999,
      thisSend: 2.4,
      message: 'Over budget',
    });
    expect(guardAllows(base)).toBe(false);
    expect(guardAllows({ ...base, guard: { ...base.guard!, outcome: 'rate_limited' } })).toBe(false);
    expect(guardAllows({ ...base, guard: { ...base.guard!, outcome: 'over_budget_allowed' } })).toBe(true);
    expect(guardAllows({ ...base, guard: null })).toBe(true);
    expect(budgetText(base.guard!)).toMatch(/^Ksh\s4,999\.00 of the Ksh\s5,000\.00 monthly SMS budget used; this send Ksh\s2\.40$/);
    expect(budgetText({ ...base.guard!, monthlyBudget: 0 })).toBeNull();
    const held = new KanisaError({ code: 'too_many_submissions', message: 'You have sent 10 messages in the last hour', status: 429 });
    expect(sendErrorText(held, 'send')).toBe('You have sent 10 messages in the last hour');
  });
});
