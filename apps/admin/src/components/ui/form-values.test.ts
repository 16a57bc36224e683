import { describe, expect, it } from 'vitest';
import { formatDay, isEmailAddress, isWebAddress, joinList, parseWholeNumber, splitList, textOrNull } from './form-values';
import { truncate } from './truncate';

describe('form values', () => {
  it('turns empty text into null and trims the rest', () => {
    expect(textOrNull('   ')).toBeNull();
    expect(textOrNull(' Grace ')).toBe('Grace');
  });

  it('splits comma lists, trimming and dropping empty parts', () => {
    expect(splitList(' faith, hope ,, love ,')).toEqual(['faith', 'hope', 'love']);
    expect(splitList('')).toEqual([]);
    expect(joinList(['faith', 'hope'])).toBe('faith, hope');
    expect(joinList(null)).toBe('');
  });

  it('accepts only full http(s) web addresses', () => {
    expect(isWebAddress('https://example.org/sermon.mp3')).toBe(true);
    expect(isWebAddress('http://youtu.be/abc')).toBe(true);
    expect(isWebAddress('www.example.org')).toBe(false);
    expect(isWebAddress('not a url')).toBe(false);
    expect(isWebAddress('https://exa mple.org')).toBe(false);
    expect(isWebAddress('ftp://example.org/file')).toBe(false);
  });

  it('checks e-mail addresses', () => {
    expect(isEmailAddress('pastor@church.org')).toBe(true);
    expect(isEmailAddress('pastor@church')).toBe(false);
    expect(isEmailAddress('pastor church.org')).toBe(false);
  });

  it('reads whole numbers only', () => {
    expect(parseWholeNumber(' 12 ')).toBe(12);
    expect(parseWholeNumber('-1')).toBe(-1);
    expect(parseWholeNumber('1.5')).toBeUndefined();
    expect(parseWholeNumber('')).toBeUndefined();
  });

  it('formats a calendar day without shifting it', () => {
    expect(formatDay('2026-11-21')).toBe('21 Nov 2026');
    expect(formatDay(null)).toBe('');
  });

  it('cuts long text at the limit with an ellipsis', () => {
    expect(truncate('a'.repeat(61), 60)).toBe(`${'a'.repeat(60)}...`);
    expect(truncate('a'.repeat(60), 60)).toBe('a'.repeat(60));
    expect(truncate(null, 60)).toBe('');
  });
});
