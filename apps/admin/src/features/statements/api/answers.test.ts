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
