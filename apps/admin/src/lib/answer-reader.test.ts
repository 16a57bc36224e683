import { KanisaError } from '@kanisa/client';
import { describe, expect, it } from 'vitest';
import { answerReader } from './answer-reader';

describe('answerReader', () => {
  const read = answerReader('statement');

  it('reads what fits: objects, lists, text, numbers and numeric text, counts', () => {
    expect(read.record({ a: 1 }, 'x')).toEqual({ a: 1 });
    expect(read.list([1, 2], 'x')).toEqual([1, 2]);
    expect(read.text('Tithes', 'x')).toBe('Tithes');
    expect(read.textOrNull(null, 'x')).toBeNull();
    expect(read.textOrNull(undefined, 'x')).toBeNull();
    expect(read.textOrNull('M-1', 'x')).toBe('M-1');
    expect(read.number(1500.5, 'x')).toBe(1500.5);
    expect(read.number('1500.50', 'x')).toBe(1500.5);
    expect(read.count(3, 'x')).toBe(3);
  });

  it('refuses what does not fit, naming the field in the details', () => {
    expect(() => read.record([], 'the statement')).toThrow(expect.objectContaining({ details: 'the statement is not an object' }) as Error);
    expect(() => read.record(null, 'member')).toThrow(KanisaError);
    expect(() => read.list({}, 'gifts')).toThrow(expect.objectContaining({ details: 'gifts is not a list' }) as Error);
    expect(() => read.text(42, 'member.id')).toThrow(expect.objectContaining({ details: 'member.id is not text' }) as Error);
    expect(() => read.textOrNull(42, 'member.phone')).toThrow(KanisaError);
    expect(() => read.number('a lot', 'total')).toThrow(expect.objectContaining({ details: 'total is not a number' }) as Error);
    expect(() => read.number('', 'total')).toThrow(KanisaError);
    expect(() => read.number(null, 'total')).toThrow(KanisaError);
    expect(() => read.number(Number.POSITIVE_INFINITY, 'total')).toThrow(KanisaError);
    expect(() => read.count(-1, 'member_count')).toThrow(expect.objectContaining({ details: 'member_count is not a count' }) as Error);
    expect(() => read.count(1.5, 'member_count')).toThrow(KanisaError);
  });

  it('says which answer was unexpected, when told', () => {
    expect(() => read.text(null, 'x')).toThrow('The server answered the statement in an unexpected way.');
    expect(() => answerReader().text(null, 'x')).toThrow('The server answered in an unexpected way.');
    expect(answerReader().fail('why')).toMatchObject({ code: 'invalid_response', details: 'why' });
  });
});
