import { KanisaError } from '@kanisa/client';
import { describe, expect, it } from 'vitest';
import { remittanceAnswer, statementAnswer } from '../test-data';
import { readGivingStatement, readRemittance, readStatementsPage } from './answers';

describe('reading the report functions’ answers', () => {
  it('reads a statement as the server sends it (numbers, numeric text, nulls)', () => {
    const answer = JSON.parse(JSON.stringify(statementAnswer())) as Record<string, unknown>;
    answer.total = '16500.50';
    expect(readGivingStatement(answer)).toEqual(statementAnswer());
  });

  it('reads a page of the batch with the count of all members who gave', () => {
    const page = readStatementsPage({ from: '2025-01-01', to: '2025-12-31', member_count: 120, statements: [statementAnswer()] });
    expect(page.member_count).toBe(120);
    expect(page.statements[0]?.gifts).toHaveLength(3);
  });

  it('reads a gift’s correction, and none when the gift was never re-assigned', () => {
    const read = readGivingStatement(JSON.parse(JSON.stringify(statementAnswer())));
    expect(read.gifts.map((gift) => [gift.reassigned_on, gift.reassign_reason])).toEqual([
      ['2025-01-09', 'Paid from his wife’s phone'],
      [null, null],
      [null, null],
    ]);
    const wrong = statementAnswer();
    expect(() => readGivingStatement({ ...wrong, gifts: [{ ...wrong.gifts[0], reassign_reason: 7 }] })).toThrow(
      expect.objectContaining({ details: 'gifts.reassign_reason is not text' }) as Error,
    );
  });

  it('reads the remittance report', () => {
    expect(readRemittance(JSON.parse(JSON.stringify(remittanceAnswer())))).toEqual(remittanceAnswer());
  });

  it('refuses an answer that does not fit, naming what is wrong', () => {
    expect(() => readGivingStatement(null)).toThrow(KanisaError);
    expect(() => readGivingStatement({ ...statementAnswer(), gifts: 'none' })).toThrow(/unexpected way/);
    const wrongAmount = { ...statementAnswer(), total: 'a lot' };
    expect(() => readGivingStatement(wrongAmount)).toThrow(expect.objectContaining({ details: 'total is not a number' }) as Error);
    expect(() => readStatementsPage({ from: 'x', to: 'y', member_count: -1, statements: [] })).toThrow(KanisaError);
    expect(() => readRemittance({ ...remittanceAnswer(), lines: [{ giving_type: 'tithe' }] })).toThrow(KanisaError);
  });
});
