import { describe, expect, it } from 'vitest';
import {
  canComplete,
  categoryFilter,
  classifyMessage,
  formatResponseTime,
  gmailComposeUrl,
  parseDetails,
  previewText,
  replySubject,
  sizeInMb,
  templateRow,
  validateReply,
  validateTemplate,
} from './communication-rules';

const msg = (subject: string, recipient_name: string | null = null, submission_type: string | null = null) => ({
  subject,
  recipient_name,
  submission_type,
});

describe('classifyMessage', () => {
  it('uses the submission type when the request form wrote one', () => {
    expect(classifyMessage(msg('Hello', null, 'Visitation Request'))).toBe('visitation');
    expect(classifyMessage(msg('Hello', null, 'Counseling Request'))).toBe('counseling');
    expect(classifyMessage(msg('Hello', null, 'Department Report'))).toBe('reports');
    expect(classifyMessage(msg('Hello', null, 'Event Proposal'))).toBe('events');
    expect(classifyMessage(msg('Hello', null, 'Maintenance Request'))).toBe('maintenance');
    // The type wins over keywords: a general request that mentions a visit stays general.
    expect(classifyMessage(msg('Visit times?', null, 'General Request'))).toBe('general');
  });

  it('falls back to keywords in subject and recipient, first category wins, else general', () => {
    expect(classifyMessage(msg('Thank you for the VISIT'))).toBe('visitation');
    expect(classifyMessage(msg('Hi', 'Counseling desk'))).toBe('counseling');
    expect(classifyMessage(msg('Monthly report'))).toBe('reports');
    expect(classifyMessage(msg('Event idea'))).toBe('events');
    expect(classifyMessage(msg('Proposal for a choir day'))).toBe('events');
    expect(classifyMessage(msg('Broken door', 'Facilities Team'))).toBe('maintenance');
    expect(classifyMessage(msg('Roof repair needed'))).toBe('maintenance');
    expect(classifyMessage(msg('Report on the visit'))).toBe('visitation');
    expect(classifyMessage(msg('Service times', 'Church Leadership'))).toBe('general');
    expect(classifyMessage(msg('Hello', null, 'Something Else'))).toBe('general');
    expect(classifyMessage(msg('Visit', null, 'Something Else'))).toBe('visitation');
  });
});

describe('categoryFilter', () => {
  it('states the type, the keywords and the earlier categories as a server logic tree', () => {
    const events = categoryFilter('events');
    expect(events.startsWith('submission_type.eq."Event Proposal",and(or(submission_type.is.null,submission_type.not.in.(')).toBe(true);
    expect(events).toContain('or(subject.ilike.*event*,and(recipient_name.not.is.null,recipient_name.ilike.*event*)');
    expect(events).toContain('not.or(subject.ilike.*visit*');
    expect(events).toContain('subject.ilike.*report*');
    expect(categoryFilter('visitation')).not.toContain('not.or(');
    const general = categoryFilter('general');
    expect(general.startsWith('submission_type.eq."General Request",and(')).toBe(true);
    expect(general).toContain(',not.or(subject.ilike.*visit*');
    expect(general).toContain('subject.ilike.*repair*');
    // Balanced parentheses (the server refuses anything else).
    for (const id of ['visitation', 'counseling', 'reports', 'events', 'maintenance', 'general'] as const) {
      const text = categoryFilter(id);
      expect(text.split('(').length).toBe(text.split(')').length);
    }
  });
});

describe('parseDetails', () => {
  it('reads the visitation, event and maintenance marker sections', () => {
    expect(parseDetails('Please visit.\n\n--- VISITATION DETAILS ---\nType: hospital\nPreferred Date: 2026-11-24\nPreferred Time: afternoon')).toEqual({
      visitType: 'hospital',
      visitDate: '2026-11-24',
    });
    expect(
      parseDetails('Idea\n--- EVENT DETAILS ---\nEvent Title: Youth Day\nProposed Date: 2027-02-07\nLocation: Grounds\nEstimated Budget: KES 45,000'),
    ).toEqual({ eventTitle: 'Youth Day', eventDate: '2027-02-07', eventBudget: 'KES 45,000' });
    expect(parseDetails('Leak\r\n--- MAINTENANCE DETAILS ---\r\nLocation: kitchen\r\nPriority: urgent')).toEqual({ location: 'kitchen', priority: 'urgent' });
  });

  it('gives nothing without markers and leaves empty values out', () => {
    expect(parseDetails('Location: kitchen\nPriority: high')).toEqual({});
    expect(parseDetails('x\n--- VISITATION DETAILS ---\nType: \nPreferred Date: 2026-01-01')).toEqual({ visitDate: '2026-01-01' });
  });
});

describe('previewText', () => {
  it('cuts at 100 characters with an ellipsis', () => {
    const long = 'a'.repeat(150);
    expect(previewText(long)).toBe(`${'a'.repeat(100)}...`);
    expect(previewText('short')).toBe('short');
    expect(previewText('b'.repeat(100))).toBe('b'.repeat(100));
  });

  it('leaves out the marker sections, the counselling one included', () => {
    expect(previewText('Need to talk.\n\n--- COUNSELING DETAILS ---\nType: family')).toBe('Need to talk.');
    expect(previewText('Leak.\n--- MAINTENANCE DETAILS ---\nLocation: kitchen')).toBe('Leak.');
  });
});

describe('small rules', () => {
  it('Mark Complete while the message is open, a replied one too (issue 32)', () => {
    for (const status of ['pending', 'read', 'sent', 'failed']) expect(canComplete(status)).toBe(true);
    expect(canComplete('completed')).toBe(false);
  });
  it('sizes in MB to 2 decimals', () => {
    expect(sizeInMb(1843221)).toBe('1.76 MB');
    expect(sizeInMb(0)).toBe('0.00 MB');
  });
  it('reply subject and validation', () => {
    expect(replySubject('Roof leak')).toBe('Re: Roof leak');
    expect(replySubject('RE: Roof leak')).toBe('RE: Roof leak');
    expect(validateReply({ subject: ' ', body: '' })).toEqual({ subject: 'Subject is required', body: 'Message is required' });
    expect(validateReply({ subject: 'a', body: 'b' })).toEqual({});
  });
  it('gmail compose link', () => {
    const url = new URL(gmailComposeUrl('a@b.org', 'Re: x & y', 'Hello\nthere'));
    expect(url.origin).toBe('https://mail.google.com');
    expect(url.searchParams.get('to')).toBe('a@b.org');
    expect(url.searchParams.get('su')).toBe('Re: x & y');
    expect(url.searchParams.get('body')).toBe('Hello\nthere');
  });
  it('template validation and row', () => {
    expect(validateTemplate({ name: '', type: 'sms', content: ' ', category: 'Bad Cat' })).toEqual({
      name: 'Template name is required',
      content: 'Content is required',
      category: 'Category: lower-case letters, digits and _ only, starting with a letter',
    });
    expect(templateRow({ name: ' Hi ', type: 'email', content: ' Dear {name} ', category: '' })).toEqual({
      name: 'Hi',
      type: 'email',
      content: 'Dear {name}',
      category: 'general',
    });
  });
  it('response time', () => {
    expect(formatResponseTime(null)).toBe('—');
    expect(formatResponseTime('18.0')).toBe('18.0 min');
    expect(formatResponseTime(150)).toBe('2.5 h');
  });
});
