import { describe, expect, it } from 'vitest';
import {
  cardActions,
  cardText,
  modalActionDisabled,
  modalActions,
  parseStatusFilter,
  statusFilterOptions,
  submitterName,
} from './prayer-rules';

describe('the card text (§9: cut at 150 characters)', () => {
  it('keeps a short description whole', () => {
    expect(cardText('Pray for rain.')).toBe('Pray for rain.');
    expect(cardText('x'.repeat(150))).toBe('x'.repeat(150));
  });

  it('cuts a longer one at 150 characters and adds an ellipsis', () => {
    expect(cardText('x'.repeat(151))).toBe(`${'x'.repeat(150)}...`);
    const long = `${'Please pray for our family. '.repeat(10)}End`;
    const cut = cardText(long);
    expect(cut.endsWith('...')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(153);
    expect(long.startsWith(cut.slice(0, -3))).toBe(true);
  });

  it('never splits a character outside the basic plane', () => {
    const text = `${'a'.repeat(149)}🙏🙏`;
    expect(cardText(text)).toBe(`${'a'.repeat(149)}🙏...`);
  });
});

describe('card actions (§2.10)', () => {
  it('offers Assign to Me on open requests only', () => {
    expect(cardActions('open').assign).toBe(true);
    expect(cardActions('in_progress').assign).toBe(false);
    expect(cardActions('answered').assign).toBe(false);
    expect(cardActions('closed').assign).toBe(false);
  });

  it('offers Mark Answered unless answered and Close unless closed', () => {
    expect(cardActions('open')).toEqual({ assign: true, answer: true, close: true });
    expect(cardActions('in_progress')).toEqual({ assign: false, answer: true, close: true });
    expect(cardActions('answered')).toEqual({ assign: false, answer: false, close: true });
    expect(cardActions('closed')).toEqual({ assign: false, answer: true, close: false });
  });
});

describe('the modal buttons (§2.10)', () => {
  it('are Mark In Progress, Mark as Answered and Close Request, in that order', () => {
    expect(modalActions.map((action) => action.label)).toEqual(['Mark In Progress', 'Mark as Answered', 'Close Request']);
  });

  it.each([
    ['open', [false, false, false]],
    ['in_progress', [true, false, false]],
    ['answered', [false, true, false]],
    ['closed', [false, false, true]],
  ] as const)('for a request %s, disable only the button of its own status', (status, disabled) => {
    expect(modalActions.map((action) => modalActionDisabled(status, action.status))).toEqual(disabled);
  });
});

describe('the status filter', () => {
  it('offers all, open, in_progress, answered and closed, all first (the default)', () => {
    expect(statusFilterOptions.map((option) => option.value)).toEqual(['all', 'open', 'in_progress', 'answered', 'closed']);
    expect(parseStatusFilter(null)).toBe('all');
  });

  it('reads a status from the address, and anything else as all', () => {
    expect(parseStatusFilter('in_progress')).toBe('in_progress');
    expect(parseStatusFilter('closed')).toBe('closed');
    expect(parseStatusFilter('pending')).toBe('all');
    expect(parseStatusFilter('')).toBe('all');
  });
});

describe('who asked', () => {
  it("is the form's name, else the requester's account name, else Anonymous", () => {
    expect(submitterName({ submitter_name: 'Beatrice Wambui', requester: { full_name: 'B. W.' } })).toBe('Beatrice Wambui');
    expect(submitterName({ submitter_name: null, requester: { full_name: 'Martha Member' } })).toBe('Martha Member');
    expect(submitterName({ submitter_name: '  ', requester: null })).toBe('Anonymous');
  });
});
